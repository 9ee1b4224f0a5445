// RUN: paddle-opt %s -split-input-file -pd-fold-conv-bn -canonicalize | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pd-fold-conv-bn -canonicalize | paddle-opt -split-input-file -pd-fold-conv-bn -canonicalize | FileCheck %s

// w = 1, conv bias 0.5, mean 1, variance 3 (+ eps 1 = 4), scale 4, bias 0.25:
// inv = 4 / 2 = 2, w' = 2, b' = (0.5 - 1) * 2 + 0.25 = -0.75.
// CHECK-LABEL: func.func @frozen
// CHECK-DAG: %[[W:.*]] = pd.constant dense<2.000000e+00> : tensor<2x1x1x1xf32> : !pd.vtensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = pd.constant dense<-7.500000e-01> : tensor<1x2x1x1xf32> : !pd.vtensor<1x2x1x1xf32>
// CHECK: %[[C:.*]] = pd.conv2d %{{.*}}, %[[W]]
// CHECK-NEXT: %[[Y:.*]] = pd.add %[[C]], %[[B]]
// CHECK-NEXT: %[[R:.*]] = pd.relu %[[Y]]
// CHECK-NOT: pd.batch_norm
func.func @frozen(%x: !pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32> {
  %w = pd.constant dense<1.0> : tensor<2x1x1x1xf32> : !pd.vtensor<2x1x1x1xf32>
  %cb = pd.constant dense<0.5> : tensor<2xf32> : !pd.vtensor<2xf32>
  %mean = pd.constant dense<1.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %var = pd.constant dense<3.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %s = pd.constant dense<4.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %b = pd.constant dense<0.25> : tensor<2xf32> : !pd.vtensor<2xf32>
  %c = pd.conv2d %x, %w {groups = 2 : i32} : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2x1x1x1xf32>) -> !pd.vtensor<1x2x4x4xf32>
  %shape = pd.full_int_array [1, 2, 1, 1] : !pd.vtensor<4xi64>
  %rb = pd.reshape %cb, %shape : (!pd.vtensor<2xf32>, !pd.vtensor<4xi64>) -> !pd.vtensor<1x2x1x1xf32>
  %a = pd.add %c, %rb : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<1x2x1x1xf32>) -> !pd.vtensor<1x2x4x4xf32>
  %y:6 = pd.batch_norm %a, %mean, %var scale(%s) bias(%b) {is_test = true, momentum = 0.9 : f32, epsilon = 1.0 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false}
      : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>)
      -> (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<?xui8>)
  %r = pd.relu %y#0 : (!pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32>
  return %r : !pd.vtensor<1x2x4x4xf32>
}

// -----

// Weights read with pd.get_parameter may be written by a training program:
// the graph is left alone.
// CHECK-LABEL: func.func @mutable_parameters
// CHECK: pd.conv2d
// CHECK: pd.batch_norm
func.func @mutable_parameters(%x: !pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32> {
  %w = pd.get_parameter "conv2d_0.w_0" : !pd.vtensor<2x2x1x1xf32>
  %mean = pd.get_parameter "batch_norm2d_0.w_1" : !pd.vtensor<2xf32>
  %var = pd.get_parameter "batch_norm2d_0.w_2" : !pd.vtensor<2xf32>
  %c = pd.conv2d %x, %w : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2x2x1x1xf32>) -> !pd.vtensor<1x2x4x4xf32>
  %y:6 = pd.batch_norm %c, %mean, %var {is_test = true, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false}
      : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>)
      -> (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<?xui8>)
  return %y#0 : !pd.vtensor<1x2x4x4xf32>
}

// -----

// Training-mode batch_norm normalizes with batch statistics: not foldable.
// CHECK-LABEL: func.func @training
// CHECK: pd.batch_norm
func.func @training(%x: !pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32> {
  %w = pd.constant dense<1.0> : tensor<2x2x1x1xf32> : !pd.vtensor<2x2x1x1xf32>
  %mean = pd.constant dense<0.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %var = pd.constant dense<1.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %c = pd.conv2d %x, %w : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2x2x1x1xf32>) -> !pd.vtensor<1x2x4x4xf32>
  %y:6 = pd.batch_norm %c, %mean, %var {is_test = false, momentum = 0.9 : f32, epsilon = 1.0e-5 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false}
      : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>)
      -> (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<?xui8>)
  return %y#0 : !pd.vtensor<1x2x4x4xf32>
}

// -----

// depthwise_conv2d (MobileNets): the filter's dim 0 is the output channel
// too. w = 1, mean 1, variance 3 (+ eps 1), scale 4, bias 0.25:
// inv = 2, w' = 2, b' = (0 - 1) * 2 + 0.25 = -1.75.
// CHECK-LABEL: func.func @depthwise
// CHECK-DAG: %[[W:.*]] = pd.constant dense<2.000000e+00> : tensor<2x1x3x3xf32> : !pd.vtensor<2x1x3x3xf32>
// CHECK-DAG: %[[B:.*]] = pd.constant dense<-1.750000e+00> : tensor<1x2x1x1xf32> : !pd.vtensor<1x2x1x1xf32>
// CHECK: %[[C:.*]] = pd.depthwise_conv2d %{{.*}}, %[[W]]
// CHECK-NEXT: pd.add %[[C]], %[[B]]
// CHECK-NOT: pd.batch_norm
func.func @depthwise(%x: !pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32> {
  %w = pd.constant dense<1.0> : tensor<2x1x3x3xf32> : !pd.vtensor<2x1x3x3xf32>
  %mean = pd.constant dense<1.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %var = pd.constant dense<3.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %s = pd.constant dense<4.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %b = pd.constant dense<0.25> : tensor<2xf32> : !pd.vtensor<2xf32>
  %c = pd.depthwise_conv2d %x, %w {groups = 2 : i32, paddings = array<i32: 1, 1>} : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2x1x3x3xf32>) -> !pd.vtensor<1x2x4x4xf32>
  %y:6 = pd.batch_norm %c, %mean, %var scale(%s) bias(%b) {is_test = true, momentum = 0.9 : f32, epsilon = 1.0 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false}
      : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>)
      -> (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<2xf32>, !pd.vtensor<?xui8>)
  return %y#0 : !pd.vtensor<1x2x4x4xf32>
}
