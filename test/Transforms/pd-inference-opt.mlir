// The seed example: conv -> batch_norm_ -> relu_ on !pd.tensor with frozen
// weights ends as one value-semantic conv (bn folded) followed by a fused
// bias + relu group; every op carries its selected PHI kernel.
// RUN: paddle-opt %s -pd-inference-opt | FileCheck %s
// RUN: paddle-opt %s -pass-pipeline='builtin.module(pd-inference-opt)' | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -pd-inference-opt | paddle-opt -pd-inference-opt | FileCheck %s
// RUN: paddle-opt --help | FileCheck %s --check-prefix=CHECK-HELP
// CHECK-HELP: --pd-inference-opt

// CHECK-LABEL: func.func @main
// CHECK-DAG: %[[X:.*]] = pd.data "x" : !pd.vtensor<1x2x4x4xf32>
// CHECK-DAG: %[[W:.*]] = pd.constant dense<2.000000e+00> : tensor<2x1x1x1xf32>
// CHECK-DAG: %[[B:.*]] = pd.constant dense<-2.000000e+00> : tensor<1x2x1x1xf32>
// CHECK: %[[C:.*]] = pd.conv2d %[[X]], %[[W]] {groups = 2 : i32, phi.kernel_key = #phi.kernel_key<CPU, ANY, all_dtype>, phi.kernel_name = "conv2d"} : (!pd.vtensor<1x2x4x4xf32>, !pd.vtensor<2x1x1x1xf32>) -> !pd.vtensor<1x2x4x4xf32>
// CHECK-NEXT: %[[G:.*]] = pd.fusion_group(%[[C]], %[[B]])
// CHECK-NEXT: ^bb0(%[[A0:.*]]: !pd.vtensor<1x2x4x4xf32>, %[[A1:.*]]: !pd.vtensor<1x2x1x1xf32>):
// CHECK-NEXT: %[[Y:.*]] = pd.add %[[A0]], %[[A1]] {{{.*}}phi.kernel_name = "add"}
// CHECK-NEXT: %[[R:.*]] = pd.relu %[[Y]] {{{.*}}phi.kernel_name = "relu"} : (!pd.vtensor<1x2x4x4xf32>) -> !pd.vtensor<1x2x4x4xf32>
// CHECK-NEXT: pd.yield %[[R]]
// CHECK-NEXT: }
// CHECK-NEXT: pd.fetch %[[G]] "y" col 0 : !pd.vtensor<1x2x4x4xf32>
// CHECK-NOT: pd.batch_norm
// CHECK-NOT: pd.to_tensor
func.func @main() {
  %x = pd.data "x" : !pd.tensor<1x2x4x4xf32>
  %w0 = pd.constant dense<1.0> : tensor<2x1x1x1xf32> : !pd.vtensor<2x1x1x1xf32>
  %w = pd.to_tensor %w0 : !pd.vtensor<2x1x1x1xf32>
  %m0 = pd.constant dense<1.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %m = pd.to_tensor %m0 : !pd.vtensor<2xf32>
  %v0 = pd.constant dense<3.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %v = pd.to_tensor %v0 : !pd.vtensor<2xf32>
  %s0 = pd.constant dense<4.0> : tensor<2xf32> : !pd.vtensor<2xf32>
  %s = pd.to_tensor %s0 : !pd.vtensor<2xf32>
  %c = pd.conv2d %x, %w {groups = 2 : i32} : (!pd.tensor<1x2x4x4xf32>, !pd.tensor<2x1x1x1xf32>) -> !pd.tensor<1x2x4x4xf32>
  %y:6 = pd.batch_norm_ %c, %m, %v scale(%s) {is_test = true, momentum = 0.9 : f32, epsilon = 1.0 : f32, data_format = "NCHW", use_global_stats = false, trainable_statistics = false}
      : (!pd.tensor<1x2x4x4xf32>, !pd.tensor<2xf32>, !pd.tensor<2xf32>, !pd.tensor<2xf32>)
      -> (!pd.tensor<1x2x4x4xf32>, !pd.tensor<2xf32>, !pd.tensor<2xf32>, !pd.tensor<2xf32>, !pd.tensor<2xf32>, !pd.tensor<?xui8>)
  %r = pd.relu_ %y#0 : (!pd.tensor<1x2x4x4xf32>) -> !pd.tensor<1x2x4x4xf32>
  %f = pd.fetch %r "y" col 0 : !pd.tensor<1x2x4x4xf32>
  return
}
