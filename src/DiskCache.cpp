// Persistent program cache; see DiskCache.h for the layout and the concurrency rules.
#include "DiskCache.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/TargetParser/Host.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <random>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace ptensor::diskcache {
namespace {
constexpr char kMagic[8] = {'P', 'T', 'C', 'A', 'C', 'H', 'E', '1'};

uint64_t fnv(const void *data, size_t n, uint64_t h = 1469598103934665603ull) {
  auto *p = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i < n; ++i)
    h = (h ^ p[i]) * 1099511628211ull;
  return h;
}

/// Identifies this build of ptensor on this machine: programs compiled by another build, LLVM
/// or CPU are never reused.
const std::vector<int64_t> &fingerprint() {
  static const std::vector<int64_t> fp = [] {
    uint64_t h = 1469598103934665603ull;
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&fingerprint), &info) && info.dli_fname) {
      std::ifstream f(info.dli_fname, std::ios::binary);
      std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
      h = fnv(bytes.data(), bytes.size(), h);
    }
    std::string host = std::string(LLVM_VERSION_STRING) + "/" + llvm::sys::getHostCPUName().str();
    for (auto &f : llvm::sys::getHostCPUFeatures())
      if (f.second)
        host += "," + f.first().str();
    return std::vector<int64_t>{int64_t(h), int64_t(fnv(host.data(), host.size()))};
  }();
  return fp;
}

std::vector<int64_t> fullKey(const std::vector<int64_t> &key) {
  std::vector<int64_t> k = fingerprint();
  k.insert(k.end(), key.begin(), key.end());
  return k;
}

std::string pathOf(const std::vector<int64_t> &k) {
  char name[40];
  std::snprintf(name, sizeof name, "/%016llx.ptc",
                (unsigned long long)fnv(k.data(), k.size() * sizeof(int64_t)));
  return directory() + name;
}

bool makeDirs(const std::string &dir) {
  for (size_t i = 1; i <= dir.size(); ++i)
    if (i == dir.size() || dir[i] == '/') {
      std::string part = dir.substr(0, i);
      if (mkdir(part.c_str(), 0755) != 0 && errno != EEXIST)
        return false;
    }
  return true;
}
} // namespace

const std::string &directory() {
  static const std::string dir = [] {
    std::string d;
    if (const char *e = std::getenv("PTENSOR_CACHE_DIR")) {
      d = e;
      if (d == "off")
        d.clear();
    } else if (const char *x = std::getenv("XDG_CACHE_HOME"); x && *x) {
      d = std::string(x) + "/ptensor";
    } else if (const char *home = std::getenv("HOME"); home && *home) {
      d = std::string(home) + "/.cache/ptensor";
    }
    while (d.size() > 1 && d.back() == '/')
      d.pop_back();
    if (!d.empty() && !makeDirs(d))
      d.clear(); // not writable: no disk cache
    return d;
  }();
  return dir;
}

std::optional<std::string> load(const std::vector<int64_t> &key) {
  if (directory().empty())
    return std::nullopt;
  std::vector<int64_t> k = fullKey(key);
  std::ifstream f(pathOf(k), std::ios::binary);
  if (!f)
    return std::nullopt;
  char magic[8];
  uint64_t n = 0, size = 0;
  if (!f.read(magic, 8) || std::memcmp(magic, kMagic, 8) || !f.read(reinterpret_cast<char *>(&n), 8) ||
      n != k.size())
    return std::nullopt;
  std::vector<int64_t> stored(n);
  if (!f.read(reinterpret_cast<char *>(stored.data()), n * 8) || stored != k ||
      !f.read(reinterpret_cast<char *>(&size), 8) || size > (uint64_t(1) << 32))
    return std::nullopt;
  std::string object(size, '\0');
  if (!f.read(object.data(), size) || f.peek() != std::char_traits<char>::eof())
    return std::nullopt; // truncated or trailing garbage: ignore
  return object;
}

void store(const std::vector<int64_t> &key, const std::string &object) {
  if (directory().empty())
    return;
  std::vector<int64_t> k = fullKey(key);
  std::string path = pathOf(k);
  std::ostringstream tmp;
  tmp << path << ".tmp." << getpid() << "." << std::random_device{}();
  {
    std::ofstream f(tmp.str(), std::ios::binary);
    uint64_t n = k.size(), size = object.size();
    f.write(kMagic, 8);
    f.write(reinterpret_cast<const char *>(&n), 8);
    f.write(reinterpret_cast<const char *>(k.data()), n * 8);
    f.write(reinterpret_cast<const char *>(&size), 8);
    f.write(object.data(), size);
    if (!f.good()) {
      f.close();
      std::remove(tmp.str().c_str());
      return;
    }
  }
  if (std::rename(tmp.str().c_str(), path.c_str()) != 0)
    std::remove(tmp.str().c_str());
}
} // namespace ptensor::diskcache
