// --ptensor-identity-strides: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace ptensor {
#define GEN_PASS_DEF_IDENTITYSTRIDES
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
struct IdentityStridesPass : ptensor::impl::IdentityStridesBase<IdentityStridesPass> {
  void runOnOperation() override {
    getOperation()->walk([](memref::ExtractStridedMetadataOp op) {
      auto ty = cast<MemRefType>(op.getSource().getType());
      if (!ty.getLayout().isIdentity() || ty.getRank() < 2)
        return;
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      Location loc = op.getLoc();
      // sizes as memref.dim (one value with the loop bounds that read them, after cse)
      for (int64_t k = 0; k < ty.getRank(); ++k)
        if (ty.isDynamicDim(k) && !op.getSizes()[k].use_empty())
          op.getSizes()[k].replaceAllUsesWith(
              b.create<memref::DimOp>(loc, op.getSource(), k).getResult());
      // stride k = product of the sizes after k, from the innermost out
      Value stride;
      for (int64_t k = ty.getRank() - 2; k >= 0; --k) {
        Value size = ty.isDynamicDim(k + 1)
                         ? b.create<memref::DimOp>(loc, op.getSource(), k + 1).getResult()
                         : b.create<arith::ConstantIndexOp>(loc, ty.getDimSize(k + 1)).getResult();
        stride = stride ? b.create<arith::MulIOp>(loc, stride, size).getResult() : size;
        op.getStrides()[k].replaceAllUsesWith(stride);
      }
    });
    // Views made outside a parallel loop and used inside it are remade inside it: an OpenMP
    // region captures a view as one aggregate, whose fields LLVM cannot relate to the
    // scalars it also captures (a stride equal to a size compared with a constant).
    getOperation()->walk([](memref::ReinterpretCastOp view) {
      SmallVector<OpOperand *> inside;
      for (OpOperand &use : view->getUses())
        if (auto p = use.getOwner()->getParentOfType<scf::ParallelOp>();
            p && !p->isAncestor(view))
          inside.push_back(&use);
      llvm::DenseMap<Operation *, Value> copies;
      for (OpOperand *use : inside) {
        auto p = use->getOwner()->getParentOfType<scf::ParallelOp>();
        while (auto outer = p->getParentOfType<scf::ParallelOp>())
          if (!outer->isAncestor(view))
            p = outer;
          else
            break;
        Value &copy = copies[p];
        if (!copy) {
          OpBuilder b = OpBuilder::atBlockBegin(p.getBody());
          copy = b.clone(*view)->getResult(0);
        }
        use->set(copy);
      }
    });
  }
};
} // namespace
