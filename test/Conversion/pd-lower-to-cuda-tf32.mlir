// With tf32, a matmul large enough for tiles runs on tensor cores: the PTX
// for sm_90 holds mma.sync m16n8k8 on TF32 operands accumulating in f32;
// without it, the same matmul is fused multiply-adds on CUDA cores.
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa tf32=true})' | FileCheck %s
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa})' | FileCheck %s --check-prefix=F32
// CHECK: gpu.binary @kernels
// CHECK-SAME: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// F32: gpu.binary @kernels
// F32-NOT: mma.sync
// F32-SAME: fma.rn.f32
func.func @main() {
  %a = pd.data "a" : !pd.tensor<256x512xf32>
  %b = pd.data "b" : !pd.tensor<512x256xf32>
  %c = pd.matmul %a, %b : (!pd.tensor<256x512xf32>, !pd.tensor<512x256xf32>) -> !pd.tensor<256x256xf32>
  %f = pd.fetch %c "c" col 0 : !pd.tensor<256x256xf32>
  return
}
