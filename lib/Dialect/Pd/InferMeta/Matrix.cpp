//===- Matrix.cpp - InferMeta of vector and matrix products and diagonals ===//
//
// dot, mv, trace and diagonal, as PHI infers them (Paddle 3: a dot of two
// vectors and the trace of a matrix are 0-D).
//
//===----------------------------------------------------------------------===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

namespace mlir::pd {

namespace {

/// The two distinct axes of a diagonal, normalized.
FailureOr<std::pair<int64_t, int64_t>> diagonalAxes(const MetaTensor &x, int64_t axis1,
                                                    int64_t axis2, const MetaError &err) {
  if (x.rank() < 2)
    return err("needs a tensor of rank 2 or more, got ", dimsStr(x.dims));
  FailureOr<int64_t> a1 = normalizeAxis(axis1, x.rank(), err, "axis1");
  FailureOr<int64_t> a2 = normalizeAxis(axis2, x.rank(), err, "axis2");
  if (failed(a1) || failed(a2))
    return failure();
  if (*a1 == *a2)
    return err("axis1 and axis2 are the same axis (", *a1, ")");
  return std::make_pair(*a1, *a2);
}

/// The dims of x without the two diagonal axes.
SmallVector<int64_t> otherDims(const MetaTensor &x, int64_t a1, int64_t a2) {
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < x.rank(); ++i)
    if (i != a1 && i != a2)
      dims.push_back(x.dims[i]);
  return dims;
}
} // namespace

int64_t diagonalLength(int64_t d1, int64_t d2, int64_t offset) {
  // An offset past every dim: an empty diagonal (and no overflow below).
  constexpr int64_t kLimit = int64_t(1) << 62;
  if (offset >= kLimit || offset <= -kLimit)
    return 0;
  if (isDyn(d1) || isDyn(d2))
    return kDyn;
  return std::max<int64_t>(0, offset >= 0 ? std::min(d1, d2 - offset) : std::min(d1 + offset, d2));
}

LogicalResult DotInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                           const MetaError &err) {
  if (x.rank() != 1 && x.rank() != 2)
    return err("x must be 1-D or 2-D, got ", dimsStr(x.dims));
  if (y.rank() != x.rank())
    return err("x and y must have the same rank, got ", dimsStr(x.dims), " and ",
               dimsStr(y.dims));
  for (int64_t i = 0; i < x.rank(); ++i)
    if (knownAndDiffer(x.dims[i], y.dims[i]))
      return err("x and y must have the same shape, got ", dimsStr(x.dims), " and ",
                 dimsStr(y.dims));
  if (x.dtype != y.dtype)
    return err("operands have different dtypes: x is ", x.dtype, ", y is ", y.dtype);
  out.set(ArrayRef<int64_t>(x.dims).drop_back(), x.dtype);
  return success();
}

LogicalResult MvInferMeta(const MetaTensor &x, const MetaTensor &vec, MetaTensor &out,
                          const MetaError &err) {
  if (x.rank() != 2 || vec.rank() != 1)
    return err("x must be 2-D and vec 1-D, got ", dimsStr(x.dims), " and ", dimsStr(vec.dims));
  if (knownAndDiffer(x.dims[1], vec.dims[0]))
    return err("x has ", x.dims[1], " columns but vec ", vec.dims[0], " elements");
  if (x.dtype != vec.dtype)
    return err("operands have different dtypes: x is ", x.dtype, ", vec is ", vec.dtype);
  out.set({x.dims[0]}, x.dtype);
  return success();
}

LogicalResult TraceInferMeta(const MetaTensor &x, int64_t offset, int64_t axis1, int64_t axis2,
                             MetaTensor &out, const MetaError &err) {
  (void)offset; // any offset: a diagonal outside the matrix sums to 0
  FailureOr<std::pair<int64_t, int64_t>> axes = diagonalAxes(x, axis1, axis2, err);
  if (failed(axes))
    return failure();
  out.set(otherDims(x, axes->first, axes->second), x.dtype);
  return success();
}

LogicalResult DiagonalInferMeta(const MetaTensor &x, int64_t offset, int64_t axis1,
                                int64_t axis2, MetaTensor &out, const MetaError &err) {
  FailureOr<std::pair<int64_t, int64_t>> axes = diagonalAxes(x, axis1, axis2, err);
  if (failed(axes))
    return failure();
  SmallVector<int64_t> dims = otherDims(x, axes->first, axes->second);
  dims.push_back(diagonalLength(x.dims[axes->first], x.dims[axes->second], offset));
  out.set(dims, x.dtype);
  return success();
}

LogicalResult DiagInferMeta(const MetaTensor &x, int64_t offset, MetaTensor &out,
                            const MetaError &err) {
  if (x.rank() > 2)
    return err("input must be 0-D, 1-D or 2-D, got ", dimsStr(x.dims));
  if (x.rank() == 2) {
    out.set({diagonalLength(x.dims[0], x.dims[1], offset)}, x.dtype);
    return success();
  }
  int64_t n = x.rank() == 0 ? 1 : x.dims[0];
  constexpr int64_t kLimit = int64_t(1) << 40;
  if (offset >= kLimit || offset <= -kLimit)
    return err("offset ", offset, " is out of range");
  int64_t size = isDyn(n) ? kDyn : n + (offset < 0 ? -offset : offset);
  out.set({size, size}, x.dtype);
  return success();
}

LogicalResult DiagEmbedInferMeta(const MetaTensor &input, int64_t offset, int64_t dim1,
                                 int64_t dim2, MetaTensor &out, const MetaError &err) {
  int64_t rank = input.rank();
  if (rank < 1)
    return err("input must be at least 1-D, got a 0-D tensor");
  int64_t outRank = rank + 1;
  auto normalize = [&](int64_t dim, StringRef name) -> FailureOr<int64_t> {
    if (dim < -outRank || dim >= outRank)
      return err(name, " ", dim, " is out of range [", -outRank, ", ", outRank, ")");
    return dim < 0 ? dim + outRank : dim;
  };
  FailureOr<int64_t> d1 = normalize(dim1, "dim1"), d2 = normalize(dim2, "dim2");
  if (failed(d1) || failed(d2))
    return failure();
  if (*d1 == *d2)
    return err("dim1 and dim2 must differ, got ", dim1, " and ", dim2);
  constexpr int64_t kLimit = int64_t(1) << 40;
  if (offset >= kLimit || offset <= -kLimit)
    return err("offset ", offset, " is out of range");
  int64_t n = input.dims.back();
  int64_t size = isDyn(n) ? kDyn : n + (offset < 0 ? -offset : offset);
  SmallVector<int64_t> dims(input.dims.begin(), input.dims.end() - 1);
  int64_t lo = std::min(*d1, *d2), hi = std::max(*d1, *d2);
  dims.insert(dims.begin() + lo, size);
  dims.insert(dims.begin() + hi, size);
  out.set(dims, input.dtype);
  return success();
}

LogicalResult MultiDotInferMeta(const MetaTensorList &x, MetaTensor &out, const MetaError &err) {
  size_t n = x.tensors.size();
  if (n < 2)
    return err("multi_dot needs at least 2 tensors, got ", n);
  const MetaTensor &first = x.tensors.front(), &last = x.tensors.back();
  for (size_t i = 0; i < n; ++i) {
    const MetaTensor &t = x.tensors[i];
    bool end = i == 0 || i + 1 == n;
    if (!(t.rank() == 2 || (end && t.rank() == 1)))
      return err("tensor ", i, " must be 2-D", end ? " or 1-D" : "", ", got ", dimsStr(t.dims));
    if (t.dtype != first.dtype)
      return err("tensor ", i, " has a different dtype from tensor 0");
  }
  // The chain's inner dims: each tensor's columns against the next's rows.
  auto rows = [](const MetaTensor &t, bool isFirst) {
    return t.rank() == 1 ? (isFirst ? int64_t(1) : t.dims[0]) : t.dims[0];
  };
  auto cols = [](const MetaTensor &t, bool isLast) {
    return t.rank() == 1 ? (isLast ? int64_t(1) : t.dims[0]) : t.dims[1];
  };
  for (size_t i = 0; i + 1 < n; ++i) {
    int64_t k = cols(x.tensors[i], false), k2 = rows(x.tensors[i + 1], false);
    if (i == 0 && first.rank() == 1)
      k = first.dims[0];
    if (knownAndDiffer(k, k2))
      return err("tensor ", i, " ", dimsStr(x.tensors[i].dims), " cannot multiply tensor ", i + 1,
                 " ", dimsStr(x.tensors[i + 1].dims));
  }
  SmallVector<int64_t> dims;
  if (first.rank() == 2)
    dims.push_back(first.dims[0]);
  if (last.rank() == 2)
    dims.push_back(last.dims[1]);
  out.set(dims, first.dtype);
  return success();
}

LogicalResult CropInferMeta(const MetaTensor &x, const IntArrayArg &shape,
                            const IntArrayArg &offsets, MetaTensor &out, const MetaError &err) {
  int64_t rank = x.rank();
  if (!isDyn(shape.size) && shape.size != rank)
    return err("shape has ", shape.size, " values for a ", rank, "-D x");
  if (!isDyn(offsets.size) && offsets.size != 0 && offsets.size != rank)
    return err("offsets has ", offsets.size, " values for a ", rank, "-D x");
  SmallVector<int64_t> dims(rank, kDyn);
  for (int64_t i = 0; i < rank; ++i) {
    std::optional<int64_t> at;
    if (offsets.isConstant())
      at = offsets.values->empty() ? 0 : (*offsets.values)[i];
    if (at && *at < 0)
      return err("offsets must be non-negative, got ", *at, " at dim ", i);
    if (!shape.isConstant())
      continue;
    int64_t size = (*shape.values)[i];
    if (size == -1) {
      if (at && !isDyn(x.dims[i]))
        size = x.dims[i] - *at;
      else
        continue;
    }
    if (size <= 0)
      return err("shape must be positive (or -1: to the end), got ", size, " at dim ", i);
    if (at && !isDyn(x.dims[i]) && *at + size > x.dims[i])
      return err("offset ", *at, " + size ", size, " is past dim ", i, " of x ", dimsStr(x.dims));
    dims[i] = size;
  }
  out.set(dims, x.dtype);
  return success();
}

//===----------------------------------------------------------------------===//
// einsum
//===----------------------------------------------------------------------===//

namespace {

/// One term of an einsum equation: its letters in order, -1 where "..."
/// stands (at most once).
FailureOr<SmallVector<int>> einsumTerm(StringRef term, StringRef what, const MetaError &err) {
  SmallVector<int> letters;
  bool ellipsis = false;
  for (size_t i = 0; i < term.size(); ++i) {
    char c = term[i];
    if (c == '.') {
      if (ellipsis || !term.substr(i).starts_with("..."))
        return err(what, " '", term, "' has a '.' that is not one \"...\"");
      ellipsis = true;
      letters.push_back(-1);
      i += 2;
    } else if (llvm::isAlpha(c)) {
      letters.push_back(c);
    } else {
      return err(what, " '", term, "' has '", term.substr(i, 1),
                 "': only letters and \"...\" label dims");
    }
  }
  return letters;
}

/// The letter `c` as a one-character string for diagnostics.
std::string letterStr(int c) { return std::string(1, static_cast<char>(c)); }

} // namespace

FailureOr<EinsumLabels> resolveEinsum(StringRef equation, ArrayRef<SmallVector<int64_t>> shapes,
                                      const MetaError &err) {
  std::string compact;
  for (char c : equation)
    if (c != ' ')
      compact.push_back(c);
  StringRef eq(compact);
  size_t arrow = eq.find("->");
  if (arrow != StringRef::npos && eq.find("->", arrow + 2) != StringRef::npos)
    return err("equation '", equation, "' has more than one \"->\"");
  StringRef lhs = eq.substr(0, arrow);
  SmallVector<StringRef> terms;
  lhs.split(terms, ',', -1, /*KeepEmpty=*/true);
  if (terms.size() != shapes.size())
    return err("equation '", equation, "' has ", terms.size(), " input term(s) for ",
               shapes.size(), " operand(s)");
  EinsumLabels labels;
  SmallVector<SmallVector<int>> letters;
  for (auto [i, term] : llvm::enumerate(terms)) {
    FailureOr<SmallVector<int>> t = einsumTerm(term, "input term", err);
    if (failed(t))
      return failure();
    int64_t named = llvm::count_if(*t, [](int c) { return c >= 0; });
    bool ellipsis = llvm::is_contained(*t, -1);
    int64_t rank = shapes[i].size();
    if (rank < named || (!ellipsis && rank != named))
      return err("input term '", term, "' labels ", named, " dim(s)",
                 ellipsis ? " and more" : "", ", operand ", i, " has ", rank);
    labels.ellipsisDims = std::max(labels.ellipsisDims, rank - named);
    letters.push_back(std::move(*t));
  }
  int64_t e = labels.ellipsisDims;
  // Labels: the ellipsis dims, then the 52 letters.
  auto letterLabel = [&](int c) -> int64_t {
    return e + (llvm::isUpper(c) ? c - 'A' : 26 + c - 'a');
  };
  labels.sizes.assign(e + 52, kDyn);
  SmallVector<bool> seen(e + 52, false);
  SmallVector<int> uses(e + 52, 0);
  for (auto [i, t] : llvm::enumerate(letters)) {
    ArrayRef<int64_t> shape = shapes[i];
    int64_t rank = shape.size();
    int64_t named = llvm::count_if(t, [](int c) { return c >= 0; });
    SmallVector<int64_t> dims;
    SmallVector<int> dimLetters;
    for (int c : t) {
      if (c >= 0) {
        dims.push_back(letterLabel(c));
        dimLetters.push_back(c);
        continue;
      }
      for (int64_t k = e - (rank - named); k < e; ++k) {
        dims.push_back(k);
        dimLetters.push_back(-1);
      }
    }
    for (auto [d, label] : llvm::enumerate(dims)) {
      int64_t size = shape[d];
      int64_t &known = labels.sizes[label];
      // A dim of size 1 broadcasts against the label's size elsewhere
      // (numpy's rules under "..."; Paddle applies them to letters too: its
      // Python API spells "..." out in letters).
      // (An unknown size against 1 stays unknown: it may be either.)
      if (!seen[label] || known == 1 || (isDyn(known) && size != 1)) {
        known = size;
      } else if (!isDyn(size) && !isDyn(known) && size != known && size != 1) {
        if (label < e)
          return err("the dims \"...\" stands for do not broadcast: operand ", i, " ",
                     dimsStr(shape), " against size ", known);
        return err("label '", letterStr(dimLetters[d]), "' of operand ", i, " ",
                   dimsStr(shape), " has size ", size, ", elsewhere ", known);
      }
      seen[label] = true;
    }
    for (int c : t)
      if (c >= 0)
        ++uses[letterLabel(c)];
    labels.operands.push_back(std::move(dims));
  }
  if (arrow != StringRef::npos) {
    StringRef rhs = eq.substr(arrow + 2);
    FailureOr<SmallVector<int>> t = einsumTerm(rhs, "output term", err);
    if (failed(t))
      return failure();
    SmallVector<bool> inOutput(e + 52, false);
    bool ellipsis = false;
    for (int c : *t) {
      if (c < 0) {
        ellipsis = true;
        for (int64_t k = 0; k < e; ++k)
          labels.output.push_back(k);
        continue;
      }
      int64_t label = letterLabel(c);
      if (!seen[label])
        return err("output label '", letterStr(c), "' is in no input term");
      if (inOutput[label])
        return err("output label '", letterStr(c), "' appears twice");
      inOutput[label] = true;
      labels.output.push_back(label);
    }
    if (!ellipsis && e > 0)
      return err("the inputs have ", e, " dim(s) under \"...\" but the output term '", rhs,
                 "' has no \"...\"");
  } else {
    for (int64_t k = 0; k < e; ++k)
      labels.output.push_back(k);
    // Letters used once, alphabetically (ASCII: upper case first).
    for (int c = 'A'; c <= 'z'; ++c)
      if (llvm::isAlpha(c) && uses[letterLabel(c)] == 1)
        labels.output.push_back(letterLabel(c));
  }
  return labels;
}

LogicalResult EinsumInferMeta(const MetaTensorList &x, StringRef equation, MetaTensor &out,
                              SmallVectorImpl<MetaTensor> &innerCache,
                              SmallVectorImpl<MetaTensor> &xshape, const MetaError &err) {
  if (x.tensors.empty())
    return err("einsum needs at least one operand");
  SmallVector<SmallVector<int64_t>> shapes;
  for (auto [i, t] : llvm::enumerate(x.tensors)) {
    if (t.dtype != x.tensors.front().dtype)
      return err("operand ", i, " is ", t.dtype, ", operand 0 ", x.tensors.front().dtype);
    shapes.push_back(t.dims);
  }
  FailureOr<EinsumLabels> labels = resolveEinsum(equation, shapes, err);
  if (failed(labels))
    return failure();
  SmallVector<int64_t> dims;
  for (int64_t label : labels->output)
    dims.push_back(labels->sizes[label]);
  out.set(dims, x.tensors.front().dtype);
  // PHI's caches for the gradient (left unset: 0-D in Paddle's exported
  // programs) and the operands' shapes.
  innerCache.clear();
  xshape.clear();
  for (const MetaTensor &t : x.tensors) {
    innerCache.push_back(MetaTensor(ArrayRef<int64_t>{}, t.dtype));
    xshape.push_back(t);
  }
  return success();
}

/// x of square float matrices [..., n, n].
static LogicalResult squareMatrices(const MetaTensor &x, const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  if (x.rank() < 2)
    return err("x must have at least 2 dims (matrices), got ", dimsStr(x.dims));
  if (knownAndDiffer(x.dims[x.rank() - 1], x.dims[x.rank() - 2]))
    return err("x's matrices must be square, got ", dimsStr(x.dims));
  return success();
}

LogicalResult DetInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err) {
  if (failed(squareMatrices(x, err)))
    return failure();
  out.set(ArrayRef<int64_t>(x.dims).drop_back(2), x.dtype);
  return success();
}

LogicalResult SlogdetInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err) {
  if (failed(squareMatrices(x, err)))
    return failure();
  SmallVector<int64_t> dims{2};
  llvm::append_range(dims, ArrayRef<int64_t>(x.dims).drop_back(2));
  out.set(dims, x.dtype);
  return success();
}

LogicalResult InverseInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err) {
  if (failed(squareMatrices(x, err)))
    return failure();
  out.share(x);
  return success();
}

LogicalResult CholeskyInferMeta(const MetaTensor &x, bool upper, MetaTensor &out,
                                const MetaError &err) {
  return InverseInferMeta(x, out, err);
}

LogicalResult MatrixPowerInferMeta(const MetaTensor &x, int32_t n, MetaTensor &out,
                                   const MetaError &err) {
  return InverseInferMeta(x, out, err);
}

/// The batch dims of x [..., n, n] and y [..., n, k] broadcast, then n, k.
static LogicalResult solveShape(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                                const MetaError &err) {
  if (failed(squareMatrices(x, err)))
    return failure();
  if (y.dtype != x.dtype)
    return err("y's dtype ", y.dtype, " differs from x's ", x.dtype);
  int64_t n = x.dims[x.rank() - 1];
  if (y.rank() == 1) {
    if (x.rank() != 2)
      return err("a 1-D y needs a 2-D x, got x ", dimsStr(x.dims));
    if (knownAndDiffer(y.dims[0], n))
      return err("y has ", y.dims[0], " rows, x's matrices ", n);
    out.set(y.dims, x.dtype);
    return success();
  }
  if (y.rank() < 2 || knownAndDiffer(y.dims[y.rank() - 2], n))
    return err("y must be [..., ", n, ", k] for x ", dimsStr(x.dims), ", got ", dimsStr(y.dims));
  SmallVector<int64_t> batch;
  if (failed(broadcastShapes(ArrayRef<int64_t>(x.dims).drop_back(2),
                             ArrayRef<int64_t>(y.dims).drop_back(2), batch, err, "x", "y")))
    return failure();
  batch.append({n, y.dims[y.rank() - 1]});
  out.set(batch, x.dtype);
  return success();
}

LogicalResult SolveInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                             const MetaError &err) {
  return solveShape(x, y, out, err);
}

LogicalResult TriangularSolveInferMeta(const MetaTensor &x, const MetaTensor &y, bool upper,
                                       bool transpose, bool unitriangular, MetaTensor &out,
                                       const MetaError &err) {
  if (y.rank() < 2)
    return err("y must be [..., n, k], got ", dimsStr(y.dims));
  return solveShape(x, y, out, err);
}

/// x of float matrices [..., m, n] (any m, n).
static LogicalResult floatMatrices(const MetaTensor &x, StringRef name, const MetaError &err) {
  if (!isa<FloatType>(x.dtype))
    return err(name, " must be a float tensor, got ", x.dtype);
  if (x.rank() < 2)
    return err(name, " must have at least 2 dims (matrices), got ", dimsStr(x.dims));
  return success();
}

static int64_t minDim(int64_t m, int64_t n) {
  return isDyn(m) || isDyn(n) ? kDyn : std::min(m, n);
}

LogicalResult LUInferMeta(const MetaTensor &x, bool pivot, MetaTensor &out, MetaTensor &pivots,
                          MetaTensor &infos, const MetaError &err) {
  if (failed(floatMatrices(x, "x", err)))
    return failure();
  ArrayRef<int64_t> batch = ArrayRef<int64_t>(x.dims).drop_back(2);
  SmallVector<int64_t> pivotDims(batch);
  pivotDims.push_back(minDim(x.dims[x.rank() - 2], x.dims[x.rank() - 1]));
  Type i32 = IntegerType::get(x.dtype.getContext(), 32);
  out.share(x);
  pivots.set(pivotDims, i32);
  infos.set(batch, i32);
  return success();
}

LogicalResult LUUnpackInferMeta(const MetaTensor &x, const MetaTensor &pivots, bool unpackLudata,
                                bool unpackPivots, MetaTensor &pmat, MetaTensor &l, MetaTensor &u,
                                const MetaError &err) {
  if (failed(floatMatrices(x, "x", err)))
    return failure();
  int64_t m = x.dims[x.rank() - 2], n = x.dims[x.rank() - 1], k = minDim(m, n);
  ArrayRef<int64_t> batch = ArrayRef<int64_t>(x.dims).drop_back(2);
  if (!pivots.dtype.isInteger(32))
    return err("y (the pivots) must be int32, got ", pivots.dtype);
  SmallVector<int64_t> expected(batch);
  expected.push_back(k);
  if (pivots.rank() != x.rank() - 1 ||
      llvm::any_of(llvm::zip(pivots.dims, expected),
                   [](auto p) { return knownAndDiffer(std::get<0>(p), std::get<1>(p)); }))
    return err("y (the pivots) must be ", dimsStr(expected), " for x ", dimsStr(x.dims),
               ", got ", dimsStr(pivots.dims));
  auto withMatrix = [&](int64_t r, int64_t c) {
    SmallVector<int64_t> dims(batch);
    dims.append({r, c});
    return dims;
  };
  pmat.set(withMatrix(m, m), x.dtype);
  l.set(withMatrix(m, k), x.dtype);
  u.set(withMatrix(k, n), x.dtype);
  return success();
}

LogicalResult CholeskySolveInferMeta(const MetaTensor &x, const MetaTensor &y, bool upper,
                                     MetaTensor &out, const MetaError &err) {
  if (failed(floatMatrices(y, "y", err)) || failed(floatMatrices(x, "x", err)))
    return failure();
  int64_t m = y.dims[y.rank() - 1];
  if (knownAndDiffer(m, y.dims[y.rank() - 2]))
    return err("y's matrices must be square, got ", dimsStr(y.dims));
  if (x.dtype != y.dtype)
    return err("x's dtype ", x.dtype, " differs from y's ", y.dtype);
  if (knownAndDiffer(x.dims[x.rank() - 2], m))
    return err("x must be [..., ", m, ", k] for y ", dimsStr(y.dims), ", got ", dimsStr(x.dims));
  SmallVector<int64_t> batch;
  if (failed(broadcastShapes(ArrayRef<int64_t>(x.dims).drop_back(2),
                             ArrayRef<int64_t>(y.dims).drop_back(2), batch, err, "x", "y")))
    return failure();
  batch.append({m, x.dims[x.rank() - 1]});
  out.set(batch, x.dtype);
  return success();
}

} // namespace mlir::pd
