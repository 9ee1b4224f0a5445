// RUN: paddle-opt %s -split-input-file -pd-outline-kernels | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pd-outline-kernels -pd-outline-kernels | FileCheck %s

// Two loop nests with the same code on other buffers share one kernel; the
// third (another shape) gets its own. Constants are cloned into kernels,
// other values become arguments; ops without regions stay.
// CHECK-LABEL: func.func private @main_kernel_0(
// CHECK-SAME: %{{.*}}: memref<16xf32>, %{{.*}}: memref<16xf32>)
// CHECK-SAME: llvm.linkage = #llvm.linkage<internal>
// CHECK-SAME: passthrough = ["noinline"]
// CHECK-SAME: pd.kernel
// CHECK: arith.constant 16 : index
// CHECK: scf.for
// CHECK: return
// CHECK-LABEL: func.func private @main_kernel_2(
// CHECK-SAME: memref<8xf32>
// CHECK-NOT: func.func private @main_kernel_1(
// CHECK-LABEL: func.func @main(
// CHECK: memref.alloc
// CHECK: call @main_kernel_0(%{{.*}}, %[[T:.*]]) :
// CHECK: call @main_kernel_0(%[[T]], %{{.*}}) :
// CHECK: call @main_kernel_2(
// CHECK-NOT: scf.for
// CHECK: return
func.func @main(%a: memref<16xf32>, %b: memref<16xf32>, %c: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c8 = arith.constant 8 : index
  %t = memref.alloc() : memref<16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %a[%i] : memref<16xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %t[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c16 step %c1 {
    %v = memref.load %t[%i] : memref<16xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %b[%i] : memref<16xf32>
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %c[%i] : memref<8xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %c[%i] : memref<8xf32>
  }
  memref.dealloc %t : memref<16xf32>
  return
}

// -----

// A loop whose results are used stays where it is.
// CHECK-LABEL: func.func @loop_with_results(
// CHECK: scf.for {{.*}} iter_args
// CHECK-NOT: call
func.func @loop_with_results(%a: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %a[%i] : memref<4xf32>
    %n = arith.addf %acc, %v : f32
    scf.yield %n : f32
  }
  return %s : f32
}
