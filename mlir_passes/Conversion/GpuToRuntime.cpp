// --ptensor-gpu-to-runtime: see Passes.td. Outlined kernels become SPIR-V binaries in the
// program and their launches calls of the GPU runtime (runtime/gpu, ptensor_runtime.h).
#include "Pipeline/Passes.h"
#include "Conversion/KernelComplex.h"

#include "mlir/Dialect/Complex/IR/Complex.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>

namespace ptensor {
#define GEN_PASS_DEF_GPUTORUNTIME
#include "Pipeline/Passes.h.inc"
} // namespace ptensor

using namespace mlir;

namespace {
/// The kernels' SPIR-V environment: OpenCL's Physical64 kernels with the integer and float
/// widths ptensor's dtypes use. (Float64 is a device capability: the kernels assume devices
/// that have it.)
spirv::TargetEnvAttr openclTargetEnv(MLIRContext *ctx) {
  using C = spirv::Capability;
  auto triple = spirv::VerCapExtAttr::get(
      spirv::Version::V_1_0,
      {C::Addresses, C::Kernel, C::Int64, C::Int16, C::Int8, C::Float64, C::Float16}, {}, ctx);
  return spirv::TargetEnvAttr::get(triple, spirv::getDefaultResourceLimits(ctx),
                                   spirv::ClientAPI::OpenCL);
}

/// The conversion of one gpu.module (on a copy) to SPIR-V, serialized.
/// (On the builtin.module that holds the copy.)
const char *kToSpirv =
    "gpu.module(arith-expand,convert-math-to-spirv),"
    "map-memref-spirv-storage-class{client-api=opencl},"
    "convert-gpu-to-spirv{use-64bit-index=true},"
    "gpu.module(spirv.module(spirv-lower-abi-attrs,spirv-update-vce))";

/// The conversion of one gpu.module (on a copy, with its NVVM target attached) to the LLVM
/// dialect: 0-D memrefs (gpu-decompose-memrefs') as bare pointers, as the SPIR-V kernels take
/// them.
const char *kToNvvm =
    "gpu.module(arith-expand,convert-scf-to-cf,"
    "convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true},convert-math-to-llvm),"
    "reconcile-unrealized-casts";

/// libdevice.10.bc (the math functions of CUDA kernels): PTENSOR_LIBDEVICE, else a CUDA
/// installation's; "" when none.
std::string findLibdevice() {
  if (const char *p = std::getenv("PTENSOR_LIBDEVICE"); p && *p)
    return p;
  std::vector<std::string> roots;
  for (const char *var : {"CUDA_HOME", "CUDA_ROOT", "CUDA_PATH"})
    if (const char *r = std::getenv(var); r && *r)
      roots.push_back(r);
  roots.push_back("/usr/local/cuda");
  for (const std::string &r : roots) {
    std::string path = r + "/nvvm/libdevice/libdevice.10.bc";
    if (llvm::sys::fs::exists(path))
      return path;
  }
  return "";
}

/// Complex numbers in kernels become real ones (KernelComplex.h) between these steps.
const char *kComplex = "gpu.module(convert-complex-to-standard)";

/// A constant global of bytes (a NUL is appended when `cString`) and a pointer to it, as i64.
memref::GlobalOp byteGlobal(OpBuilder &mb, Location loc, StringRef name, StringRef bytes,
                            bool cString) {
  std::string data = bytes.str();
  if (cString)
    data.push_back('\0');
  auto type = RankedTensorType::get({int64_t(data.size())}, mb.getI8Type());
  auto value = DenseElementsAttr::getFromRawBuffer(type, ArrayRef<char>(data.data(), data.size()));
  return mb.create<memref::GlobalOp>(
      loc, name, mb.getStringAttr("private"),
      MemRefType::get({int64_t(data.size())}, mb.getI8Type()), value, /*constant=*/true,
      mb.getI64IntegerAttr(64));
}

Value pointerOf(OpBuilder &b, Location loc, Value memref) {
  Value p = b.create<memref::ExtractAlignedPointerAsIndexOp>(loc, memref);
  return b.create<arith::IndexCastOp>(loc, b.getI64Type(), p);
}

Value addressOf(OpBuilder &b, Location loc, memref::GlobalOp g) {
  Value m = b.create<memref::GetGlobalOp>(loc, g.getType(), g.getSymName());
  return pointerOf(b, loc, m);
}

/// A kernel operand as 64-bit words, each with its size in bytes (0: a device pointer):
/// a complex number is two (its parts, as KernelComplex.cpp splits the kernel's argument);
/// failure for a type kernels cannot take yet.
LogicalResult kernelWords(OpBuilder &b, Location loc, Value v,
                          SmallVector<std::pair<Value, int64_t>> &out) {
  Type t = v.getType();
  Type i64 = b.getI64Type();
  if (t.isIndex()) {
    out.emplace_back(b.create<arith::IndexCastOp>(loc, i64, v), 8);
    return success();
  }
  if (auto ct = dyn_cast<ComplexType>(t)) {
    if (failed(kernelWords(b, loc, b.create<complex::ReOp>(loc, v), out)))
      return failure();
    return kernelWords(b, loc, b.create<complex::ImOp>(loc, v), out);
  }
  if (auto mt = dyn_cast<MemRefType>(t)) {
    Type et = mt.getElementType();
    unsigned bits = 0;
    if (auto ct = dyn_cast<ComplexType>(et))
      bits = 2 * ct.getElementType().getIntOrFloatBitWidth();
    else if (et.isIntOrFloat())
      bits = et.getIntOrFloatBitWidth();
    else
      return failure();
    Value p = pointerOf(b, loc, v);
    auto md = b.create<memref::ExtractStridedMetadataOp>(loc, v);
    Value off = b.create<arith::IndexCastOp>(loc, i64, md.getOffset());
    Value elem = b.create<arith::ConstantIntOp>(loc, std::max(bits / 8, 1u), 64);
    Value bytes = b.create<arith::MulIOp>(loc, off, elem);
    out.emplace_back(b.create<arith::AddIOp>(loc, p, bytes), 0);
    return success();
  }
  if (!t.isIntOrFloat())
    return failure();
  unsigned width = t.getIntOrFloatBitWidth();
  Value w = v;
  if (isa<FloatType>(t))
    w = b.create<arith::BitcastOp>(loc, b.getIntegerType(width), v);
  if (width < 64)
    w = b.create<arith::ExtUIOp>(loc, i64, w);
  out.emplace_back(w, int64_t(std::max(width / 8, 1u)));
  return success();
}

/// What MLIR 19's SPIR-V conversions lack, rewritten in a kernel (on the copy):
/// - scf.parallel left inside a kernel (a parallel loop nested in a reduction's scf.for, or
///   a fourth dimension): nested scf.for loops;
/// - math functions convert-math-to-spirv has no pattern for: the OpenCL.std instructions
///   the SPIR-V dialect has (spirv.CL.atan2, ...); log2 and log10 as log times a constant
///   (one rounding more than libm's), trunc by floor/ceil, integer powers by squaring.
/// op (a MathOp) replaced by the OpenCL.std instruction CLOp with the same operands.
template <typename MathOp, typename CLOp>
bool toCL(Operation *op) {
  if (!isa<MathOp>(op))
    return false;
  OpBuilder b(op);
  Value v = b.create<CLOp>(op->getLoc(), op->getResultTypes(), op->getOperands());
  op->getResult(0).replaceAllUsesWith(v);
  op->erase();
  return true;
}

/// The libdevice function (__nv_asinh, __nv_asinhf, ...) for a math op MLIR 19's
/// convert-gpu-to-nvvm has no pattern for; "" for others.
std::string libdeviceName(Operation *op) {
  StringRef base = llvm::TypeSwitch<Operation *, StringRef>(op)
                       .Case([](math::AsinOp) { return "asin"; })
                       .Case([](math::AcosOp) { return "acos"; })
                       .Case([](math::SinhOp) { return "sinh"; })
                       .Case([](math::CoshOp) { return "cosh"; })
                       .Case([](math::AsinhOp) { return "asinh"; })
                       .Case([](math::AcoshOp) { return "acosh"; })
                       .Case([](math::AtanhOp) { return "atanh"; })
                       .Default([](Operation *) { return ""; });
  if (base.empty() || op->getNumResults() != 1)
    return "";
  Type t = op->getResult(0).getType();
  if (t.isF64())
    return ("__nv_" + base).str();
  if (t.isF32())
    return ("__nv_" + base + "f").str();
  return "";
}

/// op replaced by a call of libdevice's `name` (declared in the kernel's module).
void toLibdevice(Operation *op, StringRef name) {
  auto gm = op->getParentOfType<gpu::GPUModuleOp>();
  Type t = op->getResult(0).getType();
  auto fnType = FunctionType::get(op->getContext(), {t}, {t});
  if (!gm.lookupSymbol(name)) {
    OpBuilder mb = OpBuilder::atBlockBegin(gm.getBody());
    mb.create<func::FuncOp>(op->getLoc(), name, fnType).setPrivate();
  }
  OpBuilder b(op);
  auto call = b.create<func::CallOp>(op->getLoc(), name, TypeRange{t}, op->getOperands());
  op->getResult(0).replaceAllUsesWith(call.getResult(0));
  op->erase();
}

/// A 0-D array argument with an offset in its layout (a reduction's result, a distributed
/// reduction's element, ...) is its element's address: the host adds the offset to the
/// pointer (kernelWords), so the kernel takes it as a plain 0-D memref, which the conversions
/// accept. (Only where it is loaded or stored directly: a view made of it would add offsets
/// to its base.)
void plainScalarArguments(gpu::GPUFuncOp kernel) {
  Block &entry = kernel.getBody().front();
  bool changed = false;
  for (BlockArgument a : entry.getArguments().take_front(kernel.getNumArguments())) {
    auto mt = dyn_cast<MemRefType>(a.getType());
    if (!mt || mt.getRank() != 0 || mt.getLayout().isIdentity() ||
        !llvm::all_of(a.getUsers(), [](Operation *u) {
          return isa<memref::LoadOp, memref::StoreOp>(u);
        }))
      continue;
    a.setType(MemRefType::get({}, mt.getElementType(), MemRefLayoutAttrInterface{},
                              mt.getMemorySpace()));
    changed = true;
  }
  if (!changed)
    return;
  ptensor::syncFunctionType(kernel);
}

/// Boolean arrays as the bytes they are (0 or 1): memref<i1> arguments and their 0-D views
/// become memref<i8>, loads compare the byte with 0, stores extend; an ordering comparison
/// of two loaded booleans (searchsorted of a bool array: ule) compares the bytes. (SPIR-V
/// has no ordering comparison of booleans; and with the conversion's own i1 loads, a
/// boolean loaded before a loop and compared in it reads as every work item's first one on
/// Intel's OpenCL compiler: searchsorted and isin of bool arrays.) Any other boolean in such a comparison is extended to a byte.
void bytesForBooleans(gpu::GPUFuncOp kernel) {
  using P = arith::CmpIPredicate;
  auto i1Mem = [](Type t) {
    auto mt = dyn_cast<MemRefType>(t);
    return mt && mt.getRank() == 0 && mt.getElementType().isInteger(1);
  };
  auto asBytes = [](MemRefType mt) {
    return MemRefType::get({}, IntegerType::get(mt.getContext(), 8), mt.getLayout(),
                           mt.getMemorySpace());
  };
  Block &entry = kernel.getBody().front();
  DenseMap<Value, Value> bytes; // a loaded boolean -> its byte
  // an ordering comparison of booleans compares bytes: the loaded ones' own, an extension of
  // any other (a computed needle of searchsorted, else wrong on Intel's OpenCL CPU compiler)
  auto orderBytes = [&](arith::CmpIOp cmp) {
    if (!cmp.getLhs().getType().isInteger(1) || cmp.getPredicate() == P::eq ||
        cmp.getPredicate() == P::ne)
      return;
    OpBuilder b(cmp);
    Location loc = cmp.getLoc();
    bool sign = cmp.getPredicate() == P::slt || cmp.getPredicate() == P::sle ||
                cmp.getPredicate() == P::sgt || cmp.getPredicate() == P::sge;
    auto operand = [&](Value v) -> Value { // (i1 true is -1 for a signed predicate)
      auto it = bytes.find(v);
      Value byte;
      if (it != bytes.end()) {
        byte = it->second;
      } else { // (extended where it is made: a boolean made before a loop and compared in
               // it reads as work item 0's on Intel's OpenCL compiler, as loaded ones do)
        OpBuilder at(cmp);
        at.setInsertionPointAfterValue(v);
        byte = bytes[v] = at.create<arith::ExtUIOp>(loc, at.getI8Type(), v);
      }
      return sign ? b.create<arith::SubIOp>(loc, b.create<arith::ConstantIntOp>(loc, 0, 8),
                                            byte).getResult()
                  : byte;
    };
    Value l = operand(cmp.getLhs()), r = operand(cmp.getRhs());
    cmp.getLhsMutable().assign(l);
    cmp.getRhsMutable().assign(r);
    // bytes 0 and 1 (or 0 and -1) compare alike signed: Intel's OpenCL CPU compiler gives
    // OpULessThan of a loaded byte and one made before the loop the wrong value
    // (searchsorted(sorted bools, x > 0) would be 0 everywhere; OpSLessThan is right)
    P p = cmp.getPredicate();
    cmp.setPredicate(p == P::ult ? P::slt : p == P::ule ? P::sle : p == P::ugt ? P::sgt
                     : p == P::uge ? P::sge : p);
  };
  bool changed = false;
  for (BlockArgument a : entry.getArguments().take_front(kernel.getNumArguments()))
    if (i1Mem(a.getType()) && llvm::all_of(a.getUsers(), [](Operation *u) {
          return isa<memref::LoadOp, memref::StoreOp, memref::ReinterpretCastOp>(u);
        })) {
      a.setType(asBytes(cast<MemRefType>(a.getType())));
      changed = true;
    }
  if (!changed) {
    kernel.walk(orderBytes);
    return;
  }
  ptensor::syncFunctionType(kernel);
  SmallVector<Operation *> ops;
  kernel.walk([&](Operation *op) { ops.push_back(op); });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto rc = dyn_cast<memref::ReinterpretCastOp>(op)) {
      auto src = dyn_cast<MemRefType>(rc.getSource().getType());
      if (!src || !src.getElementType().isInteger(8) || !rc.getType().getElementType().isInteger(1))
        continue;
      rc.getResult().setType(MemRefType::get(rc.getType().getShape(), src.getElementType(),
                                             rc.getType().getLayout(),
                                             rc.getType().getMemorySpace()));
    } else if (auto ld = dyn_cast<memref::LoadOp>(op);
               ld && ld.getType().isInteger(1) &&
               cast<MemRefType>(ld.getMemRef().getType()).getElementType().isInteger(8)) {
      auto byte = b.create<memref::LoadOp>(loc, ld.getMemRef(), ld.getIndices());
      Value zero = b.create<arith::ConstantIntOp>(loc, 0, 8);
      Value bit = b.create<arith::CmpIOp>(loc, P::ne, byte, zero);
      bytes[bit] = byte;
      ld.getResult().replaceAllUsesWith(bit);
      ld.erase();
    } else if (auto st = dyn_cast<memref::StoreOp>(op);
               st && st.getValueToStore().getType().isInteger(1) &&
               cast<MemRefType>(st.getMemRef().getType()).getElementType().isInteger(8)) {
      Value byte = b.create<arith::ExtUIOp>(loc, b.getI8Type(), st.getValueToStore());
      st.getValueMutable().assign(byte);
    } else if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
      orderBytes(cmp);
    }
  }
}

/// (For PTX: the loops, integer powers and the math functions convert-gpu-to-nvvm lacks as
/// libdevice calls.)
void prepareKernel(gpu::GPUFuncOp kernel, bool spirv) {
  plainScalarArguments(kernel);
  bytesForBooleans(kernel);
  if (spirv) // MLIR 19 emulates remsi with UMod of absolute values, wrong for the most
             // negative integer (|INT64_MIN| wraps: INT64_MIN % 9 would be 8): a - (a / b) * b
             // on SDiv instead (a divisor of 0 or -1 as 1: their remainders are 0, and
             // INT_MIN / -1 would trap)
    kernel.walk([&](arith::RemSIOp rem) {
      OpBuilder b(rem);
      Location loc = rem.getLoc();
      Type t = rem.getType();
      Value x = rem.getLhs(), y = rem.getRhs();
      Value zero = b.create<arith::ConstantOp>(loc, b.getZeroAttr(t));
      Value one = b.create<arith::ConstantOp>(loc, b.getIntegerAttr(t, 1));
      Value minusOne = b.create<arith::ConstantOp>(loc, b.getIntegerAttr(t, -1));
      Value trivial = b.create<arith::OrIOp>(
          loc, b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, y, zero),
          b.create<arith::CmpIOp>(loc, arith::CmpIPredicate::eq, y, minusOne));
      Value d = b.create<arith::SelectOp>(loc, trivial, one, y);
      Value q = b.create<arith::DivSIOp>(loc, x, d);
      Value r = b.create<arith::SubIOp>(loc, x, b.create<arith::MulIOp>(loc, q, d));
      rem.replaceAllUsesWith(r);
      rem.erase();
    });
  SmallVector<Operation *> todo;
  kernel.walk([&](Operation *op) {
    if (isa<scf::ParallelOp, math::IPowIOp>(op) ||
        (spirv && isa<math::Atan2Op, math::AtanOp, math::TanOp, math::SinhOp, math::CoshOp,
                      math::AsinOp, math::AcosOp, math::AsinhOp, math::AcoshOp, math::AtanhOp,
                      math::Log2Op, math::Log10Op, math::TruncOp>(op)) ||
        (!spirv && !libdeviceName(op).empty()))
      todo.push_back(op);
  });
  for (Operation *op : todo) {
    if (!spirv) {
      if (std::string name = libdeviceName(op); !name.empty()) {
        toLibdevice(op, name);
        continue;
      }
    }
    if (toCL<math::Atan2Op, spirv::CLAtan2Op>(op) || toCL<math::AtanOp, spirv::CLAtanOp>(op) ||
        toCL<math::TanOp, spirv::CLTanOp>(op) || toCL<math::SinhOp, spirv::CLSinhOp>(op) ||
        toCL<math::CoshOp, spirv::CLCoshOp>(op) || toCL<math::AsinOp, spirv::CLAsinOp>(op) ||
        toCL<math::AcosOp, spirv::CLAcosOp>(op) || toCL<math::AsinhOp, spirv::CLAsinhOp>(op) ||
        toCL<math::AcoshOp, spirv::CLAcoshOp>(op) || toCL<math::AtanhOp, spirv::CLAtanhOp>(op))
      continue;
    OpBuilder b(op);
    Location loc = op->getLoc();
    auto replace = [&](Value v) {
      op->getResult(0).replaceAllUsesWith(v);
      op->erase();
    };
    if (auto par = dyn_cast<scf::ParallelOp>(op)) {
      if (!par.getInitVals().empty())
        continue; // (a reduction: left to fail with the conversion's message)
      SmallVector<Value> ivs;
      OpBuilder nb(par);
      for (auto [lb, ub, step] :
           llvm::zip(par.getLowerBound(), par.getUpperBound(), par.getStep())) {
        auto f = nb.create<scf::ForOp>(loc, lb, ub, step);
        ivs.push_back(f.getInductionVar());
        nb.setInsertionPointToStart(f.getBody());
      }
      IRMapping map;
      for (auto [old, iv] : llvm::zip(par.getInductionVars(), ivs))
        map.map(old, iv);
      for (Operation &inner : par.getBody()->without_terminator())
        nb.clone(inner, map);
      par.erase();
    } else if (isa<math::Log2Op, math::Log10Op>(op)) {
      Value x = op->getOperand(0);
      double scale = isa<math::Log2Op>(op) ? 1.4426950408889634 : 0.4342944819032518;
      Value c = b.create<arith::ConstantOp>(loc, b.getFloatAttr(x.getType(), scale));
      replace(b.create<arith::MulFOp>(loc, b.create<math::LogOp>(loc, x), c));
    } else if (isa<math::TruncOp>(op)) {
      Value x = op->getOperand(0);
      Value zero = b.create<arith::ConstantOp>(loc, b.getFloatAttr(x.getType(), 0.0));
      Value neg = b.create<arith::CmpFOp>(loc, arith::CmpFPredicate::OLT, x, zero);
      replace(b.create<arith::SelectOp>(loc, neg, b.create<math::CeilOp>(loc, x),
                                        b.create<math::FloorOp>(loc, x)));
    } else if (isa<math::IPowIOp>(op)) {
      // r = 1; for each bit of e (low first): r *= b when set, b *= b (a negative e:
      // NumPy refuses it before a program is built)
      Value base = op->getOperand(0), e = op->getOperand(1);
      Type t = base.getType();
      unsigned w = t.getIntOrFloatBitWidth();
      Value one = b.create<arith::ConstantIntOp>(loc, 1, t);
      Value lb = b.create<arith::ConstantIndexOp>(loc, 0);
      Value ub = b.create<arith::ConstantIndexOp>(loc, w);
      Value st = b.create<arith::ConstantIndexOp>(loc, 1);
      auto loop = b.create<scf::ForOp>(
          loc, lb, ub, st, ValueRange{one, base, e},
          [&](OpBuilder &lb2, Location l, Value, ValueRange it) {
            Value bit = lb2.create<arith::TruncIOp>(l, lb2.getI1Type(), it[2]);
            Value prod = lb2.create<arith::MulIOp>(l, it[0], it[1]);
            Value r = lb2.create<arith::SelectOp>(l, bit, prod, it[0]);
            Value sq = lb2.create<arith::MulIOp>(l, it[1], it[1]);
            Value shifted = lb2.create<arith::ShRUIOp>(l, it[2], one);
            lb2.create<scf::YieldOp>(l, ValueRange{r, sq, shifted});
          });
      replace(loop.getResult(0));
    }
  }
}

/// Developer aid and test hook (tests/python/test_gpu_devices.py validates them with spirv-val
/// and ptxas): with PTENSOR_DUMP_KERNELS=<folder>, each binary is written there, named by its
/// hash, with the extension `ext`.
void dump(StringRef bytes, StringRef ext) {
  const char *dir = std::getenv("PTENSOR_DUMP_KERNELS");
  if (!dir || !*dir)
    return;
  std::string path = std::string(dir) + "/" + llvm::utohexstr(llvm::xxh3_64bits(bytes)) + ext.str();
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (!ec)
    os << bytes;
}

struct GpuToRuntime : ptensor::impl::GpuToRuntimeBase<GpuToRuntime> {
  using GpuToRuntimeBase::GpuToRuntimeBase;

  /// The binary of one gpu.module (SPIR-V words, or PTX text with its NUL), converted on a
  /// copy nested in `top`; failure with the error emitted.
  FailureOr<std::string> convert(ModuleOp top, gpu::GPUModuleOp gm) {
    MLIRContext *ctx = &getContext();
    OpBuilder b(ctx);
    b.setInsertionPointToEnd(top.getBody());
    auto holder = b.create<ModuleOp>(gm.getLoc());
    auto copy = cast<gpu::GPUModuleOp>(gm->clone());
    holder.getBody()->push_back(copy);
    bool spirv = target == "spirv";
    FailureOr<std::string> out = failure();
    if (!spirv && !StringRef(target).starts_with("nvptx:"))
      gm.emitError("GPU kernels: unknown target '") << target << "' (spirv or nvptx:<chip>)";
    // complex numbers first (KernelComplex.h), then what else the conversions lack
    else if (succeeded(ptensor::inlineComplexLibm(copy)) && succeeded(run(kComplex, holder)) &&
             succeeded(prepare(copy, spirv)))
      out = spirv ? toSpirv(holder, copy) : toPtx(holder, copy);
    holder.erase();
    return out;
  }

  LogicalResult run(StringRef pipeline, ModuleOp m) {
    OpPassManager pm("builtin.module");
    std::string err;
    llvm::raw_string_ostream os(err);
    if (failed(parsePassPipeline(pipeline, pm, os)))
      llvm::report_fatal_error(llvm::Twine("gpu-to-runtime pipeline does not parse: ") + err);
    return runPipeline(pm, m);
  }

  LogicalResult prepare(gpu::GPUModuleOp copy, bool spirv) {
    MLIRContext *ctx = &getContext();
    if (spirv)
      copy->setAttr(spirv::getTargetEnvAttrName(), openclTargetEnv(ctx));
    WalkResult r = copy.walk([&](gpu::GPUFuncOp f) {
      if (spirv && f.isKernel())
        f->setAttr(spirv::getEntryPointABIAttrName(), spirv::getEntryPointABIAttr(ctx));
      if (failed(ptensor::splitComplex(f)))
        return WalkResult::interrupt();
      prepareKernel(f, spirv);
      return WalkResult::advance();
    });
    return failure(r.wasInterrupted());
  }

  FailureOr<std::string> toSpirv(ModuleOp holder, gpu::GPUModuleOp copy) {
    if (failed(run(kToSpirv, holder)))
      return failure();
    spirv::ModuleOp sm;
    holder.walk([&](spirv::ModuleOp m) { sm = m; });
    SmallVector<uint32_t> w;
    if (!sm)
      return copy.emitError("GPU kernels: no SPIR-V module was produced");
    if (failed(spirv::serialize(sm, w)))
      return failure();
    std::string bytes(reinterpret_cast<const char *>(w.data()), w.size() * 4);
    dump(bytes, ".spv");
    return bytes;
  }

  FailureOr<std::string> toPtx(ModuleOp holder, gpu::GPUModuleOp copy) {
    StringRef chip = StringRef(target).drop_front(strlen("nvptx:"));
    std::string libdevice = findLibdevice();
    if (!libdevice.empty() && !llvm::sys::fs::exists(libdevice))
      return copy.emitError("PTENSOR_LIBDEVICE names ")
             << libdevice << ", which does not exist (libdevice.10.bc is expected)";
    std::string lower = ("nvvm-attach-target{chip=" + chip + " O=3" +
                         (libdevice.empty() ? "" : " l=" + libdevice) + "}," + kToNvvm).str();
    if (failed(run(lower, holder)))
      return failure();
    if (libdevice.empty()) { // the math functions of the kernels are libdevice's
      std::string missing;
      holder.walk([&](LLVM::LLVMFuncOp f) {
        if (f.isExternal() && f.getName().starts_with("__nv_") && missing.empty())
          missing = f.getName().str();
      });
      if (!missing.empty())
        return copy.emitError("CUDA kernels call libdevice's ")
               << missing << ", and no libdevice.10.bc was found: set PTENSOR_LIBDEVICE to it "
               << "(PyPI's nvidia-cuda-nvcc-cu12 ships it; or CUDA_HOME)";
    }
    if (failed(run("gpu-module-to-binary{format=isa}", holder)))
      return failure();
    std::string ptx;
    holder.walk([&](gpu::BinaryOp bin) {
      for (Attribute a : bin.getObjects())
        if (auto o = dyn_cast<gpu::ObjectAttr>(a))
          ptx = o.getObject().getValue().str();
    });
    if (ptx.empty())
      return copy.emitError("GPU kernels: no PTX was produced");
    if (ptx.back() != '\0')
      ptx.push_back('\0'); // (cuModuleLoadData takes a C string)
    dump(StringRef(ptx.data(), ptx.size() - 1), ".ptx");
    return ptx;
  }

  void runOnOperation() override {
    ModuleOp top = getOperation();
    auto modules = llvm::to_vector(top.getOps<gpu::GPUModuleOp>());
    insertWaits(top);
    OpBuilder mb(&getContext());
    mb.setInsertionPointToStart(top.getBody());
    for (gpu::GPUModuleOp gm : modules) {
      FailureOr<std::string> converted = convert(top, gm);
      if (failed(converted))
        return signalPassFailure();
      std::string base = ("__ptensor_gpu_" + gm.getName()).str();
      StringRef bytes = *converted;
      Location loc = gm.getLoc();
      auto binary = byteGlobal(mb, loc, base + (target == "spirv" ? "_spirv" : "_ptx"), bytes,
                               /*cString=*/false);
      auto slotType = MemRefType::get({1}, mb.getI64Type());
      auto slot = mb.create<memref::GlobalOp>(
          loc, base + "_module", mb.getStringAttr("private"), slotType,
          DenseElementsAttr::get(RankedTensorType::get({1}, mb.getI64Type()), int64_t(0)),
          /*constant=*/false, mb.getI64IntegerAttr(8));
      llvm::StringMap<memref::GlobalOp> names;
      SmallVector<gpu::LaunchFuncOp> launches;
      top.walk([&](gpu::LaunchFuncOp l) {
        if (l.getKernelModuleName() == gm.getName())
          launches.push_back(l);
      });
      for (gpu::LaunchFuncOp launch : launches) {
        StringRef kernel = launch.getKernelName().getValue();
        memref::GlobalOp &name = names[kernel];
        if (!name)
          name = byteGlobal(mb, loc, base + "_" + kernel.str() + "_name", kernel, true);
        if (failed(lowerLaunch(launch, binary, int64_t(bytes.size()), name, slot)))
          return signalPassFailure();
      }
      gm.erase();
    }
    top->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
    countHostWork(top);
  }

  /// The GPU runtime's function `name` (ptensor_runtime.h) of `arity` i64 arguments and no
  /// result, declared in top once.
  static func::FuncOp runtimeFunction(ModuleOp top, StringRef name, size_t arity) {
    if (auto fn = top.lookupSymbol<func::FuncOp>(name))
      return fn;
    OpBuilder tb(top.getBodyRegion());
    auto fn = tb.create<func::FuncOp>(
        top.getLoc(), name,
        tb.getFunctionType(SmallVector<Type>(arity, tb.getI64Type()), {}));
    fn.setPrivate();
    return fn;
  }

  /// Launches only queue their kernels (in order, on the device's one queue): the host waits
  /// for them (ptensor_gpu_wait, which returns at once when nothing is queued) before it
  /// touches memory again: before each host op that reads or writes memory (a loop nest, a
  /// load, a copy, a call), unless no launch came since the last wait in the same block. A
  /// host op whose regions launch kernels (a sequential loop of launches) gets the waits
  /// inside. The JIT waits once more at the program's end.
  /// A host op needs no wait where all its memory accesses are loads and stores of memory no
  /// kernel queued since the last wait was given and no queued kernel can reach otherwise: a
  /// result buffer the runtime allocated for the call (ptensor.fresh, removed here) or a
  /// buffer allocated in the function's first block before any buffer was freed (so not a
  /// freed buffer the pool gave again while a queued kernel may still read it); small
  /// allocations of static shape move to the function's start for it. The fill of the next
  /// reduction's 0-D result between kernels made x - mean(x) wait twice.
  /// Whether op itself (not the ops nested in it) may read or write memory: a call, an op
  /// with such memory effects, or an op whose effects are unknown and that is not pure.
  static bool accessesMemory(Operation *op) {
    if (isa<CallOpInterface>(op))
      return true;
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false;
    auto mem = dyn_cast<MemoryEffectOpInterface>(op);
    if (!mem) // (unknown effects: assume memory)
      return !op->getNumRegions() && !isPure(op);
    SmallVector<MemoryEffects::EffectInstance> effects;
    mem.getEffects(effects);
    return llvm::any_of(effects, [](auto &e) {
      return isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect());
    });
  }

  static constexpr int64_t kSmallAlloc = 4096; // bytes (the pool's smallest size class)
  void insertWaits(ModuleOp top) {
    func::FuncOp waitFn;
    // (the memory a host op may touch without a wait, given the roots launched since the last)
    auto privateAccesses = [](Operation *op, const llvm::DenseSet<Value> &safe,
                              const llvm::DenseSet<Value> &launched) {
      return !op->walk([&](Operation *inner) {
                  Value m;
                  if (auto l = dyn_cast<memref::LoadOp>(inner))
                    m = l.getMemRef();
                  else if (auto st = dyn_cast<memref::StoreOp>(inner))
                    m = st.getMemRef();
                  else if (isa<gpu::LaunchFuncOp>(inner) || accessesMemory(inner))
                    return WalkResult::interrupt();
                  else
                    return WalkResult::advance();
                  Value root = ptensor::memrefRoot(m);
                  return safe.contains(root) && !launched.contains(root) &&
                                 !launched.contains(Value())
                             ? WalkResult::advance()
                             : WalkResult::interrupt();
                })
                  .wasInterrupted();
    };
    auto launches = [](Operation *op) {
      return op->walk([](gpu::LaunchFuncOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
    };
    auto touchesMemory = [](Operation *op) {
      return op->walk([](Operation *inner) {
                 if (isa<gpu::LaunchFuncOp>(inner))
                   return WalkResult::skip();
                 return accessesMemory(inner) ? WalkResult::interrupt() : WalkResult::advance();
               })
          .wasInterrupted();
    };
    // (at a function's start nothing is queued: the JIT waited at the last program's end; at
    // the start of a block inside an op that launches, a launch may come before it)
    // launched: the roots of the memory of the kernels queued since the last wait (a null
    // value: memory whose root is neither an allocation nor an argument, which may alias
    // anything)
    llvm::DenseSet<Value> safe, launched;
    auto noteLaunches = [&](Operation *op) {
      op->walk([&](gpu::LaunchFuncOp launch) {
        for (Value v : launch.getKernelOperands()) {
          if (!isa<BaseMemRefType>(v.getType()))
            continue;
          Value root = ptensor::memrefRoot(v);
          bool known = isa<BlockArgument>(root) &&
                       isa<func::FuncOp>(cast<BlockArgument>(root).getOwner()->getParentOp());
          launched.insert(known || root.getDefiningOp<memref::AllocOp>() ? root : Value());
        }
      });
    };
    std::function<void(Block &, bool)> visit = [&](Block &block, bool queued) {
      for (Operation &op : llvm::make_early_inc_range(block)) {
        if (isa<gpu::LaunchFuncOp>(op)) {
          noteLaunches(&op);
          queued = true;
          continue;
        }
        // (an op that launches is looked into whatever else it does: an scf.if whose
        // branches only allocate, launch and free touches no memory on the host itself)
        if (!launches(&op) && !touchesMemory(&op))
          continue;
        if (launches(&op)) {
          // each of its blocks may follow any launch inside it (a loop's next iteration) or
          // before it; after it, any of them may be queued
          noteLaunches(&op);
          llvm::DenseSet<Value> before = launched;
          for (Region &r : op.getRegions())
            for (Block &b : r) {
              launched = before;
              visit(b, true);
            }
          launched = before;
          queued = true;
          continue;
        }
        if (!queued || privateAccesses(&op, safe, launched))
          continue;
        if (!waitFn)
          waitFn = runtimeFunction(top, "ptensor_gpu_wait", 1);
        OpBuilder b(&op);
        Value dev = b.create<arith::ConstantIntOp>(op.getLoc(), device, 64);
        b.create<func::CallOp>(op.getLoc(), waitFn, ValueRange{dev});
        queued = false;
        launched.clear();
      }
    };
    for (auto fn : llvm::to_vector(top.getOps<func::FuncOp>())) {
      if (fn.isExternal())
        continue;
      safe.clear();
      launched.clear();
      Block &entry = fn.getBody().front();
      // small allocations of static shape (0-D results of reductions) move to the start
      for (auto alloc : llvm::to_vector(entry.getOps<memref::AllocOp>())) {
        MemRefType t = alloc.getType();
        if (alloc->getNumOperands() == 0 && t.hasStaticShape() && t.getElementType().isIntOrFloat() &&
            t.getNumElements() * t.getElementTypeBitWidth() <= 8 * kSmallAlloc)
          alloc->moveBefore(&entry.front());
      }
      for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
        if (fn.getArgAttr(i, ptensor::kFreshAttr))
          safe.insert(entry.getArgument(i));
      for (Operation &op : entry) {
        if (isa<memref::DeallocOp>(op) ||
            op.walk([](memref::DeallocOp) { return WalkResult::interrupt(); }).wasInterrupted())
          break;
        if (isa<memref::AllocOp>(op))
          safe.insert(op.getResult(0));
      }
      for (Block &b : fn.getBody())
        visit(b, false);
      for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
        fn.removeArgAttr(i, ptensor::kFreshAttr);
    }
  }

  /// The work of a device program that the kernels did not take runs on the host over shared
  /// memory (docs/devices.md): each loop nest left in the host code (a reduction's
  /// accumulation, sequential loops) and each library call (ptensor_custom_call: sort,
  /// LAPACK, FFT, ...) is preceded by a call of ptensor_gpu_host_work(kind) (0: loop nest,
  /// 1: library call), which counts them for pt.cache_info().
  void countHostWork(ModuleOp top) {
    SmallVector<std::pair<Operation *, int64_t>> sites;
    top.walk([&](Operation *op) {
      bool loop = isa<scf::ForOp, scf::ParallelOp, scf::WhileOp>(op);
      if (loop && !op->getParentOfType<scf::ForOp>() && !op->getParentOfType<scf::ParallelOp>() &&
          !op->getParentOfType<scf::WhileOp>())
        sites.push_back({op, 0});
      else if (auto call = dyn_cast<func::CallOp>(op); call && call.getCallee() == "ptensor_custom_call")
        sites.push_back({op, 1});
    });
    if (sites.empty())
      return;
    func::FuncOp fn = runtimeFunction(top, "ptensor_gpu_host_work", 1);
    for (auto [op, kind] : sites) {
      OpBuilder b(op);
      Value k = b.create<arith::ConstantIntOp>(op->getLoc(), kind, 64);
      b.create<func::CallOp>(op->getLoc(), fn, ValueRange{k});
    }
  }

  LogicalResult lowerLaunch(gpu::LaunchFuncOp launch, memref::GlobalOp binary, int64_t size,
                            memref::GlobalOp name, memref::GlobalOp slot) {
    OpBuilder b(launch);
    Location loc = launch.getLoc();
    Type i64 = b.getI64Type();
    auto operands = launch.getKernelOperands();
    SmallVector<std::pair<Value, int64_t>> ws;
    for (Value v : operands)
      if (failed(kernelWords(b, loc, v, ws)))
        return launch.emitError("GPU kernels cannot take an operand of type ")
               << v.getType() << " yet";
    int64_t n = int64_t(ws.size());
    auto arrayType = MemRefType::get({std::max<int64_t>(n, 1)}, i64);
    Value words = b.create<memref::AllocaOp>(loc, arrayType);
    Value sizes = b.create<memref::AllocaOp>(loc, arrayType);
    for (auto [i, w] : llvm::enumerate(ws)) {
      Value idx = b.create<arith::ConstantIndexOp>(loc, int64_t(i));
      b.create<memref::StoreOp>(loc, w.first, words, idx);
      b.create<memref::StoreOp>(loc, b.create<arith::ConstantIntOp>(loc, w.second, 64), sizes,
                                idx);
    }
    auto asI64 = [&](Value index) -> Value {
      return b.create<arith::IndexCastOp>(loc, i64, index);
    };
    gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
    gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
    SmallVector<Value> args = {
        b.create<arith::ConstantIntOp>(loc, device, 64), addressOf(b, loc, slot),
        addressOf(b, loc, binary), b.create<arith::ConstantIntOp>(loc, size, 64),
        addressOf(b, loc, name), asI64(grid.x), asI64(grid.y), asI64(grid.z), asI64(block.x),
        asI64(block.y), asI64(block.z), pointerOf(b, loc, words), pointerOf(b, loc, sizes),
        b.create<arith::ConstantIntOp>(loc, n, 64)};
    ModuleOp top = getOperation();
    func::FuncOp fn = runtimeFunction(top, "ptensor_gpu_launch", args.size());
    b.create<func::CallOp>(loc, fn, args);
    launch.erase();
    return success();
  }
};
} // namespace
