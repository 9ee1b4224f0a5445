//===- Epilogues.h - elementwise consumers run inside their producer -*- C++ -*-===//
//
// The bias, activation or residual add that follows a convolution or a
// linear layer reads the kernel's result once, elementwise. Run on each of
// a matmul's cache tiles right after the tile's last depth block, or on
// each row of a depthwise convolution's accumulators, it reads the result
// while it is still in cache or registers, and needs no pass of its own
// over memory (nor a thread dispatch of its own).
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_EPILOGUES_H
#define PADDLE_MLIR_TRANSFORMS_EPILOGUES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <optional>

namespace mlir::pd {

/// The buffer `v` is a view of (through view-like ops).
Value bufferRoot(Value v);

/// Whether `op` or an op nested in it has an operand that is (a view of)
/// the buffer `root`.
bool touchesBuffer(Operation *op, Value root);

/// The op after `op` in its block past views and allocations (which read
/// and write no memory): where an epilogue of `op` would be; null at the
/// block's end.
Operation *nextPastViews(Operation *op);

/// A clone of `op` (on buffers) restricted to loop ranges [offsets[i],
/// offsets[i] + sizes[i]): each buffer operand becomes a subview of the
/// range its indexing map reads (a dim indexed by a constant stays whole),
/// or stays itself where that is the whole buffer. Built at the insertion
/// point.
linalg::LinalgOp cloneOnLoopRange(OpBuilder &b, linalg::LinalgOp op,
                                  ArrayRef<OpFoldResult> offsets, ArrayRef<int64_t> sizes);

/// An elementwise op that reads the result of a matmul on buffers: a
/// `linalg.matmul` [M, N] or a batch of images' convolution [B, M, N]
/// (`pd-conv-to-im2col`'s contraction of shared weights with each image's
/// patches).
struct MatmulEpilogue {
  linalg::GenericOp op;
  /// 0: the op reads the [M, N] (or [B, M, N]) result itself. Otherwise it
  /// reads the result as NCHW images [1 or B, M, H, W] (a convolution's
  /// output, N = H * W) and this is W.
  int64_t width = 0;
  /// The result has a leading batch dim.
  bool batched = false;
};

/// The epilogue of `matmul`: the next op in its block, past views and
/// allocations only (nothing in between reads or writes memory), a
/// `linalg.generic` with parallel loops only and one output, written with
/// the identity map; reading the matmul's result buffer exactly once, with
/// the identity map (directly or as the NCHW image it was collapsed from or
/// is expanded to); its other inputs broadcast (loop dims and zeros) from
/// buffers that are neither the result nor, unless read with the identity
/// map, the output; its output not (a view of) an operand of the matmul.
std::optional<MatmulEpilogue> findMatmulEpilogue(linalg::LinalgOp matmul);

/// The epilogue of a depthwise convolution (or another kernel generated
/// row by row): as for a matmul, the next op past views and allocations, a
/// parallel `linalg.generic` of elementwise-mappable arith/math ops with
/// one output written with the identity map; it reads `result` (the
/// kernel's 4-D output) once with the identity map, its other inputs
/// either with the identity map (their last dim contiguous) or without
/// the innermost loop dim (one element per row: a bias); its output has a
/// contiguous last dim, is `result` itself or a buffer none of `inputs`
/// (the kernel's) is a view of.
linalg::GenericOp findRowEpilogue(Operation *kernel, Value result, ValueRange inputs);

/// findRowEpilogue for a kernel whose output buffer `output` the epilogue
/// reads through a view of it (Winograd's output transform: the output map
/// collapsed, maybe cropped); `read` is set to that view.
linalg::GenericOp findRowEpilogueThroughView(Operation *kernel, Value output,
                                             ValueRange inputs, Value &read);

/// A tile of whole rows of an image of `n` pixels, rows of `width`: all of
/// `n` when it is at most `want`; else as many rows as fit `want` and
/// divide the image's height, lengths that are multiples of 16 preferred.
/// 0 when there is none.
int64_t imageRowTile(int64_t n, int64_t width, int64_t want);

/// A column tile for the matmul's `n` columns under which each tile is a
/// rectangle of the epilogue's iteration space: all of `n` when it is at
/// most `want`; else (NCHW) whole image rows, as many as fit `want` and
/// divide the image's height, lengths that are multiples of 16 preferred;
/// else (a matrix) the largest multiple of 16 up to `want` that divides `n`.
/// 0 when there is none.
int64_t epilogueColumnTile(const MatmulEpilogue &epilogue, int64_t n, int64_t want);

/// A clone of the epilogue restricted to the matmul's image `b0` (batched
/// only), rows [m0, m0 + rows) and columns [n0, n0 + columns) (whole image
/// rows for an NCHW epilogue), on subviews of its operands, built at the
/// insertion point.
linalg::GenericOp tileMatmulEpilogue(OpBuilder &b, const MatmulEpilogue &epilogue,
                                     OpFoldResult b0, OpFoldResult m0, int64_t rows,
                                     OpFoldResult n0, int64_t columns);

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_EPILOGUES_H
