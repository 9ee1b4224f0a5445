// pd.if / pd.while become scf.if / scf.while (ControlFlow.cpp); regions keep
// reading values of the enclosing block.
// RUN: paddle-opt %s -split-input-file -convert-pd-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @if_else(
// CHECK-SAME: %[[C:.*]]: tensor<1xi8> {bufferization.writable = false}, %[[X:.*]]: tensor<4xf32> {bufferization.writable = false})
// CHECK: %[[E:.*]] = tensor.extract %[[C]]
// CHECK: %[[B:.*]] = arith.cmpi ne, %[[E]]
// CHECK: %[[R:.*]] = scf.if %[[B]] -> (tensor<4xf32>) {
// CHECK: math.exp
// CHECK: scf.yield
// CHECK: } else {
// CHECK: scf.yield %[[X]]
// CHECK: return %[[R]]
func.func @if_else() {
  %c = pd.data "c" : !pd.vtensor<1xi1>
  %x = pd.data "x" : !pd.vtensor<4xf32>
  %r = pd.if %c : !pd.vtensor<1xi1> -> !pd.vtensor<4xf32> {
    %e = pd.exp %x : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
    pd.yield %e : !pd.vtensor<4xf32>
  } else {
    pd.yield %x : !pd.vtensor<4xf32>
  }
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<4xf32>
  return
}

// -----

// The condition is carried as i1 next to the loop values.
// CHECK-LABEL: func.func @while_loop(
// CHECK: scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (i1, tensor<1xi64>) -> tensor<1xi64>
// CHECK: scf.condition
// CHECK: } do {
// CHECK: arith.addi
// CHECK: arith.cmpi slt
// CHECK: scf.yield %{{.*}}, %{{.*}} : i1, tensor<1xi64>
func.func @while_loop() {
  %i = pd.full(0) : !pd.vtensor<1xi64>
  %n = pd.full(10) : !pd.vtensor<1xi64>
  %one = pd.full(1) : !pd.vtensor<1xi64>
  %c = pd.less_than %i, %n : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<1xi1>
  %r = pd.while %c : !pd.vtensor<1xi1> loop(%i : !pd.vtensor<1xi64>) {
  ^bb0(%iv: !pd.vtensor<1xi64>):
    %next = pd.add %iv, %one : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<1xi64>
    %nc = pd.less_than %next, %n : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<1xi1>
    pd.yield %nc, %next : !pd.vtensor<1xi1>, !pd.vtensor<1xi64>
  }
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<1xi64>
  return
}

// -----

// In a loop, a branch that yields a value from outside the if (the carried
// flag, a constant) yields a copy, so the if never becomes an arith.select
// on tensors (which bufferization cannot write over the carried buffer);
// while-break-flag.mlir runs the whole lowering on this loop.
// CHECK-LABEL: func.func @if_in_loop_yields_copies(
// CHECK: scf.while
// CHECK: scf.if
// CHECK: %[[T:.*]] = bufferization.alloc_tensor() copy(
// CHECK: scf.yield %[[T]] : tensor<i8>
// CHECK: } else {
// CHECK: %[[E:.*]] = bufferization.alloc_tensor() copy(
// CHECK: scf.yield %[[E]] : tensor<i8>
func.func @if_in_loop_yields_copies() {
  %i = pd.full(0) : !pd.vtensor<i64>
  %two = pd.full(2) : !pd.vtensor<i64>
  %no = pd.full(false) : !pd.vtensor<i1>
  %yes = pd.full(true) : !pd.vtensor<i1>
  %c = pd.full(true) : !pd.vtensor<i1>
  %r:2 = pd.while %c : !pd.vtensor<i1> loop(%no, %i : !pd.vtensor<i1>, !pd.vtensor<i64>) {
  ^bb0(%brk: !pd.vtensor<i1>, %iv: !pd.vtensor<i64>):
    %past = pd.greater_than %iv, %two : (!pd.vtensor<i64>, !pd.vtensor<i64>) -> !pd.vtensor<i1>
    %flag = pd.if %past : !pd.vtensor<i1> -> !pd.vtensor<i1> {
      pd.yield %yes : !pd.vtensor<i1>
    } else {
      pd.yield %brk : !pd.vtensor<i1>
    }
    %one = pd.full(1) : !pd.vtensor<i64>
    %next = pd.add %iv, %one : (!pd.vtensor<i64>, !pd.vtensor<i64>) -> !pd.vtensor<i64>
    %go = pd.logical_not %flag : (!pd.vtensor<i1>) -> !pd.vtensor<i1>
    pd.yield %go, %flag, %next : !pd.vtensor<i1>, !pd.vtensor<i1>, !pd.vtensor<i64>
  }
  %f = pd.fetch %r#1 "i" col 0 : !pd.vtensor<i64>
  return
}
