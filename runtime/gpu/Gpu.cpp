// The GPU runtime's C ABI (ptensor_runtime.h, "GPU runtime"): the devices every driver found
// (probed once, on first use), their memory, and the kernel launches of compiled programs.
// A failing call records its message for the calling thread (ptensor_gpu_error); a launch
// after a failure in the same program does nothing, and the JIT raises the message when the
// program returns (as custom calls do).
#include "Driver.h"
#include "ptensor_runtime.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ptensor::gpu {
std::string &error() {
  thread_local std::string message;
  return message;
}

namespace {
/// What each driver said about its devices (ptensor_gpu_notes), one line each.
std::string gNotes;

std::vector<std::unique_ptr<Device>> &devices() {
  static std::vector<std::unique_ptr<Device>> all = [] {
    std::vector<std::unique_ptr<Device>> out;
    for (auto probe : {openclDevices, cudaDevices, levelZeroDevices}) {
      std::string note;
      for (auto &d : probe(note))
        out.push_back(std::move(d));
      if (!note.empty())
        gNotes += note + "\n";
    }
    return out;
  }();
  return all;
}

Device *device(int64_t dev) {
  auto &all = devices();
  if (dev < 0 || dev >= int64_t(all.size())) {
    error() = "no GPU device with index " + std::to_string(dev);
    return nullptr;
  }
  return all[size_t(dev)].get();
}

std::mutex gModules; // module slots of compiled programs
std::atomic<int64_t> gLaunches{0};
std::atomic<int64_t> gWaits{0}; // waits for queued launches (ptensor_gpu_waits)

/// Launches return once their kernel is queued (in order, on the device's one queue). Per
/// device, launches counts the kernels queued and done how many of them a sync has seen
/// finish. Whatever touches the memory on the host waits first: compiled host code through
/// ptensor_gpu_wait (--ptensor-gpu-to-runtime puts the calls in), the JIT at a program's end,
/// copies, and a buffer given back to its driver. (Counts, not a flag: a thread whose wait
/// finds another thread's sync under way syncs itself instead of returning early.)
struct Progress {
  std::atomic<int64_t> launches{0}, done{0};
};

Progress &progress(int64_t dev) {
  static std::unique_ptr<Progress[]> all(new Progress[devices().size() + 1]);
  return all[size_t(dev)];
}

/// d->sync(), then every launch counted before it began is done.
bool syncSeen(Device *d, int64_t dev) {
  Progress &p = progress(dev);
  int64_t target = p.launches.load();
  if (!d->sync())
    return false;
  for (int64_t seen = p.done.load(); seen < target && !p.done.compare_exchange_weak(seen, target);)
    ;
  return true;
}

bool waitFor(Device *d, int64_t dev) {
  Progress &p = progress(dev);
  if (p.done.load() >= p.launches.load())
    return true;
  ++gWaits;
  return syncSeen(d, dev);
}
std::atomic<int64_t> gDriverAllocs{0};
std::atomic<int64_t> gHostWork[2]; // loop nests, library calls (ptensor_gpu_host_work)

/// Freed device buffers kept for reuse, per device: a driver allocation costs far more than a
/// host malloc (CUDA managed memory, OpenCL SVM), and a loop that makes new arrays of the same
/// sizes each step then allocates nothing. Sizes are rounded to classes (4 KiB steps up to
/// 1 MiB, then 1 MiB steps); at most kMaxBytes are held per device, oldest given back first;
/// an allocation the driver refuses gives the device's held buffers back and tries again.
class Pool {
  static constexpr int64_t kMaxBytes = int64_t(1) << 30;
  std::mutex mu_;
  std::vector<std::pair<void *, int64_t>> free_;      // oldest first
  std::unordered_map<void *, int64_t> live_;           // handed out: their size classes
  int64_t held_ = 0;

  void release(Device *d, size_t keep) { // (under mu_) down to `keep` bytes held
    if (held_ > int64_t(keep))
      d->sync(); // (a queued kernel may still use a buffer the driver would free)
    while (held_ > int64_t(keep) && !free_.empty()) {
      d->free(free_.front().first);
      held_ -= free_.front().second;
      free_.erase(free_.begin());
    }
  }

public:
  static int64_t sizeClass(int64_t bytes) {
    int64_t step = bytes <= (int64_t(1) << 20) ? 4096 : int64_t(1) << 20;
    return std::max<int64_t>((bytes + step - 1) / step * step, step);
  }

  void *alloc(Device *d, int64_t bytes) {
    int64_t n = sizeClass(bytes);
    std::lock_guard<std::mutex> lock(mu_);
    void *p = nullptr;
    for (size_t i = free_.size(); i-- > 0;)
      if (free_[i].second == n) {
        p = free_[i].first;
        free_.erase(free_.begin() + long(i));
        held_ -= n;
        break;
      }
    if (!p) {
      p = d->alloc(n);
      if (!p && held_ > 0) { // the held buffers back to the driver, and once more
        release(d, 0);
        error().clear();
        p = d->alloc(n);
      }
      if (!p)
        return nullptr;
      ++gDriverAllocs;
    }
    live_[p] = n;
    return p;
  }

  void free(Device *d, void *p) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = live_.find(p);
    if (it == live_.end()) {
      d->sync();
      d->free(p);
      return;
    }
    int64_t n = it->second;
    live_.erase(it);
    if (n > kMaxBytes) {
      d->sync();
      d->free(p);
      return;
    }
    release(d, size_t(kMaxBytes - n));
    free_.emplace_back(p, n);
    held_ += n;
  }
};

Pool &pool(int dev) {
  static std::mutex mu;
  static std::unordered_map<int, std::unique_ptr<Pool>> pools;
  std::lock_guard<std::mutex> lock(mu);
  auto &p = pools[dev];
  if (!p)
    p = std::make_unique<Pool>();
  return *p;
}
} // namespace
} // namespace ptensor::gpu

using namespace ptensor::gpu;

extern "C" {
int ptensor_gpu_count(void) { return int(devices().size()); }

const char *ptensor_gpu_name(int dev) {
  thread_local std::string name;
  Device *d = device(dev);
  name = d ? d->name() : "";
  return name.c_str();
}

const char *ptensor_gpu_target(int dev) {
  thread_local std::string target;
  Device *d = device(dev);
  target = d ? d->target() : "";
  return target.c_str();
}

const char *ptensor_gpu_notes(void) {
  devices();
  return gNotes.c_str();
}

const char *ptensor_gpu_error(void) { return error().c_str(); }

void ptensor_gpu_clear_error(void) { error().clear(); }

void *ptensor_gpu_alloc(int dev, int64_t bytes) {
  Device *d = device(dev);
  return d ? pool(dev).alloc(d, bytes) : nullptr;
}

void ptensor_gpu_free(int dev, void *p) {
  if (Device *d = device(dev); d && p)
    pool(dev).free(d, p);
}

int64_t ptensor_gpu_driver_allocations(void) { return gDriverAllocs.load(); }

int ptensor_gpu_copy(int dev, void *dst, const void *src, int64_t bytes) {
  Device *d = device(dev);
  return d && waitFor(d, dev) && d->copy(dst, src, bytes) ? 0 : -1;
}

int ptensor_gpu_sync(int dev) {
  Device *d = device(dev);
  return d && syncSeen(d, dev) ? 0 : -1;
}

void ptensor_gpu_wait(int64_t dev) {
  if (Device *d = device(dev); d && !waitFor(d, dev) && error().empty())
    error() = "waiting for the kernels failed";
}

int64_t ptensor_gpu_waits(void) { return gWaits.load(); }

void ptensor_gpu_launch(int64_t dev, int64_t *module_slot, const void *binary, int64_t size,
                        const char *kernel, int64_t gx, int64_t gy, int64_t gz, int64_t bx,
                        int64_t by, int64_t bz, const int64_t *args, const int64_t *arg_bytes,
                        int64_t nargs) {
  if (!error().empty())
    return; // an earlier step of this program failed
  Device *d = device(dev);
  if (!d)
    return;
  void *module;
  {
    std::lock_guard<std::mutex> lock(gModules);
    if (!*module_slot)
      *module_slot = reinterpret_cast<int64_t>(d->loadModule(binary, size));
    module = reinterpret_cast<void *>(*module_slot);
  }
  if (!module)
    return;
  std::vector<KernelArg> list(size_t(nargs > 0 ? nargs : 0));
  for (int64_t i = 0; i < nargs; ++i)
    list[size_t(i)] = KernelArg{args[i], int32_t(arg_bytes[i])};
  const int64_t grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz};
  if (d->launch(module, kernel, grid, block, list)) {
    ++progress(dev).launches;
    ++gLaunches;
  }
}

int64_t ptensor_gpu_launches(void) { return gLaunches.load(); }
void ptensor_gpu_host_work(int64_t kind) {
  if (kind == 0 || kind == 1)
    ++gHostWork[kind];
}
int64_t ptensor_gpu_host_work_count(int64_t kind) {
  return kind == 0 || kind == 1 ? gHostWork[kind].load() : 0;
}
}
