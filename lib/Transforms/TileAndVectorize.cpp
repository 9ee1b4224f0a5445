//===- TileAndVectorize.cpp - CPU tiling + vectorization on buffers -------===//
//
// pd-tile-and-vectorize: contractions get a cache tile (parallel), a depth
// block and a register tile that becomes FMA outer products; elementwise
// ops and reductions are vectorized one row of `vector-width` at a time.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/Epilogues.h"
#include "Transforms/Im2colPanels.h"
#include "Transforms/Winograd.h"
#include "Transforms/Matvec.h"
#include "Transforms/Transposes.h"
#include "Transforms/RowAccess.h"
#include "Transforms/TileBuffers.h"

#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/SmallBitVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDTILEANDVECTORIZE
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;
using mlir::pd::RowAccess;

namespace {

/// A contraction we tile like a matmul: (batch...,) m, n parallel and one
/// k reduction, with a multiply-add body on floats.
bool isMatmulLike(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1)
    return false;
  if (!isa<FloatType>(getElementTypeOrSelf(op.getDpsInits()[0].getType())))
    return false;
  if (!linalg::isaContractionOpInterface(op))
    return false;
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  unsigned reductions = llvm::count(iters, utils::IteratorType::reduction);
  return reductions == 1 && iters.back() == utils::IteratorType::reduction &&
         iters.size() >= 3;
}

/// Pure elementwise/reduction generics, fills and copies (no index-based
/// reads, which the vectorizer would turn into gathers).
bool isVectorizableElementwise(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumLoops() == 0)
    return false;
  if (isa<linalg::FillOp, linalg::CopyOp, linalg::TransposeOp>(op))
    return true;
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic)
    return false;
  bool simple = true;
  generic.getBody()->walk([&](Operation *inner) {
    if (isa<tensor::ExtractOp, memref::LoadOp, scf::ForOp, scf::WhileOp>(inner))
      simple = false;
  });
  if (!simple)
    return false;
  // Every element type must be vectorizable (int/float/index).
  for (Value v : op->getOperands())
    if (!getElementTypeOrSelf(v.getType()).isIntOrIndexOrFloat())
      return false;
  // Projected permutations only (broadcasts and transposes are fine).
  for (AffineMap map : op.getIndexingMapsArray())
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/true))
      return false;
  return true;
}

/// A tile size for a loop of `size` iterations: the whole loop when it
/// fits, else the largest multiple of `multiple` up to `want` that divides
/// it (full tiles only, so no masking), else `want`.
int64_t fitTile(int64_t size, int64_t want, int64_t multiple) {
  if (size <= want)
    return size;
  for (int64_t t = want - want % multiple; t >= multiple; t -= multiple)
    if (size % t == 0)
      return t;
  return want;
}

/// Rows of a cache tile that divide `m` (the tiles must cover the rows with
/// static sizes for the epilogue to run on each): fitTile's multiple of the
/// register rows, else the largest divisor of m up to `want` of at least
/// `registerRows` rows (the register tiles then end in a remainder tile).
/// Channel counts like 80, 112, 160, 184 and 200 have no multiple of 6
/// rows dividing them: MobileNetV3's 1x1 convolutions to them lost their
/// fused epilogue and cache tiles, and ran as a dozen small kernels, some
/// on one thread.
int64_t rowTileDividing(int64_t m, int64_t want, int64_t registerRows) {
  int64_t rows = fitTile(m, want, registerRows);
  if (m % rows == 0)
    return rows;
  for (int64_t d = std::min(want, m); d >= registerRows; --d)
    if (m % d == 0)
      return d;
  return rows;
}

/// The value `kind` leaves unchanged, splat to `type`; null for kinds this
/// rewrite does not handle.
Value combiningIdentity(OpBuilder &b, Location loc, vector::CombiningKind kind,
                        VectorType type) {
  Type elem = type.getElementType();
  TypedAttr scalar;
  if (auto f = dyn_cast<FloatType>(elem)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    switch (kind) {
    case vector::CombiningKind::ADD:
      scalar = b.getFloatAttr(elem, 0.0);
      break;
    case vector::CombiningKind::MUL:
      scalar = b.getFloatAttr(elem, 1.0);
      break;
    case vector::CombiningKind::MAXIMUMF:
    case vector::CombiningKind::MAXNUMF:
      scalar = b.getFloatAttr(elem, llvm::APFloat::getInf(sem, /*Negative=*/true));
      break;
    case vector::CombiningKind::MINIMUMF:
    case vector::CombiningKind::MINNUMF:
      scalar = b.getFloatAttr(elem, llvm::APFloat::getInf(sem, /*Negative=*/false));
      break;
    default:
      return {};
    }
  } else if (elem.isSignlessInteger()) {
    if (kind == vector::CombiningKind::ADD)
      scalar = b.getIntegerAttr(elem, 0);
    else if (kind == vector::CombiningKind::MUL)
      scalar = b.getIntegerAttr(elem, 1);
    else
      return {};
  } else {
    return {};
  }
  return arith::ConstantOp::create(b, loc, type, SplatElementsAttr::get(type, scalar));
}

/// A row reduction (a vector.multi_reduction of one row: unit dims, then
/// the reduced one of `n` = k x `width` lanes, maybe masked) as k - 1
/// elementwise combines of `width`-lane slices and one `width`-lane
/// horizontal reduction. LLVM expands a horizontal reduction of 208 lanes
/// into 208 scalar steps (in order for adds, with NaN checks for maximumf):
/// softmax's row max took 12% of DeiT's time that way.
struct RowReductionInSlices : public OpRewritePattern<vector::MultiDimReductionOp> {
  RowReductionInSlices(MLIRContext *ctx, int64_t width)
      : OpRewritePattern(ctx), width(width) {}

  LogicalResult matchAndRewrite(vector::MultiDimReductionOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    int64_t rank = type.getRank();
    if (type.isScalable() || width < 2 || op.getReductionDims().size() != 1 ||
        op.getReductionDims()[0] != rank - 1)
      return failure();
    for (int64_t d = 0; d + 1 < rank; ++d)
      if (type.getDimSize(d) != 1)
        return failure();
    int64_t n = type.getDimSize(rank - 1);
    if (n <= width || n % width != 0)
      return failure();
    auto maskOp = dyn_cast<vector::MaskOp>(op->getParentOp());
    if (maskOp && maskOp.hasPassthru())
      return failure();
    Operation *root = maskOp ? maskOp.getOperation() : op.getOperation();
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(root);
    auto rowType = VectorType::get({n}, type.getElementType());
    Value identity = combiningIdentity(rewriter, loc, op.getKind(), rowType);
    if (!identity)
      return failure();
    Value row = vector::ShapeCastOp::create(rewriter, loc, rowType, op.getSource());
    if (maskOp) {
      Value mask = vector::ShapeCastOp::create(
          rewriter, loc, VectorType::get({n}, rewriter.getI1Type()), maskOp.getMask());
      row = arith::SelectOp::create(rewriter, loc, mask, row, identity);
    }
    auto slice = [&](int64_t i) {
      return vector::ExtractStridedSliceOp::create(rewriter, loc, row, ArrayRef<int64_t>{i * width},
                                                   ArrayRef<int64_t>{width},
                                                   ArrayRef<int64_t>{1});
    };
    // Pairwise (a tree, not a chain of dependent ops).
    SmallVector<Value> parts;
    for (int64_t i = 0; i < n / width; ++i)
      parts.push_back(slice(i));
    while (parts.size() > 1) {
      SmallVector<Value> combined;
      for (size_t i = 0; i + 1 < parts.size(); i += 2)
        combined.push_back(
            vector::makeArithReduction(rewriter, loc, op.getKind(), parts[i + 1], parts[i]));
      if (parts.size() % 2)
        combined.push_back(parts.back());
      parts = std::move(combined);
    }
    Value acc = parts.front();
    // The accumulator: a scalar, or the row's output element as vector<1x..x1>.
    Value init = op.getAcc();
    if (auto initType = dyn_cast<VectorType>(init.getType()))
      init = vector::ExtractOp::create(rewriter, loc, init,
                                       SmallVector<int64_t>(initType.getRank(), 0));
    Value result = vector::ReductionOp::create(rewriter, loc, op.getKind(), acc, init);
    if (isa<VectorType>(op.getType()))
      result = vector::BroadcastOp::create(rewriter, loc, op.getType(), result);
    rewriter.replaceOp(root, result);
    return success();
  }

  int64_t width;
};

struct PdTileAndVectorizePass
    : public pd::impl::PdTileAndVectorizeBase<PdTileAndVectorizePass> {
  using Base::Base;

  FailureOr<linalg::LinalgOp> tile(IRRewriter &rewriter, linalg::LinalgOp op,
                                   ArrayRef<int64_t> sizes,
                                   linalg::LinalgTilingLoopType loops,
                                   SmallVectorImpl<Operation *> *created = nullptr) {
    if (llvm::all_of(sizes, [](int64_t s) { return s == 0; }))
      return op;
    linalg::LinalgTilingOptions options;
    options.setTileSizes(sizes).setLoopType(loops);
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::TiledLinalgOp> tiled = linalg::tileLinalgOp(rewriter, op, options);
    if (failed(tiled))
      return failure();
    rewriter.eraseOp(op);
    if (created)
      created->append(tiled->loops.begin(), tiled->loops.end());
    return tiled->op;
  }

  LogicalResult vectorizeOp(IRRewriter &rewriter, linalg::LinalgOp op,
                            ArrayRef<int64_t> vectorSizes,
                            bool contraction = false) {
    rewriter.setInsertionPoint(op);
    // Contractions go straight to vector.contract (then FMA outer
    // products), not to broadcast + multi_reduction.
    FailureOr<linalg::VectorizationResult> result = linalg::vectorize(
        rewriter, op, vectorSizes, SmallVector<bool>(vectorSizes.size(), false),
        /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
        /*assumeDynamicDimsMatchVecSizes=*/false,
        /*createNamedContraction=*/contraction);
    if (failed(result))
      return failure();
    if (result->replacements.empty())
      rewriter.eraseOp(op);
    else
      rewriter.replaceOp(op, result->replacements);
    return success();
  }

  /// Splits buffer op `op` along loop `dim` at `point` (of `size`): two
  /// clones, each on subviews of the operands that `dim` indexes directly.
  /// Fails (changing nothing) when an operand uses `dim` in a compound
  /// expression or has a dynamic shape.
  FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>>
  splitAlong(IRRewriter &rewriter, linalg::LinalgOp op, unsigned dim, int64_t point,
             int64_t size) {
    for (OpOperand &operand : op->getOpOperands()) {
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      if (!type)
        continue;
      if (!type.hasStaticShape())
        return failure();
      for (AffineExpr e : op.getMatchingIndexingMap(&operand).getResults())
        if (e.isFunctionOfDim(dim) && !isa<AffineDimExpr>(e))
          return failure();
    }
    rewriter.setInsertionPoint(op);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    auto part = [&](int64_t offset, int64_t length) {
      SmallVector<OpFoldResult> offsets(ranges.size(), rewriter.getIndexAttr(0));
      SmallVector<int64_t> sizes(ranges);
      offsets[dim] = rewriter.getIndexAttr(offset);
      sizes[dim] = length;
      return pd::cloneOnLoopRange(rewriter, op, offsets, sizes);
    };
    linalg::LinalgOp first = part(0, point), second = part(point, size - point);
    rewriter.eraseOp(op);
    return std::make_pair(first, second);
  }

  /// Register tile (rows, columns) and cache tile (rows, columns, depth).
  SmallVector<int64_t> registerTile() {
    SmallVector<int64_t> reg(matmulRegisterTile.begin(), matmulRegisterTile.end());
    return reg.size() == 2 ? reg : SmallVector<int64_t>{6, 64};
  }
  SmallVector<int64_t> cacheTile() {
    SmallVector<int64_t> cache(matmulCacheTile.begin(), matmulCacheTile.end());
    return cache.size() == 3 ? cache : SmallVector<int64_t>{64, 256, 256};
  }

  /// Whether an m x n matmul takes register tiles of 8 rows by 48 columns
  /// (3 vectors of 16: 24 accumulators, as many as 6 x 64) instead of the
  /// default 6 x 64: where m is a multiple of 8 but not of 6 (a cache tile
  /// of 64 output channels: 60 + 4 rows, the 4-row tiles a third less
  /// efficient; DenseNet's 32 growth channels: 30 + 2) and 48-column tiles
  /// leave no more columns over than 64-column ones (196 = 4 x 48 + 4 =
  /// 3 x 64 + 4). ResNet-50's 256 -> 1024 layer on 14x14 ran 7% faster.
  bool prefersColumnsOf48(int64_t n, int64_t m) const {
    SmallVector<int64_t> reg(matmulRegisterTile.begin(), matmulRegisterTile.end());
    bool defaultTile = reg.empty() || (reg.size() == 2 && reg[0] == 6 && reg[1] == 64);
    return defaultTile && m > 0 && m % 8 == 0 && m % 6 != 0 && n >= 96 && n % 48 <= n % 64;
  }

  /// Register tile columns for `n` columns: the tile's width, all of a
  /// narrower n (whole vectors: 48 columns are 3 vectors of 16, see
  /// splitContractionColumns), or (n between 16 and the width, not a
  /// multiple of 16) the next power of two, the last lanes masked.
  int64_t registerColumns(int64_t n, int64_t m = 0) {
    int64_t width = registerTile()[1];
    if (prefersColumnsOf48(n, m))
      return 48;
    if (n > 16 && n < width && n % 16 != 0 && !llvm::isPowerOf2_64(n))
      return (int64_t)llvm::PowerOf2Ceil((uint64_t)n);
    return std::min(width, n);
  }

  /// Register tile rows for `m` rows of `columns`-wide tiles. Narrow tiles
  /// (16 or 32 columns) take more rows, so that 16 or more accumulators
  /// hide the FMA latency (4 rows of one vector are 4 dependent chains:
  /// half the FMA throughput): as many as the register tile's accumulators
  /// allow (at most 16 rows, each a broadcast load), else 16 accumulators,
  /// for an m those rows divide. Not below one vector: 16 rows of 4
  /// columns made DenseNet's kernels 4x larger in LLVM for columns that are
  /// 2% of the work. `maxRows` caps them (see rowsWithoutSetConflicts).
  int64_t registerRows(int64_t m, int64_t columns, int64_t maxRows = 16) {
    SmallVector<int64_t> reg = registerTile(), cache = cacheTile();
    if (columns < reg[1] && columns >= 16 && reg[1] % 16 == 0) {
      int64_t vectors = llvm::alignTo(columns, 16) / 16;
      for (int64_t accumulators : {reg[0] * reg[1] / 16, int64_t(16)}) {
        int64_t rows = std::min<int64_t>(maxRows, accumulators / vectors);
        if (rows > reg[0] && m % rows == 0 && fitTile(m, cache[0], rows) % rows == 0)
          return rows;
      }
      // One vector of columns: the most rows dividing m, down to the
      // register tile's. Its 6 rows are 6 chains of FMAs, fewer than the
      // FMA units' latency covers (two units, 4 cycles: 8): the 16 columns
      // of a 7x7 map's 49 (32 + 16 + 1) in MobileNetV2's 60-row tiles ran
      // at three quarters of the speed of its 12x32 tiles.
      if (vectors == 1)
        for (int64_t rows = std::min<int64_t>(maxRows, reg[0] * reg[1] / 16); rows > reg[0];
             --rows)
          if (m % rows == 0 && fitTile(m, cache[0], rows) % rows == 0)
            return rows;
    }
    return reg[0];
  }

  /// The most register tile rows of `op`'s left operand that its row
  /// stride lets the L1 cache hold at once: rows 4 KB apart (k = 1024 f32,
  /// a 1x1 convolution's 1024 input channels) all fall into one set of the
  /// L1 cache, whose 8 to 12 ways then cannot hold 16 rows: a 16x16 tile ran
  /// at a third of the speed of one whose rows were 4160 bytes apart.
  static int64_t rowsWithoutSetConflicts(linalg::LinalgOp op) {
    auto type = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (!type || type.getRank() < 2 || failed(type.getStridesAndOffset(strides, offset)))
      return 16;
    int64_t rowStride = strides[strides.size() - 2];
    int64_t bytes = rowStride * (type.getElementTypeBitWidth() / 8);
    return !ShapedType::isDynamic(rowStride) && bytes > 0 && bytes % 4096 == 0 ? 8 : 16;
  }

  /// For an n with a column remainder that fits one cache tile (a 7x7
  /// layer's 49 = 32 + 16 + 1, 196 = 192 + 4): the cache tiles (rows on
  /// threads, depth blocks) first, the remainder peeled inside them, so
  /// that all parts use a block of the weights while it is in cache.
  /// Peeled before the cache tiling, each part streamed all the weights
  /// from memory again: ResNet-50 spent 14% of its time in the remainders.
  /// The tiled op, or failure when this does not apply.
  FailureOr<linalg::LinalgOp> cacheTileAroundRemainder(IRRewriter &rewriter,
                                                       linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (llvm::any_of(ranges, ShapedType::isDynamic))
      return failure();
    unsigned batch = op.getNumLoops() - 3;
    int64_t m = ranges[batch], nn = ranges[batch + 1], k = ranges[batch + 2];
    SmallVector<int64_t> reg = registerTile(), cache = cacheTile();
    if (m * nn * k < 64 * 64 * 64)
      return failure();
    bool remainder = nn % reg[1] != 0 && !(nn < reg[1] && llvm::isPowerOf2_64(nn));
    int64_t ck = fitTile(k, cache[2], 1);
    if (remainder) {
      if (nn > cache[1])
        return failure();
      int64_t cm = fitTile(m, cache[0], std::min(reg[0], m));
      if (batch == 0)
        cm = rowsForThreads(m, nn, k, cm, nn, 1);
      if (m % cm != 0 || k % ck != 0)
        return failure(); // partial tiles would have dynamic sizes
      return tileForCache(rewriter, op, cm, nn, ck);
    }
    // Likewise rows: m = 128 (BERT's tokens) is 21 register tiles of 6 rows
    // and 2 rows. Split off before the cache tiling, the 2 rows streamed
    // all the weights again on one thread, and the 126 rows made 3 cache
    // tiles for 2 threads: BERT's linear layers ran at 60% of the peak.
    // Cache tiles of rows dividing m (2 x 64) hold the remainder tile.
    int64_t rn = registerColumns(nn, m);
    int64_t rm = registerRows(m, rn, rowsWithoutSetConflicts(op));
    if (m <= rm || m % rm == 0 || nn % rn != 0)
      return failure();
    int64_t cm = rowTileDividing(m, cache[0], rm), cn = fitTile(nn, cache[1], rn);
    if (batch == 0)
      cm = rowsForThreads(m, nn, k, cm, cn, 1);
    // No cache tile of rows divides m (a ViT's 197 tokens: prime): each
    // cache tile takes all the rows and the threads share the columns.
    // Split off instead, the 5 rows past 192 were an op of their own that
    // streamed all of B again, mostly on one thread: DeiT-tiny spent 6% of
    // its time on one thread and 5% waiting for the other.
    bool wholeRows = false;
    if (batch == 0 && m % cm != 0 && m <= kMaxWholeRows) {
      cm = m;
      cn = columnsForWholeRows(nn, rn, cache[1]);
      if (cn == 0)
        return failure();
      wholeRows = true;
    }
    if ((cm >= m && !wholeRows) || m % cm != 0 || nn % cn != 0 || k % ck != 0)
      return failure();
    SmallVector<Operation *> loops;
    Operation *depthLoop = nullptr;
    FailureOr<linalg::LinalgOp> tiled = tileForCache(rewriter, op, cm, cn, ck, &loops, &depthLoop);
    if (succeeded(tiled) && (!loops.empty() || depthLoop))
      packRightPanel(rewriter, *tiled, rm, !loops.empty() ? loops.front() : depthLoop);
    return tiled;
  }

  /// The most rows a cache tile of all of a matmul's rows takes (its block
  /// of the left operand: 256 x 256 floats, a quarter of the L2 cache).
  static constexpr int64_t kMaxWholeRows = 256;

  /// Columns of the cache tiles that take all the rows (`n` columns,
  /// register tiles `rn` wide): a divisor of n, a multiple of 16 from rn up
  /// to `want`, that leaves at least 2 tiles; an even count of tiles (the
  /// two threads finish together) first, then at least 4 of them, then
  /// whole register tiles, then multiples of 32 (a 64 + 32 split, not
  /// 16-wide tiles), then the widest. 576 columns (a ViT's q, k and v) take
  /// 6 tiles of 96, not 9 of 64 (5 on one thread, 4 on the other); 192 (its
  /// projections) 2 tiles of 96 (tiles of 32 columns ran them 4% slower).
  /// 0 where none leaves 2 tiles.
  static int64_t columnsForWholeRows(int64_t n, int64_t rn, int64_t want) {
    auto key = [&](int64_t c) {
      int64_t tiles = n / c;
      return std::make_tuple(tiles % 2 == 0, tiles >= 4, c % rn == 0, c % 32 == 0, c);
    };
    int64_t best = 0;
    for (int64_t c = rn; c <= std::min(n, want); c += 16)
      if (n % c == 0 && n / c >= 2 && (best == 0 || key(c) > key(best)))
        best = c;
    return best;
  }

  /// Rows of a cache tile: `cm`, or, where the whole matmul would be one
  /// tile (one image, all rows and columns) with enough work for threads,
  /// the largest divisor of m up to m / 2 (at least 8 rows; one that leaves
  /// no register tile of fewer than 4 rows preferred), so that the
  /// threads share it: DenseNet's 3x3 convolutions on 14x14 and 7x7 maps
  /// (m = 32 growth channels) ran on one core while the other waited.
  /// Where `cm` already splits m, rowsForEvenTasks.
  int64_t rowsForThreads(int64_t m, int64_t nn, int64_t k, int64_t cm, int64_t cn,
                         int64_t batches) {
    if (2 * batches * m * nn * k < minParallelWork || m * nn * k < 64 * 64 * 64)
      return cm;
    if (cm < m)
      return rowsForEvenTasks(m, nn, cm, cn, batches);
    if (batches != 1 || cn < nn)
      return cm;
    // Rows the register tiles cover without a tile of fewer than 4 rows.
    int64_t regRows = registerTile()[0], fallback = cm;
    for (int64_t rows = m / 2; rows >= 8; --rows) {
      if (m % rows != 0)
        continue;
      if (rows % regRows == 0 || rows % regRows >= 4)
        return rows;
      if (fallback == cm)
        fallback = rows;
    }
    return fallback;
  }

  /// Rows of a cache tile that make the tiles (row tiles x column tiles x
  /// batches) an even count where `cm` leaves few and an odd count: the
  /// largest divisor of m from cm / 2 up. MobileNetV2's 960 -> 320 layer on
  /// 7x7 was 5 tiles of 64 rows, 3 on one thread and 2 on the other: that
  /// thread waited a sixth of the layer's time; 8 tiles of 40 rows keep both
  /// busy.
  int64_t rowsForEvenTasks(int64_t m, int64_t nn, int64_t cm, int64_t cn,
                           int64_t batches) {
    if (cm <= 0 || cn <= 0 || m % cm != 0)
      return cm;
    int64_t columnTiles = llvm::divideCeil(nn, cn) * batches;
    int64_t tasks = (m / cm) * columnTiles;
    if (tasks % 2 == 0 || tasks >= 16)
      return cm;
    int64_t regRows = registerTile()[0];
    for (int64_t rows = cm - 1; rows >= std::max<int64_t>(8, cm / 2); --rows)
      if (m % rows == 0 && (m / rows) * columnTiles % 2 == 0 &&
          (rows % regRows == 0 || rows % regRows >= 4))
        return rows;
    return cm;
  }

  /// Cache tiles of a vector-matrix product (fewer rows than a register
  /// tile: a linear layer at batch 1), which reads each weight once and
  /// runs at the speed the right operand streams from memory: depth blocks
  /// of 16 rows across wide column tiles (half of n, for two threads), so
  /// that each block reads long runs of each row, which the prefetchers
  /// follow, while the accumulators stay in L1. Blocks of 256 rows by
  /// 64-column register tiles read 256 bytes of each of 256 rows 4 KB
  /// apart at a time: a cold 4096x8192 weight streamed at 10 GB/s, half of
  /// OpenBLAS's speed. Leaves `cn` and `ck` alone for other shapes, or
  /// where no depth block of 8 to 16 rows divides k.
  void vectorMatrixTiles(int64_t m, int64_t nn, int64_t k, int64_t rn, int64_t &cn,
                         int64_t &ck) {
    if (m >= registerTile()[0] || nn < 2 * rn || k <= 16)
      return;
    int64_t depth = fitTile(k, 16, 8);
    if (k % depth != 0)
      return;
    ck = depth;
    bool threads = 2 * m * nn * k >= minParallelWork;
    cn = fitTile(nn, threads ? std::max(cacheTile()[1], nn / 2) : nn, rn);
  }

  /// Rows of a convolution's cache tiles: each tile copies its panel of
  /// patches (depth x columns) anew, so a tile of fewer rows than m copies
  /// the same panel m / rows times (at 64 rows, a 14x14 layer of 256
  /// channels spent 13% of its time in the copies). The most rows (from
  /// `cm` up) that still leave at least 4 tiles, and an even count, for the
  /// threads (`columnTiles`: the tiles along batch and columns).
  int64_t rowsSharingPanels(int64_t m, int64_t cm, int64_t columnTiles) {
    int64_t regRows = registerTile()[0], best = cm;
    for (int64_t rows = cm + 1; rows <= m; ++rows) {
      if (m % rows != 0 || (rows % regRows != 0 && rows % regRows < 2))
        continue;
      int64_t tasks = (m / rows) * columnTiles;
      if (tasks >= 4 && tasks % 2 == 0)
        best = rows;
    }
    return best;
  }

  /// The cache level: rows (and columns) tiles, on threads when there is
  /// enough work, then depth blocks.
  FailureOr<linalg::LinalgOp> tileForCache(IRRewriter &rewriter, linalg::LinalgOp op,
                                           int64_t cm, int64_t cn, int64_t ck,
                                           SmallVectorImpl<Operation *> *tileLoops = nullptr,
                                           Operation **depthLoop = nullptr) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    unsigned batch = op.getNumLoops() - 3;
    int64_t m = ranges[batch], nn = ranges[batch + 1], k = ranges[batch + 2];
    auto sizesFor = [&](int64_t b, int64_t mm, int64_t n, int64_t kk) {
      SmallVector<int64_t> s(batch, b);
      s.append({mm, n, kk});
      return s;
    };
    int64_t batches = 1;
    for (unsigned i = 0; i < batch; ++i)
      batches *= ranges[i];
    bool threads = 2 * batches * m * nn * k >= minParallelWork;
    FailureOr<linalg::LinalgOp> cur = op;
    // Small problems: skip the cache level. A batch of small ones (the
    // remainder rows or columns of Winograd's 16 matmuls: 4 of 64 rows)
    // still gets its loop over the batch, on threads: as one kernel on one
    // thread, ResNet-18's 64-channel 56x56 layer ran 7% of its time with
    // the other thread idle.
    if (batches * m * nn * k >= 64 * 64 * 64 && (cm < m || cn < nn || batch))
      cur = tile(rewriter, *cur, sizesFor(1, cm < m ? cm : 0, cn < nn ? cn : 0, 0),
                 threads ? linalg::LinalgTilingLoopType::ParallelLoops
                         : linalg::LinalgTilingLoopType::Loops,
                 tileLoops);
    if (succeeded(cur))
      cur = matmulOfOneBatch(rewriter, *cur);
    if (succeeded(cur) && ck < k) {
      SmallVector<Operation *> depth;
      SmallVector<int64_t> depthSizes(cur->getNumLoops(), 0);
      depthSizes.back() = ck;
      cur = tile(rewriter, *cur, depthSizes, linalg::LinalgTilingLoopType::Loops, &depth);
      if (depthLoop && succeeded(cur) && depth.size() == 1)
        *depthLoop = depth.front();
    }
    return cur;
  }

  /// A batched contraction (a convolution's weights with each image's
  /// patches, a batch_matmul) tiled to one batch: a `linalg.matmul` on views
  /// without the unit batch dims, which vectorizes to vector.contract and
  /// FMA outer products (the batched form's broadcast operand gave multiplies
  /// and adds on vector<6x64x1xf32>: more IR for LLVM, and the batched
  /// convolutions of ResNet-50 at batch 8 ran at 60% of the speed of one
  /// image's). `op` itself where it is not such a contraction.
  linalg::LinalgOp matmulOfOneBatch(IRRewriter &rewriter, linalg::LinalgOp op) {
    unsigned loops = op.getNumLoops();
    if (loops < 4 || !op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
        op.getNumDpsInits() != 1)
      return op;
    unsigned batch = loops - 3;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    for (unsigned i = 0; i < batch; ++i)
      if (ranges[i] != 1)
        return op;
    MLIRContext *ctx = op.getContext();
    auto d = [&](unsigned i) { return getAffineDimExpr(i, ctx); };
    // Each operand: its batch dims first (those it has), then the matmul's.
    SmallVector<std::pair<AffineExpr, AffineExpr>> matmulDims = {
        {d(batch), d(batch + 2)}, {d(batch + 2), d(batch + 1)}, {d(batch), d(batch + 1)}};
    SmallVector<Value> views;
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      unsigned index = operand.getOperandNumber();
      if (!type || map.getNumResults() < 2)
        return op;
      unsigned lead = map.getNumResults() - 2;
      for (unsigned i = 0; i < lead; ++i)
        if (i >= batch || map.getResult(i) != d(i))
          return op;
      if (map.getResult(lead) != matmulDims[index].first ||
          map.getResult(lead + 1) != matmulDims[index].second)
        return op;
      views.push_back(lead == 0 ? operand.get()
                                : memref::createCanonicalRankReducingSubViewOp(
                                      rewriter, loc, operand.get(),
                                      type.getShape().take_back(2)));
    }
    auto matmul = linalg::MatmulOp::create(rewriter, loc, ValueRange{views[0], views[1]},
                                           ValueRange{views[2]});
    rewriter.eraseOp(op);
    return cast<linalg::LinalgOp>(matmul.getOperation());
  }

  /// The matmul `op` in cache tiles of whole image rows (or matrix columns
  /// dividing n) with its `epilogue` (if any) run on each tile after the
  /// tile's last depth block, and the `patches` it reads (if any) copied
  /// for each tile and depth block into a panel of their own
  /// (packIm2colPanel); the register level as for any cache tile. Changes
  /// nothing where the tiles would not cover the epilogue with rectangles
  /// or the matmul is too small for a cache level.
  /// Returns whether `op` was code-generated (then `fused` says whether the
  /// epilogue went with it).
  bool codegenInCacheTiles(IRRewriter &rewriter, linalg::LinalgOp op,
                           const pd::MatmulEpilogue *epilogue,
                           const pd::Im2colPatches *patches, bool &fused) {
    fused = false;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if ((!epilogue && !patches) || ranges.size() < 3 || ranges.size() > 4 ||
        (epilogue && ranges.size() != (epilogue->batched ? 4u : 3u)) ||
        llvm::any_of(ranges, ShapedType::isDynamic))
      return false;
    // Panels hold whole output rows: an epilogue's tiles must be too.
    if (patches && epilogue && epilogue->width != patches->ow)
      patches = nullptr;
    if (!epilogue && !patches)
      return false;
    unsigned batch = ranges.size() - 3;
    int64_t m = ranges[batch], nn = ranges[batch + 1], k = ranges[batch + 2];
    SmallVector<int64_t> reg = registerTile(), cache = cacheTile();
    // Convolutions: one depth block where k allows (a 3x3 convolution of
    // 128 channels: k = 1152): the tile's result then starts from the fill
    // in registers and goes to the epilogue from a stack buffer (tileResult)
    // instead of being read and written again for each block of 256:
    // ResNet-50's 3x3 and 1x1 convolutions with k <= 1152 ran 8-16% faster.
    // The panel of patches (depth x columns) stays within fused-tile-bytes.
    // (Linear layers keep the plain depth: BERT's and DeiT's did not gain.)
    bool convolution = patches || (epilogue && epilogue->width > 0);
    int64_t ck = fitTile(
        k, convolution ? std::max(cache[2], fusedTileDepth.getValue()) : cache[2], 1);
    int64_t elemBytes = std::max<int64_t>(
        1, getElementTypeOrSelf(op.getDpsInits()[0].getType()).getIntOrFloatBitWidth() / 8);
    int64_t columns =
        std::min(cache[1], std::max<int64_t>(64, fusedTileBytes / (ck * elemBytes)));
    int64_t cn = epilogue ? pd::epilogueColumnTile(*epilogue, nn, columns)
                          : pd::imageRowTile(nn, patches->ow, columns);
    int64_t cm = rowTileDividing(m, cache[0], std::min(reg[0], m));
    int64_t batches = 1;
    for (unsigned i = 0; i < batch; ++i)
      batches *= ranges[i];
    cm = rowsForThreads(m, nn, k, cm, cn, batches);
    if (!convolution && !batch && cn > 0)
      vectorMatrixTiles(m, nn, k, registerColumns(nn, m), cn, ck);
    if (patches && cn > 0 && nn % cn == 0)
      cm = rowsSharingPanels(m, cm, batches * (nn / cn));
    if (m * nn * k < 64 * 64 * 64 || cn == 0 || m % cm != 0 || nn % cn != 0 ||
        k % ck != 0 || (cm == m && cn == nn && !batch && (!patches || ck == k)))
      return false;
    // A result that only the epilogue reads, and that one depth block
    // computes from the fill: each tile's result goes to a buffer of one
    // tile on the stack (the whole result, 4.8 MB for MobileNetV2's first
    // expansion, was written back to memory only to be read once).
    linalg::FillOp fill = initialFill(op);
    bool tileResult = epilogue && fill && initFill.value && ck == k &&
                      !isReadElsewhere(op.getDpsInits()[0], {op, fill, epilogue->op});
    Value resultRoot = pd::bufferRoot(op.getDpsInits()[0]);
    // The epilogue's views (its output inside a padded buffer, the NCHW
    // view of the result) are defined after the matmul: move them before.
    if (epilogue && !moveDefinitionsBefore(epilogue->op, op))
      return false;
    SmallVector<Operation *> loops;
    Operation *depthLoop = nullptr;
    FailureOr<linalg::LinalgOp> tiled =
        tileForCache(rewriter, op, cm, cn, ck, &loops, &depthLoop);
    if (loops.empty() && !depthLoop) // nothing was tiled
      return false;
    if (failed(tiled))
      return true;
    Operation *outermost = !loops.empty() ? loops.front()
                           : depthLoop    ? depthLoop
                                          : tiled->getOperation();
    if (patches)
      (void)pd::packIm2colPanel(rewriter, *tiled, outermost, *patches, vectorWidth);
    else
      packRightPanel(rewriter, *tiled, reg[0], outermost);
    if (epilogue && !loops.empty()) {
      SmallVector<Value> ivs;
      Block *body;
      if (auto parallel = dyn_cast<scf::ParallelOp>(loops.front())) {
        llvm::append_range(ivs, parallel.getInductionVars());
        body = parallel.getBody();
      } else {
        for (Operation *loop : loops)
          ivs.push_back(cast<scf::ForOp>(loop).getInductionVar());
        body = cast<scf::ForOp>(loops.back()).getBody();
      }
      // The cache loops: image (batched), rows, columns (those tiled).
      unsigned next = 0;
      OpFoldResult b0 = batch ? OpFoldResult(ivs[next++]) : rewriter.getIndexAttr(0);
      OpFoldResult m0 = cm < m ? OpFoldResult(ivs[next++]) : rewriter.getIndexAttr(0);
      OpFoldResult n0 = cn < nn ? OpFoldResult(ivs[next++]) : rewriter.getIndexAttr(0);
      rewriter.setInsertionPoint(body->getTerminator());
      linalg::GenericOp tail = pd::tileMatmulEpilogue(rewriter, *epilogue, b0, m0, cm, n0, cn);
      epilogueTiles.push_back(tail);
      rewriter.eraseOp(epilogue->op);
      fused = true;
      if (tileResult) {
        Value tileView;
        linalg::FillOp tileFill =
            resultInTileBuffer(rewriter, *tiled, tail, resultRoot, loops.front(), &tileView);
        // The register tiles prefetch what the epilogue will read and
        // write (prefetchEpilogueLines): its views must exist before them.
        if (tileFill && prefetchEpilogue && moveDefinitionsBefore(tail, *tiled))
          epilogueOfTile = {tail, tileView};
        codegenMatmul(rewriter, *tiled, /*cacheTiled=*/true);
        epilogueOfTile = {};
        // Register tiles that start from the fill value leave the buffer's
        // fill without a reader.
        if (tileFill && !initFill.needed())
          rewriter.eraseOp(tileFill);
        else if (tileFill)
          epilogueTiles.push_back(tileFill);
        return true;
      }
    }
    codegenMatmul(rewriter, *tiled, /*cacheTiled=*/true);
    return true;
  }

  /// The cache tile `tile` of a matmul computes into a stack buffer of its
  /// own, filled with the matmul's fill value, and its epilogue `tail`
  /// reads the result from there instead of from `root` (the matmul's
  /// result buffer, which nothing else reads). Returns the buffer's fill;
  /// null, changing nothing, where the views do not fit.
  linalg::FillOp resultInTileBuffer(IRRewriter &rewriter, linalg::LinalgOp tile,
                                    linalg::GenericOp tail, Value root, Operation *outermost,
                                    Value *tileResult = nullptr) {
    OpOperand *read = nullptr;
    for (OpOperand *input : tail.getDpsInputOperands())
      if (pd::bufferRoot(input->get()) == root)
        read = input;
    auto initType = cast<MemRefType>(tile.getDpsInits()[0].getType());
    if (!read || !initType.hasStaticShape())
      return nullptr;
    auto readType = cast<MemRefType>(read->get().getType());
    // One row per output row of the tile, its columns contiguous.
    ArrayRef<int64_t> shape = initType.getShape();
    auto bufferType = MemRefType::get(
        {initType.getNumElements() / shape.back(), shape.back()}, initType.getElementType());
    if (!readType.hasStaticShape() || readType.getNumElements() != bufferType.getNumElements())
      return nullptr;
    Location loc = tile.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    Value buffer = pd::allocateForTiles(rewriter, loc, bufferType, outermost);
    rewriter.setInsertionPoint(tile);
    Value result = pd::expandTo(rewriter, loc, buffer, initType.getShape());
    rewriter.setInsertionPoint(tail);
    Value operand = pd::expandTo(rewriter, loc, buffer, readType.getShape());
    if (!result || !operand)
      return nullptr; // the allocation and views are dead: canonicalize erases them
    rewriter.setInsertionPoint(tile);
    Value value = arith::ConstantOp::create(rewriter, loc, initFill.value);
    auto fill = linalg::FillOp::create(rewriter, loc, value, result);
    rewriter.modifyOpInPlace(tile, [&] { tile.getDpsInitsMutable()[0].assign(result); });
    rewriter.modifyOpInPlace(tail, [&] { read->set(operand); });
    if (tileResult)
      *tileResult = result;
    return fill;
  }

  /// Moves the ops of `user`'s block between `point` and `user` that define
  /// its operands (transitively) before `point`: allocations, views and
  /// other ops without memory effects only (upstream's
  /// moveValueDefinitions refuses allocations). False, moving nothing,
  /// where another op is needed.
  static bool moveDefinitionsBefore(Operation *user, Operation *point) {
    Block *block = point->getBlock();
    llvm::SetVector<Operation *> needed;
    SmallVector<Value> work(user->getOperands());
    while (!work.empty()) {
      Operation *def = work.pop_back_val().getDefiningOp();
      if (!def || def->getBlock() != block || def->isBeforeInBlock(point) ||
          needed.contains(def))
        continue;
      if (def->getNumRegions() != 0 ||
          !(isa<ViewLikeOpInterface, memref::AllocOp, memref::AllocaOp>(def) ||
            isMemoryEffectFree(def)))
        return false;
      needed.insert(def);
      llvm::append_range(work, def->getOperands());
    }
    SmallVector<Operation *> ordered(needed.begin(), needed.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
    for (Operation *def : ordered)
      def->moveBefore(point);
    return true;
  }

  /// The copy of an output transform's map into another buffer right after
  /// it (a 3x3 convolution's result stored into its slice of a growing
  /// concatenation: DenseNet) as the equivalent generic, also in place of
  /// the copy in `elementwise`. The transform then takes it as its
  /// epilogue: each row is stored once, into the slice, instead of into the
  /// transform's buffer and copied after.
  static void generalizeCopyOfOutput(IRRewriter &rewriter, linalg::GenericOp transform,
                                     SmallVectorImpl<linalg::LinalgOp> &elementwise) {
    auto copy = dyn_cast_or_null<linalg::CopyOp>(pd::nextPastViews(transform));
    if (!copy || !copy.hasPureBufferSemantics() ||
        pd::bufferRoot(copy.getInputs()[0]) != pd::bufferRoot(transform.getDpsInits()[0]))
      return;
    auto at = llvm::find(elementwise, cast<linalg::LinalgOp>(copy.getOperation()));
    if (at == elementwise.end())
      return;
    rewriter.setInsertionPoint(copy);
    FailureOr<linalg::GenericOp> generic =
        linalg::generalizeNamedOp(rewriter, cast<linalg::LinalgOp>(copy.getOperation()));
    if (succeeded(generic))
      *at = cast<linalg::LinalgOp>(generic->getOperation());
  }

  /// Epilogues cloned into matmul tiles, for codegenElementwise (without
  /// threads of their own: they run inside the matmul's).
  SmallVector<linalg::LinalgOp> epilogueTiles;
  /// The border fills codegenWindow moves into its channel loop (erased
  /// when it succeeds): borderFillsOf the kernel at hand.
  SmallVector<linalg::FillOp> windowBorderFills;

  /// `cacheTiled`: `op` is already a cache tile (cacheTileAroundRemainder).
  void codegenMatmul(IRRewriter &rewriter, linalg::LinalgOp op, bool cacheTiled = false) {
    // This op's output: where its tiles read the fill, only this part of
    // the filled buffer needs it (a split's other parts may start from the
    // fill value in registers).
    Value output = op.getDpsInits()[0];
    if (!cacheTiled) {
      FailureOr<linalg::LinalgOp> inner = cacheTileAroundRemainder(rewriter, op);
      if (succeeded(inner)) {
        codegenMatmul(rewriter, *inner, /*cacheTiled=*/true);
        return;
      }
    }
    // A few columns (what a 14x14 or 7x7 map leaves over whole vectors):
    // dot products along the depth, where it is deep enough for their final
    // reductions (at k = 64, MobileNetV2's 384x64x196 ran 5% slower so).
    bool narrowDepth = false;
    if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation())) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      narrowDepth = !ShapedType::isDynamic(ranges[2]) && ranges[2] >= 8 * vectorWidth;
      bool threads = !cacheTiled && !ShapedType::isDynamic(ranges[0]) &&
                     !ShapedType::isDynamic(ranges[2]) &&
                     ranges[0] * ranges[2] >= minParallelElements;
      // All of the depth (not a depth block of a cache tile): the dot
      // products start from the fill value, and C is not read (the fill of
      // a Winograd or convolution output whose 14x14 map leaves 4 columns
      // over 3 x 64 was a pass of its own over the output, slower on two
      // threads than on one).
      TypedAttr init = initFill.value && ranges[2] == initFill.depth ? initFill.value : TypedAttr();
      if (narrowDepth && !ShapedType::isDynamic(ranges[1]) && ranges[1] <= pd::kMaxNarrowColumns &&
          succeeded(pd::codegenNarrowMatmul(rewriter, matmul, init,
                                            std::max<int64_t>(vectorWidth, 1), threads))) {
        if (!init)
          initFill.readBy(output); // C is read
        return;
      }
    }
    // An n not a multiple of the register tile would leave a partial tile,
    // which the vectorizer refuses (scalar loops, 10x slower): peel it off
    // into ops of full tiles: multiples of 64 columns, then power-of-two
    // widths (32, 16, ..., 1); a few columns over whole vectors (49 = 48 +
    // 1) go to codegenNarrowMatmul.
    {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      unsigned nDim = op.getNumLoops() - 2;
      int64_t nn = ranges[nDim];
      int64_t point = 0;
      int64_t rowsHere = ranges[nDim - 1];
      bool of48 = !ShapedType::isDynamic(nn) && !ShapedType::isDynamic(rowsHere) &&
                  prefersColumnsOf48(nn, rowsHere);
      if (!ShapedType::isDynamic(nn)) {
        if (of48 && nn % 48 != 0)
          point = nn - nn % 48;
        else if (!of48 && nn > 64 && nn % 64 != 0)
          point = nn - nn % 64;
        else if (narrowDepth && nn > 16 && nn < 64 && nn % 16 != 0 &&
                 nn % 16 <= pd::kMaxNarrowColumns)
          point = nn - nn % 16;
        else if (nn < 64 && !llvm::isPowerOf2_64(nn) &&
                 (nn < 16 || (nn % 16 == 0 && nn > registerTile()[1])))
          // Vectors of 12 lanes compile to shuffles (25x slower than 16).
          // 48 columns stay one register tile of 3 vectors of 16
          // (splitContractionColumns) where the register tile is that wide:
          // split into 32 + 16, the 16 columns' tile of 8 rows (as many as
          // rows 8 KB apart leave in the L1 cache) was 8 chains of FMAs,
          // each a broadcast load, and took 40% of a 7x7 layer's time for a
          // third of its work.
          point = (int64_t)llvm::bit_floor((uint64_t)nn);
      }
      if (point > 0 && cacheTiled && narrowColumnsInTile &&
          codegenWithNarrowRest(rewriter, op, point))
        return;
      if (point > 0) {
        FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>> parts =
            splitAlong(rewriter, op, nDim, point, nn);
        if (succeeded(parts)) {
          codegenMatmul(rewriter, parts->first, cacheTiled);
          codegenMatmul(rewriter, parts->second, cacheTiled);
          return;
        }
      }
      // Likewise rows: m = 197 (a ViT's tokens) is 192 rows of 6-row tiles
      // and 5 rows.
      unsigned mDim = nDim - 1;
      int64_t m = ranges[mDim];
      int64_t rows = ShapedType::isDynamic(m) || ShapedType::isDynamic(nn)
                         ? registerTile()[0]
                         : registerRows(m, registerColumns(nn, m), rowsWithoutSetConflicts(op));
      if (!ShapedType::isDynamic(m) && m > rows && m % rows != 0) {
        FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>> parts =
            splitAlong(rewriter, op, mDim, m - m % rows, m);
        if (succeeded(parts)) {
          codegenMatmul(rewriter, parts->first, cacheTiled);
          codegenMatmul(rewriter, parts->second, cacheTiled);
          return;
        }
      }
      // Cache tiles of rows must divide m; where the only ones near the
      // target size are a few register rows (2046 = 2 x 3 x 11 x 31 rows:
      // tiles of 6), each tile streamed all of the right operand from
      // memory (2048^3 ran at a third of OpenBLAS's speed): the rows past
      // the last whole tile of the target's size go to an op of their own.
      int64_t cacheRows = cacheTile()[0];
      if (!cacheTiled && !ShapedType::isDynamic(m) && !ShapedType::isDynamic(nn) &&
          m > cacheRows && rows < cacheRows && 2 * fitTile(m, cacheRows, rows) < cacheRows) {
        int64_t want = cacheRows - cacheRows % rows;
        if (m % want != 0) {
          FailureOr<std::pair<linalg::LinalgOp, linalg::LinalgOp>> parts =
              splitAlong(rewriter, op, mDim, m - m % want, m);
          if (succeeded(parts)) {
            codegenMatmul(rewriter, parts->first, cacheTiled);
            codegenMatmul(rewriter, parts->second, cacheTiled);
            return;
          }
        }
      }
    }
    SmallVector<int64_t> reg = registerTile(), cache = cacheTile();
    unsigned n = op.getNumLoops();
    unsigned batch = n - 3;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    // Static m/n/k only (else leave it to loops).
    for (int64_t r : ranges)
      if (ShapedType::isDynamic(r)) {
        initFill.readBy(output);
        return;
      }
    auto sizesFor = [&](int64_t b, int64_t m, int64_t nn, int64_t k) {
      SmallVector<int64_t> s(batch, b);
      s.append({m, nn, k});
      return s;
    };
    int64_t m = ranges[batch], nn = ranges[batch + 1], k = ranges[batch + 2];
    int64_t rn = registerColumns(nn, m),
            rm = std::min(registerRows(m, rn, rowsWithoutSetConflicts(op)), m);
    bool maskedColumns = rn > nn;
    int64_t cm = fitTile(m, cache[0], rm), cn = fitTile(nn, cache[1], rn);
    int64_t ck = fitTile(k, cache[2], 1);
    if (!cacheTiled && batch == 0)
      cm = rowsForThreads(m, nn, k, cm, cn, 1);
    if (!cacheTiled && batch == 0)
      vectorMatrixTiles(m, nn, k, rn, cn, ck);
    SmallVector<Operation *> cacheLoops;
    Operation *cacheDepthLoop = nullptr;
    FailureOr<linalg::LinalgOp> cur =
        cacheTiled ? FailureOr<linalg::LinalgOp>(op)
                   : tileForCache(rewriter, op, cm, cn, ck, &cacheLoops, &cacheDepthLoop);
    if (succeeded(cur) && (!cacheLoops.empty() || cacheDepthLoop))
      packRightPanel(rewriter, *cur, rm,
                     !cacheLoops.empty() ? cacheLoops.front() : cacheDepthLoop);
    // The cache tile may have lost its unit batch dims (matmulOfOneBatch).
    if (succeeded(cur)) {
      batch = cur->getNumLoops() - 3;
      cur = tile(rewriter, *cur, sizesFor(1, rm, maskedColumns ? 0 : rn, 0),
                 linalg::LinalgTilingLoopType::Loops);
    }
    SmallVector<Operation *> depthLoops;
    if (succeeded(cur))
      cur = tile(rewriter, *cur, sizesFor(0, 0, 0, 1), linalg::LinalgTilingLoopType::Loops,
                 &depthLoops);
    if (failed(cur)) {
      initFill.readBy(output);
      return;
    }
    SmallVector<int64_t> vec(batch, 1);
    vec.append({rm, rn, 1});
    Value accumulator = cur->getDpsInits()[0];
    // The register tile's rows of the left operand (all of its depth), for
    // the prefetches of the next tile's rows.
    Value leftRows;
    if (depthLoops.size() == 1)
      if (auto view = cur->getDpsInputs()[0].getDefiningOp<memref::SubViewOp>())
        if (depthLoops.front()->isProperAncestor(view))
          leftRows = view.getSource();
    if (failed(vectorizeOp(rewriter, *cur, vec, /*contraction=*/true))) {
      initFill.readBy(output);
      return;
    }
    SmallVector<vector::TransferReadOp> initial;
    bool allHoisted = false;
    if (depthLoops.size() == 1)
      if (auto loop = dyn_cast<scf::ForOp>(depthLoops.front())) {
        if (maskedColumns)
          unmaskStaticTile(rewriter, loop);
        splitContractionColumns(rewriter, loop);
        initial = keepAccumulatorsInRegisters(rewriter, loop, accumulator, allHoisted);
        // The depth loop, carrying the accumulators where they were hoisted.
        if (prefetchRows && leftRows)
          prefetchNextRows(rewriter,
                           !initial.empty() ? cast<scf::ForOp>(this->depthLoops.back()) : loop,
                           leftRows, rm);
        if (!initial.empty() && epilogueOfTile.tail)
          prefetchEpilogueLines(
              rewriter, cast<scf::ForOp>(this->depthLoops.back()), initial.front().getBase(),
              VectorType::get({rm, rn}, initial.front().getVectorType().getElementType()));
      }
    // A depth loop over all of k starts from the fill value: the tile's
    // accumulators need not be read (nor the buffer filled beforehand).
    int64_t depth = cacheTiled ? k : ck;
    // (An accumulator left in the loop reads the buffer: it keeps the fill.)
    if (initFill.value && !initial.empty() && depth == initFill.depth &&
        llvm::none_of(initial, [](vector::TransferReadOp r) { return bool(r.getMask()); })) {
      for (vector::TransferReadOp read : initial) {
        rewriter.setInsertionPoint(read);
        rewriter.replaceOpWithNewOp<arith::ConstantOp>(
            read, DenseElementsAttr::get(read.getVectorType(), initFill.value));
      }
      if (!allHoisted)
        initFill.readBy(output);
    } else {
      initFill.readBy(output);
    }
  }

  /// The most stack accumulators of codegenWithNarrowRest's register tiles.
  static constexpr int64_t kMaxNarrowAccumulators = 16;

  /// A cache tile `op` (a linalg.matmul [m, n] x k on buffers) whose first
  /// `columns` columns are register tiles and whose few other columns (up
  /// to kMaxNarrowColumns: the 1 of a 7x7 map's 49 = 48 + 1) would be dot
  /// products along k (codegenNarrowMatmul): a loop over the register
  /// tiles' rows, each a matmul of `columns` columns whose (first) depth
  /// loop also accumulates its rows' dot products with the other columns
  /// (pd::accumulateNarrowColumnsInDepthLoop), from a copy of them
  /// contiguous along k made once for the cache tile. As a pass of its own
  /// after the register tiles, the dot products read every row of A again
  /// from the L2 cache: 5-8% of ResNet-50's and MobileNetV2's 7x7 layers.
  /// False, changing nothing, where the shapes do not fit.
  bool codegenWithNarrowRest(IRRewriter &rewriter, linalg::LinalgOp op, int64_t columns) {
    auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation());
    if (!matmul || !matmul.hasPureBufferSemantics() ||
        matmul.getIndexingMapsArray() != matmul.getDefaultIndexingMaps(op.getContext()))
      return false;
    Value a = op.getDpsInputs()[0], b = op.getDpsInputs()[1], c = op.getDpsInits()[0];
    auto aType = dyn_cast<MemRefType>(a.getType());
    auto bType = dyn_cast<MemRefType>(b.getType());
    auto cType = dyn_cast<MemRefType>(c.getType());
    SmallVector<int64_t> aStrides;
    int64_t aOffset;
    if (!aType || !bType || !cType || !aType.hasStaticShape() || !bType.hasStaticShape() ||
        !cType.hasStaticShape() || !aType.getElementType().isF32() ||
        !bType.getElementType().isF32() || !cType.getElementType().isF32() ||
        failed(aType.getStridesAndOffset(aStrides, aOffset)) || aStrides[1] != 1)
      return false;
    int64_t m = cType.getDimSize(0), nn = cType.getDimSize(1), k = aType.getDimSize(1);
    int64_t rest = nn - columns, width = vectorWidth;
    if (rest < 1 || rest > pd::kMaxNarrowColumns || width < 4 || k % width != 0 ||
        k < 8 * width)
      return false;
    int64_t rows =
        std::min(registerRows(m, registerColumns(columns, m), rowsWithoutSetConflicts(op)), m);
    // Accumulators on the stack: each multiply-add of the few columns loads
    // and stores one, which only pays where they are few (8 x 1: a 7x7
    // map's last column). With 8 x 4 (196 = 192 + 4) ResNet-50 ran 2%
    // slower and MobileNetV2 5% than with a pass of dot products in
    // registers.
    if (rows < 1 || m % rows != 0 || rows * rest > kMaxNarrowAccumulators)
      return false;
    // The other columns start from the fill value where this is all of the
    // depth (C is then not read), else from C.
    TypedAttr init = initFill.value && k == initFill.depth ? initFill.value : TypedAttr();
    Location loc = op.getLoc();
    rewriter.setInsertionPoint(op);
    auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
    Type f32 = rewriter.getF32Type();
    Value bt = pd::copyColumnsAlongDepth(rewriter, loc, b, columns, rest);
    Value acc = memref::AllocaOp::create(rewriter, loc, MemRefType::get({rows * rest, width}, f32),
                                         rewriter.getI64IntegerAttr(64));
    auto loop = scf::ForOp::create(rewriter, loc, index(0), index(m), index(rows));
    rewriter.setInsertionPointToStart(loop.getBody());
    Value row = loop.getInductionVar();
    auto view = [&](Value base, OpFoldResult r, OpFoldResult col, int64_t h, int64_t w) {
      return memref::SubViewOp::create(rewriter, loc, base, ArrayRef<OpFoldResult>{r, col},
                                       ArrayRef<OpFoldResult>{rewriter.getIndexAttr(h),
                                                              rewriter.getIndexAttr(w)},
                                       ArrayRef<OpFoldResult>{rewriter.getIndexAttr(1),
                                                              rewriter.getIndexAttr(1)})
          .getResult();
    };
    OpFoldResult zero = rewriter.getIndexAttr(0);
    Value aRows = view(a, row, zero, rows, k);
    Value cRest = view(c, row, rewriter.getIndexAttr(columns), rows, rest);
    auto tile = linalg::MatmulOp::create(
        rewriter, loc, ValueRange{aRows, view(b, zero, zero, k, columns)},
        ValueRange{view(c, row, zero, rows, columns)});
    size_t before = depthLoops.size();
    codegenMatmul(rewriter, cast<linalg::LinalgOp>(tile.getOperation()), /*cacheTiled=*/true);
    auto depth = depthLoops.size() > before ? dyn_cast<scf::ForOp>(depthLoops.back()) : nullptr;
    // The depth loop of the first register tile of columns, where there are
    // several (193 = 4 x 48 + 1).
    std::optional<Value> once =
        depth && loop->isProperAncestor(depth) ? firstRunCondition(rewriter, depth, loop)
                                               : std::nullopt;
    if (!once || failed(pd::accumulateNarrowColumnsInDepthLoop(rewriter, depth, aRows, bt, acc,
                                                               cRest, rows, rest, width, init,
                                                               *once))) {
      // The tile's code is not one depth loop: the other columns as a
      // matmul of their own in each block of rows (the copy is then dead).
      rewriter.setInsertionPoint(loop.getBody()->getTerminator());
      auto narrow = linalg::MatmulOp::create(
          rewriter, loc, ValueRange{aRows, view(b, zero, rewriter.getIndexAttr(columns), k, rest)},
          ValueRange{cRest});
      codegenMatmul(rewriter, cast<linalg::LinalgOp>(narrow.getOperation()), /*cacheTiled=*/true);
    } else if (!init) {
      initFill.readBy(c); // C is read
    }
    rewriter.eraseOp(op);
    return true;
  }

  /// Where `op` runs in each iteration of its ancestor `loop` inside loops
  /// of constant bounds (nothing else in between): the condition, built
  /// before `op`, that holds in the first iteration of each loop between
  /// with more than one (null where all have one). None where `op` is not
  /// so nested.
  static std::optional<Value> firstRunCondition(RewriterBase &rewriter, Operation *op,
                                                Operation *loop) {
    SmallVector<scf::ForOp> several;
    for (Operation *parent = op->getParentOp(); parent != loop; parent = parent->getParentOp()) {
      auto between = dyn_cast_or_null<scf::ForOp>(parent);
      if (!between)
        return std::nullopt;
      std::optional<int64_t> lower = getConstantIntValue(between.getLowerBound()),
                             upper = getConstantIntValue(between.getUpperBound()),
                             step = getConstantIntValue(between.getStep());
      if (!lower || !upper || !step || *step <= 0 || *upper <= *lower)
        return std::nullopt;
      if (*upper - *lower > *step)
        several.push_back(between);
    }
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(op);
    Value condition;
    for (scf::ForOp between : several) {
      Value first = arith::CmpIOp::create(rewriter, op->getLoc(), arith::CmpIPredicate::eq,
                                          between.getInductionVar(), between.getLowerBound());
      condition = condition ? arith::AndIOp::create(rewriter, op->getLoc(), condition, first)
                            : first;
    }
    return condition;
  }

  /// A register tile whose columns are whole vectors but not a power of two
  /// of them (48 = 3 x 16): its contraction and the accumulator's read and
  /// write become one per row and vector of 16 columns, the right operand's
  /// row one read per vector (upstream's vector unrolling), so that LLVM
  /// sees legal vector types: vectors of 48 lanes reach it as scalar loads
  /// (25x slower).
  void splitContractionColumns(IRRewriter &rewriter, scf::ForOp loop) {
    constexpr int64_t lanes = 16;
    auto split = [](VectorType type) {
      return type && type.getRank() >= 1 && type.getShape().back() > lanes &&
             type.getShape().back() % lanes == 0 &&
             !llvm::isPowerOf2_64(type.getShape().back());
    };
    if (llvm::none_of(loop.getBody()->getOps<vector::ContractionOp>(),
                      [&](vector::ContractionOp c) {
                        return split(dyn_cast<VectorType>(c.getResultType()));
                      }))
      return;
    vector::UnrollVectorOptions options;
    Operation *body = loop.getOperation();
    options.setFilterConstraint([&, body](Operation *op) {
      if (op->getParentOp() != body)
        return failure();
      if (auto c = dyn_cast<vector::ContractionOp>(op))
        return success(split(dyn_cast<VectorType>(c.getResultType())));
      if (auto r = dyn_cast<vector::TransferReadOp>(op))
        return success(split(r.getVectorType()));
      if (auto w = dyn_cast<vector::TransferWriteOp>(op))
        return success(split(w.getVectorType()));
      return failure();
    });
    options.setNativeShapeFn([&](Operation *op) -> std::optional<SmallVector<int64_t>> {
      if (auto c = dyn_cast<vector::ContractionOp>(op)) {
        // The iteration space (batch, m, n, k): 1 for each dim of the
        // accumulator but its last (n), 16 for that, all of k.
        SmallVector<int64_t> shape;
        c.getIterationBounds(shape);
        AffineMap accMap = c.getIndexingMapsArray()[2];
        if (accMap.getNumResults() == 0)
          return std::nullopt;
        // One row by 16 columns each, in row order: each broadcast of a
        // left operand's element feeds its row's FMAs and dies (per 16
        // columns of all rows, the 8 broadcasts stayed live next to the 24
        // accumulators: spills).
        for (AffineExpr e : accMap.getResults())
          if (auto d = dyn_cast<AffineDimExpr>(e))
            shape[d.getPosition()] = 1;
        auto last = dyn_cast<AffineDimExpr>(accMap.getResults().back());
        if (!last)
          return std::nullopt;
        shape[last.getPosition()] = lanes;
        return shape;
      }
      VectorType type;
      if (auto r = dyn_cast<vector::TransferReadOp>(op))
        type = r.getVectorType();
      else if (auto w = dyn_cast<vector::TransferWriteOp>(op))
        type = w.getVectorType();
      if (!type)
        return std::nullopt;
      SmallVector<int64_t> shape(type.getRank(), 1);
      shape.back() = lanes;
      return shape;
    });
    RewritePatternSet patterns(rewriter.getContext());
    vector::populateVectorUnrollPatterns(patterns, options);
    vector::ExtractStridedSliceOp::getCanonicalizationPatterns(patterns, rewriter.getContext());
    vector::InsertStridedSliceOp::getCanonicalizationPatterns(patterns, rewriter.getContext());
    // The loop body's ops and those the rewrites create (a loop is not
    // isolated from above: the whole-region driver does not apply).
    SmallVector<Operation *> ops;
    for (Operation &op : loop.getBody()->without_terminator())
      ops.push_back(&op);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    (void)applyOpPatternsGreedily(ops, std::move(patterns), config);
  }

  /// Prefetches of the left operand's rows that the next register tile
  /// reads (`rows` past those of `left`, the rows x depth this tile reads),
  /// one cache line per step of the depth loop: line k of those rows, row
  /// by row, which covers them when a row spans at most depth / rows lines.
  /// The register tile reads its rows as `rows` interleaved streams of a
  /// few lines each (a 1x1 convolution's 160 input channels: 10 lines),
  /// too short for the hardware prefetchers to follow: MobileNetV2's
  /// 160 -> 960 layer on a 7x7 map waited on its weights for 40% of its
  /// time. The last tile prefetches past the operand (a prefetch does not
  /// fault).
  void prefetchNextRows(IRRewriter &rewriter, scf::ForOp loop, Value left, int64_t rows) {
    auto type = dyn_cast<MemRefType>(left.getType());
    SmallVector<int64_t> strides;
    int64_t offset;
    if (!type || type.getRank() != 2 || !type.hasStaticShape() ||
        failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1 ||
        ShapedType::isDynamic(strides[0]) || !type.getElementType().isIntOrFloat())
      return;
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                           step = getConstantIntValue(loop.getStep()),
                           upper = getConstantIntValue(loop.getUpperBound());
    int64_t depth = type.getDimSize(1);
    int64_t perLine = std::max<int64_t>(1, 512 / type.getElementTypeBitWidth());
    int64_t lines = llvm::divideCeil(depth, perLine);
    if (!lower || !step || !upper || *lower != 0 || *step != 1 || *upper != depth ||
        lines * rows > depth)
      return;
    Location loc = loop.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    auto [row, column] =
        lineInRows(rewriter, loc, loop.getInductionVar(),
                   arith::ConstantIndexOp::create(rewriter, loc, rows), Value(), lines, perLine);
    memref::PrefetchOp::create(rewriter, loc, left, ValueRange{row, column},
                               /*isWrite=*/false, /*localityHint=*/3,
                               /*isDataCache=*/true);
  }

  /// Where line `line` of a block of rows, `linesPerRow` cache lines of
  /// `perLine` elements each, starts: row `firstRow` + line / linesPerRow,
  /// column (line % linesPerRow) * perLine (+ `firstColumn` if given). Built
  /// at the insertion point: what a depth loop's step prefetches.
  std::pair<Value, Value> lineInRows(IRRewriter &rewriter, Location loc, Value line,
                                     Value firstRow, Value firstColumn, int64_t linesPerRow,
                                     int64_t perLine) {
    Value lineCount = arith::ConstantIndexOp::create(rewriter, loc, linesPerRow);
    Value row = arith::AddIOp::create(
        rewriter, loc, arith::DivUIOp::create(rewriter, loc, line, lineCount), firstRow);
    Value column = arith::MulIOp::create(
        rewriter, loc, arith::RemUIOp::create(rewriter, loc, line, lineCount),
        arith::ConstantIndexOp::create(rewriter, loc, perLine));
    if (firstColumn)
      column = arith::AddIOp::create(rewriter, loc, column, firstColumn);
    return {row, column};
  }

  /// The epilogue of the cache tile whose register tiles codegenMatmul is
  /// generating, where the tile computes into a stack buffer of its own
  /// (resultInTileBuffer): the tile's epilogue and its view of that buffer
  /// (the tile's result: [rows, columns], maybe after unit dims).
  struct TileEpilogue {
    linalg::GenericOp tail;
    Value result;
  } epilogueOfTile;

  /// Prefetches, one cache line of each per step of a register tile's
  /// depth loop `loop`, of the lines its part of the cache tile's epilogue
  /// (epilogueOfTile) reads from its other inputs (a residual) and writes
  /// (its output): `accumulator` is the register tile's view of the tile's
  /// result and `tile` its vector. The epilogue runs after the whole cache
  /// tile, streaming those rows from memory while the FMA units idle: a
  /// 1x1 convolution adding a residual at batch 8 (ResNet-50's 64 -> 256
  /// on 56x56) spent as long there as in its register tiles. Prefetched
  /// during the register tiles, the lines arrive while they compute, and
  /// the epilogue finds them in the L2 cache. Lines past the depth loop's
  /// steps are left to the epilogue's own prefetches.
  void prefetchEpilogueLines(IRRewriter &rewriter, scf::ForOp loop, Value accumulator,
                             VectorType tile) {
    linalg::GenericOp tail = epilogueOfTile.tail;
    auto resultType = dyn_cast<MemRefType>(epilogueOfTile.result.getType());
    std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                           step = getConstantIntValue(loop.getStep());
    if (!resultType || resultType.getRank() < 2 || tile.getRank() != 2 || !lower ||
        *lower != 0 || !step || *step != 1 || !resultType.getElementType().isIntOrFloat())
      return;
    int64_t rank = resultType.getRank();
    int64_t rows = resultType.getDimSize(rank - 2), columns = resultType.getDimSize(rank - 1);
    // The epilogue's operands read or written like its output: [rows,
    // columns], [1, rows, columns] or the NCHW image [1, rows, H, W] with
    // H * W = columns.
    SmallVector<std::pair<Value, bool>> targets; // (operand, written)
    Value bufferRoot = pd::bufferRoot(epilogueOfTile.result);
    for (OpOperand &operand : tail->getOpOperands()) {
      bool written = tail.isDpsInit(&operand);
      auto type = dyn_cast<MemRefType>(operand.get().getType());
      if (!type || !tail.getMatchingIndexingMap(&operand).isIdentity() ||
          pd::bufferRoot(operand.get()) == bufferRoot || !type.hasStaticShape())
        continue;
      ArrayRef<int64_t> shape = type.getShape();
      bool fits = (shape.size() == 2 && shape[0] == rows && shape[1] == columns) ||
                  (shape.size() == 3 && shape[0] == 1 && shape[1] == rows &&
                   shape[2] == columns) ||
                  (shape.size() == 4 && shape[0] == 1 && shape[1] == rows &&
                   shape[2] * shape[3] == columns);
      if (!fits)
        continue;
      targets.push_back({operand.get(), written});
    }
    if (targets.empty() || targets.size() > 3)
      return;
    int64_t perLine = std::max<int64_t>(1, 512 / resultType.getElementTypeBitWidth());
    int64_t linesPerRow = llvm::divideCeil(tile.getDimSize(1), perLine);
    int64_t lines = tile.getDimSize(0) * linesPerRow;
    Location loc = loop.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(loop);
    std::optional<SmallVector<Value>> offsets =
        pd::offsetsIn(rewriter, loc, accumulator, epilogueOfTile.result);
    if (!offsets)
      return;
    Value row0 = (*offsets)[rank - 2], column0 = (*offsets)[rank - 1];
    rewriter.setInsertionPointToStart(loop.getBody());
    auto constant = [&](int64_t v) { return arith::ConstantIndexOp::create(rewriter, loc, v); };
    Value line = loop.getInductionVar();
    std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
    if (!upper) {
      line = arith::RemUIOp::create(rewriter, loc, line, constant(lines));
    } else if (*upper > lines) {
      // More steps than lines: line k / spacing at every spacing-th step
      // (a power of two: a mask and a shift), each line once, spread over
      // the loop. Line k mod `lines` at every step computed its address
      // (divisions by the image width) in each step of the FMA loop, whose
      // issue slots it shared: without the prefetches ResNet-50 ran 1.8%
      // faster at batch 1.
      int64_t spacing = (int64_t)llvm::bit_floor((uint64_t)(*upper / lines));
      Value k = loop.getInductionVar();
      Value phase = arith::AndIOp::create(rewriter, loc, k, constant(spacing - 1));
      Value due =
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq, phase, constant(0));
      if (lines * spacing < *upper)
        due = arith::AndIOp::create(rewriter, loc,
                                    arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                                          k, constant(lines * spacing)),
                                    due);
      auto guard = scf::IfOp::create(rewriter, loc, due, /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(guard.thenBlock());
      if (spacing > 1)
        line = arith::ShRUIOp::create(rewriter, loc, k, constant(llvm::Log2_64(spacing)));
    }
    auto [row, column] = lineInRows(rewriter, loc, line, row0, column0, linesPerRow, perLine);
    Value zero = constant(0);
    for (auto [target, written] : targets) {
      ArrayRef<int64_t> shape = cast<MemRefType>(target.getType()).getShape();
      SmallVector<Value> indices;
      if (shape.size() == 2)
        indices = {row, column};
      else if (shape.size() == 3)
        indices = {zero, row, column};
      else
        indices = {zero, row, arith::DivUIOp::create(rewriter, loc, column, constant(shape[3])),
                   arith::RemUIOp::create(rewriter, loc, column, constant(shape[3]))};
      memref::PrefetchOp::create(rewriter, loc, target, indices, /*isWrite=*/written,
                                 /*localityHint=*/3, /*isDataCache=*/true);
    }
  }

  /// The right operand of a matmul's cache tile copied into a contiguous
  /// panel of its own (on the stack, once per thread) before the register
  /// tiles read it, where its rows are a multiple of 2 KB apart: the
  /// register tiles read a few cache lines of each row, and rows 4 KB
  /// apart (a [1024, 1024] weight) all fall into the same few sets of the
  /// L1 and L2 caches, which then hold a small part of the tile: a 2048^3
  /// matmul ran at a third of OpenBLAS's speed. Rows 1 or 3 KB apart (a
  /// ViT's MLP weight of 768 floats) start at four different 1 KB offsets
  /// in turn, which the caches' ways absorb: copying them cost DeiT-tiny
  /// 2.5% (interleaved, 1 and 2 threads) and BERT nothing. Only where the
  /// tile's rows of register tiles (at least 4) reuse the panel enough to
  /// pay for the copy.
  void packRightPanel(IRRewriter &rewriter, linalg::LinalgOp tile, int64_t registerRows,
                      Operation *outermost) {
    auto matmul = dyn_cast<linalg::MatmulOp>(tile.getOperation());
    if (!matmul)
      return;
    OpOperand *operand = tile.getDpsInputOperand(1);
    auto type = dyn_cast<MemRefType>(operand->get().getType());
    auto resultType = dyn_cast<MemRefType>(tile.getDpsInits()[0].getType());
    if (!type || !resultType || !type.hasStaticShape() || !resultType.hasStaticShape() ||
        type.getRank() != 2 || resultType.getDimSize(0) < 4 * registerRows)
      return;
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1 ||
        ShapedType::isDynamic(strides[0]) || strides[0] <= type.getDimSize(1))
      return;
    int64_t rowBytes = strides[0] * (type.getElementTypeBitWidth() / 8);
    if (rowBytes % 2048 != 0)
      return;
    int64_t depth = type.getDimSize(0), columns = type.getDimSize(1);
    Location loc = tile.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    Value panel = pd::allocatePanelForTiles(rewriter, loc, type.getShape(),
                                            type.getElementType(), outermost);
    rewriter.setInsertionPoint(tile);
    pd::RowAccess rows(rewriter, loc, type.getElementType(),
                       pd::RowAccess::widthFor(columns, std::max<int64_t>(vectorWidth, 1)),
                       /*stride=*/1);
    Value k = rows.loop(depth, 1);
    Value x = rows.loop(columns, rows.width);
    Value count = rows.count(x, columns);
    Value mask = rows.mask(count, rows.width);
    rows.write(rows.read(operand->get(), ValueRange{k, x}, count, mask), panel,
               ValueRange{k, x}, mask);
    rewriter.modifyOpInPlace(tile, [&] { operand->set(panel); });
  }

  /// The constant fill of a matmul's output right before it (the zeros a
  /// convolution or linear layer accumulates into), while the matmul is
  /// code-generated: `readers` are the outputs of the parts of the matmul
  /// (all of it, or the ops it was split into) whose tiles still read the
  /// filled buffer.
  struct {
    TypedAttr value;
    int64_t depth = 0;
    SmallVector<Value> readers;
    void readBy(Value output) { readers.push_back(output); }
    bool needed() const { return !readers.empty(); }
  } initFill;

  /// Where only some parts of a split matmul read its fill (a ViT's 197
  /// tokens: 192 rows of register tiles that start from the fill value and
  /// a 5-row remainder that accumulates in memory), fills of those parts'
  /// outputs, each right before its part (after the view that defines it),
  /// instead of `fill` over the whole buffer: DeiT-tiny filled 197 x 576,
  /// 197 x 768 and 197 x 192 buffers with zeros in every layer (without
  /// those fills it ran 1.1% faster on one thread). The new fills join
  /// `elementwise`. Returns whether
  /// it did (the caller then erases `fill`); false where a reader is the
  /// whole buffer or its view is not defined in the fill's block.
  bool fillOnlyReaders(IRRewriter &rewriter, linalg::FillOp fill,
                       SmallVectorImpl<linalg::LinalgOp> &elementwise) {
    Value whole = fill.getDpsInits()[0];
    SmallVector<Value> parts;
    for (Value reader : initFill.readers) {
      Operation *def = reader.getDefiningOp();
      if (reader == whole || !def || def->getBlock() != fill->getBlock() ||
          pd::bufferRoot(reader) != pd::bufferRoot(whole))
        return false;
      if (!llvm::is_contained(parts, reader))
        parts.push_back(reader);
    }
    Value value = fill.getInputs()[0];
    for (Value part : parts) {
      Operation *def = part.getDefiningOp();
      if (def->isBeforeInBlock(fill))
        rewriter.setInsertionPoint(fill);
      else
        rewriter.setInsertionPointAfter(def);
      elementwise.push_back(cast<linalg::LinalgOp>(
          linalg::FillOp::create(rewriter, fill.getLoc(), value, part).getOperation()));
    }
    return true;
  }

  /// The constant fill of all of `op`'s output right before it (past views).
  static linalg::FillOp initialFill(linalg::LinalgOp op) {
    Operation *prev = op->getPrevNode();
    while (prev && isa<ViewLikeOpInterface>(prev))
      prev = prev->getPrevNode();
    auto fill = dyn_cast_or_null<linalg::FillOp>(prev);
    if (!fill || !fill.hasPureBufferSemantics() ||
        fill.getDpsInits()[0] != op.getDpsInits()[0] ||
        !fill.getInputs()[0].getDefiningOp<arith::ConstantOp>())
      return nullptr;
    return fill;
  }

  /// In a register tile wider than its static buffers (49 columns in 64
  /// lanes), the vectorizer masks every transfer and the contraction with
  /// the buffers' bounds. Masked transfers of whole static buffers (indices
  /// 0, a constant mask equal to the shape) are out-of-bounds transfers:
  /// masked loads and stores after all, but plain ops that the accumulator
  /// can be hoisted through. The contraction (or multiply + reduction)
  /// needs no mask: its extra lanes multiply the reads' zero padding and
  /// are never stored.
  void unmaskStaticTile(IRRewriter &rewriter, scf::ForOp loop) {
    auto constantMask = [](Value mask) -> std::optional<SmallVector<int64_t>> {
      SmallVector<int64_t> sizes;
      if (auto c = mask.getDefiningOp<vector::ConstantMaskOp>()) {
        llvm::append_range(sizes, c.getMaskDimSizes());
        return sizes;
      }
      if (auto c = mask.getDefiningOp<vector::CreateMaskOp>()) {
        for (Value v : c.getOperands()) {
          std::optional<int64_t> size = getConstantIntValue(v);
          if (!size)
            return std::nullopt;
          sizes.push_back(*size);
        }
        return sizes;
      }
      return std::nullopt;
    };
    // A transfer of its whole static buffer with the buffer's bounds as mask.
    auto wholeBufferMask = [&](VectorTransferOpInterface xfer, Value mask) {
      auto type = dyn_cast<MemRefType>(xfer.getBase().getType());
      std::optional<SmallVector<int64_t>> sizes = constantMask(mask);
      AffineMap map = xfer.getPermutationMap();
      // Results: buffer dims, each at most once, or broadcasts (0).
      llvm::SmallBitVector seen(map.getNumDims());
      for (AffineExpr e : map.getResults()) {
        if (auto dim = dyn_cast<AffineDimExpr>(e)) {
          if (seen.test(dim.getPosition()))
            return false;
          seen.set(dim.getPosition());
        } else if (auto c = dyn_cast<AffineConstantExpr>(e); !c || c.getValue() != 0) {
          return false;
        }
      }
      if (!type || !type.hasStaticShape() || !sizes ||
          llvm::any_of(xfer.getIndices(), [](Value v) { return !isZeroInteger(v); }))
        return false;
      // The mask has one dim per buffer dim the map reads (in the buffer's
      // order; broadcast dims have none): the bound is min(vector, buffer).
      VectorType vecType = xfer.getVectorType();
      SmallVector<int64_t> bounds;
      for (int64_t i = 0; i < type.getRank(); ++i)
        for (int64_t d = 0; d < vecType.getRank(); ++d)
          if (auto dim = dyn_cast<AffineDimExpr>(map.getResult(d)); dim && dim.getPosition() == i)
            bounds.push_back(std::min(vecType.getDimSize(d), type.getDimSize(i)));
      return ArrayRef<int64_t>(*sizes) == ArrayRef<int64_t>(bounds);
    };
    SmallVector<vector::MaskOp> masks;
    loop->walk([&](vector::MaskOp m) { masks.push_back(m); });
    for (vector::MaskOp m : masks) {
      Operation *inner = m.getMaskableOp();
      if (!inner || m.hasPassthru())
        continue;
      rewriter.setInsertionPoint(m);
      Operation *plain = nullptr;
      if (auto read = dyn_cast<vector::TransferReadOp>(inner)) {
        if (!wholeBufferMask(read, m.getMask()))
          continue;
        plain = vector::TransferReadOp::create(rewriter, read.getLoc(), read.getVectorType(),
                                               read.getBase(), read.getIndices(),
                                               read.getPermutationMap(), read.getPadding(),
                                               /*mask=*/Value(), outOfBounds(read));
      } else if (auto write = dyn_cast<vector::TransferWriteOp>(inner)) {
        if (!wholeBufferMask(write, m.getMask()))
          continue;
        plain = vector::TransferWriteOp::create(
            rewriter, write.getLoc(), write.getVector(), write.getBase(), write.getIndices(),
            AffineMapAttr::get(write.getPermutationMap()), /*mask=*/Value(), outOfBounds(write));
      } else if (isa<vector::ContractionOp, vector::MultiDimReductionOp>(inner)) {
        plain = rewriter.clone(*inner);
      } else {
        continue;
      }
      rewriter.replaceOp(m, plain->getResults());
    }
  }

  /// in_bounds for a whole-buffer transfer: false where the vector is longer.
  static ArrayAttr outOfBounds(VectorTransferOpInterface xfer) {
    auto type = cast<MemRefType>(xfer.getBase().getType());
    VectorType vecType = xfer.getVectorType();
    AffineMap map = xfer.getPermutationMap();
    SmallVector<bool> inBounds;
    for (int64_t d = 0; d < vecType.getRank(); ++d)
      inBounds.push_back(!isa<AffineDimExpr>(map.getResult(d)) ||
                         vecType.getDimSize(d) <= type.getDimSize(map.getDimPosition(d)));
    return Builder(xfer.getContext()).getBoolArrayAttr(inBounds);
  }

  /// The multiply-adds of a register tile may fuse into FMAs (one rounding
  /// instead of two, as every BLAS computes them). Where the vectorizer
  /// emitted mulf + addf rather than vector.contract (a contraction with a
  /// broadcast operand, e.g. a convolution's im2col), LLVM fuses them only
  /// with the `contract` fast-math flag.
  void allowFma(Operation *loop) {
    loop->walk([](Operation *op) {
      if (isa<arith::MulFOp, arith::AddFOp>(op))
        if (auto fm = dyn_cast<arith::ArithFastMathInterface>(op))
          op->setAttr(fm.getFastMathAttrName(),
                      arith::FastMathFlagsAttr::get(op->getContext(),
                                                    arith::FastMathFlags::contract));
    });
  }

  /// The register tile's accumulators (one, or one per vector of columns
  /// where splitContractionColumns split the tile): read before the depth
  /// loop, carried through it, written after it. Upstream's hoisting must
  /// assume that the input and output buffers may alias; here the output is
  /// the matmul's own init buffer, which the lowering never aliases with
  /// its inputs. Returns the hoisted reads (none where they stay); `all`
  /// tells whether every accumulator was.
  SmallVector<vector::TransferReadOp>
  keepAccumulatorsInRegisters(IRRewriter &rewriter, scf::ForOp loop, Value accumulator,
                              bool &all) {
    all = false;
    moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
    depthLoops.push_back(loop);
    // (read, write) of each contraction's accumulator: one per vector of
    // columns where splitContractionColumns split the tile.
    SmallVector<std::pair<vector::TransferReadOp, vector::TransferWriteOp>> pairs;
    for (Operation &op : loop.getBody()->without_terminator()) {
      if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
        vector::TransferReadOp read = contract.getAcc().getDefiningOp<vector::TransferReadOp>();
        vector::TransferWriteOp write;
        for (Operation *user : contract->getUsers())
          if (auto w = dyn_cast<vector::TransferWriteOp>(user))
            write = w;
        pairs.push_back({read, write});
      }
    }
    // No vector.contract (mulf + addf on broadcasts): the accumulator is the
    // one read and the one write of the tile's output buffer.
    if (pairs.empty()) {
      vector::TransferReadOp read;
      vector::TransferWriteOp write;
      int reads = 0, writes = 0;
      for (Operation &op : loop.getBody()->without_terminator()) {
        if (auto r = dyn_cast<vector::TransferReadOp>(op); r && r.getBase() == accumulator) {
          read = r;
          ++reads;
        }
        if (auto w = dyn_cast<vector::TransferWriteOp>(op); w && w.getBase() == accumulator) {
          write = w;
          ++writes;
        }
      }
      if (reads != 1 || writes != 1 || !read->isBeforeInBlock(write))
        return {};
      pairs.push_back({read, write});
    }
    SmallVector<vector::TransferReadOp> hoisted;
    all = true;
    for (auto [read, write] : pairs) {
      auto current = cast<scf::ForOp>(depthLoops.back());
      if (!read || !write || read->getParentOp() != current ||
          write->getParentOp() != current || read.getBase() != write.getBase() ||
          getAsOpFoldResult(read.getIndices()) != getAsOpFoldResult(write.getIndices()) ||
          !current.isDefinedOutsideOfLoop(read.getBase()) ||
          llvm::any_of(read.getIndices(),
                       [&](Value v) { return !current.isDefinedOutsideOfLoop(v); }) ||
          (read.getMask() && !current.isDefinedOutsideOfLoop(read.getMask())) ||
          !current.isDefinedOutsideOfLoop(read.getPadding()) || write.getMask()) {
        all = false;
        continue;
      }
      read->moveBefore(current);
      write->moveAfter(current);
      Value stored = write.getValueToStore();
      FailureOr<LoopLikeOpInterface> newLoop =
          cast<LoopLikeOpInterface>(current.getOperation())
              .replaceWithAdditionalYields(
                  rewriter, read.getResult(), /*replaceInitOperandUsesInLoop=*/true,
                  [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
                    return SmallVector<Value>{stored};
                  });
      if (failed(newLoop)) {
        all = false;
        break;
      }
      depthLoops.back() = newLoop->getOperation();
      write.getValueToStoreMutable().assign(newLoop->getLoopResults()->back());
      hoisted.push_back(read);
    }
    return hoisted;
  }

  /// The depth loops of the register tiles (for allowFma, once the vector
  /// patterns have settled).
  SmallVector<Operation *> depthLoops;

  /// Depthwise convolution, NCHW (`linalg.depthwise_conv_2d_nchw_chw`):
  /// a window kernel with the filter's weights (codegenWindow).
  bool codegenDepthwise(IRRewriter &rewriter, linalg::DepthwiseConv2DNchwChwOp op,
                        linalg::FillOp fill = nullptr, linalg::GenericOp epilogue = nullptr) {
    Value filter = op.getDpsInputs()[1];
    auto filterType = dyn_cast<MemRefType>(filter.getType());
    if (!filterType || !filterType.hasStaticShape() ||
        filterType.getElementType() != getElementTypeOrSelf(op.getDpsInits()[0].getType()))
      return false;
    return codegenWindow(rewriter, op, op.getDpsInputs()[0], filter, op.getDpsInits()[0],
                         filterType.getDimSize(1), filterType.getDimSize(2),
                         llvm::to_vector(op.getStrides().getValues<int64_t>()),
                         llvm::to_vector(op.getDilations().getValues<int64_t>()),
                         WindowCombine::MultiplyAdd, fill, epilogue);
  }

  /// 2-D max and sum pooling, NCHW (`linalg.pooling_nchw_max/sum`, which
  /// the vectorizer leaves alone: scalar loops, ResNet's 3x3/2 max pool of
  /// 64 x 112 x 112 took 860 us, 5.6x ONNX Runtime's time), generated like
  /// a depthwise convolution without weights (codegenWindow).
  bool codegenPooling(IRRewriter &rewriter, linalg::LinalgOp op, linalg::FillOp fill,
                      linalg::GenericOp epilogue) {
    auto window = dyn_cast<MemRefType>(op.getDpsInputs()[1].getType());
    if (!window || !window.hasStaticShape() || window.getRank() != 2)
      return false;
    DenseIntElementsAttr strides, dilations;
    WindowCombine combine;
    if (auto max = dyn_cast<linalg::PoolingNchwMaxOp>(op.getOperation())) {
      strides = max.getStrides();
      dilations = max.getDilations();
      combine = WindowCombine::Max;
    } else if (auto sum = dyn_cast<linalg::PoolingNchwSumOp>(op.getOperation())) {
      strides = sum.getStrides();
      dilations = sum.getDilations();
      combine = WindowCombine::Sum;
    } else {
      return false;
    }
    return codegenWindow(rewriter, op, op.getDpsInputs()[0], Value(), op.getDpsInits()[0],
                         window.getDimSize(0), window.getDimSize(1),
                         llvm::to_vector(strides.getValues<int64_t>()),
                         llvm::to_vector(dilations.getValues<int64_t>()), combine, fill,
                         epilogue);
  }

  /// How a window kernel combines its inputs: multiply-adds with weights
  /// (depthwise convolution), maximum or sum (pooling).
  enum class WindowCombine { MultiplyAdd, Max, Sum };

  /// A sliding-window kernel on NCHW buffers: depthwise convolution
  /// (`filter` [c, kh, kw]) or pooling (no filter). The vectorizer only
  /// handles channels-last 1-D convolutions, and the loops it leaves ran at
  /// 2.5 GFLOP/s. Generated directly: channels in parallel, then per output
  /// row `vector-width` columns at a time (fewer for short rows), the kh x kw
  /// window unrolled into FMAs (max, adds) on one register accumulator per
  /// kernel row, the weights broadcast, the inputs read contiguously
  /// (stride 1), deinterleaved from contiguous loads (strides 2-4) or
  /// gathered; the last columns of a row are masked.
  ///
  /// A constant `fill` of the output right before is the accumulators'
  /// initial value instead (the fill is erased); an `epilogue`
  /// (findRowEpilogue: bias and activation) runs on each row's
  /// accumulator before it is stored, and is erased; the kernel's own
  /// output is then stored only if something else may read it. Returns
  /// false, changing nothing, for kernels it does not handle.
  bool codegenWindow(IRRewriter &rewriter, linalg::LinalgOp op, Value input, Value filter,
                     Value output, int64_t kh, int64_t kw, ArrayRef<int64_t> strides,
                     ArrayRef<int64_t> dilations, WindowCombine combine, linalg::FillOp fill,
                     linalg::GenericOp epilogue) {
    auto inType = dyn_cast<MemRefType>(input.getType());
    auto outType = dyn_cast<MemRefType>(output.getType());
    if (!inType || !outType || !inType.hasStaticShape() || !outType.hasStaticShape() ||
        inType.getRank() != 4 || outType.getRank() != 4 ||
        !isa<FloatType>(outType.getElementType()) ||
        inType.getElementType() != outType.getElementType() ||
        !inType.isLastDimUnitStride() || !outType.isLastDimUnitStride() ||
        strides.size() != 2 || dilations.size() != 2 || kh < 1 || kw < 1)
      return false;
    int64_t n = outType.getDimSize(0), channels = outType.getDimSize(1),
            oh = outType.getDimSize(2), ow = outType.getDimSize(3);
    rewriter.setInsertionPoint(op);
    RowAccess rows(rewriter, op.getLoc(), outType.getElementType(),
                   RowAccess::widthFor(ow, std::max<int64_t>(vectorWidth, 1)), strides[1]);
    Location loc = op.getLoc();
    // Channels on threads when there is enough work (min-parallel-work)
    // or input to read (min-parallel-elements): a window kernel does a few
    // multiply-adds per element it loads. MobileNetV2's 3x3/2 depthwise
    // convolution of 576 channels on a 16x16 map (0.5 M multiply-adds, 147 K
    // inputs) ran 60 us on one thread while the other waited.
    bool threads = 2 * n * channels * oh * ow * kh * kw >= minParallelWork ||
                   (n * channels > 1 && inType.getNumElements() >= minParallelElements);
    // The padded input's border (windowBorderFills), zeroed in the parallel
    // loop, not by serial kernels of their own between two parallel ones,
    // a channel ahead of the reads (channelLoopsZeroingAhead).
    std::function<void(Value, Value)> zero;
    if (!windowBorderFills.empty())
      zero = [&](Value image, Value channel) {
        fillBorderPlanes(rewriter, loc, windowBorderFills, inType, image, channel);
      };
    auto [b, c] = rows.channelLoopsZeroingAhead(n, channels, threads, /*channelsFirst=*/false, zero);
    // The kh x kw weights of this channel, broadcast once.
    SmallVector<Value> weights;
    if (filter)
      for (int64_t i = 0; i < kh; ++i)
        for (int64_t j = 0; j < kw; ++j) {
          Value w = memref::LoadOp::create(rewriter, loc, filter,
                                           ValueRange{c, rows.index(i), rows.index(j)});
          weights.push_back(vector::BroadcastOp::create(rewriter, loc, rows.vecType, w));
        }
    Value row = rows.loop(oh, 1);
    Value col = rows.loop(ow, rows.width);
    Value count = rows.count(col, ow);
    Value mask = rows.mask(count, rows.width);
    Value acc =
        fill ? vector::BroadcastOp::create(rewriter, loc, rows.vecType, fill.getInputs()[0])
                   .getResult()
             : rows.read(output, ValueRange{b, c, row, col}, count, mask, /*contiguous=*/true);
    Value inRow0 = arith::MulIOp::create(rewriter, loc, row, rows.index(strides[0]));
    Value inCol0 = arith::MulIOp::create(rewriter, loc, col, rows.index(strides[1]));
    prefetchWindowRows(rewriter, loc, rows, input, b, c, inRow0, inCol0, kh, strides, dilations);
    auto add = [&](Value x, Value y) -> Value {
      return combine == WindowCombine::Max ? Value(arith::MaximumFOp::create(rewriter, loc, x, y))
                                           : Value(arith::AddFOp::create(rewriter, loc, x, y));
    };
    // One partial result per kernel row, combined at the end: kh chains of
    // kw FMAs instead of one chain of kh * kw (9 dependent FMAs held a 3x3
    // window to the FMA latency).
    SmallVector<Value> partial;
    for (int64_t i = 0; i < kh; ++i) {
      Value inRow = arith::AddIOp::create(rewriter, loc, inRow0, rows.index(i * dilations[0]));
      Value part = i == 0 ? acc : Value();
      SmallVector<Value> taps =
          rows.readTaps(input, ValueRange{b, c, inRow, inCol0}, count, mask, kw, dilations[1]);
      for (int64_t j = 0; j < kw; ++j) {
        Value x = taps[j];
        if (!filter)
          part = part ? add(part, x) : x;
        else
          part = part ? Value(vector::FMAOp::create(rewriter, loc, x, weights[i * kw + j], part))
                      : Value(arith::MulFOp::create(rewriter, loc, x, weights[i * kw + j]));
      }
      partial.push_back(part);
    }
    while (partial.size() > 1) {
      SmallVector<Value> sums;
      for (size_t i = 0; i + 1 < partial.size(); i += 2)
        sums.push_back(filter ? Value(arith::AddFOp::create(rewriter, loc, partial[i],
                                                            partial[i + 1]))
                              : add(partial[i], partial[i + 1]));
      if (partial.size() % 2)
        sums.push_back(partial.back());
      partial = std::move(sums);
    }
    SmallVector<Value> at{b, c, row, col};
    if (!epilogue || isReadElsewhere(output, {op, fill, epilogue}))
      rows.write(partial.front(), output, at, mask);
    if (epilogue) {
      Value value = rowEpilogue(rewriter, rows, epilogue, output, partial.front(), at, count, mask);
      rows.write(value, epilogue.getDpsInits()[0], at, mask);
      rewriter.eraseOp(epilogue);
    }
    if (fill)
      rewriter.eraseOp(fill);
    rewriter.eraseOp(op);
    return true;
  }

  /// Prefetches of the input rows that the output row `window-prefetch-rows`
  /// rows below the current one reads first (the `strides[0]` rows each
  /// output row adds to the window), at the columns this step reads
  /// (`inCol0`, a cache line per `rows.width` input columns). A window
  /// kernel reads each channel's rows as a few short runs per output row,
  /// which the hardware prefetchers did not follow from memory: ResNet-50's
  /// max pooling at batch 8 read its 26 MB input at 8 GB/s (ONNX Runtime:
  /// 23 GB/s).
  void prefetchWindowRows(IRRewriter &rewriter, Location loc, RowAccess &rows, Value input,
                          Value b, Value c, Value inRow0, Value inCol0, int64_t kh,
                          ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations) {
    if (windowPrefetchRows <= 0)
      return;
    int64_t last = windowPrefetchRows * strides[0] + (kh - 1) * dilations[0];
    for (int64_t t = 0; t < strides[0]; ++t) {
      Value inRow = arith::AddIOp::create(rewriter, loc, inRow0, rows.index(last - t));
      for (int64_t q = 0; q < std::max<int64_t>(1, strides[1]); ++q) {
        Value inCol = q == 0 ? inCol0
                             : arith::AddIOp::create(rewriter, loc, inCol0,
                                                     rows.index(q * rows.width));
        memref::PrefetchOp::create(rewriter, loc, input, ValueRange{b, c, inRow, inCol},
                                   /*isWrite=*/false, /*localityHint=*/3,
                                   /*isDataCache=*/true);
      }
    }
  }

  /// The left and right border columns of image `b`, channel `c` of the
  /// padded `input` (a fill of one view of both, column stride W - 1),
  /// written as the pairs they form in memory: each row's last column and
  /// the next row's first are adjacent, one 2-element store, plus the two
  /// corners. As a view of stride W - 1 per column, LLVM vectorized the loop
  /// over rows into 16-lane scatters, 15% of MobileNetV2's 3x3/2 depthwise
  /// convolutions. Returns false, creating nothing, for other fills.
  bool fillSeams(IRRewriter &rewriter, Location loc, linalg::FillOp border,
                 MemRefType inType, Value b, Value c) {
    auto side = border.getOutputs()[0].getDefiningOp<memref::SubViewOp>();
    ArrayRef<int64_t> offsets = side.getStaticOffsets(), sizes = side.getStaticSizes(),
                      strides = side.getStaticStrides();
    int64_t h = inType.getDimSize(2), w = inType.getDimSize(3);
    if (!inType.getLayout().isIdentity() || h < 2 || w < 3 ||
        !llvm::all_of(offsets, [](int64_t o) { return o == 0; }) || sizes[2] != h ||
        sizes[3] != 2 || strides[2] != 1 || strides[3] != w - 1)
      return false;
    Value input = side.getSource();
    Value value = border.getInputs()[0];
    if (value.getType() != inType.getElementType())
      return false;
    // Element offset of [b, c, 0, 0] (the buffer is contiguous).
    Value plane = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, b, indexConstant(rewriter, loc, inType.getDimSize(1) * h * w)),
        arith::MulIOp::create(rewriter, loc, c, indexConstant(rewriter, loc, h * w)));
    Value first = arith::AddIOp::create(rewriter, loc, plane, indexConstant(rewriter, loc, w - 1));
    auto seamType = MemRefType::get(
        {h - 1, 2}, inType.getElementType(),
        StridedLayoutAttr::get(rewriter.getContext(), ShapedType::kDynamic, {w, 1}));
    Value seams = memref::ReinterpretCastOp::create(
        rewriter, loc, seamType, input, OpFoldResult(first),
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(h - 1), rewriter.getIndexAttr(2)},
        ArrayRef<OpFoldResult>{rewriter.getIndexAttr(w), rewriter.getIndexAttr(1)});
    epilogueTiles.push_back(linalg::FillOp::create(rewriter, loc, ValueRange{value},
                                                   ValueRange{seams}));
    Value zero = indexConstant(rewriter, loc, 0);
    memref::StoreOp::create(rewriter, loc, value, input, ValueRange{b, c, zero, zero});
    memref::StoreOp::create(rewriter, loc, value, input,
                            ValueRange{b, c, indexConstant(rewriter, loc, h - 1),
                                       indexConstant(rewriter, loc, w - 1)});
    return true;
  }

  /// Image `b`, channel `c` of each of the padded input's `borders`
  /// (borderFillsOf), filled at the insertion point (ops that
  /// epilogueTiles generates later).
  void fillBorderPlanes(IRRewriter &rewriter, Location loc, ArrayRef<linalg::FillOp> borders,
                        MemRefType inType, Value b, Value c) {
    for (linalg::FillOp border : borders) {
      auto side = border.getOutputs()[0].getDefiningOp<memref::SubViewOp>();
      auto sideType = cast<MemRefType>(side.getType());
      if (fillSeams(rewriter, loc, border, inType, b, c))
        continue;
      SmallVector<OpFoldResult> offsets{b, c, rewriter.getIndexAttr(0), rewriter.getIndexAttr(0)};
      SmallVector<OpFoldResult> sizes{rewriter.getIndexAttr(1), rewriter.getIndexAttr(1),
                                      rewriter.getIndexAttr(sideType.getDimSize(2)),
                                      rewriter.getIndexAttr(sideType.getDimSize(3))};
      SmallVector<OpFoldResult> unit(4, rewriter.getIndexAttr(1));
      MemRefType planeType = memref::SubViewOp::inferRankReducedResultType(
          sideType.getShape().drop_front(2), sideType, offsets, sizes, unit);
      Value plane = memref::SubViewOp::create(rewriter, loc, planeType, side, offsets, sizes, unit);
      epilogueTiles.push_back(
          linalg::FillOp::create(rewriter, loc, border.getInputs(), ValueRange{plane}));
    }
  }

  static Value indexConstant(OpBuilder &b, Location loc, int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  }

  /// The fills of the border of a window kernel's padded `input`
  /// (pd-decompose-pad: one per padded side, after the op that writes the
  /// interior) that can move into the kernel's loop over images and
  /// channels: each a linalg.fill of a 4-D subview of `input` itself over
  /// all images and channels, among `candidates` (the elementwise ops not
  /// yet generated), found walking back from `op` past ops that do not
  /// touch `input`'s buffer (an allocation, the output's fill, views).
  /// Each channel's border is then written right before the kernel reads
  /// that channel, nothing else reading or writing it in between. PP-LCNet
  /// ran 4 such fills before each 5x5 depthwise convolution as serial
  /// kernels, 9% of its time with the second thread idle.
  static SmallVector<linalg::FillOp>
  borderFillsOf(linalg::LinalgOp op, Value input, ArrayRef<linalg::LinalgOp> candidates) {
    SmallVector<linalg::FillOp> fills;
    auto inType = dyn_cast<MemRefType>(input.getType());
    Value root = pd::bufferRoot(input);
    if (!inType || inType.getRank() != 4 || !inType.hasStaticShape() ||
        !root.getDefiningOp<memref::AllocOp>())
      return fills;
    auto touchesInput = [&](Operation *other) { return pd::touchesBuffer(other, root); };
    auto isBorder = [&](linalg::FillOp fill) {
      auto side = fill.getOutputs()[0].getDefiningOp<memref::SubViewOp>();
      if (!side || side.getSource() != input ||
          !llvm::is_contained(candidates, cast<linalg::LinalgOp>(fill.getOperation())))
        return false;
      ArrayRef<int64_t> offsets = side.getStaticOffsets(), sizes = side.getStaticSizes(),
                        strides = side.getStaticStrides();
      return cast<MemRefType>(side.getType()).getRank() == 4 &&
             !ShapedType::isDynamicShape(sizes) && !ShapedType::isDynamicShape(offsets) &&
             !ShapedType::isDynamicShape(strides) && offsets[0] == 0 && offsets[1] == 0 &&
             sizes[0] == inType.getDimSize(0) && sizes[1] == inType.getDimSize(1) &&
             strides[0] == 1 && strides[1] == 1;
    };
    int budget = 64; // ops looked at: the fills sit right before the kernel
    for (Operation *prev = op->getPrevNode(); prev && budget-- > 0; prev = prev->getPrevNode()) {
      if (auto fill = dyn_cast<linalg::FillOp>(prev); fill && isBorder(fill)) {
        fills.push_back(fill);
        continue;
      }
      // Views and other ops without memory effects read and write nothing.
      if (!isMemoryEffectFree(prev) && touchesInput(prev))
        break;
    }
    std::reverse(fills.begin(), fills.end());
    return fills;
  }

  /// Whether anything but `known` ops (and views, deallocations) uses the
  /// buffer `value` is a view of; true for buffers not allocated here.
  static bool isReadElsewhere(Value value, ArrayRef<Operation *> known) {
    Value root = pd::bufferRoot(value);
    if (!root.getDefiningOp<memref::AllocOp>())
      return true;
    SmallVector<Value> work{root};
    while (!work.empty()) {
      for (Operation *user : work.pop_back_val().getUsers()) {
        if (llvm::is_contained(known, user) || isa<memref::DeallocOp>(user))
          continue;
        auto view = dyn_cast<ViewLikeOpInterface>(user);
        if (!view)
          return true;
        work.push_back(view->getResult(0));
      }
    }
    return false;
  }

  /// The body of `epilogue` (findRowEpilogue) on one row of `width` lanes:
  /// its read of `result` is `value`, its other inputs are read at `at`
  /// (identity maps) or loaded once and broadcast (no innermost dim), the
  /// scalars it uses broadcast; its elementwise ops cloned on vectors.
  Value rowEpilogue(IRRewriter &rewriter, RowAccess &rows, linalg::GenericOp epilogue,
                    Value result, Value value, ValueRange at, Value count, Value mask) {
    Location loc = epilogue.getLoc();
    auto vectorOf = [&](Type t) { return VectorType::get({rows.width}, t); };
    auto splat = [&](Value scalar) -> Value {
      return vector::BroadcastOp::create(rewriter, loc, vectorOf(scalar.getType()), scalar);
    };
    IRMapping mapping;
    for (OpOperand *operand : epilogue.getDpsInputOperands()) {
      BlockArgument arg = epilogue.getMatchingBlockArgument(operand);
      Value v = operand->get();
      AffineMap map = epilogue.getMatchingIndexingMap(operand);
      if (v == result) {
        mapping.map(arg, value);
      } else if (!isa<MemRefType>(v.getType())) {
        mapping.map(arg, splat(v));
      } else if (map.isIdentity()) {
        mapping.map(arg, rows.read(v, at, count, mask, /*contiguous=*/true));
      } else {
        SmallVector<Value> indices;
        for (AffineExpr e : map.getResults())
          indices.push_back(isa<AffineDimExpr>(e) ? at[cast<AffineDimExpr>(e).getPosition()]
                                                 : rows.index(0));
        mapping.map(arg, splat(memref::LoadOp::create(rewriter, loc, v, indices)));
      }
    }
    auto lookup = [&](Value v) {
      Value mapped = mapping.lookupOrNull(v);
      return mapped ? mapped : splat(v); // defined outside the body
    };
    for (Operation &inner : epilogue.getBody()->without_terminator()) {
      OperationState state(loc, inner.getName());
      for (Value operand : inner.getOperands())
        state.addOperands(lookup(operand));
      state.addAttributes(inner.getAttrs());
      for (Type t : inner.getResultTypes())
        state.addTypes(vectorOf(t));
      mapping.map(inner.getResults(), rewriter.create(state)->getResults());
    }
    return lookup(epilogue.getBody()->getTerminator()->getOperand(0));
  }

  /// The patch copy of pd-conv-to-im2col (`pd.im2col` = strides and
  /// dilations): col[n, c, kh, kw, oh, ow] = x[n, c, oh*sh + kh*dh,
  /// ow*sw + kw*dw]. Each output row is `vector-width` columns at a time:
  /// contiguous masked loads for stride 1, gathers otherwise, masked
  /// stores.
  void codegenIm2col(IRRewriter &rewriter, linalg::GenericOp op) {
    std::optional<std::array<int64_t, 4>> params = pd::matchIm2colCopy(op);
    if (!params || !op.hasPureBufferSemantics())
      return;
    Value input = op.getDpsInputs()[0], col = op.getDpsInits()[0];
    auto inType = dyn_cast<MemRefType>(input.getType());
    auto colType = dyn_cast<MemRefType>(col.getType());
    if (!inType || !colType || !inType.hasStaticShape() || !colType.hasStaticShape() ||
        colType.getRank() != 6 || inType.getRank() != 4 ||
        !inType.isLastDimUnitStride() || !colType.isLastDimUnitStride())
      return;
    auto [sh, sw, dh, dw] = *params;
    ArrayRef<int64_t> shape = colType.getShape();
    rewriter.setInsertionPoint(op);
    RowAccess rows(rewriter, op.getLoc(), colType.getElementType(),
                   RowAccess::widthFor(colType.getDimSize(5), std::max<int64_t>(vectorWidth, 1)),
                   sw);
    Location loc = op.getLoc();
    // Loops over n, c (on threads when the copy is large enough), kh, kw,
    // oh; ow by vectors.
    SmallVector<Value> ivs = rows.loops(
        shape.take_front(2), colType.getNumElements() >= minParallelElements &&
                                 shape[0] * shape[1] > 1);
    for (int64_t i = 2; i < 5; ++i)
      ivs.push_back(rows.loop(shape[i], 1));
    Value ow = rows.loop(shape[5], rows.width);
    Value count = rows.count(ow, shape[5]);
    Value mask = rows.mask(count, rows.width);
    Value row = arith::AddIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, ivs[4], rows.index(sh)),
        arith::MulIOp::create(rewriter, loc, ivs[2], rows.index(dh)));
    Value column = arith::AddIOp::create(
        rewriter, loc, arith::MulIOp::create(rewriter, loc, ow, rows.index(sw)),
        arith::MulIOp::create(rewriter, loc, ivs[3], rows.index(dw)));
    Value x = rows.read(input, ValueRange{ivs[0], ivs[1], row, column}, count, mask);
    rows.write(x, col, ValueRange{ivs[0], ivs[1], ivs[2], ivs[3], ivs[4], ow}, mask);
    rewriter.eraseOp(op);
  }

  /// The longest row a row reduction reads as one vector.
  static constexpr int64_t kWholeRowReduction = 1024;
  /// The longest row of a row run's elementwise op taken in one vector
  /// (16 registers of 16 lanes: no spills).
  static constexpr int64_t kWholeRowElementwise = 256;

  void codegenElementwise(IRRewriter &rewriter, linalg::LinalgOp op, bool threads = true,
                          bool rowOfRun = false) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    // Copies that move the innermost dim: in 16 x 16 register tiles.
    if (!llvm::any_of(ranges, ShapedType::isDynamic)) {
      int64_t elements = 1;
      for (int64_t r : ranges)
        elements *= r;
      if (succeeded(pd::codegenTileTranspose(rewriter, op,
                                             threads && elements >= minParallelElements)))
        return;
    }
    unsigned n = ranges.size();
    SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
    // Tile everything but the innermost loop by 1 (parallel dims first
    // with scf.parallel), the innermost by the vector width.
    SmallVector<int64_t> sizes(n, 1), vec(n, 1);
    int64_t w = std::max<int64_t>(vectorWidth, 1);
    int64_t inner = ranges[n - 1];
    bool innerReduction = iters[n - 1] == utils::IteratorType::reduction;
    if (!ShapedType::isDynamic(inner) && inner <= w) {
      sizes[n - 1] = 0;
      vec[n - 1] = inner;
    } else if (innerReduction && !ShapedType::isDynamic(inner)) {
      // A reduction along the row (softmax's max and sum, a norm's mean):
      // rows of up to kWholeRowReduction elements in one (masked) vector,
      // one horizontal reduction per row; longer rows in blocks of that
      // size. Tiles of `w` made a read-reduce-write of the output element
      // every 16 elements: softmax's rows of 197 took 20% of DeiT's time.
      int64_t block = std::min<int64_t>(llvm::alignTo(inner, w), kWholeRowReduction);
      sizes[n - 1] = block >= inner ? 0 : block;
      vec[n - 1] = block;
    } else if (rowOfRun && !ShapedType::isDynamic(inner) && inner % w != 0 &&
               inner <= kWholeRowElementwise) {
      // An elementwise op of a row run (codegenRowRun: softmax's exp,
      // between its max and its sum) whose row is not whole vectors: the
      // row in one vector, its full vectors stored unmasked. Tiles of `w`
      // stored every vector with a mask, and the next op of the run,
      // reading the row right after, waited for each masked store to reach
      // the cache: DeiT-tiny's softmax took 20% longer.
      sizes[n - 1] = 0;
      vec[n - 1] = llvm::alignTo(inner, w);
    } else {
      sizes[n - 1] = w;
      vec[n - 1] = w;
    }
    // Reductions other than the innermost loop are kept whole per tile
    // (tiled by 1 too): fine, the accumulator is the output element.
    // Large ops put their outer parallel loops on threads: one scf.parallel
    // around the scf.for of the innermost dim (reductions stay scf.for).
    FailureOr<linalg::LinalgOp> cur = op;
    int64_t elements = 1, outer = 1;
    for (unsigned i = 0; i < n; ++i) {
      elements = ShapedType::isDynamic(ranges[i]) || elements < 0 ? -1 : elements * ranges[i];
      if (i + 1 < n && iters[i] == utils::IteratorType::parallel)
        outer = ShapedType::isDynamic(ranges[i]) || outer < 0 ? -1 : outer * ranges[i];
    }
    // What the prefetches read and write, taken from `op` before tiling
    // replaces it.
    Value output = op.getNumDpsInits() == 1 ? op.getDpsInits()[0] : Value();
    bool identityOutput =
        output && op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity();
    // Inputs read like the output (a residual added in a convolution's
    // epilogue) come in the same short runs per channel: read ahead too
    // (not a tile's result on the stack, just written). ResNet-50's 1x1
    // expansions with their residual at batch 8 (the residual from memory)
    // waited on each line.
    SmallVector<Value> readAhead;
    if (identityOutput)
      for (OpOperand *input : op.getDpsInputOperands()) {
        Value root = pd::bufferRoot(input->get());
        if (op.getMatchingIndexingMap(input).isIdentity() && root != pd::bufferRoot(output) &&
            !root.getDefiningOp<memref::AllocaOp>())
          readAhead.push_back(input->get());
      }
    if (threads && n > 1 && elements >= minParallelElements && outer > 1) {
      SmallVector<int64_t> outerSizes(n, 0);
      for (unsigned i = 0; i + 1 < n; ++i)
        if (iters[i] == utils::IteratorType::parallel)
          outerSizes[i] = 1;
      cur = tile(rewriter, op, outerSizes, linalg::LinalgTilingLoopType::ParallelLoops);
      for (unsigned i = 0; i + 1 < n; ++i)
        if (outerSizes[i])
          sizes[i] = 0;
    }
    SmallVector<Operation *> loops;
    if (succeeded(cur))
      cur = tile(rewriter, *cur, sizes, linalg::LinalgTilingLoopType::Loops, &loops);
    if (failed(cur))
      return;
    if (prefetchOutputs && identityOutput && !threads) {
      prefetchAhead(rewriter, output, sizes, loops);
      for (Value input : readAhead)
        prefetchAhead(rewriter, input, sizes, loops, /*isWrite=*/false);
    }
    (void)vectorizeOp(rewriter, *cur, vec);
  }

  /// How `operand` of `op` reads or writes row `(d0, ..., d{r-1})` of the
  /// rows `rows` (r = rows.size()): the whole row (a buffer [rows..., n]
  /// indexed by the identity) or one element per row (a buffer [rows...]
  /// indexed by the row dims, or its expand_shape to [rows..., 1] indexed
  /// by them and 0: a reduction's result broadcast along the row). The
  /// buffer read or written is set in `buffer`; false for other accesses.
  static bool isRowAccess(linalg::LinalgOp op, OpOperand &operand, ArrayRef<int64_t> rows,
                          Value &buffer) {
    unsigned r = rows.size();
    Value v = operand.get();
    AffineMap map = op.getMatchingIndexingMap(&operand);
    MLIRContext *ctx = op.getContext();
    auto dims = [&](unsigned n) {
      SmallVector<AffineExpr> e;
      for (unsigned i = 0; i < n; ++i)
        e.push_back(getAffineDimExpr(i, ctx));
      return e;
    };
    SmallVector<AffineExpr> scalarOfRow = dims(r);
    SmallVector<AffineExpr> wholeRow = dims(r + 1);
    SmallVector<AffineExpr> broadcastAlongRow = dims(r);
    broadcastAlongRow.push_back(getAffineConstantExpr(0, ctx));
    auto results = map.getResults();
    // One element per row as [rows..., 1] (a keepdim reduction's result,
    // or the expand_shape of one to it): indexed by the row dims and 0, or
    // by all dims where the row is that one element.
    bool perRowElement =
        results == ArrayRef(broadcastAlongRow) ||
        (results == ArrayRef(wholeRow) && op.getStaticLoopRanges()[r] == 1);
    if (auto expand = v.getDefiningOp<memref::ExpandShapeOp>()) {
      auto reassociation = expand.getReassociationIndices();
      if (perRowElement && expand.getSrcType().getRank() == r &&
          expand.getResultType().getRank() == r + 1 &&
          expand.getResultType().getDimSize(r) == 1 && reassociation.back().size() == 2) {
        v = expand.getSrc();
        results = ArrayRef(scalarOfRow);
      }
    }
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !type.hasStaticShape() || type.getRank() < r ||
        type.getShape().take_front(r) != rows)
      return false;
    buffer = v;
    if (type.getRank() == r)
      return results == ArrayRef(scalarOfRow);
    if (type.getRank() != r + 1)
      return false;
    if (type.getDimSize(r) == 1 && perRowElement)
      return true;
    return results == ArrayRef(wholeRow);
  }

  /// The rows of an elementwise op or row reduction: its loops but the
  /// innermost (parallel, static); a fill's: all its loops. Empty for other
  /// ops.
  static SmallVector<int64_t> rowsOf(linalg::LinalgOp op) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    if (llvm::any_of(ranges, ShapedType::isDynamic) || ranges.empty())
      return {};
    if (isa<linalg::FillOp>(op.getOperation()))
      return ranges;
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic || ranges.size() < 2)
      return {};
    SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
    for (unsigned i = 0; i + 1 < iters.size(); ++i)
      if (iters[i] != utils::IteratorType::parallel)
        return {};
    ranges.pop_back();
    return ranges;
  }

  /// Runs of consecutive ops of `ops` (in the block, nothing but views,
  /// allocations and pure ops between them) over the same rows, each reading
  /// and writing the buffers the run writes only in the row it is at, with
  /// a row reduction among them: softmax's scale, max, exponentials, sum
  /// and division; a layer norm's mean, variance and normalization. Each
  /// op alone is a parallel loop over the rows (seven for one softmax, each
  /// dispatched to the threads, each reading the scores from memory again);
  /// in a run, one parallel loop over the rows runs every op's row in turn,
  /// the row still in cache.
  SmallVector<SmallVector<linalg::LinalgOp>> rowRuns(ArrayRef<linalg::LinalgOp> ops) {
    SmallVector<SmallVector<linalg::LinalgOp>> runs;
    auto betweenIsPure = [](Operation *a, Operation *b) {
      if (a->getBlock() != b->getBlock() || !a->isBeforeInBlock(b))
        return false;
      for (Operation *op = a->getNextNode(); op && op != b; op = op->getNextNode())
        if (!isa<ViewLikeOpInterface, memref::AllocOp, memref::AllocaOp>(op) &&
            !isMemoryEffectFree(op))
          return false;
      return true;
    };
    auto valid = [&](ArrayRef<linalg::LinalgOp> run) {
      bool reduction = false;
      for (linalg::LinalgOp op : run)
        reduction |= isa<linalg::GenericOp>(op.getOperation()) &&
                     op.getIteratorTypesArray().back() == utils::IteratorType::reduction;
      if (run.size() < 2 || !reduction)
        return false;
      // Rows: the first generic's; fills of a whole row or one element.
      SmallVector<int64_t> rows;
      for (linalg::LinalgOp op : run)
        if (isa<linalg::GenericOp>(op.getOperation())) {
          rows = rowsOf(op);
          break;
        }
      llvm::DenseSet<Value> written;
      for (linalg::LinalgOp op : run)
        for (OpOperand &init : op.getDpsInitsMutable()) {
          Value buffer;
          if (!isRowAccess(op, init, rows, buffer))
            return false;
          written.insert(buffer);
        }
      // Every access of a buffer the run writes is to the row at hand.
      for (linalg::LinalgOp op : run) {
        SmallVector<int64_t> own = rowsOf(op);
        if (own != rows && !(isa<linalg::FillOp>(op.getOperation()) &&
                             ArrayRef(own).take_front(rows.size()) == ArrayRef(rows)))
          return false;
        for (OpOperand &operand : op->getOpOperands()) {
          if (!isa<MemRefType>(operand.get().getType()))
            continue;
          Value buffer;
          bool row = isRowAccess(op, operand, rows, buffer);
          Value root = pd::bufferRoot(operand.get());
          bool touches = llvm::any_of(written, [&](Value w) {
            return pd::bufferRoot(w) == root;
          });
          if (touches && (!row || !written.contains(buffer)))
            return false;
        }
      }
      int64_t elements = 1;
      for (int64_t n : op0Ranges(run))
        elements *= n;
      return elements >= minParallelElements;
    };
    SmallVector<linalg::LinalgOp> current;
    auto flush = [&] {
      // The longest valid prefix of each maximal run of compatible ops.
      while (current.size() >= 2) {
        size_t n = current.size();
        while (n >= 2 && !valid(ArrayRef(current).take_front(n)))
          --n;
        if (n >= 2) {
          runs.push_back(SmallVector<linalg::LinalgOp>(current.begin(), current.begin() + n));
          current.erase(current.begin(), current.begin() + n);
        } else {
          current.erase(current.begin());
        }
      }
      current.clear();
    };
    for (linalg::LinalgOp op : ops) {
      if (rowsOf(op).empty()) {
        flush();
        continue;
      }
      if (!current.empty() && !betweenIsPure(current.back(), op))
        flush();
      current.push_back(op);
    }
    flush();
    return runs;
  }

  /// The loop ranges of the first generic of `run` (its rows and its row).
  static SmallVector<int64_t> op0Ranges(ArrayRef<linalg::LinalgOp> run) {
    for (linalg::LinalgOp op : run)
      if (isa<linalg::GenericOp>(op.getOperation()))
        return op.getStaticLoopRanges();
    return {};
  }

  /// One parallel loop over the rows of `run` (rowRuns), each op's row in
  /// turn, vectorized as codegenElementwise does. False, changing nothing,
  /// where the ops' operands cannot be moved before the run.
  bool codegenRowRun(IRRewriter &rewriter, ArrayRef<linalg::LinalgOp> run) {
    Operation *first = run.front();
    for (linalg::LinalgOp op : run.drop_front())
      if (!moveDefinitionsBefore(op, first))
        return false;
    SmallVector<int64_t> rows = rowsOf(run.front());
    for (linalg::LinalgOp op : run)
      if (isa<linalg::GenericOp>(op.getOperation())) {
        rows = rowsOf(op);
        break;
      }
    Location loc = first->getLoc();
    rewriter.setInsertionPoint(first);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> lbs(rows.size(), zero), steps(rows.size(), one), ubs;
    for (int64_t n : rows)
      ubs.push_back(arith::ConstantIndexOp::create(rewriter, loc, n));
    auto loop = scf::ParallelOp::create(rewriter, loc, lbs, ubs, steps);
    rewriter.setInsertionPoint(loop.getBody()->getTerminator());
    SmallVector<linalg::LinalgOp> rowOps;
    for (linalg::LinalgOp op : run) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      SmallVector<OpFoldResult> offsets;
      SmallVector<int64_t> sizes;
      for (unsigned i = 0; i < ranges.size(); ++i) {
        bool rowDim = i < rows.size();
        offsets.push_back(rowDim ? OpFoldResult(loop.getInductionVars()[i])
                                 : OpFoldResult(rewriter.getIndexAttr(0)));
        sizes.push_back(rowDim ? 1 : ranges[i]);
      }
      rowOps.push_back(pd::cloneOnLoopRange(rewriter, op, offsets, sizes));
    }
    for (linalg::LinalgOp op : run)
      rewriter.eraseOp(op);
    for (linalg::LinalgOp op : rowOps)
      codegenElementwise(rewriter, op, /*threads=*/false, /*rowOfRun=*/true);
    return true;
  }

  /// A prefetch (for writing, or reading), in the innermost of `loops` (an
  /// epilogue tile's loops: one per dim of `sizes` that is not 0), of the
  /// element of `buffer` (indexed like the loops) that the outermost loop
  /// of more than one step reaches `prefetchDistance` steps later. The epilogue of a convolution's cache
  /// tile writes a few rows of each output channel (two rows of 112 floats,
  /// inside a padded buffer) then jumps to the next channel: runs too short
  /// for the hardware prefetchers, so every store waited for its cache line
  /// (MobileNetV2's first expansion spent 40% of its time there).
  void prefetchAhead(IRRewriter &rewriter, Value buffer, ArrayRef<int64_t> sizes,
                     ArrayRef<Operation *> loops, bool isWrite = true) {
    auto type = dyn_cast<MemRefType>(buffer.getType());
    if (!type || (int64_t)sizes.size() != type.getRank() || loops.empty() || prefetchDistance <= 0)
      return;
    if ((int64_t)loops.size() != (int64_t)llvm::count_if(sizes, [](int64_t s) { return s != 0; }))
      return;
    SmallVector<scf::ForOp> fors;
    for (Operation *loop : loops) {
      auto f = dyn_cast<scf::ForOp>(loop);
      if (!f)
        return;
      fors.push_back(f);
    }
    // The outermost loop of several steps (not the innermost: those are
    // the vectors of one row).
    int outer = -1;
    for (auto [i, f] : llvm::enumerate(fors)) {
      std::optional<int64_t> lb = getConstantIntValue(f.getLowerBound()),
                             ub = getConstantIntValue(f.getUpperBound()),
                             step = getConstantIntValue(f.getStep());
      if (!step)
        return;
      if (i + 1 < fors.size() && (!lb || !ub || *ub - *lb > *step)) {
        outer = i;
        break;
      }
    }
    if (outer < 0)
      return;
    Location loc = buffer.getLoc();
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(fors.back().getBody());
    SmallVector<Value> indices;
    unsigned next = 0;
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    for (int64_t size : sizes) {
      if (size == 0) {
        indices.push_back(zero);
        continue;
      }
      Value iv = fors[next].getInductionVar();
      if ((int)next == outer)
        iv = arith::AddIOp::create(
            rewriter, loc, iv,
            arith::ConstantIndexOp::create(
                rewriter, loc, prefetchDistance * *getConstantIntValue(fors[next].getStep())));
      indices.push_back(iv);
      ++next;
    }
    memref::PrefetchOp::create(rewriter, loc, buffer, indices, isWrite,
                               /*localityHint=*/3, /*isDataCache=*/true);
  }

  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    IRRewriter rewriter(&getContext());
    SmallVector<linalg::LinalgOp> matmuls, elementwise;
    DenseMap<Operation *, pd::MatmulEpilogue> epilogues; // by matmul
    SmallVector<linalg::LinalgOp> depthwise; // and pooling: window kernels
    SmallVector<linalg::GenericOp> im2cols, winograds;
    depthLoops.clear();
    epilogueTiles.clear();
    // An op on buffers with an empty loop (a slice past the end, an empty
    // concat operand, batch 0) does nothing: erase it rather than tile it
    // into subviews of empty dims, which memref.subview refuses.
    SmallVector<linalg::LinalgOp> empty;
    fn.walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<linalg::LinalgOp>() && op.hasPureBufferSemantics() &&
          llvm::is_contained(op.getStaticLoopRanges(), 0))
        empty.push_back(op);
    });
    for (linalg::LinalgOp op : empty)
      rewriter.eraseOp(op);
    fn.walk([&](linalg::LinalgOp op) {
      if (op->getParentOfType<linalg::LinalgOp>())
        return;
      // Winograd's data transforms (pd-conv-to-winograd): kernels of their
      // own, or the generic lowering where the op is not what they expect.
      if (op->hasAttr("pd.winograd")) {
        if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
          winograds.push_back(generic);
        return;
      }
      if (op->hasAttr("pd.im2col")) {
        if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
          im2cols.push_back(generic);
        return;
      }
      if (auto dw = dyn_cast<linalg::DepthwiseConv2DNchwChwOp>(op.getOperation())) {
        if (dw.hasPureBufferSemantics())
          depthwise.push_back(dw);
        return;
      }
      if (isa<linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp>(op.getOperation())) {
        if (op.hasPureBufferSemantics())
          depthwise.push_back(op);
        return;
      }
      if (isMatmulLike(op))
        matmuls.push_back(op);
      else if (isVectorizableElementwise(op))
        elementwise.push_back(op);
    });
    // Epilogues are found before any rewrite; each is taken out of the
    // elementwise ops and goes back where its matmul cannot take it.
    if (fuseEpilogues) {
      for (linalg::LinalgOp op : matmuls)
        if (std::optional<pd::MatmulEpilogue> epilogue = pd::findMatmulEpilogue(op);
            epilogue && llvm::is_contained(elementwise, epilogue->op)) {
          llvm::erase(elementwise, cast<linalg::LinalgOp>(epilogue->op.getOperation()));
          epilogues[op] = *epilogue;
        }
    }
    for (linalg::LinalgOp op : matmuls) {
      auto it = epilogues.find(op);
      bool fused = false;
      linalg::FillOp fill = initialFill(op);
      // One column: vectorized along the depth (memory-bound: threads by
      // the elements read, as for elementwise ops).
      if (auto matmul = dyn_cast<linalg::MatmulOp>(op.getOperation())) {
        ArrayRef<int64_t> aShape = cast<ShapedType>(matmul.getDpsInputs()[0].getType()).getShape();
        bool threads = aShape.size() == 2 && !ShapedType::isDynamicShape(aShape) &&
                       aShape[0] * aShape[1] >= minParallelElements;
        TypedAttr init =
            fill ? fill.getInputs()[0].getDefiningOp<arith::ConstantOp>().getValue() : TypedAttr();
        if (succeeded(pd::codegenMatvec(rewriter, matmul, init, std::max<int64_t>(vectorWidth, 1),
                                        threads))) {
          if (fill) {
            llvm::erase(elementwise, cast<linalg::LinalgOp>(fill.getOperation()));
            rewriter.eraseOp(fill);
          }
          if (it != epilogues.end())
            elementwise.push_back(it->second.op);
          continue;
        }
      }
      initFill.value =
          fill ? fill.getInputs()[0].getDefiningOp<arith::ConstantOp>().getValue() : TypedAttr();
      initFill.depth = fill ? op.getStaticLoopRanges().back() : 0;
      initFill.readers.clear();
      std::optional<pd::Im2colPatches> patches = pd::findIm2colPatches(op);
      if (!codegenInCacheTiles(rewriter, op, it == epilogues.end() ? nullptr : &it->second,
                               patches ? &*patches : nullptr, fused))
        codegenMatmul(rewriter, op);
      // Patches that every reader copies per tile need no copy of their own.
      if (patches && pd::eraseUnreadPatches(rewriter, *patches))
        llvm::erase(im2cols, patches->copy);
      if (fill && (!initFill.needed() || fillOnlyReaders(rewriter, fill, elementwise))) {
        llvm::erase(elementwise, cast<linalg::LinalgOp>(fill.getOperation()));
        rewriter.eraseOp(fill);
      }
      initFill.value = TypedAttr();
      if (it != epilogues.end() && !fused)
        elementwise.push_back(it->second.op);
    }
    // A fill of a buffer that nothing uses any more is dead: the output of
    // a matmul whose tiles now accumulate in stack buffers of their own
    // (tileResult), which a narrow column part had marked as still needed.
    llvm::erase_if(elementwise, [&](linalg::LinalgOp op) {
      auto fill = dyn_cast<linalg::FillOp>(op.getOperation());
      if (!fill || isReadElsewhere(fill.getDpsInits()[0], {fill.getOperation()}))
        return false;
      rewriter.eraseOp(fill);
      return true;
    });
    // Depthwise convolutions take their fill and epilogue along (taken out
    // of the elementwise ops here, back where the convolution is left
    // alone).
    for (linalg::LinalgOp op : depthwise) {
      linalg::FillOp fill = initialFill(op);
      linalg::GenericOp epilogue =
          fuseEpilogues ? pd::findRowEpilogue(op, op.getDpsInits()[0], op.getDpsInputs())
                        : nullptr;
      if (fill && !llvm::is_contained(elementwise, cast<linalg::LinalgOp>(fill.getOperation())))
        fill = nullptr;
      if (epilogue &&
          (!llvm::is_contained(elementwise, cast<linalg::LinalgOp>(epilogue.getOperation())) ||
           !moveDefinitionsBefore(epilogue, op)))
        epilogue = nullptr;
      if (fill)
        llvm::erase(elementwise, cast<linalg::LinalgOp>(fill.getOperation()));
      if (epilogue)
        llvm::erase(elementwise, cast<linalg::LinalgOp>(epilogue.getOperation()));
      windowBorderFills = borderFillsOf(op, op.getDpsInputs()[0], elementwise);
      auto dw = dyn_cast<linalg::DepthwiseConv2DNchwChwOp>(op.getOperation());
      if (!(dw ? codegenDepthwise(rewriter, dw, fill, epilogue)
               : codegenPooling(rewriter, op, fill, epilogue))) {
        if (fill)
          elementwise.push_back(fill);
        if (epilogue)
          elementwise.push_back(epilogue);
      } else {
        for (linalg::FillOp border : windowBorderFills) {
          llvm::erase(elementwise, cast<linalg::LinalgOp>(border.getOperation()));
          rewriter.eraseOp(border);
        }
      }
      windowBorderFills.clear();
    }
    // Winograd's transforms, an output transform with the elementwise op
    // after it (bias, activation, residual add) on each row it stores.
    for (linalg::GenericOp op : winograds) {
      linalg::GenericOp epilogue;
      pd::WinogradEpilogue rows;
      auto kind = op->getAttrOfType<StringAttr>("pd.winograd");
      Value read;
      if (fuseEpilogues && kind && kind.getValue() == "output" && op.getNumDpsInits() == 1) {
        generalizeCopyOfOutput(rewriter, op, elementwise);
        epilogue = pd::findRowEpilogueThroughView(op, op.getDpsInits()[0], op.getDpsInputs(),
                                                  read);
      }
      if (epilogue &&
          (!llvm::is_contained(elementwise, cast<linalg::LinalgOp>(epilogue.getOperation())) ||
           !moveDefinitionsBefore(epilogue, op)))
        epilogue = nullptr;
      if (epilogue) {
        rows.read = read;
        rows.out = epilogue.getDpsInits()[0];
        rows.keepResult = isReadElsewhere(op.getDpsInits()[0], {op, epilogue});
        rows.apply = [&, read](RowAccess &access, Value value, ValueRange at, Value count,
                               Value mask) {
          return rowEpilogue(rewriter, access, epilogue, read, value, at, count, mask);
        };
      }
      // Without its epilogue where the kernel cannot take it along.
      if (epilogue &&
          pd::codegenWinograd(rewriter, op, vectorWidth, minParallelElements, &rows)) {
        llvm::erase(elementwise, cast<linalg::LinalgOp>(epilogue.getOperation()));
        rewriter.eraseOp(epilogue);
        continue;
      }
      // An input transform zeroes each channel's border of its padded input
      // right before it reads that channel (as window kernels do): the
      // fills ran as serial kernels between two parallel ones, 1% of
      // DenseNet-121's time with the second thread idle.
      if (kind && kind.getValue() == "input") {
        Value input = op.getDpsInputs()[0];
        auto inType = dyn_cast<MemRefType>(input.getType());
        SmallVector<linalg::FillOp> borders = borderFillsOf(op, input, elementwise);
        if (inType && !borders.empty() &&
            pd::codegenWinograd(rewriter, op, vectorWidth, minParallelElements, nullptr,
                                [&](Value image, Value channel) {
                                  fillBorderPlanes(rewriter, op.getLoc(), borders, inType,
                                                   image, channel);
                                })) {
          for (linalg::FillOp border : borders) {
            llvm::erase(elementwise, cast<linalg::LinalgOp>(border.getOperation()));
            rewriter.eraseOp(border);
          }
          continue;
        }
      }
      (void)pd::codegenWinograd(rewriter, op, vectorWidth, minParallelElements);
    }
    // Row-wise runs (softmax, layer norm) first, then each op on its own.
    if (fuseRows) {
      // In block order (epilogues the matmuls did not take came back at
      // the end), blocks in the order they first appear.
      llvm::MapVector<Block *, SmallVector<linalg::LinalgOp>> byBlock;
      for (linalg::LinalgOp op : elementwise)
        byBlock[op->getBlock()].push_back(op);
      SmallVector<linalg::LinalgOp> ordered;
      for (auto &[block, ops] : byBlock) {
        llvm::sort(ops, [](linalg::LinalgOp a, linalg::LinalgOp b) {
          return a->isBeforeInBlock(b);
        });
        llvm::append_range(ordered, ops);
      }
      for (const SmallVector<linalg::LinalgOp> &run : rowRuns(ordered))
        if (codegenRowRun(rewriter, run))
          for (linalg::LinalgOp op : run)
            llvm::erase(elementwise, op);
    }
    for (linalg::LinalgOp op : elementwise)
      codegenElementwise(rewriter, op);
    for (linalg::LinalgOp op : epilogueTiles)
      codegenElementwise(rewriter, op, /*threads=*/false);
    for (linalg::GenericOp op : im2cols)
      codegenIm2col(rewriter, op);

    // The rewrites below are local: region simplification (dead-code
    // liveness over the whole function, block merging) in each of them was
    // a third of this pass's time on DenseNet-121; the canonicalizer that
    // follows the pass simplifies the regions once. One sweep each: the
    // driver puts the ops a rewrite creates or changes back on its worklist
    // within the sweep, so these local patterns are done after it, and the
    // default second sweep over the whole function only confirmed that
    // (DenseNet-121: the pass took 0.50 s, now 0.38; the lowered code of the
    // benchmark's eight models is identical). The driver then reports "not
    // converged" (it did not look again), which is why the results are
    // ignored.
    GreedyRewriteConfig local;
    local.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    local.setMaxIterations(1);
    // Row reductions in vector-width slices (before the masks are lowered:
    // the pattern folds a masked reduction's mask into a select).
    {
      RewritePatternSet rows(&getContext());
      rows.add<RowReductionInSlices>(&getContext(), std::max<int64_t>(vectorWidth, 1));
      (void)applyPatternsGreedily(fn, std::move(rows), local);
    }
    // Contractions become FMA outer products; transfers are cleaned up so
    // the accumulators can leave the depth loop.
    // Masked transfers (partial tiles) first: later patterns expect the
    // plain masked form.
    {
      RewritePatternSet maskPatterns(&getContext());
      vector::populateVectorMaskLoweringPatternsForSideEffectingOps(maskPatterns);
      (void)applyPatternsGreedily(fn, std::move(maskPatterns), local);
    }
    // Unit leading dims first (the batch of a conv's im2col contraction, a
    // batched matmul's tile): the outer-product lowering wants a 2-D
    // contraction, and would otherwise fall back to scalar multiply-adds.
    {
      RewritePatternSet unitDims(&getContext());
      vector::populateCastAwayVectorLeadingOneDimPatterns(unitDims);
      (void)applyPatternsGreedily(fn, std::move(unitDims), local);
    }
    RewritePatternSet patterns(&getContext());
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorReductionToContractPatterns(patterns);
    vector::populateSinkVectorOpsPatterns(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns, &getContext());
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns, &getContext());
    (void)applyPatternsGreedily(fn, std::move(patterns), local);
    linalg::hoistRedundantVectorTransfers(fn);
    // A reduction over the unit depth dim of a tile is a plain add: make it
    // one here, so that it exists to be marked for FMA.
    {
      RewritePatternSet reductions(&getContext());
      vector::MultiDimReductionOp::getCanonicalizationPatterns(reductions, &getContext());
      (void)applyPatternsGreedily(fn, std::move(reductions), local);
    }
    for (Operation *loop : depthLoops)
      allowFma(loop);
  }
};

} // namespace
