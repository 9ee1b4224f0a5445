//===- Creation.cpp - InferMeta of ops that create tensors ----------------===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

#include <cmath>

namespace mlir::pd {

static FailureOr<Type> concreteDtype(DataType dtype, const MetaError &err) {
  Type type = dtypeToType(err.ctx, dtype);
  if (!type) {
    (void)err("needs a concrete dtype, got ", stringifyDataType(dtype));
    return failure();
  }
  return type;
}

static LogicalResult shapeFrom(const IntArrayArg &shape,
                               SmallVectorImpl<int64_t> &dims,
                               const MetaError &err) {
  if (!shape.isConstant()) {
    if (isDyn(shape.size))
      return err("the shape's length must be known at compile time");
    dims.assign(shape.size, kDyn);
    return success();
  }
  for (int64_t d : *shape.values) {
    if (d < -1)
      return err("shape ", dimsStr(*shape.values), " has invalid dimension ", d);
    dims.push_back(d == -1 ? kDyn : d);
  }
  return success();
}

LogicalResult CreateInferMeta(const IntArrayArg &shape, DataType dtype,
                              MetaTensor &out, const MetaError &err) {
  SmallVector<int64_t> dims;
  FailureOr<Type> type = concreteDtype(dtype, err);
  if (failed(type) || failed(shapeFrom(shape, dims, err)))
    return failure();
  out.set(dims, *type);
  return success();
}

LogicalResult RandintInferMeta(int64_t low, int64_t high,
                               const IntArrayArg &shape, DataType dtype,
                               MetaTensor &out, const MetaError &err) {
  if (low >= high)
    return err("low (", low, ") must be less than high (", high, ")");
  if (dtype != DataType::INT32 && dtype != DataType::INT64)
    return err("dtype must be int32 or int64, got ", stringifyDataType(dtype));
  return CreateInferMeta(shape, dtype, out, err);
}

LogicalResult AssignValueInferMeta(ArrayRef<int32_t> shape, DataType dtype,
                                   ArrayAttr values, MetaTensor &out,
                                   const MetaError &err) {
  FailureOr<Type> type = concreteDtype(dtype, err);
  if (failed(type))
    return failure();
  int64_t numel = 1;
  for (int32_t d : shape) {
    if (d < 0)
      return err("shape has invalid dimension ", d);
    numel *= d;
  }
  if (numel != (int64_t)values.size())
    return err("shape ", dimsStr(SmallVector<int64_t>(shape.begin(), shape.end())),
               " holds ", numel, " elements but ", values.size(),
               " values are given");
  out.set(SmallVector<int64_t>(shape.begin(), shape.end()), *type);
  return success();
}

LogicalResult CreateLikeInferMeta(const MetaTensor &x, DataType dtype,
                                  MetaTensor &out, const MetaError &err) {
  if (dtype == DataType::ALL_DTYPE) {
    out.share(x);
    return success();
  }
  FailureOr<Type> type = concreteDtype(dtype, err);
  if (failed(type))
    return failure();
  out.set(x.dims, *type);
  return success();
}

LogicalResult FullWithTensorInferMeta(const IntArrayArg &shape, DataType dtype,
                                      MetaTensor &out, const MetaError &err) {
  return CreateInferMeta(shape, dtype, out, err);
}

LogicalResult ArangeInferMeta(const ScalarArg &start, const ScalarArg &end,
                              const ScalarArg &step, DataType dtype,
                              MetaTensor &out, const MetaError &err) {
  FailureOr<Type> type = concreteDtype(dtype, err);
  if (failed(type))
    return failure();
  int64_t n = kDyn;
  if (step.value && *step.value == 0)
    return err("step must not be 0");
  if (start.value && end.value && step.value) {
    // As Paddle's GetSize: a step that walks away from `end` is an error,
    // not an empty range (start == end is empty).
    double diff = *end.value - *start.value;
    if (diff > 0 && *step.value < 0)
      return err("step ", *step.value, " must be positive when start ",
                 *start.value, " < end ", *end.value);
    if (diff < 0 && *step.value > 0)
      return err("step ", *step.value, " must be negative when start ",
                 *start.value, " > end ", *end.value);
    n = static_cast<int64_t>(std::ceil(diff / *step.value));
  }
  out.set({n}, *type);
  return success();
}

/// linspace / logspace: `count` values of dtype; `what` names the count
/// argument in the diagnostic.
static LogicalResult evenlySpacedInferMeta(const ScalarArg &count, StringRef what,
                                           DataType dtype, MetaTensor &out,
                                           const MetaError &err) {
  FailureOr<Type> type = concreteDtype(dtype, err);
  if (failed(type))
    return failure();
  std::optional<int64_t> n = count.asInt();
  if (n && *n <= 0)
    return err(what, " must be positive, got ", *n);
  out.set({n ? *n : kDyn}, *type);
  return success();
}

LogicalResult LinspaceInferMeta(const ScalarArg &start, const ScalarArg &stop,
                                const ScalarArg &number, DataType dtype,
                                MetaTensor &out, const MetaError &err) {
  return evenlySpacedInferMeta(number, "number", dtype, out, err);
}

LogicalResult LogspaceInferMeta(const ScalarArg &start, const ScalarArg &stop,
                                const ScalarArg &num, const ScalarArg &base, DataType dtype,
                                MetaTensor &out, const MetaError &err) {
  return evenlySpacedInferMeta(num, "num", dtype, out, err);
}

LogicalResult EyeInferMeta(const ScalarArg &numRows, const ScalarArg &numColumns,
                           DataType dtype, MetaTensor &out,
                           const MetaError &err) {
  FailureOr<Type> type = concreteDtype(dtype, err);
  if (failed(type))
    return failure();
  std::optional<int64_t> rows = numRows.asInt(), cols = numColumns.asInt();
  if (rows && *rows < 0)
    return err("num_rows must be non-negative, got ", *rows);
  // Paddle: num_columns = -1 means num_rows.
  if (cols && *cols == -1)
    cols = rows;
  if (cols && *cols < 0)
    return err("num_columns must be non-negative, got ", *cols);
  out.set({rows ? *rows : kDyn, cols ? *cols : kDyn}, *type);
  return success();
}

int64_t triangleCount(int64_t rows, int64_t cols, int64_t offset, bool lower) {
  int64_t count = 0;
  for (int64_t r = 0; r < rows; ++r) {
    // Columns c with c - r <= offset (lower) or >= offset (upper).
    int64_t c0 = lower ? 0 : std::clamp<int64_t>(r + offset, 0, cols);
    int64_t c1 = lower ? std::clamp<int64_t>(r + offset + 1, 0, cols) : cols;
    count += c1 - c0;
  }
  return count;
}

/// Triangle indices are built at compile time (a constant): rows and cols
/// are bounded so that neither the count nor the loop over rows is huge.
static LogicalResult triangleIndicesInferMeta(int64_t rows, int64_t cols, int64_t offset,
                                              DataType dtype, bool lower, MetaTensor &out,
                                              const MetaError &err) {
  constexpr int64_t kMaxSide = int64_t(1) << 20;
  if (rows < 0 || cols < 0)
    return err("rows and cols must be non-negative, got ", rows, " and ", cols);
  if (rows > kMaxSide || cols > kMaxSide || rows * cols > (int64_t(1) << 26))
    return err("a ", rows, " x ", cols, " matrix is too large for its indices (at most 2^26 "
               "elements)");
  if (dtype != DataType::INT32 && dtype != DataType::INT64)
    return err("dtype must be int32 or int64");
  FailureOr<Type> type = concreteDtype(dtype, err);
  if (failed(type))
    return failure();
  out.set({2, triangleCount(rows, cols, offset, lower)}, *type);
  return success();
}

LogicalResult TrilIndicesInferMeta(int64_t rows, int64_t cols, int64_t offset, DataType dtype,
                                   MetaTensor &out, const MetaError &err) {
  return triangleIndicesInferMeta(rows, cols, offset, dtype, /*lower=*/true, out, err);
}

LogicalResult TriuIndicesInferMeta(int64_t row, int64_t col, int64_t offset, DataType dtype,
                                   MetaTensor &out, const MetaError &err) {
  return triangleIndicesInferMeta(row, col, offset, dtype, /*lower=*/false, out, err);
}

} // namespace mlir::pd
