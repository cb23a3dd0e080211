// Machine code of an optimized module on several threads (ObjectCode.h).
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
#include <cstring>
#include <thread>
#include <unordered_map>

namespace ptensor {
namespace {
/// Modules with fewer instructions are compiled on one thread: a part's thread, its bitcode
/// and its target machine cost more than they save (~1-2 ms).
constexpr size_t kSplitMinInstructions = 2000;
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

llvm::Expected<std::string>
emitObjects(llvm::Module &m, llvm::StringRef keep, int threads,
            const std::function<llvm::Expected<std::unique_ptr<llvm::TargetMachine>>()> &makeTm) {
  std::vector<llvm::Function *> defined;
  size_t total = 0;
  for (llvm::Function &f : m)
    if (!f.isDeclaration()) {
      defined.push_back(&f);
      total += f.getInstructionCount();
    }
  int parts = std::min<int>(std::max(threads, 1), int(defined.size()));
  // (aliases, ifuncs and comdats would need more care than the parts below take: such modules,
  // which ptensor does not make today, stay whole)
  if (total < kSplitMinInstructions || !m.alias_empty() || !m.ifunc_empty() ||
      !m.getComdatSymbolTable().empty())
    parts = 1;
  if (parts <= 1) {
    auto tm = makeTm();
    if (!tm)
      return tm.takeError();
    auto object = codegen(m, **tm);
    if (!object)
      return object.takeError();
    return pack({std::move(*object)});
  }

  // Each global value is defined in one part (variables in part 0) and declared where others
  // use it: local ones become global, with names (unnamed constants have none). (Each
  // program links in its own JITDylib: the names meet no other program's.)
  unsigned unnamed = 0;
  for (llvm::GlobalValue &g : m.global_values()) {
    if (g.isDeclaration())
      continue;
    if (!g.hasName())
      g.setName("__ptensor_part_global." + std::to_string(unnamed++));
    if (g.hasLocalLinkage())
      g.setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  // Longest first onto the least loaded part (LPT); `keep` and its direct callees in part 0.
  std::unordered_map<const llvm::GlobalValue *, int> partOf;
  std::vector<size_t> load(parts, 0);
  if (llvm::Function *k = m.getFunction(keep); k && !k->isDeclaration()) {
    partOf[k] = 0;
    load[0] += k->getInstructionCount();
    for (llvm::Instruction &i : llvm::instructions(*k))
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
        if (llvm::Function *callee = call->getCalledFunction();
            callee && !callee->isDeclaration() && partOf.emplace(callee, 0).second)
          load[0] += callee->getInstructionCount();
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
  auto inPart = [&](int p) {
    return [&partOf, p](const llvm::GlobalValue *g) {
      auto it = partOf.find(g);
      return it == partOf.end() ? p == 0 : it->second == p;
    };
  };

  // Parts 1.. go to their threads as bitcode (an LLVMContext is used by one thread at a time);
  // part 0 is compiled here.
  std::vector<std::string> bitcode(parts);
  for (int p = 1; p < parts; ++p) {
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> part = llvm::CloneModule(m, map, inPart(p));
    llvm::raw_string_ostream os(bitcode[p]);
    llvm::WriteBitcodeToFile(*part, os);
  }
  std::vector<std::string> objects(parts);
  std::vector<std::string> errors(parts);
  std::vector<std::thread> workers;
  for (int p = 1; p < parts; ++p)
    workers.emplace_back([&, p] {
      llvm::LLVMContext ctx;
      auto part = llvm::parseBitcodeFile(
          llvm::MemoryBufferRef(bitcode[p], "ptensor-part"), ctx);
      if (!part) {
        errors[p] = llvm::toString(part.takeError());
        return;
      }
      auto tm = makeTm();
      if (!tm) {
        errors[p] = llvm::toString(tm.takeError());
        return;
      }
      auto object = codegen(**part, **tm);
      if (!object)
        errors[p] = llvm::toString(object.takeError());
      else
        objects[p] = std::move(*object);
    });
  {
    llvm::ValueToValueMapTy map;
    std::unique_ptr<llvm::Module> part = llvm::CloneModule(m, map, inPart(0));
    auto tm = makeTm();
    if (!tm) {
      errors[0] = llvm::toString(tm.takeError());
    } else {
      auto object = codegen(*part, **tm);
      if (!object)
        errors[0] = llvm::toString(object.takeError());
      else
        objects[0] = std::move(*object);
    }
  }
  for (std::thread &w : workers)
    w.join();
  for (const std::string &e : errors)
    if (!e.empty())
      return llvm::createStringError(llvm::inconvertibleErrorCode(), e);
  return pack(objects);
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
