// Pending program bookkeeping and materialization.
#include "CustomCall.h"
#include "Jit.h"
#include "Plan.h"

#include <algorithm>
#include <cstdlib>
#include <sys/mman.h>
#include <cstring>
#include <new>
#include <map>
#include <mutex>
#include <unordered_map>
#include <unordered_set>

namespace ptensor {
namespace {
std::vector<std::shared_ptr<Node>> &pinned() {
  static std::vector<std::shared_ptr<Node>> p;
  return p;
}
std::vector<std::weak_ptr<Handle>> &pending() {
  static std::vector<std::weak_ptr<Handle>> p;
  return p;
}
int64_t gRecordsSinceRun = 0;
int64_t gPendingLimit = 128; // long chains compile slowly; 128 keeps a cold compile well under a second
} // namespace

CacheInfo &cacheInfo() {
  static CacheInfo c;
  return c;
}

void setPendingLimit(int64_t n) { gPendingLimit = n < 1 ? 1 : n; }

void notePendingRecord() {
  if (++gRecordsSinceRun > gPendingLimit)
    materializeAll();
}

std::shared_ptr<Handle> makeHandle(std::shared_ptr<Node> n) {
  auto h = std::make_shared<Handle>();
  bool isPending = n->kind != Kind::Leaf;
  h->node = std::move(n);
  if (isPending)
    pending().push_back(h);
  return h;
}

std::vector<int64_t> typeShape(const Node &n) {
  std::vector<int64_t> s(n.shape);
  for (int64_t &d : s)
    if (d != 1)
      d = INT64_MIN; // mlir::ShapedType::kDynamic
  return s;
}

namespace {
int64_t gProgramEpoch = 0; ///< programs run so far

/// Recently freed large buffers, reused for results of the same byte size: a loop that makes
/// a new array each step (x = x * 0.5 + 1) then touches memory that is already mapped instead
/// of having the kernel zero fresh pages every time. Bounded: at most kMaxBytes are held.
class BigPool {
  static constexpr size_t kMaxBytes = size_t(1) << 30;
  std::mutex mu;
  std::vector<std::pair<void *, size_t>> free_; // oldest first
  size_t held = 0;

public:
  void *take(size_t bytes) {
    std::lock_guard<std::mutex> lock(mu);
    for (size_t i = free_.size(); i-- > 0;)
      if (free_[i].second == bytes) {
        void *p = free_[i].first;
        free_.erase(free_.begin() + i);
        held -= bytes;
        return p;
      }
    return nullptr;
  }
  void give(void *p, size_t bytes) {
    std::lock_guard<std::mutex> lock(mu);
    if (bytes > kMaxBytes) {
      std::free(p);
      return;
    }
    while (held + bytes > kMaxBytes && !free_.empty()) {
      std::free(free_.front().first);
      held -= free_.front().second;
      free_.erase(free_.begin());
    }
    free_.emplace_back(p, bytes);
    held += bytes;
  }
};
BigPool &bigPool() {
  static BigPool *pool = new BigPool(); // never destroyed: buffers may die at exit
  return *pool;
}
} // namespace

// Allocation for compiled code (finalize-memref-to-llvm{use-generic-functions}): temporaries of
// 4 MiB or more come from the same pool, so a time-step loop stops paying the kernel for
// zeroing fresh pages each step (measured: 35% of a 4096^2 stencil step in clear_page).
namespace {
constexpr size_t kHugePage = size_t(2) << 20;
std::mutex gLiveMu;
std::unordered_map<void *, size_t> &liveBig() {
  static auto *m = new std::unordered_map<void *, size_t>();
  return *m;
}
void *jitAlignedAlloc(uint64_t align, uint64_t bytes) {
  if (bytes >= 2 * kHugePage) {
    size_t n = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void *p = bigPool().take(n);
    if (!p) {
      p = std::aligned_alloc(kHugePage, n);
      if (!p)
        return nullptr;
      madvise(p, n, MADV_HUGEPAGE);
    }
    std::lock_guard<std::mutex> lock(gLiveMu);
    liveBig()[p] = n;
    return p;
  }
  align = std::max<uint64_t>(align, 16);
  return std::aligned_alloc(align, (bytes + align - 1) / align * align);
}
void *jitAlloc(uint64_t bytes) { return jitAlignedAlloc(16, bytes); }
void jitFree(void *p) {
  {
    std::lock_guard<std::mutex> lock(gLiveMu);
    auto it = liveBig().find(p);
    if (it != liveBig().end()) {
      size_t n = it->second;
      liveBig().erase(it);
      bigPool().give(p, n);
      return;
    }
  }
  std::free(p);
}
} // namespace

void *scratchAlloc(size_t bytes) { return jitAlignedAlloc(64, bytes); }
void scratchFree(void *p) { jitFree(p); }

const std::vector<std::pair<const char *, void *>> &jitRuntimeSymbols() {
  static const std::vector<std::pair<const char *, void *>> s = {
      {"_mlir_memref_to_llvm_alloc", reinterpret_cast<void *>(&jitAlloc)},
      {"_mlir_memref_to_llvm_aligned_alloc", reinterpret_cast<void *>(&jitAlignedAlloc)},
      {"_mlir_memref_to_llvm_free", reinterpret_cast<void *>(&jitFree)},
      {"ptensor_custom_call", reinterpret_cast<void *>(&ptensor_custom_call)}};
  return s;
}

std::shared_ptr<Buffer> allocateBuffer(DType d, const std::vector<int64_t> &shape) {
  auto b = std::make_shared<Buffer>();
  int64_t n = 1;
  for (int64_t s : shape) {
    if (s < 0)
      throw std::bad_alloc();
    if (s && n > INT64_MAX / s)
      throw std::bad_alloc();
    n *= s;
  }
  int64_t item = dtypeInfo(d).itemsize;
  if (n > INT64_MAX / item - 64)
    throw std::bad_alloc();
  size_t bytes = ((size_t(n * item) + 63) / 64) * 64;
  // Large buffers: 2 MiB aligned and marked for transparent huge pages (as NumPy does), so a
  // fresh result costs a few hundred page faults instead of one per 4 KiB page.
  constexpr size_t kHuge = size_t(2) << 20;
  bool huge = bytes >= 2 * kHuge;
  if (huge)
    bytes = (bytes + kHuge - 1) / kHuge * kHuge;
  void *p = huge ? bigPool().take(bytes) : nullptr;
  if (!p) {
    p = std::aligned_alloc(huge ? kHuge : 64, bytes ? bytes : 64);
    if (!p)
      throw std::bad_alloc();
    if (huge)
      madvise(p, bytes, MADV_HUGEPAGE);
  }
  b->data = static_cast<char *>(p);
  if (huge)
    b->release = [p, bytes] { bigPool().give(p, bytes); };
  else
    b->release = [p] { std::free(p); };
  b->strides.assign(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    b->strides[i] = b->strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
  b->contiguous = true;
  b->ownedByPtensor = true;
  return b;
}

/// For an index argument that is a size: its dimension counted from the last (1 = last);
/// 0 for offsets, strides and eye's diagonal.
static int64_t sizePosition(const Node &n, size_t i) {
  int64_t k = int64_t(n.iargs.size());
  switch (n.kind) {
  case Kind::Create:
  case Kind::Reshape:
  case Kind::Broadcast: return k - int64_t(i);
  case Kind::Arange:
  case Kind::Linspace: return i == 0 ? 1 : 0;
  case Kind::Eye: return i < 2 ? 2 - int64_t(i) : 0;
  case Kind::ExtractSlice:
  case Kind::InsertSlice: // offsets, sizes, strides of the source's dimensions
    return int64_t(i) >= k / 3 && int64_t(i) < 2 * k / 3 ? 2 * k / 3 - int64_t(i) : 0;
  default: return 0;
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
  k.reserve(p.order.size() * 12 + roots.size() + 2);
  k.push_back(int64_t(p.order.size()));
  for (Node *n : p.order) {
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
    // The leaf must be referenced by this program's nodes only: anything else (a Python
    // handle, a NodeRef, another pending program) shows as a larger shared_ptr use count.
    // Nor may a custom call read it: the compiler cannot order an opaque call's read before
    // the insert that overwrites the donated buffer (fuzz seed 112). (Collectives that read
    // it feed the insert under MPI, which orders them.)
    std::unordered_map<const Node *, std::pair<long, long>> refs; // leaf -> (in plan, total)
    for (auto &c : cand)
      refs[c.second] = {0, 0};
    std::unordered_set<const Node *> taken; // (leaves a custom call reads count as taken)
    for (Node *n : p.order) {
      bool opaque = n->kind == Kind::CustomCall;
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

void pinNode(std::shared_ptr<Node> n) { pinned().push_back(std::move(n)); }
void runPinned() {
  if (!pinned().empty())
    materializeAll();
}

int64_t programEpoch() { return gProgramEpoch; }

void materializeAll(const std::shared_ptr<Node> &want) {
  gRecordsSinceRun = 0;
  auto &pend = pending();
  std::vector<Node *> roots;
  std::vector<std::shared_ptr<Node>> keep; // roots stay alive while we run
  std::unordered_set<Node *> seen;
  // A node whose program failed to compile is no longer pending; asking for it retries (and
  // raises again) instead of returning garbage.
  if (want && want->kind != Kind::Leaf && seen.insert(want.get()).second) {
    roots.push_back(want.get());
    keep.push_back(want);
  }
  for (auto &w : pend)
    if (auto h = w.lock())
      if (h->node->kind != Kind::Leaf && seen.insert(h->node.get()).second) {
        roots.push_back(h->node.get());
        keep.push_back(h->node);
      }
  pend.clear();
  std::vector<std::shared_ptr<Node>> pins;
  pins.swap(pinned());
  std::vector<Node *> pinnedNodes;
  for (auto &n : pins)
    if (n->kind != Kind::Leaf)
      pinnedNodes.push_back(n.get());
  if (roots.empty() && pinnedNodes.empty())
    return;
  Plan plan = makePlan(roots, pinnedNodes);
  chooseDonors(plan);
  std::vector<std::shared_ptr<Buffer>> outs;
  outs.reserve(roots.size());
  for (size_t i = 0; i < roots.size(); ++i)
    outs.push_back(plan.donors[i] >= 0 ? plan.leaves[plan.donors[i]]->buf
                                       : allocateBuffer(roots[i]->dtype, roots[i]->shape));
  resetCustomCallError();
  ++gProgramEpoch;
  try {
    for (Node *n : plan.order)
      if (n->interrupted)
        throw std::runtime_error("ptensor: the computation of this array (or of one it is "
                                 "computed from) was interrupted (KeyboardInterrupt) and has "
                                 "no value; compute it again");
    runPlan(plan, outs);
    throwCustomCallError(); // a failed handler: nothing of this program is delivered
  } catch (const Interrupted &) {
    for (Node *r : roots) // abandoned: they raise when used (see above)
      r->interrupted = true;
    throw;
  } catch (...) {
    if (roots.size() < 2)
      throw;
    // One array's failure must not take the others down: each is tried alone (its own
    // program); the arrays that fail stay unmaterialized and raise when used. Raised here:
    // the wanted array's error, or with none wanted (sync), the first.
    for (auto &n : pins)
      pinned().push_back(n);
    std::exception_ptr err;
    for (auto &r : keep) {
      try {
        materializeAll(r);
      } catch (...) {
        if (r == want || (!want && !err))
          err = std::current_exception();
      }
    }
    if (err)
      std::rethrow_exception(err);
    return;
  }
  for (size_t i = 0; i < roots.size(); ++i) {
    Node *r = roots[i];
    r->kind = Kind::Leaf;
    r->sub = 0;
    r->operands.clear();
    r->attrs.clear();
    r->iargs.clear();
    r->sargs.clear();
    r->buf = outs[i];
  }
}
} // namespace ptensor
