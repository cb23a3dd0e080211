// --ptensor-early-dealloc: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace ptensor {
#define GEN_PASS_DEF_EARLYDEALLOC
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// The last op of `block` (an ancestor of a use) that uses `buffer` or a view of it, other
/// than `dealloc`; null when a use may keep the buffer beyond its op (a call, a yield, a
/// return, a cast to something untracked) or lies outside the block.
Operation *lastUse(Value buffer, Operation *dealloc, Block *block) {
  Operation *last = buffer.getDefiningOp();
  SmallVector<Value> work{buffer};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &u : v.getUses()) {
      Operation *o = u.getOwner();
      if (o == dealloc)
        continue;
      Operation *a = block->findAncestorOpInBlock(*o);
      if (!a)
        return nullptr;
      if (last->isBeforeInBlock(a))
        last = a;
      if (auto view = dyn_cast<ViewLikeOpInterface>(o)) {
        if (view.getViewSource() != v)
          return nullptr;
        for (Value r : o->getResults())
          work.push_back(r);
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(o); store && store.getValueToStore() == v)
        return nullptr; // the buffer itself stored somewhere
      if (!isa<memref::LoadOp, memref::StoreOp, memref::CopyOp, memref::DimOp,
               linalg::LinalgOp>(o))
        return nullptr;
    }
  }
  return last;
}

struct EarlyDealloc : ptensor::impl::EarlyDeallocBase<EarlyDealloc> {
  void runOnOperation() override {
    SmallVector<memref::DeallocOp> deallocs;
    getOperation()->walk([&](memref::DeallocOp d) { deallocs.push_back(d); });
    for (memref::DeallocOp d : deallocs) {
      auto alloc = d.getMemref().getDefiningOp<memref::AllocOp>();
      if (!alloc || alloc->getBlock() != d->getBlock())
        continue;
      Operation *last = lastUse(alloc.getResult(), d, d->getBlock());
      if (last && last->isBeforeInBlock(d))
        d->moveAfter(last);
    }
  }
};
} // namespace
