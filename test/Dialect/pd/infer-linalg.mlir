// Shape inference of the matrix products, convolutions, pooling, norms,
// embedding, softmax cross entropy and resizing ops (InferMeta/Linalg.cpp):
// results are declared with unknown dims and -pd-infer-shapes fills in what
// InferMeta knows, as PHI would.
// RUN: paddle-opt %s -split-input-file -pd-infer-shapes | FileCheck %s

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @matmul_static
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<4x16xf32>
func.func @matmul_static(%x: !pd.vtensor<4x8xf32>, %y: !pd.vtensor<8x16xf32>) {
  %0 = pd.matmul %x, %y : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @matmul_dynamic
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<?x16xf32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<4x?xf32>
// Unknown K on one side only: nothing to check, nothing lost.
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<4x16xf32>
func.func @matmul_dynamic(%x: !pd.vtensor<?x8xf32>, %y: !pd.vtensor<8x16xf32>,
                          %a: !pd.vtensor<4x8xf32>, %b: !pd.vtensor<8x?xf32>,
                          %c: !pd.vtensor<4x?xf32>) {
  %0 = pd.matmul %x, %y : (!pd.vtensor<?x8xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.matmul %a, %b : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x?xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.matmul %c, %y : (!pd.vtensor<4x?xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @matmul_transpose
// CHECK: pd.matmul {{.*}} {transpose_x = true} : {{.*}} -> !pd.vtensor<4x16xf32>
// CHECK: pd.matmul {{.*}} {transpose_y = true} : {{.*}} -> !pd.vtensor<4x16xf32>
// CHECK: pd.matmul {{.*}} {transpose_x = true, transpose_y = true} : {{.*}} -> !pd.vtensor<4x16xf32>
// CHECK: pd.matmul {{.*}} {transpose_y = true} : {{.*}} -> !pd.vtensor<5x2x3xf32>
func.func @matmul_transpose(%xt: !pd.vtensor<8x4xf32>, %y: !pd.vtensor<8x16xf32>,
                            %x: !pd.vtensor<4x8xf32>, %yt: !pd.vtensor<16x8xf32>,
                            %bx: !pd.vtensor<5x2x8xf32>, %by: !pd.vtensor<3x8xf32>) {
  %0 = pd.matmul %xt, %y {transpose_x = true} : (!pd.vtensor<8x4xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.matmul %x, %yt {transpose_y = true} : (!pd.vtensor<4x8xf32>, !pd.vtensor<16x8xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.matmul %xt, %yt {transpose_x = true, transpose_y = true} : (!pd.vtensor<8x4xf32>, !pd.vtensor<16x8xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.matmul %bx, %by {transpose_y = true} : (!pd.vtensor<5x2x8xf32>, !pd.vtensor<3x8xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// 1-D operands: x is a row vector, y a column vector, and their dims are
// dropped from the result; transposing a vector changes nothing.
// CHECK-LABEL: func.func @matmul_vectors
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<16xf32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<4xf32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<3x5xf32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<3x4xf32>
func.func @matmul_vectors(%v: !pd.vtensor<8xf32>, %y: !pd.vtensor<8x16xf32>,
                          %x: !pd.vtensor<4x8xf32>, %b: !pd.vtensor<3x8x5xf32>,
                          %bx: !pd.vtensor<3x4x8xf32>) {
  %0 = pd.matmul %v, %y : (!pd.vtensor<8xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<?xf32>
  %1 = pd.matmul %x, %v : (!pd.vtensor<4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<?xf32>
  %2 = pd.matmul %v, %v : (!pd.vtensor<8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<f32>
  %3 = pd.matmul %v, %v {transpose_x = true, transpose_y = true} : (!pd.vtensor<8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<f32>
  %4 = pd.matmul %v, %b : (!pd.vtensor<8xf32>, !pd.vtensor<3x8x5xf32>) -> !pd.vtensor<?x?xf32>
  %5 = pd.matmul %bx, %v : (!pd.vtensor<3x4x8xf32>, !pd.vtensor<8xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// Batch dims broadcast (numpy rules, aligned on the right).
// CHECK-LABEL: func.func @matmul_batch_broadcast
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<2x3x4x5xf32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<2x3x4x5xf32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<?x4x5xf32>
// CHECK: pd.matmul {{.*}} -> !pd.vtensor<6x4x5xf32>
func.func @matmul_batch_broadcast(%x: !pd.vtensor<2x1x4x8xf32>, %y: !pd.vtensor<3x8x5xf32>,
                                  %xd: !pd.vtensor<2x?x4x8xf32>, %yd: !pd.vtensor<?x4x8xf32>,
                                  %y2: !pd.vtensor<8x5xf32>, %y6: !pd.vtensor<6x8x5xf32>) {
  %0 = pd.matmul %x, %y : (!pd.vtensor<2x1x4x8xf32>, !pd.vtensor<3x8x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // An unknown batch dim against a known one (not 1) is the known one.
  %1 = pd.matmul %xd, %y : (!pd.vtensor<2x?x4x8xf32>, !pd.vtensor<3x8x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.matmul %yd, %y2 : (!pd.vtensor<?x4x8xf32>, !pd.vtensor<8x5xf32>) -> !pd.vtensor<?x?x?xf32>
  %3 = pd.matmul %yd, %y6 : (!pd.vtensor<?x4x8xf32>, !pd.vtensor<6x8x5xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// Mutable operands give a mutable result; other element types pass through.
// CHECK-LABEL: func.func @matmul_tensor
// CHECK: pd.matmul {{.*}} -> !pd.tensor<4x16xf16>
// CHECK: pd.matmul {{.*}} -> !pd.tensor<4x16xf64>
func.func @matmul_tensor(%x: !pd.tensor<4x8xf16>, %y: !pd.vtensor<8x16xf16>,
                         %a: !pd.tensor<4x8xf64>, %b: !pd.tensor<8x16xf64>) {
  %0 = pd.matmul %x, %y : (!pd.tensor<4x8xf16>, !pd.vtensor<8x16xf16>) -> !pd.tensor<?x?xf16>
  %1 = pd.matmul %a, %b : (!pd.tensor<4x8xf64>, !pd.tensor<8x16xf64>) -> !pd.tensor<?x?xf64>
  return
}

//===----------------------------------------------------------------------===//
// bmm, addmm, addmm_
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @bmm
// CHECK: pd.bmm {{.*}} -> !pd.vtensor<5x2x3xf32>
// CHECK: pd.bmm {{.*}} -> !pd.vtensor<5x2x?xf32>
// CHECK: pd.bmm {{.*}} -> !pd.vtensor<?x?x3xf32>
func.func @bmm(%x: !pd.vtensor<5x2x8xf32>, %y: !pd.vtensor<5x8x3xf32>,
               %xd: !pd.vtensor<?x2x8xf32>, %yd: !pd.vtensor<5x8x?xf32>,
               %a: !pd.vtensor<?x?x?xf32>, %b: !pd.vtensor<?x?x3xf32>) {
  %0 = pd.bmm %x, %y : (!pd.vtensor<5x2x8xf32>, !pd.vtensor<5x8x3xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.bmm %xd, %yd : (!pd.vtensor<?x2x8xf32>, !pd.vtensor<5x8x?xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.bmm %a, %b : (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x3xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// input broadcasts to x @ y, which decides the result.
// CHECK-LABEL: func.func @addmm
// CHECK: pd.addmm {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.addmm {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.addmm {{.*}} -> !pd.vtensor<2x3xf32>
// CHECK: pd.addmm {{.*}} {alpha = 2.000000e+00 : f32, beta = 5.000000e-01 : f32} : {{.*}} -> !pd.vtensor<?x3xf32>
func.func @addmm(%i1: !pd.vtensor<3xf32>, %i2: !pd.vtensor<2x3xf32>, %i0: !pd.vtensor<1x1xf32>,
                 %x: !pd.vtensor<2x4xf32>, %y: !pd.vtensor<4x3xf32>,
                 %id: !pd.vtensor<?x?xf32>, %xd: !pd.vtensor<?x4xf32>) {
  %0 = pd.addmm %i1, %x, %y : (!pd.vtensor<3xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  %1 = pd.addmm %i2, %x, %y : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.addmm %i0, %x, %y : (!pd.vtensor<1x1xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.addmm %id, %xd, %y {alpha = 2.0 : f32, beta = 0.5 : f32} : (!pd.vtensor<?x?xf32>, !pd.vtensor<?x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// The in-place variant updates a mutable input.
// CHECK-LABEL: func.func @addmm_inplace
// CHECK: pd.addmm_ {{.*}} -> !pd.tensor<2x3xf32>
// CHECK: pd.addmm_ {{.*}} -> !pd.tensor<?x3xf32>
// CHECK: pd.addmm_ {{.*}} -> !pd.tensor<2x3xf32>
func.func @addmm_inplace(%i: !pd.tensor<2x3xf32>, %x: !pd.vtensor<2x4xf32>, %y: !pd.vtensor<4x3xf32>,
                         %id: !pd.tensor<?x3xf32>, %xd: !pd.vtensor<?x4xf32>, %iu: !pd.tensor<?x?xf32>) {
  %0 = pd.addmm_ %i, %x, %y : (!pd.tensor<2x3xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.tensor<?x?xf32>
  %1 = pd.addmm_ %id, %xd, %y : (!pd.tensor<?x3xf32>, !pd.vtensor<?x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.tensor<?x?xf32>
  // The input's unknown dims are those of x @ y.
  %2 = pd.addmm_ %iu, %x, %y : (!pd.tensor<?x?xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<4x3xf32>) -> !pd.tensor<?x?xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d: out = (in + pad_before + pad_after - (dilation * (k - 1) + 1)) / stride + 1
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @conv2d_static
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x30x30xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x16x16xf32>
func.func @conv2d_static(%x: !pd.vtensor<1x3x32x32xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  %0 = pd.conv2d %x, %f : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d %x, %f {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// Unknown batch and spatial dims stay unknown; the rest is inferred.
// CHECK-LABEL: func.func @conv2d_dynamic
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<?x8x?x30xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x?x30x30xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x?x?xf32>
func.func @conv2d_dynamic(%x: !pd.vtensor<?x3x?x32xf32>, %f: !pd.vtensor<8x3x3x3xf32>,
                          %x1: !pd.vtensor<1x3x32x32xf32>, %fd: !pd.vtensor<?x3x3x3xf32>,
                          %fk: !pd.vtensor<8x3x?x?xf32>) {
  %0 = pd.conv2d %x, %f : (!pd.vtensor<?x3x?x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d %x1, %fd : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<?x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.conv2d %x1, %fk : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x?x?xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// Explicit paddings: [ph, pw] or [top, bottom, left, right].
// CHECK-LABEL: func.func @conv2d_paddings
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x34x32xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x31x35xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x15x17xf32>
func.func @conv2d_paddings(%x: !pd.vtensor<1x3x32x32xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  %0 = pd.conv2d %x, %f {paddings = array<i32: 2, 1>} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d %x, %f {paddings = array<i32: 0, 1, 2, 3>} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // H: (32 + 0 + 0 - 3) / 2 + 1 = 15, W: (32 + 1 + 2 - 3) / 2 + 1 = 17
  %2 = pd.conv2d %x, %f {strides = array<i32: 2, 2>, paddings = array<i32: 0, 0, 1, 2>} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// SAME: out = ceil(in / stride), whatever the kernel and dilations (PHI
// resets the dilations to 1); VALID: no padding, the paddings are ignored.
// CHECK-LABEL: func.func @conv2d_padding_algorithm
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x32x32xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x17x16xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x33x32xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x?x11xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x17x16xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x31x30xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x16x15xf32>
func.func @conv2d_padding_algorithm(%x: !pd.vtensor<1x3x32x32xf32>, %f: !pd.vtensor<8x3x3x3xf32>,
                                    %xo: !pd.vtensor<1x3x33x32xf32>, %xd: !pd.vtensor<1x3x?x32xf32>,
                                    %fk: !pd.vtensor<8x3x?x?xf32>) {
  %0 = pd.conv2d %x, %f {padding_algorithm = "SAME"} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d %xo, %f {padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (!pd.vtensor<1x3x33x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.conv2d %xo, %f {padding_algorithm = "SAME", dilations = array<i32: 3, 2>} : (!pd.vtensor<1x3x33x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // Unknown kernel: SAME still knows the output of a known input dim.
  %3 = pd.conv2d %xd, %fk {padding_algorithm = "SAME", strides = array<i32: 3, 3>} : (!pd.vtensor<1x3x?x32xf32>, !pd.vtensor<8x3x?x?xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // The paddings are ignored under SAME and VALID.
  %4 = pd.conv2d %xo, %f {padding_algorithm = "SAME", strides = array<i32: 2, 2>, paddings = array<i32: 5, 5>} : (!pd.vtensor<1x3x33x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %5 = pd.conv2d %xo, %f {padding_algorithm = "VALID", paddings = array<i32: 5, 5>} : (!pd.vtensor<1x3x33x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %6 = pd.conv2d %xo, %f {padding_algorithm = "VALID", strides = array<i32: 2, 2>} : (!pd.vtensor<1x3x33x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @conv2d_strides_dilations
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x10x15xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x28x26xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x14x30xf32>
func.func @conv2d_strides_dilations(%x: !pd.vtensor<1x3x32x32xf32>, %f: !pd.vtensor<8x3x3x3xf32>) {
  // (32 - 3) / 3 + 1 = 10, (32 - 3) / 2 + 1 = 15
  %0 = pd.conv2d %x, %f {strides = array<i32: 3, 2>} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // dilated kernels 5 and 7
  %1 = pd.conv2d %x, %f {dilations = array<i32: 2, 3>} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // H: (32 + 2 - 7) / 2 + 1 = 14, W: (32 - 3) / 1 + 1 = 30
  %2 = pd.conv2d %x, %f {strides = array<i32: 2, 1>, paddings = array<i32: 1, 0>, dilations = array<i32: 3, 1>} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// groups: the filter has in_channels / groups input channels.
// CHECK-LABEL: func.func @conv2d_groups
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x30x30xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x6x30x30xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x8x30x30xf32>
func.func @conv2d_groups(%x: !pd.vtensor<1x4x32x32xf32>, %f: !pd.vtensor<8x2x3x3xf32>,
                         %x6: !pd.vtensor<1x6x32x32xf32>, %f6: !pd.vtensor<6x1x3x3xf32>,
                         %xd: !pd.vtensor<1x?x32x32xf32>) {
  %0 = pd.conv2d %x, %f {groups = 2 : i32} : (!pd.vtensor<1x4x32x32xf32>, !pd.vtensor<8x2x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d %x6, %f6 {groups = 6 : i32} : (!pd.vtensor<1x6x32x32xf32>, !pd.vtensor<6x1x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.conv2d %xd, %f {groups = 4 : i32} : (!pd.vtensor<1x?x32x32xf32>, !pd.vtensor<8x2x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// NHWC: channels last, in the input and in the result (the filter stays OIHW).
// CHECK-LABEL: func.func @conv2d_nhwc
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<1x30x30x8xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.vtensor<?x16x16x8xf32>
// CHECK: pd.conv2d {{.*}} -> !pd.tensor<1x32x32x8xf16>
func.func @conv2d_nhwc(%x: !pd.vtensor<1x32x32x3xf32>, %f: !pd.vtensor<8x3x3x3xf32>,
                       %xd: !pd.vtensor<?x32x32x4xf32>, %f2: !pd.vtensor<8x2x3x3xf32>,
                       %xt: !pd.tensor<1x32x32x3xf16>, %ft: !pd.tensor<8x3x3x3xf16>) {
  %0 = pd.conv2d %x, %f {data_format = "NHWC"} : (!pd.vtensor<1x32x32x3xf32>, !pd.vtensor<8x3x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d %xd, %f2 {data_format = "NHWC", groups = 2 : i32, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<?x32x32x4xf32>, !pd.vtensor<8x2x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.conv2d %xt, %ft {data_format = "NHWC", padding_algorithm = "SAME"} : (!pd.tensor<1x32x32x3xf16>, !pd.tensor<8x3x3x3xf16>) -> !pd.tensor<?x?x?x?xf16>
  return
}

//===----------------------------------------------------------------------===//
// depthwise_conv2d, conv3d
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @depthwise_conv2d
// CHECK: pd.depthwise_conv2d {{.*}} -> !pd.vtensor<1x8x32x32xf32>
// CHECK: pd.depthwise_conv2d {{.*}} -> !pd.vtensor<?x16x16x16xf32>
// CHECK: pd.depthwise_conv2d {{.*}} -> !pd.vtensor<2x8x?x15xf32>
func.func @depthwise_conv2d(%x: !pd.vtensor<1x8x32x32xf32>, %f: !pd.vtensor<8x1x3x3xf32>,
                            %xn: !pd.vtensor<?x32x32x8xf32>, %f2: !pd.vtensor<16x1x3x3xf32>,
                            %xd: !pd.vtensor<2x8x?x32xf32>) {
  %0 = pd.depthwise_conv2d %x, %f {groups = 8 : i32, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x32x32xf32>, !pd.vtensor<8x1x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // Channel multiplier 2, NHWC, SAME with stride 2.
  %1 = pd.depthwise_conv2d %xn, %f2 {groups = 8 : i32, data_format = "NHWC", padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (!pd.vtensor<?x32x32x8xf32>, !pd.vtensor<16x1x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.depthwise_conv2d %xd, %f {groups = 8 : i32, strides = array<i32: 2, 2>} : (!pd.vtensor<2x8x?x32xf32>, !pd.vtensor<8x1x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @conv3d
// CHECK: pd.conv3d {{.*}} -> !pd.vtensor<1x4x6x6x6xf32>
// CHECK: pd.conv3d {{.*}} -> !pd.vtensor<1x4x4x4x4xf32>
// CHECK: pd.conv3d {{.*}} -> !pd.vtensor<1x4x7x8x9xf32>
// CHECK: pd.conv3d {{.*}} -> !pd.vtensor<?x6x6x6x4xf32>
// CHECK: pd.conv3d {{.*}} -> !pd.vtensor<1x4x8x?x4xf32>
// CHECK: pd.conv3d {{.*}} -> !pd.vtensor<1x4x4x6x6xf32>
func.func @conv3d(%x: !pd.vtensor<1x2x8x8x8xf32>, %f: !pd.vtensor<4x2x3x3x3xf32>,
                  %xn: !pd.vtensor<?x8x8x8x2xf32>, %xd: !pd.vtensor<1x2x8x?x8xf32>,
                  %x4: !pd.vtensor<1x4x8x8x8xf32>) {
  %0 = pd.conv3d %x, %f : (!pd.vtensor<1x2x8x8x8xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  // (8 + 2 - 3) / 2 + 1 = 4
  %1 = pd.conv3d %x, %f {strides = array<i32: 2, 2, 2>, paddings = array<i32: 1, 1, 1>} : (!pd.vtensor<1x2x8x8x8xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  // Six paddings [front, back, top, bottom, left, right]: 8+1-3+1, 8+2-3+1, 8+3-3+1
  %2 = pd.conv3d %x, %f {paddings = array<i32: 1, 0, 1, 1, 2, 1>} : (!pd.vtensor<1x2x8x8x8xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  %3 = pd.conv3d %xn, %f {data_format = "NDHWC"} : (!pd.vtensor<?x8x8x8x2xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  %4 = pd.conv3d %xd, %f {padding_algorithm = "SAME", strides = array<i32: 1, 1, 2>} : (!pd.vtensor<1x2x8x?x8xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  // groups 2 with dilations [2, 1, 1]
  %5 = pd.conv3d %x4, %f {groups = 2 : i32, dilations = array<i32: 2, 1, 1>} : (!pd.vtensor<1x4x8x8x8xf32>, !pd.vtensor<4x2x3x3x3xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

//===----------------------------------------------------------------------===//
// conv2d_transpose: out = (in - 1) * stride - pad_before - pad_after
//                         + dilation * (k - 1) + 1 + output_padding
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @conv2d_transpose_static
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x19x19xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x32x32xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x31x32xf32>
func.func @conv2d_transpose_static(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %0 = pd.conv2d_transpose %x, %f, %none : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d_transpose %x, %f, %none {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // Four paddings: H 30 - 1 - 2 + 4 = 31, W 30 - 0 - 2 + 4 = 32
  %2 = pd.conv2d_transpose %x, %f, %none {strides = array<i32: 2, 2>, paddings = array<i32: 1, 2, 0, 2>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @conv2d_transpose_dynamic
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<?x4x?x32xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x?x32x32xf32>
func.func @conv2d_transpose_dynamic(%x: !pd.vtensor<?x8x?x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>,
                                    %x1: !pd.vtensor<1x8x16x16xf32>, %fd: !pd.vtensor<8x?x4x4xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %0 = pd.conv2d_transpose %x, %f, %none {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<?x8x?x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d_transpose %x1, %fd, %none {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x?x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// output_padding adds to the inferred size; output_size, when given,
// replaces it (and must lie in [inferred, inferred + stride)).
// CHECK-LABEL: func.func @conv2d_transpose_output_size
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x33x32xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x33x32xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x33x32xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x?x?xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x?x?xf32>
func.func @conv2d_transpose_output_size(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>,
                                        %size: !pd.vtensor<2xi64>, %w: !pd.vtensor<1xi64>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %0 = pd.conv2d_transpose %x, %f, %none {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, output_padding = array<i32: 1, 0>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %s = pd.full_int_array [33, 32] : !pd.vtensor<2xi64>
  %1 = pd.conv2d_transpose %x, %f, %s {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // output_size wins over output_padding.
  %2 = pd.conv2d_transpose %x, %f, %s {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, output_padding = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // Sizes known only at run time (one of them is enough).
  %3 = pd.conv2d_transpose %x, %f, %size {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %h = pd.full(33) : !pd.vtensor<1xi64>
  %l = pd.combine(%h, %w) : !pd.vtensor<1xi64>, !pd.vtensor<1xi64>
  %4 = pd.conv2d_transpose %x, %f, %l {strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vec<!pd.vtensor<1xi64>, !pd.vtensor<1xi64>>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// groups multiply the filter's output channels; NHWC; SAME and VALID;
// dilations (reset to 1 by SAME, as in PHI).
// CHECK-LABEL: func.func @conv2d_transpose_attributes
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x8x32x32xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x32x32x4xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x32x32xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x34x34xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x22x25xf32>
// CHECK: pd.conv2d_transpose {{.*}} -> !pd.vtensor<1x4x62x62xf32>
func.func @conv2d_transpose_attributes(%x: !pd.vtensor<1x8x16x16xf32>, %f: !pd.vtensor<8x4x4x4xf32>,
                                       %xn: !pd.vtensor<1x16x16x8xf32>, %f3: !pd.vtensor<8x4x3x3xf32>,
                                       %f2: !pd.vtensor<8x4x2x2xf32>) {
  %none = pd.full_int_array [] : !pd.vtensor<0xi64>
  %0 = pd.conv2d_transpose %x, %f, %none {groups = 2 : i32, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.conv2d_transpose %xn, %f, %none {data_format = "NHWC", strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x16x16x8xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // SAME, k = 3, stride 2: pads 1 in all, 15 * 2 - 1 + 3 = 32
  %2 = pd.conv2d_transpose %x, %f3, %none {padding_algorithm = "SAME", strides = array<i32: 2, 2>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x3x3xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // VALID ignores the paddings: 15 * 2 + 4 = 34
  %3 = pd.conv2d_transpose %x, %f, %none {padding_algorithm = "VALID", strides = array<i32: 2, 2>, paddings = array<i32: 3, 3>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // dilations: 15 + 2 * 3 + 1 = 22, 15 + 3 * 3 + 1 = 25
  %4 = pd.conv2d_transpose %x, %f, %none {dilations = array<i32: 2, 3>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x4x4xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // SAME, k = 2, stride 4, dilations 2: no padding and the kernel is not
  // dilated, 15 * 4 + 2 = 62 (the dilated kernel would give 63).
  %5 = pd.conv2d_transpose %x, %f2, %none {padding_algorithm = "SAME", strides = array<i32: 4, 4>, dilations = array<i32: 2, 2>} : (!pd.vtensor<1x8x16x16xf32>, !pd.vtensor<8x4x2x2xf32>, !pd.vtensor<0xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

//===----------------------------------------------------------------------===//
// pool2d: out = (in + pad_before + pad_after - k [+ stride - 1 if ceil_mode]) / stride + 1
//===----------------------------------------------------------------------===//

// -----

// CHECK-LABEL: func.func @pool2d_static
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x16x16xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x16x16xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x32x31xf32>
func.func @pool2d_static(%x: !pd.vtensor<1x3x32x32xf32>) {
  %k2 = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  %k3 = pd.full_int_array [3, 3] : !pd.vtensor<2xi64>
  %0 = pd.pool2d %x, %k2 {strides = array<i64: 2, 2>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // avg, paddings 1: (32 + 2 - 3) / 2 + 1 = 16
  %1 = pd.pool2d %x, %k3 {strides = array<i64: 2, 2>, paddings = array<i64: 1, 1>, ceil_mode = false, exclusive = false, data_format = "NCHW", pooling_type = "avg", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // four paddings [top, bottom, left, right]: 32 + 2 - 3 + 1, 32 + 1 - 3 + 1
  %2 = pd.pool2d %x, %k3 {strides = array<i64: 1, 1>, paddings = array<i64: 1, 1, 0, 1>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @pool2d_dynamic
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<?x3x?x16xf32>
// A kernel known only at run time.
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x?x?xf32>
// A one-element kernel is square.
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x16x16xf32>
func.func @pool2d_dynamic(%x: !pd.vtensor<?x3x?x32xf32>, %x1: !pd.vtensor<1x3x32x32xf32>,
                          %k: !pd.vtensor<2xi64>) {
  %k2 = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  %0 = pd.pool2d %x, %k2 {strides = array<i64: 2, 2>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<?x3x?x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.pool2d %x1, %k {strides = array<i64: 2, 2>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %k1 = pd.full_int_array [2] : !pd.vtensor<1xi64>
  %2 = pd.pool2d %x1, %k1 {strides = array<i64: 2, 2>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// pool3d: the same windows in 3 spatial dims (int32 lists, a kernel_size of
// one value for all dims); adaptive: the kernel is the output; global: 1x1x1;
// channels last.
// CHECK-LABEL: func.func @pool3d
// CHECK: pd.pool3d {{.*}} -> !pd.vtensor<1x3x4x8x8xf32>
// CHECK: pd.pool3d {{.*}} -> !pd.vtensor<1x3x5x9x9xf32>
// CHECK: pd.pool3d {{.*}} -> !pd.vtensor<1x3x2x3x4xf32>
// CHECK: pd.pool3d {{.*}} -> !pd.vtensor<1x3x1x1x1xf32>
// CHECK: pd.pool3d {{.*}} -> !pd.vtensor<2x3x6x4x4xf32>
func.func @pool3d(%x: !pd.vtensor<1x3x8x16x16xf32>, %x17: !pd.vtensor<1x3x9x17x17xf32>,
                  %xl: !pd.vtensor<2x6x12x12x4xf32>) {
  %0 = pd.pool3d %x {kernel_size = array<i64: 2>, strides = array<i64: 2, 2, 2>, paddings = array<i64: 0, 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCDHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x8x16x16xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  // ceil_mode: (9 - 2 + 1) / 2 + 1 = 5, (17 - 2 + 1) / 2 + 1 = 9
  %1 = pd.pool3d %x17 {kernel_size = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>, paddings = array<i64: 0, 0, 0>, ceil_mode = true, exclusive = true, data_format = "NCDHW", pooling_type = "avg", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x9x17x17xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  %2 = pd.pool3d %x {kernel_size = array<i64: 2, 3, 4>, strides = array<i64: 1, 1, 1>, paddings = array<i64: 0, 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCDHW", pooling_type = "avg", global_pooling = false, adaptive = true, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x8x16x16xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  %3 = pd.pool3d %x {kernel_size = array<i64: 3, 3, 3>, strides = array<i64: 1, 1, 1>, paddings = array<i64: 1, 1, 1>, ceil_mode = false, exclusive = true, data_format = "NCDHW", pooling_type = "max", global_pooling = true, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x8x16x16xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  %4 = pd.pool3d %xl {kernel_size = array<i64: 2, 2, 3>, strides = array<i64: 2, 2, 3>, paddings = array<i64: 0, 0, 0>, ceil_mode = false, exclusive = true, data_format = "NDHWC", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<2x6x12x12x4xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

// ceil_mode rounds the number of windows up.
// CHECK-LABEL: func.func @pool2d_ceil_mode
// CHECK: pd.pool2d {{.*}} ceil_mode = false{{.*}} -> !pd.vtensor<1x3x16x11xf32>
// CHECK: pd.pool2d {{.*}} ceil_mode = true{{.*}} -> !pd.vtensor<1x3x17x12xf32>
// CHECK: pd.pool2d {{.*}} ceil_mode = true{{.*}} -> !pd.vtensor<1x3x16x16xf32>
func.func @pool2d_ceil_mode(%x: !pd.vtensor<1x3x33x34xf32>, %x32: !pd.vtensor<1x3x32x32xf32>) {
  %k = pd.full_int_array [2, 3] : !pd.vtensor<2xi64>
  %0 = pd.pool2d %x, %k {strides = array<i64: 2, 3>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x33x34xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.pool2d %x, %k {strides = array<i64: 2, 3>, paddings = array<i64: 0, 0>, ceil_mode = true, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x33x34xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // Exact division: ceil_mode changes nothing.
  %k2 = pd.full_int_array [2, 2] : !pd.vtensor<2xi64>
  %2 = pd.pool2d %x32, %k2 {strides = array<i64: 2, 2>, paddings = array<i64: 0, 0>, ceil_mode = true, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x3x32x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// global_pooling: 1x1 whatever the kernel, paddings and input size.
// CHECK-LABEL: func.func @pool2d_global
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<2x3x1x1xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<?x3x1x1xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<2x1x1x3xf32>
func.func @pool2d_global(%x: !pd.vtensor<2x3x7x9xf32>, %xd: !pd.vtensor<?x3x?x?xf32>,
                         %xn: !pd.vtensor<2x7x9x3xf32>) {
  %k = pd.full_int_array [3, 3] : !pd.vtensor<2xi64>
  %0 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 1, 1>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = true, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<2x3x7x9xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.pool2d %xd, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = true, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<?x3x?x?xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.pool2d %xn, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NHWC", pooling_type = "max", global_pooling = true, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<2x7x9x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// adaptive: the kernel size is the output size (strides and paddings are
// not used). With global_pooling too, PHI makes the kernel the input size.
// CHECK-LABEL: func.func @pool2d_adaptive
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<2x3x7x5xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<?x3x7x5xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<2x1x1x3xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<2x3x?x?xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<2x3x32x30xf32>
func.func @pool2d_adaptive(%x: !pd.vtensor<2x3x32x30xf32>, %xd: !pd.vtensor<?x3x?x?xf32>,
                           %xn: !pd.vtensor<2x32x30x3xf32>, %k: !pd.vtensor<2xi64>) {
  %k75 = pd.full_int_array [7, 5] : !pd.vtensor<2xi64>
  %0 = pd.pool2d %x, %k75 {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = false, adaptive = true, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<2x3x32x30xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.pool2d %xd, %k75 {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = true, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<?x3x?x?xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %k1 = pd.full_int_array [1] : !pd.vtensor<1xi64>
  %2 = pd.pool2d %xn, %k1 {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NHWC", pooling_type = "avg", global_pooling = false, adaptive = true, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<2x32x30x3xf32>, !pd.vtensor<1xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.pool2d %x, %k {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = false, adaptive = true, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<2x3x32x30xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %4 = pd.pool2d %x, %k75 {strides = array<i64: 1, 1>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = true, adaptive = true, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<2x3x32x30xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// SAME: ceil(in / stride); VALID: no padding; NHWC.
// CHECK-LABEL: func.func @pool2d_padding_algorithm
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x17x11xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x?x11xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x3x16x10xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x17x11x3xf32>
// CHECK: pd.pool2d {{.*}} -> !pd.vtensor<1x17x16x3xf32>
func.func @pool2d_padding_algorithm(%x: !pd.vtensor<1x3x33x32xf32>, %xd: !pd.vtensor<1x3x?x32xf32>,
                                    %xn: !pd.vtensor<1x33x32x3xf32>) {
  %k = pd.full_int_array [3, 3] : !pd.vtensor<2xi64>
  %0 = pd.pool2d %x, %k {strides = array<i64: 2, 3>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "SAME"} : (!pd.vtensor<1x3x33x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.pool2d %xd, %k {strides = array<i64: 2, 3>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "SAME"} : (!pd.vtensor<1x3x?x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // VALID ignores the paddings: (33 - 3) / 2 + 1, (32 - 3) / 3 + 1
  %2 = pd.pool2d %x, %k {strides = array<i64: 2, 3>, paddings = array<i64: 4, 4>, ceil_mode = false, exclusive = true, data_format = "NCHW", pooling_type = "avg", global_pooling = false, adaptive = false, padding_algorithm = "VALID"} : (!pd.vtensor<1x3x33x32xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.pool2d %xn, %k {strides = array<i64: 2, 3>, paddings = array<i64: 0, 0>, ceil_mode = false, exclusive = true, data_format = "NHWC", pooling_type = "max", global_pooling = false, adaptive = false, padding_algorithm = "SAME"} : (!pd.vtensor<1x33x32x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  // NHWC, explicit: (33 + 2 - 3) / 2 + 1, (32 + 2 - 3) / 2 + 1
  %4 = pd.pool2d %xn, %k {strides = array<i64: 2, 2>, paddings = array<i64: 1, 1>, ceil_mode = false, exclusive = true, data_format = "NHWC", pooling_type = "avg", global_pooling = false, adaptive = false, padding_algorithm = "EXPLICIT"} : (!pd.vtensor<1x33x32x3xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

//===----------------------------------------------------------------------===//
// batch_norm, batch_norm_
//===----------------------------------------------------------------------===//

// -----

// out is x; the statistics have C elements; reserve_space is unknown.
// CHECK-LABEL: func.func @batch_norm_nchw
// CHECK: pd.batch_norm {{.*}} -> (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<?xui8>)
// CHECK: pd.batch_norm {{.*}} -> (!pd.vtensor<?x3x?x?xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<?xui8>)
func.func @batch_norm_nchw(%x: !pd.vtensor<2x3x4x4xf32>, %m: !pd.vtensor<3xf32>, %v: !pd.vtensor<3xf32>,
                           %s: !pd.vtensor<3xf32>, %b: !pd.vtensor<3xf32>, %xd: !pd.vtensor<?x3x?x?xf32>) {
  %0:6 = pd.batch_norm %x, %m, %v scale(%s) bias(%b) {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false} : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  // No scale or bias.
  %1:6 = pd.batch_norm %xd, %m, %v {is_test = true, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = true, trainable_statistics = false} : (!pd.vtensor<?x3x?x?xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  return
}

// -----

// NHWC takes C from the last dim; 2-D inputs; float16 inputs keep float32
// statistics (the running mean/variance keep their own dtype).
// CHECK-LABEL: func.func @batch_norm_layouts
// CHECK: pd.batch_norm {{.*}} -> (!pd.vtensor<2x4x4x3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<?xui8>)
// CHECK: pd.batch_norm {{.*}} -> (!pd.vtensor<8x3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<?xui8>)
// CHECK: pd.batch_norm {{.*}} -> (!pd.vtensor<2x3x4x4xf16>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<?xui8>)
// CHECK: pd.batch_norm {{.*}} -> (!pd.vtensor<2x3x4x4x5xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<?xui8>)
func.func @batch_norm_layouts(%x: !pd.vtensor<2x4x4x3xf32>, %m: !pd.vtensor<3xf32>, %v: !pd.vtensor<3xf32>,
                              %x2: !pd.vtensor<8x3xf32>, %xh: !pd.vtensor<2x3x4x4xf16>,
                              %x5: !pd.vtensor<2x3x4x4x5xf32>) {
  %0:6 = pd.batch_norm %x, %m, %v {is_test = true, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NHWC", use_global_stats = false, trainable_statistics = false} : (!pd.vtensor<2x4x4x3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  %1:6 = pd.batch_norm %x2, %m, %v {is_test = true, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false} : (!pd.vtensor<8x3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  %2:6 = pd.batch_norm %xh, %m, %v {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false} : (!pd.vtensor<2x3x4x4xf16>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf16>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  %3:6 = pd.batch_norm %x5, %m, %v {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCDHW", use_global_stats = false, trainable_statistics = false} : (!pd.vtensor<2x3x4x4x5xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xui8>)
  return
}

// -----

// The in-place variant updates the running mean and variance (mutable).
// CHECK-LABEL: func.func @batch_norm_inplace
// CHECK: pd.batch_norm_ {{.*}} -> (!pd.tensor<2x3x4x4xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<?xui8>)
// CHECK: pd.batch_norm_ {{.*}} -> (!pd.tensor<?x4x4x3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.tensor<?xui8>)
func.func @batch_norm_inplace(%x: !pd.vtensor<2x3x4x4xf32>, %m: !pd.tensor<3xf32>, %v: !pd.tensor<3xf32>,
                              %s: !pd.vtensor<3xf32>, %b: !pd.vtensor<3xf32>, %xn: !pd.vtensor<?x4x4x3xf32>) {
  %0:6 = pd.batch_norm_ %x, %m, %v scale(%s) bias(%b) {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false} : (!pd.vtensor<2x3x4x4xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.tensor<?x?x?x?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xui8>)
  %1:6 = pd.batch_norm_ %xn, %m, %v {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NHWC", use_global_stats = false, trainable_statistics = false} : (!pd.vtensor<?x4x4x3xf32>, !pd.tensor<3xf32>, !pd.tensor<3xf32>) -> (!pd.tensor<?x?x?x?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xf32>, !pd.tensor<?xui8>)
  return
}

//===----------------------------------------------------------------------===//
// layer_norm, group_norm, instance_norm
//===----------------------------------------------------------------------===//

// -----

// mean and variance keep the dims before begin_norm_axis (as PHI does since
// Paddle 2.6); scale and bias have the normalized size.
// CHECK-LABEL: func.func @layer_norm
// CHECK: pd.layer_norm {{.*}} -> (!pd.vtensor<2x5x16xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>)
// CHECK: pd.layer_norm {{.*}} -> (!pd.vtensor<2x5x16xf32>, !pd.vtensor<2x5xf32>, !pd.vtensor<2x5xf32>)
// CHECK: pd.layer_norm {{.*}} -> (!pd.vtensor<2x5x16xf32>, !pd.vtensor<2x5xf32>, !pd.vtensor<2x5xf32>)
// CHECK: pd.layer_norm {{.*}} -> (!pd.vtensor<?x?x16xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
// CHECK: pd.layer_norm {{.*}} -> (!pd.vtensor<4x8xbf16>, !pd.vtensor<4xf32>, !pd.vtensor<4xf32>)
func.func @layer_norm(%x: !pd.vtensor<2x5x16xf32>, %s80: !pd.vtensor<80xf32>, %s: !pd.vtensor<16xf32>,
                      %xd: !pd.vtensor<?x?x16xf32>, %xb: !pd.vtensor<4x8xbf16>) {
  // Default begin_norm_axis = 1.
  %0:3 = pd.layer_norm %x scale(%s80) bias(%s80) : (!pd.vtensor<2x5x16xf32>, !pd.vtensor<80xf32>, !pd.vtensor<80xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  %1:3 = pd.layer_norm %x scale(%s) bias(%s) {begin_norm_axis = 2 : i32, epsilon = 1.0e-6 : f32} : (!pd.vtensor<2x5x16xf32>, !pd.vtensor<16xf32>, !pd.vtensor<16xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  // A negative begin_norm_axis counts from the end; no scale, no bias.
  %2:3 = pd.layer_norm %x {begin_norm_axis = -1 : i32} : (!pd.vtensor<2x5x16xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  %3:3 = pd.layer_norm %xd scale(%s) {begin_norm_axis = 2 : i32} : (!pd.vtensor<?x?x16xf32>, !pd.vtensor<16xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  // bfloat16 inputs keep float32 statistics.
  %4:3 = pd.layer_norm %xb : (!pd.vtensor<4x8xbf16>) -> (!pd.vtensor<?x?xbf16>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  return
}

// -----

// mean and variance are [N, groups].
// CHECK-LABEL: func.func @group_norm
// CHECK: pd.group_norm {{.*}} -> (!pd.vtensor<2x8x4x4xf32>, !pd.vtensor<2x4xf32>, !pd.vtensor<2x4xf32>)
// CHECK: pd.group_norm {{.*}} -> (!pd.vtensor<2x4x4x8xf32>, !pd.vtensor<2x2xf32>, !pd.vtensor<2x2xf32>)
// CHECK: pd.group_norm {{.*}} -> (!pd.vtensor<?x8x?x?xf32>, !pd.vtensor<?x8xf32>, !pd.vtensor<?x8xf32>)
// CHECK: pd.group_norm {{.*}} -> (!pd.vtensor<2x6x5xf16>, !pd.vtensor<2x3xf32>, !pd.vtensor<2x3xf32>)
func.func @group_norm(%x: !pd.vtensor<2x8x4x4xf32>, %s: !pd.vtensor<8xf32>, %xn: !pd.vtensor<2x4x4x8xf32>,
                      %xd: !pd.vtensor<?x8x?x?xf32>, %xh: !pd.vtensor<2x6x5xf16>) {
  %0:3 = pd.group_norm %x scale(%s) bias(%s) {groups = 4 : i32} : (!pd.vtensor<2x8x4x4xf32>, !pd.vtensor<8xf32>, !pd.vtensor<8xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  %1:3 = pd.group_norm %xn scale(%s) {groups = 2 : i32, data_format = "NHWC"} : (!pd.vtensor<2x4x4x8xf32>, !pd.vtensor<8xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  %2:3 = pd.group_norm %xd {groups = 8 : i32, epsilon = 1.0e-6 : f64} : (!pd.vtensor<?x8x?x?xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  %3:3 = pd.group_norm %xh {groups = 3 : i32} : (!pd.vtensor<2x6x5xf16>) -> (!pd.vtensor<?x?x?xf16>, !pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

// saved_mean and saved_variance have N * C elements.
// CHECK-LABEL: func.func @instance_norm
// CHECK: pd.instance_norm {{.*}} -> (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<6xf32>, !pd.vtensor<6xf32>)
// CHECK: pd.instance_norm {{.*}} -> (!pd.vtensor<?x3x4xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
// CHECK: pd.instance_norm {{.*}} -> (!pd.tensor<4x2x3x3x3xf16>, !pd.tensor<8xf32>, !pd.tensor<8xf32>)
func.func @instance_norm(%x: !pd.vtensor<2x3x4x4xf32>, %s: !pd.vtensor<3xf32>, %xd: !pd.vtensor<?x3x4xf32>,
                         %xh: !pd.tensor<4x2x3x3x3xf16>) {
  %0:3 = pd.instance_norm %x scale(%s) bias(%s) : (!pd.vtensor<2x3x4x4xf32>, !pd.vtensor<3xf32>, !pd.vtensor<3xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  %1:3 = pd.instance_norm %xd {epsilon = 1.0e-6 : f32} : (!pd.vtensor<?x3x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?xf32>, !pd.vtensor<?xf32>)
  %2:3 = pd.instance_norm %xh : (!pd.tensor<4x2x3x3x3xf16>) -> (!pd.tensor<?x?x?x?x?xf16>, !pd.tensor<?xf32>, !pd.tensor<?xf32>)
  return
}

//===----------------------------------------------------------------------===//
// embedding, cross_entropy_with_softmax
//===----------------------------------------------------------------------===//

// -----

// ids dims followed by the table width, in the table's dtype.
// CHECK-LABEL: func.func @embedding
// CHECK: pd.embedding {{.*}} -> !pd.vtensor<4x7x32xf32>
// CHECK: pd.embedding {{.*}} -> !pd.vtensor<?x32xf16>
// CHECK: pd.embedding {{.*}} -> !pd.vtensor<32xf32>
// CHECK: pd.embedding {{.*}} -> !pd.vtensor<4x7x?xf32>
func.func @embedding(%ids: !pd.vtensor<4x7xi64>, %w: !pd.vtensor<100x32xf32>,
                     %ids32: !pd.vtensor<?xi32>, %wh: !pd.vtensor<100x32xf16>,
                     %id0: !pd.vtensor<i64>, %wd: !pd.vtensor<?x?xf32>) {
  %0 = pd.embedding %ids, %w : (!pd.vtensor<4x7xi64>, !pd.vtensor<100x32xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.embedding %ids32, %wh {padding_idx = 0 : i64} : (!pd.vtensor<?xi32>, !pd.vtensor<100x32xf16>) -> !pd.vtensor<?x?xf16>
  %2 = pd.embedding %id0, %w {sparse = true} : (!pd.vtensor<i64>, !pd.vtensor<100x32xf32>) -> !pd.vtensor<?xf32>
  %3 = pd.embedding %ids, %wd : (!pd.vtensor<4x7xi64>, !pd.vtensor<?x?xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// softmax is the input; loss has size 1 on the class axis.
// CHECK-LABEL: func.func @cross_entropy_with_softmax
// CHECK: pd.cross_entropy_with_softmax {{.*}} -> (!pd.vtensor<4x10xf32>, !pd.vtensor<4x1xf32>)
// CHECK: pd.cross_entropy_with_softmax {{.*}} -> (!pd.vtensor<4x10xf32>, !pd.vtensor<4x1xf32>)
// CHECK: pd.cross_entropy_with_softmax {{.*}} -> (!pd.vtensor<4x10x5xf32>, !pd.vtensor<4x1x5xf32>)
// CHECK: pd.cross_entropy_with_softmax {{.*}} -> (!pd.vtensor<?x10xf32>, !pd.vtensor<?x1xf32>)
func.func @cross_entropy_with_softmax(%x: !pd.vtensor<4x10xf32>, %hard: !pd.vtensor<4x1xi64>,
                                      %soft: !pd.vtensor<4x10xf32>, %x3: !pd.vtensor<4x10x5xf32>,
                                      %l3: !pd.vtensor<4x1x5xi64>, %xd: !pd.vtensor<?x10xf32>,
                                      %ld: !pd.vtensor<?x1xi64>) {
  %0:2 = pd.cross_entropy_with_softmax %x, %hard : (!pd.vtensor<4x10xf32>, !pd.vtensor<4x1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  %1:2 = pd.cross_entropy_with_softmax %x, %soft {soft_label = true} : (!pd.vtensor<4x10xf32>, !pd.vtensor<4x10xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  %2:2 = pd.cross_entropy_with_softmax %x3, %l3 {axis = 1 : i32} : (!pd.vtensor<4x10x5xf32>, !pd.vtensor<4x1x5xi64>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  %3:2 = pd.cross_entropy_with_softmax %xd, %ld {ignore_index = 0 : i32} : (!pd.vtensor<?x10xf32>, !pd.vtensor<?x1xi64>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  return
}

// -----

// The in-place variant writes the softmax into the (mutable) input.
// CHECK-LABEL: func.func @cross_entropy_with_softmax_inplace
// CHECK: pd.cross_entropy_with_softmax_ {{.*}} -> (!pd.tensor<4x10xf32>, !pd.tensor<4x1xf32>)
func.func @cross_entropy_with_softmax_inplace(%x: !pd.tensor<4x10xf32>, %l: !pd.vtensor<4x1xi64>) {
  %0:2 = pd.cross_entropy_with_softmax_ %x, %l : (!pd.tensor<4x10xf32>, !pd.vtensor<4x1xi64>) -> (!pd.tensor<?x?xf32>, !pd.tensor<?x?xf32>)
  return
}

//===----------------------------------------------------------------------===//
// bilinear_interp, nearest_interp, pixel_shuffle
//===----------------------------------------------------------------------===//

// -----

// out_h/out_w, or the input size times the scale (rounded down); the scale
// wins when both are given, as in PHI.
// CHECK-LABEL: func.func @bilinear_interp
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x16x12xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x16x12xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x12x3xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x4x4xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<?x16x12x3xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<?x3x?x16xf32>
func.func @bilinear_interp(%x: !pd.vtensor<1x3x8x8xf32>, %x7: !pd.vtensor<1x3x7x7xf32>,
                           %xn: !pd.vtensor<?x8x8x3xf32>, %xd: !pd.vtensor<?x3x?x8xf32>) {
  %0 = pd.bilinear_interp %x {out_h = 16 : i32, out_w = 12 : i32} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.bilinear_interp %x {scale = array<f64: 2.0, 1.5>, align_corners = false, align_mode = 0 : i32} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // 7 * 1.75 = 12.25, 7 * 0.5 = 3.5
  %2 = pd.bilinear_interp %x7 {scale = array<f64: 1.75, 0.5>} : (!pd.vtensor<1x3x7x7xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.bilinear_interp %x {out_h = 16 : i32, out_w = 12 : i32, scale = array<f64: 0.5, 0.5>} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %4 = pd.bilinear_interp %xn {data_format = "NHWC", out_h = 16 : i32, out_w = 12 : i32} : (!pd.vtensor<?x8x8x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %5 = pd.bilinear_interp %xd {scale = array<f64: 2.0, 2.0>} : (!pd.vtensor<?x3x?x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// Sizes given by tensors are known only at run time.
// CHECK-LABEL: func.func @bilinear_interp_size_tensors
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x?x?xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x?x?xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x?x?xf32>
// Only one of out_h and out_w is known.
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x16x?xf32>
func.func @bilinear_interp_size_tensors(%x: !pd.vtensor<1x3x8x8xf32>, %size: !pd.vtensor<2xi32>,
                                        %h: !pd.vtensor<1xi32>, %w: !pd.vtensor<1xi32>,
                                        %scale: !pd.vtensor<2xf32>) {
  %0 = pd.bilinear_interp %x out_size(%size) : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi32>) -> !pd.vtensor<?x?x?x?xf32>
  %hw = pd.combine(%h, %w) : !pd.vtensor<1xi32>, !pd.vtensor<1xi32>
  %1 = pd.bilinear_interp %x size_tensor(%hw) : (!pd.vtensor<1x3x8x8xf32>, !pd.vec<!pd.vtensor<1xi32>, !pd.vtensor<1xi32>>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.bilinear_interp %x scale_tensor(%scale) : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.bilinear_interp %x {out_h = 16 : i32, out_w = -1 : i32} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// Size operands that are constants (a folded shape computation: PaddleSeg's
// F.interpolate(x, size=paddle.shape(y)[2:])) give static sizes; the sizes
// of size_tensor win over out_size's, which win over a scale, as in PHI.
// CHECK-LABEL: func.func @bilinear_interp_constant_sizes
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x32x24xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x32x24xf32>
// CHECK: pd.bilinear_interp {{.*}} -> !pd.vtensor<1x3x5x6xf32>
// CHECK: pd.nearest_interp {{.*}} -> !pd.vtensor<1x3x32x24xf32>
func.func @bilinear_interp_constant_sizes(%x: !pd.vtensor<1x3x8x8xf32>) {
  %size = pd.constant dense<[32, 24]> : tensor<2xi32> : !pd.vtensor<2xi32>
  %0 = pd.bilinear_interp %x out_size(%size) : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.bilinear_interp %x out_size(%size) {scale = array<f64: 2.0, 2.0>} : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi32>) -> !pd.vtensor<?x?x?x?xf32>
  %h = pd.full(5.0) : !pd.vtensor<1xi32>
  %w = pd.full(6.0) : !pd.vtensor<1xi32>
  %hw = pd.combine(%h, %w) : !pd.vtensor<1xi32>, !pd.vtensor<1xi32>
  %2 = pd.bilinear_interp %x out_size(%size) size_tensor(%hw) : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi32>, !pd.vec<!pd.vtensor<1xi32>, !pd.vtensor<1xi32>>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.nearest_interp %x out_size(%size) : (!pd.vtensor<1x3x8x8xf32>, !pd.vtensor<2xi32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// CHECK-LABEL: func.func @nearest_interp
// CHECK: pd.nearest_interp {{.*}} -> !pd.vtensor<1x3x16x16xf32>
// CHECK: pd.nearest_interp {{.*}} -> !pd.vtensor<1x3x5x20xf32>
// CHECK: pd.nearest_interp {{.*}} -> !pd.vtensor<2x24x24x4xf32>
// CHECK: pd.nearest_interp {{.*}} -> !pd.vtensor<?x3x?x?xf32>
// CHECK: pd.nearest_interp {{.*}} -> !pd.tensor<1x3x4x4xf32>
func.func @nearest_interp(%x: !pd.vtensor<1x3x8x8xf32>, %xn: !pd.vtensor<2x8x8x4xf32>,
                          %xd: !pd.vtensor<?x3x?x?xf32>, %xt: !pd.tensor<1x3x8x8xf32>) {
  %0 = pd.nearest_interp %x {scale = array<f64: 2.0, 2.0>} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.nearest_interp %x {out_h = 5 : i32, out_w = 20 : i32, align_corners = false} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // One scale for both dims.
  %2 = pd.nearest_interp %xn {data_format = "NHWC", scale = array<f64: 3.0>} : (!pd.vtensor<2x8x8x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.nearest_interp %xd {scale = array<f64: 2.0, 2.0>} : (!pd.vtensor<?x3x?x?xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %4 = pd.nearest_interp %xt {out_h = 4 : i32, out_w = 4 : i32} : (!pd.tensor<1x3x8x8xf32>) -> !pd.tensor<?x?x?x?xf32>
  return
}

// -----

// linear_interp (3-D: out_w), bicubic_interp (4-D), trilinear_interp and a
// 3-D nearest_interp (5-D: out_d, out_h, out_w); one scale for all spatial
// dims or one per dim; channels last (NHWC whatever the rank, as Paddle's
// programs write it).
// CHECK-LABEL: func.func @interp_ranks
// CHECK: pd.linear_interp {{.*}} -> !pd.vtensor<2x3x9xf32>
// CHECK: pd.linear_interp {{.*}} -> !pd.vtensor<2x10x3xf32>
// CHECK: pd.bicubic_interp {{.*}} -> !pd.vtensor<1x3x7x9xf32>
// CHECK: pd.bicubic_interp {{.*}} -> !pd.vtensor<1x3x12x4xf32>
// CHECK: pd.trilinear_interp {{.*}} -> !pd.vtensor<1x2x4x6x8xf32>
// CHECK: pd.trilinear_interp {{.*}} -> !pd.vtensor<1x6x12x15x2xf32>
// CHECK: pd.nearest_interp {{.*}} -> !pd.vtensor<?x2x6x8x10xf32>
func.func @interp_ranks(%x3: !pd.vtensor<2x3x5xf32>, %x3n: !pd.vtensor<2x5x3xf32>,
                        %x4: !pd.vtensor<1x3x8x8xf32>, %x5: !pd.vtensor<1x2x3x4x5xf32>,
                        %x5n: !pd.vtensor<1x3x4x5x2xf32>, %x5d: !pd.vtensor<?x2x3x4x5xf32>) {
  %0 = pd.linear_interp %x3 {out_w = 9 : i32} : (!pd.vtensor<2x3x5xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.linear_interp %x3n {data_format = "NHWC", scale = array<f64: 2.0>} : (!pd.vtensor<2x5x3xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.bicubic_interp %x4 {out_h = 7 : i32, out_w = 9 : i32} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.bicubic_interp %x4 {scale = array<f64: 1.5, 0.5>, align_corners = false} : (!pd.vtensor<1x3x8x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %4 = pd.trilinear_interp %x5 {out_d = 4 : i32, out_h = 6 : i32, out_w = 8 : i32} : (!pd.vtensor<1x2x3x4x5xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  %5 = pd.trilinear_interp %x5n {data_format = "NHWC", scale = array<f64: 2.0, 3.0, 3.0>} : (!pd.vtensor<1x3x4x5x2xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  %6 = pd.nearest_interp %x5d {scale = array<f64: 2.0>} : (!pd.vtensor<?x2x3x4x5xf32>) -> !pd.vtensor<?x?x?x?x?xf32>
  return
}

// -----

// [N, C, H, W] -> [N, C / r^2, H * r, W * r]
// CHECK-LABEL: func.func @pixel_shuffle
// CHECK: pd.pixel_shuffle {{.*}} -> !pd.vtensor<1x2x8x8xf32>
// CHECK: pd.pixel_shuffle {{.*}} -> !pd.vtensor<1x8x8x2xf32>
// CHECK: pd.pixel_shuffle {{.*}} -> !pd.vtensor<?x2x?x12xf32>
// CHECK: pd.pixel_shuffle {{.*}} -> !pd.vtensor<1x?x12x12xf32>
// CHECK: pd.pixel_shuffle {{.*}} -> !pd.vtensor<1x8x4x4xf32>
func.func @pixel_shuffle(%x: !pd.vtensor<1x8x4x4xf32>, %xn: !pd.vtensor<1x4x4x8xf32>,
                         %xd: !pd.vtensor<?x18x?x4xf32>, %xc: !pd.vtensor<1x?x4x4xf32>) {
  %0 = pd.pixel_shuffle %x {upscale_factor = 2 : i32} : (!pd.vtensor<1x8x4x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.pixel_shuffle %xn {upscale_factor = 2 : i32, data_format = "NHWC"} : (!pd.vtensor<1x4x4x8xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.pixel_shuffle %xd {upscale_factor = 3 : i32} : (!pd.vtensor<?x18x?x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.pixel_shuffle %xc {upscale_factor = 3 : i32} : (!pd.vtensor<1x?x4x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  // The default upscale_factor 1 changes nothing.
  %4 = pd.pixel_shuffle %x : (!pd.vtensor<1x8x4x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// lib/Dialect/Pd/InferMeta/Matrix.cpp: dot (1-D: 0-D, 2-D: one per row),
// mv, trace (x without axis1/axis2) and diagonal (then the diagonal's
// length: min(d1, d2 - offset) for offset >= 0, min(d1 + offset, d2)
// otherwise, 0 when the offset passes the matrix).
// CHECK-LABEL: func.func @matrix
func.func @matrix(%v: !pd.vtensor<5xf32>, %r: !pd.vtensor<?x5xi64>, %m: !pd.vtensor<3x5xf32>, %t: !pd.vtensor<2x3x4xf32>) {
  // CHECK: pd.dot %{{.*}} -> !pd.vtensor<f32>
  %0 = pd.dot %v, %v : (!pd.vtensor<5xf32>, !pd.vtensor<5xf32>) -> !pd.vtensor<f32>
  // CHECK: pd.dot %{{.*}} -> !pd.vtensor<?xi64>
  %1 = pd.dot %r, %r : (!pd.vtensor<?x5xi64>, !pd.vtensor<?x5xi64>) -> !pd.vtensor<?xi64>
  // CHECK: pd.mv %{{.*}} -> !pd.vtensor<3xf32>
  %2 = pd.mv %m, %v : (!pd.vtensor<3x5xf32>, !pd.vtensor<5xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.trace %{{.*}} -> !pd.vtensor<f32>
  %3 = pd.trace %m : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<f32>
  // CHECK: pd.trace %{{.*}} -> !pd.vtensor<3xf32>
  %4 = pd.trace %t {axis1 = 0 : i32, axis2 = -1 : i32, offset = 1 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.diagonal %{{.*}} -> !pd.vtensor<3xf32>
  %5 = pd.diagonal %m : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.diagonal %{{.*}} -> !pd.vtensor<3x2xf32>
  %6 = pd.diagonal %t {axis1 = 2 : i32, axis2 = 0 : i32, offset = -1 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?xf32>
  // CHECK: pd.diagonal %{{.*}} -> !pd.vtensor<2xf32>
  %7 = pd.diagonal %m {offset = 3 : i32} : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.diagonal %{{.*}} -> !pd.vtensor<0xf32>
  %8 = pd.diagonal %m {offset = -7 : i32} : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<?xf32>
  // CHECK: pd.diagonal %{{.*}} -> !pd.vtensor<?xi64>
  %9 = pd.diagonal %r {axis1 = 1 : i32, axis2 = 0 : i32} : (!pd.vtensor<?x5xi64>) -> !pd.vtensor<?xi64>
  return
}

// -----

// pixel_unshuffle: [N, C, H*r, W*r] -> [N, C*r*r, H, W]; channel_shuffle
// keeps the shape; maxout divides the channels by groups; temporal_shift
// keeps the shape; unfold gives [N, C*kh*kw, oh*ow]: a 2x3 window over
// 4 + 1 + 1 rows (5 positions) and 6 + 0 + 2 columns at stride 2 (3);
// affine_grid gives theta's N, output_shape's spatial sizes, and 2 or 3;
// grid_sample x's N and C and the grid's spatial sizes; bilinear [B, O]
// (B from y where x's is unknown).
// CHECK-LABEL: func.func @channel_rearrangements
// CHECK: pd.pixel_unshuffle {{.*}} -> !pd.vtensor<2x12x2x3xf32>
// CHECK: pd.pixel_unshuffle {{.*}} -> !pd.vtensor<1x2x1x18xf32>
// CHECK: pd.pixel_unshuffle {{.*}} -> !pd.vtensor<?x12x?x3xf32>
// CHECK: pd.channel_shuffle {{.*}} -> !pd.vtensor<2x3x4x6xf32>
// CHECK: pd.maxout {{.*}} -> !pd.vtensor<2x1x4x6xf32>
// CHECK: pd.maxout {{.*}} -> !pd.vtensor<2x3x4x2xf32>
// CHECK: pd.temporal_shift {{.*}} -> !pd.vtensor<2x3x4x6xf32>
// CHECK: pd.temporal_shift {{.*}} -> !pd.vtensor<?x3x?x6xf32>
// CHECK: pd.unfold {{.*}} -> !pd.vtensor<2x18x15xf32>
// CHECK: pd.unfold {{.*}} -> !pd.vtensor<?x12x?xf32>
// CHECK: pd.affine_grid {{.*}} -> !pd.vtensor<2x4x6x2xf32>
// CHECK: pd.affine_grid {{.*}} -> !pd.vtensor<2x3x4x6x3xf32>
// CHECK: pd.grid_sample {{.*}} -> !pd.vtensor<2x3x5x7xf32>
// CHECK: pd.bilinear {{.*}} -> !pd.vtensor<4x3xf32>
func.func @channel_rearrangements(%x: !pd.vtensor<2x3x4x6xf32>, %xn: !pd.vtensor<1x6x3x2xf32>,
                                  %xd: !pd.vtensor<?x3x?x6xf32>) {
  %0 = pd.pixel_unshuffle %x {downscale_factor = 2 : i32} : (!pd.vtensor<2x3x4x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.pixel_unshuffle %xn {downscale_factor = 3 : i32, data_format = "NHWC"} : (!pd.vtensor<1x6x3x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2 = pd.pixel_unshuffle %xd {downscale_factor = 2 : i32} : (!pd.vtensor<?x3x?x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %3 = pd.channel_shuffle %x {groups = 3 : i32} : (!pd.vtensor<2x3x4x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %4 = pd.maxout %x {groups = 3 : i32} : (!pd.vtensor<2x3x4x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %5 = pd.maxout %x {groups = 3 : i32, axis = -1 : i32} : (!pd.vtensor<2x3x4x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %6 = pd.temporal_shift %x {seg_num = 2 : i32} : (!pd.vtensor<2x3x4x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %7 = pd.temporal_shift %xd {seg_num = 4 : i32, shift_ratio = 0.125 : f32, data_format = "NHWC"} : (!pd.vtensor<?x3x?x6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %8 = pd.unfold %x {kernel_sizes = array<i32: 2, 3>, strides = array<i32: 1, 2>, paddings = array<i32: 1, 0, 1, 2>, dilations = array<i32: 1, 1>} : (!pd.vtensor<2x3x4x6xf32>) -> !pd.vtensor<?x?x?xf32>
  %9 = pd.unfold %xd {kernel_sizes = array<i32: 2, 2>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0, 0, 0>, dilations = array<i32: 1, 1>} : (!pd.vtensor<?x3x?x6xf32>) -> !pd.vtensor<?x?x?xf32>
  %theta = pd.data "theta" : !pd.vtensor<2x2x3xf32>
  %hw = pd.full_int_array [2, 3, 4, 6] : !pd.vtensor<4xi64>
  %10 = pd.affine_grid %theta, %hw : (!pd.vtensor<2x2x3xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<?x?x?x?xf32>
  %theta3 = pd.data "theta3" : !pd.vtensor<2x3x4xf32>
  %dhw = pd.full_int_array [2, 1, 3, 4, 6] : !pd.vtensor<5xi64>
  %11 = pd.affine_grid %theta3, %dhw {align_corners = false} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<5xi64>) -> !pd.vtensor<?x?x?x?x?xf32>
  %img = pd.data "img" : !pd.vtensor<2x3x8x8xf32>
  %g = pd.data "g" : !pd.vtensor<2x5x7x2xf32>
  %12 = pd.grid_sample %img, %g {mode = "nearest", padding_mode = "border"} : (!pd.vtensor<2x3x8x8xf32>, !pd.vtensor<2x5x7x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %bx = pd.data "bx" : !pd.vtensor<?x5xf32>
  %by = pd.data "by" : !pd.vtensor<4x6xf32>
  %bw = pd.data "bw" : !pd.vtensor<3x5x6xf32>
  %13 = pd.bilinear %bx, %by, %bw : (!pd.vtensor<?x5xf32>, !pd.vtensor<4x6xf32>, !pd.vtensor<3x5x6xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// baddbmm is bmm's shape; kron multiplies right-aligned dims; cross keeps
// the shape; swiglu halves the last dim without y; label_smooth keeps the
// label's shape; diag puts a vector on a (larger, with an offset) square
// matrix's diagonal or takes a matrix's diagonal.
// CHECK-LABEL: func.func @products_and_diagonals
// CHECK: pd.baddbmm {{.*}} -> !pd.vtensor<2x3x5xf32>
// CHECK: pd.kron {{.*}} -> !pd.vtensor<2x6x12xf32>
// CHECK: pd.cross {{.*}} -> !pd.vtensor<4x3xf32>
// CHECK: pd.swiglu {{.*}} -> !pd.vtensor<4x3xf32>
// CHECK: pd.swiglu {{.*}} -> !pd.vtensor<4x3xf32>
// CHECK: pd.label_smooth {{.*}} -> !pd.vtensor<4x6xf32>
// CHECK: pd.diag {{.*}} -> !pd.vtensor<5x5xf32>
// CHECK: pd.diag {{.*}} -> !pd.vtensor<3xf32>
func.func @products_and_diagonals(%in: !pd.vtensor<1x5xf32>, %x: !pd.vtensor<2x3x4xf32>,
                                  %y: !pd.vtensor<2x4x5xf32>, %a: !pd.vtensor<2x3xf32>,
                                  %v: !pd.vtensor<4x3xf32>, %w: !pd.vtensor<4x6xf32>,
                                  %d: !pd.vtensor<3xf32>, %m: !pd.vtensor<3x4xf32>) {
  %0 = pd.baddbmm %in, %x, %y {beta = 0.5 : f32, alpha = 2.0 : f32} : (!pd.vtensor<1x5xf32>, !pd.vtensor<2x3x4xf32>, !pd.vtensor<2x4x5xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.kron %a, %x : (!pd.vtensor<2x3xf32>, !pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  %2 = pd.cross %v, %v : (!pd.vtensor<4x3xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.swiglu %v y(%v) : (!pd.vtensor<4x3xf32>, !pd.vtensor<4x3xf32>) -> !pd.vtensor<?x?xf32>
  %4 = pd.swiglu %w : (!pd.vtensor<4x6xf32>) -> !pd.vtensor<?x?xf32>
  %5 = pd.label_smooth %w {epsilon = 0.1 : f32} : (!pd.vtensor<4x6xf32>) -> !pd.vtensor<?x?xf32>
  %6 = pd.diag %d {offset = -2 : i32, padding_value = 1.0 : f32} : (!pd.vtensor<3xf32>) -> !pd.vtensor<?x?xf32>
  %7 = pd.diag %m {offset = 1 : i32} : (!pd.vtensor<3x4xf32>) -> !pd.vtensor<?xf32>
  return
}

// -----

// index_sample takes index's shape; meshgrid one [n0, n1, ...] grid per
// input; logcumsumexp keeps the shape (flattened: 1-D); searchsorted is
// values' shape in int64 (int32 on request); dist is 0-D.
// CHECK-LABEL: func.func @gathers_scans_and_norms
// CHECK: pd.index_sample {{.*}} -> !pd.vtensor<3x7xf32>
// CHECK: pd.meshgrid {{.*}} -> !pd.vec<!pd.vtensor<3x1x4xf32>, !pd.vtensor<3x1x4xf32>, !pd.vtensor<3x1x4xf32>>
// CHECK: pd.logcumsumexp {{.*}} -> !pd.vtensor<3x5xf32>
// CHECK: pd.logcumsumexp {{.*}} -> !pd.vtensor<15xf32>
// CHECK: pd.searchsorted {{.*}} -> !pd.vtensor<3x5xi64>
// CHECK: pd.searchsorted {{.*}} -> !pd.vtensor<3x5xi32>
// CHECK: pd.dist {{.*}} -> !pd.vtensor<f32>
func.func @gathers_scans_and_norms(%x: !pd.vtensor<3x5xf32>, %i: !pd.vtensor<3x7xi64>,
                                   %a: !pd.vtensor<3xf32>, %s: !pd.vtensor<f32>, %c: !pd.vtensor<4xf32>,
                                   %seq: !pd.vtensor<9xf32>, %row: !pd.vtensor<5xf32>) {
  %0 = pd.index_sample %x, %i : (!pd.vtensor<3x5xf32>, !pd.vtensor<3x7xi64>) -> !pd.vtensor<?x?xf32>
  %l = pd.combine(%a, %s, %c) : !pd.vtensor<3xf32>, !pd.vtensor<f32>, !pd.vtensor<4xf32>
  %1 = pd.meshgrid %l : (!pd.vec<!pd.vtensor<3xf32>, !pd.vtensor<f32>, !pd.vtensor<4xf32>>) -> !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>
  %2 = pd.logcumsumexp %x {axis = 1 : i32} : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.logcumsumexp %x {flatten = true} : (!pd.vtensor<3x5xf32>) -> !pd.vtensor<?xf32>
  %4 = pd.searchsorted %seq, %x : (!pd.vtensor<9xf32>, !pd.vtensor<3x5xf32>) -> !pd.vtensor<?x?xi64>
  %5 = pd.searchsorted %seq, %x {out_int32 = true} : (!pd.vtensor<9xf32>, !pd.vtensor<3x5xf32>) -> !pd.vtensor<?x?xi32>
  %6 = pd.dist %x, %row {p = 3.0 : f32} : (!pd.vtensor<3x5xf32>, !pd.vtensor<5xf32>) -> !pd.vtensor<f32>
  return
}

// -----

// diag_embed: two dims of N + |offset| at dim1 and dim2 of the result;
// multi_dot: the chain's rows and columns (1-D ends dropped); crop: the
// shape (-1: to the end of the dim after the offset).
// CHECK-LABEL: func.func @diag_embed_multi_dot_crop
// CHECK: pd.diag_embed {{.*}} -> !pd.vtensor<2x4x4xf32>
// CHECK: pd.diag_embed {{.*}} -> !pd.vtensor<5x2x5x3xf32>
// CHECK: pd.multi_dot {{.*}} -> !pd.vtensor<3x2xf32>
// CHECK: pd.multi_dot {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.crop {{.*}} -> !pd.vtensor<2x4xf32>
// CHECK: pd.crop {{.*}} -> !pd.vtensor<?x4xf32>
func.func @diag_embed_multi_dot_crop(%x: !pd.vtensor<2x3xf32>, %x3: !pd.vtensor<2x3x4xf32>,
                                     %a: !pd.vtensor<3x4xf32>, %b: !pd.vtensor<4x5xf32>,
                                     %c: !pd.vtensor<5x2xf32>, %u: !pd.vtensor<4xf32>,
                                     %v: !pd.vtensor<5xf32>, %m: !pd.vtensor<4x6xf32>,
                                     %off: !pd.vtensor<2xi64>) {
  %0 = pd.diag_embed %x {offset = 1 : i32} : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.diag_embed %x3 {offset = 1 : i32, dim1 = 0 : i32, dim2 = 2 : i32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %abc = pd.combine(%a, %b, %c) : !pd.vtensor<3x4xf32>, !pd.vtensor<4x5xf32>, !pd.vtensor<5x2xf32>
  %2 = pd.multi_dot %abc : (!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<4x5xf32>, !pd.vtensor<5x2xf32>>) -> !pd.vtensor<?x?xf32>
  %ubv = pd.combine(%u, %b, %v) : !pd.vtensor<4xf32>, !pd.vtensor<4x5xf32>, !pd.vtensor<5xf32>
  %3 = pd.multi_dot %ubv : (!pd.vec<!pd.vtensor<4xf32>, !pd.vtensor<4x5xf32>, !pd.vtensor<5xf32>>) -> !pd.vtensor<f32>
  %shape = pd.full_int_array [2, -1] : !pd.vtensor<2xi64>
  %at = pd.full_int_array [1, 2] : !pd.vtensor<2xi64>
  %4 = pd.crop %m, %shape, %at : (!pd.vtensor<4x6xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  // Offsets known only at run time: the -1 dim is unknown.
  %shape2 = pd.full_int_array [-1, 4] : !pd.vtensor<2xi64>
  %5 = pd.crop %m, %shape2, %off : (!pd.vtensor<4x6xf32>, !pd.vtensor<2xi64>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// Losses: huber_loss's out and residual, bce_loss and
// sigmoid_cross_entropy_with_logits keep the input's shape; log_loss is
// [N, 1]; kldiv_loss keeps it with reduction none, else is 0-D.
// CHECK-LABEL: func.func @losses
// CHECK: pd.huber_loss {{.*}} -> (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>)
// CHECK: pd.log_loss {{.*}} -> !pd.vtensor<6x1xf32>
// CHECK: pd.bce_loss {{.*}} -> !pd.vtensor<4x5xf32>
// CHECK: pd.kldiv_loss {{.*}} -> !pd.vtensor<4x5xf32>
// CHECK: pd.kldiv_loss {{.*}} -> !pd.vtensor<f32>
// CHECK: pd.sigmoid_cross_entropy_with_logits {{.*}} -> !pd.vtensor<4x5xf32>
// CHECK: pd.sigmoid_cross_entropy_with_logits {{.*}} -> !pd.vtensor<?x5xf32>
func.func @losses(%x: !pd.vtensor<4x5xf32>, %y: !pd.vtensor<4x5xf32>, %p: !pd.vtensor<6x1xf32>,
                  %d: !pd.vtensor<?x5xf32>) {
  %0:2 = pd.huber_loss %x, %y {delta = 1.0 : f32} : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>) -> (!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>)
  %1 = pd.log_loss %p, %p {epsilon = 1.0e-4 : f32} : (!pd.vtensor<6x1xf32>, !pd.vtensor<6x1xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.bce_loss %x, %y : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<?x?xf32>
  %3 = pd.kldiv_loss %x, %y {reduction = "none"} : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<?x?xf32>
  %4 = pd.kldiv_loss %x, %y {reduction = "batchmean"} : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<f32>
  %5 = pd.sigmoid_cross_entropy_with_logits %x, %y pos_weight(%y) : (!pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<?x?xf32>
  %6 = pd.sigmoid_cross_entropy_with_logits %d, %x {normalize = true} : (!pd.vtensor<?x5xf32>, !pd.vtensor<4x5xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// hinge_loss: logits and labels [N, 1] (N may be dynamic); the loss is [N, 1].
// CHECK-LABEL: func.func @hinge_loss
// CHECK: pd.hinge_loss {{.*}} -> !pd.vtensor<6x1xf64>
// CHECK: pd.hinge_loss {{.*}} -> !pd.vtensor<?x1xf32>
func.func @hinge_loss(%s: !pd.vtensor<6x1xf64>, %d: !pd.vtensor<?x1xf32>) {
  %0 = pd.hinge_loss %s, %s : (!pd.vtensor<6x1xf64>, !pd.vtensor<6x1xf64>) -> !pd.vtensor<?x?xf64>
  %1 = pd.hinge_loss %d, %d : (!pd.vtensor<?x1xf32>, !pd.vtensor<?x1xf32>) -> !pd.vtensor<?x?xf32>
  return
}

// -----

// shuffle_channel and affine_channel keep x's shape.
// CHECK-LABEL: func.func @shuffle_affine_channel
// CHECK: pd.shuffle_channel {{.*}} -> !pd.vtensor<1x6x2x2xf32>
// CHECK: pd.affine_channel {{.*}} -> !pd.vtensor<1x6x2x2xf32>
func.func @shuffle_affine_channel(%x: !pd.vtensor<1x6x2x2xf32>, %s: !pd.vtensor<6xf32>) {
  %0 = pd.shuffle_channel %x {group = 3 : i32} : (!pd.vtensor<1x6x2x2xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.affine_channel %x, %s, %s {data_layout = "NCHW"} : (!pd.vtensor<1x6x2x2xf32>, !pd.vtensor<6xf32>, !pd.vtensor<6xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// einsum: the output term's labels (implicit: the dims under "..." then the
// letters used once, alphabetically), a repeated label a diagonal, dims
// under "..." broadcast; PHI's gradient caches are 0-D and the operands'
// shapes. broadcast_tensors: every input at the common shape.
// CHECK-LABEL: func.func @einsum_and_broadcast_tensors
// CHECK: pd.einsum {{.*}} -> (!pd.vtensor<3x5xf32>, !pd.vec<!pd.vtensor<f32>, !pd.vtensor<f32>>, !pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<4x5xf32>>)
// CHECK: pd.einsum {{.*}} -> (!pd.vtensor<5x3xf32>,
// CHECK: pd.einsum {{.*}} -> (!pd.vtensor<4xf32>,
// CHECK: pd.einsum {{.*}} -> (!pd.vtensor<2x3x6xf32>,
// CHECK: pd.einsum {{.*}} -> (!pd.vtensor<?x3xf32>,
// CHECK: pd.broadcast_tensors {{.*}} -> !pd.vec<!pd.vtensor<2x3x4xf32>, !pd.vtensor<2x3x4xf32>, !pd.vtensor<2x3x4xf32>>
func.func @einsum_and_broadcast_tensors(%a: !pd.vtensor<3x4xf32>, %b: !pd.vtensor<4x5xf32>,
                                        %sq: !pd.vtensor<4x4xf32>, %c: !pd.vtensor<2x3x4xf32>,
                                        %d: !pd.vtensor<1x4x6xf32>, %dyn: !pd.vtensor<?x3x4xf32>,
                                        %r: !pd.vtensor<3x1xf32>, %v: !pd.vtensor<4xf32>) {
  %ab = pd.combine(%a, %b) : !pd.vtensor<3x4xf32>, !pd.vtensor<4x5xf32>
  %0:3 = pd.einsum %ab {equation = "ij,jk->ik"} : (!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<4x5xf32>>) -> (!pd.vtensor<?x?xf32>, !pd.vec<!pd.vtensor<f32>, !pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>)
  %1:3 = pd.einsum %ab {equation = "ij,jk->ki"} : (!pd.vec<!pd.vtensor<3x4xf32>, !pd.vtensor<4x5xf32>>) -> (!pd.vtensor<?x?xf32>, !pd.vec<!pd.vtensor<f32>, !pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?xf32>, !pd.vtensor<?x?xf32>>)
  %s = pd.combine(%sq) : !pd.vtensor<4x4xf32>
  %2:3 = pd.einsum %s {equation = "ii->i"} : (!pd.vec<!pd.vtensor<4x4xf32>>) -> (!pd.vtensor<?xf32>, !pd.vec<!pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?xf32>>)
  %cd = pd.combine(%c, %d) : !pd.vtensor<2x3x4xf32>, !pd.vtensor<1x4x6xf32>
  %3:3 = pd.einsum %cd {equation = "...ij,...jk"} : (!pd.vec<!pd.vtensor<2x3x4xf32>, !pd.vtensor<1x4x6xf32>>) -> (!pd.vtensor<?x?x?xf32>, !pd.vec<!pd.vtensor<f32>, !pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>)
  %y = pd.combine(%dyn) : !pd.vtensor<?x3x4xf32>
  %4:3 = pd.einsum %y {equation = "bij->bi"} : (!pd.vec<!pd.vtensor<?x3x4xf32>>) -> (!pd.vtensor<?x?xf32>, !pd.vec<!pd.vtensor<f32>>, !pd.vec<!pd.vtensor<?x?x?xf32>>)
  %t = pd.combine(%c, %r, %v) : !pd.vtensor<2x3x4xf32>, !pd.vtensor<3x1xf32>, !pd.vtensor<4xf32>
  %5 = pd.broadcast_tensors %t : (!pd.vec<!pd.vtensor<2x3x4xf32>, !pd.vtensor<3x1xf32>, !pd.vtensor<4xf32>>) -> !pd.vec<!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>>
  return
}

// -----

// max_pool2d_with_index: pool2d's max windows (ceil_mode, adaptive, global)
// and an int32 mask of the same shape; unpool: [N, C] + output_size.
// CHECK-LABEL: func.func @max_pool_with_index_and_unpool
// CHECK: pd.max_pool2d_with_index {{.*}} -> (!pd.vtensor<2x3x4x5xf32>, !pd.vtensor<2x3x4x5xi32>)
// CHECK: pd.max_pool2d_with_index {{.*}} -> (!pd.vtensor<2x3x2x3xf32>, !pd.vtensor<2x3x2x3xi32>)
// CHECK: pd.max_pool2d_with_index {{.*}} -> (!pd.vtensor<2x3x1x1xf32>, !pd.vtensor<2x3x1x1xi32>)
// CHECK: pd.unpool {{.*}} -> !pd.vtensor<2x3x7x9xf32>
func.func @max_pool_with_index_and_unpool(%x: !pd.vtensor<2x3x7x9xf32>) {
  %0:2 = pd.max_pool2d_with_index %x {kernel_size = array<i32: 3, 3>, strides = array<i32: 2, 2>, paddings = array<i32: 1, 1>, ceil_mode = true} : (!pd.vtensor<2x3x7x9xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?x?x?xi32>)
  %1:2 = pd.max_pool2d_with_index %x {kernel_size = array<i32: 2, 3>, adaptive = true} : (!pd.vtensor<2x3x7x9xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?x?x?xi32>)
  %2:2 = pd.max_pool2d_with_index %x {kernel_size = array<i32: 1, 1>, global_pooling = true} : (!pd.vtensor<2x3x7x9xf32>) -> (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?x?x?xi32>)
  %size = pd.full_int_array [7, 9] : !pd.vtensor<2xi64>
  %3 = pd.unpool %0#0, %0#1, %size {ksize = array<i32: 3, 3>, strides = array<i32: 2, 2>, padding = array<i32: 1, 1>, data_format = "NCHW"} : (!pd.vtensor<?x?x?x?xf32>, !pd.vtensor<?x?x?x?xi32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// fold: [N, C*kh*kw, L] -> [N, C, output_sizes] (L = 3*4 blocks of a 2x2
// window, stride 1, over a 4x5 map); lp_pool2d: pool2d's shape rule;
// nll_loss: the label's shape for "none", else 0-D, total_weight 0-D.
// CHECK-LABEL: func.func @fold_lp_nll
// CHECK: pd.fold {{.*}} -> !pd.vtensor<2x3x4x5xf32>
// CHECK: pd.lp_pool2d {{.*}} -> !pd.vtensor<2x3x2x2xf32>
// CHECK: pd.nll_loss {{.*}} -> (!pd.vtensor<f32>, !pd.vtensor<f32>)
// CHECK: pd.nll_loss {{.*}} -> (!pd.vtensor<2x4x5xf32>, !pd.vtensor<f32>)
func.func @fold_lp_nll(%x: !pd.vtensor<2x12x12xf32>, %m: !pd.vtensor<2x3x4x5xf32>, %l: !pd.vtensor<2xi64>, %l4: !pd.vtensor<2x4x5xi64>, %s: !pd.vtensor<2x3xf32>, %w: !pd.vtensor<3xf32>) {
  %0 = pd.fold %x {output_sizes = array<i32: 4, 5>, kernel_sizes = array<i32: 2, 2>, strides = array<i32: 1, 1>, paddings = array<i32: 0, 0, 0, 0>, dilations = array<i32: 1, 1>} : (!pd.vtensor<2x12x12xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %1 = pd.lp_pool2d %m {kernel_size = array<i64: 2, 2>, strides = array<i64: 2, 2>, norm_type = 2.0 : f32} : (!pd.vtensor<2x3x4x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %2:2 = pd.nll_loss %s, %l weight(%w) : (!pd.vtensor<2x3xf32>, !pd.vtensor<2xi64>, !pd.vtensor<3xf32>) -> (!pd.vtensor<f32>, !pd.vtensor<f32>)
  %3:2 = pd.nll_loss %m, %l4 {reduction = "none"} : (!pd.vtensor<2x3x4x5xf32>, !pd.vtensor<2x4x5xi64>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<f32>)
  return
}

// -----

// Square-matrix algebra: det drops the matrix dims, slogdet puts a 2 in
// front of the batch; inverse, matrix_power and cholesky keep x's shape;
// solve broadcasts the batch dims (a 1-D y stays 1-D).
// CHECK-LABEL: func.func @square_matrices
// CHECK: pd.det {{.*}} -> !pd.vtensor<2xf32>
// CHECK: pd.slogdet {{.*}} -> !pd.vtensor<2x2xf32>
// CHECK: pd.inverse {{.*}} -> !pd.vtensor<2x3x3xf32>
// CHECK: pd.matrix_power {{.*}} -> !pd.vtensor<2x3x3xf32>
// CHECK: pd.cholesky {{.*}} -> !pd.vtensor<2x3x3xf32>
// CHECK: pd.solve {{.*}} -> !pd.vtensor<4x2x3x5xf32>
// CHECK: pd.solve {{.*}} -> !pd.vtensor<3xf32>
// CHECK: pd.triangular_solve {{.*}} -> !pd.vtensor<2x3x5xf32>
func.func @square_matrices(%x: !pd.vtensor<2x3x3xf32>, %y: !pd.vtensor<4x1x3x5xf32>, %m: !pd.vtensor<3x3xf32>, %v: !pd.vtensor<3xf32>, %z: !pd.vtensor<3x5xf32>) {
  %0 = pd.det %x : (!pd.vtensor<2x3x3xf32>) -> !pd.vtensor<?xf32>
  %1 = pd.slogdet %x : (!pd.vtensor<2x3x3xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.inverse %x : (!pd.vtensor<2x3x3xf32>) -> !pd.vtensor<?x?x?xf32>
  %3 = pd.matrix_power %x {n = -3 : i32} : (!pd.vtensor<2x3x3xf32>) -> !pd.vtensor<?x?x?xf32>
  %4 = pd.cholesky %x {upper = true} : (!pd.vtensor<2x3x3xf32>) -> !pd.vtensor<?x?x?xf32>
  %5 = pd.solve %x, %y : (!pd.vtensor<2x3x3xf32>, !pd.vtensor<4x1x3x5xf32>) -> !pd.vtensor<?x?x?x?xf32>
  %6 = pd.solve %m, %v : (!pd.vtensor<3x3xf32>, !pd.vtensor<3xf32>) -> !pd.vtensor<?xf32>
  %7 = pd.triangular_solve %x, %z {upper = false} : (!pd.vtensor<2x3x3xf32>, !pd.vtensor<3x5xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}

// -----

// lu keeps x's shape, pivots [batch, min(m, n)] and infos [batch] (int32);
// lu_unpack makes P [m, m], L [m, k] and U [k, n]; cholesky_solve
// broadcasts the batch dims of the right-hand sides and the factor.
// CHECK-LABEL: func.func @lu_family
// CHECK: pd.lu {{.*}} -> (!pd.vtensor<2x4x3xf32>, !pd.vtensor<2x3xi32>, !pd.vtensor<2xi32>)
// CHECK: pd.lu_unpack {{.*}} -> (!pd.vtensor<2x4x4xf32>, !pd.vtensor<2x4x3xf32>, !pd.vtensor<2x3x3xf32>)
// CHECK: pd.cholesky_solve {{.*}} -> !pd.vtensor<5x2x3x2xf32>
func.func @lu_family(%x: !pd.vtensor<2x4x3xf32>, %b: !pd.vtensor<5x1x3x2xf32>, %l: !pd.vtensor<2x3x3xf32>) {
  %lu, %p, %i = pd.lu %x : (!pd.vtensor<2x4x3xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?xi32>, !pd.vtensor<?xi32>)
  %pm, %lo, %up = pd.lu_unpack %x, %p : (!pd.vtensor<2x4x3xf32>, !pd.vtensor<?x?xi32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>, !pd.vtensor<?x?x?xf32>)
  %s = pd.cholesky_solve %b, %l : (!pd.vtensor<5x1x3x2xf32>, !pd.vtensor<2x3x3xf32>) -> !pd.vtensor<?x?x?x?xf32>
  return
}

// -----

// fc: input's dims before in_num_col_dims, then w's columns (less the 4
// of padding_weights); matmul_with_flatten: x's leading dims, y's
// trailing; skip_layernorm and add_position_encoding keep x's shape;
// rms_norm's invvar has x's leading dims.
// CHECK-LABEL: func.func @fused_inference_ops
// CHECK: pd.fc {{.*}} -> !pd.vtensor<2x3x5xf32>
// CHECK: pd.fc {{.*}} -> !pd.vtensor<2x5xf32>
// CHECK: pd.matmul_with_flatten {{.*}} -> !pd.vtensor<2x5x2xf32>
// CHECK: pd.skip_layernorm {{.*}} -> !pd.vtensor<2x3x4xf32>
// CHECK: pd.rms_norm {{.*}} -> (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2xf32>)
// CHECK: pd.add_position_encoding {{.*}} -> !pd.vtensor<2x3x4xf32>
func.func @fused_inference_ops(%x: !pd.vtensor<2x3x4xf32>, %w: !pd.vtensor<4x5xf32>, %wp: !pd.vtensor<16x9xf32>, %bias: !pd.vtensor<5xf32>, %y: !pd.vtensor<3x4x5x2xf32>, %s: !pd.vtensor<4xf32>, %s2: !pd.vtensor<3x4xf32>) {
  %0 = pd.fc %x, %w bias(%bias) {in_num_col_dims = 2 : i32, activation_type = "relu"} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<4x5xf32>, !pd.vtensor<5xf32>) -> !pd.vtensor<?x?x?xf32>
  %1 = pd.fc %x, %wp {padding_weights = true} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<16x9xf32>) -> !pd.vtensor<?x?xf32>
  %2 = pd.matmul_with_flatten %x, %y {y_num_col_dims = 2 : i32} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<3x4x5x2xf32>) -> !pd.vtensor<?x?x?xf32>
  %3 = pd.skip_layernorm %x, %x, %s, %s {epsilon = 1.0e-5 : f32, begin_norm_axis = 2 : i32} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<2x3x4xf32>, !pd.vtensor<4xf32>, !pd.vtensor<4xf32>) -> !pd.vtensor<?x?x?xf32>
  %4:2 = pd.rms_norm %x scale(%s2) {normalized_shape = array<i64: 3, 4>} : (!pd.vtensor<2x3x4xf32>, !pd.vtensor<3x4xf32>) -> (!pd.vtensor<?x?x?xf32>, !pd.vtensor<?xf32>)
  %5 = pd.add_position_encoding %x {alpha = 0.5 : f32} : (!pd.vtensor<2x3x4xf32>) -> !pd.vtensor<?x?x?xf32>
  return
}
