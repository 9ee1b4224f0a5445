//===- FoldConstants.cpp - evaluate ops on constants (pd-fold-constants) --===//

#include "Transforms/Passes.h"
#include "Transforms/ResourceConstants.h"

#include "Dialect/Pd/PdOpDefs.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <functional>

namespace mlir::pd {
#define GEN_PASS_DEF_PDFOLDCONSTANTS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// A constant tensor's values (as doubles) and static shape.
struct ConstTensor {
  SmallVector<int64_t> shape;
  std::vector<double> values;
};

/// The element count of a static shape, or nullopt when it exceeds
/// `limit` (or int64_t) or a dim is dynamic.
std::optional<int64_t> elementCount(ArrayRef<int64_t> shape, int64_t limit) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d) || d < 0 || llvm::MulOverflow(n, d, n) || n > limit)
      return std::nullopt;
  }
  return n;
}

/// A constant operand's values, when it has at most `limit` elements: the
/// limit bounds what is expanded (a pd.full of 2^31 elements is one number
/// in the IR and 17 GB as doubles).
std::optional<ConstTensor> readConstant(Value v, int64_t limit) {
  auto type = dyn_cast<BaseTensorType>(v.getType());
  if (!type)
    return std::nullopt;
  std::optional<int64_t> count = elementCount(type.getShape(), limit);
  if (!count)
    return std::nullopt;
  ConstTensor c{SmallVector<int64_t>(type.getShape()), {}};
  int64_t n = *count;
  Operation *def = v.getDefiningOp();
  if (auto full = dyn_cast_or_null<FullOp>(def)) {
    double x = 0;
    if (auto f = dyn_cast<FloatAttr>(full.getValue()))
      x = f.getValueAsDouble();
    else if (auto i = dyn_cast<IntegerAttr>(full.getValue()))
      x = (double)i.getInt();
    else if (auto b = dyn_cast<BoolAttr>(full.getValue()))
      x = b.getValue();
    c.values.assign(n, x);
    return c;
  }
  if (auto array = dyn_cast_or_null<FullIntArrayOp>(def)) {
    for (int64_t x : array.getValue())
      c.values.push_back((double)x);
    return c;
  }
  auto constant = dyn_cast_or_null<ConstantOp>(def);
  if (!constant)
    return std::nullopt;
  Attribute value = constant.getValue();
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (isa<FloatType>(dense.getElementType()))
      for (APFloat f : dense.getValues<APFloat>())
        c.values.push_back(f.convertToDouble());
    else if (dense.getElementType().isInteger(1))
      for (bool b : dense.getValues<bool>())
        c.values.push_back(b);
    else if (isa<IntegerType>(dense.getElementType()))
      for (APInt i : dense.getValues<APInt>())
        c.values.push_back(dense.getElementType().isUnsignedInteger()
                               ? (double)i.getZExtValue()
                               : (double)i.getSExtValue());
    else
      return std::nullopt;
    return c;
  }
  if (auto resource = dyn_cast<DenseF32ResourceElementsAttr>(value))
    if (std::optional<ArrayRef<float>> data = resource.tryGetAsArrayRef()) {
      c.values.assign(data->begin(), data->end());
      return c;
    }
  return std::nullopt;
}

/// A pd.constant of `type` with `values` rounded to its element type.
Value makeConstant(OpBuilder &b, Location loc, BaseTensorType type,
                   ArrayRef<double> values) {
  Type elem = type.getElementType();
  auto tensorType = RankedTensorType::get(type.getShape(), elem);
  // f32 only: the folder reads f32 blobs back (frozen weights are f32).
  if ((int64_t)values.size() >= kResourceMinElements && elem.isF32()) {
    ElementsAttr blob;
    if (elem.isF32())
      blob = makeResourceElements<float>(
          tensorType, llvm::to_vector_of<float>(values), "folded_constant");
    if (blob)
      return ConstantOp::create(b, loc, type.getWithValueSemantics(), blob,
                                StringAttr())
          .getResult();
  }
  SmallVector<Attribute> attrs;
  attrs.reserve(values.size());
  for (double v : values) {
    if (auto f = dyn_cast<FloatType>(elem))
      attrs.push_back(FloatAttr::get(f, v));
    else if (elem.isInteger(1))
      attrs.push_back(BoolAttr::get(b.getContext(), v != 0));
    else
      attrs.push_back(IntegerAttr::get(
          elem, APInt(elem.getIntOrFloatBitWidth(), (int64_t)v, /*isSigned=*/true,
                      /*implicitTrunc=*/true)));
  }
  auto dense = DenseElementsAttr::get(tensorType, attrs);
  return ConstantOp::create(b, loc, type.getWithValueSemantics(), dense,
                            StringAttr())
      .getResult();
}

/// Row-major strides of `shape`.
SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = (int64_t)shape.size() - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

/// Reads `c` broadcast (numpy rules) at the multi-index `idx` of `out`.
double broadcastRead(const ConstTensor &c, ArrayRef<int64_t> idx) {
  int64_t offset = idx.size() - c.shape.size(), linear = 0;
  SmallVector<int64_t> strides = stridesOf(c.shape);
  for (size_t d = 0; d < c.shape.size(); ++d)
    if (c.shape[d] != 1)
      linear += idx[d + offset] * strides[d];
  return c.values[linear];
}

using Unary = std::function<double(double)>;
using Binary = std::function<double(double, double)>;

const llvm::StringMap<Unary> &unaryFns() {
  static const llvm::StringMap<Unary> fns = {
      {"pd.relu", [](double x) { return x > 0 ? x : 0; }},
      {"pd.exp", [](double x) { return std::exp(x); }},
      {"pd.log", [](double x) { return std::log(x); }},
      {"pd.sqrt", [](double x) { return std::sqrt(x); }},
      {"pd.rsqrt", [](double x) { return 1 / std::sqrt(x); }},
      {"pd.tanh", [](double x) { return std::tanh(x); }},
      {"pd.sigmoid", [](double x) { return 1 / (1 + std::exp(-x)); }},
      {"pd.abs", [](double x) { return std::fabs(x); }},
      {"pd.square", [](double x) { return x * x; }},
      {"pd.reciprocal", [](double x) { return 1 / x; }},
      {"pd.floor", [](double x) { return std::floor(x); }},
      {"pd.ceil", [](double x) { return std::ceil(x); }},
      {"pd.sin", [](double x) { return std::sin(x); }},
      {"pd.cos", [](double x) { return std::cos(x); }},
      {"pd.assign", [](double x) { return x; }},
  };
  return fns;
}

const llvm::StringMap<Binary> &binaryFns() {
  static const llvm::StringMap<Binary> fns = {
      {"pd.add", [](double x, double y) { return x + y; }},
      {"pd.subtract", [](double x, double y) { return x - y; }},
      {"pd.multiply", [](double x, double y) { return x * y; }},
      {"pd.maximum", [](double x, double y) { return std::max(x, y); }},
      {"pd.minimum", [](double x, double y) { return std::min(x, y); }},
      {"pd.elementwise_pow", [](double x, double y) { return std::pow(x, y); }},
      // Comparisons and logic of shapes (T5's decoder compares a sequence
      // length with itself before a pd.if): bool results, 0 or 1.
      {"pd.less_than", [](double x, double y) { return double(x < y); }},
      {"pd.less_equal", [](double x, double y) { return double(x <= y); }},
      {"pd.greater_than", [](double x, double y) { return double(x > y); }},
      {"pd.greater_equal", [](double x, double y) { return double(x >= y); }},
      {"pd.equal", [](double x, double y) { return double(x == y); }},
      {"pd.not_equal", [](double x, double y) { return double(x != y); }},
      {"pd.logical_and", [](double x, double y) { return double(x != 0 && y != 0); }},
      {"pd.logical_or", [](double x, double y) { return double(x != 0 || y != 0); }},
  };
  return fns;
}

struct PdFoldConstantsPass
    : public pd::impl::PdFoldConstantsBase<PdFoldConstantsPass> {
  using Base::Base;

  /// The folded values of `op`'s single result, or nullopt.
  std::optional<std::vector<double>> evaluate(Operation *op, BaseTensorType out) {
    StringRef name = op->getName().getStringRef();
    Type outElem = out.getElementType();
    bool isFloatOut = isa<FloatType>(outElem);
    int64_t n = elementCount(out.getShape(), maxElements).value_or(0);
    auto operand = [&](unsigned i) { return readConstant(op->getOperand(i), maxElements); };
    if (auto fn = unaryFns().find(name); fn != unaryFns().end()) {
      std::optional<ConstTensor> x = operand(0);
      if (!x || !isFloatOut)
        return std::nullopt;
      std::vector<double> r;
      for (double v : x->values)
        r.push_back(fn->second(v));
      return r;
    }
    if (name == "pd.divide" || binaryFns().count(name)) {
      std::optional<ConstTensor> x = operand(0), y = operand(1);
      if (!x || !y)
        return std::nullopt;
      // Doubles hold integers exactly below 2^53 only: from there on they
      // stay run-time ops (2^53 + 1 reads as 2^53).
      auto inexact = [](const ConstTensor &c) {
        return llvm::any_of(c.values, [](double v) { return std::fabs(v) >= 0x1p53; });
      };
      if (!isFloatOut && (inexact(*x) || inexact(*y)))
        return std::nullopt;
      Binary fn = name == "pd.divide"
                      ? Binary([isFloatOut](double a, double b) {
                          return isFloatOut ? a / b : std::trunc(a / b);
                        })
                      : binaryFns().lookup(name);
      if (name == "pd.divide" && !isFloatOut &&
          llvm::is_contained(y->values, 0.0))
        return std::nullopt; // integer division by zero stays a run-time op
      std::vector<double> r(n);
      SmallVector<int64_t> idx(out.getRank(), 0);
      SmallVector<int64_t> strides = stridesOf(out.getShape());
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t d = 0, rem = i; d < out.getRank(); ++d) {
          idx[d] = rem / strides[d];
          rem %= strides[d];
        }
        r[i] = fn(broadcastRead(*x, idx), broadcastRead(*y, idx));
      }
      return r;
    }
    if (auto scale = dyn_cast<ScaleOp>(op)) {
      std::optional<ConstTensor> x = operand(0), s = operand(1);
      if (!x || !s || s->values.size() != 1)
        return std::nullopt;
      double k = s->values[0], bias = scale.getBias().convertToDouble();
      std::vector<double> r;
      for (double v : x->values)
        r.push_back(scale.getBiasAfterScale() ? v * k + bias : (v + bias) * k);
      return r;
    }
    if (isa<CastOp>(op)) {
      std::optional<ConstTensor> x = operand(0);
      if (!x)
        return std::nullopt;
      std::vector<double> r;
      for (double v : x->values)
        r.push_back(outElem.isInteger(1) ? (v != 0)
                    : isFloatOut         ? v
                                         : std::trunc(v));
      return r;
    }
    // Same values, new shape.
    if (isa<ReshapeOp, SqueezeOp, UnsqueezeOp, FlattenOp>(op)) {
      std::optional<ConstTensor> x = operand(0);
      if (!x)
        return std::nullopt;
      return x->values;
    }
    if (auto transpose = dyn_cast<TransposeOp>(op)) {
      std::optional<ConstTensor> x = operand(0);
      if (!x)
        return std::nullopt;
      ArrayRef<int32_t> perm = transpose.getPerm();
      SmallVector<int64_t> inStrides = stridesOf(x->shape);
      SmallVector<int64_t> outStrides = stridesOf(out.getShape());
      int64_t rank = out.getRank();
      std::vector<double> r(n);
      for (int64_t i = 0; i < n; ++i) {
        int64_t src = 0;
        for (int64_t d = 0, rem = i; d < rank; ++d) {
          int64_t id = rem / outStrides[d];
          rem %= outStrides[d];
          int64_t p = perm[d] < 0 ? perm[d] + rank : perm[d];
          src += id * inStrides[p];
        }
        r[i] = x->values[src];
      }
      return r;
    }
    return std::nullopt;
  }

  void runOnOperation() override {
    SmallVector<Operation *> candidates;
    getOperation()->walk([&](Operation *op) {
      if (isa<PdDialect>(op->getDialect()) &&
          op->hasTrait<OpTrait::pd::HasValueSemantics>() &&
          op->getNumResults() == 1)
        candidates.push_back(op);
    });
    // Program order: a folded result feeds later folds.
    for (Operation *op : candidates) {
      auto out = dyn_cast<BaseTensorType>(op->getResult(0).getType());
      if (!out || !out.hasValueSemantics())
        continue;
      std::optional<int64_t> count = elementCount(out.getShape(), maxElements);
      if (!count)
        continue;
      int64_t n = *count;
      std::optional<std::vector<double>> values = evaluate(op, out);
      if (!values || (int64_t)values->size() != n)
        continue;
      OpBuilder b(op);
      Value folded = makeConstant(b, op->getLoc(), out, *values);
      op->getResult(0).replaceAllUsesWith(folded);
      op->erase();
    }
  }
};

} // namespace
