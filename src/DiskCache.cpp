// Persistent program cache; see DiskCache.h for the layout and the concurrency rules.
#include "DiskCache.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/xxhash.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <cstdio>
#include <fcntl.h>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <dlfcn.h>
#include <fstream>
#include <random>
#include <cerrno>
#include <csignal>
#include <ctime>
#include <sstream>
#include <sys/stat.h>
#include <utility>
#include <unistd.h>

namespace ptensor::diskcache {
namespace {
constexpr char kMagic[8] = {'P', 'T', 'C', 'A', 'C', 'H', 'E', '2'};

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
      // (read in one piece and hashed with xxh3: a byte-wise stream hashed with FNV would be a
      // noticeable part of a fresh process's first compile for the 5-6 MB library)
      std::ifstream f(info.dli_fname, std::ios::binary | std::ios::ate);
      std::string bytes(f ? size_t(f.tellg()) : 0, '\0');
      if (f.seekg(0) && f.read(bytes.data(), std::streamsize(bytes.size())))
        h = llvm::xxh3_64bits(bytes);
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

std::string pathOf(const std::vector<int64_t> &k, const char *suffix = ".ptc") {
  char name[40];
  std::snprintf(name, sizeof name, "/%016llx%s",
                (unsigned long long)fnv(k.data(), k.size() * sizeof(int64_t)), suffix);
  return directory() + name;
}

/// This process as a claim names it: "<host> <pid>".
std::string claimant() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return std::string(host) + " " + std::to_string(getpid());
}

/// Whether the claim file at path is stale: its process has ended (same host), it is this
/// process's own (never waited for), or it is older than kClaimSeconds. A file that vanished
/// is not stale (its process released it).
bool stale(const std::string &path) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0)
    return false;
  if (std::time(nullptr) - st.st_mtim.tv_sec > kClaimSeconds)
    return true;
  std::ifstream f(path);
  std::string host, me = claimant();
  long pid = 0;
  if (!(f >> host >> pid)) // being written (microseconds after its creation), or damaged
    return std::time(nullptr) - st.st_mtim.tv_sec > 2;
  if (host != me.substr(0, me.find(' ')))
    return false; // another machine sharing the directory: only the age tells
  return pid == getpid() || (kill(pid_t(pid), 0) != 0 && errno == ESRCH);
}

/// Creates dir and its missing parents; the cache directory itself private (0700).
bool makeDirs(const std::string &dir) {
  for (size_t i = 1; i <= dir.size(); ++i)
    if (i == dir.size() || dir[i] == '/') {
      std::string part = dir.substr(0, i);
      if (mkdir(part.c_str(), i == dir.size() ? 0700 : 0755) != 0 && errno != EEXIST)
        return false;
    }
  return true;
}

/// Why dir must not hold code that this process runs, or "" when it is safe: a directory that
/// another user owns or can write (group/world writable) lets that user plant object code.
std::string unsafeReason(const std::string &dir) {
  struct stat st;
  if (stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    return "it is not a directory";
  if (st.st_uid != geteuid())
    return "it is owned by another user (uid " + std::to_string(st.st_uid) + ")";
  if (st.st_mode & (S_IWGRP | S_IWOTH))
    return "other users can write to it (mode " + std::to_string((st.st_mode >> 6) & 7) +
           std::to_string((st.st_mode >> 3) & 7) + std::to_string(st.st_mode & 7) + ")";
  return "";
}

/// The byte limit of the directory's .ptc files: PTENSOR_CACHE_MAX_MB (default 1024; a
/// fraction is allowed).
uint64_t maxBytes() {
  static const uint64_t limit = [] {
    const char *e = std::getenv("PTENSOR_CACHE_MAX_MB");
    double mb = e && *e ? std::atof(e) : 1024.0;
    return uint64_t((mb > 0 ? mb : 1024.0) * 1048576.0);
  }();
  return limit;
}

struct ProgramFile {
  int64_t mtime; ///< ns
  std::string path;
  uint64_t size;
};

/// The directory's program files (*.ptc).
std::vector<ProgramFile> programFiles() {
  std::vector<ProgramFile> files;
  DIR *d = opendir(directory().c_str());
  if (!d)
    return files;
  while (dirent *e = readdir(d)) {
    std::string name = e->d_name;
    if (name.size() < 4 || name.compare(name.size() - 4, 4, ".ptc"))
      continue;
    std::string path = directory() + "/" + name;
    struct stat st;
    if (stat(path.c_str(), &st) != 0)
      continue;
    files.push_back({int64_t(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec, path,
                     uint64_t(st.st_size)});
  }
  closedir(d);
  return files;
}

/// Removes the least recently used programs (oldest modification time: a load touches its
/// file) until the directory's programs fit in maxBytes().
void evict() {
  std::vector<ProgramFile> files = programFiles();
  uint64_t total = 0;
  for (const ProgramFile &f : files)
    total += f.size;
  if (total <= maxBytes())
    return;
  std::sort(files.begin(), files.end(),
            [](const ProgramFile &a, const ProgramFile &b) { return a.mtime < b.mtime; });
  for (const ProgramFile &f : files) {
    if (total <= maxBytes())
      break;
    if (std::remove(f.path.c_str()) == 0)
      total -= f.size;
  }
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
    if (!d.empty())
      if (std::string why = unsafeReason(d); !why.empty()) {
        std::fprintf(stderr,
                     "ptensor: warning: the disk cache %s is not used (programs are compiled in "
                     "memory only): %s; make it private (chmod 700) or set PTENSOR_CACHE_DIR\n",
                     d.c_str(), why.c_str());
        d.clear();
      }
    return d;
  }();
  return dir;
}

std::optional<std::string> load(const std::vector<int64_t> &key) {
  if (directory().empty())
    return std::nullopt;
  std::vector<int64_t> k = fullKey(key);
  std::string path = pathOf(k);
  std::ifstream f(path, std::ios::binary);
  if (!f)
    return std::nullopt;
  char magic[8];
  uint64_t n = 0, size = 0, sum = 0;
  if (!f.read(magic, 8) || std::memcmp(magic, kMagic, 8) || !f.read(reinterpret_cast<char *>(&n), 8) ||
      n != k.size())
    return std::nullopt;
  std::vector<int64_t> stored(n);
  if (!f.read(reinterpret_cast<char *>(stored.data()), n * 8) || stored != k ||
      !f.read(reinterpret_cast<char *>(&size), 8) || size > (uint64_t(1) << 32) ||
      !f.read(reinterpret_cast<char *>(&sum), 8))
    return std::nullopt;
  std::string object(size, '\0');
  if (!f.read(object.data(), size) || f.peek() != std::char_traits<char>::eof() ||
      llvm::xxh3_64bits(object) != sum) {
    // truncated, trailing garbage or damaged bytes: never loaded; removed, so the program
    // is compiled and stored again
    f.close();
    std::remove(path.c_str());
    return std::nullopt;
  }
  utimensat(AT_FDCWD, path.c_str(), nullptr, 0); // recently used (see evict)
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
    uint64_t n = k.size(), size = object.size(), sum = llvm::xxh3_64bits(object);
    f.write(kMagic, 8);
    f.write(reinterpret_cast<const char *>(&n), 8);
    f.write(reinterpret_cast<const char *>(k.data()), n * 8);
    f.write(reinterpret_cast<const char *>(&size), 8);
    f.write(reinterpret_cast<const char *>(&sum), 8);
    f.write(object.data(), size);
    if (!f.good()) {
      f.close();
      std::remove(tmp.str().c_str());
      return;
    }
  }
  if (std::rename(tmp.str().c_str(), path.c_str()) != 0)
    std::remove(tmp.str().c_str());
  evict();
}
bool contains(const std::vector<int64_t> &key) {
  if (directory().empty())
    return false;
  struct stat st;
  return stat(pathOf(fullKey(key)).c_str(), &st) == 0;
}

Claim claim(const std::vector<int64_t> &key) {
  if (directory().empty())
    return Claim::None;
  std::string path = pathOf(fullKey(key), ".lock");
  for (int attempt = 0; attempt < 2; ++attempt) {
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
    if (fd >= 0) {
      std::string who = claimant() + "\n";
      bool ok = write(fd, who.data(), who.size()) == ssize_t(who.size());
      close(fd);
      if (ok)
        return Claim::Mine;
      std::remove(path.c_str());
      return Claim::None;
    }
    if (errno != EEXIST)
      return Claim::None; // (a read-only directory: compile, do not wait)
    if (!stale(path))
      return Claim::Other;
    std::remove(path.c_str()); // its process ended without releasing it
  }
  return Claim::None;
}

void release(const std::vector<int64_t> &key) {
  if (!directory().empty())
    std::remove(pathOf(fullKey(key), ".lock").c_str());
}

bool claimedByOther(const std::vector<int64_t> &key) {
  if (directory().empty())
    return false;
  std::string path = pathOf(fullKey(key), ".lock");
  if (access(path.c_str(), F_OK) != 0)
    return false;
  if (!stale(path))
    return true;
  std::remove(path.c_str());
  return false;
}

int64_t clear() {
  if (directory().empty())
    return 0;
  int64_t removed = 0;
  for (const ProgramFile &f : programFiles())
    removed += std::remove(f.path.c_str()) == 0;
  return removed;
}
} // namespace ptensor::diskcache
