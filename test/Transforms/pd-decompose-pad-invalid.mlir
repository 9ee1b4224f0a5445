// RUN: paddle-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(pd-decompose-pad))' -verify-diagnostics

// A static padding equal to the dynamic marker (-2^63) without a value for
// it passes tensor.pad's verifier; the pass refuses it rather than let a
// pattern read the missing operand (found by tools/fuzz/fuzz_ir.py).
func.func @dynamic_marker(%x: tensor<1x8x8x8xf32>) -> tensor<1x8x10x10xf32> {
  %zero = arith.constant 0.0 : f32
  // expected-error @+1 {{'tensor.pad' op has a static padding of -2^63 (the dynamic marker) without a value for it}}
  %p = tensor.pad %x low[0, 0, -9223372036854775808, 1] high[0, 0, 1, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %zero : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  return %p : tensor<1x8x10x10xf32>
}
