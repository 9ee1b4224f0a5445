//===- Detection.cpp - InferMeta of detection post-processing ops ---------===//
//
// roi_align: [R, C, pooled_height, pooled_width] for boxes [R, 4].
// yolo_box, as PHI's YoloBoxInferMeta: x is [N, A * (5 + classes), H, W]
// (A anchors; with iou_aware A more channels first), img_size [N, 2]; the
// boxes are [N, A * H * W, 4] and the scores [N, A * H * W, classes].
//
//===----------------------------------------------------------------------===//

#include "Dialect/Pd/InferMeta/InferMeta.h"

namespace mlir::pd {

LogicalResult BoxCoderInferMeta(const MetaTensor &priorBox, const MetaTensor &priorBoxVar,
                                const MetaTensor &targetBox, StringRef codeType,
                                bool boxNormalized, int32_t axis, ArrayRef<float> variance,
                                MetaTensor &outputBox, const MetaError &err) {
  bool encode = codeType == "encode_center_size";
  if (!encode && codeType != "decode_center_size")
    return err("code_type must be encode_center_size or decode_center_size, got ", codeType);
  if (axis != 0 && axis != 1)
    return err("axis must be 0 or 1, got ", axis);
  if (priorBox.rank() != 2 || knownAndDiffer(priorBox.dims[1], 4))
    return err("prior_box must be [M, 4], got ", dimsStr(priorBox.dims));
  if (priorBoxVar.present && (priorBoxVar.rank() != 2 ||
                              knownAndDiffer(priorBoxVar.dims[0], priorBox.dims[0]) ||
                              knownAndDiffer(priorBoxVar.dims[1], 4)))
    return err("prior_box_var must be shaped as prior_box ", dimsStr(priorBox.dims), ", got ",
               dimsStr(priorBoxVar.dims));
  if (priorBoxVar.present && !variance.empty())
    return err("prior_box_var and variance cannot both be given");
  if (!variance.empty() && variance.size() != 4)
    return err("variance must have 4 values, got ", variance.size());
  if (encode) {
    if (targetBox.rank() != 2 || knownAndDiffer(targetBox.dims[1], 4))
      return err("encoding takes target_box [N, 4], got ", dimsStr(targetBox.dims));
    outputBox.set({targetBox.dims[0], priorBox.dims[0], 4}, targetBox.dtype);
    return success();
  }
  if (targetBox.rank() != 3 || knownAndDiffer(targetBox.dims[2], 4))
    return err("decoding takes target_box [N, M, 4], got ", dimsStr(targetBox.dims));
  if (knownAndDiffer(targetBox.dims[axis == 0 ? 1 : 0], priorBox.dims[0]))
    return err("target_box ", dimsStr(targetBox.dims), " has no dim ", axis == 0 ? 1 : 0,
               " of prior_box's ", priorBox.dims[0], " boxes");
  outputBox.set(targetBox.dims, targetBox.dtype);
  return success();
}

SmallVector<float> expandAspectRatios(ArrayRef<float> given, bool flip) {
  SmallVector<float> ratios{1.0f};
  for (float ar : given) {
    auto known = [&](float r) {
      return llvm::any_of(ratios, [&](float o) { return std::fabs(r - o) < 1e-6f; });
    };
    if (known(ar))
      continue;
    ratios.push_back(ar);
    if (flip)
      ratios.push_back(1.0f / ar);
  }
  return ratios;
}

LogicalResult PriorBoxInferMeta(const MetaTensor &input, const MetaTensor &image,
                                ArrayRef<float> minSizes, ArrayRef<float> maxSizes,
                                ArrayRef<float> aspectRatios, ArrayRef<float> variances,
                                bool flip, bool clip, float stepW, float stepH, float offset,
                                bool minMaxAspectRatiosOrder, MetaTensor &out, MetaTensor &var,
                                const MetaError &err) {
  if (input.rank() != 4 || image.rank() != 4)
    return err("input and image must be 4-D NCHW, got ", dimsStr(input.dims), " and ",
               dimsStr(image.dims));
  if (minSizes.empty())
    return err("min_sizes must not be empty");
  if (llvm::any_of(minSizes, [](float s) { return !(s > 0); }))
    return err("min_sizes must be positive");
  if (!maxSizes.empty() && maxSizes.size() != minSizes.size())
    return err("max_sizes must have as many values as min_sizes (", minSizes.size(), "), got ",
               maxSizes.size());
  for (auto [mn, mx] : llvm::zip(minSizes, maxSizes))
    if (!(mx > mn))
      return err("each max size must exceed its min size, got ", numStr(mx), " <= ", numStr(mn));
  if (variances.size() != 4)
    return err("variances must have 4 values, got ", variances.size());
  if (llvm::any_of(aspectRatios, [](float r) { return !(r > 0); }))
    return err("aspect_ratios must be positive");
  int64_t priors = (int64_t)expandAspectRatios(aspectRatios, flip).size() * minSizes.size() +
                   maxSizes.size();
  SmallVector<int64_t> dims{input.dims[2], input.dims[3], priors, 4};
  out.set(dims, input.dtype);
  var.set(dims, input.dtype);
  return success();
}

LogicalResult YoloBoxInferMeta(const MetaTensor &x, const MetaTensor &imgSize,
                               ArrayRef<int32_t> anchors, int32_t classNum, float confThresh,
                               int32_t downsampleRatio, bool clipBbox, float scaleXY,
                               bool iouAware, float iouAwareFactor, MetaTensor &boxes,
                               MetaTensor &scores, const MetaError &err) {
  if (x.rank() != 4)
    return err("x must be [N, C, H, W], got ", dimsStr(x.dims));
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  if (imgSize.rank() != 2 || knownAndDiffer(imgSize.dims[1], 2) ||
      knownAndDiffer(imgSize.dims[0], x.dims[0]))
    return err("img_size must be [N, 2] = [", x.dims[0], ", 2] (height, width), got ",
               dimsStr(imgSize.dims));
  if (!imgSize.dtype.isInteger(32))
    return err("img_size must be int32, got ", imgSize.dtype);
  if (anchors.empty() || anchors.size() % 2 != 0)
    return err("anchors must be (width, height) pairs, got ", anchors.size(), " values");
  if (classNum <= 0)
    return err("class_num must be positive, got ", classNum);
  if (downsampleRatio <= 0)
    return err("downsample_ratio must be positive, got ", downsampleRatio);
  if (iouAware && (iouAwareFactor < 0 || iouAwareFactor > 1))
    return err("iou_aware_factor must be in [0, 1], got ", iouAwareFactor);
  (void)confThresh, (void)clipBbox, (void)scaleXY;
  int64_t anchorCount = anchors.size() / 2;
  int64_t channels = anchorCount * (5 + (int64_t)classNum) + (iouAware ? anchorCount : 0);
  if (knownAndDiffer(x.dims[1], channels))
    return err("x has ", x.dims[1], " channels; ", anchorCount, " anchors of ", classNum,
               " classes", iouAware ? " (iou_aware)" : "", " need ", channels);
  int64_t perImage = mulDims(anchorCount, mulDims(x.dims[2], x.dims[3]));
  boxes.set({x.dims[0], perImage, 4}, x.dtype);
  scores.set({x.dims[0], perImage, classNum}, x.dtype);
  return success();
}

LogicalResult RoiAlignInferMeta(const MetaTensor &x, const MetaTensor &boxes,
                                const MetaTensor &boxesNum, int32_t pooledHeight,
                                int32_t pooledWidth, float spatialScale, int32_t samplingRatio,
                                bool aligned, MetaTensor &out, const MetaError &err) {
  (void)samplingRatio, (void)aligned;
  if (x.rank() != 4)
    return err("x must be [N, C, H, W], got ", dimsStr(x.dims));
  if (!isa<FloatType>(x.dtype))
    return err("x must be a float tensor, got ", x.dtype);
  if (boxes.rank() != 2 || knownAndDiffer(boxes.dims[1], 4))
    return err("boxes must be [R, 4] (x1, y1, x2, y2), got ", dimsStr(boxes.dims));
  if (boxes.dtype != x.dtype)
    return err("boxes have dtype ", boxes.dtype, ", x has ", x.dtype);
  if (boxesNum.present) {
    if (boxesNum.rank() != 1 || knownAndDiffer(boxesNum.dims[0], x.dims[0]))
      return err("boxes_num must be [N] = [", x.dims[0], "] (the rois of each image), got ",
                 dimsStr(boxesNum.dims));
    if (!boxesNum.dtype.isInteger(32) && !boxesNum.dtype.isInteger(64))
      return err("boxes_num must be int32 or int64, got ", boxesNum.dtype);
  }
  if (pooledHeight <= 0 || pooledWidth <= 0)
    return err("pooled_height and pooled_width must be positive, got ", pooledHeight, " and ",
               pooledWidth);
  if (!(spatialScale > 0))
    return err("spatial_scale must be positive, got ", spatialScale);
  out.set({boxes.dims[0], x.dims[1], pooledHeight, pooledWidth}, x.dtype);
  return success();
}

LogicalResult MultiClassNMSInferMeta(const MetaTensor &bboxes, const MetaTensor &scores,
                                     const MetaTensor &roisNum, float scoreThreshold,
                                     int32_t nmsTopK, int32_t keepTopK, float nmsThreshold,
                                     bool normalized, float nmsEta, int32_t backgroundLabel,
                                     MetaTensor &out, MetaTensor &index,
                                     MetaTensor &nmsRoisNum, const MetaError &err) {
  // As PHI's MultiClassNMSInferMeta: scores [N, C, M] with bboxes [N, M, 4
  // or 8/16/24/32 polygon coordinates], or scores [M, C] with bboxes
  // [M, C, 4] grouped into images by rois_num.
  if (scores.rank() != 2 && scores.rank() != 3)
    return err("scores must be 2-D or 3-D, got ", dimsStr(scores.dims));
  if (bboxes.rank() != 3)
    return err("bboxes must be 3-D, got ", dimsStr(bboxes.dims));
  int64_t boxSize = bboxes.dims[2];
  if (!isDyn(boxSize) && boxSize != 4 && boxSize != 8 && boxSize != 16 && boxSize != 24 &&
      boxSize != 32)
    return err("bboxes' last dim must be 4, 8, 16, 24 or 32, got ", boxSize);
  if (scores.rank() == 3) {
    if (!isDyn(scores.dims[2]) && !isDyn(bboxes.dims[1]) && scores.dims[2] != bboxes.dims[1])
      return err("scores ", dimsStr(scores.dims), " and bboxes ", dimsStr(bboxes.dims),
                 " must have as many boxes (scores' dim 2, bboxes' dim 1)");
  } else if (!isDyn(scores.dims[0]) && !isDyn(bboxes.dims[0]) &&
             scores.dims[0] != bboxes.dims[0]) {
    return err("scores ", dimsStr(scores.dims), " and bboxes ", dimsStr(bboxes.dims),
               " must have as many boxes (dim 0)");
  }
  if (!(nmsEta > 0) || nmsEta > 1)
    return err("nms_eta must be in (0, 1], got ", nmsEta);
  (void)scoreThreshold, (void)nmsTopK, (void)keepTopK, (void)nmsThreshold, (void)normalized,
      (void)backgroundLabel;
  Type i32 = IntegerType::get(err.ctx, 32);
  out.set({kDyn, isDyn(boxSize) ? kDyn : boxSize + 2}, scores.dtype);
  index.set({kDyn, 1}, i32);
  int64_t images = scores.rank() == 3 ? scores.dims[0] : roisNum.present ? roisNum.numel() : kDyn;
  nmsRoisNum.set({images}, i32);
  return success();
}

} // namespace mlir::pd
