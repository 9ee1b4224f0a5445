// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-plan-buffers))' | FileCheck %s

// A chain of layers: %c takes the range %a freed (offset 0), the arena is
// the peak (two buffers of 256 bytes), and only the arena is freed.
// CHECK-LABEL: func.func @chain(
// CHECK: %[[ARENA:.*]] = memref.alloc() {alignment = 64 : i64} : memref<512xi8>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[A:.*]] = memref.view %[[ARENA]][%[[C0]]][] : memref<512xi8> to memref<64xf32>
// CHECK: call @k(%{{.*}}, %[[A]])
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[B:.*]] = memref.view %[[ARENA]][%[[C256]]][] : memref<512xi8> to memref<64xf32>
// CHECK: call @k(%[[A]], %[[B]])
// CHECK-NOT: memref.dealloc
// CHECK: %[[C0B:.*]] = arith.constant 0 : index
// CHECK: %[[C:.*]] = memref.view %[[ARENA]][%[[C0B]]][] : memref<512xi8> to memref<64xf32>
// CHECK: call @k(%[[B]], %[[C]])
// CHECK: call @k(%[[C]], %{{.*}})
// CHECK-NEXT: memref.dealloc %[[ARENA]] : memref<512xi8>
// CHECK-NEXT: return
func.func private @k(memref<64xf32>, memref<64xf32>)
func.func @chain(%x: memref<64xf32>, %out: memref<64xf32>) {
  %a = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  call @k(%x, %a) : (memref<64xf32>, memref<64xf32>) -> ()
  %b = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  call @k(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() {alignment = 64 : i64} : memref<64xf32>
  call @k(%b, %c) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %b : memref<64xf32>
  call @k(%c, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %c : memref<64xf32>
  return
}

// -----

// Two free ranges fit %d: it takes the one freed last (%b's, at 512), not
// the lower one (%a's, at 0). Sizes round up to 64 bytes (10 x i8).
// CHECK-LABEL: func.func @recency(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<1024xi8>
// CHECK: arith.constant 512 : index
// CHECK-NEXT: memref.view {{.*}} : memref<1024xi8> to memref<64xf32>
// CHECK: arith.constant 512 : index
// CHECK-NEXT: memref.view {{.*}} : memref<1024xi8> to memref<10xi8>
func.func private @use(memref<64xf32>)
func.func private @use8(memref<10xi8>)
func.func @recency() {
  %a = memref.alloc() : memref<64xf32>
  %x = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %c = memref.alloc() : memref<64xf32>
  call @use(%a) : (memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  call @use(%b) : (memref<64xf32>) -> ()
  memref.dealloc %b : memref<64xf32>
  %d = memref.alloc() : memref<10xi8>
  call @use8(%d) : (memref<10xi8>) -> ()
  call @use(%x) : (memref<64xf32>) -> ()
  call @use(%c) : (memref<64xf32>) -> ()
  memref.dealloc %x : memref<64xf32>
  memref.dealloc %c : memref<64xf32>
  memref.dealloc %d : memref<10xi8>
  return
}

// -----

// Neighbouring free ranges merge: %c (512 bytes) takes the 256 + 256 that
// %a and %b left at the start of the arena.
// CHECK-LABEL: func.func @merge(
// CHECK: memref.alloc() {alignment = 64 : i64} : memref<768xi8>
// CHECK: arith.constant 0 : index
// CHECK-NEXT: memref.view {{.*}} : memref<768xi8> to memref<64xf32>
// CHECK: arith.constant 256 : index
// CHECK-NEXT: memref.view {{.*}} : memref<768xi8> to memref<64xf32>
// CHECK: arith.constant 0 : index
// CHECK-NEXT: memref.view {{.*}} : memref<768xi8> to memref<128xf32>
func.func private @use(memref<64xf32>)
func.func private @use128(memref<128xf32>)
func.func @merge() {
  %a = memref.alloc() : memref<64xf32>
  %b = memref.alloc() : memref<64xf32>
  %keep = memref.alloc() : memref<64xf32>
  call @use(%a) : (memref<64xf32>) -> ()
  call @use(%b) : (memref<64xf32>) -> ()
  memref.dealloc %b : memref<64xf32>
  memref.dealloc %a : memref<64xf32>
  %c = memref.alloc() : memref<128xf32>
  call @use128(%c) : (memref<128xf32>) -> ()
  call @use(%keep) : (memref<64xf32>) -> ()
  memref.dealloc %c : memref<128xf32>
  memref.dealloc %keep : memref<64xf32>
  return
}

// -----

// Left alone: a dynamic size, a buffer that is returned (no dealloc), i1
// and index elements, a buffer freed in another block; with fewer than two
// plannable buffers left, no arena.
// CHECK-LABEL: func.func @leave_alone(
// CHECK-NOT: memref.view
// CHECK: memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.alloc() : memref<8xf32>
// CHECK: memref.alloc() : memref<8xi1>
// CHECK: memref.alloc() : memref<8xindex>
// CHECK: memref.alloc() : memref<4xf32>
// CHECK: memref.alloc() : memref<16xf32>
// CHECK-NOT: memref.view
func.func @leave_alone(%n: index, %p: i1) -> memref<8xf32> {
  %dyn = memref.alloc(%n) : memref<?xf32>
  %ret = memref.alloc() : memref<8xf32>
  %bits = memref.alloc() : memref<8xi1>
  %idx = memref.alloc() : memref<8xindex>
  %other = memref.alloc() : memref<4xf32>
  %one = memref.alloc() : memref<16xf32>
  memref.dealloc %dyn : memref<?xf32>
  memref.dealloc %bits : memref<8xi1>
  memref.dealloc %idx : memref<8xindex>
  scf.if %p {
    memref.dealloc %other : memref<4xf32>
  }
  memref.dealloc %one : memref<16xf32>
  return %ret : memref<8xf32>
}

// -----

// A nested block with buffers of its own gets its own arena there (one
// range of 64 bytes, which %b takes again).
// CHECK-LABEL: func.func @nested(
// CHECK: scf.if
// CHECK-NEXT: memref.alloc() {alignment = 64 : i64} : memref<64xi8>
// CHECK: memref.view
// CHECK: memref.view
// CHECK: memref.dealloc %{{.*}} : memref<64xi8>
// CHECK-NEXT: }
func.func private @use(memref<16xf32>)
func.func @nested(%p: i1) {
  scf.if %p {
    %a = memref.alloc() : memref<16xf32>
    func.call @use(%a) : (memref<16xf32>) -> ()
    memref.dealloc %a : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    func.call @use(%b) : (memref<16xf32>) -> ()
    memref.dealloc %b : memref<16xf32>
  }
  return
}
