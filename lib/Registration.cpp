//===- Registration.cpp - register paddle-mlir dialects and passes --------===//

#include "Registration.h"

#include "Dialect/Phi/PhiDialect.h"
#include "Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

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
  pm.addPass(pd::createPdFoldConvBn());
  pm.addPass(pd::createPdInferShapes());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::paddle::registerAllPasses() {
  // The pass registry rejects a second registration of one argument.
  static std::once_flag once;
  std::call_once(once, [] {
    pd::registerPdPasses();
    PassPipelineRegistration<>(
        "pd-inference-opt",
        "Optimize a pd program for inference: value semantics, folding "
        "(conv+bn on frozen weights), shape refinement, cleanup",
        buildInferenceOptPipeline);
  });
}
