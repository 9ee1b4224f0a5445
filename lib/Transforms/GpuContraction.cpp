//===- GpuContraction.cpp - contractions as shared-memory tiled kernels ---===//
//
// A contraction `C[b, p, q] += A[b, p, k] * B[b, q, k]` where p, q, k and b
// each stand for any number of loops (a conv2d's p is (n, oh, ow), its k is
// (c, kh, kw): an implicit GEMM) becomes one gpu.launch of 256-thread blocks:
//
//   - a block computes a BT x BT tile of (p, q) (BT = 128, or 64 or 32 when
//     the larger tiles would make fewer blocks than two per multiprocessor);
//   - for each step of BK along k, the threads copy the A and B tiles from
//     global into shared memory (coalesced: consecutive threads take the
//     loop that is contiguous in memory), then each thread multiplies a
//     column of A by a row of B into its TT x TT register block of
//     accumulators (TT = BT / 16), reading shared memory as 16-byte vectors;
//   - out-of-range rows and steps read a clamped in-bounds element and use 0,
//     so no thread branches around the loads;
//   - when the blocks are still fewer than two per multiprocessor, k is split
//     over grid.z (parts of at least 64) and the partial sums are added to C
//     atomically;
//   - with `tf32`, the products run on tensor cores instead: each warp takes
//     a (BT/2) x (BT/4) share as nvgpu.mma.sync m16n8k8 tiles, with steps of
//     32 along k.
//
//===----------------------------------------------------------------------===//

#include "Transforms/GpuContraction.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <functional>

using namespace mlir;

namespace {

constexpr int64_t kThreads = 256;

/// Whether the body of `op` is `yield out + in0 * in1` (in either order).
bool isMultiplyAccumulate(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  if (body.getNumArguments() != 3 ||
      std::distance(body.without_terminator().begin(),
                    body.without_terminator().end()) != 2)
    return false;
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value acc = body.getArgument(2);
  Value product = add.getLhs() == acc   ? add.getRhs()
                  : add.getRhs() == acc ? add.getLhs()
                                        : Value();
  auto mul = product ? product.getDefiningOp<arith::MulFOp>() : nullptr;
  if (!mul)
    return false;
  Value a = body.getArgument(0), b = body.getArgument(1);
  return (mul.getLhs() == a && mul.getRhs() == b) ||
         (mul.getLhs() == b && mul.getRhs() == a);
}

/// Loop classes of a contraction.
struct Loops {
  SmallVector<unsigned> p, q, k, batch;
};

int64_t product(ArrayRef<unsigned> dims, ArrayRef<int64_t> sizes) {
  int64_t n = 1;
  for (unsigned d : dims)
    n *= sizes[d];
  return n;
}

bool usesAny(AffineExpr e, ArrayRef<unsigned> dims) {
  return llvm::any_of(dims, [&](unsigned d) { return e.isFunctionOfDim(d); });
}

struct KernelBuilder {
  OpBuilder &b;
  Location loc;
  ArrayRef<int64_t> sizes;

  Value index(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }

  /// Writes the loop indices of `dims` (row-major, the last fastest) that
  /// the linear index `linear` stands for into `ivs`.
  void delinearize(Value linear, ArrayRef<unsigned> dims,
                   SmallVectorImpl<Value> &ivs) {
    Value rest = linear;
    for (size_t i = dims.size(); i-- > 0;) {
      if (i == 0) {
        ivs[dims[0]] = rest;
        break;
      }
      Value size = index(sizes[dims[i]]);
      ivs[dims[i]] = arith::RemUIOp::create(b, loc, rest, size);
      rest = arith::DivUIOp::create(b, loc, rest, size);
    }
  }

  SmallVector<Value> indicesAt(AffineMap map, ArrayRef<Value> ivs) {
    SmallVector<Value> indices;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      indices.push_back(
          affine::AffineApplyOp::create(b, loc, map.getSubMap({r}), ivs));
    return indices;
  }
};

} // namespace

bool mlir::pd::mapContractionToTiledKernel(RewriterBase &rewriter,
                                           linalg::GenericOp op,
                                           const ContractionTiling &tiling,
                                           linalg::FillOp *initFill) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      !op.hasPureBufferSemantics() || !isMultiplyAccumulate(op))
    return false;
  Type f32 = rewriter.getF32Type();
  for (Value v : op->getOperands()) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || type.getElementType() != f32)
      return false;
  }
  SmallVector<int64_t> sizes = op.getStaticLoopRanges();
  if (llvm::any_of(sizes, ShapedType::isDynamic))
    return false;
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  AffineMap mapA = maps[0], mapB = maps[1], mapC = maps[2];
  if (!mapC.isProjectedPermutation())
    return false;

  Loops loops;
  for (auto [d, it] : llvm::enumerate(op.getIteratorTypesArray())) {
    if (it == utils::IteratorType::reduction) {
      loops.k.push_back(d);
      continue;
    }
    bool inA = llvm::any_of(mapA.getResults(), [&, d = d](AffineExpr e) {
      return e.isFunctionOfDim(d);
    });
    bool inB = llvm::any_of(mapB.getResults(), [&, d = d](AffineExpr e) {
      return e.isFunctionOfDim(d);
    });
    (inA && !inB ? loops.p : !inA && inB ? loops.q : loops.batch).push_back(d);
  }
  int64_t P = product(loops.p, sizes), Q = product(loops.q, sizes);
  int64_t K = product(loops.k, sizes), batch = product(loops.batch, sizes);
  // Tiles pay when both sides and the reduction are long enough; a
  // matrix-vector product stays one thread per output.
  if (loops.k.empty() || P < 32 || Q < 32 || K < 16)
    return false;

  auto blocksOf = [&](int64_t tile) {
    return llvm::divideCeil(P, tile) * llvm::divideCeil(Q, tile) * batch;
  };
  // The largest tile that still makes enough blocks to keep every
  // multiprocessor busy: big tiles reuse more of each copied element, small
  // ones make more blocks.
  const int64_t target = tiling.residentBlocks();
  const int64_t tile = blocksOf(128) >= target       ? 128
                       : blocksOf(64) >= target / 4 ? 64
                                                    : 32;
  const int64_t perThread = tile / 16; // TT: a thread's outputs along p and q
  // BK: on CUDA cores each thread copies 4 + 4 elements per step; tensor
  // cores finish a step's products so fast that steps of 32 (16 + 16 per
  // thread for the 128-tile) keep the barriers from dominating.
  const int64_t step = tiling.tf32 ? 32 : kThreads * 4 / tile;
  int64_t blocks = blocksOf(tile);
  int64_t splits = 1;
  if (blocks < target && K >= 128)
    splits = std::min<int64_t>(llvm::divideCeil(2 * target, blocks), K / 64);
  int64_t chunk = llvm::alignTo(llvm::divideCeil(K, splits), step);
  splits = llvm::divideCeil(K, chunk);
  if (batch * splits > 65535)
    return false;
  int64_t tilesQ = llvm::divideCeil(Q, tile);
  int64_t tilesP = llvm::divideCeil(P, tile);

  // Threads side by side in a warp take consecutive q when C is contiguous
  // along a q loop (matmul), else consecutive p (conv2d NCHW: ow).
  AffineExpr lastC = mapC.getResults().back();
  bool lanesAlongQ = usesAny(lastC, loops.q);
  // A tile is copied k-fastest when A's contiguous dimension moves with k
  // alone (A[m][k]), else p-fastest (an NCHW input: ow); B likewise.
  bool kFastA = !usesAny(mapA.getResults().back(), loops.p);
  bool kFastB = !usesAny(mapB.getResults().back(), loops.q);

  // C's initial value is the fill's when the fill can be folded in.
  Value initValue;
  if (initFill && *initFill && splits == 1 &&
      initFill->getDpsInits()[0] == op.getDpsInits()[0] &&
      initFill->getDpsInputs()[0].getType() == f32)
    initValue = initFill->getDpsInputs()[0];

  Location loc = op.getLoc();
  MLIRContext *ctx = rewriter.getContext();
  rewriter.setInsertionPoint(op);
  KernelBuilder kb{rewriter, loc, sizes};
  Value one = kb.index(1);
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, kb.index(tilesP * tilesQ), one, kb.index(batch * splits),
      kb.index(kThreads), one, one);
  auto workgroup = gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup);
  // Rows padded by 4 floats: the k-fastest copies of 8 steps land in
  // different banks, and rows stay 16-byte aligned for the vector reads.
  auto tileType = MemRefType::get({step, tile + 4}, f32, AffineMap(), workgroup);
  Value sharedA = launch.addWorkgroupAttribution(tileType, loc);
  Value sharedB = launch.addWorkgroupAttribution(tileType, loc);

  Block &body = launch.getBody().front();
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPoint(terminator);

  Value thread = launch.getThreadIds().x;
  Value block = launch.getBlockIds().x;
  Value lanes = kb.index(16);
  Value laneMinor = arith::RemUIOp::create(rewriter, loc, thread, lanes);
  Value laneMajor = arith::DivUIOp::create(rewriter, loc, thread, lanes);
  Value threadP = lanesAlongQ ? laneMajor : laneMinor;
  Value threadQ = lanesAlongQ ? laneMinor : laneMajor;
  Value tileSize = kb.index(tile);
  Value p0 = arith::MulIOp::create(
      rewriter, loc, arith::DivUIOp::create(rewriter, loc, block, kb.index(tilesQ)),
      tileSize);
  Value q0 = arith::MulIOp::create(
      rewriter, loc, arith::RemUIOp::create(rewriter, loc, block, kb.index(tilesQ)),
      tileSize);
  Value z = launch.getBlockIds().z;
  Value batchIndex = z, split = kb.index(0);
  if (splits > 1) {
    batchIndex = arith::DivUIOp::create(rewriter, loc, z, kb.index(splits));
    split = arith::RemUIOp::create(rewriter, loc, z, kb.index(splits));
  }
  Value kBegin = arith::MulIOp::create(rewriter, loc, split, kb.index(chunk));
  Value kEnd = arith::MinUIOp::create(
      rewriter, loc, arith::AddIOp::create(rewriter, loc, kBegin, kb.index(chunk)),
      kb.index(K));

  Value zeroIndex = kb.index(0);
  SmallVector<Value> baseIvs(sizes.size(), zeroIndex);
  if (!loops.batch.empty())
    kb.delinearize(batchIndex, loops.batch, baseIvs);

  Value zero = arith::ConstantOp::create(rewriter, loc, rewriter.getF32FloatAttr(0));
  auto contract = arith::FastMathFlagsAttr::get(ctx, arith::FastMathFlags::contract);
  SmallVector<Value> inits(perThread * perThread, zero);

  // A thread's share of one operand's tile: the element it copies for each
  // of its `copies` slots (e, its slot's linear position in the tile, taken
  // k-fastest or row-fastest) and where that element goes in shared memory.
  const int64_t copies = tile * step / kThreads;
  auto slot = [&](OpBuilder &b, int64_t r, bool kFast) -> std::pair<Value, Value> {
    KernelBuilder kbb{b, loc, sizes};
    Value e = arith::AddIOp::create(b, loc, thread, kbb.index(r * kThreads));
    if (kFast)
      return {arith::RemUIOp::create(b, loc, e, kbb.index(step)),
              arith::DivUIOp::create(b, loc, e, kbb.index(step))};
    return {arith::DivUIOp::create(b, loc, e, kbb.index(tile)),
            arith::RemUIOp::create(b, loc, e, kbb.index(tile))};
  };
  // Loads the thread's elements of one operand's tile for the k step at
  // `k0` (0 outside the operand or past kEnd: the load itself is clamped in
  // bounds, so no thread branches).
  auto loadTile = [&](OpBuilder &b, Value k0, Value operand, AffineMap map,
                      ArrayRef<unsigned> rowLoops, int64_t rows, Value row0,
                      bool kFast) {
    KernelBuilder kbb{b, loc, sizes};
    SmallVector<Value> values;
    for (int64_t r = 0; r < copies; ++r) {
      auto [kl, rl] = slot(b, r, kFast);
      Value rg = arith::AddIOp::create(b, loc, row0, rl);
      Value kg = arith::AddIOp::create(b, loc, k0, kl);
      Value inside = arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, rg,
                                kbb.index(rows)),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, kg, kEnd));
      SmallVector<Value> ivs(baseIvs);
      kbb.delinearize(arith::MinUIOp::create(b, loc, rg, kbb.index(rows - 1)),
                      rowLoops, ivs);
      kbb.delinearize(arith::MinUIOp::create(b, loc, kg, kbb.index(K - 1)),
                      loops.k, ivs);
      Value v = memref::LoadOp::create(b, loc, operand, kbb.indicesAt(map, ivs));
      values.push_back(arith::SelectOp::create(b, loc, inside, v, zero));
    }
    return values;
  };
  auto storeTile = [&](OpBuilder &b, ValueRange values, bool kFast, Value shared) {
    for (int64_t r = 0; r < copies; ++r) {
      auto [kl, rl] = slot(b, r, kFast);
      memref::StoreOp::create(b, loc, values[r], shared, ValueRange{kl, rl});
    }
  };
  Value inputA = op.getDpsInputs()[0], inputB = op.getDpsInputs()[1];
  auto loadA = [&](OpBuilder &b, Value k0) {
    return loadTile(b, k0, inputA, mapA, loops.p, P, p0, kFastA);
  };
  auto loadB = [&](OpBuilder &b, Value k0) {
    return loadTile(b, k0, inputB, mapB, loops.q, Q, q0, kFastB);
  };

  // A thread's fragment of a tile row: perThread values from vector loads
  // of up to 16 bytes (aligned: a fragment starts at a multiple of its size).
  const int64_t width = std::min<int64_t>(perThread, 4);
  auto fragment = [&](OpBuilder &b, Value shared, Value kk, Value first) {
    SmallVector<Value> values;
    KernelBuilder kbb{b, loc, sizes};
    auto vecType = VectorType::get({width}, f32);
    for (int64_t c = 0; c < perThread; c += width) {
      Value at = arith::AddIOp::create(b, loc, first, kbb.index(c));
      Value v = vector::LoadOp::create(b, loc, vecType, shared, ValueRange{kk, at},
                                       /*nontemporal=*/false,
                                       llvm::MaybeAlign(4 * width));
      for (int64_t e = 0; e < width; ++e)
        values.push_back(vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{e}));
    }
    return values;
  };

  // Where a thread's accumulators sit in the block's tile: accumulator
  // acc(r, c) is at row rowOffsets[r] (along p) and column colOffsets[c].
  SmallVector<Value> rowOffsets, colOffsets;
  std::function<int64_t(int64_t, int64_t)> accIndex;
  // Tensor cores (tf32): the 8 warps as 2 x 4, a warp's (tile/2) x (tile/4)
  // of the tile as mma.m16n8k8 tiles; PTX's fragment layout puts a lane's
  // values at rows gid, gid + 8 and columns 2 tig, 2 tig + 1 of each.
  const int64_t mmaTiles = tile / 32; // along p and along q, per warp
  Value gid, tig, warpP, warpQ;
  if (tiling.tf32) {
    Value lane = arith::RemUIOp::create(rewriter, loc, thread, kb.index(32));
    Value warp = arith::DivUIOp::create(rewriter, loc, thread, kb.index(32));
    gid = arith::DivUIOp::create(rewriter, loc, lane, kb.index(4));
    tig = arith::RemUIOp::create(rewriter, loc, lane, kb.index(4));
    warpP = arith::MulIOp::create(
        rewriter, loc, arith::DivUIOp::create(rewriter, loc, warp, kb.index(4)),
        kb.index(tile / 2));
    warpQ = arith::MulIOp::create(
        rewriter, loc, arith::RemUIOp::create(rewriter, loc, warp, kb.index(4)),
        kb.index(tile / 4));
    auto add = [&](Value a, int64_t c) {
      return arith::AddIOp::create(rewriter, loc, a, kb.index(c)).getResult();
    };
    Value rowBase = arith::AddIOp::create(rewriter, loc, warpP, gid);
    Value colBase = arith::AddIOp::create(
        rewriter, loc, warpQ,
        arith::MulIOp::create(rewriter, loc, tig, kb.index(2)));
    for (int64_t m = 0; m < mmaTiles; ++m)
      for (int64_t h = 0; h < 2; ++h)
        rowOffsets.push_back(add(rowBase, m * 16 + h * 8));
    for (int64_t n = 0; n < mmaTiles; ++n)
      for (int64_t e = 0; e < 2; ++e)
        colOffsets.push_back(add(colBase, n * 8 + e));
    // acc of (m, h) x (n, e): the mma tile (m, n)'s C fragment [h][e].
    accIndex = [=](int64_t r, int64_t c) {
      return ((r / 2) * mmaTiles + c / 2) * 4 + (r % 2) * 2 + c % 2;
    };
  } else {
    Value firstP = arith::MulIOp::create(rewriter, loc, threadP, kb.index(perThread));
    Value firstQ = arith::MulIOp::create(rewriter, loc, threadQ, kb.index(perThread));
    for (int64_t i = 0; i < perThread; ++i) {
      rowOffsets.push_back(arith::AddIOp::create(rewriter, loc, firstP, kb.index(i)));
      colOffsets.push_back(arith::AddIOp::create(rewriter, loc, firstQ, kb.index(i)));
    }
    accIndex = [=](int64_t r, int64_t c) { return r * perThread + c; };
  }

  // One k step of products from the tiles in shared memory, on CUDA cores:
  // a thread's column of A times its row of B into its register block.
  auto cudaCoreStep = [&](OpBuilder &b, SmallVectorImpl<Value> &acc) {
    KernelBuilder kbb{b, loc, sizes};
    for (int64_t kk = 0; kk < step; ++kk) {
      Value at = kbb.index(kk);
      SmallVector<Value> a = fragment(b, sharedA, at, rowOffsets.front());
      SmallVector<Value> bv = fragment(b, sharedB, at, colOffsets.front());
      for (int64_t i = 0; i < perThread; ++i)
        for (int64_t j = 0; j < perThread; ++j) {
          Value &c = acc[accIndex(i, j)];
          Value prod = arith::MulFOp::create(b, loc, a[i], bv[j], contract);
          c = arith::AddFOp::create(b, loc, c, prod, contract);
        }
    }
  };
  // ... or on tensor cores: per 8 of k, the warp's A fragments (rows gid and
  // gid + 8, k tig and tig + 4) and B fragments (k tig and tig + 4, column
  // gid) read from shared memory, one nvgpu.mma.sync per (m, n) tile.
  auto tensorCoreStep = [&](OpBuilder &b, SmallVectorImpl<Value> &acc) {
    KernelBuilder kbb{b, loc, sizes};
    auto at = [&](Value shared, Value k, Value row, int64_t dk, int64_t dr) {
      Value kk = arith::AddIOp::create(b, loc, k, kbb.index(dk));
      Value rr = arith::AddIOp::create(b, loc, row, kbb.index(dr));
      return memref::LoadOp::create(b, loc, shared, ValueRange{kk, rr}).getResult();
    };
    auto typeA = VectorType::get({4, 1}, f32), typeB = VectorType::get({2, 1}, f32);
    auto typeC = VectorType::get({2, 2}, f32);
    Value rowBase = arith::AddIOp::create(b, loc, warpP, gid);
    Value colBase = arith::AddIOp::create(b, loc, warpQ, gid);
    for (int64_t k8 = 0; k8 < step; k8 += 8) {
      Value k = arith::AddIOp::create(b, loc, tig, kbb.index(k8));
      SmallVector<Value> fa, fb;
      for (int64_t m = 0; m < mmaTiles; ++m)
        fa.push_back(vector::FromElementsOp::create(
            b, loc, typeA,
            ValueRange{at(sharedA, k, rowBase, 0, m * 16),
                       at(sharedA, k, rowBase, 0, m * 16 + 8),
                       at(sharedA, k, rowBase, 4, m * 16),
                       at(sharedA, k, rowBase, 4, m * 16 + 8)}));
      for (int64_t n = 0; n < mmaTiles; ++n)
        fb.push_back(vector::FromElementsOp::create(
            b, loc, typeB,
            ValueRange{at(sharedB, k, colBase, 0, n * 8),
                       at(sharedB, k, colBase, 4, n * 8)}));
      for (int64_t m = 0; m < mmaTiles; ++m)
        for (int64_t n = 0; n < mmaTiles; ++n) {
          int64_t base = (m * mmaTiles + n) * 4;
          Value c = vector::FromElementsOp::create(
              b, loc, typeC, ArrayRef<Value>(acc).slice(base, 4));
          Value d = nvgpu::MmaSyncOp::create(b, loc, fa[m], fb[n], c,
                                             ArrayRef<int64_t>{16, 8, 8},
                                             /*tf32Enabled=*/true);
          for (int64_t e = 0; e < 4; ++e)
            acc[base + e] = vector::ExtractOp::create(
                b, loc, d, ArrayRef<int64_t>{e / 2, e % 2});
        }
    }
  };

  auto kLoop = scf::ForOp::create(
      rewriter, loc, kBegin, kEnd, kb.index(step), inits,
      [&](OpBuilder &b, Location, Value k0, ValueRange accs) {
        SmallVector<Value> acc(accs.begin(), accs.end());
        storeTile(b, loadA(b, k0), kFastA, sharedA);
        storeTile(b, loadB(b, k0), kFastB, sharedB);
        gpu::BarrierOp::create(b, loc);
        if (tiling.tf32)
          tensorCoreStep(b, acc);
        else
          cudaCoreStep(b, acc);
        gpu::BarrierOp::create(b, loc);
        scf::YieldOp::create(b, loc, acc);
      });

  // Each thread adds its block to C: stored with the initial value of C, or
  // atomically when the reduction is split across blocks.
  Value output = op.getDpsInits()[0];
  // The global row (column) of each of the thread's offsets, and its loop
  // indices along p (q).
  auto place = [&](ArrayRef<Value> offsets, Value origin, ArrayRef<unsigned> dims,
                   SmallVectorImpl<Value> &globals,
                   SmallVectorImpl<SmallVector<Value>> &ivs) {
    for (Value offset : offsets) {
      globals.push_back(arith::AddIOp::create(rewriter, loc, origin, offset));
      ivs.emplace_back(sizes.size(), zeroIndex);
      kb.delinearize(globals.back(), dims, ivs.back());
    }
  };
  SmallVector<Value> pRows, qCols;
  SmallVector<SmallVector<Value>> pIvs, qIvs;
  place(rowOffsets, p0, loops.p, pRows, pIvs);
  place(colOffsets, q0, loops.q, qCols, qIvs);
  for (size_t i = 0; i < pRows.size(); ++i) {
    Value pInside = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                          pRows[i], kb.index(P));
    for (size_t j = 0; j < qCols.size(); ++j) {
      Value inside = arith::AndIOp::create(
          rewriter, loc, pInside,
          arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                qCols[j], kb.index(Q)));
      auto ifInside = scf::IfOp::create(rewriter, loc, inside, /*withElse=*/false);
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPoint(ifInside.thenBlock()->getTerminator());
      SmallVector<Value> ivs(baseIvs);
      for (unsigned d : loops.p)
        ivs[d] = pIvs[i][d];
      for (unsigned d : loops.q)
        ivs[d] = qIvs[j][d];
      SmallVector<Value> at = kb.indicesAt(mapC, ivs);
      Value sum = kLoop.getResult(accIndex(i, j));
      if (splits > 1) {
        memref::AtomicRMWOp::create(rewriter, loc, arith::AtomicRMWKind::addf,
                                    sum, output, at);
      } else {
        Value init = initValue ? initValue
                               : memref::LoadOp::create(rewriter, loc, output, at);
        memref::StoreOp::create(rewriter, loc,
                                arith::AddFOp::create(rewriter, loc, init, sum),
                                output, at);
      }
    }
  }
  if (initValue) {
    rewriter.eraseOp(*initFill);
    *initFill = nullptr;
  }
  rewriter.eraseOp(op);
  return true;
}
