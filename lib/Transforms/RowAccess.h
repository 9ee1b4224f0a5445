//===- RowAccess.h - vector reads and writes of image rows ------*- C++ -*-===//
//
// The kernels generated row by row (depthwise convolutions, im2col patch
// copies) read `width` consecutive output columns at a time from an input
// row that may be strided, and write them with a mask at the row's end.
//
//===----------------------------------------------------------------------===//

#ifndef PADDLE_MLIR_TRANSFORMS_ROWACCESS_H
#define PADDLE_MLIR_TRANSFORMS_ROWACCESS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <utility>

namespace mlir::pd {

/// Rows of `width` consecutive output columns, for the depthwise and im2col
/// kernels: index constants, the mask of a row's last columns, loads that
/// are contiguous for stride 1, contiguous and deinterleaved for strides 2
/// to 4, gathers otherwise; zero padding. Elements: integers or floats (of
/// a byte or more: the caller checks).
struct RowAccess {
  IRRewriter &rewriter;
  Location loc;
  int64_t width, stride;
  VectorType vecType;
  Value passthrough, lanes;

  /// Strides up to this read stride x width contiguous elements and keep
  /// every stride-th: one or a few vector loads and a shuffle instead of a
  /// gather of `width` elements (stride-2 depthwise convolutions and
  /// im2col copies ran 2-3x slower with gathers).
  static constexpr int64_t kMaxShuffledStride = 4;

  /// Vectors of `width` lanes, fewer for short rows (a 7-wide row in 8
  /// lanes, not 16), never below 4.
  static int64_t widthFor(int64_t rowLength, int64_t width) {
    int64_t fit = (int64_t)llvm::PowerOf2Ceil((uint64_t)std::max<int64_t>(rowLength, 1));
    return std::max<int64_t>(std::min(fit, width), std::min<int64_t>(4, width));
  }

  RowAccess(IRRewriter &rewriter, Location loc, Type elem, int64_t width, int64_t stride)
      : rewriter(rewriter), loc(loc), width(width), stride(stride),
        vecType(VectorType::get({width}, elem)) {
    passthrough = zeros(width);
    if (stride > kMaxShuffledStride) {
      // Lane offsets of a strided read: 0, s, 2s, ...
      SmallVector<int32_t> offsets;
      for (int64_t i = 0; i < width; ++i)
        offsets.push_back((int32_t)(i * stride));
      auto lanesType = VectorType::get({width}, rewriter.getI32Type());
      lanes = arith::ConstantOp::create(rewriter, loc, lanesType,
                                        DenseElementsAttr::get(lanesType, ArrayRef(offsets)));
    }
  }

  Value index(int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); }

  Value zeros(int64_t n) {
    auto type = VectorType::get({n}, vecType.getElementType());
    return arith::ConstantOp::create(
        rewriter, loc, type,
        DenseElementsAttr::get(type, rewriter.getZeroAttr(vecType.getElementType())));
  }

  /// How many of columns [col, col + width) are in a row of `size`.
  Value count(Value col, int64_t size) {
    Value left = arith::SubIOp::create(rewriter, loc, index(size), col);
    return arith::MinSIOp::create(rewriter, loc, left, index(width));
  }

  /// The first `count` of `n` lanes.
  Value mask(Value count, int64_t n) {
    return vector::CreateMaskOp::create(
        rewriter, loc, VectorType::get({n}, rewriter.getI1Type()), ValueRange{count});
  }

  /// The first `count` of `width` elements of `base` from `at` on, `stride`
  /// apart along the last dim (`contiguous`: 1 apart whatever `stride`
  /// is); the other lanes are zero. `mask` is mask(count, width).
  Value read(Value base, ValueRange at, Value count, Value mask, bool contiguous = false) {
    if (contiguous || stride == 1)
      return vector::MaskedLoadOp::create(rewriter, loc, vecType, base, at, mask, passthrough);
    if (stride <= kMaxShuffledStride) {
      // Elements [at, at + stride * (count - 1)] (no further: the row may
      // end there), then every stride-th.
      int64_t n = stride * width;
      Value last = arith::MulIOp::create(
          rewriter, loc, arith::SubIOp::create(rewriter, loc, count, index(1)), index(stride));
      Value wideCount = arith::AddIOp::create(rewriter, loc, last, index(1));
      Value wide = vector::MaskedLoadOp::create(
          rewriter, loc, VectorType::get({n}, vecType.getElementType()), base, at,
          this->mask(wideCount, n), zeros(n));
      SmallVector<int64_t> picks;
      for (int64_t i = 0; i < width; ++i)
        picks.push_back(i * stride);
      return vector::ShuffleOp::create(rewriter, loc, wide, wide, picks);
    }
    return vector::GatherOp::create(rewriter, loc, vecType, base, at, lanes, mask,
                                    passthrough);
  }

  /// The reads of a kernel row's `taps` windows, `dilation` apart: tap j
  /// reads as read(base, at + j * dilation along the last dim, count,
  /// mask). Undilated rows of strides 2 to kMaxShuffledStride share masked
  /// loads, each tap a shuffle of one: for stride 2, one load of 2 x width
  /// elements per pair of taps (each tap's shuffle then has two source
  /// vectors: one of the 33 elements of all three taps of a 3x3/2 window
  /// left LLVM a three-vector shuffle for the third, which it built from
  /// scalar loads and inserts, and the stride-2 im2col copies ran 1.5x
  /// slower so); for strides 3 and 4, one load of the span all taps cover
  /// (Winograd's input transforms: their 6 taps 4 apart ran slower in
  /// groups). A 3x3/2 window's taps each loaded 32 lanes of nearly the same
  /// elements before (6 loads of 16 lanes, most across two cache lines).
  SmallVector<Value> readTaps(Value base, ValueRange at, Value count, Value mask, int64_t taps,
                              int64_t dilation) {
    SmallVector<Value> result;
    if (dilation != 1 || stride == 1 || stride > kMaxShuffledStride || taps < 2) {
      SmallVector<Value> position(at);
      for (int64_t j = 0; j < taps; ++j) {
        position.back() = j == 0 ? at.back()
                                 : arith::AddIOp::create(rewriter, loc, at.back(),
                                                         index(j * dilation));
        result.push_back(read(base, position, count, mask));
      }
      return result;
    }
    int64_t groupTaps = stride == 2 ? 2 : taps;
    Value last = arith::MulIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, count, index(1)), index(stride));
    SmallVector<Value> position(at);
    for (int64_t first = 0; first < taps; first += groupTaps) {
      int64_t group = std::min(groupTaps, taps - first);
      int64_t n = llvm::divideCeil(stride * (width - 1) + group, width) * width;
      if (first != 0)
        position.back() = arith::AddIOp::create(rewriter, loc, at.back(), index(first));
      Value wideCount = arith::AddIOp::create(rewriter, loc, last, index(group));
      Value wide = vector::MaskedLoadOp::create(
          rewriter, loc, VectorType::get({n}, vecType.getElementType()), base, position,
          this->mask(wideCount, n), zeros(n));
      for (int64_t j = 0; j < group; ++j) {
        SmallVector<int64_t> picks;
        for (int64_t i = 0; i < width; ++i)
          picks.push_back(j + i * stride);
        result.push_back(vector::ShuffleOp::create(rewriter, loc, wide, wide, picks));
      }
    }
    return result;
  }

  void write(Value value, Value base, ValueRange at, Value mask) {
    vector::MaskedStoreOp::create(rewriter, loc, base, at, mask, value);
  }

  /// A loop from 0 to `size` by `step`; the builder moves into its body.
  Value loop(int64_t size, int64_t step) {
    auto f = scf::ForOp::create(rewriter, loc, index(0), index(size), index(step));
    rewriter.setInsertionPointToStart(f.getBody());
    return f.getInductionVar();
  }

  /// Loops from 0 to each of `sizes` by 1, one scf.parallel when `threads`
  /// (the async runtime splits its iterations over the threads), nested
  /// scf.for otherwise; the builder moves into the innermost body.
  SmallVector<Value> loops(ArrayRef<int64_t> sizes, bool threads) {
    if (!threads) {
      SmallVector<Value> ivs;
      for (int64_t size : sizes)
        ivs.push_back(loop(size, 1));
      return ivs;
    }
    SmallVector<Value> zeros(sizes.size(), index(0)), ones(sizes.size(), index(1)), ends;
    for (int64_t size : sizes)
      ends.push_back(index(size));
    auto par = scf::ParallelOp::create(rewriter, loc, zeros, ends, ones);
    rewriter.setInsertionPointToStart(par.getBody());
    return llvm::to_vector(par.getInductionVars());
  }

  /// Channels whose padded borders a kernel zeroes ahead of its reads (see
  /// channelLoopsZeroingAhead): the largest divisor of `channels` up to 8
  /// that still leaves 8 blocks or more to balance over the threads.
  static int64_t channelBlock(int64_t channels) {
    for (int64_t block = 8; block > 1; --block)
      if (channels % block == 0 && channels / block >= 8)
        return block;
    return 1;
  }

  /// As loops({outer, channels}) (`channelsFirst`: {channels, outer}), for
  /// a kernel that zeroes each channel's padded border (`zero`, with the
  /// outer index and the channel; none if null) before it reads that
  /// channel: the parallel loop takes blocks of channelBlock channels, the
  /// block's first channel zeroed before its compute, each next channel
  /// while the one before is computed. Zeroed right before its own reads,
  /// each load that a fresh border store covered in part waited for the
  /// store to reach the cache (a load cannot take its data from a store
  /// that holds only part of it): PP-LCNet's 5x5 depthwise kernels ran 12%
  /// faster so. Returns {outer, channel} in the innermost body.
  std::pair<Value, Value>
  channelLoopsZeroingAhead(int64_t outer, int64_t channels, bool threads, bool channelsFirst,
                           const std::function<void(Value outer, Value channel)> &zero) {
    int64_t block = zero ? channelBlock(channels) : 1;
    SmallVector<Value> ivs = channelsFirst ? loops({channels / block, outer}, threads)
                                           : loops({outer, channels / block}, threads);
    Value o = ivs[channelsFirst ? 1 : 0], c = ivs[channelsFirst ? 0 : 1];
    if (!zero)
      return {o, c};
    Value first = block == 1 ? c : arith::MulIOp::create(rewriter, loc, c, index(block));
    zero(o, first);
    if (block == 1)
      return {o, first};
    Value k = loop(block, 1);
    c = arith::AddIOp::create(rewriter, loc, first, k);
    Value notLast =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult, k, index(block - 1));
    auto next = scf::IfOp::create(rewriter, loc, notLast, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(next.thenBlock());
    zero(o, arith::AddIOp::create(rewriter, loc, c, index(1)));
    return {o, c};
  }
};

} // namespace mlir::pd

#endif // PADDLE_MLIR_TRANSFORMS_ROWACCESS_H
