//===- ConvToWinograd.cpp - 3x3 convolutions as Winograd's F(m x m, 3x3) --===//
//
// pd-conv-to-winograd: a 3x3, stride 1 convolution with constant weights
// as Winograd's minimal filtering (Lavin & Gray, "Fast Algorithms for
// Convolutional Neural Networks", 2015): F(2x2, 3x3) computes each 2x2
// block of outputs from a 4x4 tile of the input with 16 multiplications
// per input channel instead of 36, F(4x4, 3x3) each 4x4 block from a 6x6
// tile with 36 instead of 144. Summed over the input channels, the
// multiplications are 16 or 36 matmuls (one per tile position) of the
// filters, transformed here at compile time, with the transformed input
// tiles; the data transforms are generics marked `pd.winograd`
// (Winograd.h).
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/ResourceConstants.h"
#include "Transforms/Winograd.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDCONVTOWINOGRAD
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// The f32 values of a constant tensor (dense or dense_resource).
std::optional<SmallVector<float>> constantF32(Value v) {
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  if (!constant)
    return std::nullopt;
  Attribute value = constant.getValue();
  if (auto dense = dyn_cast<DenseElementsAttr>(value))
    if (dense.getElementType().isF32())
      return llvm::to_vector(dense.getValues<float>());
  if (auto resource = dyn_cast<DenseF32ResourceElementsAttr>(value))
    if (std::optional<ArrayRef<float>> data = resource.tryGetAsArrayRef())
      return SmallVector<float>(*data);
  return std::nullopt;
}

/// G g G^T of each [Cout, Cin] 3x3 filter, as U[alpha a + b, o, c], in
/// double precision, for tiles of m x m outputs: G is alpha x 3 (alpha = m
/// + 2), for F(2x2, 3x3) [[1, 0, 0], [1/2, 1/2, 1/2], [1/2, -1/2, 1/2], [0,
/// 0, 1]], for F(4x4, 3x3) Lavin & Gray's (points 0, +-1, +-2, infinity).
SmallVector<float> transformFilter(ArrayRef<float> w, int64_t cout, int64_t cin, int64_t m) {
  static const double G2[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
  static const double G4[6][3] = {{1.0 / 4, 0, 0},
                                  {-1.0 / 6, -1.0 / 6, -1.0 / 6},
                                  {-1.0 / 6, 1.0 / 6, -1.0 / 6},
                                  {1.0 / 24, 1.0 / 12, 1.0 / 6},
                                  {1.0 / 24, -1.0 / 12, 1.0 / 6},
                                  {0, 0, 1}};
  int64_t alpha = m + 2;
  auto G = [&](int a, int j) { return m == 2 ? G2[a][j] : G4[a][j]; };
  SmallVector<float> u(alpha * alpha * cout * cin);
  for (int64_t o = 0; o < cout; ++o)
    for (int64_t c = 0; c < cin; ++c) {
      const float *g = &w[(o * cin + c) * 9];
      double gg[6][3]; // G g
      for (int a = 0; a < alpha; ++a)
        for (int j = 0; j < 3; ++j)
          gg[a][j] = G(a, 0) * g[j] + G(a, 1) * g[3 + j] + G(a, 2) * g[6 + j];
      for (int a = 0; a < alpha; ++a)
        for (int b = 0; b < alpha; ++b) {
          double v = gg[a][0] * G(b, 0) + gg[a][1] * G(b, 1) + gg[a][2] * G(b, 2);
          u[((a * alpha + b) * cout + o) * cin + c] = (float)v;
        }
    }
  return u;
}

struct PdConvToWinogradPass : public pd::impl::PdConvToWinogradBase<PdConvToWinogradPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::Conv2DNchwFchwOp> convs;
    getOperation().walk([&](linalg::Conv2DNchwFchwOp conv) { convs.push_back(conv); });
    IRRewriter rewriter(&getContext());
    for (linalg::Conv2DNchwFchwOp conv : convs)
      rewrite(rewriter, conv);
  }

  void rewrite(IRRewriter &rewriter, linalg::Conv2DNchwFchwOp conv) {
    if (!conv.hasPureTensorSemantics() ||
        !llvm::all_of(conv.getStrides().getValues<int64_t>(), [](int64_t s) { return s == 1; }) ||
        !llvm::all_of(conv.getDilations().getValues<int64_t>(), [](int64_t d) { return d == 1; }))
      return;
    Value input = conv.getInputs()[0], filter = conv.getInputs()[1];
    auto inType = cast<RankedTensorType>(input.getType());
    auto filterType = cast<RankedTensorType>(filter.getType());
    auto outType = cast<RankedTensorType>(conv.getResultTensors()[0].getType());
    if (!inType.hasStaticShape() || !outType.hasStaticShape() || !filterType.hasStaticShape() ||
        !inType.getElementType().isF32() || !outType.getElementType().isF32())
      return;
    int64_t n = inType.getDimSize(0), cin = inType.getDimSize(1);
    int64_t cout = outType.getDimSize(1), oh = outType.getDimSize(2), ow = outType.getDimSize(3);
    if (filterType.getShape() != ArrayRef<int64_t>{cout, cin, 3, 3} || cin < minChannels ||
        cout < minChannels || oh < 2 || ow < 2)
      return;
    // Tiles of 2x2 outputs: the matmuls' columns. Fewer than min-tiles
    // (a 5x5 map at batch 1: 9) leave the matmuls too narrow to run near
    // the FMA peak, which then eats the gain.
    // Tiles over the batch, nullopt where the count overflows (a dim near
    // 2^62 in malformed IR: the convolution is left alone).
    auto tiles = [&](int64_t m) {
      std::optional<int64_t> count = llvm::checkedMul(n, (oh + m - 1) / m);
      return count ? llvm::checkedMul(*count, (ow + m - 1) / m) : std::nullopt;
    };
    int64_t th = (oh + 1) / 2, tw = (ow + 1) / 2;
    std::optional<int64_t> smallTiles = tiles(2), largeTiles = tiles(4);
    if (!smallTiles || !largeTiles || *smallTiles < minTiles)
      return;
    // Tiles of 4x4 outputs where there are enough of them: 36 matmuls of
    // a quarter of the columns, 2.25 multiplications per output and input
    // channel instead of 4 (ResNet's 56x56 and 28x28 maps). On smaller
    // maps at batch 1 the matmuls are narrow and their weights, 2.25 times
    // the filter, are read from memory for few columns.
    int64_t m = 2;
    if (*largeTiles >= minLargeTiles) {
      m = 4;
      th = (oh + 3) / 4;
      tw = (ow + 3) / 4;
    }
    int64_t alpha = m + 2, positions = alpha * alpha;
    // Few outputs make small matmuls (DenseNet's 32 channels of a 14x14
    // map: 32 x 49 each), which run far from the FMA peak too.
    std::optional<int64_t> outputs = llvm::checkedMul(n, cout);
    if (outputs)
      outputs = llvm::checkedMul(*outputs, oh);
    if (outputs)
      outputs = llvm::checkedMul(*outputs, ow);
    if (outputs && *outputs < minOutputs)
      return;
    // The convolution accumulates into its init, which must be zeros.
    auto fill = conv.getOutputs()[0].getDefiningOp<linalg::FillOp>();
    if (!fill || !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
      return;
    std::optional<SmallVector<float>> weights = constantF32(filter);
    if (!weights || (int64_t)weights->size() != cout * cin * 9)
      return;

    Location loc = conv.getLoc();
    rewriter.setInsertionPoint(conv);
    // The input (already padded for the convolution) padded to m tiles + 2
    // rows and columns: the extra zeros only reach outputs that are cropped.
    int64_t extraRows = m * th - oh, extraColumns = m * tw - ow;
    if (extraRows || extraColumns) {
      auto paddedType = RankedTensorType::get(
          {n, cin, m * th + 2, m * tw + 2}, rewriter.getF32Type());
      Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getF32FloatAttr(0));
      SmallVector<OpFoldResult> low(4, rewriter.getIndexAttr(0));
      SmallVector<OpFoldResult> high = {rewriter.getIndexAttr(0), rewriter.getIndexAttr(0),
                                        rewriter.getIndexAttr(extraRows),
                                        rewriter.getIndexAttr(extraColumns)};
      input = tensor::PadOp::create(rewriter, loc, paddedType, input, low, high, zero);
    }
    // V = B^T d B: [alpha, alpha, Cin, N, th, tw] -> [alpha^2, Cin, N * th * tw].
    Value v = pd::buildWinogradInput(rewriter, loc, input, th, tw, m).getResult(0);
    v = tensor::CollapseShapeOp::create(rewriter, loc, v,
                                        SmallVector<ReassociationIndices>{{0, 1}, {2}, {3, 4, 5}});
    // M = U V: alpha^2 matmuls [Cout, Cin] x [Cin, N * tiles].
    auto uType = RankedTensorType::get({positions, cout, cin}, rewriter.getF32Type());
    SmallVector<float> transformed = transformFilter(*weights, cout, cin, m);
    // Small ones stay readable (lit tests); others are blobs like the weights.
    ElementsAttr uValue =
        (int64_t)transformed.size() < pd::kResourceMinElements
            ? ElementsAttr(DenseElementsAttr::get(uType, ArrayRef(transformed)))
            : pd::makeResourceElements<float>(uType, transformed, "winograd_filter");
    Value u = arith::ConstantOp::create(rewriter, loc, uValue);
    auto mType = RankedTensorType::get({positions, cout, n * th * tw}, rewriter.getF32Type());
    Value init = linalg::FillOp::create(
                     rewriter, loc, fill.getInputs()[0],
                     tensor::EmptyOp::create(rewriter, loc, mType.getShape(),
                                             rewriter.getF32Type())
                         .getResult())
                     .getResult(0);
    Value products = linalg::BatchMatmulOp::create(rewriter, loc, TypeRange{mType},
                                                   ValueRange{u, v}, ValueRange{init})
                         .getResult(0);
    products = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({alpha, alpha, cout, n, th, tw}, rewriter.getF32Type()), products,
        SmallVector<ReassociationIndices>{{0, 1}, {2}, {3, 4, 5}});
    // Y = A^T M A: [N, Cout, th, m, tw, m] -> [N, Cout, m th, m tw], cropped.
    Value y = pd::buildWinogradOutput(rewriter, loc, products).getResult(0);
    y = tensor::CollapseShapeOp::create(rewriter, loc, y,
                                        SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}, {4, 5}});
    if (extraRows || extraColumns) {
      SmallVector<OpFoldResult> offsets(4, rewriter.getIndexAttr(0)),
          strides(4, rewriter.getIndexAttr(1));
      SmallVector<OpFoldResult> sizes = {rewriter.getIndexAttr(n), rewriter.getIndexAttr(cout),
                                         rewriter.getIndexAttr(oh), rewriter.getIndexAttr(ow)};
      y = tensor::ExtractSliceOp::create(rewriter, loc, outType, y, offsets, sizes, strides);
    }
    rewriter.replaceOp(conv, y);
  }
};

} // namespace
