// Round trip of phi.kernel and #phi.kernel_key.
// RUN: paddle-opt %s | paddle-opt | FileCheck %s
// RUN: paddle-opt %s --mlir-print-op-generic | paddle-opt | FileCheck %s

// CHECK-LABEL: func.func @kernels
// CHECK-SAME: (%[[X:.*]]: !pd.vtensor<4x8xf32>, %[[W:.*]]: !pd.vtensor<8x2xf32>, %[[H:.*]]: !pd.vec
func.func @kernels(%x: !pd.vtensor<4x8xf32>, %w: !pd.vtensor<8x2xf32>,
                   %h: !pd.vec<!pd.vtensor<2xf16>, !pd.vtensor<2xf16>>) {
  // CHECK: phi.kernel "matmul" <CPU, NCHW, float32>(%[[X]], %[[W]]) from "pd.combine" attrs {transpose_x = false, transpose_y = true} : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x2xf32>) -> !pd.vtensor<4x2xf32>
  %0 = phi.kernel "matmul" <CPU, NCHW, float32> (%x, %w) from "pd.combine"
         attrs {transpose_x = false, transpose_y = true}
         : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x2xf32>) -> !pd.vtensor<4x2xf32>
  // Fallback keys: any backend, any layout, any dtype.
  // CHECK: phi.kernel "full" <ALL_BACKEND, ANY, all_dtype>() from "pd.full" : () -> !pd.vtensor<2xf32>
  %1 = phi.kernel "full" <ALL_BACKEND, ANY, all_dtype> () from "pd.full" : () -> !pd.vtensor<2xf32>
  // Several results, a GPU library backend.
  // CHECK: phi.kernel "split" <GPUDNN, NHWC, float16>(%[[H]]) from "pd.builtin_split" : (!pd.vec<!pd.vtensor<2xf16>, !pd.vtensor<2xf16>>) -> (!pd.vtensor<2xf16>, !pd.vtensor<2xf16>)
  %2:2 = phi.kernel "split" <GPUDNN, NHWC, float16> (%h) from "pd.builtin_split"
         : (!pd.vec<!pd.vtensor<2xf16>, !pd.vtensor<2xf16>>) -> (!pd.vtensor<2xf16>, !pd.vtensor<2xf16>)
  return
}

// CHECK: phi.keys = [#phi.kernel_key<CPU, NCHW, float32>, #phi.kernel_key<GPU, ANY, bfloat16>, #phi.kernel_key<ONEDNN, ONEDNN, int8>]
module attributes {phi.keys = [#phi.kernel_key<CPU, NCHW, float32>,
                               #phi.kernel_key<GPU, ANY, bfloat16>,
                               #phi.kernel_key<ONEDNN, ONEDNN, int8>]} {}
