//===- DedupeFetchResults.cpp - each fetched tensor returned once ---------===//

#include "Transforms/Passes.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDDEDUPEFETCHRESULTS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {
struct PdDedupeFetchResultsPass
    : public pd::impl::PdDedupeFetchResultsBase<PdDedupeFetchResultsPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      auto mapping = fn->getAttrOfType<ArrayAttr>("pd.fetch_results");
      auto names = fn->getAttrOfType<ArrayAttr>("pd.fetches");
      if (!mapping || !names || fn.isExternal())
        continue;
      auto ret = cast<func::ReturnOp>(fn.getBody().back().getTerminator());
      SmallVector<Value> results;
      SmallVector<Attribute> newNames;
      SmallVector<int64_t> oldToNew;
      llvm::SmallDenseMap<Value, int64_t> index;
      for (auto [i, v] : llvm::enumerate(ret.getOperands())) {
        auto [it, inserted] = index.try_emplace(v, results.size());
        if (inserted) {
          results.push_back(v);
          newNames.push_back(names[i]);
        }
        oldToNew.push_back(it->second);
      }
      if (results.size() == ret.getNumOperands())
        continue;
      MLIRContext *ctx = fn.getContext();
      SmallVector<Attribute> newMapping;
      for (Attribute a : mapping)
        newMapping.push_back(IntegerAttr::get(
            IntegerType::get(ctx, 64), oldToNew[cast<IntegerAttr>(a).getInt()]));
      OpBuilder b(ret);
      func::ReturnOp::create(b, ret.getLoc(), results);
      ret.erase();
      SmallVector<Type> types;
      for (Value v : results)
        types.push_back(v.getType());
      fn.setType(FunctionType::get(ctx, fn.getArgumentTypes(), types));
      fn->setAttr("pd.fetches", ArrayAttr::get(ctx, newNames));
      fn->setAttr("pd.fetch_results", ArrayAttr::get(ctx, newMapping));
    }
  }
};
} // namespace
