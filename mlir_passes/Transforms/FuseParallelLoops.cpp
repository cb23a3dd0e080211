// --ptensor-fuse-parallel-loops: see Passes.td.
//
// Legality of fusing loop A with the loop B after it: in the fused loop iteration p runs
// A(p) then B(p); in the unfused loops all of A runs before all of B. The order changes
// only between A(p) and B(q), p != q, and matters only for accesses of possibly aliasing
// memory with a write among them. Each such pair must be to the same memref at exactly the
// induction variables: then A(p) and B(q) touch different elements. Iterations of the fused
// loop stay independent for the same reason, so it is still parallel.
#include "Pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace ptensor {
#define GEN_PASS_DEF_FUSEPARALLELLOOPS
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
struct Access {
  Value memref;
  ValueRange indices;
  bool write;
};

bool mayAlias(Value a, Value b) {
  Value ra = ptensor::memrefRoot(a), rb = ptensor::memrefRoot(b);
  return ra == rb || (!ptensor::uniqueMemory(ra) && !ptensor::uniqueMemory(rb));
}

/// The loads and stores in p's body, or nothing when it holds other ops with effects
/// (calls, allocations, ...).
std::optional<SmallVector<Access>> accessesOf(scf::ParallelOp p) {
  SmallVector<Access> all;
  bool ok = true;
  p.getBody()->walk([&](Operation *op) {
    if (auto l = dyn_cast<memref::LoadOp>(op))
      all.push_back({l.getMemRef(), l.getIndices(), false});
    else if (auto s = dyn_cast<memref::StoreOp>(op))
      all.push_back({s.getMemRef(), s.getIndices(), true});
    else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
             !(op->getNumRegions() == 0 && isMemoryEffectFree(op)))
      ok = false;
  });
  if (!ok)
    return std::nullopt;
  return all;
}

bool atInductionVars(const Access &a, scf::ParallelOp p) {
  auto ivs = p.getInductionVars();
  return a.indices.size() == ivs.size() && llvm::equal(a.indices, ivs);
}

bool sameValue(Value a, Value b) {
  if (a == b)
    return true;
  APInt x, y;
  if (matchPattern(a, m_ConstantInt(&x)) && matchPattern(b, m_ConstantInt(&y)))
    return x == y;
  auto da = a.getDefiningOp<memref::DimOp>(), db = b.getDefiningOp<memref::DimOp>();
  if (da && db && da.getSource() == db.getSource()) {
    auto ia = da.getConstantIndex(), ib = db.getConstantIndex();
    return ia && ib && *ia == *ib;
  }
  return false;
}

bool sameBounds(scf::ParallelOp a, scf::ParallelOp b) {
  if (a.getNumLoops() != b.getNumLoops())
    return false;
  for (unsigned d = 0; d < a.getNumLoops(); ++d)
    if (!sameValue(a.getLowerBound()[d], b.getLowerBound()[d]) ||
        !sameValue(a.getUpperBound()[d], b.getUpperBound()[d]) ||
        !sameValue(a.getStep()[d], b.getStep()[d]))
      return false;
  return true;
}

/// Whether no pair of accesses, one in each loop, to possibly aliasing memory with a write
/// among them conflicts. fusing: the same memref at exactly both loops' induction variables
/// does not (each iteration touches only its own element; the loops are to be fused);
/// otherwise any such pair does (b is to run before a).
bool independent(scf::ParallelOp a, scf::ParallelOp b, bool fusing) {
  auto accA = accessesOf(a), accB = accessesOf(b);
  if (!accA || !accB)
    return false;
  for (const Access &x : *accA)
    for (const Access &y : *accB)
      if ((x.write || y.write) && mayAlias(x.memref, y.memref) &&
          !(fusing && x.memref == y.memref && atInductionVars(x, a) && atInductionVars(y, b)))
        return false;
  return true;
}

/// Moves b's body into a's (b's induction variables become a's) and erases b.
void fuseInto(scf::ParallelOp a, scf::ParallelOp b) {
  Block *from = b.getBody(), *to = a.getBody();
  for (auto [x, y] : llvm::zip(b.getInductionVars(), a.getInductionVars()))
    x.replaceAllUsesWith(y);
  to->getOperations().splice(Block::iterator(to->getTerminator()), from->getOperations(),
                             from->begin(), std::prev(from->end()));
  b.erase();
}

/// Whether the next loop after p (past side-effect-free ops, allocations and deallocations)
/// would join `current` but not p: p, which cannot join `current`, is then worth moving
/// above it.
bool nextJoinsAcross(scf::ParallelOp current, scf::ParallelOp p) {
  for (Operation *op = p->getNextNode(); op; op = op->getNextNode()) {
    if (auto q = dyn_cast<scf::ParallelOp>(op))
      return q.getInitVals().empty() && sameBounds(current, q) &&
             independent(current, q, /*fusing=*/true) &&
             !(sameBounds(p, q) && independent(p, q, /*fusing=*/true));
    if (!(op->getNumRegions() == 0 && isMemoryEffectFree(op)) &&
        !isa<memref::AllocOp, memref::DeallocOp>(op))
      return false;
  }
  return false;
}

/// Fuses each loop of `block` into the loop before it where legal.
void fuseLoops(Block &block) {
  scf::ParallelOp current;
  SmallVector<Operation *> between; // side-effect-free ops, allocations, deallocations
  for (Operation &op : llvm::make_early_inc_range(block)) {
    auto p = dyn_cast<scf::ParallelOp>(&op);
    if (p && p.getInitVals().empty()) {
      // deallocations move below p: p must not use what they free
      bool sinkable = llvm::all_of(between, [&](Operation *o) {
        auto d = dyn_cast<memref::DeallocOp>(o);
        return !d || llvm::none_of(d.getMemref().getUsers(),
                                   [&](Operation *u) { return p->isAncestor(u); });
      });
      if (current && sinkable && sameBounds(current, p) &&
          independent(current, p, /*fusing=*/true)) {
        for (Operation *o : between) {
          if (isa<memref::DeallocOp>(o))
            o->moveAfter(p);
          else
            o->moveBefore(current);
        }
        fuseInto(current, p);
        between.clear();
      } else if (current && p.getInitVals().empty() &&
                 independent(current, p, /*fusing=*/false) && nextJoinsAcross(current, p)) {
        // a loop that cannot join (other bounds: the frame fill of the next result's buffer)
        // but touches nothing of the current one runs before it, so the loop after it may
        // still join: the three updates of a shallow-water step read h, u, v once
        SmallVector<Operation *> deallocs;
        for (Operation *o : between)
          if (isa<memref::DeallocOp>(o))
            deallocs.push_back(o);
          else
            o->moveBefore(current);
        p->moveBefore(current);
        between = deallocs;
      } else {
        current = p;
        between.clear();
      }
      continue;
    }
    if (!current)
      continue;
    if ((op.getNumRegions() == 0 && isMemoryEffectFree(&op)) ||
        isa<memref::AllocOp, memref::DeallocOp>(op))
      between.push_back(&op);
    else
      current = nullptr, between.clear();
  }
}

// ---- contraction: a temporary of one loop becomes a value -------------------------------

/// Whether op or an op nested in it uses x.
bool uses(Operation &op, Value x) {
  return op.walk([&](Operation *inner) {
           return llvm::is_contained(inner->getOperands(), x) ? WalkResult::interrupt()
                                                              : WalkResult::advance();
         }).wasInterrupted();
}

/// Whether `x` (an allocation) is accessed in `block` (and the scf.for ops in it) only at
/// p's induction variables, stored before any load, with `have` telling whether a value is
/// known on entry.
bool contractible(Block &block, Value x, scf::ParallelOp p, bool have) {
  for (Operation &op : block) {
    if (auto s = dyn_cast<memref::StoreOp>(op); s && s.getMemRef() == x) {
      if (!llvm::equal(s.getIndices(), p.getInductionVars()))
        return false;
      have = true;
      continue;
    }
    if (auto l = dyn_cast<memref::LoadOp>(op); l && l.getMemRef() == x) {
      if (!have || !llvm::equal(l.getIndices(), p.getInductionVars()))
        return false;
      continue;
    }
    if (!uses(op, x))
      continue;
    auto f = dyn_cast<scf::ForOp>(op);
    if (!f || !have || !contractible(*f.getBody(), x, p, true))
      return false;
  }
  return true;
}

/// Forwards the stored values of `x` in `block` to its loads; returns the value at the end.
Value contract(Block &block, Value x, Value current) {
  for (Operation &op : llvm::make_early_inc_range(block)) {
    if (auto s = dyn_cast<memref::StoreOp>(op); s && s.getMemRef() == x) {
      current = s.getValueToStore();
      s.erase();
      continue;
    }
    if (auto l = dyn_cast<memref::LoadOp>(op); l && l.getMemRef() == x) {
      l.getResult().replaceAllUsesWith(current);
      l.erase();
      continue;
    }
    auto f = dyn_cast<scf::ForOp>(op);
    if (!f || !uses(op, x))
      continue;
    // f carries the value: one more loop-carried value, yielded at the end of its body
    OpBuilder b(f);
    SmallVector<Value> inits(f.getInitArgs());
    inits.push_back(current);
    auto g = b.create<scf::ForOp>(f.getLoc(), f.getLowerBound(), f.getUpperBound(), f.getStep(),
                                  inits);
    Block *body = g.getBody();
    if (!body->empty()) // (a terminator is made only for loops without carried values)
      body->getTerminator()->erase();
    Block *old = f.getBody();
    for (auto [o, n] : llvm::zip(old->getArguments(), body->getArguments()))
      o.replaceAllUsesWith(n);
    body->getOperations().splice(body->end(), old->getOperations());
    Value last = contract(*body, x, body->getArguments().back());
    auto yield = cast<scf::YieldOp>(body->getTerminator());
    yield->insertOperands(yield->getNumOperands(), last);
    f.replaceAllUsesWith(g.getResults().drop_back());
    f.erase();
    current = g.getResults().back();
  }
  return current;
}

void contractTemporaries(func::FuncOp fn) {
  SmallVector<memref::AllocOp> allocs;
  for (Operation &op : fn.getBody().front())
    if (auto a = dyn_cast<memref::AllocOp>(op))
      allocs.push_back(a);
  for (memref::AllocOp a : allocs) {
    Value x = a.getResult();
    scf::ParallelOp loop;
    memref::DeallocOp dealloc;
    bool ok = true;
    for (Operation *u : llvm::make_early_inc_range(x.getUsers())) // its sizes: the alloc's
      if (auto dim = dyn_cast<memref::DimOp>(u))
        if (auto i = dim.getConstantIndex(); i && *i < a.getType().getRank()) {
          OpBuilder b(dim);
          dim.replaceAllUsesWith(
              getValueOrCreateConstantIndexOp(b, dim.getLoc(), a.getMixedSizes()[*i]));
          dim.erase();
        }
    for (Operation *u : x.getUsers()) {
      if (auto d = dyn_cast<memref::DeallocOp>(u); d && !dealloc) {
        dealloc = d;
        continue;
      }
      if (!isa<memref::LoadOp, memref::StoreOp>(u) ||
          (isa<memref::StoreOp>(u) && cast<memref::StoreOp>(u).getValueToStore() == x)) {
        ok = false;
        break;
      }
      auto p = u->getParentOfType<scf::ParallelOp>();
      while (p && p->getParentOfType<scf::ParallelOp>())
        p = p->getParentOfType<scf::ParallelOp>();
      if (!p || (loop && p != loop)) {
        ok = false;
        break;
      }
      loop = p;
    }
    if (!ok || !loop || loop->getParentOp() != fn ||
        a.getType().getRank() != int64_t(loop.getNumLoops()) ||
        !contractible(*loop.getBody(), x, loop, false))
      continue;
    contract(*loop.getBody(), x, Value());
    if (dealloc)
      dealloc.erase();
    a.erase();
  }
}

struct FuseParallelLoopsPass : ptensor::impl::FuseParallelLoopsBase<FuseParallelLoopsPass> {
  using FuseParallelLoopsBase::FuseParallelLoopsBase;
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (!fn.getBody().empty()) {
      fuseLoops(fn.getBody().front());
      if (contract)
        contractTemporaries(fn);
    }
    if (!keepFresh)
      for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
        fn.removeArgAttr(i, ptensor::kFreshAttr);
  }
};
} // namespace

mlir::Value ptensor::memrefRoot(mlir::Value m) {
  while (mlir::Operation *op = m.getDefiningOp()) {
    if (auto v = mlir::dyn_cast<mlir::ViewLikeOpInterface>(op))
      m = v.getViewSource();
    else if (auto c = mlir::dyn_cast<mlir::memref::CastOp>(op))
      m = c.getSource();
    else if (auto meta = mlir::dyn_cast<mlir::memref::ExtractStridedMetadataOp>(op))
      m = meta.getSource();
    else
      break;
  }
  return m;
}

bool ptensor::uniqueMemory(mlir::Value root) {
  if (root.getDefiningOp<mlir::memref::AllocOp>() || root.getDefiningOp<mlir::memref::AllocaOp>())
    return true;
  if (auto arg = mlir::dyn_cast<mlir::BlockArgument>(root))
    if (auto fn = mlir::dyn_cast<mlir::func::FuncOp>(arg.getOwner()->getParentOp()))
      return arg.getOwner() == &fn.getBody().front() &&
             fn.getArgAttr(arg.getArgNumber(), ptensor::kFreshAttr);
  return false;
}
