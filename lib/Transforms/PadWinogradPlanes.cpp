//===- PadWinogradPlanes.cpp - Winograd's tile planes apart in cache sets -===//
//
// pd-pad-winograd-planes: the transformed input tiles [alpha, alpha, C, N,
// th, tw] and the matmuls' products [alpha^2, Cout, N th tw] of
// pd-conv-to-winograd get an odd number of cache lines between their alpha^2
// planes. Each iteration of a data transform reads or writes all alpha^2
// planes; planes a multiple of 4 KB apart (256 channels of 8 x 16 tiles:
// 128 KB) all fall into one set of the L1 and L2 caches, whose 12 to 16
// ways then cannot hold the 36 lines of F(4x4, 3x3): the input transform of
// ResNet-50's 14x14 layers at batch 8 ran at a seventh of its speed at
// batch 1.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/CheckedArithmetic.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDPADWINOGRADPLANES
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// Floats per cache line.
constexpr int64_t kLineFloats = 16;

/// The stride of planes of `plane` floats: whole cache lines, an odd number
/// of them (consecutive planes then start in different sets of any cache
/// whose sets are a power of two lines apart).
std::optional<int64_t> paddedPlane(int64_t plane) {
  std::optional<int64_t> lines = llvm::checkedAdd(plane, kLineFloats - 1);
  if (!lines)
    return std::nullopt;
  int64_t count = *lines / kLineFloats;
  return llvm::checkedMul(count % 2 == 0 ? count + 1 : count, kLineFloats);
}

/// `empty` (static, f32, its only use the op being padded), the first
/// `planeDims` dims its planes, replaced by a view of a larger empty
/// [planes, stride]: an extract_slice of the planes' elements, expanded
/// back to `empty`'s shape. False, changing nothing, where the planes are
/// already apart or a size overflows.
bool padPlanes(OpBuilder &b, tensor::EmptyOp empty, unsigned planeDims) {
  auto type = empty.getType();
  if (!type.hasStaticShape() || !type.getElementType().isF32() || type.getRank() <= planeDims ||
      planeDims == 0 || !empty->hasOneUse())
    return false;
  std::optional<int64_t> planes = 1, plane = 1;
  for (auto [i, size] : llvm::enumerate(type.getShape())) {
    std::optional<int64_t> &product = i < planeDims ? planes : plane;
    product = product ? llvm::checkedMul(*product, size) : std::nullopt;
  }
  if (!planes || !plane || *planes < 2 || *plane == 0)
    return false;
  std::optional<int64_t> stride = paddedPlane(*plane);
  if (!stride || *stride == *plane || !llvm::checkedMul(*planes, *stride))
    return false;
  Location loc = empty.getLoc();
  b.setInsertionPoint(empty);
  Value big = tensor::EmptyOp::create(b, loc, ArrayRef<int64_t>{*planes, *stride},
                                      type.getElementType());
  SmallVector<OpFoldResult> offsets(2, b.getIndexAttr(0)), strides(2, b.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(*planes), b.getIndexAttr(*plane)};
  Value slice = tensor::ExtractSliceOp::create(b, loc, big, offsets, sizes, strides);
  ReassociationIndices outer, inner;
  for (unsigned i = 0; i < type.getRank(); ++i)
    (i < planeDims ? outer : inner).push_back(i);
  Value view = tensor::ExpandShapeOp::create(b, loc, type, slice,
                                             SmallVector<ReassociationIndices>{outer, inner});
  empty.getResult().replaceAllUsesWith(view);
  empty.erase();
  return true;
}

/// The tensor.empty that `init` fills (an accumulating op's zeros), or
/// that it is.
tensor::EmptyOp emptyOf(Value init) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    if (!fill->hasOneUse())
      return nullptr;
    init = fill.getOutputs()[0];
  }
  return init.getDefiningOp<tensor::EmptyOp>();
}

struct PdPadWinogradPlanesPass
    : public pd::impl::PdPadWinogradPlanesBase<PdPadWinogradPlanesPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> transforms;
    getOperation().walk([&](linalg::GenericOp op) {
      if (op->hasAttr("pd.winograd") && op.hasPureTensorSemantics() &&
          op.getNumDpsInputs() >= 1 && op.getNumDpsInits() == 1)
        transforms.push_back(op);
    });
    OpBuilder b(&getContext());
    for (linalg::GenericOp op : transforms) {
      auto kind = op->getAttrOfType<StringAttr>("pd.winograd");
      if (kind && kind.getValue() == "input") {
        // Its result [alpha, alpha, C, N, th, tw]: alpha^2 planes.
        if (tensor::EmptyOp empty = emptyOf(op.getDpsInits()[0]))
          (void)padPlanes(b, empty, 2);
        continue;
      }
      // The output transform reads the products [alpha, alpha, Cout, N,
      // th, tw], the batch_matmul's [alpha^2, Cout, N th tw] expanded.
      auto expand = op.getDpsInputs()[0].getDefiningOp<tensor::ExpandShapeOp>();
      auto matmul = expand ? expand.getSrc().getDefiningOp<linalg::BatchMatmulOp>() : nullptr;
      if (!matmul || !matmul->hasOneUse())
        continue;
      if (tensor::EmptyOp empty = emptyOf(matmul.getDpsInits()[0]))
        (void)padPlanes(b, empty, 1);
    }
  }
};

} // namespace
