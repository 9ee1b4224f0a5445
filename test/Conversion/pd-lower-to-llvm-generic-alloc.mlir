// pd-lower-to-llvm{generic-alloc=true}: intermediate buffers come from the
// caller-defined _mlir_memref_to_llvm_aligned_alloc / _free (the caching
// allocator of `paddle-mlir compile`); by default from the C library.
// RUN: paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-llvm{generic-alloc=true})' | FileCheck %s
// RUN: paddle-opt %s --pd-lower-to-llvm | FileCheck %s --check-prefix=LIBC

// CHECK-DAG: llvm.func @_mlir_memref_to_llvm_aligned_alloc(i64, i64) -> !llvm.ptr
// CHECK-DAG: llvm.func @_mlir_memref_to_llvm_free(!llvm.ptr)
// CHECK: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// CHECK: llvm.call @_mlir_memref_to_llvm_free
// CHECK-NOT: llvm.call @malloc
// CHECK-NOT: llvm.call @free
// LIBC-NOT: _mlir_memref_to_llvm
// LIBC: llvm.call @{{(malloc|aligned_alloc)}}
func.func @main() {
  %x = pd.data "x" : !pd.tensor<64x64xf32>
  %w = pd.get_parameter "w" : !pd.tensor<64x64xf32>
  %y = pd.matmul %x, %w : (!pd.tensor<64x64xf32>, !pd.tensor<64x64xf32>) -> !pd.tensor<64x64xf32>
  %z = pd.matmul %y, %w : (!pd.tensor<64x64xf32>, !pd.tensor<64x64xf32>) -> !pd.tensor<64x64xf32>
  %f = pd.fetch %z "out" col 0 : !pd.tensor<64x64xf32>
  return
}
