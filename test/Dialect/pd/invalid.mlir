// Every diagnostic of the pd types, attributes and op verifiers.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{invalid tensor element type 'index': expected a Paddle dtype (a builtin integer, float or complex type)}}
func.func private @bad_element(!pd.tensor<2xindex>)

// -----

// expected-error @+1 {{invalid tensor element type 'i4'}}
func.func private @bad_int_width(!pd.vtensor<2xi4>)

// -----

// expected-error @+1 {{!pd.vec elements must be !pd.tensor or !pd.vtensor, got 'f32'}}
func.func private @bad_vec(!pd.vec<f32>)

// -----

// Types are bounded while they are parsed: dims up to 2^62, an element
// count that fits int64_t, and no nesting beyond !pd.vec<!pd.tensor<...>>
// (deeper input used to overflow the stack of the recursive parser).
// expected-error @+1 {{tensor dimension 4611686018427387905 is larger than 2^62}}
func.func private @huge_dim(!pd.vtensor<4611686018427387905xf32>)

// -----

// expected-error @+1 {{the tensor's element count overflows int64}}
func.func private @huge_count(!pd.tensor<4611686018427387904x4xf32>)

// -----

// expected-error @+1 {{!pd types nest at most two deep (!pd.vec<!pd.tensor<...>>)}}
func.func private @nested_vec(!pd.vec<!pd.vec<!pd.vec<!pd.vec<!pd.tensor<2xf32>>>>>)

// -----

// expected-error @+1 {{place device id must be non-negative, got -1}}
func.func private @bad_place() attributes {p = #pd.place<GPU, -1>}

// -----

// expected-error @+1 {{a place needs a concrete backend, not ALL_BACKEND}}
func.func private @any_place() attributes {p = #pd.place<ALL_BACKEND>}

// -----

// expected-error @+2 {{failed to parse Pd_DataTypeAttr parameter 'value'}}
// expected-error @+1 {{expected ::mlir::pd::DataType to be one of: all_dtype, bool, uint8}}
func.func private @bad_dtype() attributes {d = #pd.dtype<float33>}

// -----

func.func @data_empty_name() {
  // expected-error @+1 {{'pd.data' op feed name must not be empty}}
  %0 = pd.data "" : !pd.tensor<4xf32>
  return
}

// -----

func.func @data_builtin_tensor() {
  // expected-error @+1 {{expected !pd.tensor or !pd.vtensor result type, got 'tensor<4xf32>'}}
  %0 = pd.data "x" : tensor<4xf32>
  return
}

// -----

func.func @data_shape_mismatch() {
  // expected-error @+1 {{'pd.data' op shape [3] does not match the result type '!pd.tensor<4xf32>'}}
  %0 = pd.data "x" {shape = array<i64: 3>} : !pd.tensor<4xf32>
  return
}

// -----

func.func @data_bad_dim() {
  // expected-error @+1 {{'pd.data' op shape has invalid dimension -2 (expected >= 0, or -1 for dynamic)}}
  %0 = pd.data "x" {shape = array<i64: -2>} : !pd.tensor<?xf32>
  return
}

// -----

func.func @data_dtype_mismatch() {
  // expected-error @+1 {{'pd.data' op dtype int32 does not match the result element type 'f32'}}
  %0 = pd.data "x" {dtype = #pd.dtype<int32>} : !pd.tensor<4xf32>
  return
}

// -----

func.func @fetch_empty_name(%x: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'pd.fetch' op fetch name must not be empty}}
  %0 = pd.fetch %x "" col 0 : !pd.vtensor<2xf32>
  return
}

// -----

func.func @fetch_negative_col(%x: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'pd.fetch' op attribute 'col' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
  %0 = pd.fetch %x "out" col -1 : !pd.vtensor<2xf32>
  return
}

// -----

func.func @fetch_type_mismatch(%x: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'pd.fetch' op failed to verify that all of {x, out} have same type}}
  %0 = "pd.fetch"(%x) <{name = "out", col = 0 : i32}> : (!pd.vtensor<2xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @get_parameter_empty_name() {
  // expected-error @+1 {{'pd.get_parameter' op parameter_name must not be empty}}
  %0 = pd.get_parameter "" : !pd.tensor<2xf32>
  return
}

// -----

func.func @set_parameter_empty_name(%w: !pd.tensor<2xf32>) {
  // expected-error @+1 {{'pd.set_parameter' op parameter_name must not be empty}}
  pd.set_parameter %w "" : !pd.tensor<2xf32>
  return
}

// -----

func.func @full_dynamic() {
  // expected-error @+1 {{'pd.full' op result type must have a static shape, got '!pd.tensor<?xf32>' (use full_with_tensor for run-time shapes)}}
  %0 = pd.full(1.0) : !pd.tensor<?xf32>
  return
}

// -----

func.func @full_shape_mismatch() {
  // expected-error @+1 {{'pd.full' op shape [2, 2] does not match the result type '!pd.tensor<4xf32>'}}
  %0 = pd.full(1.0) {shape = array<i64: 2, 2>} : !pd.tensor<4xf32>
  return
}

// -----

func.func @full_dtype_mismatch() {
  // expected-error @+1 {{'pd.full' op dtype float64 does not match the result element type 'f32'}}
  %0 = pd.full(1.0) {dtype = #pd.dtype<float64>} : !pd.tensor<4xf32>
  return
}

// -----

func.func @full_inf_int() {
  // expected-error @+1 {{'pd.full' op value inf is not representable in dtype int32}}
  %0 = pd.full(0x7FF0000000000000 : f64) : !pd.tensor<4xi32>
  return
}

// -----

func.func @full_bad_value() {
  // expected-error @+1 {{expected a bool, integer (64-bit) or float value, got "one"}}
  %0 = pd.full("one") : !pd.tensor<4xf32>
  return
}

// -----

func.func @full_int_too_wide() {
  // expected-error @+1 {{expected a bool, integer (64-bit) or float value, got 18446744073709551615 : ui64}}
  %0 = pd.full(18446744073709551615 : ui64) : !pd.tensor<4xi64>
  return
}

// -----

func.func @full_int_array_size() {
  // expected-error @+1 {{'pd.full_int_array' op result type '!pd.vtensor<3xi64>' must be a 1-D tensor of 2 elements}}
  %0 = pd.full_int_array [1, 2] : !pd.vtensor<3xi64>
  return
}

// -----

func.func @full_int_array_rank() {
  // expected-error @+1 {{'pd.full_int_array' op result type '!pd.vtensor<1x2xi64>' must be a 1-D tensor of 2 elements}}
  %0 = pd.full_int_array [1, 2] : !pd.vtensor<1x2xi64>
  return
}

// -----

func.func @full_int_array_float() {
  // expected-error @+1 {{'pd.full_int_array' op result element type must be an integer type, got 'f32'}}
  %0 = pd.full_int_array [1, 2] : !pd.vtensor<2xf32>
  return
}

// -----

func.func @full_int_array_dtype() {
  // expected-error @+1 {{'pd.full_int_array' op dtype int32 does not match the result element type 'i64'}}
  %0 = pd.full_int_array [1, 2] {dtype = #pd.dtype<int32>} : !pd.vtensor<2xi64>
  return
}

// -----

func.func @combine_bad_operand(%x: tensor<2xf32>) {
  // expected-error @+1 {{'pd.combine' op operand #0 must be variadic of !pd.tensor or !pd.vtensor, but got 'tensor<2xf32>'}}
  %0 = "pd.combine"(%x) : (tensor<2xf32>) -> !pd.vec<>
  return
}

// -----

func.func @combine_wrong_result(%x: !pd.vtensor<2xf32>) {
  // expected-error @+2 {{'pd.combine' op failed to infer returned types}}
  // expected-error @+1 {{'pd.combine' op inferred type(s) '!pd.vec<!pd.vtensor<2xf32>>' are incompatible with return type(s) of operation '!pd.vec<!pd.vtensor<3xf32>>'}}
  %0 = "pd.combine"(%x) : (!pd.vtensor<2xf32>) -> !pd.vec<!pd.vtensor<3xf32>>
  return
}

// -----

func.func @split_wrong_results(%l: !pd.vec<!pd.vtensor<2xf32>>) {
  // expected-error @+2 {{'pd.builtin_split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.builtin_split' op inferred type(s) '!pd.vtensor<2xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2xf32>', '!pd.vtensor<2xf32>'}}
  %0:2 = "pd.builtin_split"(%l) : (!pd.vec<!pd.vtensor<2xf32>>) -> (!pd.vtensor<2xf32>, !pd.vtensor<2xf32>)
  return
}

// -----

func.func @slice_out_of_range(%l: !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<3xf32>>) {
  // expected-error @+1 {{'pd.builtin_slice' op index 2 is out of range for a list of 2 tensors}}
  %0 = pd.builtin_slice %l[2] : !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<3xf32>>
  return
}

// -----

func.func @to_vtensor_of_vtensor(%v: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'pd.to_vtensor' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<2xf32>'}}
  %0 = "pd.to_vtensor"(%v) : (!pd.vtensor<2xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

func.func @to_vtensor_wrong_shape(%t: !pd.tensor<2xf32>) {
  // expected-error @+2 {{'pd.to_vtensor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.to_vtensor' op inferred type(s) '!pd.vtensor<2xf32>' are incompatible with return type(s) of operation '!pd.vtensor<3xf32>'}}
  %0 = "pd.to_vtensor"(%t) : (!pd.tensor<2xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @to_tensor_of_tensor(%t: !pd.tensor<2xf32>) {
  // expected-error @+1 {{'pd.to_tensor' op operand #0 must be an immutable Paddle tensor with value semantics, but got '!pd.tensor<2xf32>'}}
  %0 = "pd.to_tensor"(%t) : (!pd.tensor<2xf32>) -> !pd.tensor<2xf32>
  return
}

// -----

func.func @copy_to_vtensor(%a: !pd.vtensor<2xf32>, %b: !pd.vtensor<2xf32>) {
  // expected-error @+1 {{'pd.copy_to' op operand #1 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<2xf32>'}}
  pd.copy_to %a, %b : !pd.vtensor<2xf32>, !pd.vtensor<2xf32>
  return
}

// -----

func.func @copy_to_dtype(%a: !pd.vtensor<2xf32>, %b: !pd.tensor<2xf16>) {
  // expected-error @+1 {{'pd.copy_to' op source element type 'f32' differs from destination element type 'f16'}}
  pd.copy_to %a, %b : !pd.vtensor<2xf32>, !pd.tensor<2xf16>
  return
}

// -----

func.func @copy_to_shape(%a: !pd.vtensor<2x3xf32>, %b: !pd.tensor<2x4xf32>) {
  // expected-error @+1 {{'pd.copy_to' op source shape [2, 3] is incompatible with destination shape [2, 4]}}
  pd.copy_to %a, %b : !pd.vtensor<2x3xf32>, !pd.tensor<2x4xf32>
  return
}

// -----

func.func @copy_to_rank(%a: !pd.vtensor<?xf32>, %b: !pd.tensor<2x?xf32>) {
  // expected-error @+1 {{'pd.copy_to' op source shape [?] is incompatible with destination shape [2, ?]}}
  pd.copy_to %a, %b : !pd.vtensor<?xf32>, !pd.tensor<2x?xf32>
  return
}

// -----

func.func @constant_type_mismatch() {
  // expected-error @+1 {{'pd.constant' op value of type 'tensor<2xf32>' does not match the result type '!pd.vtensor<3xf32>'}}
  %0 = pd.constant dense<[1.0, 2.0]> : tensor<2xf32> : !pd.vtensor<3xf32>
  return
}

// -----

func.func @if_cond_not_bool(%c: !pd.vtensor<1xf32>) {
  // expected-error @+1 {{'pd.if' op cond must be a one-element bool tensor, got '!pd.vtensor<1xf32>'}}
  pd.if %c : !pd.vtensor<1xf32> {
    pd.yield
  } else {
    pd.yield
  }
  return
}

// -----

func.func @if_cond_not_one_element(%c: !pd.vtensor<2xi1>) {
  // expected-error @+1 {{'pd.if' op cond must be a one-element bool tensor, got '!pd.vtensor<2xi1>'}}
  pd.if %c : !pd.vtensor<2xi1> {
    pd.yield
  } else {
    pd.yield
  }
  return
}

// -----

func.func @if_yield_count(%c: !pd.vtensor<1xi1>, %a: !pd.vtensor<4xf32>) {
  // expected-error @+1 {{'pd.if' op else region yields 0 values, expected 1}}
  %r = pd.if %c : !pd.vtensor<1xi1> -> !pd.vtensor<4xf32> {
    pd.yield %a : !pd.vtensor<4xf32>
  } else {
    pd.yield
  }
  return
}

// -----

func.func @if_yield_type(%c: !pd.vtensor<1xi1>, %a: !pd.vtensor<4xf32>, %b: !pd.vtensor<5xf32>) {
  // expected-error @+1 {{'pd.if' op then region yields '!pd.vtensor<5xf32>' as value #0, which does not fit '!pd.vtensor<4xf32>'}}
  %r = pd.if %c : !pd.vtensor<1xi1> -> !pd.vtensor<4xf32> {
    pd.yield %b : !pd.vtensor<5xf32>
  } else {
    pd.yield %a : !pd.vtensor<4xf32>
  }
  return
}

// -----

func.func @while_arguments(%c: !pd.vtensor<1xi1>, %i: !pd.vtensor<1xi64>) {
  // expected-error @+1 {{'pd.while' op body has 0 arguments for 1 loop-carried values}}
  %r = pd.while %c : !pd.vtensor<1xi1> loop(%i : !pd.vtensor<1xi64>) {
    pd.yield %c, %i : !pd.vtensor<1xi1>, !pd.vtensor<1xi64>
  }
  return
}

// -----

func.func @while_argument_type(%c: !pd.vtensor<1xi1>, %i: !pd.vtensor<1xi64>) {
  // expected-error @+1 {{'pd.while' op body argument #0 has type '!pd.vtensor<1xi32>' but the loop carries '!pd.vtensor<1xi64>'}}
  %r = pd.while %c : !pd.vtensor<1xi1> loop(%i : !pd.vtensor<1xi64>) {
  ^bb0(%a: !pd.vtensor<1xi32>):
    pd.yield %c, %i : !pd.vtensor<1xi1>, !pd.vtensor<1xi64>
  }
  return
}

// -----

// A body whose last op is no terminator (its pd.yield deleted): a
// diagnostic, not Block::getTerminator's assertion (found by
// tools/fuzz/fuzz_ir.py).
func.func @while_without_yield(%c: !pd.vtensor<1xi1>, %i: !pd.vtensor<1xi64>) {
  // expected-error @+1 {{'pd.while' op body must end in pd.yield}}
  %r = pd.while %c : !pd.vtensor<1xi1> loop(%i : !pd.vtensor<1xi64>) {
  ^bb0(%a: !pd.vtensor<1xi64>):
    %b = pd.relu %a : (!pd.vtensor<1xi64>) -> !pd.vtensor<1xi64>
  }
  return
}

// -----

func.func @while_no_condition(%c: !pd.vtensor<1xi1>) {
  // expected-error @+1 {{'pd.while' op body must yield the next condition first}}
  pd.while %c : !pd.vtensor<1xi1> {
    pd.yield
  }
  return
}

// -----

func.func @while_bad_condition(%c: !pd.vtensor<1xi1>, %i: !pd.vtensor<1xi64>) {
  // expected-error @+1 {{'pd.while' op the yielded condition must be a one-element bool tensor, got '!pd.vtensor<1xi64>'}}
  %r = pd.while %c : !pd.vtensor<1xi1> loop(%i : !pd.vtensor<1xi64>) {
  ^bb0(%a: !pd.vtensor<1xi64>):
    pd.yield %a, %a : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  }
  return
}

// -----

func.func @while_yield_count(%c: !pd.vtensor<1xi1>, %i: !pd.vtensor<1xi64>) {
  // expected-error @+1 {{'pd.while' op body yields 0 values, expected 1}}
  %r = pd.while %c : !pd.vtensor<1xi1> loop(%i : !pd.vtensor<1xi64>) {
  ^bb0(%a: !pd.vtensor<1xi64>):
    pd.yield %c : !pd.vtensor<1xi1>
  }
  return
}

// -----

func.func @yield_outside(%a: !pd.vtensor<1xi64>) {
  // expected-error @+1 {{'pd.yield' op expects parent op to be one of 'pd.if, pd.while, pd.fusion_group'}}
  pd.yield %a : !pd.vtensor<1xi64>
}
