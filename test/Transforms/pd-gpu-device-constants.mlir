// RUN: paddle-opt %s --pd-gpu-device-constants | FileCheck %s

// A constant global read by the host: its address becomes the device copy
// the runtime uploads once (the slot caches it); other globals are left alone.
// CHECK: llvm.func @pdm_cuda_constant(!llvm.ptr, !llvm.ptr, i64) -> !llvm.ptr
// CHECK: llvm.mlir.global private constant @w(dense<1.000000e+00> : tensor<4x8xf32>)
// CHECK: llvm.mlir.global internal @w__pdm_device() {{.*}} : !llvm.ptr {
// CHECK-NEXT: %[[NULL:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: llvm.return %[[NULL]] : !llvm.ptr
// CHECK-LABEL: llvm.func @main
// CHECK: %[[SLOT:.*]] = llvm.mlir.addressof @w__pdm_device : !llvm.ptr
// CHECK: %[[BYTES:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK: %[[HOST:.*]] = llvm.mlir.addressof @w : !llvm.ptr
// CHECK: %[[DEV:.*]] = llvm.call @pdm_cuda_constant(%[[SLOT]], %[[HOST]], %[[BYTES]])
// CHECK: llvm.getelementptr %[[DEV]]
// Leave-alone: a mutable global keeps its address.
// CHECK: llvm.mlir.addressof @counter : !llvm.ptr
module {
  llvm.mlir.global private constant @w(dense<1.0> : tensor<4x8xf32>) {addr_space = 0 : i32, alignment = 64 : i64} : !llvm.array<4 x array<8 x f32>>
  llvm.mlir.global internal @counter(0 : i64) : i64
  llvm.func @main() -> !llvm.ptr {
    %0 = llvm.mlir.addressof @w : !llvm.ptr
    %1 = llvm.getelementptr %0[0, 0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<4 x array<8 x f32>>
    %2 = llvm.mlir.addressof @counter : !llvm.ptr
    llvm.return %1 : !llvm.ptr
  }
}
