//===- Matvec.h - matrix-vector products vectorized along the depth -*- C++ -*-===//
//
// A matmul with one column (n = 1: a squeeze-and-excitation block's 1x1
// convolutions on a 1x1 map, a linear layer applied to one column) has no
// columns to vectorize along: the register tiles of the matmul kernels
// became scalar multiply-adds (9 GFLOP/s on MobileNetV3's 960x240 blocks).
// Vectorized along the depth instead, each row of the matrix is read once,
// contiguously, into vector accumulators that are summed at the end.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_MATVEC_H
#define PADDLE_MLIR_TRANSFORMS_MATVEC_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pd {

/// Replaces the matmul `op` (on buffers: A [m, k] with contiguous rows,
/// B [k, 1] contiguous, C [m, 1], static shapes, f32) by loops over blocks
/// of rows (an scf.parallel when `threads`), each row's products with B
/// accumulated in `width`-lane vectors along k (the last lanes masked),
/// reduced, and added to `init` (the value C was filled with: C is then not
/// read) or to C. Fails, changing nothing, for other matmuls.
LogicalResult codegenMatvec(RewriterBase &rewriter, linalg::MatmulOp op, TypedAttr init,
                            int64_t width, bool threads);

/// The most columns codegenNarrowMatmul takes.
constexpr int64_t kMaxNarrowColumns = 8;

/// Replaces the matmul `op` with a few columns (n <= kMaxNarrowColumns: the
/// 4 columns a 14x14 map leaves after 192 = 3 x 64, the 1 of a 7x7 map
/// after 48) by dot products along the depth: B's columns are copied into
/// a stack buffer of their own, contiguous along k, once; each block of
/// rows of A is then read once, contiguously, and multiplied with every
/// column in `width`-lane vectors. As register tiles with a few columns,
/// each multiply-add filled 4 of 16 lanes (a 6x4 tile of xmm registers,
/// latency-bound), or a 64-lane tile masked to 49 wasted a quarter of its
/// multiply-adds. A [m, k] with contiguous rows, B [k, n] and C [m, n] of
/// any strides, static shapes, f32, k >= width; each dot product is added
/// to `init` (the value C was filled with, where this matmul is all of the
/// depth: C is then not read) or to C (the fill or the previous depth
/// block). Row blocks run on threads when `threads`. Fails, changing
/// nothing, for other matmuls.
LogicalResult codegenNarrowMatmul(RewriterBase &rewriter, linalg::MatmulOp op, TypedAttr init,
                                  int64_t width, bool threads);

/// B's columns [first, first + n) (B [k, *], static, f32) copied into a
/// stack buffer [n, k], contiguous along k, by a loop built at the
/// rewriter's insertion point (pd-hoist-stack-buffers moves the buffer out
/// of the loops around it).
Value copyColumnsAlongDepth(RewriterBase &rewriter, Location loc, Value b, int64_t first,
                            int64_t n);

/// The dot products of a register tile's `rows` rows of A (`aRows` [rows,
/// k], contiguous along k) with the n columns of `bt` [n, k], accumulated
/// inside `depthLoop` (the tile's loop over k by 1, from 0 to k) every
/// `width` steps: into `acc` [rows * n, width] (zeroed here, before the
/// loop), one vector per row and column. Each step of `width` reads the
/// `width` elements of each row that the tile's broadcasts read in those
/// steps, from the L1 cache: a separate pass of dot products streamed
/// every row of A again (8% of a 7x7 layer's time for a 49th column of 49).
/// Then, after the loop, each sum goes into C [rows, n] (`c`), added to
/// `init` (C is then not read) or to C. Where the loop runs more than once
/// (one per register tile of columns), `once` (an i1 defined before it)
/// picks the run that does all this. Fails, changing nothing, where k is
/// not a multiple of `width` or the loop is not such a loop.
LogicalResult accumulateNarrowColumnsInDepthLoop(RewriterBase &rewriter, scf::ForOp depthLoop,
                                                 Value aRows, Value bt, Value acc, Value c,
                                                 int64_t rows, int64_t n, int64_t width,
                                                 TypedAttr init, Value once = Value());

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_MATVEC_H
