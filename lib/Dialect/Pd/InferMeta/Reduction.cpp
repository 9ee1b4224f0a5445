//===- Reduction.cpp - InferMeta of reductions, scans and sorting ---------===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

#include "llvm/ADT/SmallSet.h"

namespace mlir::pd {

/// The reduced shape: empty `axis` (or reduceAll) reduces every dim.
static LogicalResult reduceShape(const MetaTensor &x, ArrayRef<int64_t> axis,
                                 bool keepdim, bool reduceAll,
                                 SmallVectorImpl<int64_t> &dims,
                                 const MetaError &err) {
  llvm::SmallSet<int64_t, 8> reduced;
  if (axis.empty() || reduceAll) {
    for (int64_t i = 0; i < x.rank(); ++i)
      reduced.insert(i);
  } else {
    for (int64_t a : axis) {
      FailureOr<int64_t> n = normalizeAxis(a, x.rank(), err);
      if (failed(n))
        return failure();
      if (!reduced.insert(*n).second)
        return err("axis ", a, " is reduced twice");
    }
  }
  dims.clear();
  for (int64_t i = 0; i < x.rank(); ++i) {
    if (!reduced.contains(i))
      dims.push_back(x.dims[i]);
    else if (keepdim)
      dims.push_back(1);
  }
  return success();
}

LogicalResult ReduceInferMetaBase(const MetaTensor &x, ArrayRef<int64_t> axis,
                                  bool keepdim, bool reduceAll,
                                  MetaTensor &out, const MetaError &err) {
  SmallVector<int64_t> dims;
  if (failed(reduceShape(x, axis, keepdim, reduceAll, dims, err)))
    return failure();
  out.set(dims, x.dtype);
  return success();
}

LogicalResult ReduceInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis,
                              bool keepdim, MetaTensor &out,
                              const MetaError &err) {
  return ReduceInferMetaBase(x, axis, keepdim, false, out, err);
}

LogicalResult LogsumexpInferMeta(const MetaTensor &x, ArrayRef<int32_t> axis,
                                 bool keepdim, bool reduceAll, MetaTensor &out,
                                 const MetaError &err) {
  SmallVector<int64_t> wide(axis.begin(), axis.end());
  return ReduceInferMetaBase(x, wide, keepdim, reduceAll, out, err);
}

LogicalResult ReduceBoolInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis,
                                  bool keepdim, MetaTensor &out,
                                  const MetaError &err) {
  if (failed(ReduceInferMeta(x, axis, keepdim, out, err)))
    return failure();
  out.dtype = IntegerType::get(err.ctx, 1);
  return success();
}

LogicalResult ReduceIntArrayAxisInferMetaBase(const MetaTensor &x,
                                              const IntArrayArg &axis,
                                              bool keepdim, bool reduceAll,
                                              MetaTensor &out,
                                              const MetaError &err) {
  if (axis.isConstant() || reduceAll)
    return ReduceInferMetaBase(
        x, axis.isConstant() ? ArrayRef<int64_t>(*axis.values) : ArrayRef<int64_t>(),
        keepdim, reduceAll, out, err);
  // Axes computed at run time: the rank is known when keepdim is set or the
  // number of axes is.
  if (keepdim) {
    out.set(SmallVector<int64_t>(x.rank(), kDyn), x.dtype);
    return success();
  }
  if (isDyn(axis.size))
    return err("the reduced axes must be known at compile time, or keepdim "
               "set, to know the result's rank");
  if (axis.size > x.rank())
    return err(axis.size, " axes are reduced in a tensor of rank ", x.rank());
  out.set(SmallVector<int64_t>(x.rank() - axis.size, kDyn), x.dtype);
  return success();
}

LogicalResult ReduceIntArrayAxisInferMeta(const MetaTensor &x,
                                          const IntArrayArg &axis,
                                          bool keepdim, MetaTensor &out,
                                          const MetaError &err) {
  return ReduceIntArrayAxisInferMetaBase(x, axis, keepdim, false, out, err);
}

LogicalResult SumInferMeta(const MetaTensor &x, const IntArrayArg &axis,
                           DataType dtype, bool keepdim, MetaTensor &out,
                           const MetaError &err) {
  if (failed(ReduceIntArrayAxisInferMeta(x, axis, keepdim, out, err)))
    return failure();
  if (dtype != DataType::ALL_DTYPE) {
    out.dtype = dtypeToType(err.ctx, dtype);
    if (!out.dtype)
      return err("cannot sum into dtype ", stringifyDataType(dtype));
  } else if (x.dtype.isInteger(1) || x.dtype.isInteger(32)) {
    // As in PHI: bool and int32 sums accumulate into int64.
    out.dtype = IntegerType::get(err.ctx, 64);
  }
  return success();
}

LogicalResult NansumInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis, DataType dtype,
                              bool keepdim, MetaTensor &out, const MetaError &err) {
  return SumInferMeta(x, IntArrayArg::of(axis), dtype, keepdim, out, err);
}

LogicalResult FloatReduceInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis, bool keepdim,
                                   MetaTensor &out, const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  return ReduceInferMeta(x, axis, keepdim, out, err);
}

LogicalResult IdentityLossInferMeta(const MetaTensor &x, int32_t reduction, MetaTensor &out,
                                    const MetaError &err) {
  if (reduction < 0 || reduction > 2)
    return err("reduction must be 0 (sum), 1 (mean) or 2 (none), got ", reduction);
  if (reduction == 2)
    out.share(x);
  else
    out.set({}, x.dtype);
  return success();
}

LogicalResult ClipByNormInferMeta(const MetaTensor &x, float maxNorm, MetaTensor &out,
                                  const MetaError &err) {
  if (!(maxNorm > 0))
    return err("max_norm must be greater than 0, got ", numStr(maxNorm));
  out.share(x);
  return success();
}

LogicalResult MeanAllInferMeta(const MetaTensor &x, MetaTensor &out,
                               const MetaError &err) {
  out.set({}, x.dtype);
  return success();
}

LogicalResult ArgMinMaxInferMeta(const MetaTensor &x, const ScalarArg &axis,
                                 bool keepdims, bool flatten, DataType dtype,
                                 MetaTensor &out, const MetaError &err) {
  if (dtype != DataType::INT32 && dtype != DataType::INT64)
    return err("dtype must be int32 or int64, got ", stringifyDataType(dtype));
  Type indexType = dtypeToType(err.ctx, dtype);
  if (flatten) {
    out.set(keepdims ? SmallVector<int64_t>(x.rank(), 1) : SmallVector<int64_t>{},
            indexType);
    return success();
  }
  std::optional<int64_t> a = axis.asInt();
  if (!a) {
    out.set(SmallVector<int64_t>(keepdims ? x.rank() : std::max<int64_t>(x.rank() - 1, 0), kDyn),
            indexType);
    return success();
  }
  SmallVector<int64_t> dims;
  MetaTensor xs = x;
  if (failed(reduceShape(xs, {*a}, keepdims, false, dims, err)))
    return failure();
  out.set(dims, indexType);
  return success();
}

LogicalResult CumScalarAxisInferMeta(const MetaTensor &x, const ScalarArg &axis,
                                     bool flatten, MetaTensor &out,
                                     const MetaError &err) {
  if (flatten) {
    out.set({x.numel()}, x.dtype);
    return success();
  }
  if (std::optional<int64_t> a = axis.asInt())
    if (failed(normalizeAxis(*a, x.rank(), err)))
      return failure();
  out.share(x);
  return success();
}

LogicalResult TopKInferMeta(const MetaTensor &x, const ScalarArg &k,
                            int64_t axis, MetaTensor &out, MetaTensor &indices,
                            const MetaError &err) {
  FailureOr<int64_t> a = normalizeAxis(axis, x.rank(), err);
  if (failed(a))
    return failure();
  SmallVector<int64_t> dims(x.dims);
  if (x.rank() > 0) {
    std::optional<int64_t> kv = k.asInt();
    if (kv && *kv < 1)
      return err("k must be positive, got ", *kv);
    if (kv && !isDyn(dims[*a]) && *kv > dims[*a])
      return err("k = ", *kv, " is larger than dimension ", *a, " of size ",
                 dims[*a]);
    dims[*a] = kv ? *kv : kDyn;
  }
  out.set(dims, x.dtype);
  indices.set(dims, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult ArgsortInferMeta(const MetaTensor &x, int64_t axis,
                               MetaTensor &out, MetaTensor &indices,
                               const MetaError &err) {
  if (failed(normalizeAxis(axis, x.rank(), err)))
    return failure();
  out.share(x);
  indices.set(x.dims, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult KthvalueInferMeta(const MetaTensor &x, int64_t k, int64_t axis, bool keepdim,
                                MetaTensor &out, MetaTensor &indices, const MetaError &err) {
  FailureOr<int64_t> a = normalizeAxis(axis, x.rank(), err);
  if (failed(a))
    return failure();
  int64_t n = x.rank() == 0 ? 1 : x.dims[*a];
  if (k < 1 || (!isDyn(n) && k > n))
    return err("k must be in [1, ", n, "] (the size of axis ", *a, "), got ", k);
  SmallVector<int64_t> dims(x.dims);
  if (x.rank() > 0) {
    if (keepdim)
      dims[*a] = 1;
    else
      dims.erase(dims.begin() + *a);
  }
  out.set(dims, x.dtype);
  indices.set(dims, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult HistogramInferMeta(const MetaTensor &input, const MetaTensor &weight, int64_t bins,
                                 float min, float max, bool density, MetaTensor &out,
                                 const MetaError &err) {
  if (bins < 1)
    return err("bins must be positive, got ", bins);
  if (max < min)
    return err("max (", numStr(max), ") must not be less than min (", numStr(min), ")");
  if (!input.dtype.isIntOrFloat() || input.dtype.isInteger(1))
    return err("input must be an integer or float tensor, got ", input.dtype);
  if (weight.present) {
    if (weight.dtype != input.dtype)
      return err("weight's dtype ", weight.dtype, " differs from input's ", input.dtype);
    if (weight.rank() != input.rank() ||
        llvm::any_of(llvm::zip(weight.dims, input.dims),
                     [](auto p) { return knownAndDiffer(std::get<0>(p), std::get<1>(p)); }))
      return err("weight's shape ", dimsStr(weight.dims), " differs from input's ",
                 dimsStr(input.dims));
  }
  Type dtype = (weight.present || density) ? (Type)Float32Type::get(err.ctx)
                                           : (Type)IntegerType::get(err.ctx, 64);
  out.set({bins}, dtype);
  return success();
}

LogicalResult RandpermInferMeta(int32_t n, DataType dtype, MetaTensor &out, const MetaError &err) {
  if (n < 0)
    return err("n must not be negative, got ", n);
  Type type = dtypeToType(err.ctx, dtype);
  if (!type || !isa<IntegerType>(type) || type.isInteger(1))
    return err("dtype must be an integer type, got ", stringifyDataType(dtype));
  out.set({n}, type);
  return success();
}

LogicalResult MultinomialInferMeta(const MetaTensor &x, const ScalarArg &numSamples,
                                   bool replacement, MetaTensor &out, const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must hold float probabilities, got ", x.dtype);
  if (x.rank() != 1 && x.rank() != 2)
    return err("x must be [C] or [B, C], got ", dimsStr(x.dims));
  int64_t k = kDyn;
  if (std::optional<int64_t> v = numSamples.asInt()) {
    k = *v;
    if (k <= 0)
      return err("num_samples must be positive, got ", k);
    int64_t c = x.dims.back();
    if (!replacement && !isDyn(c) && k > c)
      return err("without replacement at most ", c, " samples, got ", k);
  }
  SmallVector<int64_t> dims(x.dims);
  dims.back() = k;
  out.set(dims, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult GumbelSoftmaxInferMeta(const MetaTensor &x, float temperature, bool hard,
                                     int32_t axis, MetaTensor &out, const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  if (!(temperature > 0))
    return err("temperature must be positive, got ", numStr(temperature));
  if (failed(normalizeAxis(axis, x.rank(), err)))
    return failure();
  out.share(x);
  return success();
}

LogicalResult MedianInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis, bool keepdim,
                              StringRef mode, MetaTensor &out, MetaTensor &medians,
                              const MetaError &err) {
  if (mode != "avg" && mode != "min")
    return err("mode must be \"avg\" or \"min\", got \"", mode, "\"");
  if (failed(ReduceInferMetaBase(x, axis, keepdim, axis.empty(), out, err)))
    return failure();
  SmallVector<int64_t> dims(out.dims);
  if (mode == "avg")
    dims.push_back(2);
  medians.set(dims, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult ModeInferMeta(const MetaTensor &x, int64_t axis, bool keepdim, MetaTensor &out,
                            MetaTensor &indices, const MetaError &err) {
  FailureOr<int64_t> a = normalizeAxis(axis, x.rank(), err);
  if (failed(a))
    return failure();
  SmallVector<int64_t> dims(x.dims);
  if (x.rank() > 0) {
    if (keepdim)
      dims[*a] = 1;
    else
      dims.erase(dims.begin() + *a);
  }
  out.set(dims, x.dtype);
  indices.set(dims, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult CumWithIndicesInferMeta(const MetaTensor &x, int64_t axis, DataType dtype,
                                      MetaTensor &out, MetaTensor &indices,
                                      const MetaError &err) {
  if (dtype != DataType::INT32 && dtype != DataType::INT64)
    return err("dtype must be int32 or int64, got ", stringifyDataType(dtype));
  if (failed(normalizeAxis(axis, x.rank(), err)))
    return failure();
  out.share(x);
  indices.set(x.dims, dtypeToType(err.ctx, dtype));
  return success();
}

LogicalResult RenormInferMeta(const MetaTensor &x, int64_t axis, MetaTensor &out,
                              const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor");
  if (x.rank() == 0)
    return err("x must have at least one dim");
  if (failed(normalizeAxis(axis, x.rank(), err)))
    return failure();
  out.share(x);
  return success();
}

LogicalResult PNormInferMeta(const MetaTensor &x, int64_t axis, bool keepdim,
                             bool asvector, MetaTensor &out,
                             const MetaError &err) {
  // As in PHI, the axis must be valid even when asvector ignores it.
  if (failed(normalizeAxis(axis, x.rank(), err)))
    return failure();
  if (asvector) {
    out.set(keepdim ? SmallVector<int64_t>(x.rank(), 1) : SmallVector<int64_t>{},
            x.dtype);
    return success();
  }
  return ReduceInferMeta(x, {axis}, keepdim, out, err);
}

LogicalResult CumInferMeta(const MetaTensor &x, int64_t axis, bool flatten, MetaTensor &out,
                           const MetaError &err) {
  if (flatten) {
    out.set({x.numel()}, x.dtype);
    return success();
  }
  if (x.rank() > 0 && failed(normalizeAxis(axis, x.rank(), err)))
    return failure();
  out.share(x);
  return success();
}

LogicalResult SearchsortedInferMeta(const MetaTensor &sortedSequence, const MetaTensor &values,
                                    bool outInt32, MetaTensor &out, const MetaError &err) {
  if (sortedSequence.rank() == 0)
    return err("sorted_sequence must have at least one dim");
  // An N-D sequence: one sorted row per leading index of values.
  if (sortedSequence.rank() > 1) {
    if (values.rank() != sortedSequence.rank())
      return err("values must have the rank of an N-D sorted_sequence, got ",
                 dimsStr(values.dims), " and ", dimsStr(sortedSequence.dims));
    for (int64_t i = 0; i + 1 < values.rank(); ++i)
      if (!isDyn(values.dims[i]) && !isDyn(sortedSequence.dims[i]) &&
          values.dims[i] != sortedSequence.dims[i])
        return err("the leading dims of sorted_sequence ", dimsStr(sortedSequence.dims),
                   " and values ", dimsStr(values.dims), " differ");
  }
  MLIRContext *ctx = values.dtype.getContext();
  out.set(values.dims, IntegerType::get(ctx, outInt32 ? 32 : 64));
  return success();
}

LogicalResult DistInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                            const MetaError &err) {
  SmallVector<int64_t> dims;
  if (failed(broadcastShapes(x.dims, y.dims, dims, err)))
    return failure();
  if (x.dtype != y.dtype)
    return err("x and y have different dtypes");
  out.set({}, x.dtype);
  return success();
}

LogicalResult SquaredL2NormInferMeta(const MetaTensor &x, MetaTensor &out,
                                     const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  out.set({1}, x.dtype); // Paddle's [1], not 0-D
  return success();
}

LogicalResult L1NormInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  out.set({}, x.dtype);
  return success();
}

LogicalResult SoftmaxMaskFuseInferMeta(const MetaTensor &x, const MetaTensor &mask,
                                       MetaTensor &out, const MetaError &err) {
  if (x.rank() != 4 || mask.rank() != 4)
    return err("x and mask must be 4-D, got ", dimsStr(x.dims), " and ", dimsStr(mask.dims));
  if (!isa<FloatType>(x.dtype) || mask.dtype != x.dtype)
    return err("x and mask must be float tensors of one dtype, got ", x.dtype, " and ",
               mask.dtype);
  if (knownAndDiffer(mask.dims[1], 1))
    return err("mask's second dim must be 1 (one mask for every head), got ", dimsStr(mask.dims));
  for (int64_t i : {0, 2, 3})
    if (knownAndDiffer(x.dims[i], mask.dims[i]))
      return err("dim ", i, " of x ", dimsStr(x.dims), " and mask ", dimsStr(mask.dims),
                 " differ");
  out.share(x);
  return success();
}

LogicalResult SoftmaxMaskFuseUpperTriangleInferMeta(const MetaTensor &x, MetaTensor &out,
                                                    const MetaError &err) {
  if (x.rank() != 4)
    return err("X must be 4-D [batch, heads, seq, seq], got ", dimsStr(x.dims));
  if (!isa<FloatType>(x.dtype))
    return err("X must be a float tensor, got ", x.dtype);
  if (knownAndDiffer(x.dims[2], x.dims[3]))
    return err("X's last two dims must be equal, got ", dimsStr(x.dims));
  out.share(x);
  return success();
}

LogicalResult ReduceAsInferMeta(const MetaTensor &x, const MetaTensor &target, MetaTensor &out,
                                const MetaError &err) {
  if (target.rank() > x.rank())
    return err("target ", dimsStr(target.dims), " has more dims than x ", dimsStr(x.dims));
  int64_t offset = x.rank() - target.rank();
  for (int64_t i = 0; i < target.rank(); ++i)
    if (!isDyn(target.dims[i]) && target.dims[i] != 1 && knownAndDiffer(target.dims[i], x.dims[i + offset]))
      return err("target ", dimsStr(target.dims), " does not broadcast to x ", dimsStr(x.dims));
  Type dtype = x.dtype;
  if (dtype.isInteger(1) || dtype.isInteger(32))
    dtype = IntegerType::get(dtype.getContext(), 64);
  out.set(target.dims, dtype);
  return success();
}

} // namespace mlir::pd
