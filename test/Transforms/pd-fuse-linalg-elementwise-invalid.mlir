// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-fuse-linalg-elementwise))' -verify-diagnostics

// A reshape whose reassociation names a dim past the shape: upstream's
// verifier lets it through, and the bubble-up pattern the pass applies then
// indexed past the shape (found by fuzz_ir). The pass refuses it first.
func.func @collapse_reassociation_past_rank(%x: tensor<17x4xf32>) -> tensor<4x17xf32> {
  // expected-error @+1 {{'tensor.collapse_shape' op has a reassociation that does not list dims 0 to 1 in order}}
  %flat = tensor.collapse_shape %x [[4611686018427387904, 1]] : tensor<17x4xf32> into tensor<68xf32>
  %y = tensor.expand_shape %flat [[0, 1]] output_shape [4, 17] : tensor<68xf32> into tensor<4x17xf32>
  return %y : tensor<4x17xf32>
}
