// Programs convert-pd-to-linalg refuses, with the reason at the op.
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg -verify-diagnostics

func.func @aliasing() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  // expected-error @+1 {{operates on !pd.tensor, which may alias or be written in place; run pd-reduce-inplace-variants and pd-maximize-value-semantics first}}
  %r = pd.relu_ %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.tensor<4xf32>
  return
}

// -----

func.func @runtime_int_array() {
  %x = pd.data "x" : !pd.vtensor<4x6xf32>
  %s = pd.data "s" : !pd.vtensor<2xi64>
  // expected-error @+1 {{`shape` must be known at compile time}}
  %r = pd.reshape %x, %s : (!pd.vtensor<4x6xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @float_only() {
  %x = pd.data "x" : !pd.vtensor<4xi32>
  // expected-error @+1 {{the CPU lowering supports float element types here, got 'i32'}}
  %r = pd.exp %x : (!pd.vtensor<4xi32>) -> !pd.vtensor<4xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xi32>
  return
}

// -----

// The Bessel functions too (Paddle defines them for floats only).
func.func @bessel_float_only() {
  %x = pd.data "x" : !pd.vtensor<4xi64>
  // expected-error @+1 {{'pd.i1e' op the CPU lowering supports float element types here, got 'i64'}}
  %r = pd.i1e %x : (!pd.vtensor<4xi64>) -> !pd.vtensor<4xi64>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xi64>
  return
}

// -----

func.func @static_needed() {
  %x = pd.data "x" : !pd.vtensor<?x3x8x8xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<4x3x3x3xf32>
  // expected-error @+1 {{lowering needs static shapes here}}
  %c = pd.conv2d %x, %w : (!pd.vtensor<?x3x8x8xf32>, !pd.vtensor<4x3x3x3xf32>) -> !pd.vtensor<?x4x6x6xf32>
  %f = pd.fetch %c "c" col 0 : !pd.vtensor<?x4x6x6xf32>
  return
}

// -----

func.func @program_signature(%a: i32) {
  // expected-error @-1 {{a pd program takes no arguments and returns nothing}}
  %x = pd.data "x" : !pd.vtensor<4xf32>
  return
}

// -----

func.func @shift_float() {
  %x = pd.data "x" : !pd.vtensor<4xf32>
  // expected-error @+1 {{'pd.bitwise_left_shift' op is defined on integer tensors only}}
  %r = pd.bitwise_left_shift %x, %x : (!pd.vtensor<4xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xf32>
  return
}

// -----

func.func @masked_fill_dynamic_value() {
  %x = pd.data "x" : !pd.vtensor<4xf32>
  %m = pd.data "m" : !pd.vtensor<4xi1>
  %v = pd.data "v" : !pd.vtensor<?xf32>
  // expected-error @+1 {{'pd.masked_fill' op needs a value of one element (a static shape), got 'tensor<?xf32>'}}
  %r = pd.masked_fill %x, %m, %v : (!pd.vtensor<4xf32>, !pd.vtensor<4xi1>, !pd.vtensor<?xf32>) -> !pd.vtensor<4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xf32>
  return
}

// -----

func.func @isclose_int() {
  %x = pd.data "x" : !pd.vtensor<4xi32>
  %t = pd.full(1.0e-05) : !pd.vtensor<f64>
  // expected-error @+1 {{'pd.isclose' op the CPU lowering supports float element types here, got 'i32'}}
  %r = pd.isclose %x, %x, %t, %t : (!pd.vtensor<4xi32>, !pd.vtensor<4xi32>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<4xi1>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xi1>
  return
}

// -----

func.func @dot_bool() {
  %x = pd.data "x" : !pd.vtensor<4xi1>
  // expected-error @+1 {{'pd.dot' op is not defined on bool tensors}}
  %r = pd.dot %x, %x : (!pd.vtensor<4xi1>, !pd.vtensor<4xi1>) -> !pd.vtensor<i1>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<i1>
  return
}

// -----

func.func @trace_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x4xf32>
  // expected-error @+1 {{'pd.trace' op lowering needs static shapes}}
  %r = pd.trace %x : (!pd.vtensor<?x4xf32>) -> !pd.vtensor<f32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<f32>
  return
}

// -----

func.func @allclose_int() {
  %x = pd.data "x" : !pd.vtensor<4xi64>
  %t = pd.full(1.0e-05) : !pd.vtensor<f64>
  // expected-error @+1 {{'pd.allclose' op the CPU lowering supports float element types here, got 'i64'}}
  %r = pd.allclose %x, %x, %t, %t : (!pd.vtensor<4xi64>, !pd.vtensor<4xi64>, !pd.vtensor<f64>, !pd.vtensor<f64>) -> !pd.vtensor<i1>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<i1>
  return
}

// -----

func.func @add_n_bool() {
  %x = pd.data "x" : !pd.vtensor<4xi1>
  %l = pd.combine(%x, %x) : !pd.vtensor<4xi1>, !pd.vtensor<4xi1>
  // expected-error @+1 {{'pd.add_n' op the CPU lowering sums int and float tensors, got 'i1'}}
  %r = pd.add_n %l : (!pd.vec<!pd.vtensor<4xi1>, !pd.vtensor<4xi1>>) -> !pd.vtensor<4xi1>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xi1>
  return
}

// -----

func.func @bilinear_int() {
  %x = pd.data "x" : !pd.vtensor<2x3xi32>
  %y = pd.data "y" : !pd.vtensor<2x4xi32>
  %w = pd.data "w" : !pd.vtensor<5x3x4xi32>
  // expected-error @+1 {{'pd.bilinear' op the CPU lowering supports float element types here}}
  %r = pd.bilinear %x, %y, %w : (!pd.vtensor<2x3xi32>, !pd.vtensor<2x4xi32>, !pd.vtensor<5x3x4xi32>) -> !pd.vtensor<2x5xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x5xi32>
  return
}

// -----

func.func @pool3d_int() {
  %x = pd.data "x" : !pd.vtensor<1x2x4x4x4xi32>
  // expected-error @+1 {{'pd.pool3d' op the CPU lowering supports float element types here}}
  %r = pd.pool3d %x {kernel_size = array<i64: 2>, strides = array<i64: 2, 2, 2>, paddings = array<i64: 0, 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCDHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "max"} : (!pd.vtensor<1x2x4x4x4xi32>) -> !pd.vtensor<1x2x2x2x2xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x2x2x2x2xi32>
  return
}

// -----

func.func @bicubic_interp_int() {
  %x = pd.data "x" : !pd.vtensor<1x2x4x4xi32>
  // expected-error @+1 {{'pd.bicubic_interp' op the CPU lowering supports float element types here}}
  %r = pd.bicubic_interp %x {out_h = 8 : i32, out_w = 8 : i32} : (!pd.vtensor<1x2x4x4xi32>) -> !pd.vtensor<1x2x8x8xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x2x8x8xi32>
  return
}

// -----

func.func @grid_sample_5d() {
  %x = pd.data "x" : !pd.vtensor<1x2x3x4x4xf32>
  %g = pd.data "g" : !pd.vtensor<1x2x2x2x3xf32>
  // expected-error @+1 {{'pd.grid_sample' op the CPU lowering supports 4-D inputs here (x of rank 5)}}
  %r = pd.grid_sample %x, %g : (!pd.vtensor<1x2x3x4x4xf32>, !pd.vtensor<1x2x2x2x3xf32>) -> !pd.vtensor<1x2x2x2x2xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x2x2x2x2xf32>
  return
}

// -----

func.func @affine_grid_int() {
  %t = pd.data "t" : !pd.vtensor<1x2x3xi32>
  %s = pd.full_int_array [1, 1, 2, 2] : !pd.vtensor<4xi64>
  // expected-error @+1 {{'pd.affine_grid' op the CPU lowering supports float element types here}}
  %r = pd.affine_grid %t, %s : (!pd.vtensor<1x2x3xi32>, !pd.vtensor<4xi64>) -> !pd.vtensor<1x2x2x2xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x2x2x2xi32>
  return
}

// -----

func.func @unfold_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x2x4x4xf32>
  // expected-error @+1 {{'pd.unfold' op lowering needs static shapes}}
  %r = pd.unfold %x {kernel_sizes = array<i32: 2, 2>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0, 0, 0>, dilations = array<i32: 1, 1>} : (!pd.vtensor<?x2x4x4xf32>) -> !pd.vtensor<?x8x9xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x8x9xf32>
  return
}

// -----

func.func @temporal_shift_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x4x2x2xf32>
  // expected-error @+1 {{'pd.temporal_shift' op lowering needs static shapes}}
  %r = pd.temporal_shift %x {seg_num = 2 : i32} : (!pd.vtensor<?x4x2x2xf32>) -> !pd.vtensor<?x4x2x2xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x4x2x2xf32>
  return
}

// -----

func.func @maxout_int() {
  %x = pd.data "x" : !pd.vtensor<1x4x2x2xi32>
  // expected-error @+1 {{'pd.maxout' op the CPU lowering supports float element types here}}
  %r = pd.maxout %x {groups = 2 : i32} : (!pd.vtensor<1x4x2x2xi32>) -> !pd.vtensor<1x2x2x2xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x2x2x2xi32>
  return
}

// -----

func.func @swiglu_int() {
  %x = pd.data "x" : !pd.vtensor<2x4xi32>
  // expected-error @+1 {{'pd.swiglu'}}
  %r = pd.swiglu %x : (!pd.vtensor<2x4xi32>) -> !pd.vtensor<2x2xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x2xi32>
  return
}

// -----

func.func @multi_dot_int() {
  %a = pd.data "a" : !pd.vtensor<2x3xi32>
  %b = pd.data "b" : !pd.vtensor<3x2xi32>
  %ab = pd.combine(%a, %b) : !pd.vtensor<2x3xi32>, !pd.vtensor<3x2xi32>
  // expected-error @+1 {{'pd.multi_dot' op the CPU lowering supports float element types here}}
  %r = pd.multi_dot %ab : (!pd.vec<!pd.vtensor<2x3xi32>, !pd.vtensor<3x2xi32>>) -> !pd.vtensor<2x2xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x2xi32>
  return
}

// -----

func.func @crop_runtime_offsets() {
  %x = pd.data "x" : !pd.vtensor<4x6xf32>
  %at = pd.data "at" : !pd.vtensor<2xi64>
  %shape = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  // expected-error @+1 {{'pd.crop' op `offsets` must be known at compile time to lower this op}}
  %r = pd.crop %x, %shape, %at : (!pd.vtensor<4x6xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<2x3xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @diag_embed_complex() {
  %x = pd.data "x" : !pd.vtensor<2x3xcomplex<f32>>
  // expected-error @+1 {{'pd.diag_embed' op the CPU lowering supports integer and float element types here}}
  %r = pd.diag_embed %x : (!pd.vtensor<2x3xcomplex<f32>>) -> !pd.vtensor<2x3x3xcomplex<f32>>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x3x3xcomplex<f32>>
  return
}

// -----

// fill_diagonal walks flat positions: it needs the whole shape.
func.func @fill_diagonal_dynamic() {
  %x = pd.data "x" : !pd.vtensor<?x5xf32>
  // expected-error @+1 {{lowering needs static shapes here}}
  %r = pd.fill_diagonal %x {value = 1.0 : f32} : (!pd.vtensor<?x5xf32>) -> !pd.vtensor<?x5xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x5xf32>
  return
}
