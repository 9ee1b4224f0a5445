//===- PdToLinalg.cpp - the convert-pd-to-linalg pass ---------------------===//
//
// Lowers each function holding pd ops in program order: program-level ops
// (feeds, parameters, fetches, constants, tensor lists) are handled here,
// computing ops by the LoweringTable the op-family files fill.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Transforms/Passes.h"

#include "mlir/IR/BuiltinDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/IR/DialectResourceBlobManager.h"

namespace mlir::pd {
#define GEN_PASS_DEF_CONVERTPDTOLINALG
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

SmallVector<Value> Lowerer::getList(Value pdVec) const {
  auto it = lists.find(pdVec);
  if (it != lists.end())
    return it->second;
  return {};
}

/// Whether `op` may see `!pd.tensor` values: program inputs/outputs and
/// the copies between the two tensor kinds are plain values once lowered.
static bool acceptsAliasingTensors(Operation *op) {
  return isa<DataOp, GetParameterOp, FetchOp, ToVTensorOp, ToTensorOp>(op);
}

static bool hasAliasingTensor(Operation *op) {
  auto isTensor = [](Type t) {
    if (auto vec = dyn_cast<VecType>(t))
      return llvm::any_of(vec.getElementTypes(),
                          [](Type e) { return isa<pd::TensorType>(e); });
    return isa<pd::TensorType>(t);
  };
  return llvm::any_of(op->getOperandTypes(), isTensor) ||
         llvm::any_of(op->getResultTypes(), isTensor);
}

LogicalResult Lowerer::lowerOp(Operation *op) {
  if (!isa<PdDialect>(op->getDialect())) {
    for (Value operand : op->getOperands())
      if (isa<BaseTensorType, VecType>(operand.getType()))
        return op->emitOpError()
               << "uses a pd value; only pd ops can be lowered with it";
    // Not ours (e.g. arith on scalars): it stays where it is in the
    // function body; inside a pd region (which is replaced) it is cloned.
    if (!isa<func::FuncOp>(op->getParentOp()))
      b.clone(*op, mapping);
    return success();
  }
  if (!tensorsAreValues && !acceptsAliasingTensors(op) && hasAliasingTensor(op))
    return op->emitOpError()
           << "operates on !pd.tensor, which may alias or be written in "
              "place; run pd-reduce-inplace-variants and "
              "pd-maximize-value-semantics first to make it value-semantic "
              "(the pd-lower-to-llvm pipeline does)";
  auto it = table.fns.find(op->getName().getStringRef());
  if (it == table.fns.end())
    return op->emitOpError()
           << "has no lowering to linalg (unsupported by the CPU backend)";
  return it->second(op, *this);
}

LogicalResult Lowerer::lowerBlock(Block &block) {
  for (Operation &op : block.without_terminator())
    if (failed(lowerOp(&op)))
      return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Program-level ops
//===----------------------------------------------------------------------===//

/// A constant tensor of `type` from an ElementsAttr: dense values are
/// re-typed to signless elements; dense_resource blobs keep their handle.
static Value constantTensor(OpBuilder &b, Location loc, ElementsAttr value,
                            RankedTensorType type) {
  Attribute attr = value;
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.getElementType().isInteger(1) && !type.getElementType().isInteger(1))
      attr = dense.mapValues(type.getElementType(),
                             [](const APInt &v) { return v.zext(8); });
    else if (dense.getType() != type)
      attr = dense.bitcast(type.getElementType()).reshape(type);
  } else if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    if (resource.getType() != type)
      attr = DenseResourceElementsAttr::get(type, resource.getRawHandle());
  }
  return arith::ConstantOp::create(b, loc, type, cast<TypedAttr>(attr));
}

static void populateProgramLowerings(LoweringTable &table) {
  // pd.data / pd.get_parameter are mapped to function arguments by the pass.
  table.add({"pd.to_tensor", "pd.to_vtensor"}, [](Operation *op, Lowerer &l) {
    l.map(op->getResult(0), l.get(op->getOperand(0)));
    return success();
  });
  table.add("pd.full", [](Operation *op, Lowerer &l) {
    auto o = cast<FullOp>(op);
    RankedTensorType type = loweredType(o.getType());
    if (failed(requireStatic(op, type)))
      return failure();
    double v = 0;
    Attribute value = o.getValue();
    if (auto f = dyn_cast<FloatAttr>(value))
      v = f.getValueAsDouble();
    else if (auto i = dyn_cast<IntegerAttr>(value))
      v = i.getType().isUnsignedInteger() ? (double)i.getValue().getZExtValue()
                                           : (double)i.getInt();
    else if (auto bl = dyn_cast<BoolAttr>(value))
      v = bl.getValue();
    Type e = type.getElementType();
    Attribute elem = isa<FloatType>(e) ? Attribute(l.b.getFloatAttr(e, v))
                     : e.isInteger(1)  ? Attribute(l.b.getBoolAttr(v != 0))
                                       : Attribute(l.b.getIntegerAttr(e, (int64_t)v));
    l.map(o.getResult(), arith::ConstantOp::create(
                             l.b, op->getLoc(), type,
                             DenseElementsAttr::get(type, elem)));
    return success();
  });
  table.add("pd.full_int_array", [](Operation *op, Lowerer &l) -> LogicalResult {
    auto o = cast<FullIntArrayOp>(op);
    RankedTensorType declared = loweredType(o.getType());
    // The constant has as many elements as the values, whatever the
    // declared type says (an imported [?]: a negative dim of a Paddle type),
    // then is cast to the declared type.
    int64_t count = (int64_t)o.getValue().size();
    if (declared.getRank() != 1 ||
        (!declared.isDynamicDim(0) && declared.getDimSize(0) != count))
      return op->emitOpError("has ") << count << " values but its type is " << o.getType();
    auto type = RankedTensorType::get({count}, declared.getElementType());
    SmallVector<Attribute> elems;
    for (int64_t v : o.getValue())
      elems.push_back(isa<FloatType>(type.getElementType())
                          ? Attribute(l.b.getFloatAttr(type.getElementType(), v))
                          : Attribute(l.b.getIntegerAttr(type.getElementType(), v)));
    Value constant = arith::ConstantOp::create(l.b, op->getLoc(), type,
                                               DenseElementsAttr::get(type, elems));
    if (type != declared)
      constant = tensor::CastOp::create(l.b, op->getLoc(), declared, constant);
    l.map(o.getResult(), constant);
    return success();
  });
  table.add("pd.constant", [](Operation *op, Lowerer &l) {
    auto o = cast<ConstantOp>(op);
    l.map(o.getResult(), constantTensor(l.b, op->getLoc(), o.getValue(),
                                        loweredType(o.getType())));
    return success();
  });
  table.add("pd.combine", [](Operation *op, Lowerer &l) {
    SmallVector<Value> values;
    for (Value v : op->getOperands())
      values.push_back(l.get(v));
    l.mapList(op->getResult(0), values);
    return success();
  });
  table.add("pd.builtin_split", [](Operation *op, Lowerer &l) {
    SmallVector<Value> values = l.getList(op->getOperand(0));
    for (auto [r, v] : llvm::zip_equal(op->getResults(), values))
      l.map(r, v);
    return success();
  });
  table.add("pd.builtin_slice", [](Operation *op, Lowerer &l) {
    auto o = cast<BuiltinSliceOp>(op);
    l.map(o->getResult(0), l.getList(o.getInput())[o.getIndex()]);
    return success();
  });
  // pd.fetch: the pass returns fetched values; the op itself is a no-op.
  table.add("pd.fetch", [](Operation *op, Lowerer &l) {
    l.map(op->getResult(0), l.get(op->getOperand(0)));
    return success();
  });
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {

const LoweringTable &getLoweringTable() {
  static const LoweringTable table = [] {
    LoweringTable t;
    populateProgramLowerings(t);
    populateElementwiseLowerings(t);
    populateReductionLowerings(t);
    populateStatisticsLowerings(t);
    populateSsdLowerings(t);
    populateIndexPutLowerings(t);
    populateLinearAlgebraLowerings(t);
    populateRandomSamplingLowerings(t);
    populateNNLowerings(t);
    populateLossLowerings(t);
    populateRecurrentLowerings(t);
    populateDetectionLowerings(t);
    populatePutAlongAxisLowerings(t);
    populateDataDependentLowerings(t);
    populateNmsLowerings(t);
    populateMatrixLowerings(t);
    populateManipulationLowerings(t);
    populateCreationLowerings(t);
    populateControlFlowLowerings(t);
    return t;
  }();
  return table;
}

} // namespace

bool lowering::hasLowering(StringRef opName) {
  return getLoweringTable().fns.count(opName);
}

namespace {

bool holdsPdOps(func::FuncOp fn) {
  bool found = false;
  fn.walk([&](Operation *op) {
    if (isa<PdDialect>(op->getDialect())) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// Rewrites `fn` into `(parameters..., feeds...) -> fetches` on tensors.
bool hasNoElements(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  return t && llvm::is_contained(t.getShape(), 0);
}

/// A tensor with no elements is any tensor.empty of its type: the results of
/// that kind of side-effect-free ops are replaced by one, and an insert_slice
/// of such a tensor by its destination. The lowering of a slice, split or
/// concat of an empty tensor makes slices at offset 0 of a dim of size 0,
/// which MLIR's verifiers reject (and later passes would trip over).
void foldEmptyTensors(func::FuncOp fn) {
  SmallVector<Operation *> ops, replaced;
  fn.walk([&](Operation *op) { ops.push_back(op); });
  OpBuilder b(fn.getContext());
  for (Operation *op : ops) {
    if (isa<tensor::EmptyOp>(op) || !isMemoryEffectFree(op))
      continue;
    if (auto insert = dyn_cast<tensor::InsertSliceOp>(op);
        insert && hasNoElements(insert.getSourceType()) &&
        !hasNoElements(insert.getType())) {
      insert.getResult().replaceAllUsesWith(insert.getDest());
      replaced.push_back(op);
      continue;
    }
    bool empty = false;
    for (Value result : op->getResults()) {
      if (!hasNoElements(result.getType()))
        continue;
      empty = true; // also when unused: a dead slice of nothing is invalid too
      if (result.use_empty())
        continue;
      auto type = cast<RankedTensorType>(result.getType());
      b.setInsertionPoint(op);
      result.replaceAllUsesWith(tensor::EmptyOp::create(
          b, op->getLoc(), type.getShape(), type.getElementType()));
    }
    if (empty)
      replaced.push_back(op);
  }
  // The replaced ops, users first (ops with regions stay: erasing one
  // would free nested ops still in the list; canonicalize removes them).
  for (Operation *op : llvm::reverse(replaced))
    if (op->getNumRegions() == 0 && isOpTriviallyDead(op))
      op->erase();
}

LogicalResult lowerFunction(func::FuncOp fn, bool runtimeChecks) {
  if (!fn.getBody().hasOneBlock())
    return fn.emitOpError() << "a pd program has a single block";
  Block &entry = fn.front();
  if (fn.getNumArguments() != 0 || fn.getNumResults() != 0)
    return fn.emitOpError()
           << "a pd program takes no arguments and returns nothing (inputs "
              "are pd.data, outputs pd.fetch)";
  MLIRContext *ctx = fn.getContext();
  OpBuilder b(ctx);
  Lowerer l(b, getLoweringTable());
  l.runtimeChecks = runtimeChecks;
  bool mutates = false;
  fn.walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::pd::Inplace>() || isa<CopyToOp, SetParameterOp>(op))
      mutates = true;
  });
  l.tensorsAreValues = !mutates;

  // Parameters first (a name read twice is one argument), then feeds.
  SmallVector<Attribute> paramNames, feedNames;
  SmallVector<Type> argTypes;
  llvm::StringMap<unsigned> paramArg;
  SmallVector<std::pair<Operation *, unsigned>> argOf;
  for (auto get : entry.getOps<GetParameterOp>()) {
    auto [it, inserted] =
        paramArg.try_emplace(get.getParameterName(), argTypes.size());
    if (inserted) {
      paramNames.push_back(get.getParameterNameAttr());
      argTypes.push_back(loweredType(get.getType()));
    }
    argOf.push_back({get, it->second});
  }
  for (auto data : entry.getOps<DataOp>()) {
    feedNames.push_back(data.getNameAttr());
    argOf.push_back({data, (unsigned)argTypes.size()});
    argTypes.push_back(loweredType(data.getType()));
  }
  for (Type t : argTypes)
    entry.addArgument(t, fn.getLoc());
  for (auto [op, index] : argOf)
    l.map(op->getResult(0), entry.getArgument(index));

  // Lower everything else in order.
  // New ops go before the terminator, in program order.
  b.setInsertionPoint(entry.getTerminator());
  for (Operation &op : llvm::make_early_inc_range(entry.without_terminator())) {
    if (isa<DataOp, GetParameterOp>(op))
      continue;
    if (failed(l.lowerOp(&op)))
      return failure();
  }

  // Fetches by column become the results.
  SmallVector<FetchOp> fetches(entry.getOps<FetchOp>());
  llvm::stable_sort(fetches, [](FetchOp a, FetchOp b) {
    return a.getCol() < b.getCol();
  });
  SmallVector<Value> results;
  SmallVector<Attribute> fetchNames;
  // Each distinct value is returned once (bufferization turns every result
  // into its own caller-allocated buffer); `pd.fetch_results` maps each
  // fetch (by col) to its result.
  llvm::SmallDenseMap<Value, int64_t> resultOf;
  SmallVector<Attribute> fetchResults;
  for (FetchOp f : fetches) {
    Value v = l.get(f.getX());
    auto [it, inserted] = resultOf.try_emplace(v, results.size());
    if (inserted) {
      results.push_back(v);
      fetchNames.push_back(f.getNameAttr());
    }
    fetchResults.push_back(b.getI64IntegerAttr(it->second));
  }
  Operation *terminator = entry.getTerminator();
  b.setInsertionPoint(terminator);
  func::ReturnOp::create(b, terminator->getLoc(), results);
  terminator->erase();

  // Erase the pd ops, users first.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(entry))) {
    if (!isa<PdDialect>(op.getDialect()))
      continue;
    op.dropAllUses();
    op.erase();
  }
  SmallVector<Type> inputs(entry.getArgumentTypes());
  SmallVector<Type> outputs;
  for (Value r : results)
    outputs.push_back(r.getType());
  fn.setType(FunctionType::get(ctx, inputs, outputs));
  // Weights and feeds belong to the caller: bufferization must copy
  // before writing into them.
  for (unsigned i = 0; i < inputs.size(); ++i)
    fn.setArgAttr(i, "bufferization.writable", BoolAttr::get(ctx, false));
  fn->setAttr("pd.parameters", ArrayAttr::get(ctx, paramNames));
  fn->setAttr("pd.feeds", ArrayAttr::get(ctx, feedNames));
  fn->setAttr("pd.fetches", ArrayAttr::get(ctx, fetchNames));
  fn->setAttr("pd.fetch_results", ArrayAttr::get(ctx, fetchResults));
  fn->setAttr("llvm.emit_c_interface", UnitAttr::get(ctx));
  foldEmptyTensors(fn);
  return success();
}

struct ConvertPdToLinalgPass
    : public pd::impl::ConvertPdToLinalgBase<ConvertPdToLinalgPass> {
  using ConvertPdToLinalgBase::ConvertPdToLinalgBase;
  void runOnOperation() override {
    for (auto fn : llvm::make_early_inc_range(
             getOperation().getOps<func::FuncOp>())) {
      if (fn.isExternal() || !holdsPdOps(fn))
        continue;
      if (failed(lowerFunction(fn, runtimeChecks)))
        return signalPassFailure();
    }
  }
};

} // namespace
