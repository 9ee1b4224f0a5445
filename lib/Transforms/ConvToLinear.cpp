//===- ConvToLinear.cpp - 1x1 convolutions of 1x1 maps as matmuls ---------===//
//
// pd-conv-to-linear: a squeeze-and-excitation block's or a classifier
// head's 1x1 convolution of 1x1 maps is a linear layer; as a matmul with
// the filter transposed at compile time, its weights stream row by row
// instead of being reduced one output channel at a time. Legal only for
// frozen weights (pd.constant), which nothing writes.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/ResourceConstants.h"

#include "mlir/IR/Builders.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDCONVTOLINEAR
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// [N, C, 1, 1] with a static C (N may be dynamic).
bool isColumnOfMaps(Type type, int64_t &channels) {
  auto t = dyn_cast<VTensorType>(type);
  if (!t || t.getShape().size() != 4 || t.getShape()[2] != 1 || t.getShape()[3] != 1 ||
      ShapedType::isDynamic(t.getShape()[1]))
    return false;
  channels = t.getShape()[1];
  return true;
}

void rewrite(Conv2dOp conv) {
  int64_t channels = 0, features = 0;
  if (!isColumnOfMaps(conv.getInput().getType(), channels) ||
      !isColumnOfMaps(conv.getOut().getType(), features) || conv.getGroups() != 1 ||
      conv.getDataFormat() != "NCHW")
    return;
  // No padding: a padded 1x1 map could read zeros (pad 1, stride 3).
  if (conv.getPaddingAlgorithm() == "EXPLICIT" &&
      llvm::any_of(conv.getPaddings(), [](int32_t p) { return p != 0; }))
    return;
  auto filterType = cast<BaseTensorType>(conv.getFilter().getType());
  if (filterType.getShape() != ArrayRef<int64_t>{features, channels, 1, 1})
    return;
  std::optional<SmallVector<float>> w = frozenF32(conv.getFilter());
  if (!w || (int64_t)w->size() != features * channels)
    return; // a weight read with pd.get_parameter may be written
  SmallVector<float> transposed(w->size());
  for (int64_t f = 0; f < features; ++f)
    for (int64_t c = 0; c < channels; ++c)
      transposed[c * features + f] = (*w)[f * channels + c];

  OpBuilder b(conv);
  Location loc = conv.getLoc();
  Value filter = makeF32Constant(b, loc, {channels, features}, transposed, "conv_as_linear_w");
  Value rows = FlattenOp::create(b, loc, conv.getInput(), 1, 3).getResult();
  Value product = MatmulOp::create(b, loc, rows, filter, false, false).getResult();
  Value shape = FullIntArrayOp::create(b, loc, ArrayRef<int64_t>{0, features, 1, 1},
                                       VTensorType::get(b.getContext(), {4}, b.getI64Type()))
                    .getResult();
  auto reshape = ReshapeOp::create(b, loc, conv.getOut().getType(), product, shape);
  conv.getOut().replaceAllUsesWith(reshape.getResult());
  conv.erase();
}

struct PdConvToLinearPass : public pd::impl::PdConvToLinearBase<PdConvToLinearPass> {
  void runOnOperation() override {
    SmallVector<Conv2dOp> convs;
    getOperation()->walk([&](Conv2dOp conv) { convs.push_back(conv); });
    for (Conv2dOp conv : convs)
      rewrite(conv);
  }
};

} // namespace
