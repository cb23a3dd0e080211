// --ptensor-forward-result-copies: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace ptensor {
#define GEN_PASS_DEF_FORWARDRESULTCOPIES
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// `copy`'s source buffer when it can take the place of the copy's target: the source is a
/// memref.alloc of the copy's block with the target's type (identity layout), every other
/// use of it is before the copy in that block or its memref.dealloc, and the target is a
/// result buffer the runtime allocated (kFreshAttr: no other argument aliases it) that
/// nothing but the copy uses.
memref::AllocOp forwardable(memref::CopyOp copy, func::FuncOp fn) {
  auto target = dyn_cast<BlockArgument>(copy.getTarget());
  if (!target || target.getOwner() != &fn.getBody().front() ||
      !fn.getArgAttr(target.getArgNumber(), ptensor::kFreshAttr) || !target.hasOneUse())
    return {};
  auto alloc = copy.getSource().getDefiningOp<memref::AllocOp>();
  if (!alloc || alloc->getBlock() != copy->getBlock() || alloc.getType() != target.getType() ||
      !alloc.getType().getLayout().isIdentity() || alloc.getAlignment())
    return {};
  for (Operation *user : alloc->getUsers()) {
    if (user == copy.getOperation() || isa<memref::DeallocOp>(user))
      continue;
    Operation *a = copy->getBlock()->findAncestorOpInBlock(*user);
    if (!a || !a->isBeforeInBlock(copy))
      return {};
  }
  return alloc;
}

struct ForwardResultCopies : ptensor::impl::ForwardResultCopiesBase<ForwardResultCopies> {
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    SmallVector<memref::CopyOp> copies;
    fn.walk([&](memref::CopyOp c) { copies.push_back(c); });
    for (memref::CopyOp copy : copies) {
      memref::AllocOp alloc = forwardable(copy, fn);
      if (!alloc)
        continue;
      Value target = copy.getTarget();
      copy.erase();
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      alloc.getResult().replaceAllUsesWith(target);
      alloc.erase();
    }
  }
};
} // namespace
