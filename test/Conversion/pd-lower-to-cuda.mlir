// The registered pipeline from a pd program to a host module calling the
// CUDA runtime, with the kernels in a gpu.binary for sm_90.
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa})' | FileCheck %s
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa chip=sm_80 features=+ptx70 block-size=128})' | FileCheck %s --check-prefix=SM80
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa})' | FileCheck %s --check-prefix=BIN
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa})' | FileCheck %s --check-prefix=NODIV
// RUN: %if ptxas %{ paddle-opt %s --pd-lower-to-cuda | FileCheck %s --check-prefix=CUBIN %}

// One kernel per structured op (the fill, the matmul, the fused
// bias + relu), all in one gpu.module (pd-gpu-merge-kernel-modules) whose
// PTX for sm_90 is one gpu.binary, launched on the program's stream; the
// weights come from pdm_cuda_constant.
// CHECK: llvm.func @pdm_cuda_constant(!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
// CHECK-LABEL: llvm.func @main(
// CHECK-SAME: pd.feeds = ["x"], pd.fetch_results = [0], pd.fetches = ["out"]
// CHECK: llvm.call @pdm_cuda_constant(
// CHECK: %[[STREAM:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: gpu.launch_func <%[[STREAM]] : !llvm.ptr> @kernels::@main_kernel blocks in
// CHECK: gpu.launch_func <%[[STREAM]] : !llvm.ptr> @kernels::@main_kernel_0
// CHECK: gpu.launch_func <%[[STREAM]] : !llvm.ptr> @kernels::@main_kernel_1
// CHECK: llvm.call @mgpuStreamSynchronize(%[[STREAM]])
// CHECK-LABEL: llvm.func @_mlir_ciface_main(
// CHECK-NOT: = linalg.
// CHECK-NOT: = pd.
// CHECK-NOT: = memref.
// The kernels: PTX for the chip, one entry each, in one binary.
// BIN: gpu.binary @kernels  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, properties = {{.*}}, assembly = "
// BIN-SAME: .target sm_90
// BIN-SAME: .entry main_kernel(
// BIN-SAME: .entry main_kernel_0(
// BIN-SAME: .entry main_kernel_1(
// BIN-NOT: gpu.binary
// Sizes are constants inside the kernels (gpu-launch-sink-index-computations
// before outlining), not kernel arguments: no run-time division.
// NODIV-NOT: div.u
// SM80: gpu.binary @kernels  [#gpu.object<#nvvm.target<O = 3, chip = "sm_80", features = "+ptx70">
// SM80-SAME: .target sm_80
// CUBIN: gpu.binary @kernels  [#gpu.object<#nvvm.target<O = 3, chip = "sm_90", features = "+ptx80">, properties = {{.*}}, bin = "\7FELF
func.func @main() {
  %x = pd.data "x" : !pd.tensor<4x64xf32>
  %w = pd.constant dense<0.5> : tensor<64x32xf32> : !pd.vtensor<64x32xf32>
  %b = pd.constant dense<0.25> : tensor<32xf32> : !pd.vtensor<32xf32>
  %y = pd.matmul %x, %w : (!pd.tensor<4x64xf32>, !pd.vtensor<64x32xf32>) -> !pd.tensor<4x32xf32>
  %z = pd.add %y, %b : (!pd.tensor<4x32xf32>, !pd.vtensor<32xf32>) -> !pd.tensor<4x32xf32>
  %r = pd.relu_ %z : (!pd.tensor<4x32xf32>) -> !pd.tensor<4x32xf32>
  %f = pd.fetch %r "out" col 0 : !pd.tensor<4x32xf32>
  return
}
