// pt.linalg's factorizations as built-in custom_call handlers (ptensor_ffi.h): LAPACK from
// the BLAS library the JIT loads (Debian's OpenBLAS, LP64; matmuls may call NumPy's: src/Blas.cpp). Every handler loops over the batch
// (leading) dimensions; each matrix is copied into a column-major work array (LAPACK
// overwrites its input anyway) and results are written back row-major. Element types:
// float, double, std::complex<float>, std::complex<double> (LAPACK's s, d, c, z; the complex
// routines heevd and ungqr take the place of syevd and orgqr, and heevd/gesdd need real work
// arrays).
#include "CustomCall.h"

#include "ptensor_ffi.h"

#include "llvm/Support/DynamicLibrary.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>
#include <vector>

namespace ptensor {
namespace {
using I = int; // LAPACK's INTEGER (LP64 build)

template <typename T> struct RealOf { using type = T; };
template <typename R> struct RealOf<std::complex<R>> { using type = R; };
/// The real type of T's parts (eigenvalues, singular values, log|det|).
template <typename T> using Real = typename RealOf<T>::type;
template <typename T> constexpr bool kComplex = !std::is_same_v<T, Real<T>>;

/// Conjugate (the identity for real T; std::conj would make a real value complex).
template <typename T>
T conjugate(T v) {
  if constexpr (kComplex<T>)
    return std::conj(v);
  else
    return v;
}
/// A workspace size LAPACK returned in a T.
template <typename T>
I workSize(T v) { return std::max<I>(1, I(std::real(v))); }

template <typename T>
struct Lapack {
  using R = Real<T>;
  using getrf_t = void(const I *, const I *, T *, const I *, I *, I *);
  using getri_t = void(const I *, T *, const I *, const I *, T *, const I *, I *);
  using gesv_t = void(const I *, const I *, T *, const I *, I *, T *, const I *, I *);
  using potrf_t = void(const char *, const I *, T *, const I *, I *, size_t);
  // syevd (real) / heevd (complex: real work array rwork, lrwork)
  using syevd_t = std::conditional_t<
      kComplex<T>,
      void(const char *, const char *, const I *, T *, const I *, R *, T *, const I *, R *,
           const I *, I *, const I *, I *, size_t, size_t),
      void(const char *, const char *, const I *, T *, const I *, T *, T *, const I *, I *,
           const I *, I *, size_t, size_t)>;
  // gesdd (complex: real work array rwork before iwork)
  using gesdd_t = std::conditional_t<
      kComplex<T>,
      void(const char *, const I *, const I *, T *, const I *, R *, T *, const I *, T *, const I *,
           T *, const I *, R *, I *, I *, size_t),
      void(const char *, const I *, const I *, T *, const I *, T *, T *, const I *, T *, const I *,
           T *, const I *, I *, I *, size_t)>;
  // geev (real: eigenvalues as real and imaginary parts; complex: one array and rwork)
  using geev_t = std::conditional_t<
      kComplex<T>,
      void(const char *, const char *, const I *, T *, const I *, T *, T *, const I *, T *,
           const I *, T *, const I *, R *, I *, size_t, size_t),
      void(const char *, const char *, const I *, T *, const I *, T *, T *, T *, const I *, T *,
           const I *, T *, const I *, I *, size_t, size_t)>;
  using geqrf_t = void(const I *, const I *, T *, const I *, T *, T *, const I *, I *);
  using orgqr_t = void(const I *, const I *, const I *, T *, const I *, const T *, T *, const I *, I *);
  getrf_t *getrf;
  getri_t *getri;
  gesv_t *gesv;
  potrf_t *potrf;
  syevd_t *syevd;
  gesdd_t *gesdd;
  geqrf_t *geqrf;
  orgqr_t *orgqr;
  geev_t *geev; // (may be null: only eig needs it)

  static const Lapack *get() {
    static Lapack l = [] {
      const char *p = kComplex<T> ? (sizeof(T) == 16 ? "z" : "c") : (sizeof(T) == 8 ? "d" : "s");
      auto f = [&](const char *name) {
        return llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(std::string(p) + name);
      };
      Lapack l;
      l.getrf = reinterpret_cast<getrf_t *>(f("getrf_"));
      l.getri = reinterpret_cast<getri_t *>(f("getri_"));
      l.gesv = reinterpret_cast<gesv_t *>(f("gesv_"));
      l.potrf = reinterpret_cast<potrf_t *>(f("potrf_"));
      l.syevd = reinterpret_cast<syevd_t *>(f(kComplex<T> ? "heevd_" : "syevd_"));
      l.gesdd = reinterpret_cast<gesdd_t *>(f("gesdd_"));
      l.geqrf = reinterpret_cast<geqrf_t *>(f("geqrf_"));
      l.orgqr = reinterpret_cast<orgqr_t *>(f(kComplex<T> ? "ungqr_" : "orgqr_"));
      l.geev = reinterpret_cast<geev_t *>(f("geev_"));
      return l;
    }();
    bool ok = l.getrf && l.getri && l.gesv && l.potrf && l.syevd && l.gesdd && l.geqrf && l.orgqr;
    return ok ? &l : nullptr;
  }
};

/// Element offsets of the matrices of `b` (rank >= 2), batch in row-major order.
std::vector<int64_t> batchOffsets(const pt_buffer &b) {
  std::vector<int64_t> offs{0};
  for (int64_t d = 0; d + 2 < b.rank; ++d) {
    std::vector<int64_t> next;
    next.reserve(offs.size() * size_t(b.shape[d]));
    for (int64_t o : offs)
      for (int64_t i = 0; i < b.shape[d]; ++i)
        next.push_back(o + i * b.strides[d]);
    offs.swap(next);
  }
  return offs;
}

/// The last two dimensions of `b`.
int64_t rows(const pt_buffer &b) { return b.shape[b.rank - 2]; }
int64_t cols(const pt_buffer &b) { return b.shape[b.rank - 1]; }

/// Matrix at element offset `off` of `b` -> column-major `w` (leading dimension m).
template <typename T>
void load(const pt_buffer &b, int64_t off, std::vector<T> &w) {
  int64_t m = rows(b), n = cols(b), sm = b.strides[b.rank - 2], sn = b.strides[b.rank - 1];
  const T *x = static_cast<const T *>(b.data) + off;
  w.resize(size_t(std::max<int64_t>(1, m * n)));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      w[size_t(i + j * m)] = x[i * sm + j * sn];
}

/// Column-major `w` (leading dimension ld) -> row-major m x n matrix number `k` of result `r`.
template <typename T>
void store(const pt_buffer &r, int64_t k, const T *w, int64_t ld, int64_t m, int64_t n) {
  T *out = static_cast<T *>(r.data) + k * m * n;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      out[i * n + j] = w[i + j * ld];
}

int32_t fail(const pt_call_frame *f, int32_t code, const char *msg) { return pt_ffi_fail(f, code, msg); }

int32_t tooLarge(const pt_call_frame *f, std::initializer_list<int64_t> dims) {
  for (int64_t d : dims)
    if (d > std::numeric_limits<I>::max())
      return fail(f, PT_FFI_INVALID_ARGUMENT, "matrix too large for LAPACK's 32-bit sizes");
  return PT_FFI_OK;
}

#define PT_LAPACK(T)                                                                            \
  const Lapack<T> *L = Lapack<T>::get();                                                        \
  if (!L)                                                                                       \
    return fail(f, PT_FFI_ERROR, "LAPACK was not found in the loaded BLAS library");

/// cholesky: args A (..., n, n); result L (or U with attr upper); only A's lower triangle
/// is read (NumPy's rule).
template <typename T>
int32_t cholesky(const pt_call_frame *f) {
  PT_LAPACK(T)
  const pt_buffer &a = f->args[0];
  int64_t upper = 0;
  pt_ffi_get_i64(f, "upper", &upper);
  I n = I(rows(a)), info = 0;
  std::vector<T> w;
  auto offs = batchOffsets(a);
  for (size_t k = 0; k < offs.size(); ++k) {
    load(a, offs[k], w);
    if (n > 0)
      L->potrf("L", &n, w.data(), &n, &info, 1);
    if (info > 0)
      return fail(f, PT_FFI_LINALG_ERROR, "Matrix is not positive definite");
    for (I i = 0; i < n; ++i) // zero the other triangle; upper = L^H
      for (I j = 0; j < n; ++j) {
        T *out = static_cast<T *>(f->results[0].data) + int64_t(k) * n * n;
        out[i * n + j] = upper ? (i <= j ? conjugate(w[j + i * n]) : T(0)) : (i >= j ? w[i + j * n] : T(0));
      }
  }
  return PT_FFI_OK;
}

/// LU of each matrix. det: result det; slogdet: results sign, logabsdet (singular: 0, -inf).
template <typename T>
int32_t lu_det(const pt_call_frame *f) {
  PT_LAPACK(T)
  const pt_buffer &a = f->args[0];
  bool logdet = f->num_results == 2;
  I n = I(rows(a)), info = 0;
  std::vector<T> w;
  std::vector<I> piv(size_t(std::max<I>(1, n)));
  auto offs = batchOffsets(a);
  for (size_t k = 0; k < offs.size(); ++k) {
    load(a, offs[k], w);
    if (n > 0)
      L->getrf(&n, &n, w.data(), &n, piv.data(), &info);
    // sign: the pivots' parity times the signs (complex: the phases u/|u|) of U's diagonal
    using R = Real<T>;
    T sign = 1, det = 1;
    R logabs = 0;
    for (I i = 0; i < n; ++i) {
      T u = w[size_t(i + i * n)];
      if (piv[size_t(i)] != i + 1)
        sign = -sign, det = -det;
      det *= u;
      R au = std::abs(u);
      if constexpr (kComplex<T>)
        sign *= au == 0 ? T(0) : u / au;
      else if (u < 0)
        sign = -sign;
      logabs += std::log(au);
    }
    if (logdet) {
      bool singular = info > 0 || !(logabs > -std::numeric_limits<R>::infinity());
      static_cast<T *>(f->results[0].data)[k] = singular ? T(0) : sign;
      static_cast<R *>(f->results[1].data)[k] = singular ? -std::numeric_limits<R>::infinity() : logabs;
    } else {
      static_cast<T *>(f->results[0].data)[k] = det == T(0) ? T(0) : det; // +0 as NumPy's
    }
  }
  return PT_FFI_OK;
}

template <typename T>
int32_t inv(const pt_call_frame *f) {
  PT_LAPACK(T)
  const pt_buffer &a = f->args[0];
  I n = I(rows(a)), info = 0, lwork = -1;
  std::vector<T> w, work(1);
  std::vector<I> piv(size_t(std::max<I>(1, n)));
  auto offs = batchOffsets(a);
  for (size_t k = 0; k < offs.size(); ++k) {
    load(a, offs[k], w);
    if (n == 0)
      continue;
    L->getrf(&n, &n, w.data(), &n, piv.data(), &info);
    if (info > 0)
      return fail(f, PT_FFI_LINALG_ERROR, "Singular matrix");
    if (lwork < 0) {
      L->getri(&n, w.data(), &n, piv.data(), work.data(), &lwork, &info);
      lwork = workSize(work[0]);
      work.resize(size_t(lwork));
    }
    L->getri(&n, w.data(), &n, piv.data(), work.data(), &lwork, &info);
    if (info > 0)
      return fail(f, PT_FFI_LINALG_ERROR, "Singular matrix");
    store(f->results[0], int64_t(k), w.data(), n, n, n);
  }
  return PT_FFI_OK;
}

/// solve: args A (..., n, n), B (..., n, r) with equal batch shapes; result X (..., n, r).
template <typename T>
int32_t solve(const pt_call_frame *f) {
  PT_LAPACK(T)
  const pt_buffer &a = f->args[0], &b = f->args[1];
  I n = I(rows(a)), r = I(cols(b)), info = 0;
  std::vector<T> wa, wb;
  std::vector<I> piv(size_t(std::max<I>(1, n)));
  auto oa = batchOffsets(a), ob = batchOffsets(b);
  for (size_t k = 0; k < oa.size(); ++k) {
    load(a, oa[k], wa);
    load(b, ob[k], wb);
    if (n == 0 || r == 0)
      continue;
    L->gesv(&n, &r, wa.data(), &n, piv.data(), wb.data(), &n, &info);
    if (info > 0)
      return fail(f, PT_FFI_LINALG_ERROR, "Singular matrix");
    store(f->results[0], int64_t(k), wb.data(), n, n, r);
  }
  return PT_FFI_OK;
}

/// eigh: results eigenvalues (..., n) ascending and, with attr vectors, eigenvectors
/// (..., n, n) as columns. Reads the lower triangle.
template <typename T>
int32_t eigh(const pt_call_frame *f) {
  PT_LAPACK(T)
  const pt_buffer &a = f->args[0];
  bool vectors = f->num_results == 2;
  const char *jobz = vectors ? "V" : "N";
  using R = Real<T>;
  I n = I(rows(a)), info = 0, lwork = -1, liwork = -1, lrwork = -1;
  std::vector<T> w, work(1);
  std::vector<R> rwork(1);
  std::vector<I> iwork(1);
  auto run = [&](R *vals) {
    if constexpr (kComplex<T>)
      L->syevd(jobz, "L", &n, w.data(), &n, vals, work.data(), &lwork, rwork.data(), &lrwork,
               iwork.data(), &liwork, &info, 1, 1);
    else
      L->syevd(jobz, "L", &n, w.data(), &n, vals, work.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
  };
  auto offs = batchOffsets(a);
  for (size_t k = 0; k < offs.size(); ++k) {
    load(a, offs[k], w);
    if (n == 0)
      continue;
    R *vals = static_cast<R *>(f->results[0].data) + int64_t(k) * n;
    if (lwork < 0) { // workspace query
      run(vals);
      lwork = workSize(work[0]);
      lrwork = workSize(rwork[0]);
      liwork = std::max<I>(1, iwork[0]);
      work.resize(size_t(lwork));
      rwork.resize(size_t(lrwork));
      iwork.resize(size_t(liwork));
    }
    run(vals);
    if (info > 0)
      return fail(f, PT_FFI_LINALG_ERROR, "Eigenvalues did not converge");
    if (vectors)
      store(f->results[1], int64_t(k), w.data(), n, n, n);
  }
  return PT_FFI_OK;
}

/// eig: results eigenvalues (..., n) and, with two results, right eigenvectors (..., n, n)
/// as columns of unit norm, both complex of T's precision (LAPACK geev; a real matrix's
/// conjugate pairs of eigenvectors are assembled from geev's real and imaginary columns).
/// Infinite or NaN entries raise LinAlgError, as NumPy's (geev gives no answer for them).
template <typename T>
int32_t eig(const pt_call_frame *f) {
  PT_LAPACK(T)
  if (!L->geev)
    return fail(f, PT_FFI_ERROR, "LAPACK's geev was not found in the loaded BLAS library");
  using R = Real<T>;
  using C = std::complex<R>;
  const pt_buffer &a = f->args[0];
  bool vectors = f->num_results == 2;
  const char *jobvr = vectors ? "V" : "N";
  I n = I(rows(a)), info = 0, lwork = -1, one = 1, ldvr = vectors ? std::max<I>(1, n) : 1;
  std::vector<T> w, work(1), vl(1), vr(vectors ? size_t(std::max<I>(1, n)) * size_t(n) : 1);
  // eigenvalues (a real T: their real and imaginary parts)
  std::vector<T> w1(static_cast<size_t>(n)), w2(static_cast<size_t>(n));
  std::vector<R> rwork(size_t(std::max<I>(1, 2 * n)));
  auto run = [&] {
    if constexpr (kComplex<T>)
      L->geev("N", jobvr, &n, w.data(), &n, w1.data(), vl.data(), &one, vr.data(), &ldvr,
              work.data(), &lwork, rwork.data(), &info, 1, 1);
    else
      L->geev("N", jobvr, &n, w.data(), &n, w1.data(), w2.data(), vl.data(), &one, vr.data(),
              &ldvr, work.data(), &lwork, &info, 1, 1);
  };
  auto offs = batchOffsets(a);
  for (size_t k = 0; k < offs.size(); ++k) {
    load(a, offs[k], w);
    if (n == 0)
      continue;
    for (int64_t i = 0; i < int64_t(n) * n; ++i)
      if (!std::isfinite(std::abs(w[size_t(i)])))
        return fail(f, PT_FFI_LINALG_ERROR, "Array must not contain infs or NaNs");
    if (lwork < 0) { // workspace query
      run();
      lwork = workSize(work[0]);
      work.resize(size_t(lwork));
    }
    run();
    if (info > 0)
      return fail(f, PT_FFI_LINALG_ERROR, "Eigenvalues did not converge");
    C *vals = static_cast<C *>(f->results[0].data) + int64_t(k) * n;
    for (I j = 0; j < n; ++j)
      if constexpr (kComplex<T>)
        vals[j] = w1[size_t(j)];
      else
        vals[j] = C(w1[size_t(j)], w2[size_t(j)]);
    if (!vectors)
      continue;
    C *out = static_cast<C *>(f->results[1].data) + int64_t(k) * n * n;
    for (I j = 0; j < n; ++j) {
      const T *col = vr.data() + size_t(j) * size_t(n);
      if constexpr (kComplex<T>) {
        for (I i = 0; i < n; ++i)
          out[i * n + j] = col[i];
      } else if (w2[size_t(j)] == 0 || j + 1 == n) {
        for (I i = 0; i < n; ++i)
          out[i * n + j] = C(col[i], 0);
      } else { // a conjugate pair: columns j, j + 1 hold the real and imaginary parts
        for (I i = 0; i < n; ++i) {
          out[i * n + j] = C(col[i], col[i + n]);
          out[i * n + j + 1] = C(col[i], -col[i + n]);
        }
        ++j;
      }
    }
  }
  return PT_FFI_OK;
}

/// Matrix number k (m x n) of result r := the identity (empty factorizations, NumPy's rule).
template <typename T>
void identity(const pt_buffer &r, int64_t k, int64_t m, int64_t n) {
  T *out = static_cast<T *>(r.data) + k * m * n;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      out[i * n + j] = T(i == j);
}

/// svd: attr full (bool); results U, S, Vh, or S alone (svdvals).
template <typename T>
int32_t svd(const pt_call_frame *f) {
  PT_LAPACK(T)
  const pt_buffer &a = f->args[0];
  bool values = f->num_results == 1;
  int64_t full = 0;
  pt_ffi_get_i64(f, "full", &full);
  I m = I(rows(a)), n = I(cols(a)), kk = std::min(m, n), info = 0, lwork = -1;
  const char *jobz = values ? "N" : full ? "A" : "S";
  I ucols = full ? m : kk, vrows = full ? n : kk;
  I lda = std::max<I>(1, m), ldu = std::max<I>(1, m), ldvt = std::max<I>(1, vrows);
  std::vector<T> w, u(values ? 1 : size_t(std::max<I>(1, m * ucols))),
      vt(values ? 1 : size_t(std::max<I>(1, ldvt * n))), work(1);
  std::vector<I> iwork(size_t(std::max<I>(1, 8 * kk)));
  // complex gesdd's real workspace (LAPACK's documented minimum)
  using R = Real<T>;
  int64_t mx = std::max(m, n), mn = kk;
  std::vector<R> rwork(size_t(std::max<int64_t>(
      1, values ? 7 * mn : std::max(5 * mn * mn + 5 * mn, 2 * mx * mn + 2 * mn * mn + mn))));
  auto run = [&](R *s) {
    if constexpr (kComplex<T>)
      L->gesdd(jobz, &m, &n, w.data(), &lda, s, u.data(), &ldu, vt.data(), &ldvt, work.data(),
               &lwork, rwork.data(), iwork.data(), &info, 1);
    else
      L->gesdd(jobz, &m, &n, w.data(), &lda, s, u.data(), &ldu, vt.data(), &ldvt, work.data(),
               &lwork, iwork.data(), &info, 1);
  };
  const pt_buffer &sres = f->results[values ? 0 : 1];
  auto offs = batchOffsets(a);
  for (size_t k = 0; k < offs.size(); ++k) {
    load(a, offs[k], w);
    R *s = static_cast<R *>(sres.data) + int64_t(k) * kk;
    if (kk == 0) { // empty: U and Vh are identities (NumPy)
      if (!values) {
        identity<T>(f->results[0], int64_t(k), m, ucols);
        identity<T>(f->results[2], int64_t(k), vrows, n);
      }
      continue;
    }
    if (lwork < 0) { // workspace query
      run(s);
      lwork = workSize(work[0]);
      work.resize(size_t(lwork));
    }
    run(s);
    if (info > 0)
      return fail(f, PT_FFI_LINALG_ERROR, "SVD did not converge");
    if (!values) {
      store(f->results[0], int64_t(k), u.data(), ldu, m, ucols);
      store(f->results[2], int64_t(k), vt.data(), ldvt, vrows, n);
    }
  }
  return PT_FFI_OK;
}

/// qr: attr complete (bool); results Q (m x m or m x k), R (m x n or k x n).
template <typename T>
int32_t qr(const pt_call_frame *f) {
  PT_LAPACK(T)
  const pt_buffer &a = f->args[0];
  int64_t complete = 0;
  pt_ffi_get_i64(f, "complete", &complete);
  I m = I(rows(a)), n = I(cols(a)), kk = std::min(m, n), info = 0, lwork = -1;
  I qcols = complete ? m : kk, rrows = complete ? m : kk, lda = std::max<I>(1, m);
  std::vector<T> w, q(size_t(std::max<I>(1, m * std::max(qcols, n)))), tau(size_t(std::max<I>(1, kk))),
      work(1);
  auto offs = batchOffsets(a);
  for (size_t k = 0; k < offs.size(); ++k) {
    load(a, offs[k], w);
    T *r = static_cast<T *>(f->results[1].data) + int64_t(k) * rrows * n;
    if (kk == 0) {
      identity<T>(f->results[0], int64_t(k), m, qcols);
      std::fill(r, r + int64_t(rrows) * n, T(0));
      continue;
    }
    if (lwork < 0) {
      I l1 = -1, l2 = -1;
      L->geqrf(&m, &n, w.data(), &lda, tau.data(), work.data(), &l1, &info);
      I a1 = workSize(work[0]);
      L->orgqr(&m, &qcols, &kk, q.data(), &lda, tau.data(), work.data(), &l2, &info);
      lwork = std::max(a1, workSize(work[0]));
      work.resize(size_t(lwork));
    }
    L->geqrf(&m, &n, w.data(), &lda, tau.data(), work.data(), &lwork, &info);
    for (I i = 0; i < rrows; ++i)
      for (I j = 0; j < n; ++j)
        r[i * n + j] = i <= j ? w[size_t(i + j * m)] : T(0);
    std::copy(w.begin(), w.begin() + int64_t(m) * std::min(n, qcols), q.begin());
    L->orgqr(&m, &qcols, &kk, q.data(), &lda, tau.data(), work.data(), &lwork, &info);
    store(f->results[0], int64_t(k), q.data(), m, m, qcols);
  }
  return PT_FFI_OK;
}

/// One handler per name: the instance of F for the first argument's dtype.
template <template <typename> class F>
int32_t dispatch(const pt_call_frame *f) {
  if (f->num_args < 1 || f->args[0].rank < 2)
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "expects matrices (..., m, n)");
  for (int64_t i = 0; i < f->num_args; ++i)
    if (int32_t e = tooLarge(f, {rows(f->args[i]), cols(f->args[i])}))
      return e;
  switch (f->args[0].dtype) {
  case PT_FLOAT64: return F<double>::run(f);
  case PT_FLOAT32: return F<float>::run(f);
  case PT_COMPLEX128: return F<std::complex<double>>::run(f);
  case PT_COMPLEX64: return F<std::complex<float>>::run(f);
  default:
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT, "expects float32, float64, complex64 or "
                                                   "complex128 matrices");
  }
}
// The handler templates as class templates (dispatch takes one template for all dtypes).
#define PT_HANDLER(Name, fn)                                                                     \
  template <typename T>                                                                          \
  struct Name {                                                                                  \
    static int32_t run(const pt_call_frame *f) { return fn<T>(f); }                              \
  };
PT_HANDLER(Cholesky, cholesky)
PT_HANDLER(LuDet, lu_det)
PT_HANDLER(Inv, inv)
PT_HANDLER(Solve, solve)
PT_HANDLER(Eigh, eigh)
PT_HANDLER(Eig, eig)
PT_HANDLER(Svd, svd)
PT_HANDLER(Qr, qr)
#undef PT_HANDLER
} // namespace

void registerBuiltinCustomCalls() {
  auto reg = [](const char *name, int32_t (*h)(const pt_call_frame *)) {
    registerCustomCall(name, reinterpret_cast<void *>(h));
  };
  reg("ptensor.linalg.cholesky", dispatch<Cholesky>);
  reg("ptensor.linalg.det", dispatch<LuDet>);
  reg("ptensor.linalg.inv", dispatch<Inv>);
  reg("ptensor.linalg.solve", dispatch<Solve>);
  reg("ptensor.linalg.eigh", dispatch<Eigh>);
  reg("ptensor.linalg.eig", dispatch<Eig>);
  reg("ptensor.linalg.svd", dispatch<Svd>);
  reg("ptensor.linalg.qr", dispatch<Qr>);
  registerSortCustomCall();
  registerScanCustomCall();
  registerBincountCustomCall();
  registerPartitionCustomCall();
  registerDlpackCustomCall();
}
} // namespace ptensor
