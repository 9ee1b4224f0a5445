//===- PlanBuffers.cpp - a block's buffers as views of one arena ----------===//
//
// pd-plan-buffers: the intermediate buffers of a program (after
// pd-early-dealloc: each freed right after its last use) are laid out at
// compile time in one arena per block, the way ONNX Runtime's memory
// patterns and IREE's resource packing do. A buffer takes the free range
// of the arena that was freed last among those it fits in: the memory a
// layer writes is then what the layers just before it wrote, still in the
// cache, instead of a block last touched a whole run earlier. The
// caching allocator kept one block per size class, which a layer's output
// took again each run: MobileNetV2's first expansion (96 x 114 x 114)
// spent half of its time writing to memory that had left the caches.
//
//===----------------------------------------------------------------------===//

#include "Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/MathExtras.h"

#include <list>
#include <optional>

namespace mlir::pd {
#define GEN_PASS_DEF_PDPLANBUFFERS
#include "pd/PdPasses.h.inc"
} // namespace mlir::pd

using namespace mlir;

namespace {

constexpr int64_t kArenaAlignment = 64;

/// Bytes of a buffer of `type`, when the arena can hold it: a static shape,
/// the identity layout, the default memory space, and whole-byte integers
/// or floats (an `i1` or `index` buffer keeps its own allocation).
std::optional<int64_t> bufferBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity() || type.getMemorySpace())
    return std::nullopt;
  Type elem = type.getElementType();
  if (!isa<IntegerType, FloatType>(elem) || elem.getIntOrFloatBitWidth() % 8 != 0)
    return std::nullopt;
  int64_t bytes = type.getNumElements() * (elem.getIntOrFloatBitWidth() / 8);
  return llvm::alignTo(std::max<int64_t>(bytes, 1), kArenaAlignment);
}

/// A buffer of the block: allocated and freed there, once.
struct Interval {
  memref::AllocOp alloc;
  memref::DeallocOp dealloc;
  int64_t bytes = 0;
  int64_t offset = -1;
};

/// A free range of the arena and when it was last freed (op index).
struct Gap {
  int64_t offset, bytes, freedAt;
};

/// The arena a run of allocations and frees needs: each allocation takes
/// the fitting free range freed most recently (its start), else the end of
/// the arena (joined with a free range that ends there).
class ArenaPlanner {
public:
  int64_t allocate(int64_t bytes) {
    auto best = gaps.end();
    for (auto it = gaps.begin(); it != gaps.end(); ++it)
      if (it->bytes >= bytes && (best == gaps.end() || it->freedAt > best->freedAt))
        best = it;
    if (best != gaps.end()) {
      int64_t offset = best->offset;
      best->offset += bytes;
      best->bytes -= bytes;
      if (best->bytes == 0)
        gaps.erase(best);
      return offset;
    }
    // Grow the arena, from the free range at its end if there is one.
    int64_t offset = size;
    if (!gaps.empty() && gaps.back().offset + gaps.back().bytes == size) {
      offset = gaps.back().offset;
      gaps.pop_back();
    }
    size = offset + bytes;
    return offset;
  }

  void release(int64_t offset, int64_t bytes, int64_t now) {
    // Gaps are kept sorted by offset and merged with their neighbours.
    auto it = gaps.begin();
    while (it != gaps.end() && it->offset < offset)
      ++it;
    it = gaps.insert(it, Gap{offset, bytes, now});
    if (it != gaps.begin()) {
      auto prev = std::prev(it);
      if (prev->offset + prev->bytes == it->offset) {
        prev->bytes += it->bytes;
        prev->freedAt = now;
        gaps.erase(it);
        it = prev;
      }
    }
    auto next = std::next(it);
    if (next != gaps.end() && it->offset + it->bytes == next->offset) {
      it->bytes += next->bytes;
      gaps.erase(next);
    }
  }

  int64_t arenaBytes() const { return size; }

private:
  std::list<Gap> gaps;
  int64_t size = 0;
};

/// Plans the buffers `block` allocates and frees itself; false where there
/// are fewer than two.
bool planBlock(Block &block) {
  llvm::DenseMap<Operation *, int64_t> position;
  int64_t index = 0;
  for (Operation &op : block)
    position[&op] = index++;
  SmallVector<Interval> intervals;
  for (auto alloc : block.getOps<memref::AllocOp>()) {
    std::optional<int64_t> bytes = bufferBytes(alloc.getType());
    if (!bytes || !alloc.getDynamicSizes().empty() || !alloc.getSymbolOperands().empty() ||
        alloc.getAlignment().value_or(0) > kArenaAlignment)
      continue;
    // Exactly one dealloc, in this block after the allocation: the buffer
    // is dead past it (what pd-early-dealloc and upstream's deallocation
    // guarantee); any other buffer keeps its own allocation.
    memref::DeallocOp dealloc;
    unsigned deallocs = 0;
    for (Operation *user : alloc->getUsers())
      if (auto d = dyn_cast<memref::DeallocOp>(user)) {
        dealloc = d;
        ++deallocs;
      }
    if (deallocs != 1 || dealloc->getBlock() != &block ||
        position[dealloc] < position[alloc])
      continue;
    intervals.push_back({alloc, dealloc, *bytes});
  }
  if (intervals.size() < 2)
    return false;

  // Replay the allocations and frees in program order.
  struct Event {
    int64_t at;
    bool free;
    unsigned interval;
  };
  SmallVector<Event> events;
  for (auto [i, interval] : llvm::enumerate(intervals)) {
    events.push_back({position[interval.alloc], false, (unsigned)i});
    events.push_back({position[interval.dealloc], true, (unsigned)i});
  }
  llvm::sort(events, [](const Event &a, const Event &b) { return a.at < b.at; });
  ArenaPlanner planner;
  for (const Event &e : events) {
    Interval &interval = intervals[e.interval];
    if (e.free)
      planner.release(interval.offset, interval.bytes, e.at);
    else
      interval.offset = planner.allocate(interval.bytes);
  }

  // One allocation of the arena before the first buffer, one free after
  // the last; each buffer a view of it.
  Operation *first = intervals.front().alloc, *last = intervals.front().dealloc;
  for (const Interval &interval : intervals) {
    if (position[interval.alloc] < position[first])
      first = interval.alloc;
    if (position[interval.dealloc] > position[last])
      last = interval.dealloc;
  }
  OpBuilder b(first);
  Location loc = first->getLoc();
  auto arenaType = MemRefType::get({planner.arenaBytes()}, b.getI8Type());
  Value arena = memref::AllocOp::create(b, loc, arenaType, b.getI64IntegerAttr(kArenaAlignment));
  b.setInsertionPointAfter(last);
  memref::DeallocOp::create(b, last->getLoc(), arena);
  for (Interval &interval : intervals) {
    b.setInsertionPoint(interval.alloc);
    Location at = interval.alloc.getLoc();
    Value offset = arith::ConstantIndexOp::create(b, at, interval.offset);
    Value view = memref::ViewOp::create(b, at, interval.alloc.getType(), arena, offset,
                                        ValueRange{});
    interval.alloc.replaceAllUsesWith(view);
    interval.dealloc->erase();
    interval.alloc->erase();
  }
  return true;
}

struct PdPlanBuffersPass : public pd::impl::PdPlanBuffersBase<PdPlanBuffersPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks)
      planBlock(*block);
  }
};

} // namespace
