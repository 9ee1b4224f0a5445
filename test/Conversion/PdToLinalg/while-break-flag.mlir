// A loop whose break flag is carried and updated by a pd.if (what
// jit.to_static makes of `break`) bufferizes: the branch copies keep
// canonicalize from turning the if into a select on tensors.
// RUN: paddle-opt %s -pd-lower-to-llvm="stage=loops" | FileCheck %s

// CHECK-LABEL: func.func @main(
// CHECK: scf.while
// CHECK: scf.if
func.func @main() {
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
