// Find or compile, and run: the target-independent part of running a plan. A plan's PTensor IR
// (IRBuilder) is verified and compiled by the backend of its device (Backend.h: today the host
// CPU, HostBackend.cpp), cached in memory by the plan's structure (sizes and scalars are
// arguments, so they never miss) and on disk (DiskCache.cpp); a large program runs on a worker
// thread so that Ctrl-C can abandon it.
#include "Jit.h"

#include "Backend.h"
#include "CompileLog.h"
#include "CustomCall.h"
#include "DiskCache.h"
#include "IRBuilder.h"

#include "Pipeline/Passes.h"
#include "ptensor_runtime.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <condition_variable>
#include <functional>
#include <list>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>

namespace ptensor {
namespace {

struct KeyHash {
  size_t operator()(const std::vector<int64_t> &k) const {
    uint64_t h = 1469598103934665603ull;
    for (int64_t v : k)
      h = (h ^ uint64_t(v)) * 1099511628211ull;
    return size_t(h);
  }
};

/// Compiled programs by plan key (the key includes the device), least recently used first
/// evicted beyond `limit` (each holds its machine code and JIT state: ~0.6 MB on the host). A
/// program running is never evicted: the eviction happens before the new program is inserted,
/// and that one is the most recent.
struct ProgramCache {
  using Key = std::vector<int64_t>;
  using Order = std::list<std::pair<Key, std::unique_ptr<Executable>>>;
  Order order; // most recent first
  std::unordered_map<Key, Order::iterator, KeyHash> index;
  size_t limit = 512;
  /// Changes whenever a program leaves the cache (evicted, cleared): a ProgramMemo made in an
  /// earlier epoch may point at a program that is gone.
  uint64_t epoch = 0;

  Executable *find(const Key &k) {
    auto it = index.find(k);
    if (it == index.end())
      return nullptr;
    order.splice(order.begin(), order, it->second); // now the most recent
    return it->second->second.get();
  }
  Executable *insert(const Key &k, std::unique_ptr<Executable> c) {
    order.emplace_front(k, std::move(c));
    index[k] = order.begin();
    shrink();
    return order.front().second.get();
  }
  void clear() {
    index.clear();
    order.clear();
    ++epoch;
  }
  void shrink() {
    while (order.size() > limit && order.size() > 1) {
      index.erase(order.back().first);
      order.pop_back();
      ++epoch;
      ++cacheInfo().evictions;
    }
  }
};

} // namespace

struct ProgramMemo {
  uint64_t epoch = 0;
  ProgramCache::Order::iterator program;
  std::vector<int64_t> scalars; ///< the scalar and index arguments, packed
  size_t slots = 0;             ///< argument slots of a run
};

namespace {
/// The backends by device index (0: the host CPU). Created before the context, whose dialect
/// registry they extend.
std::vector<std::unique_ptr<Backend>> &backendList() {
  static auto *list = [] {
    auto *l = new std::vector<std::unique_ptr<Backend>>(); // never destroyed (see jit())
    l->push_back(makeHostBackend());
    return l;
  }();
  return *list;
}

/// The MLIR context every program is built in, and the compiled programs.
struct Jit {
  mlir::MLIRContext ctx;
  ProgramCache cache;

  Jit() {
    mlir::DialectRegistry registry;
    registerDialects(registry);
    for (auto &b : backendList())
      b->registerDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    ctx.disableMultithreading();
    registerPassesAndPipeline();
    if (const char *e = std::getenv("PTENSOR_PROGRAM_CACHE_SIZE"); e && std::atoll(e) > 0)
      cache.limit = size_t(std::atoll(e));
  }

  [[noreturn]] void fail(mlir::ModuleOp module, const std::string &what, const std::string &diag) {
    llvm::SmallString<128> path;
    std::string where = "(could not write the IR)";
    int fd;
    if (!llvm::sys::fs::createTemporaryFile("ptensor-failed", "mlir", fd, path)) {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      module.print(os);
      where = std::string(path.str());
    }
    throw CompileError("ptensor: " + what + " failed: " + diag + "; the program's IR is in " +
                       where);
  }

  /// The PTensor IR of plan, built on the calling thread (the plan's nodes are its caller's);
  /// diagnostics go to diag.
  mlir::OwningOpRef<mlir::ModuleOp> build(const Plan &plan, std::string &diag) {
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      diag += (diag.empty() ? "" : "; ") + d.str();
      return mlir::success();
    });
    return buildModule(&ctx, plan);
  }

  /// Verifies and compiles a module (on the worker thread for Ctrl-C and progress: it uses
  /// only the module and the context, never the plan).
  std::unique_ptr<Executable> compile(Backend &backend, mlir::ModuleOp module, bool keepObject,
                                      std::string diag) {
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      diag += (diag.empty() ? "" : "; ") + d.str();
      return mlir::success();
    });
    mlir::OwningOpRef<mlir::ModuleOp> original = module.clone();
    if (failed(mlir::verify(module)))
      fail(*original, "verifying the PTensor IR", diag);
    if (const char *dump = std::getenv("PTENSOR_DUMP_MLIR")) { // developer aid: PTensor IR
      std::error_code ec;
      llvm::raw_fd_ostream os(dump, ec, llvm::sys::fs::OF_Append);
      if (!ec)
        module.print(os);
    }
    try {
      return backend.compile(module, keepObject);
    } catch (const StageError &e) {
      std::string all = diag;
      if (!e.detail.empty())
        all += (all.empty() ? "" : "; ") + e.detail;
      fail(*original, e.stage, all);
    }
  }
};

Jit &jit() {
  static Jit *j = new Jit(); // never destroyed: engines may outlive interpreter teardown
  return *j;
}
} // namespace

/// The backend list with the GPU runtime's devices, looked for on first use (loading a
/// driver costs a fifth of a second and 100 MB: the host CPU alone does not pay it).
std::vector<std::unique_ptr<Backend>> &allBackends() {
  static bool probed = false;
  auto &l = backendList();
  if (!probed) {
    probed = true;
    for (int g = 0, n = ptensor_gpu_count(); g < n; ++g)
      l.push_back(makeGpuBackend(g));
  }
  return l;
}

Backend &backend(int device) {
  auto &l = device == 0 ? backendList() : allBackends();
  if (device < 0 || size_t(device) >= l.size())
    throw std::out_of_range("ptensor: no device with index " + std::to_string(device));
  return *l[size_t(device)];
}
int deviceCount() { return int(allBackends().size()); }

void setNumThreads(int n) { backend(0).setNumThreads(n); }

void setProgramCacheSize(int64_t n) {
  if (n < 1)
    throw std::invalid_argument("ptensor: the program cache must hold at least 1 program, got " +
                                std::to_string(n));
  Jit &j = jit();
  j.cache.limit = size_t(n);
  j.cache.shrink();
}
int64_t programCacheSize() { return int64_t(jit().cache.limit); }
int64_t cachedPrograms() { return int64_t(jit().cache.order.size()); }
int threadCount() { return backend(0).threadCount(); }

namespace {
InterruptHooks gHooks;

/// The thread large programs run on (one job at a time). An interrupted job runs to its end
/// there, its arguments and buffers kept alive by the job; the next job waits for it.
struct Worker {
  std::mutex mu;
  std::condition_variable cv;
  std::function<void()> job;
  bool done = true;
  std::thread thread{[this] { loop(); }};
  Worker() { thread.detach(); }

  void loop() {
    for (;;) {
      std::function<void()> f;
      {
        std::unique_lock<std::mutex> lock(mu);
        cv.wait(lock, [&] { return bool(job); });
        f = std::move(job);
      }
      f();
      f = nullptr; // what the job owned (a compile's module) is gone before it is done
      {
        std::lock_guard<std::mutex> lock(mu);
        done = true;
      }
      cv.notify_all();
    }
  }
  /// Runs f there; returns false when interrupted (f still runs on; its state must be owned
  /// by f). A compile (operations >= 0) reports its progress through gHooks.progress once it
  /// has run for gHooks.progressDelay seconds.
  bool run(std::function<void()> f, int64_t operations = -1) {
    waitIdle(); // an abandoned job first
    std::unique_lock<std::mutex> lock(mu);
    done = false;
    job = std::move(f);
    cv.notify_all();
    lock.unlock();
    auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
    void *saved = gHooks.release();
    bool stopped = false;
    double shown = -1; // when progress was last reported
    for (;;) {
      {
        std::unique_lock<std::mutex> l(mu);
        if (cv.wait_for(l, std::chrono::milliseconds(50), [&] { return done; }))
          break;
      }
      gHooks.restore(saved);
      stopped = gHooks.pending();
      double s = elapsed();
      if (!stopped && operations >= 0 && gHooks.progress && s >= gHooks.progressDelay &&
          s - shown >= 0.2) {
        gHooks.progress(s, operations, 0);
        shown = s;
      }
      saved = gHooks.release();
      if (stopped)
        break;
    }
    gHooks.restore(saved);
    if (shown >= 0 && gHooks.progress)
      gHooks.progress(elapsed(), operations, stopped ? 2 : 1);
    return !stopped;
  }
  /// Waits for an abandoned job, the GIL released (its custom calls may be Python's).
  void waitIdle() {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (done)
        return;
    }
    void *saved = gHooks.release ? gHooks.release() : nullptr;
    {
      std::unique_lock<std::mutex> lock(mu);
      cv.wait(lock, [&] { return done; });
    }
    if (gHooks.restore)
      gHooks.restore(saved);
  }
};

Worker &worker() {
  static Worker *w = new Worker(); // never destroyed (its thread runs until the process ends)
  return *w;
}
bool gWorkerStarted = false;
} // namespace

Explanation explainPlan(const Plan &plan) {
  if (gWorkerStarted) // an abandoned compile may still use the context
    worker().waitIdle();
  Jit &j = jit();
  Explanation e;
  e.inMemory = j.cache.index.count(plan.key) != 0; // (find would make it the most recent)
  std::vector<int64_t> diskKey(plan.key);
  for (int64_t o : backend(plan.device).codeOptions())
    diskKey.push_back(o);
  e.onDisk = diskcache::contains(diskKey);
  std::string diag;
  mlir::ScopedDiagnosticHandler handler(&j.ctx, [&](mlir::Diagnostic &d) {
    diag += (diag.empty() ? "" : "; ") + d.str();
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module = buildModule(&j.ctx, plan);
  auto count = [&](llvm::StringRef dialect, bool structured) {
    int64_t n = 0;
    module->walk([&](mlir::Operation *op) {
      llvm::StringRef name = op->getName().getStringRef();
      if (name.starts_with(dialect) &&
          !(structured && (name == "linalg.yield" || name == "linalg.index")))
        ++n;
    });
    return n;
  };
  {
    llvm::raw_string_ostream os(e.ir);
    module->print(os);
  }
  e.operations = count("ptensor.", false);
  if (failed(mlir::verify(*module))) {
    e.fused = "(the PTensor IR does not verify: " + diag + ")";
    return e;
  }
  mlir::PassManager pm(&j.ctx);
  buildFusionStage(pm);
  if (failed(pm.run(*module))) {
    e.fused = "(lowering failed: " + diag + ")";
    return e;
  }
  llvm::raw_string_ostream os(e.fused);
  module->print(os);
  e.loops = count("linalg.", true);
  return e;
}

void clearPrograms() {
  if (gWorkerStarted) // an abandoned program still runs its code: it ends first
    worker().waitIdle();
  jit().cache.clear();
}

/// Compiles plan: its IR is built here, verified and compiled on the worker thread while this
/// one watches for Ctrl-C (Interrupted; the abandoned compile ends before the next job) and
/// reports progress; without interrupt hooks (no interpreter), here.
static std::unique_ptr<Executable> compilePlan(Jit &j, Backend &target, const Plan &plan) {
  std::string diag;
  auto t0 = std::chrono::steady_clock::now();
  mlir::OwningOpRef<mlir::ModuleOp> module = j.build(plan, diag);
  double build = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  auto withBuild = [build](std::unique_ptr<Executable> e) {
    e->stages.insert(e->stages.begin(), {"build", build});
    return e;
  };
  bool keep = !diskcache::directory().empty();
  if (!gHooks.pending)
    return withBuild(j.compile(target, *module, keep, diag));
  struct Job { // owned by the worker's function: it outlives an interrupt
    mlir::OwningOpRef<mlir::ModuleOp> module;
    std::string diag;
    std::unique_ptr<Executable> result;
    std::exception_ptr error;
  };
  auto job = std::make_shared<Job>();
  job->module = std::move(module);
  job->diag = std::move(diag);
  int64_t operations = 0;
  for (const Node *n : plan.order)
    operations += n->kind != Kind::Leaf;
  Jit *jp = &j;
  Backend *t = &target;
  gWorkerStarted = true;
  bool finished = worker().run(
      [job, jp, t, keep] {
        try {
          job->result = jp->compile(*t, *job->module, keep, job->diag);
        } catch (...) {
          job->error = std::current_exception();
        }
      },
      operations);
  if (!finished)
    throw Interrupted("ptensor: the compilation was interrupted (KeyboardInterrupt)");
  if (job->error)
    std::rethrow_exception(job->error);
  return withBuild(std::move(job->result));
}

/// Waits, the GIL released, while another process compiles the program of diskKey (its
/// claim: DiskCache.h); Ctrl-C stops the wait (Interrupted).
static void waitForOtherCompile(const std::vector<int64_t> &diskKey) {
  void *saved = gHooks.release ? gHooks.release() : nullptr;
  for (int polls = 1; diskcache::claimedByOther(diskKey); ++polls) {
    // most compiles take 20-100 ms: polled every 0.2 ms at first, then every 2 ms
    std::this_thread::sleep_for(std::chrono::microseconds(polls < 100 ? 200 : 2000));
    if (polls % 25 == 0 && gHooks.pending) {
      gHooks.restore(saved);
      if (gHooks.pending())
        throw Interrupted("ptensor: the wait for another process's compilation was interrupted "
                          "(KeyboardInterrupt)");
      saved = gHooks.release();
    }
  }
  if (gHooks.restore)
    gHooks.restore(saved);
}

void setInterruptHooks(const InterruptHooks &h) { gHooks = h; }
InterruptHooks &interruptHooks() { return gHooks; }

/// The program's scalar arguments (float bits, integers), then its index arguments.
static void appendScalars(const Plan &plan, std::vector<int64_t> &out) {
  for (Node *n : plan.order)
    for (const Scalar &s : n->sargs) {
      int64_t bits = s.i;
      if (s.isFloat)
        std::memcpy(&bits, &s.f, sizeof bits);
      out.push_back(bits);
    }
  for (Node *n : plan.order)
    out.insert(out.end(), n->iargs.begin(), n->iargs.end());
}

/// Argument slots of the memrefs (each: allocated, aligned, offset, sizes, strides).
static size_t memrefSlots(const Plan &plan) {
  size_t slots = 0;
  for (Node *l : plan.leaves)
    slots += 3 + 2 * l->shape.size();
  for (Node *r : plan.roots)
    slots += 3 + 2 * r->shape.size();
  return slots;
}

void runPlan(const Plan &plan, const std::vector<std::shared_ptr<Buffer>> &outs,
             std::shared_ptr<ProgramMemo> *memo) {
  if (gWorkerStarted) // an abandoned (interrupted) program ends first: its code stays cached
    worker().waitIdle();
  Jit &j = jit();
  Backend &target = backend(plan.device);
  auto &info = cacheInfo();
  ProgramMemo *m = memo && *memo && (*memo)->epoch == j.cache.epoch ? memo->get() : nullptr;
  Executable *c = nullptr;
  if (m) { // (as find: now the most recent)
    j.cache.order.splice(j.cache.order.begin(), j.cache.order, m->program);
    c = m->program->second.get();
  } else {
    c = j.cache.find(plan.key);
  }
  if (c) {
    ++info.hits;
  } else {
    auto t0 = std::chrono::steady_clock::now();
    int64_t diskHitsBefore = info.diskHits;
    std::vector<int64_t> diskKey(plan.key);
    for (int64_t o : target.codeOptions())
      diskKey.push_back(o);
    std::unique_ptr<Executable> compiled;
    std::optional<std::string> object = diskcache::load(diskKey);
    diskcache::Claim claim = diskcache::Claim::None;
    if (!object) {
      claim = diskcache::claim(diskKey);
      // (another process may have stored it and released its claim just before ours)
      if (claim == diskcache::Claim::Mine && (object = diskcache::load(diskKey))) {
        diskcache::release(diskKey);
        claim = diskcache::Claim::None;
      }
      if (claim == diskcache::Claim::Other) { // another process compiles it (an MPI rank)
        waitForOtherCompile(diskKey);
        ++info.diskWaits;
        object = diskcache::load(diskKey);
        if (!object) // it failed or was stopped: compiled here
          claim = diskcache::claim(diskKey);
      }
    }
    if (object)
      compiled = target.load(*object);
    if (compiled) {
      ++info.diskHits;
    } else {
      struct Release { // the claim ends with this compile, also when it fails
        const std::vector<int64_t> &key;
        bool mine;
        ~Release() {
          if (mine)
            diskcache::release(key);
        }
      } release{diskKey, claim == diskcache::Claim::Mine};
      compiled = compilePlan(j, target, plan);
      ++info.compiles;
      auto stored = std::chrono::steady_clock::now();
      if (!diskcache::directory().empty())
        if (std::string code = target.object(*compiled); !code.empty())
          diskcache::store(diskKey, code);
      compiled->stages.push_back(
          {"store", std::chrono::duration<double>(std::chrono::steady_clock::now() - stored).count()});
    }
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    info.compileSeconds += seconds;
    noteCompile(plan, seconds, /*fromDisk=*/info.diskHits != diskHitsBefore, compiled->stages);
    c = j.cache.insert(plan.key, std::move(compiled));
  }
  ++info.runs;
  std::vector<int64_t> own; // (the scalars of a plan without a memo)
  if (memo && !m) { // remembered for the next run (the program is the most recent now)
    auto fresh = std::make_shared<ProgramMemo>();
    fresh->epoch = j.cache.epoch;
    fresh->program = j.cache.order.begin();
    appendScalars(plan, fresh->scalars);
    fresh->slots = memrefSlots(plan) + fresh->scalars.size();
    *memo = fresh;
    m = fresh.get();
  }
  if (!m)
    appendScalars(plan, own);
  const std::vector<int64_t> &scalars = m ? m->scalars : own;

  // Pack arguments: each memref is (allocated, aligned, offset, sizes..., strides...).
  size_t slots = m ? m->slots : memrefSlots(plan) + own.size();
  std::vector<int64_t> store;
  store.reserve(slots);
  std::vector<void *> args;
  args.reserve(slots);
  auto push = [&](int64_t v) {
    store.push_back(v);
    args.push_back(&store.back());
  };
  auto pushMemref = [&](const Node &n, const Buffer &b) {
    push(reinterpret_cast<int64_t>(b.data));
    push(reinterpret_cast<int64_t>(b.data));
    push(0);
    for (int64_t s : n.shape)
      push(s);
    for (int64_t s : b.strides)
      push(s);
  };
  for (Node *l : plan.leaves)
    pushMemref(*l, *l->buf);
  for (int64_t v : scalars)
    push(v);
  for (size_t i = 0; i < plan.roots.size(); ++i)
    pushMemref(*plan.roots[i], *outs[i]);
  RunInfo run{plan.maxElements};
  if (plan.maxElements < kInterruptibleElements || gHooks.off || !gHooks.pending) {
    target.run(*c, args.data(), run);
  } else {
    // the job owns everything the program touches: arguments, result and leaf buffers
    auto keep = std::make_shared<std::vector<std::shared_ptr<Buffer>>>(outs);
    for (Node *l : plan.leaves)
      keep->push_back(l->buf);
    auto a = std::make_shared<std::vector<void *>>(std::move(args));
    auto st = std::make_shared<std::vector<int64_t>>(std::move(store));
    Backend *t = &target;
    gWorkerStarted = true;
    bool finished = worker().run([t, c, a, st, keep, run] { t->run(*c, a->data(), run); });
    if (!finished)
      throw Interrupted("ptensor: the computation was interrupted (KeyboardInterrupt)");
  }
}
} // namespace ptensor
