//===- FoldConvBn.cpp - conv + inference batch_norm -> conv ----------------===//
//
// Legal only for weights nobody writes: the pass folds frozen pd.constant
// weights (immutable by construction) and leaves pd.get_parameter alone.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/ResourceConstants.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include <cmath>

namespace mlir::pd {
#define GEN_PASS_DEF_PDFOLDCONVBN
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

struct PdFoldConvBnPass : public pd::impl::PdFoldConvBnBase<PdFoldConvBnPass> {
  void runOnOperation() override {
    SmallVector<BatchNormOp> candidates;
    getOperation()->walk([&](BatchNormOp bn) { candidates.push_back(bn); });
    for (BatchNormOp bn : candidates)
      fold(bn);
  }

  void fold(BatchNormOp bn) {
    if (!(bn.getIsTest() || bn.getUseGlobalStats()) ||
        bn.getDataFormat() != "NCHW" || !isa<VTensorType>(bn.getOut().getType()))
      return;
    for (OpResult r : bn->getResults().drop_front())
      if (!r.use_empty())
        return;
    // conv2d, optionally + reshape(bias) as Paddle exports a conv bias.
    Value input = bn.getX();
    std::optional<SmallVector<float>> convBias;
    if (auto add = input.getDefiningOp<AddOp>()) {
      auto reshape = add.getY().getDefiningOp<ReshapeOp>();
      if (!reshape || !add->hasOneUse())
        return;
      convBias = frozenF32(reshape.getX());
      if (!convBias)
        return;
      input = add.getX();
    }
    // conv2d (grouped too) or depthwise_conv2d: the filter's dim 0 is the
    // output channel either way.
    Operation *conv = input.getDefiningOp();
    if (!conv || !isa<Conv2dOp, DepthwiseConv2dOp>(conv) || !conv->hasOneUse())
      return;
    auto format = conv->getAttrOfType<StringAttr>("data_format");
    if (format && format.getValue() != "NCHW")
      return;
    Value convFilter = conv->getOperand(1);
    std::optional<SmallVector<float>> w = frozenF32(convFilter),
                                      mean = frozenF32(bn.getMean()),
                                      var = frozenF32(bn.getVariance()),
                                      scale = frozenF32(bn.getScale()),
                                      bias = frozenF32(bn.getBias());
    if (!w || !mean || !var)
      return; // a weight may be written by a training program
    if ((bn.getScale() && !scale) || (bn.getBias() && !bias))
      return;
    auto filterType = cast<BaseTensorType>(convFilter.getType());
    int64_t channels = filterType.getShape()[0];
    if (mean->size() != (size_t)channels || var->size() != (size_t)channels ||
        (convBias && convBias->size() != (size_t)channels))
      return;
    int64_t perChannel = w->size() / channels;
    float epsilon = bn.getEpsilon().convertToFloat();

    SmallVector<float> newW(*w), newB(channels);
    for (int64_t c = 0; c < channels; ++c) {
      float s = scale ? (*scale)[c] : 1.0f;
      float inv = s / std::sqrt((*var)[c] + epsilon);
      for (int64_t i = 0; i < perChannel; ++i)
        newW[c * perChannel + i] *= inv;
      float b0 = convBias ? (*convBias)[c] : 0.0f;
      newB[c] = (b0 - (*mean)[c]) * inv + (bias ? (*bias)[c] : 0.0f);
    }

    OpBuilder b(bn);
    Location loc = bn.getLoc();
    Value filter = makeF32Constant(b, loc, filterType.getShape(), newW, "folded_conv_bn_w");
    Operation *newConv = b.clone(*conv);
    newConv->setOperand(1, filter);
    Value shift = makeF32Constant(b, loc, {1, channels, 1, 1}, newB, "folded_conv_bn_b");
    Value out = AddOp::create(b, loc, newConv->getResult(0), shift).getResult();
    bn.getOut().replaceAllUsesWith(out);
    bn.erase();
  }
};

} // namespace
