// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-memref-copy-to-linalg))' | FileCheck %s

// A copy between two buffers becomes a linalg.copy (loops, no runtime call).
// CHECK-LABEL: func.func @copy(
// CHECK-NEXT: linalg.copy ins(%arg0 : memref<4x8xf32, strided<[16, 1]>>) outs(%arg1 : memref<4x8xf32>)
// CHECK-NEXT: return
func.func @copy(%a: memref<4x8xf32, strided<[16, 1]>>, %b: memref<4x8xf32>) {
  memref.copy %a, %b : memref<4x8xf32, strided<[16, 1]>> to memref<4x8xf32>
  return
}

// -----

// A part of a concatenation computed where it goes: the same region, seen
// through a matmul's collapse_shape and expand_shape (another stride for
// the unit dim) and through a subview. The copy is erased.
// CHECK-LABEL: func.func @self_copy(
// CHECK-NOT: linalg.copy
// CHECK-NOT: memref.copy
// CHECK: return
func.func @self_copy(%buf: memref<1x128x8x8xf32>) {
  %part = memref.subview %buf[0, 96, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : memref<1x128x8x8xf32> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1], offset: 6144>>
  %m = memref.collapse_shape %part [[0, 1], [2, 3]] : memref<1x32x8x8xf32, strided<[8192, 64, 8, 1], offset: 6144>> into memref<32x64xf32, strided<[64, 1], offset: 6144>>
  %y = memref.expand_shape %m [[0, 1], [2, 3]] output_shape [1, 32, 8, 8] : memref<32x64xf32, strided<[64, 1], offset: 6144>> into memref<1x32x8x8xf32, strided<[2048, 64, 8, 1], offset: 6144>>
  %dest = memref.subview %buf[0, 96, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : memref<1x128x8x8xf32> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1], offset: 6144>>
  memref.copy %y, %dest : memref<1x32x8x8xf32, strided<[2048, 64, 8, 1], offset: 6144>> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1], offset: 6144>>
  return
}

// -----

// Another region of the same buffer, or a region of another buffer at the
// same offset: copies that stay.
// CHECK-LABEL: func.func @not_self(
// CHECK: linalg.copy
// CHECK: linalg.copy
// CHECK: return
func.func @not_self(%buf: memref<1x128x8x8xf32>, %other: memref<1x128x8x8xf32>) {
  %a = memref.subview %buf[0, 0, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : memref<1x128x8x8xf32> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1]>>
  %b = memref.subview %buf[0, 32, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : memref<1x128x8x8xf32> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1], offset: 2048>>
  memref.copy %a, %b : memref<1x32x8x8xf32, strided<[8192, 64, 8, 1]>> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1], offset: 2048>>
  %c = memref.subview %other[0, 0, 0, 0] [1, 32, 8, 8] [1, 1, 1, 1] : memref<1x128x8x8xf32> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1]>>
  memref.copy %a, %c : memref<1x32x8x8xf32, strided<[8192, 64, 8, 1]>> to memref<1x32x8x8xf32, strided<[8192, 64, 8, 1]>>
  return
}
