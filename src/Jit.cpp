// Compile + cache + run. The pipeline is ptensor::buildPipeline (the same one ptensor-opt
// registers); LLVM optimizes at O3 with libmvec as vector math library (exp, log, sin, ... on
// 4 doubles at a time), and scf.parallel loops run on OpenMP threads.
#include "Jit.h"

#include "CustomCall.h"
#include "DiskCache.h"
#include "IRBuilder.h"
#include "MemoryPool.h"

#include "Dist/Dialect.h"
#include "PTensor/Dialect.h"
#include "Passes/Passes.h"
#include "Region/Dialect.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <condition_variable>
#include <functional>
#include <list>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unistd.h>
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

/// The runtime functions the host target's compiled code calls (name, address; their C ABI
/// is runtime/ptensor_runtime.h): allocation (MemoryPool) and ptensor_custom_call.
const std::vector<std::pair<const char *, void *>> &jitRuntimeSymbols() {
  static const std::vector<std::pair<const char *, void *>> s = {
      {"_mlir_memref_to_llvm_alloc", reinterpret_cast<void *>(&jitAlloc)},
      {"_mlir_memref_to_llvm_aligned_alloc", reinterpret_cast<void *>(&jitAlignedAlloc)},
      {"_mlir_memref_to_llvm_free", reinterpret_cast<void *>(&jitFree)},
      {"ptensor_custom_call", reinterpret_cast<void *>(&ptensor_custom_call)}};
  return s;
}

struct Compiled {
  std::unique_ptr<mlir::ExecutionEngine> engine; // compiled in this process
  std::unique_ptr<llvm::orc::LLJIT> loaded;       // or loaded from the disk cache
  void (*fn)(void **) = nullptr;
};

const char *kLibomp = "/usr/lib/llvm-19/lib/libomp.so.5";
const char *kRunnerUtils = "/usr/lib/llvm-19/lib/libmlir_c_runner_utils.so.19.1";
int gThreads = 0;
int gDefaultThreads = 1;
void (*gOmpSetNumThreads)(int) = nullptr;
/// OpenBLAS runs its own thread pool (all cores, or OPENBLAS_NUM_THREADS): PTENSOR_NUM_THREADS
/// and set_num_threads cap it too (never above its own count), so ranks that share a node do
/// not oversubscribe its cores.
void (*gBlasSetNumThreads)(int) = nullptr;
int gBlasThreads = 1; ///< OpenBLAS's own count, read when it is loaded
void capBlasThreads(int n) {
  if (gBlasSetNumThreads && n > 0)
    gBlasSetNumThreads(std::min(n, gBlasThreads));
}
/// Programs whose largest array has fewer elements run on one thread: waking the OpenMP team
/// (futex calls, the threads sleep between programs) costs more than the work.
constexpr int64_t kParallelMin = 32768;

/// Compiled programs by plan key, least recently used first evicted beyond `limit` (each
/// holds its machine code and JIT state: ~0.6 MB). A program running is never evicted: the
/// eviction happens before the new program is inserted, and that one is the most recent.
struct ProgramCache {
  using Key = std::vector<int64_t>;
  std::list<std::pair<Key, std::unique_ptr<Compiled>>> order; // most recent first
  std::unordered_map<Key, decltype(order)::iterator, KeyHash> index;
  size_t limit = 512;

  Compiled *find(const Key &k) {
    auto it = index.find(k);
    if (it == index.end())
      return nullptr;
    order.splice(order.begin(), order, it->second); // now the most recent
    return it->second->second.get();
  }
  Compiled *insert(const Key &k, std::unique_ptr<Compiled> c) {
    order.emplace_front(k, std::move(c));
    index[k] = order.begin();
    shrink();
    return order.front().second.get();
  }
  void shrink() {
    while (order.size() > limit && order.size() > 1) {
      index.erase(order.back().first);
      order.pop_back();
      ++cacheInfo().evictions;
    }
  }
};

struct Jit {
  mlir::MLIRContext ctx;
  ProgramCache cache;
  std::function<llvm::Error(llvm::Module *)> transformer; // must outlive every engine
  bool parallel = true;
  bool blas = false;

  Jit() {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    mlir::DialectRegistry registry;
    registerDialects(registry);
    mlir::registerBuiltinDialectTranslation(registry);
    mlir::registerLLVMDialectTranslation(registry);
    mlir::registerOpenMPDialectTranslation(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
    ctx.disableMultithreading();
    registerPassesAndPipeline();
    // The packed-arguments wrapper of a program calls it with every memref field as an
    // argument: thousands for a program with many results (64 row views: ~3000), nearly all
    // passed on the stack in one basic block, where SelectionDAG's store merging is quadratic
    // (64 results: 3.6 s of codegen, 128: 30 s; without it 0.4 s). Our kernels' stores are
    // vectorized before codegen, so the JIT turns it off (an LLVM option: process-wide).
    if (auto *o = llvm::cl::getRegisteredOptions().lookup("combiner-store-merging"))
      static_cast<llvm::cl::opt<bool> *>(o)->setValue(false);
    std::string err;
    // libmvec for vector math; libomp 19 (an older libomp is also on the machine).
    llvm::sys::DynamicLibrary::LoadLibraryPermanently("libmvec.so.1", &err);
    // memrefCopy (strided copies) lives in MLIR's C runner utilities.
    if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(kRunnerUtils, &err))
      throw CompileError("ptensor: cannot load " + std::string(kRunnerUtils) + ": " + err);
    // BLAS for float matmuls: Debian's OpenBLAS (or whatever libblas.so.3 provides CBLAS)
    for (const char *lib : {"libopenblas.so.0", "libblas.so.3"})
      if (!llvm::sys::DynamicLibrary::LoadLibraryPermanently(lib, &err) &&
          llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("cblas_dgemm") &&
          llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("cblas_sgemm")) {
        blas = true;
        break;
      }
    // PTENSOR_NUM_THREADS: 1 compiles without OpenMP; n > 1 sets the team size (default: all
    // cores, or OMP_NUM_THREADS).
    int envThreads = 0;
    if (const char *e = std::getenv("PTENSOR_NUM_THREADS"))
      envThreads = std::atoi(e);
    if (envThreads == 1)
      parallel = false;
    if (const char *e = std::getenv("PTENSOR_PROGRAM_CACHE_SIZE"); e && std::atoll(e) > 0)
      cache.limit = size_t(std::atoll(e));
    auto blasGet = reinterpret_cast<int (*)()>(
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("openblas_get_num_threads"));
    if (blas && blasGet) {
      gBlasSetNumThreads = reinterpret_cast<void (*)(int)>(
          llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("openblas_set_num_threads"));
      gBlasThreads = blasGet();
      capBlasThreads(envThreads);
    }
    if (parallel) {
      if (!std::getenv("KMP_BLOCKTIME"))
        setenv("KMP_BLOCKTIME", "0", 0); // idle threads sleep: no spinning between programs
      if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(kLibomp, &err))
        parallel = false;
      else
        gOmpSetNumThreads = reinterpret_cast<void (*)(int)>(
            llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("omp_set_num_threads"));
      if (auto maxThreads = reinterpret_cast<int (*)()>(
              llvm::sys::DynamicLibrary::SearchForAddressOfSymbol("omp_get_max_threads")))
        gDefaultThreads = maxThreads();
      if (envThreads > 1 && gOmpSetNumThreads) {
        gOmpSetNumThreads(envThreads);
        gDefaultThreads = envThreads;
      }
    }
    transformer = [](llvm::Module *m) -> llvm::Error {
      llvm::LoopAnalysisManager lam;
      llvm::FunctionAnalysisManager fam;
      llvm::CGSCCAnalysisManager cgam;
      llvm::ModuleAnalysisManager mam;
      auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
      if (!jtmb)
        return jtmb.takeError();
      jtmb->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
      auto tm = jtmb->createTargetMachine();
      if (!tm)
        return tm.takeError();
      llvm::PipelineTuningOptions pto;
      pto.LoopVectorization = true;
      pto.SLPVectorization = true;
      llvm::PassBuilder pb(tm->get(), pto);
      llvm::Triple triple(m->getTargetTriple());
      llvm::TargetLibraryInfoImpl tlii(triple);
      tlii.addVectorizableFunctionsFromVecLib(llvm::TargetLibraryInfoImpl::LIBMVEC_X86, triple);
      fam.registerPass([&] { return llvm::TargetLibraryAnalysis(tlii); });
      pb.registerModuleAnalyses(mam);
      pb.registerCGSCCAnalyses(cgam);
      pb.registerFunctionAnalyses(fam);
      pb.registerLoopAnalyses(lam);
      pb.crossRegisterProxies(lam, fam, cgam, mam);
      for (llvm::Function &f : *m)
        if (!f.isDeclaration()) {
          f.addFnAttr("target-cpu", (*tm)->getTargetCPU());
          f.addFnAttr("target-features", (*tm)->getTargetFeatureString());
          // An OpenMP region's body receives its captured values (memref descriptors) in a
          // stack struct that nothing else points to. Saying so lets LLVM hoist the buffer
          // pointers out of the loops, which the vectorizer needs (2-D stencils stayed scalar).
          if (f.getName().contains(".omp_par"))
            for (llvm::Argument &a : f.args())
              if (a.getType()->isPointerTy())
                a.addAttr(llvm::Attribute::NoAlias);
        }
      pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3).run(*m, mam);
      if (const char *dump = std::getenv("PTENSOR_DUMP_LLVM")) { // developer aid: optimized IR
        std::error_code ec;
        llvm::raw_fd_ostream os(dump, ec, llvm::sys::fs::OF_Append);
        if (!ec)
          m->print(os, nullptr);
      }
      return llvm::Error::success();
    };
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

  std::unique_ptr<Compiled> compile(const Plan &plan) {
    std::string diag;
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      if (!diag.empty())
        diag += "; ";
      diag += d.str();
      return mlir::success();
    });
    mlir::OwningOpRef<mlir::ModuleOp> module = buildModule(&ctx, plan);
    mlir::OwningOpRef<mlir::ModuleOp> original = module->clone();
    if (failed(mlir::verify(*module)))
      fail(*original, "verifying the PTensor IR", diag);
    if (const char *dump = std::getenv("PTENSOR_DUMP_MLIR")) { // developer aid: PTensor IR
      std::error_code ec;
      llvm::raw_fd_ostream os(dump, ec, llvm::sys::fs::OF_Append);
      if (!ec)
        module->print(os);
    }
    mlir::PassManager pm(&ctx);
    buildPipeline(pm, PipelineOptions{parallel, blas});
    if (failed(pm.run(*module)))
      fail(*original, "lowering", diag);
    mlir::ExecutionEngineOptions eo;
    eo.enableObjectDump = !diskcache::directory().empty();
    eo.transformer = transformer;
    eo.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
    auto engine = mlir::ExecutionEngine::create(*module, eo);
    if (!engine)
      fail(*original, "LLVM compilation", llvm::toString(engine.takeError()));
    auto c = std::make_unique<Compiled>();
    c->engine = std::move(*engine);
    c->engine->registerSymbols([](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap m;
      for (auto &[name, addr] : jitRuntimeSymbols())
        m[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(addr), llvm::JITSymbolFlags::Exported};
      return m;
    });
    auto fn = c->engine->lookupPacked("ptensor_main");
    if (!fn)
      fail(*original, "symbol lookup", llvm::toString(fn.takeError()));
    c->fn = *fn;
    return c;
  }

  /// Object code of a freshly compiled program (for the disk cache), or "" if unavailable.
  static std::string objectOf(Compiled &c) {
    llvm::SmallString<128> path;
    int fd;
    if (llvm::sys::fs::createTemporaryFile("ptensor-object", "o", fd, path))
      return "";
    ::close(fd);
    c.engine->dumpToObjectFile(path);
    auto buf = llvm::MemoryBuffer::getFile(path);
    llvm::sys::fs::remove(path);
    return buf ? (*buf)->getBuffer().str() : "";
  }

  /// A program from the disk cache: the object linked the way ExecutionEngine links its own
  /// (RuntimeDyld), resolving libm/libmvec/libomp symbols in this process.
  static std::unique_ptr<Compiled> loadObject(const std::string &object) {
    auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb) {
      llvm::consumeError(jtmb.takeError());
      return nullptr;
    }
    auto jit = llvm::orc::LLJITBuilder()
                   .setJITTargetMachineBuilder(std::move(*jtmb))
                   .setObjectLinkingLayerCreator([](llvm::orc::ExecutionSession &es, const llvm::Triple &) {
                     return std::make_unique<llvm::orc::RTDyldObjectLinkingLayer>(
                         es, [] { return std::make_unique<llvm::SectionMemoryManager>(); });
                   })
                   .create();
    if (!jit) {
      llvm::consumeError(jit.takeError());
      return nullptr;
    }
    auto &jd = (*jit)->getMainJITDylib();
    auto gen = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
        (*jit)->getDataLayout().getGlobalPrefix());
    if (!gen) {
      llvm::consumeError(gen.takeError());
      return nullptr;
    }
    jd.addGenerator(std::move(*gen));
    llvm::orc::SymbolMap allocs;
    for (auto &[name, addr] : jitRuntimeSymbols())
      allocs[(*jit)->mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(addr),
                                               llvm::JITSymbolFlags::Exported};
    if (auto err = jd.define(llvm::orc::absoluteSymbols(std::move(allocs)))) {
      llvm::consumeError(std::move(err));
      return nullptr;
    }
    if (auto err = (*jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(object))) {
      llvm::consumeError(std::move(err));
      return nullptr;
    }
    auto sym = (*jit)->lookup("_mlir_ptensor_main");
    if (!sym) {
      llvm::consumeError(sym.takeError());
      return nullptr;
    }
    auto c = std::make_unique<Compiled>();
    c->fn = sym->toPtr<void (*)(void **)>();
    c->loaded = std::move(*jit);
    return c;
  }
};

Jit &jit() {
  static Jit *j = new Jit(); // never destroyed: engines may outlive interpreter teardown
  return *j;
}
} // namespace

void setNumThreads(int n) {
  jit();
  gThreads = n;
  if (gOmpSetNumThreads && n > 0)
    gOmpSetNumThreads(n);
  capBlasThreads(n);
}
int numThreads() { return gThreads; }

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
int threadCount() { return std::max(1, gThreads > 0 ? gThreads : gDefaultThreads); }

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
      {
        std::lock_guard<std::mutex> lock(mu);
        done = true;
      }
      cv.notify_all();
    }
  }
  /// Runs f there; returns false when interrupted (f still runs on; its state must be owned
  /// by f).
  bool run(std::function<void()> f) {
    waitIdle(); // an abandoned job first
    std::unique_lock<std::mutex> lock(mu);
    done = false;
    job = std::move(f);
    cv.notify_all();
    lock.unlock();
    void *saved = gHooks.release();
    bool stopped = false;
    for (;;) {
      {
        std::unique_lock<std::mutex> l(mu);
        if (cv.wait_for(l, std::chrono::milliseconds(50), [&] { return done; }))
          break;
      }
      gHooks.restore(saved);
      stopped = gHooks.pending();
      saved = gHooks.release();
      if (stopped)
        break;
    }
    gHooks.restore(saved);
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

void setInterruptHooks(const InterruptHooks &h) { gHooks = h; }
InterruptHooks &interruptHooks() { return gHooks; }

void runPlan(const Plan &plan, const std::vector<std::shared_ptr<Buffer>> &outs) {
  if (gWorkerStarted) // an abandoned (interrupted) program ends first: its code stays cached
    worker().waitIdle();
  Jit &j = jit();
  auto &info = cacheInfo();
  Compiled *c = j.cache.find(plan.key);
  if (c) {
    ++info.hits;
  } else {
    auto t0 = std::chrono::steady_clock::now();
    std::vector<int64_t> diskKey(plan.key);
    diskKey.push_back(j.parallel + 2 * j.blas);
    std::unique_ptr<Compiled> compiled;
    if (auto object = diskcache::load(diskKey))
      compiled = Jit::loadObject(*object);
    if (compiled) {
      ++info.diskHits;
    } else {
      compiled = j.compile(plan);
      ++info.compiles;
      if (!diskcache::directory().empty())
        if (std::string object = Jit::objectOf(*compiled); !object.empty())
          diskcache::store(diskKey, object);
    }
    info.compileSeconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    c = j.cache.insert(plan.key, std::move(compiled));
  }
  ++info.runs;

  // Pack arguments: each memref is (allocated, aligned, offset, sizes..., strides...).
  size_t slots = 0;
  for (Node *l : plan.leaves)
    slots += 3 + 2 * l->shape.size();
  for (Node *r : plan.roots)
    slots += 3 + 2 * r->shape.size();
  for (Node *n : plan.order)
    slots += n->sargs.size() + n->iargs.size();
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
  for (Node *n : plan.order)
    for (const Scalar &s : n->sargs) {
      int64_t bits = s.i;
      if (s.isFloat)
        std::memcpy(&bits, &s.f, sizeof bits);
      push(bits);
    }
  for (Node *n : plan.order)
    for (int64_t v : n->iargs)
      push(v);
  for (size_t i = 0; i < plan.roots.size(); ++i)
    pushMemref(*plan.roots[i], *outs[i]);
  bool serial = gOmpSetNumThreads && plan.maxElements < kParallelMin;
  if (serial)
    gOmpSetNumThreads(1);
  if (plan.maxElements < kInterruptibleElements || gHooks.off || !gHooks.pending) {
    c->fn(args.data());
  } else {
    // the job owns everything the program touches: arguments, result and leaf buffers
    auto keep = std::make_shared<std::vector<std::shared_ptr<Buffer>>>(outs);
    for (Node *l : plan.leaves)
      keep->push_back(l->buf);
    auto a = std::make_shared<std::vector<void *>>(std::move(args));
    auto st = std::make_shared<std::vector<int64_t>>(std::move(store));
    void (*fn)(void **) = c->fn;
    int nt = gThreads > 0 ? gThreads : gDefaultThreads;
    gWorkerStarted = true;
    bool finished = worker().run([fn, a, st, keep, nt] {
      if (gOmpSetNumThreads) // (OpenMP's thread count is per calling thread)
        gOmpSetNumThreads(nt);
      fn(a->data());
    });
    if (!finished)
      throw Interrupted("ptensor: the computation was interrupted (KeyboardInterrupt)");
  }
  if (serial)
    gOmpSetNumThreads(gThreads > 0 ? gThreads : gDefaultThreads);
}
} // namespace ptensor
