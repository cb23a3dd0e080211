// The BLAS behind host matmuls. One thread pool per process: NumPy's wheels bundle their own
// OpenBLAS (an ILP64 build, symbols prefixed scipy_ and suffixed 64_), whose threads spin for a
// while after each call. A second OpenBLAS (Debian's) in the same process has its own pool; on
// a machine with few cores the two pools take the cores from each other after NumPy has used
// its BLAS, and ptensor's matmuls run slower than NumPy's. So when NumPy's OpenBLAS is loaded
// (ptensor imports NumPy before its core), matmuls call it, through 32-bit CBLAS shims that
// widen the sizes; otherwise the bundled (wheels) or Debian's OpenBLAS, loaded by soname
// (loaded in any case: LAPACK comes from it). PTENSOR_BLAS_OWN=1 keeps matmuls on ptensor's
// own.
#include "Blas.h"

#include "llvm/Support/DynamicLibrary.h"

#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <link.h>

namespace ptensor {
namespace {
// ILP64 CBLAS gemm: enums stay int, sizes are int64.
template <typename Scalar>
using Gemm64 = void (*)(int, int, int, int64_t, int64_t, int64_t, Scalar, const void *, int64_t,
                        const void *, int64_t, Scalar, void *, int64_t);
Gemm64<float> gS;
Gemm64<double> gD;
Gemm64<const void *> gC, gZ; // (complex: alpha and beta by address)

template <typename Scalar, Gemm64<Scalar> *target>
void gemm32(int order, int ta, int tb, int m, int n, int k, Scalar alpha, const void *a,
            int lda, const void *b, int ldb, Scalar beta, void *c, int ldc) {
  (*target)(order, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}

std::string gChosen;
int (*gGetThreads64)();
void (*gSetThreads64)(int);

/// Path of a loaded shared object whose file name contains "openblas" and which exports the
/// ILP64 dgemm under `name`.
struct Found {
  std::string path;
  void *handle = nullptr;
};
int visit(dl_phdr_info *info, size_t, void *data) {
  auto *f = static_cast<Found *>(data);
  if (!info->dlpi_name || !std::strstr(info->dlpi_name, "openblas"))
    return 0;
  void *h = dlopen(info->dlpi_name, RTLD_LAZY | RTLD_NOLOAD);
  if (!h)
    return 0;
  for (const char *prefix : {"scipy_", ""})
    if (dlsym(h, (std::string(prefix) + "cblas_dgemm64_").c_str())) {
      f->path = info->dlpi_name;
      f->handle = h;
      return 1;
    }
  dlclose(h);
  return 0;
}

bool numpyBlas(BlasChoice &out) {
  Found f;
  dl_iterate_phdr(visit, &f);
  if (!f.handle)
    return false;
  std::string prefix = dlsym(f.handle, "scipy_cblas_dgemm64_") ? "scipy_" : "";
  auto sym = [&](const char *name) { return dlsym(f.handle, (prefix + name).c_str()); };
  gS = reinterpret_cast<Gemm64<float>>(sym("cblas_sgemm64_"));
  gD = reinterpret_cast<Gemm64<double>>(sym("cblas_dgemm64_"));
  gC = reinterpret_cast<Gemm64<const void *>>(sym("cblas_cgemm64_"));
  gZ = reinterpret_cast<Gemm64<const void *>>(sym("cblas_zgemm64_"));
  gGetThreads64 = reinterpret_cast<int (*)()>(sym("openblas_get_num_threads64_"));
  gSetThreads64 = reinterpret_cast<void (*)(int)>(sym("openblas_set_num_threads64_"));
  if (!gS || !gD || !gC || !gZ)
    return false;
  out.library = f.path;
  out.symbols = {{"cblas_sgemm", reinterpret_cast<void *>(&gemm32<float, &gS>)},
                 {"cblas_dgemm", reinterpret_cast<void *>(&gemm32<double, &gD>)},
                 {"cblas_cgemm", reinterpret_cast<void *>(&gemm32<const void *, &gC>)},
                 {"cblas_zgemm", reinterpret_cast<void *>(&gemm32<const void *, &gZ>)}};
  if (gGetThreads64 && gSetThreads64) {
    out.setThreads = gSetThreads64;
    out.threads = gGetThreads64();
  }
  return true;
}
} // namespace

const std::string &blasLibrary() { return gChosen; }

BlasChoice chooseBlas(const std::vector<std::string> &libraries) {
  BlasChoice out;
  // ptensor's own library is loaded in any case: LAPACK (runtime/host/Lapack.cpp) comes from it
  auto symbol = [](const char *name) {
    return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name);
  };
  std::string err;
  for (const std::string &lib : libraries)
    if (!llvm::sys::DynamicLibrary::LoadLibraryPermanently(lib.c_str(), &err) &&
        symbol("cblas_dgemm") && symbol("cblas_sgemm")) {
      out.library = lib;
      auto get = reinterpret_cast<int (*)()>(symbol("openblas_get_num_threads"));
      auto set = reinterpret_cast<void (*)(int)>(symbol("openblas_set_num_threads"));
      if (get && set) {
        out.setThreads = set;
        out.threads = get();
      }
      break;
    }
  const char *own = std::getenv("PTENSOR_BLAS_OWN");
  if (!(own && *own && std::strcmp(own, "0") != 0)) {
    BlasChoice numpy;
    if (numpyBlas(numpy))
      out = numpy;
  }
  gChosen = out.library;
  return out;
}
} // namespace ptensor
