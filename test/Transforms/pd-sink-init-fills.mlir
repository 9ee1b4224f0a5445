// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-sink-init-fills))' | FileCheck %s

// One fill (CSE'd) that two depthwise convolutions accumulate into: each
// gets its own tensor.empty and fill right before it; the original goes.
// CHECK-LABEL: func.func @shared(
// CHECK-SAME: %[[X:.*]]: tensor<1x8x9x9xf32>, %[[Y:.*]]: tensor<1x8x9x9xf32>, %[[W:.*]]: tensor<8x3x3xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.0
// CHECK-NEXT: %[[XE:.*]] = math.exp %[[X]]
// CHECK-NEXT: %[[E0:.*]] = tensor.empty() : tensor<1x8x7x7xf32>
// CHECK-NEXT: %[[F0:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E0]] : tensor<1x8x7x7xf32>)
// CHECK-NEXT: %[[A:.*]] = linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%[[XE]], %[[W]] : {{.*}}) outs(%[[F0]] :
// CHECK-NEXT: %[[E1:.*]] = tensor.empty() : tensor<1x8x7x7xf32>
// CHECK-NEXT: %[[F1:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E1]] : tensor<1x8x7x7xf32>)
// CHECK-NEXT: %[[B:.*]] = linalg.depthwise_conv_2d_nchw_chw {{.*}} ins(%[[Y]], %[[W]] : {{.*}}) outs(%[[F1]] :
// CHECK-NEXT: return %[[A]], %[[B]]
func.func @shared(%x: tensor<1x8x9x9xf32>, %y: tensor<1x8x9x9xf32>, %w: tensor<8x3x3xf32>)
    -> (tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x7x7xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %xe = math.exp %x : tensor<1x8x9x9xf32>
  %a = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%xe, %w : tensor<1x8x9x9xf32>, tensor<8x3x3xf32>) outs(%z : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %b = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%y, %w : tensor<1x8x9x9xf32>, tensor<8x3x3xf32>) outs(%z : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  return %a, %b : tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>
}

// -----

// Left alone: a fill right before its only user; a fill that is also read
// (an input) keeps its value for the reader; a fill of a tensor that is not
// a tensor.empty (its other elements are kept).
// CHECK-LABEL: func.func @alone(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x4xf32>
// CHECK-NEXT: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<4x4xf32>)
// CHECK-NEXT: %[[M:.*]] = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x4xf32>, tensor<4x4xf32>) outs(%[[F]] : tensor<4x4xf32>)
// CHECK-NEXT: %[[R:.*]] = linalg.matmul ins(%[[M]], %[[F]] : tensor<4x4xf32>, tensor<4x4xf32>) outs(%[[M]] : tensor<4x4xf32>)
// CHECK-NEXT: %[[G:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[R]] : tensor<4x4xf32>)
// CHECK-NEXT: math.exp
// CHECK-NEXT: %{{.*}} = linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x4xf32>, tensor<4x4xf32>) outs(%[[G]] : tensor<4x4xf32>)
// CHECK-NOT: linalg.fill
func.func @alone(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = linalg.matmul ins(%m, %f : tensor<4x4xf32>, tensor<4x4xf32>) outs(%m : tensor<4x4xf32>) -> tensor<4x4xf32>
  %g = linalg.fill ins(%zero : f32) outs(%r : tensor<4x4xf32>) -> tensor<4x4xf32>
  %x = math.exp %a : tensor<4x4xf32>
  %s = linalg.matmul ins(%x, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%g : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

// An op with two filled inits (argmax: value and index): both fills go
// right before it, once.
// CHECK-LABEL: func.func @two_inits(
// CHECK: math.exp
// CHECK-NEXT: tensor.empty() : tensor<3x
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: tensor.empty() : tensor<3x
// CHECK-NEXT: linalg.fill
// CHECK-NEXT: linalg.generic
// CHECK-NOT: linalg.fill
#in2 = affine_map<(d0, d1) -> (d0, d1)>
#out2 = affine_map<(d0, d1) -> (d0)>
func.func @two_inits(%x: tensor<3x4xf32>) -> (tensor<3xf32>, tensor<3xi64>) {
  %low = arith.constant -3.0e38 : f32
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<3xf32>
  %f = linalg.fill ins(%low : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %ei = tensor.empty() : tensor<3xi64>
  %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<3xi64>) -> tensor<3xi64>
  %y = math.exp %x : tensor<3x4xf32>
  %r:2 = linalg.generic {indexing_maps = [#in2, #out2, #out2], iterator_types = ["parallel", "reduction"]}
      ins(%y : tensor<3x4xf32>) outs(%f, %fi : tensor<3xf32>, tensor<3xi64>) {
  ^bb0(%a: f32, %m: f32, %i: i64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %gt = arith.cmpf ogt, %a, %m : f32
    %nm = arith.select %gt, %a, %m : f32
    %ni = arith.select %gt, %ji, %i : i64
    linalg.yield %nm, %ni : f32, i64
  } -> (tensor<3xf32>, tensor<3xi64>)
  return %r#0, %r#1 : tensor<3xf32>, tensor<3xi64>
}

// -----

// One tensor.empty (CSE'd) under the collapsed fills of two 1x1
// convolutions' matmuls: each fill gets an empty of its own, so that the
// two results are not one buffer.
// CHECK-LABEL: func.func @shared_empty(
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<1x8x4x4xf32>
// CHECK-NEXT: %[[C0:.*]] = tensor.collapse_shape %[[E0]]
// CHECK-NEXT: %[[F0:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[C0]] : tensor<8x16xf32>)
// CHECK-NEXT: linalg.matmul {{.*}} outs(%[[F0]] : tensor<8x16xf32>)
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<1x8x4x4xf32>
// CHECK-NEXT: %[[C1:.*]] = tensor.collapse_shape %[[E1]]
// CHECK-NEXT: %[[F1:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[C1]] : tensor<8x16xf32>)
// CHECK-NEXT: linalg.matmul {{.*}} outs(%[[F1]] : tensor<8x16xf32>)
func.func @shared_empty(%w: tensor<8x2xf32>, %x: tensor<2x16xf32>, %v: tensor<8x8xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %c0 = tensor.collapse_shape %e [[0, 1], [2, 3]] : tensor<1x8x4x4xf32> into tensor<8x16xf32>
  %f0 = linalg.fill ins(%zero : f32) outs(%c0 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %a = linalg.matmul ins(%w, %x : tensor<8x2xf32>, tensor<2x16xf32>) outs(%f0 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %c1 = tensor.collapse_shape %e [[0, 1], [2, 3]] : tensor<1x8x4x4xf32> into tensor<8x16xf32>
  %f1 = linalg.fill ins(%zero : f32) outs(%c1 : tensor<8x16xf32>) -> tensor<8x16xf32>
  %b = linalg.matmul ins(%v, %a : tensor<8x8xf32>, tensor<8x16xf32>) outs(%f1 : tensor<8x16xf32>) -> tensor<8x16xf32>
  return %b : tensor<8x16xf32>
}

// -----

// Left alone: an empty shared inside the branch of an scf.if (its own
// buffer for a yielded value would need ownership flags when freed).
// CHECK-LABEL: func.func @in_branch(
// CHECK: scf.if
// CHECK-NEXT: %[[E:.*]] = tensor.empty() : tensor<1x4xf32>
// CHECK-NEXT: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<1x4xf32>)
// CHECK-NEXT: linalg.matmul
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[E]] : tensor<1x4xf32>)
#id2b = affine_map<(d0, d1) -> (d0, d1)>
func.func @in_branch(%c: i1, %x: tensor<1x4xf32>, %w: tensor<4x4xf32>) -> tensor<1x4xf32> {
  %zero = arith.constant 0.0 : f32
  %r = scf.if %c -> (tensor<1x4xf32>) {
    %e = tensor.empty() : tensor<1x4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4xf32>) -> tensor<1x4xf32>
    %m = linalg.matmul ins(%x, %w : tensor<1x4xf32>, tensor<4x4xf32>) outs(%f : tensor<1x4xf32>) -> tensor<1x4xf32>
    %g = linalg.generic {indexing_maps = [#id2b, #id2b], iterator_types = ["parallel", "parallel"]}
        ins(%m : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.maximumf %a, %zero : f32
      linalg.yield %s : f32
    } -> tensor<1x4xf32>
    scf.yield %g : tensor<1x4xf32>
  } else {
    scf.yield %x : tensor<1x4xf32>
  }
  return %r : tensor<1x4xf32>
}

// -----

// MobileNetV3's first block: the depthwise convolution's activation and the
// 1x1 convolution's epilogue (bias + residual) share one (CSE'd) empty, so
// bufferization would write the epilogue into the buffer the matmul reads
// (the activation's last reader is the matmul), and the epilogue could not
// run on the matmul's tiles. The epilogue gets an empty of its own; the
// activation keeps the shared one.
// CHECK-LABEL: func.func @epilogue_over_matmul_input(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x4x2x2xf32>
// CHECK: %[[ACT:.*]] = linalg.generic {{.*}} outs(%[[E]] : tensor<1x4x2x2xf32>)
// CHECK: %[[MM:.*]] = linalg.matmul
// CHECK: %[[OWN:.*]] = tensor.empty() : tensor<1x4x2x2xf32>
// CHECK-NEXT: linalg.generic {{.*}} outs(%[[OWN]] : tensor<1x4x2x2xf32>)
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @epilogue_over_matmul_input(%x: tensor<1x4x2x2xf32>, %w: tensor<4x4xf32>,
                                      %res: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x2x2xf32>
  %act = linalg.generic {indexing_maps = [#id4, #id4],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x4x2x2xf32>) outs(%e : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x4x2x2xf32>
  %cols = tensor.collapse_shape %act [[0, 1], [2, 3]] : tensor<1x4x2x2xf32> into tensor<4x4xf32>
  %me = tensor.empty() : tensor<4x4xf32>
  %mz = linalg.fill ins(%zero : f32) outs(%me : tensor<4x4xf32>) -> tensor<4x4xf32>
  %mm = linalg.matmul ins(%w, %cols : tensor<4x4xf32>, tensor<4x4xf32>) outs(%mz : tensor<4x4xf32>) -> tensor<4x4xf32>
  %img = tensor.expand_shape %mm [[0, 1], [2, 3]] output_shape [1, 4, 2, 2] : tensor<4x4xf32> into tensor<1x4x2x2xf32>
  %sum = linalg.generic {indexing_maps = [#id4, #id4, #id4],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%img, %res : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) outs(%e : tensor<1x4x2x2xf32>) {
  ^bb0(%a: f32, %b: f32, %out: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2x2xf32>
  return %sum : tensor<1x4x2x2xf32>
}

// -----

// Leave-alone: an elementwise op that shares an empty with the op computing
// its own input (a residual add written in place) is not an epilogue over a
// buffer its producer reads: it keeps the shared empty.
// CHECK-LABEL: func.func @in_place_elementwise(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<1x4x2x2xf32>
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<1x4x2x2xf32>)
// CHECK: linalg.generic {{.*}} outs(%[[E]] : tensor<1x4x2x2xf32>)
// CHECK-NOT: tensor.empty
#id4b = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
func.func @in_place_elementwise(%x: tensor<1x4x2x2xf32>, %y: tensor<1x4x2x2xf32>) -> tensor<1x4x2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x4x2x2xf32>
  %a = linalg.generic {indexing_maps = [#id4b, #id4b],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x : tensor<1x4x2x2xf32>) outs(%e : tensor<1x4x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    %r = arith.maximumf %in, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x4x2x2xf32>
  %b = linalg.generic {indexing_maps = [#id4b, #id4b, #id4b],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%a, %y : tensor<1x4x2x2xf32>, tensor<1x4x2x2xf32>) outs(%e : tensor<1x4x2x2xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %s = arith.addf %p, %q : f32
    linalg.yield %s : f32
  } -> tensor<1x4x2x2xf32>
  return %b : tensor<1x4x2x2xf32>
}
