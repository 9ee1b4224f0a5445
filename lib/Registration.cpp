//===- Registration.cpp - register paddle-mlir dialects and passes --------===//

#include "Registration.h"

#include "Dialect/Phi/PhiDialect.h"
#include "Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

#include <mutex>

void mlir::paddle::registerAllDialects(DialectRegistry &registry) {
  registry.insert<pd::PdDialect, phi::PhiDialect>();
}

void mlir::paddle::buildInferenceOptPipeline(OpPassManager &pm) {
  // In-place ops become value ops first, so that value semantics covers
  // them; folding needs values; cleanup between steps exposes more.
  pm.addPass(pd::createPdReduceInplaceVariants());
  pm.addPass(pd::createPdMaximizeValueSemantics());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(pd::createPdFoldConstants());
  pm.addPass(pd::createPdFoldConvBn());
  // After the batch norms are folded into them: 1x1 convolutions of 1x1
  // maps as matmuls with pre-transposed weights.
  pm.addPass(pd::createPdConvToLinear());
  // A row times frozen weights (batch 1) as the weights' rows times a
  // column: the rows split over the threads.
  pm.addPass(pd::createPdVectorMatrixAsMatvec());
  // Shapes computed from shapes fold as far as the feed shapes allow.
  pm.addPass(pd::createPdRefineShapes());
  pm.addPass(createCSEPass());
  // Then CINN-style fusion of elementwise chains and PHI kernel selection.
  pm.addPass(pd::createPdFuseElementwise());
  pm.addPass(pd::createPdSelectKernels());
}

std::string mlir::paddle::lowerToLLVMPipelineString(bool prepare, bool vectorize,
                                                    bool parallel, bool genericAlloc,
                                                    LoweringStage stage, bool runtimeChecks) {
  std::string p;
  // pd level: in-place ops become value ops, every tensor a value, shapes
  // refined so that the lowering sees static types where they are known.
  if (prepare)
    p += "pd-reduce-inplace-variants,pd-maximize-value-semantics,canonicalize,"
         "pd-infer-shapes,canonicalize,";
  // pd -> linalg/tensor; elementwise producers fuse into their consumers.
  p += runtimeChecks ? "convert-pd-to-linalg," : "convert-pd-to-linalg{runtime-checks=false},";
  p += "canonicalize,func.func(pd-fuse-linalg-elementwise),canonicalize,cse,";
  // 3x3 convolutions of 32 or more channels and enough outputs as
  // Winograd's F(2x2, 3x3) (2.25x fewer multiply-adds), the others as
  // im2col + matmul.
  if (vectorize)
    p += "func.func(pd-conv-to-winograd,pd-conv-to-im2col),";
  // Attention's k^T padded to whole vectors of columns; padded activations:
  // their producers write into the padded buffer.
  if (vectorize)
    p += "func.func(pd-pad-matmul-columns),";
  p += "func.func(pd-decompose-pad),canonicalize,";
  // After the last cse: each convolution accumulates into a fill of its own.
  p += "func.func(pd-sink-init-fills),";
  // Fetches whose size depends on the values: bounded buffers + shapes.
  p += "pd-dedupe-fetch-results,pd-bound-dynamic-results,";
  // Growing concatenations (DenseNet's blocks) built in one buffer (no
  // canonicalization before bufferization from here: it would fold the
  // slices of the empty back into empties).
  // Winograd's tile planes apart in cache sets (likewise before bufferization).
  p += "func.func(pd-concat-in-place,pd-pad-winograd-planes),eliminate-empty-tensors,";
  // Tensors -> buffers; results become caller-allocated out-parameters
  // (the Executor and the AOT ABI pass outputs in, no copies).
  p += "one-shot-bufferize{bufferize-function-boundaries "
       "function-boundary-type-conversion=identity-layout-map "
       "allow-return-allocs-from-loops},"
       // cse first: the copy of a producer's result into the padded buffer it
       // already wrote (pd-decompose-pad) is then a self-copy, which folds.
       "cse,canonicalize,buffer-results-to-out-params{hoist-static-allocs=true modify-public-functions=true},"
       "func.func(buffer-hoisting,buffer-loop-hoisting,pd-memref-copy-to-linalg),";
  // Deallocation before tiling: its passes and canonicalizations then walk
  // one op per kernel, not the tiled and vectorized loops (DenseNet-121:
  // 1.3 s -> 0.2 s). Ownership-based deallocation frees at the end of the
  // block; pd-early-dealloc moves the frees up after tiling.
  p += "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
       "func.func(pd-memref-copy-to-linalg,pd-write-transposed),";
  if (vectorize)
    p += "func.func(pd-tile-and-vectorize),";
  // Stage `buffers` ends here: what follows walks the tiled and vectorized
  // loops, ten times the ops, where verifying the IR after each pass cost
  // more than the passes (DenseNet-121: 0.6 s of 2.4 s).
  std::string buffers = std::move(p);
  p.clear();
  // One function per kernel, identical kernels shared: LLVM compiles
  // many small functions much faster than one huge one, and every pass
  // from here on converts each distinct kernel once, on all threads
  // (DeiT-tiny's twelve layers are one set of kernels).
  p += "pd-outline-kernels,";
  if (vectorize)
    p += "func.func(canonicalize,cse),";
  p +=
       // Buffers freed after their last use, not at the end of the program.
       "func.func(pd-early-dealloc),"
       // Those buffers laid out in one arena, each where the last freed
       // (still cached) memory is.
       "func.func(pd-plan-buffers),"
       "func.func(convert-linalg-to-loops),";
  // Parallel loops: their bodies outlined for paddle-mlir's thread pool.
  if (parallel)
    p += "pd-outline-parallel-loops,";
  else
    p += "func.func(scf-parallel-loop-fusion,scf-parallel-for-to-nested-fors),";
  // Stack buffers (im2col panels) allocated once, not in each iteration.
  p += "func.func(pd-hoist-stack-buffers),";
  // f32 transcendental functions as vectorized polynomials, not libm calls.
  p += "func.func(pd-approximate-math),";
  // The loop level: paddle-mlir's passes are done (but the parallel
  // dispatch); what follows is MLIR's conversion to the LLVM dialect.
  std::string kernels = std::move(p);
  p.clear();
  // From here on, every pass that can run on one function at a time is
  // nested in func.func: the pass manager then converts the functions (the
  // program and its outlined kernels) on all threads at once. The passes
  // restricted to the module (they declare functions or globals) stay at the
  // top, in the same order as before.
  p += "func.func(lower-vector-mask,lower-vector-multi-reduction,"
       "convert-vector-to-scf{full-unroll=true},lower-affine,convert-scf-to-cf,"
       "expand-strided-metadata,lower-affine),"
       // Math first: intrinsics where LLVM has them (vector-wide), libm
       // calls for the rest, which unroll into vector ops that
       // convert-vector-to-llvm then lowers.
       "convert-math-to-funcs,func.func(convert-math-to-llvm),convert-math-to-libm,"
       "func.func(convert-vector-to-llvm{vector-transpose-lowering=shuffle16x16}),";
  // memref, arith, index, ub, cf and func to LLVM in one conversion (six
  // walks of every op before). Generic allocation functions: the AOT
  // library defines them as a caching allocator (no mmap/munmap and page
  // faults for each run's buffers).
  p += genericAlloc ? "pd-finalize-to-llvm{use-generic-functions=true use-aligned-alloc=true},"
                    : "pd-finalize-to-llvm,";
  p += "llvm.func(reconcile-unrealized-casts),";
  // Each memref op built and took apart a descriptor: folding those
  // insertvalue/extractvalue chains (and CSE of the constants) leaves 40% of
  // the ops for translation and LLVM, for a few ms on all threads. It also
  // leaves most descriptor fields of the kernels' arguments unused, which
  // the calls then stop passing (DeiT-tiny's code generation: 1.0 -> 0.5 s).
  p += "llvm.func(canonicalize{region-simplify=disabled}),pd-prune-kernel-arguments,";
  if (parallel)
    p += "pd-lower-parallel-dispatch,";
  p += "llvm.func(canonicalize{region-simplify=disabled},cse)";
  auto withoutComma = [](std::string s) {
    if (!s.empty() && s.back() == ',')
      s.pop_back();
    return s;
  };
  switch (stage) {
  case LoweringStage::Buffers:
    return withoutComma(buffers);
  case LoweringStage::FromBuffers:
    return kernels + p;
  case LoweringStage::Loops:
    return withoutComma(buffers + kernels);
  case LoweringStage::LLVM:
    return p;
  case LoweringStage::All:
    break;
  }
  return buffers + kernels + p;
}

std::string mlir::paddle::lowerToCudaPipelineString(const CudaLoweringOptions &o) {
  std::string p;
  if (o.prepare)
    p += "pd-reduce-inplace-variants,pd-maximize-value-semantics,canonicalize,"
         "pd-infer-shapes,canonicalize,";
  // pd -> linalg on tensors, elementwise producers fused into their
  // consumers: one fusion group becomes one kernel. Run-time index checks
  // report to a device record the host reads when the program ends
  // (pd-gpu-map-linalg).
  p += o.runtimeChecks ? "convert-pd-to-linalg," : "convert-pd-to-linalg{runtime-checks=false},";
  p += "canonicalize,func.func(pd-fuse-linalg-elementwise),canonicalize,cse,"
       "pd-dedupe-fetch-results,pd-bound-dynamic-results,eliminate-empty-tensors,";
  // Tensors -> buffers, results as caller-allocated out-parameters (the
  // runtime passes device buffers for feeds and fetches), freed after their
  // last use.
  p += "one-shot-bufferize{bufferize-function-boundaries "
       "function-boundary-type-conversion=identity-layout-map "
       "allow-return-allocs-from-loops},"
       "cse,canonicalize,buffer-results-to-out-params{hoist-static-allocs=true "
       "modify-public-functions=true},"
       "func.func(buffer-hoisting,buffer-loop-hoisting),"
       "buffer-deallocation-pipeline,convert-bufferization-to-memref,"
       "func.func(pd-memref-copy-to-linalg,pd-early-dealloc),";
  // Each structured op a kernel of one thread per output point; buffers on
  // the device.
  p += "func.func(pd-gpu-map-linalg{block-size=" + std::to_string(o.blockSize) +
       " multiprocessors=" + std::to_string(o.multiprocessors) +
       (o.tf32 ? " tf32=true" : "") + "}),canonicalize,cse,";
  // Kernels outlined into a gpu.module; the host's GPU calls ordered on one
  // stream, synchronized once at the end of the program.
  // Constants and index arithmetic are sunk into the launches first: passed
  // as kernel arguments, a static divisor would be a run-time division.
  p += "func.func(gpu-launch-sink-index-computations),gpu-kernel-outlining,"
       "pd-gpu-merge-kernel-modules,func.func(gpu-async-region),";
  // MLIR's NVVM pipeline: kernels to NVVM and a gpu.binary for the chip
  // (ptxas for cubin), the host to the LLVM dialect calling mgpu* functions.
  p += "gpu-lower-to-nvvm-pipeline{cubin-chip=" + o.chip +
       " cubin-features=" + o.features + " cubin-format=" + o.format +
       " opt-level=" + std::to_string(o.optLevel) + "},";
  // Weights read from device copies uploaded once.
  p += "pd-gpu-device-constants";
  return p;
}

namespace {
/// Fails with `message` on the module: a pipeline option that cannot be
/// honoured is a diagnostic, not an abort while the pipeline is built.
struct ReportOptionErrorPass
    : public mlir::PassWrapper<ReportOptionErrorPass,
                               mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReportOptionErrorPass)
  explicit ReportOptionErrorPass(std::string message) : message(std::move(message)) {}
  llvm::StringRef getArgument() const override { return "pd-report-option-error"; }
  void runOnOperation() override {
    getOperation().emitError() << message;
    signalPassFailure();
  }
  std::string message;
};

/// Why the CUDA options cannot be used, or "" (they go into pipeline text).
std::string invalidCudaOption(const mlir::paddle::CudaLoweringOptions &o) {
  auto isSm = [](llvm::StringRef chip) {
    if (!chip.consume_front("sm_") || chip.empty())
      return false;
    if (!chip.empty() && llvm::isAlpha(chip.back()))
      chip = chip.drop_back();
    return !chip.empty() && llvm::all_of(chip, llvm::isDigit);
  };
  auto isFeatures = [](llvm::StringRef f) {
    llvm::SmallVector<llvm::StringRef> parts;
    f.split(parts, ',');
    return llvm::all_of(parts, [](llvm::StringRef p) {
      return p.size() > 1 && (p[0] == '+' || p[0] == '-') &&
             llvm::all_of(p.drop_front(), llvm::isAlnum);
    });
  };
  if (!isSm(o.chip))
    return "pd-lower-to-cuda: chip '" + o.chip + "' is not a CUDA architecture (sm_NN)";
  if (!isFeatures(o.features))
    return "pd-lower-to-cuda: features '" + o.features + "' are not PTX features (e.g. +ptx80)";
  if (o.format != "bin" && o.format != "isa" && o.format != "fatbin")
    return "pd-lower-to-cuda: format '" + o.format + "' is not one of bin, isa, fatbin";
  if (o.optLevel < 0 || o.optLevel > 3)
    return "pd-lower-to-cuda: opt-level must be 0 to 3";
  if (o.multiprocessors < 1)
    return "pd-lower-to-cuda: multiprocessors must be positive";
  unsigned version = 0;
  if (o.tf32 && (llvm::StringRef(o.chip).drop_front(3).take_while(llvm::isDigit)
                     .getAsInteger(10, version) ||
                 version < 80))
    return "pd-lower-to-cuda: tf32 needs tensor cores with TF32 (sm_80 or later), "
           "not " + o.chip;
  return "";
}

struct LowerToLLVMOptions
    : public mlir::PassPipelineOptions<LowerToLLVMOptions> {
  Option<bool> prepare{*this, "prepare",
                       llvm::cl::desc("Run the pd-level preparation (in-place "
                                      "reduction, value semantics, shapes)"),
                       llvm::cl::init(true)};
  Option<bool> vectorize{*this, "vectorize",
                         llvm::cl::desc("Tile and vectorize (im2col "
                                        "convolutions, register-tiled matmul)"),
                         llvm::cl::init(true)};
  Option<bool> parallel{*this, "parallel",
                        llvm::cl::desc("Run parallel loops on threads (calls "
                                       "pdm_parallel_for of paddle-mlir's "
                                       "thread pool)"),
                        llvm::cl::init(false)};
  Option<mlir::paddle::LoweringStage> stage{
      *this, "stage",
      llvm::cl::desc("What to run: all (default), loops (paddle-mlir's passes "
                     "down to loops over buffers) or llvm (the conversion of "
                     "such loops to the LLVM dialect), or buffers (loops up to "
                     "tiling and vectorization) and from-buffers (the rest); "
                     "the compile paths verify the IR after each pass of "
                     "buffers, once after from-buffers"),
      llvm::cl::init(mlir::paddle::LoweringStage::All),
      llvm::cl::values(clEnumValN(mlir::paddle::LoweringStage::All, "all", "the whole lowering"),
                       clEnumValN(mlir::paddle::LoweringStage::Loops, "loops",
                                  "down to loops over buffers"),
                       clEnumValN(mlir::paddle::LoweringStage::Buffers, "buffers",
                                  "the first part of loops: down to tiled and "
                                  "vectorized ops on buffers"),
                       clEnumValN(mlir::paddle::LoweringStage::FromBuffers, "from-buffers",
                                  "the rest after buffers: kernels outlined, "
                                  "loops, the LLVM dialect"),
                       clEnumValN(mlir::paddle::LoweringStage::LLVM, "llvm",
                                  "loops over buffers to the LLVM dialect"))};
  Option<bool> genericAlloc{
      *this, "generic-alloc",
      llvm::cl::desc("Allocate buffers with _mlir_memref_to_llvm_aligned_alloc "
                     "/ _mlir_memref_to_llvm_free (defined by the caller, e.g. "
                     "the caching allocator of `paddle-mlir compile`) instead "
                     "of aligned_alloc / free"),
      llvm::cl::init(false)};
  Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check run-time indices and integer divisors "
                     "(convert-pd-to-linalg's option; off only for trusted "
                     "inputs)"),
      llvm::cl::init(true)};
};

struct LowerToCudaOptions
    : public mlir::PassPipelineOptions<LowerToCudaOptions> {
  Option<bool> prepare{*this, "prepare",
                       llvm::cl::desc("Run the pd-level preparation (in-place "
                                      "reduction, value semantics, shapes)"),
                       llvm::cl::init(true)};
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The GPU architecture (sm_90: H100/H200)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features (+ptx80: the PTX version sm_90 needs)"),
      llvm::cl::init("+ptx80")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("The kernels' binary: bin (cubin, needs the CUDA "
                     "toolkit's ptxas), isa (PTX, compiled by the driver when "
                     "loaded) or fatbin"),
      llvm::cl::init("bin")};
  Option<int> optLevel{*this, "opt-level",
                       llvm::cl::desc("LLVM optimization level of the kernels"),
                       llvm::cl::init(3)};
  Option<int64_t> blockSize{*this, "block-size",
                            llvm::cl::desc("Threads per block of the kernels"),
                            llvm::cl::init(256)};
  Option<bool> tf32{*this, "tf32",
                    llvm::cl::desc("Matmuls and convolutions on tensor cores "
                                   "in TF32 (sm_80 and later; inputs keep 10 "
                                   "bits of mantissa)"),
                    llvm::cl::init(false)};
  Option<int64_t> multiprocessors{
      *this, "multiprocessors",
      llvm::cl::desc("Streaming multiprocessors of the GPU (H100: 132): sizes "
                     "the tiles and reduction splits of matmuls and "
                     "convolutions"),
      llvm::cl::init(132)};
  Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("Check run-time indices and integer divisors in the "
                     "kernels: a failed check is reported by the host when "
                     "the program ends (off only for trusted inputs)"),
      llvm::cl::init(true)};
};
} // namespace

void mlir::paddle::registerAllPasses() {
  // The pass registry rejects a second registration of one argument.
  static std::once_flag once;
  std::call_once(once, [] {
    pd::registerPdPasses();
    PassPipelineRegistration<>(
        "pd-inference-opt",
        "Optimize a pd program for inference: value semantics, folding "
        "(conv+bn on frozen weights), 1x1 convolutions of 1x1 maps as matmuls, "
        "shape refinement, cleanup, elementwise fusion, kernel selection",
        buildInferenceOptPipeline);
    PassPipelineRegistration<LowerToLLVMOptions>(
        "pd-lower-to-llvm",
        "Lower a pd program to the LLVM dialect: pd preparation, "
        "convert-pd-to-linalg, one-shot bufferization, tiling and "
        "vectorization, loops, LLVM",
        [](OpPassManager &pm, const LowerToLLVMOptions &options) {
          std::string pipeline = lowerToLLVMPipelineString(
              options.prepare, options.vectorize, options.parallel,
              options.genericAlloc, options.stage, options.runtimeChecks);
          // The stages are upstream passes registered by name; a parse
          // failure here is a build problem, reported loudly.
          if (failed(parsePassPipeline(pipeline, pm, llvm::errs())))
            llvm::report_fatal_error("pd-lower-to-llvm: invalid pipeline");
        });
    PassPipelineRegistration<LowerToCudaOptions>(
        "pd-lower-to-cuda",
        "Lower a pd program for NVIDIA GPUs: pd preparation, "
        "convert-pd-to-linalg, one-shot bufferization, one kernel per "
        "structured op (pd-gpu-map-linalg: contractions as shared-memory "
        "tiled kernels), kernel outlining into one module, NVVM and a "
        "gpu.binary for the chip; the host to the LLVM dialect calling "
        "paddle-mlir's CUDA runtime",
        [](OpPassManager &pm, const LowerToCudaOptions &options) {
          CudaLoweringOptions o;
          o.prepare = options.prepare;
          o.chip = options.chip;
          o.features = options.features;
          o.format = options.format;
          o.optLevel = options.optLevel;
          o.blockSize = options.blockSize;
          o.tf32 = options.tf32;
          o.multiprocessors = options.multiprocessors;
          o.runtimeChecks = options.runtimeChecks;
          std::string invalid = invalidCudaOption(o);
          if (!invalid.empty()) {
            pm.addPass(std::make_unique<ReportOptionErrorPass>(invalid));
            return;
          }
          if (failed(parsePassPipeline(lowerToCudaPipelineString(o), pm,
                                       llvm::errs())))
            llvm::report_fatal_error("pd-lower-to-cuda: invalid pipeline");
        });
  });
}
