//===- Linalg.cpp - InferMeta of matmul, conv, pool, norms, embedding -----===//

#include "Dialect/Pd/InferMeta/InferMeta.h"
#include "llvm/ADT/StringSwitch.h"
#include <cmath>

namespace mlir::pd {

namespace {


bool channelsLast(StringRef dataFormat) {
  return dataFormat == "NHWC" || dataFormat == "NDHWC" || dataFormat == "NLC" ||
         dataFormat == "NWC";
}

/// float16/bfloat16 inputs keep float32 statistics, as in PHI.
Type statisticsType(Type dtype) {
  if (dtype.isF16() || dtype.isBF16())
    return Float32Type::get(dtype.getContext());
  return dtype;
}

/// Expands Paddle's paddings ([p] per spatial dim, or [before, after] per
/// spatial dim) into before/after pairs, applying the padding algorithm.
/// As in PHI's UpdatePaddingAndDilation, SAME pads for the undilated kernel
/// (and the callers then use dilations of 1, see `effectiveDilation`).
/// (Conv's lists are int32 and pool2d's int64, as in Paddle 3.3.)
template <typename Int>
LogicalResult resolvePaddings(ArrayRef<Int> paddings, int64_t spatial,
                              StringRef algorithm, ArrayRef<int64_t> inDims,
                              ArrayRef<int64_t> kernel, ArrayRef<Int> strides,
                              SmallVectorImpl<int64_t> &pairs,
                              const MetaError &err) {
  pairs.assign(2 * spatial, 0);
  if (algorithm == "VALID")
    return success();
  if (algorithm == "SAME") {
    for (int64_t i = 0; i < spatial; ++i) {
      if (isDyn(inDims[i]) || isDyn(kernel[i])) {
        pairs[2 * i] = pairs[2 * i + 1] = kDyn;
        continue;
      }
      int64_t out = (inDims[i] + strides[i] - 1) / strides[i];
      int64_t pad = std::max<int64_t>(
          (out - 1) * strides[i] + kernel[i] - inDims[i], 0);
      pairs[2 * i] = pad / 2;
      pairs[2 * i + 1] = pad - pad / 2;
    }
    return success();
  }
  if (algorithm != "EXPLICIT")
    return err("padding_algorithm must be EXPLICIT, SAME or VALID, got '",
               algorithm, "'");
  if ((int64_t)paddings.size() == spatial) {
    for (int64_t i = 0; i < spatial; ++i)
      pairs[2 * i] = pairs[2 * i + 1] = paddings[i];
  } else if ((int64_t)paddings.size() == 2 * spatial) {
    for (int64_t i = 0; i < 2 * spatial; ++i)
      pairs[i] = paddings[i];
  } else {
    return err("paddings must have ", spatial, " or ", 2 * spatial,
               " elements, got ", paddings.size());
  }
  return success();
}

/// PHI resets the dilations to 1 under the SAME padding algorithm.
int64_t effectiveDilation(StringRef algorithm, ArrayRef<int32_t> dilations,
                          int64_t i) {
  return algorithm == "SAME" ? 1 : dilations[i];
}

template <typename Int>
LogicalResult checkSpatialList(ArrayRef<Int> list, int64_t spatial,
                               StringRef name, const MetaError &err) {
  if ((int64_t)list.size() != spatial)
    return err(name, " must have ", spatial, " elements, got ", list.size());
  for (Int v : list)
    if (v <= 0)
      return err(name, " must be positive, got ", v);
  return success();
}
/// Checks what conv and conv-transpose share; returns the number of spatial
/// dims (2 or 3).
FailureOr<int64_t> checkConvOperands(const MetaTensor &input,
                                     const MetaTensor &filter,
                                     ArrayRef<int32_t> strides,
                                     ArrayRef<int32_t> dilations,
                                     int64_t groups, const MetaError &err) {
  int64_t rank = input.rank();
  LogicalResult ok = success();
  if (rank != 4 && rank != 5)
    ok = err("input must be 4-D or 5-D, got ", dimsStr(input.dims));
  else if (filter.rank() != rank)
    ok = err("filter must have the input's rank ", rank, ", got ",
             dimsStr(filter.dims));
  else if (failed(checkSpatialList(strides, rank - 2, "strides", err)) ||
           failed(checkSpatialList(dilations, rank - 2, "dilations", err)))
    ok = failure();
  else if (groups <= 0)
    ok = err("groups must be positive, got ", groups);
  if (failed(ok))
    return failure();
  return rank - 2;
}
} // namespace

//===----------------------------------------------------------------------===//
// Matrix products
//===----------------------------------------------------------------------===//

LogicalResult MatmulInferMeta(const MetaTensor &x, const MetaTensor &y,
                              bool transposeX, bool transposeY,
                              MetaTensor &out, const MetaError &err) {
  if (x.rank() == 0 || y.rank() == 0)
    return err("operands must have rank >= 1, got x ", dimsStr(x.dims),
               " and y ", dimsStr(y.dims));
  if (x.dtype != y.dtype)
    return err("operands have different dtypes: x is ", x.dtype, ", y is ",
               y.dtype);
  SmallVector<int64_t> xd(x.dims), yd(y.dims);
  bool xVector = xd.size() == 1, yVector = yd.size() == 1;
  if (xVector)
    xd.insert(xd.begin(), 1);
  if (yVector)
    yd.push_back(1);
  if (transposeX && !xVector)
    std::swap(xd[xd.size() - 1], xd[xd.size() - 2]);
  if (transposeY && !yVector)
    std::swap(yd[yd.size() - 1], yd[yd.size() - 2]);
  int64_t m = xd[xd.size() - 2], kx = xd.back();
  int64_t ky = yd[yd.size() - 2], n = yd.back();
  if (knownAndDiffer(kx, ky))
    return err("contraction dims differ: x ", dimsStr(x.dims),
               (transposeX ? " (transposed)" : ""), " has K = ", kx, ", y ",
               dimsStr(y.dims), (transposeY ? " (transposed)" : ""),
               " has K = ", ky);
  SmallVector<int64_t> batch;
  if (failed(broadcastShapes(ArrayRef<int64_t>(xd).drop_back(2),
                             ArrayRef<int64_t>(yd).drop_back(2), batch, err,
                             "the batch dims of x", "the batch dims of y")))
    return failure();
  if (!xVector)
    batch.push_back(m);
  if (!yVector)
    batch.push_back(n);
  out.set(batch, x.dtype);
  return success();
}

LogicalResult BmmInferMeta(const MetaTensor &x, const MetaTensor &y,
                           MetaTensor &out, const MetaError &err) {
  if (x.rank() != 3 || y.rank() != 3)
    return err("operands must be 3-D, got x ", dimsStr(x.dims), " and y ",
               dimsStr(y.dims));
  if (knownAndDiffer(x.dims[0], y.dims[0]))
    return err("batch sizes differ: ", x.dims[0], " vs ", y.dims[0]);
  return MatmulInferMeta(x, y, false, false, out, err);
}

LogicalResult AddmmInferMeta(const MetaTensor &input, const MetaTensor &x,
                             const MetaTensor &y, MetaTensor &out,
                             const MetaError &err) {
  if (x.rank() != 2 || y.rank() != 2)
    return err("x and y must be 2-D, got ", dimsStr(x.dims), " and ",
               dimsStr(y.dims));
  MetaTensor product;
  SmallVector<int64_t> dims;
  if (failed(MatmulInferMeta(x, y, false, false, product, err)) ||
      failed(broadcastShapes(input.dims, product.dims, dims, err, "input",
                             "x @ y")))
    return failure();
  // input broadcasts to the product's shape, never the other way round.
  if (!areShapesCompatible(dims, product.dims))
    return err("input of shape ", dimsStr(input.dims),
               " does not broadcast to x @ y of shape ",
               dimsStr(product.dims));
  out.set(product.dims, x.dtype);
  return success();
}

//===----------------------------------------------------------------------===//
// Convolution and pooling
//===----------------------------------------------------------------------===//

LogicalResult ConvInferMeta(const MetaTensor &input, const MetaTensor &filter,
                            ArrayRef<int32_t> strides,
                            ArrayRef<int32_t> paddings,
                            StringRef paddingAlgorithm,
                            ArrayRef<int32_t> dilations, int64_t groups,
                            StringRef dataFormat, MetaTensor &out,
                            const MetaError &err) {
  FailureOr<int64_t> spatialDims =
      checkConvOperands(input, filter, strides, dilations, groups, err);
  if (failed(spatialDims))
    return failure();
  int64_t spatial = *spatialDims;
  bool last = channelsLast(dataFormat);
  int64_t inC = last ? input.dims.back() : input.dims[1];
  SmallVector<int64_t> inSpatial;
  for (int64_t i = 0; i < spatial; ++i)
    inSpatial.push_back(input.dims[last ? 1 + i : 2 + i]);
  int64_t outC = filter.dims[0];
  if (knownAndDiffer(inC, mulDims(filter.dims[1], groups)))
    return err("input has ", inC, " channels but filter ",
               dimsStr(filter.dims), " with groups = ", groups, " expects ",
               mulDims(filter.dims[1], groups));
  if (!isDyn(outC) && outC % groups != 0)
    return err("filter's output channels ", outC,
               " are not divisible by groups = ", groups);
  SmallVector<int64_t> kernel(ArrayRef<int64_t>(filter.dims).drop_front(2));
  SmallVector<int64_t> pads;
  if (failed(resolvePaddings(paddings, spatial, paddingAlgorithm, inSpatial,
                             kernel, strides, pads, err)))
    return failure();
  SmallVector<int64_t> outSpatial;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = inSpatial[i], k = kernel[i];
    if (isDyn(in) || isDyn(k) || isDyn(pads[2 * i])) {
      outSpatial.push_back(paddingAlgorithm == "SAME" && !isDyn(in)
                               ? (in + strides[i] - 1) / strides[i]
                               : kDyn);
      continue;
    }
    int64_t effK =
        addDims(mulDims(effectiveDilation(paddingAlgorithm, dilations, i), k - 1), 1);
    int64_t padded = in + pads[2 * i] + pads[2 * i + 1];
    if (padded < effK)
      return err("spatial dim ", i, " of size ", in, " (padded ", padded,
                 ") is smaller than the dilated kernel ", effK);
    outSpatial.push_back((padded - effK) / strides[i] + 1);
  }
  SmallVector<int64_t> dims{input.dims[0]};
  if (!last)
    dims.push_back(outC);
  llvm::append_range(dims, outSpatial);
  if (last)
    dims.push_back(outC);
  out.set(dims, input.dtype);
  return success();
}

LogicalResult ConvTransposeInferMeta(
    const MetaTensor &x, const MetaTensor &filter, ArrayRef<int32_t> strides,
    ArrayRef<int32_t> paddings, ArrayRef<int32_t> outputPadding,
    const IntArrayArg &outputSize, StringRef paddingAlgorithm, int64_t groups,
    ArrayRef<int32_t> dilations, StringRef dataFormat, MetaTensor &out,
    const MetaError &err) {
  FailureOr<int64_t> spatialDims =
      checkConvOperands(x, filter, strides, dilations, groups, err);
  if (failed(spatialDims))
    return failure();
  int64_t spatial = *spatialDims;
  if (!outputPadding.empty() && (int64_t)outputPadding.size() != spatial)
    return err("output_padding must have ", spatial, " elements, got ",
               outputPadding.size());
  bool last = channelsLast(dataFormat);
  int64_t inC = last ? x.dims.back() : x.dims[1];
  if (knownAndDiffer(inC, filter.dims[0]))
    return err("input has ", inC, " channels but filter ",
               dimsStr(filter.dims), " expects ", filter.dims[0]);
  int64_t outC = mulDims(filter.dims[1], groups);
  SmallVector<int64_t> inSpatial, kernel(ArrayRef<int64_t>(filter.dims).drop_front(2));
  for (int64_t i = 0; i < spatial; ++i)
    inSpatial.push_back(x.dims[last ? 1 + i : 2 + i]);
  SmallVector<int64_t> pads;
  if (failed(resolvePaddings(paddings, spatial, paddingAlgorithm, inSpatial,
                             kernel, strides, pads, err)))
    return failure();
  if (outputSize.isConstant() && !outputSize.values->empty() &&
      (int64_t)outputSize.values->size() != spatial)
    return err("output_size must have ", spatial, " elements, got ",
               outputSize.values->size());
  SmallVector<int64_t> outSpatial;
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = inSpatial[i], k = kernel[i];
    // As in PHI: output_size, when given, replaces output_padding; it must
    // lie in [inferred, inferred + stride).
    int64_t inferred = kDyn;
    if (!isDyn(in) && !isDyn(k) && !isDyn(pads[2 * i]))
      inferred = (in - 1) * strides[i] - pads[2 * i] - pads[2 * i + 1] +
                 effectiveDilation(paddingAlgorithm, dilations, i) * (k - 1) +
                 1;
    if (outputSize.isConstant() && !outputSize.values->empty()) {
      int64_t want = (*outputSize.values)[i];
      if (!isDyn(inferred) && (want < inferred || want >= inferred + strides[i]))
        return err("output_size[", i, "] = ", want, " must be in [", inferred,
                   ", ", inferred + strides[i], ")");
      outSpatial.push_back(want);
    } else if (!outputSize.isConstant() && outputSize.size != 0) {
      outSpatial.push_back(kDyn);
    } else {
      outSpatial.push_back(isDyn(inferred) || outputPadding.empty()
                               ? inferred
                               : inferred + outputPadding[i]);
    }
  }
  SmallVector<int64_t> dims{x.dims[0]};
  if (!last)
    dims.push_back(outC);
  llvm::append_range(dims, outSpatial);
  if (last)
    dims.push_back(outC);
  out.set(dims, x.dtype);
  return success();
}

/// pool2d (4-D, kernel_size an IntArray) and pool3d (5-D, kernel_size a
/// list): windows of kernel_size (one value for all spatial dims, or one per
/// dim) at strides after the paddings; adaptive: the kernel is the output
/// size; global: one window of the whole map.
template <typename Int>
static LogicalResult poolInferMeta(const MetaTensor &x, int64_t spatial,
                                   const IntArrayArg &kernelSize, ArrayRef<Int> strides,
                                   ArrayRef<Int> paddings, bool ceilMode, StringRef dataFormat,
                                   StringRef poolingType, bool globalPooling, bool adaptive,
                                   StringRef paddingAlgorithm, MetaTensor &out,
                                   const MetaError &err) {
  if (x.rank() != spatial + 2)
    return err("input must be ", spatial + 2, "-D, got ", dimsStr(x.dims));
  if (poolingType != "max" && poolingType != "avg")
    return err("pooling_type must be 'max' or 'avg', got '", poolingType, "'");
  bool last = channelsLast(dataFormat);
  int64_t first = last ? 1 : 2;
  SmallVector<int64_t> in(x.dims.begin() + first, x.dims.begin() + first + spatial);
  SmallVector<int64_t> kernel(spatial, kDyn);
  if (kernelSize.isConstant()) {
    const auto &k = *kernelSize.values;
    if ((int64_t)k.size() == 1)
      kernel.assign(spatial, k[0]);
    else if ((int64_t)k.size() == spatial)
      kernel.assign(k.begin(), k.end());
    else
      return err("kernel_size must have 1 or ", spatial, " elements, got ", k.size());
    for (int64_t v : kernel)
      if (v <= 0)
        return err("kernel_size must be positive, got ", v);
  }
  SmallVector<int64_t> outSpatial;
  if (adaptive) {
    // The kernel is the output size; global pooling makes it the input's
    // spatial dims (PHI's UpdateKernelSize), as odd as that is.
    outSpatial = globalPooling ? in : kernel;
  } else if (globalPooling) {
    outSpatial.assign(spatial, 1);
  } else {
    if (failed(checkSpatialList(strides, spatial, "strides", err)))
      return failure();
    SmallVector<int64_t> pads;
    if (failed(resolvePaddings(paddings, spatial, paddingAlgorithm, in, kernel, strides, pads,
                               err)))
      return failure();
    for (int64_t i = 0; i < spatial; ++i) {
      if (isDyn(in[i]) || isDyn(kernel[i]) || isDyn(pads[2 * i])) {
        outSpatial.push_back(kDyn);
        continue;
      }
      int64_t padded = in[i] + pads[2 * i] + pads[2 * i + 1];
      if (padded < kernel[i])
        return err("spatial dim ", i, " of size ", in[i], " (padded ", padded,
                   ") is smaller than the kernel ", kernel[i]);
      int64_t span = padded - kernel[i];
      outSpatial.push_back((ceilMode ? (span + strides[i] - 1) : span) / strides[i] + 1);
    }
  }
  SmallVector<int64_t> dims{x.dims[0]};
  if (!last)
    dims.push_back(x.dims[1]);
  llvm::append_range(dims, outSpatial);
  if (last)
    dims.push_back(x.dims[x.rank() - 1]);
  out.set(dims, x.dtype);
  return success();
}

LogicalResult LpPool2DInferMeta(const MetaTensor &x, ArrayRef<int64_t> kernelSize,
                                ArrayRef<int64_t> strides, ArrayRef<int64_t> paddings,
                                bool ceilMode, bool exclusive, StringRef dataFormat,
                                StringRef poolingType, bool globalPooling, bool adaptive,
                                StringRef paddingAlgorithm, float normType, MetaTensor &out,
                                const MetaError &err) {
  if (!(normType > 0))
    return err("norm_type must be positive, got ", numStr(normType));
  if (adaptive)
    return err("lp_pool2d has no adaptive windows");
  // Paddle passes pooling_type "lp"; the windows are avg's.
  return Pool2DInferMeta(x, IntArrayArg::of(kernelSize), strides, paddings, ceilMode, exclusive,
                         dataFormat, "avg", globalPooling, adaptive, paddingAlgorithm, out, err);
}

LogicalResult Pool2DInferMeta(const MetaTensor &x, const IntArrayArg &kernelSize,
                              ArrayRef<int64_t> strides, ArrayRef<int64_t> paddings,
                              bool ceilMode, bool exclusive, StringRef dataFormat,
                              StringRef poolingType, bool globalPooling, bool adaptive,
                              StringRef paddingAlgorithm, MetaTensor &out,
                              const MetaError &err) {
  return poolInferMeta(x, 2, kernelSize, strides, paddings, ceilMode, dataFormat, poolingType,
                       globalPooling, adaptive, paddingAlgorithm, out, err);
}

LogicalResult Pool3DInferMeta(const MetaTensor &x, ArrayRef<int64_t> kernelSize,
                              ArrayRef<int64_t> strides, ArrayRef<int64_t> paddings,
                              bool ceilMode, bool exclusive, StringRef dataFormat,
                              StringRef poolingType, bool globalPooling, bool adaptive,
                              StringRef paddingAlgorithm, MetaTensor &out,
                              const MetaError &err) {
  return poolInferMeta(x, 3, IntArrayArg::of(kernelSize), strides, paddings, ceilMode, dataFormat,
                       poolingType, globalPooling, adaptive, paddingAlgorithm, out, err);
}

LogicalResult MaxPoolWithIndexInferMeta(const MetaTensor &x, ArrayRef<int32_t> kernelSize,
                                        ArrayRef<int32_t> strides, ArrayRef<int32_t> paddings,
                                        bool globalPooling, bool adaptive, bool ceilMode,
                                        MetaTensor &out, MetaTensor &mask, const MetaError &err) {
  if (x.rank() != 4)
    return err("x must be 4-D [N, C, H, W], got ", dimsStr(x.dims));
  if (kernelSize.size() != 2 || strides.size() != 2 || paddings.size() != 2)
    return err("kernel_size, strides and paddings must have 2 values each, got ",
               kernelSize.size(), ", ", strides.size(), " and ", paddings.size());
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  SmallVector<int64_t> kernel(kernelSize.begin(), kernelSize.end());
  if (failed(poolInferMeta(x, 2, IntArrayArg::of(kernel), strides, paddings, ceilMode, "NCHW",
                           "max", globalPooling, adaptive, "EXPLICIT", out, err)))
    return failure();
  mask.set(out.dims, IntegerType::get(x.dtype.getContext(), 32));
  return success();
}

LogicalResult UnpoolInferMeta(const MetaTensor &x, const MetaTensor &indices,
                              ArrayRef<int32_t> ksize, ArrayRef<int32_t> strides,
                              ArrayRef<int32_t> padding, const IntArrayArg &outputSize,
                              StringRef dataFormat, MetaTensor &out, const MetaError &err) {
  if (dataFormat != "NCHW")
    return err("data_format must be NCHW, got '", dataFormat, "'");
  if (x.rank() != 4)
    return err("x must be 4-D [N, C, H, W], got ", dimsStr(x.dims));
  if (indices.rank() != 4)
    return err("indices must be 4-D like x, got ", dimsStr(indices.dims));
  for (int64_t d = 0; d < 4; ++d)
    if (knownAndDiffer(x.dims[d], indices.dims[d]))
      return err("indices ", dimsStr(indices.dims), " must have x's shape ", dimsStr(x.dims));
  if (!indices.dtype.isInteger(32) && !indices.dtype.isInteger(64))
    return err("indices must be int32 or int64, got ", indices.dtype);
  if (ksize.size() != 2 || strides.size() != 2 || padding.size() != 2)
    return err("ksize, strides and padding must have 2 values each");
  if (!isDyn(outputSize.size) && outputSize.size != 2)
    return err("output_size must have 2 values, got ", outputSize.size);
  SmallVector<int64_t> dims{x.dims[0], x.dims[1], kDyn, kDyn};
  if (outputSize.values) {
    for (int64_t i = 0; i < 2; ++i) {
      int64_t size = (*outputSize.values)[i];
      if (size <= 0)
        return err("output_size must be positive, got ", dimsStr(*outputSize.values));
      dims[2 + i] = size;
    }
  }
  out.set(dims, x.dtype);
  return success();
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

static LogicalResult checkVector(const MetaTensor &t, int64_t size,
                                 StringRef name, const MetaError &err) {
  if (!t.present)
    return success();
  if (knownAndDiffer(t.numel(), size))
    return err(name, " must have ", size, " elements, got shape ",
               dimsStr(t.dims));
  return success();
}

LogicalResult BatchNormInferMeta(
    const MetaTensor &x, const MetaTensor &mean, const MetaTensor &variance,
    const MetaTensor &scale, const MetaTensor &bias, StringRef dataFormat,
    MetaTensor &out, MetaTensor &meanOut, MetaTensor &varianceOut,
    MetaTensor &savedMean, MetaTensor &savedVariance,
    MetaTensor &reserveSpace, const MetaError &err) {
  if (x.rank() < 2 || x.rank() > 5)
    return err("input must have rank 2 to 5, got ", dimsStr(x.dims));
  int64_t c = channelsLast(dataFormat) ? x.dims.back() : x.dims[1];
  if (failed(checkVector(mean, c, "mean", err)) ||
      failed(checkVector(variance, c, "variance", err)) ||
      failed(checkVector(scale, c, "scale", err)) ||
      failed(checkVector(bias, c, "bias", err)))
    return failure();
  Type stats = statisticsType(x.dtype);
  out.share(x);
  meanOut.set({c}, mean.dtype ? mean.dtype : stats);
  varianceOut.set({c}, variance.dtype ? variance.dtype : stats);
  savedMean.set({c}, stats);
  savedVariance.set({c}, stats);
  // cuDNN's workspace: bytes, as Paddle records it.
  reserveSpace.set({kDyn}, IntegerType::get(err.ctx, 8, IntegerType::Unsigned));
  return success();
}

LogicalResult LayerNormInferMeta(const MetaTensor &x, const MetaTensor &scale,
                                 const MetaTensor &bias, int64_t beginNormAxis,
                                 MetaTensor &out, MetaTensor &mean,
                                 MetaTensor &variance, const MetaError &err) {
  FailureOr<int64_t> begin =
      normalizeAxis(beginNormAxis, x.rank(), err, "begin_norm_axis");
  if (failed(begin))
    return failure();
  int64_t right = 1;
  for (int64_t i = *begin; i < x.rank(); ++i)
    right = mulDims(right, x.dims[i]);
  if (failed(checkVector(scale, right, "scale", err)) ||
      failed(checkVector(bias, right, "bias", err)))
    return failure();
  out.share(x);
  // As in PHI (since Paddle 2.6): mean and variance keep the dims before
  // begin_norm_axis instead of flattening them.
  ArrayRef<int64_t> before = ArrayRef<int64_t>(x.dims).take_front(*begin);
  Type stats = statisticsType(x.dtype);
  mean.set(before, stats);
  variance.set(before, stats);
  return success();
}

LogicalResult SkipLayerNormInferMeta(const MetaTensor &x, const MetaTensor &y,
                                     const MetaTensor &scale, const MetaTensor &bias,
                                     int64_t beginNormAxis, MetaTensor &out,
                                     const MetaError &err) {
  if (x.dtype != y.dtype)
    return err("x is ", x.dtype, ", y ", y.dtype);
  if (x.rank() != y.rank() ||
      llvm::any_of(llvm::zip(x.dims, y.dims),
                   [](auto p) { return knownAndDiffer(std::get<0>(p), std::get<1>(p)); }))
    return err("x and y must have one shape, got ", dimsStr(x.dims), " and ", dimsStr(y.dims));
  MetaTensor mean, variance;
  return LayerNormInferMeta(x, scale, bias, beginNormAxis, out, mean, variance, err);
}

LogicalResult RmsNormInferMeta(const MetaTensor &x, const MetaTensor &scale,
                               ArrayRef<int64_t> normalizedShape, MetaTensor &y,
                               MetaTensor &invvar, const MetaError &err) {
  int64_t n = normalizedShape.size();
  if (n == 0 || n > x.rank())
    return err("normalized_shape must name 1 to ", x.rank(), " trailing dims of x ",
               dimsStr(x.dims), ", got ", dimsStr(normalizedShape));
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  ArrayRef<int64_t> trailing = ArrayRef<int64_t>(x.dims).take_back(n);
  for (int64_t i = 0; i < n; ++i)
    if (knownAndDiffer(trailing[i], normalizedShape[i]))
      return err("normalized_shape ", dimsStr(normalizedShape), " differs from x's trailing dims ",
                 dimsStr(trailing));
  if (scale.present && (scale.rank() != n ||
                        llvm::any_of(llvm::zip(scale.dims, normalizedShape), [](auto p) {
                          return knownAndDiffer(std::get<0>(p), std::get<1>(p));
                        })))
    return err("scale must be ", dimsStr(normalizedShape), ", got ", dimsStr(scale.dims));
  y.share(x);
  invvar.set(ArrayRef<int64_t>(x.dims).drop_back(n), statisticsType(x.dtype));
  return success();
}

LogicalResult FCInferMeta(const MetaTensor &input, const MetaTensor &w, const MetaTensor &bias,
                          int64_t inNumColDims, StringRef activationType, bool paddingWeights,
                          MetaTensor &out, const MetaError &err) {
  if (w.rank() != 2)
    return err("w must be 2-D, got ", dimsStr(w.dims));
  if (input.dtype != w.dtype)
    return err("input is ", input.dtype, ", w ", w.dtype);
  if (inNumColDims < 1 || inNumColDims >= input.rank())
    return err("in_num_col_dims must be in [1, ", input.rank(), ") for input ",
               dimsStr(input.dims), ", got ", inNumColDims);
  if (!activationType.empty() && activationType != "relu")
    return err("activation_type must be \"\" or \"relu\", got \"", activationType, "\"");
  int64_t pad = paddingWeights ? 4 : 0;
  int64_t k = isDyn(w.dims[0]) ? kDyn : w.dims[0] - pad;
  int64_t n = isDyn(w.dims[1]) ? kDyn : w.dims[1] - pad;
  if ((!isDyn(k) && k < 1) || (!isDyn(n) && n < 1))
    return err("w ", dimsStr(w.dims), " is too small", paddingWeights ? " for padding_weights" : "");
  int64_t inner = 1;
  for (int64_t i = inNumColDims; i < input.rank(); ++i)
    inner = mulDims(inner, input.dims[i]);
  if (knownAndDiffer(inner, k))
    return err("input ", dimsStr(input.dims), " flattened at in_num_col_dims = ", inNumColDims,
               " has ", inner, " columns, w ", k, " rows");
  if (bias.present && (bias.rank() < 1 || bias.rank() > 2 || knownAndDiffer(bias.numel(), n) ||
                       (bias.rank() == 2 && knownAndDiffer(bias.dims[0], 1))))
    return err("bias must be [", n, "] or [1, ", n, "], got ", dimsStr(bias.dims));
  SmallVector<int64_t> dims(ArrayRef<int64_t>(input.dims).take_front(inNumColDims));
  dims.push_back(n);
  out.set(dims, input.dtype);
  return success();
}

LogicalResult MatmulWithFlattenInferMeta(const MetaTensor &x, const MetaTensor &y,
                                         int64_t xNumColDims, int64_t yNumColDims,
                                         MetaTensor &out, const MetaError &err) {
  if (x.dtype != y.dtype)
    return err("x is ", x.dtype, ", y ", y.dtype);
  if (xNumColDims < 1 || xNumColDims >= x.rank())
    return err("x_num_col_dims must be in [1, ", x.rank(), ") for x ", dimsStr(x.dims), ", got ",
               xNumColDims);
  if (yNumColDims < 1 || yNumColDims >= y.rank())
    return err("y_num_col_dims must be in [1, ", y.rank(), ") for y ", dimsStr(y.dims), ", got ",
               yNumColDims);
  int64_t kx = 1, ky = 1;
  for (int64_t i = xNumColDims; i < x.rank(); ++i)
    kx = mulDims(kx, x.dims[i]);
  for (int64_t i = 0; i < yNumColDims; ++i)
    ky = mulDims(ky, y.dims[i]);
  if (knownAndDiffer(kx, ky))
    return err("x ", dimsStr(x.dims), " flattened at ", xNumColDims, " has ", kx,
               " columns, y ", dimsStr(y.dims), " flattened at ", yNumColDims, " ", ky, " rows");
  SmallVector<int64_t> dims(ArrayRef<int64_t>(x.dims).take_front(xNumColDims));
  llvm::append_range(dims, ArrayRef<int64_t>(y.dims).drop_front(yNumColDims));
  out.set(dims, x.dtype);
  return success();
}

LogicalResult AddPositionEncodingInferMeta(const MetaTensor &x, float alpha, float beta,
                                           MetaTensor &out, const MetaError &err) {
  if (x.rank() != 3)
    return err("x must be 3-D [batch, sequence, features], got ", dimsStr(x.dims));
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  if (!isDyn(x.dims[2]) && x.dims[2] % 2 != 0)
    return err("the feature size must be even, got ", x.dims[2]);
  out.share(x);
  return success();
}

LogicalResult GroupNormInferMeta(const MetaTensor &x, const MetaTensor &scale,
                                 const MetaTensor &bias, int64_t groups,
                                 StringRef dataFormat, MetaTensor &y,
                                 MetaTensor &mean, MetaTensor &variance,
                                 const MetaError &err) {
  if (x.rank() < 2)
    return err("input must have rank >= 2, got ", dimsStr(x.dims));
  int64_t c = channelsLast(dataFormat) ? x.dims.back() : x.dims[1];
  if (groups <= 0)
    return err("groups must be positive, got ", groups);
  if (!isDyn(c) && c % groups != 0)
    return err(c, " channels are not divisible by groups = ", groups);
  if (failed(checkVector(scale, c, "scale", err)) ||
      failed(checkVector(bias, c, "bias", err)))
    return failure();
  y.share(x);
  Type stats = statisticsType(x.dtype);
  mean.set({x.dims[0], groups}, stats);
  variance.set({x.dims[0], groups}, stats);
  return success();
}

LogicalResult InstanceNormInferMeta(const MetaTensor &x,
                                    const MetaTensor &scale,
                                    const MetaTensor &bias, MetaTensor &y,
                                    MetaTensor &savedMean,
                                    MetaTensor &savedVariance,
                                    const MetaError &err) {
  if (x.rank() < 2 || x.rank() > 5)
    return err("input must have rank 2 to 5, got ", dimsStr(x.dims));
  int64_t c = x.dims[1];
  if (failed(checkVector(scale, c, "scale", err)) ||
      failed(checkVector(bias, c, "bias", err)))
    return failure();
  y.share(x);
  Type stats = statisticsType(x.dtype);
  savedMean.set({mulDims(x.dims[0], c)}, stats);
  savedVariance.set({mulDims(x.dims[0], c)}, stats);
  return success();
}

//===----------------------------------------------------------------------===//
// Embedding, loss, resizing
//===----------------------------------------------------------------------===//

LogicalResult EmbeddingInferMeta(const MetaTensor &x, const MetaTensor &weight,
                                 MetaTensor &out, const MetaError &err) {
  if (weight.rank() != 2)
    return err("weight must be 2-D [vocabulary, width], got ",
               dimsStr(weight.dims));
  if (!isa<IntegerType>(x.dtype) || x.dtype.isInteger(1))
    return err("ids must be an integer tensor, got ", x.dtype);
  SmallVector<int64_t> dims(x.dims);
  dims.push_back(weight.dims[1]);
  out.set(dims, weight.dtype);
  return success();
}

LogicalResult CrossEntropyWithSoftmaxInferMeta(
    const MetaTensor &logits, const MetaTensor &label, bool softLabel,
    int64_t axis, MetaTensor &softmax, MetaTensor &loss,
    const MetaError &err) {
  FailureOr<int64_t> a = normalizeAxis(axis, logits.rank(), err);
  if (failed(a))
    return failure();
  if (label.rank() != logits.rank())
    return err("label ", dimsStr(label.dims),
               " must have the rank of input ", dimsStr(logits.dims));
  for (int64_t i = 0; i < logits.rank(); ++i) {
    int64_t want = (i == *a && !softLabel) ? 1 : logits.dims[i];
    if (knownAndDiffer(label.dims[i], want))
      return err("label ", dimsStr(label.dims), " does not match input ",
                 dimsStr(logits.dims),
                 softLabel ? " (soft labels have the input's shape)"
                           : " (hard labels have size 1 on the class axis)");
  }
  softmax.share(logits);
  SmallVector<int64_t> dims(logits.dims);
  dims[*a] = 1;
  loss.set(dims, logits.dtype);
  return success();
}

LogicalResult InterpolateInferMeta(const MetaTensor &x, const IntArrayArg &outSize,
                                   const IntArrayArg &sizeTensor, const MetaTensor &scaleTensor,
                                   StringRef dataFormat, int64_t outD, int64_t outH,
                                   int64_t outW, ArrayRef<double> scale, StringRef interpMethod,
                                   MetaTensor &output, const MetaError &err) {
  int64_t rank = x.rank();
  StringRef ranks = llvm::StringSwitch<StringRef>(interpMethod)
                        .Case("linear", "3")
                        .Cases("bilinear", "bicubic", "4")
                        .Case("trilinear", "5")
                        .Case("nearest", "45")
                        .Default("");
  if (ranks.empty())
    return err("interp_method must be linear, bilinear, bicubic, trilinear or nearest, got '",
               interpMethod, "'");
  std::string want = ranks == "45" ? std::string("4-D or 5-D") : (ranks + "-D").str();
  if (rank < 3 || rank > 5 || !ranks.contains(char('0' + rank)))
    return err("input must be ", want, " for ", interpMethod, " interpolation, got ",
               dimsStr(x.dims));
  int64_t spatial = rank - 2;
  bool last = channelsLast(dataFormat);
  int64_t first = last ? 1 : 2;
  if (!scale.empty() && (int64_t)scale.size() != 1 && (int64_t)scale.size() != spatial)
    return err("scale has ", scale.size(), " values for ", spatial,
               " spatial dims (one for all, or one per dim)");
  // As in PHI: the sizes of `size_tensor` win, then those of `out_size`,
  // then a scale (of `scale_tensor`, else the attribute), then out_d/out_h/
  // out_w; sizes from a scale are rounded down, and a size that is not
  // positive (or that overflows) is left unknown, as are the sizes of a
  // size operand whose values are not constant.
  auto known = [](int64_t d) { return d > 0 ? d : kDyn; };
  SmallVector<int64_t> dims(x.dims.begin(), x.dims.end());
  for (const IntArrayArg *given : {&sizeTensor, &outSize}) {
    if (given->size == 0)
      continue; // absent
    if (given->size != kDyn && given->size != spatial)
      return err(given == &outSize ? "out_size" : "size_tensor", " has ", given->size,
                 " values for ", spatial, " spatial dims");
    for (int64_t i = 0; i < spatial; ++i)
      dims[first + i] = given->values ? known((*given->values)[i]) : kDyn;
    output.set(dims, x.dtype);
    return success();
  }
  if (scaleTensor.present) {
    // A scale known only at run time.
    for (int64_t i = 0; i < spatial; ++i)
      dims[first + i] = kDyn;
    output.set(dims, x.dtype);
    return success();
  }
  SmallVector<int64_t> sizes = {outD, outH, outW};
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t in = x.dims[first + i];
    int64_t &o = dims[first + i];
    if (!scale.empty()) {
      double s = scale.size() == 1 ? scale[0] : scale[i];
      if (!(s > 0) || !std::isfinite(s))
        return err("scale must be positive and finite, got ", s);
      double size = isDyn(in) ? 0.0 : std::floor(double(in) * s);
      o = isDyn(in) || size > double(int64_t(1) << 40) ? kDyn : known(int64_t(size));
    } else {
      o = known(sizes[3 - spatial + i]);
    }
  }
  output.set(dims, x.dtype);
  return success();
}

LogicalResult PixelShuffleInferMeta(const MetaTensor &x, int64_t upscaleFactor,
                                    StringRef dataFormat, MetaTensor &out,
                                    const MetaError &err) {
  if (x.rank() != 4)
    return err("input must be 4-D, got ", dimsStr(x.dims));
  if (upscaleFactor <= 0)
    return err("upscale_factor must be positive, got ", upscaleFactor);
  bool last = channelsLast(dataFormat);
  int64_t c = last ? x.dims[3] : x.dims[1];
  int64_t r2 = upscaleFactor * upscaleFactor;
  if (!isDyn(c) && c % r2 != 0)
    return err(c, " channels are not divisible by upscale_factor^2 = ", r2);
  int64_t oc = isDyn(c) ? kDyn : c / r2;
  int64_t h = mulDims(x.dims[last ? 1 : 2], upscaleFactor);
  int64_t w = mulDims(x.dims[last ? 2 : 3], upscaleFactor);
  SmallVector<int64_t> dims = last ? SmallVector<int64_t>{x.dims[0], h, w, oc}
                                   : SmallVector<int64_t>{x.dims[0], oc, h, w};
  out.set(dims, x.dtype);
  return success();
}

LogicalResult BaddbmmInferMeta(const MetaTensor &input, const MetaTensor &x,
                               const MetaTensor &y, MetaTensor &out,
                               const MetaError &err) {
  MetaTensor product;
  SmallVector<int64_t> dims;
  if (failed(BmmInferMeta(x, y, product, err)) ||
      failed(broadcastShapes(input.dims, product.dims, dims, err, "input", "x @ y")))
    return failure();
  // input broadcasts to the product's shape, never the other way round.
  if (input.rank() > product.rank() || !areShapesCompatible(dims, product.dims))
    return err("input of shape ", dimsStr(input.dims), " does not broadcast to x @ y of shape ",
               dimsStr(product.dims));
  out.set(product.dims, x.dtype);
  return success();
}

LogicalResult KronInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                            const MetaError &err) {
  if (x.dtype != y.dtype)
    return err("x and y have different dtypes");
  int64_t rank = std::max(x.rank(), y.rank());
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t a = i < rank - x.rank() ? 1 : x.dims[i - (rank - x.rank())];
    int64_t b = i < rank - y.rank() ? 1 : y.dims[i - (rank - y.rank())];
    dims.push_back(mulDims(a, b));
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult CrossInferMeta(const MetaTensor &x, const MetaTensor &y, int64_t axis,
                             MetaTensor &out, const MetaError &err) {
  if (x.rank() != y.rank())
    return err("x and y must have the same rank, got ", dimsStr(x.dims), " and ",
               dimsStr(y.dims));
  for (int64_t i = 0; i < x.rank(); ++i)
    if (knownAndDiffer(x.dims[i], y.dims[i]))
      return err("x and y must have the same shape, got ", dimsStr(x.dims), " and ",
                 dimsStr(y.dims));
  if (axis == 9) { // Paddle's default: the first dim of size 3
    if (llvm::none_of(x.dims, [](int64_t d) { return d == 3; }))
      return err("no dim of size 3 in ", dimsStr(x.dims), " for the default axis");
  } else {
    FailureOr<int64_t> a = normalizeAxis(axis, x.rank(), err);
    if (failed(a))
      return failure();
    if (!isDyn(x.dims[*a]) && x.dims[*a] != 3)
      return err("dim ", *a, " of ", dimsStr(x.dims), " must be 3");
  }
  out.set(x.dims, x.dtype);
  return success();
}

LogicalResult PixelUnshuffleInferMeta(const MetaTensor &x, int64_t downscaleFactor,
                                      StringRef dataFormat, MetaTensor &out,
                                      const MetaError &err) {
  if (x.rank() != 4)
    return err("input must be 4-D, got ", dimsStr(x.dims));
  if (downscaleFactor <= 0)
    return err("downscale_factor must be positive, got ", downscaleFactor);
  bool last = channelsLast(dataFormat);
  int64_t r = downscaleFactor;
  int64_t h = x.dims[last ? 1 : 2], w = x.dims[last ? 2 : 3];
  for (int64_t d : {h, w})
    if (!isDyn(d) && d % r != 0)
      return err("height and width ", dimsStr({h, w}), " are not divisible by downscale_factor ",
                 r);
  int64_t c = mulDims(x.dims[last ? 3 : 1], r * r);
  int64_t oh = isDyn(h) ? kDyn : h / r, ow = isDyn(w) ? kDyn : w / r;
  SmallVector<int64_t> dims = last ? SmallVector<int64_t>{x.dims[0], oh, ow, c}
                                   : SmallVector<int64_t>{x.dims[0], c, oh, ow};
  out.set(dims, x.dtype);
  return success();
}

LogicalResult ChannelShuffleInferMeta(const MetaTensor &x, int64_t groups, StringRef dataFormat,
                                      MetaTensor &out, const MetaError &err) {
  if (x.rank() != 4)
    return err("input must be 4-D, got ", dimsStr(x.dims));
  if (groups <= 0)
    return err("groups must be positive, got ", groups);
  int64_t c = x.dims[channelsLast(dataFormat) ? 3 : 1];
  if (!isDyn(c) && c % groups != 0)
    return err(c, " channels are not divisible by groups = ", groups);
  out.set(x.dims, x.dtype);
  return success();
}

LogicalResult ShuffleChannelInferMeta(const MetaTensor &x, int64_t group, MetaTensor &out,
                                      const MetaError &err) {
  return ChannelShuffleInferMeta(x, group, "NCHW", out, err);
}

LogicalResult AffineChannelInferMeta(const MetaTensor &x, const MetaTensor &scale,
                                     const MetaTensor &bias, StringRef dataLayout,
                                     MetaTensor &out, const MetaError &err) {
  if (!llvm::is_contained({"NCHW", "NHWC", "AnyLayout"}, dataLayout))
    return err("data_layout must be NCHW, NHWC or AnyLayout, got '", dataLayout, "'");
  if (x.rank() < 2)
    return err("x must have at least 2 dims, got ", dimsStr(x.dims));
  if (!isa<FloatType>(x.dtype) || scale.dtype != x.dtype || bias.dtype != x.dtype)
    return err("x, scale and bias must be float tensors of one dtype");
  int64_t c = x.dims[dataLayout == "NCHW" ? 1 : x.rank() - 1];
  for (auto [t, name] : {std::pair{&scale, "scale"}, std::pair{&bias, "bias"}})
    if (t->rank() != 1 || knownAndDiffer(t->dims[0], c))
      return err(name, " must be [", c, "] (the channels of x ", dimsStr(x.dims), " in ",
                 dataLayout, "), got ", dimsStr(t->dims));
  out.set(x.dims, x.dtype);
  return success();
}

LogicalResult BilinearInferMeta(const MetaTensor &x, const MetaTensor &y,
                                const MetaTensor &weight, const MetaTensor &bias,
                                MetaTensor &out, const MetaError &err) {
  if (x.rank() != 2 || y.rank() != 2 || weight.rank() != 3)
    return err("x and y must be 2-D [B, M], [B, N] and weight 3-D [O, M, N], got ",
               dimsStr(x.dims), ", ", dimsStr(y.dims), " and ", dimsStr(weight.dims));
  if (x.dtype != y.dtype || x.dtype != weight.dtype)
    return err("x, y and weight have different dtypes");
  if (knownAndDiffer(x.dims[0], y.dims[0]))
    return err("x and y have different batch sizes: ", dimsStr(x.dims), " and ",
               dimsStr(y.dims));
  if (knownAndDiffer(weight.dims[1], x.dims[1]) || knownAndDiffer(weight.dims[2], y.dims[1]))
    return err("weight ", dimsStr(weight.dims), " must be [O, ", x.dims[1], ", ", y.dims[1],
               "] for x ", dimsStr(x.dims), " and y ", dimsStr(y.dims));
  if (bias.present) {
    if (bias.rank() != 2 || knownAndDiffer(bias.dims[0], 1) ||
        knownAndDiffer(bias.dims[1], weight.dims[0]))
      return err("bias must be [1, ", weight.dims[0], "], got ", dimsStr(bias.dims));
    if (bias.dtype != x.dtype)
      return err("bias has a different dtype from x");
  }
  out.set({isDyn(x.dims[0]) ? y.dims[0] : x.dims[0], weight.dims[0]}, x.dtype);
  return success();
}

LogicalResult GridSampleInferMeta(const MetaTensor &x, const MetaTensor &grid, StringRef mode,
                                  StringRef paddingMode, bool alignCorners, MetaTensor &out,
                                  const MetaError &err) {
  (void)alignCorners;
  if (x.rank() != 4 && x.rank() != 5)
    return err("x must be 4-D [N, C, H, W] or 5-D [N, C, D, H, W], got ", dimsStr(x.dims));
  int64_t spatial = x.rank() - 2;
  if (grid.rank() != x.rank() || (!isDyn(grid.dims.back()) && grid.dims.back() != spatial))
    return err("grid must be [N, ", spatial == 2 ? "H, W" : "D, H, W", ", ", spatial,
               "] for x of shape ", dimsStr(x.dims), ", got ", dimsStr(grid.dims));
  if (knownAndDiffer(x.dims[0], grid.dims[0]))
    return err("x and grid have different batch sizes: ", dimsStr(x.dims), " and ",
               dimsStr(grid.dims));
  if (x.dtype != grid.dtype)
    return err("x and grid have different dtypes");
  if (mode != "bilinear" && mode != "nearest")
    return err("mode must be bilinear or nearest, got ", mode);
  if (paddingMode != "zeros" && paddingMode != "border" && paddingMode != "reflection")
    return err("padding_mode must be zeros, border or reflection, got ", paddingMode);
  SmallVector<int64_t> dims = {isDyn(x.dims[0]) ? grid.dims[0] : x.dims[0], x.dims[1]};
  for (int64_t i = 1; i <= spatial; ++i)
    dims.push_back(grid.dims[i]);
  out.set(dims, x.dtype);
  return success();
}

LogicalResult AffineGridInferMeta(const MetaTensor &input, const IntArrayArg &outputShape,
                                  bool alignCorners, MetaTensor &output,
                                  const MetaError &err) {
  (void)alignCorners;
  if (input.rank() != 3)
    return err("theta must be 3-D [N, 2, 3] or [N, 3, 4], got ", dimsStr(input.dims));
  int64_t size = outputShape.isConstant() ? (int64_t)outputShape.values->size()
                                          : outputShape.size;
  if (isDyn(size))
    return err("the number of output_shape's values must be known at compile time");
  if (size != 4 && size != 5)
    return err("output_shape takes 4 values [N, C, H, W] or 5 [N, C, D, H, W], got ", size);
  int64_t spatial = size - 2;
  if ((!isDyn(input.dims[1]) && input.dims[1] != spatial) ||
      (!isDyn(input.dims[2]) && input.dims[2] != spatial + 1))
    return err("theta must be [N, ", spatial, ", ", spatial + 1, "] for ", size,
               " output_shape values, got ", dimsStr(input.dims));
  SmallVector<int64_t> dims = {input.dims[0]};
  for (int64_t i = 2; i < size; ++i) {
    int64_t d = outputShape.isConstant() ? (*outputShape.values)[i] : kDyn;
    if (!isDyn(d) && d <= 0)
      return err("output_shape's spatial sizes must be positive, got ",
                 dimsStr(*outputShape.values));
    dims.push_back(d);
  }
  dims.push_back(spatial);
  output.set(dims, input.dtype);
  return success();
}

LogicalResult UnfoldInferMeta(const MetaTensor &x, ArrayRef<int32_t> kernelSizes,
                              ArrayRef<int32_t> strides, ArrayRef<int32_t> paddings,
                              ArrayRef<int32_t> dilations, MetaTensor &out,
                              const MetaError &err) {
  if (x.rank() != 4)
    return err("input must be 4-D [N, C, H, W], got ", dimsStr(x.dims));
  if (kernelSizes.size() != 2 || strides.size() != 2 || dilations.size() != 2 ||
      paddings.size() != 4)
    return err("kernel_sizes, strides and dilations take 2 values and paddings 4 (top, "
               "left, bottom, right), got ", kernelSizes.size(), ", ", strides.size(), ", ",
               dilations.size(), " and ", paddings.size());
  for (int i = 0; i < 2; ++i) {
    if (kernelSizes[i] <= 0 || strides[i] <= 0 || dilations[i] <= 0)
      return err("kernel_sizes, strides and dilations must be positive");
  }
  if (llvm::any_of(paddings, [](int32_t p) { return p < 0; }))
    return err("paddings must not be negative");
  int64_t c = x.dims[1];
  int64_t window = int64_t(kernelSizes[0]) * kernelSizes[1];
  SmallVector<int64_t> spatial;
  for (int i = 0; i < 2; ++i) {
    int64_t size = x.dims[2 + i];
    if (isDyn(size)) {
      spatial.push_back(kDyn);
      continue;
    }
    // paddings: [top, left, bottom, right]
    int64_t extent = size + paddings[i] + paddings[i + 2];
    int64_t span = int64_t(dilations[i]) * (kernelSizes[i] - 1) + 1;
    if (extent < span)
      return err("the ", i == 0 ? "height" : "width", " ", size, " with paddings is smaller "
                 "than the window's extent ", span);
    spatial.push_back((extent - span) / strides[i] + 1);
  }
  int64_t blocks = isDyn(spatial[0]) || isDyn(spatial[1]) ? kDyn : mulDims(spatial[0], spatial[1]);
  out.set({x.dims[0], isDyn(c) ? kDyn : mulDims(c, window), blocks}, x.dtype);
  return success();
}

LogicalResult FoldInferMeta(const MetaTensor &x, ArrayRef<int32_t> outputSizes,
                            ArrayRef<int32_t> kernelSizes, ArrayRef<int32_t> strides,
                            ArrayRef<int32_t> paddings, ArrayRef<int32_t> dilations,
                            MetaTensor &out, const MetaError &err) {
  if (x.rank() != 3)
    return err("x must be 3-D [N, C*kh*kw, L], got ", dimsStr(x.dims));
  if (outputSizes.size() != 2 || kernelSizes.size() != 2 || strides.size() != 2 ||
      dilations.size() != 2 || (paddings.size() != 2 && paddings.size() != 4))
    return err("output_sizes, kernel_sizes, strides and dilations take 2 values and "
               "paddings 2 or 4, got ", outputSizes.size(), ", ", kernelSizes.size(), ", ",
               strides.size(), ", ", dilations.size(), " and ", paddings.size());
  for (int i = 0; i < 2; ++i)
    if (outputSizes[i] <= 0 || kernelSizes[i] <= 0 || strides[i] <= 0 || dilations[i] <= 0)
      return err("output_sizes, kernel_sizes, strides and dilations must be positive");
  if (llvm::any_of(paddings, [](int32_t p) { return p < 0; }))
    return err("paddings must not be negative");
  int64_t blocks = 1;
  for (int i = 0; i < 2; ++i) {
    int64_t span = int64_t(dilations[i]) * (kernelSizes[i] - 1) + 1;
    int64_t extent = int64_t(outputSizes[i]) + 2 * int64_t(paddings[i]);
    if (extent < span)
      return err("output size ", outputSizes[i], " with paddings is smaller than the "
                 "window's extent ", span);
    blocks *= (extent - span) / strides[i] + 1;
  }
  int64_t window = int64_t(kernelSizes[0]) * kernelSizes[1];
  int64_t c = x.dims[1];
  if (!isDyn(c) && c % window != 0)
    return err("x's dim 1 (", c, ") must be a multiple of kh * kw = ", window);
  if (knownAndDiffer(x.dims[2], blocks))
    return err("x has ", x.dims[2], " blocks, the output map takes ", blocks);
  out.set({x.dims[0], isDyn(c) ? kDyn : c / window, outputSizes[0], outputSizes[1]}, x.dtype);
  return success();
}

LogicalResult TemporalShiftInferMeta(const MetaTensor &x, int64_t segNum, double shiftRatio,
                                     StringRef dataFormat, MetaTensor &out,
                                     const MetaError &err) {
  if (x.rank() != 4)
    return err("input must be 4-D [N*T, C, H, W] or [N*T, H, W, C], got ", dimsStr(x.dims));
  if (segNum <= 0)
    return err("seg_num must be positive, got ", segNum);
  if (!(shiftRatio > 0.0 && shiftRatio < 0.5))
    return err("shift_ratio must be in (0, 0.5), got ", shiftRatio);
  if (dataFormat != "NCHW" && dataFormat != "NHWC")
    return err("data_format must be NCHW or NHWC, got ", dataFormat);
  if (!isDyn(x.dims[0]) && x.dims[0] % segNum != 0)
    return err("the batch dim ", x.dims[0], " is not divisible by seg_num = ", segNum);
  out.set(x.dims, x.dtype);
  return success();
}

LogicalResult MaxOutInferMeta(const MetaTensor &x, int64_t groups, int64_t axis,
                              MetaTensor &out, const MetaError &err) {
  if (x.rank() != 4)
    return err("input must be 4-D, got ", dimsStr(x.dims));
  if (axis != 1 && axis != -1 && axis != 3)
    return err("axis must be 1, -1 or 3, got ", axis);
  if (groups <= 0)
    return err("groups must be positive, got ", groups);
  int64_t a = axis == 1 ? 1 : 3;
  int64_t c = x.dims[a];
  if (!isDyn(c) && c % groups != 0)
    return err(c, " channels are not divisible by groups = ", groups);
  SmallVector<int64_t> dims(x.dims);
  dims[a] = isDyn(c) ? kDyn : c / groups;
  out.set(dims, x.dtype);
  return success();
}

LogicalResult SwiGLUInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                              const MetaError &err) {
  if (x.rank() == 0)
    return err("x must have at least one dim");
  SmallVector<int64_t> dims(x.dims);
  if (y.present) {
    if (y.rank() != x.rank() || llvm::any_of(llvm::seq<int64_t>(0, x.rank()), [&](int64_t i) {
          return knownAndDiffer(x.dims[i], y.dims[i]);
        }))
      return err("x and y must have the same shape, got ", dimsStr(x.dims), " and ",
                 dimsStr(y.dims));
    if (x.dtype != y.dtype)
      return err("x and y have different dtypes");
  } else {
    int64_t last = x.dims.back();
    if (!isDyn(last) && last % 2 != 0)
      return err("without y, the last dim of x (", last, ") must be even");
    dims.back() = isDyn(last) ? kDyn : last / 2;
  }
  out.set(dims, x.dtype);
  return success();
}

LogicalResult LabelSmoothInferMeta(const MetaTensor &label, const MetaTensor &priorDist,
                                   MetaTensor &out, const MetaError &err) {
  if (label.rank() == 0)
    return err("label must have a class dim");
  if (priorDist.present) {
    SmallVector<int64_t> dims;
    if (failed(broadcastShapes(label.dims, priorDist.dims, dims, err, "label", "prior_dist")))
      return failure();
    if (priorDist.rank() > label.rank() || !areShapesCompatible(dims, label.dims))
      return err("prior_dist of shape ", dimsStr(priorDist.dims),
                 " does not broadcast to the label's shape ", dimsStr(label.dims));
  }
  out.set(label.dims, label.dtype);
  return success();
}

/// Paddle's loss ops take a prediction and a label of one shape (checked
/// where both dims are known) and one float dtype.
static LogicalResult sameLossShapes(const MetaTensor &a, const MetaTensor &b, StringRef aName,
                                    StringRef bName, const MetaError &err) {
  if (!isa<FloatType>(a.dtype))
    return err(aName, " must be a float tensor");
  if (a.dtype != b.dtype)
    return err(aName, " and ", bName, " have different dtypes");
  if (a.rank() != b.rank() || !areShapesCompatible(a.dims, b.dims))
    return err(aName, " of shape ", dimsStr(a.dims), " and ", bName, " of shape ",
               dimsStr(b.dims), " must have the same shape");
  return success();
}

LogicalResult HuberLossInferMeta(const MetaTensor &input, const MetaTensor &label,
                                 MetaTensor &out, MetaTensor &residual, const MetaError &err) {
  if (failed(sameLossShapes(input, label, "input", "label", err)))
    return failure();
  out.set(input.dims, input.dtype);
  residual.set(input.dims, input.dtype);
  return success();
}

LogicalResult BCELossInferMeta(const MetaTensor &input, const MetaTensor &label,
                               MetaTensor &out, const MetaError &err) {
  if (failed(sameLossShapes(input, label, "input", "label", err)))
    return failure();
  out.set(input.dims, input.dtype);
  return success();
}

/// A loss of one value per row: `a` and `b` of one shape [N, 1] (`what`
/// names a row's value in the diagnostic); the loss is [N, 1].
static LogicalResult columnLossInferMeta(const MetaTensor &a, const MetaTensor &b,
                                         StringRef aName, StringRef bName, StringRef what,
                                         MetaTensor &out, const MetaError &err) {
  if (failed(sameLossShapes(a, b, aName, bName, err)))
    return failure();
  if (a.rank() != 2 || (!isDyn(a.dims[1]) && a.dims[1] != 1))
    return err(aName, " must have the shape [N, 1] (one ", what, " per row), got ",
               dimsStr(a.dims));
  out.set({a.dims[0], 1}, a.dtype);
  return success();
}

LogicalResult LogLossInferMeta(const MetaTensor &input, const MetaTensor &label,
                               MetaTensor &out, const MetaError &err) {
  return columnLossInferMeta(input, label, "input", "label", "probability", out, err);
}

LogicalResult HingeLossInferMeta(const MetaTensor &logits, const MetaTensor &labels,
                                 MetaTensor &loss, const MetaError &err) {
  return columnLossInferMeta(logits, labels, "logits", "labels", "score", loss, err);
}

LogicalResult KLDivInferMeta(const MetaTensor &x, const MetaTensor &label, StringRef reduction,
                             MetaTensor &out, const MetaError &err) {
  if (failed(sameLossShapes(x, label, "x", "label", err)))
    return failure();
  if (!llvm::is_contained({"none", "mean", "batchmean", "sum"}, reduction))
    return err("reduction must be none, mean, batchmean or sum, got '", reduction, "'");
  if (reduction == "batchmean" && x.rank() == 0)
    return err("reduction batchmean needs a batch dim");
  if (reduction == "none")
    out.set(x.dims, x.dtype);
  else
    out.set({}, x.dtype);
  return success();
}

LogicalResult NllLossRawInferMeta(const MetaTensor &input, const MetaTensor &label,
                                  const MetaTensor &weight, int64_t ignoreIndex,
                                  StringRef reduction, MetaTensor &out,
                                  MetaTensor &totalWeight, const MetaError &err) {
  if (reduction != "none" && reduction != "sum" && reduction != "mean")
    return err("reduction must be \"none\", \"sum\" or \"mean\", got \"", reduction, "\"");
  if (input.rank() != 2 && input.rank() != 4)
    return err("input must be 2-D [N, C] or 4-D [N, C, H, W], got ", dimsStr(input.dims));
  if (!isa<IntegerType>(label.dtype) || label.dtype.isInteger(1))
    return err("label must be an integer tensor, got ", label.dtype);
  SmallVector<int64_t> expected{input.dims[0]};
  if (input.rank() == 4)
    expected.append({input.dims[2], input.dims[3]});
  if (label.rank() != (int64_t)expected.size())
    return err("label must be ", expected.size(), "-D for a ", input.rank(), "-D input, got ",
               dimsStr(label.dims));
  for (auto [l, e] : llvm::zip(label.dims, expected))
    if (knownAndDiffer(l, e))
      return err("label's shape ", dimsStr(label.dims), " does not match input's ",
                 dimsStr(input.dims));
  if (weight.present && (weight.rank() != 1 || knownAndDiffer(weight.dims[0], input.dims[1])))
    return err("weight must be 1-D with the input's ", input.dims[1], " classes, got ",
               dimsStr(weight.dims));
  if (reduction == "none")
    out.set(label.dims, input.dtype);
  else
    out.set({}, input.dtype);
  totalWeight.set({}, input.dtype);
  return success();
}

LogicalResult SigmoidCrossEntropyWithLogitsInferMeta(const MetaTensor &x,
                                                     const MetaTensor &label,
                                                     const MetaTensor &posWeight,
                                                     MetaTensor &out, const MetaError &err) {
  if (failed(sameLossShapes(x, label, "x", "label", err)))
    return failure();
  if (posWeight.present && failed(sameLossShapes(x, posWeight, "x", "pos_weight", err)))
    return failure();
  out.set(x.dims, x.dtype);
  return success();
}

} // namespace mlir::pd
