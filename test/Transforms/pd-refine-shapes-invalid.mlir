// RUN: paddle-opt %s -split-input-file -pd-refine-shapes -verify-diagnostics

// A shape that folds, through a chain, into one that cannot hold the data:
// InferMeta's diagnostic at the op, and the pass fails.
func.func @folded_into_a_wrong_shape(%x: !pd.vtensor<2x3xf32>, %y: !pd.vtensor<4x5xf32>) {
  %n = pd.shape64 %x : (!pd.vtensor<2x3xf32>) -> !pd.vtensor<2xi64>
  // expected-error @+2 {{cannot reshape [4, 5] (20 elements) to [2, 3] (6 elements)}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = pd.reshape %y, %n : (!pd.vtensor<4x5xf32>, !pd.vtensor<2xi64>) -> !pd.vtensor<?x?xf32>
  %f = pd.fetch %r "r" col 0 : !pd.vtensor<?x?xf32>
  return
}
