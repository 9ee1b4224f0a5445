//===- Unary.cpp - InferMeta of unary and elementwise-like ops ------------===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

#include "mlir/IR/Builders.h"

namespace mlir::pd {

static Type boolType(MLIRContext *ctx) { return IntegerType::get(ctx, 1); }

LogicalResult UnchangedInferMeta(const MetaTensor &x, MetaTensor &out,
                                 const MetaError &err) {
  out.share(x);
  return success();
}

LogicalResult UnchangedWithAxisInferMeta(const MetaTensor &x, int64_t axis,
                                         MetaTensor &out,
                                         const MetaError &err) {
  if (failed(normalizeAxis(axis, x.rank(), err)))
    return failure();
  out.share(x);
  return success();
}

LogicalResult RealValuedInferMeta(const MetaTensor &x, MetaTensor &out,
                                  const MetaError &err) {
  // abs of a complex tensor is real.
  Type dtype = x.dtype;
  if (auto complex = dyn_cast<ComplexType>(dtype))
    dtype = complex.getElementType();
  out.set(x.dims, dtype);
  return success();
}

LogicalResult BoolOutputInferMeta(const MetaTensor &x, MetaTensor &out,
                                  const MetaError &err) {
  out.set(x.dims, boolType(err.ctx));
  return success();
}

LogicalResult CastInferMeta(const MetaTensor &x, DataType dtype,
                            MetaTensor &out, const MetaError &err) {
  Type type = dtypeToType(err.ctx, dtype);
  if (!type)
    return err("cannot cast to dtype ", stringifyDataType(dtype));
  out.set(x.dims, type);
  return success();
}

LogicalResult NumelInferMeta(const MetaTensor &x, MetaTensor &out,
                             const MetaError &err) {
  out.set({}, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult IncrementInferMeta(const MetaTensor &x, MetaTensor &out,
                                 const MetaError &err) {
  int64_t n = x.numel();
  if (!isDyn(n) && n != 1)
    return err("increment needs a tensor of one element, got shape ",
               dimsStr(x.dims));
  out.share(x);
  return success();
}

LogicalResult ShapeInferMeta(const MetaTensor &x, MetaTensor &out,
                             const MetaError &err) {
  out.set({x.rank()}, IntegerType::get(err.ctx, 32));
  return success();
}

LogicalResult Shape64InferMeta(const MetaTensor &x, MetaTensor &out,
                               const MetaError &err) {
  out.set({x.rank()}, IntegerType::get(err.ctx, 64));
  return success();
}

LogicalResult ClipInferMeta(const MetaTensor &x, const ScalarArg &min,
                            const ScalarArg &max, MetaTensor &out,
                            const MetaError &err) {
  if (min.value && max.value && *min.value > *max.value)
    return err("min ", *min.value, " is greater than max ", *max.value);
  out.share(x);
  return success();
}

LogicalResult DropoutInferMeta(const MetaTensor &x, const MetaTensor &seed,
                               const ScalarArg &p, MetaTensor &out,
                               MetaTensor &mask, const MetaError &err) {
  if (p.value && (*p.value < 0.0 || *p.value > 1.0))
    return err("dropout probability p must be in [0, 1], got ", *p.value);
  out.share(x);
  mask.set(x.dims, IntegerType::get(err.ctx, 8, IntegerType::Unsigned));
  return success();
}

LogicalResult PreluInferMeta(const MetaTensor &x, const MetaTensor &alpha,
                             StringRef dataFormat, StringRef mode,
                             MetaTensor &out, const MetaError &err) {
  int64_t alphaNumel = alpha.numel();
  if (mode == "all") {
    if (!isDyn(alphaNumel) && alphaNumel != 1)
      return err("mode 'all' needs a single alpha, got ", alphaNumel,
                 " elements");
  } else if (mode == "channel") {
    if (x.rank() < 2)
      return err("mode 'channel' needs an input of rank >= 2, got ",
                 x.rank());
    int64_t channels =
        dataFormat == "NHWC" || dataFormat == "NLC" || dataFormat == "NDHWC"
            ? x.dims.back()
            : x.dims[1];
    if (!isDyn(alphaNumel) && !isDyn(channels) && alphaNumel != channels)
      return err("mode 'channel' needs ", channels, " alphas, got ",
                 alphaNumel);
  } else if (mode == "element") {
    // As Paddle: alpha has x's rank and matches x in every dim but the
    // batch dim (alpha is [1, C, H, W] for an x of [N, C, H, W]).
    if (x.rank() < 1)
      return err("mode 'element' needs an input of rank >= 1, got 0");
    if (alpha.rank() != x.rank())
      return err("mode 'element' needs an alpha of rank ", x.rank(),
                 ", got ", alpha.rank());
    auto product = [](ArrayRef<int64_t> dims) {
      int64_t n = 1;
      for (int64_t d : dims)
        n = isDyn(d) || isDyn(n) ? kDyn : n * d;
      return n;
    };
    int64_t perSample = product(ArrayRef<int64_t>(x.dims).drop_front());
    int64_t alphaPerSample =
        product(ArrayRef<int64_t>(alpha.dims).drop_front());
    if (!isDyn(alphaPerSample) && !isDyn(perSample) &&
        alphaPerSample != perSample)
      return err("mode 'element' needs ", perSample,
                 " alphas per sample for x of shape ", dimsStr(x.dims),
                 ", got alpha of shape ", dimsStr(alpha.dims));
  } else {
    return err("mode must be 'all', 'channel' or 'element', got '", mode, "'");
  }
  out.share(x);
  return success();
}

LogicalResult RReluInferMeta(const MetaTensor &x, float lower, float upper, bool isTest,
                             MetaTensor &out, MetaTensor &noise, const MetaError &err) {
  (void)isTest;
  if (!(lower >= 0 && lower <= 1) || !(upper >= 0 && upper <= 1))
    return err("lower and upper must be in [0, 1], got ", lower, " and ", upper);
  if (upper < lower)
    return err("upper (", upper, ") must not be below lower (", lower, ")");
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  out.share(x);
  noise.share(x);
  return success();
}

LogicalResult ShardIndexInferMeta(const MetaTensor &input, int64_t indexNum, int64_t nshards,
                                  int64_t shardId, int64_t ignoreValue, MetaTensor &out,
                                  const MetaError &err) {
  if (!input.dtype.isInteger(32) && !input.dtype.isInteger(64))
    return err("input must be int32 or int64, got ", input.dtype);
  if (input.rank() < 2 || knownAndDiffer(input.dims.back(), 1))
    return err("input must be [..., 1] of rank >= 2, got ", dimsStr(input.dims));
  if (indexNum <= 0)
    return err("index_num must be positive, got ", indexNum);
  if (nshards <= 0)
    return err("nshards must be positive, got ", nshards);
  if (shardId < 0 || shardId >= nshards)
    return err("shard_id must be in [0, ", nshards, "), got ", shardId);
  out.share(input);
  return success();
}

} // namespace mlir::pd
