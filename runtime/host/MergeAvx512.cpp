// The merge of two sorted float64 or int64 runs with AVX-512 (merge_runs' values-only merge,
// the distributed sort's last step; Sort.cpp's mergePair): 8 elements a step through a
// bitonic network, several independent pieces in lockstep. Compiled for AVX-512F (a target
// pragma, not the whole build) and used only where the CPU has it (haveAvx512Merge).
#include "MergeAvx512.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define PT_AVX512 1
#endif

namespace ptensor {

#if PT_AVX512
// (every function up to the pop, lambdas included, is compiled for AVX-512F)
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx512f")
#endif
namespace {

/// Desc = false: a before b when a < b (ascending runs); Desc = true: when a > b.
template <bool Desc, typename T>
inline bool before(T u, T v) {
  return Desc ? u > v : u < v;
}

// (coRank and mergeTail restate Sort.cpp's coRank / mergeEnds on purpose: this file's
// functions are compiled for AVX-512, and a template shared with Sort.cpp would be one
// instantiation for both files, which the linker could take from this one.)
/// How many of the first k elements of the merge come from a (a's element goes first on a
/// tie), by bisection: a[i] is among them when it is not after b[k - i - 1].
template <bool Desc, typename T>
int64_t coRank(const T *a, int64_t na, const T *b, int64_t nb, int64_t k) {
  int64_t lo = std::max<int64_t>(0, k - nb), hi = std::min(k, na);
  while (lo < hi) {
    const int64_t i = lo + (hi - lo) / 2, j = k - i;
    if (j > 0 && !before<Desc>(b[j - 1], a[i]))
      lo = i + 1;
    else
      hi = i;
  }
  return lo;
}

// The network sorts int64 keys: a double's bits with the magnitude bits flipped when the
// sign is set (its own inverse), so signed integer order is the doubles' order (no NaN
// here) with -0.0 before 0.0. Lane-wise min and max of distinct keys are a permutation;
// min and max of doubles are not (both return one operand when -0.0 meets 0.0).
// (int64 values are their own keys.)
inline __m512i key(__m512i x) {
  return _mm512_xor_si512(x, _mm512_srli_epi64(_mm512_srai_epi64(x, 63), 1));
}
inline int64_t key(double d) {
  int64_t x;
  std::memcpy(&x, &d, 8);
  return x ^ int64_t(uint64_t(x >> 63) >> 1);
}
inline int64_t key(int64_t x) { return x; }
inline __m512i loadKeys(const double *p) { return key(_mm512_loadu_si512(p)); }
inline void storeKeys(double *p, __m512i k) { _mm512_storeu_si512(p, key(k)); }
inline __m512i loadKeys(const int64_t *p) { return _mm512_loadu_si512(p); }
inline void storeKeys(int64_t *p, __m512i k) { _mm512_storeu_si512(p, k); }
/// 8 elements to 64-byte aligned p, around the caches (a non-temporal store)
inline void streamKeys(double *p, __m512i k) { _mm512_stream_si512(reinterpret_cast<__m512i *>(p), key(k)); }
inline void streamKeys(int64_t *p, __m512i k) { _mm512_stream_si512(reinterpret_cast<__m512i *>(p), k); }

template <bool Desc>
inline __m512i first(__m512i x, __m512i y) { // lane-wise: the one that goes first
  return Desc ? _mm512_max_epi64(x, y) : _mm512_min_epi64(x, y);
}
template <bool Desc>
inline __m512i second(__m512i x, __m512i y) {
  return Desc ? _mm512_min_epi64(x, y) : _mm512_max_epi64(x, y);
}

/// A bitonic 8-vector in order: three exchange levels (distance 4, 2, 1).
template <bool Desc>
inline __m512i bitonic8(__m512i v) {
  const __m512i d4 = _mm512_set_epi64(3, 2, 1, 0, 7, 6, 5, 4);
  const __m512i d2 = _mm512_set_epi64(5, 4, 7, 6, 1, 0, 3, 2);
  const __m512i d1 = _mm512_set_epi64(6, 7, 4, 5, 2, 3, 0, 1);
  __m512i p = _mm512_permutexvar_epi64(d4, v);
  v = _mm512_mask_blend_epi64(0xF0, first<Desc>(v, p), second<Desc>(v, p));
  p = _mm512_permutexvar_epi64(d2, v);
  v = _mm512_mask_blend_epi64(0xCC, first<Desc>(v, p), second<Desc>(v, p));
  p = _mm512_permutexvar_epi64(d1, v);
  return _mm512_mask_blend_epi64(0xAA, first<Desc>(v, p), second<Desc>(v, p));
}

/// x and y each in order -> lo: the 8 that go first, hi: the other 8, each in order.
template <bool Desc>
inline void merge16(__m512i x, __m512i y, __m512i &lo, __m512i &hi) {
  const __m512i rev = _mm512_set_epi64(0, 1, 2, 3, 4, 5, 6, 7);
  const __m512i r = _mm512_permutexvar_epi64(rev, y);
  lo = bitonic8<Desc>(first<Desc>(x, r));
  hi = bitonic8<Desc>(second<Desc>(x, r));
}

/// The rest of a piece: `carry` (8 sorted elements in t), a[i..ie) and b[j..je) into out.
template <bool Desc, typename T>
void mergeTail(const T *t, int64_t nt, const T *a, int64_t i, int64_t ie, const T *b,
               int64_t j, int64_t je, T *out) {
  int64_t q = 0;
  for (;;) { // three ways, then two, then a copy (a run that is long is copied)
    const bool hasT = q < nt, hasA = i < ie, hasB = j < je;
    if (hasT + hasA + hasB < 2)
      break;
    // a before b on ties, the carried elements (taken from earlier blocks) before both
    int w; // 0: t, 1: a, 2: b
    if (!hasT)
      w = before<Desc>(b[j], a[i]) ? 2 : 1;
    else if (!hasA)
      w = before<Desc>(b[j], t[q]) ? 2 : 0;
    else if (!hasB)
      w = before<Desc>(a[i], t[q]) ? 1 : 0;
    else {
      const T m = before<Desc>(b[j], a[i]) ? b[j] : a[i];
      w = before<Desc>(m, t[q]) ? (before<Desc>(b[j], a[i]) ? 2 : 1) : 0;
    }
    *out++ = w == 0 ? t[q++] : w == 1 ? a[i++] : b[j++];
  }
  out = std::copy(t + q, t + nt, out);
  out = std::copy(a + i, a + ie, out);
  std::copy(b + j, b + je, out);
}

constexpr int kPieces = 4; // independent merges in flight (one step's network is ~30 cycles)
/// Outputs of at least this many elements (8 MiB of float64) are written with non-temporal
/// stores where a piece's position is 64-byte aligned: the result of a large merge is not
/// read again soon (the distributed sort's part), and a streamed line is not read first.
constexpr int64_t kStreamMin = int64_t(1) << 20;

template <bool Desc, typename T>
void mergeRange(const T *a, int64_t na, const T *b, int64_t nb, T *out, int64_t k0, int64_t k1) {
  int64_t i[kPieces], j[kPieces], k[kPieces], ie[kPieces], je[kPieces];
  __m512i hi[kPieces];
  int64_t pi = coRank<Desc>(a, na, b, nb, k0), pk = k0;
  for (int s = 0; s < kPieces; ++s) {
    const int64_t nk = k0 + (k1 - k0) * (s + 1) / kPieces;
    const int64_t ni = coRank<Desc>(a, na, b, nb, nk);
    i[s] = pi, j[s] = pk - pi, k[s] = pk, ie[s] = ni, je[s] = nk - ni;
    pi = ni, pk = nk;
  }
  bool nt[kPieces]; // the piece's blocks go to aligned lines: streamed
  for (int s = 0; s < kPieces; ++s)
    nt[s] = k1 - k0 >= kStreamMin && reinterpret_cast<uintptr_t>(out + k[s]) % 64 == 0;
  auto put = [&](int s, __m512i lo) {
    if (nt[s])
      streamKeys(out + k[s], lo);
    else
      storeKeys(out + k[s], lo);
  };
  auto more = [&](int s) { return i[s] + 8 <= ie[s] && j[s] + 8 <= je[s]; };
  auto step = [&](int s) { // the next block: of the run whose head goes first
    const int64_t ka = key(a[i[s]]), kb = key(b[j[s]]); // (in the network's order)
    const bool fromB = Desc ? kb > ka : kb < ka;
    const T *src = fromB ? b + j[s] : a + i[s];
    j[s] += fromB ? 8 : 0;
    i[s] += fromB ? 0 : 8;
    __m512i lo;
    merge16<Desc>(hi[s], loadKeys(src), lo, hi[s]);
    put(s, lo);
    k[s] += 8;
  };
  bool on[kPieces], all = true; // on: the piece carries 8 elements in hi
  for (int s = 0; s < kPieces; ++s) {
    on[s] = more(s);
    all = all && on[s];
    if (!on[s])
      continue;
    __m512i lo;
    merge16<Desc>(loadKeys(a + i[s]), loadKeys(b + j[s]), lo, hi[s]);
    put(s, lo);
    i[s] += 8, j[s] += 8, k[s] += 8;
  }
  while (all) { // in lockstep while every piece has a block of each run left
    for (int s = 0; s < kPieces; ++s)
      all = all && more(s);
    if (all)
      for (int s = 0; s < kPieces; ++s)
        step(s);
  }
  for (int s = 0; s < kPieces; ++s) {
    while (on[s] && more(s)) // (the pieces one by one)
      step(s);
    alignas(64) T t[8];
    if (on[s])
      storeKeys(t, hi[s]);
    mergeTail<Desc>(t, on[s] ? 8 : 0, a, i[s], ie[s], b, j[s], je[s], out + k[s]);
  }
  _mm_sfence(); // (the streamed stores visible before the merge's results are read)
}
} // namespace
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

bool haveAvx512Merge() {
  static const bool have = __builtin_cpu_supports("avx512f");
  return have;
}

template <typename T>
void mergeInOrder(const T *a, int64_t na, const T *b, int64_t nb, T *out, int64_t k0,
                  int64_t k1, bool descending) {
  (descending ? mergeRange<true, T> : mergeRange<false, T>)(a, na, b, nb, out, k0, k1);
}

void mergeAvx512(const double *a, int64_t na, const double *b, int64_t nb, double *out,
                 int64_t k0, int64_t k1, bool descending) {
  mergeInOrder(a, na, b, nb, out, k0, k1, descending);
}

void mergeAvx512(const int64_t *a, int64_t na, const int64_t *b, int64_t nb, int64_t *out,
                 int64_t k0, int64_t k1, bool descending) {
  mergeInOrder(a, na, b, nb, out, k0, k1, descending);
}
#else
bool haveAvx512Merge() { return false; }
void mergeAvx512(const double *, int64_t, const double *, int64_t, double *, int64_t, int64_t,
                 bool) {}
void mergeAvx512(const int64_t *, int64_t, const int64_t *, int64_t, int64_t *, int64_t,
                 int64_t, bool) {}
#endif

} // namespace ptensor
