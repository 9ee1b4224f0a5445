// Matmul, convolution, pooling and normalization lowerings (NN.cpp).
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// A batch of rows times a matrix is one 2-D matmul between views.
// CHECK-LABEL: func.func @matmul_3d_2d(
// CHECK: tensor.collapse_shape {{.*}} : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK: linalg.matmul ins({{.*}} : tensor<6x4xf32>, tensor<4x5xf32>)
// CHECK: tensor.expand_shape {{.*}} : tensor<6x5xf32> into tensor<2x3x5xf32>
func.func @matmul_3d_2d() {
  %x = pd.data "x" : !pd.vtensor<2x3x4xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<4x5xf32>
  %r = pd.matmul %x, %w : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<2x3x5xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x3x5xf32>
  return
}

// -----

// transpose_y and batch dims: a transpose copy, then batch_matmul.
// CHECK-LABEL: func.func @matmul_batch_transposed(
// CHECK: linalg.transpose
// CHECK: linalg.batch_matmul
func.func @matmul_batch_transposed() {
  %q = pd.data "q" : !pd.vtensor<2x4x8xf32>
  %k = pd.data "k" : !pd.vtensor<2x4x8xf32>
  %r = pd.matmul %q, %k {transpose_y = true} : (!pd.vtensor<2x4x8xf32>, !pd.vtensor<2x4x8xf32>) -> !pd.vtensor<2x4x4xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x4x4xf32>
  return
}

// -----

// conv2d: explicit padding, then the named NCHW convolution.
// CHECK-LABEL: func.func @conv2d(
// CHECK: tensor.pad {{.*}}low[0, 0, 1, 1] high[0, 0, 1, 1]
// CHECK: linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
func.func @conv2d() {
  %x = pd.data "x" : !pd.vtensor<1x3x8x8xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<4x3x3x3xf32>
  %c = pd.conv2d %x, %w {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<4x3x3x3xf32>) -> !pd.vtensor<1x4x4x4xf32>
  %f = pd.fetch %c "c" col 0 : !pd.vtensor<1x4x4x4xf32>
  return
}

// -----

// Depthwise convolution (groups == channels).
// CHECK-LABEL: func.func @depthwise(
// CHECK: linalg.depthwise_conv_2d_nchw_chw
func.func @depthwise() {
  %x = pd.data "x" : !pd.vtensor<1x4x8x8xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<4x1x3x3xf32>
  %c = pd.depthwise_conv2d %x, %w {groups = 4 : i32} : (!pd.vtensor<1x4x8x8xf32>, !pd.vtensor<4x1x3x3xf32>) -> !pd.vtensor<1x4x6x6xf32>
  %f = pd.fetch %c "c" col 0 : !pd.vtensor<1x4x6x6xf32>
  return
}

// -----

// Max pooling pads with -inf.
// CHECK-LABEL: func.func @max_pool(
// CHECK: tensor.pad
// CHECK: tensor.yield %{{.*}} : f32
// CHECK: linalg.pooling_nchw_max
func.func @max_pool() {
  %x = pd.data "x" : !pd.vtensor<1x2x8x8xf32>
  %k = pd.full_int_array [3, 3] : !pd.vtensor<2xi64>
  %p = pd.pool2d %x, %k {strides = array<i64: 2, 2>, paddings = array<i64: 1, 1>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x2x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<1x2x4x4xf32>
  %f = pd.fetch %p "p" col 0 : !pd.vtensor<1x2x4x4xf32>
  return
}

// -----

// Global (and 1x1 adaptive) average pooling: one reduction of each
// channel's contiguous h * w elements, divided by h * w, no loop nest per
// output element.
// CHECK-LABEL: func.func @global_avg_pool(
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1], [2, 3]] : tensor<1x8x7x7xf32> into tensor<1x8x49xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// CHECK: arith.addf
// CHECK: arith.constant 4.900000e+01 : f32
// CHECK: arith.divf
// CHECK: tensor.expand_shape %{{.*}} output_shape [1, 8, 1, 1]
// CHECK-NOT: scf.for
func.func @global_avg_pool() {
  %x = pd.data "x" : !pd.vtensor<1x8x7x7xf32>
  %k = pd.full_int_array [1, 1] : !pd.vtensor<2xi64>
  %p = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = false, adaptive = true, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x8x7x7xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<1x8x1x1xf32>
  %f = pd.fetch %p "p" col 0 : !pd.vtensor<1x8x1x1xf32>
  return
}

// -----

// layer_norm: mean, then the mean of squared deviations, then rsqrt.
// CHECK-LABEL: func.func @layer_norm(
// CHECK: arith.addf
// CHECK: arith.subf
// CHECK: arith.mulf
// CHECK: math.rsqrt
func.func @layer_norm() {
  %x = pd.data "x" : !pd.vtensor<2x8xf32>
  %s = pd.get_parameter "s" : !pd.vtensor<8xf32>
  %b = pd.get_parameter "b" : !pd.vtensor<8xf32>
  %y:3 = pd.layer_norm %x scale(%s) bias(%b) {epsilon = 1.0e-5 : f32, begin_norm_axis = 1 : i32} : (!pd.vtensor<2x8xf32>, !pd.vtensor<8xf32>, !pd.vtensor<8xf32>) -> (!pd.vtensor<2x8xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>)
  %f = pd.fetch %y#0 "y" col 0 : !pd.vtensor<2x8xf32>
  return
}

// -----

// fold as a gather: loops (n, c, y, x, ki, kj), the window dims reduced;
// each (ki, kj) reads its block's column where the block exists.
// CHECK-LABEL: func.func @fold(
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK: arith.remui
// CHECK: tensor.extract
// CHECK: arith.select
func.func @fold() {
  %x = pd.data "x" : !pd.vtensor<2x12x12xf32>
  %r = pd.fold %x {output_sizes = array<i32: 4, 5>, kernel_sizes = array<i32: 2, 2>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0, 0, 0>, dilations = array<i32: 1, 1>} : (!pd.vtensor<2x12x12xf32>) -> !pd.vtensor<2x3x4x5xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<2x3x4x5xf32>
  return
}

// -----

// nll_loss: ignored labels become 0, the others are checked against the
// classes at run time before they index the input.
// CHECK: pd.runtime_checks = ["pd.nll_loss at {{.*}}: label {value} is not a class in [0, {bound}) (nor ignore_index)"]
// CHECK-LABEL: func.func @nll_loss(
// CHECK: arith.cmpi eq
// CHECK: arith.cmpi ult
// CHECK: func.call @pdm_runtime_error
// CHECK: tensor.extract
// CHECK: arith.negf
func.func @nll_loss() {
  %x = pd.data "x" : !pd.vtensor<4x3xf32>
  %l = pd.data "l" : !pd.vtensor<4xi64>
  %r:2 = pd.nll_loss %x, %l : (!pd.vtensor<4x3xf32>, !pd.vtensor<4xi64>) -> (!pd.vtensor<f32>, !pd.vtensor<f32>)
  %f = pd.fetch %r#0 "r" col 0 : !pd.vtensor<f32>
  return
}

// -----

// prior_box: the boxes and variances are constants of the static shapes.
// CHECK-LABEL: func.func @prior_box(
// CHECK: arith.constant dense<{{.*}}> : tensor<2x2x1x4xf32>
// CHECK: arith.constant dense<{{\[}}{{.*}}1.000000e-01, 1.000000e-01, 2.000000e-01, 2.000000e-01{{.*}}> : tensor<2x2x1x4xf32>
func.func @prior_box() {
  %x = pd.data "x" : !pd.vtensor<1x8x2x2xf32>
  %img = pd.data "img" : !pd.vtensor<1x3x20x20xf32>
  %b:2 = pd.prior_box %x, %img {min_sizes = array<f32: 10.0>, variances = array<f32: 0.1, 0.1, 0.2, 0.2>} : (!pd.vtensor<1x8x2x2xf32>, !pd.vtensor<1x3x20x20xf32>) -> (!pd.vtensor<2x2x1x4xf32>, !pd.vtensor<2x2x1x4xf32>)
  %f = pd.fetch %b#0 "b" col 0 : !pd.vtensor<2x2x1x4xf32>
  %g = pd.fetch %b#1 "v" col 1 : !pd.vtensor<2x2x1x4xf32>
  return
}

// -----

// fc: the input flattened to 2-D, a matmul, then bias and relu in one
// elementwise op; with padding_weights the matmul reads w's leading 4x5.
// CHECK-LABEL: func.func @fc(
// CHECK: tensor.collapse_shape {{.*}} into tensor<6x4xf32>
// CHECK: tensor.extract_slice {{.*}}[0, 0] [4, 5] [1, 1] : tensor<8x9xf32> to tensor<4x5xf32>
// CHECK: linalg.matmul
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: tensor.expand_shape {{.*}} into tensor<2x3x5xf32>
func.func @fc() {
  %x = pd.data "x" : !pd.vtensor<2x3x4xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<8x9xf32>
  %b = pd.get_parameter "b" : !pd.vtensor<5xf32>
  %y = pd.fc %x, %w bias(%b) {in_num_col_dims = 2 : i32, activation_type = "relu", padding_weights = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<8x9xf32>, !pd.vtensor<5xf32>) -> !pd.vtensor<2x3x5xf32>
  %f = pd.fetch %y "y" col 0 : !pd.vtensor<2x3x5xf32>
  return
}

// -----

// matmul_with_flatten: x [2, 3, 4] at 1 is [2, 12], y [3, 4, 5] at 2 is
// [12, 5].
// CHECK-LABEL: func.func @matmul_with_flatten(
// CHECK-DAG: tensor.collapse_shape {{.*}} into tensor<2x12xf32>
// CHECK-DAG: tensor.collapse_shape {{.*}} into tensor<12x5xf32>
// CHECK: linalg.matmul {{.*}} -> tensor<2x5xf32>
func.func @matmul_with_flatten() {
  %x = pd.data "x" : !pd.vtensor<2x3x4xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<3x4x5xf32>
  %y = pd.matmul_with_flatten %x, %w {y_num_col_dims = 2 : i32} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<3x4x5xf32>) -> !pd.vtensor<2x5xf32>
  %f = pd.fetch %y "y" col 0 : !pd.vtensor<2x5xf32>
  return
}

// -----

// skip_layernorm: the sum, then layer_norm's statistics; rms_norm: the
// sum of squares, rsqrt of its mean plus epsilon, times x and scale;
// add_position_encoding: alpha x + beta times a constant table [S, E].
// CHECK-LABEL: func.func @fused_norms(
// CHECK: arith.addf
// CHECK: math.rsqrt
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: math.rsqrt
// CHECK: arith.constant dense<{{.*}}> : tensor<3x8xf32>
// CHECK: arith.mulf
func.func @fused_norms() {
  %x = pd.data "x" : !pd.vtensor<2x3x8xf32>
  %s = pd.get_parameter "s" : !pd.vtensor<8xf32>
  %y = pd.skip_layernorm %x, %x, %s, %s {epsilon = 1.0e-5 : f32, begin_norm_axis = 2 : i32} : (!pd.vtensor<2x3x8xf32>, !pd.vtensor<2x3x8xf32>, !pd.vtensor<8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<2x3x8xf32>
  %r:2 = pd.rms_norm %x scale(%s) {normalized_shape = array<i64: 8>} : (!pd.vtensor<2x3x8xf32>, !pd.vtensor<8xf32>) -> (!pd.vtensor<2x3x8xf32>, !pd.vtensor<2x3xf32>)
  %p = pd.add_position_encoding %x {alpha = 0.5 : f32, beta = 2.0 : f32} : (!pd.vtensor<2x3x8xf32>) -> !pd.vtensor<2x3x8xf32>
  %f0 = pd.fetch %y "y" col 0 : !pd.vtensor<2x3x8xf32>
  %f1 = pd.fetch %r#0 "r" col 1 : !pd.vtensor<2x3x8xf32>
  %f2 = pd.fetch %r#1 "inv" col 2 : !pd.vtensor<2x3xf32>
  %f3 = pd.fetch %p "p" col 3 : !pd.vtensor<2x3x8xf32>
  return
}
