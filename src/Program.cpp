// Pending program bookkeeping and materialization.
#include "Backend.h"
#include "CustomCall.h"
#include "Jit.h"
#include "MemoryPool.h"
#include "Plan.h"
#include "Trace.h"

#include <algorithm>
#include <cstdlib>
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
int64_t gPendingLimit = 128; // long chains compile slowly (one-shot bufferization grows faster than the chain)
uint64_t gLastSignature = 0;  // the last record's (recordSignature)
uint64_t gChunkStart = 0;     // the signature pair that began the pending chain
bool gChunkFromCut = false;   // whether that chain began at a cut of a long chain
bool gCutAtLimit = false;     // cut at the limit, never at a repetition (MPI: cutChainsAtLimit)
int gUncountedDepth = 0;      // > 0: inside begin/endCountedAs (records neither counted nor cut)
bool gInternal = false;       // materializing on ptensor's behalf: a cut, a trace's end (Trace.h)
} // namespace

CacheInfo &cacheInfo() {
  static CacheInfo c;
  return c;
}

void setPendingLimit(int64_t n) { gPendingLimit = n < 1 ? 1 : n; }
void cutChainsAtLimit() { gCutAtLimit = true; }

void beginCountedAs() { ++gUncountedDepth; }

void endCountedAs(int64_t weight) {
  if (gUncountedDepth == 0 || --gUncountedDepth > 0 || weight <= 0)
    return;
  if (gRecordsSinceRun == 0) { // the group begins a chain (as a record would in notePendingRecord)
    gChunkStart = gLastSignature;
    gChunkFromCut = false;
  }
  gRecordsSinceRun += weight;
}

uint64_t recordSignature(int kind, int sub, int dtype, const std::vector<int64_t> &shape,
                         const std::vector<int64_t> &attrs, const std::vector<int64_t> &iargs) {
  uint64_t h = (uint64_t(kind) << 40) ^ (uint64_t(uint32_t(sub)) << 8) ^ uint64_t(dtype);
  for (const auto *v : {&shape, &attrs, &iargs}) {
    h = h * 0x100000001b3ull ^ v->size();
    for (int64_t d : *v)
      h = h * 0x100000001b3ull ^ uint64_t(d);
  }
  return h;
}

void notePendingRecord(uint64_t signature) {
  if (gUncountedDepth > 0) // one group of records counted as a whole (endCountedAs)
    return;
  // A long chain is cut where the chain before the limit started: at the same pair of records
  // (this one and the one before it). In a loop the pieces are then whole iterations with one
  // structure, compiled once; cut at a fixed count, they would start anywhere in an iteration
  // (16 records a step, a cut every 129: 16 programs for one loop). A chain that does not
  // repeat within half the limit more is cut there (compile time grows faster than the chain).
  uint64_t pair = gLastSignature * 0x9e3779b97f4a7c15ull ^ signature;
  gLastSignature = signature;
  // (A chain that began after an explicit materialization, not at such a cut, is cut at the
  // limit: where it began says nothing about where a loop's iterations begin.)
  bool cut = false;
  if (gRecordsSinceRun >= gPendingLimit &&
      (gCutAtLimit || !gChunkFromCut || pair == gChunkStart ||
       2 * gRecordsSinceRun >= 3 * gPendingLimit)) {
    materializeAllInternal(); // resets gRecordsSinceRun
    cut = true;
  }
  if (gRecordsSinceRun++ == 0) {
    gChunkStart = pair;
    gChunkFromCut = cut;
  }
}

std::shared_ptr<Handle> makeHandle(std::shared_ptr<Node> n) {
  auto h = std::make_shared<Handle>();
  bool isPending = n->kind != Kind::Leaf;
  h->node = std::move(n);
  if (isPending)
    pending().push_back(h);
  return h;
}

namespace {
int64_t gProgramEpoch = 0; ///< programs run so far
} // namespace

std::shared_ptr<Buffer> allocateBuffer(DType d, const std::vector<int64_t> &shape, int device) {
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
  // the device's memory (Backend::allocate): on the host, large buffers are 2 MiB aligned and
  // marked for transparent huge pages (as NumPy does), so a fresh result costs a few hundred
  // page faults instead of one per 4 KiB page (MemoryPool)
  Backend &target = backend(device);
  void *p = target.allocate(int64_t(bytes ? bytes : 64));
  if (!p)
    throw std::bad_alloc();
  b->data = static_cast<char *>(p);
  b->release = [p, &target] { target.deallocate(p); };
  b->strides.assign(shape.size(), 1);
  for (int i = int(shape.size()) - 2; i >= 0; --i)
    b->strides[i] = b->strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
  b->contiguous = true;
  b->ownedByPtensor = true;
  return b;
}

void pinNode(std::shared_ptr<Node> n) { pinned().push_back(std::move(n)); }
void runPinned() {
  if (!pinned().empty())
    materializeAll();
}

int64_t programEpoch() { return gProgramEpoch; }

namespace {
/// The device of the next program (a program runs on one device): want's, else the first
/// pending array's, else the first pinned one's.
int nextDevice(const std::shared_ptr<Node> &want) {
  if (want && want->kind != Kind::Leaf)
    return want->device;
  for (auto &w : pending())
    if (auto h = w.lock())
      if (h->node->kind != Kind::Leaf)
        return h->node->device;
  for (auto &n : pinned())
    if (n->kind != Kind::Leaf)
      return n->device;
  return 0;
}

/// The results of the next program: want first, then every pending array Python holds on
/// the same device. keep holds them alive.
std::vector<Node *> collectRoots(const std::shared_ptr<Node> &want,
                                 std::vector<std::shared_ptr<Node>> &keep, int device) {
  std::vector<Node *> roots;
  std::unordered_set<Node *> seen;
  // A node whose program failed to compile is no longer pending; asking for it retries (and
  // raises again) instead of returning garbage.
  if (want && want->kind != Kind::Leaf && seen.insert(want.get()).second) {
    roots.push_back(want.get());
    keep.push_back(want);
  }
  for (auto &w : pending())
    if (auto h = w.lock())
      if (h->node->kind != Kind::Leaf && h->node->device == device &&
          seen.insert(h->node.get()).second) {
        roots.push_back(h->node.get());
        keep.push_back(h->node);
      }
  return roots;
}

/// The pinned nodes of one device, taken out of pinned() (the others stay).
std::vector<std::shared_ptr<Node>> takePinned(int device) {
  std::vector<std::shared_ptr<Node>> mine, others;
  for (auto &n : pinned())
    (n->device == device ? mine : others).push_back(n);
  pinned().swap(others);
  return mine;
}

/// Forgets the pending entries of one device (they are about to run) and dead ones.
void dropPending(int device) {
  auto &p = pending();
  p.erase(std::remove_if(p.begin(), p.end(),
                         [&](const std::weak_ptr<Handle> &w) {
                           auto h = w.lock();
                           return !h || h->node->kind == Kind::Leaf || h->node->device == device;
                         }),
          p.end());
}
} // namespace

std::optional<Plan> pendingPlan(const std::shared_ptr<Node> &want,
                                std::vector<std::shared_ptr<Node>> &keep) {
  int device = nextDevice(want);
  std::vector<Node *> roots = collectRoots(want, keep, device), pinnedNodes;
  for (auto &n : pinned())
    if (n->kind != Kind::Leaf && n->device == device) {
      pinnedNodes.push_back(n.get());
      keep.push_back(n);
    }
  if (roots.empty() && pinnedNodes.empty())
    return std::nullopt;
  Plan plan = makePlan(roots, pinnedNodes);
  chooseDonors(plan);
  return plan;
}

void materializeAllInternal() {
  bool was = gInternal;
  gInternal = true;
  try {
    materializeAll();
  } catch (...) {
    gInternal = was;
    throw;
  }
  gInternal = was;
}

void materializeAll(const std::shared_ptr<Node> &want) {
  gRecordsSinceRun = 0;
  std::vector<std::shared_ptr<Node>> keep; // roots stay alive while we run
  int device = nextDevice(want);
  std::vector<Node *> roots = collectRoots(want, keep, device);
  dropPending(device);
  std::vector<std::shared_ptr<Node>> pins = takePinned(device);
  std::vector<Node *> pinnedNodes;
  for (auto &n : pins)
    if (n->kind != Kind::Leaf)
      pinnedNodes.push_back(n.get());
  if (roots.empty() && pinnedNodes.empty())
    return;
  Plan plan = makePlan(roots, pinnedNodes);
  chooseDonors(plan);
  traceStage(plan, !pinnedNodes.empty(), gInternal);
  std::vector<std::shared_ptr<Buffer>> outs;
  outs.reserve(roots.size());
  for (size_t i = 0; i < roots.size(); ++i)
    outs.push_back(plan.donors[i] >= 0 ? plan.leaves[plan.donors[i]]->buf
                                       : allocateBuffer(roots[i]->dtype, roots[i]->shape,
                                                        plan.device));
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
    traceStageRan(outs);
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
  if (!want && (!pending().empty() || !pinned().empty()))
    materializeAll(); // (sync) the arrays pending on other devices
}
} // namespace ptensor
