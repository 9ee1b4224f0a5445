// The registered pipeline from a pd program to the LLVM dialect.
// RUN: paddle-opt %s --pd-lower-to-llvm | FileCheck %s
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-llvm{parallel=true})' | FileCheck %s --check-prefix=PAR
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-llvm{vectorize=false})' | FileCheck %s --check-prefix=NOVEC
// RUN: paddle-opt %s --pd-lower-to-llvm | FileCheck %s --check-prefix=FOLD
// The two stages the compile paths run apart (verifying after each pass of
// the first only) make the whole pipeline.
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-llvm{stage=buffers})' | FileCheck %s --check-prefix=BUF
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-llvm{stage=buffers})' | paddle-opt --pass-pipeline='builtin.module(pd-lower-to-llvm{stage=from-buffers})' | FileCheck %s

// Parameters, then feeds, then one out-parameter per fetch (memref
// descriptors), and the C interface wrapper; only LLVM dialect is left.
// The kernels are internal functions of their own (pd-outline-kernels).
// CHECK: llvm.func internal @main_kernel_{{[0-9]+}}(
// CHECK: llvm.intr.fmuladd
// CHECK-LABEL: llvm.func @main(
// CHECK-SAME: pd.feeds = ["x"], pd.fetch_results = [0], pd.fetches = ["out"], pd.parameters = ["w", "b"]
// CHECK: llvm.call @main_kernel_
// CHECK-LABEL: llvm.func @_mlir_ciface_main(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK-NOT: = linalg.
// CHECK-NOT: = pd.
// CHECK-NOT: = memref.
// CHECK-NOT: = vector.
// With threads, the kernels call the thread pool with a task per parallel loop.
// PAR: llvm.func @pdm_parallel_for(i64, !llvm.ptr, !llvm.ptr)
// PAR: llvm.call @pdm_parallel_for(
// PAR: llvm.func internal @main_kernel_{{[0-9]+}}_parallel_0_task(
// NOVEC-NOT: llvm.intr.fmuladd{{.*}}vector
// Stage buffers: tiled and vectorized, the buffers freed at the end (ownership-based
// deallocation; pd-early-dealloc comes after), no kernel outlined yet.
// BUF-LABEL: func.func @main(
// BUF: scf.parallel
// BUF: vector.fma
// BUF: memref.dealloc
// BUF-NEXT: return
// BUF-NOT: pd.kernel
// The memref descriptors the kernel's loads and stores built and took apart
// are folded away (the pipeline's last canonicalize): only addresses are left.
// FOLD-LABEL: llvm.func internal @main_kernel_{{[0-9]+}}(
// FOLD-NOT: !llvm.struct<(ptr, ptr
// FOLD: llvm.return
func.func @main() {
  %x = pd.data "x" : !pd.tensor<256x256xf32>
  %w = pd.get_parameter "w" : !pd.tensor<256x256xf32>
  %b = pd.get_parameter "b" : !pd.tensor<256xf32>
  %y = pd.matmul %x, %w : (!pd.tensor<256x256xf32>, !pd.tensor<256x256xf32>) -> !pd.tensor<256x256xf32>
  %z = pd.add %y, %b : (!pd.tensor<256x256xf32>, !pd.tensor<256xf32>) -> !pd.tensor<256x256xf32>
  %r = pd.relu_ %z : (!pd.tensor<256x256xf32>) -> !pd.tensor<256x256xf32>
  %f = pd.fetch %r "out" col 0 : !pd.tensor<256x256xf32>
  return
}
