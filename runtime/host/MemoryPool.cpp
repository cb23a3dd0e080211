// Memory of arrays and compiled programs (see MemoryPool.h).
#include "MemoryPool.h"

#include "ptensor_runtime.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <sys/mman.h>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ptensor {
namespace {
constexpr size_t kHugePage = size_t(2) << 20;

/// Recently freed large buffers, reused for results of the same byte size: a loop that makes
/// a new array each step (x = x * 0.5 + 1) then touches memory that is already mapped instead
/// of having the kernel zero fresh pages every time (clear_page is then a large part of a
/// stencil step on large arrays). Bounded: at most kMaxBytes are held.
class BigPool {
  static constexpr size_t kMaxBytes = size_t(1) << 30;
  std::mutex mu;
  std::vector<std::pair<void *, size_t>> free_; // oldest first
  size_t held = 0;

public:
  void *take(size_t bytes) {
    std::lock_guard<std::mutex> lock(mu);
    for (size_t i = free_.size(); i-- > 0;)
      if (free_[i].second == bytes) {
        void *p = free_[i].first;
        free_.erase(free_.begin() + i);
        held -= bytes;
        return p;
      }
    return nullptr;
  }
  void give(void *p, size_t bytes) {
    std::lock_guard<std::mutex> lock(mu);
    if (bytes > kMaxBytes) {
      std::free(p);
      return;
    }
    while (held + bytes > kMaxBytes && !free_.empty()) {
      std::free(free_.front().first);
      held -= free_.front().second;
      free_.erase(free_.begin());
    }
    free_.emplace_back(p, bytes);
    held += bytes;
  }
};
BigPool &bigPool() {
  static BigPool *pool = new BigPool(); // never destroyed: buffers may die at exit
  return *pool;
}

std::mutex gLiveMu;
/// The large buffers handed out: their sizes, for poolFree.
std::unordered_map<void *, size_t> &liveBig() {
  static auto *m = new std::unordered_map<void *, size_t>();
  return *m;
}
} // namespace

void *poolAlloc(uint64_t align, uint64_t bytes) {
  if (bytes >= 2 * kHugePage) {
    size_t n = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    void *p = bigPool().take(n);
    if (!p) {
      p = std::aligned_alloc(kHugePage, n);
      if (!p)
        return nullptr;
      madvise(p, n, MADV_HUGEPAGE);
    }
    std::lock_guard<std::mutex> lock(gLiveMu);
    liveBig()[p] = n;
    return p;
  }
  align = std::max<uint64_t>(align, 16);
  return std::aligned_alloc(align, std::max<uint64_t>((bytes + align - 1) / align * align, align));
}

void poolFree(void *p) {
  {
    std::lock_guard<std::mutex> lock(gLiveMu);
    auto it = liveBig().find(p);
    if (it != liveBig().end()) {
      size_t n = it->second;
      liveBig().erase(it);
      bigPool().give(p, n);
      return;
    }
  }
  std::free(p);
}

void *jitAlignedAlloc(uint64_t align, uint64_t bytes) { return poolAlloc(align, bytes); }
void *jitAlloc(uint64_t bytes) { return poolAlloc(16, bytes); }
void jitFree(void *p) { poolFree(p); }

// the hooks have the runtime ABI's types
namespace {
std::atomic<int> gKernelThreads{1};
} // namespace
int kernelThreads() { return gKernelThreads.load(std::memory_order_relaxed); }
void setKernelThreads(int n) { gKernelThreads.store(n > 0 ? n : 1, std::memory_order_relaxed); }

static_assert(std::is_same_v<decltype(&jitAlloc), decltype(&_mlir_memref_to_llvm_alloc)>);
static_assert(
    std::is_same_v<decltype(&jitAlignedAlloc), decltype(&_mlir_memref_to_llvm_aligned_alloc)>);
static_assert(std::is_same_v<decltype(&jitFree), decltype(&_mlir_memref_to_llvm_free)>);
} // namespace ptensor
