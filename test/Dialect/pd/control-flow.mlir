// pd.if / pd.while (Paddle's pd_op.if / pd_op.while with cf.yield): round
// trip, and regions that use values of the enclosing block.
// RUN: paddle-opt %s | paddle-opt | FileCheck %s
// RUN: paddle-opt %s --mlir-print-op-generic | paddle-opt | FileCheck %s

// CHECK-LABEL: func.func @branch
// CHECK-SAME: (%[[C:.*]]: !pd.vtensor<1xi1>, %[[A:.*]]: !pd.vtensor<4xf32>, %[[B:.*]]: !pd.vtensor<?xf32>)
func.func @branch(%c: !pd.vtensor<1xi1>, %a: !pd.vtensor<4xf32>, %b: !pd.vtensor<?xf32>) -> !pd.vtensor<?xf32> {
  // CHECK: %[[R:.*]] = pd.if %[[C]] : !pd.vtensor<1xi1> -> !pd.vtensor<?xf32> {
  // CHECK-NEXT: %[[E:.*]] = pd.exp %[[A]]
  // CHECK-NEXT: pd.yield %[[E]] : !pd.vtensor<4xf32>
  // CHECK-NEXT: } else {
  // CHECK-NEXT: pd.yield %[[B]] : !pd.vtensor<?xf32>
  %r = pd.if %c : !pd.vtensor<1xi1> -> !pd.vtensor<?xf32> {
    %e = pd.exp %a : (!pd.vtensor<4xf32>) -> !pd.vtensor<4xf32>
    pd.yield %e : !pd.vtensor<4xf32>
  } else {
    pd.yield %b : !pd.vtensor<?xf32>
  }
  // A branch without results.
  // CHECK: pd.if %[[C]] : !pd.vtensor<1xi1> {
  pd.if %c : !pd.vtensor<1xi1> {
    pd.yield
  } else {
    pd.yield
  }
  return %r : !pd.vtensor<?xf32>
}

// CHECK-LABEL: func.func @loop
func.func @loop(%limit: !pd.vtensor<1xi64>) -> !pd.vtensor<1xi64> {
  %i0 = pd.full(0) : !pd.vtensor<1xi64>
  %c0 = pd.less_than %i0, %limit : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<1xi1>
  // CHECK: %[[R:.*]] = pd.while %{{.*}} : !pd.vtensor<1xi1> loop(%{{.*}} : !pd.vtensor<1xi64>) {
  // CHECK-NEXT: ^bb0(%[[I:.*]]: !pd.vtensor<1xi64>):
  // CHECK: pd.yield %{{.*}}, %{{.*}} : !pd.vtensor<1xi1>, !pd.vtensor<1xi64>
  %r = pd.while %c0 : !pd.vtensor<1xi1> loop(%i0 : !pd.vtensor<1xi64>) {
  ^bb0(%i: !pd.vtensor<1xi64>):
    %one = pd.full(1) : !pd.vtensor<1xi64>
    %next = pd.add %i, %one : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<1xi64>
    // The body reads %limit of the enclosing block.
    %c = pd.less_than %next, %limit : (!pd.vtensor<1xi64>, !pd.vtensor<1xi64>) -> !pd.vtensor<1xi1>
    pd.yield %c, %next : !pd.vtensor<1xi1>, !pd.vtensor<1xi64>
  }
  return %r : !pd.vtensor<1xi64>
}
