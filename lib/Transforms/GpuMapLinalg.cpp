//===- GpuMapLinalg.cpp - linalg ops on buffers as GPU kernels ------------===//
//
// The CUDA backend's mapping step (pd-lower-to-cuda): every structured op of
// a bufferized host function becomes one `gpu.launch` whose threads each
// compute one point of the op's parallel iteration space, reductions running
// in registers (an scf.for carrying the accumulators) inside the thread.
// Buffers move to the device (gpu.alloc / gpu.dealloc), and whatever would
// still touch device memory from the host is reported.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"
#include "Transforms/GpuContraction.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::pd {
#define GEN_PASS_DEF_PDGPUMAPLINALG
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

/// The element of `operand` that `map` picks at the loop indices `ivs`
/// (scalar operands are used as they are).
Value loadOperand(OpBuilder &b, Location loc, Value operand, AffineMap map,
                  ValueRange ivs) {
  if (!isa<MemRefType>(operand.getType()))
    return operand;
  SmallVector<Value> indices;
  for (unsigned r = 0; r < map.getNumResults(); ++r)
    indices.push_back(
        affine::AffineApplyOp::create(b, loc, map.getSubMap({r}), ivs));
  return memref::LoadOp::create(b, loc, operand, indices);
}

void storeOperand(OpBuilder &b, Location loc, Value value, Value operand,
                  AffineMap map, ValueRange ivs) {
  SmallVector<Value> indices;
  for (unsigned r = 0; r < map.getNumResults(); ++r)
    indices.push_back(
        affine::AffineApplyOp::create(b, loc, map.getSubMap({r}), ivs));
  memref::StoreOp::create(b, loc, value, operand, indices);
}

/// Clones the body of `generic` with its block arguments bound to `args` and
/// `linalg.index d` bound to ivs[d]; returns the values it yields.
SmallVector<Value> cloneBody(OpBuilder &b, linalg::GenericOp generic,
                             ArrayRef<Value> args, ValueRange ivs) {
  Block &body = generic.getRegion().front();
  IRMapping mapping;
  for (auto [arg, value] : llvm::zip(body.getArguments(), args))
    if (value)
      mapping.map(arg, value);
  for (Operation &op : body.without_terminator()) {
    if (auto index = dyn_cast<linalg::IndexOp>(op)) {
      mapping.map(index.getResult(), ivs[index.getDim()]);
      continue;
    }
    Operation *copy = b.clone(op, mapping);
    SmallVector<linalg::IndexOp> nested;
    copy->walk([&](linalg::IndexOp i) { nested.push_back(i); });
    for (linalg::IndexOp i : nested) {
      i.getResult().replaceAllUsesWith(ivs[i.getDim()]);
      i.erase();
    }
  }
  SmallVector<Value> yielded;
  for (Value v : body.getTerminator()->getOperands())
    yielded.push_back(mapping.lookupOrDefault(v));
  return yielded;
}

/// Whether `op` sums into a single f32 buffer: its body yields
/// `out + x` where `x` does not depend on `out`, so partial sums over parts
/// of the reduction can be added to the output atomically, in any order.
bool isAtomicF32Sum(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1)
    return false;
  auto type = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!type || !type.getElementType().isF32())
    return false;
  Block &body = op.getRegion().front();
  BlockArgument out = body.getArguments().back();
  auto add = body.getTerminator()->getOperand(0).getDefiningOp<arith::AddFOp>();
  return add && out.hasOneUse() &&
         (add.getLhs() == out || add.getRhs() == out);
}

/// Replaces the structured op `op` (on buffers) by a launch of one thread per
/// point of its parallel loops.
LogicalResult mapToKernel(RewriterBase &rewriter, linalg::LinalgOp op,
                          int64_t blockSize,
                          const pd::ContractionTiling *tiling,
                          linalg::FillOp *initFill = nullptr) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
  if (!generic) {
    FailureOr<linalg::GenericOp> generalized =
        linalg::generalizeNamedOp(rewriter, op);
    if (failed(generalized))
      return op->emitOpError()
             << "cannot be written as a linalg.generic, which the CUDA "
                "backend maps to threads";
    generic = *generalized;
  }
  if (tiling &&
      pd::mapContractionToTiledKernel(rewriter, generic, *tiling, initFill))
    return success();
  auto linalgOp = cast<linalg::LinalgOp>(generic.getOperation());
  for (OpOperand &operand : generic->getOpOperands())
    if (isa<RankedTensorType>(operand.get().getType()))
      return generic.emitOpError()
             << "works on tensors: the CUDA backend maps ops on buffers "
                "(run one-shot-bufferize first)";
  rewriter.setInsertionPoint(generic);
  SmallVector<Range> ranges = linalgOp.createLoopRanges(rewriter, loc);
  SmallVector<Value> sizes;
  for (Range &r : ranges)
    sizes.push_back(getValueOrCreateConstantIndexOp(rewriter, loc, r.size));
  SmallVector<utils::IteratorType> iterators =
      generic.getIteratorTypesArray();
  SmallVector<unsigned> parallel, reduction;
  for (auto [i, it] : llvm::enumerate(iterators))
    (it == utils::IteratorType::parallel ? parallel : reduction).push_back(i);

  // One thread per point of the parallel loops; nothing to do for none.
  std::optional<int64_t> staticTotal = 1;
  Value total = arith::ConstantIndexOp::create(rewriter, loc, 1);
  for (unsigned d : parallel) {
    std::optional<int64_t> c = getConstantIntValue(sizes[d]);
    staticTotal = staticTotal && c ? std::optional<int64_t>(*staticTotal * *c)
                                   : std::nullopt;
    total = rewriter.createOrFold<arith::MulIOp>(loc, total, sizes[d]);
  }
  if (staticTotal && *staticTotal == 0) {
    rewriter.eraseOp(generic);
    return success();
  }
  int64_t threads = blockSize;
  if (staticTotal && *staticTotal < threads)
    threads = *staticTotal;
  Value block = arith::ConstantIndexOp::create(rewriter, loc, threads);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);

  // A long reduction into few outputs (a fully connected layer at batch 1:
  // a thread per output would leave most multiprocessors idle) is split
  // over grid.y: each part sums a chunk of the first reduction loop and adds
  // its partial sum to the output atomically.
  int64_t splits = 1, chunk = 0;
  std::optional<int64_t> firstReduction =
      reduction.empty() ? std::nullopt
                        : getConstantIntValue(sizes[reduction.front()]);
  if (tiling && staticTotal && firstReduction && isAtomicF32Sum(generic)) {
    int64_t blocks = llvm::divideCeil(*staticTotal, threads);
    if (blocks < tiling->residentBlocks() && *firstReduction >= 64) {
      // (grid.y is at most 65535 in CUDA)
      splits = std::min<int64_t>(
          {llvm::divideCeil(2 * tiling->residentBlocks(), blocks),
           *firstReduction / 32, 65535});
      chunk = llvm::divideCeil(*firstReduction, splits);
      splits = llvm::divideCeil(*firstReduction, chunk);
    }
  }
  Value grid = rewriter.createOrFold<arith::CeilDivUIOp>(loc, total, block);

  // A dynamic count of 0 launches nothing (a grid of 0 is a CUDA error).
  OpBuilder::InsertionGuard guard(rewriter);
  if (!staticTotal) {
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value any = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ugt,
                                      total, zero);
    auto ifOp = scf::IfOp::create(rewriter, loc, any, /*withElse=*/false);
    rewriter.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  auto launch = gpu::LaunchOp::create(
      rewriter, loc, grid, arith::ConstantIndexOp::create(rewriter, loc, splits),
      one, block, one, one);
  Block &body = launch.getBody().front();
  rewriter.setInsertionPointToEnd(&body);
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  rewriter.setInsertionPoint(terminator);
  Value linear = arith::AddIOp::create(
      rewriter, loc,
      arith::MulIOp::create(rewriter, loc, launch.getBlockIds().x, block),
      launch.getThreadIds().x);
  Value inside = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ult,
                                       linear, total);
  auto ifInside = scf::IfOp::create(rewriter, loc, inside, /*withElse=*/false);
  rewriter.setInsertionPoint(ifInside.thenBlock()->getTerminator());

  // The parallel indices, the last loop fastest (consecutive threads touch
  // consecutive elements of row-major buffers); reduction loops start at 0.
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  SmallVector<Value> ivs(iterators.size(), zero);
  Value rest = linear;
  for (size_t k = parallel.size(); k-- > 0;) {
    unsigned d = parallel[k];
    if (k == 0) {
      ivs[d] = rest;
      break;
    }
    ivs[d] = arith::RemUIOp::create(rewriter, loc, rest, sizes[d]);
    rest = arith::DivUIOp::create(rewriter, loc, rest, sizes[d]);
  }

  SmallVector<OpOperand *> inputs, outputs;
  for (OpOperand *in : generic.getDpsInputOperands())
    inputs.push_back(in);
  for (OpOperand &out : generic.getDpsInitsMutable())
    outputs.push_back(&out);
  Block &genericBody = generic.getRegion().front();
  auto loadInputs = [&](OpBuilder &b, ValueRange at) {
    SmallVector<Value> args;
    for (OpOperand *in : inputs) {
      BlockArgument arg = genericBody.getArgument(in->getOperandNumber());
      args.push_back(arg.use_empty()
                         ? Value()
                         : loadOperand(b, loc, in->get(),
                                       generic.getMatchingIndexingMap(in), at));
    }
    return args;
  };

  SmallVector<Value> results;
  if (reduction.empty()) {
    SmallVector<Value> args = loadInputs(rewriter, ivs);
    for (OpOperand *out : outputs) {
      BlockArgument arg = genericBody.getArgument(out->getOperandNumber());
      args.push_back(arg.use_empty()
                         ? Value()
                         : loadOperand(rewriter, loc, out->get(),
                                       generic.getMatchingIndexingMap(out), ivs));
    }
    results = cloneBody(rewriter, generic, args, ivs);
  } else {
    // Accumulate in registers: the outputs are read once, carried through
    // the reduction loops and written once.
    SmallVector<Value> inits, lbs(reduction.size(), zero), ubs, steps(reduction.size(), one);
    for (unsigned d : reduction)
      ubs.push_back(sizes[d]);
    if (splits > 1) {
      Value size = arith::ConstantIndexOp::create(rewriter, loc, chunk);
      lbs[0] = arith::MulIOp::create(rewriter, loc, launch.getBlockIds().y, size);
      ubs[0] = arith::MinUIOp::create(
          rewriter, loc, arith::AddIOp::create(rewriter, loc, lbs[0], size),
          ubs[0]);
      inits.push_back(arith::ConstantOp::create(rewriter, loc,
                                                rewriter.getF32FloatAttr(0)));
    } else {
      for (OpOperand *out : outputs)
        inits.push_back(loadOperand(rewriter, loc, out->get(),
                                    generic.getMatchingIndexingMap(out), ivs));
    }
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, lbs, ubs, steps, inits,
        [&](OpBuilder &b, Location, ValueRange reductionIvs,
            ValueRange accumulators) -> scf::ValueVector {
          SmallVector<Value> at(ivs.begin(), ivs.end());
          for (auto [d, iv] : llvm::zip(reduction, reductionIvs))
            at[d] = iv;
          SmallVector<Value> args = loadInputs(b, at);
          args.append(accumulators.begin(), accumulators.end());
          return cloneBody(b, generic, args, at);
        });
    results.assign(nest.results.begin(), nest.results.end());
  }
  for (auto [value, out] : llvm::zip(results, outputs)) {
    AffineMap map = generic.getMatchingIndexingMap(out);
    if (splits == 1) {
      storeOperand(rewriter, loc, value, out->get(), map, ivs);
      continue;
    }
    SmallVector<Value> indices;
    for (unsigned r = 0; r < map.getNumResults(); ++r)
      indices.push_back(
          affine::AffineApplyOp::create(rewriter, loc, map.getSubMap({r}), ivs));
    memref::AtomicRMWOp::create(rewriter, loc, arith::AtomicRMWKind::addf, value,
                                out->get(), indices);
  }
  rewriter.eraseOp(generic);
  return success();
}

/// Whether `value` is a buffer of the host's own (a stack array, e.g. the
/// ownership flags of bufferization's deallocation), not device memory.
bool isHostStackBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (isa<memref::AllocaOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return false;
}

/// Rewrites a host `memref.load` of device memory (the condition of a
/// pd.if or pd.while, a scalar that decides the host's control flow) into a
/// copy of that one element to a host stack buffer, read there. An element
/// of a larger buffer is first gathered by a one-thread kernel into a
/// one-element device buffer (gpu.memcpy takes identity layouts only). The
/// host buffer starts at zero, so a failed copy (a CUDA error, reported by
/// the runtime) reads false rather than garbage: a loop ends.
void readOnHost(RewriterBase &rewriter, memref::LoadOp load) {
  Location loc = load.getLoc();
  rewriter.setInsertionPoint(load);
  Type element = load.getType();
  auto scalarType = MemRefType::get({1}, element);
  Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value host = memref::AllocaOp::create(rewriter, loc, scalarType);
  memref::StoreOp::create(
      rewriter, loc,
      arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(element)),
      host, zeroIndex);
  MemRefType sourceType = load.getMemRefType();
  Value source = load.getMemref();
  Value gathered;
  if (!(sourceType.hasStaticShape() && sourceType.getNumElements() == 1 &&
        sourceType.getLayout().isIdentity() && sourceType.getRank() == 1)) {
    gathered = gpu::AllocOp::create(rewriter, loc, scalarType, Type(),
                                    ValueRange(), ValueRange(), ValueRange(),
                                    /*hostShared=*/false)
                   .getMemref();
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto launch = gpu::LaunchOp::create(rewriter, loc, one, one, one, one, one, one);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToEnd(&launch.getBody().front());
    Value element = memref::LoadOp::create(rewriter, loc, source, load.getIndices());
    memref::StoreOp::create(rewriter, loc, element, gathered,
                            arith::ConstantIndexOp::create(rewriter, loc, 0).getResult());
    gpu::TerminatorOp::create(rewriter, loc);
    source = gathered;
  }
  gpu::MemcpyOp::create(rewriter, loc, Type(), ValueRange(), host, source);
  if (gathered)
    gpu::DeallocOp::create(rewriter, loc, Type(), ValueRange(), gathered);
  rewriter.replaceOpWithNewOp<memref::LoadOp>(load, host, zeroIndex);
}

/// Whether `op` (a loop nest or branch left on the host: a scatter, a sort,
/// NMS, lowered as scf loops rather than structured ops) runs as a kernel
/// of one thread: it writes device memory outside structured ops, and
/// allocates, frees, launches and calls nothing, nor reads a host stack
/// buffer from outside.
bool runsAsSequentialKernel(Operation *op) {
  bool writesDevice = false;
  WalkResult walk = op->walk<WalkOrder::PreOrder>([&](Operation *inner) -> WalkResult {
    if (isa<gpu::LaunchOp, memref::AllocOp, memref::DeallocOp, gpu::AllocOp,
            gpu::DeallocOp, gpu::MemcpyOp, CallOpInterface>(inner))
      return WalkResult::interrupt();
    for (Value operand : inner->getOperands()) {
      // A buffer of the host's stack, defined outside: not on the device.
      if (isa<MemRefType>(operand.getType()) &&
          !op->isAncestor(operand.getParentRegion()->getParentOp()) &&
          isHostStackBuffer(operand))
        return WalkResult::interrupt();
    }
    // Structured ops inside become loops of the kernel.
    if (isa<linalg::LinalgOp>(inner))
      return WalkResult::skip();
    Value written;
    if (auto store = dyn_cast<memref::StoreOp>(inner))
      written = store.getMemref();
    else if (auto copy = dyn_cast<memref::CopyOp>(inner))
      written = copy.getTarget();
    else if (isa<vector::TransferWriteOp, vector::StoreOp>(inner))
      written = inner->getOperand(1);
    if (written && !isHostStackBuffer(written))
      writesDevice = true;
    return WalkResult::advance();
  });
  return writesDevice && !walk.wasInterrupted();
}

/// Moves `op` into a `gpu.launch` of one block of one thread: it runs on
/// the device in program order, exactly as the host would have run it.
/// Each result the host uses goes through a one-element device buffer,
/// read back after the launch (readOnHost turns that read into a copy).
void wrapInSequentialKernel(RewriterBase &rewriter, Operation *op) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<Value> resultBuffers;
  for (Value result : op->getResults())
    resultBuffers.push_back(
        result.use_empty()
            ? Value()
            : gpu::AllocOp::create(rewriter, loc,
                                   MemRefType::get({1}, result.getType()),
                                   /*asyncToken=*/Type(), ValueRange(), ValueRange(),
                                   ValueRange(), /*hostShared=*/false)
                  .getMemref());
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  auto launch = gpu::LaunchOp::create(rewriter, loc, one, one, one, one, one, one);
  rewriter.setInsertionPointToEnd(&launch.getBody().front());
  auto terminator = gpu::TerminatorOp::create(rewriter, loc);
  op->moveBefore(terminator);
  rewriter.setInsertionPoint(terminator);
  for (auto [result, buffer] : llvm::zip(op->getResults(), resultBuffers))
    if (buffer)
      memref::StoreOp::create(rewriter, loc, result, buffer,
                              arith::ConstantIndexOp::create(rewriter, loc, 0).getResult());
  rewriter.setInsertionPointAfter(launch);
  for (auto [result, buffer] : llvm::zip(op->getResults(), resultBuffers)) {
    if (!buffer)
      continue;
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value onHost = memref::LoadOp::create(rewriter, loc, buffer, zero);
    rewriter.replaceUsesWithIf(result, onHost, [&](OpOperand &use) {
      return !launch->isAncestor(use.getOwner());
    });
    gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(), ValueRange(), buffer);
  }
}

/// Run-time checks (convert-pd-to-linalg's `pdm_runtime_error` calls, an
/// index out of range of a gather or an embedding): kernels cannot call the
/// host, so a failed check claims a device record [site, value, bound]
/// with an atomic compare-and-swap (the first one wins), and each return
/// of the program reads the record back and reports it to the host runtime
/// through the same function. The record is filled with -1 (no failure)
/// when the program starts.
void routeRuntimeChecks(RewriterBase &rewriter, func::FuncOp func) {
  SmallVector<func::CallOp> reports;
  func.walk([&](func::CallOp call) {
    if (call.getCallee() == "pdm_runtime_error" && call.getNumOperands() == 3)
      reports.push_back(call);
  });
  if (reports.empty())
    return;
  Location loc = func.getLoc();
  Type i64 = rewriter.getI64Type();
  rewriter.setInsertionPointToStart(&func.getBody().front());
  Value none = arith::ConstantIntOp::create(rewriter, loc, i64, -1);
  Value record = memref::AllocOp::create(rewriter, loc, MemRefType::get({3}, i64));
  linalg::FillOp::create(rewriter, loc, none, record);
  auto slot = [&](Location l, int64_t i) -> Value {
    return arith::ConstantIndexOp::create(rewriter, l, i);
  };
  for (func::CallOp call : reports) {
    Location l = call.getLoc();
    rewriter.setInsertionPoint(call);
    auto claim = memref::GenericAtomicRMWOp::create(rewriter, l, record, slot(l, 0));
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(claim.getBody());
      Value current = claim.getCurrentValue();
      Value free = arith::CmpIOp::create(rewriter, l, arith::CmpIPredicate::eq, current, none);
      memref::AtomicYieldOp::create(
          rewriter, l, arith::SelectOp::create(rewriter, l, free, call.getOperand(0), current));
    }
    Value won = arith::CmpIOp::create(rewriter, l, arith::CmpIPredicate::eq, claim.getResult(),
                                      none);
    auto ifWon = scf::IfOp::create(rewriter, l, won, /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifWon.thenBlock()->getTerminator());
    memref::StoreOp::create(rewriter, l, call.getOperand(1), record, slot(l, 1));
    memref::StoreOp::create(rewriter, l, call.getOperand(2), record, slot(l, 2));
    rewriter.eraseOp(call);
  }
  // The host reads the record at each return (readOnHost copies the
  // elements out) and reports a failure.
  SmallVector<func::ReturnOp> returns;
  func.walk([&](func::ReturnOp ret) { returns.push_back(ret); });
  for (func::ReturnOp ret : returns) {
    Location l = ret.getLoc();
    rewriter.setInsertionPoint(ret);
    Value site = memref::LoadOp::create(rewriter, l, record, slot(l, 0));
    Value failed = arith::CmpIOp::create(rewriter, l, arith::CmpIPredicate::ne, site, none);
    auto ifFailed = scf::IfOp::create(rewriter, l, failed, /*withElseRegion=*/false);
    rewriter.setInsertionPoint(ifFailed.thenBlock()->getTerminator());
    Value value = memref::LoadOp::create(rewriter, l, record, slot(l, 1));
    Value bound = memref::LoadOp::create(rewriter, l, record, slot(l, 2));
    func::CallOp::create(rewriter, l, "pdm_runtime_error", TypeRange(),
                         ValueRange{site, value, bound});
    rewriter.setInsertionPoint(ret);
    memref::DeallocOp::create(rewriter, l, record);
  }
}

struct PdGpuMapLinalgPass
    : public pd::impl::PdGpuMapLinalgBase<PdGpuMapLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (blockSize < 32 || blockSize > 1024 || blockSize % 32 != 0) {
      func.emitError() << "pd-gpu-map-linalg: block-size must be a multiple "
                          "of 32 in [32, 1024], got "
                       << static_cast<int64_t>(blockSize);
      return signalPassFailure();
    }
    IRRewriter rewriter(&getContext());
    routeRuntimeChecks(rewriter, func);
    // Loop nests and branches that write device memory outside structured
    // ops (scatters, sorts, NMS) run as one-thread kernels: slow, but exact
    // and in order. Their structured ops become loops of that kernel.
    SmallVector<Operation *> sequential;
    func->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
      // Structured ops become kernels of their own, their bodies with them.
      if (isa<linalg::LinalgOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      // A single store (a shape output's element) too, but not one in a
      // loop the host runs: a kernel per trip.
      bool hostStore = isa<memref::StoreOp>(op) &&
                       !op->getParentOfType<LoopLikeOpInterface>();
      if ((hostStore || isa<scf::ForOp, scf::WhileOp, scf::IfOp, scf::ParallelOp,
                            scf::ForallOp>(op)) &&
          runsAsSequentialKernel(op)) {
        sequential.push_back(op);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    for (Operation *op : sequential) {
      SmallVector<linalg::LinalgOp> inner;
      op->walk([&](linalg::LinalgOp l) { inner.push_back(l); });
      for (linalg::LinalgOp l : inner) {
        if (!l.hasPureBufferSemantics()) {
          l->emitOpError() << "works on tensors: the CUDA backend maps ops on buffers "
                              "(run one-shot-bufferize first)";
          return signalPassFailure();
        }
        rewriter.setInsertionPoint(l);
        if (failed(linalg::linalgOpToLoops(rewriter, l)))
          return signalPassFailure();
        rewriter.eraseOp(l);
      }
    }
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });
    if (multiprocessors < 1) {
      func.emitError() << "pd-gpu-map-linalg: multiprocessors must be "
                          "positive, got "
                       << static_cast<int64_t>(multiprocessors);
      return signalPassFailure();
    }
    pd::ContractionTiling tiling;
    tiling.multiprocessors = multiprocessors;
    tiling.tf32 = tf32;
    // A fill of a structured op's output right before it (C = 0 before
    // C += A B) waits for that op: a tiled contraction folds it in.
    DenseMap<Operation *, linalg::FillOp> initFills;
    for (linalg::LinalgOp op : ops) {
      auto fill = dyn_cast<linalg::FillOp>(op.getOperation());
      auto next = fill ? dyn_cast_or_null<linalg::LinalgOp>(fill->getNextNode())
                       : linalg::LinalgOp();
      if (tileContractions && next && next.getNumDpsInits() == 1 &&
          next.getDpsInits()[0] == fill.getDpsInits()[0] &&
          !isa<linalg::FillOp>(next.getOperation())) {
        initFills[next] = fill;
        continue;
      }
      linalg::FillOp initFill = initFills.lookup(op);
      if (failed(mapToKernel(rewriter, op, blockSize,
                             tileContractions ? &tiling : nullptr, &initFill)))
        return signalPassFailure();
      // Not folded in: the fill is a kernel of its own, before.
      if (initFill && failed(mapToKernel(rewriter, initFill, blockSize, nullptr)))
        return signalPassFailure();
    }

    // Buffers live on the device.
    SmallVector<Operation *> buffers;
    func.walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::DeallocOp>(op) &&
          !op->getParentOfType<gpu::LaunchOp>())
        buffers.push_back(op);
    });
    for (Operation *op : buffers) {
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto device = gpu::AllocOp::create(
            rewriter, alloc.getLoc(), alloc.getType(), /*asyncToken=*/Type(),
            ValueRange(), alloc.getDynamicSizes(), alloc.getSymbolOperands(),
            /*hostShared=*/false);
        rewriter.replaceOp(alloc, device.getMemref());
      } else {
        auto dealloc = cast<memref::DeallocOp>(op);
        gpu::DeallocOp::create(rewriter, dealloc.getLoc(), /*asyncToken=*/Type(),
                               ValueRange(), dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      }
    }

    for (Operation *op : sequential)
      wrapInSequentialKernel(rewriter, op);

    // The host reads the scalars that decide its control flow by copying
    // them out of device memory.
    SmallVector<memref::LoadOp> hostLoads;
    func->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
      if (isa<gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (auto load = dyn_cast<memref::LoadOp>(op))
        if (!isHostStackBuffer(load.getMemref()))
          hostLoads.push_back(load);
      return WalkResult::advance();
    });
    for (memref::LoadOp load : hostLoads)
      readOnHost(rewriter, load);

    // Whatever is left outside the kernels must not read or write device
    // memory: the host cannot (a data-dependent branch, say).
    WalkResult hostAccess = func->walk<WalkOrder::PreOrder>([&](Operation *op) -> WalkResult {
      if (isa<gpu::LaunchOp>(op))
        return WalkResult::skip();
      Value buffer;
      if (auto load = dyn_cast<memref::LoadOp>(op))
        buffer = load.getMemref();
      else if (auto store = dyn_cast<memref::StoreOp>(op))
        buffer = store.getMemref();
      else if (auto copy = dyn_cast<memref::CopyOp>(op))
        buffer = copy.getTarget();
      else if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op))
        buffer = rmw.getMemref(); // a run-time check's report left on the host
      else if (auto rmw = dyn_cast<memref::AtomicRMWOp>(op))
        buffer = rmw.getMemref();
      else if (isa<vector::TransferReadOp, vector::TransferWriteOp,
                   vector::LoadOp, vector::StoreOp>(op))
        buffer = op->getOperand(op->getNumOperands() > 1 &&
                                        isa<vector::TransferWriteOp,
                                            vector::StoreOp>(op)
                                    ? 1
                                    : 0);
      if (!buffer || isHostStackBuffer(buffer))
        return WalkResult::advance();
      op->emitOpError()
          << "reads or writes device memory from the host: the CUDA backend "
             "runs only structured (linalg) ops on the GPU, and this op is "
             "outside them (unsupported on CUDA; the CPU backend runs it)";
      return WalkResult::interrupt();
    });
    if (hostAccess.wasInterrupted())
      return signalPassFailure();
  }
};
} // namespace
