// Options the pipeline cannot honour are diagnostics (upstream's NVVM target
// asserts on malformed features or levels); an op the host would have to run
// on device memory is named with its location.
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{chip=foo})' 2>&1 | FileCheck %s --check-prefix=CHECKCHIP
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=elf})' 2>&1 | FileCheck %s --check-prefix=CHECKFORMAT
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{features=ptx80})' 2>&1 | FileCheck %s --check-prefix=CHECKFEATURES
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{opt-level=9})' 2>&1 | FileCheck %s --check-prefix=CHECKLEVEL
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa block-size=7})' 2>&1 | FileCheck %s --check-prefix=CHECKBLOCK
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{format=isa chip=sm_75 features=+ptx70 tf32=true})' 2>&1 | FileCheck %s --check-prefix=CHECKTF32
// RUN: not paddle-opt %s --pass-pipeline='builtin.module(pd-lower-to-cuda{multiprocessors=0})' 2>&1 | FileCheck %s --check-prefix=CHECKSMS
// CHECKCHIP: error: pd-lower-to-cuda: chip 'foo' is not a CUDA architecture (sm_NN)
// CHECKFORMAT: error: pd-lower-to-cuda: format 'elf' is not one of bin, isa, fatbin
// CHECKFEATURES: error: pd-lower-to-cuda: features 'ptx80' are not PTX features (e.g. +ptx80)
// CHECKLEVEL: error: pd-lower-to-cuda: opt-level must be 0 to 3
// CHECKBLOCK: error: pd-gpu-map-linalg: block-size must be a multiple of 32 in [32, 1024], got 7
// CHECKSMS: error: pd-lower-to-cuda: multiprocessors must be positive
// CHECKTF32: error: pd-lower-to-cuda: tf32 needs tensor cores with TF32 (sm_80 or later), not sm_75
func.func @main() {
  %x = pd.data "x" : !pd.tensor<4xf32>
  %r = pd.relu %x : (!pd.tensor<4xf32>) -> !pd.tensor<4xf32>
  %f = pd.fetch %r "out" col 0 : !pd.tensor<4xf32>
  return
}
