// Optimization and machine code of a module on several threads (ObjectCode.h).
#include "ObjectCode.h"

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>

namespace ptensor {
namespace {
/// Modules with fewer instructions (before optimization) are compiled on one thread: a part's
/// thread, its bitcode and its target machine cost more than they save (~1-2 ms).
constexpr size_t kSplitMinInstructions = 3000;
constexpr char kMagic[8] = {'P', 'T', 'O', 'B', 'J', 'S', '1', '\0'};

llvm::Expected<std::string> codegen(llvm::Module &m, llvm::TargetMachine &tm) {
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::ObjectFile))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the target cannot emit object files");
  pm.run(m);
  return std::string(buffer.begin(), buffer.end());
}

std::string pack(const std::vector<std::string> &objects) {
  std::string out(kMagic, sizeof kMagic);
  auto put = [&](uint64_t v) { out.append(reinterpret_cast<const char *>(&v), sizeof v); };
  put(objects.size());
  for (const std::string &o : objects) {
    put(o.size());
    out += o;
  }
  return out;
}
} // namespace

bool addPackedEntry(llvm::Module &m, llvm::StringRef name) {
  llvm::Function *f = m.getFunction(name);
  if (!f || f->isDeclaration())
    return false;
  llvm::LLVMContext &ctx = m.getContext();
  auto *ptr = llvm::PointerType::get(ctx, 0);
  auto *entry = llvm::Function::Create(
      llvm::FunctionType::get(llvm::Type::getVoidTy(ctx), {ptr}, /*isVarArg=*/false),
      llvm::GlobalValue::ExternalLinkage, "_mlir_" + name, m);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(ctx, "entry", entry));
  llvm::Value *args = entry->getArg(0);
  std::vector<llvm::Value *> values;
  for (llvm::Argument &a : f->args()) {
    llvm::Value *at = b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, args, a.getArgNo()));
    values.push_back(b.CreateLoad(a.getType(), at));
  }
  llvm::CallInst *call = b.CreateCall(f, values);
  if (!f->getReturnType()->isVoidTy())
    b.CreateStore(call, b.CreateLoad(ptr, b.CreateConstGEP1_64(ptr, args, f->arg_size())));
  b.CreateRetVoid();
  return true;
}

llvm::Expected<CompiledObjects> compileModule(llvm::Module &m, llvm::StringRef keep, int threads,
                                              const CompileSteps &steps) {
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t) {
    return std::chrono::duration<double>(Clock::now() - t).count();
  };
  auto t0 = Clock::now();
  std::vector<llvm::Function *> defined;
  size_t total = 0;
  for (llvm::Function &f : m)
    if (!f.isDeclaration()) {
      defined.push_back(&f);
      total += f.getInstructionCount();
    }
  int parts = std::min<int>(std::max(threads, 1), int(defined.size()));
  if (total < kSplitMinInstructions || !m.alias_empty() || !m.ifunc_empty() ||
      !m.getComdatSymbolTable().empty())
    parts = 1;
  CompiledObjects out;
  if (parts <= 1) {
    if (llvm::Error err = steps.optimize(m))
      return std::move(err);
    steps.beforeCodegen({&m});
    out.optimizeSeconds = since(t0);
    auto t1 = Clock::now();
    auto tm = steps.makeTm();
    if (!tm)
      return tm.takeError();
    auto object = codegen(m, **tm);
    if (!object)
      return object.takeError();
    out.objects = pack({std::move(*object)});
    out.codegenSeconds = since(t1);
    return out;
  }

  // `keep` and its direct callees in part 0, then longest first onto the least loaded part
  // (LPT).
  std::unordered_map<const llvm::GlobalValue *, int> partOf;
  std::unordered_set<const llvm::GlobalValue *> kept;
  std::vector<size_t> load(parts, 0);
  if (llvm::Function *k = m.getFunction(keep); k && !k->isDeclaration()) {
    kept.insert(k);
    for (llvm::Instruction &i : llvm::instructions(*k))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (llvm::Function *callee = call->getCalledFunction(); callee && !callee->isDeclaration())
          kept.insert(callee);
    for (const llvm::GlobalValue *g : kept) {
      partOf[g] = 0;
      load[0] += llvm::cast<llvm::Function>(g)->getInstructionCount();
    }
  }
  std::stable_sort(defined.begin(), defined.end(), [](llvm::Function *a, llvm::Function *b) {
    return a->getInstructionCount() > b->getInstructionCount();
  });
  for (llvm::Function *f : defined)
    if (!partOf.count(f)) {
      int p = int(std::min_element(load.begin(), load.end()) - load.begin());
      partOf[f] = p;
      load[p] += f->getInstructionCount();
    }
  // Each global value is defined in one part (variables in part 0) and declared where others
  // use it: local ones become global, with names (unnamed constants have none), except the
  // kept group (only part 0 refers to it).
  unsigned unnamed = 0;
  for (llvm::GlobalValue &g : m.global_values()) {
    if (g.isDeclaration() || kept.count(&g))
      continue;
    if (!g.hasName())
      g.setName("__ptensor_part_global." + std::to_string(unnamed++));
    if (g.hasLocalLinkage())
      g.setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  auto inPart = [&](int p) {
    return [&partOf, p](const llvm::GlobalValue *g) {
      auto it = partOf.find(g);
      return it == partOf.end() ? p == 0 : it->second == p;
    };
  };

  // Parts 1.. go to their threads as bitcode (an LLVMContext is used by one thread at a
  // time); part 0 stays here. Every part is optimized, then (all of them waiting)
  // beforeCodegen runs once, then every part's machine code is made.
  std::vector<std::string> bitcode(parts);
  for (int p = 1; p < parts; ++p) {
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> part = llvm::CloneModule(m, map, inPart(p));
    llvm::raw_string_ostream os(bitcode[p]);
    llvm::WriteBitcodeToFile(*part, os);
  }
  std::vector<llvm::Module *> modules(parts, nullptr);
  std::vector<std::string> objects(parts), errors(parts);
  std::mutex mu;
  std::condition_variable cv;
  int optimized = 0;
  bool go = false;
  auto arrive = [&] { // (the optimize phase's end; waits for beforeCodegen)
    std::unique_lock<std::mutex> lock(mu);
    ++optimized;
    cv.notify_all();
    cv.wait(lock, [&] { return go; });
  };
  auto makeCode = [&](int p, llvm::Module &mod) {
    auto tm = steps.makeTm();
    if (!tm) {
      errors[p] = llvm::toString(tm.takeError());
      return;
    }
    auto object = codegen(mod, **tm);
    if (!object)
      errors[p] = llvm::toString(object.takeError());
    else
      objects[p] = std::move(*object);
  };
  std::vector<std::thread> workers;
  for (int p = 1; p < parts; ++p)
    workers.emplace_back([&, p] {
      llvm::LLVMContext ctx;
      std::unique_ptr<llvm::Module> mod;
      if (auto parsed = llvm::parseBitcodeFile(llvm::MemoryBufferRef(bitcode[p], "part"), ctx))
        mod = std::move(*parsed);
      else
        errors[p] = llvm::toString(parsed.takeError());
      if (mod) {
        if (llvm::Error err = steps.optimize(*mod))
          errors[p] = llvm::toString(std::move(err));
        else
          modules[p] = mod.get();
      }
      arrive();
      if (modules[p])
        makeCode(p, *mod);
    });
  llvm::ValueToValueMapTy map;
  std::unique_ptr<llvm::Module> part0 = llvm::CloneModule(m, map, inPart(0));
  if (llvm::Error err = steps.optimize(*part0))
    errors[0] = llvm::toString(std::move(err));
  else
    modules[0] = part0.get();
  {
    std::unique_lock<std::mutex> lock(mu);
    cv.wait(lock, [&] { return optimized == parts - 1; });
  }
  bool ok = std::all_of(modules.begin(), modules.end(), [](llvm::Module *x) { return x; });
  if (ok)
    steps.beforeCodegen(modules);
  else // (the waiting parts make no code)
    std::fill(modules.begin(), modules.end(), nullptr);
  out.optimizeSeconds = since(t0);
  auto t1 = Clock::now();
  {
    std::lock_guard<std::mutex> lock(mu);
    go = true;
  }
  cv.notify_all();
  if (modules[0])
    makeCode(0, *part0);
  for (std::thread &w : workers)
    w.join();
  for (const std::string &e : errors)
    if (!e.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), e);
  out.objects = pack(objects);
  out.codegenSeconds = since(t1);
  return out;
}

std::vector<llvm::StringRef> splitObjects(const std::string &objects) {
  std::vector<llvm::StringRef> out;
  size_t at = sizeof kMagic;
  auto get = [&](uint64_t &v) {
    if (objects.size() - at < sizeof v)
      return false;
    std::memcpy(&v, objects.data() + at, sizeof v);
    at += sizeof v;
    return true;
  };
  uint64_t n = 0;
  if (objects.size() < sizeof kMagic || std::memcmp(objects.data(), kMagic, sizeof kMagic) ||
      !get(n) || n == 0 || n > 1024)
    return {};
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t size = 0;
    if (!get(size) || objects.size() - at < size)
      return {};
    out.emplace_back(objects.data() + at, size);
    at += size;
  }
  if (at != objects.size())
    return {};
  return out;
}
} // namespace ptensor
