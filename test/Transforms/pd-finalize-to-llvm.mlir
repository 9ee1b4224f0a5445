// RUN: paddle-opt %s -split-input-file -pd-finalize-to-llvm -reconcile-unrealized-casts | FileCheck %s
// RUN: paddle-opt %s -split-input-file -pd-finalize-to-llvm="use-generic-functions=true use-aligned-alloc=true" -reconcile-unrealized-casts | FileCheck %s --check-prefix=GENERIC

// memref, arith, index, ub, cf and func ops in one conversion: the
// function, its call, a loop's branches, an allocation and its free.
// CHECK-LABEL: llvm.func @program(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64)
// CHECK: llvm.call @malloc
// CHECK: llvm.br ^bb1
// CHECK: llvm.cond_br
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK: llvm.call @kernel(
// CHECK: llvm.call @free
// CHECK-NOT: {{ (memref|arith|index|ub|cf|func)\.}}
// CHECK-NOT: unrealized_conversion_cast
// GENERIC-LABEL: llvm.func @program(
// GENERIC: llvm.call @_mlir_memref_to_llvm_aligned_alloc
// GENERIC: llvm.call @_mlir_memref_to_llvm_free
func.func @program(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %tmp = memref.alloc() : memref<4xf32>
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  %more = arith.cmpi slt, %i, %c4 : index
  cf.cond_br %more, ^body, ^done
^body:
  memref.store %one, %tmp[%i] : memref<4xf32>
  %next = index.add %i, %c1
  cf.br ^loop(%next : index)
^done:
  func.call @kernel(%tmp, %out) : (memref<4xf32>, memref<4xf32>) -> ()
  memref.dealloc %tmp : memref<4xf32>
  return
}
func.func private @kernel(%in: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %p = ub.poison : f32
  %true_ = arith.constant true
  %v = memref.load %in[%c0] : memref<4xf32>
  %s = arith.select %true_, %v, %p : f32
  memref.store %s, %out[%c0] : memref<4xf32>
  return
}

// -----

// Ceil and floor divisions have no LLVM pattern: expanded first, as
// convert-arith-to-llvm does (adaptive pooling's window bounds).
// CHECK-LABEL: llvm.func @window_end(
// CHECK: llvm.udiv
// CHECK: llvm.select
// CHECK-NOT: arith.ceildivui
func.func @window_end(%a: index, %b: index) -> index {
  %c = arith.ceildivui %a, %b : index
  return %c : index
}
