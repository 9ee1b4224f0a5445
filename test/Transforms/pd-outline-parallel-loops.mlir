// RUN: paddle-opt %s -split-input-file -pd-outline-parallel-loops | FileCheck %s

// A 2-D parallel loop: the body runs linearized iterations [begin, end)
// (the last dimension fastest); the loop becomes a dispatch of 4 x 8
// iterations with the captured buffer; constants are cloned, not captured.
// CHECK-LABEL: func.func private @two_d_parallel_0_dispatch(index, memref<16x64xf32>)
// CHECK-SAME: attributes {pd.parallel_body = @two_d_parallel_0}
// CHECK-LABEL: func.func @two_d(
// CHECK-SAME: %[[X:.*]]: memref<16x64xf32>
// CHECK-NOT: scf.parallel
// CHECK: %[[TOTAL:.*]] = arith.constant 32 : index
// CHECK: call @two_d_parallel_0_dispatch(%[[TOTAL]], %[[X]]) : (index, memref<16x64xf32>) -> ()
// CHECK-LABEL: func.func private @two_d_parallel_0(
// CHECK-SAME: %[[BEGIN:.*]]: index, %[[END:.*]]: index, %[[B:.*]]: memref<16x64xf32>)
// CHECK-SAME: llvm.linkage = #llvm.linkage<internal>
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: scf.for %[[N:.*]] = %[[BEGIN]] to %[[END]]
// CHECK: arith.remui %[[N]]
// CHECK: arith.divui %[[N]]
// CHECK: memref.store %[[ONE]], %[[B]]
func.func @two_d(%x: memref<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c16, %c64) step (%c4, %c8) {
    memref.store %one, %x[%i, %j] : memref<16x64xf32>
    scf.reduce
  }
  return
}

// -----

// Dynamic bounds travel as arguments; every outermost loop of a function
// gets a body of its own; a nested parallel loop stays inside its body.
// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME: %[[X:.*]]: memref<?xf32>, %[[N:.*]]: index
// CHECK: %[[TRIPS:.*]] = arith.maxsi %[[N]]
// CHECK: call @dynamic_parallel_0_dispatch(%[[TRIPS]], %[[N]], %[[X]])
// CHECK: call @dynamic_parallel_1_dispatch(
// CHECK-LABEL: func.func private @dynamic_parallel_0(
// CHECK-LABEL: func.func private @dynamic_parallel_1(
// CHECK: scf.for
// CHECK: scf.parallel
func.func @dynamic(%x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    memref.store %zero, %x[%i] : memref<?xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.parallel (%j) = (%c0) to (%c4) step (%c1) {
      memref.store %zero, %x[%j] : memref<?xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// A parallel loop with a reduction is left alone (lowered sequentially).
// CHECK-LABEL: func.func @reduction(
// CHECK: scf.parallel
// CHECK-NOT: dispatch
func.func @reduction(%x: memref<16xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.parallel (%i) = (%c0) to (%c16) step (%c1) init (%zero) -> f32 {
    %v = memref.load %x[%i] : memref<16xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %sum : f32
}

// -----

// A stack buffer of a static size at the top of the body (a matmul's im2col
// panel) is allocated once per call of the body, before its iterations: in
// the loop, each iteration's alloca would grow the stack.
// CHECK-LABEL: func.func private @scratch_parallel_0_dispatch(
// CHECK-LABEL: func.func private @scratch_parallel_0(
// CHECK-SAME: %[[BEGIN:.*]]: index, %[[END:.*]]: index,
// CHECK: %[[PANEL:.*]] = memref.alloca() : memref<64xf32>
// CHECK: scf.for %{{.*}} = %[[BEGIN]] to %[[END]]
// CHECK-NOT: memref.alloca
// CHECK: memref.store %{{.*}}, %[[PANEL]]
func.func @scratch(%x: memref<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%i) = (%c0) to (%c8) step (%c1) {
    %panel = memref.alloca() : memref<64xf32>
    %v = memref.load %x[%i, %c0] : memref<8x64xf32>
    memref.store %v, %panel[%c0] : memref<64xf32>
    %w = memref.load %panel[%c0] : memref<64xf32>
    memref.store %w, %x[%i, %c1] : memref<8x64xf32>
    scf.reduce
  }
  return
}
