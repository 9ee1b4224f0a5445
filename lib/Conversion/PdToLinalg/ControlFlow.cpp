//===- ControlFlow.cpp - pd.if / pd.while to scf.if / scf.while -----------===//
//
// Regions are lowered recursively with the same Lowerer, so they keep
// reading values of the enclosing block, as Paddle's regions do.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

/// The i1 of a one-element bool tensor.
Value conditionOf(OpBuilder &b, Location loc, Value tensor) {
  auto t = cast<RankedTensorType>(tensor.getType());
  SmallVector<Value> zeros(t.getRank(), arith::ConstantIndexOp::create(b, loc, 0));
  Value e = tensor::ExtractOp::create(b, loc, tensor, zeros);
  return castScalar(b, loc, e, b.getI1Type());
}

/// Lowers the ops of `block` into the current insertion point and returns
/// the lowered operands of its pd.yield, cast to `types`.
FailureOr<SmallVector<Value>> lowerRegionBody(Lowerer &l, Block &block, TypeRange types,
                                              unsigned skip = 0) {
  if (failed(l.lowerBlock(block)))
    return failure();
  auto yield = cast<YieldOp>(block.getTerminator());
  SmallVector<Value> values;
  for (auto [i, v] : llvm::enumerate(yield.getOperands())) {
    Value lowered = l.get(v);
    if (i < skip) {
      values.push_back(lowered);
      continue;
    }
    values.push_back(castTo(l.b, yield.getLoc(), lowered, types[i - skip]));
  }
  return values;
}

LogicalResult lowerIf(Operation *op, Lowerer &l) {
  auto o = cast<IfOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  SmallVector<Type> types;
  for (Type t : o.getResultTypes())
    types.push_back(loweredType(t));
  Value cond = conditionOf(b, loc, l.get(o.getCond()));
  auto scfIf = scf::IfOp::create(b, loc, types, cond, /*withElseRegion=*/true);
  for (auto [pdRegion, region] :
       {std::pair{&o.getThenRegion(), &scfIf.getThenRegion()},
        std::pair{&o.getElseRegion(), &scfIf.getElseRegion()}}) {
    OpBuilder::InsertionGuard guard(b);
    Block *block = &region->front();
    if (!block->empty() && block->back().hasTrait<OpTrait::IsTerminator>())
      block->back().erase();
    b.setInsertionPointToEnd(block);
    FailureOr<SmallVector<Value>> values = lowerRegionBody(l, pdRegion->front(), types);
    if (failed(values))
      return failure();
    // In a loop, a branch that yields a tensor from outside the if (a
    // carried value, a constant) yields a copy: otherwise canonicalize turns
    // the if into an arith.select on tensors, which one-shot bufferization
    // cannot write over the loop's carried buffer (a RaW conflict).
    if (scfIf->getParentOfType<scf::WhileOp>())
      for (Value &v : *values)
        if (auto t = dyn_cast<RankedTensorType>(v.getType());
            t && t.hasStaticShape() && !region->isAncestor(v.getParentRegion()))
          v = bufferization::AllocTensorOp::create(b, loc, t, ValueRange{}, v);
    scf::YieldOp::create(b, loc, *values);
  }
  for (auto [r, v] : llvm::zip_equal(o.getResults(), scfIf.getResults()))
    l.map(r, v);
  return success();
}

LogicalResult lowerWhile(Operation *op, Lowerer &l) {
  auto o = cast<WhileOp>(op);
  Location loc = op->getLoc();
  OpBuilder &b = l.b;
  SmallVector<Type> types;
  SmallVector<Value> inits;
  Value cond = conditionOf(b, loc, l.get(o.getCond()));
  for (auto [input, result] : llvm::zip_equal(o.getInputs(), o.getResults())) {
    RankedTensorType carried = loweredType(result.getType());
    types.push_back(carried);
    if (!carried.hasStaticShape())
      return op->emitOpError()
             << "carries " << result.getType()
             << ", whose shape is not known: the CPU lowering supports loops "
                "whose carried shapes stay the same (pd-infer-shapes proves it "
                "from the feed shapes)";
    // A fresh writable copy: the loop overwrites its carried buffers (the
    // input may be a read-only constant or a caller's buffer).
    Value init = castTo(b, loc, l.get(input), carried);
    inits.push_back(bufferization::AllocTensorOp::create(b, loc, carried, ValueRange{}, init));
  }
  SmallVector<Type> carried{b.getI1Type()};
  carried.append(types);
  SmallVector<Value> carriedInits{cond};
  carriedInits.append(inits);
  auto scfWhile = scf::WhileOp::create(b, loc, types, carriedInits);
  {
    // before: continue while the carried condition holds.
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Location> locs(carried.size(), loc);
    Block *before = b.createBlock(&scfWhile.getBefore(), {}, carried, locs);
    scf::ConditionOp::create(b, loc, before->getArgument(0), before->getArguments().drop_front());
  }
  {
    // after: the pd body on the carried values; yields (cond, values).
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Location> locs(types.size(), loc);
    Block *after = b.createBlock(&scfWhile.getAfter(), {}, types, locs);
    Block &body = o.getBody().front();
    for (auto [arg, lowered] : llvm::zip_equal(body.getArguments(), after->getArguments()))
      l.map(arg, castTo(b, loc, lowered, loweredType(arg.getType())));
    FailureOr<SmallVector<Value>> values = lowerRegionBody(l, body, types, /*skip=*/1);
    if (failed(values))
      return failure();
    SmallVector<Value> next{conditionOf(b, loc, (*values)[0])};
    // The next values are written over the carried buffers, so
    // bufferization keeps one buffer per carried value instead of a fresh
    // allocation per iteration.
    for (auto [value, arg] : llvm::zip_equal(llvm::drop_begin(*values), after->getArguments()))
      next.push_back(bufferization::MaterializeInDestinationOp::create(b, loc, value, arg)
                         .getResult());
    scf::YieldOp::create(b, loc, next);
  }
  for (auto [r, v] : llvm::zip_equal(o.getResults(), scfWhile.getResults()))
    l.map(r, v);
  return success();
}

/// A fusion group is lowered inline: its ops become linalg.generics that
/// pd-fuse-linalg-elementwise (next in pd-lower-to-llvm) merges into one
/// loop nest.
LogicalResult lowerFusionGroup(Operation *op, Lowerer &l) {
  auto o = cast<FusionGroupOp>(op);
  Block &body = o.getBody().front();
  for (auto [arg, input] : llvm::zip_equal(body.getArguments(), o.getInputs()))
    l.map(arg, castTo(l.b, op->getLoc(), l.get(input), loweredType(arg.getType())));
  SmallVector<Type> types;
  for (Type t : o.getResultTypes())
    types.push_back(loweredType(t));
  FailureOr<SmallVector<Value>> values = lowerRegionBody(l, body, types);
  if (failed(values))
    return failure();
  for (auto [r, v] : llvm::zip_equal(o.getResults(), *values))
    l.map(r, v);
  return success();
}

} // namespace

void lowering::populateControlFlowLowerings(LoweringTable &table) {
  table.add("pd.if", lowerIf);
  table.add("pd.while", lowerWhile);
  table.add("pd.fusion_group", lowerFusionGroup);
}
