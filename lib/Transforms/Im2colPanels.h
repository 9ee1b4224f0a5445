//===- Im2colPanels.h - im2col patches copied per matmul cache tile -*- C++ -*-===//
//
// pd-conv-to-im2col turns a convolution into a patch copy (`pd.im2col`)
// and a matmul that reads the patches. Copied whole, the patches of one
// ResNet layer are 7 MB per image (58 MB for a batch of 8): written to
// memory once and streamed back for each block of the weights. Copied per
// cache tile of the matmul instead (a depth block of channels x a few
// whole output rows), into a panel of its own on the stack, the patches
// never leave the cache and the matmul reads them contiguously.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_IM2COLPANELS_H
#define PADDLE_MLIR_TRANSFORMS_IM2COLPANELS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

#include <array>
#include <optional>

namespace mlir::pd {

/// The patch copy of `pd-conv-to-im2col` a matmul reads as its right-hand
/// operand: col[b, c, i, j, y, x] = input[b, c, y*sh + i*dh, x*sw + j*dw],
/// which the matmul reads collapsed to [c*kh*kw, oh*ow] (one image) or
/// [B, c*kh*kw, oh*ow].
struct Im2colPatches {
  linalg::GenericOp copy;
  /// The (padded) NCHW input the copy reads.
  Value input;
  /// The collapsed patches the matmul reads.
  Value patches;
  int64_t kh = 0, kw = 0, ow = 0;
  int64_t sh = 1, sw = 1, dh = 1, dw = 1;
};

/// Strides and dilations (sh, sw, dh, dw) of a patch copy marked
/// `pd.im2col`, checked against the copy itself: one 4-D input and one 6-D
/// output of the same integer or float element type (a byte or more), the
/// indexing maps col[n, c, i, j, y, x] = input[n, c, y*sh + i*dh,
/// x*sw + j*dw] with the attribute's values, a body that yields the input.
/// The kernels built from the attribute read only where the maps do (which
/// the linalg verifier keeps inside the input); none for anything else,
/// which is then left to the generic lowering (the attribute is ours, but
/// the IR may come from anywhere).
std::optional<std::array<int64_t, 4>> matchIm2colCopy(linalg::GenericOp copy);

/// The patch copy `matmul` reads as its operand 1: a `pd.im2col` generic
/// writing a buffer allocated for it alone (read only through collapsed
/// views), in the matmul's block before it, with nothing in between that
/// writes memory other than fills of other buffers; static shapes.
std::optional<Im2colPatches> findIm2colPatches(linalg::LinalgOp matmul);

/// The patches of a (padded) NCHW tensor `input` for a kh x kw window with
/// `oh` x `ow` positions: col[n, c, i, j, y, x] = input[n, c, y*sh + i*dh,
/// x*sw + j*dw], as a linalg.generic marked `pd.im2col`: pd-tile-and-vectorize
/// copies its rows with vectors, and copies the patches a matmul reads
/// (a convolution's, pd-conv-to-im2col) per cache tile into panels instead.
linalg::GenericOp buildIm2colPatches(OpBuilder &b, Location loc, Value input, int64_t kh,
                                     int64_t kw, int64_t oh, int64_t ow,
                                     ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations);

/// Makes `tile`, a cache tile of a matmul found by findIm2colPatches (its
/// operand 1 a unit-stride subview of `patches.patches`, of whole output
/// rows), read a panel of its own: a stack buffer filled right before the
/// tile, `vectorWidth` columns at a time, from the copy's input. The buffer
/// is allocated at the start of the body of `outermost`, the loop nest of
/// the tiled matmul, when that is an `scf.parallel` (once per thread after
/// pd-outline-parallel-loops), else at the start of an `scf.execute_region`
/// put around it. Fails, changing nothing, where the tile's operand is not
/// such a view.
LogicalResult packIm2colPanel(IRRewriter &rewriter, linalg::LinalgOp tile,
                              Operation *outermost, const Im2colPatches &patches,
                              int64_t vectorWidth);

/// Erases the patch copy, its views and its buffer once no matmul reads the
/// patches any more; false (keeping all) while one does.
bool eraseUnreadPatches(RewriterBase &rewriter, const Im2colPatches &patches);

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_IM2COLPANELS_H
