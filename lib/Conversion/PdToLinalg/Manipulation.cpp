//===- Manipulation.cpp - lowering of shape manipulation and indexing ops -===//
//
// Layout changes become views where MLIR has them (collapse/expand_shape,
// extract_slice) and copies otherwise:
//   - concat, stack, roll: one tensor.empty filled by a tensor.insert_slice
//     chain (tensor.concat does not bufferize in every case);
//   - transpose, pixel_shuffle: linalg.transpose;
//   - expand, tile, repeat_interleave, flip: linalg.generic with affine maps
//     (tile/repeat_interleave broadcast into an interleaved shape, then
//     collapse);
//   - gather, gather_nd, index_select, take_along_axis, embedding, pad3d's
//     reflect/replicate/circular modes: linalg.generic that tensor.extract
//     from the source at indices computed from linalg.index;
//   - scatter: an scf.for of insert_slice into a copy of x (rows are
//     written in order, so a repeated index keeps the last row, as Paddle's
//     CPU kernel does).
// Index operands may be negative (counting from the end of the axis).
//
//===----------------------------------------------------------------------===//

#include "Conversion/PdToLinalg/Lowering.h"
#include "Conversion/PdToLinalg/ScalarArith.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::pd;
using namespace mlir::pd::lowering;

namespace {

//===----------------------------------------------------------------------===//
// Index arithmetic on OpFoldResults (folded while static)
//===----------------------------------------------------------------------===//

Value valueOf(OpBuilder &b, Location loc, OpFoldResult f) {
  return getValueOrCreateConstantIndexOp(b, loc, f);
}

enum class IdxOp { Add, Sub, Mul, DivU, Min, Max };

OpFoldResult fold(OpBuilder &b, Location loc, IdxOp kind, OpFoldResult x,
                  OpFoldResult y) {
  std::optional<int64_t> a = getConstantIntValue(x), c = getConstantIntValue(y);
  if (a && c) {
    switch (kind) {
    case IdxOp::Add: return b.getIndexAttr(*a + *c);
    case IdxOp::Sub: return b.getIndexAttr(*a - *c);
    case IdxOp::Mul: return b.getIndexAttr(*a * *c);
    case IdxOp::DivU: return b.getIndexAttr(*a / *c);
    case IdxOp::Min: return b.getIndexAttr(std::min(*a, *c));
    case IdxOp::Max: return b.getIndexAttr(std::max(*a, *c));
    }
  }
  Value l = valueOf(b, loc, x), r = valueOf(b, loc, y);
  switch (kind) {
  case IdxOp::Add: return arith::AddIOp::create(b, loc, l, r).getResult();
  case IdxOp::Sub: return arith::SubIOp::create(b, loc, l, r).getResult();
  case IdxOp::Mul: return arith::MulIOp::create(b, loc, l, r).getResult();
  case IdxOp::DivU: return arith::DivUIOp::create(b, loc, l, r).getResult();
  case IdxOp::Min: return arith::MinSIOp::create(b, loc, l, r).getResult();
  case IdxOp::Max: return arith::MaxSIOp::create(b, loc, l, r).getResult();
  }
  llvm_unreachable("unknown index op");
}

SmallVector<OpFoldResult> ones(OpBuilder &b, int64_t n) {
  return SmallVector<OpFoldResult>(n, b.getIndexAttr(1));
}
SmallVector<OpFoldResult> zeros(OpBuilder &b, int64_t n) {
  return SmallVector<OpFoldResult>(n, b.getIndexAttr(0));
}

RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

/// The sizes of a tensor of `type`: its static dims, and `dynamicDim(i)` for
/// the others.
SmallVector<OpFoldResult>
sizesOf(OpBuilder &b, RankedTensorType type,
        function_ref<OpFoldResult(int64_t)> dynamicDim) {
  SmallVector<OpFoldResult> sizes;
  for (int64_t i = 0; i < type.getRank(); ++i)
    sizes.push_back(type.isDynamicDim(i) ? dynamicDim(i)
                                         : b.getIndexAttr(type.getDimSize(i)));
  return sizes;
}

Value emptyOf(OpBuilder &b, Location loc, ArrayRef<OpFoldResult> sizes,
              Type elementType) {
  return tensor::EmptyOp::create(b, loc, sizes, elementType);
}

/// Ops are built with the types their operands imply; a tensor.cast then
/// gives the declared result type (which may know more or fewer dims).
/// tensor.extract_slice whose result drops the (unit) dims `drop`.
Value extractSlice(OpBuilder &b, Location loc, Value src,
                   ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes,
                   ArrayRef<OpFoldResult> strides,
                   ArrayRef<int64_t> drop = {}) {
  SmallVector<int64_t> shape;
  for (auto [i, s] : llvm::enumerate(sizes))
    if (!llvm::is_contained(drop, (int64_t)i))
      shape.push_back(getConstantIntValue(s).value_or(ShapedType::kDynamic));
  auto type = RankedTensorType::get(shape, tensorType(src).getElementType());
  // An empty slice may start at the end of its dim (x[:, 8:] of 8 columns,
  // valid in Paddle and numpy), which tensor.extract_slice refuses: any
  // offset of an empty dim reads nothing, so use 0.
  SmallVector<OpFoldResult> at(offsets);
  for (auto [i, s] : llvm::enumerate(sizes))
    if (getConstantIntValue(s) == 0)
      at[i] = b.getIndexAttr(0);
  return tensor::ExtractSliceOp::create(b, loc, type, src, at, sizes, strides);
}

Value insertSlice(OpBuilder &b, Location loc, Value src, Value dest,
                  ArrayRef<OpFoldResult> offsets, ArrayRef<OpFoldResult> sizes) {
  // Inserting nothing (an empty operand of a concat) leaves dest as it is.
  if (llvm::any_of(sizes, [](OpFoldResult s) { return getConstantIntValue(s) == 0; }))
    return dest;
  return tensor::InsertSliceOp::create(b, loc, src, dest, offsets, sizes,
                                       ones(b, sizes.size()));
}

//===----------------------------------------------------------------------===//
// linalg.generic builders
//===----------------------------------------------------------------------===//

using IndexedBody = function_ref<Value(OpBuilder &b, Location loc,
                                       ValueRange args, ValueRange ivs)>;

AffineMap mapOf(MLIRContext *ctx, int64_t numDims, ArrayRef<AffineExpr> exprs) {
  return AffineMap::get(numDims, 0, exprs, ctx);
}

/// An all-parallel linalg.generic writing `init` (identity map) and reading
/// `inputs` through `maps`; the body gets the inputs' elements and (unless
/// `withIndices` is false) the output indices.
Value buildGeneric(OpBuilder &b, Location loc, Value init, ValueRange inputs,
                   ArrayRef<AffineMap> maps, IndexedBody body,
                   bool withIndices = true) {
  auto type = tensorType(init);
  int64_t rank = type.getRank();
  SmallVector<AffineMap> all(maps);
  all.push_back(AffineMap::getMultiDimIdentityMap(rank, b.getContext()));
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, inputs, ValueRange{init}, all, iters,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               SmallVector<Value> ivs;
               for (int64_t d = 0; withIndices && d < rank; ++d)
                 ivs.push_back(linalg::IndexOp::create(nb, nloc, d));
               linalg::YieldOp::create(
                   nb, nloc, body(nb, nloc, args.drop_back(), ivs));
             })
      .getResult(0);
}

Value passThrough(OpBuilder &, Location, ValueRange args, ValueRange) {
  return args[0];
}

/// Copies `x` into `init`, whose rank may be higher (leading dims added):
/// a static 1 of `x` against another size broadcasts.
Value broadcastInto(OpBuilder &b, Location loc, Value x, Value init) {
  auto xt = tensorType(x), ot = tensorType(init);
  if (xt == ot)
    return x;
  MLIRContext *ctx = b.getContext();
  int64_t offset = ot.getRank() - xt.getRank();
  SmallVector<AffineExpr> exprs;
  for (int64_t j = 0; j < xt.getRank(); ++j)
    exprs.push_back(xt.getDimSize(j) == 1 && ot.getDimSize(j + offset) != 1
                        ? getAffineConstantExpr(0, ctx)
                        : getAffineDimExpr(j + offset, ctx));
  return buildGeneric(b, loc, init, x, mapOf(ctx, ot.getRank(), exprs),
                      passThrough, /*withIndices=*/false);
}

/// Reverses the dims `axes` of `x` (their sizes must be static: the map
/// reads n - 1 - i).
Value flipAxes(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> axes) {
  if (axes.empty())
    return x;
  auto xt = tensorType(x);
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < xt.getRank(); ++d) {
    AffineExpr e = getAffineDimExpr(d, ctx);
    exprs.push_back(llvm::is_contained(axes, d) ? xt.getDimSize(d) - 1 - e : e);
  }
  Value init = emptyOf(b, loc, tensor::getMixedSizes(b, loc, x),
                       xt.getElementType());
  return buildGeneric(b, loc, init, x, mapOf(ctx, xt.getRank(), exprs),
                      passThrough, /*withIndices=*/false);
}

/// An index element read from an index tensor, as `index`.
Value toIndex(OpBuilder &b, Location loc, Value v, bool isUnsigned) {
  if (v.getType().isIndex())
    return v;
  if (isUnsigned)
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

/// Reshapes `x` to `type` (same element count). Static shapes use
/// reshapeTo; with dynamic dims a collapse/expand where the shapes line up,
/// else tensor.reshape to `dims` (the target dims) when given.
FailureOr<Value>
reshapeLike(Operation *op, OpBuilder &b, Location loc, Value x,
            RankedTensorType type,
            function_ref<SmallVector<OpFoldResult>()> dims = nullptr) {
  auto xt = tensorType(x);
  if (xt.hasStaticShape() && type.hasStaticShape())
    return reshapeTo(b, loc, x, type);
  if (xt.getRank() == type.getRank() &&
      llvm::all_of(llvm::zip_equal(xt.getShape(), type.getShape()),
                   [](auto p) {
                     auto [a, c] = p;
                     return a == c || ShapedType::isDynamic(a) ||
                            ShapedType::isDynamic(c);
                   }))
    return castTo(b, loc, x, type);
  if (std::optional<SmallVector<ReassociationIndices>> reassoc =
          getReassociationIndicesForReshape(xt, type)) {
    // An expansion infers the dynamic sizes: one dynamic dim per group.
    auto oneDynamicPerGroup = [&] {
      for (const ReassociationIndices &group : *reassoc)
        if (llvm::count_if(group, [&](int64_t i) {
              return type.isDynamicDim(i);
            }) > 1)
          return false;
      return true;
    };
    if (xt.getRank() > type.getRank())
      return Value(
          tensor::CollapseShapeOp::create(b, loc, type, x, *reassoc));
    if (oneDynamicPerGroup())
      return Value(tensor::ExpandShapeOp::create(b, loc, type, x, *reassoc));
  }
  if (!dims) {
    (void)requireStatic(op, ArrayRef<Type>{xt, type});
    return failure();
  }
  SmallVector<Value> values;
  for (OpFoldResult d : dims())
    values.push_back(valueOf(b, loc, d));
  Value shape = tensor::FromElementsOp::create(b, loc, values);
  return Value(tensor::ReshapeOp::create(b, loc, type, x, shape));
}

LogicalResult lowerReshape(Operation *op, Lowerer &l) {
  auto o = cast<ReshapeOp>(op);
  FailureOr<SmallVector<int64_t>> target =
      constIntArray(op, o.getShape(), "shape");
  if (failed(target))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  // Paddle's rules: 0 copies the input dim, -1 takes the remaining elements.
  auto dims = [&] {
    SmallVector<OpFoldResult> xDims = tensor::getMixedSizes(b, loc, x);
    OpFoldResult total = b.getIndexAttr(1), known = b.getIndexAttr(1);
    for (OpFoldResult d : xDims)
      total = fold(b, loc, IdxOp::Mul, total, d);
    SmallVector<OpFoldResult> out;
    int64_t infer = -1;
    for (auto [i, t] : llvm::enumerate(*target)) {
      OpFoldResult d = t == 0    ? xDims[i]
                       : t == -1 ? OpFoldResult(b.getIndexAttr(1))
                                 : OpFoldResult(b.getIndexAttr(t));
      if (t == -1)
        infer = i;
      else
        known = fold(b, loc, IdxOp::Mul, known, d);
      out.push_back(d);
    }
    if (infer >= 0)
      out[infer] = fold(b, loc, IdxOp::DivU, total, known);
    return out;
  };
  FailureOr<Value> r =
      reshapeLike(op, b, loc, x, loweredType(o.getType()), dims);
  if (failed(r))
    return failure();
  l.map(o.getOut(), *r);
  return success();
}

/// squeeze, unsqueeze, flatten: the result type says it all.
LogicalResult lowerReshapeToResultType(Operation *op, Lowerer &l) {
  FailureOr<Value> r = reshapeLike(op, l.b, op->getLoc(),
                                   l.get(op->getOperand(0)),
                                   loweredType(op->getResult(0).getType()));
  if (failed(r))
    return failure();
  l.map(op->getResult(0), *r);
  return success();
}

//===----------------------------------------------------------------------===//
// Transpose, concat, stack, split
//===----------------------------------------------------------------------===//

Value transpose(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> perm) {
  if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
    return x;
  SmallVector<OpFoldResult> xDims = tensor::getMixedSizes(b, loc, x), sizes;
  for (int64_t p : perm)
    sizes.push_back(xDims[p]);
  Value init = emptyOf(b, loc, sizes, tensorType(x).getElementType());
  return linalg::TransposeOp::create(b, loc, x, init, perm)->getResult(0);
}

LogicalResult lowerTranspose(Operation *op, Lowerer &l) {
  auto o = cast<TransposeOp>(op);
  Value x = l.get(o.getX());
  int64_t rank = tensorType(x).getRank();
  SmallVector<int64_t> perm;
  for (int32_t p : o.getPerm())
    perm.push_back(normalizeAxis(p, rank));
  l.map(o.getOut(), castTo(l.b, op->getLoc(), transpose(l.b, op->getLoc(), x, perm),
                           loweredType(o.getType())));
  return success();
}

/// The value of a Scalar axis operand, normalized; emits an error when it
/// is only known at run time.
FailureOr<int64_t> constAxis(Operation *op, Value axis, int64_t rank) {
  std::optional<double> a = constScalar(axis);
  if (!a)
    return op->emitOpError()
           << "`axis` must be known at compile time to lower this op";
  return normalizeAxis((int64_t)*a, rank);
}

LogicalResult lowerConcat(Operation *op, Lowerer &l) {
  auto o = cast<ConcatOp>(op);
  SmallVector<Value> xs = l.getList(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  FailureOr<int64_t> ax = constAxis(op, o.getAxis(), outType.getRank());
  if (failed(ax))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, xs.front());
  OpFoldResult total = b.getIndexAttr(0);
  for (Value x : xs)
    total = fold(b, loc, IdxOp::Add, total, tensor::getMixedSize(b, loc, x, *ax));
  sizes[*ax] = total;
  for (int64_t i = 0; i < outType.getRank(); ++i)
    if (!outType.isDynamicDim(i))
      sizes[i] = b.getIndexAttr(outType.getDimSize(i));
  Value acc = emptyOf(b, loc, sizes, outType.getElementType());
  OpFoldResult offset = b.getIndexAttr(0);
  for (Value x : xs) {
    SmallVector<OpFoldResult> offsets = zeros(b, outType.getRank());
    offsets[*ax] = offset;
    SmallVector<OpFoldResult> xSizes = tensor::getMixedSizes(b, loc, x);
    acc = insertSlice(b, loc, x, acc, offsets, xSizes);
    offset = fold(b, loc, IdxOp::Add, offset, xSizes[*ax]);
  }
  l.map(o.getOut(), castTo(b, loc, acc, outType));
  return success();
}

LogicalResult lowerStack(Operation *op, Lowerer &l) {
  auto o = cast<StackOp>(op);
  SmallVector<Value> xs = l.getList(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  int64_t ax = normalizeAxis((int32_t)o.getAxis(), outType.getRank());
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, xs.front());
  sizes.insert(sizes.begin() + ax, b.getIndexAttr(xs.size()));
  for (int64_t i = 0; i < outType.getRank(); ++i)
    if (!outType.isDynamicDim(i))
      sizes[i] = b.getIndexAttr(outType.getDimSize(i));
  Value acc = emptyOf(b, loc, sizes, outType.getElementType());
  // Each input fills one unit slice of the new axis (a rank-reducing
  // insert_slice: no reshape needed, dynamic dims work).
  for (auto [k, x] : llvm::enumerate(xs)) {
    SmallVector<OpFoldResult> offsets = zeros(b, outType.getRank());
    offsets[ax] = b.getIndexAttr(k);
    SmallVector<OpFoldResult> xSizes = tensor::getMixedSizes(b, loc, x);
    xSizes.insert(xSizes.begin() + ax, b.getIndexAttr(1));
    acc = insertSlice(b, loc, x, acc, offsets, xSizes);
  }
  l.map(o.getOut(), castTo(b, loc, acc, outType));
  return success();
}

/// Consecutive slices of `x` along `ax` with `sizes`.
SmallVector<Value> splitAlong(OpBuilder &b, Location loc, Value x, int64_t ax,
                              ArrayRef<OpFoldResult> sizes,
                              ArrayRef<RankedTensorType> types) {
  int64_t rank = tensorType(x).getRank();
  SmallVector<Value> parts;
  OpFoldResult offset = b.getIndexAttr(0);
  for (auto [size, type] : llvm::zip_equal(sizes, types)) {
    SmallVector<OpFoldResult> offsets = zeros(b, rank);
    SmallVector<OpFoldResult> sliceSizes = tensor::getMixedSizes(b, loc, x);
    offsets[ax] = offset;
    sliceSizes[ax] = size;
    parts.push_back(castTo(
        b, loc, extractSlice(b, loc, x, offsets, sliceSizes, ones(b, rank)),
        type));
    offset = fold(b, loc, IdxOp::Add, offset, size);
  }
  return parts;
}

LogicalResult lowerSplit(Operation *op, Lowerer &l) {
  auto o = cast<SplitOp>(op);
  Value x = l.get(o.getX());
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  FailureOr<SmallVector<int64_t>> sections =
      constIntArray(op, o.getSections(), "sections");
  if (failed(sections))
    return failure();
  FailureOr<int64_t> ax = constAxis(op, o.getAxis(), tensorType(x).getRank());
  if (failed(ax))
    return failure();
  // One section may be -1: what the others leave.
  SmallVector<OpFoldResult> sizes;
  OpFoldResult rest = tensor::getMixedSize(b, loc, x, *ax);
  int64_t infer = -1;
  for (auto [i, s] : llvm::enumerate(*sections)) {
    if (s == -1)
      infer = i;
    else
      rest = fold(b, loc, IdxOp::Sub, rest, b.getIndexAttr(s));
    sizes.push_back(b.getIndexAttr(s));
  }
  if (infer >= 0)
    sizes[infer] = rest;
  l.mapList(o.getOut(),
            splitAlong(b, loc, x, *ax, sizes, loweredListTypes(o.getOut())));
  return success();
}

LogicalResult lowerSplitWithNum(Operation *op, Lowerer &l) {
  auto o = cast<SplitWithNumOp>(op);
  Value x = l.get(o.getX());
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  FailureOr<int64_t> ax = constAxis(op, o.getAxis(), tensorType(x).getRank());
  if (failed(ax))
    return failure();
  int64_t num = (int32_t)o.getNum();
  OpFoldResult size = fold(b, loc, IdxOp::DivU,
                           tensor::getMixedSize(b, loc, x, *ax),
                           b.getIndexAttr(num));
  SmallVector<OpFoldResult> sizes(num, size);
  l.mapList(o.getOut(),
            splitAlong(b, loc, x, *ax, sizes, loweredListTypes(o.getOut())));
  return success();
}

/// unstack / unbind: one rank-reduced unit slice per index of `axis`.
LogicalResult lowerUnstack(Operation *op, Lowerer &l, Value pdX, int64_t axis,
                           Value pdOut) {
  Value x = l.get(pdX);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  int64_t rank = tensorType(x).getRank();
  int64_t ax = normalizeAxis(axis, rank);
  SmallVector<Value> parts;
  for (auto [k, type] : llvm::enumerate(loweredListTypes(pdOut))) {
    SmallVector<OpFoldResult> offsets = zeros(b, rank);
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
    offsets[ax] = b.getIndexAttr(k);
    sizes[ax] = b.getIndexAttr(1);
    parts.push_back(castTo(
        b, loc, extractSlice(b, loc, x, offsets, sizes, ones(b, rank), {ax}),
        type));
  }
  l.mapList(pdOut, parts);
  return success();
}

//===----------------------------------------------------------------------===//
// Slices
//===----------------------------------------------------------------------===//

/// Paddle's slice bound: negative counts from the end; clamped to [0, dim].
OpFoldResult clampBound(OpBuilder &b, Location loc, OpFoldResult dim,
                        int64_t v) {
  if (v < 0)
    return fold(b, loc, IdxOp::Max,
                fold(b, loc, IdxOp::Add, dim, b.getIndexAttr(v)),
                b.getIndexAttr(0));
  return fold(b, loc, IdxOp::Min, b.getIndexAttr(v), dim);
}

LogicalResult lowerSlice(Operation *op, Lowerer &l) {
  auto o = cast<SliceOp>(op);
  FailureOr<SmallVector<int64_t>> starts =
      constIntArray(op, o.getStarts(), "starts");
  if (failed(starts))
    return failure();
  FailureOr<SmallVector<int64_t>> ends = constIntArray(op, o.getEnds(), "ends");
  if (failed(ends))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getInput());
  int64_t rank = tensorType(x).getRank();
  SmallVector<OpFoldResult> offsets = zeros(b, rank);
  SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(b, loc, x);
  for (auto [i, a] : llvm::enumerate(o.getAxes())) {
    int64_t ax = normalizeAxis(a, rank);
    OpFoldResult dim = sizes[ax];
    OpFoldResult s = clampBound(b, loc, dim, (*starts)[i]);
    OpFoldResult e = clampBound(b, loc, dim, (*ends)[i]);
    offsets[ax] = s;
    sizes[ax] = fold(b, loc, IdxOp::Max, fold(b, loc, IdxOp::Sub, e, s),
                     b.getIndexAttr(0));
  }
  // decrease_axis dims have size 1 (InferMeta checks it where it is known).
  SmallVector<int64_t> drop;
  for (int64_t a : o.getDecreaseAxis()) {
    drop.push_back(normalizeAxis(a, rank));
    sizes[drop.back()] = b.getIndexAttr(1);
  }
  Value r = extractSlice(b, loc, x, offsets, sizes, ones(b, rank), drop);
  l.map(o.getOut(), castTo(b, loc, r, loweredType(o.getType())));
  return success();
}

/// The elements a strided slice of a static `shape` takes along `axes`, as
/// a positive-stride slice (offsets, sizes, steps) plus the axes it must be
/// flipped along. PHI's StridedSliceOutDims, as in the InferMeta: a
/// negative stride walks down from min(start, dim - 1) to (excluding) end;
/// an end of -1 with a negative stride is Python's `None` (through index
/// 0). A negative-stride slice is the positive-stride slice of the same
/// elements, flipped. Fails (with a diagnostic) on a zero stride.
struct StridedBounds {
  SmallVector<int64_t> offsets, sizes, steps, flipped;
};
FailureOr<StridedBounds> stridedBounds(Operation *op, ArrayRef<int64_t> shape,
                                       ArrayRef<int64_t> axes, ArrayRef<int64_t> starts,
                                       ArrayRef<int64_t> ends, ArrayRef<int64_t> strides) {
  int64_t rank = shape.size();
  if (starts.size() != axes.size() || ends.size() != axes.size() ||
      strides.size() != axes.size())
    return op->emitOpError() << "has " << axes.size() << " axes but " << starts.size()
                             << " starts, " << ends.size() << " ends and " << strides.size()
                             << " steps";
  StridedBounds r;
  r.offsets.assign(rank, 0);
  r.sizes.assign(shape.begin(), shape.end());
  r.steps.assign(rank, 1);
  for (auto [i, a] : llvm::enumerate(axes)) {
    if (a < -rank || a >= rank)
      return op->emitOpError() << "axis " << a << " is out of range for rank " << rank;
    int64_t ax = normalizeAxis(a, rank), dim = shape[ax];
    int64_t start = starts[i], end = ends[i], stride = strides[i];
    if (stride == 0)
      return op->emitOpError() << "step of axis " << a << " is 0";
    if (start < 0)
      start = std::max<int64_t>(start + dim, 0);
    if (end < 0 && !(end == -1 && stride < 0))
      end = std::max<int64_t>(end + dim, 0);
    int64_t first, count;
    if (stride > 0) {
      first = std::min(start, dim);
      end = std::min(end, dim);
      count = end > first ? (end - first + stride - 1) / stride : 0;
    } else {
      int64_t hi = std::min(start, dim - 1) + 1, lo = end + 1;
      first = hi - 1;
      count = hi > lo ? (hi - lo - stride - 1) / -stride : 0;
    }
    if (count == 0) {
      r.offsets[ax] = 0, r.sizes[ax] = 0, r.steps[ax] = 1;
      continue;
    }
    r.offsets[ax] = stride > 0 ? first : first + (count - 1) * stride;
    r.sizes[ax] = count;
    r.steps[ax] = std::abs(stride);
    if (stride < 0 && count > 1)
      r.flipped.push_back(ax);
  }
  return r;
}

LogicalResult lowerStridedSlice(Operation *op, Lowerer &l) {
  auto o = cast<StridedSliceOp>(op);
  FailureOr<SmallVector<int64_t>> starts =
      constIntArray(op, o.getStarts(), "starts");
  if (failed(starts))
    return failure();
  FailureOr<SmallVector<int64_t>> ends = constIntArray(op, o.getEnds(), "ends");
  if (failed(ends))
    return failure();
  FailureOr<SmallVector<int64_t>> strides =
      constIntArray(op, o.getStrides(), "strides");
  if (failed(strides))
    return failure();
  Value x = l.get(o.getX());
  auto xt = tensorType(x);
  if (failed(requireStatic(op, xt)))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  SmallVector<int64_t> axes(o.getAxes().begin(), o.getAxes().end());
  FailureOr<StridedBounds> bounds =
      stridedBounds(op, xt.getShape(), axes, *starts, *ends, *strides);
  if (failed(bounds))
    return failure();
  MLIRContext *ctx = b.getContext();
  Value r = extractSlice(b, loc, x, getAsIndexOpFoldResult(ctx, bounds->offsets),
                         getAsIndexOpFoldResult(ctx, bounds->sizes),
                         getAsIndexOpFoldResult(ctx, bounds->steps));
  r = flipAxes(b, loc, r, bounds->flipped);
  l.map(o.getOut(), castTo(b, loc, r, loweredType(o.getType())));
  return success();
}

/// set_value / set_value_with_tensor (and their in-place forms): x with the
/// strided slice [starts:ends:steps] along `axes` replaced by the values,
/// which are broadcast (numpy's rules) to the slice without its
/// decrease_axes; a tensor.insert_slice of them (flipped first along the
/// axes with negative steps).
LogicalResult lowerSetValue(Operation *op, Lowerer &l) {
  bool withTensor = isa<SetValueWithTensorOp, SetValueWithTensor_Op>(op);
  unsigned first = withTensor ? 2 : 1; // starts, ends, steps follow x (and values)
  FailureOr<SmallVector<int64_t>> starts = constIntArray(op, op->getOperand(first), "starts");
  if (failed(starts))
    return failure();
  FailureOr<SmallVector<int64_t>> ends = constIntArray(op, op->getOperand(first + 1), "ends");
  if (failed(ends))
    return failure();
  FailureOr<SmallVector<int64_t>> steps =
      constIntArray(op, op->getOperand(first + 2), "steps");
  if (failed(steps))
    return failure();
  auto ints = [&](StringRef name) {
    SmallVector<int64_t> v;
    if (auto a = op->getAttrOfType<DenseI64ArrayAttr>(name))
      llvm::append_range(v, a.asArrayRef());
    return v;
  };
  SmallVector<int64_t> axes = ints("axes"), decrease = ints("decrease_axes");
  if (!ints("none_axes").empty())
    return op->emitOpError() << "with none_axes (None in the index) is not supported by the "
                                "CPU backend";
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(op->getOperand(0));
  auto xt = tensorType(x);
  if (failed(requireStatic(op, xt)))
    return failure();
  int64_t rank = xt.getRank();
  FailureOr<StridedBounds> bounds = stridedBounds(op, xt.getShape(), axes, *starts, *ends, *steps);
  if (failed(bounds))
    return failure();
  // The values.
  Type elem = xt.getElementType();
  Value values;
  if (withTensor) {
    values = l.get(op->getOperand(1));
    if (tensorType(values).getElementType() != elem)
      return op->emitOpError() << "values of type " << tensorType(values).getElementType()
                               << " for x of type " << elem
                               << ": cast the values to x's dtype first";
    if (failed(requireStatic(op, tensorType(values))))
      return failure();
  } else {
    SmallVector<int64_t> shape = ints("shape");
    auto list = op->getAttrOfType<ArrayAttr>("values");
    int64_t count = 1;
    for (int64_t d : shape) {
      if (d < 0 || d > (int64_t(1) << 31))
        return op->emitOpError() << "values shape has a dim of " << d;
      count *= d;
    }
    if (!list || (int64_t)list.size() != count)
      return op->emitOpError() << "has " << (list ? list.size() : 0)
                               << " values for a values shape of " << count << " elements";
    values = scalarArrayConstant(b, loc, RankedTensorType::get(shape, elem), list,
                                 isBool(pdElementType(op->getOperand(0))));
  }
  // Broadcast onto the slice: the values' dims line up, from the right,
  // with the slice's dims other than the decreased ones.
  SmallVector<int64_t> kept; // slice dims the values index
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(decrease, d) && !llvm::is_contained(decrease, d - rank))
      kept.push_back(d);
  auto vt = tensorType(values);
  ArrayRef<int64_t> vshape = vt.getShape();
  // Leading unit dims beyond the slice's rank carry nothing.
  int64_t extra = (int64_t)vshape.size() - (int64_t)kept.size();
  auto shapeText = [](ArrayRef<int64_t> s) {
    std::string text = "[";
    for (auto [i, d] : llvm::enumerate(s))
      text += (i ? ", " : "") + std::to_string(d);
    return text + "]";
  };
  SmallVector<int64_t> target;
  for (int64_t d : kept)
    target.push_back(bounds->sizes[d]);
  for (int64_t i = 0; i < extra; ++i)
    if (vshape[i] != 1)
      return op->emitOpError() << "values of shape " << shapeText(vshape)
                               << " do not fit the slice of shape " << shapeText(target);
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> exprs;
  for (int64_t i = std::max<int64_t>(extra, 0); i < (int64_t)vshape.size(); ++i) {
    int64_t d = kept[i - extra];
    if (vshape[i] == bounds->sizes[d])
      exprs.push_back(getAffineDimExpr(d, ctx));
    else if (vshape[i] == 1)
      exprs.push_back(getAffineConstantExpr(0, ctx));
    else
      return op->emitOpError() << "values of shape " << shapeText(vshape)
                               << " cannot be broadcast to the slice of shape "
                               << shapeText(target);
  }
  for (int64_t i = 0; i < extra; ++i)
    exprs.insert(exprs.begin(), getAffineConstantExpr(0, ctx));
  Value result = x;
  if (llvm::all_of(bounds->sizes, [](int64_t s) { return s > 0; })) {
    Value init = emptyOf(b, loc, getAsIndexOpFoldResult(ctx, bounds->sizes), elem);
    Value slice = buildGeneric(b, loc, init, values, mapOf(ctx, rank, exprs), passThrough,
                               /*withIndices=*/false);
    slice = flipAxes(b, loc, slice, bounds->flipped);
    result = tensor::InsertSliceOp::create(b, loc, slice, x,
                                           getAsIndexOpFoldResult(ctx, bounds->offsets),
                                           getAsIndexOpFoldResult(ctx, bounds->sizes),
                                           getAsIndexOpFoldResult(ctx, bounds->steps));
  }
  l.map(op->getResult(0), castTo(b, loc, result, loweredType(op->getResult(0).getType())));
  return success();
}

//===----------------------------------------------------------------------===//
// Broadcasts and repeats
//===----------------------------------------------------------------------===//

/// expand / expand_as: `sizeSource` gives the dynamic result dims.
LogicalResult lowerExpandTo(Operation *op, Lowerer &l, Value x,
                            Value sizeSource) {
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  auto st = tensorType(sizeSource);
  int64_t offset = outType.getRank() - st.getRank();
  for (int64_t i = 0; i < outType.getRank(); ++i)
    if (outType.isDynamicDim(i) && i < offset)
      return requireStatic(op, outType);
  SmallVector<OpFoldResult> sizes = sizesOf(b, outType, [&](int64_t i) {
    return tensor::getMixedSize(b, loc, sizeSource, i - offset);
  });
  Value init = emptyOf(b, loc, sizes, outType.getElementType());
  l.map(op->getResult(0),
        castTo(b, loc, broadcastInto(b, loc, x, init), outType));
  return success();
}

LogicalResult lowerExpand(Operation *op, Lowerer &l) {
  auto o = cast<ExpandOp>(op);
  if (failed(constIntArray(op, o.getShape(), "shape")))
    return failure();
  Value x = l.get(o.getX());
  return lowerExpandTo(op, l, x, x);
}

LogicalResult lowerExpandAs(Operation *op, Lowerer &l) {
  auto o = cast<ExpandAsOp>(op);
  Value x = l.get(o.getX());
  return lowerExpandTo(op, l, x, o.getY() ? l.get(o.getY()) : x);
}

/// Tiles x (rank r) into `outer` copies along each dim: a broadcast into the
/// interleaved shape [outer_0, d_0, outer_1, d_1, ...] (inner = false) or
/// [d_0, inner_0, ...] (inner = true), collapsed pairwise.
Value repeatDims(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> reps,
                 bool inner) {
  auto xt = tensorType(x);
  int64_t rank = xt.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<OpFoldResult> xDims = tensor::getMixedSizes(b, loc, x), sizes;
  SmallVector<AffineExpr> exprs;
  SmallVector<ReassociationIndices> reassoc;
  for (int64_t i = 0; i < rank; ++i) {
    OpFoldResult r = b.getIndexAttr(reps[i]);
    sizes.append(inner ? SmallVector<OpFoldResult>{xDims[i], r}
                       : SmallVector<OpFoldResult>{r, xDims[i]});
    exprs.push_back(getAffineDimExpr(2 * i + (inner ? 0 : 1), ctx));
    reassoc.push_back({2 * i, 2 * i + 1});
  }
  Value init = emptyOf(b, loc, sizes, xt.getElementType());
  Value wide = buildGeneric(b, loc, init, x, mapOf(ctx, 2 * rank, exprs),
                            passThrough, /*withIndices=*/false);
  return tensor::CollapseShapeOp::create(b, loc, wide, reassoc);
}

LogicalResult lowerTile(Operation *op, Lowerer &l) {
  auto o = cast<TileOp>(op);
  FailureOr<SmallVector<int64_t>> reps =
      constIntArray(op, o.getRepeatTimes(), "repeat_times");
  if (failed(reps))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  // Both are right-aligned to the result rank: x gains leading unit dims,
  // repeat_times leading 1s.
  auto xt = tensorType(x);
  int64_t rank = outType.getRank();
  if (xt.getRank() < rank) {
    SmallVector<int64_t> shape(rank - xt.getRank(), 1);
    llvm::append_range(shape, xt.getShape());
    FailureOr<Value> r = reshapeLike(
        op, b, loc, x, RankedTensorType::get(shape, xt.getElementType()));
    if (failed(r))
      return failure();
    x = *r;
  }
  SmallVector<int64_t> full(rank - reps->size(), 1);
  llvm::append_range(full, *reps);
  l.map(o.getOut(), castTo(b, loc, repeatDims(b, loc, x, full, false), outType));
  return success();
}

LogicalResult lowerRepeatInterleave(Operation *op, Lowerer &l) {
  auto o = cast<RepeatInterleaveOp>(op);
  Value x = l.get(o.getX());
  int64_t rank = tensorType(x).getRank();
  SmallVector<int64_t> reps(rank, 1);
  reps[normalizeAxis((int32_t)o.getAxis(), rank)] = (int32_t)o.getRepeats();
  l.map(o.getOut(),
        castTo(l.b, op->getLoc(), repeatDims(l.b, op->getLoc(), x, reps, true),
               loweredType(o.getType())));
  return success();
}

LogicalResult lowerFlip(Operation *op, Lowerer &l) {
  auto o = cast<FlipOp>(op);
  Value x = l.get(o.getX());
  auto xt = tensorType(x);
  SmallVector<int64_t> axes;
  for (int32_t a : o.getAxis()) {
    axes.push_back(normalizeAxis(a, xt.getRank()));
    if (xt.isDynamicDim(axes.back()))
      return requireStatic(op, xt);
  }
  l.map(o.getOut(), castTo(l.b, op->getLoc(), flipAxes(l.b, op->getLoc(), x, axes),
                           loweredType(o.getType())));
  return success();
}

/// reverse: flip with the axes as a constant IntArray operand.
LogicalResult lowerReverse(Operation *op, Lowerer &l) {
  auto o = cast<ReverseOp>(op);
  Value x = l.get(o.getX());
  auto xt = tensorType(x);
  FailureOr<SmallVector<int64_t>> given = constIntArray(op, o.getAxis(), "axis");
  if (failed(given))
    return failure();
  SmallVector<int64_t> axes;
  for (int64_t a : *given) {
    axes.push_back(normalizeAxis(a, xt.getRank()));
    if (xt.isDynamicDim(axes.back()))
      return requireStatic(op, xt);
  }
  l.map(o.getOut(), castTo(l.b, op->getLoc(), flipAxes(l.b, op->getLoc(), x, axes),
                           loweredType(o.getType())));
  return success();
}

/// out[(i + shift) mod n] = x[i] along `ax`: two slices swapped.
Value rollAxis(OpBuilder &b, Location loc, Value x, int64_t ax, int64_t shift) {
  auto xt = tensorType(x);
  int64_t n = xt.getDimSize(ax), rank = xt.getRank();
  if (n == 0)
    return x;
  int64_t s = ((shift % n) + n) % n;
  if (s == 0)
    return x;
  SmallVector<OpFoldResult> sizes = getAsIndexOpFoldResult(b.getContext(), xt.getShape());
  Value acc = emptyOf(b, loc, sizes, xt.getElementType());
  // x[n - s:] goes first, then x[:n - s].
  for (auto [from, len, to] : {std::tuple<int64_t, int64_t, int64_t>{n - s, s, 0},
                               {0, n - s, s}}) {
    SmallVector<OpFoldResult> offsets = zeros(b, rank), part(sizes);
    offsets[ax] = b.getIndexAttr(from);
    part[ax] = b.getIndexAttr(len);
    Value slice = extractSlice(b, loc, x, offsets, part, ones(b, rank));
    offsets[ax] = b.getIndexAttr(to);
    acc = insertSlice(b, loc, slice, acc, offsets, part);
  }
  return acc;
}

LogicalResult lowerRoll(Operation *op, Lowerer &l) {
  auto o = cast<RollOp>(op);
  FailureOr<SmallVector<int64_t>> shifts =
      constIntArray(op, o.getShifts(), "shifts");
  if (failed(shifts))
    return failure();
  Value x = l.get(o.getX());
  auto xt = tensorType(x);
  if (failed(requireStatic(op, xt)))
    return failure();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  RankedTensorType outType = loweredType(o.getType());
  ArrayRef<int64_t> axes = o.getAxis();
  if (axes.empty()) {
    // Without axes Paddle rolls the flattened tensor.
    auto flat = RankedTensorType::get({xt.getNumElements()}, xt.getElementType());
    Value r = rollAxis(b, loc, reshapeTo(b, loc, x, flat), 0,
                       shifts->empty() ? 0 : shifts->front());
    l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, r, xt), outType));
    return success();
  }
  for (auto [shift, a] : llvm::zip_equal(*shifts, axes))
    x = rollAxis(b, loc, x, normalizeAxis(a, xt.getRank()), shift);
  l.map(o.getOut(), castTo(b, loc, x, outType));
  return success();
}

//===----------------------------------------------------------------------===//
// Padding
//===----------------------------------------------------------------------===//

Value constantPad(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> low,
                  ArrayRef<int64_t> high, Value padValue) {
  MLIRContext *ctx = b.getContext();
  return tensor::PadOp::create(b, loc, RankedTensorType(), x,
                               getAsIndexOpFoldResult(ctx, low),
                               getAsIndexOpFoldResult(ctx, high), padValue);
}

LogicalResult lowerPad(Operation *op, Lowerer &l) {
  auto o = cast<PadOp>(op);
  Value x = l.get(o.getX());
  Location loc = op->getLoc();
  Type elem = tensorType(x).getElementType();
  Value padValue = scalarOperand(l, loc, o.getPadValue(), elem,
                                 isUnsigned(pdElementType(o.getPadValue())));
  SmallVector<int64_t> low, high;
  for (auto [i, p] : llvm::enumerate(o.getPaddings()))
    (i % 2 ? high : low).push_back(p);
  l.map(o.getOut(), castTo(l.b, loc, constantPad(l.b, loc, x, low, high, padValue),
                           loweredType(o.getType())));
  return success();
}

LogicalResult lowerPad3d(Operation *op, Lowerer &l) {
  auto o = cast<Pad3dOp>(op);
  FailureOr<SmallVector<int64_t>> paddings =
      constIntArray(op, o.getPaddings(), "paddings");
  if (failed(paddings))
    return failure();
  if (paddings->size() != 6)
    return op->emitOpError() << "needs 6 paddings, got " << paddings->size();
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  auto xt = tensorType(x);
  RankedTensorType outType = loweredType(o.getType());
  // paddings: (left, right) of W, (top, bottom) of H, (front, back) of D.
  bool last = o.getDataFormat() == "NDHWC";
  int64_t w = last ? 3 : 4, h = last ? 2 : 3, d = last ? 1 : 2;
  SmallVector<int64_t> low(5, 0), high(5, 0), spatial = {w, h, d};
  constexpr int64_t kLimit = int64_t(1) << 40;
  for (auto [k, axis] : llvm::enumerate(spatial)) {
    low[axis] = (*paddings)[2 * k];
    high[axis] = (*paddings)[2 * k + 1];
    // The IR may come from anywhere: paddings that overflow or disagree
    // with the result type are refused, not built into a tensor.pad.
    if (std::abs(low[axis]) >= kLimit || std::abs(high[axis]) >= kLimit)
      return op->emitOpError() << "padding out of range (|padding| < 2^40) on dim " << axis;
    int64_t in = xt.getDimSize(axis), want = outType.getDimSize(axis);
    if (!ShapedType::isDynamic(in) && !ShapedType::isDynamic(want) &&
        in + low[axis] + high[axis] != want)
      return op->emitOpError() << "paddings " << low[axis] << ", " << high[axis] << " of dim "
                               << axis << " (" << in << ") do not give the result's " << want;
  }
  StringRef mode = o.getMode();
  if (mode == "constant") {
    Value padValue = scalarConstant(b, loc, xt.getElementType(),
                                    o.getPadValueAttr().getValueAsDouble());
    l.map(o.getOut(), castTo(b, loc, constantPad(b, loc, x, low, high, padValue),
                             outType));
    return success();
  }
  if (mode != "reflect" && mode != "replicate" && mode != "circular")
    return op->emitOpError() << "has unknown mode '" << mode << "'";
  if (failed(requireStatic(op, ArrayRef<Type>{xt, outType})))
    return failure();
  // The other modes read x at a source index computed per padded dim.
  Value init = emptyOf(b, loc, getAsIndexOpFoldResult(b.getContext(), outType.getShape()),
                       outType.getElementType());
  Value r = buildGeneric(
      b, loc, init, {}, {},
      [&](OpBuilder &nb, Location nl, ValueRange, ValueRange ivs) {
        SmallVector<Value> src(ivs);
        for (int64_t axis : spatial) {
          int64_t n = xt.getDimSize(axis);
          Value zero = cIdx(nb, nl, 0), top = cIdx(nb, nl, n - 1);
          Value j = arith::SubIOp::create(nb, nl, ivs[axis], cIdx(nb, nl, low[axis]));
          if (mode == "replicate") {
            j = arith::MaxSIOp::create(nb, nl, arith::MinSIOp::create(nb, nl, j, top), zero);
          } else if (mode == "reflect") {
            // Mirror at both edges without repeating them (padding < n).
            Value neg = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, j, zero);
            j = arith::SelectOp::create(nb, nl, neg, arith::SubIOp::create(nb, nl, zero, j), j);
            Value over = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::sgt, j, top);
            j = arith::SelectOp::create(
                nb, nl, over,
                arith::SubIOp::create(nb, nl, cIdx(nb, nl, 2 * (n - 1)), j), j);
          } else { // circular
            Value nv = cIdx(nb, nl, n);
            j = arith::RemSIOp::create(
                nb, nl, arith::AddIOp::create(nb, nl, arith::RemSIOp::create(nb, nl, j, nv), nv),
                nv);
          }
          src[axis] = j;
        }
        return tensor::ExtractOp::create(nb, nl, x, src);
      });
  l.map(o.getOut(), r);
  return success();
}

//===----------------------------------------------------------------------===//
// Gathers
//===----------------------------------------------------------------------===//

/// The message of an index check that also accepts negative indices.
constexpr StringLiteral kSignedIndexMessage = "index {value} out of range [-{bound}, {bound})";

/// Refuses a gather from an axis of static size 0: no index is valid, and
/// there is no row to read instead of a bad one.
LogicalResult requireNonEmptyAxis(Operation *op, Value x, int64_t ax) {
  if (tensorType(x).getDimSize(ax) == 0)
    return op->emitOpError() << "gathers along axis " << ax << " of size 0";
  return success();
}

/// x[..., index[j], ...] along `ax` (gather, index_select); a 0-D index
/// drops the axis, an index shaped [n, 1] is read as [n]. Indices are
/// checked at run time (negative ones count from the end).
FailureOr<Value> gatherAlong(Operation *op, Lowerer &l, Location loc, Value x, Value index,
                             bool indexUnsigned, int64_t ax, RankedTensorType outType) {
  OpBuilder &b = l.b;
  if (failed(requireNonEmptyAxis(op, x, ax)))
    return failure();
  MLIRContext *ctx = b.getContext();
  auto it = tensorType(index);
  bool keep = it.getRank() > 0;
  int64_t rank = outType.getRank();
  SmallVector<OpFoldResult> sizes = sizesOf(b, outType, [&](int64_t i) {
    if (i == ax && keep)
      return tensor::getMixedSize(b, loc, index, 0);
    return tensor::getMixedSize(b, loc, x, i < ax || keep ? i : i + 1);
  });
  SmallVector<AffineExpr> exprs;
  if (keep)
    exprs.push_back(getAffineDimExpr(ax, ctx));
  if (it.getRank() == 2)
    exprs.push_back(getAffineConstantExpr(0, ctx));
  Value n = valueOf(b, loc, tensor::getMixedSize(b, loc, x, ax));
  Value checked = checkedIndices(
      l, loc, op, index, indexUnsigned, /*wrapNegative=*/true,
      [&](OpBuilder &, Location, ValueRange) { return n; }, kSignedIndexMessage);
  Value init = emptyOf(b, loc, sizes, outType.getElementType());
  return buildGeneric(
      b, loc, init, checked, mapOf(ctx, rank, exprs),
      [&](OpBuilder &nb, Location nl, ValueRange args, ValueRange ivs) {
        Value i = args[0];
        SmallVector<Value> src(ivs);
        if (keep)
          src[ax] = i;
        else
          src.insert(src.begin() + ax, i);
        return tensor::ExtractOp::create(nb, nl, x, src);
      });
}

LogicalResult lowerGather(Operation *op, Lowerer &l) {
  auto o = cast<GatherOp>(op);
  Value x = l.get(o.getX());
  FailureOr<int64_t> ax = constAxis(op, o.getAxis(), tensorType(x).getRank());
  if (failed(ax))
    return failure();
  FailureOr<Value> r = gatherAlong(op, l, op->getLoc(), x, l.get(o.getIndex()),
                                   isUnsigned(pdElementType(o.getIndex())), *ax,
                                   loweredType(o.getType()));
  if (failed(r))
    return failure();
  l.map(o.getOut(), *r);
  return success();
}

LogicalResult lowerIndexSelect(Operation *op, Lowerer &l) {
  auto o = cast<IndexSelectOp>(op);
  Value x = l.get(o.getX());
  int64_t ax = normalizeAxis((int32_t)o.getAxis(), tensorType(x).getRank());
  FailureOr<Value> r = gatherAlong(op, l, op->getLoc(), x, l.get(o.getIndex()),
                                   isUnsigned(pdElementType(o.getIndex())), ax,
                                   loweredType(o.getType()));
  if (failed(r))
    return failure();
  l.map(o.getOut(), *r);
  return success();
}

/// The positions of an nd index (index[..., j] addresses dim j of x, of
/// size xDims[j]) checked at run time: negative ones wrap, out-of-range
/// ones are errors (gather_nd, scatter_nd_add).
Value checkedNdIndices(Lowerer &l, Location loc, Operation *op, Value index, bool isUnsignedIndex,
                       ArrayRef<Value> xDims) {
  int64_t k = xDims.size();
  return checkedIndices(
      l, loc, op, index, isUnsignedIndex, /*wrapNegative=*/true,
      [&](OpBuilder &nb, Location nl, ValueRange ivs) {
        Value n = xDims[k - 1];
        for (int64_t j = k - 2; j >= 0; --j) {
          Value here = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, ivs.back(),
                                             cIdx(nb, nl, j));
          n = arith::SelectOp::create(nb, nl, here, xDims[j], n);
        }
        return n;
      },
      kSignedIndexMessage);
}

/// scatter_nd_add: x, then, for each position b of index's leading dims in
/// order, the row updates[b, ...] added to the slice of x that index[b, :]
/// addresses (negative indices wrap; out-of-range ones are run-time
/// errors); repeated positions accumulate, as in PHI.
LogicalResult lowerScatterNdAdd(Operation *op, Lowerer &l) {
  auto o = cast<ScatterNdAddOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), index = l.get(o.getIndex()), updates = l.get(o.getUpdates());
  RankedTensorType xt = tensorType(x), it = tensorType(index);
  if (failed(requireStatic(op, {xt, it, updates.getType()})))
    return failure();
  Type elem = xt.getElementType();
  if (!elem.isIntOrFloat() || elem.isInteger(1))
    return op->emitOpError() << "the CPU lowering supports integer and float element types, got "
                             << elem;
  // rows: index's leading dims (one position each); k: x's dims addressed.
  int64_t k = it.getDimSize(it.getRank() - 1), rows = 1;
  for (int64_t d = 0; d + 1 < it.getRank(); ++d)
    rows *= it.getDimSize(d);
  if (k == 0)
    return op->emitOpError() << "the CPU lowering needs index to address at least one dim of x "
                                "(its last dim is 0)";
  int64_t slice = 1, cells = 1;
  for (int64_t d = 0; d < xt.getRank(); ++d)
    (d < k ? cells : slice) *= xt.getDimSize(d);
  for (int64_t j = 0; j < k; ++j)
    if (failed(requireNonEmptyAxis(op, x, j)))
      return failure();
  SmallVector<Value> xDims;
  for (int64_t j = 0; j < k; ++j)
    xDims.push_back(cIdx(b, loc, xt.getDimSize(j)));
  Value checked =
      checkedNdIndices(l, loc, op, index, isUnsigned(pdElementType(o.getIndex())), xDims);
  auto flatX = RankedTensorType::get({cells, slice}, elem);
  Value table = reshapeTo(b, loc, x, flatX);
  Value rowsOf = reshapeTo(b, loc, updates, RankedTensorType::get({rows, slice}, elem));
  Value positions =
      reshapeTo(b, loc, checked, RankedTensorType::get({rows, k}, b.getIndexType()));
  auto rowType = RankedTensorType::get({1, slice}, elem);
  auto loop = scf::ForOp::create(
      b, loc, cIdx(b, loc, 0), cIdx(b, loc, rows), cIdx(b, loc, 1), ValueRange{table},
      [&](OpBuilder &lb, Location ll, Value r, ValueRange acc) {
        // The row of x this index addresses: index[r, :] in x's leading dims.
        Value at = cIdx(lb, ll, 0);
        int64_t stride = 1;
        for (int64_t j = k - 1; j >= 0; --j) {
          Value v = tensor::ExtractOp::create(lb, ll, positions, ValueRange{r, cIdx(lb, ll, j)});
          at = arith::AddIOp::create(lb, ll, at,
                                     arith::MulIOp::create(lb, ll, v, cIdx(lb, ll, stride)));
          stride *= xt.getDimSize(j);
        }
        SmallVector<OpFoldResult> offsets{at, lb.getIndexAttr(0)}, sizes{lb.getIndexAttr(1),
                                                                         lb.getIndexAttr(slice)},
            strides{lb.getIndexAttr(1), lb.getIndexAttr(1)};
        Value row = tensor::ExtractSliceOp::create(lb, ll, rowType, acc[0], offsets, sizes, strides);
        SmallVector<OpFoldResult> updateOffsets{r, lb.getIndexAttr(0)};
        Value update = tensor::ExtractSliceOp::create(lb, ll, rowType, rowsOf, updateOffsets,
                                                      sizes, strides);
        Value sum = buildElementwise(lb, ll, rowType, ValueRange{row, update},
                                     [&](OpBuilder &eb, Location el, ValueRange v) -> Value {
                                       return Arith{eb, el, elem}.add(v[0], v[1]);
                                     });
        Value next = tensor::InsertSliceOp::create(lb, ll, sum, acc[0], offsets, sizes, strides);
        scf::YieldOp::create(lb, ll, next);
      });
  l.map(o.getOut(), castTo(b, loc, reshapeTo(b, loc, loop.getResult(0), xt),
                           loweredType(o.getType())));
  return success();
}

LogicalResult lowerGatherNd(Operation *op, Lowerer &l) {
  auto o = cast<GatherNdOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), index = l.get(o.getIndex());
  bool uns = isUnsigned(pdElementType(o.getIndex()));
  auto it = tensorType(index);
  int64_t batch = it.getRank() - 1, k = it.getDimSize(batch);
  RankedTensorType outType = loweredType(o.getType());
  // out[b..., r...] = x[index[b..., 0], ..., index[b..., k-1], r...]
  SmallVector<OpFoldResult> sizes = sizesOf(b, outType, [&](int64_t i) {
    return i < batch ? tensor::getMixedSize(b, loc, index, i)
                     : tensor::getMixedSize(b, loc, x, k + i - batch);
  });
  SmallVector<Value> xDims;
  for (int64_t j = 0; j < k; ++j) {
    if (failed(requireNonEmptyAxis(op, x, j)))
      return failure();
    xDims.push_back(valueOf(b, loc, tensor::getMixedSize(b, loc, x, j)));
  }
  // index[..., j] indexes dim j of x.
  Value checked = k > 0 ? checkedNdIndices(l, loc, op, index, uns, xDims) : index;
  Value init = emptyOf(b, loc, sizes, outType.getElementType());
  Value r = buildGeneric(
      b, loc, init, {}, {},
      [&](OpBuilder &nb, Location nl, ValueRange, ValueRange ivs) {
        SmallVector<Value> at(ivs.take_front(batch)), src;
        at.push_back(Value());
        for (int64_t j = 0; j < k; ++j) {
          at.back() = cIdx(nb, nl, j);
          src.push_back(tensor::ExtractOp::create(nb, nl, checked, at));
        }
        llvm::append_range(src, ivs.drop_front(batch));
        return tensor::ExtractOp::create(nb, nl, x, src);
      });
  l.map(o.getOut(), r);
  return success();
}

/// arr read at `indices` along `axis` (the other dims at the output's own
/// index), each index checked at run time against arr's size on `axis`:
/// take_along_axis (negative indices wrap) and index_sample (they do not).
Value gatherAlongAxis(Lowerer &l, Operation *op, Location loc, Value arr, Value indices,
                      bool uns, int64_t axis, bool wrapNegative, StringRef message,
                      Type elem) {
  OpBuilder &b = l.b;
  Value n = valueOf(b, loc, tensor::getMixedSize(b, loc, arr, axis));
  Value checked = checkedIndices(
      l, loc, op, indices, uns, wrapNegative,
      [&](OpBuilder &, Location, ValueRange) { return n; }, message);
  Value init = emptyOf(b, loc, tensor::getMixedSizes(b, loc, indices), elem);
  return buildGeneric(
      b, loc, init, checked,
      AffineMap::getMultiDimIdentityMap(tensorType(indices).getRank(), b.getContext()),
      [&](OpBuilder &nb, Location nl, ValueRange args, ValueRange ivs) {
        SmallVector<Value> src(ivs);
        src[axis] = args[0];
        return tensor::ExtractOp::create(nb, nl, arr, src);
      });
}

LogicalResult lowerTakeAlongAxis(Operation *op, Lowerer &l) {
  auto o = cast<TakeAlongAxisOp>(op);
  Value arr = l.get(o.getArr()), indices = l.get(o.getIndices());
  bool uns = isUnsigned(pdElementType(o.getIndices()));
  int64_t ax = normalizeAxis((int32_t)o.getAxis(), tensorType(indices).getRank());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireNonEmptyAxis(op, arr, ax)))
    return failure();
  Value r = gatherAlongAxis(l, op, op->getLoc(), arr, indices, uns, ax, /*wrapNegative=*/true,
                            kSignedIndexMessage, outType.getElementType());
  l.map(o.getOut(), castTo(l.b, op->getLoc(), r, outType));
  return success();
}

LogicalResult lowerEmbedding(Operation *op, Lowerer &l) {
  auto o = cast<EmbeddingOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value ids = l.get(o.getX()), weight = l.get(o.getWeight());
  bool uns = isUnsigned(pdElementType(o.getX()));
  auto idt = tensorType(ids), wt = tensorType(weight);
  RankedTensorType outType = loweredType(o.getType());
  int64_t rank = outType.getRank();
  // Paddle: padding_idx -1 is "none"; rows of padding_idx read as zeros.
  int64_t pad = (int64_t)o.getPaddingIdx();
  if (pad < -1 && !wt.isDynamicDim(0))
    pad += wt.getDimSize(0);
  SmallVector<OpFoldResult> sizes = sizesOf(b, outType, [&](int64_t i) {
    return i < idt.getRank() ? tensor::getMixedSize(b, loc, ids, i)
                             : tensor::getMixedSize(b, loc, weight, 1);
  });
  if (failed(requireNonEmptyAxis(op, weight, 0)))
    return failure();
  Value rows = valueOf(b, loc, tensor::getMixedSize(b, loc, weight, 0));
  Value checked = checkedIndices(
      l, loc, op, ids, uns, /*wrapNegative=*/false,
      [&](OpBuilder &, Location, ValueRange) { return rows; },
      "id {value} out of range [0, {bound})");
  Value init = emptyOf(b, loc, sizes, outType.getElementType());
  SmallVector<AffineExpr> exprs;
  for (int64_t i = 0; i < idt.getRank(); ++i)
    exprs.push_back(getAffineDimExpr(i, b.getContext()));
  Value r = buildGeneric(
      b, loc, init, checked, mapOf(b.getContext(), rank, exprs),
      [&](OpBuilder &nb, Location nl, ValueRange args, ValueRange ivs) {
        Value id = args[0];
        Value v = tensor::ExtractOp::create(nb, nl, weight,
                                            ValueRange{id, ivs.back()});
        if (pad == -1)
          return v;
        Value isPad = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq,
                                            id, cIdx(nb, nl, pad));
        return arith::SelectOp::create(
                   nb, nl, isPad,
                   scalarConstant(nb, nl, outType.getElementType(), 0), v)
            .getResult();
      });
  l.map(o.getOut(), r);
  return success();
}

LogicalResult lowerOneHot(Operation *op, Lowerer &l) {
  auto o = cast<OneHotOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  bool uns = isUnsigned(pdElementType(o.getX()));
  RankedTensorType outType = loweredType(o.getType());
  int64_t rank = outType.getRank();
  if (outType.isDynamicDim(rank - 1))
    return op->emitOpError()
           << "`num_classes` must be known at compile time to lower this op";
  SmallVector<OpFoldResult> sizes = sizesOf(b, outType, [&](int64_t i) {
    return tensor::getMixedSize(b, loc, x, i);
  });
  Value init = emptyOf(b, loc, sizes, outType.getElementType());
  SmallVector<AffineExpr> exprs;
  for (int64_t i = 0; i + 1 < rank; ++i)
    exprs.push_back(getAffineDimExpr(i, b.getContext()));
  Type elem = outType.getElementType();
  Value r = buildGeneric(
      b, loc, init, x, mapOf(b.getContext(), rank, exprs),
      [&](OpBuilder &nb, Location nl, ValueRange args, ValueRange ivs) {
        Value hit = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq,
                                          toIndex(nb, nl, args[0], uns),
                                          ivs.back());
        return arith::SelectOp::create(nb, nl, hit,
                                       scalarConstant(nb, nl, elem, 1),
                                       scalarConstant(nb, nl, elem, 0))
            .getResult();
      });
  l.map(o.getOut(), r);
  return success();
}

/// tril keeps col - row <= diagonal, triu col - row >= diagonal.
LogicalResult lowerTriangle(Operation *op, Lowerer &l, bool lower) {
  Value x = l.get(op->getOperand(0));
  int64_t diagonal = attrInt(op, "diagonal", 0);
  RankedTensorType outType = loweredType(op->getResult(0).getType());
  int64_t rank = outType.getRank();
  Type elem = outType.getElementType();
  Value r = buildElementwiseWithIndices(
      l.b, op->getLoc(), outType, x,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value row = args[rank - 1], col = args[rank];
        Value diff = arith::SubIOp::create(nb, nl, col, row);
        Value keep = arith::CmpIOp::create(
            nb, nl, lower ? arith::CmpIPredicate::sle : arith::CmpIPredicate::sge,
            diff, cIdx(nb, nl, diagonal));
        return arith::SelectOp::create(nb, nl, keep, args[0],
                                       scalarConstant(nb, nl, elem, 0))
            .getResult();
      });
  l.map(op->getResult(0), r);
  return success();
}

/// fill_diagonal, as PHI's kernel walks it: flat positions i = 0, s, 2s,
/// ... (s = 1 + d[-1] + d[-1] d[-2] + ...) below numel (wrap) or d[1]^2,
/// each moved by `offset` where i % d[1] + offset stays within [0, d[1]),
/// get `value`. As one elementwise generic: the position j of each element
/// is filled when i = j - offset is such a position.
LogicalResult lowerFillDiagonal(Operation *op, Lowerer &l) {
  auto o = cast<FillDiagonalOp>(op);
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, outType)))
    return failure();
  ArrayRef<int64_t> dims = outType.getShape();
  int64_t rank = outType.getRank(), numel = outType.getNumElements();
  // attrInt: the signless i32 attribute reads back as uint32_t from ODS.
  int64_t columns = dims[1], offset = attrInt(op, "offset", 0);
  int64_t step = 0, count = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    step += count;
    count *= dims[d];
  }
  // d[1]^2 without overflow (a dim of 2^40 is a valid type).
  int64_t size = o.getWrap() || (columns != 0 && columns > numel / columns)
                     ? numel
                     : std::min(numel, columns * columns);
  Type elem = outType.getElementType();
  double value = o.getValue().convertToDouble();
  Value r = buildElementwiseWithIndices(
      l.b, op->getLoc(), outType, l.get(o.getX()),
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value flat = cIdx(nb, nl, 0);
        for (int64_t d = 0; d < rank; ++d)
          flat = arith::AddIOp::create(
              nb, nl, arith::MulIOp::create(nb, nl, flat, cIdx(nb, nl, dims[d])), args[d + 1]);
        Value i = arith::SubIOp::create(nb, nl, flat, cIdx(nb, nl, offset));
        auto cmp = [&](arith::CmpIPredicate p, Value a, int64_t b) {
          return arith::CmpIOp::create(nb, nl, p, a, cIdx(nb, nl, b)).getResult();
        };
        // Indices are signed here: i may be negative (a positive offset).
        Value column = arith::AddIOp::create(
            nb, nl, arith::RemSIOp::create(nb, nl, i, cIdx(nb, nl, columns)),
            cIdx(nb, nl, offset));
        Value hit = cmp(arith::CmpIPredicate::sge, i, 0);
        for (Value c : {cmp(arith::CmpIPredicate::slt, i, size),
                        cmp(arith::CmpIPredicate::eq,
                            arith::RemSIOp::create(nb, nl, i, cIdx(nb, nl, step)), 0),
                        cmp(arith::CmpIPredicate::sge, column, 0),
                        cmp(arith::CmpIPredicate::slt, column, columns)})
          hit = arith::AndIOp::create(nb, nl, hit, c);
        return arith::SelectOp::create(nb, nl, hit, scalarConstant(nb, nl, elem, value),
                                       args[0])
            .getResult();
      });
  l.map(o.getOut(), r);
  return success();
}

//===----------------------------------------------------------------------===//
// Scatter
//===----------------------------------------------------------------------===//

Value addScalars(OpBuilder &b, Location loc, Value a, Value c) {
  if (isa<FloatType>(a.getType()))
    return arith::AddFOp::create(b, loc, a, c);
  if (a.getType().isInteger(1))
    return arith::OrIOp::create(b, loc, a, c);
  return arith::AddIOp::create(b, loc, a, c);
}

/// index_add: out = x, plus add_value[..., j, ...] at position index[j]
/// along `axis` (negative indices count from the end; repeated ones add
/// up), as one generic with a reduction over j: out[..., i, ...] =
/// x[..., i, ...] + sum of add_value[..., j, ...] over j with index[j] == i.
/// Indices are checked at run time.
/// multiplex: row i of the output is row i of inputs[index[i]] (index
/// checked at run time against the number of inputs).
LogicalResult lowerMultiplex(Operation *op, Lowerer &l) {
  auto o = cast<MultiplexOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  SmallVector<Value> inputs = l.getList(o.getInputs());
  Value index = l.get(o.getIndex());
  RankedTensorType outType = loweredType(o.getType());
  SmallVector<Type> types = {index.getType(), outType};
  for (Value v : inputs)
    types.push_back(v.getType());
  if (failed(requireStatic(op, types)))
    return failure();
  int64_t count = inputs.size();
  Value bound = cIdx(b, loc, count);
  Value checked = checkedIndices(l, loc, op, index, isUnsigned(pdElementType(o.getIndex())),
                                 /*wrapNegative=*/false,
                                 [&](OpBuilder &, Location, ValueRange) { return bound; },
                                 "index {value} out of range [0, {bound})");
  // The index as a [rows] tensor, read per row.
  Value rows = reshapeTo(b, loc, checked,
                         RankedTensorType::get({outType.getDimSize(0)},
                                               tensorType(checked).getElementType()));
  SmallVector<Value> operands(inputs);
  operands.push_back(rows);
  MLIRContext *ctx = b.getContext();
  int64_t rank = outType.getRank();
  SmallVector<AffineMap> maps(count, AffineMap::getMultiDimIdentityMap(rank, ctx));
  maps.push_back(AffineMap::get(rank, 0, {getAffineDimExpr(0, ctx)}, ctx));
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  Value init = tensor::EmptyOp::create(b, loc, outType.getShape(), outType.getElementType());
  Value out = linalg::GenericOp::create(
                  b, loc, TypeRange{outType}, operands, ValueRange{init}, maps,
                  SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
                  [&](OpBuilder &nb, Location nl, ValueRange args) {
                    Value k = args[count];
                    Value v = args[0];
                    for (int64_t i = 1; i < count; ++i) {
                      Value isI = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, k,
                                                        cIdx(nb, nl, i));
                      v = arith::SelectOp::create(nb, nl, isI, args[i], v);
                    }
                    linalg::YieldOp::create(nb, nl, ValueRange{v});
                  })
                  .getResult(0);
  l.map(o.getOut(), out);
  return success();
}

/// sequence_mask: y[..., j] = j < x[...] (1 or 0 in out_dtype), for a
/// max_len known at compile time (-1, the largest length, is a
/// data-dependent shape).
LogicalResult lowerSequenceMask(Operation *op, Lowerer &l) {
  auto o = cast<SequenceMaskOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, {x.getType(), outType})))
    return op->emitOpError() << "needs max_len known at compile time (-1, the largest "
                                "length, makes the output shape depend on the values)";
  Type elem = outType.getElementType();
  Value out = buildElementwiseWithIndices(
      b, loc, outType, {}, [&](OpBuilder &nb, Location nl, ValueRange idx) -> Value {
        SmallVector<Value> at(idx.drop_back());
        Value len = tensor::ExtractOp::create(nb, nl, x, at);
        Value j = arith::IndexCastOp::create(nb, nl, len.getType(), idx.back());
        Value inside = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::slt, j, len);
        if (isa<FloatType>(elem))
          return arith::UIToFPOp::create(nb, nl, elem, inside);
        return arith::ExtUIOp::create(nb, nl, elem, inside); // bools are bytes
      });
  l.map(o.getY(), out);
  return success();
}

LogicalResult lowerIndexAdd(Operation *op, Lowerer &l) {
  auto o = cast<IndexAddOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  Value x = l.get(o.getX()), index = l.get(o.getIndex()), add = l.get(o.getAddValue());
  auto xt = tensorType(x);
  if (failed(requireStatic(op, {xt, tensorType(index), tensorType(add)})))
    return failure();
  int64_t rank = xt.getRank();
  int64_t axis = normalizeAxis(attrInt(op, "axis", 0), rank);
  Value n = cIdx(b, loc, xt.getDimSize(axis));
  Value checked = checkedIndices(
      l, loc, op, index, isUnsigned(pdElementType(o.getIndex())), /*wrapNegative=*/true,
      [&](OpBuilder &, Location, ValueRange) { return n; }, kSignedIndexMessage);
  // Loops: x's dims, then j (the reduction).
  SmallVector<AffineExpr> all, addExprs;
  for (int64_t d = 0; d < rank; ++d) {
    all.push_back(getAffineDimExpr(d, ctx));
    addExprs.push_back(getAffineDimExpr(d == axis ? rank : d, ctx));
  }
  SmallVector<AffineMap> maps{AffineMap::get(rank + 1, 0, getAffineDimExpr(rank, ctx)),
                              AffineMap::get(rank + 1, 0, addExprs, ctx),
                              AffineMap::get(rank + 1, 0, all, ctx)};
  SmallVector<utils::IteratorType> iters(rank, utils::IteratorType::parallel);
  iters.push_back(utils::IteratorType::reduction);
  Type elem = xt.getElementType();
  Value init = linalg::CopyOp::create(b, loc, TypeRange{xt}, ValueRange{x},
                                      ValueRange{emptyOf(b, loc, tensor::getMixedSizes(b, loc, x),
                                                         elem)})
                   .getResult(0);
  Value out = linalg::GenericOp::create(
                  b, loc, TypeRange{xt}, ValueRange{checked, add}, ValueRange{init}, maps, iters,
                  [&](OpBuilder &nb, Location nl, ValueRange args) {
                    Value i = linalg::IndexOp::create(nb, nl, axis);
                    Value hit = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, args[0], i);
                    Value sum = addScalars(nb, nl, args[2], args[1]);
                    linalg::YieldOp::create(
                        nb, nl, ValueRange{arith::SelectOp::create(nb, nl, hit, sum, args[2])});
                  })
                  .getResult(0);
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getType())));
  return success();
}

/// Paddle's scatter: rows of x at `index` are replaced by the rows of
/// `updates` in order (overwrite), or zeroed and then accumulated.
LogicalResult lowerScatter(Operation *op, Lowerer &l) {
  auto o = cast<ScatterOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), index = l.get(o.getIndex()),
        updates = l.get(o.getUpdates());
  bool uns = isUnsigned(pdElementType(o.getIndex()));
  auto xt = tensorType(x), it = tensorType(index), ut = tensorType(updates);
  int64_t rank = xt.getRank();
  SmallVector<OpFoldResult> rowSizes = tensor::getMixedSizes(b, loc, x);
  rowSizes[0] = b.getIndexAttr(1);
  if (failed(requireNonEmptyAxis(op, x, 0)))
    return failure();
  Value rows = valueOf(b, loc, tensor::getMixedSize(b, loc, x, 0));
  // Rows are written at these indices: checked first, so that no bad index
  // writes outside x.
  Value checked = checkedIndices(
      l, loc, op, index, uns, /*wrapNegative=*/true,
      [&](OpBuilder &, Location, ValueRange) { return rows; }, kSignedIndexMessage);
  Value count = it.getRank() == 0
                    ? cIdx(b, loc, 1)
                    : valueOf(b, loc, tensor::getMixedSize(b, loc, index, 0));
  // The destination row of update i, and update i as a rank r-1 tensor.
  auto rowIndex = [&](OpBuilder &nb, Location nl, Value i) {
    SmallVector<Value> at;
    if (it.getRank() >= 1)
      at.push_back(i);
    if (it.getRank() == 2)
      at.push_back(cIdx(nb, nl, 0));
    return tensor::ExtractOp::create(nb, nl, checked, at).getResult();
  };
  auto update = [&](OpBuilder &nb, Location nl, Value i) -> Value {
    if (ut.getRank() == rank - 1)
      return updates;
    SmallVector<OpFoldResult> offsets = zeros(nb, rank);
    SmallVector<OpFoldResult> sizes = tensor::getMixedSizes(nb, nl, updates);
    offsets[0] = i;
    sizes[0] = nb.getIndexAttr(1);
    return extractSlice(nb, nl, updates, offsets, sizes, ones(nb, rank), {0});
  };
  auto rowOffsets = [&](OpBuilder &nb, Value row) {
    SmallVector<OpFoldResult> offsets = zeros(nb, rank);
    offsets[0] = row;
    return offsets;
  };
  // for i in [0, count): acc = step(acc, i)
  auto loop = [&](Value init,
                  function_ref<Value(OpBuilder &, Location, Value, Value)> step) {
    return scf::ForOp::create(
               b, loc, cIdx(b, loc, 0), count, cIdx(b, loc, 1), init,
               [&](OpBuilder &nb, Location nl, Value i, ValueRange acc) {
                 scf::YieldOp::create(nb, nl, step(nb, nl, i, acc[0]));
               })
        .getResult(0);
  };
  // As PHI, start from a copy of x: the loops then update a fresh tensor
  // in place, never x's buffer (which may be a feed or a parameter).
  Value copy =
      linalg::CopyOp::create(b, loc, TypeRange{xt}, ValueRange{x},
                             ValueRange{emptyOf(b, loc,
                                                tensor::getMixedSizes(b, loc, x),
                                                xt.getElementType())})
          .getResult(0);
  Value result;
  if (o.getOverwrite()) {
    result = loop(copy, [&](OpBuilder &nb, Location nl, Value i, Value acc) {
      return insertSlice(nb, nl, update(nb, nl, i), acc,
                         rowOffsets(nb, rowIndex(nb, nl, i)), rowSizes);
    });
  } else {
    SmallVector<OpFoldResult> zeroRowSizes(rowSizes.begin() + 1, rowSizes.end());
    Value zeroRow = linalg::FillOp::create(
                        b, loc, scalarConstant(b, loc, xt.getElementType(), 0),
                        emptyOf(b, loc, zeroRowSizes, xt.getElementType()))
                        .getResult(0);
    Value zeroed = loop(copy, [&](OpBuilder &nb, Location nl, Value i, Value acc) {
      return insertSlice(nb, nl, zeroRow, acc,
                         rowOffsets(nb, rowIndex(nb, nl, i)), rowSizes);
    });
    result = loop(zeroed, [&](OpBuilder &nb, Location nl, Value i, Value acc) {
      SmallVector<OpFoldResult> offsets = rowOffsets(nb, rowIndex(nb, nl, i));
      Value cur = extractSlice(nb, nl, acc, offsets, rowSizes, ones(nb, rank), {0});
      Value sum = buildElementwise(
          nb, nl, tensorType(cur), ValueRange{cur, update(nb, nl, i)},
          [](OpBuilder &bb, Location ll, ValueRange a) {
            return addScalars(bb, ll, a[0], a[1]);
          });
      return insertSlice(nb, nl, sum, acc, offsets, rowSizes);
    });
  }
  l.map(o.getOut(), castTo(b, loc, result, loweredType(o.getType())));
  return success();
}

//===----------------------------------------------------------------------===//
// pixel_shuffle
//===----------------------------------------------------------------------===//

/// As PHI: NCHW [n, c*r*r, h, w] -> [n, c, r, r, h, w] -> transpose
/// (0, 1, 4, 2, 5, 3) -> [n, c, h, r, w, r] -> [n, c, h*r, w*r];
/// NHWC [n, h, w, c*r*r] ->
/// [n, h, w, c, r, r] -> (0, 1, 4, 2, 5, 3) -> [n, h*r, w*r, c].
LogicalResult lowerPixelShuffle(Operation *op, Lowerer &l) {
  auto o = cast<PixelShuffleOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  auto xt = tensorType(x);
  int64_t r = (int32_t)o.getUpscaleFactor();
  bool last = o.getDataFormat() == "NHWC";
  int64_t c = last ? 3 : 1;
  if (xt.isDynamicDim(c))
    return requireStatic(op, xt);
  SmallVector<int64_t> shape(xt.getShape());
  shape[c] /= r * r;
  shape.insert(shape.begin() + c + 1, {r, r});
  SmallVector<ReassociationIndices> split;
  for (int64_t i = 0, j = 0; i < 4; ++i) {
    split.push_back({j++});
    if (i == c)
      split.back().append({j++, j++});
  }
  Value wide = tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, xt.getElementType()), x, split);
  Value t = transpose(b, loc, wide, {0, 1, 4, 2, 5, 3});
  SmallVector<ReassociationIndices> merge =
      last ? SmallVector<ReassociationIndices>{{0}, {1, 2}, {3, 4}, {5}}
           : SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}, {4, 5}};
  Value out = tensor::CollapseShapeOp::create(b, loc, t, merge);
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getType())));
  return success();
}

//===----------------------------------------------------------------------===//
// pixel_unshuffle, channel_shuffle, maxout: channel rearrangements
//===----------------------------------------------------------------------===//

/// `x` with dim `dim` split into `parts` (static shapes).
Value splitDim(OpBuilder &b, Location loc, Value x, int64_t dim, ArrayRef<int64_t> parts) {
  auto xt = tensorType(x);
  SmallVector<int64_t> shape;
  SmallVector<ReassociationIndices> groups;
  for (int64_t i = 0, j = 0; i < xt.getRank(); ++i) {
    ReassociationIndices group;
    if (i == dim) {
      llvm::append_range(shape, parts);
      for (size_t k = 0; k < parts.size(); ++k)
        group.push_back(j++);
    } else {
      shape.push_back(xt.getDimSize(i));
      group.push_back(j++);
    }
    groups.push_back(group);
  }
  return tensor::ExpandShapeOp::create(
      b, loc, RankedTensorType::get(shape, xt.getElementType()), x, groups);
}

/// As PHI: NCHW [n, c, h*r, w*r] -> [n, c, h, r, w, r] -> transpose
/// (0, 1, 3, 5, 2, 4) -> [n, c*r*r, h, w]; NHWC [n, h*r, w*r, c] ->
/// [n, h, r, w, r, c] -> (0, 1, 3, 5, 2, 4) -> [n, h, w, c*r*r].
LogicalResult lowerPixelUnshuffle(Operation *op, Lowerer &l) {
  auto o = cast<PixelUnshuffleOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  if (failed(requireStatic(op, {x.getType()})))
    return failure();
  auto xt = tensorType(x);
  int64_t r = (int32_t)o.getDownscaleFactor();
  bool last = o.getDataFormat() == "NHWC";
  int64_t hDim = last ? 1 : 2;
  Value wide = splitDim(b, loc, x, hDim + 1, {xt.getDimSize(hDim + 1) / r, r});
  wide = splitDim(b, loc, wide, hDim, {xt.getDimSize(hDim) / r, r});
  Value t = transpose(b, loc, wide, {0, 1, 3, 5, 2, 4});
  SmallVector<ReassociationIndices> merge =
      last ? SmallVector<ReassociationIndices>{{0}, {1}, {2}, {3, 4, 5}}
           : SmallVector<ReassociationIndices>{{0}, {1, 2, 3}, {4}, {5}};
  Value out = tensor::CollapseShapeOp::create(b, loc, t, merge);
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getType())));
  return success();
}

/// channels [g, c/g] -> [c/g, g] along dim `c` of a 4-D x: a transpose of
/// the split channel dim (channel_shuffle, shuffle_channel).
Value shuffleChannels(OpBuilder &b, Location loc, Value x, int64_t g, int64_t c) {
  auto xt = tensorType(x);
  Value wide = splitDim(b, loc, x, c, {g, xt.getDimSize(c) / g});
  SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, 5));
  std::swap(perm[c], perm[c + 1]);
  Value t = transpose(b, loc, wide, perm);
  SmallVector<ReassociationIndices> merge;
  for (int64_t i = 0, j = 0; i < 4; ++i) {
    if (i == c) {
      merge.push_back({j, j + 1});
      j += 2;
    } else {
      merge.push_back({j++});
    }
  }
  return tensor::CollapseShapeOp::create(b, loc, t, merge);
}

LogicalResult lowerChannelShuffle(Operation *op, Lowerer &l) {
  Value x = l.get(op->getOperand(0));
  if (failed(requireStatic(op, {x.getType()})))
    return failure();
  int64_t g, c = 1;
  if (auto o = dyn_cast<ChannelShuffleOp>(op)) {
    g = (int32_t)o.getGroups();
    c = o.getDataFormat() == "NHWC" ? 3 : 1;
  } else {
    g = attrInt(op, "group", 1);
  }
  Value out = shuffleChannels(l.b, op->getLoc(), x, g, c);
  l.map(op->getResult(0), castTo(l.b, op->getLoc(), out, loweredType(op->getResult(0).getType())));
  return success();
}

/// affine_channel: x * scale[c] + bias[c] along the channel dim (1 for
/// NCHW, the last for NHWC and AnyLayout, as Paddle's kernel reads it).
LogicalResult lowerAffineChannel(Operation *op, Lowerer &l) {
  auto o = cast<AffineChannelOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX()), scale = l.get(o.getScale()), bias = l.get(o.getBias());
  auto xt = tensorType(x);
  if (failed(requireStatic(op, {xt, tensorType(scale), tensorType(bias)})))
    return failure();
  if (o.getDataLayout() == "NCHW") {
    // [C] -> [C, 1, ..., 1]: broadcast along dim 1 (right-aligned).
    SmallVector<int64_t> shape(xt.getRank() - 1, 1);
    shape[0] = xt.getDimSize(1);
    auto type = RankedTensorType::get(shape, xt.getElementType());
    scale = reshapeTo(b, loc, scale, type);
    bias = reshapeTo(b, loc, bias, type);
  }
  Value out = buildElementwise(b, loc, RankedTensorType::get(xt.getShape(), xt.getElementType()),
                               {x, scale, bias},
                               [&](OpBuilder &nb, Location nl, ValueRange v) -> Value {
                                 return arith::AddFOp::create(
                                     nb, nl, arith::MulFOp::create(nb, nl, v[0], v[1]), v[2]);
                               });
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getType())));
  return success();
}

/// TSM's shift along time: x [N*T, C, H, W] (or [N*T, H, W, C]) seen as
/// [N, T, ...]; with c1 = int(C * shift_ratio) and c2 = int(C * 2 *
/// shift_ratio) (float products, as PHI computes them), channels below c1
/// take the previous frame, channels in [c1, c2) the next one, the rest stay;
/// a frame past either end gives zeros. Zeros, then three slices inserted.
LogicalResult lowerTemporalShift(Operation *op, Lowerer &l) {
  auto o = cast<TemporalShiftOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  if (failed(requireStatic(op, {x.getType()})))
    return failure();
  auto xt = tensorType(x);
  int64_t t = (int32_t)o.getSegNum();
  if (t <= 0 || xt.getDimSize(0) % t != 0)
    return op->emitOpError() << "the batch dim " << xt.getDimSize(0)
                             << " is not divisible by seg_num = " << t;
  // [N, T, ...]: the channel dim moves up by one.
  Value x5 = splitDim(b, loc, x, 0, {xt.getDimSize(0) / t, t});
  auto x5t = tensorType(x5);
  int64_t cDim = o.getDataFormat() == "NHWC" ? 4 : 2;
  int64_t c = x5t.getDimSize(cDim);
  float ratio = o.getShiftRatio().convertToFloat();
  int64_t c1 = (int64_t)((float)c * ratio), c2 = (int64_t)((float)(c * 2) * ratio);
  c1 = std::clamp<int64_t>(c1, 0, c);
  c2 = std::clamp<int64_t>(c2, c1, c);
  Value out = createFilled(b, loc, x5t, scalarConstant(b, loc, x5t.getElementType(), 0.0));
  // x[:, from:from+frames, first:first+count] -> out[:, to:to+frames, first:...]
  auto move = [&](int64_t from, int64_t to, int64_t frames, int64_t first, int64_t count) {
    if (frames <= 0 || count <= 0)
      return;
    SmallVector<OpFoldResult> src(5, b.getIndexAttr(0)), dst(5, b.getIndexAttr(0)), sizes;
    for (int64_t d : x5t.getShape())
      sizes.push_back(b.getIndexAttr(d));
    src[1] = b.getIndexAttr(from);
    dst[1] = b.getIndexAttr(to);
    src[cDim] = dst[cDim] = b.getIndexAttr(first);
    sizes[1] = b.getIndexAttr(frames);
    sizes[cDim] = b.getIndexAttr(count);
    Value part = extractSlice(b, loc, x5, src, sizes, ones(b, 5));
    out = insertSlice(b, loc, part, out, dst, sizes);
  };
  move(0, 1, t - 1, 0, c1);      // from the previous frame
  move(1, 0, t - 1, c1, c2 - c1); // from the next frame
  move(0, 0, t, c2, c - c2);      // unshifted
  Value flat = tensor::CollapseShapeOp::create(
      b, loc, out, SmallVector<ReassociationIndices>{{0, 1}, {2}, {3}, {4}});
  l.map(o.getOut(), castTo(b, loc, flat, loweredType(o.getType())));
  return success();
}

/// out[.., i, ..] = max over j < groups of x[.., i * groups + j, ..].
LogicalResult lowerMaxout(Operation *op, Lowerer &l) {
  auto o = cast<MaxoutOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  if (failed(requireStatic(op, {x.getType()})))
    return failure();
  auto xt = tensorType(x);
  Type elem = xt.getElementType();
  if (!isa<FloatType>(elem))
    return op->emitOpError() << "the CPU lowering supports float element types here";
  int64_t g = (int32_t)o.getGroups();
  int64_t axis = (int32_t)o.getAxis() == 1 ? 1 : 3;
  Value wide = splitDim(b, loc, x, axis, {xt.getDimSize(axis) / g, g});
  Value out = buildReduction(b, loc, wide, {axis + 1}, /*keepDims=*/false, minValue(b, loc, elem),
                             [&](OpBuilder &nb, Location nloc, ValueRange a) -> Value {
                               return arith::MaximumFOp::create(nb, nloc, a[0], a[1]);
                             });
  l.map(o.getOut(), castTo(b, loc, out, loweredType(o.getType())));
  return success();
}

//===----------------------------------------------------------------------===//
// index_sample, meshgrid
//===----------------------------------------------------------------------===//

/// out[i, j] = x[i, index[i, j]], each index checked against x's columns
/// (Paddle wraps none).
LogicalResult lowerIndexSample(Operation *op, Lowerer &l) {
  auto o = cast<IndexSampleOp>(op);
  Value x = l.get(o.getX()), index = l.get(o.getIndex());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireNonEmptyAxis(op, x, 1)))
    return failure();
  Value r = gatherAlongAxis(l, op, op->getLoc(), x, index,
                            isUnsigned(pdElementType(o.getIndex())), /*axis=*/1,
                            /*wrapNegative=*/false, "index {value} out of range [0, {bound})",
                            outType.getElementType());
  l.map(o.getOut(), castTo(l.b, op->getLoc(), r, outType));
  return success();
}

/// Grid i: input i (0-D: one element) broadcast along every other dim.
LogicalResult lowerMeshgrid(Operation *op, Lowerer &l) {
  auto o = cast<MeshgridOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  SmallVector<Value> xs = l.getList(o.getInputs());
  SmallVector<RankedTensorType> types = loweredListTypes(o.getOut());
  for (Value x : xs)
    if (failed(requireStatic(op, {x.getType()})))
      return failure();
  SmallVector<int64_t> shape;
  for (Value x : xs)
    shape.push_back(tensorType(x).getNumElements());
  int64_t k = xs.size();
  SmallVector<Value> grids;
  for (auto [i, x] : llvm::enumerate(xs)) {
    Type elem = tensorType(x).getElementType();
    Value line = reshapeTo(b, loc, x, RankedTensorType::get({shape[i]}, elem));
    Value init = tensor::EmptyOp::create(b, loc, shape, elem);
    SmallVector<int64_t> added;
    for (int64_t d = 0; d < k; ++d)
      if (d != (int64_t)i)
        added.push_back(d);
    Value grid = linalg::BroadcastOp::create(b, loc, line, init, added)->getResult(0);
    grids.push_back(castTo(b, loc, grid, types[i]));
  }
  l.mapList(o.getOut(), grids);
  return success();
}

/// Each input broadcast to the common shape (InferMeta's).
LogicalResult lowerBroadcastTensors(Operation *op, Lowerer &l) {
  auto o = cast<BroadcastTensorsOp>(op);
  SmallVector<Value> outs;
  for (auto [x, type] : llvm::zip(l.getList(o.getInput()), loweredListTypes(o.getOut()))) {
    if (failed(requireStatic(op, {x.getType(), type})))
      return failure();
    auto resultType = RankedTensorType::get(type.getShape(), tensorType(x).getElementType());
    outs.push_back(castTo(l.b, op->getLoc(), broadcastTo(l.b, op->getLoc(), x, resultType), type));
  }
  l.mapList(o.getOut(), outs);
  return success();
}

} // namespace

namespace {

/// x[offsets : offsets + shape]: one extract_slice; the offsets must be
/// known at compile time, and the InferMeta keeps the slice inside x.
LogicalResult lowerCrop(Operation *op, Lowerer &l) {
  auto o = cast<CropOp>(op);
  OpBuilder &b = l.b;
  Location loc = op->getLoc();
  Value x = l.get(o.getX());
  RankedTensorType outType = loweredType(o.getType());
  if (failed(requireStatic(op, {x.getType(), outType})))
    return failure();
  auto xt = cast<RankedTensorType>(x.getType());
  FailureOr<SmallVector<int64_t>> offsets = constIntArray(op, o.getOffsets(), "offsets");
  if (failed(offsets))
    return failure();
  if (offsets->empty())
    offsets->assign(xt.getRank(), 0);
  SmallVector<OpFoldResult> at, sizes, strides;
  for (int64_t i = 0; i < xt.getRank(); ++i) {
    int64_t size = outType.getDimSize(i), offset = (*offsets)[i];
    if (offset < 0 || offset + size > xt.getDimSize(i))
      return op->emitOpError() << "offset " << offset << " + size " << size << " is past dim "
                               << i << " of size " << xt.getDimSize(i);
    at.push_back(b.getIndexAttr(offset));
    sizes.push_back(b.getIndexAttr(size));
    strides.push_back(b.getIndexAttr(1));
  }
  l.map(o.getOut(), tensor::ExtractSliceOp::create(b, loc, outType, x, at, sizes, strides)
                        .getResult());
  return success();
}

} // namespace

void mlir::pd::lowering::populateManipulationLowerings(LoweringTable &table) {
  table.add("pd.crop", lowerCrop);
  table.add("pd.reshape", lowerReshape);
  table.add({"pd.squeeze", "pd.unsqueeze", "pd.flatten"},
            lowerReshapeToResultType);
  table.add("pd.transpose", lowerTranspose);
  table.add("pd.concat", lowerConcat);
  table.add("pd.stack", lowerStack);
  table.add("pd.split", lowerSplit);
  table.add("pd.split_with_num", lowerSplitWithNum);
  table.add("pd.unstack", [](Operation *op, Lowerer &l) {
    auto o = cast<UnstackOp>(op);
    return lowerUnstack(op, l, o.getX(), (int32_t)o.getAxis(), o.getOut());
  });
  table.add("pd.unbind", [](Operation *op, Lowerer &l) {
    auto o = cast<UnbindOp>(op);
    return lowerUnstack(op, l, o.getInput(), (int32_t)o.getAxis(), o.getOut());
  });
  table.add("pd.slice", lowerSlice);
  table.add("pd.strided_slice", lowerStridedSlice);
  table.add({"pd.set_value", "pd.set_value_", "pd.set_value_with_tensor",
             "pd.set_value_with_tensor_"},
            lowerSetValue);
  table.add("pd.expand", lowerExpand);
  table.add("pd.expand_as", lowerExpandAs);
  table.add("pd.tile", lowerTile);
  table.add("pd.repeat_interleave", lowerRepeatInterleave);
  table.add("pd.flip", lowerFlip);
  table.add("pd.reverse", lowerReverse);
  table.add("pd.roll", lowerRoll);
  table.add("pd.pad", lowerPad);
  table.add("pd.pad3d", lowerPad3d);
  table.add("pd.gather", lowerGather);
  table.add("pd.index_select", lowerIndexSelect);
  table.add("pd.gather_nd", lowerGatherNd);
  table.add("pd.scatter_nd_add", lowerScatterNdAdd);
  table.add("pd.take_along_axis", lowerTakeAlongAxis);
  table.add("pd.embedding", lowerEmbedding);
  table.add("pd.one_hot", lowerOneHot);
  table.add("pd.tril", [](Operation *op, Lowerer &l) {
    return lowerTriangle(op, l, /*lower=*/true);
  });
  table.add("pd.triu", [](Operation *op, Lowerer &l) {
    return lowerTriangle(op, l, /*lower=*/false);
  });
  table.add("pd.fill_diagonal", lowerFillDiagonal);
  table.add("pd.scatter", lowerScatter);
  table.add("pd.index_add", lowerIndexAdd);
  table.add("pd.multiplex", lowerMultiplex);
  table.add("pd.sequence_mask", lowerSequenceMask);
  table.add("pd.pixel_shuffle", lowerPixelShuffle);
  table.add("pd.pixel_unshuffle", lowerPixelUnshuffle);
  table.add({"pd.channel_shuffle", "pd.shuffle_channel"}, lowerChannelShuffle);
  table.add("pd.affine_channel", lowerAffineChannel);
  table.add("pd.maxout", lowerMaxout);
  table.add("pd.temporal_shift", lowerTemporalShift);
  table.add("pd.index_sample", lowerIndexSample);
  table.add("pd.meshgrid", lowerMeshgrid);
  table.add("pd.broadcast_tensors", lowerBroadcastTensors);
  // Value semantics: a copy is the value itself.
  table.add("pd.assign", [](Operation *op, Lowerer &l) {
    l.map(op->getResult(0), l.get(op->getOperand(0)));
    return success();
  });
}
