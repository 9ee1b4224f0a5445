//===- ConvToWinograd.cpp - 3x3 convolutions as Winograd F(2x2, 3x3) ------===//
//
// pd-conv-to-winograd: a 3x3, stride 1 convolution with frozen weights as
// Winograd's minimal filtering F(2x2, 3x3) (Lavin & Gray, "Fast Algorithms
// for Convolutional Neural Networks", 2015): each 2x2 block of outputs is
// computed from a 4x4 tile of the input with 16 multiplications per input
// channel instead of 36. The multiplications are 16 independent matmuls
// (one per tile position) of the transformed weights, computed here at
// compile time, with the transformed input tiles; the transforms are
// additions and subtractions of strided slices, which pd-fuse-elementwise
// fuses into a few kernels.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/ResourceConstants.h"

#include "mlir/IR/Builders.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDCONVTOWINOGRAD
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// The conv2d's explicit paddings as (top, bottom, left, right), from
/// Paddle's [h, w] or [top, bottom, left, right]; none for other algorithms.
std::optional<std::array<int64_t, 4>> explicitPaddings(Conv2dOp conv) {
  if (conv.getPaddingAlgorithm() != "EXPLICIT")
    return std::nullopt;
  ArrayRef<int32_t> p = conv.getPaddings();
  if (p.size() == 2)
    return std::array<int64_t, 4>{p[0], p[0], p[1], p[1]};
  if (p.size() == 4)
    return std::array<int64_t, 4>{p[0], p[1], p[2], p[3]};
  return std::nullopt;
}

/// Builds the pd ops of the rewrite at one insertion point.
struct WinogradBuilder {
  OpBuilder &b;
  Location loc;

  Value intArray(ArrayRef<int64_t> values) {
    auto type = VTensorType::get(b.getContext(), {(int64_t)values.size()}, b.getI64Type());
    return FullIntArrayOp::create(b, loc, values, type).getResult();
  }
  /// x[..., index, ...] along `axis`, the axis dropped.
  Value at(Value x, int64_t axis, int64_t index) {
    return SliceOp::create(b, loc, x, intArray({index}), intArray({index + 1}),
                           ArrayRef<int64_t>{axis}, ArrayRef<int64_t>{1},
                           ArrayRef<int64_t>{axis})
        .getResult();
  }
  /// x[..., start : start + 2 * count : 2, ...] along `axis`.
  Value everyOther(Value x, int32_t axis, int64_t start, int64_t count) {
    return StridedSliceOp::create(b, loc, x, intArray({start}), intArray({start + 2 * count}),
                                  intArray({2}), b.getDenseI32ArrayAttr({axis}))
        .getResult();
  }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y).getResult(); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y).getResult(); }
  Value stack(ValueRange values, int32_t axis) {
    Value list = CombineOp::create(b, loc, values).getResult();
    return StackOp::create(b, loc, list, b.getI32IntegerAttr(axis)).getResult();
  }
  Value reshape(Value x, ArrayRef<int64_t> shape) {
    return ReshapeOp::create(b, loc, x, intArray(shape)).getResult();
  }
  Value transpose(Value x, ArrayRef<int32_t> perm) {
    return TransposeOp::create(b, loc, x, b.getDenseI32ArrayAttr(perm)).getResult();
  }

  /// The input transform B^T d B along `axis` of the 4 values d0..d3:
  /// B^T = [[1, 0, -1, 0], [0, 1, 1, 0], [0, -1, 1, 0], [0, 1, 0, -1]].
  SmallVector<Value> inputTransform(ArrayRef<Value> d) {
    return {sub(d[0], d[2]), add(d[1], d[2]), sub(d[2], d[1]), sub(d[1], d[3])};
  }
  /// The output transform A^T m A along one axis of the 4 values m0..m3:
  /// A^T = [[1, 1, 1, 0], [0, 1, -1, -1]].
  SmallVector<Value> outputTransform(ArrayRef<Value> m) {
    return {add(add(m[0], m[1]), m[2]), sub(sub(m[1], m[2]), m[3])};
  }
};

/// The filter transform G g G^T of each [Cout, Cin] 3x3 filter, as
/// U[4 * a + b, o, c] (G = [[1, 0, 0], [1/2, 1/2, 1/2], [1/2, -1/2, 1/2],
/// [0, 0, 1]]), in double precision.
SmallVector<float> transformFilter(ArrayRef<float> w, int64_t cout, int64_t cin) {
  static const double G[4][3] = {{1, 0, 0}, {0.5, 0.5, 0.5}, {0.5, -0.5, 0.5}, {0, 0, 1}};
  SmallVector<float> u(16 * cout * cin);
  for (int64_t o = 0; o < cout; ++o)
    for (int64_t c = 0; c < cin; ++c) {
      const float *g = &w[(o * cin + c) * 9];
      double gg[4][3]; // G g
      for (int a = 0; a < 4; ++a)
        for (int j = 0; j < 3; ++j)
          gg[a][j] = G[a][0] * g[j] + G[a][1] * g[3 + j] + G[a][2] * g[6 + j];
      for (int a = 0; a < 4; ++a)
        for (int bb = 0; bb < 4; ++bb) {
          double v = gg[a][0] * G[bb][0] + gg[a][1] * G[bb][1] + gg[a][2] * G[bb][2];
          u[((a * 4 + bb) * cout + o) * cin + c] = (float)v;
        }
    }
  return u;
}

struct PdConvToWinogradPass : public pd::impl::PdConvToWinogradBase<PdConvToWinogradPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Conv2dOp> convs;
    getOperation()->walk([&](Conv2dOp conv) { convs.push_back(conv); });
    for (Conv2dOp conv : convs)
      rewrite(conv);
  }

  void rewrite(Conv2dOp conv) {
    auto inType = dyn_cast<VTensorType>(conv.getInput().getType());
    auto outType = dyn_cast<VTensorType>(conv.getOut().getType());
    auto filterType = dyn_cast<BaseTensorType>(conv.getFilter().getType());
    if (!inType || !outType || !filterType || !inType.hasStaticShape() ||
        !outType.hasStaticShape() || inType.getShape().size() != 4 ||
        !inType.getElementType().isF32() || conv.getGroups() != 1 ||
        conv.getDataFormat() != "NCHW" ||
        conv.getStrides() != ArrayRef<int32_t>{1, 1} ||
        conv.getDilations() != ArrayRef<int32_t>{1, 1})
      return;
    ArrayRef<int64_t> in = inType.getShape(), out = outType.getShape();
    int64_t n = in[0], cin = in[1], h = in[2], w = in[3];
    int64_t cout = out[1], oh = out[2], ow = out[3];
    if (filterType.getShape() != ArrayRef<int64_t>{cout, cin, 3, 3} || cin < minChannels ||
        cout < minChannels || oh < 2 || ow < 2)
      return;
    // Tiles of 2x2 outputs: the matmuls' columns. Fewer than min-tiles
    // (a 5x5 map at batch 1: 9) leave the matmuls too narrow to run near
    // the FMA peak, which then eats the gain.
    int64_t th = (oh + 1) / 2, tw = (ow + 1) / 2;
    if (n * th * tw < minTiles)
      return;
    std::optional<std::array<int64_t, 4>> pads = explicitPaddings(conv);
    if (!pads || llvm::any_of(*pads, [](int64_t p) { return p < 0; }) ||
        oh != h + (*pads)[0] + (*pads)[1] - 2 || ow != w + (*pads)[2] + (*pads)[3] - 2)
      return;
    std::optional<SmallVector<float>> filter = frozenF32(conv.getFilter());
    if (!filter || (int64_t)filter->size() != cout * cin * 9)
      return; // a weight read with pd.get_parameter may be written

    OpBuilder b(conv);
    WinogradBuilder wb{b, conv.getLoc()};
    // The input padded to 2 * tiles + 2 (the zero rows and columns past
    // the convolution's own padding only reach outputs that are cropped).
    int64_t hp = 2 * th + 2, wp = 2 * tw + 2;
    const std::array<int64_t, 4> &p = *pads;
    SmallVector<int32_t> paddings = {0, 0, 0, 0, (int32_t)p[0], (int32_t)(hp - h - p[0]),
                                     (int32_t)p[2], (int32_t)(wp - w - p[2])};
    Value zero = FullOp::create(b, wb.loc,
                                VTensorType::get(b.getContext(), {1}, b.getF32Type()),
                                b.getF64FloatAttr(0.0))
                     .getResult();
    Value x = PadOp::create(b, wb.loc, conv.getInput(), zero,
                            b.getDenseI32ArrayAttr(paddings))
                  .getResult();

    // V = B^T d B: rows (4 strided slices of the tile rows), then columns.
    SmallVector<Value> rows;
    for (int64_t i = 0; i < 4; ++i)
      rows.push_back(wb.everyOther(x, 2, i, th));
    Value t = wb.stack(wb.inputTransform(rows), 0); // [4, N, C, th, wp]
    SmallVector<Value> columns;
    for (int64_t j = 0; j < 4; ++j)
      columns.push_back(wb.everyOther(t, 4, j, tw));
    Value v = wb.stack(wb.inputTransform(columns), 1); // [4, 4, N, C, th, tw]
    if (n != 1) {
      v = wb.reshape(v, {16, n, cin, th * tw});
      v = wb.transpose(v, {0, 2, 1, 3});
    }
    v = wb.reshape(v, {16, cin, n * th * tw});

    // M = U V: 16 matmuls [Cout, Cin] x [Cin, N * tiles].
    Value u = makeF32Constant(b, wb.loc, {16, cout, cin}, transformFilter(*filter, cout, cin),
                              "winograd_filter");
    Value m = MatmulOp::create(b, wb.loc, u, v, false, false).getResult();
    m = wb.reshape(m, {4, 4, cout, n, th, tw});

    // Y = A^T M A: columns, then rows; the 2x2 blocks interleaved.
    SmallVector<Value> mc;
    for (int64_t j = 0; j < 4; ++j)
      mc.push_back(wb.at(m, 1, j));
    Value s = wb.stack(wb.outputTransform(mc), 1); // [4, 2, Cout, N, th, tw]
    SmallVector<Value> mr;
    for (int64_t i = 0; i < 4; ++i)
      mr.push_back(wb.at(s, 0, i));
    Value y = wb.stack(wb.outputTransform(mr), 0); // [2, 2, Cout, N, th, tw]
    y = wb.transpose(y, {3, 2, 4, 0, 5, 1});       // [N, Cout, th, 2, tw, 2]
    y = wb.reshape(y, {n, cout, 2 * th, 2 * tw});
    if (2 * th != oh || 2 * tw != ow)
      y = SliceOp::create(b, wb.loc, y, wb.intArray({0, 0}), wb.intArray({oh, ow}),
                          ArrayRef<int64_t>{2, 3}, ArrayRef<int64_t>{1, 1}, ArrayRef<int64_t>{})
              .getResult();
    if (y.getType() != conv.getOut().getType())
      return; // unreachable for the shapes checked above; the dead ops fold away
    conv.getOut().replaceAllUsesWith(y);
    conv.erase();
  }
};

} // namespace
