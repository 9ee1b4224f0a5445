//===- InferMeta.h - PHI-style shape/dtype inference shared by ops -*- C++ -*-===//
//
// As in PHI, shape and dtype inference is written once per *kind* of op
// (UnchangedInferMeta, ElementwiseInferMeta, MatmulInferMeta, ...) and shared
// by every op the spec (dialects/pd/ops.yaml) binds to it. The generated
// glue turns an op's operands and attributes into MetaTensors and plain C++
// values, calls the function and builds the result types.
//
// Conventions: dims use MLIR's ShapedType::kDynamic for an unknown dim (`?`,
// Paddle's -1). A function that detects a mismatch reports it through
// MetaError, which names the op; the caller turns that into a located
// diagnostic (or a Python exception at build time).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_DIALECT_PD_INFERMETA_INFERMETA_H
#define PADDLE_MLIR_DIALECT_PD_INFERMETA_INFERMETA_H

#include "Dialect/Pd/PdDialect.h"

#include "mlir/IR/Diagnostics.h"

#include "llvm/Support/MathExtras.h"

#include <limits>
#include <optional>

namespace mlir::pd {

constexpr int64_t kDyn = ShapedType::kDynamic;

inline bool isDyn(int64_t d) { return ShapedType::isDynamic(d); }
/// Two dims that are both known and differ (a shape mismatch InferMeta can
/// already report).
inline bool knownAndDiffer(int64_t a, int64_t b) { return !isDyn(a) && !isDyn(b) && a != b; }

/// a * b and a + b of dims: unknown if either is, and int64's largest value
/// where the result overflows (shapes near 2^62 from the IR), which the
/// checks of the results then refuse, instead of wrapping around: a reshape
/// to [1, -1, 2^62, 16] counted 0 known elements and divided by them.
inline int64_t mulDims(int64_t a, int64_t b) {
  int64_t result;
  if (isDyn(a) || isDyn(b))
    return kDyn;
  return llvm::MulOverflow(a, b, result) ? std::numeric_limits<int64_t>::max() : result;
}
inline int64_t addDims(int64_t a, int64_t b) {
  int64_t result;
  if (isDyn(a) || isDyn(b))
    return kDyn;
  return llvm::AddOverflow(a, b, result) ? std::numeric_limits<int64_t>::max() : result;
}

/// The shape and dtype of a tensor: what InferMeta reads and writes.
struct MetaTensor {
  SmallVector<int64_t> dims;
  Type dtype;
  /// False for a missing optional input (and for an output not set).
  bool present = false;

  MetaTensor() = default;
  MetaTensor(ArrayRef<int64_t> dims, Type dtype)
      : dims(dims), dtype(dtype), present(true) {}
  /// From a pd tensor value; not present for a null value.
  static MetaTensor from(Value value);

  int64_t rank() const { return dims.size(); }
  int64_t numel() const; // kDyn if any dim is unknown

  void set(ArrayRef<int64_t> newDims, Type newDtype) {
    dims.assign(newDims.begin(), newDims.end());
    dtype = newDtype;
    present = true;
  }
  /// Same shape and dtype as `other`.
  void share(const MetaTensor &other) { set(other.dims, other.dtype); }
};

/// A list of tensors (a !pd.vec operand made by pd.combine).
struct MetaTensorList {
  SmallVector<MetaTensor> tensors;
  static MetaTensorList from(Value value);
};

/// Paddle's IntArray passed as an operand: the values when they are known at
/// compile time (from pd.full_int_array, or pd.combine of pd.full), else
/// only the number of elements when that is known.
struct IntArrayArg {
  std::optional<SmallVector<int64_t>> values;
  /// Number of elements; kDyn when unknown.
  int64_t size = kDyn;

  static IntArrayArg from(Value value);
  static IntArrayArg of(ArrayRef<int64_t> values);
  bool isConstant() const { return values.has_value(); }
};

/// Paddle's Scalar passed as an operand: its value when known.
struct ScalarArg {
  std::optional<double> value;
  static ScalarArg from(Value value);
  bool isConstant() const { return value.has_value(); }
  std::optional<int64_t> asInt() const {
    if (!value)
      return std::nullopt;
    return static_cast<int64_t>(*value);
  }
};

/// Reports an InferMeta failure at the op's location, naming the op.
struct MetaError {
  std::optional<Location> loc;
  StringRef opName;
  MLIRContext *ctx;

  template <typename... Args>
  LogicalResult operator()(Args &&...args) const {
    return emitOptionalError(loc, "'", opName, "' op ",
                             std::forward<Args>(args)...);
  }
};

/// `[2, ?, 3]`
std::string dimsStr(ArrayRef<int64_t> dims);
/// A float attribute as a user wrote it (`0.5`, `1e-06`), for messages.
std::string numStr(double v);

/// Paddle's broadcast of two shapes (numpy rules, trailing alignment);
/// reports incompatible dims.
LogicalResult broadcastShapes(ArrayRef<int64_t> x, ArrayRef<int64_t> y,
                              SmallVectorImpl<int64_t> &out,
                              const MetaError &err, StringRef xName = "x",
                              StringRef yName = "y");

/// Normalizes an axis in [-rank, rank) to [0, rank); reports out of range.
FailureOr<int64_t> normalizeAxis(int64_t axis, int64_t rank,
                                 const MetaError &err,
                                 StringRef what = "axis");

/// Paddle's DataType as an MLIR element type (ALL_DTYPE: null).
Type dtypeToType(MLIRContext *ctx, DataType dtype);

/// Result type for inferred meta: a !pd.vtensor if every tensor operand is
/// one (and there is at least one), else a !pd.tensor.
bool allTensorOperandsHaveValueSemantics(ValueRange operands);
Type metaToType(const MetaTensor &meta, bool valueSemantics);

/// Declared result types are compatible with inferred ones when element types
/// match and dims agree where both are known; the aliasing kind is the
/// business of the value-semantics passes, not of InferMeta.
bool areCompatibleResultTypes(TypeRange inferred, TypeRange declared);

/// Appends the type of an inferred output (a !pd.vec for a list); fails,
/// naming the output, when InferMeta left it unset.
LogicalResult appendResultTypes(const MetaTensor &out, bool valueSemantics,
                                StringRef name, const MetaError &err,
                                SmallVectorImpl<Type> &types);
LogicalResult appendResultTypes(ArrayRef<MetaTensor> outs, bool valueSemantics,
                                StringRef name, const MetaError &err,
                                SmallVectorImpl<Type> &types, bool asList);

/// For an in-place op: `out` is `input` updated in place. With keepShape
/// (all but reshape_, transpose_, squeeze_, ...) the inferred shape must fit
/// the input's and `out` takes it; with keepDtype (all but cast_) `out`
/// keeps the input's dtype: Paddle's equal_ of a float tensor stays float.
LogicalResult checkInplaceUpdate(const MetaTensor &input, MetaTensor &out,
                                 StringRef inputName, bool keepDtype,
                                 bool keepShape, const MetaError &err);

/// Memory effects of a generated op: reads of its !pd.tensor operands,
/// writes of the operands it updates in place, a fresh allocation for each
/// !pd.tensor result that is not a view, and a write of the random state
/// for ops that draw random numbers.
void getPdOpEffects(
    Operation *op,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects,
    ArrayRef<unsigned> writtenOperands, bool isView, bool isRandom);

//===----------------------------------------------------------------------===//
// The InferMeta functions (named as in PHI). Grouped by file.
//===----------------------------------------------------------------------===//

// Unary.cpp
LogicalResult UnchangedInferMeta(const MetaTensor &x, MetaTensor &out,
                                 const MetaError &err);
/// fused_softmax_mask: x [B, H, Q, K] and mask [B, 1, Q, K].
LogicalResult SoftmaxMaskFuseInferMeta(const MetaTensor &x, const MetaTensor &mask,
                                       MetaTensor &out, const MetaError &err);
/// fused_softmax_mask_upper_triangle: x [B, H, S, S].
LogicalResult SoftmaxMaskFuseUpperTriangleInferMeta(const MetaTensor &x, MetaTensor &out,
                                                    const MetaError &err);
/// reduce_as: target's shape (target broadcasts to x), x's dtype (bool and
/// int32: int64).
LogicalResult ReduceAsInferMeta(const MetaTensor &x, const MetaTensor &target, MetaTensor &out,
                                const MetaError &err);
/// shard_index: input [..., 1] of int32/int64; nshards > 0, shard_id in
/// [0, nshards), index_num > 0.
LogicalResult ShardIndexInferMeta(const MetaTensor &input, int64_t indexNum, int64_t nshards,
                                  int64_t shardId, int64_t ignoreValue, MetaTensor &out,
                                  const MetaError &err);
LogicalResult UnchangedWithAxisInferMeta(const MetaTensor &x, int64_t axis,
                                         MetaTensor &out, const MetaError &err);
LogicalResult RealValuedInferMeta(const MetaTensor &x, MetaTensor &out,
                                  const MetaError &err);
LogicalResult BoolOutputInferMeta(const MetaTensor &x, MetaTensor &out,
                                  const MetaError &err);
LogicalResult CastInferMeta(const MetaTensor &x, DataType dtype,
                            MetaTensor &out, const MetaError &err);
LogicalResult NumelInferMeta(const MetaTensor &x, MetaTensor &out,
                             const MetaError &err);
LogicalResult IncrementInferMeta(const MetaTensor &x, MetaTensor &out,
                                 const MetaError &err);
LogicalResult ShapeInferMeta(const MetaTensor &x, MetaTensor &out,
                             const MetaError &err);
LogicalResult Shape64InferMeta(const MetaTensor &x, MetaTensor &out,
                               const MetaError &err);
LogicalResult ClipInferMeta(const MetaTensor &x, const ScalarArg &min,
                            const ScalarArg &max, MetaTensor &out,
                            const MetaError &err);
LogicalResult DropoutInferMeta(const MetaTensor &x, const MetaTensor &seed,
                               const ScalarArg &p, MetaTensor &out,
                               MetaTensor &mask, const MetaError &err);
LogicalResult PreluInferMeta(const MetaTensor &x, const MetaTensor &alpha,
                             StringRef dataFormat, StringRef mode,
                             MetaTensor &out, const MetaError &err);

// Binary.cpp
LogicalResult ElementwiseInferMeta(const MetaTensor &x, const MetaTensor &y,
                                   MetaTensor &out, const MetaError &err);
LogicalResult CompareInferMeta(const MetaTensor &x, const MetaTensor &y,
                               MetaTensor &out, const MetaError &err);
LogicalResult LogicalBinaryInferMeta(const MetaTensor &x, const MetaTensor &y,
                                     MetaTensor &out, const MetaError &err);
/// lerp: x + weight * (y - x), the three broadcast together (float, one dtype).
LogicalResult LerpInferMeta(const MetaTensor &x, const MetaTensor &y,
                            const MetaTensor &weight, MetaTensor &out,
                            const MetaError &err);
/// masked_fill: `value` (one element, x's dtype) where the bool `mask` is
/// set, else x; x and mask broadcast together.
LogicalResult MaskedFillInferMeta(const MetaTensor &x, const MetaTensor &mask,
                                  const MetaTensor &value, MetaTensor &out,
                                  const MetaError &err);
/// equal_all: a 0-D bool (whether x and y have one shape and equal elements).
LogicalResult CompareAllInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                                  const MetaError &err);
/// allclose: a 0-D bool; x and y of one dtype, broadcast together.
LogicalResult AllValueCompareInferMeta(const MetaTensor &x, const MetaTensor &y,
                                       MetaTensor &out, const MetaError &err);
/// add_n: inputs of one shape and dtype (at least one).
LogicalResult AddNInferMeta(const MetaTensorList &inputs, MetaTensor &out,
                            const MetaError &err);
LogicalResult WhereInferMeta(const MetaTensor &condition, const MetaTensor &x,
                             const MetaTensor &y, MetaTensor &out,
                             const MetaError &err);

// Linalg.cpp: matmul, convolutions, pooling, normalization
LogicalResult MatmulInferMeta(const MetaTensor &x, const MetaTensor &y,
                              bool transposeX, bool transposeY,
                              MetaTensor &out, const MetaError &err);
LogicalResult BmmInferMeta(const MetaTensor &x, const MetaTensor &y,
                           MetaTensor &out, const MetaError &err);
LogicalResult AddmmInferMeta(const MetaTensor &input, const MetaTensor &x,
                             const MetaTensor &y, MetaTensor &out,
                             const MetaError &err);
LogicalResult BaddbmmInferMeta(const MetaTensor &input, const MetaTensor &x,
                               const MetaTensor &y, MetaTensor &out,
                               const MetaError &err);
/// label's shape; prior_dist (if any) broadcasts to it.
LogicalResult LabelSmoothInferMeta(const MetaTensor &label, const MetaTensor &priorDist,
                                   MetaTensor &out, const MetaError &err);
LogicalResult KronInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                            const MetaError &err);
/// axis 9 (Paddle's default): the first dim of size 3.
LogicalResult CrossInferMeta(const MetaTensor &x, const MetaTensor &y, int64_t axis,
                             MetaTensor &out, const MetaError &err);
LogicalResult PixelUnshuffleInferMeta(const MetaTensor &x, int64_t downscaleFactor,
                                      StringRef dataFormat, MetaTensor &out,
                                      const MetaError &err);
LogicalResult BilinearInferMeta(const MetaTensor &x, const MetaTensor &y,
                                const MetaTensor &weight, const MetaTensor &bias,
                                MetaTensor &out, const MetaError &err);
LogicalResult GridSampleInferMeta(const MetaTensor &x, const MetaTensor &grid, StringRef mode,
                                  StringRef paddingMode, bool alignCorners, MetaTensor &out,
                                  const MetaError &err);
LogicalResult AffineGridInferMeta(const MetaTensor &input, const IntArrayArg &outputShape,
                                  bool alignCorners, MetaTensor &output,
                                  const MetaError &err);
LogicalResult UnfoldInferMeta(const MetaTensor &x, ArrayRef<int32_t> kernelSizes,
                              ArrayRef<int32_t> strides, ArrayRef<int32_t> paddings,
                              ArrayRef<int32_t> dilations, MetaTensor &out,
                              const MetaError &err);
/// fold: x [N, C*kh*kw, L] with L the blocks of the output map, out
/// [N, C, output_sizes].
LogicalResult FoldInferMeta(const MetaTensor &x, ArrayRef<int32_t> outputSizes,
                            ArrayRef<int32_t> kernelSizes, ArrayRef<int32_t> strides,
                            ArrayRef<int32_t> paddings, ArrayRef<int32_t> dilations,
                            MetaTensor &out, const MetaError &err);
LogicalResult TemporalShiftInferMeta(const MetaTensor &x, int64_t segNum, double shiftRatio,
                                     StringRef dataFormat, MetaTensor &out,
                                     const MetaError &err);
/// shuffle_channel (the legacy channel_shuffle): NCHW, 4-D.
LogicalResult ShuffleChannelInferMeta(const MetaTensor &x, int64_t group, MetaTensor &out,
                                      const MetaError &err);
/// affine_channel: x * scale[c] + bias[c], c the channel dim (1 for NCHW,
/// the last for NHWC and AnyLayout); scale and bias [C].
LogicalResult AffineChannelInferMeta(const MetaTensor &x, const MetaTensor &scale,
                                     const MetaTensor &bias, StringRef dataLayout,
                                     MetaTensor &out, const MetaError &err);
LogicalResult ChannelShuffleInferMeta(const MetaTensor &x, int64_t groups, StringRef dataFormat,
                                      MetaTensor &out, const MetaError &err);
LogicalResult MaxOutInferMeta(const MetaTensor &x, int64_t groups, int64_t axis,
                              MetaTensor &out, const MetaError &err);
/// silu(x) * y, or without y silu of x's first half times its second half
/// along the last dim.
LogicalResult SwiGLUInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                              const MetaError &err);
/// A 1-D (or 0-D) x on the offset-th diagonal of a square matrix, or the
/// offset-th diagonal of a 2-D x.
/// input [..., N] -> the same with two dims of N + |offset| at dim1 and dim2
/// (of the result), the last dim of the input on their diagonal.
LogicalResult DiagEmbedInferMeta(const MetaTensor &input, int64_t offset, int64_t dim1,
                                 int64_t dim2, MetaTensor &out, const MetaError &err);
/// A chain of matmuls: the first operand may be 1-D (a row), the last 1-D (a
/// column), the others 2-D.
/// index_put: x's shape; one bool mask over x's leading dims or integer
/// indices (at most x's rank, broadcastable together); value of x's dtype.
LogicalResult IndexPutInferMeta(const MetaTensor &x, const MetaTensorList &indices,
                                const MetaTensor &value, bool accumulate, MetaTensor &out,
                                const MetaError &err);
LogicalResult MultiDotInferMeta(const MetaTensorList &x, MetaTensor &out, const MetaError &err);
/// An einsum equation resolved against its operands' shapes: the label of
/// each operand dim and of each output dim, and each label's size. Labels
/// 0 .. ellipsisDims-1 are the broadcast dims "..." stands for (aligned to
/// the right, numpy's rules), the letters follow.
struct EinsumLabels {
  SmallVector<SmallVector<int64_t>> operands;
  SmallVector<int64_t> output;
  SmallVector<int64_t> sizes; // per label; kDyn where unknown
  int64_t ellipsisDims = 0;
};
/// numpy's einsum grammar: letters and at most one "..." per term, terms
/// separated by ",", an optional "->" output (else the ellipsis dims, then
/// the letters that appear once, in alphabetical order). A letter repeated
/// within a term takes a diagonal; letters missing from the output are
/// summed; a dim of size 1 broadcasts (as Paddle's kernel does). Reports
/// malformed equations and mismatched dims.
FailureOr<EinsumLabels> resolveEinsum(StringRef equation,
                                      ArrayRef<SmallVector<int64_t>> shapes,
                                      const MetaError &err);
LogicalResult EinsumInferMeta(const MetaTensorList &x, StringRef equation, MetaTensor &out,
                              SmallVectorImpl<MetaTensor> &innerCache,
                              SmallVectorImpl<MetaTensor> &xshape, const MetaError &err);
/// x[offsets : offsets + shape] (a shape value of -1: to the end).
LogicalResult CropInferMeta(const MetaTensor &x, const IntArrayArg &shape,
                            const IntArrayArg &offsets, MetaTensor &out, const MetaError &err);
LogicalResult DiagInferMeta(const MetaTensor &x, int64_t offset, MetaTensor &out,
                            const MetaError &err);
LogicalResult ConvInferMeta(const MetaTensor &input, const MetaTensor &filter,
                            ArrayRef<int32_t> strides,
                            ArrayRef<int32_t> paddings,
                            StringRef paddingAlgorithm,
                            ArrayRef<int32_t> dilations, int64_t groups,
                            StringRef dataFormat, MetaTensor &out,
                            const MetaError &err);
LogicalResult ConvTransposeInferMeta(
    const MetaTensor &x, const MetaTensor &filter, ArrayRef<int32_t> strides,
    ArrayRef<int32_t> paddings, ArrayRef<int32_t> outputPadding,
    const IntArrayArg &outputSize, StringRef paddingAlgorithm, int64_t groups,
    ArrayRef<int32_t> dilations, StringRef dataFormat, MetaTensor &out,
    const MetaError &err);
LogicalResult Pool2DInferMeta(const MetaTensor &x,
                              const IntArrayArg &kernelSize,
                              ArrayRef<int64_t> strides,
                              ArrayRef<int64_t> paddings, bool ceilMode,
                              bool exclusive, StringRef dataFormat,
                              StringRef poolingType, bool globalPooling,
                              bool adaptive, StringRef paddingAlgorithm,
                              MetaTensor &out, const MetaError &err);
/// lp_pool2d: pool2d's windows and shapes; norm_type (p) positive.
LogicalResult LpPool2DInferMeta(const MetaTensor &x, ArrayRef<int64_t> kernelSize,
                                ArrayRef<int64_t> strides, ArrayRef<int64_t> paddings,
                                bool ceilMode, bool exclusive, StringRef dataFormat,
                                StringRef poolingType, bool globalPooling, bool adaptive,
                                StringRef paddingAlgorithm, float normType, MetaTensor &out,
                                const MetaError &err);
/// 2-D max pooling that also returns, per output element, the position
/// of its maximum in the flattened input map (int32); the windows of
/// pool2d (max, explicit paddings, NCHW).
LogicalResult MaxPoolWithIndexInferMeta(const MetaTensor &x, ArrayRef<int32_t> kernelSize,
                                        ArrayRef<int32_t> strides, ArrayRef<int32_t> paddings,
                                        bool globalPooling, bool adaptive, bool ceilMode,
                                        MetaTensor &out, MetaTensor &mask, const MetaError &err);
/// max_unpool2d: x's values placed at `indices` (positions in each output
/// map, as max_pool2d_with_index returns them) of an [N, C] + output_size
/// output of zeros.
LogicalResult UnpoolInferMeta(const MetaTensor &x, const MetaTensor &indices,
                              ArrayRef<int32_t> ksize, ArrayRef<int32_t> strides,
                              ArrayRef<int32_t> padding, const IntArrayArg &outputSize,
                              StringRef dataFormat, MetaTensor &out, const MetaError &err);
LogicalResult Pool3DInferMeta(const MetaTensor &x, ArrayRef<int64_t> kernelSize,
                              ArrayRef<int64_t> strides, ArrayRef<int64_t> paddings,
                              bool ceilMode, bool exclusive, StringRef dataFormat,
                              StringRef poolingType, bool globalPooling, bool adaptive,
                              StringRef paddingAlgorithm, MetaTensor &out,
                              const MetaError &err);
LogicalResult BatchNormInferMeta(
    const MetaTensor &x, const MetaTensor &mean, const MetaTensor &variance,
    const MetaTensor &scale, const MetaTensor &bias, StringRef dataFormat,
    MetaTensor &out, MetaTensor &meanOut, MetaTensor &varianceOut,
    MetaTensor &savedMean, MetaTensor &savedVariance,
    MetaTensor &reserveSpace, const MetaError &err);
LogicalResult LayerNormInferMeta(const MetaTensor &x, const MetaTensor &scale,
                                 const MetaTensor &bias,
                                 int64_t beginNormAxis, MetaTensor &out,
                                 MetaTensor &mean, MetaTensor &variance,
                                 const MetaError &err);
/// skip_layernorm: layer_norm(x + y); x and y of one shape.
LogicalResult SkipLayerNormInferMeta(const MetaTensor &x, const MetaTensor &y,
                                     const MetaTensor &scale, const MetaTensor &bias,
                                     int64_t beginNormAxis, MetaTensor &out,
                                     const MetaError &err);
/// rms_norm: y of x's shape; invvar of x's leading dims (those before the
/// trailing normalized_shape).
LogicalResult RmsNormInferMeta(const MetaTensor &x, const MetaTensor &scale,
                               ArrayRef<int64_t> normalizedShape, MetaTensor &y,
                               MetaTensor &invvar, const MetaError &err);
/// fc: input's dims before in_num_col_dims, then w's columns.
LogicalResult FCInferMeta(const MetaTensor &input, const MetaTensor &w, const MetaTensor &bias,
                          int64_t inNumColDims, StringRef activationType, bool paddingWeights,
                          MetaTensor &out, const MetaError &err);
/// matmul_with_flatten: x's dims before x_num_col_dims, then y's from
/// y_num_col_dims.
LogicalResult MatmulWithFlattenInferMeta(const MetaTensor &x, const MetaTensor &y,
                                         int64_t xNumColDims, int64_t yNumColDims,
                                         MetaTensor &out, const MetaError &err);
/// add_position_encoding: x [B, S, E] with E even.
LogicalResult AddPositionEncodingInferMeta(const MetaTensor &x, float alpha, float beta,
                                           MetaTensor &out, const MetaError &err);
LogicalResult GroupNormInferMeta(const MetaTensor &x, const MetaTensor &scale,
                                 const MetaTensor &bias, int64_t groups,
                                 StringRef dataFormat, MetaTensor &y,
                                 MetaTensor &mean, MetaTensor &variance,
                                 const MetaError &err);
LogicalResult InstanceNormInferMeta(const MetaTensor &x,
                                    const MetaTensor &scale,
                                    const MetaTensor &bias, MetaTensor &y,
                                    MetaTensor &savedMean,
                                    MetaTensor &savedVariance,
                                    const MetaError &err);
LogicalResult EmbeddingInferMeta(const MetaTensor &x, const MetaTensor &weight,
                                 MetaTensor &out, const MetaError &err);
LogicalResult CrossEntropyWithSoftmaxInferMeta(
    const MetaTensor &logits, const MetaTensor &label, bool softLabel,
    int64_t axis, MetaTensor &softmax, MetaTensor &loss, const MetaError &err);
/// The five interpolations (`interp_method` linear: 3-D; bilinear, bicubic:
/// 4-D; trilinear: 5-D; nearest: 4-D or 5-D): out_w, out_h and out_d for the
/// spatial dims there are, or `scale` (one value for all, or one per dim);
/// overridden by the sizes of `size_tensor` or `out_size` (operands: known
/// when constant, e.g. once pd-infer-shapes folded a shape computation).
LogicalResult InterpolateInferMeta(const MetaTensor &x, const IntArrayArg &outSize,
                                   const IntArrayArg &sizeTensor, const MetaTensor &scaleTensor,
                                   StringRef dataFormat, int64_t outD, int64_t outH,
                                   int64_t outW, ArrayRef<double> scale, StringRef interpMethod,
                                   MetaTensor &output, const MetaError &err);
LogicalResult PixelShuffleInferMeta(const MetaTensor &x, int64_t upscaleFactor,
                                    StringRef dataFormat, MetaTensor &out,
                                    const MetaError &err);

// Matrix.cpp: dot, mv, trace, diagonal
/// det: x's batch dims (x [..., n, n] of floats).
LogicalResult DetInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err);
/// slogdet: [2, x's batch dims] (sign, log|det|).
LogicalResult SlogdetInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err);
/// inverse, cholesky: x's shape (square float matrices).
LogicalResult InverseInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err);
LogicalResult CholeskyInferMeta(const MetaTensor &x, bool upper, MetaTensor &out,
                                const MetaError &err);
LogicalResult MatrixPowerInferMeta(const MetaTensor &x, int32_t n, MetaTensor &out,
                                   const MetaError &err);
/// solve: x [..., n, n], y [..., n, k] (or [n]): the batch dims broadcast.
LogicalResult SolveInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                             const MetaError &err);
LogicalResult TriangularSolveInferMeta(const MetaTensor &x, const MetaTensor &y, bool upper,
                                       bool transpose, bool unitriangular, MetaTensor &out,
                                       const MetaError &err);
/// lu: out of x's shape ([..., m, n] floats), pivots [..., min(m, n)] and
/// infos [...] (int32).
LogicalResult LUInferMeta(const MetaTensor &x, bool pivot, MetaTensor &out, MetaTensor &pivots,
                          MetaTensor &infos, const MetaError &err);
/// lu_unpack: pmat [..., m, m], l [..., m, k], u [..., k, n] (k = min(m, n))
/// from lu's out x [..., m, n] and pivots [..., k].
LogicalResult LUUnpackInferMeta(const MetaTensor &x, const MetaTensor &pivots, bool unpackLudata,
                                bool unpackPivots, MetaTensor &pmat, MetaTensor &l, MetaTensor &u,
                                const MetaError &err);
/// cholesky_solve: x [..., m, k] right-hand sides, y [..., m, m] the factor;
/// the batch dims broadcast.
LogicalResult CholeskySolveInferMeta(const MetaTensor &x, const MetaTensor &y, bool upper,
                                     MetaTensor &out, const MetaError &err);
/// dot: x and y of one shape, 1-D (a 0-D result) or 2-D (one per row).
LogicalResult DotInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                           const MetaError &err);
LogicalResult MvInferMeta(const MetaTensor &x, const MetaTensor &vec, MetaTensor &out,
                          const MetaError &err);
/// trace: x without axis1 and axis2 (0-D for a matrix).
LogicalResult TraceInferMeta(const MetaTensor &x, int64_t offset, int64_t axis1, int64_t axis2,
                             MetaTensor &out, const MetaError &err);
/// The length of the diagonal at `offset` of a d1 x d2 matrix (Paddle's
/// DiagonalInferMeta): 0 when it passes the matrix, kDyn for unknown dims.
int64_t diagonalLength(int64_t d1, int64_t d2, int64_t offset);
/// diagonal: x without axis1 and axis2, then the diagonal's length.
LogicalResult DiagonalInferMeta(const MetaTensor &x, int64_t offset, int64_t axis1,
                                int64_t axis2, MetaTensor &out, const MetaError &err);

// Reduction.cpp
LogicalResult ReduceIntArrayAxisInferMeta(const MetaTensor &x,
                                          const IntArrayArg &axis,
                                          bool keepdim, MetaTensor &out,
                                          const MetaError &err);
LogicalResult ReduceIntArrayAxisInferMetaBase(const MetaTensor &x,
                                              const IntArrayArg &axis,
                                              bool keepdim, bool reduceAll,
                                              MetaTensor &out,
                                              const MetaError &err);
LogicalResult ReduceInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis,
                              bool keepdim, MetaTensor &out,
                              const MetaError &err);
LogicalResult ReduceInferMetaBase(const MetaTensor &x, ArrayRef<int64_t> axis,
                                  bool keepdim, bool reduceAll,
                                  MetaTensor &out, const MetaError &err);
/// logsumexp's axes are int32 in Paddle 3.3 (the other reductions' int64).
LogicalResult LogsumexpInferMeta(const MetaTensor &x, ArrayRef<int32_t> axis,
                                 bool keepdim, bool reduceAll, MetaTensor &out,
                                 const MetaError &err);
LogicalResult ReduceBoolInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis,
                                  bool keepdim, MetaTensor &out,
                                  const MetaError &err);
LogicalResult SumInferMeta(const MetaTensor &x, const IntArrayArg &axis,
                           DataType dtype, bool keepdim, MetaTensor &out,
                           const MetaError &err);
LogicalResult MeanAllInferMeta(const MetaTensor &x, MetaTensor &out,
                               const MetaError &err);
/// nansum: as sum, with the axes as an attribute.
LogicalResult NansumInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis, DataType dtype,
                              bool keepdim, MetaTensor &out, const MetaError &err);
/// var / std / variance: a reduction of a float tensor (Paddle has float
/// kernels only).
LogicalResult FloatReduceInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis, bool keepdim,
                                   MetaTensor &out, const MetaError &err);
/// identity_loss: reduction 0 (sum) or 1 (mean) gives a 0-D tensor, 2 (none)
/// x's shape.
LogicalResult IdentityLossInferMeta(const MetaTensor &x, int32_t reduction, MetaTensor &out,
                                    const MetaError &err);
/// clip_by_norm: x's shape; max_norm > 0.
LogicalResult ClipByNormInferMeta(const MetaTensor &x, float maxNorm, MetaTensor &out,
                                  const MetaError &err);
LogicalResult ArgMinMaxInferMeta(const MetaTensor &x, const ScalarArg &axis,
                                 bool keepdims, bool flatten, DataType dtype,
                                 MetaTensor &out, const MetaError &err);
/// logcumsumexp: x's shape (flattened: 1-D).
LogicalResult CumInferMeta(const MetaTensor &x, int64_t axis, bool flatten, MetaTensor &out,
                           const MetaError &err);
/// values' shape, int64 (or int32); an N-D sequence shares values' leading dims.
LogicalResult SearchsortedInferMeta(const MetaTensor &sortedSequence, const MetaTensor &values,
                                    bool outInt32, MetaTensor &out, const MetaError &err);
/// kthvalue: the k-th smallest along `axis` (k in [1, size]) and its
/// index (int64); the axis kept as 1 or removed.
LogicalResult KthvalueInferMeta(const MetaTensor &x, int64_t k, int64_t axis, bool keepdim,
                                MetaTensor &out, MetaTensor &indices, const MetaError &err);
/// histogram: [bins]; int64, float32 with a weight or density.
LogicalResult HistogramInferMeta(const MetaTensor &input, const MetaTensor &weight, int64_t bins,
                                 float min, float max, bool density, MetaTensor &out,
                                 const MetaError &err);
/// randperm: [n] of an integer dtype.
LogicalResult RandpermInferMeta(int32_t n, DataType dtype, MetaTensor &out, const MetaError &err);
/// multinomial: [num_samples] per row of x ([C] or [B, C] probabilities),
/// int64; without replacement at most C samples.
LogicalResult MultinomialInferMeta(const MetaTensor &x, const ScalarArg &numSamples,
                                   bool replacement, MetaTensor &out, const MetaError &err);
/// gumbel_softmax: x's shape (float), axis in range, temperature > 0.
LogicalResult GumbelSoftmaxInferMeta(const MetaTensor &x, float temperature, bool hard,
                                     int32_t axis, MetaTensor &out, const MetaError &err);
/// median / nanmedian: the reduction's shape (all axes for {}); medians
/// int64, with a trailing 2 for mode "avg" (the two middles' indices).
LogicalResult MedianInferMeta(const MetaTensor &x, ArrayRef<int64_t> axis, bool keepdim,
                              StringRef mode, MetaTensor &out, MetaTensor &medians,
                              const MetaError &err);
/// mode: x without `axis` (kept as 1 with keepdim), indices int64.
LogicalResult ModeInferMeta(const MetaTensor &x, int64_t axis, bool keepdim, MetaTensor &out,
                            MetaTensor &indices, const MetaError &err);
/// cummax / cummin: x's shape, and indices of `dtype` (int32 or int64).
LogicalResult CumWithIndicesInferMeta(const MetaTensor &x, int64_t axis, DataType dtype,
                                      MetaTensor &out, MetaTensor &indices,
                                      const MetaError &err);
/// renorm: x's shape; a float x and an axis in range.
LogicalResult RenormInferMeta(const MetaTensor &x, int64_t axis, MetaTensor &out,
                              const MetaError &err);
/// index_add: a 1-D integer index, add_value shaped as x but for `axis`
/// (one slice per index); x's shape.
LogicalResult IndexAddInferMeta(const MetaTensor &x, const MetaTensor &index,
                                const MetaTensor &addValue, int64_t axis, MetaTensor &out,
                                const MetaError &err);
/// The p-norm of x - y (broadcast): a 0-D tensor.
LogicalResult DistInferMeta(const MetaTensor &x, const MetaTensor &y, MetaTensor &out,
                            const MetaError &err);
/// Elementwise losses of a prediction and a label of the same shape and
/// dtype (Paddle requires both): huber_loss (out and residual), bce_loss.
LogicalResult HuberLossInferMeta(const MetaTensor &input, const MetaTensor &label,
                                 MetaTensor &out, MetaTensor &residual, const MetaError &err);
LogicalResult BCELossInferMeta(const MetaTensor &input, const MetaTensor &label,
                               MetaTensor &out, const MetaError &err);
/// log_loss: input and label of shape [N, 1]; out [N, 1].
/// hinge_loss: logits and labels of one shape [N, 1]; the loss is [N, 1].
LogicalResult HingeLossInferMeta(const MetaTensor &logits, const MetaTensor &labels,
                                 MetaTensor &loss, const MetaError &err);
LogicalResult LogLossInferMeta(const MetaTensor &input, const MetaTensor &label,
                               MetaTensor &out, const MetaError &err);
/// kldiv_loss: x's shape with reduction "none", else a 0-D tensor
/// ("mean", "batchmean", "sum").
LogicalResult KLDivInferMeta(const MetaTensor &x, const MetaTensor &label, StringRef reduction,
                             MetaTensor &out, const MetaError &err);
/// sigmoid_cross_entropy_with_logits: x, label and pos_weight (optional)
/// of one shape; out too.
/// nll_loss: input [N, C] with label [N], or [N, C, H, W] with [N, H, W];
/// weight [C]; out label's shape ("none") or 0-D, total_weight 0-D.
LogicalResult NllLossRawInferMeta(const MetaTensor &input, const MetaTensor &label,
                                  const MetaTensor &weight, int64_t ignoreIndex,
                                  StringRef reduction, MetaTensor &out,
                                  MetaTensor &totalWeight, const MetaError &err);
LogicalResult SigmoidCrossEntropyWithLogitsInferMeta(const MetaTensor &x,
                                                     const MetaTensor &label,
                                                     const MetaTensor &posWeight,
                                                     MetaTensor &out, const MetaError &err);
/// out[i, j] = x[i, index[i, j]]: index's shape.
LogicalResult IndexSampleInferMeta(const MetaTensor &x, const MetaTensor &index,
                                   MetaTensor &out, const MetaError &err);
/// One [n0, n1, ...] grid per 0-D or 1-D input.
LogicalResult MeshgridInferMeta(const MetaTensorList &inputs, SmallVectorImpl<MetaTensor> &out,
                                const MetaError &err);
/// Each input broadcast to the shape all of them broadcast to (numpy's rules).
LogicalResult BroadcastTensorsInferMeta(const MetaTensorList &input,
                                        SmallVectorImpl<MetaTensor> &out, const MetaError &err);
LogicalResult CumScalarAxisInferMeta(const MetaTensor &x,
                                     const ScalarArg &axis, bool flatten,
                                     MetaTensor &out, const MetaError &err);
LogicalResult TopKInferMeta(const MetaTensor &x, const ScalarArg &k,
                            int64_t axis, MetaTensor &out, MetaTensor &indices,
                            const MetaError &err);
LogicalResult ArgsortInferMeta(const MetaTensor &x, int64_t axis,
                               MetaTensor &out, MetaTensor &indices,
                               const MetaError &err);
LogicalResult PNormInferMeta(const MetaTensor &x, int64_t axis, bool keepdim,
                             bool asvector, MetaTensor &out,
                             const MetaError &err);

// Detection.cpp
/// multiclass_nms3: the boxes kept by per-class NMS (rows of label, score,
/// box), their indices (int32) and how many each image kept (int32).
LogicalResult MultiClassNMSInferMeta(const MetaTensor &bboxes, const MetaTensor &scores,
                                     const MetaTensor &roisNum, float scoreThreshold,
                                     int32_t nmsTopK, int32_t keepTopK, float nmsThreshold,
                                     bool normalized, float nmsEta, int32_t backgroundLabel,
                                     MetaTensor &out, MetaTensor &index,
                                     MetaTensor &nmsRoisNum, const MetaError &err);
/// box_coder: encode [N, 4] targets against [M, 4] priors into [N, M, 4];
/// decode [N, M, 4] (priors [M, 4] for axis 0, [N, 4] for axis 1).
LogicalResult BoxCoderInferMeta(const MetaTensor &priorBox, const MetaTensor &priorBoxVar,
                                const MetaTensor &targetBox, StringRef codeType,
                                bool boxNormalized, int32_t axis, ArrayRef<float> variance,
                                MetaTensor &outputBox, const MetaError &err);
/// The aspect ratios prior_box uses: 1, then each given one (and its
/// inverse with flip) not within 1e-6 of one already there.
SmallVector<float> expandAspectRatios(ArrayRef<float> given, bool flip);
/// prior_box: out and var [H, W, P, 4], P = ratios * min sizes + max sizes.
LogicalResult PriorBoxInferMeta(const MetaTensor &input, const MetaTensor &image,
                                ArrayRef<float> minSizes, ArrayRef<float> maxSizes,
                                ArrayRef<float> aspectRatios, ArrayRef<float> variances,
                                bool flip, bool clip, float stepW, float stepH, float offset,
                                bool minMaxAspectRatiosOrder, MetaTensor &out, MetaTensor &var,
                                const MetaError &err);
LogicalResult YoloBoxInferMeta(const MetaTensor &x, const MetaTensor &imgSize,
                               ArrayRef<int32_t> anchors, int32_t classNum, float confThresh,
                               int32_t downsampleRatio, bool clipBbox, float scaleXY,
                               bool iouAware, float iouAwareFactor, MetaTensor &boxes,
                               MetaTensor &scores, const MetaError &err);
LogicalResult RoiAlignInferMeta(const MetaTensor &x, const MetaTensor &boxes,
                                const MetaTensor &boxesNum, int32_t pooledHeight,
                                int32_t pooledWidth, float spatialScale, int32_t samplingRatio,
                                bool aligned, MetaTensor &out, const MetaError &err);

// Unary.cpp, Reduction.cpp, Manipulation.cpp (issue 13's legacy ops)
LogicalResult RReluInferMeta(const MetaTensor &x, float lower, float upper, bool isTest,
                             MetaTensor &out, MetaTensor &noise, const MetaError &err);
LogicalResult SquaredL2NormInferMeta(const MetaTensor &x, MetaTensor &out,
                                     const MetaError &err);
LogicalResult L1NormInferMeta(const MetaTensor &x, MetaTensor &out, const MetaError &err);
LogicalResult MultiplexInferMeta(const MetaTensorList &inputs, const MetaTensor &index,
                                 MetaTensor &out, const MetaError &err);
LogicalResult SequenceMaskInferMeta(const MetaTensor &x, const ScalarArg &maxLen,
                                    DataType outDtype, MetaTensor &y, const MetaError &err);

// Recurrent.cpp
/// The gates of one cell of an rnn `mode` (LSTM 4, GRU 3, RNN_TANH/RELU 1).
FailureOr<int64_t> rnnGateCount(StringRef mode);
LogicalResult RnnInferMeta(const MetaTensor &x, const MetaTensorList &preState,
                           const MetaTensorList &weightList, const MetaTensor &sequenceLength,
                           const MetaTensor &dropoutStateIn, float dropoutProb, bool isBidirec,
                           int32_t inputSize, int32_t hiddenSize, int32_t numLayers,
                           StringRef mode, bool isTest, MetaTensor &out,
                           MetaTensor &dropoutStateOut, SmallVectorImpl<MetaTensor> &state,
                           MetaTensor &reserve, const MetaError &err);

/// fill_diagonal: x unchanged (rank 2 or more: PHI reads dims[1]).
LogicalResult FillDiagonalInferMeta(const MetaTensor &x, double value, int64_t offset,
                                    bool wrap, MetaTensor &out, const MetaError &err);
// Manipulation.cpp
LogicalResult ReshapeInferMeta(const MetaTensor &x, const IntArrayArg &shape,
                               MetaTensor &out, const MetaError &err);
LogicalResult TransposeInferMeta(const MetaTensor &x, ArrayRef<int32_t> perm,
                                 MetaTensor &out, const MetaError &err);
LogicalResult ConcatInferMeta(const MetaTensorList &x, const ScalarArg &axis,
                              MetaTensor &out, const MetaError &err);
LogicalResult StackInferMeta(const MetaTensorList &x, int64_t axis,
                             MetaTensor &out, const MetaError &err);
LogicalResult SplitInferMeta(const MetaTensor &x, const IntArrayArg &sections,
                             const ScalarArg &axis, SmallVectorImpl<MetaTensor> &out,
                             const MetaError &err);
LogicalResult SplitWithNumInferMeta(const MetaTensor &x, int64_t num,
                                    const ScalarArg &axis,
                                    SmallVectorImpl<MetaTensor> &out,
                                    const MetaError &err);
LogicalResult UnstackInferMeta(const MetaTensor &x, int64_t axis, int64_t num,
                               SmallVectorImpl<MetaTensor> &out,
                               const MetaError &err);
LogicalResult SliceInferMeta(const MetaTensor &input, ArrayRef<int64_t> axes,
                             const IntArrayArg &starts,
                             const IntArrayArg &ends,
                             ArrayRef<int64_t> decreaseAxis, MetaTensor &out,
                             const MetaError &err);
/// set_value(_with_tensor): the slice assignment keeps x's shape and dtype;
/// its axes, starts, ends and steps must describe a slice.
LogicalResult SetValueInferMeta(const MetaTensor &x, const IntArrayArg &starts,
                                const IntArrayArg &ends, const IntArrayArg &steps,
                                ArrayRef<int64_t> axes, MetaTensor &out,
                                const MetaError &err);
LogicalResult StridedSliceInferMeta(const MetaTensor &x,
                                    ArrayRef<int32_t> axes,
                                    const IntArrayArg &starts,
                                    const IntArrayArg &ends,
                                    const IntArrayArg &strides,
                                    MetaTensor &out, const MetaError &err);
LogicalResult SqueezeInferMeta(const MetaTensor &x, const IntArrayArg &axis,
                               MetaTensor &out, const MetaError &err);
LogicalResult UnsqueezeInferMeta(const MetaTensor &x, const IntArrayArg &axis,
                                 MetaTensor &out, const MetaError &err);
LogicalResult FlattenInferMeta(const MetaTensor &x, int64_t startAxis,
                               int64_t stopAxis, MetaTensor &out,
                               const MetaError &err);
LogicalResult ExpandInferMeta(const MetaTensor &x, const IntArrayArg &shape,
                              MetaTensor &out, const MetaError &err);
LogicalResult ExpandAsInferMeta(const MetaTensor &x, const MetaTensor &y,
                                ArrayRef<int64_t> targetShape, MetaTensor &out,
                                const MetaError &err);
LogicalResult TileInferMeta(const MetaTensor &x,
                            const IntArrayArg &repeatTimes, MetaTensor &out,
                            const MetaError &err);
LogicalResult GatherInferMeta(const MetaTensor &x, const MetaTensor &index,
                              const ScalarArg &axis, MetaTensor &out,
                              const MetaError &err);
LogicalResult GatherNdInferMeta(const MetaTensor &x, const MetaTensor &index,
                                MetaTensor &out, const MetaError &err);
/// x with updates added at the positions index[..., :] addresses (its last
/// dim: how many leading dims of x): updates must be index's leading dims
/// followed by the dims of x not addressed.
LogicalResult ScatterNdAddInferMeta(const MetaTensor &x, const MetaTensor &index,
                                    const MetaTensor &updates, MetaTensor &out,
                                    const MetaError &err);
LogicalResult IndexSelectInferMeta(const MetaTensor &x,
                                   const MetaTensor &index, int64_t axis,
                                   MetaTensor &out, const MetaError &err);
LogicalResult ScatterInferMeta(const MetaTensor &x, const MetaTensor &index,
                               const MetaTensor &updates, MetaTensor &out,
                               const MetaError &err);
LogicalResult PutAlongAxisInferMeta(const MetaTensor &arr, const MetaTensor &indices,
                                    const MetaTensor &values, int64_t axis, StringRef reduce,
                                    bool includeSelf, MetaTensor &out, const MetaError &err);
LogicalResult TakeAlongAxisInferMeta(const MetaTensor &arr,
                                     const MetaTensor &indices, int64_t axis,
                                     MetaTensor &out, const MetaError &err);
LogicalResult FlipInferMeta(const MetaTensor &x, ArrayRef<int32_t> axis,
                            MetaTensor &out, const MetaError &err);
/// reverse: x's shape; the axes (when known) in range and distinct.
LogicalResult ReverseInferMeta(const MetaTensor &x, const IntArrayArg &axis, MetaTensor &out,
                               const MetaError &err);
LogicalResult RollInferMeta(const MetaTensor &x, const IntArrayArg &shifts,
                            ArrayRef<int64_t> axis, MetaTensor &out,
                            const MetaError &err);
LogicalResult PadInferMeta(const MetaTensor &x, ArrayRef<int32_t> paddings,
                           MetaTensor &out, const MetaError &err);
LogicalResult Pad3dInferMeta(const MetaTensor &x, const IntArrayArg &paddings,
                             StringRef dataFormat, MetaTensor &out,
                             const MetaError &err);
LogicalResult OneHotInferMeta(const MetaTensor &x, const ScalarArg &numClasses,
                              MetaTensor &out, const MetaError &err);
LogicalResult NonzeroInferMeta(const MetaTensor &condition, MetaTensor &out,
                               const MetaError &err);
/// unique: the sorted unique values of x (flattened, or its slices along
/// `axis`), with optional first-occurrence indices, inverse and counts of
/// `dtype` (int32/int64); lengths known only at run time.
LogicalResult UniqueRawInferMeta(const MetaTensor &x, bool returnIndex, bool returnInverse,
                                 bool returnCounts, ArrayRef<int32_t> axis, DataType dtype,
                                 bool isSorted, MetaTensor &out, MetaTensor &indices,
                                 MetaTensor &inverse, MetaTensor &counts, const MetaError &err);
/// masked_select: the elements of x where mask (bool; x and mask broadcast)
/// is true, as a 1-D tensor whose length is known only at run time.
/// unique_consecutive: out [?] (the flattened x's runs; axis unsupported
/// beyond a slice dim), index [numel] and counts [?] in dtype (int32, else
/// int64); outputs not asked for 0-D.
LogicalResult UniqueConsecutiveInferMeta(const MetaTensor &x, bool returnInverse,
                                         bool returnCounts, ArrayRef<int32_t> axis,
                                         DataType dtype, MetaTensor &out, MetaTensor &index,
                                         MetaTensor &counts, const MetaError &err);
LogicalResult MaskedSelectInferMeta(const MetaTensor &x, const MetaTensor &mask,
                                    MetaTensor &out, const MetaError &err);
LogicalResult TrilTriuInferMeta(const MetaTensor &x, MetaTensor &out,
                                const MetaError &err);
LogicalResult RepeatInterleaveInferMeta(const MetaTensor &x, int64_t repeats,
                                        int64_t axis, MetaTensor &out,
                                        const MetaError &err);

// Creation.cpp
LogicalResult CreateInferMeta(const IntArrayArg &shape, DataType dtype, MetaTensor &out,
                              const MetaError &err);
LogicalResult RandintInferMeta(int64_t low, int64_t high,
                               const IntArrayArg &shape, DataType dtype,
                               MetaTensor &out, const MetaError &err);
LogicalResult AssignValueInferMeta(ArrayRef<int32_t> shape, DataType dtype,
                                   ArrayAttr values, MetaTensor &out,
                                   const MetaError &err);
LogicalResult CreateLikeInferMeta(const MetaTensor &x, DataType dtype,
                                  MetaTensor &out, const MetaError &err);
LogicalResult FullWithTensorInferMeta(const IntArrayArg &shape, DataType dtype, MetaTensor &out,
                                      const MetaError &err);
LogicalResult ArangeInferMeta(const ScalarArg &start, const ScalarArg &end,
                              const ScalarArg &step, DataType dtype, MetaTensor &out,
                              const MetaError &err);
LogicalResult LinspaceInferMeta(const ScalarArg &start, const ScalarArg &stop,
                                const ScalarArg &number, DataType dtype,
                                MetaTensor &out, const MetaError &err);
/// logspace: as linspace (`num` values); `base` does not change the shape.
LogicalResult LogspaceInferMeta(const ScalarArg &start, const ScalarArg &stop,
                                const ScalarArg &num, const ScalarArg &base, DataType dtype,
                                MetaTensor &out, const MetaError &err);
/// [2, count]: the row and column indices of the lower (tril) or upper
/// (triu) triangle of a rows x cols matrix with the diagonal shifted by
/// `offset`, row by row.
LogicalResult TrilIndicesInferMeta(int64_t rows, int64_t cols, int64_t offset, DataType dtype,
                                   MetaTensor &out, const MetaError &err);
LogicalResult TriuIndicesInferMeta(int64_t row, int64_t col, int64_t offset, DataType dtype,
                                   MetaTensor &out, const MetaError &err);
/// How many elements the triangle has (0 <= r < rows, 0 <= c < cols,
/// c - r <= offset for the lower one, >= offset for the upper one).
int64_t triangleCount(int64_t rows, int64_t cols, int64_t offset, bool lower);
LogicalResult EyeInferMeta(const ScalarArg &numRows, const ScalarArg &numColumns,
                           DataType dtype, MetaTensor &out,
                           const MetaError &err);

} // namespace mlir::pd

#endif // PADDLE_MLIR_DIALECT_PD_INFERMETA_INFERMETA_H
