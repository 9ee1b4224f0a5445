// RUN: paddle-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg))'
// RUN: not paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{block-size=100}))' 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{multiprocessors=0}))' 2>&1 | FileCheck %s --check-prefix=SMS

// The host cannot write device memory (it reads the scalars of its control
// flow through a copy, but stores have no such path).
func.func @host_store(%flag: memref<i8>, %x: memref<4xf32>) {
  %c = arith.constant 1 : i8
  // expected-error @+1 {{reads or writes device memory from the host}}
  memref.store %c, %flag[] : memref<i8>
  return
}

// -----

// A structured op on tensors has not been bufferized.
func.func @tensors(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{works on tensors}}
  %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// BLOCK: block-size must be a multiple of 32 in [32, 1024], got 100
// SMS: multiprocessors must be positive, got 0
