//===- GpuContraction.h - contractions as shared-memory tiled kernels -----===//
//
// pd-gpu-map-linalg's kernel for matmul-like ops (matmul, batch_matmul,
// convolutions as implicit GEMMs): blocks of 256 threads computing a tile of
// the output from tiles of both operands staged in shared memory, each thread
// a register block of outputs, split along the reduction where the tiles are
// too few to fill the GPU.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_GPUCONTRACTION_H
#define PADDLE_MLIR_TRANSFORMS_GPUCONTRACTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::pd {

struct ContractionTiling {
  /// Streaming multiprocessors of the target. Tiles and reduction splits
  /// aim at two blocks per multiprocessor (residentBlocks): the f32 tiled
  /// kernels fit two or more at a time, and on an H100 aiming at two
  /// measured faster than aiming at one (ResNet-50 1.39 vs 1.46 ms,
  /// MobileNetV2 0.815 vs 0.833 ms; aiming at half of one: 1.63, 0.872).
  int64_t multiprocessors = 132;
  int64_t residentBlocks() const { return 2 * multiprocessors; }
  /// Multiply on tensor cores in TF32 (nvgpu.mma.sync m16n8k8): inputs
  /// keep 10 bits of mantissa, products are accumulated in f32.
  bool tf32 = false;
};

/// Replaces `op` (a linalg.generic on f32 buffers whose body is
/// `out + a * b`, with loops that only the first input uses, loops that only
/// the second uses, and reduction loops, all of static size) by a tiled
/// gpu.launch. Returns false, leaving `op` alone, when it is not such a
/// contraction or too small for tiles to pay. `*initFill`, when set, is a
/// linalg.fill of the output right before `op` (C = 0, then C += A B): unless
/// the reduction is split across blocks, the kernel then writes
/// `fill value + A B` without reading C, erases the fill and clears
/// `*initFill` (one kernel and one pass over C fewer).
bool mapContractionToTiledKernel(RewriterBase &rewriter, linalg::GenericOp op,
                                 const ContractionTiling &tiling,
                                 linalg::FillOp *initFill = nullptr);

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_GPUCONTRACTION_H
