//===- TileBuffers.h - per-thread buffers of a kernel's tiles -*- C++ -*-===//
//
// A buffer that only one cache tile at a time uses (an im2col panel, a
// matmul tile's result before its epilogue) need not be as large as the
// whole operand: one tile's worth on the stack stays in cache and is never
// written back to memory.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_TILEBUFFERS_H
#define PADDLE_MLIR_TRANSFORMS_TILEBUFFERS_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>

namespace mlir::pd {

/// A stack buffer of `type` for the tiles of the loop nest `outermost`:
/// at the start of its body when it is an `scf.parallel`
/// (pd-outline-parallel-loops allocates it once per thread), else in an
/// `scf.execute_region` of its own around `outermost` (a kernel of its
/// own, whose frame holds it). Never in a loop: an alloca there would grow
/// the stack with each iteration. Leaves the insertion point after the
/// allocation.
Value allocateForTiles(RewriterBase &rewriter, Location loc, MemRefType type,
                       Operation *outermost);

/// A panel of `shape` (rows along its last dim) for the tiles of
/// `outermost`, as allocateForTiles; where a row's bytes are a multiple of
/// 1 KB (256 floats), each row is padded by a cache line and the panel is a
/// view of the first `shape.back()` columns: register tiles read a few cache
/// lines of many rows, which rows 1 KB apart put into a quarter of the L1's
/// sets (a 6x64 tile over rows of 256 floats ran at 160 GFLOP/s, over rows
/// of 272 floats at 188).
Value allocatePanelForTiles(RewriterBase &rewriter, Location loc, ArrayRef<int64_t> shape,
                            Type elem, Operation *outermost);

/// `buffer` (identity layout) as a memref of `shape` with as many elements:
/// itself, or an expand_shape of it (unit dims and splits); null where no
/// expansion gives that shape.
Value expandTo(RewriterBase &rewriter, Location loc, Value buffer, ArrayRef<int64_t> shape);

/// The offsets of `view` in `base` (one per dim of `base`) when `view` is
/// `base` or a chain of unit-stride subviews of it, which may drop unit
/// dims (a tile's view of its panel or of its result buffer); built at the
/// insertion point. None, building nothing, for other views.
std::optional<SmallVector<Value>> offsetsIn(OpBuilder &b, Location loc, Value view, Value base);

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_TILEBUFFERS_H
