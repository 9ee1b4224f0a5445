//===- Binary.cpp - InferMeta of broadcasting binary ops ------------------===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

namespace mlir::pd {

static LogicalResult sameDtype(const MetaTensor &x, const MetaTensor &y,
                               const MetaError &err) {
  if (x.dtype != y.dtype)
    return err("operands have different dtypes: x is ", x.dtype, ", y is ",
               y.dtype);
  return success();
}

LogicalResult ElementwiseInferMeta(const MetaTensor &x, const MetaTensor &y,
                                   MetaTensor &out, const MetaError &err) {
  SmallVector<int64_t> dims;
  if (failed(sameDtype(x, y, err)) ||
      failed(broadcastShapes(x.dims, y.dims, dims, err)))
    return failure();
  out.set(dims, x.dtype);
  return success();
}

LogicalResult CompareInferMeta(const MetaTensor &x, const MetaTensor &y,
                               MetaTensor &out, const MetaError &err) {
  SmallVector<int64_t> dims;
  if (failed(sameDtype(x, y, err)) ||
      failed(broadcastShapes(x.dims, y.dims, dims, err)))
    return failure();
  out.set(dims, IntegerType::get(err.ctx, 1));
  return success();
}

LogicalResult LogicalBinaryInferMeta(const MetaTensor &x, const MetaTensor &y,
                                     MetaTensor &out, const MetaError &err) {
  SmallVector<int64_t> dims;
  if (failed(broadcastShapes(x.dims, y.dims, dims, err)))
    return failure();
  out.set(dims, IntegerType::get(err.ctx, 1));
  return success();
}

LogicalResult WhereInferMeta(const MetaTensor &condition, const MetaTensor &x,
                             const MetaTensor &y, MetaTensor &out,
                             const MetaError &err) {
  if (!condition.dtype.isInteger(1))
    return err("condition must be a bool tensor, got ", condition.dtype);
  SmallVector<int64_t> xy, dims;
  if (failed(sameDtype(x, y, err)) ||
      failed(broadcastShapes(x.dims, y.dims, xy, err)) ||
      failed(broadcastShapes(condition.dims, xy, dims, err, "condition",
                             "x and y")))
    return failure();
  out.set(dims, x.dtype);
  return success();
}

LogicalResult LerpInferMeta(const MetaTensor &x, const MetaTensor &y,
                            const MetaTensor &weight, MetaTensor &out,
                            const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must be a floating-point tensor, got ", x.dtype);
  if (y.dtype != x.dtype || weight.dtype != x.dtype)
    return err("x, y and weight must have one dtype, got ", x.dtype, ", ", y.dtype, " and ",
               weight.dtype);
  SmallVector<int64_t> xy, dims;
  if (failed(broadcastShapes(x.dims, y.dims, xy, err)) ||
      failed(broadcastShapes(xy, weight.dims, dims, err, "x and y", "weight")))
    return failure();
  out.set(dims, x.dtype);
  return success();
}

LogicalResult MaskedFillInferMeta(const MetaTensor &x, const MetaTensor &mask,
                                  const MetaTensor &value, MetaTensor &out,
                                  const MetaError &err) {
  if (!mask.dtype.isInteger(1))
    return err("mask must be a bool tensor, got ", mask.dtype);
  if (value.dtype != x.dtype)
    return err("value must have x's dtype ", x.dtype, ", got ", value.dtype);
  if (int64_t n = value.numel(); n != kDyn && n != 1)
    return err("value must have one element, got ", n);
  SmallVector<int64_t> dims;
  if (failed(broadcastShapes(x.dims, mask.dims, dims, err, "x", "mask")))
    return failure();
  out.set(dims, x.dtype);
  return success();
}

LogicalResult CompareAllInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                                  const MetaError &err) {
  // Shapes that differ are not an error: the answer is false.
  if (failed(sameDtype(x, y, err)))
    return failure();
  out.set({}, IntegerType::get(err.ctx, 1));
  return success();
}

LogicalResult AllValueCompareInferMeta(const MetaTensor &x, const MetaTensor &y,
                                       MetaTensor &out, const MetaError &err) {
  SmallVector<int64_t> dims;
  if (failed(sameDtype(x, y, err)) || failed(broadcastShapes(x.dims, y.dims, dims, err)))
    return failure();
  out.set({}, IntegerType::get(err.ctx, 1));
  return success();
}

LogicalResult AddNInferMeta(const MetaTensorList &inputs, MetaTensor &out,
                            const MetaError &err) {
  if (inputs.tensors.empty())
    return err("needs at least one input");
  const MetaTensor &first = inputs.tensors.front();
  SmallVector<int64_t> dims(first.dims);
  for (auto [i, t] : llvm::enumerate(inputs.tensors)) {
    if (t.dtype != first.dtype)
      return err("inputs have different dtypes: input 0 is ", first.dtype, ", input ", i,
                 " is ", t.dtype);
    if (t.rank() != (int64_t)dims.size())
      return err("inputs have different shapes: input 0 is ", dimsStr(first.dims),
                 ", input ", i, " is ", dimsStr(t.dims));
    for (auto [d, td] : llvm::zip(dims, t.dims)) {
      if (!isDyn(d) && !isDyn(td) && d != td)
        return err("inputs have different shapes: input 0 is ", dimsStr(first.dims),
                   ", input ", i, " is ", dimsStr(t.dims));
      if (isDyn(d))
        d = td;
    }
  }
  out.set(dims, first.dtype);
  return success();
}

} // namespace mlir::pd
