// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-hoist-stack-buffers))' | FileCheck %s

// A stack buffer in a loop nest: allocated once, before the outermost loop.
// CHECK-LABEL: func.func @nest(
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0
// CHECK: %[[PANEL:.*]] = memref.alloca() : memref<64xf32>
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for
// CHECK-NOT: memref.alloca
// CHECK: memref.store %{{.*}}, %[[PANEL]]
func.func @nest(%x: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %panel = memref.alloca() : memref<64xf32>
      %v = memref.load %x[%i, %j] : memref<8x64xf32>
      memref.store %v, %panel[%c0] : memref<64xf32>
      %w = memref.load %panel[%c0] : memref<64xf32>
      memref.store %w, %x[%j, %i] : memref<8x64xf32>
    }
  }
  return
}

// -----

// Only up to an scf.parallel body: its iterations may run at once, each
// needs a buffer of its own.
// CHECK-LABEL: func.func @in_parallel(
// CHECK: scf.parallel
// CHECK-NEXT: memref.alloca() : memref<64xf32>
// CHECK-NEXT: scf.for
func.func @in_parallel(%x: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    scf.for %j = %c0 to %c8 step %c1 {
      %panel = memref.alloca() : memref<64xf32>
      %v = memref.load %x[%i, %j] : memref<8x64xf32>
      memref.store %v, %panel[%c0] : memref<64xf32>
    }
    scf.reduce
  }
  return
}

// -----

// Left alone: a dynamic size, and a buffer that outlives its iteration
// (yielded to the next one).
// CHECK-LABEL: func.func @left_alone(
// CHECK: scf.for
// CHECK-NEXT: memref.alloca(%{{.*}}) : memref<?xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloca() : memref<4xf32>
func.func @left_alone(%x: memref<8x64xf32>, %n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %dyn = memref.alloca(%n) : memref<?xf32>
    %v = memref.load %x[%i, %c0] : memref<8x64xf32>
    memref.store %v, %dyn[%c0] : memref<?xf32>
  }
  %init = memref.alloca() : memref<4xf32>
  %last = scf.for %i = %c0 to %c8 step %c1 iter_args(%prev = %init) -> (memref<4xf32>) {
    %next = memref.alloca() : memref<4xf32>
    %v = memref.load %prev[%c0] : memref<4xf32>
    memref.store %v, %next[%c0] : memref<4xf32>
    scf.yield %next : memref<4xf32>
  }
  return %last : memref<4xf32>
}
