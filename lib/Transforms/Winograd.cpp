//===- Winograd.cpp - Winograd F(2x2, 3x3) transforms as marked generics --===//

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

// B^T (input) and A^T (output) of F(2x2, 3x3).
constexpr float kBT[4][4] = {{1, 0, -1, 0}, {0, 1, 1, 0}, {0, -1, 1, 0}, {0, 1, 0, -1}};
constexpr float kAT[2][4] = {{1, 1, 1, 0}, {0, 1, -1, -1}};

/// The coefficient constant of window (i, j): kBT[a][i] * kBT[b][j] for
/// the input transform ([4, 4] over a, b), kAT[a][i] * kAT[b][j] for the
/// output transform ([2, 2]).
SmallVector<float> coefficients(bool input, int64_t i, int64_t j) {
  SmallVector<float> values;
  int64_t n = input ? 4 : 2;
  for (int64_t a = 0; a < n; ++a)
    for (int64_t b = 0; b < n; ++b)
      values.push_back(input ? kBT[a][i] * kBT[b][j] : kAT[a][i] * kAT[b][j]);
  return values;
}

/// The input (`input`) or output transform's indexing maps: 16 windows,
/// 16 coefficients, the result.
SmallVector<AffineMap> transformMaps(MLIRContext *ctx, bool input) {
  auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
  SmallVector<AffineMap> maps;
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 4; ++j) {
      // input: (a, b, c, n, ti, tj) -> x[n, c, 2 ti + i, 2 tj + j]
      // output: (n, o, ti, a, tj, b) -> m[i, j, o, n, ti, tj]
      SmallVector<AffineExpr> results =
          input ? SmallVector<AffineExpr>{d(3), d(2), d(4) * 2 + i, d(5) * 2 + j}
                : SmallVector<AffineExpr>{getAffineConstantExpr(i, ctx),
                                          getAffineConstantExpr(j, ctx), d(1), d(0), d(2), d(4)};
      maps.push_back(AffineMap::get(6, 0, results, ctx));
    }
  // The coefficients by (a, b).
  AffineMap coefficient =
      input ? AffineMap::get(6, 0, {d(0), d(1)}, ctx) : AffineMap::get(6, 0, {d(3), d(5)}, ctx);
  maps.append(16, coefficient);
  maps.push_back(AffineMap::getMultiDimIdentityMap(6, ctx));
  return maps;
}

linalg::GenericOp buildTransform(OpBuilder &b, Location loc, Value data,
                                 RankedTensorType resultType, bool input) {
  SmallVector<Value> inputs(16, data);
  int64_t n = input ? 4 : 2;
  auto coefficientType = RankedTensorType::get({n, n}, b.getF32Type());
  for (int64_t i = 0; i < 4; ++i)
    for (int64_t j = 0; j < 4; ++j)
      inputs.push_back(arith::ConstantOp::create(
          b, loc, DenseElementsAttr::get(coefficientType, ArrayRef(coefficients(input, i, j)))));
  Value empty = tensor::EmptyOp::create(b, loc, resultType.getShape(), b.getF32Type());
  auto generic = linalg::GenericOp::create(
      b, loc, resultType, inputs, ValueRange{empty}, transformMaps(b.getContext(), input),
      SmallVector<utils::IteratorType>(6, utils::IteratorType::parallel),
      [](OpBuilder &nb, Location l, ValueRange args) {
        // sum over the windows of coefficient * value.
        Value sum = arith::MulFOp::create(nb, l, args[16], args[0]);
        for (int64_t k = 1; k < 16; ++k)
          sum = arith::AddFOp::create(nb, l, sum,
                                      arith::MulFOp::create(nb, l, args[16 + k], args[k]));
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

/// Whether `op` is exactly what buildTransform makes (on buffers): the
/// marker, the maps, the coefficients, the body, one data operand.
bool isTransform(linalg::GenericOp op, bool input) {
  if (op.getNumDpsInputs() != 32 || op.getNumDpsInits() != 1 || op.getNumLoops() != 6 ||
      !llvm::all_of(op.getIteratorTypesArray(),
                    [](utils::IteratorType t) { return t == utils::IteratorType::parallel; }) ||
      op.getIndexingMapsArray() != transformMaps(op.getContext(), input))
    return false;
  SmallVector<Value> inputs = op.getDpsInputs();
  if (!llvm::all_equal(ArrayRef(inputs).take_front(16)))
    return false;
  for (int64_t k = 0; k < 16; ++k) {
    std::optional<SmallVector<float>> values = constantValues(inputs[16 + k]);
    if (!values || *values != coefficients(input, k / 4, k % 4))
      return false;
  }
  // The body: sum_k args[16 + k] * args[k], in the builder's order.
  Block *body = op.getBody();
  auto yield = cast<linalg::YieldOp>(body->getTerminator());
  Value sum = yield.getNumOperands() == 1 ? yield.getOperand(0) : Value();
  for (int64_t k = 15; k >= 0; --k) {
    Operation *def = sum ? sum.getDefiningOp() : nullptr;
    Value product = sum;
    if (k > 0) {
      auto add = dyn_cast_or_null<arith::AddFOp>(def);
      if (!add)
        return false;
      sum = add.getLhs();
      product = add.getRhs();
    }
    auto mul = product.getDefiningOp<arith::MulFOp>();
    if (!mul || mul.getLhs() != body->getArgument(16 + k) || mul.getRhs() != body->getArgument(k))
      return false;
  }
  return body->getOperations().size() == 32;
}

/// A memref of static shape whose last dim is contiguous.
MemRefType staticRows(Value v, int64_t rank) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() != rank || !type.hasStaticShape() || !type.isLastDimUnitStride() ||
      !type.getElementType().isF32())
    return nullptr;
  return type;
}

/// The four values B^T d of d0..d3.
SmallVector<Value> inputTransform(OpBuilder &b, Location loc, ArrayRef<Value> d) {
  auto sub = [&](Value x, Value y) { return arith::SubFOp::create(b, loc, x, y).getResult(); };
  auto add = [&](Value x, Value y) { return arith::AddFOp::create(b, loc, x, y).getResult(); };
  return {sub(d[0], d[2]), add(d[1], d[2]), sub(d[2], d[1]), sub(d[1], d[3])};
}

/// The two values A^T m of m0..m3.
SmallVector<Value> outputTransform(OpBuilder &b, Location loc, ArrayRef<Value> m) {
  auto sub = [&](Value x, Value y) { return arith::SubFOp::create(b, loc, x, y).getResult(); };
  auto add = [&](Value x, Value y) { return arith::AddFOp::create(b, loc, x, y).getResult(); };
  return {add(add(m[0], m[1]), m[2]), sub(sub(m[1], m[2]), m[3])};
}

/// v[a, b, c, n, ti, tj0 ..] for `width` tiles at a time: the 16 windows
/// read as stride-2 rows (deinterleaved loads), rows then columns
/// transformed, 16 masked stores.
bool codegenInput(IRRewriter &rewriter, linalg::GenericOp op, int64_t vectorWidth,
                  int64_t minParallelElements) {
  Value x = op.getDpsInputs()[0], v = op.getDpsInits()[0];
  MemRefType xType = staticRows(x, 4), vType = staticRows(v, 6);
  if (!xType || !vType)
    return false;
  ArrayRef<int64_t> shape = vType.getShape(); // [4, 4, C, N, th, tw]
  int64_t channels = shape[2], images = shape[3], th = shape[4], tw = shape[5];
  if (xType.getDimSize(0) != images || xType.getDimSize(1) != channels ||
      xType.getDimSize(2) != 2 * th + 2 || xType.getDimSize(3) != 2 * tw + 2)
    return false;
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  pd::RowAccess rows(rewriter, loc, rewriter.getF32Type(),
                     pd::RowAccess::widthFor(tw, std::max<int64_t>(vectorWidth, 1)), 2);
  bool threads = channels * images > 1 && vType.getNumElements() >= minParallelElements;
  SmallVector<Value> ivs = rows.loops({channels, images}, threads);
  Value c = ivs[0], n = ivs[1];
  Value ti = rows.loop(th, 1);
  Value tj = rows.loop(tw, rows.width);
  Value count = rows.count(tj, tw);
  Value mask = rows.mask(count, rows.width);
  auto at = [&](Value base, int64_t scale, int64_t offset) {
    Value scaled = arith::MulIOp::create(rewriter, loc, base, rows.index(scale));
    return arith::AddIOp::create(rewriter, loc, scaled, rows.index(offset)).getResult();
  };
  // t[i][b] = (d[i] B)[b]: each input row's columns transformed.
  SmallVector<SmallVector<Value>> t;
  for (int64_t i = 0; i < 4; ++i) {
    SmallVector<Value> d;
    Value row = at(ti, 2, i);
    for (int64_t j = 0; j < 4; ++j)
      d.push_back(rows.read(x, ValueRange{n, c, row, at(tj, 2, j)}, count, mask));
    t.push_back(inputTransform(rewriter, loc, d));
  }
  for (int64_t b = 0; b < 4; ++b) {
    SmallVector<Value> column = {t[0][b], t[1][b], t[2][b], t[3][b]};
    SmallVector<Value> out = inputTransform(rewriter, loc, column);
    for (int64_t a = 0; a < 4; ++a)
      rows.write(out[a], v, ValueRange{rows.index(a), rows.index(b), c, n, ti, tj}, mask);
  }
  rewriter.eraseOp(op);
  return true;
}

/// y[n, o, 2 ti + a, 2 tj + b] for `width` tiles at a time: 16 contiguous
/// masked loads, columns then rows transformed, the two columns of each
/// output row interleaved into one store.
/// Whether `read` is the output map of `y` ([N, Cout, th, 2, tw, 2]
/// collapsed to [N, Cout, 2 th, 2 tw]), or its top-left corner.
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

bool codegenOutput(IRRewriter &rewriter, linalg::GenericOp op, int64_t vectorWidth,
                   int64_t minParallelElements, const pd::WinogradEpilogue *epilogue) {
  Value m = op.getDpsInputs()[0], y = op.getDpsInits()[0];
  MemRefType mType = staticRows(m, 6), yType = staticRows(y, 6);
  if (!mType || !yType || !yType.getLayout().isIdentity())
    return false;
  ArrayRef<int64_t> shape = mType.getShape(); // [4, 4, Cout, N, th, tw]
  int64_t channels = shape[2], images = shape[3], th = shape[4], tw = shape[5];
  if (yType.getShape() != ArrayRef<int64_t>{images, channels, th, 2, tw, 2})
    return false;
  // The epilogue's rows: the output map's, cropped to oh x ow.
  int64_t oh = 2 * th, ow = 2 * tw;
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
  // The output map [N, Cout, 2 th, 2 tw], where a row's two columns of a
  // tile are next to each other.
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
  // s[p][b] = (m[p] A)[b]: each row of products' columns transformed.
  SmallVector<SmallVector<Value>> s;
  for (int64_t p = 0; p < 4; ++p) {
    SmallVector<Value> row;
    for (int64_t q = 0; q < 4; ++q)
      row.push_back(rows.read(m, ValueRange{rows.index(p), rows.index(q), o, n, ti, tj}, count,
                              mask, /*contiguous=*/true));
    s.push_back(outputTransform(rewriter, loc, row));
  }
  SmallVector<int64_t> interleave;
  for (int64_t k = 0; k < width; ++k)
    interleave.append({k, width + k});
  Value twice = arith::AddIOp::create(rewriter, loc, count, count);
  Value pairMask = rows.mask(twice, 2 * width);
  Value column = arith::AddIOp::create(rewriter, loc, tj, tj);
  Value row0 = arith::AddIOp::create(rewriter, loc, ti, ti);
  SmallVector<Value> columns0 = {s[0][0], s[1][0], s[2][0], s[3][0]};
  SmallVector<Value> columns1 = {s[0][1], s[1][1], s[2][1], s[3][1]};
  SmallVector<Value> y0 = outputTransform(rewriter, loc, columns0); // b = 0, a = 0, 1
  SmallVector<Value> y1 = outputTransform(rewriter, loc, columns1); // b = 1
  // The epilogue's columns of a pair: those of the cropped map.
  pd::RowAccess pairs(rewriter, loc, rewriter.getF32Type(), 2 * width, 1);
  Value cropped, croppedMask;
  if (epilogue) {
    Value left = arith::SubIOp::create(rewriter, loc, rows.index(ow), column);
    cropped = arith::MinSIOp::create(rewriter, loc, left, rows.index(2 * width));
    croppedMask = rows.mask(cropped, 2 * width);
  }
  for (int64_t a = 0; a < 2; ++a) {
    Value pair = vector::ShuffleOp::create(rewriter, loc, y0[a], y1[a], interleave);
    Value row = a == 0 ? row0 : arith::AddIOp::create(rewriter, loc, row0, rows.index(1));
    if (!epilogue || epilogue->keepResult)
      rows.write(pair, map, ValueRange{n, o, row, column}, pairMask);
    if (!epilogue)
      continue;
    // An odd map's last tile row has one output row.
    OpBuilder::InsertionGuard guard(rewriter);
    if (a == 1 && oh % 2 == 1) {
      Value inside = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, row,
                                           rows.index(oh));
      auto inMap = scf::IfOp::create(rewriter, loc, inside, /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(inMap.thenBlock());
    }
    SmallVector<Value> at = {n, o, row, column};
    Value value = epilogue->apply(pairs, pair, at, cropped, croppedMask);
    pairs.write(value, epilogue->out, at, croppedMask);
  }
  rewriter.eraseOp(op);
  return true;
}

} // namespace

linalg::GenericOp pd::buildWinogradInput(OpBuilder &b, Location loc, Value input, int64_t th,
                                         int64_t tw) {
  auto type = cast<RankedTensorType>(input.getType());
  auto resultType = RankedTensorType::get(
      {4, 4, type.getDimSize(1), type.getDimSize(0), th, tw}, b.getF32Type());
  return buildTransform(b, loc, input, resultType, /*input=*/true);
}

linalg::GenericOp pd::buildWinogradOutput(OpBuilder &b, Location loc, Value products) {
  ArrayRef<int64_t> m = cast<RankedTensorType>(products.getType()).getShape();
  auto resultType = RankedTensorType::get({m[3], m[2], m[4], 2, m[5], 2}, b.getF32Type());
  return buildTransform(b, loc, products, resultType, /*input=*/false);
}

bool pd::codegenWinograd(IRRewriter &rewriter, linalg::GenericOp op, int64_t vectorWidth,
                         int64_t minParallelElements, const WinogradEpilogue *epilogue) {
  auto kind = op->getAttrOfType<StringAttr>("pd.winograd");
  if (!kind || !op.hasPureBufferSemantics())
    return false;
  bool input = kind.getValue() == "input";
  if ((!input && kind.getValue() != "output") || !isTransform(op, input))
    return false;
  if (input && epilogue)
    return false;
  return input ? codegenInput(rewriter, op, vectorWidth, minParallelElements)
               : codegenOutput(rewriter, op, vectorWidth, minParallelElements, epilogue);
}
