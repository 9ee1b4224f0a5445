// RUN: paddle-opt %s -split-input-file -pd-select-kernels | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pd-select-kernels | paddle-opt -split-input-file -pd-select-kernels | FileCheck %s
// RUN: not paddle-opt %s -split-input-file -pd-select-kernels=backend=GPU 2>&1 | FileCheck %s --check-prefix=GPU
// RUN: not paddle-opt %s -split-input-file -pd-select-kernels=backend=TPU 2>&1 | FileCheck %s --check-prefix=BAD

// The key: backend (option), the data_format layout, the dtype of the
// operand the spec names; the CPU registry serves any layout and dtype.
// CHECK-LABEL: func.func @keys
// CHECK: pd.relu %{{.*}} {phi.kernel_key = #phi.kernel_key<CPU, ANY, all_dtype>, phi.kernel_name = "relu"}
// CHECK: pd.conv2d {{.*}}phi.kernel_key = #phi.kernel_key<CPU, ANY, all_dtype>, phi.kernel_name = "conv2d"
// CHECK: pd.cast {{.*}}phi.kernel_name = "cast"
// Program-level ops have no kernel.
// CHECK: pd.fetch %{{.*}} "r" col 0 :
// GPU: error: 'pd.relu' op has no PHI kernel 'relu' for key #phi.kernel_key<GPU, ANY, float32>
// BAD: error: pd-select-kernels: unknown backend 'TPU'
func.func @keys() {
  %x = pd.data "x" : !pd.vtensor<1x8x8x3xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<4x3x3x3xf32>
  %r = pd.relu %x : (!pd.vtensor<1x8x8x3xf32>) -> !pd.vtensor<1x8x8x3xf32>
  %c = pd.conv2d %r, %w {data_format = "NHWC"} : (!pd.vtensor<1x8x8x3xf32>, !pd.vtensor<4x3x3x3xf32>) -> !pd.vtensor<1x6x6x4xf32>
  %i = pd.cast %c {dtype = #pd.dtype<int32>} : (!pd.vtensor<1x6x6x4xf32>) -> !pd.vtensor<1x6x6x4xi32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1x8x8x3xf32>
  %f1 = pd.fetch %i "i" col 1 : !pd.vtensor<1x6x6x4xi32>
  return
}
