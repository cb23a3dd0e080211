// Guards around MLIR 19's eliminate-empty-tensors, which computes a result straight into its
// destination buffer where it can, in two cases where that is wrong (Passes.td has the whole
// story of each): --ptensor-reshape-sources (a reshape's source computed into the reshaped
// destination with the wrong strides) and --ptensor-separate-results (a value both returned
// and updated in place on its way into another result, clobbered by that result's copy; or
// one value on a result's way updated in place twice); and, for speed,
// --ptensor-self-read-temporaries (a stencil step written in place: one temporary instead of a
// copy of every slice it reads).
// All three replace the tensor.empty behind such a value with bufferization.alloc_tensor, which the
// elimination leaves alone.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace ptensor {
#define GEN_PASS_DEF_RESHAPESOURCES
#define GEN_PASS_DEF_SEPARATERESULTS
#define GEN_PASS_DEF_SELFREADTEMPORARIES
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
  if (auto f = dyn_cast<scf::ForOp>(d)) // a loop carrying the tensor (a scatter) updates it
    return f.getTiedLoopInit(cast<OpResult>(v));
  if (auto r = dyn_cast<tensor::ReshapeOp>(d))
    return &r.getSourceMutable();
  if (auto c = dyn_cast<tensor::CastOp>(d))
    return &c.getSourceMutable();
  if (auto e = dyn_cast<tensor::ExtractSliceOp>(d))
    return &e.getSourceMutable();
  return nullptr;
}

/// The operand that reads the tensor.empty behind v (through equivalentSource), or null.
OpOperand *emptyBehind(OpOperand *u) {
  for (; u; u = equivalentSource(u->get()))
    if (u->get().getDefiningOp<tensor::EmptyOp>())
      return u;
  return nullptr;
}

/// Each operand in `uses` reads an alloc_tensor instead of its tensor.empty.
void replaceEmpties(ArrayRef<OpOperand *> uses) {
  for (OpOperand *u : uses) {
    auto e = u->get().getDefiningOp<tensor::EmptyOp>();
    if (!e) // already replaced (two uses of one empty)
      continue;
    OpBuilder b(e);
    u->set(b.create<bufferization::AllocTensorOp>(e.getLoc(), e.getType(), e.getDynamicSizes()));
    if (e->use_empty())
      e.erase();
  }
}

struct ReshapeSources : ptensor::impl::ReshapeSourcesBase<ReshapeSources> {
  void runOnOperation() override {
    SmallVector<OpOperand *> uses; // operands that read a tensor.empty behind a reshape
    getOperation()->walk([&](tensor::ReshapeOp r) {
      if (OpOperand *u = emptyBehind(&r.getSourceMutable()))
        uses.push_back(u);
    });
    replaceEmpties(uses);
  }
};

/// Whether v may be updated in place on its way into a materialize_in_destination other than
/// `self`: it is the init of a destination-style op (an insert_slice's dest too), or the
/// source of a reshape or cast, whose result (and so on) reaches one.
bool feedsOtherResult(Value v, Operation *self, int depth = 0) {
  if (depth > 64)
    return true; // a long chain: assume the worst (a copy too many, not a wrong value)
  for (OpOperand &u : v.getUses()) {
    Operation *o = u.getOwner();
    if (o == self)
      continue;
    if (isa<bufferization::MaterializeInDestinationOp>(o))
      return true;
    Value next;
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(o)) {
      if (dps.isDpsInit(&u))
        next = dps.getTiedOpResult(&u);
    } else if (auto f = dyn_cast<scf::ForOp>(o)) {
      next = f.getTiedLoopResult(&u); // an iter_args init: updated in place by the loop
    } else if (isa<tensor::ReshapeOp, tensor::CastOp, tensor::ExpandShapeOp,
                   tensor::CollapseShapeOp>(o)) {
      next = o->getResult(0);
    }
    if (next && feedsOtherResult(next, self, depth + 1))
      return true;
  }
  return false;
}

/// Whether a value on the in-place chain behind `u` (from u's value back to, not including, its
/// tensor.empty) is also the init of another destination-style op: one buffer updated twice,
/// and the elimination would make one update write into this result's destination before the
/// other copies the old value (a2[...] = v and a scatter into a copy of a2 that
/// canonicalization has folded into a2). Plain reads do not count: a result that another result
/// reads is common and safe.
bool updatedTwice(OpOperand *u) {
  for (OpOperand *link = u; link; link = equivalentSource(link->get())) {
    Value v = link->get();
    if (v.getDefiningOp<tensor::EmptyOp>())
      break;
    for (OpOperand &use : v.getUses()) {
      if (&use == link)
        continue;
      auto dps = dyn_cast<DestinationStyleOpInterface>(use.getOwner());
      if (dps && dps.isDpsInit(&use))
        return true;
      auto f = dyn_cast<scf::ForOp>(use.getOwner());
      if (f && f.getTiedLoopResult(&use))
        return true;
    }
  }
  return false;
}

/// Whether the buffer behind `t` (a `to_tensor %m writable`: a custom call's result) is also
/// used directly as a memref after t is made: canonicalize folds a later custom call's
/// `to_memref(t)` operand into %m, which one-shot bufferization cannot see as a read of t, so
/// an in-place write into t would reach that call first (a scan of a scan's result, and a write
/// through a view into the first result, in one program).
bool readAsMemrefLater(bufferization::ToTensorOp t) {
  Value m = t.getMemref();
  for (Operation *user : m.getUsers()) {
    if (user == t.getOperation() || isa<bufferization::ToTensorOp>(user))
      continue;
    Operation *at = t->getBlock()->findAncestorOpInBlock(*user);
    if (!at || t->isBeforeInBlock(at))
      return true;
  }
  return false;
}

struct SeparateResults : ptensor::impl::SeparateResultsBase<SeparateResults> {
  void runOnOperation() override {
    getOperation()->walk([&](bufferization::ToTensorOp t) {
      if (t.getWritable() && readAsMemrefLater(t))
        t.setWritable(false); // written into: one-shot bufferization copies it first
    });
    SmallVector<OpOperand *> uses;
    getOperation()->walk([&](bufferization::MaterializeInDestinationOp m) {
      if (!feedsOtherResult(m.getSource(), m) && !updatedTwice(&m.getSourceMutable()))
        return;
      if (OpOperand *u = emptyBehind(&m.getSourceMutable()))
        uses.push_back(u);
    });
    replaceEmpties(uses);
  }
};

/// The tensor that v is a view of (through extract_slice, cast and reshapes), or v.
Value viewRoot(Value v) {
  while (Operation *d = v.getDefiningOp()) {
    if (auto e = dyn_cast<tensor::ExtractSliceOp>(d))
      v = e.getSource();
    else if (auto c = dyn_cast<tensor::CastOp>(d))
      v = c.getSource();
    else if (auto r = dyn_cast<tensor::ReshapeOp>(d))
      v = r.getSource();
    else if (auto x = dyn_cast<tensor::ExpandShapeOp>(d))
      v = x.getSrc();
    else if (auto x = dyn_cast<tensor::CollapseShapeOp>(d))
      v = x.getSrc();
    else
      break;
  }
  return v;
}

/// Whether v is exactly the slice that `ins` writes (reading it in place is no conflict).
bool isWrittenSlice(Value v, tensor::InsertSliceOp ins) {
  auto e = v.getDefiningOp<tensor::ExtractSliceOp>();
  return e && e.getSource() == ins.getDest() &&
         isEqualConstantIntOrValueArray(e.getMixedOffsets(), ins.getMixedOffsets()) &&
         isEqualConstantIntOrValueArray(e.getMixedSizes(), ins.getMixedSizes()) &&
         isEqualConstantIntOrValueArray(e.getMixedStrides(), ins.getMixedStrides());
}

struct SelfReadTemporaries : ptensor::impl::SelfReadTemporariesBase<SelfReadTemporaries> {
  void runOnOperation() override {
    SmallVector<OpOperand *> uses;
    getOperation()->walk([&](tensor::InsertSliceOp ins) {
      OpOperand *empty = emptyBehind(&ins.getSourceMutable());
      if (!empty)
        return;
      // the destination's buffer: dest and the values it is updated in place from
      llvm::SmallPtrSet<Value, 8> dest;
      for (OpOperand *l = &ins.getDestMutable(); l; l = equivalentSource(l->get()))
        dest.insert(l->get());
      bool readsDest = false;
      for (OpOperand *l = &ins.getSourceMutable(); l && !readsDest;
           l = equivalentSource(l->get())) {
        auto dps = l->get().getDefiningOp<DestinationStyleOpInterface>();
        if (!dps)
          continue;
        for (OpOperand *in : dps.getDpsInputOperands())
          if (dest.contains(viewRoot(in->get())) && !isWrittenSlice(in->get(), ins))
            readsDest = true;
      }
      if (readsDest)
        uses.push_back(empty);
    });
    replaceEmpties(uses);
  }
};
} // namespace
