//===- Creation.cpp - lowering of ops that create tensors -----------------===//
//
// Fills (full_like, full_with_tensor, empty*) are linalg.fill; ranges,
// identity matrices and random tensors are linalg.generic ops computing each
// element from its indices (linalg.index); shapes and assign_value are
// constants.
//
// Random ops (uniform, gaussian, randint) use a counter-based hash of
// (seed, linear element index) (hashUniform), so they need no state and do
// not depend on loop order or threads. The stream differs from Paddle's.
// Paddle's seed 0 means "draw from the global generator"; here it gives a
// fixed stream per random op of the program (keyed by its position among
// them), so two seed-0 ops differ but a program is reproducible.
//
// pd.empty / pd.empty_like are filled with zeros: Paddle leaves the
// contents undefined, zeros keep runs reproducible.
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <cmath>

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

using GenerateBody =
    function_ref<Value(OpBuilder &b, Location loc, ValueRange ivs)>;

/// A tensor of `sizes` whose element at `ivs` is body(ivs).
Value generate(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
               Type elementType, GenerateBody body) {
  Value init = tensor::EmptyOp::create(b, loc, sizes, elementType);
  int64_t rank = sizes.size();
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{init.getType()}, ValueRange{}, ValueRange{init},
             AffineMap::getMultiDimIdentityMap(rank, b.getContext()), iters,
             [&](OpBuilder &nb, Location nloc, ValueRange) {
               SmallVector<Value> ivs;
               for (int64_t d = 0; d < rank; ++d)
                 ivs.push_back(linalg::IndexOp::create(nb, nloc, d));
               linalg::YieldOp::create(nb, nloc, body(nb, nloc, ivs));
             })
      .getResult(0);
}

SmallVector<OpFoldResult> staticSizes(OpBuilder &b, RankedTensorType type) {
  return getAsIndexOpFoldResult(b.getContext(), type.getShape());
}

/// `v` as the declared result type (a 1-D range built with a computed size
/// may be less static than the declaration).
/// Arithmetic on f16/bf16 goes through f32, as Paddle's float16 does.
Type computeType(OpBuilder &b, Type elementType) {
  if (isa<FloatType>(elementType) && elementType.getIntOrFloatBitWidth() < 32)
    return b.getF32Type();
  return elementType;
}

Value add(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(x.getType()))
    return arith::AddFOp::create(b, loc, x, y);
  return arith::AddIOp::create(b, loc, x, y);
}
Value sub(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(x.getType()))
    return arith::SubFOp::create(b, loc, x, y);
  return arith::SubIOp::create(b, loc, x, y);
}
Value mul(OpBuilder &b, Location loc, Value x, Value y) {
  if (isa<FloatType>(x.getType()))
    return arith::MulFOp::create(b, loc, x, y);
  return arith::MulIOp::create(b, loc, x, y);
}

/// An `index` value as `type` (via i64: castScalar would truncate an index
/// already widened to i64 to i64).
Value fromIndex(OpBuilder &b, Location loc, Value v, Type type) {
  return castScalar(b, loc, arith::IndexCastOp::create(b, loc, b.getI64Type(), v),
                    type);
}

/// A Scalar operand read as `type` (its own signedness respected).
Value scalarAs(Lowerer &l, Location loc, Value pdScalar, Type type) {
  return scalarOperand(l, loc, pdScalar, type,
                       isUnsigned(pdElementType(pdScalar)));
}

//===----------------------------------------------------------------------===//
// Fills
//===----------------------------------------------------------------------===//

LogicalResult lowerFullLike(Operation *op, Lowerer &l) {
  auto o = cast<FullLikeOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  Value v = scalarAs(l, op->getLoc(), o.getValue(), outType.getElementType());
  l.map(o.getOut(),
        createFilled(l.b, op->getLoc(), outType, v, l.get(o.getX())));
  return success();
}

LogicalResult lowerEmptyLike(Operation *op, Lowerer &l) {
  auto o = cast<EmptyLikeOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  Value zero = scalarConstant(l.b, op->getLoc(), outType.getElementType(), 0);
  l.map(o.getOut(),
        createFilled(l.b, op->getLoc(), outType, zero, l.get(o.getX())));
  return success();
}

LogicalResult lowerEmpty(Operation *op, Lowerer &l) {
  auto o = cast<EmptyOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  if (failed(constIntArray(op, o.getShape(), "shape")) ||
      failed(requireStatic(op, outType)))
    return failure();
  Value zero = scalarConstant(l.b, op->getLoc(), outType.getElementType(), 0);
  l.map(o.getOut(), createFilled(l.b, op->getLoc(), outType, zero));
  return success();
}

LogicalResult lowerFullWithTensor(Operation *op, Lowerer &l) {
  auto o = cast<FullWithTensorOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  if (failed(constIntArray(op, o.getShape(), "shape")) ||
      failed(requireStatic(op, outType)))
    return failure();
  // `value` is a one-element tensor: its first element.
  Value v = scalarAs(l, op->getLoc(), o.getValue(), outType.getElementType());
  l.map(o.getOut(), createFilled(l.b, op->getLoc(), outType, v));
  return success();
}

//===----------------------------------------------------------------------===//
// Ranges
//===----------------------------------------------------------------------===//

/// Paddle's arange: start, end and step are first converted to the dtype;
/// out[i] = start + i * step; n = ceil((end - start) / step).
LogicalResult lowerArange(Operation *op, Lowerer &l) {
  auto o = cast<ArangeOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType outType = loweredType(o.getType());
  Type elem = outType.getElementType(), ct = computeType(b, elem);
  auto scalar = [&](Value v) {
    return castScalar(b, loc, scalarAs(l, loc, v, elem), ct);
  };
  Value start = scalar(o.getStart()), end = scalar(o.getEnd()),
        step = scalar(o.getStep());
  OpFoldResult n;
  if (!outType.isDynamicDim(0)) {
    n = b.getIndexAttr(outType.getDimSize(0));
  } else {
    Type f64 = b.getF64Type();
    Value diff = arith::SubFOp::create(b, loc, castScalar(b, loc, end, f64),
                                       castScalar(b, loc, start, f64));
    Value count = math::CeilOp::create(
        b, loc, arith::DivFOp::create(b, loc, diff, castScalar(b, loc, step, f64)));
    Value i = castScalar(b, loc, count, b.getIndexType());
    n = arith::MaxSIOp::create(b, loc, i, arith::ConstantIndexOp::create(b, loc, 0))
            .getResult();
  }
  Value r = generate(b, loc, {n}, elem,
                     [&](OpBuilder &nb, Location nl, ValueRange ivs) {
                       Value i = fromIndex(nb, nl, ivs[0], ct);
                       return castScalar(nb, nl,
                                         add(nb, nl, start, mul(nb, nl, i, step)),
                                         elem);
                     });
  l.map(o.getOut(), castTo(b, loc, r, outType));
  return success();
}

/// PHI's linspace: step = (stop - start) / (num - 1) in double; the first
/// half counts up from start, the second half down from stop. With a
/// `base` (logspace), each value v becomes pow(base, v), in double too.
/// start, stop and base are first converted to the element type (an
/// integer logspace of base 2.5 uses base 2, as PHI).
LogicalResult lowerEvenlySpaced(Operation *op, Lowerer &l, Value startOperand,
                                Value stopOperand, Value numberOperand, Value baseOperand,
                                Value result) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType outType = loweredType(result.getType());
  Type elem = outType.getElementType(), ct = computeType(b, elem),
       f64 = b.getF64Type(), idx = b.getIndexType();
  Value startT = scalarAs(l, loc, startOperand, elem);
  Value stopT = scalarAs(l, loc, stopOperand, elem);
  Value base = baseOperand ? castScalar(b, loc, scalarAs(l, loc, baseOperand, elem), f64)
                           : Value();
  // PHI subtracts in T, then widens.
  Value diffT = castScalar(b, loc,
                           sub(b, loc, castScalar(b, loc, stopT, ct),
                               castScalar(b, loc, startT, ct)),
                           elem);
  Value n = outType.isDynamicDim(0)
                ? scalarAs(l, loc, numberOperand, idx)
                : arith::ConstantIndexOp::create(b, loc, outType.getDimSize(0));
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value start = castScalar(b, loc, startT, f64),
        stop = castScalar(b, loc, stopT, f64);
  Value nm1 = arith::SubIOp::create(b, loc, n, one);
  Value step = arith::DivFOp::create(
      b, loc, castScalar(b, loc, diffT, f64),
      castScalar(b, loc, arith::MaxSIOp::create(b, loc, nm1, one), f64));
  Value half = arith::DivUIOp::create(
      b, loc, n, arith::ConstantIndexOp::create(b, loc, 2));
  Value single = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, n, one);
  OpFoldResult size = n;
  if (!outType.isDynamicDim(0))
    size = b.getIndexAttr(outType.getDimSize(0));
  Value r = generate(
      b, loc, {size}, elem,
      [&](OpBuilder &nb, Location nl, ValueRange ivs) {
        Value i = ivs[0];
        Value low = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::ult, i, half);
        Value up = arith::AddFOp::create(
            nb, nl, start,
            arith::MulFOp::create(nb, nl, step, castScalar(nb, nl, i, f64)));
        Value down = arith::SubFOp::create(
            nb, nl, stop,
            arith::MulFOp::create(
                nb, nl, step,
                castScalar(nb, nl, arith::SubIOp::create(nb, nl, nm1, i), f64)));
        Value v = arith::SelectOp::create(nb, nl, low, up, down);
        v = arith::SelectOp::create(nb, nl, single, start, v);
        if (base)
          v = math::PowFOp::create(nb, nl, base, v);
        return castScalar(nb, nl, v, elem);
      });
  l.map(result, castTo(b, loc, r, outType));
  return success();
}

LogicalResult lowerLinspace(Operation *op, Lowerer &l) {
  auto o = cast<LinspaceOp>(op);
  return lowerEvenlySpaced(op, l, o.getStart(), o.getStop(), o.getNumber(), Value(),
                           o.getOut());
}

LogicalResult lowerLogspace(Operation *op, Lowerer &l) {
  auto o = cast<LogspaceOp>(op);
  return lowerEvenlySpaced(op, l, o.getStart(), o.getStop(), o.getNum(), o.getBase(),
                           o.getOut());
}

LogicalResult lowerEye(Operation *op, Lowerer &l) {
  auto o = cast<EyeOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, outType)))
    return failure();
  Type elem = outType.getElementType();
  l.map(o.getOut(),
        generate(l.b, op->getLoc(), staticSizes(l.b, outType), elem,
                 [&](OpBuilder &nb, Location nl, ValueRange ivs) {
                   Value diag = arith::CmpIOp::create(
                       nb, nl, arith::CmpIPredicate::eq, ivs[0], ivs[1]);
                   return arith::SelectOp::create(nb, nl, diag,
                                                  scalarConstant(nb, nl, elem, 1),
                                                  scalarConstant(nb, nl, elem, 0))
                       .getResult();
                 }));
  return success();
}

//===----------------------------------------------------------------------===//
// Constants: assign_value, shape, numel
//===----------------------------------------------------------------------===//

/// assign_value (and assign_value_, whose overwritten operand does not
/// matter to the value): a constant of the result type.
LogicalResult lowerAssignValue(Operation *op, Lowerer &l) {
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  l.map(op->getResult(0),
        scalarArrayConstant(l.b, op->getLoc(), outType, op->getAttrOfType<ArrayAttr>("values"),
                            isBool(pdElementType(op->getResult(0)))));
  return success();
}

/// shape / shape64: the dims as a 1-D int32 / int64 tensor.
LogicalResult lowerShape(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  auto xt = cast<RankedTensorType>(x.getType());
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  Type elem = outType.getElementType();
  Value r;
  if (xt.hasStaticShape()) {
    SmallVector<Attribute> dims;
    for (int64_t d : xt.getShape())
      dims.push_back(IntegerAttr::get(elem, d));
    r = arith::ConstantOp::create(b, loc, outType,
                                  DenseElementsAttr::get(outType, dims));
  } else {
    SmallVector<Value> dims;
    for (int64_t d = 0; d < xt.getRank(); ++d)
      dims.push_back(fromIndex(b, loc, tensor::DimOp::create(b, loc, x, d), elem));
    r = tensor::FromElementsOp::create(b, loc, outType, dims);
  }
  l.map(op->getResult(0), r);
  return success();
}

LogicalResult lowerNumel(Operation *op, Lowerer &l) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  auto xt = cast<RankedTensorType>(x.getType());
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  Type elem = outType.getElementType();
  Value r;
  if (xt.hasStaticShape()) {
    r = arith::ConstantOp::create(
        b, loc, outType,
        DenseElementsAttr::get(outType, IntegerAttr::get(elem, xt.getNumElements())));
  } else {
    Value n = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t d = 0; d < xt.getRank(); ++d)
      n = arith::MulIOp::create(b, loc, n, tensor::DimOp::create(b, loc, x, d));
    r = tensor::FromElementsOp::create(b, loc, outType,
                                       fromIndex(b, loc, n, elem));
  }
  l.map(op->getResult(0), r);
  return success();
}

//===----------------------------------------------------------------------===//
// Random tensors
//===----------------------------------------------------------------------===//

/// The hash key of a random op: its seed, or for seed 0 (Paddle: "use the
/// global generator") a key from its position among the random ops of the
/// program, so that seed-0 ops differ from each other.
uint64_t streamKey(Operation *op, int64_t seed) { return randomStreamKey(op, seed); }

/// A second, independent stream of the same op.
constexpr uint64_t kSecondStream = 0xDA3E39CB94B95BDBull;

/// A random tensor of the op's (static) result type; `body` maps the
/// element's linear index to its value.
LogicalResult
lowerRandom(Operation *op, Lowerer &l,
            function_ref<Value(OpBuilder &, Location, Value)> body) {
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  if (failed(requireStatic(op, outType)))
    return failure();
  ArrayRef<int64_t> shape = outType.getShape();
  l.map(op->getResult(0),
        generate(l.b, op->getLoc(), staticSizes(l.b, outType),
                 outType.getElementType(),
                 [&](OpBuilder &nb, Location nl, ValueRange ivs) {
                   return body(nb, nl, linearIndex(nb, nl, shape, ivs));
                 }));
  return success();
}

LogicalResult lowerUniform(Operation *op, Lowerer &l) {
  auto o = cast<UniformOp>(op);
  if (failed(constIntArray(op, o.getShape(), "shape")))
    return failure();
  Location loc = op->getLoc();
  Type elem = loweredType(o.getType()).getElementType();
  Type ct = computeType(l.b, elem);
  Value lo = scalarAs(l, loc, o.getMin(), ct);
  Value hi = scalarAs(l, loc, o.getMax(), ct);
  Value width = sub(l.b, loc, hi, lo);
  uint64_t key = streamKey(op, (int32_t)o.getSeed());
  return lowerRandom(op, l, [&](OpBuilder &nb, Location nl, Value i) {
    Value u = hashUniform(nb, nl, i, key, ct);
    return castScalar(nb, nl, add(nb, nl, lo, mul(nb, nl, u, width)), elem);
  });
}

/// Box-Muller: sqrt(-2 ln u1) * cos(2 pi u2) from two streams, u1 in (0, 1].
LogicalResult lowerGaussian(Operation *op, Lowerer &l) {
  auto o = cast<GaussianOp>(op);
  if (failed(constIntArray(op, o.getShape(), "shape")))
    return failure();
  Location loc = op->getLoc();
  Type elem = loweredType(o.getType()).getElementType();
  Type ct = isa<FloatType>(elem) && elem.getIntOrFloatBitWidth() == 64
                ? elem
                : l.b.getF32Type();
  Value mean = scalarConstant(l.b, loc, ct, o.getMeanAttr().getValueAsDouble());
  Value stddev = scalarConstant(l.b, loc, ct, o.getStdAttr().getValueAsDouble());
  uint64_t key = streamKey(op, (int32_t)o.getSeed());
  return lowerRandom(op, l, [&](OpBuilder &nb, Location nl, Value i) {
    Value one = scalarConstant(nb, nl, ct, 1);
    Value u1 = arith::SubFOp::create(nb, nl, one, hashUniform(nb, nl, i, key, ct));
    Value u2 = hashUniform(nb, nl, i, key ^ kSecondStream, ct);
    Value radius = math::SqrtOp::create(
        nb, nl,
        arith::MulFOp::create(nb, nl, scalarConstant(nb, nl, ct, -2),
                              math::LogOp::create(nb, nl, u1)));
    Value angle = arith::MulFOp::create(
        nb, nl, scalarConstant(nb, nl, ct, 2 * M_PI), u2);
    Value z = arith::MulFOp::create(nb, nl, radius,
                                    math::CosOp::create(nb, nl, angle));
    Value v = arith::AddFOp::create(nb, nl, mean,
                                    arith::MulFOp::create(nb, nl, stddev, z));
    return castScalar(nb, nl, v, elem);
  });
}

/// low + r mod (high - low), r a 48-bit integer from two 24-bit uniforms.
LogicalResult lowerRandint(Operation *op, Lowerer &l) {
  auto o = cast<RandintOp>(op);
  if (failed(constIntArray(op, o.getShape(), "shape")))
    return failure();
  Type elem = loweredType(o.getType()).getElementType();
  int64_t low = (int32_t)o.getLow(), high = (int32_t)o.getHigh();
  uint64_t key = streamKey(op, (int32_t)o.getSeed());
  return lowerRandom(op, l, [&](OpBuilder &nb, Location nl, Value i) {
    Type f32 = nb.getF32Type(), i64 = nb.getI64Type();
    auto bits24 = [&](uint64_t k) {
      Value u = hashUniform(nb, nl, i, k, f32);
      return arith::FPToUIOp::create(
          nb, nl, i64,
          arith::MulFOp::create(nb, nl, u, scalarConstant(nb, nl, f32, 16777216.0)));
    };
    Value r = arith::OrIOp::create(
        nb, nl,
        arith::ShLIOp::create(nb, nl, bits24(key), scalarConstant(nb, nl, i64, 24)),
        bits24(key ^ kSecondStream));
    r = arith::RemUIOp::create(nb, nl, r, scalarConstant(nb, nl, i64, high - low));
    r = arith::AddIOp::create(nb, nl, r, scalarConstant(nb, nl, i64, low));
    return castScalar(nb, nl, r, elem);
  });
}

} // namespace

namespace {

/// tril_indices / triu_indices: a [2, count] constant (rows, then columns),
/// row by row as Paddle orders them; the InferMeta bounds the matrix.
LogicalResult lowerTriangleIndices(Operation *op, Lowerer &l) {
  bool lower = isa<TrilIndicesOp>(op);
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  if (failed(requireStatic(op, outType)))
    return failure();
  auto intAttr = [&](StringRef name) {
    return cast<IntegerAttr>(op->getAttr(name)).getInt();
  };
  int64_t rows = intAttr(lower ? "rows" : "row"), cols = intAttr(lower ? "cols" : "col"),
          offset = intAttr("offset");
  auto elem = dyn_cast<IntegerType>(outType.getElementType());
  if (!elem || outType.getRank() != 2 || outType.getDimSize(0) != 2 ||
      outType.getDimSize(1) != triangleCount(rows, cols, offset, lower))
    return op->emitOpError() << "result type " << outType << " does not hold the indices";
  SmallVector<APInt> rowIdx, colIdx;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t c0 = lower ? 0 : std::clamp<int64_t>(r + offset, 0, cols);
    int64_t c1 = lower ? std::clamp<int64_t>(r + offset + 1, 0, cols) : cols;
    for (int64_t c = c0; c < c1; ++c) {
      rowIdx.push_back(APInt(elem.getWidth(), r, /*isSigned=*/true));
      colIdx.push_back(APInt(elem.getWidth(), c, /*isSigned=*/true));
    }
  }
  llvm::append_range(rowIdx, colIdx);
  l.map(op->getResult(0), arith::ConstantOp::create(l.b, op->getLoc(), outType,
                                                    DenseElementsAttr::get(outType, rowIdx))
                              .getResult());
  return success();
}

} // namespace

uint64_t lowering::randomStreamKey(Operation *op, int64_t seed) {
  if (seed != 0)
    return (uint64_t)seed;
  uint64_t position = 0;
  Operation *root = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  root->walk<WalkOrder::PreOrder>([&](Operation *o) {
    if (o == op)
      return WalkResult::interrupt();
    if (isa<UniformOp, GaussianOp, RandintOp, BernoulliOp, RandpermOp, MultinomialOp,
            GumbelSoftmaxOp>(o))
      ++position;
    return WalkResult::advance();
  });
  return 0x853C49E6748FEA9Bull + position * 0x9E3779B97F4A7C15ull;
}

void mlir::pd::lowering::populateCreationLowerings(LoweringTable &table) {
  table.add({"pd.tril_indices", "pd.triu_indices"}, lowerTriangleIndices);
  table.add("pd.full_like", lowerFullLike);
  table.add("pd.empty_like", lowerEmptyLike);
  table.add("pd.empty", lowerEmpty);
  table.add("pd.full_with_tensor", lowerFullWithTensor);
  table.add("pd.arange", lowerArange);
  table.add("pd.linspace", lowerLinspace);
  table.add("pd.logspace", lowerLogspace);
  table.add("pd.eye", lowerEye);
  table.add({"pd.assign_value", "pd.assign_value_"}, lowerAssignValue);
  table.add({"pd.shape", "pd.shape64"}, lowerShape);
  table.add("pd.numel", lowerNumel);
  table.add("pd.uniform", lowerUniform);
  table.add("pd.gaussian", lowerGaussian);
  table.add("pd.randint", lowerRandint);
}
