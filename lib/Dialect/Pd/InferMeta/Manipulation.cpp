//===- Manipulation.cpp - InferMeta of shape manipulation and indexing ----===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

#include "llvm/ADT/SmallSet.h"

#include <limits>

namespace mlir::pd {

namespace {
/// Merges two dims that must agree; the known one wins.
int64_t merge(int64_t a, int64_t b) { return isDyn(a) ? b : a; }

/// normalizeAxis for an axis that names a dim of the tensor: unlike a
/// reduction axis, it cannot apply to a 0-D tensor.
FailureOr<int64_t> normalizeDimAxis(int64_t axis, int64_t rank,
                                    const MetaError &err,
                                    StringRef what = "axis") {
  if (rank == 0) {
    (void)err(what, " ", axis, " is out of range: the input is 0-D");
    return failure();
  }
  return normalizeAxis(axis, rank, err, what);
}

LogicalResult checkIndexDtype(const MetaTensor &index, StringRef name,
                              const MetaError &err) {
  if (!isa<IntegerType>(index.dtype) || index.dtype.isInteger(1))
    return err(name, " must be an int32 or int64 tensor, got ", index.dtype);
  return success();
}
} // namespace

LogicalResult ReshapeInferMeta(const MetaTensor &x, const IntArrayArg &shape,
                               MetaTensor &out, const MetaError &err) {
  if (!shape.isConstant()) {
    if (isDyn(shape.size))
      return err("the target shape's length must be known at compile time");
    out.set(SmallVector<int64_t>(shape.size, kDyn), x.dtype);
    return success();
  }
  const SmallVector<int64_t> &target = *shape.values;
  SmallVector<int64_t> dims;
  // Input dims that a 0 copies cancel out of the element count, so that
  // [0, -1] of [?, 8, 4] is [?, 32].
  SmallVector<bool> copied(x.rank(), false);
  int64_t inferIndex = -1, known = 1;
  for (auto [i, targetDim] : llvm::enumerate(target)) {
    int64_t d = targetDim;
    if (d == -1) {
      if (inferIndex >= 0)
        return err("shape ", dimsStr(target), " has more than one -1");
      inferIndex = i;
      dims.push_back(kDyn);
      continue;
    }
    if (d == 0) {
      // Paddle: 0 copies the input dim at the same index.
      if ((int64_t)i >= x.rank())
        return err("shape ", dimsStr(target), " has a 0 at index ", i,
                   " but the input ", dimsStr(x.dims), " has rank ", x.rank());
      copied[i] = true;
      dims.push_back(x.dims[i]);
      continue;
    }
    if (d < 0)
      return err("shape ", dimsStr(target), " has invalid dimension ", d);
    dims.push_back(d);
    known = mulDims(known, d);
  }
  int64_t rest = 1;
  for (int64_t i = 0; i < x.rank(); ++i)
    if (!copied[i])
      rest = mulDims(rest, x.dims[i]);
  if (isDyn(rest) || isDyn(known)) {
    out.set(dims, x.dtype);
    return success();
  }
  int64_t numel = x.numel();
  if (inferIndex >= 0) {
    if (known == 0 || rest % known != 0) {
      if (isDyn(numel))
        return err("cannot reshape ", dimsStr(x.dims), " to ", dimsStr(target));
      return err("cannot reshape ", dimsStr(x.dims), " (", numel,
                 " elements) to ", dimsStr(target));
    }
    dims[inferIndex] = rest / known;
  } else if (rest != known) {
    if (isDyn(numel))
      return err("cannot reshape ", dimsStr(x.dims), " to ", dimsStr(dims));
    int64_t total = 1;
    bool overflows = false;
    for (int64_t d : dims)
      overflows |= llvm::MulOverflow(total, d, total);
    if (overflows)
      return err("cannot reshape ", dimsStr(x.dims), " (", numel, " elements) to ",
                 dimsStr(dims), " (more elements than int64 counts)");
    return err("cannot reshape ", dimsStr(x.dims), " (", numel,
               " elements) to ", dimsStr(dims), " (", total, " elements)");
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult TransposeInferMeta(const MetaTensor &x, ArrayRef<int32_t> perm,
                                 MetaTensor &out, const MetaError &err) {
  if ((int64_t)perm.size() != x.rank())
    return err("perm has ", perm.size(), " entries but the input ",
               dimsStr(x.dims), " has rank ", x.rank());
  SmallVector<int64_t> dims;
  llvm::SmallSet<int64_t, 8> seen;
  for (int32_t p : perm) {
    FailureOr<int64_t> a = normalizeAxis(p, x.rank(), err, "perm entry");
    if (failed(a))
      return failure();
    if (!seen.insert(*a).second)
      return err("perm repeats axis ", p);
    dims.push_back(x.dims[*a]);
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult ConcatInferMeta(const MetaTensorList &x, const ScalarArg &axis,
                              MetaTensor &out, const MetaError &err) {
  if (x.tensors.empty())
    return err("needs at least one input tensor");
  const MetaTensor &first = x.tensors.front();
  for (const MetaTensor &t : x.tensors) {
    if (t.rank() != first.rank())
      return err("inputs have different ranks: ", dimsStr(first.dims),
                 " and ", dimsStr(t.dims));
    if (t.dtype != first.dtype)
      return err("inputs have different dtypes: ", first.dtype, " and ",
                 t.dtype);
  }
  std::optional<int64_t> a = axis.asInt();
  if (!a) {
    out.set(SmallVector<int64_t>(first.rank(), kDyn), first.dtype);
    return success();
  }
  FailureOr<int64_t> ax = normalizeDimAxis(*a, first.rank(), err);
  if (failed(ax))
    return failure();
  SmallVector<int64_t> dims(first.dims);
  dims[*ax] = 0;
  for (const MetaTensor &t : x.tensors) {
    for (int64_t i = 0; i < first.rank(); ++i) {
      if (i == *ax)
        continue;
      if (knownAndDiffer(dims[i], t.dims[i]))
        return err("inputs ", dimsStr(first.dims), " and ", dimsStr(t.dims),
                   " differ in dimension ", i, ", which is not the concat axis ",
                   *ax);
      dims[i] = merge(dims[i], t.dims[i]);
    }
    dims[*ax] = addDims(dims[*ax], t.dims[*ax]);
  }
  out.set(dims, first.dtype);
  return success();
}

LogicalResult StackInferMeta(const MetaTensorList &x, int64_t axis,
                             MetaTensor &out, const MetaError &err) {
  if (x.tensors.empty())
    return err("needs at least one input tensor");
  SmallVector<int64_t> dims(x.tensors.front().dims);
  for (const MetaTensor &t : x.tensors) {
    if (t.dtype != x.tensors.front().dtype)
      return err("inputs have different dtypes");
    if (!areShapesCompatible(t.dims, dims))
      return err("inputs must have one shape, got ", dimsStr(dims), " and ",
                 dimsStr(t.dims));
    for (auto [d, td] : llvm::zip_equal(dims, t.dims))
      d = merge(d, td);
  }
  FailureOr<int64_t> a = normalizeAxis(axis, dims.size() + 1, err);
  if (failed(a))
    return failure();
  dims.insert(dims.begin() + *a, x.tensors.size());
  out.set(dims, x.tensors.front().dtype);
  return success();
}

LogicalResult SplitInferMeta(const MetaTensor &x, const IntArrayArg &sections,
                             const ScalarArg &axis,
                             SmallVectorImpl<MetaTensor> &out,
                             const MetaError &err) {
  if (isDyn(sections.size))
    return err("the number of sections must be known at compile time");
  if (sections.size > (int64_t(1) << 16))
    return err("splitting into ", sections.size, " tensors: at most ", int64_t(1) << 16,
               " are supported");
  std::optional<int64_t> a = axis.asInt();
  if (!a) {
    out.assign(sections.size, MetaTensor(SmallVector<int64_t>(x.rank(), kDyn), x.dtype));
    return success();
  }
  FailureOr<int64_t> ax = normalizeDimAxis(*a, x.rank(), err);
  if (failed(ax))
    return failure();
  int64_t dim = x.dims[*ax];
  SmallVector<int64_t> sizes(sections.size, kDyn);
  if (sections.isConstant()) {
    sizes.assign(sections.values->begin(), sections.values->end());
    int64_t inferIndex = -1, sum = 0;
    for (auto [i, s] : llvm::enumerate(sizes)) {
      if (s == -1) {
        if (inferIndex >= 0)
          return err("sections ", dimsStr(*sections.values),
                     " have more than one -1");
        inferIndex = i;
        s = kDyn;
      } else if (s < 0) {
        return err("sections ", dimsStr(*sections.values),
                   " has invalid size ", s);
      } else {
        sum += s;
      }
    }
    if (!isDyn(dim)) {
      if (inferIndex >= 0) {
        if (sum > dim)
          return err("sections ", dimsStr(*sections.values), " sum to more than ",
                     dim, ", the size of axis ", *ax);
        sizes[inferIndex] = dim - sum;
      } else if (sum != dim) {
        return err("sections ", dimsStr(*sections.values), " sum to ", sum,
                   " but axis ", *ax, " has size ", dim);
      }
    }
  }
  out.clear();
  for (int64_t s : sizes) {
    SmallVector<int64_t> dims(x.dims);
    dims[*ax] = s;
    out.emplace_back(dims, x.dtype);
  }
  return success();
}

LogicalResult SplitWithNumInferMeta(const MetaTensor &x, int64_t num,
                                    const ScalarArg &axis,
                                    SmallVectorImpl<MetaTensor> &out,
                                    const MetaError &err) {
  if (num <= 0)
    return err("num must be positive, got ", num);
  // One MetaTensor per output, as for unstack: num = 2^31 - 1 (found by
  // fuzz_ir) ran out of memory.
  constexpr int64_t kMaxOutputs = int64_t(1) << 16;
  if (num > kMaxOutputs)
    return err("splitting into ", num, " tensors: at most ", kMaxOutputs, " are supported");
  std::optional<int64_t> a = axis.asInt();
  if (!a) {
    out.assign(num, MetaTensor(SmallVector<int64_t>(x.rank(), kDyn), x.dtype));
    return success();
  }
  FailureOr<int64_t> ax = normalizeDimAxis(*a, x.rank(), err);
  if (failed(ax))
    return failure();
  int64_t dim = x.dims[*ax];
  if (!isDyn(dim) && dim % num != 0)
    return err("axis ", *ax, " of size ", dim, " cannot be split into ", num,
               " equal parts");
  SmallVector<int64_t> dims(x.dims);
  dims[*ax] = isDyn(dim) ? kDyn : dim / num;
  out.assign(num, MetaTensor(dims, x.dtype));
  return success();
}

LogicalResult UnstackInferMeta(const MetaTensor &x, int64_t axis, int64_t num,
                               SmallVectorImpl<MetaTensor> &out,
                               const MetaError &err) {
  FailureOr<int64_t> a = normalizeDimAxis(axis, x.rank(), err);
  if (failed(a))
    return failure();
  int64_t dim = x.dims[*a];
  if (num == 0) {
    if (isDyn(dim))
      return err("axis ", *a, " has a dynamic size: the number of outputs "
                              "is unknown");
    num = dim;
  } else if (num < 0) {
    // (found by fuzz_ir: assign(-1) asked SmallVector for 2^64 - 1 outputs)
    return err("num must be 0 (the size of axis ", *a, ") or positive, got ", num);
  } else if (knownAndDiffer(num, dim)) {
    return err("num = ", num, " differs from the size ", dim, " of axis ", *a);
  }
  // One MetaTensor per output: a list of 2^31 (a mutated num, or a huge
  // axis) ran out of memory.
  constexpr int64_t kMaxOutputs = int64_t(1) << 16;
  if (num > kMaxOutputs)
    return err("unstacking into ", num, " tensors: at most ", kMaxOutputs, " are supported");
  SmallVector<int64_t> dims(x.dims);
  dims.erase(dims.begin() + *a);
  out.assign(num, MetaTensor(dims, x.dtype));
  return success();
}

/// Paddle's slice bounds: negative indices count from the end; results are
/// clamped to [0, dim].
static int64_t sliceSize(int64_t dim, int64_t start, int64_t end) {
  if (isDyn(dim))
    return kDyn;
  auto clamp = [&](int64_t v) {
    if (v < 0)
      v += dim;
    return std::clamp<int64_t>(v, 0, dim);
  };
  return std::max<int64_t>(clamp(end) - clamp(start), 0);
}

LogicalResult SliceInferMeta(const MetaTensor &input, ArrayRef<int64_t> axes,
                             const IntArrayArg &starts,
                             const IntArrayArg &ends,
                             ArrayRef<int64_t> decreaseAxis, MetaTensor &out,
                             const MetaError &err) {
  int64_t n = axes.size();
  if (knownAndDiffer(starts.size, n) || knownAndDiffer(ends.size, n))
    return err("axes, starts and ends must have the same length, got ", n,
               ", ", starts.size, " and ", ends.size);
  SmallVector<int64_t> dims(input.dims);
  SmallVector<int64_t> normalized;
  for (auto [i, a] : llvm::enumerate(axes)) {
    FailureOr<int64_t> ax = normalizeDimAxis(a, input.rank(), err);
    if (failed(ax))
      return failure();
    normalized.push_back(*ax);
    if (starts.isConstant() && ends.isConstant())
      dims[*ax] = sliceSize(input.dims[*ax], (*starts.values)[i],
                            (*ends.values)[i]);
    else
      dims[*ax] = kDyn;
  }
  if (!decreaseAxis.empty()) {
    llvm::SmallSet<int64_t, 8> drop;
    for (int64_t a : decreaseAxis) {
      FailureOr<int64_t> ax = normalizeDimAxis(a, input.rank(), err, "decrease_axis");
      if (failed(ax))
        return failure();
      if (!isDyn(dims[*ax]) && dims[*ax] != 1)
        return err("decrease_axis ", a, " has size ", dims[*ax],
                   " after slicing; it must be 1");
      drop.insert(*ax);
    }
    SmallVector<int64_t> kept;
    for (int64_t i = 0; i < (int64_t)dims.size(); ++i)
      if (!drop.contains(i))
        kept.push_back(dims[i]);
    dims = kept;
  }
  out.set(dims, input.dtype);
  return success();
}

/// The starts, ends and steps of a strided slice over `n` axes: as many as
/// the axes (where known), no zero step. `stepName` names the steps in the
/// diagnostics (`steps` of set_value, `strides` of strided_slice).
static LogicalResult checkSliceArguments(int64_t n, const IntArrayArg &starts,
                                         const IntArrayArg &ends, const IntArrayArg &steps,
                                         StringRef stepName, const MetaError &err) {
  if (knownAndDiffer(starts.size, n) || knownAndDiffer(ends.size, n) ||
      knownAndDiffer(steps.size, n))
    return err(("axes, starts, ends and " + stepName + " must have the same length").str());
  if (steps.isConstant() && llvm::is_contained(*steps.values, 0))
    return err((stepName + " must not be 0").str());
  return success();
}

LogicalResult SetValueInferMeta(const MetaTensor &x, const IntArrayArg &starts,
                                const IntArrayArg &ends, const IntArrayArg &steps,
                                ArrayRef<int64_t> axes, MetaTensor &out,
                                const MetaError &err) {
  int64_t n = axes.size();
  if (failed(checkSliceArguments(n, starts, ends, steps, "steps", err)))
    return failure();
  for (int64_t a : axes)
    if (failed(normalizeDimAxis(a, x.rank(), err)))
      return failure();
  out.share(x);
  return success();
}

LogicalResult StridedSliceInferMeta(const MetaTensor &x,
                                    ArrayRef<int32_t> axes,
                                    const IntArrayArg &starts,
                                    const IntArrayArg &ends,
                                    const IntArrayArg &strides,
                                    MetaTensor &out, const MetaError &err) {
  int64_t n = axes.size();
  if (failed(checkSliceArguments(n, starts, ends, strides, "strides", err)))
    return failure();
  SmallVector<int64_t> dims(x.dims);
  bool known = starts.isConstant() && ends.isConstant() && strides.isConstant();
  for (auto [i, a] : llvm::enumerate(axes)) {
    FailureOr<int64_t> ax = normalizeDimAxis(a, x.rank(), err);
    if (failed(ax))
      return failure();
    int64_t dim = x.dims[*ax];
    if (!known || isDyn(dim)) {
      dims[*ax] = kDyn;
      continue;
    }
    // PHI's StridedSliceOutDims: negative bounds count from the end and are
    // clamped at 0, except that an end of -1 with a negative stride is
    // Python's `None` stop (x[::-1] is start = INT_MAX, end = -1, stride = -1):
    // the slice then runs through index 0.
    int64_t start = (*starts.values)[i], end = (*ends.values)[i],
            stride = (*strides.values)[i];
    if (start < 0)
      start = std::max<int64_t>(start + dim, 0);
    if (end < 0 && !(end == -1 && stride < 0))
      end = std::max<int64_t>(end + dim, 0);
    if (stride > 0) {
      start = std::min(start, dim);
      end = std::min(end, dim);
      dims[*ax] = end > start ? (end - start + stride - 1) / stride : 0;
    } else {
      // Elements start, start + stride, ... down to, excluding, end: the
      // half-open range (end, min(start, dim - 1)].
      int64_t hi = std::min(start, dim - 1) + 1, lo = end + 1;
      dims[*ax] = hi > lo ? (hi - lo - stride - 1) / -stride : 0;
    }
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult SqueezeInferMeta(const MetaTensor &x, const IntArrayArg &axis,
                               MetaTensor &out, const MetaError &err) {
  if (!axis.isConstant())
    return err("the squeezed axes must be known at compile time");
  llvm::SmallSet<int64_t, 8> drop;
  if (axis.values->empty()) {
    for (int64_t i = 0; i < x.rank(); ++i)
      if (x.dims[i] == 1)
        drop.insert(i);
  } else if (x.rank() > 0) { // PHI ignores the axes given for a 0-D input
    for (int64_t a : *axis.values) {
      FailureOr<int64_t> ax = normalizeAxis(a, x.rank(), err);
      if (failed(ax))
        return failure();
      // As in PHI: a dim that is not 1 is kept; at compile time a dynamic
      // dim named in axis is squeezed.
      if (x.dims[*ax] == 1 || isDyn(x.dims[*ax]))
        drop.insert(*ax);
    }
  }
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < x.rank(); ++i)
    if (!drop.contains(i))
      dims.push_back(x.dims[i]);
  out.set(dims, x.dtype);
  return success();
}

LogicalResult UnsqueezeInferMeta(const MetaTensor &x, const IntArrayArg &axis,
                                 MetaTensor &out, const MetaError &err) {
  if (!axis.isConstant()) {
    if (isDyn(axis.size))
      return err("the unsqueezed axes must be known at compile time");
    out.set(SmallVector<int64_t>(x.rank() + axis.size, kDyn), x.dtype);
    return success();
  }
  // PHI's GetUnsqueezeShape: axes are inserted one after the other.
  int64_t outRank = x.rank() + axis.values->size();
  int64_t curRank = x.rank();
  SmallVector<bool> isNew(outRank + 1, false);
  for (int64_t a : *axis.values) {
    int64_t cur = a < 0 ? a + curRank + 1 : a;
    if (cur < 0 || cur > curRank)
      return err("axis ", a, " is out of range for unsqueezing a tensor of rank ",
                 curRank);
    for (int64_t i = curRank; i >= cur; --i)
      if (isNew[i]) {
        isNew[i + 1] = true;
        isNew[i] = false;
      }
    isNew[cur] = true;
    ++curRank;
  }
  SmallVector<int64_t> dims;
  for (int64_t i = 0, in = 0; i < outRank; ++i)
    dims.push_back(isNew[i] ? 1 : x.dims[in++]);
  out.set(dims, x.dtype);
  return success();
}

LogicalResult FlattenInferMeta(const MetaTensor &x, int64_t startAxis,
                               int64_t stopAxis, MetaTensor &out,
                               const MetaError &err) {
  if (x.rank() == 0) {
    // PHI: a 0-D input only takes start/stop axis 0 or -1; the result is [1].
    auto check = [&](int64_t a, StringRef name) {
      if (a == 0 || a == -1)
        return success();
      return err(name, " ", a,
                 " is out of range: the input is 0-D (expected 0 or -1)");
    };
    if (failed(check(startAxis, "start_axis")) ||
        failed(check(stopAxis, "stop_axis")))
      return failure();
    out.set({1}, x.dtype);
    return success();
  }
  FailureOr<int64_t> start = normalizeAxis(startAxis, x.rank(), err, "start_axis");
  FailureOr<int64_t> stop = normalizeAxis(stopAxis, x.rank(), err, "stop_axis");
  if (failed(start) || failed(stop))
    return failure();
  if (*start > *stop)
    return err("start_axis ", startAxis, " is after stop_axis ", stopAxis);
  SmallVector<int64_t> dims(x.dims.begin(), x.dims.begin() + *start);
  int64_t n = 1;
  for (int64_t i = *start; i <= *stop; ++i)
    n = mulDims(n, x.dims[i]);
  dims.push_back(n);
  dims.append(x.dims.begin() + *stop + 1, x.dims.end());
  out.set(dims, x.dtype);
  return success();
}

/// Expands x to `target` (trailing alignment). In expand's shape, -1 keeps the
/// input dim; in expand_as, y's unknown dims (`dynamicTarget`) are unknown in
/// the result unless the input dim, not 1, fixes them.
static LogicalResult expandTo(const MetaTensor &x, ArrayRef<int64_t> target,
                              MetaTensor &out, const MetaError &err,
                              bool dynamicTarget = false) {
  if ((int64_t)target.size() < x.rank())
    return err("the target shape ", dimsStr(target),
               " has fewer dims than the input ", dimsStr(x.dims));
  int64_t offset = target.size() - x.rank();
  SmallVector<int64_t> dims;
  for (auto [i, t] : llvm::enumerate(target)) {
    int64_t xi = (int64_t)i - offset;
    int64_t xd = xi >= 0 ? x.dims[xi] : 1;
    if (dynamicTarget && isDyn(t)) {
      dims.push_back(xi >= 0 && xd != 1 ? xd : kDyn);
    } else if (t == -1 || isDyn(t)) {
      if (xi < 0)
        return err("-1 in the target shape ", dimsStr(target),
                   " is only allowed for existing dims");
      dims.push_back(xd);
    } else if (t < 0) {
      return err("target shape ", dimsStr(target), " has invalid dimension ", t);
    } else {
      if (!isDyn(xd) && xd != 1 && xd != t)
        return err("cannot expand ", dimsStr(x.dims), " to ", dimsStr(target),
                   ": dimension ", xi, " is ", xd, ", not 1 or ", t);
      dims.push_back(t);
    }
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult ExpandInferMeta(const MetaTensor &x, const IntArrayArg &shape,
                              MetaTensor &out, const MetaError &err) {
  if (!shape.isConstant()) {
    if (isDyn(shape.size))
      return err("the target shape's length must be known at compile time");
    out.set(SmallVector<int64_t>(std::max(shape.size, x.rank()), kDyn), x.dtype);
    return success();
  }
  // PHI: an empty shape (the default) keeps every input dim.
  if (shape.values->empty()) {
    out.share(x);
    return success();
  }
  return expandTo(x, *shape.values, out, err);
}

LogicalResult ExpandAsInferMeta(const MetaTensor &x, const MetaTensor &y,
                                ArrayRef<int64_t> targetShape, MetaTensor &out,
                                const MetaError &err) {
  if (y.present)
    return expandTo(x, y.dims, out, err, /*dynamicTarget=*/true);
  if (targetShape.empty())
    return err("needs y or target_shape");
  SmallVector<int64_t> target(targetShape.begin(), targetShape.end());
  return expandTo(x, target, out, err);
}

LogicalResult TileInferMeta(const MetaTensor &x,
                            const IntArrayArg &repeatTimes, MetaTensor &out,
                            const MetaError &err) {
  if (!repeatTimes.isConstant()) {
    if (isDyn(repeatTimes.size))
      return err("the number of repeat_times must be known at compile time");
    out.set(SmallVector<int64_t>(std::max(repeatTimes.size, x.rank()), kDyn),
            x.dtype);
    return success();
  }
  const auto &reps = *repeatTimes.values;
  int64_t rank = std::max<int64_t>(reps.size(), x.rank());
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t xi = i - (rank - x.rank()), ri = i - (rank - (int64_t)reps.size());
    int64_t d = xi >= 0 ? x.dims[xi] : 1;
    int64_t r = ri >= 0 ? reps[ri] : 1;
    if (r <= 0)
      return err("repeat_times must be positive, got ", dimsStr(reps));
    dims.push_back(mulDims(d, r));
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult GatherInferMeta(const MetaTensor &x, const MetaTensor &index,
                              const ScalarArg &axis, MetaTensor &out,
                              const MetaError &err) {
  if (failed(checkIndexDtype(index, "index", err)))
    return failure();
  if (index.rank() > 1 && !(index.rank() == 2 && index.dims[1] == 1))
    return err("index must be 0-D or 1-D, got ", dimsStr(index.dims));
  std::optional<int64_t> a = axis.asInt();
  if (!a) {
    out.set(SmallVector<int64_t>(index.rank() == 0 ? x.rank() - 1 : x.rank(), kDyn),
            x.dtype);
    return success();
  }
  FailureOr<int64_t> ax = normalizeDimAxis(*a, x.rank(), err);
  if (failed(ax))
    return failure();
  SmallVector<int64_t> dims(x.dims);
  if (index.rank() == 0)
    dims.erase(dims.begin() + *ax);
  else
    dims[*ax] = index.dims[0];
  out.set(dims, x.dtype);
  return success();
}

/// How many leading dims of x an nd index addresses (its last dim), checked
/// (gather_nd, scatter_nd_add).
static FailureOr<int64_t> ndIndexDepth(const MetaTensor &x, const MetaTensor &index,
                                       const MetaError &err) {
  if (failed(checkIndexDtype(index, "index", err)))
    return failure();
  if (index.rank() == 0)
    return err("index must have rank >= 1");
  int64_t k = index.dims.back();
  if (isDyn(k))
    return err("the last dim of index must be known at compile time");
  if (k > x.rank())
    return err("index addresses ", k, " dims of an input of rank ", x.rank());
  return k;
}

LogicalResult GatherNdInferMeta(const MetaTensor &x, const MetaTensor &index,
                                MetaTensor &out, const MetaError &err) {
  FailureOr<int64_t> depth = ndIndexDepth(x, index, err);
  if (failed(depth))
    return failure();
  int64_t k = *depth;
  SmallVector<int64_t> dims(index.dims.begin(), index.dims.end() - 1);
  dims.append(x.dims.begin() + k, x.dims.end());
  out.set(dims, x.dtype);
  return success();
}

LogicalResult ScatterNdAddInferMeta(const MetaTensor &x, const MetaTensor &index,
                                    const MetaTensor &updates, MetaTensor &out,
                                    const MetaError &err) {
  FailureOr<int64_t> depth = ndIndexDepth(x, index, err);
  if (failed(depth))
    return failure();
  int64_t k = *depth;
  if (updates.dtype != x.dtype)
    return err("updates is ", updates.dtype, ", x ", x.dtype);
  SmallVector<int64_t> expected(index.dims.begin(), index.dims.end() - 1);
  expected.append(x.dims.begin() + k, x.dims.end());
  bool differs = updates.rank() != (int64_t)expected.size();
  for (int64_t d = 0; !differs && d < updates.rank(); ++d)
    differs = knownAndDiffer(updates.dims[d], expected[d]);
  if (differs)
    return err("updates ", dimsStr(updates.dims), " must be index's leading dims and x's dims ",
               "past the first ", k, ": ", dimsStr(expected));
  out.share(x);
  return success();
}

LogicalResult IndexSelectInferMeta(const MetaTensor &x,
                                   const MetaTensor &index, int64_t axis,
                                   MetaTensor &out, const MetaError &err) {
  if (failed(checkIndexDtype(index, "index", err)))
    return failure();
  if (index.rank() != 1 && !(index.rank() == 2 && index.dims[1] == 1))
    return err("index must be 1-D, got ", dimsStr(index.dims));
  FailureOr<int64_t> ax = normalizeDimAxis(axis, x.rank(), err);
  if (failed(ax))
    return failure();
  SmallVector<int64_t> dims(x.dims);
  dims[*ax] = index.dims[0];
  out.set(dims, x.dtype);
  return success();
}

LogicalResult ScatterInferMeta(const MetaTensor &x, const MetaTensor &index,
                               const MetaTensor &updates, MetaTensor &out,
                               const MetaError &err) {
  if (failed(checkIndexDtype(index, "index", err)))
    return failure();
  if (index.rank() > 1 && !(index.rank() == 2 && index.dims[1] == 1))
    return err("index must be 0-D or 1-D, got ", dimsStr(index.dims));
  if (x.rank() == 0)
    return err("x must have rank >= 1");
  // PHI: with a 0-D index, updates is one slice x[i] (rank of x - 1);
  // else updates has the rank of x and one row per index.
  int64_t skip = index.rank() == 0 ? 1 : 0;
  if (updates.rank() != x.rank() - skip)
    return err("updates ", dimsStr(updates.dims), " must have rank ",
               x.rank() - skip, " for x ", dimsStr(x.dims), " and index ",
               dimsStr(index.dims));
  for (int64_t i = 1; i < x.rank(); ++i)
    if (knownAndDiffer(updates.dims[i - skip], x.dims[i]))
      return err("updates ", dimsStr(updates.dims), " and x ", dimsStr(x.dims),
                 " differ in dimension ", i);
  if (updates.dtype != x.dtype)
    return err("updates have dtype ", updates.dtype, ", x has ", x.dtype);
  out.share(x);
  return success();
}

LogicalResult IndexAddInferMeta(const MetaTensor &x, const MetaTensor &index,
                                const MetaTensor &addValue, int64_t axis, MetaTensor &out,
                                const MetaError &err) {
  if (failed(checkIndexDtype(index, "index", err)))
    return failure();
  if (index.rank() != 1)
    return err("index must be 1-D, got ", dimsStr(index.dims));
  FailureOr<int64_t> a = normalizeAxis(axis, x.rank(), err);
  if (failed(a))
    return failure();
  if (x.rank() == 0)
    return err("x must have rank >= 1");
  if (addValue.dtype != x.dtype)
    return err("add_value has dtype ", addValue.dtype, ", x has ", x.dtype);
  if (addValue.rank() != x.rank())
    return err("add_value ", dimsStr(addValue.dims), " must have the rank of x ",
               dimsStr(x.dims));
  for (int64_t i = 0; i < x.rank(); ++i) {
    int64_t want = i == *a ? index.dims[0] : x.dims[i];
    if (knownAndDiffer(addValue.dims[i], want))
      return err("add_value ", dimsStr(addValue.dims), " must be x's shape ", dimsStr(x.dims),
                 " with dimension ", *a, " the index's length ", index.dims[0]);
  }
  out.share(x);
  return success();
}

LogicalResult PutAlongAxisInferMeta(const MetaTensor &arr, const MetaTensor &indices,
                                    const MetaTensor &values, int64_t axis, StringRef reduce,
                                    bool includeSelf, MetaTensor &out, const MetaError &err) {
  (void)includeSelf;
  if (failed(checkIndexDtype(indices, "indices", err)))
    return failure();
  if (arr.rank() == 0)
    return err("arr must have rank >= 1");
  if (failed(normalizeDimAxis(axis, arr.rank(), err)))
    return failure();
  if (indices.rank() != arr.rank())
    return err("indices ", dimsStr(indices.dims), " must have the rank of arr ",
               dimsStr(arr.dims));
  if (values.dtype != arr.dtype)
    return err("values have dtype ", values.dtype, ", arr has ", arr.dtype);
  if (!llvm::is_contained({"assign", "add", "mul", "multiply", "mean", "amin", "amax"}, reduce))
    return err("reduce must be assign, add, mul, multiply, mean, amin or amax, got '", reduce,
               "'");
  out.share(arr);
  return success();
}

LogicalResult TakeAlongAxisInferMeta(const MetaTensor &arr,
                                     const MetaTensor &indices, int64_t axis,
                                     MetaTensor &out, const MetaError &err) {
  if (failed(checkIndexDtype(indices, "indices", err)))
    return failure();
  if (indices.rank() != arr.rank())
    return err("indices ", dimsStr(indices.dims), " must have the rank of arr ",
               dimsStr(arr.dims));
  if (failed(normalizeDimAxis(axis, arr.rank(), err)))
    return failure();
  out.set(indices.dims, arr.dtype);
  return success();
}

LogicalResult FlipInferMeta(const MetaTensor &x, ArrayRef<int32_t> axis,
                            MetaTensor &out, const MetaError &err) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int32_t a : axis) {
    FailureOr<int64_t> ax = normalizeAxis(a, x.rank(), err);
    if (failed(ax))
      return failure();
    if (!seen.insert(*ax).second)
      return err("axis ", a, " is flipped twice");
  }
  out.share(x);
  return success();
}

LogicalResult IndexPutInferMeta(const MetaTensor &x, const MetaTensorList &indices,
                                const MetaTensor &value, bool accumulate, MetaTensor &out,
                                const MetaError &err) {
  if (indices.tensors.empty())
    return err("indices must not be empty");
  if (value.dtype != x.dtype)
    return err("value's dtype ", value.dtype, " differs from x's ", x.dtype);
  const MetaTensor &first = indices.tensors.front();
  if (first.dtype.isInteger(1)) {
    if (indices.tensors.size() != 1)
      return err("a bool mask must be the only index, got ", indices.tensors.size());
    if (first.rank() > x.rank())
      return err("the mask ", dimsStr(first.dims), " has more dims than x ", dimsStr(x.dims));
    for (int64_t d = 0; d < first.rank(); ++d)
      if (knownAndDiffer(first.dims[d], x.dims[d]))
        return err("the mask ", dimsStr(first.dims), " does not match x's leading dims ",
                   dimsStr(x.dims));
  } else {
    if ((int64_t)indices.tensors.size() > x.rank())
      return err(indices.tensors.size(), " indices for a tensor of rank ", x.rank());
    SmallVector<int64_t> shape;
    for (const MetaTensor &t : indices.tensors) {
      if (!isa<IntegerType>(t.dtype) || t.dtype.isInteger(1))
        return err("indices must be one bool mask or integer tensors, got ", t.dtype);
      SmallVector<int64_t> next;
      if (failed(broadcastShapes(shape, t.dims, next, err, "indices", "indices")))
        return failure();
      shape = next;
    }
  }
  out.share(x);
  return success();
}

LogicalResult ReverseInferMeta(const MetaTensor &x, const IntArrayArg &axis, MetaTensor &out,
                               const MetaError &err) {
  if (axis.isConstant()) {
    llvm::SmallSet<int64_t, 8> seen;
    for (int64_t a : *axis.values) {
      FailureOr<int64_t> ax = normalizeAxis(a, x.rank(), err);
      if (failed(ax))
        return failure();
      if (!seen.insert(*ax).second)
        return err("axis ", a, " is reversed twice");
    }
  }
  out.share(x);
  return success();
}

LogicalResult RollInferMeta(const MetaTensor &x, const IntArrayArg &shifts,
                            ArrayRef<int64_t> axis, MetaTensor &out,
                            const MetaError &err) {
  if (!axis.empty() && knownAndDiffer(shifts.size, axis.size()))
    return err("shifts and axis must have the same length, got ", shifts.size,
               " and ", axis.size());
  if (axis.empty() && knownAndDiffer(shifts.size, 1))
    return err("without axis, shifts must have one element, got ", shifts.size);
  for (int64_t a : axis)
    if (failed(normalizeAxis(a, x.rank(), err)))
      return failure();
  out.share(x);
  return success();
}

LogicalResult PadInferMeta(const MetaTensor &x, ArrayRef<int32_t> paddings,
                           MetaTensor &out, const MetaError &err) {
  if ((int64_t)paddings.size() != 2 * x.rank())
    return err("paddings must have 2 * rank = ", 2 * x.rank(),
               " elements, got ", paddings.size());
  // PHI: "The element of 'paddings' should >= 0".
  if (llvm::any_of(paddings, [](int32_t p) { return p < 0; }))
    return err("paddings must be non-negative, got ",
               dimsStr(SmallVector<int64_t>(paddings.begin(), paddings.end())));
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < x.rank(); ++i)
    dims.push_back(addDims(addDims(x.dims[i], paddings[2 * i]), paddings[2 * i + 1]));
  out.set(dims, x.dtype);
  return success();
}

LogicalResult Pad3dInferMeta(const MetaTensor &x, const IntArrayArg &paddings,
                             StringRef dataFormat, MetaTensor &out,
                             const MetaError &err) {
  if (x.rank() != 5)
    return err("input must be 5-D, got ", dimsStr(x.dims));
  if (knownAndDiffer(paddings.size, 6))
    return err("paddings must have 6 elements, got ", paddings.size);
  bool last = dataFormat == "NDHWC";
  SmallVector<int64_t> dims(x.dims);
  // paddings: left, right (W), top, bottom (H), front, back (D).
  int64_t w = last ? 3 : 4, h = last ? 2 : 3, d = last ? 1 : 2;
  if (!paddings.isConstant()) {
    dims[w] = dims[h] = dims[d] = kDyn;
  } else {
    const auto &p = *paddings.values;
    // Bounded first: a sum of two paddings near 2^63 overflowed.
    constexpr int64_t kLimit = int64_t(1) << 40;
    for (int64_t v : p)
      if (v <= -kLimit || v >= kLimit)
        return err("padding ", v, " is out of range (|padding| < 2^40)");
    dims[w] = addDims(addDims(dims[w], p[0]), p[1]);
    dims[h] = addDims(addDims(dims[h], p[2]), p[3]);
    dims[d] = addDims(addDims(dims[d], p[4]), p[5]);
    for (int64_t axis : {w, h, d})
      if (!isDyn(dims[axis]) && dims[axis] < 0)
        return err("the paddings make dim ", axis, " negative: ", dims[axis]);
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult OneHotInferMeta(const MetaTensor &x, const ScalarArg &numClasses,
                              MetaTensor &out, const MetaError &err) {
  if (failed(checkIndexDtype(x, "x", err)))
    return failure();
  std::optional<int64_t> n = numClasses.asInt();
  if (n && *n <= 0)
    return err("num_classes must be positive, got ", *n);
  SmallVector<int64_t> dims(x.dims);
  dims.push_back(n ? *n : kDyn);
  out.set(dims, Float32Type::get(err.ctx));
  return success();
}

LogicalResult NonzeroInferMeta(const MetaTensor &condition, MetaTensor &out,
                               const MetaError &err) {
  out.set({kDyn, condition.rank()}, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult UniqueRawInferMeta(const MetaTensor &x, bool returnIndex, bool returnInverse,
                                 bool returnCounts, ArrayRef<int32_t> axis, DataType dtype,
                                 bool isSorted, MetaTensor &out, MetaTensor &indices,
                                 MetaTensor &inverse, MetaTensor &counts, const MetaError &err) {
  if (dtype != DataType::INT32 && dtype != DataType::INT64)
    return err("dtype must be int32 or int64, got ", stringifyDataType(dtype));
  if (axis.size() > 1)
    return err("axis takes at most one dim, got ", axis.size());
  Type indexType = dtypeToType(err.ctx, dtype);
  int64_t along = kDyn; // the dim of x whose slices are compared (none: flattened)
  if (!axis.empty()) {
    FailureOr<int64_t> a = normalizeAxis(axis[0], x.rank(), err);
    if (failed(a))
      return failure();
    along = *a;
  }
  // As in PHI: the unique values (a length known only at run time), the
  // index of each one's first occurrence and its count (same length), and
  // for each element (each slice along `axis`) the index of its value; an
  // output not asked for is left 0-D.
  if (along == kDyn) {
    out.set({kDyn}, x.dtype);
  } else {
    SmallVector<int64_t> dims(x.dims);
    dims[along] = kDyn;
    out.set(dims, x.dtype);
  }
  int64_t n = along == kDyn ? x.numel() : x.dims[along];
  indices.set(returnIndex ? SmallVector<int64_t>{kDyn} : SmallVector<int64_t>{}, indexType);
  inverse.set(returnInverse ? SmallVector<int64_t>{n} : SmallVector<int64_t>{}, indexType);
  counts.set(returnCounts ? SmallVector<int64_t>{kDyn} : SmallVector<int64_t>{}, indexType);
  (void)isSorted;
  return success();
}

LogicalResult UniqueConsecutiveInferMeta(const MetaTensor &x, bool returnInverse,
                                         bool returnCounts, ArrayRef<int32_t> axis,
                                         DataType dtype, MetaTensor &out, MetaTensor &index,
                                         MetaTensor &counts, const MetaError &err) {
  if (axis.size() > 1)
    return err("axis takes at most one dim, got ", axis.size());
  Type indexType = IntegerType::get(err.ctx, dtype == DataType::INT32 ? 32 : 64);
  int64_t n = x.numel();
  if (!axis.empty()) {
    FailureOr<int64_t> a = normalizeAxis(axis[0], x.rank(), err);
    if (failed(a))
      return failure();
    SmallVector<int64_t> dims(x.dims);
    dims[*a] = kDyn;
    out.set(dims, x.dtype);
    n = x.dims[*a];
  } else {
    out.set({kDyn}, x.dtype);
  }
  index.set(returnInverse ? SmallVector<int64_t>{n} : SmallVector<int64_t>{}, indexType);
  counts.set(returnCounts ? SmallVector<int64_t>{kDyn} : SmallVector<int64_t>{}, indexType);
  return success();
}

LogicalResult MaskedSelectInferMeta(const MetaTensor &x, const MetaTensor &mask,
                                    MetaTensor &out, const MetaError &err) {
  if (mask.dtype && !mask.dtype.isInteger(1))
    return err("mask must be bool, got ", mask.dtype);
  // x and mask broadcast against each other (numpy rules), as in PHI.
  SmallVector<int64_t> shape;
  if (failed(broadcastShapes(x.dims, mask.dims, shape, err, "x", "mask")))
    return failure();
  out.set({kDyn}, x.dtype);
  return success();
}

LogicalResult FillDiagonalInferMeta(const MetaTensor &x, double value, int64_t offset,
                                    bool wrap, MetaTensor &out, const MetaError &err) {
  if (x.rank() < 2)
    return err("x must have rank 2 or more, got ", dimsStr(x.dims));
  out.set(x.dims, x.dtype);
  return success();
}

LogicalResult TrilTriuInferMeta(const MetaTensor &x, MetaTensor &out,
                                const MetaError &err) {
  if (x.rank() < 2)
    return err("input must have rank >= 2, got ", dimsStr(x.dims));
  out.share(x);
  return success();
}

LogicalResult RepeatInterleaveInferMeta(const MetaTensor &x, int64_t repeats,
                                        int64_t axis, MetaTensor &out,
                                        const MetaError &err) {
  if (repeats <= 0)
    return err("repeats must be positive, got ", repeats);
  FailureOr<int64_t> ax = normalizeDimAxis(axis, x.rank(), err);
  if (failed(ax))
    return failure();
  SmallVector<int64_t> dims(x.dims);
  dims[*ax] = mulDims(dims[*ax], repeats);
  out.set(dims, x.dtype);
  return success();
}

LogicalResult IndexSampleInferMeta(const MetaTensor &x, const MetaTensor &index,
                                   MetaTensor &out, const MetaError &err) {
  if (x.rank() != 2 || index.rank() != 2)
    return err("x and index must be 2-D, got ", dimsStr(x.dims), " and ", dimsStr(index.dims));
  if (!index.dtype.isInteger(32) && !index.dtype.isInteger(64))
    return err("index must be int32 or int64");
  if (!isDyn(x.dims[0]) && !isDyn(index.dims[0]) && x.dims[0] != index.dims[0])
    return err("x and index have different numbers of rows: ", x.dims[0], " and ",
               index.dims[0]);
  out.set(index.dims, x.dtype);
  return success();
}

LogicalResult MeshgridInferMeta(const MetaTensorList &inputs, SmallVectorImpl<MetaTensor> &out,
                                const MetaError &err) {
  if (inputs.tensors.empty())
    return err("meshgrid needs at least one input");
  SmallVector<int64_t> dims;
  for (const MetaTensor &t : inputs.tensors) {
    if (t.rank() > 1)
      return err("inputs must be 0-D or 1-D, got ", dimsStr(t.dims));
    dims.push_back(t.rank() == 0 ? 1 : t.dims[0]);
  }
  out.clear();
  for (const MetaTensor &t : inputs.tensors)
    out.push_back(MetaTensor(dims, t.dtype));
  return success();
}

LogicalResult BroadcastTensorsInferMeta(const MetaTensorList &input,
                                        SmallVectorImpl<MetaTensor> &out, const MetaError &err) {
  if (input.tensors.empty())
    return err("broadcast_tensors needs at least one input");
  SmallVector<int64_t> shape(input.tensors.front().dims);
  for (auto [i, t] : llvm::enumerate(input.tensors)) {
    SmallVector<int64_t> next;
    std::string before = "the first " + std::to_string(i) + " input(s)";
    std::string name = "input " + std::to_string(i);
    if (failed(broadcastShapes(shape, t.dims, next, err, before, name)))
      return failure();
    shape = std::move(next);
  }
  out.clear();
  for (const MetaTensor &t : input.tensors)
    out.push_back(MetaTensor(shape, t.dtype));
  return success();
}

LogicalResult MultiplexInferMeta(const MetaTensorList &inputs, const MetaTensor &index,
                                 MetaTensor &out, const MetaError &err) {
  if (inputs.tensors.empty())
    return err("inputs must not be empty");
  const MetaTensor &first = inputs.tensors.front();
  if (first.rank() == 0)
    return err("inputs must have rank >= 1");
  for (auto [i, t] : llvm::enumerate(inputs.tensors)) {
    bool differs = t.rank() != first.rank() || t.dtype != first.dtype;
    for (int64_t d = 0; !differs && d < t.rank(); ++d)
      differs = knownAndDiffer(t.dims[d], first.dims[d]);
    if (differs)
      return err("inputs[", i, "] is ", dimsStr(t.dims), " of ", t.dtype, ", inputs[0] ",
                 dimsStr(first.dims), " of ", first.dtype);
  }
  if (index.rank() != 2 || knownAndDiffer(index.dims[1], 1) ||
      knownAndDiffer(index.dims[0], first.dims[0]))
    return err("index must be [rows, 1] = [", first.dims[0], ", 1], got ",
               dimsStr(index.dims));
  if (!index.dtype.isInteger(32) && !index.dtype.isInteger(64))
    return err("index must be int32 or int64, got ", index.dtype);
  out.share(first);
  return success();
}

LogicalResult SequenceMaskInferMeta(const MetaTensor &x, const ScalarArg &maxLen,
                                    DataType outDtype, MetaTensor &y, const MetaError &err) {
  if (!isa<IntegerType>(x.dtype))
    return err("x (the lengths) must be an integer tensor, got ", x.dtype);
  Type dtype = dtypeToType(err.ctx, outDtype);
  if (!dtype)
    return err("out_dtype must be a concrete dtype");
  std::optional<int64_t> n = maxLen.asInt();
  if (n && *n < -1)
    return err("max_len must be positive (or -1: the largest length), got ", *n);
  SmallVector<int64_t> dims(x.dims);
  dims.push_back(n && *n > 0 ? *n : kDyn);
  y.set(dims, dtype);
  return success();
}

} // namespace mlir::pd
