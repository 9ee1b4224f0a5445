//===- DecomposePad.cpp - tensor.pad as fill + insert_slice ----------------===//
//
// pd-decompose-pad: every static tensor.pad becomes a linalg.fill of the
// padded shape and a tensor.insert_slice of the source into it (upstream's
// linalg::populateDecomposePadPatterns). With `eliminate-empty-tensors`
// before bufferization, the op that produces the source then writes straight
// into the interior of the padded buffer: no separate copy of every padded
// activation (a convolution's input) through memory.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDDECOMPOSEPAD
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

struct PdDecomposePadPass : public pd::impl::PdDecomposePadBase<PdDecomposePadPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    linalg::populateDecomposePadPatterns(patterns);
    GreedyRewriteConfig config;
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      return signalPassFailure();
  }
};

} // namespace
