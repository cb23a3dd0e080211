// Materialization plans (Plan.h): the pending DAG flattened for compilation, its cache key
// and size classes, and buffer donation.
#include "Plan.h"

#include <algorithm>
#include <climits>
#include <map>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace ptensor {
std::vector<int64_t> typeShape(const Node &n) {
  std::vector<int64_t> s(n.shape);
  for (int64_t &d : s)
    if (d != 1)
      d = INT64_MIN; // mlir::ShapedType::kDynamic
  return s;
}

/// For an index argument that is a size: its dimension counted from the last (1 = last);
/// 0 for offsets, strides and eye's diagonal.
static int64_t sizePosition(const Node &n, size_t i) {
  int64_t k = int64_t(n.iargs.size());
  switch (kindInfo(n.kind).sizes) { // Kinds.def
  case SizeArgs::Shape: return k - int64_t(i);
  case SizeArgs::First: return i == 0 ? 1 : 0;
  case SizeArgs::EyeShape: return i < 2 ? 2 - int64_t(i) : 0;
  case SizeArgs::SliceSizes: // offsets, sizes, strides of the source's dimensions
    return int64_t(i) >= k / 3 && int64_t(i) < 2 * k / 3 ? 2 * k / 3 - int64_t(i) : 0;
  case SizeArgs::NoSizes: return 0;
  }
  return 0;
}

/// Plan::sameRegion: slices given the same index values, where the folds they enable are
/// wanted: a read of the region just written (extract of an insert: the value written), the
/// write-back of a region read from the same array (x[r] = x[r], which `x[r] += v` ends with:
/// nothing), two reads of one region of one array, and a write over the region an earlier
/// write wrote when nothing else reads that earlier array (then only the last write stays;
/// were the earlier array still read elsewhere, the fold would leave two writes into one
/// array, and bufferization a copy of all of it).
static void chooseSameRegions(Plan &p) {
  size_t n = p.order.size();
  p.sameRegion.assign(n, -1);
  auto isSlice = [](const Node *x) {
    return x->kind == Kind::ExtractSlice || x->kind == Kind::InsertSlice;
  };
  std::unordered_map<const Node *, int32_t> at;
  std::unordered_map<const Node *, std::vector<const Node *>> users; // of slice nodes
  for (size_t i = 0; i < n; ++i) {
    at[p.order[i]] = int32_t(i);
    for (auto &o : p.order[i]->operands)
      if (isSlice(o.get()))
        users[o.get()].push_back(p.order[i]);
  }
  std::unordered_set<const Node *> roots(p.roots.begin(), p.roots.end());
  auto rep = [&](const Node *x) {
    int32_t i = at.at(x);
    return p.sameRegion[size_t(i)] >= 0 ? p.sameRegion[size_t(i)] : i;
  };
  std::map<std::pair<const Node *, std::vector<int64_t>>, const Node *> reads;
  for (size_t i = 0; i < n; ++i) {
    const Node *x = p.order[i];
    if (!isSlice(x))
      continue;
    const Node *dest = x->operands[0].get();
    bool same = isSlice(dest) && dest->iargs == x->iargs;
    if (x->kind == Kind::ExtractSlice) {
      if (same && dest->kind == Kind::InsertSlice) {
        p.sameRegion[i] = rep(dest);
      } else if (auto [it, added] = reads.emplace(std::make_pair(dest, x->iargs), x); !added) {
        p.sameRegion[i] = rep(it->second);
      }
      continue;
    }
    const Node *src = x->operands[1].get();
    if (src->kind == Kind::ExtractSlice && src->operands[0].get() == dest &&
        src->iargs == x->iargs) {
      p.sameRegion[i] = rep(src);
    } else if (same && dest->kind == Kind::InsertSlice && !roots.count(dest)) {
      bool alone = true;
      for (const Node *u : users[dest])
        if (u != x && !(u->kind == Kind::ExtractSlice && u->iargs == x->iargs))
          alone = false;
      if (alone)
        p.sameRegion[i] = rep(dest);
    }
  }
}

Plan makePlan(const std::vector<Node *> &roots, const std::vector<Node *> &pinned) {
  static uint64_t epoch = 0;
  ++epoch;
  auto placed = [](Node *n) { return n->planEpoch == epoch; };
  Plan p;
  p.roots = roots;
  // iterative post-order DFS
  std::vector<std::pair<Node *, size_t>> stack;
  for (size_t s = 0; s < pinned.size() + roots.size(); ++s) {
    Node *r = s < pinned.size() ? pinned[s] : roots[s - pinned.size()];
    if (placed(r))
      continue;
    stack.push_back({r, 0});
    while (!stack.empty()) {
      auto &[n, next] = stack.back();
      if (next == 0 && placed(n)) {
        stack.pop_back();
        continue;
      }
      if (next < n->operands.size()) {
        Node *c = n->operands[next++].get();
        if (!placed(c))
          stack.push_back({c, 0});
        continue;
      }
      Node *done = n;
      stack.pop_back();
      if (placed(done))
        continue;
      done->planEpoch = epoch;
      done->planId = int(p.order.size());
      p.order.push_back(done);
      if (done->kind == Kind::Leaf)
        p.leaves.push_back(done);
    }
  }
  // key: per node its class, kind, dtype, type shape (which dims are 1), static attributes,
  // operand positions, and the kinds of its runtime arguments
  auto &k = p.key;
  k.reserve(p.order.size() * 12 + roots.size() + 3);
  p.device = p.order.empty() ? 0 : p.order.front()->device;
  k.push_back(p.device);
  k.push_back(int64_t(p.order.size()));
  for (Node *n : p.order) {
    if (n->device != p.device) // record() keeps operands on their node's device
      throw std::invalid_argument("ptensor: one program spans devices " +
                                  std::to_string(p.device) + " and " + std::to_string(n->device));
    p.maxElements = std::max(p.maxElements, n->size());
    int64_t onesMask = 0;
    for (size_t i = 0; i < n->shape.size() && i < 63; ++i)
      if (n->shape[i] == 1)
        onesMask |= int64_t(1) << i;
    k.push_back(int64_t(n->kind) | (int64_t(n->sub) << 8) | (int64_t(n->dtype) << 24) |
                (int64_t(n->shape.size()) << 32) |
                (n->kind == Kind::Leaf && n->buf->contiguous ? int64_t(1) << 48 : 0));
    k.push_back(onesMask);
    if (n->kind == Kind::Leaf)
      continue;
    k.push_back(int64_t(n->attrs.size()) | (int64_t(n->operands.size()) << 16) |
                (int64_t(n->iargs.size()) << 32));
    k.insert(k.end(), n->attrs.begin(), n->attrs.end());
    for (auto &o : n->operands)
      k.push_back(o->planId);
    if (n->kind == Kind::ExtractSlice || n->kind == Kind::InsertSlice) { // unit steps
      size_t m = n->iargs.size() / 3;
      int64_t unit = 0;
      for (size_t j = 0; j < m && j < 63; ++j)
        if (n->iargs[2 * m + j] == 1)
          unit |= int64_t(1) << j;
      k.push_back(unit);
    }
    int64_t sk = int64_t(n->sargs.size());
    for (auto &s : n->sargs)
      sk = sk * 2 + (s.isFloat ? 1 : 0);
    k.push_back(sk);
  }
  for (Node *r : roots)
    k.push_back(r->planId);
  chooseSameRegions(p);
  for (size_t i = 0; i < p.order.size(); ++i)
    if (p.order[i]->kind == Kind::ExtractSlice || p.order[i]->kind == Kind::InsertSlice)
      k.push_back(p.sameRegion[i]);
  // Size classes, numbered by first appearance, and their pattern in the key. A class is a
  // (value, position counted from the last dimension) pair: only sizes at the same trailing
  // position (where broadcasting aligns them) are compared, so square and non-square shapes
  // still share a program.
  std::vector<std::pair<int64_t, int64_t>> cls;       // class i is cls[i]
  std::map<std::pair<int64_t, int64_t>, int64_t> index; // built once there are many classes
  auto classOf = [&](int64_t v, int64_t posFromEnd) {
    auto key = std::make_pair(v, posFromEnd);
    if (cls.size() >= 64 && index.empty())
      for (size_t i = 0; i < cls.size(); ++i)
        index.emplace(cls[i], int64_t(i));
    int64_t c;
    if (index.empty()) { // few distinct sizes (the usual case): a linear scan is fastest
      c = std::find(cls.begin(), cls.end(), key) - cls.begin();
      if (c == int64_t(cls.size()))
        cls.push_back(key);
    } else {
      auto [it, added] = index.emplace(key, int64_t(cls.size()));
      c = it->second;
      if (added)
        cls.push_back(key);
    }
    k.push_back(c);
    return c;
  };
  for (Node *l : p.leaves) {
    auto &c = p.leafClasses.emplace_back();
    for (size_t i = 0; i < l->shape.size(); ++i)
      c.push_back(classOf(l->shape[i], int64_t(l->shape.size() - i)));
  }
  for (Node *n : p.order)
    for (size_t i = 0; i < n->iargs.size(); ++i) {
      int64_t pos = sizePosition(*n, i);
      p.indexClasses.push_back(pos > 0 ? classOf(n->iargs[i], pos) : -1);
    }
  return p;
}

void chooseDonors(Plan &p) {
  p.donors.assign(p.roots.size(), -1);
  // Candidates first (cheap checks; most programs have none, and a cache hit stays cheap): a
  // root that inserts into a leaf holding the only reference to a ptensor-owned contiguous
  // buffer of the root's dtype.
  std::vector<std::pair<size_t, const Node *>> cand;
  for (size_t i = 0; i < p.roots.size(); ++i) {
    const Node *d = p.roots[i];
    while (d->kind == Kind::InsertSlice)
      d = d->operands[0].get();
    if (d != p.roots[i] && d->kind == Kind::Leaf && d->dtype == p.roots[i]->dtype &&
        d->buf->ownedByPtensor && d->buf->contiguous && d->buf.use_count() == 1)
      cand.push_back({i, d});
  }
  if (!cand.empty()) {
    // The leaf must be referenced by this program's nodes only: anything else (a Python handle,
    // a NodeRef, another pending program) shows as a larger shared_ptr use count. Nor may a
    // custom call read it: the compiler cannot order an opaque call's read before the insert
    // that overwrites the donated buffer. Ops recorded by name count as opaque too: sort,
    // unique, nonzero and masks expand into custom calls. (Collectives that read it feed the
    // insert under MPI, which orders them.)
    std::unordered_map<const Node *, std::pair<long, long>> refs; // leaf -> (in plan, total)
    for (auto &c : cand)
      refs[c.second] = {0, 0};
    std::unordered_set<const Node *> taken; // (leaves a custom call reads count as taken)
    for (Node *n : p.order) {
      bool opaque = n->kind == Kind::CustomCall || n->kind == Kind::Op;
      for (auto &o : n->operands)
        if (auto it = refs.find(o.get()); it != refs.end()) {
          ++it->second.first;
          it->second.second = o.use_count();
          if (opaque)
            taken.insert(o.get());
        }
    }
    for (auto [i, d] : cand) {
      auto r = refs.at(d);
      if (r.first != r.second || !taken.insert(d).second)
        continue;
      p.donors[i] = int(std::find(p.leaves.begin(), p.leaves.end(), d) - p.leaves.begin());
      ++cacheInfo().donations;
    }
  }
  for (int d : p.donors)
    p.key.push_back(d);
}
} // namespace ptensor
