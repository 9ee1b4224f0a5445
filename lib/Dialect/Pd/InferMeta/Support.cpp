//===- Support.cpp - MetaTensor, IntArray/Scalar operands, result types ---===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/MathExtras.h"
#include <cstdio>

namespace mlir::pd {

namespace {
/// Side-effect resource: the random number generator state.
struct RandomResource : public SideEffects::Resource::Base<RandomResource> {
  StringRef getName() final { return "pd.random"; }
};
} // namespace

MetaTensor MetaTensor::from(Value value) {
  if (!value)
    return {};
  auto type = dyn_cast<BaseTensorType>(value.getType());
  if (!type)
    return {};
  return MetaTensor(type.getShape(), type.getElementType());
}

int64_t MetaTensor::numel() const {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (isDyn(d))
      return kDyn;
    n *= d;
  }
  return n;
}

MetaTensorList MetaTensorList::from(Value value) {
  MetaTensorList list;
  if (!value)
    return list;
  if (auto vec = dyn_cast<VecType>(value.getType()))
    for (Type t : vec.getElementTypes()) {
      auto tensor = cast<BaseTensorType>(t);
      list.tensors.emplace_back(tensor.getShape(), tensor.getElementType());
    }
  return list;
}

/// The value of a one-element pd.full, if `value` is one.
static std::optional<double> fullScalarValue(Value value) {
  auto full = value.getDefiningOp<FullOp>();
  if (!full || cast<ShapedType>(full.getType()).getNumElements() != 1)
    return std::nullopt;
  Attribute v = full.getValue();
  if (auto b = dyn_cast<BoolAttr>(v))
    return b.getValue() ? 1.0 : 0.0;
  if (auto i = dyn_cast<IntegerAttr>(v))
    return static_cast<double>(i.getInt());
  if (auto f = dyn_cast<FloatAttr>(v))
    return f.getValueAsDouble();
  return std::nullopt;
}

IntArrayArg IntArrayArg::of(ArrayRef<int64_t> values) {
  IntArrayArg arg;
  arg.values = SmallVector<int64_t>(values);
  arg.size = values.size();
  return arg;
}

IntArrayArg IntArrayArg::from(Value value) {
  IntArrayArg arg;
  if (!value)
    return IntArrayArg::of({});
  if (auto array = value.getDefiningOp<FullIntArrayOp>())
    return IntArrayArg::of(array.getValue());
  if (auto combine = value.getDefiningOp<CombineOp>()) {
    arg.size = combine.getInputs().size();
    SmallVector<int64_t> values;
    for (Value v : combine.getInputs()) {
      std::optional<double> s = fullScalarValue(v);
      if (!s)
        return arg;
      values.push_back(static_cast<int64_t>(*s));
    }
    return IntArrayArg::of(values);
  }
  if (auto vec = dyn_cast<VecType>(value.getType())) {
    arg.size = vec.getElementTypes().size();
    return arg;
  }
  if (auto tensor = dyn_cast<BaseTensorType>(value.getType()))
    if (tensor.getRank() == 1)
      arg.size = tensor.getShape()[0];
  if (auto full = value.getDefiningOp<FullOp>())
    if (std::optional<double> s = fullScalarValue(value))
      return IntArrayArg::of({static_cast<int64_t>(*s)});
  // A folded shape computation: a constant integer vector (or scalar).
  if (auto constant = value.getDefiningOp<ConstantOp>())
    if (auto dense = dyn_cast<DenseIntElementsAttr>(constant.getValue());
        dense && dense.getType().getRank() <= 1) {
      SmallVector<int64_t> values;
      for (const APInt &v : dense.getValues<APInt>())
        values.push_back(v.getSExtValue());
      return IntArrayArg::of(values);
    }
  return arg;
}

ScalarArg ScalarArg::from(Value value) {
  ScalarArg arg;
  if (value)
    arg.value = fullScalarValue(value);
  return arg;
}

std::string dimsStr(ArrayRef<int64_t> dims) { return shapeToString(dims); }

std::string numStr(double v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%g", v);
  return buf;
}

LogicalResult broadcastShapes(ArrayRef<int64_t> x, ArrayRef<int64_t> y,
                              SmallVectorImpl<int64_t> &out,
                              const MetaError &err, StringRef xName,
                              StringRef yName) {
  int64_t rank = std::max(x.size(), y.size());
  out.assign(rank, 1);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t xi = i - (rank - (int64_t)x.size());
    int64_t yi = i - (rank - (int64_t)y.size());
    int64_t a = xi >= 0 ? x[xi] : 1;
    int64_t b = yi >= 0 ? y[yi] : 1;
    if (a == 1) {
      out[i] = b;
    } else if (b == 1) {
      out[i] = a;
    } else if (isDyn(a) || isDyn(b)) {
      // One unknown, the other known and not 1: the result is the known one
      // (a run-time 1 would broadcast to it too).
      out[i] = isDyn(a) ? b : a;
    } else if (a != b) {
      return err("cannot broadcast ", xName, " of shape ", dimsStr(x), " with ",
                 yName, " of shape ", dimsStr(y), ": dimension ", i, " is ",
                 a, " vs ", b);
    } else {
      out[i] = a;
    }
  }
  return success();
}

FailureOr<int64_t> normalizeAxis(int64_t axis, int64_t rank,
                                 const MetaError &err, StringRef what) {
  int64_t bound = std::max<int64_t>(rank, 1);
  if (axis < -bound || axis >= bound) {
    (void)err(what, " ", axis, " is out of range for a tensor of rank ", rank,
              " (expected [", -bound, ", ", bound - 1, "])");
    return failure();
  }
  return axis < 0 ? axis + bound : axis;
}

Type dtypeToType(MLIRContext *ctx, DataType dtype) {
  return elementTypeFromDataType(ctx, dtype);
}

bool allTensorOperandsHaveValueSemantics(ValueRange operands) {
  bool any = false;
  for (Value v : operands) {
    Type t = v.getType();
    if (isa<TensorType>(t))
      return false;
    if (auto vec = dyn_cast<VecType>(t)) {
      for (Type e : vec.getElementTypes())
        if (isa<TensorType>(e))
          return false;
    }
    any |= isa<VTensorType, VecType>(t);
  }
  return any;
}

Type metaToType(const MetaTensor &meta, bool valueSemantics) {
  if (valueSemantics)
    return VTensorType::get(meta.dtype.getContext(), meta.dims, meta.dtype);
  return TensorType::get(meta.dtype.getContext(), meta.dims, meta.dtype);
}

static bool isCompatibleResultType(Type inferred, Type declared) {
  if (inferred == declared)
    return true;
  auto vi = dyn_cast<VecType>(inferred);
  auto vd = dyn_cast<VecType>(declared);
  if (vi || vd) {
    if (!vi || !vd ||
        vi.getElementTypes().size() != vd.getElementTypes().size())
      return false;
    return llvm::all_of(
        llvm::zip_equal(vi.getElementTypes(), vd.getElementTypes()),
        [](auto pair) {
          return isCompatibleResultType(std::get<0>(pair), std::get<1>(pair));
        });
  }
  auto ti = dyn_cast<BaseTensorType>(inferred);
  auto td = dyn_cast<BaseTensorType>(declared);
  return ti && td && ti.getElementType() == td.getElementType() &&
         areShapesCompatible(ti.getShape(), td.getShape());
}

bool areCompatibleResultTypes(TypeRange inferred, TypeRange declared) {
  if (inferred.size() != declared.size())
    return false;
  for (auto [i, d] : llvm::zip_equal(inferred, declared))
    if (!isCompatibleResultType(i, d))
      return false;
  return true;
}

static LogicalResult checkSet(const MetaTensor &out, StringRef name,
                              const MetaError &err) {
  if (!out.present || !out.dtype)
    return err("internal error: InferMeta did not set output '", name, "'");
  // Dims computed from extreme inputs (a padding of -2^63, a product that
  // overflows) must not reach VTensorType::get, which asserts on them.
  int64_t elements = 1;
  bool overflows = false;
  for (int64_t dim : out.dims) {
    if ((dim < 0 || dim > kMaxTensorDim) && !ShapedType::isDynamic(dim))
      return err("output '", name, "' would have dimension ", dim,
                 ": the inputs (sizes, paddings, shapes) are out of range");
    if (!ShapedType::isDynamic(dim))
      overflows |= llvm::MulOverflow(elements, dim, elements);
  }
  // As the type parser refuses them: later passes count the elements
  // (roi_align of pooled sizes near 2^31 made 7e19).
  if (overflows && elements != 0)
    return err("output '", name, "' would have ", dimsStr(out.dims),
               ": its element count overflows int64");
  if (!isValidElementType(out.dtype))
    return err("output '", name, "' would have element type ", out.dtype);
  return success();
}

LogicalResult appendResultTypes(const MetaTensor &out, bool valueSemantics,
                                StringRef name, const MetaError &err,
                                SmallVectorImpl<Type> &types) {
  if (failed(checkSet(out, name, err)))
    return failure();
  types.push_back(metaToType(out, valueSemantics));
  return success();
}

LogicalResult appendResultTypes(ArrayRef<MetaTensor> outs, bool valueSemantics,
                                StringRef name, const MetaError &err,
                                SmallVectorImpl<Type> &types, bool asList) {
  SmallVector<Type> elements;
  for (const MetaTensor &out : outs) {
    if (failed(checkSet(out, name, err)))
      return failure();
    elements.push_back(metaToType(out, valueSemantics));
  }
  if (asList)
    types.push_back(VecType::get(err.ctx, elements));
  else
    llvm::append_range(types, elements);
  return success();
}

LogicalResult checkInplaceUpdate(const MetaTensor &input, MetaTensor &out,
                                 StringRef inputName, bool keepDtype,
                                 bool keepShape, const MetaError &err) {
  if (!out.present)
    return err("internal error: InferMeta did not set the in-place output");
  if (!keepShape) {
    if (keepDtype)
      out.dtype = input.dtype;
    return success();
  }
  if (!areShapesCompatible(input.dims, out.dims))
    return err("cannot update ", inputName, " of shape ", dimsStr(input.dims),
               " in place with a result of shape ", dimsStr(out.dims));
  // The input's dims, refined where the computation knows them better.
  SmallVector<int64_t> dims(input.dims);
  for (auto [d, inferred] : llvm::zip_equal(dims, out.dims))
    if (isDyn(d))
      d = inferred;
  out.set(dims, keepDtype ? input.dtype : out.dtype);
  return success();
}

void getPdOpEffects(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects,
    ArrayRef<unsigned> writtenOperands, bool isView, bool isRandom) {
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<TensorType>(operand.get().getType()))
      continue;
    if (llvm::is_contained(writtenOperands, operand.getOperandNumber()))
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
    else if (!isView)
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
  }
  // In-place results alias their operands; views alias theirs.
  if (writtenOperands.empty() && !isView)
    for (OpResult result : op->getResults())
      if (isa<TensorType>(result.getType()))
        effects.emplace_back(MemoryEffects::Allocate::get(), result);
  if (isRandom) {
    effects.emplace_back(MemoryEffects::Read::get(), RandomResource::get());
    effects.emplace_back(MemoryEffects::Write::get(), RandomResource::get());
  }
}

} // namespace mlir::pd
