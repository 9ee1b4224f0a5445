// Diagnostics of the InferMeta functions of the matrix products,
// convolutions, pooling, norms, embedding, softmax cross entropy and resizing
// ops (InferMeta/Linalg.cpp): a bad shape or attribute is reported on the op,
// then the op fails to infer its result types. A declared result type that
// contradicts the inferred one is reported too.
// RUN: paddle-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// matmul, bmm, addmm, addmm_
//===----------------------------------------------------------------------===//

func.func @matmul_k_mismatch(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4x5xf32>) {
  // expected-error @+2 {{'pd.matmul' op contraction dims differ: x [2, 3] has K = 3, y [4, 5] has K = 4}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @matmul_k_mismatch_transposed(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3x5xf32>) {
  // expected-error @+2 {{'pd.matmul' op contraction dims differ: x [2, 3] (transposed) has K = 2, y [3, 5] has K = 3}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y {transpose_x = true} : (!pd.vtensor<2x3xf32>, !pd.vtensor<3x5xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @matmul_k_mismatch_vector(%x: !pd.vtensor<4xf32>, %y: !pd.vtensor<3x5xf32>) {
  // expected-error @+2 {{'pd.matmul' op contraction dims differ: x [4] has K = 4, y [3, 5] has K = 3}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y : (!pd.vtensor<4xf32>, !pd.vtensor<3x5xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @matmul_rank0(%x: !pd.vtensor<f32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.matmul' op operands must have rank >= 1, got x [] and y [3]}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y : (!pd.vtensor<f32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @matmul_dtype(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3x4xf16>) {
  // expected-error @+2 {{'pd.matmul' op operands have different dtypes: x is 'f32', y is 'f16'}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3x4xf16>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @matmul_batch(%x: !pd.vtensor<2x4x8xf32>, %y: !pd.vtensor<3x8x5xf32>) {
  // expected-error @+2 {{'pd.matmul' op cannot broadcast the batch dims of x of shape [2] with the batch dims of y of shape [3]: dimension 0 is 2 vs 3}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y : (!pd.vtensor<2x4x8xf32>, !pd.vtensor<3x8x5xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// A declared result that contradicts InferMeta.
func.func @matmul_wrong_result(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.matmul' op inferred type(s) '!pd.vtensor<2x4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<2x5xf32>'}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<2x5xf32>
  return
}

// -----

func.func @matmul_wrong_result_dtype(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.matmul' op inferred type(s) '!pd.vtensor<2x4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x?xf16>'}}
  // expected-error @+1 {{'pd.matmul' op failed to infer returned types}}
  %0 = pd.matmul %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf16>
  return
}

// -----

func.func @bmm_rank(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.bmm' op operands must be 3-D, got x [2, 3] and y [3, 4]}}
  // expected-error @+1 {{'pd.bmm' op failed to infer returned types}}
  %0 = pd.bmm %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @bmm_batch(%x: !pd.vtensor<5x2x3xf32>, %y: !pd.vtensor<4x3x4xf32>) {
  // expected-error @+2 {{'pd.bmm' op batch sizes differ: 5 vs 4}}
  // expected-error @+1 {{'pd.bmm' op failed to infer returned types}}
  %0 = pd.bmm %x, %y : (!pd.vtensor<5x2x3xf32>, !pd.vtensor<4x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @bmm_k(%x: !pd.vtensor<5x2x3xf32>, %y: !pd.vtensor<5x4x4xf32>) {
  // expected-error @+2 {{'pd.bmm' op contraction dims differ: x [5, 2, 3] has K = 3, y [5, 4, 4] has K = 4}}
  // expected-error @+1 {{'pd.bmm' op failed to infer returned types}}
  %0 = pd.bmm %x, %y : (!pd.vtensor<5x2x3xf32>, !pd.vtensor<5x4x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @addmm_rank(%i: !pd.vtensor<3xf32>, %x: !pd.vtensor<2x2x4xf32>, %y: !pd.vtensor<4x3xf32>) {
  // expected-error @+2 {{'pd.addmm' op x and y must be 2-D, got [2, 2, 4] and [4, 3]}}
  // expected-error @+1 {{'pd.addmm' op failed to infer returned types}}
  %0 = pd.addmm %i, %x, %y : (!pd.vtensor<3xf32>, !pd.vtensor<2x2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @addmm_k(%i: !pd.vtensor<3xf32>, %x: !pd.vtensor<2x5xf32>, %y: !pd.vtensor<4x3xf32>) {
  // expected-error @+2 {{'pd.addmm' op contraction dims differ: x [2, 5] has K = 5, y [4, 3] has K = 4}}
  // expected-error @+1 {{'pd.addmm' op failed to infer returned types}}
  %0 = pd.addmm %i, %x, %y : (!pd.vtensor<3xf32>, !pd.vtensor<2x5xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @addmm_input(%i: !pd.vtensor<4xf32>, %x: !pd.vtensor<2x4xf32>, %y: !pd.vtensor<4x3xf32>) {
  // expected-error @+2 {{'pd.addmm' op cannot broadcast input of shape [4] with x @ y of shape [2, 3]: dimension 1 is 4 vs 3}}
  // expected-error @+1 {{'pd.addmm' op failed to infer returned types}}
  %0 = pd.addmm %i, %x, %y : (!pd.vtensor<4xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// input may broadcast to x @ y, not the other way round.
func.func @addmm_input_grows(%i: !pd.vtensor<5x2x3xf32>, %x: !pd.vtensor<2x4xf32>, %y: !pd.vtensor<4x3xf32>) {
  // expected-error @+2 {{'pd.addmm' op input of shape [5, 2, 3] does not broadcast to x @ y of shape [2, 3]}}
  // expected-error @+1 {{'pd.addmm' op failed to infer returned types}}
  %0 = pd.addmm %i, %x, %y : (!pd.vtensor<5x2x3xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// In place, input must already have the shape of x @ y (broadcasting is not enough).
func.func @addmm_inplace_input(%i: !pd.tensor<2x1xf32>, %x: !pd.vtensor<2x4xf32>, %y: !pd.vtensor<4x3xf32>) {
  // expected-error @+2 {{'pd.addmm_' op cannot update input of shape [2, 1] in place with a result of shape [2, 3]}}
  // expected-error @+1 {{'pd.addmm_' op failed to infer returned types}}
  %0 = pd.addmm_ %i, %x, %y : (!pd.tensor<2x1xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.tensor<?x?xf32>
  return
}

// -----

func.func @addmm_inplace_result(%i: !pd.tensor<2x3xf32>, %x: !pd.vtensor<2x4xf32>, %y: !pd.vtensor<4x3xf32>) {
  // expected-error @+2 {{'pd.addmm_' op inferred type(s) '!pd.tensor<2x3xf32>' are incompatible with return type(s) of operation '!pd.tensor<3x2xf32>'}}
  // expected-error @+1 {{'pd.addmm_' op failed to infer returned types}}
  %0 = pd.addmm_ %i, %x, %y : (!pd.tensor<2x3xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.tensor<3x2xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// conv2d, depthwise_conv2d, conv3d
//===----------------------------------------------------------------------===//

func.func @conv2d_channels(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x4x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op input has 3 channels but filter [8, 4, 3, 3] with groups = 1 expects 4}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x4x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_channels_groups(%x: !pd.vtensor<1x6x8x8xf32>, %f: !pd.vtensor<8x2x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op input has 6 channels but filter [8, 2, 3, 3] with groups = 2 expects 4}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {groups = 2 : i32} : (!pd.vtensor<1x6x8x8xf32>, !pd.vtensor<8x2x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// NHWC takes the channels from the last dim.
func.func @conv2d_channels_nhwc(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op input has 8 channels but filter [8, 3, 3, 3] with groups = 1 expects 3}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {data_format = "NHWC"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_out_channels_groups(%x: !pd.vtensor<1x6x8x8xf32>, %f: !pd.vtensor<8x2x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op filter's output channels 8 are not divisible by groups = 3}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {groups = 3 : i32} : (!pd.vtensor<1x6x8x8xf32>, !pd.vtensor<8x2x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_groups_zero(%x: !pd.vtensor<1x6x8x8xf32>, %f: !pd.vtensor<8x2x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op groups must be positive, got 0}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {groups = 0 : i32} : (!pd.vtensor<1x6x8x8xf32>, !pd.vtensor<8x2x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_paddings_size(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op paddings must have 2 or 4 elements, got 3}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {paddings = array<i32: 1, 1, 1>} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_kernel_too_large(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x9xf32>) {
  // expected-error @+2 {{'pd.conv2d' op spatial dim 1 of size 8 (padded 8) is smaller than the dilated kernel 9}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x9xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_dilated_kernel_too_large(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op spatial dim 0 of size 8 (padded 8) is smaller than the dilated kernel 9}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {dilations = array<i32: 4, 1>} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_padding_algorithm(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op padding_algorithm must be EXPLICIT, SAME or VALID, got 'FULL'}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {padding_algorithm = "FULL"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_strides_size(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op strides must have 2 elements, got 1}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {strides = array<i32: 1>} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_strides_zero(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op strides must be positive, got 0}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {strides = array<i32: 1, 0>} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_dilations(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op dilations must be positive, got -1}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f {dilations = array<i32: -1, 1>} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_input_rank(%x: !pd.vtensor<3x8x8xf32>, %f: !pd.vtensor<8x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op input must be 4-D or 5-D, got [3, 8, 8]}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f : (!pd.vtensor<3x8x8xf32>, !pd.vtensor<8x3x3xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @conv2d_filter_rank(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op filter must have the input's rank 4, got [8, 3, 3]}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_wrong_result(%x: !pd.vtensor<1x3x8x8xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv2d' op inferred type(s) '!pd.vtensor<1x8x6x6xf32>' are incompatible with return type(s) of operation '!pd.vtensor<1x8x8x8xf32>'}}
  // expected-error @+1 {{'pd.conv2d' op failed to infer returned types}}
  %0 = pd.conv2d %x, %f : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<1x8x8x8xf32>
  return
}

// -----

func.func @depthwise_conv2d_channels(%x: !pd.vtensor<1x8x8x8xf32>, %f: !pd.vtensor<8x1x3x3xf32>) {
  // expected-error @+2 {{'pd.depthwise_conv2d' op input has 8 channels but filter [8, 1, 3, 3] with groups = 4 expects 4}}
  // expected-error @+1 {{'pd.depthwise_conv2d' op failed to infer returned types}}
  %0 = pd.depthwise_conv2d %x, %f {groups = 4 : i32} : (!pd.vtensor<1x8x8x8xf32>, !pd.vtensor<8x1x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv3d_filter_rank(%x: !pd.vtensor<1x2x8x8x8xf32>, %f: !pd.vtensor<4x2x3x3xf32>) {
  // expected-error @+2 {{'pd.conv3d' op filter must have the input's rank 5, got [4, 2, 3, 3]}}
  // expected-error @+1 {{'pd.conv3d' op failed to infer returned types}}
  %0 = pd.conv3d %x, %f : (!pd.vtensor<1x2x8x8x8xf32>, !pd.vtensor<4x2x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

func.func @conv3d_paddings_size(%x: !pd.vtensor<1x2x8x8x8xf32>, %f: !pd.vtensor<4x2x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv3d' op paddings must have 3 or 6 elements, got 2}}
  // expected-error @+1 {{'pd.conv3d' op failed to infer returned types}}
  %0 = pd.conv3d %x, %f {paddings = array<i32: 1, 1>} : (!pd.vtensor<1x2x8x8x8xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

func.func @conv3d_kernel_too_large(%x: !pd.vtensor<1x2x2x8x8xf32>, %f: !pd.vtensor<4x2x3x3x3xf32>) {
  // expected-error @+2 {{'pd.conv3d' op spatial dim 0 of size 2 (padded 2) is smaller than the dilated kernel 3}}
  // expected-error @+1 {{'pd.conv3d' op failed to infer returned types}}
  %0 = pd.conv3d %x, %f : (!pd.vtensor<1x2x2x8x8xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// conv2d_transpose
//===----------------------------------------------------------------------===//

// The filter of a transposed convolution is [in_channels, out_channels / groups, kh, kw].
func.func @conv2d_transpose_channels(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<4x8x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op input has 8 channels but filter [4, 8, 4, 4] expects 4}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %none : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<4x8x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_transpose_output_padding(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op output_padding must have 2 elements, got 1}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %none {output_padding = array<i32: 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_transpose_output_size_count(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %s = pd.full_int_array [32, 32, 32] : !pd.vtensor<3xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op output_size must have 2 elements, got 3}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %s : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// With strides 2 and paddings 1 the output is 32 or 33.
func.func @conv2d_transpose_output_size_range(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %s = pd.full_int_array [32, 34] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op output_size[1] = 34 must be in [32, 34)}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %s {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_transpose_paddings_size(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op paddings must have 2 or 4 elements, got 3}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %none {paddings = array<i32: 1, 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_transpose_padding_algorithm(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op padding_algorithm must be EXPLICIT, SAME or VALID, got 'same'}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %none {padding_algorithm = "same"} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @conv2d_transpose_rank(%x: !pd.vtensor<8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op input must be 4-D or 5-D, got [8, 16, 16]}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %none : (!pd.vtensor<8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @conv2d_transpose_groups(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  // expected-error @+2 {{'pd.conv2d_transpose' op groups must be positive, got -1}}
  // expected-error @+1 {{'pd.conv2d_transpose' op failed to infer returned types}}
  %0 = pd.conv2d_transpose %x, %f, %none {groups = -1 : i32} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pool2d
//===----------------------------------------------------------------------===//

func.func @pool2d_pooling_type(%x: !pd.vtensor<1x3x8x8xf32>) {
  %k = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.pool2d' op pooling_type must be 'max' or 'avg', got 'min'}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "min"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pool2d_rank(%x: !pd.vtensor<3x8x8xf32>) {
  %k = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.pool2d' op input must be 4-D, got [3, 8, 8]}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "max"} : (!pd.vtensor<3x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @pool2d_kernel_size_count(%x: !pd.vtensor<1x3x8x8xf32>) {
  %k = pd.full_int_array [2, 2, 2] : !pd.vtensor<3xi64>
  // expected-error @+2 {{'pd.pool2d' op kernel_size must have 1 or 2 elements, got 3}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "max"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<3xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pool3d_rank(%x: !pd.vtensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pd.pool3d' op input must be 5-D, got [1, 3, 8, 8]}}
  // expected-error @+1 {{'pd.pool3d' op failed to infer returned types}}
  %0 = pd.pool3d %x {kernel_size = array<i64: 2>, strides = array<i64: 1, 1, 1>, paddings = array<i64: 0, 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCDHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "max"} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pool3d_strides(%x: !pd.vtensor<1x3x4x8x8xf32>) {
  // expected-error @+2 {{'pd.pool3d' op strides must have 3 elements, got 2}}
  // expected-error @+1 {{'pd.pool3d' op failed to infer returned types}}
  %0 = pd.pool3d %x {kernel_size = array<i64: 2, 2, 2>, strides = array<i64: 1, 1>, paddings = array<i64: 0, 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCDHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "avg"} : (!pd.vtensor<1x3x4x8x8xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

func.func @pool2d_kernel_size_zero(%x: !pd.vtensor<1x3x8x8xf32>) {
  %k = pd.full_int_array [2, 0] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.pool2d' op kernel_size must be positive, got 0}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "avg"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pool2d_kernel_too_large(%x: !pd.vtensor<1x3x8x4xf32>) {
  %k = pd.full_int_array [5, 5] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.pool2d' op spatial dim 1 of size 4 (padded 4) is smaller than the kernel 5}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "max"} : (!pd.vtensor<1x3x8x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pool2d_strides(%x: !pd.vtensor<1x3x8x8xf32>) {
  %k = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.pool2d' op strides must have 2 elements, got 1}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 2>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "max"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pool2d_paddings_size(%x: !pd.vtensor<1x3x8x8xf32>) {
  %k = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.pool2d' op paddings must have 2 or 4 elements, got 3}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT", pooling_type = "max"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pool2d_padding_algorithm(%x: !pd.vtensor<1x3x8x8xf32>) {
  %k = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.pool2d' op padding_algorithm must be EXPLICIT, SAME or VALID, got 'CAUSAL'}}
  // expected-error @+1 {{'pd.pool2d' op failed to infer returned types}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "CAUSAL", pooling_type = "max"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// pool2d's attributes have no defaults.
func.func @pool2d_missing_attribute(%x: !pd.vtensor<1x3x8x8xf32>) {
  %k = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  // expected-error @+1 {{'pd.pool2d' op requires attribute 'pooling_type'}}
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// batch_norm, batch_norm_
//===----------------------------------------------------------------------===//

func.func @batch_norm_mean_size(%x: !pd.vtensor<2x3x4x4xf32>, %m: !pd.vtensor<4xf32>, %v: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.batch_norm' op mean must have 3 elements, got shape [4]}}
  // expected-error @+1 {{'pd.batch_norm' op failed to infer returned types}}
  %0:6 = pd.batch_norm %x, %m, %v {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, use_global_stats = false, trainable_statistics = false, data_format = "NCHW"} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<4xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  return
}

// -----

// NHWC: C is the last dim (4), not 3.
func.func @batch_norm_nhwc_channels(%x: !pd.vtensor<2x3x4x4xf32>, %m: !pd.vtensor<3xf32>, %v: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.batch_norm' op mean must have 4 elements, got shape [3]}}
  // expected-error @+1 {{'pd.batch_norm' op failed to infer returned types}}
  %0:6 = pd.batch_norm %x, %m, %v {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, use_global_stats = false, trainable_statistics = false, data_format = "NHWC"} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  return
}

// -----

func.func @batch_norm_scale_size(%x: !pd.vtensor<2x3x4x4xf32>, %m: !pd.vtensor<3xf32>, %s: !pd.vtensor<2xf32>) {
  // expected-error @+2 {{'pd.batch_norm' op scale must have 3 elements, got shape [2]}}
  // expected-error @+1 {{'pd.batch_norm' op failed to infer returned types}}
  %0:6 = pd.batch_norm %x, %m, %m scale(%s) {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, use_global_stats = false, trainable_statistics = false, data_format = "NCHW"} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<2xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  return
}

// -----

func.func @batch_norm_rank(%x: !pd.vtensor<3xf32>, %m: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.batch_norm' op input must have rank 2 to 5, got [3]}}
  // expected-error @+1 {{'pd.batch_norm' op failed to infer returned types}}
  %0:6 = pd.batch_norm %x, %m, %m {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, use_global_stats = false, trainable_statistics = false, data_format = "NCHW"} : (!pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  return
}

// -----

func.func @batch_norm_inplace_variance(%x: !pd.vtensor<2x3x4x4xf32>, %m: !pd.tensor<3xf32>, %v: !pd.tensor<6xf32>) {
  // expected-error @+2 {{'pd.batch_norm_' op variance must have 3 elements, got shape [6]}}
  // expected-error @+1 {{'pd.batch_norm_' op failed to infer returned types}}
  %0:6 = pd.batch_norm_ %x, %m, %v {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, use_global_stats = false, trainable_statistics = false, data_format = "NCHW"} : (!pd.vtensor<2x3x4x4xf32>, !pd.tensor<3xf32>, !pd.tensor<6xf32>) -> (!pd.tensor<?x?x?x?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xui8>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// layer_norm, group_norm, instance_norm
//===----------------------------------------------------------------------===//

func.func @layer_norm_begin_norm_axis(%x: !pd.vtensor<2x5x16xf32>) {
  // expected-error @+2 {{'pd.layer_norm' op begin_norm_axis 3 is out of range for a tensor of rank 3 (expected [-3, 2])}}
  // expected-error @+1 {{'pd.layer_norm' op failed to infer returned types}}
  %0:3 = pd.layer_norm %x {begin_norm_axis = 3 : i32} : (!pd.vtensor<2x5x16xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  return
}

// -----

func.func @layer_norm_begin_norm_axis_negative(%x: !pd.vtensor<2x5x16xf32>) {
  // expected-error @+2 {{'pd.layer_norm' op begin_norm_axis -4 is out of range for a tensor of rank 3 (expected [-3, 2])}}
  // expected-error @+1 {{'pd.layer_norm' op failed to infer returned types}}
  %0:3 = pd.layer_norm %x {begin_norm_axis = -4 : i32} : (!pd.vtensor<2x5x16xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  return
}

// -----

func.func @layer_norm_scale(%x: !pd.vtensor<2x8xf32>, %s: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.layer_norm' op scale must have 8 elements, got shape [4]}}
  // expected-error @+1 {{'pd.layer_norm' op failed to infer returned types}}
  %0:3 = pd.layer_norm %x scale(%s) : (!pd.vtensor<2x8xf32>, !pd.vtensor<4xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  return
}

// -----

func.func @layer_norm_bias(%x: !pd.vtensor<2x5x16xf32>, %b: !pd.vtensor<16xf32>) {
  // expected-error @+2 {{'pd.layer_norm' op bias must have 80 elements, got shape [16]}}
  // expected-error @+1 {{'pd.layer_norm' op failed to infer returned types}}
  %0:3 = pd.layer_norm %x bias(%b) : (!pd.vtensor<2x5x16xf32>, !pd.vtensor<16xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  return
}

// -----

// mean keeps the dims before begin_norm_axis.
func.func @layer_norm_wrong_mean(%x: !pd.vtensor<2x5x16xf32>) {
  // expected-error @+2 {{'pd.layer_norm' op inferred type(s) '!pd.vtensor<2x5x16xf32>', '!pd.vtensor<2x5xf32>', '!pd.vtensor<2x5xf32>' are incompatible with return type(s) of operation '!pd.vtensor<?x?x?xf32>', '!pd.vtensor<10xf32>', '!pd.vtensor<10xf32>'}}
  // expected-error @+1 {{'pd.layer_norm' op failed to infer returned types}}
  %0:3 = pd.layer_norm %x {begin_norm_axis = 2 : i32} : (!pd.vtensor<2x5x16xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<10xf32>, !pd.vtensor<10xf32>)
  return
}

// -----

func.func @group_norm_divisible(%x: !pd.vtensor<2x6x4x4xf32>) {
  // expected-error @+2 {{'pd.group_norm' op 6 channels are not divisible by groups = 4}}
  // expected-error @+1 {{'pd.group_norm' op failed to infer returned types}}
  %0:3 = pd.group_norm %x {groups = 4 : i32} : (!pd.vtensor<2x6x4x4xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

// groups defaults to -1, as in Paddle: it must be given.
func.func @group_norm_default_groups(%x: !pd.vtensor<2x6x4x4xf32>) {
  // expected-error @+2 {{'pd.group_norm' op groups must be positive, got -1}}
  // expected-error @+1 {{'pd.group_norm' op failed to infer returned types}}
  %0:3 = pd.group_norm %x : (!pd.vtensor<2x6x4x4xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

// NHWC: 4 channels, not 6.
func.func @group_norm_nhwc(%x: !pd.vtensor<2x6x4x4xf32>) {
  // expected-error @+2 {{'pd.group_norm' op 4 channels are not divisible by groups = 3}}
  // expected-error @+1 {{'pd.group_norm' op failed to infer returned types}}
  %0:3 = pd.group_norm %x {groups = 3 : i32, data_format = "NHWC"} : (!pd.vtensor<2x6x4x4xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @group_norm_scale(%x: !pd.vtensor<2x6x4x4xf32>, %s: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.group_norm' op scale must have 6 elements, got shape [3]}}
  // expected-error @+1 {{'pd.group_norm' op failed to infer returned types}}
  %0:3 = pd.group_norm %x scale(%s) {groups = 3 : i32} : (!pd.vtensor<2x6x4x4xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @group_norm_rank(%x: !pd.vtensor<6xf32>) {
  // expected-error @+2 {{'pd.group_norm' op input must have rank >= 2, got [6]}}
  // expected-error @+1 {{'pd.group_norm' op failed to infer returned types}}
  %0:3 = pd.group_norm %x {groups = 3 : i32} : (!pd.vtensor<6xf32>) -> (!pd.vtensor<?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @instance_norm_scale(%x: !pd.vtensor<2x3x4x4xf32>, %s: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.instance_norm' op scale must have 3 elements, got shape [4]}}
  // expected-error @+1 {{'pd.instance_norm' op failed to infer returned types}}
  %0:3 = pd.instance_norm %x scale(%s) : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<4xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  return
}

// -----

func.func @instance_norm_rank(%x: !pd.vtensor<1x2x3x4x5x6xf32>) {
  // expected-error @+2 {{'pd.instance_norm' op input must have rank 2 to 5, got [1, 2, 3, 4, 5, 6]}}
  // expected-error @+1 {{'pd.instance_norm' op failed to infer returned types}}
  %0:3 = pd.instance_norm %x : (!pd.vtensor<1x2x3x4x5x6xf32>) -> (!pd.vtensor<?x?x?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// embedding, cross_entropy_with_softmax, cross_entropy_with_softmax_
//===----------------------------------------------------------------------===//

func.func @embedding_float_ids(%x: !pd.vtensor<4xf32>, %w: !pd.vtensor<10x4xf32>) {
  // expected-error @+2 {{'pd.embedding' op ids must be an integer tensor, got 'f32'}}
  // expected-error @+1 {{'pd.embedding' op failed to infer returned types}}
  %0 = pd.embedding %x, %w : (!pd.vtensor<4xf32>, !pd.vtensor<10x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @embedding_bool_ids(%x: !pd.vtensor<4xi1>, %w: !pd.vtensor<10x4xf32>) {
  // expected-error @+2 {{'pd.embedding' op ids must be an integer tensor, got 'i1'}}
  // expected-error @+1 {{'pd.embedding' op failed to infer returned types}}
  %0 = pd.embedding %x, %w : (!pd.vtensor<4xi1>, !pd.vtensor<10x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @embedding_weight_rank(%x: !pd.vtensor<4xi64>, %w: !pd.vtensor<10x4x2xf32>) {
  // expected-error @+2 {{'pd.embedding' op weight must be 2-D [vocabulary, width], got [10, 4, 2]}}
  // expected-error @+1 {{'pd.embedding' op failed to infer returned types}}
  %0 = pd.embedding %x, %w : (!pd.vtensor<4xi64>, !pd.vtensor<10x4x2xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// Hard labels have size 1 on the class axis.
func.func @cross_entropy_hard_label(%x: !pd.vtensor<4x10xf32>, %l: !pd.vtensor<4x10xi64>) {
  // expected-error @+2 {{'pd.cross_entropy_with_softmax' op label [4, 10] does not match input [4, 10] (hard labels have size 1 on the class axis)}}
  // expected-error @+1 {{'pd.cross_entropy_with_softmax' op failed to infer returned types}}
  %0:2 = pd.cross_entropy_with_softmax %x, %l : (!pd.vtensor<4x10xf32>, !pd.vtensor<4x10xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

// Soft labels have the input's shape.
func.func @cross_entropy_soft_label(%x: !pd.vtensor<4x10xf32>, %l: !pd.vtensor<4x1xf32>) {
  // expected-error @+2 {{'pd.cross_entropy_with_softmax' op label [4, 1] does not match input [4, 10] (soft labels have the input's shape)}}
  // expected-error @+1 {{'pd.cross_entropy_with_softmax' op failed to infer returned types}}
  %0:2 = pd.cross_entropy_with_softmax %x, %l {soft_label = true} : (!pd.vtensor<4x10xf32>, !pd.vtensor<4x1xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @cross_entropy_batch(%x: !pd.vtensor<4x10xf32>, %l: !pd.vtensor<3x1xi64>) {
  // expected-error @+2 {{'pd.cross_entropy_with_softmax' op label [3, 1] does not match input [4, 10] (hard labels have size 1 on the class axis)}}
  // expected-error @+1 {{'pd.cross_entropy_with_softmax' op failed to infer returned types}}
  %0:2 = pd.cross_entropy_with_softmax %x, %l : (!pd.vtensor<4x10xf32>, !pd.vtensor<3x1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @cross_entropy_label_rank(%x: !pd.vtensor<4x10xf32>, %l: !pd.vtensor<4xi64>) {
  // expected-error @+2 {{'pd.cross_entropy_with_softmax' op label [4] must have the rank of input [4, 10]}}
  // expected-error @+1 {{'pd.cross_entropy_with_softmax' op failed to infer returned types}}
  %0:2 = pd.cross_entropy_with_softmax %x, %l : (!pd.vtensor<4x10xf32>, !pd.vtensor<4xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @cross_entropy_axis(%x: !pd.vtensor<4x10xf32>, %l: !pd.vtensor<4x1xi64>) {
  // expected-error @+2 {{'pd.cross_entropy_with_softmax' op axis 2 is out of range for a tensor of rank 2 (expected [-2, 1])}}
  // expected-error @+1 {{'pd.cross_entropy_with_softmax' op failed to infer returned types}}
  %0:2 = pd.cross_entropy_with_softmax %x, %l {axis = 2 : i32} : (!pd.vtensor<4x10xf32>, !pd.vtensor<4x1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @cross_entropy_inplace_axis(%x: !pd.tensor<4x10xf32>, %l: !pd.vtensor<1x9xi64>) {
  // expected-error @+2 {{'pd.cross_entropy_with_softmax_' op label [1, 9] does not match input [4, 10] (hard labels have size 1 on the class axis)}}
  // expected-error @+1 {{'pd.cross_entropy_with_softmax_' op failed to infer returned types}}
  %0:2 = pd.cross_entropy_with_softmax_ %x, %l {axis = 0 : i32} : (!pd.tensor<4x10xf32>, !pd.vtensor<1x9xi64>) -> (!pd.tensor<?x?xf32>, !pd.tensor<?x?xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// bilinear_interp, nearest_interp, pixel_shuffle
//===----------------------------------------------------------------------===//

func.func @bilinear_interp_rank(%x: !pd.vtensor<1x3x8xf32>) {
  // expected-error @+2 {{'pd.bilinear_interp' op input must be 4-D for bilinear interpolation, got [1, 3, 8]}}
  // expected-error @+1 {{'pd.bilinear_interp' op failed to infer returned types}}
  %0 = pd.bilinear_interp %x {out_h = 16 : i32, out_w = 16 : i32} : (!pd.vtensor<1x3x8xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @bilinear_interp_out_size_count(%x: !pd.vtensor<1x3x8x8xf32>) {
  %size = pd.constant dense<[32, 24, 4]> : tensor<3xi32> : !pd.vtensor<3xi32>
  // expected-error @+2 {{'pd.bilinear_interp' op out_size has 3 values for 2 spatial dims}}
  // expected-error @+1 {{'pd.bilinear_interp' op failed to infer returned types}}
  %0 = pd.bilinear_interp %x out_size(%size) : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<3xi32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @linear_interp_rank(%x: !pd.vtensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pd.linear_interp' op input must be 3-D for linear interpolation, got [1, 3, 8, 8]}}
  // expected-error @+1 {{'pd.linear_interp' op failed to infer returned types}}
  %0 = pd.linear_interp %x {out_w = 16 : i32} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @trilinear_interp_rank(%x: !pd.vtensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pd.trilinear_interp' op input must be 5-D for trilinear interpolation, got [1, 3, 8, 8]}}
  // expected-error @+1 {{'pd.trilinear_interp' op failed to infer returned types}}
  %0 = pd.trilinear_interp %x {out_d = 2 : i32, out_h = 16 : i32, out_w = 16 : i32} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @nearest_interp_rank(%x: !pd.vtensor<1x3x8xf32>) {
  // expected-error @+2 {{'pd.nearest_interp' op input must be 4-D or 5-D for nearest interpolation, got [1, 3, 8]}}
  // expected-error @+1 {{'pd.nearest_interp' op failed to infer returned types}}
  %0 = pd.nearest_interp %x {out_w = 16 : i32} : (!pd.vtensor<1x3x8xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @trilinear_interp_scales(%x: !pd.vtensor<1x2x3x4x5xf32>) {
  // expected-error @+2 {{'pd.trilinear_interp' op scale has 2 values for 3 spatial dims (one for all, or one per dim)}}
  // expected-error @+1 {{'pd.trilinear_interp' op failed to infer returned types}}
  %0 = pd.trilinear_interp %x {scale = array<f64: 2.0, 2.0>} : (!pd.vtensor<1x2x3x4x5xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

func.func @bicubic_interp_method(%x: !pd.vtensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pd.bicubic_interp' op interp_method must be linear, bilinear, bicubic, trilinear or nearest, got 'area'}}
  // expected-error @+1 {{'pd.bicubic_interp' op failed to infer returned types}}
  %0 = pd.bicubic_interp %x {out_h = 16 : i32, out_w = 16 : i32, interp_method = "area"} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @bilinear_interp_scale(%x: !pd.vtensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pd.bilinear_interp' op scale must be positive}}
  // expected-error @+1 {{'pd.bilinear_interp' op failed to infer returned types}}
  %0 = pd.bilinear_interp %x {scale = array<f64: 2.0, 0.0>} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @nearest_interp_scale(%x: !pd.vtensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pd.nearest_interp' op scale must be positive}}
  // expected-error @+1 {{'pd.nearest_interp' op failed to infer returned types}}
  %0 = pd.nearest_interp %x {scale = array<f64: -1.0>} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @nearest_interp_wrong_result(%x: !pd.vtensor<1x3x8x8xf32>) {
  // expected-error @+2 {{'pd.nearest_interp' op inferred type(s) '!pd.vtensor<1x3x4x4xf32>' are incompatible with return type(s) of operation '!pd.vtensor<1x3x8x8xf32>'}}
  // expected-error @+1 {{'pd.nearest_interp' op failed to infer returned types}}
  %0 = pd.nearest_interp %x {out_h = 4 : i32, out_w = 4 : i32} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<1x3x8x8xf32>
  return
}

// -----

func.func @pixel_shuffle_channels(%x: !pd.vtensor<1x8x4x4xf32>) {
  // expected-error @+2 {{'pd.pixel_shuffle' op 8 channels are not divisible by upscale_factor^2 = 9}}
  // expected-error @+1 {{'pd.pixel_shuffle' op failed to infer returned types}}
  %0 = pd.pixel_shuffle %x {upscale_factor = 3 : i32} : (!pd.vtensor<1x8x4x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pixel_shuffle_channels_nhwc(%x: !pd.vtensor<1x8x4x6xf32>) {
  // expected-error @+2 {{'pd.pixel_shuffle' op 6 channels are not divisible by upscale_factor^2 = 4}}
  // expected-error @+1 {{'pd.pixel_shuffle' op failed to infer returned types}}
  %0 = pd.pixel_shuffle %x {upscale_factor = 2 : i32, data_format = "NHWC"} : (!pd.vtensor<1x8x4x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pixel_shuffle_factor(%x: !pd.vtensor<1x8x4x4xf32>) {
  // expected-error @+2 {{'pd.pixel_shuffle' op upscale_factor must be positive, got 0}}
  // expected-error @+1 {{'pd.pixel_shuffle' op failed to infer returned types}}
  %0 = pd.pixel_shuffle %x {upscale_factor = 0 : i32} : (!pd.vtensor<1x8x4x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @pixel_shuffle_rank(%x: !pd.vtensor<8x4x4xf32>) {
  // expected-error @+2 {{'pd.pixel_shuffle' op input must be 4-D, got [8, 4, 4]}}
  // expected-error @+1 {{'pd.pixel_shuffle' op failed to infer returned types}}
  %0 = pd.pixel_shuffle %x {upscale_factor = 2 : i32} : (!pd.vtensor<8x4x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @dot_shapes(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<2x4xf32>) {
  // expected-error @+2 {{'pd.dot' op x and y must have the same shape, got [2, 3] and [2, 4]}}
  // expected-error @+1 {{'pd.dot' op failed to infer returned types}}
  %0 = pd.dot %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

func.func @dot_rank(%x: !pd.vtensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.dot' op x must be 1-D or 2-D, got [2, 3, 4]}}
  // expected-error @+1 {{'pd.dot' op failed to infer returned types}}
  %0 = pd.dot %x, %x : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2x3xf32>
  return
}

// -----

func.func @mv_columns(%x: !pd.vtensor<3x5xf32>, %v: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.mv' op x has 5 columns but vec 4 elements}}
  // expected-error @+1 {{'pd.mv' op failed to infer returned types}}
  %0 = pd.mv %x, %v : (!pd.vtensor<3x5xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @trace_same_axes(%x: !pd.vtensor<3x3xf32>) {
  // expected-error @+2 {{'pd.trace' op axis1 and axis2 are the same axis (1)}}
  // expected-error @+1 {{'pd.trace' op failed to infer returned types}}
  %0 = pd.trace %x {axis1 = 1 : i32, axis2 = -1 : i32} : (!pd.vtensor<3x3xf32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @diagonal_rank(%x: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.diagonal' op needs a tensor of rank 2 or more, got [3]}}
  // expected-error @+1 {{'pd.diagonal' op failed to infer returned types}}
  %0 = pd.diagonal %x : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @diagonal_axis(%x: !pd.vtensor<3x3xf32>) {
  // expected-error @+2 {{'pd.diagonal' op axis2}}
  // expected-error @+1 {{'pd.diagonal' op failed to infer returned types}}
  %0 = pd.diagonal %x {axis2 = 2 : i32} : (!pd.vtensor<3x3xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @pixel_unshuffle_size(%x: !pd.vtensor<1x2x5x4xf32>) {
  // expected-error @+2 {{'pd.pixel_unshuffle' op height and width [5, 4] are not divisible by downscale_factor 2}}
  // expected-error @+1 {{'pd.pixel_unshuffle' op failed to infer returned types}}
  %0 = pd.pixel_unshuffle %x {downscale_factor = 2 : i32} : (!pd.vtensor<1x2x5x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @channel_shuffle_groups(%x: !pd.vtensor<1x6x2x2xf32>) {
  // expected-error @+2 {{'pd.channel_shuffle' op 6 channels are not divisible by groups = 4}}
  // expected-error @+1 {{'pd.channel_shuffle' op failed to infer returned types}}
  %0 = pd.channel_shuffle %x {groups = 4 : i32} : (!pd.vtensor<1x6x2x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @bilinear_weight(%x: !pd.vtensor<4x5xf32>, %y: !pd.vtensor<4x6xf32>, %w: !pd.vtensor<3x6x5xf32>) {
  // expected-error @+2 {{'pd.bilinear' op weight [3, 6, 5] must be [O, 5, 6] for x [4, 5] and y [4, 6]}}
  // expected-error @+1 {{'pd.bilinear' op failed to infer returned types}}
  %0 = pd.bilinear %x, %y, %w : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x6xf32>, !pd.vtensor<3x6x5xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @bilinear_bias(%x: !pd.vtensor<4x5xf32>, %y: !pd.vtensor<4x6xf32>, %w: !pd.vtensor<3x5x6xf32>, %b: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.bilinear' op bias must be [1, 3], got [3]}}
  // expected-error @+1 {{'pd.bilinear' op failed to infer returned types}}
  %0 = pd.bilinear %x, %y, %w bias(%b) : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x6xf32>, !pd.vtensor<3x5x6xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @grid_sample_grid(%x: !pd.vtensor<2x3x8x8xf32>, %g: !pd.vtensor<2x5x7x3xf32>) {
  // expected-error @+2 {{'pd.grid_sample' op grid must be [N, H, W, 2] for x of shape [2, 3, 8, 8], got [2, 5, 7, 3]}}
  // expected-error @+1 {{'pd.grid_sample' op failed to infer returned types}}
  %0 = pd.grid_sample %x, %g : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<2x5x7x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @grid_sample_mode(%x: !pd.vtensor<2x3x8x8xf32>, %g: !pd.vtensor<2x5x7x2xf32>) {
  // expected-error @+2 {{'pd.grid_sample' op mode must be bilinear or nearest, got bicubic}}
  // expected-error @+1 {{'pd.grid_sample' op failed to infer returned types}}
  %0 = pd.grid_sample %x, %g {mode = "bicubic"} : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<2x5x7x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @affine_grid_theta(%t: !pd.vtensor<2x2x3xf32>) {
  %s = pd.full_int_array [2, 1, 3, 4, 6] : !pd.vtensor<5xi64>
  // expected-error @+2 {{'pd.affine_grid' op theta must be [N, 3, 4] for 5 output_shape values, got [2, 2, 3]}}
  // expected-error @+1 {{'pd.affine_grid' op failed to infer returned types}}
  %0 = pd.affine_grid %t, %s : (!pd.vtensor<2x2x3xf32>, !pd.vtensor<5xi64>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

func.func @affine_grid_size(%t: !pd.vtensor<2x2x3xf32>) {
  %s = pd.full_int_array [2, 1, 0, 4] : !pd.vtensor<4xi64>
  // expected-error @+2 {{'pd.affine_grid' op output_shape's spatial sizes must be positive, got [2, 1, 0, 4]}}
  // expected-error @+1 {{'pd.affine_grid' op failed to infer returned types}}
  %0 = pd.affine_grid %t, %s : (!pd.vtensor<2x2x3xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @unfold_paddings(%x: !pd.vtensor<1x2x4x4xf32>) {
  // expected-error @+2 {{'pd.unfold' op kernel_sizes, strides and dilations take 2 values and paddings 4 (top, left, bottom, right), got 2, 2, 2 and 2}}
  // expected-error @+1 {{'pd.unfold' op failed to infer returned types}}
  %0 = pd.unfold %x {kernel_sizes = array<i32: 2, 2>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0>, dilations = array<i32: 1, 1>} : (!pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @unfold_window(%x: !pd.vtensor<1x2x4x4xf32>) {
  // expected-error @+2 {{'pd.unfold' op the height 4 with paddings is smaller than the window's extent 5}}
  // expected-error @+1 {{'pd.unfold' op failed to infer returned types}}
  %0 = pd.unfold %x {kernel_sizes = array<i32: 3, 3>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0, 0, 0>, dilations = array<i32: 2, 1>} : (!pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @temporal_shift_seg_num(%x: !pd.vtensor<6x4x2x2xf32>) {
  // expected-error @+2 {{'pd.temporal_shift' op the batch dim 6 is not divisible by seg_num = 4}}
  // expected-error @+1 {{'pd.temporal_shift' op failed to infer returned types}}
  %0 = pd.temporal_shift %x {seg_num = 4 : i32} : (!pd.vtensor<6x4x2x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @temporal_shift_ratio(%x: !pd.vtensor<6x4x2x2xf32>) {
  // expected-error @+2 {{'pd.temporal_shift' op shift_ratio must be in (0, 0.5), got 5.000000e-01}}
  // expected-error @+1 {{'pd.temporal_shift' op failed to infer returned types}}
  %0 = pd.temporal_shift %x {seg_num = 3 : i32, shift_ratio = 0.5 : f32} : (!pd.vtensor<6x4x2x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @maxout_axis(%x: !pd.vtensor<1x6x2x2xf32>) {
  // expected-error @+2 {{'pd.maxout' op axis must be 1, -1 or 3, got 2}}
  // expected-error @+1 {{'pd.maxout' op failed to infer returned types}}
  %0 = pd.maxout %x {groups = 2 : i32, axis = 2 : i32} : (!pd.vtensor<1x6x2x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @cross_no_dim_of_3(%x: !pd.vtensor<4x2xf32>) {
  // expected-error @+2 {{'pd.cross' op no dim of size 3 in [4, 2] for the default axis}}
  // expected-error @+1 {{'pd.cross' op failed to infer returned types}}
  %0 = pd.cross %x, %x : (!pd.vtensor<4x2xf32>, !pd.vtensor<4x2xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @swiglu_odd(%x: !pd.vtensor<4x5xf32>) {
  // expected-error @+2 {{'pd.swiglu' op without y, the last dim of x (5) must be even}}
  // expected-error @+1 {{'pd.swiglu' op failed to infer returned types}}
  %0 = pd.swiglu %x : (!pd.vtensor<4x5xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @baddbmm_input(%in: !pd.vtensor<2x3x4xf32>, %x: !pd.vtensor<2x3x4xf32>, %y: !pd.vtensor<2x4x5xf32>) {
  // expected-error @+2 {{'pd.baddbmm' op cannot broadcast input of shape [2, 3, 4] with x @ y of shape [2, 3, 5]: dimension 2 is 4 vs 5}}
  // expected-error @+1 {{'pd.baddbmm' op failed to infer returned types}}
  %0 = pd.baddbmm %in, %x, %y : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2x3x4xf32>, !pd.vtensor<2x4x5xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @diag_rank(%x: !pd.vtensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.diag' op input must be 0-D, 1-D or 2-D, got [2, 3, 4]}}
  // expected-error @+1 {{'pd.diag' op failed to infer returned types}}
  %0 = pd.diag %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @kron_dtypes(%x: !pd.vtensor<2xf32>, %y: !pd.vtensor<3xf64>) {
  // expected-error @+2 {{'pd.kron' op x and y have different dtypes}}
  // expected-error @+1 {{'pd.kron' op failed to infer returned types}}
  %0 = pd.kron %x, %y : (!pd.vtensor<2xf32>, !pd.vtensor<3xf64>) -> !pd.vtensor<?xf32>
  return
}

// -----

func.func @label_smooth_prior(%l: !pd.vtensor<4x5xf32>, %p: !pd.vtensor<1x4xf32>) {
  // expected-error @+2 {{'pd.label_smooth' op cannot broadcast label of shape [4, 5] with prior_dist of shape [1, 4]: dimension 1 is 5 vs 4}}
  // expected-error @+1 {{'pd.label_smooth' op failed to infer returned types}}
  %0 = pd.label_smooth %l prior_dist(%p) {epsilon = 0.1 : f32} : (!pd.vtensor<4x5xf32>, !pd.vtensor<1x4xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @index_sample_rows(%x: !pd.vtensor<3x5xf32>, %i: !pd.vtensor<2x4xi64>) {
  // expected-error @+2 {{'pd.index_sample' op x and index have different numbers of rows: 3 and 2}}
  // expected-error @+1 {{'pd.index_sample' op failed to infer returned types}}
  %0 = pd.index_sample %x, %i : (!pd.vtensor<3x5xf32>, !pd.vtensor<2x4xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @meshgrid_rank(%a: !pd.vtensor<2x2xf32>) {
  %l = pd.combine(%a) : !pd.vtensor<2x2xf32>
  // expected-error @+2 {{'pd.meshgrid' op inputs must be 0-D or 1-D, got [2, 2]}}
  // expected-error @+1 {{'pd.meshgrid' op failed to infer returned types}}
  %0 = pd.meshgrid %l : (!pd.vec<!pd.vtensor<2x2xf32>>) -> !pd.vec<!pd.vtensor<?x?xf32>>
  return
}

// -----

func.func @logcumsumexp_axis(%x: !pd.vtensor<3x5xf32>) {
  // expected-error @+2 {{'pd.logcumsumexp' op axis 2 is out of range}}
  // expected-error @+1 {{'pd.logcumsumexp' op failed to infer returned types}}
  %0 = pd.logcumsumexp %x {axis = 2 : i32} : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @searchsorted_leading_dims(%seq: !pd.vtensor<2x5xf32>, %v: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.searchsorted' op the leading dims of sorted_sequence [2, 5] and values [3, 4] differ}}
  // expected-error @+1 {{'pd.searchsorted' op failed to infer returned types}}
  %0 = pd.searchsorted %seq, %v : (!pd.vtensor<2x5xf32>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<?x?xi64>
  return
}

// -----

func.func @dist_broadcast(%x: !pd.vtensor<3x5xf32>, %y: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.dist' op cannot broadcast}}
  // expected-error @+1 {{'pd.dist' op failed to infer returned types}}
  %0 = pd.dist %x, %y : (!pd.vtensor<3x5xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @diag_embed_same_dims(%x: !pd.vtensor<2x3xf32>) {
  // expected-error @+2 {{'pd.diag_embed' op dim1 and dim2 must differ, got 0 and -3}}
  // expected-error @+1 {{'pd.diag_embed' op failed to infer returned types}}
  %0 = pd.diag_embed %x {dim1 = 0 : i32, dim2 = -3 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

func.func @multi_dot_chain(%a: !pd.vtensor<3x4xf32>, %b: !pd.vtensor<5x2xf32>) {
  %ab = pd.combine(%a, %b) : !pd.vtensor<3x4xf32>, !pd.vtensor<5x2xf32>
  // expected-error @+2 {{'pd.multi_dot' op tensor 0 [3, 4] cannot multiply tensor 1 [5, 2]}}
  // expected-error @+1 {{'pd.multi_dot' op failed to infer returned types}}
  %0 = pd.multi_dot %ab : (!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<5x2xf32>>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @multi_dot_middle_vector(%a: !pd.vtensor<3x4xf32>, %v: !pd.vtensor<4xf32>, %b: !pd.vtensor<4x2xf32>) {
  %avb = pd.combine(%a, %v, %b) : !pd.vtensor<3x4xf32>, !pd.vtensor<4xf32>, !pd.vtensor<4x2xf32>
  // expected-error @+2 {{'pd.multi_dot' op tensor 1 must be 2-D, got [4]}}
  // expected-error @+1 {{'pd.multi_dot' op failed to infer returned types}}
  %0 = pd.multi_dot %avb : (!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<4xf32>, !pd.vtensor<4x2xf32>>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @crop_past_end(%x: !pd.vtensor<4x6xf32>) {
  %shape = pd.full_int_array [2, 5] : !pd.vtensor<2xi64>
  %at = pd.full_int_array [1, 2] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.crop' op offset 2 + size 5 is past dim 1 of x [4, 6]}}
  // expected-error @+1 {{'pd.crop' op failed to infer returned types}}
  %0 = pd.crop %x, %shape, %at : (!pd.vtensor<4x6xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @huber_loss_shapes(%x: !pd.vtensor<4x5xf32>, %y: !pd.vtensor<5xf32>) {
  // expected-error @+2 {{'pd.huber_loss' op input of shape [4, 5] and label of shape [5] must have the same shape}}
  // expected-error @+1 {{'pd.huber_loss' op failed to infer returned types}}
  %0:2 = pd.huber_loss %x, %y {delta = 1.0 : f32} : (!pd.vtensor<4x5xf32>, !pd.vtensor<5xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

func.func @log_loss_not_a_column(%x: !pd.vtensor<4x5xf32>) {
  // expected-error @+2 {{'pd.log_loss' op input must have the shape [N, 1] (one probability per row), got [4, 5]}}
  // expected-error @+1 {{'pd.log_loss' op failed to infer returned types}}
  %0 = pd.log_loss %x, %x {epsilon = 1.0e-4 : f32} : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @hinge_loss_not_a_column(%x: !pd.vtensor<4x2xf32>) {
  // expected-error @+2 {{'pd.hinge_loss' op logits must have the shape [N, 1] (one score per row), got [4, 2]}}
  // expected-error @+1 {{'pd.hinge_loss' op failed to infer returned types}}
  %0 = pd.hinge_loss %x, %x : (!pd.vtensor<4x2xf32>, !pd.vtensor<4x2xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @hinge_loss_rows_differ(%x: !pd.vtensor<3x1xf32>, %y: !pd.vtensor<2x1xf32>) {
  // expected-error @+2 {{'pd.hinge_loss' op logits of shape [3, 1] and labels of shape [2, 1] must have the same shape}}
  // expected-error @+1 {{'pd.hinge_loss' op failed to infer returned types}}
  %0 = pd.hinge_loss %x, %y : (!pd.vtensor<3x1xf32>, !pd.vtensor<2x1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @bce_loss_integers(%x: !pd.vtensor<4xi32>) {
  // expected-error @+2 {{'pd.bce_loss' op input must be a float tensor}}
  // expected-error @+1 {{'pd.bce_loss' op failed to infer returned types}}
  %0 = pd.bce_loss %x, %x : (!pd.vtensor<4xi32>, !pd.vtensor<4xi32>) -> !pd.vtensor<?xi32>
  return
}

// -----

func.func @kldiv_loss_reduction(%x: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.kldiv_loss' op reduction must be none, mean, batchmean or sum, got 'max'}}
  // expected-error @+1 {{'pd.kldiv_loss' op failed to infer returned types}}
  %0 = pd.kldiv_loss %x, %x {reduction = "max"} : (!pd.vtensor<4xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<f32>
  return
}

// -----

func.func @sigmoid_ce_pos_weight(%x: !pd.vtensor<4x5xf32>, %w: !pd.vtensor<4x5xf64>) {
  // expected-error @+2 {{'pd.sigmoid_cross_entropy_with_logits' op x and pos_weight have different dtypes}}
  // expected-error @+1 {{'pd.sigmoid_cross_entropy_with_logits' op failed to infer returned types}}
  %0 = pd.sigmoid_cross_entropy_with_logits %x, %x pos_weight(%w) : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

func.func @shuffle_channel_groups(%x: !pd.vtensor<1x6x2x2xf32>) {
  // expected-error @+2 {{'pd.shuffle_channel' op 6 channels are not divisible by groups = 4}}
  // expected-error @+1 {{'pd.shuffle_channel' op failed to infer returned types}}
  %0 = pd.shuffle_channel %x {group = 4 : i32} : (!pd.vtensor<1x6x2x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @affine_channel_layout(%x: !pd.vtensor<1x6x2x2xf32>, %s: !pd.vtensor<6xf32>) {
  // AnyLayout reads the channels last (2 here), as Paddle's kernel does.
  // expected-error @+2 {{'pd.affine_channel' op scale must be [2] (the channels of x [1, 6, 2, 2] in AnyLayout), got [6]}}
  // expected-error @+1 {{'pd.affine_channel' op failed to infer returned types}}
  %0 = pd.affine_channel %x, %s, %s : (!pd.vtensor<1x6x2x2xf32>, !pd.vtensor<6xf32>, !pd.vtensor<6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @einsum_term_count(%a: !pd.vtensor<3x4xf32>) {
  %l = pd.combine(%a) : !pd.vtensor<3x4xf32>
  // expected-error @+2 {{'pd.einsum' op equation 'ij,jk->ik' has 2 input term(s) for 1 operand(s)}}
  // expected-error @+1 {{'pd.einsum' op failed to infer returned types}}
  %0:3 = pd.einsum %l {equation = "ij,jk->ik"} : (!pd.vec<!pd.vtensor<3x4xf32>>) -> (!pd.vtensor<?x?xf32>, !pd.vec<!pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?xf32>>)
  return
}

// -----

func.func @einsum_size_mismatch(%a: !pd.vtensor<3x4xf32>, %b: !pd.vtensor<5x2xf32>) {
  %l = pd.combine(%a, %b) : !pd.vtensor<3x4xf32>, !pd.vtensor<5x2xf32>
  // expected-error @+2 {{'pd.einsum' op label 'j' of operand 1 [5, 2] has size 5, elsewhere 4}}
  // expected-error @+1 {{'pd.einsum' op failed to infer returned types}}
  %0:3 = pd.einsum %l {equation = "ij,jk->ik"} : (!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<5x2xf32>>) -> (!pd.vtensor<?x?xf32>, !pd.vec<!pd.vtensor<f32>, !pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>)
  return
}

// -----

func.func @einsum_bad_character(%a: !pd.vtensor<3x4xf32>) {
  %l = pd.combine(%a) : !pd.vtensor<3x4xf32>
  // expected-error @+2 {{'pd.einsum' op input term 'i1' has '1': only letters and "..." label dims}}
  // expected-error @+1 {{'pd.einsum' op failed to infer returned types}}
  %0:3 = pd.einsum %l {equation = "i1->i"} : (!pd.vec<!pd.vtensor<3x4xf32>>) -> (!pd.vtensor<?xf32>, !pd.vec<!pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?xf32>>)
  return
}

// -----

func.func @einsum_output_label(%a: !pd.vtensor<3x4xf32>) {
  %l = pd.combine(%a) : !pd.vtensor<3x4xf32>
  // expected-error @+2 {{'pd.einsum' op output label 'k' is in no input term}}
  // expected-error @+1 {{'pd.einsum' op failed to infer returned types}}
  %0:3 = pd.einsum %l {equation = "ij->ik"} : (!pd.vec<!pd.vtensor<3x4xf32>>) -> (!pd.vtensor<?x?xf32>, !pd.vec<!pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?xf32>>)
  return
}

// -----

func.func @einsum_ellipsis_dropped(%a: !pd.vtensor<2x3x4xf32>) {
  %l = pd.combine(%a) : !pd.vtensor<2x3x4xf32>
  // expected-error @+2 {{'pd.einsum' op the inputs have 1 dim(s) under "..." but the output term 'ij' has no "..."}}
  // expected-error @+1 {{'pd.einsum' op failed to infer returned types}}
  %0:3 = pd.einsum %l {equation = "...ij->ij"} : (!pd.vec<!pd.vtensor<2x3x4xf32>>) -> (!pd.vtensor<?x?xf32>, !pd.vec<!pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?x?xf32>>)
  return
}

// -----

func.func @broadcast_tensors_mismatch(%a: !pd.vtensor<3x4xf32>, %b: !pd.vtensor<5xf32>) {
  %l = pd.combine(%a, %b) : !pd.vtensor<3x4xf32>, !pd.vtensor<5xf32>
  // expected-error @+2 {{'pd.broadcast_tensors' op cannot broadcast the first 1 input(s) of shape [3, 4] with input 1 of shape [5]: dimension 1 is 4 vs 5}}
  // expected-error @+1 {{'pd.broadcast_tensors' op failed to infer returned types}}
  %0 = pd.broadcast_tensors %l : (!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<5xf32>>) -> !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>
  return
}

// -----

func.func @max_pool_with_index_rank(%x: !pd.vtensor<3x7x9xf32>) {
  // expected-error @+2 {{'pd.max_pool2d_with_index' op x must be 4-D [N, C, H, W], got [3, 7, 9]}}
  // expected-error @+1 {{'pd.max_pool2d_with_index' op failed to infer returned types}}
  %0:2 = pd.max_pool2d_with_index %x {kernel_size = array<i32: 3, 3>} : (!pd.vtensor<3x7x9xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xi32>)
  return
}

// -----

func.func @max_pool_with_index_kernel(%x: !pd.vtensor<1x2x7x9xf32>) {
  // expected-error @+2 {{'pd.max_pool2d_with_index' op kernel_size, strides and paddings must have 2 values each, got 3, 2 and 2}}
  // expected-error @+1 {{'pd.max_pool2d_with_index' op failed to infer returned types}}
  %0:2 = pd.max_pool2d_with_index %x {kernel_size = array<i32: 3, 3, 3>} : (!pd.vtensor<1x2x7x9xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?x?x?xi32>)
  return
}

// -----

func.func @unpool_indices_shape(%x: !pd.vtensor<1x2x4x5xf32>, %i: !pd.vtensor<1x2x4x4xi32>) {
  %size = pd.full_int_array [7, 9] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.unpool' op indices [1, 2, 4, 4] must have x's shape [1, 2, 4, 5]}}
  // expected-error @+1 {{'pd.unpool' op failed to infer returned types}}
  %0 = pd.unpool %x, %i, %size {ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>, padding = array<i32: 0, 0>, data_format = "NCHW"} : (!pd.vtensor<1x2x4x5xf32>, !pd.vtensor<1x2x4x4xi32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @unpool_data_format(%x: !pd.vtensor<1x4x5x2xf32>, %i: !pd.vtensor<1x4x5x2xi32>) {
  %size = pd.full_int_array [7, 9] : !pd.vtensor<2xi64>
  // expected-error @+2 {{'pd.unpool' op data_format must be NCHW, got 'NHWC'}}
  // expected-error @+1 {{'pd.unpool' op failed to infer returned types}}
  %0 = pd.unpool %x, %i, %size {ksize = array<i32: 2, 2>, strides = array<i32: 2, 2>, padding = array<i32: 0, 0>, data_format = "NHWC"} : (!pd.vtensor<1x4x5x2xf32>, !pd.vtensor<1x4x5x2xi32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

func.func @fold_blocks(%x: !pd.vtensor<2x12x10xf32>) {
  // expected-error @+2 {{'pd.fold' op x has 10 blocks, the output map takes 12}}
  // expected-error @+1 {{'pd.fold' op failed to infer returned types}}
  %0 = pd.fold %x {output_sizes = array<i32: 4, 5>, kernel_sizes = array<i32: 2, 2>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0, 0, 0>, dilations = array<i32: 1, 1>} : (!pd.vtensor<2x12x10xf32>) -> !pd.vtensor<2x3x4x5xf32>
  return
}

// -----

func.func @fold_channels(%x: !pd.vtensor<2x10x12xf32>) {
  // expected-error @+2 {{'pd.fold' op x's dim 1 (10) must be a multiple of kh * kw = 4}}
  // expected-error @+1 {{'pd.fold' op failed to infer returned types}}
  %0 = pd.fold %x {output_sizes = array<i32: 4, 5>, kernel_sizes = array<i32: 2, 2>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0, 0, 0>, dilations = array<i32: 1, 1>} : (!pd.vtensor<2x10x12xf32>) -> !pd.vtensor<2x3x4x5xf32>
  return
}

// -----

func.func @lp_pool2d_norm(%x: !pd.vtensor<1x3x4x4xf32>) {
  // expected-error @+2 {{'pd.lp_pool2d' op norm_type must be positive, got 0}}
  // expected-error @+1 {{'pd.lp_pool2d' op failed to infer returned types}}
  %0 = pd.lp_pool2d %x {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>} : (!pd.vtensor<1x3x4x4xf32>) -> !pd.vtensor<1x3x2x2xf32>
  return
}

// -----

func.func @nll_loss_label(%x: !pd.vtensor<4x3xf32>, %l: !pd.vtensor<5xi64>) {
  // expected-error @+2 {{'pd.nll_loss' op label's shape [5] does not match input's [4, 3]}}
  // expected-error @+1 {{'pd.nll_loss' op failed to infer returned types}}
  %0:2 = pd.nll_loss %x, %l : (!pd.vtensor<4x3xf32>, !pd.vtensor<5xi64>) -> (!pd.vtensor<f32>, !pd.vtensor<f32>)
  return
}

// -----

func.func @nll_loss_reduction(%x: !pd.vtensor<4x3xf32>, %l: !pd.vtensor<4xi64>) {
  // expected-error @+2 {{'pd.nll_loss' op reduction must be "none", "sum" or "mean", got "max"}}
  // expected-error @+1 {{'pd.nll_loss' op failed to infer returned types}}
  %0:2 = pd.nll_loss %x, %l {reduction = "max"} : (!pd.vtensor<4x3xf32>, !pd.vtensor<4xi64>) -> (!pd.vtensor<f32>, !pd.vtensor<f32>)
  return
}

// -----

func.func @det_not_square(%x: !pd.vtensor<2x3x4xf32>) {
  // expected-error @+2 {{'pd.det' op x's matrices must be square, got [2, 3, 4]}}
  // expected-error @+1 {{'pd.det' op failed to infer returned types}}
  %0 = pd.det %x : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<2xf32>
  return
}

// -----

func.func @slogdet_ints(%x: !pd.vtensor<3x3xi32>) {
  // expected-error @+2 {{'pd.slogdet' op x must be a float tensor, got 'i32'}}
  // expected-error @+1 {{'pd.slogdet' op failed to infer returned types}}
  %0 = pd.slogdet %x : (!pd.vtensor<3x3xi32>) -> !pd.vtensor<2xi32>
  return
}

// -----

func.func @inverse_vector(%x: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.inverse' op x must have at least 2 dims (matrices), got [3]}}
  // expected-error @+1 {{'pd.inverse' op failed to infer returned types}}
  %0 = pd.inverse %x : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @matrix_power_not_square(%x: !pd.vtensor<3x2xf32>) {
  // expected-error @+2 {{'pd.matrix_power' op x's matrices must be square, got [3, 2]}}
  // expected-error @+1 {{'pd.matrix_power' op failed to infer returned types}}
  %0 = pd.matrix_power %x {n = 2 : i32} : (!pd.vtensor<3x2xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @cholesky_not_square(%x: !pd.vtensor<3x2xf32>) {
  // expected-error @+2 {{'pd.cholesky' op x's matrices must be square, got [3, 2]}}
  // expected-error @+1 {{'pd.cholesky' op failed to infer returned types}}
  %0 = pd.cholesky %x : (!pd.vtensor<3x2xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @solve_rows(%x: !pd.vtensor<3x3xf32>, %y: !pd.vtensor<4x2xf32>) {
  // expected-error @+2 {{'pd.solve' op y must be [..., 3, k] for x [3, 3], got [4, 2]}}
  // expected-error @+1 {{'pd.solve' op failed to infer returned types}}
  %0 = pd.solve %x, %y : (!pd.vtensor<3x3xf32>, !pd.vtensor<4x2xf32>) -> !pd.vtensor<3x2xf32>
  return
}

// -----

func.func @triangular_solve_vector(%x: !pd.vtensor<3x3xf32>, %y: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.triangular_solve' op y must be [..., n, k], got [3]}}
  // expected-error @+1 {{'pd.triangular_solve' op failed to infer returned types}}
  %0 = pd.triangular_solve %x, %y : (!pd.vtensor<3x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  return
}

// -----

func.func @lu_vector(%x: !pd.vtensor<3xf32>) {
  // expected-error @+2 {{'pd.lu' op x must have at least 2 dims (matrices), got [3]}}
  // expected-error @+1 {{'pd.lu' op failed to infer returned types}}
  %0:3 = pd.lu %x : (!pd.vtensor<3xf32>) -> (!pd.vtensor<3xf32>, !pd.vtensor<1xi32>, !pd.vtensor<i32>)
  return
}

// -----

func.func @lu_unpack_pivots(%x: !pd.vtensor<4x3xf32>, %p: !pd.vtensor<4xi32>) {
  // expected-error @+2 {{'pd.lu_unpack' op y (the pivots) must be [3] for x [4, 3], got [4]}}
  // expected-error @+1 {{'pd.lu_unpack' op failed to infer returned types}}
  %0:3 = pd.lu_unpack %x, %p : (!pd.vtensor<4x3xf32>, !pd.vtensor<4xi32>) -> (!pd.vtensor<4x4xf32>, !pd.vtensor<4x3xf32>, !pd.vtensor<3x3xf32>)
  return
}

// -----

func.func @cholesky_solve_rows(%x: !pd.vtensor<4x2xf32>, %y: !pd.vtensor<3x3xf32>) {
  // expected-error @+2 {{'pd.cholesky_solve' op x must be [..., 3, k] for y [3, 3], got [4, 2]}}
  // expected-error @+1 {{'pd.cholesky_solve' op failed to infer returned types}}
  %0 = pd.cholesky_solve %x, %y : (!pd.vtensor<4x2xf32>, !pd.vtensor<3x3xf32>) -> !pd.vtensor<4x2xf32>
  return
}

// -----

func.func @fc_columns(%x: !pd.vtensor<2x3x4xf32>, %w: !pd.vtensor<5x5xf32>) {
  // expected-error @+2 {{'pd.fc' op input [2, 3, 4] flattened at in_num_col_dims = 1 has 12 columns, w 5 rows}}
  // expected-error @+1 {{'pd.fc' op failed to infer returned types}}
  %0 = pd.fc %x, %w : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<5x5xf32>) -> !pd.vtensor<2x5xf32>
  return
}

// -----

func.func @fc_activation(%x: !pd.vtensor<2x4xf32>, %w: !pd.vtensor<4x5xf32>) {
  // expected-error @+2 {{'pd.fc' op activation_type must be "" or "relu", got "gelu"}}
  // expected-error @+1 {{'pd.fc' op failed to infer returned types}}
  %0 = pd.fc %x, %w {activation_type = "gelu"} : (!pd.vtensor<2x4xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<2x5xf32>
  return
}

// -----

func.func @matmul_with_flatten_cols(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<3x4xf32>) {
  // expected-error @+2 {{'pd.matmul_with_flatten' op x_num_col_dims must be in [1, 2) for x [2, 3], got 2}}
  // expected-error @+1 {{'pd.matmul_with_flatten' op failed to infer returned types}}
  %0 = pd.matmul_with_flatten %x, %y {x_num_col_dims = 2 : i32} : (!pd.vtensor<2x3xf32>, !pd.vtensor<3x4xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @skip_layernorm_shapes(%x: !pd.vtensor<2x4xf32>, %y: !pd.vtensor<1x4xf32>, %s: !pd.vtensor<4xf32>) {
  // expected-error @+2 {{'pd.skip_layernorm' op x and y must have one shape, got [2, 4] and [1, 4]}}
  // expected-error @+1 {{'pd.skip_layernorm' op failed to infer returned types}}
  %0 = pd.skip_layernorm %x, %y, %s, %s {epsilon = 1.0e-5 : f32, begin_norm_axis = 1 : i32} : (!pd.vtensor<2x4xf32>, !pd.vtensor<1x4xf32>, !pd.vtensor<4xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<2x4xf32>
  return
}

// -----

func.func @rms_norm_shape(%x: !pd.vtensor<2x4xf32>) {
  // expected-error @+2 {{'pd.rms_norm' op normalized_shape [5] differs from x's trailing dims [4]}}
  // expected-error @+1 {{'pd.rms_norm' op failed to infer returned types}}
  %0:2 = pd.rms_norm %x {normalized_shape = array<i64: 5>} : (!pd.vtensor<2x4xf32>) -> (!pd.vtensor<2x4xf32>, !pd.vtensor<2xf32>)
  return
}

// -----

func.func @add_position_encoding_odd(%x: !pd.vtensor<1x3x5xf32>) {
  // expected-error @+2 {{'pd.add_position_encoding' op the feature size must be even, got 5}}
  // expected-error @+1 {{'pd.add_position_encoding' op failed to infer returned types}}
  %0 = pd.add_position_encoding %x : (!pd.vtensor<1x3x5xf32>) -> !pd.vtensor<1x3x5xf32>
  return
}
