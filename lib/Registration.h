//===- Registration.h - register paddle-mlir dialects and passes -*- C++ -*-===//

#ifndef PADDLE_MLIR_REGISTRATION_H
#define PADDLE_MLIR_REGISTRATION_H

#include <cstdint>
#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace mlir::paddle {

/// Adds the pd and phi dialects to `registry`.
void registerAllDialects(DialectRegistry &registry);

/// Registers every paddle-mlir pass and pipeline with the global pass
/// registry (idempotent).
void registerAllPasses();

/// `pd-inference-opt`: reduce in-place variants, maximize value semantics,
/// canonicalize, fold constants, fold conv+bn (frozen weights), infer shapes,
/// canonicalize,
/// CSE, fuse elementwise chains, select kernels (CPU).
void buildInferenceOptPipeline(OpPassManager &pm);

/// `pd-lower-to-llvm`: from a pd program to the LLVM dialect (see
/// buildLowerToLLVMPipeline in Registration.cpp for the stages). Options:
///   prepare    run the pd-level preparation (value semantics, shapes)
///   vectorize  tile + vectorize (pd-conv-to-im2col, pd-tile-and-vectorize)
///   parallel   run scf.parallel loops on threads (async runtime)
///   genericAlloc  buffers from _mlir_memref_to_llvm_aligned_alloc/_free
///   stage      all, or one half: Loops (paddle-mlir's passes, down to
///              loops over buffers) or LLVM (MLIR's conversion of those);
///              or split at tiling: Buffers (down to tiled and vectorized
///              ops on buffers) and FromBuffers (the rest)
///   runtimeChecks  check run-time indices and integer divisors (off:
///              trusted inputs only; an out-of-range index is not caught)
/// Returns the textual pipeline, so tools can print it.
enum class LoweringStage { All, Loops, LLVM, Buffers, FromBuffers };
std::string lowerToLLVMPipelineString(bool prepare, bool vectorize, bool parallel,
                                      bool genericAlloc = false,
                                      LoweringStage stage = LoweringStage::All,
                                      bool runtimeChecks = true);

/// `pd-lower-to-cuda`: from a pd program to a host module in the LLVM
/// dialect with the kernels in a `gpu.binary` for `chip` (see
/// lowerToCudaPipelineString in Registration.cpp for the stages).
struct CudaLoweringOptions {
  bool prepare = true;
  std::string chip = "sm_90";
  std::string features = "+ptx80";
  std::string format = "bin";   // bin (cubin), isa (PTX) or fatbin
  int optLevel = 3;
  int64_t blockSize = 256;
  bool tf32 = false;
  int64_t multiprocessors = 132;
  bool runtimeChecks = true;
};
std::string lowerToCudaPipelineString(const CudaLoweringOptions &options);

} // namespace mlir::paddle

#endif // PADDLE_MLIR_REGISTRATION_H
