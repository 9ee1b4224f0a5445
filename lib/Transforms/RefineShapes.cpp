//===- RefineShapes.cpp - shape folding to a fixed point ------------------===//
//
// pd-refine-shapes: pd-fold-constants, pd-infer-shapes and canonicalize in
// a loop until the IR stops changing. Each round resolves one more link of
// a chain shape -> reshape type -> shape64 -> full_with_tensor / compare ->
// pd.if, which a fixed pipeline would cut after its last round.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/IR/OperationSupport.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDREFINESHAPES
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

struct PdRefineShapesPass : public pd::impl::PdRefineShapesBase<PdRefineShapesPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *op = getOperation();
    OpPassManager round(op->getName().getStringRef());
    round.addPass(pd::createPdFoldConstants());
    round.addPass(pd::createPdInferShapes());
    round.addPass(createCanonicalizerPass());
    for (int64_t i = 0; i < maxIterations; ++i) {
      OperationFingerPrint before(op);
      if (failed(runPipeline(round, op)))
        return signalPassFailure();
      if (OperationFingerPrint(op) == before)
        return;
    }
  }
};

} // namespace
