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
