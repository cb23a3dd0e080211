// --ptensor-copy-to-loops: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace ptensor {
#define GEN_PASS_DEF_COPYTOLOOPS
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
struct CopyToLoops : ptensor::impl::CopyToLoopsBase<CopyToLoops> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp c) {
      auto s = dyn_cast<MemRefType>(c.getSource().getType());
      auto t = dyn_cast<MemRefType>(c.getTarget().getType());
      if (s && t && (!s.getLayout().isIdentity() || !t.getLayout().isIdentity()))
        copies.push_back(c);
    });
    for (memref::CopyOp c : copies) {
      OpBuilder b(c);
      b.create<linalg::CopyOp>(c.getLoc(), c.getSource(), c.getTarget());
      c.erase();
    }
  }
};
} // namespace
