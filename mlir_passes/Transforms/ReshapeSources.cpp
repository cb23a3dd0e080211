// --ptensor-reshape-sources: see Passes.td.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

namespace ptensor {
#define GEN_PASS_DEF_RESHAPESOURCES
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// The operand through which `v`'s buffer comes from an earlier tensor (the init of a
/// destination-style op, the source of a reshape, cast or slice), or null.
OpOperand *equivalentSource(Value v) {
  Operation *d = v.getDefiningOp();
  if (!d)
    return nullptr;
  if (auto dps = dyn_cast<DestinationStyleOpInterface>(d))
    return dps.getTiedOpOperand(cast<OpResult>(v));
  if (auto r = dyn_cast<tensor::ReshapeOp>(d))
    return &r.getSourceMutable();
  if (auto c = dyn_cast<tensor::CastOp>(d))
    return &c.getSourceMutable();
  if (auto e = dyn_cast<tensor::ExtractSliceOp>(d))
    return &e.getSourceMutable();
  return nullptr;
}

struct ReshapeSources : ptensor::impl::ReshapeSourcesBase<ReshapeSources> {
  void runOnOperation() override {
    SmallVector<OpOperand *> uses; // operands that read a tensor.empty behind a reshape
    getOperation()->walk([&](tensor::ReshapeOp r) {
      for (OpOperand *u = &r.getSourceMutable(); u; u = equivalentSource(u->get()))
        if (u->get().getDefiningOp<tensor::EmptyOp>()) {
          uses.push_back(u);
          break;
        }
    });
    for (OpOperand *u : uses) {
      auto e = u->get().getDefiningOp<tensor::EmptyOp>();
      if (!e) // already replaced (two reshapes of one source)
        continue;
      OpBuilder b(e);
      u->set(b.create<bufferization::AllocTensorOp>(e.getLoc(), e.getType(), e.getDynamicSizes()));
      if (e->use_empty())
        e.erase();
    }
  }
};
} // namespace
