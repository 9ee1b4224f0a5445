//===- BoundDynamicResults.cpp - data-dependent fetches in bounded buffers ===//
//
// pd-bound-dynamic-results: a fetched result whose size is known only at
// run time (nonzero, masked_select) becomes a buffer of its constant upper
// bound (the value-bounds analysis) plus a result holding its shape.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDBOUNDDYNAMICRESULTS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

struct PdBoundDynamicResultsPass
    : public pd::impl::PdBoundDynamicResultsBase<PdBoundDynamicResultsPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn.isExternal() || !fn->hasAttr("pd.fetch_results"))
        continue;
      if (failed(bound(fn)))
        return signalPassFailure();
    }
  }

  /// The fetch name of result `index` of `fn` ("result N" without one).
  static std::string fetchName(func::FuncOp fn, unsigned index) {
    if (auto names = fn->getAttrOfType<ArrayAttr>("pd.fetches"))
      if (index < names.size())
        if (auto name = dyn_cast<StringAttr>(names[index]))
          return ("'" + name.getValue() + "'").str();
    return "result " + std::to_string(index);
  }

  LogicalResult bound(func::FuncOp fn) {
    auto ret = cast<func::ReturnOp>(fn.getBody().back().getTerminator());
    MLIRContext *ctx = fn.getContext();
    OpBuilder b(ret);
    Location loc = ret.getLoc();
    SmallVector<Value> results(ret.getOperands());
    SmallVector<Value> shapes;
    SmallVector<Attribute> entries;
    unsigned count = results.size();
    for (unsigned i = 0; i < count; ++i) {
      Value v = results[i];
      auto type = dyn_cast<RankedTensorType>(v.getType());
      if (!type || type.hasStaticShape())
        continue;
      SmallVector<int64_t> bounds(type.getShape());
      for (int64_t d = 0; d < type.getRank(); ++d) {
        if (!type.isDynamicDim(d))
          continue;
        FailureOr<int64_t> ub = ValueBoundsConstraintSet::computeConstantBound(
            presburger::BoundType::UB, ValueBoundsConstraintSet::Variable(v, d),
            /*stopCondition=*/nullptr, /*closedUB=*/true);
        if (failed(ub) || *ub < 0)
          return fn.emitError() << "fetch " << fetchName(fn, i) << " has dim " << d
                                << " of type " << type
                                << " known only at run time and without an upper bound: "
                                   "the compiled code cannot allocate it (a fetched "
                                   "data-dependent result, e.g. of nonzero or "
                                   "masked_select, must come from the op itself)";
        bounds[d] = *ub;
      }
      Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(type.getElementType()));
      Value empty = tensor::EmptyOp::create(b, loc, bounds, type.getElementType());
      Value zeros = linalg::FillOp::create(b, loc, zero, empty).getResult(0);
      SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
      SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
      SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, v);
      results[i] = tensor::InsertSliceOp::create(b, loc, v, zeros, offsets, sizes, strides);
      SmallVector<Value> dims;
      for (OpFoldResult size : sizes) {
        Value s = getValueOrCreateConstantIndexOp(b, loc, size);
        dims.push_back(arith::IndexCastOp::create(b, loc, b.getI64Type(), s));
      }
      shapes.push_back(tensor::FromElementsOp::create(
          b, loc, RankedTensorType::get({type.getRank()}, b.getI64Type()), dims));
      NamedAttribute fields[] = {
          b.getNamedAttr("result", b.getI64IntegerAttr(i)),
          b.getNamedAttr("shape_result", b.getI64IntegerAttr(count + entries.size())),
          b.getNamedAttr("bound", b.getDenseI64ArrayAttr(bounds))};
      entries.push_back(DictionaryAttr::get(ctx, fields));
    }
    if (entries.empty())
      return success();
    llvm::append_range(results, shapes);
    func::ReturnOp::create(b, loc, results);
    ret.erase();
    SmallVector<Type> types;
    for (Value v : results)
      types.push_back(v.getType());
    fn.setType(FunctionType::get(ctx, fn.getArgumentTypes(), types));
    fn->setAttr("pd.dynamic_results", ArrayAttr::get(ctx, entries));
    return success();
  }
};

} // namespace
