// sort / argsort as a built-in custom_call handler ("ptensor.sort"): a stable sort of each
// row (last axis) of the operand. Results: the sorted values and, when a second result is
// asked for, the int64 source indices (pt.sort asks for the values only: sorting keys alone
// moves half the bytes of (key, index) pairs).
// Ascending puts NaN last; descending is the reverse of the ascending sort of the reversed
// row (NaN first, equal elements in their original order) - the order ptensor's sort had
// before it became native, which NumPy users get with np.flip(np.sort(np.flip(x))).
// Complex numbers sort in NumPy's lexicographic order (real part, then imaginary part; NaN
// parts last: R+Rj < R+nanj < nan+Rj < nan+nanj).
#include "CustomCall.h"
#include "ElementTypes.h"
#include "MemoryPool.h"
#include "MergeAvx512.h"

#include "ptensor_ffi.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <limits>
#include <new>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace ptensor {
namespace {
// Rows of kRadixMin elements or more are sorted by an LSD radix sort of order-preserving
// unsigned keys (stable by construction, O(n) per 11-bit digit; digits every key shares are
// skipped), more than twice as fast as std::stable_sort of (value, index) pairs. Wider digits
// are slower; software write-combining with non-temporal line stores (scatterCombined) is
// faster than a plain scatter. Keys: integers with the sign bit flipped; floats with their IEEE
// order made unsigned, -0.0 as +0.0 (NumPy treats them as equal, so they keep their order) and
// every NaN as one value above +inf (last). Descending sorts the complemented keys: reversed
// order, equal elements still in their original order, NaN first.
constexpr int64_t kRadixMin = 1024;
constexpr int kDigitBits = 11;
/// Rows of at least this many elements scatter through write-combining buffers.
constexpr size_t kCombinedMin = size_t(1) << 16;

template <typename T>
using KeyOf = std::conditional_t<(sizeof(T) > 4), uint64_t, uint32_t>;

template <typename T>
KeyOf<T> orderKey(T v) {
  using U = KeyOf<T>;
  constexpr U top = U(1) << (8 * sizeof(U) - 1);
  if constexpr (std::is_floating_point_v<T>) {
    using B = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
    if (std::isnan(v))
      v = std::numeric_limits<T>::quiet_NaN();
    else if (v == T(0))
      v = T(0);
    B b;
    std::memcpy(&b, &v, sizeof b);
    return U((b >> (8 * sizeof(B) - 1)) ? ~b : (b | (B(1) << (8 * sizeof(B) - 1))));
  } else if constexpr (std::is_signed_v<T>) {
    return U(std::make_signed_t<U>(v)) ^ top;
  } else {
    return U(v);
  }
}

/// The value whose orderKey is k (the inverse of orderKey, but for -0.0 and NaN payloads,
/// which share the keys of +0.0 and of the quiet NaN).
template <typename T>
T fromKey(KeyOf<T> k) {
  using U = KeyOf<T>;
  constexpr U top = U(1) << (8 * sizeof(U) - 1);
  if constexpr (std::is_floating_point_v<T>) {
    U b = (k & top) ? U(k & ~top) : U(~k);
    T v;
    std::memcpy(&v, &b, sizeof v);
    return v;
  } else if constexpr (std::is_signed_v<T>) {
    return T(std::make_signed_t<U>(k ^ top));
  } else {
    return T(k);
  }
}

template <typename U>
struct Keyed {
  U key;
  int64_t idx;
};
template <typename U>
U keyOf(const Keyed<U> &e) { return e.key; }
template <typename U>
U keyOf(U k) { return k; }

/// n elements of scratch memory (scratchAlloc: huge pages from the pool; the scatter passes
/// write to 2048 places at once, which 4 KiB pages pay for in TLB misses).
template <typename E>
struct Scratch {
  E *data;
  explicit Scratch(int64_t n) : data(static_cast<E *>(scratchAlloc(size_t(n) * sizeof(E)))) {
    if (!data)
      throw std::bad_alloc();
  }
  ~Scratch() { scratchFree(data); }
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
};

/// fn(t) for t in [0, threads), t = 0 on this thread, the others on threads of their own.
template <typename F>
void parallelFor(int threads, F fn) {
  std::vector<std::thread> others;
  for (int t = 1; t < threads; ++t)
    others.emplace_back(fn, t);
  fn(0);
  for (std::thread &th : others)
    th.join();
}

/// Rows of at least this many elements are sorted by kernelThreads() threads.
constexpr int64_t kParallelSortMin = int64_t(1) << 18;

/// fn(i) for i in [0, n): in `threads` contiguous chunks at once when n is that large.
template <typename F>
void inChunks(int64_t n, int threads, F fn) {
  const int T = n >= kParallelSortMin ? std::max(threads, 1) : 1;
  parallelFor(T, [&](int t) {
    for (int64_t i = n * t / T, e = n * (t + 1) / T; i < e; ++i)
      fn(i);
  });
}

/// One scatter pass of chunk [i0, i1) of a: element i goes to tmp[pos[digit]++] (pos: where
/// this chunk's run of each bucket starts).
/// Software write-combining: each bucket's elements gather in a cache-line buffer that
/// mirrors the line of tmp they go to, and a full line is written at once with non-temporal
/// stores (no read of the line first, nothing of tmp left in the caches); the partial lines
/// at the ends of a run (shared with a neighbouring run) are written element by element. tmp
/// is 64-byte aligned (scratchAlloc). (The next pass's per-chunk histograms are counted in a
/// separate read, not here: the scatter is bound by its loop, not by bandwidth.)
template <typename E, typename Digit>
void scatterCombined(const E *a, size_t i0, size_t i1, E *tmp, int64_t *pos, size_t buckets,
                     Digit digit) {
  constexpr size_t L = 64 / sizeof(E); // elements per line
  static_assert(L * sizeof(E) == 64 && (L & (L - 1)) == 0, "elements that tile a line");
  struct alignas(64) Line {
    E e[L];
  };
  std::unique_ptr<Line[]> lines(new Line[buckets]);
  std::vector<int64_t> start(pos, pos + buckets);
  auto flushPartial = [&](size_t b, int64_t end) { // tmp[max(line, start) .. end)
    int64_t line = (end - 1) & ~int64_t(L - 1);
    for (int64_t p = std::max(line, start[b]); p < end; ++p)
      tmp[p] = lines[b].e[p & (L - 1)];
  };
  for (size_t i = i0; i < i1; ++i) {
    size_t b = digit(a[i]);
    int64_t p = pos[b]++;
    lines[b].e[p & (L - 1)] = a[i];
    if (((p + 1) & (L - 1)) == 0) { // the line ends here
      int64_t line = p + 1 - int64_t(L);
      if (line >= start[b]) {
#if defined(__SSE2__)
        auto *src = reinterpret_cast<const __m128i *>(lines[b].e);
        auto *dst = reinterpret_cast<__m128i *>(tmp + line);
        _mm_stream_si128(dst, _mm_load_si128(src));
        _mm_stream_si128(dst + 1, _mm_load_si128(src + 1));
        _mm_stream_si128(dst + 2, _mm_load_si128(src + 2));
        _mm_stream_si128(dst + 3, _mm_load_si128(src + 3));
#else
        std::memcpy(tmp + line, lines[b].e, 64);
#endif
      } else {
        flushPartial(b, p + 1);
      }
    }
  }
  for (size_t b = 0; b < buckets; ++b)
    if (pos[b] & int64_t(L - 1))
      flushPartial(b, pos[b]);
#if defined(__SSE2__)
  _mm_sfence(); // the streamed lines are visible before the next pass reads them
#endif
}

/// Stable LSD radix sort of a[0..n) by key, tmp: n more elements; returns the one of the two
/// that holds the result. E: the keys themselves, or (key, index) pairs. With T threads each
/// pass counts the digits of T contiguous chunks, and chunk t's elements go to the places
/// after those of chunks < t in their bucket: the same stable order as one thread.
template <typename U, typename E>
E *radixSort(E *a, E *tmp, size_t n, int threads) {
  constexpr int bits = 8 * sizeof(U), passes = (bits + kDigitBits - 1) / kDigitBits;
  constexpr size_t buckets = size_t(1) << kDigitBits;
  const int T = int64_t(n) >= kParallelSortMin ? std::max(threads, 1) : 1;
  auto chunk = [&](int t) { return n * size_t(t) / size_t(T); };
  std::vector<int64_t> total(passes * buckets, 0);
  if (T == 1) // every digit's histogram in one read
    for (size_t i = 0; i < n; ++i)
      for (int p = 0; p < passes; ++p)
        ++total[p * buckets + ((keyOf(a[i]) >> (p * kDigitBits)) & (buckets - 1))];
  std::vector<int64_t> count(size_t(T) * buckets);
  for (int p = 0; p < passes; ++p) {
    const int shift = p * kDigitBits;
    int64_t *c = &total[p * buckets];
    if (T == 1) {
      std::copy(c, c + buckets, count.begin());
    } else { // each chunk's histogram of this digit (the chunks' elements change every pass)
      parallelFor(T, [&](int t) {
        int64_t *ct = &count[size_t(t) * buckets];
        std::fill(ct, ct + buckets, 0);
        for (size_t i = chunk(t); i < chunk(t + 1); ++i)
          ++ct[(keyOf(a[i]) >> shift) & (buckets - 1)];
      });
      for (int t = 0; t < T; ++t)
        for (size_t b = 0; b < buckets; ++b)
          c[b] += count[size_t(t) * buckets + b];
    }
    if (std::any_of(c, c + buckets, [&](int64_t v) { return size_t(v) == n; }))
      continue; // every key has this digit
    int64_t sum = 0; // bucket-major, then chunk: where each chunk's run of a bucket starts
    for (size_t b = 0; b < buckets; ++b)
      for (int t = 0; t < T; ++t)
        sum += std::exchange(count[size_t(t) * buckets + b], sum);
    parallelFor(T, [&](int t) {
      int64_t *ct = &count[size_t(t) * buckets];
      auto digit = [&](const E &e) { return size_t((keyOf(e) >> shift) & (buckets - 1)); };
      if (n >= kCombinedMin)
        scatterCombined(a, chunk(t), chunk(t + 1), tmp, ct, buckets, digit);
      else
        for (size_t i = chunk(t); i < chunk(t + 1); ++i)
          tmp[size_t(ct[digit(a[i])]++)] = a[i];
    });
    std::swap(a, tmp);
  }
  return a;
}

/// The keys that do not decode to their values' bits: +-0.0 (one key) and NaN (one key).
template <typename T>
bool ambiguous(KeyOf<T> k, KeyOf<T> zero, KeyOf<T> nan) {
  return std::is_floating_point_v<T> && (k == zero || k == nan);
}

/// One row by keys: vals[i] = src[order[i]] (the values themselves, bits included), and
/// idx[i] = order[i] unless idx is null. The values are decoded from the sorted keys (a
/// sequential pass, not a gather); zeros and NaNs, whose keys do not tell -0.0 from +0.0
/// or one NaN from another, are copied from src: with indices from their source element,
/// without them from the next zero (NaN) of src in order, which is where a stable sort put
/// it.
template <typename T>
void radixRow(const T *src, int64_t s, int64_t n, bool descending, T *vals, int64_t *idx) {
  using U = KeyOf<T>;
  const int threads = kernelThreads();
  const U flip = descending ? ~U(0) : U(0);
  const U zero = orderKey(T(0)) ^ flip;
  const U nan = std::is_floating_point_v<T> ? orderKey(std::numeric_limits<T>::quiet_NaN()) ^ flip
                                            : zero;
  if (idx) {
    Scratch<Keyed<U>> a(n), tmp(n);
    inChunks(n, threads, [&](int64_t i) { a.data[i] = {U(orderKey(src[i * s]) ^ flip), i}; });
    const Keyed<U> *sorted = radixSort<U>(a.data, tmp.data, size_t(n), threads);
    inChunks(n, threads, [&](int64_t i) {
      const Keyed<U> &e = sorted[i];
      idx[i] = e.idx;
      vals[i] = ambiguous<T>(e.key, zero, nan) ? src[e.idx * s] : fromKey<T>(e.key ^ flip);
    });
    return;
  }
  Scratch<U> a(n), tmp(n);
  inChunks(n, threads, [&](int64_t i) { a.data[i] = U(orderKey(src[i * s]) ^ flip); });
  const U *sorted = radixSort<U>(a.data, tmp.data, size_t(n), threads);
  inChunks(n, threads, [&](int64_t i) {
    if (!ambiguous<T>(sorted[i], zero, nan))
      vals[i] = fromKey<T>(sorted[i] ^ flip);
  });
  // the zeros and the NaNs: one run of equal keys each in sorted, in src's order
  for (U k : {zero, nan}) {
    if (k == nan && nan == zero)
      break;
    auto [first, last] = std::equal_range(sorted, sorted + n, k);
    int64_t j = 0; // cursor over src
    for (const U *e = first; e != last; ++e) {
      while ((orderKey(src[j * s]) ^ flip) != k)
        ++j;
      vals[e - sorted] = src[j++ * s];
    }
  }
}

// Sorts of values (no indices) of the 32- and 64-bit dtypes run NumPy's own sort (its default
// kind: on x86 its SIMD quicksort), handed by src/NumpySort.cpp. On T threads the row is
// first split by value into T contiguous parts (T - 1 splitters from a sorted sample; every
// element of part k is at least splitter k - 1 and below splitter k, NaN in the last), and
// each thread sorts one part in place: two streaming passes (count, move) instead of a merge
// of sorted chunks, whose loop waits on every comparison.
// NumPy's sort leaves equal elements in no particular order, which only ever shows for
// +-0.0 and NaN payloads: those two runs are then copied from the input in order (the stable
// order). docs/benchmarks.md ("Sort") has the measurements.
HostSortFn gHostSort[PT_COMPLEX128 + 1] = {};

/// The part of x among parts split at sorted splitters sp[0..k): how many are not above x.
template <typename T>
int partOf(T x, const T *sp, int k) {
  int b = 0;
  for (int i = 0; i < k; ++i)
    b += !(x < sp[i]); // (NaN: past every splitter)
  return b;
}

/// The run of vals[0..n) that compares equal to v (vals sorted, descending or not) gets the
/// elements of src equal to v in src's order. (NumPy's SIMD sort keeps neither the bits of
/// its zeros, its min/max of -0.0 and +0.0 may give either, nor those of its NaNs, which
/// it writes back as the quiet NaN.)
template <typename T>
void stableRun(const T *src, int64_t s, int64_t n, bool descending, T v, T *vals) {
  auto [first, last] = descending
      ? std::equal_range(vals, vals + n, v, [](T x, T y) { return before(y, x); })
      : std::equal_range(vals, vals + n, v, [](T x, T y) { return before(x, y); });
  const bool nan = isNan(v);
  int64_t j = 0; // cursor over src
  for (T *e = first; e != last; ++e) {
    while (nan ? !isNan(src[j * s]) : src[j * s] != v)
      ++j;
    *e = src[j++ * s];
  }
}

/// The threads of one parallelFor meet here: none goes on before all have arrived. They
/// spin (yielding: ranks may share cores), as the phases between meetings take milliseconds.
class Meeting {
  std::atomic<int> arrived_{0}, round_{0};
  const int threads_;

public:
  explicit Meeting(int threads) : threads_(threads) {}
  void wait() {
    const int round = round_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_) {
      arrived_.store(0, std::memory_order_relaxed);
      round_.fetch_add(1, std::memory_order_release);
      return;
    }
    while (round_.load(std::memory_order_acquire) == round)
      std::this_thread::yield();
  }
};

/// One row of values by NumPy's sort (see gHostSort). The threads start once per row (a
/// thread that starts on an idle core costs a fraction of a millisecond) and meet between the
/// phases: count, move, sort, reverse.
template <typename T>
void numpyRow(const T *src, int64_t s, int64_t n, bool descending, T *vals, HostSortFn sortFn) {
  const int threads = n >= kParallelSortMin ? std::max(kernelThreads(), 1) : 1;
  if (threads == 1) {
    for (int64_t i = 0; i < n; ++i)
      vals[i] = src[i * s];
    sortFn(vals, std::intptr_t(n), nullptr);
    if (descending)
      std::reverse(vals, vals + n);
  } else {
    // splitters: the quantiles of 256 samples per part (evenly spaced: sorted inputs too)
    const int k = threads - 1;
    std::vector<T> sample(size_t(256) * size_t(threads));
    for (size_t i = 0; i < sample.size(); ++i)
      sample[i] = src[int64_t(i * size_t(n) / sample.size()) * s];
    sortFn(sample.data(), std::intptr_t(sample.size()), nullptr);
    std::vector<T> sp(static_cast<size_t>(k));
    for (int i = 0; i < k; ++i)
      sp[size_t(i)] = sample[size_t(i + 1) * 256];
    const T s0 = sp[0];
    // chunk t counts its elements of each part, then moves them after those of chunks < t
    std::vector<int64_t> count(size_t(threads) * size_t(threads), 0); // [chunk][part]
    auto chunk = [&](int t) { return n * t / threads; };
    Meeting meet(threads);
    parallelFor(threads, [&](int t) {
      int64_t *c = &count[size_t(t) * size_t(threads)];
      if (k == 1) { // (two parts: a count in a register, not an increment in memory)
        int64_t right = 0;
        for (int64_t i = chunk(t); i < chunk(t + 1); ++i)
          right += !(src[i * s] < s0);
        c[0] = chunk(t + 1) - chunk(t) - right;
        c[1] = right;
      } else {
        for (int64_t i = chunk(t); i < chunk(t + 1); ++i)
          ++c[partOf(src[i * s], sp.data(), k)];
      }
      meet.wait();
      // every thread: where each part starts (bounds) and where its chunk's run of each goes
      std::vector<int64_t> bounds(static_cast<size_t>(threads) + 1, n);
      std::vector<int64_t> at(static_cast<size_t>(threads));
      int64_t sum = 0;
      for (int b = 0; b < threads; ++b) {
        bounds[size_t(b)] = sum;
        for (int u = 0; u < threads; ++u) {
          if (u == t)
            at[size_t(b)] = sum;
          sum += count[size_t(u) * size_t(threads) + size_t(b)];
        }
      }
      if (k == 1) { // (both cursors in registers, the destination chosen without a branch)
        int64_t p0 = at[0], p1 = at[1];
        for (int64_t i = chunk(t); i < chunk(t + 1); ++i) {
          const T x = src[i * s];
          const int64_t b = !(x < s0);
          vals[b ? p1 : p0] = x;
          p1 += b;
          p0 += 1 - b;
        }
      } else {
        for (int64_t i = chunk(t); i < chunk(t + 1); ++i) {
          const T x = src[i * s];
          vals[at[size_t(partOf(x, sp.data(), k))]++] = x;
        }
      }
      meet.wait();
      sortFn(vals + bounds[size_t(t)], std::intptr_t(bounds[size_t(t) + 1] - bounds[size_t(t)]),
             nullptr);
      if (!descending)
        return;
      meet.wait(); // NaN first, then from the largest
      for (int64_t i = n / 2 * t / threads, e = n / 2 * (t + 1) / threads; i < e; ++i)
        std::swap(vals[i], vals[n - 1 - i]);
    });
  }
  if constexpr (std::is_floating_point_v<T>) {
    stableRun(src, s, n, descending, T(0), vals);
    stableRun(src, s, n, descending, std::numeric_limits<T>::quiet_NaN(), vals);
  }
}

/// One row by comparisons (std::stable_sort of (value, index) pairs; row: n pairs of scratch).
template <typename T>
void compareRow(const T *src, int64_t s, int64_t n, bool descending, T *vals, int64_t *idx,
                std::vector<std::pair<T, int64_t>> &row) {
  for (int64_t i = 0; i < n; ++i)
    row[size_t(i)] = {src[i * s], i};
  if (descending)
    std::stable_sort(row.begin(), row.end(),
                     [](const auto &a, const auto &b) { return before(b.first, a.first); });
  else
    std::stable_sort(row.begin(), row.end(),
                     [](const auto &a, const auto &b) { return before(a.first, b.first); });
  for (int64_t i = 0; i < n; ++i) {
    vals[i] = row[size_t(i)].first;
    if (idx)
      idx[i] = row[size_t(i)].second;
  }
}

template <typename T>
int32_t sortRows(const pt_call_frame *f, bool descending) {
  const pt_buffer &x = f->args[0];
  int64_t r = x.rank, n = x.shape[r - 1], s = x.strides[r - 1];
  int64_t rows = n ? pt_ffi_size(&x) / n : 0;
  T *vals = static_cast<T *>(f->results[0].data);
  int64_t *idx = f->num_results > 1 ? static_cast<int64_t *>(f->results[1].data) : nullptr;
  constexpr bool radixable = std::is_arithmetic_v<T>;
  const bool radix = radixable && n >= kRadixMin;
  std::vector<std::pair<T, int64_t>> row(radix ? 0 : static_cast<size_t>(n));
  std::vector<int64_t> at(size_t(std::max<int64_t>(r - 1, 0)), 0); // row multi-index
  for (int64_t k = 0; k < rows; ++k) {
    int64_t off = 0;
    for (int64_t d = 0; d + 1 < r; ++d)
      off += at[size_t(d)] * x.strides[d];
    const T *src = static_cast<const T *>(x.data) + off;
    if constexpr (radixable && sizeof(T) >= 4) {
      if (!idx && gHostSort[x.dtype]) // (short rows too: no pairs, NumPy's small-row sort)
        numpyRow(src, s, n, descending, vals + k * n, gHostSort[x.dtype]);
      else if (radix)
        radixRow(src, s, n, descending, vals + k * n, idx ? idx + k * n : nullptr);
      else
        compareRow(src, s, n, descending, vals + k * n, idx ? idx + k * n : nullptr, row);
    } else if constexpr (radixable) {
      if (radix)
        radixRow(src, s, n, descending, vals + k * n, idx ? idx + k * n : nullptr);
      else
        compareRow(src, s, n, descending, vals + k * n, idx ? idx + k * n : nullptr, row);
    } else {
      compareRow(src, s, n, descending, vals + k * n, idx ? idx + k * n : nullptr, row);
    }
    for (int64_t d = r - 2; d >= 0; --d) {
      if (++at[size_t(d)] < x.shape[d])
        break;
      at[size_t(d)] = 0;
    }
  }
  return PT_FFI_OK;
}

// "ptensor.merge_runs": the last step of the distributed sort (python/ptensor/_dist_move.py
// sort_split). Args: x (1-D and contiguous: P runs one after another, each sorted in the sort's
// order; run q came from rank q), the P int64 run lengths and, for argsort, the int64 global
// indices of x's elements (x's size). With the attribute `parts` = K, x comes as K arrays (each
// holding whole runs; the rank's own run stays where its sort left it, the others arrive in one
// receive buffer) and the indices as K arrays alike. Results: x merged, and the indices alike
// when they were given. Stable: of elements equal in the sort's order those of earlier runs
// come first (earlier ranks hold lower global indices), so the result is the stable sort's.
// Runs merge in pairs, ceil(log2 P) passes; a pair's merge picks with a comparison, not a
// branch (random data mispredicts every other one), and runs as independent pieces that overlap
// (mergeChains), on kernelThreads() threads. Real values compare with < (> descending) once
// their NaNs are set aside, complex ones by NumPy's order (before). Values alone of float64 and
// int64 merge with AVX-512 where the CPU has it (MergeAvx512.cpp: equal elements in any order,
// then the zeros' run rewritten in the stable order).
/// Merges a[0..na) and b[0..nb) (each sorted by less: u strictly before v) into out, ties
/// from a first, with indices alike. From both ends at once: the front takes the na + nb
/// smallest half, the back the rest from the largest down, two independent chains; picks are
/// selects, not branches. (mergeTwo's chains end here: a chain that has used up one side.)
template <typename T, bool Idx, typename Less>
void mergeEnds(const T *a, int64_t na, const T *b, int64_t nb, const int64_t *ia,
               const int64_t *ib, T *out, int64_t *io, Less less) {
  const int64_t half = (na + nb) / 2;
  int64_t i = 0, j = 0, k = 0;                      // the front
  int64_t ie = na - 1, je = nb - 1, ke = na + nb - 1; // the back
  auto front = [&](bool fromB) {
    out[k] = fromB ? b[j] : a[i];
    if constexpr (Idx)
      io[k] = fromB ? ib[j] : ia[i];
    j += fromB;
    i += !fromB;
    ++k;
  };
  auto back = [&](bool fromA) { // a's element goes last only when strictly after b's
    out[ke] = fromA ? a[ie] : b[je];
    if constexpr (Idx)
      io[ke] = fromA ? ia[ie] : ib[je];
    ie -= fromA;
    je -= !fromA;
    --ke;
  };
  while (k < half && ke >= half && i < na && j < nb && ie >= 0 && je >= 0) {
    const bool fromB = less(b[j], a[i]), fromA = less(b[je], a[ie]);
    front(fromB);
    back(fromA);
  }
  while (k < half)
    front(i >= na || (j < nb && less(b[j], a[i])));
  while (ke >= half)
    back(je < 0 || (ie >= 0 && less(b[je], a[ie])));
}

/// How many of the first k elements of the stable merge of a and b come from a (the merge
/// path's co-rank, by bisection): a[i] is among them when it is not after b[k - i - 1].
template <typename T, typename Less>
int64_t coRank(const T *a, int64_t na, const T *b, int64_t nb, int64_t k, Less less) {
  int64_t lo = std::max<int64_t>(0, k - nb), hi = std::min(k, na);
  while (lo < hi) {
    const int64_t i = lo + (hi - lo) / 2, j = k - i;
    if (j > 0 && !less(b[j - 1], a[i]))
      lo = i + 1;
    else
      hi = i;
  }
  return lo;
}

/// Elements [k0, k1) of the stable merge of a and b (out and io hold the whole merge): the
/// range is cut into S pieces at their co-ranks, and the S pieces merge in lockstep, one
/// element of each per step, while every piece has elements left on both sides (a step then
/// needs no bounds checks), each piece's rest by mergeEnds. One merge waits on each of its
/// own loads and comparisons; S independent ones overlap (S = 4 is fastest: with 8 registers
/// spill).
template <int S, typename T, bool Idx, typename Less>
void mergeChains(const T *a, int64_t na, const T *b, int64_t nb, const int64_t *ia,
                 const int64_t *ib, T *out, int64_t *io, int64_t k0, int64_t k1, Less less) {
  int64_t i[S], j[S], k[S], ie[S], je[S];
  int64_t pi = coRank(a, na, b, nb, k0, less), pk = k0;
  for (int s = 0; s < S; ++s) {
    const int64_t nk = k0 + (k1 - k0) * (s + 1) / S, ni = coRank(a, na, b, nb, nk, less);
    i[s] = pi, j[s] = pk - pi, k[s] = pk, ie[s] = ni, je[s] = nk - ni;
    pi = ni, pk = nk;
  }
  for (;;) {
    int64_t m = std::numeric_limits<int64_t>::max();
    for (int s = 0; s < S; ++s)
      m = std::min({m, ie[s] - i[s], je[s] - j[s]});
    if (m == 0)
      break;
    for (int64_t t = 0; t < m; ++t) {
#pragma GCC unroll 8
      for (int s = 0; s < S; ++s) {
        const T x = a[i[s]], y = b[j[s]];
        const bool fromB = less(y, x);
        out[k[s]] = fromB ? y : x;
        if constexpr (Idx)
          io[k[s]] = fromB ? ib[j[s]] : ia[i[s]];
        j[s] += fromB;
        i[s] += !fromB;
        ++k[s];
      }
    }
  }
  for (int s = 0; s < S; ++s)
    mergeEnds<T, Idx>(a + i[s], ie[s] - i[s], b + j[s], je[s] - j[s], Idx ? ia + i[s] : nullptr,
                      Idx ? ib + j[s] : nullptr, out + k[s], Idx ? io + k[s] : nullptr, less);
}

/// The stable merge of a and b (ties from a first) into out, with indices alike: on
/// kernelThreads() threads (an equal share of the output each) when it is large.
template <typename T, bool Idx, typename Less>
void mergeTwo(const T *a, int64_t na, const T *b, int64_t nb, const int64_t *ia,
              const int64_t *ib, T *out, int64_t *io, Less less) {
  const int64_t n = na + nb;
  const int threads = n >= kParallelSortMin ? std::max(kernelThreads(), 1) : 1;
  parallelFor(threads, [&](int t) {
    mergeChains<4, T, Idx>(a, na, b, nb, ia, ib, out, io, n * t / threads,
                           n * (t + 1) / threads, less);
  });
}

/// The pair's merge in the sort's order. Real floats: their NaNs (last ascending, first
/// descending, in run order) are set aside, so the rest compares with one < or >.
template <typename T, bool Idx>
void mergePair(const T *a, int64_t na, const T *b, int64_t nb, const int64_t *ia,
               const int64_t *ib, T *out, int64_t *io, bool descending) {
  if constexpr (std::is_arithmetic_v<T>) {
    int64_t nanA = 0, nanB = 0;
    if constexpr (std::is_floating_point_v<T>) {
      auto nans = [descending](const T *v, int64_t n) {
        auto isN = [](T x) { return std::isnan(x); };
        return descending ? std::partition_point(v, v + n, isN) - v
                          : v + n - std::partition_point(v, v + n, [&](T x) { return !isN(x); });
      };
      nanA = nans(a, na);
      nanB = nans(b, nb);
    }
    // the NaN runs: a's then b's (stable), at the start (descending) or the end
    const int64_t at = descending ? 0 : na + nb - nanA - nanB;
    const T *nA = descending ? a : a + na - nanA, *nB = descending ? b : b + nb - nanB;
    std::copy(nA, nA + nanA, out + at);
    std::copy(nB, nB + nanB, out + at + nanA);
    if constexpr (Idx) {
      std::copy(ia + (nA - a), ia + (nA - a) + nanA, io + at);
      std::copy(ib + (nB - b), ib + (nB - b) + nanB, io + at + nanA);
    }
    const int64_t sa = descending ? nanA : 0, sb = descending ? nanB : 0;
    const int64_t o = descending ? nanA + nanB : 0;
    const T *ra = a + sa, *rb = b + sb;
    const int64_t *ria = Idx ? ia + sa : nullptr, *rib = Idx ? ib + sb : nullptr;
    int64_t *rio = Idx ? io + o : nullptr;
    // values only, 8 at a time with AVX-512 (equal elements in any order), then the zeros
    // in the stable order: -0.0 and 0.0 are the only equal values one can tell apart (NaNs
    // are aside), so a's zeros, then b's, make it the stable merge
    constexpr bool wide = std::is_same_v<T, double> || std::is_same_v<T, int64_t>;
    if constexpr (wide && !Idx) {
      if (haveAvx512Merge()) {
        const int64_t ma = na - nanA, mb = nb - nanB, n = ma + mb;
        const int threads = n >= kParallelSortMin ? std::max(kernelThreads(), 1) : 1;
        parallelFor(threads, [&](int t) {
          mergeAvx512(ra, ma, rb, mb, out + o, n * t / threads, n * (t + 1) / threads,
                      descending);
        });
        if constexpr (std::is_floating_point_v<T>) {
          auto zeros = [descending](const T *v, int64_t m) {
            return descending ? std::equal_range(v, v + m, T(0), std::greater<T>())
                              : std::equal_range(v, v + m, T(0));
          };
          auto [a0, a1] = zeros(ra, ma);
          auto [b0, b1] = zeros(rb, mb);
          T *z = out + o + (a0 - ra) + (b0 - rb);
          std::copy(b0, b1, std::copy(a0, a1, z));
        }
        return;
      }
    }
    if (descending)
      mergeTwo<T, Idx>(ra, na - nanA, rb, nb - nanB, ria, rib, out + o, rio,
                       [](T u, T v) { return u > v; });
    else
      mergeTwo<T, Idx>(ra, na - nanA, rb, nb - nanB, ria, rib, out + o, rio,
                       [](T u, T v) { return u < v; });
  } else {
    mergeTwo<T, Idx>(a, na, b, nb, ia, ib, out, io, [descending](T u, T v) {
      return descending ? before(v, u) : before(u, v);
    });
  }
}

/// One sorted run of merge_runs: its values and (argsort) their indices.
template <typename T>
struct Run {
  const T *v;
  const int64_t *i;
  int64_t n;
};

template <typename T, bool Idx>
int32_t mergeRuns(const pt_call_frame *f, std::vector<Run<T>> runs, bool descending) {
  int64_t n = 0;
  for (const Run<T> &r : runs)
    n += r.n;
  T *out = static_cast<T *>(f->results[0].data);
  int64_t *iout = Idx ? static_cast<int64_t *>(f->results[1].data) : nullptr;
  int rounds = 0;
  for (size_t k = runs.size(); k > 1; k = (k + 1) / 2)
    ++rounds;
  Scratch<T> tmp(rounds > 1 ? std::max<int64_t>(n, 1) : 1);
  Scratch<int64_t> itmp(Idx && rounds > 1 ? std::max<int64_t>(n, 1) : 1);
  // the passes alternate between out and tmp, the last one writes out (a single run: a copy)
  T *dst = rounds % 2 || !rounds ? out : tmp.data;
  int64_t *idst = rounds % 2 || !rounds ? iout : itmp.data;
  do {
    std::vector<Run<T>> next;
    int64_t at = 0;
    for (size_t q = 0; q < runs.size(); q += 2) {
      const Run<T> &a = runs[q];
      const Run<T> b = q + 1 < runs.size() ? runs[q + 1] : Run<T>{a.v, a.i, 0};
      if (b.n == 0) { // (the odd run out, or one that nothing joins)
        std::copy(a.v, a.v + a.n, dst + at);
        if constexpr (Idx)
          std::copy(a.i, a.i + a.n, idst + at);
      } else {
        mergePair<T, Idx>(a.v, a.n, b.v, b.n, a.i, b.i, dst + at, Idx ? idst + at : nullptr,
                          descending);
      }
      next.push_back({dst + at, Idx ? idst + at : nullptr, a.n + b.n});
      at += a.n + b.n;
    }
    runs = std::move(next);
    dst = dst == out ? tmp.data : out;
    idst = idst == iout ? itmp.data : iout;
  } while (runs.size() > 1);
  return PT_FFI_OK;
}

/// A 1-D argument of merge_runs: contiguous (or too short for a stride to matter).
bool flat(const pt_buffer &b) { return b.rank == 1 && (b.shape[0] < 2 || b.strides[0] == 1); }

int32_t mergeHandler(const pt_call_frame *f) {
  // args: `parts` value arrays (attribute, default 1), the run lengths, and for argsort as
  // many index arrays (each its value part's size); each part holds whole runs
  int64_t parts = 1;
  pt_ffi_get_i64(f, "parts", &parts);
  const pt_buffer *a = f->args, *r = f->results;
  const bool idx = parts >= 1 && f->num_args == 2 * parts + 1;
  bool ok = parts >= 1 && (f->num_args == parts + 1 || idx) && f->num_results == 1 + idx &&
            flat(a[parts]) && a[parts].dtype == PT_INT64 && a[parts].shape[0] >= 1 &&
            (!idx || r[1].dtype == PT_INT64);
  int64_t n = 0;
  for (int64_t p = 0; ok && p < parts; ++p) {
    ok = flat(a[p]) && a[p].dtype == r[0].dtype;
    if (ok && idx)
      ok = flat(a[parts + 1 + p]) && a[parts + 1 + p].dtype == PT_INT64 &&
           a[parts + 1 + p].shape[0] == a[p].shape[0];
    n += ok ? a[p].shape[0] : 0;
  }
  ok = ok && pt_ffi_size(&r[0]) == n && (!idx || pt_ffi_size(&r[1]) == n);
  // the runs, part by part
  std::vector<std::pair<int64_t, int64_t>> runs; // (part, offset in it) of each run
  std::vector<int64_t> lengths;
  int64_t p = 0, at = 0;
  for (int64_t q = 0; ok && q < a[parts].shape[0]; ++q) {
    const int64_t c = static_cast<const int64_t *>(a[parts].data)[q];
    while (p < parts && at == a[p].shape[0] && c > 0) // (empty runs stay in their part)
      ++p, at = 0;
    ok = c >= 0 && p < parts && c <= a[p].shape[0] - at;
    runs.push_back({p, at});
    lengths.push_back(c);
    at += c;
  }
  for (int64_t e = p + 1; ok && e < parts; ++e) // every part used up
    ok = a[e].shape[0] == 0;
  if (!ok || (p < parts && at != a[p].shape[0]))
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                       "merge_runs expects x (1-D, contiguous; or `parts` such arrays, each "
                       "holding whole runs), the int64 run lengths (at least one, summing to "
                       "x's size) and optionally int64 indices (x's size; one array per part); "
                       "results: x's size and dtype, and int64 indices if given");
  int64_t descending = 0;
  pt_ffi_get_i64(f, "descending", &descending);
  return byElementType(f, "merge_runs", [&](auto tag) -> int32_t {
    using T = typename decltype(tag)::type;
    std::vector<Run<T>> rs;
    for (size_t q = 0; q < runs.size(); ++q) {
      auto [part, off] = runs[q];
      const int64_t *ip =
          idx ? static_cast<const int64_t *>(a[parts + 1 + part].data) + off : nullptr;
      rs.push_back({static_cast<const T *>(a[part].data) + off, ip, lengths[q]});
    }
    return idx ? mergeRuns<T, true>(f, std::move(rs), descending != 0)
               : mergeRuns<T, false>(f, std::move(rs), descending != 0);
  });
}

int32_t sortHandler(const pt_call_frame *f) {
  if (f->num_args != 1 || f->num_results < 1 || f->num_results > 2 || f->args[0].rank < 1)
    return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                       "sort expects one array of rank >= 1 and one or two results");
  for (int64_t r = 0; r < f->num_results; ++r)
    if (pt_ffi_size(&f->results[r]) != pt_ffi_size(&f->args[0]) ||
        f->results[r].dtype != (r ? PT_INT64 : f->args[0].dtype))
      return pt_ffi_fail(f, PT_FFI_INVALID_ARGUMENT,
                         "sort: results are the sorted values (x's size and dtype) and int64 "
                         "indices");
  int64_t descending = 0;
  pt_ffi_get_i64(f, "descending", &descending);
  bool d = descending != 0;
  return byElementType(f, "sort", [&](auto tag) {
    return sortRows<typename decltype(tag)::type>(f, d);
  });
}
} // namespace

void setHostSort(int dtype, HostSortFn fn) {
  if (dtype >= 0 && dtype <= PT_COMPLEX128)
    gHostSort[dtype] = fn;
}

void registerSortCustomCall() {
  registerCustomCall("ptensor.sort", reinterpret_cast<void *>(&sortHandler));
  registerCustomCall("ptensor.merge_runs", reinterpret_cast<void *>(&mergeHandler));
}
} // namespace ptensor
