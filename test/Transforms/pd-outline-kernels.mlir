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

// -----

// A value computed from constants by pure ops (a vector mask and its
// shape_cast) is cloned into the kernel, not passed: a constant there, and
// no vector operand on the call (the now unused ops in @main are left
// to canonicalization). A buffer stays an argument (kernels of
// other weights are shared), and so does a value of the program's own.
// CHECK-LABEL: func.func private @main_kernel_0(
// CHECK-SAME: %{{[^:]*}}: memref<4x208xf32>, %{{[^:]*}}: memref<208xf32>, %{{[^:]*}}: f32)
// CHECK: vector.constant_mask [1, 197]
// CHECK: vector.shape_cast
// CHECK: scf.for
// CHECK-LABEL: func.func @main(
// CHECK: call @main_kernel_0(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<4x208xf32>, memref<208xf32>, f32) -> ()
memref.global "private" constant @bias : memref<208xf32> = dense<1.0>
func.func @main(%a: memref<4x208xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant dense<0.0> : vector<208xf32>
  %m2 = vector.constant_mask [1, 197] : vector<1x208xi1>
  %m = vector.shape_cast %m2 : vector<1x208xi1> to vector<208xi1>
  %bias = memref.get_global @bias : memref<208xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = vector.load %a[%i, %c0] : memref<4x208xf32>, vector<208xf32>
    %b = vector.load %bias[%c0] : memref<208xf32>, vector<208xf32>
    %k = vector.broadcast %s : f32 to vector<208xf32>
    %w = arith.addf %v, %b : vector<208xf32>
    %x = arith.mulf %w, %k : vector<208xf32>
    %y = arith.select %m, %x, %zero : vector<208xi1>, vector<208xf32>
    vector.store %y, %a[%i, %c0] : memref<4x208xf32>, vector<208xf32>
  }
  return
}
