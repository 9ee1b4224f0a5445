// The diagnostics of the manipulation and indexing ops' InferMeta functions
// (lib/Dialect/Pd/InferMeta/Manipulation.cpp), reported by the verifier.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

func.func @reshape_numel(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [4, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op cannot reshape [2, 3] (6 elements) to [4, 2] (8 elements)}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<4x2xf32>
  return
}

// -----

func.func @reshape_two_minus_one(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [-1, -1] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op shape [-1, -1] has more than one -1}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @reshape_not_divisible(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [4, -1] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op cannot reshape [2, 3] (6 elements) to [4, -1]}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<4x?xf32>
  return
}

// -----

// Found by fuzz_ir: the known dims' product (2^62 x 16) overflows int64; it
// wrapped to 0 and the -1 was computed by dividing by it (SIGFPE).
func.func @reshape_known_dims_overflow(%x: !pd.vtensor<1x16x64xf32>) {
  %s = pd.full_int_array [1, -1, 4611686018427387904, 16] : !pd.vtensor<4xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op cannot reshape [1, 16, 64] (1024 elements) to [1, -1, 4611686018427387904, 16]}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<1x16x64xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x?x4x16xf32>
  return
}

// -----

func.func @reshape_total_overflow(%x: !pd.vtensor<1x16x64xf32>) {
  %s = pd.full_int_array [4611686018427387904, 4611686018427387904] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op cannot reshape [1, 16, 64] (1024 elements) to [4611686018427387904, 4611686018427387904] (more elements than int64 counts)}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<1x16x64xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// The dims that 0 copies cancel out: the other 32 elements do not make 16.
func.func @reshape_dynamic_numel(%x: !pd.vtensor<?x8x4xf32>) {
  %s = pd.full_int_array [0, 16] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op cannot reshape [?, 8, 4] to [?, 16]}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<?x8x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x16xf32>
  return
}

// -----

func.func @reshape_zero_past_rank(%x: !pd.vtensor<6xf32>) {
  %s = pd.full_int_array [6, 0] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op shape [6, 0] has a 0 at index 1 but the input [6] has rank 1}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<6xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @reshape_bad_dim(%x: !pd.vtensor<6xf32>) {
  %s = pd.full_int_array [-2, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op shape [-2, 3] has invalid dimension -2}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<6xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @reshape_unknown_length(%x: !pd.vtensor<6xf32>, %s: !pd.vtensor<?xi64>) {
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op the target shape's length must be known at compile time}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<6xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// A declared result must agree with the inferred one where both are known.
func.func @reshape_wrong_result(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.reshape' op failed to infer returned types}}
  // expected-error @+1 {{'pd.reshape' op inferred type(s) '!pd.vtensor<6xf32>' are incompatible with return type(s) of operation '!pd.vtensor<5xf32>'}}
  %0 = pd.reshape %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<5xf32>
  return
}

// -----

// In-place variants update a mutable !pd.tensor.
func.func @reshape_inplace_of_value(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.reshape_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<2x3xf32>'}}
  %0 = pd.reshape_ %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<6xf32>
  return
}

// -----

func.func @transpose_perm_size(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.transpose' op failed to infer returned types}}
  // expected-error @+1 {{'pd.transpose' op perm has 1 entries but the input [2, 3] has rank 2}}
  %0 = pd.transpose %x {perm = array<i32: 0>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @transpose_perm_repeat(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.transpose' op failed to infer returned types}}
  // expected-error @+1 {{'pd.transpose' op perm repeats axis -2}}
  %0 = pd.transpose %x {perm = array<i32: 0, -2>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @transpose_perm_range(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.transpose' op failed to infer returned types}}
  // expected-error @+1 {{'pd.transpose' op perm entry 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.transpose %x {perm = array<i32: 0, 2>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @transpose_missing_perm(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+1 {{'pd.transpose' op requires attribute 'perm'}}
  %0 = pd.transpose %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @concat_ranks(%a: !pd.vtensor<2x3xf32>, %b: !pd.vtensor<3xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %l = pd.combine(%a, %b) : !pd.vtensor<2x3xf32>, !pd.vtensor<3xf32>
  // expected-error @+2 {{'pd.concat' op failed to infer returned types}}
  // expected-error @+1 {{'pd.concat' op inputs have different ranks: [2, 3] and [3]}}
  %0 = pd.concat %l, %axis : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<3xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @concat_dims(%a: !pd.vtensor<2x3xf32>, %b: !pd.vtensor<2x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %l = pd.combine(%a, %b) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>
  // expected-error @+2 {{'pd.concat' op failed to infer returned types}}
  // expected-error @+1 {{'pd.concat' op inputs [2, 3] and [2, 4] differ in dimension 1, which is not the concat axis 0}}
  %0 = pd.concat %l, %axis : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @concat_dtypes(%a: !pd.vtensor<2x3xf32>, %b: !pd.vtensor<2x3xf16>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %l = pd.combine(%a, %b) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf16>
  // expected-error @+2 {{'pd.concat' op failed to infer returned types}}
  // expected-error @+1 {{'pd.concat' op inputs have different dtypes: 'f32' and 'f16'}}
  %0 = pd.concat %l, %axis : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf16>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @concat_axis(%a: !pd.vtensor<2x3xf32>) {
  %axis = pd.full(2) : !pd.vtensor<1xi64>
  %l = pd.combine(%a, %a) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>
  // expected-error @+2 {{'pd.concat' op failed to infer returned types}}
  // expected-error @+1 {{'pd.concat' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.concat %l, %axis : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// 0-D tensors cannot be concatenated (stack them instead).
func.func @concat_0d(%a: !pd.vtensor<f32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %l = pd.combine(%a, %a) : !pd.vtensor<f32>, !pd.vtensor<f32>
  // expected-error @+2 {{'pd.concat' op failed to infer returned types}}
  // expected-error @+1 {{'pd.concat' op axis 0 is out of range: the input is 0-D}}
  %0 = pd.concat %l, %axis : (!pd.vec<!pd.vtensor<f32>, !pd.vtensor<f32>>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @concat_empty() {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %l = pd.combine()
  // expected-error @+2 {{'pd.concat' op failed to infer returned types}}
  // expected-error @+1 {{'pd.concat' op needs at least one input tensor}}
  %0 = pd.concat %l, %axis : (!pd.vec<>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @stack_shapes(%a: !pd.vtensor<2x3xf32>, %b: !pd.vtensor<3x2xf32>) {
  %l = pd.combine(%a, %b) : !pd.vtensor<2x3xf32>, !pd.vtensor<3x2xf32>
  // expected-error @+2 {{'pd.stack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.stack' op inputs must have one shape, got [2, 3] and [3, 2]}}
  %0 = pd.stack %l : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<3x2xf32>>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @stack_dtypes(%a: !pd.vtensor<2xf32>, %b: !pd.vtensor<2xi32>) {
  %l = pd.combine(%a, %b) : !pd.vtensor<2xf32>, !pd.vtensor<2xi32>
  // expected-error @+2 {{'pd.stack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.stack' op inputs have different dtypes}}
  %0 = pd.stack %l : (!pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<2xi32>>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// The result has one more dim: the axis is in [-3, 2] for 2-D inputs.
func.func @stack_axis(%a: !pd.vtensor<2x3xf32>) {
  %l = pd.combine(%a, %a) : !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>
  // expected-error @+2 {{'pd.stack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.stack' op axis 3 is out of range for a tensor of rank 3 (expected [-3, 2])}}
  %0 = pd.stack %l {axis = 3 : i32} : (!pd.vec<!pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @split_sum(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %s = pd.full_int_array [1, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split' op sections [1, 2] sum to 3 but axis 0 has size 6}}
  %0 = pd.split %x, %s, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
  return
}

// -----

func.func @split_sum_with_minus_one(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(-1) : !pd.vtensor<1xi64>
  %s = pd.full_int_array [3, 2, -1] : !pd.vtensor<3xi64>
  // expected-error @+2 {{'pd.split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split' op sections [3, 2, -1] sum to more than 4, the size of axis 1}}
  %0 = pd.split %x, %s, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<6x?xf32>, !pd.vtensor<6x?xf32>, !pd.vtensor<6x?xf32>>
  return
}

// -----

func.func @split_two_minus_one(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %s = pd.full_int_array [-1, -1] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split' op sections [-1, -1] have more than one -1}}
  %0 = pd.split %x, %s, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
  return
}

// -----

func.func @split_bad_section(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %s = pd.full_int_array [-2, 8] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split' op sections [-2, 8] has invalid size -2}}
  %0 = pd.split %x, %s, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
  return
}

// -----

func.func @split_unknown_count(%x: !pd.vtensor<6x4xf32>, %s: !pd.vtensor<?xi64>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split' op the number of sections must be known at compile time}}
  %0 = pd.split %x, %s, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<?xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
  return
}

// -----

func.func @split_axis(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(-3) : !pd.vtensor<1xi64>
  %s = pd.full_int_array [3, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.split %x, %s, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
  return
}

// -----

// One declared result per section.
func.func @split_result_count(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  %s = pd.full_int_array [3, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.split' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split' op inferred type(s) '!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<3x4xf32>>' are incompatible with return type(s) of operation '!pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>'}}
  %0 = pd.split %x, %s, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
  return
}

// -----

func.func @split_with_num_not_divisible(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.split_with_num' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split_with_num' op axis 0 of size 6 cannot be split into 4 equal parts}}
  %0 = pd.split_with_num %x, %axis {num = 4 : i32} : (!pd.vtensor<6x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>, !pd.vtensor<?x4xf32>>
  return
}

// -----

func.func @split_with_num_zero(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.split_with_num' op failed to infer returned types}}
  // expected-error @+1 {{'pd.split_with_num' op num must be positive, got 0}}
  %0 = pd.split_with_num %x, %axis {num = 0 : i32} : (!pd.vtensor<6x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<>
  return
}

// -----

func.func @split_with_num_missing_num(%x: !pd.vtensor<6x4xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.split_with_num' op requires attribute 'num'}}
  %0 = pd.split_with_num %x, %axis : (!pd.vtensor<6x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<3x4xf32>>
  return
}

// -----

func.func @unstack_dynamic_axis(%x: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.unstack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unstack' op axis 0 has a dynamic size: the number of outputs is unknown}}
  %0 = pd.unstack %x : (!pd.vtensor<?x3xf32>) -> !pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<3xf32>>
  return
}

// -----

func.func @unstack_negative_num(%d: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.unstack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unstack' op num must be 0 (the size of axis 0) or positive, got -1}}
  %0 = pd.unstack %d {num = -1 : i32} : (!pd.vtensor<?x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  return
}

// -----

func.func @unstack_huge_num(%d: !pd.vtensor<?x3xf32>) {
  // expected-error @+2 {{'pd.unstack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unstack' op unstacking into 2147483647 tensors: at most 65536 are supported}}
  %0 = pd.unstack %d {num = 2147483647 : i32} : (!pd.vtensor<?x3xf32>) -> !pd.vec<!pd.vtensor<?xf32>, !pd.vtensor<?xf32>>
  return
}

// -----

func.func @unstack_num(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.unstack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unstack' op num = 3 differs from the size 2 of axis 0}}
  %0 = pd.unstack %x {num = 3 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>>
  return
}

// -----

func.func @unstack_0d(%x: !pd.vtensor<f32>) {
  // expected-error @+2 {{'pd.unstack' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unstack' op axis 0 is out of range: the input is 0-D}}
  %0 = pd.unstack %x : (!pd.vtensor<f32>) -> !pd.vec<>
  return
}

// -----

func.func @unbind_dynamic_axis(%x: !pd.vtensor<2x?xf32>) {
  // expected-error @+2 {{'pd.unbind' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unbind' op axis 1 has a dynamic size: the number of outputs is unknown}}
  %0 = pd.unbind %x {axis = -1 : i32} : (!pd.vtensor<2x?xf32>) -> !pd.vec<!pd.vtensor<2xf32>>
  return
}

// -----

func.func @unbind_axis(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.unbind' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unbind' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.unbind %x {axis = 2 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vec<!pd.vtensor<2xf32>>
  return
}

// -----

func.func @slice_decrease_not_one(%x: !pd.vtensor<10x8xf32>) {
  %s = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.slice' op decrease_axis 0 has size 3 after slicing; it must be 1}}
  %0 = pd.slice %x, %s, %e {axes = array<i64: 0>, infer_flags = array<i64: 1>, decrease_axis = array<i64: 0>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<8xf32>
  return
}

// -----

// A dim that is not sliced must be 1 to be decreased.
func.func @slice_decrease_unsliced(%x: !pd.vtensor<10x8xf32>) {
  %s = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [3] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.slice' op decrease_axis -1 has size 8 after slicing; it must be 1}}
  %0 = pd.slice %x, %s, %e {axes = array<i64: 0>, infer_flags = array<i64: 1>, decrease_axis = array<i64: -1>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<1xf32>
  return
}

// -----

func.func @slice_lengths(%x: !pd.vtensor<10x8xf32>) {
  %s = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5, 6] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.slice' op axes, starts and ends must have the same length, got 2, 1 and 2}}
  %0 = pd.slice %x, %s, %e {axes = array<i64: 0, 1>, infer_flags = array<i64: 1, 1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @slice_axis(%x: !pd.vtensor<10x8xf32>) {
  %s = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.slice' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.slice %x, %s, %e {axes = array<i64: 2>, infer_flags = array<i64: 1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @slice_missing_axes(%x: !pd.vtensor<10x8xf32>) {
  %s = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.slice' op requires attribute 'axes'}}
  %0 = pd.slice %x, %s, %e {infer_flags = array<i64: 1>, decrease_axis = array<i64>} : (!pd.vtensor<10x8xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @strided_slice_zero_stride(%x: !pd.vtensor<10xf32>) {
  %s = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.strided_slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.strided_slice' op strides must not be 0}}
  %0 = pd.strided_slice %x, %s, %e, %st {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// A stride of 0 is an error even on a dynamic dim.
func.func @strided_slice_zero_stride_dynamic(%x: !pd.vtensor<?xf32>) {
  %s = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.strided_slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.strided_slice' op strides must not be 0}}
  %0 = pd.strided_slice %x, %s, %e, %st {axes = array<i32: 0>} : (!pd.vtensor<?xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @strided_slice_lengths(%x: !pd.vtensor<10xf32>) {
  %s = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [1, 1] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.strided_slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.strided_slice' op axes, starts, ends and strides must have the same length}}
  %0 = pd.strided_slice %x, %s, %e, %st {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @strided_slice_wrong_result(%x: !pd.vtensor<10xf32>) {
  %s = pd.full_int_array [2147483647] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [-1] : !pd.vtensor<1xi64>
  // x[::-1] keeps every element.
  // expected-error @+2 {{'pd.strided_slice' op failed to infer returned types}}
  // expected-error @+1 {{'pd.strided_slice' op inferred type(s) '!pd.vtensor<10xf32>' are incompatible with return type(s) of operation '!pd.vtensor<0xf32>'}}
  %0 = pd.strided_slice %x, %s, %st, %st {axes = array<i32: 0>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<0xf32>
  return
}

// -----

func.func @squeeze_unknown_axis(%x: !pd.vtensor<1x3xf32>, %axis: !pd.vtensor<1xi64>) {
  // expected-error @+2 {{'pd.squeeze' op failed to infer returned types}}
  // expected-error @+1 {{'pd.squeeze' op the squeezed axes must be known at compile time}}
  %0 = pd.squeeze %x, %axis : (!pd.vtensor<1x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @squeeze_axis(%x: !pd.vtensor<1x3xf32>) {
  %axis = pd.full_int_array [2] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.squeeze' op failed to infer returned types}}
  // expected-error @+1 {{'pd.squeeze' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.squeeze %x, %axis : (!pd.vtensor<1x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

// A dim that is not 1 is kept: the result has rank 2.
func.func @squeeze_kept_dim(%x: !pd.vtensor<2x3xf32>) {
  %axis = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.squeeze' op failed to infer returned types}}
  // expected-error @+1 {{'pd.squeeze' op inferred type(s) '!pd.vtensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.vtensor<3xf32>'}}
  %0 = pd.squeeze %x, %axis : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @squeeze_inplace_of_value(%x: !pd.vtensor<1x3xf32>) {
  %axis = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+1 {{'pd.squeeze_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<1x3xf32>'}}
  %0 = pd.squeeze_ %x, %axis : (!pd.vtensor<1x3xf32>, !pd.vtensor<1xi64>) -> !pd.tensor<3xf32>
  return
}

// -----

func.func @unsqueeze_axis(%x: !pd.vtensor<3xf32>) {
  %axis = pd.full_int_array [0, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.unsqueeze' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unsqueeze' op axis 3 is out of range for unsqueezing a tensor of rank 2}}
  %0 = pd.unsqueeze %x, %axis : (!pd.vtensor<3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @unsqueeze_negative_axis(%x: !pd.vtensor<3xf32>) {
  %axis = pd.full_int_array [-3] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.unsqueeze' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unsqueeze' op axis -3 is out of range for unsqueezing a tensor of rank 1}}
  %0 = pd.unsqueeze %x, %axis : (!pd.vtensor<3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @unsqueeze_unknown_count(%x: !pd.vtensor<3xf32>, %axis: !pd.vtensor<?xi64>) {
  // expected-error @+2 {{'pd.unsqueeze' op failed to infer returned types}}
  // expected-error @+1 {{'pd.unsqueeze' op the unsqueezed axes must be known at compile time}}
  %0 = pd.unsqueeze %x, %axis : (!pd.vtensor<3xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @flatten_order(%x: !pd.vtensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.flatten' op failed to infer returned types}}
  // expected-error @+1 {{'pd.flatten' op start_axis 2 is after stop_axis 1}}
  %0 = pd.flatten %x {start_axis = 2 : i32, stop_axis = 1 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @flatten_axis(%x: !pd.vtensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.flatten' op failed to infer returned types}}
  // expected-error @+1 {{'pd.flatten' op stop_axis 3 is out of range for a tensor of rank 3 (expected [-3, 2])}}
  %0 = pd.flatten %x {start_axis = 0 : i32, stop_axis = 3 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

// The defaults (1, 1) do not apply to a 0-D tensor.
func.func @flatten_0d(%x: !pd.vtensor<f32>) {
  // expected-error @+2 {{'pd.flatten' op failed to infer returned types}}
  // expected-error @+1 {{'pd.flatten' op start_axis 1 is out of range: the input is 0-D (expected 0 or -1)}}
  %0 = pd.flatten %x : (!pd.vtensor<f32>) -> !pd.vtensor<1xf32>
  return
}

// -----

func.func @flatten_inplace_wrong_result(%x: !pd.tensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.flatten_' op failed to infer returned types}}
  // expected-error @+1 {{'pd.flatten_' op inferred type(s) '!pd.tensor<24xf32>' are incompatible with return type(s) of operation '!pd.tensor<12xf32>'}}
  %0 = pd.flatten_ %x {start_axis = 0 : i32, stop_axis = -1 : i32} : (!pd.tensor<2x3x4xf32>) -> !pd.tensor<12xf32>
  return
}

// -----

func.func @expand_incompatible(%x: !pd.vtensor<3x2xf32>) {
  %s = pd.full_int_array [3, 4] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.expand' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand' op cannot expand [3, 2] to [3, 4]: dimension 1 is 2, not 1 or 4}}
  %0 = pd.expand %x, %s : (!pd.vtensor<3x2xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<3x4xf32>
  return
}

// -----

func.func @expand_fewer_dims(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [3] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.expand' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand' op the target shape [3] has fewer dims than the input [2, 3]}}
  %0 = pd.expand %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @expand_minus_one_new_dim(%x: !pd.vtensor<3xf32>) {
  %s = pd.full_int_array [-1, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.expand' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand' op -1 in the target shape [-1, 3] is only allowed for existing dims}}
  %0 = pd.expand %x, %s : (!pd.vtensor<3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x3xf32>
  return
}

// -----

func.func @expand_bad_dim(%x: !pd.vtensor<3xf32>) {
  %s = pd.full_int_array [-2, 3] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.expand' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand' op target shape [-2, 3] has invalid dimension -2}}
  %0 = pd.expand %x, %s : (!pd.vtensor<3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x3xf32>
  return
}

// -----

func.func @expand_unknown_length(%x: !pd.vtensor<3xf32>, %s: !pd.vtensor<?xi64>) {
  // expected-error @+2 {{'pd.expand' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand' op the target shape's length must be known at compile time}}
  %0 = pd.expand %x, %s : (!pd.vtensor<3xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x3xf32>
  return
}

// -----

func.func @expand_as_incompatible(%x: !pd.vtensor<3x2xf32>, %y: !pd.vtensor<?x4xf32>) {
  // expected-error @+2 {{'pd.expand_as' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand_as' op cannot expand [3, 2] to [?, 4]: dimension 1 is 2, not 1 or 4}}
  %0 = pd.expand_as %x y(%y) : (!pd.vtensor<3x2xf32>, !pd.vtensor<?x4xf32>) -> !pd.vtensor<?x4xf32>
  return
}

// -----

func.func @expand_as_no_target(%x: !pd.vtensor<3x2xf32>) {
  // expected-error @+2 {{'pd.expand_as' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand_as' op needs y or target_shape}}
  %0 = pd.expand_as %x : (!pd.vtensor<3x2xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @expand_as_fewer_dims(%x: !pd.vtensor<3x2xf32>) {
  // expected-error @+2 {{'pd.expand_as' op failed to infer returned types}}
  // expected-error @+1 {{'pd.expand_as' op the target shape [2] has fewer dims than the input [3, 2]}}
  %0 = pd.expand_as %x {target_shape = array<i64: 2>} : (!pd.vtensor<3x2xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @tile_repeat_zero(%x: !pd.vtensor<3x2xf32>) {
  %r = pd.full_int_array [2, 0] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.tile' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tile' op repeat_times must be positive, got [2, 0]}}
  %0 = pd.tile %x, %r : (!pd.vtensor<3x2xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @tile_unknown_count(%x: !pd.vtensor<3x2xf32>, %r: !pd.vtensor<?xi64>) {
  // expected-error @+2 {{'pd.tile' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tile' op the number of repeat_times must be known at compile time}}
  %0 = pd.tile %x, %r : (!pd.vtensor<3x2xf32>, !pd.vtensor<?xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @gather_float_index(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xf32>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.gather' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather' op index must be an int32 or int64 tensor, got 'f32'}}
  %0 = pd.gather %x, %i, %axis : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<3x4xf32>
  return
}

// -----

func.func @gather_bool_index(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi1>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.gather' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather' op index must be an int32 or int64 tensor, got 'i1'}}
  %0 = pd.gather %x, %i, %axis : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi1>, !pd.vtensor<1xi64>) -> !pd.vtensor<3x4xf32>
  return
}

// -----

func.func @gather_index_rank(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3x2xi64>) {
  %axis = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.gather' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather' op index must be 0-D or 1-D, got [3, 2]}}
  %0 = pd.gather %x, %i, %axis : (!pd.vtensor<10x4xf32>, !pd.vtensor<3x2xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x4xf32>
  return
}

// -----

func.func @gather_axis(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi64>) {
  %axis = pd.full(2) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.gather' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.gather %x, %i, %axis : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @gather_nd_index_rank(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<i64>) {
  // expected-error @+2 {{'pd.gather_nd' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather_nd' op index must have rank >= 1}}
  %0 = pd.gather_nd %x, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<i64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @gather_nd_too_deep(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<5x3xi64>) {
  // expected-error @+2 {{'pd.gather_nd' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather_nd' op index addresses 3 dims of an input of rank 2}}
  %0 = pd.gather_nd %x, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<5x3xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @gather_nd_dynamic_depth(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<5x?xi64>) {
  // expected-error @+2 {{'pd.gather_nd' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather_nd' op the last dim of index must be known at compile time}}
  %0 = pd.gather_nd %x, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<5x?xi64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @gather_nd_float_index(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<5x2xf64>) {
  // expected-error @+2 {{'pd.gather_nd' op failed to infer returned types}}
  // expected-error @+1 {{'pd.gather_nd' op index must be an int32 or int64 tensor, got 'f64'}}
  %0 = pd.gather_nd %x, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<5x2xf64>) -> !pd.vtensor<5xf32>
  return
}

// -----

func.func @index_select_index_rank(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3x2xi64>) {
  // expected-error @+2 {{'pd.index_select' op failed to infer returned types}}
  // expected-error @+1 {{'pd.index_select' op index must be 1-D, got [3, 2]}}
  %0 = pd.index_select %x, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<3x2xi64>) -> !pd.vtensor<?x4xf32>
  return
}

// -----

func.func @index_select_float_index(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.index_select' op failed to infer returned types}}
  // expected-error @+1 {{'pd.index_select' op index must be an int32 or int64 tensor, got 'f32'}}
  %0 = pd.index_select %x, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<3x4xf32>
  return
}

// -----

func.func @index_select_axis(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi32>) {
  // expected-error @+2 {{'pd.index_select' op failed to infer returned types}}
  // expected-error @+1 {{'pd.index_select' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.index_select %x, %i {axis = -3 : i32} : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @scatter_updates_rank(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi64>, %u: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.scatter' op failed to infer returned types}}
  // expected-error @+1 {{'pd.scatter' op updates [3] must have rank 2 for x [10, 4] and index [3]}}
  %0 = pd.scatter %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<3xf32>) -> !pd.vtensor<10x4xf32>
  return
}

// -----

// With a 0-D index, updates is one row.
func.func @scatter_0d_index_updates_rank(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<i64>, %u: !pd.vtensor<1x4xf32>) {
  // expected-error @+2 {{'pd.scatter' op failed to infer returned types}}
  // expected-error @+1 {{'pd.scatter' op updates [1, 4] must have rank 1 for x [10, 4] and index []}}
  %0 = pd.scatter %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<i64>, !pd.vtensor<1x4xf32>) -> !pd.vtensor<10x4xf32>
  return
}

// -----

func.func @scatter_updates_dims(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi64>, %u: !pd.vtensor<3x5xf32>) {
  // expected-error @+2 {{'pd.scatter' op failed to infer returned types}}
  // expected-error @+1 {{'pd.scatter' op updates [3, 5] and x [10, 4] differ in dimension 1}}
  %0 = pd.scatter %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<3x5xf32>) -> !pd.vtensor<10x4xf32>
  return
}

// -----

func.func @scatter_updates_dtype(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi64>, %u: !pd.vtensor<3x4xf16>) {
  // expected-error @+2 {{'pd.scatter' op failed to infer returned types}}
  // expected-error @+1 {{'pd.scatter' op updates have dtype 'f16', x has 'f32'}}
  %0 = pd.scatter %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<3x4xf16>) -> !pd.vtensor<10x4xf32>
  return
}

// -----

func.func @scatter_index_rank(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3x2xi64>, %u: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.scatter' op failed to infer returned types}}
  // expected-error @+1 {{'pd.scatter' op index must be 0-D or 1-D, got [3, 2]}}
  %0 = pd.scatter %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<3x2xi64>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<10x4xf32>
  return
}

// -----

func.func @scatter_inplace_of_value(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<3xi64>, %u: !pd.vtensor<3x4xf32>) {
  // expected-error @+1 {{'pd.scatter_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<10x4xf32>'}}
  %0 = pd.scatter_ %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<3xi64>, !pd.vtensor<3x4xf32>) -> !pd.tensor<10x4xf32>
  return
}

// -----

func.func @take_along_axis_rank(%arr: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<10xi64>) {
  // expected-error @+2 {{'pd.take_along_axis' op failed to infer returned types}}
  // expected-error @+1 {{'pd.take_along_axis' op indices [10] must have the rank of arr [10, 4]}}
  %0 = pd.take_along_axis %arr, %i {axis = 0 : i32} : (!pd.vtensor<10x4xf32>, !pd.vtensor<10xi64>) -> !pd.vtensor<10xf32>
  return
}

// -----

func.func @take_along_axis_float_indices(%arr: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<10x1xf32>) {
  // expected-error @+2 {{'pd.take_along_axis' op failed to infer returned types}}
  // expected-error @+1 {{'pd.take_along_axis' op indices must be an int32 or int64 tensor, got 'f32'}}
  %0 = pd.take_along_axis %arr, %i {axis = 1 : i32} : (!pd.vtensor<10x4xf32>, !pd.vtensor<10x1xf32>) -> !pd.vtensor<10x1xf32>
  return
}

// -----

func.func @take_along_axis_axis(%arr: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<10x1xi64>) {
  // expected-error @+2 {{'pd.take_along_axis' op failed to infer returned types}}
  // expected-error @+1 {{'pd.take_along_axis' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.take_along_axis %arr, %i {axis = 2 : i32} : (!pd.vtensor<10x4xf32>, !pd.vtensor<10x1xi64>) -> !pd.vtensor<10x1xf32>
  return
}

// -----

func.func @take_along_axis_missing_axis(%arr: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<10x1xi64>) {
  // expected-error @+1 {{'pd.take_along_axis' op requires attribute 'axis'}}
  %0 = pd.take_along_axis %arr, %i : (!pd.vtensor<10x4xf32>, !pd.vtensor<10x1xi64>) -> !pd.vtensor<10x1xf32>
  return
}

// -----

func.func @flip_twice(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.flip' op failed to infer returned types}}
  // expected-error @+1 {{'pd.flip' op axis -2 is flipped twice}}
  %0 = pd.flip %x {axis = array<i32: 0, -2>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @flip_axis(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.flip' op failed to infer returned types}}
  // expected-error @+1 {{'pd.flip' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.flip %x {axis = array<i32: 2>} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @roll_lengths(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [1, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.roll' op failed to infer returned types}}
  // expected-error @+1 {{'pd.roll' op shifts and axis must have the same length, got 2 and 1}}
  %0 = pd.roll %x, %s {axis = array<i64: 0>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @roll_flat_shifts(%x: !pd.vtensor<2x3xf32>, %s: !pd.vtensor<2xi64>) {
  // expected-error @+2 {{'pd.roll' op failed to infer returned types}}
  // expected-error @+1 {{'pd.roll' op without axis, shifts must have one element, got 2}}
  %0 = pd.roll %x, %s : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @roll_axis(%x: !pd.vtensor<2x3xf32>) {
  %s = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.roll' op failed to infer returned types}}
  // expected-error @+1 {{'pd.roll' op axis -3 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.roll %x, %s {axis = array<i64: -3>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @pad_length(%x: !pd.vtensor<2x3xf32>) {
  %v = pd.full(0.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.pad' op failed to infer returned types}}
  // expected-error @+1 {{'pd.pad' op paddings must have 2 * rank = 4 elements, got 2}}
  %0 = pd.pad %x, %v {paddings = array<i32: 1, 1>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @pad_negative(%x: !pd.vtensor<2x3xf32>) {
  %v = pd.full(0.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.pad' op failed to infer returned types}}
  // expected-error @+1 {{'pd.pad' op paddings must be non-negative, got [0, 0, -1, 0]}}
  %0 = pd.pad %x, %v {paddings = array<i32: 0, 0, -1, 0>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @pad3d_rank(%x: !pd.vtensor<1x2x3x4xf32>) {
  %p = pd.full_int_array [1, 1, 1, 1, 1, 1] : !pd.vtensor<6xi64>
  // expected-error @+2 {{'pd.pad3d' op failed to infer returned types}}
  // expected-error @+1 {{'pd.pad3d' op input must be 5-D, got [1, 2, 3, 4]}}
  %0 = pd.pad3d %x, %p : (!pd.vtensor<1x2x3x4xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pad3d_length(%x: !pd.vtensor<1x2x3x4x5xf32>) {
  %p = pd.full_int_array [1, 1, 1, 1] : !pd.vtensor<4xi64>
  // expected-error @+2 {{'pd.pad3d' op failed to infer returned types}}
  // expected-error @+1 {{'pd.pad3d' op paddings must have 6 elements, got 4}}
  %0 = pd.pad3d %x, %p : (!pd.vtensor<1x2x3x4x5xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

func.func @one_hot_float_input(%x: !pd.vtensor<4xf32>) {
  %n = pd.full(10) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.one_hot' op failed to infer returned types}}
  // expected-error @+1 {{'pd.one_hot' op x must be an int32 or int64 tensor, got 'f32'}}
  %0 = pd.one_hot %x, %n : (!pd.vtensor<4xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<4x10xf32>
  return
}

// -----

func.func @one_hot_num_classes(%x: !pd.vtensor<4xi64>) {
  %n = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.one_hot' op failed to infer returned types}}
  // expected-error @+1 {{'pd.one_hot' op num_classes must be positive, got 0}}
  %0 = pd.one_hot %x, %n : (!pd.vtensor<4xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<4x?xf32>
  return
}

// -----

// The result is float32.
func.func @one_hot_result_dtype(%x: !pd.vtensor<4xi64>) {
  %n = pd.full(10) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.one_hot' op failed to infer returned types}}
  // expected-error @+1 {{'pd.one_hot' op inferred type(s) '!pd.vtensor<4x10xf32>' are incompatible with return type(s) of operation '!pd.vtensor<4x10xi64>'}}
  %0 = pd.one_hot %x, %n : (!pd.vtensor<4xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<4x10xi64>
  return
}

// -----

// The result is [?, rank] of int64.
func.func @nonzero_result(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.nonzero' op failed to infer returned types}}
  // expected-error @+1 {{'pd.nonzero' op inferred type(s) '!pd.vtensor<?x2xi64>' are incompatible with return type(s) of operation '!pd.vtensor<?x2xi32>'}}
  %0 = pd.nonzero %x : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x2xi32>
  return
}

// -----

func.func @nonzero_result_rank(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.nonzero' op failed to infer returned types}}
  // expected-error @+1 {{'pd.nonzero' op inferred type(s) '!pd.vtensor<?x2xi64>' are incompatible with return type(s) of operation '!pd.vtensor<?x3xi64>'}}
  %0 = pd.nonzero %x : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?x3xi64>
  return
}

// -----

func.func @fill_diagonal_rank(%x: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.fill_diagonal' op failed to infer returned types}}
  // expected-error @+1 {{'pd.fill_diagonal' op x must have rank 2 or more, got [4]}}
  %0 = pd.fill_diagonal %x {value = 1.0 : f32} : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  return
}

// -----

func.func @tril_rank(%x: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.tril' op failed to infer returned types}}
  // expected-error @+1 {{'pd.tril' op input must have rank >= 2, got [4]}}
  %0 = pd.tril %x {diagonal = 0 : i32} : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  return
}

// -----

func.func @triu_rank(%x: !pd.vtensor<f32>) {
  // expected-error @+2 {{'pd.triu' op failed to infer returned types}}
  // expected-error @+1 {{'pd.triu' op input must have rank >= 2, got []}}
  %0 = pd.triu %x {diagonal = 0 : i32} : (!pd.vtensor<f32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @tril_missing_diagonal(%x: !pd.vtensor<3x3xf32>) {
  // expected-error @+1 {{'pd.tril' op requires attribute 'diagonal'}}
  %0 = pd.tril %x : (!pd.vtensor<3x3xf32>) -> !pd.vtensor<3x3xf32>
  return
}

// -----

func.func @tril_inplace_of_value(%x: !pd.vtensor<3x3xf32>) {
  // expected-error @+1 {{'pd.tril_' op operand #0 must be a Paddle tensor that may alias other tensors and be mutated, but got '!pd.vtensor<3x3xf32>'}}
  %0 = pd.tril_ %x {diagonal = 0 : i32} : (!pd.vtensor<3x3xf32>) -> !pd.tensor<3x3xf32>
  return
}

// -----

func.func @repeat_interleave_repeats(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.repeat_interleave' op failed to infer returned types}}
  // expected-error @+1 {{'pd.repeat_interleave' op repeats must be positive, got 0}}
  %0 = pd.repeat_interleave %x {repeats = 0 : i32, axis = 1 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2x?xf32>
  return
}

// -----

func.func @repeat_interleave_axis(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.repeat_interleave' op failed to infer returned types}}
  // expected-error @+1 {{'pd.repeat_interleave' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  %0 = pd.repeat_interleave %x {repeats = 2 : i32, axis = 2 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @repeat_interleave_0d(%x: !pd.vtensor<f32>) {
  // expected-error @+2 {{'pd.repeat_interleave' op failed to infer returned types}}
  // expected-error @+1 {{'pd.repeat_interleave' op axis 0 is out of range: the input is 0-D}}
  %0 = pd.repeat_interleave %x {repeats = 2 : i32, axis = 0 : i32} : (!pd.vtensor<f32>) -> !pd.vtensor<f32>
  return
}

// -----

// A padding of -2^63 overflows the padded size: InferMeta says so instead of
// building an invalid type (which asserted; found by tools/fuzz/fuzz_ir.py).
func.func @pad3d_overflow(%x: !pd.vtensor<1x1x2x2x2xf32>) {
  %p = pd.full_int_array [1, -9223372036854775808, 1, 1, 1, 1] : !pd.vtensor<6xi64>
  // expected-error @+2 {{'pd.pad3d' op failed to infer returned types}}
  // expected-error @+1 {{'pd.pad3d' op padding -9223372036854775808 is out of range (|padding| < 2^40)}}
  %r = pd.pad3d %x, %p : (!pd.vtensor<1x1x2x2x2xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<1x1x4x4x4xf32>
  return
}

// -----

func.func @set_value_zero_step(%x: !pd.vtensor<10xf32>) {
  %s = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [0] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.set_value' op failed to infer returned types}}
  // expected-error @+1 {{'pd.set_value' op steps must not be 0}}
  %0 = pd.set_value %x, %s, %e, %st {axes = array<i64: 0>, decrease_axes = array<i64>, none_axes = array<i64>, shape = array<i64: 1>, values = [1.0 : f64]} : (!pd.vtensor<10xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<10xf32>
  return
}

// -----

func.func @set_value_with_tensor_axis(%x: !pd.vtensor<10xf32>, %v: !pd.vtensor<1xf32>) {
  %s = pd.full_int_array [0] : !pd.vtensor<1xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.set_value_with_tensor' op failed to infer returned types}}
  // expected-error @+1 {{'pd.set_value_with_tensor' op axis 1 is out of range}}
  %0 = pd.set_value_with_tensor %x, %v, %s, %e, %st {axes = array<i64: 1>, decrease_axes = array<i64>, none_axes = array<i64>} : (!pd.vtensor<10xf32>, !pd.vtensor<1xf32>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<10xf32>
  return
}

// -----

func.func @set_value_lengths(%x: !pd.vtensor<10xf32>) {
  %s = pd.full_int_array [0, 1] : !pd.vtensor<2xi64>
  %e = pd.full_int_array [5] : !pd.vtensor<1xi64>
  %st = pd.full_int_array [1] : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.set_value' op failed to infer returned types}}
  // expected-error @+1 {{'pd.set_value' op axes, starts, ends and steps must have the same length}}
  %0 = pd.set_value %x, %s, %e, %st {axes = array<i64: 0>, decrease_axes = array<i64>, none_axes = array<i64>, shape = array<i64: 1>, values = [1.0 : f64]} : (!pd.vtensor<10xf32>, !pd.vtensor<2xi64>, !pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<10xf32>
  return
}

// -----

// (found by fuzz_ir: one result per part, 2^31 - 1 of them, ran out of memory)
func.func @split_with_num_huge(%d: !pd.vtensor<?x4xf32>) {
  %ax0 = pd.full(0) : !pd.vtensor<1xi64>
  // expected-error @+2 {{'pd.split_with_num' op splitting into 2147483647 tensors: at most 65536 are supported}}
  // expected-error @+1 {{'pd.split_with_num' op failed to infer returned types}}
  %0 = pd.split_with_num %d, %ax0 {num = 2147483647 : i32} : (!pd.vtensor<?x4xf32>, !pd.vtensor<1xi64>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  return
}

// -----

// (found by fuzz_ir: 1 + 2^63 - 1 overflowed into a negative dim, and the
// lowering's tensor.pad asserted)
func.func @pad3d_huge_padding(%x: !pd.vtensor<1x2x3x4x5xf32>) {
  %p = pd.full_int_array [2, 1, 1, 2, 1, 9223372036854775807] : !pd.vtensor<6xi64>
  // expected-error @+2 {{'pd.pad3d' op padding 9223372036854775807 is out of range (|padding| < 2^40)}}
  // expected-error @+1 {{'pd.pad3d' op failed to infer returned types}}
  %c = pd.pad3d %x, %p {mode = "constant", pad_value = 5.000000e-01 : f64} : (!pd.vtensor<1x2x3x4x5xf32>, !pd.vtensor<6xi64>) -> !pd.vtensor<1x2x4x7x8xf32>
  return
}

// -----

func.func @index_add_value_shape(%x: !pd.vtensor<3x4xf32>, %i: !pd.vtensor<2xi64>, %v: !pd.vtensor<3x3xf32>) {
  // expected-error @+2 {{'pd.index_add' op add_value [3, 3] must be x's shape [3, 4] with dimension 1 the index's length 2}}
  // expected-error @+1 {{'pd.index_add' op failed to infer returned types}}
  %0 = pd.index_add %x, %i, %v {axis = 1 : i32} : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xi64>, !pd.vtensor<3x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @index_add_float_index(%x: !pd.vtensor<3x4xf32>, %i: !pd.vtensor<2xf32>, %v: !pd.vtensor<2x4xf32>) {
  // expected-error @+2 {{'pd.index_add' op index must be an int32 or int64 tensor, got 'f32'}}
  // expected-error @+1 {{'pd.index_add' op failed to infer returned types}}
  %0 = pd.index_add %x, %i, %v : (!pd.vtensor<3x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @put_along_axis_reduce(%a: !pd.vtensor<3x5xf32>, %i: !pd.vtensor<3x2xi64>, %v: !pd.vtensor<3x2xf32>) {
  // expected-error @+2 {{'pd.put_along_axis' op reduce must be assign, add, mul, multiply, mean, amin or amax, got 'max'}}
  // expected-error @+1 {{'pd.put_along_axis' op failed to infer returned types}}
  %0 = pd.put_along_axis %a, %i, %v {axis = 1 : i32, reduce = "max"} : (!pd.vtensor<3x5xf32>, !pd.vtensor<3x2xi64>, !pd.vtensor<3x2xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @put_along_axis_rank(%a: !pd.vtensor<3x5xf32>, %i: !pd.vtensor<6xi64>, %v: !pd.vtensor<6xf32>) {
  // expected-error @+2 {{'pd.put_along_axis' op indices [6] must have the rank of arr [3, 5]}}
  // expected-error @+1 {{'pd.put_along_axis' op failed to infer returned types}}
  %0 = pd.put_along_axis %a, %i, %v {axis = 1 : i32} : (!pd.vtensor<3x5xf32>, !pd.vtensor<6xi64>, !pd.vtensor<6xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @multiplex_index(%a: !pd.vtensor<4x3xf32>, %i: !pd.vtensor<4x2xi32>) {
  %l = pd.combine(%a, %a) : !pd.vtensor<4x3xf32>, !pd.vtensor<4x3xf32>
  // expected-error @+2 {{'pd.multiplex' op index must be [rows, 1] = [4, 1], got [4, 2]}}
  // expected-error @+1 {{'pd.multiplex' op failed to infer returned types}}
  %0 = pd.multiplex %l, %i : (!pd.vec<!pd.vtensor<4x3xf32>, !pd.vtensor<4x3xf32>>, !pd.vtensor<4x2xi32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @sequence_mask_float(%x: !pd.vtensor<2x3xf32>) {
  %five = pd.full(5) : !pd.vtensor<1xi32>
  // expected-error @+2 {{'pd.sequence_mask' op x (the lengths) must be an integer tensor, got 'f32'}}
  // expected-error @+1 {{'pd.sequence_mask' op failed to infer returned types}}
  %0 = pd.sequence_mask %x, %five {out_dtype = #pd.dtype<float32>} : (!pd.vtensor<2x3xf32>, !pd.vtensor<1xi32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @scatter_nd_add_updates_shape(%x: !pd.vtensor<10x4x5xf32>, %i: !pd.vtensor<6x2xi64>, %u: !pd.vtensor<6x4xf32>) {
  // expected-error @+2 {{'pd.scatter_nd_add' op updates [6, 4] must be index's leading dims and x's dims past the first 2: [6, 5]}}
  // expected-error @+1 {{'pd.scatter_nd_add' op failed to infer returned types}}
  %0 = pd.scatter_nd_add %x, %i, %u : (!pd.vtensor<10x4x5xf32>, !pd.vtensor<6x2xi64>, !pd.vtensor<6x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @scatter_nd_add_index_depth(%x: !pd.vtensor<10x4xf32>, %i: !pd.vtensor<6x3xi64>, %u: !pd.vtensor<6xf32>) {
  // expected-error @+2 {{'pd.scatter_nd_add' op index addresses 3 dims of an input of rank 2}}
  // expected-error @+1 {{'pd.scatter_nd_add' op failed to infer returned types}}
  %0 = pd.scatter_nd_add %x, %i, %u : (!pd.vtensor<10x4xf32>, !pd.vtensor<6x3xi64>, !pd.vtensor<6xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @masked_select_mask_not_bool(%x: !pd.vtensor<3x4xf32>, %m: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.masked_select' op mask must be bool, got 'f32'}}
  // expected-error @+1 {{'pd.masked_select' op failed to infer returned types}}
  %0 = pd.masked_select %x, %m : (!pd.vtensor<3x4xf32>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @masked_select_no_broadcast(%x: !pd.vtensor<3x4xf32>, %m: !pd.vtensor<3x5xi1>) {
  // expected-error @+2 {{'pd.masked_select' op cannot broadcast x of shape [3, 4] with mask of shape [3, 5]: dimension 1 is 4 vs 5}}
  // expected-error @+1 {{'pd.masked_select' op failed to infer returned types}}
  %0 = pd.masked_select %x, %m : (!pd.vtensor<3x4xf32>, !pd.vtensor<3x5xi1>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @unique_dtype(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.unique' op dtype must be int32 or int64, got float32}}
  // expected-error @+1 {{'pd.unique' op failed to infer returned types}}
  %0:4 = pd.unique %x {dtype = #pd.dtype<float32>, is_sorted = true} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  return
}

// -----

func.func @index_put_mask_shape(%x: !pd.vtensor<4x3xf32>, %m: !pd.vtensor<5xi1>, %v: !pd.vtensor<f32>) {
  %mi = pd.combine(%m) : !pd.vtensor<5xi1>
  // expected-error @+2 {{'pd.index_put' op the mask [5] does not match x's leading dims [4, 3]}}
  // expected-error @+1 {{'pd.index_put' op failed to infer returned types}}
  %0 = pd.index_put %x, %mi, %v : (!pd.vtensor<4x3xf32>, !pd.vec<!pd.vtensor<5xi1>>, !pd.vtensor<f32>) -> !pd.vtensor<4x3xf32>
  return
}

// -----

func.func @index_put_too_many(%x: !pd.vtensor<4xf32>, %i: !pd.vtensor<2xi64>, %v: !pd.vtensor<f32>) {
  %ii = pd.combine(%i, %i) : !pd.vtensor<2xi64>, !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.index_put' op 2 indices for a tensor of rank 1}}
  // expected-error @+1 {{'pd.index_put' op failed to infer returned types}}
  %0 = pd.index_put %x, %ii, %v : (!pd.vtensor<4xf32>, !pd.vec<!pd.vtensor<2xi64>, !pd.vtensor<2xi64>>, !pd.vtensor<f32>) -> !pd.vtensor<4xf32>
  return
}

// -----

func.func @unique_consecutive_axes(%x: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.unique_consecutive' op axis takes at most one dim, got 2}}
  // expected-error @+1 {{'pd.unique_consecutive' op failed to infer returned types}}
  %0:3 = pd.unique_consecutive %x {axis = array<i32: 0, 1>} : (!pd.vtensor<3x4xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<i64>, !pd.vtensor<i64>)
  return
}

// -----

// A padded dim past 2^62 (the largest dim a pd type may have).
func.func @pad_past_largest_dim(%x: !pd.vtensor<4611686018427387904x1xf32>) {
  %v = pd.full(0.0) : !pd.vtensor<1xf32>
  // expected-error @+2 {{'pd.pad' op failed to infer returned types}}
  // expected-error @+1 {{output 'out' would have dimension 4611686018427387905: the inputs (sizes, paddings, shapes) are out of range}}
  %0 = pd.pad %x, %v {paddings = array<i32: 0, 1, 0, 0>} : (!pd.vtensor<4611686018427387904x1xf32>, !pd.vtensor<1xf32>) -> !pd.vtensor<?x?xf32>
  return
}
