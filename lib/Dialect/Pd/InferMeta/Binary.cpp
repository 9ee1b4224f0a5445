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

} // namespace mlir::pd
