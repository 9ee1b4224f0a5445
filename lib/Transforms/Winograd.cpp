//===- Winograd.cpp - Winograd F(2x2, 3x3) and F(4x4, 3x3) transforms ----===//

#include "Transforms/Winograd.h"
#include "Transforms/RowAccess.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {

// B^T (input, alpha x alpha) and A^T (output, m x alpha) of F(2x2, 3x3)
// (alpha = 4) and F(4x4, 3x3) (alpha = 6; Lavin & Gray's points 0, +-1,
// +-2 and infinity).
constexpr float kBT2[4][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}};
constexpr float kAT2[2][4] = {{1, 1, 1, 0}, {0, 1, -1, -1}};
constexpr float kBT4[6][6] = {{4, 0, -5, 0, 1, 0},  {0, -4, -4, 1, 1, 0}, {0, 4, -4, -1, 1, 0},
                              {0, -2, -1, 2, 1, 0}, {0, 2, -1, -2, 1, 0}, {0, 4, 0, -5, 0, 1}};
constexpr float kAT4[4][6] = {
    {1, 1, 1, 1, 1, 0}, {0, 1, -1, 2, -2, 0}, {0, 1, 1, 4, 4, 0}, {0, 1, -1, 8, -8, 1}};

/// Row `r`, column `k` of B^T (`input`) or A^T for tiles of alpha x alpha
/// inputs.
float transformEntry(bool input, int64_t alpha, int64_t r, int64_t k) {
  if (alpha == 4)
    return input ? kBT2[r][k] : kAT2[r][k];
  return input ? kBT4[r][k] : kAT4[r][k];
}

/// The coefficient constant of window (i, j): B^T[a][i] * B^T[b][j] for
/// the input transform ([alpha, alpha] over a, b), A^T[a][i] * A^T[b][j]
/// for the output transform ([m, m]).
SmallVector<float> coefficients(bool input, int64_t alpha, int64_t i, int64_t j) {
  SmallVector<float> values;
  int64_t n = input ? alpha : alpha - 2;
  for (int64_t a = 0; a < n; ++a)
    for (int64_t b = 0; b < n; ++b)
      values.push_back(transformEntry(input, alpha, a, i) * transformEntry(input, alpha, b, j));
  return values;
}

/// The input (`input`) or output transform's indexing maps for tiles of
/// alpha x alpha inputs (m = alpha - 2 outputs): alpha^2 windows, alpha^2
/// coefficients, the result.
SmallVector<AffineMap> transformMaps(MLIRContext *ctx, bool input, int64_t alpha) {
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  int64_t m = alpha - 2;
  SmallVector<AffineMap> maps;
  for (int64_t i = 0; i < alpha; ++i)
    for (int64_t j = 0; j < alpha; ++j) {
      // input: (a, b, c, n, ti, tj) -> x[n, c, m ti + i, m tj + j]
      // output: (n, o, ti, a, tj, b) -> products[i, j, o, n, ti, tj]
      SmallVector<AffineExpr> results =
          input ? SmallVector<AffineExpr>{d(3), d(2), d(4) * m + i, d(5) * m + j}
                : SmallVector<AffineExpr>{getAffineConstantExpr(i, ctx),
                                          getAffineConstantExpr(j, ctx), d(1), d(0), d(2), d(4)};
      maps.push_back(AffineMap::get(6, 0, results, ctx));
    }
  // The coefficients by (a, b).
  AffineMap coefficient =
      input ? AffineMap::get(6, 0, {d(0), d(1)}, ctx) : AffineMap::get(6, 0, {d(3), d(5)}, ctx);
  maps.append(alpha * alpha, coefficient);
  maps.push_back(AffineMap::getMultiDimIdentityMap(6, ctx));
  return maps;
}

linalg::GenericOp buildTransform(OpBuilder &b, Location loc, Value data,
                                 RankedTensorType resultType, bool input, int64_t alpha) {
  int64_t windows = alpha * alpha;
  SmallVector<Value> inputs(windows, data);
  int64_t n = input ? alpha : alpha - 2;
  auto coefficientType = RankedTensorType::get({n, n}, b.getF32Type());
  for (int64_t i = 0; i < alpha; ++i)
    for (int64_t j = 0; j < alpha; ++j)
      inputs.push_back(arith::ConstantOp::create(
          b, loc,
          DenseElementsAttr::get(coefficientType, ArrayRef(coefficients(input, alpha, i, j)))));
  Value empty = tensor::EmptyOp::create(b, loc, resultType.getShape(), b.getF32Type());
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, inputs, ValueRange{empty}, transformMaps(b.getContext(), input, alpha),
      SmallVector<utils::IteratorType>(6, utils::IteratorType::parallel),
      [windows](OpBuilder &nb, Location l, ValueRange args) {
        // sum over the windows of coefficient * value.
        Value sum = arith::MulFOp::create(nb, l, args[windows], args[0]);
        for (int64_t k = 1; k < windows; ++k)
          sum = arith::AddFOp::create(nb, l, sum,
                                      arith::MulFOp::create(nb, l, args[windows + k], args[k]));
        linalg::YieldOp::create(nb, l, sum);
      });
  generic->setAttr("pd.winograd", b.getStringAttr(input ? "input" : "output"));
  return generic;
}

/// The values of a constant operand: an arith.constant (tensors) or the
/// memref.global it became (buffers).
std::optional<SmallVector<float>> constantValues(Value v) {
  if (auto toBuffer = v.getDefiningOp<bufferization::ToBufferOp>())
    v = toBuffer.getTensor();
  DenseElementsAttr dense;
  if (auto constant = v.getDefiningOp<arith::ConstantOp>()) {
    dense = dyn_cast<DenseElementsAttr>(constant.getValue());
  } else if (auto get = v.getDefiningOp<memref::GetGlobalOp>()) {
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(get, get.getNameAttr());
    if (global && global.getConstant() && global.getInitialValue())
      dense = dyn_cast<DenseElementsAttr>(*global.getInitialValue());
  }
  if (!dense || !dense.getElementType().isF32())
    return std::nullopt;
  return llvm::to_vector(dense.getValues<float>());
}

/// The tile size alpha (4 or 6) of `op` when it is exactly what
/// buildTransform makes (on buffers): the marker, the maps, the
/// coefficients, the body, one data operand; 0 otherwise.
int64_t transformTile(linalg::GenericOp op, bool input) {
  int64_t alpha = op.getNumDpsInputs() == 32 ? 4 : op.getNumDpsInputs() == 72 ? 6 : 0;
  int64_t windows = alpha * alpha;
  if (!alpha || op.getNumDpsInits() != 1 || op.getNumLoops() != 6 ||
      !llvm::all_of(op.getIteratorTypesArray(),
                    [](utils::IteratorType t) { return t == utils::IteratorType::parallel; }) ||
      op.getIndexingMapsArray() != transformMaps(op.getContext(), input, alpha))
    return 0;
  SmallVector<Value> inputs = op.getDpsInputs();
  if (!llvm::all_equal(ArrayRef(inputs).take_front(windows)))
    return 0;
  for (int64_t k = 0; k < windows; ++k) {
    std::optional<SmallVector<float>> values = constantValues(inputs[windows + k]);
    if (!values || *values != coefficients(input, alpha, k / alpha, k % alpha))
      return 0;
  }
  // The body: sum_k args[windows + k] * args[k], in the builder's order.
  Block *body = op.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Value sum = yield.getNumOperands() == 1 ? yield.getOperand(0) : Value();
  for (int64_t k = windows - 1; k >= 0; --k) {
    Operation *def = sum ? sum.getDefiningOp() : nullptr;
    Value product = sum;
    if (k > 0) {
      auto add = dyn_cast_or_null<arith::AddFOp>(def);
      if (!add)
        return 0;
      sum = add.getLhs();
      product = add.getRhs();
    }
    auto mul = product.getDefiningOp<arith::MulFOp>();
    if (!mul || mul.getLhs() != body->getArgument(windows + k) ||
        mul.getRhs() != body->getArgument(k))
      return 0;
  }
  return (int64_t)body->getOperations().size() == 2 * windows ? alpha : 0;
}

/// A memref of static shape whose last dim is contiguous.
MemRefType staticRows(Value v, int64_t rank) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() != rank || !type.hasStaticShape() || !type.isLastDimUnitStride() ||
      !type.getElementType().isF32())
    return nullptr;
  return type;
}

/// Splat constant `c` and the arithmetic of the F(4x4, 3x3) transforms.
struct VectorArith {
  OpBuilder &b;
  Location loc;
  VectorType type;
  Value splat(float c) {
    return arith::ConstantOp::create(b, loc, type, DenseElementsAttr::get(type, c)).getResult();
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  /// c x + y
  Value fma(float c, Value x, Value y) { return vector::FMAOp::create(b, loc, splat(c), x, y); }
};

/// B^T d for F(4x4, 3x3) with the common terms shared (12 operations
/// instead of the 20 of the rows one by one):
///   r0 = 4 d0 - 5 d2 + d4,           r5 = 4 d1 - 5 d3 + d5,
///   r1 = (d4 - 4 d2) + (d3 - 4 d1),  r2 = (d4 - 4 d2) - (d3 - 4 d1),
///   r3 = (d4 - d2) - 2 (d1 - d3),    r4 = (d4 - d2) + 2 (d1 - d3).
SmallVector<Value> inputTransform6(OpBuilder &b, Location loc, ArrayRef<Value> d) {
  VectorArith v{b, loc, cast<VectorType>(d[0].getType())};
  Value t0 = v.fma(-4, d[2], d[4]), t1 = v.fma(-4, d[1], d[3]);
  Value t2 = v.sub(d[4], d[2]), t3 = v.sub(d[1], d[3]);
  return {v.fma(4, d[0], v.fma(-5, d[2], d[4])), v.add(t0, t1), v.sub(t0, t1),
          v.fma(-2, t3, t2), v.fma(2, t3, t2), v.fma(4, d[1], v.fma(-5, d[3], d[5]))};
}

/// A^T m for F(4x4, 3x3) with the common terms shared (10 operations
/// instead of 14): with a = m1 + m2, b = m1 - m2, c = m3 + m4, e = m3 - m4,
///   y0 = m0 + a + c, y1 = b + 2 e, y2 = a + 4 c, y3 = b + 8 e + m5.
SmallVector<Value> outputTransform6(OpBuilder &b, Location loc, ArrayRef<Value> m) {
  VectorArith v{b, loc, cast<VectorType>(m[0].getType())};
  Value a = v.add(m[1], m[2]), bb = v.sub(m[1], m[2]);
  Value c = v.add(m[3], m[4]), e = v.sub(m[3], m[4]);
  return {v.add(v.add(m[0], a), c), v.fma(2, e, bb), v.fma(4, c, a), v.add(v.fma(8, e, bb), m[5])};
}

/// The rows of B^T (`input`) or A^T times the vectors `d` (alpha of
/// them). F(2x2, 3x3)'s coefficients are all 0 or +-1, and each of its rows
/// has a +1: additions and subtractions from that term on.
SmallVector<Value> applyTransform(OpBuilder &b, Location loc, bool input, ArrayRef<Value> d) {
  int64_t alpha = d.size(), rows = input ? alpha : alpha - 2;
  if (alpha == 6)
    return input ? inputTransform6(b, loc, d) : outputTransform6(b, loc, d);
  SmallVector<Value> out;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t first = 0;
    while (transformEntry(input, alpha, r, first) != 1)
      ++first;
    Value sum = d[first];
    for (int64_t k = 0; k < alpha; ++k) {
      float c = transformEntry(input, alpha, r, k);
      if (k != first && c == 1)
        sum = arith::AddFOp::create(b, loc, sum, d[k]);
      else if (c == -1)
        sum = arith::SubFOp::create(b, loc, sum, d[k]);
    }
    out.push_back(sum);
  }
  return out;
}

/// v[a, b, c, n, ti, tj0 ..] for `width` tiles at a time: the alpha^2
/// windows (every m-th lane of two loads per input row), rows then columns
/// transformed, alpha^2 masked stores.
bool codegenInput(IRRewriter &rewriter, linalg::GenericOp op, int64_t alpha,
                  int64_t vectorWidth, int64_t minParallelElements,
                  const std::function<void(Value image, Value channel)> &perPlane) {
  Value x = op.getDpsInputs()[0], v = op.getDpsInits()[0];
  MemRefType xType = staticRows(x, 4), vType = staticRows(v, 6);
  if (!xType || !vType)
    return false;
  int64_t m = alpha - 2;
  ArrayRef<int64_t> shape = vType.getShape(); // [alpha, alpha, C, N, th, tw]
  int64_t channels = shape[2], images = shape[3], th = shape[4], tw = shape[5];
  if (xType.getDimSize(0) != images || xType.getDimSize(1) != channels ||
      xType.getDimSize(2) != m * th + 2 || xType.getDimSize(3) != m * tw + 2)
    return false;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  pd::RowAccess rows(rewriter, loc, rewriter.getF32Type(),
                     pd::RowAccess::widthFor(tw, std::max<int64_t>(vectorWidth, 1)), m);
  bool threads = channels * images > 1 && vType.getNumElements() >= minParallelElements;
  // The padded input's border, if the caller zeroes it here, a channel
  // ahead of the reads.
  auto [n, c] = rows.channelLoopsZeroingAhead(images, channels, threads, /*channelsFirst=*/true,
                                              perPlane);
  Value ti = rows.loop(th, 1);
  Value tj = rows.loop(tw, rows.width);
  Value count = rows.count(tj, tw);
  Value mask = rows.mask(count, rows.width);
  auto at = [&](Value base, int64_t scale, int64_t offset) {
    Value scaled = arith::MulIOp::create(rewriter, loc, base, rows.index(scale));
    return arith::AddIOp::create(rewriter, loc, scaled, rows.index(offset)).getResult();
  };
  // The windows of `width` tiles of an input row: window j holds columns
  // m tj + j, m (tj + 1) + j, ... Two loads of m x width contiguous
  // columns, from m tj (windows 0 to m - 1) and from m tj + m (windows m
  // to alpha - 1), each window then every m-th lane of one of them: a load
  // per window (of m x width lanes each) made F(4x4, 3x3)'s input
  // transform twice as slow as F(2x2, 3x3)'s per output.
  int64_t lanes = m * rows.width;
  auto wideType = VectorType::get({lanes}, rewriter.getF32Type());
  Value zeros = rows.zeros(lanes);
  Value column0 = arith::MulIOp::create(rewriter, loc, tj, rows.index(m));
  Value column1 = arith::AddIOp::create(rewriter, loc, column0, rows.index(m));
  // Valid lanes (the row has m tw + 2 columns): all m x count of the
  // first load, m (count - 1) + alpha - m of the second.
  Value valid0 = arith::MulIOp::create(rewriter, loc, count, rows.index(m));
  Value valid1 = arith::SubIOp::create(rewriter, loc, valid0, rows.index(2 * m - alpha));
  Value mask0 = rows.mask(valid0, lanes), mask1 = rows.mask(valid1, lanes);
  auto everyM = [&](Value wide, int64_t first) {
    SmallVector<int64_t> picks;
    for (int64_t k = 0; k < rows.width; ++k)
      picks.push_back(first + k * m);
    return vector::ShuffleOp::create(rewriter, loc, wide, wide, picks).getResult();
  };
  // t[i][b] = (d[i] B)[b]: each input row's columns transformed.
  SmallVector<SmallVector<Value>> t;
  for (int64_t i = 0; i < alpha; ++i) {
    Value row = at(ti, m, i);
    Value wide0 = vector::MaskedLoadOp::create(rewriter, loc, wideType, x,
                                               ValueRange{n, c, row, column0}, mask0, zeros);
    Value wide1 = vector::MaskedLoadOp::create(rewriter, loc, wideType, x,
                                               ValueRange{n, c, row, column1}, mask1, zeros);
    SmallVector<Value> d;
    for (int64_t j = 0; j < alpha; ++j)
      d.push_back(j < m ? everyM(wide0, j) : everyM(wide1, j - m));
    t.push_back(applyTransform(rewriter, loc, /*input=*/true, d));
  }
  for (int64_t b = 0; b < alpha; ++b) {
    SmallVector<Value> column;
    for (int64_t i = 0; i < alpha; ++i)
      column.push_back(t[i][b]);
    SmallVector<Value> out = applyTransform(rewriter, loc, /*input=*/true, column);
    for (int64_t a = 0; a < alpha; ++a)
      rows.write(out[a], v, ValueRange{rows.index(a), rows.index(b), c, n, ti, tj}, mask);
  }
  rewriter.eraseOp(op);
  return true;
}

/// Whether `read` is the output map of `y` ([N, Cout, th, m, tw, m]
/// collapsed to [N, Cout, m th, m tw]), or its top-left corner.
bool isOutputMap(Value read, Value y) {
  if (auto corner = read.getDefiningOp<memref::SubViewOp>()) {
    if (!llvm::all_of(corner.getMixedOffsets(), [](OpFoldResult o) { return isConstantIntValue(o, 0); }) ||
        !llvm::all_of(corner.getMixedStrides(), [](OpFoldResult s) { return isConstantIntValue(s, 1); }) ||
        corner.getDroppedDims().any())
      return false;
    read = corner.getSource();
  }
  auto map = read.getDefiningOp<memref::CollapseShapeOp>();
  return map && map.getSrc() == y &&
         map.getReassociationIndices() ==
             SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}, {4, 5}};
}

/// `columns` (m vectors of `width` lanes, column b of each tile in
/// columns[b]) interleaved into one vector of m x width lanes, the m
/// columns of each tile next to each other: a shuffle per pair, in log2(m)
/// rounds.
Value interleaveColumns(OpBuilder &b, Location loc, SmallVector<Value> columns) {
  while (columns.size() > 1) {
    int64_t width = cast<VectorType>(columns[0].getType()).getNumElements();
    SmallVector<int64_t> pick;
    for (int64_t k = 0; k < width; ++k)
      pick.append({k, width + k});
    // Round r pairs columns half the list apart: (0, 2) and (1, 3) for m =
    // 4, whose results, paired again, give 0 1 2 3 per tile.
    size_t half = columns.size() / 2;
    SmallVector<Value> next;
    for (size_t i = 0; i < half; ++i)
      next.push_back(vector::ShuffleOp::create(b, loc, columns[i], columns[i + half], pick));
    columns = std::move(next);
  }
  return columns[0];
}

/// y[n, o, m ti + a, m tj + b] for `width` tiles at a time: alpha^2
/// contiguous masked loads, columns then rows transformed, the m columns of
/// each output row interleaved into one store.
bool codegenOutput(IRRewriter &rewriter, linalg::GenericOp op, int64_t alpha,
                   int64_t vectorWidth, int64_t minParallelElements,
                   const pd::WinogradEpilogue *epilogue) {
  Value products = op.getDpsInputs()[0], y = op.getDpsInits()[0];
  MemRefType mType = staticRows(products, 6), yType = staticRows(y, 6);
  if (!mType || !yType || !yType.getLayout().isIdentity())
    return false;
  int64_t m = alpha - 2;
  ArrayRef<int64_t> shape = mType.getShape(); // [alpha, alpha, Cout, N, th, tw]
  int64_t channels = shape[2], images = shape[3], th = shape[4], tw = shape[5];
  if (yType.getShape() != ArrayRef<int64_t>{images, channels, th, m, tw, m})
    return false;
  // The epilogue's rows: the output map's, cropped to oh x ow.
  int64_t oh = m * th, ow = m * tw;
  if (epilogue) {
    MemRefType readType = staticRows(epilogue->read, 4), outType = staticRows(epilogue->out, 4);
    if (!readType || !outType || !isOutputMap(epilogue->read, y) ||
        readType.getShape() != outType.getShape())
      return false;
    oh = readType.getDimSize(2);
    ow = readType.getDimSize(3);
  }
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  // The output map [N, Cout, m th, m tw], where a row's m columns of a tile
  // are next to each other.
  Value map = memref::CollapseShapeOp::create(
      rewriter, loc, y, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}, {4, 5}});
  pd::RowAccess rows(rewriter, loc, rewriter.getF32Type(),
                     pd::RowAccess::widthFor(tw, std::max<int64_t>(vectorWidth, 1)), 1);
  int64_t width = rows.width;
  bool threads = channels * images > 1 && yType.getNumElements() >= minParallelElements;
  SmallVector<Value> ivs = rows.loops({channels, images}, threads);
  Value o = ivs[0], n = ivs[1];
  Value ti = rows.loop(th, 1);
  Value tj = rows.loop(tw, width);
  Value count = rows.count(tj, tw);
  Value mask = rows.mask(count, width);
  // s[p][b] = (products[p] A)[b]: each row of products' columns transformed.
  SmallVector<SmallVector<Value>> s;
  for (int64_t p = 0; p < alpha; ++p) {
    SmallVector<Value> row;
    for (int64_t q = 0; q < alpha; ++q)
      row.push_back(rows.read(products, ValueRange{rows.index(p), rows.index(q), o, n, ti, tj},
                              count, mask, /*contiguous=*/true));
    s.push_back(applyTransform(rewriter, loc, /*input=*/false, row));
  }
  // yb[b][a]: output row a, column b of each tile.
  SmallVector<SmallVector<Value>> yb;
  for (int64_t b = 0; b < m; ++b) {
    SmallVector<Value> column;
    for (int64_t p = 0; p < alpha; ++p)
      column.push_back(s[p][b]);
    yb.push_back(applyTransform(rewriter, loc, /*input=*/false, column));
  }
  Value tiled = arith::MulIOp::create(rewriter, loc, count, rows.index(m));
  Value tileMask = rows.mask(tiled, m * width);
  Value column = arith::MulIOp::create(rewriter, loc, tj, rows.index(m));
  Value row0 = arith::MulIOp::create(rewriter, loc, ti, rows.index(m));
  // The epilogue's columns of a row of tiles: those of the cropped map.
  pd::RowAccess tileRows(rewriter, loc, rewriter.getF32Type(), m * width, 1);
  Value cropped, croppedMask;
  if (epilogue) {
    Value left = arith::SubIOp::create(rewriter, loc, rows.index(ow), column);
    cropped = arith::MinSIOp::create(rewriter, loc, left, rows.index(m * width));
    croppedMask = rows.mask(cropped, m * width);
  }
  for (int64_t a = 0; a < m; ++a) {
    SmallVector<Value> columns;
    for (int64_t b = 0; b < m; ++b)
      columns.push_back(yb[b][a]);
    Value outputs = interleaveColumns(rewriter, loc, columns);
    Value row = a == 0 ? row0 : arith::AddIOp::create(rewriter, loc, row0, rows.index(a));
    if (!epilogue || epilogue->keepResult)
      rows.write(outputs, map, ValueRange{n, o, row, column}, tileMask);
    if (!epilogue)
      continue;
    // The last row of tiles of a map that is not a multiple of m has
    // fewer than m output rows.
    OpBuilder::InsertionGuard guard(rewriter);
    if (oh % m != 0 && a >= oh % m) {
      Value inside = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, row,
                                           rows.index(oh));
      auto inMap = scf::IfOp::create(rewriter, loc, inside, /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(inMap.thenBlock());
    }
    SmallVector<Value> at = {n, o, row, column};
    Value value = epilogue->apply(tileRows, outputs, at, cropped, croppedMask);
    tileRows.write(value, epilogue->out, at, croppedMask);
  }
  rewriter.eraseOp(op);
  return true;
}

} // namespace

linalg::GenericOp pd::buildWinogradInput(OpBuilder &b, Location loc, Value input, int64_t th,
                                         int64_t tw, int64_t m) {
  auto type = cast<RankedTensorType>(input.getType());
  int64_t alpha = m + 2;
  auto resultType = RankedTensorType::get(
      {alpha, alpha, type.getDimSize(1), type.getDimSize(0), th, tw}, b.getF32Type());
  return buildTransform(b, loc, input, resultType, /*input=*/true, alpha);
}

linalg::GenericOp pd::buildWinogradOutput(OpBuilder &b, Location loc, Value products) {
  ArrayRef<int64_t> p = cast<RankedTensorType>(products.getType()).getShape();
  int64_t alpha = p[0], m = alpha - 2;
  auto resultType = RankedTensorType::get({p[3], p[2], p[4], m, p[5], m}, b.getF32Type());
  return buildTransform(b, loc, products, resultType, /*input=*/false, alpha);
}

bool pd::codegenWinograd(IRRewriter &rewriter, linalg::GenericOp op, int64_t vectorWidth,
                         int64_t minParallelElements, const WinogradEpilogue *epilogue,
                         const std::function<void(Value image, Value channel)> &perPlane) {
  auto kind = op->getAttrOfType<StringAttr>("pd.winograd");
  if (!kind || !op.hasPureBufferSemantics())
    return false;
  bool input = kind.getValue() == "input";
  if (!input && kind.getValue() != "output")
    return false;
  int64_t alpha = transformTile(op, input);
  if (!alpha || (input && epilogue) || (!input && perPlane))
    return false;
  return input ? codegenInput(rewriter, op, alpha, vectorWidth, minParallelElements, perPlane)
               : codegenOutput(rewriter, op, alpha, vectorWidth, minParallelElements, epilogue);
}
