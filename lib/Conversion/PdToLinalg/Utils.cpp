//===- Utils.cpp - types, constants and builders shared by the lowerings -===//

#include "Conversion/PdToLinalg/Lowering.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

Type lowering::loweredElementType(Type t) {
  if (auto i = dyn_cast<IntegerType>(t)) {
    // Bools are stored as bytes (as numpy does; MLIR's memref lowering
    // cannot load or store i1). Loop bodies compute with i1 and convert.
    if (i.getWidth() == 1)
      return IntegerType::get(t.getContext(), 8);
    if (!i.isSignless())
      return IntegerType::get(t.getContext(), i.getWidth());
  }
  return t;
}

bool lowering::isBool(Type pdElementType) { return pdElementType.isInteger(1); }

bool lowering::isUnsigned(Type t) {
  auto i = dyn_cast<IntegerType>(t);
  return i && i.isUnsigned();
}

RankedTensorType lowering::loweredType(Type pdType) {
  if (auto t = dyn_cast<BaseTensorType>(pdType))
    return RankedTensorType::get(t.getShape(),
                                 loweredElementType(t.getElementType()));
  if (auto t = dyn_cast<RankedTensorType>(pdType))
    return RankedTensorType::get(t.getShape(),
                                 loweredElementType(t.getElementType()));
  return {};
}

SmallVector<RankedTensorType> lowering::loweredListTypes(Value pdVec) {
  SmallVector<RankedTensorType> types;
  for (Type t : cast<VecType>(pdVec.getType()).getElementTypes())
    types.push_back(loweredType(t));
  return types;
}

Type lowering::pdElementType(Value v) {
  if (auto t = dyn_cast<BaseTensorType>(v.getType()))
    return t.getElementType();
  return cast<ShapedType>(v.getType()).getElementType();
}

LogicalResult lowering::requireStatic(Operation *op, TypeRange types) {
  for (Type t : types) {
    ArrayRef<int64_t> shape;
    if (auto pt = dyn_cast<BaseTensorType>(t))
      shape = pt.getShape();
    else if (auto st = dyn_cast<ShapedType>(t))
      shape = st.getShape();
    else
      continue;
    if (llvm::any_of(shape, ShapedType::isDynamic))
      return op->emitOpError()
             << "lowering needs static shapes here, got " << t
             << "; run pd-infer-shapes with concrete feed shapes (the "
                "Executor and `paddle-mlir compile --shape` specialize them)";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Constant operands
//===----------------------------------------------------------------------===//

FailureOr<SmallVector<int64_t>>
lowering::constIntArray(Operation *op, Value pdValue, StringRef what) {
  IntArrayArg arg = IntArrayArg::from(pdValue);
  if (!arg.values)
    return op->emitOpError() << "`" << what
                             << "` must be known at compile time to lower "
                                "this op (a pd.full_int_array or a "
                                "pd.combine of pd.full)";
  return *arg.values;
}

std::optional<double> lowering::constScalar(Value pdValue) {
  return ScalarArg::from(pdValue).value;
}

Value lowering::scalarOperand(Lowerer &l, Location loc, Value pdValue,
                              Type type, bool srcUnsigned) {
  if (std::optional<double> v = constScalar(pdValue))
    return scalarConstant(l.b, loc, type, *v);
  Value t = l.get(pdValue);
  auto tt = cast<RankedTensorType>(t.getType());
  SmallVector<Value> zeros(tt.getRank(),
                           arith::ConstantIndexOp::create(l.b, loc, 0));
  Value e = tensor::ExtractOp::create(l.b, loc, t, zeros);
  return castScalar(l.b, loc, e, type, srcUnsigned);
}

Value lowering::scalarArrayConstant(OpBuilder &b, Location loc, RankedTensorType type,
                                    ArrayAttr values, bool isBool) {
  Type elem = type.getElementType();
  SmallVector<Attribute> elems;
  for (Attribute a : values) {
    double v = 0;
    int64_t i = 0;
    if (auto f = dyn_cast<FloatAttr>(a))
      v = f.getValueAsDouble(), i = (int64_t)v;
    else if (auto n = dyn_cast<IntegerAttr>(a))
      i = n.getInt(), v = (double)i;
    else if (auto bl = dyn_cast<BoolAttr>(a))
      i = bl.getValue(), v = i;
    if (isa<FloatType>(elem))
      elems.push_back(FloatAttr::get(elem, v));
    else
      elems.push_back(IntegerAttr::get(elem, APInt(elem.getIntOrFloatBitWidth(),
                                                   isBool ? (i != 0) : i, /*isSigned=*/true,
                                                   /*implicitTrunc=*/true)));
  }
  return arith::ConstantOp::create(b, loc, type, DenseElementsAttr::get(type, elems));
}

int64_t lowering::normalizeAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

Value lowering::scalarConstant(OpBuilder &b, Location loc, Type type,
                               double value) {
  if (auto f = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(f, value));
  if (type.isIndex())
    return arith::ConstantIndexOp::create(b, loc, (int64_t)value);
  auto i = cast<IntegerType>(type);
  if (i.getWidth() == 1)
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, value != 0));
  return arith::ConstantOp::create(
      b, loc, type, b.getIntegerAttr(type, APInt(i.getWidth(), (int64_t)value,
                                                 /*isSigned=*/true,
                                                 /*implicitTrunc=*/true)));
}

Value lowering::minValue(OpBuilder &b, Location loc, Type type) {
  if (auto f = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc, type,
        b.getFloatAttr(f, APFloat::getInf(f.getFloatSemantics(), true)));
  auto i = cast<IntegerType>(type);
  if (i.getWidth() == 1)
    return scalarConstant(b, loc, type, 0);
  return arith::ConstantOp::create(
      b, loc, type, b.getIntegerAttr(type, APInt::getSignedMinValue(i.getWidth())));
}

Value lowering::maxValue(OpBuilder &b, Location loc, Type type) {
  if (auto f = dyn_cast<FloatType>(type))
    return arith::ConstantOp::create(
        b, loc, type,
        b.getFloatAttr(f, APFloat::getInf(f.getFloatSemantics(), false)));
  auto i = cast<IntegerType>(type);
  if (i.getWidth() == 1)
    return scalarConstant(b, loc, type, 1);
  return arith::ConstantOp::create(
      b, loc, type, b.getIntegerAttr(type, APInt::getSignedMaxValue(i.getWidth())));
}

Value lowering::castScalar(OpBuilder &b, Location loc, Value v, Type to,
                           bool srcUnsigned, bool dstUnsigned) {
  Type from = v.getType();
  if (from == to)
    return v;
  if (to.isInteger(1)) { // bool: x != 0
    if (isa<FloatType>(from))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v,
                                   scalarConstant(b, loc, from, 0));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v,
                                 scalarConstant(b, loc, from, 0));
  }
  if (from.isIndex()) {
    v = arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
    from = v.getType();
    if (from == to)
      return v;
  }
  if (to.isIndex()) {
    Value i64 = castScalar(b, loc, v, b.getI64Type(), srcUnsigned);
    return arith::IndexCastOp::create(b, loc, to, i64);
  }
  bool fromFloat = isa<FloatType>(from), toFloat = isa<FloatType>(to);
  if (fromFloat && toFloat) {
    if (from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth())
      return arith::ExtFOp::create(b, loc, to, v);
    return arith::TruncFOp::create(b, loc, to, v);
  }
  if (!fromFloat && toFloat) {
    if (srcUnsigned || from.isInteger(1))
      return arith::UIToFPOp::create(b, loc, to, v);
    return arith::SIToFPOp::create(b, loc, to, v);
  }
  if (fromFloat && !toFloat) {
    if (dstUnsigned)
      return arith::FPToUIOp::create(b, loc, to, v);
    return arith::FPToSIOp::create(b, loc, to, v);
  }
  unsigned fw = from.getIntOrFloatBitWidth(), tw = to.getIntOrFloatBitWidth();
  if (fw < tw) {
    if (srcUnsigned || fw == 1)
      return arith::ExtUIOp::create(b, loc, to, v);
    return arith::ExtSIOp::create(b, loc, to, v);
  }
  return arith::TruncIOp::create(b, loc, to, v);
}

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

SmallVector<OpFoldResult> lowering::getDims(OpBuilder &b, Location loc,
                                            Value tensor) {
  return tensor::getMixedSizes(b, loc, tensor);
}

Value lowering::createEmpty(OpBuilder &b, Location loc, RankedTensorType type,
                            ValueRange sources) {
  SmallVector<Value> dynamic;
  int64_t rank = type.getRank();
  for (int64_t d = 0; d < rank; ++d) {
    if (!type.isDynamicDim(d))
      continue;
    Value size;
    for (Value s : sources) {
      auto st = cast<RankedTensorType>(s.getType());
      int64_t sd = d - (rank - st.getRank());
      if (sd < 0 || !st.isDynamicDim(sd))
        continue;
      size = tensor::DimOp::create(b, loc, s, sd);
      break;
    }
    assert(size && "a dynamic result dim without a dynamic source dim");
    dynamic.push_back(size);
  }
  return tensor::EmptyOp::create(b, loc, type, dynamic);
}

Value lowering::createFilled(OpBuilder &b, Location loc, RankedTensorType type,
                             Value scalar, ValueRange sources) {
  Value empty = createEmpty(b, loc, type, sources);
  return linalg::FillOp::create(b, loc, scalar, empty).getResult(0);
}

/// The map reading `input` (right-aligned) inside an iteration space shaped
/// like `out`: broadcast dims (static 1 where the output is not 1) read 0.
static AffineMap broadcastMap(RankedTensorType input, RankedTensorType out,
                              MLIRContext *ctx) {
  int64_t rank = out.getRank(), offset = rank - input.getRank();
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < input.getRank(); ++d) {
    int64_t od = d + offset;
    if (input.getDimSize(d) == 1 && out.getDimSize(od) != 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      exprs.push_back(getAffineDimExpr(od, ctx));
  }
  return AffineMap::get(rank, 0, exprs, ctx);
}

static Value buildElementwiseImpl(OpBuilder &b, Location loc,
                                  RankedTensorType outType, ValueRange inputs,
                                  ScalarBody body, bool withIndices) {
  MLIRContext *ctx = b.getContext();
  int64_t rank = outType.getRank();
  SmallVector<AffineMap> maps;
  for (Value in : inputs)
    maps.push_back(
        broadcastMap(cast<RankedTensorType>(in.getType()), outType, ctx));
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  Value init = createEmpty(b, loc, outType, inputs);
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, inputs, ValueRange{init}, maps, iters,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        SmallVector<Value> scalars(args.drop_back());
        if (withIndices)
          for (int64_t d = 0; d < rank; ++d)
            scalars.push_back(linalg::IndexOp::create(nb, nloc, d));
        Value r = body(nb, nloc, scalars);
        // Bodies may compute a bool as i1 for a byte-stored bool output.
        if (r.getType() != outType.getElementType())
          r = castScalar(nb, nloc, r, outType.getElementType());
        linalg::YieldOp::create(nb, nloc, r);
      });
  return generic.getResult(0);
}

Value lowering::buildElementwise(OpBuilder &b, Location loc,
                                 RankedTensorType outType, ValueRange inputs,
                                 ScalarBody body) {
  return buildElementwiseImpl(b, loc, outType, inputs, body, false);
}

Value lowering::buildElementwiseWithIndices(OpBuilder &b, Location loc,
                                            RankedTensorType outType,
                                            ValueRange inputs,
                                            ScalarBody body) {
  return buildElementwiseImpl(b, loc, outType, inputs, body, true);
}

Value lowering::buildReduction(OpBuilder &b, Location loc, Value input,
                               ArrayRef<int64_t> axes, bool keepDims,
                               Value init, ScalarBody body) {
  MLIRContext *ctx = b.getContext();
  auto inType = cast<RankedTensorType>(input.getType());
  int64_t rank = inType.getRank();
  llvm::SmallDenseSet<int64_t> reduced(axes.begin(), axes.end());
  SmallVector<int64_t> outShape;
  SmallVector<Value> dynamic;
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iters;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced.contains(d)) {
      iters.push_back(utils::IteratorType::reduction);
      continue;
    }
    iters.push_back(utils::IteratorType::parallel);
    outShape.push_back(inType.getDimSize(d));
    outExprs.push_back(getAffineDimExpr(d, ctx));
    if (inType.isDynamicDim(d))
      dynamic.push_back(tensor::DimOp::create(b, loc, input, d));
  }
  auto outType = RankedTensorType::get(outShape, init.getType());
  Value empty = tensor::EmptyOp::create(b, loc, outType, dynamic);
  Value filled = linalg::FillOp::create(b, loc, init, empty).getResult(0);
  SmallVector<AffineMap> maps = {AffineMap::getMultiDimIdentityMap(rank, ctx),
                                 AffineMap::get(rank, 0, outExprs, ctx)};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{outType}, ValueRange{input}, ValueRange{filled}, maps,
      iters, [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value r = body(nb, nloc, args);
        if (r.getType() != init.getType())
          r = castScalar(nb, nloc, r, init.getType());
        linalg::YieldOp::create(nb, nloc, r);
      });
  Value result = generic.getResult(0);
  if (!keepDims)
    return result;
  SmallVector<int64_t> keptShape;
  for (int64_t d = 0; d < rank; ++d)
    keptShape.push_back(reduced.contains(d) ? 1 : inType.getDimSize(d));
  return reshapeTo(b, loc, result,
                   RankedTensorType::get(keptShape, init.getType()));
}

Value lowering::reshapeTo(OpBuilder &b, Location loc, Value input,
                          RankedTensorType type) {
  auto inType = cast<RankedTensorType>(input.getType());
  if (inType == type)
    return input;
  if (inType.hasStaticShape() && type.hasStaticShape()) {
    // Through a 1-D (or 0-D) tensor: both steps are views after
    // bufferization.
    auto reassocTo1D = [](int64_t rank) {
      SmallVector<ReassociationIndices> r;
      if (rank == 0)
        return r;
      ReassociationIndices all;
      for (int64_t i = 0; i < rank; ++i)
        all.push_back(i);
      r.push_back(all);
      return r;
    };
    if (std::optional<SmallVector<ReassociationIndices>> reassoc =
            getReassociationIndicesForReshape(inType, type)) {
      if (inType.getRank() > type.getRank())
        return tensor::CollapseShapeOp::create(b, loc, type, input, *reassoc);
      return tensor::ExpandShapeOp::create(b, loc, type, input, *reassoc);
    }
    Value flat = input;
    if (inType.getRank() != 1) {
      auto flatType = RankedTensorType::get({inType.getNumElements()},
                                            inType.getElementType());
      flat = tensor::CollapseShapeOp::create(b, loc, flatType, input,
                                             reassocTo1D(inType.getRank()));
      if (inType.getRank() == 0)
        flat = tensor::ExpandShapeOp::create(b, loc, flatType, input,
                                             ArrayRef<ReassociationIndices>{});
    }
    if (type.getRank() == 1)
      return flat;
    if (type.getRank() == 0)
      return tensor::CollapseShapeOp::create(b, loc, type, flat,
                                             ArrayRef<ReassociationIndices>{});
    return tensor::ExpandShapeOp::create(b, loc, type, flat,
                                         reassocTo1D(type.getRank()));
  }
  // Dynamic: tensor.reshape with the target shape as a tensor.
  SmallVector<Value> dims;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      dims.push_back(arith::ConstantIndexOp::create(b, loc, type.getDimSize(d)));
      continue;
    }
    // The one dynamic dim: total elements / product of the static ones.
    Value total = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t i = 0; i < inType.getRank(); ++i)
      total = arith::MulIOp::create(
          b, loc, total, tensor::DimOp::create(b, loc, input, i).getResult());
    int64_t known = 1;
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (!type.isDynamicDim(i))
        known *= type.getDimSize(i);
    dims.push_back(arith::DivUIOp::create(
        b, loc, total, arith::ConstantIndexOp::create(b, loc, known)));
  }
  Value shape = tensor::FromElementsOp::create(b, loc, dims);
  return tensor::ReshapeOp::create(b, loc, type, input, shape);
}

Value lowering::castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

Value lowering::broadcastTo(OpBuilder &b, Location loc, Value input,
                            RankedTensorType type) {
  if (input.getType() == type)
    return input;
  return buildElementwise(b, loc, type, input,
                          [](OpBuilder &, Location, ValueRange a) { return a[0]; });
}

//===----------------------------------------------------------------------===//
// Random numbers and attributes
//===----------------------------------------------------------------------===//

Value lowering::hashUniform(OpBuilder &b, Location loc, Value index,
                            uint64_t seed, Type floatType) {
  // A 32-bit "lowbias32" integer hash (Wellons) of index ^ seed-derived
  // key; the top 24 bits give a uniform float in [0, 1).
  Type i32 = b.getI32Type();
  auto c = [&](uint32_t v) {
    return arith::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr((int32_t)v));
  };
  Value x = arith::IndexCastUIOp::create(b, loc, i32, index);
  uint32_t key = (uint32_t)(seed * 0x9E3779B97F4A7C15ull >> 32) ^ (uint32_t)seed;
  x = arith::AddIOp::create(b, loc, x, c(key));
  auto round = [&](uint32_t shift, uint32_t mul) {
    x = arith::XOrIOp::create(b, loc, x, arith::ShRUIOp::create(b, loc, x, c(shift)));
    if (mul)
      x = arith::MulIOp::create(b, loc, x, c(mul));
  };
  round(16, 0x7feb352d);
  round(15, 0x846ca68b);
  round(16, 0);
  Value top = arith::ShRUIOp::create(b, loc, x, c(8));
  Value f = arith::UIToFPOp::create(b, loc, b.getF32Type(), top);
  f = arith::MulFOp::create(b, loc, f, scalarConstant(b, loc, b.getF32Type(), 1.0 / 16777216.0));
  return castScalar(b, loc, f, floatType);
}

Value lowering::linearIndex(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
                            ValueRange indices) {
  Value linear = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [size, idx] : llvm::zip_equal(shape, indices)) {
    Value s = arith::ConstantIndexOp::create(b, loc, size);
    linear = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, linear, s), idx);
  }
  return linear;
}

double lowering::attrFloat(Operation *op, StringRef name, double dflt) {
  Attribute a = op->getAttr(name);
  if (auto f = dyn_cast_or_null<FloatAttr>(a))
    return f.getValueAsDouble();
  if (auto i = dyn_cast_or_null<IntegerAttr>(a))
    return (double)i.getInt();
  return dflt;
}

int64_t lowering::attrInt(Operation *op, StringRef name, int64_t dflt) {
  if (auto i = dyn_cast_or_null<IntegerAttr>(op->getAttr(name)))
    return i.getInt();
  return dflt;
}

bool lowering::attrBool(Operation *op, StringRef name, bool dflt) {
  if (auto bl = dyn_cast_or_null<BoolAttr>(op->getAttr(name)))
    return bl.getValue();
  return dflt;
}

StringRef lowering::attrStr(Operation *op, StringRef name, StringRef dflt) {
  if (auto s = dyn_cast_or_null<StringAttr>(op->getAttr(name)))
    return s.getValue();
  return dflt;
}

SmallVector<int64_t> lowering::attrInts(Operation *op, StringRef name,
                                        ArrayRef<int64_t> dflt) {
  Attribute a = op->getAttr(name);
  if (auto d = dyn_cast_or_null<DenseI64ArrayAttr>(a))
    return SmallVector<int64_t>(d.asArrayRef());
  if (auto d = dyn_cast_or_null<DenseI32ArrayAttr>(a))
    return SmallVector<int64_t>(d.asArrayRef().begin(), d.asArrayRef().end());
  if (auto arr = dyn_cast_or_null<ArrayAttr>(a)) {
    SmallVector<int64_t> r;
    for (Attribute e : arr)
      r.push_back(cast<IntegerAttr>(e).getInt());
    return r;
  }
  return SmallVector<int64_t>(dflt);
}

Value mlir::pd::lowering::atMost(OpBuilder &b, Location loc, Value count, int64_t bound) {
  MLIRContext *ctx = b.getContext();
  AffineMap min = AffineMap::get(
      1, 0, {getAffineDimExpr(0, ctx), getAffineConstantExpr(bound, ctx)}, ctx);
  return affine::AffineMinOp::create(b, loc, min, ValueRange{count});
}

Value mlir::pd::lowering::leadingRows(OpBuilder &b, Location loc, Value t, Value count) {
  auto type = cast<RankedTensorType>(t.getType());
  SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> sizes{atMost(b, loc, count, type.getDimSize(0))};
  for (int64_t d = 1; d < type.getRank(); ++d)
    sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
  SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
  return tensor::ExtractSliceOp::create(b, loc, t, offsets, sizes, strides);
}

Value mlir::pd::lowering::cIdx(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}
