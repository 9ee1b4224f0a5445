// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-early-dealloc))' | FileCheck %s
// Running it twice changes nothing more.
// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-early-dealloc,pd-early-dealloc))' | FileCheck %s

func.func private @kernel(memref<64xf32>, memref<64xf32>)

// Each buffer is freed right after the last op using it or a view of it.
// CHECK-LABEL: func.func @chain(
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: call @kernel(%{{.*}}, %[[A]])
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: %[[V:.*]] = memref.expand_shape %[[A]]
// CHECK: memref.load %[[V]]
// CHECK: call @kernel(%[[A]], %[[B]])
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: call @kernel(%[[B]], %{{.*}})
// CHECK-NEXT: memref.dealloc %[[B]]
// CHECK-NEXT: return
func.func @chain(%x: memref<64xf32>, %out: memref<64xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<64xf32>
  call @kernel(%x, %a) : (memref<64xf32>, memref<64xf32>) -> ()
  %b = memref.alloc() : memref<64xf32>
  %v = memref.expand_shape %a [[0, 1]] output_shape [8, 8] : memref<64xf32> into memref<8x8xf32>
  %e = memref.load %v[%c0, %c0] : memref<8x8xf32>
  call @kernel(%a, %b) : (memref<64xf32>, memref<64xf32>) -> ()
  call @kernel(%b, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return %e : f32
}

// -----

// A buffer that escapes (returned) keeps its place.
// CHECK-LABEL: func.func @escapes(
// CHECK: scf.if
// CHECK: memref.dealloc
// CHECK-NEXT: return
func.func @escapes(%c: i1) -> memref<4xf32> {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %r = scf.if %c -> memref<4xf32> {
    scf.yield %a : memref<4xf32>
  } else {
    scf.yield %b : memref<4xf32>
  }
  memref.dealloc %a : memref<4xf32>
  return %r : memref<4xf32>
}

// -----

// Only a block's own allocations move: a dealloc of an argument stays.
// CHECK-LABEL: func.func @argument(
// CHECK: call @kernel
// CHECK: call @kernel
// CHECK-NEXT: memref.dealloc %arg0
func.func private @kernel(memref<4xf32>)
func.func @argument(%a: memref<4xf32>, %b: memref<4xf32>) {
  call @kernel(%a) : (memref<4xf32>) -> ()
  call @kernel(%b) : (memref<4xf32>) -> ()
  memref.dealloc %a : memref<4xf32>
  return
}

// -----

func.func private @kernel2(memref<64xf32>, memref<64xf32>)

// A store into the buffer is a use like any other: the buffer is freed
// after it. Only storing the buffer itself (into a buffer of buffers)
// lets it escape.
// CHECK-LABEL: func.func @stored_into(
// CHECK: %[[A:.*]] = memref.alloc() : memref<64xf32>
// CHECK: memref.store %{{.*}}, %[[A]]
// CHECK: call @kernel2(%[[A]], %{{.*}})
// CHECK-NEXT: memref.dealloc %[[A]]
// CHECK: memref.store %[[B:.*]], %{{.*}}[%{{.*}}] : memref<1xmemref<64xf32>>
// CHECK: call @kernel2
// CHECK-NEXT: memref.dealloc %[[B]]
func.func @stored_into(%x: memref<64xf32>, %out: memref<64xf32>, %box: memref<1xmemref<64xf32>>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %a = memref.alloc() : memref<64xf32>
  memref.store %zero, %a[%c0] : memref<64xf32>
  call @kernel2(%a, %x) : (memref<64xf32>, memref<64xf32>) -> ()
  %b = memref.alloc() : memref<64xf32>
  memref.store %b, %box[%c0] : memref<1xmemref<64xf32>>
  call @kernel2(%x, %out) : (memref<64xf32>, memref<64xf32>) -> ()
  memref.dealloc %a : memref<64xf32>
  memref.dealloc %b : memref<64xf32>
  return
}
