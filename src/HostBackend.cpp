// The host CPU backend: the shared pipeline (ptensor::buildPipeline, the one ptensor-opt
// registers) with OpenMP loops and BLAS calls, LLVM at O3 with libmvec as vector math library
// (exp, log, sin, ... on 4 doubles at a time), machine code on the program's threads
// (ObjectCode.h), an ORC LLJIT to link it (compiled now or read from the disk cache). Its code
// binds the host runtime's entries (runtime/ptensor_runtime.h: allocation hooks, the
// custom-call entry).
//
// Libraries are found at build time (CMake: PTENSOR_LIBOMP, of the LLVM installation ptensor
// was built against) or by their sonames at load time (libmvec, BLAS).
// Self-contained builds (wheels) name them relative to _core's folder (ptensor/lib/...), where
// they are bundled, BLAS among them (PTENSOR_BLAS).
#include "Backend.h"

#include "CustomCall.h"
#include "MemoryPool.h"
#include "ObjectCode.h"
#include "Blas.h"
#include "VectorHints.h"
#include "VectorMath.h"
#include "ptensor_runtime.h"

#include "Pipeline/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/RTDyldObjectLinkingLayer.h"
#include "llvm/ExecutionEngine/SectionMemoryManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/IPO/MergeFunctions.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <chrono>
#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <functional>
#include <stdexcept>
#include <unistd.h>
#include <utility>

#ifndef PTENSOR_LIBOMP
#error "PTENSOR_LIBOMP (the path of LLVM's libomp) is set by src/CMakeLists.txt"
#endif

namespace ptensor {
namespace {
/// The GPU device a device program runs on (set by run() on the thread that runs it): its
/// temporaries come from that device's memory.
thread_local int tGpu = -1;
double secondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
void *gpuAlloc(uint64_t bytes) { return ptensor_gpu_alloc(tGpu, int64_t(bytes)); }
void *gpuAlignedAlloc(uint64_t, uint64_t bytes) { return ptensor_gpu_alloc(tGpu, int64_t(bytes)); }
void gpuFree(void *p) { ptensor_gpu_free(tGpu, p); }

using SymbolList = std::vector<std::pair<const char *, void *>>;
/// The runtime functions compiled code calls (name, address; their C ABI is
/// runtime/ptensor_runtime.h): allocation (MemoryPool on the host, device memory for a
/// device program), ptensor_custom_call, memref copies between strided memrefs (MLIR's
/// lowering names that call memrefCopy) and kernel launches.
/// The BLAS shims compiled host code binds (Blas.h; empty when the BLAS is found by name).
SymbolList gBlasSymbols;

SymbolList runtimeSymbols(bool gpu) {
  if (gpu)
    return {{"_mlir_memref_to_llvm_alloc", reinterpret_cast<void *>(&gpuAlloc)},
            {"_mlir_memref_to_llvm_aligned_alloc", reinterpret_cast<void *>(&gpuAlignedAlloc)},
            {"_mlir_memref_to_llvm_free", reinterpret_cast<void *>(&gpuFree)},
            {"ptensor_custom_call", reinterpret_cast<void *>(&ptensor_custom_call)},
            {"memrefCopy", reinterpret_cast<void *>(&ptensor_memref_copy)},
            {"ptensor_gpu_launch", reinterpret_cast<void *>(&ptensor_gpu_launch)},
            {"ptensor_gpu_host_work", reinterpret_cast<void *>(&ptensor_gpu_host_work)},
            {"ptensor_gpu_wait", reinterpret_cast<void *>(&ptensor_gpu_wait)}};
  SymbolList host = {
      {"_mlir_memref_to_llvm_alloc", reinterpret_cast<void *>(&jitAlloc)},
      {"_mlir_memref_to_llvm_aligned_alloc", reinterpret_cast<void *>(&jitAlignedAlloc)},
      {"_mlir_memref_to_llvm_free", reinterpret_cast<void *>(&jitFree)},
      {"ptensor_custom_call", reinterpret_cast<void *>(&ptensor_custom_call)},
      {"memrefCopy", reinterpret_cast<void *>(&ptensor_memref_copy)}};
  host.insert(host.end(), gBlasSymbols.begin(), gBlasSymbols.end());
  return host;
}

/// A library path from the build: absolute, or relative to the folder of the shared object that
/// holds this code (_core; self-contained builds bundle the libraries in ptensor/lib).
std::string libraryPath(const char *configured) {
  std::string path = configured;
  Dl_info info;
  if (path.empty() || path[0] == '/' ||
      !dladdr(reinterpret_cast<void *>(&libraryPath), &info) || !info.dli_fname)
    return path;
  std::string self = info.dli_fname;
  size_t slash = self.rfind('/');
  return (slash == std::string::npos ? std::string(".") : self.substr(0, slash)) + "/" + path;
}

struct HostExecutable : Executable {
  std::unique_ptr<llvm::orc::LLJIT> jit; ///< the program's code, linked (load)
  void (*fn)(void **) = nullptr;
  std::string object; ///< its objects for the disk cache (compileModule), when asked to keep them
};

/// Programs whose largest array has fewer elements run on one thread: waking the OpenMP team
/// (futex calls, the threads sleep between programs) costs more than the work.
constexpr int64_t kParallelMin = 32768;

/// Programs with more instructions than this after optimization are compiled without loop
/// strength reduction (compile time of large programs; see beforeCodegen).
constexpr size_t kLsrMaxInstructions = 3000;
/// LLVM's -disable-lsr (process-wide; null if this LLVM has no such option).
llvm::cl::opt<bool> *disableLsr = nullptr;
/// LLVM's -misched-regpressure (process-wide; null if absent): off for programs whose loops
/// interleave long float chains (VectorHints.h), on otherwise.
llvm::cl::opt<bool> *regPressure = nullptr;

class HostBackend final : public Backend {
  int gpu = -1;           ///< >= 0: the GPU runtime's device whose programs these are
  /// Kernels laid out for a CPU device (contiguous chunks per work item, not interleaved):
  /// an OpenCL CPU device, unless PTENSOR_KERNEL_LAYOUT=gpu (the GPU layouts run on the CPU
  /// device: scripts/test_devices.sh checks them there, having no GPU).
  bool cpuLayout = false;
  bool parallel = true;
  bool blas = false;
  int threads = 0;        ///< set_num_threads (0: the default)
  int defaultThreads = 1; ///< OpenMP's team size by default (cores, OMP_NUM_THREADS)
  void (*ompSetNumThreads)(int) = nullptr;
  /// OpenBLAS runs its own thread pool (all cores, or OPENBLAS_NUM_THREADS): PTENSOR_NUM_THREADS
  /// and set_num_threads cap it too (never above its own count), so ranks that share a node do
  /// not oversubscribe its cores.
  void (*blasSetNumThreads)(int) = nullptr;
  int blasThreads = 1; ///< OpenBLAS's own count, read when it is loaded
  /// Loops moving at least this many bytes store non-temporally (--ptensor-streaming-stores):
  /// the last-level cache's size, or PTENSOR_STREAMING_BYTES (-1: never).
  int64_t streamingBytes = 32 << 20;

  static void *symbol(const char *name) {
    return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name);
  }
  void capBlasThreads(int n) {
    if (blasSetNumThreads && n > 0)
      blasSetNumThreads(std::min(n, blasThreads));
  }

public:
  /// gpu >= 0: the backend of that GPU runtime device: its programs' parallel loops are
  /// kernels, the rest runs on one host thread (no OpenMP, no BLAS).
  explicit HostBackend(int gpuDevice = -1) : gpu(gpuDevice) {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    // The packed-arguments wrapper of a program calls it with every memref field as an argument:
    // thousands for a program with many results (64 row views: ~3000), nearly all passed on the
    // stack in one basic block, where SelectionDAG's store merging is quadratic (its codegen time
    // then dwarfs the rest). Our kernels' stores are vectorized before codegen, so the JIT turns it
    // off (an LLVM option: process-wide).
    if (auto *o = llvm::cl::getRegisteredOptions().lookup("combiner-store-merging"))
      static_cast<llvm::cl::opt<bool> *>(o)->setValue(false);
    // Set per program by beforeCodegen (below), just before that program's codegen: one
    // compile at a time (Jit's worker); the codegen threads of one program only read them.
    disableLsr = static_cast<llvm::cl::opt<bool> *>(
        llvm::cl::getRegisteredOptions().lookup("disable-lsr"));
    regPressure = static_cast<llvm::cl::opt<bool> *>(
        llvm::cl::getRegisteredOptions().lookup("misched-regpressure"));
    std::string err;
    llvm::sys::DynamicLibrary::LoadLibraryPermanently("libmvec.so.1", &err); // vector math
    // BLAS for float matmuls (Blas.cpp): NumPy's OpenBLAS where the process has it (one
    // thread pool), else the bundled OpenBLAS (self-contained builds), else Debian's OpenBLAS
    // (or whatever libblas.so.3 provides CBLAS)
    std::vector<std::string> blasLibs = {"libopenblas.so.0", "libblas.so.3"};
#ifdef PTENSOR_BLAS
    blasLibs.insert(blasLibs.begin(), libraryPath(PTENSOR_BLAS));
#endif
    if (gpu >= 0) {
      const char *layout = std::getenv("PTENSOR_KERNEL_LAYOUT");
      cpuLayout = std::string(ptensor_gpu_name(gpu)).find(":cpu:") != std::string::npos &&
                  !(layout && std::string(layout) == "gpu");
    }
    if (gpu < 0) {
      BlasChoice b = chooseBlas(blasLibs);
      blas = !b.library.empty();
      gBlasSymbols = b.symbols;
      blasSetNumThreads = b.setThreads;
      blasThreads = b.threads;
    }
    // PTENSOR_NUM_THREADS: 1 compiles without OpenMP; n > 1 sets the team size (default: all
    // cores, or OMP_NUM_THREADS).
    int envThreads = 0;
    if (const char *e = std::getenv("PTENSOR_NUM_THREADS"))
      envThreads = std::atoi(e);
    if (envThreads == 1 || gpu >= 0)
      parallel = false;
    if (blas)
      capBlasThreads(envThreads);
    if (parallel) {
      // Idle workers spin 1 ms after a program, then sleep: programs that follow each other (a
      // loop of mid-sized arrays) find them awake. Waking a sleeping worker costs more than a
      // mid-sized elementwise program takes: without the spin such a loop is slower on all cores
      // than on one thread. A longer spin (libomp's default, 200 ms) would keep cores from BLAS
      // and other processes.
      if (!std::getenv("KMP_BLOCKTIME"))
        setenv("KMP_BLOCKTIME", "1", 0);
      // LLVM's libomp of the LLVM ptensor was built against (an older libomp may also be
      // installed: its entry points differ).
      if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(libraryPath(PTENSOR_LIBOMP).c_str(),
                                                            &err))
        parallel = false;
      else
        ompSetNumThreads = reinterpret_cast<void (*)(int)>(symbol("omp_set_num_threads"));
      if (auto maxThreads = reinterpret_cast<int (*)()>(symbol("omp_get_max_threads")))
        defaultThreads = maxThreads();
      if (envThreads > 1 && ompSetNumThreads)
        defaultThreads = envThreads;
    }
    if (long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE); l3 > 0)
      streamingBytes = l3;
    if (const char *e = std::getenv("PTENSOR_STREAMING_BYTES")) { // not an integer: ignored
      char *end = nullptr;
      long long v = std::strtoll(e, &end, 10);
      if (end != e && *end == '\0')
        streamingBytes = v;
    }
    if (gpu >= 0)
      blas = false;
    else
      setKernelThreads(threadCount());
  }

  /// The whole program before it is cut into parts (compileModule): our facts for LLVM, and
  /// identical OpenMP bodies merged.
  static llvm::Error prepare(llvm::Module &m, llvm::TargetMachine &tm) {
    // The program is called only through its packed entry (_mlir_ptensor_main,
    // addPackedEntry): internal, it is inlined there, and the entry's call with hundreds of
    // scalar arguments (one basic block that SelectionDAG schedules in quadratic time, a large
    // part of a stencil loop's codegen) disappears. (Only the program gets a packed entry:
    // mlir::ExecutionEngine would give one to every OpenMP body too, which keeps each body
    // alive twice over.)
    if (llvm::Function *main = m.getFunction("ptensor_main"))
      if (m.getFunction("_mlir_ptensor_main") && !main->isDeclaration())
        main->setLinkage(llvm::GlobalValue::InternalLinkage);
    for (llvm::Function &f : m)
      if (!f.isDeclaration()) {
        f.addFnAttr("target-cpu", tm.getTargetCPU());
        f.addFnAttr("target-features", tm.getTargetFeatureString());
        // An OpenMP region's body receives its captured values (memref descriptors) in a
        // stack struct that nothing else points to. Saying so lets LLVM hoist the buffer
        // pointers out of the loops, which the vectorizer needs (else 2-D stencils stay scalar).
        if (f.getName().contains(".omp_par"))
          for (llvm::Argument &a : f.args())
            if (a.getType()->isPointerTy())
              a.addAttr(llvm::Attribute::NoAlias);
      }
    // --ptensor-streaming-stores emits non-temporal vector stores only at addresses aligned
    // to their size, which MLIR 19 cannot say (vector.store lowers with the element's
    // alignment, and x86 splits an unaligned non-temporal store into scalar ones).
    for (llvm::Function &f : m)
      for (llvm::BasicBlock &bb : f)
        for (llvm::Instruction &i : bb)
          if (auto *st = llvm::dyn_cast<llvm::StoreInst>(&i))
            if (st->getMetadata(llvm::LLVMContext::MD_nontemporal) &&
                st->getValueOperand()->getType()->isVectorTy())
              st->setAlignment(llvm::Align(llvm::PowerOf2Ceil(
                  m.getDataLayout().getTypeStoreSize(st->getValueOperand()->getType()))));
    // Compile time: a time loop recorded as one program repeats the same loop nests on other
    // buffers, and OpenMP outlines each into its own function: identical ones are merged
    // before optimization (O3 then optimizes each distinct body once), here on the whole
    // program, and again after it within each part (bodies that optimization made identical).
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    llvm::PassBuilder pb(&tm);
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    llvm::ModulePassManager mpm;
    mpm.addPass(llvm::MergeFunctionsPass());
    mpm.run(m, mam);
    return llvm::Error::success();
  }

  /// LLVM's O3 on one part of a program (its own thread and context), with libmvec as the
  /// vector math library and our loop hints (VectorHints.h).
  static llvm::Error optimize(llvm::Module &m) {
    llvm::LoopAnalysisManager lam;
    llvm::FunctionAnalysisManager fam;
    llvm::CGSCCAnalysisManager cgam;
    llvm::ModuleAnalysisManager mam;
    auto tm = makeTargetMachine();
    if (!tm)
      return tm.takeError();
    llvm::PipelineTuningOptions pto;
    pto.LoopVectorization = true;
    pto.SLPVectorization = true;
    pto.MergeFunctions = true;
    llvm::PassBuilder pb(tm->get(), pto);
    addVectorHints(pb);
    llvm::Triple triple(m.getTargetTriple());
    llvm::TargetLibraryInfoImpl tlii(triple);
    tlii.addVectorizableFunctionsFromVecLib(llvm::TargetLibraryInfoImpl::LIBMVEC_X86, triple);
    addMoreLibmvec(tlii);
    markMathPure(m);
    dropEmptyStackScopes(m);
    fam.registerPass([&] { return llvm::TargetLibraryAnalysis(tlii); });
    pb.registerModuleAnalyses(mam);
    pb.registerCGSCCAnalyses(cgam);
    pb.registerFunctionAnalyses(fam);
    pb.registerLoopAnalyses(lam);
    pb.crossRegisterProxies(lam, fam, cgam, mam);
    pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3).run(m, mam);
    return llvm::Error::success();
  }

  /// Codegen settings from the whole optimized program (LLVM options: process-wide; the parts'
  /// threads wait while they are set). Loop strength reduction is a large share of the codegen
  /// of large programs (many vectorized loop nests, each with runtime alias checks): it is off
  /// above kLsrMaxInstructions; small programs keep it (their loops run faster with it).
  static void beforeCodegen(llvm::ArrayRef<llvm::Module *> parts) {
    size_t instructions = 0;
    bool chains = false;
    for (llvm::Module *m : parts)
      for (llvm::Function &f : *m) {
        instructions += f.getInstructionCount();
        chains = chains || f.hasFnAttribute(kLongChainAttr);
      }
    if (disableLsr)
      disableLsr->setValue(instructions > kLsrMaxInstructions);
    if (regPressure)
      regPressure->setValue(!chains);
    if (const char *dump = std::getenv("PTENSOR_DUMP_LLVM")) { // developer aid: optimized IR
      std::error_code ec;
      llvm::raw_fd_ostream os(dump, ec, llvm::sys::fs::OF_Append);
      if (!ec)
        for (llvm::Module *m : parts)
          m->print(os, nullptr);
    }
  }

  static llvm::Expected<std::unique_ptr<llvm::TargetMachine>> makeTargetMachine() {
    auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
    if (!jtmb)
      return jtmb.takeError();
    jtmb->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
    return jtmb->createTargetMachine();
  }

  std::string name() const override { return gpu < 0 ? "cpu" : ptensor_gpu_name(gpu); }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    mlir::registerBuiltinDialectTranslation(registry);
    mlir::registerLLVMDialectTranslation(registry);
    mlir::registerOpenMPDialectTranslation(registry);
  }

  std::vector<int64_t> codeOptions() const override {
    if (gpu >= 0) // the device's name and kernel target: a disk-cached program never runs
                  // on another device
      return {4, int64_t(std::hash<std::string>()(name() + "/" + ptensor_gpu_target(gpu)) &
                         INT64_MAX),
              int64_t(cpuLayout)};
    return {int64_t(parallel) + 2 * blas, streamingBytes};
  }

  void *allocate(int64_t bytes) override {
    return gpu < 0 ? poolAlloc(64, uint64_t(bytes)) : ptensor_gpu_alloc(gpu, bytes);
  }
  void deallocate(void *p) override {
    if (gpu < 0)
      poolFree(p);
    else
      ptensor_gpu_free(gpu, p);
  }

  std::unique_ptr<Executable> compile(mlir::ModuleOp module, bool keepObject) override {
    if (disableLsr) // the kernels' codegen inside the pipeline (PTX) keeps LSR
      disableLsr->setValue(false);
    if (regPressure) // and the scheduler's default
      regPressure->setValue(true);
    mlir::PassManager pm(module->getContext());
    buildPipeline(pm, PipelineOptions{parallel, blas, gpu,
                                      gpu >= 0 ? ptensor_gpu_target(gpu) : "spirv",
                                      cpuLayout, streamingBytes});
    auto t0 = std::chrono::steady_clock::now();
    if (failed(pm.run(module)))
      throw StageError{"lowering", ""};
    double lowering = secondsSince(t0);
    t0 = std::chrono::steady_clock::now();
    // LLVM IR, the packed entry the runtime calls, our facts for LLVM, then O3 and machine
    // code on the program's threads (ObjectCode.h), linked as a disk-cached program is (load):
    // one path for both.
    llvm::LLVMContext ctx;
    std::unique_ptr<llvm::Module> m = mlir::translateModuleToLLVMIR(module, ctx);
    if (!m)
      throw StageError{"translation to LLVM IR", ""};
    {
      auto tm = makeTargetMachine();
      if (!tm)
        throw StageError{"LLVM compilation", llvm::toString(tm.takeError())};
      m->setDataLayout((*tm)->createDataLayout());
      m->setTargetTriple((*tm)->getTargetTriple().str());
      if (!addPackedEntry(*m, "ptensor_main"))
        throw StageError{"LLVM compilation", "the program has no ptensor_main"};
      if (llvm::Error err = prepare(*m, **tm))
        throw StageError{"LLVM optimization", llvm::toString(std::move(err))};
    }
    double translate = secondsSince(t0);
    // (on the program's threads: PTENSOR_NUM_THREADS and set_num_threads bound the compile's
    // too; a device program's host part has one)
    auto compiled = compileModule(*m, "_mlir_ptensor_main", threadCount(),
                                  CompileSteps{optimize, beforeCodegen, makeTargetMachine});
    if (!compiled)
      throw StageError{"LLVM compilation", llvm::toString(compiled.takeError())};
    auto t1 = std::chrono::steady_clock::now();
    std::unique_ptr<Executable> c = load(compiled->objects);
    if (!c)
      throw StageError{"linking", "the program's object code did not link"};
    if (keepObject)
      static_cast<HostExecutable &>(*c).object = std::move(compiled->objects);
    c->stages = {{"lowering", lowering},
                 {"optimize", compiled->optimizeSeconds},
                 {"codegen", translate + compiled->codegenSeconds + secondsSince(t1)}};
    return c;
  }

  /// (handed over: the disk cache asks once, right after the compile; the program keeps no
  /// copy of its objects while it lives)
  std::string object(Executable &e) override {
    return std::exchange(static_cast<HostExecutable &>(e).object, std::string());
  }

  /// The objects of compileModule (compiled now, or read from the disk cache) linked with
  /// RuntimeDyld, resolving libm/libmvec/libomp symbols in this process and the runtime's
  /// entries to ours; nullptr when they do not link.
  std::unique_ptr<Executable> load(const std::string &object) override {
    std::vector<llvm::StringRef> parts = splitObjects(object);
    if (parts.empty())
      return nullptr;
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
    llvm::orc::SymbolMap entries;
    for (auto &[name, addr] : runtimeSymbols(gpu >= 0))
      entries[(*jit)->mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(addr),
                                                llvm::JITSymbolFlags::Exported};
    if (auto err = jd.define(llvm::orc::absoluteSymbols(std::move(entries)))) {
      llvm::consumeError(std::move(err));
      return nullptr;
    }
    for (llvm::StringRef part : parts)
      if (auto err = (*jit)->addObjectFile(llvm::MemoryBuffer::getMemBufferCopy(part))) {
        llvm::consumeError(std::move(err));
        return nullptr;
      }
    auto sym = (*jit)->lookup("_mlir_ptensor_main");
    if (!sym) {
      llvm::consumeError(sym.takeError());
      return nullptr;
    }
    auto c = std::make_unique<HostExecutable>();
    c->fn = sym->toPtr<void (*)(void **)>();
    c->jit = std::move(*jit);
    return c;
  }

  void run(Executable &e, void **args, const RunInfo &info) override {
    if (ompSetNumThreads) { // OpenMP's team size is per calling thread: set it where it runs
      thread_local int current = -1;
      int want = info.maxElements < kParallelMin ? 1 : threadCount();
      if (want != current) {
        ompSetNumThreads(want);
        current = want;
      }
    }
    if (gpu < 0) {
      static_cast<HostExecutable &>(e).fn(args);
      return;
    }
    tGpu = gpu;
    ptensor_gpu_clear_error();
    static_cast<HostExecutable &>(e).fn(args);
    ptensor_gpu_wait(gpu); // (launches only queue their kernels; Python may read the results)
    std::string err = ptensor_gpu_error();
    if (!err.empty()) {
      ptensor_gpu_clear_error();
      throw std::runtime_error("ptensor: the program failed on " + name() + ": " + err);
    }
  }

  void setNumThreads(int n) override {
    threads = n;
    if (gpu >= 0)
      return; // a device program's host part runs on one thread
    setKernelThreads(threadCount());
    capBlasThreads(n);
  }
  int threadCount() const override {
    return std::max(1, threads > 0 ? threads : defaultThreads);
  }
};
} // namespace

std::unique_ptr<Backend> makeHostBackend() { return std::make_unique<HostBackend>(); }
std::unique_ptr<Backend> makeGpuBackend(int gpu) { return std::make_unique<HostBackend>(gpu); }
} // namespace ptensor
