// RUN: paddle-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg))'
// RUN: not paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{block-size=100}))' 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not paddle-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(pd-gpu-map-linalg{multiprocessors=0}))' 2>&1 | FileCheck %s --check-prefix=SMS

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

// -----

// A host loop that writes device memory and allocates a buffer on each
// trip cannot become a one-thread kernel (kernels do not allocate).
func.func @host_loop_alloc(%x: memref<8xf32>, %out: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %tmp = memref.alloc() : memref<8xf32>
    %v = memref.load %x[%i] : memref<8xf32>
    // expected-error @+1 {{reads or writes device memory from the host}}
    memref.store %v, %out[%i] : memref<8xf32>
    memref.dealloc %tmp : memref<8xf32>
  }
  return
}

// -----

// A run-time check's report in a host loop that cannot become a kernel (it
// allocates) would be an atomic on device memory from the host: reported.
func.func private @pdm_runtime_error(i64, i64, i64)
func.func @host_loop_check(%x: memref<8xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : i64
  %c8i = arith.constant 8 : i64
  scf.for %i = %c0 to %c8 step %c1 {
    %tmp = memref.alloc() : memref<8xf32>
    %v = memref.load %x[%i] : memref<8xi64>
    // expected-error @+1 {{reads or writes device memory from the host}}
    func.call @pdm_runtime_error(%c3, %v, %c8i) : (i64, i64, i64) -> ()
    memref.dealloc %tmp : memref<8xf32>
  }
  return
}
