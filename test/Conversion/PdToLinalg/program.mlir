// The program boundary of convert-pd-to-linalg: parameters, then feeds, become
// arguments; fetches (by col) become results; names are kept as attributes.
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[W:[a-z0-9]+]]: tensor<8x16xf32> {bufferization.writable = false}, %[[X:[a-z0-9]+]]: tensor<4x8xf32> {bufferization.writable = false}, %[[Y:[a-z0-9]+]]: tensor<4xi64> {bufferization.writable = false}) -> (tensor<4xi64>, tensor<4x16xf32>)
// CHECK-SAME: llvm.emit_c_interface
// CHECK-SAME: pd.feeds = ["x", "y"], pd.fetch_results = [0, 1], pd.fetches = ["y", "out"], pd.parameters = ["w"]
// CHECK: %[[Z:.*]] = linalg.fill
// CHECK: %[[M:.*]] = linalg.matmul ins(%[[X]], %[[W]] : tensor<4x8xf32>, tensor<8x16xf32>) outs(%[[Z]] : tensor<4x16xf32>)
// CHECK: return %[[Y]], %[[M]] : tensor<4xi64>, tensor<4x16xf32>
// CHECK-NOT: pd.
func.func @main() {
  %x = pd.data "x" : !pd.vtensor<4x8xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<8x16xf32>
  %y = pd.data "y" : !pd.vtensor<4xi64>
  %w2 = pd.get_parameter "w" : !pd.vtensor<8x16xf32>
  %m = pd.matmul %x, %w2 : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<4x16xf32>
  %f1 = pd.fetch %m "out" col 1 : !pd.vtensor<4x16xf32>
  %f0 = pd.fetch %y "y" col 0 : !pd.vtensor<4xi64>
  return
}

// -----

// Constants: pd.full / pd.full_int_array / frozen weights become
// arith.constant; unsigned element types become signless.
// CHECK-LABEL: func.func @constants() -> (tensor<2x3xf32>, tensor<2xi64>, tensor<2xi8>)
// CHECK-DAG: arith.constant dense<1.500000e+00> : tensor<2x3xf32>
// CHECK-DAG: arith.constant dense<[4, -1]> : tensor<2xi64>
// CHECK-DAG: arith.constant dense<[1, 2]> : tensor<2xi8>
func.func @constants() {
  %a = pd.full(1.5) : !pd.vtensor<2x3xf32>
  %b = pd.full_int_array [4, -1] : !pd.vtensor<2xi64>
  %c = pd.constant dense<[1, 2]> : tensor<2xui8> : !pd.vtensor<2xui8>
  %f0 = pd.fetch %a "a" col 0 : !pd.vtensor<2x3xf32>
  %f1 = pd.fetch %b "b" col 1 : !pd.vtensor<2xi64>
  %f2 = pd.fetch %c "c" col 2 : !pd.vtensor<2xui8>
  return
}

// -----

// Tensor lists are bookkeeping only: combine/split disappear.
// CHECK-LABEL: func.func @lists(
// CHECK-SAME: %[[A:[a-z0-9]+]]: tensor<2xf32> {bufferization.writable = false}, %[[B:[a-z0-9]+]]: tensor<3xf32> {bufferization.writable = false}) -> tensor<3xf32>
// CHECK-NEXT: return %[[B]]
func.func @lists() {
  %a = pd.data "a" : !pd.vtensor<2xf32>
  %b = pd.data "b" : !pd.vtensor<3xf32>
  %l = pd.combine(%a, %b) : !pd.vtensor<2xf32>, !pd.vtensor<3xf32>
  %p:2 = pd.builtin_split %l : !pd.vec<!pd.vtensor<2xf32>, !pd.vtensor<3xf32>>
  %f = pd.fetch %p#1 "p" col 0 : !pd.vtensor<3xf32>
  return
}

// -----

// Functions without pd ops are left alone.
// CHECK-LABEL: func.func @helper(%{{.*}}: i32) -> i32
// CHECK-NEXT: return
func.func @helper(%a: i32) -> i32 {
  return %a : i32
}

// -----

// A value fetched twice is returned once; pd.fetch_results maps fetches to
// results.
// CHECK-LABEL: func.func @fetched_twice(
// CHECK-SAME: -> tensor<3xf32>
// CHECK-SAME: pd.fetch_results = [0, 0], pd.fetches = ["a"]
func.func @fetched_twice() {
  %x = pd.data "x" : !pd.vtensor<3xf32>
  %r = pd.relu %x : (!pd.vtensor<3xf32>) -> !pd.vtensor<3xf32>
  %f = pd.fetch %r "a" col 0 : !pd.vtensor<3xf32>
  %g = pd.fetch %r "b" col 1 : !pd.vtensor<3xf32>
  return
}

// -----

// A parameter read twice with different declared types (the first with a
// dynamic dim): the matmul lowers (its operand cast to the declared type)
// instead of asking a dynamic shape for its element count (an assertion;
// found by fuzz_ir).
// CHECK-LABEL: func.func @main(
// CHECK: linalg.matmul
func.func @main() {
  %x = pd.data "x" : !pd.vtensor<4x8xf32>
  %w = pd.get_parameter "w" : !pd.vtensor<8x?xf32>
  %w2 = pd.get_parameter "w" : !pd.vtensor<8x16xf32>
  %m = pd.matmul %x, %w2 : (!pd.vtensor<4x8xf32>, !pd.vtensor<8x16xf32>) -> !pd.vtensor<4x16xf32>
  %f = pd.fetch %m "out" col 0 : !pd.vtensor<4x16xf32>
  return
}
