//===- Transposes.h - copies that move the innermost dim, in tiles -*- C++ -*-===//
//
// A copy whose output rows run along a dim that is not the input's
// innermost (attention's k^T: [heads, tokens, d] -> [heads, d, tokens])
// vectorized along the output row reads 16 elements a row of the input
// apart for each vector it writes: a gather per vector, 2.7% of DeiT-tiny's
// time for its twelve k^T. In 16 x 16 tiles, the input is read as 16
// contiguous rows, transposed in registers (vector.transpose, lowered to
// shuffles by convert-vector-to-llvm's vector-transpose-lowering=shuffle16x16)
// and written as 16 contiguous rows.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_TRANSPOSES_H
#define PADDLE_MLIR_TRANSFORMS_TRANSPOSES_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pd {

/// Replaces `op` by loops over 16 x 16 tiles of the two dims it exchanges
/// (the output's innermost and the input's innermost) and by 1 over the
/// others (one scf.parallel over all of them when `threads`), each tile
/// read as 16 masked row loads, transposed in registers and written as 16
/// masked row stores (rows past the end clamped to the last and masked
/// off, so nothing outside the buffers is touched). `op`: a
/// linalg.transpose, or a linalg.generic that yields its one input read
/// through a permutation into an output written with the identity map; on
/// static buffers whose innermost dims are contiguous, of 32-bit elements;
/// the output's innermost dim not the input's. Fails, changing nothing,
/// for other ops.
LogicalResult codegenTileTranspose(RewriterBase &rewriter, linalg::LinalgOp op, bool threads);

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_TRANSPOSES_H
