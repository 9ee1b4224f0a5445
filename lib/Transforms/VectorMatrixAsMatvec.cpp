//===- VectorMatrixAsMatvec.cpp - x W as W^T x with frozen W ---------------===//
//
// pd-vector-matrix-as-matvec: a linear layer at batch 1 (a classifier head,
// a squeeze-and-excitation block after pd-conv-to-linear) multiplies one
// row [1, K] by frozen weights [K, N]. Computed as such, each thread can
// only take a band of columns of every weight row: a 1280 x 1000 head
// split in 3 bands kept one of two threads idle a third of the time, and
// the bands of a 960 x 240 product were too little work for threads at
// all. With the weights transposed once, at compile time, it is the
// product of an [N, K] matrix with a column: `pd-tile-and-vectorize`'s
// matrix-vector kernel streams whole rows along K, four at a time, and
// splits the rows over the threads. On this machine eight such products
// of 1280 x 1000 weights (cold) took 1347 us as vector-matrix products
// and 792 us as matrix-vector ones, on 2 threads.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/ResourceConstants.h"

#include "Dialect/Pd/PdOpDefs.h"
#include "mlir/IR/Builders.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDVECTORMATRIXASMATVEC
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using namespace mlir::pd;

namespace {

/// The least depth K worth rows along it: the matrix-vector kernel
/// vectorizes each row along K, 16 lanes at a time, and reduces every row
/// at the end.
constexpr int64_t kMinDepth = 64;

/// `value` reshaped to the static `shape` (a view: same elements, same
/// order).
Value reshapeTo(OpBuilder &b, Location loc, Value value, ArrayRef<int64_t> shape) {
  auto elementType = cast<BaseTensorType>(value.getType()).getElementType();
  Value dims = FullIntArrayOp::create(b, loc, shape,
                                      VTensorType::get(b.getContext(),
                                                       {(int64_t)shape.size()}, b.getI64Type()))
                   .getResult();
  return ReshapeOp::create(b, loc, VTensorType::get(b.getContext(), shape, elementType), value,
                           dims)
      .getResult();
}

void rewrite(MatmulOp matmul) {
  auto rowType = dyn_cast<VTensorType>(matmul.getX().getType());
  auto weightType = dyn_cast<VTensorType>(matmul.getY().getType());
  auto outType = dyn_cast<VTensorType>(matmul.getOut().getType());
  if (!rowType || !weightType || !outType || matmul.getTransposeX() ||
      !rowType.getElementType().isF32() || rowType.getShape().size() != 2 ||
      weightType.getShape().size() != 2 || !rowType.hasStaticShape() ||
      !weightType.hasStaticShape() || rowType.getShape()[0] != 1 ||
      rowType.getShape()[1] < kMinDepth)
    return;
  bool transposed = matmul.getTransposeY();
  int64_t depth = rowType.getShape()[1];
  int64_t columns = weightType.getShape()[transposed ? 0 : 1];
  if (weightType.getShape()[transposed ? 1 : 0] != depth ||
      outType.getShape() != ArrayRef<int64_t>{1, columns})
    return;
  OpBuilder b(matmul);
  Location loc = matmul.getLoc();
  Value rows = matmul.getY(); // [N, K] where already transposed
  if (!transposed) {
    std::optional<SmallVector<float>> w = frozenF32(matmul.getY());
    if (!w || (int64_t)w->size() != depth * columns)
      return; // a weight read with pd.get_parameter may be written
    SmallVector<float> t(w->size());
    for (int64_t k = 0; k < depth; ++k)
      for (int64_t n = 0; n < columns; ++n)
        t[n * depth + k] = (*w)[k * columns + n];
    rows = makeF32Constant(b, loc, {columns, depth}, t, "matvec_w");
  } else if (!frozenF32(matmul.getY())) {
    return;
  }
  Value column = reshapeTo(b, loc, matmul.getX(), {depth, 1});
  Value product = MatmulOp::create(b, loc, rows, column, false, false).getResult();
  Value result = reshapeTo(b, loc, product, {1, columns});
  matmul.getOut().replaceAllUsesWith(result);
  matmul.erase();
}

struct PdVectorMatrixAsMatvecPass
    : public pd::impl::PdVectorMatrixAsMatvecBase<PdVectorMatrixAsMatvecPass> {
  void runOnOperation() override {
    SmallVector<MatmulOp> matmuls;
    getOperation()->walk([&](MatmulOp matmul) { matmuls.push_back(matmul); });
    for (MatmulOp matmul : matmuls)
      rewrite(matmul);
  }
};

} // namespace
