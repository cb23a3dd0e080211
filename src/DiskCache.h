// Persistent cache of compiled programs (object code), shared by processes and MPI ranks.
//
// Directory: $PTENSOR_CACHE_DIR, else $XDG_CACHE_HOME/ptensor, else ~/.cache/ptensor;
// PTENSOR_CACHE_DIR set to "" or "off" disables it. One file per program, named by a hash of
// its key; the key is the plan's structural key plus a fingerprint of this build of ptensor
// (its shared library's bytes), LLVM's version and the host CPU. The file repeats the full key
// (a hash collision is detected, not trusted). Writers write a private temporary file and
// rename() it into place, so concurrent processes never see a partial file. Each file holds
// a checksum (xxh3) of its object code: a damaged, truncated or unreadable file is never
// loaded; it is removed and the program compiled again.
//
// Safety: the directory is created private (0700); one that another user owns or can write
// (a shared folder, a /tmp path) is refused with a warning on stderr (no disk cache), as its
// object code would run inside this process. Size: the programs are bounded by
// PTENSOR_CACHE_MAX_MB (default 1024, fractions allowed); a store removes the least recently used beyond it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptensor::diskcache {
/// The cache directory, or "" when the cache is disabled.
const std::string &directory();
/// Whether a program file exists for this key (not read: pt.explain).
bool contains(const std::vector<int64_t> &key);
/// Object code stored for this key, if any.
std::optional<std::string> load(const std::vector<int64_t> &key);
/// Stores object code for this key (best effort: errors are ignored).
void store(const std::vector<int64_t> &key, const std::string &object);

/// Compiling a program once per machine. A process that misses key claims it before compiling
/// (<hash>.lock, created exclusively, holding its host name and process id) and releases it
/// after storing the program; another process that misses the same key meanwhile waits for
/// the file instead of compiling it too (mpiexec's ranks reach each program together: on an
/// oversubscribed node every rank compiled every program). A claim whose process has ended
/// (same host) or that is older than kClaimSeconds is stale: removed, never waited for.
enum class Claim {
  None,  ///< no disk cache (or no lock file could be made): compile without a claim
  Mine,  ///< this process compiles it: release() after store()
  Other, ///< another live process compiles it: wait while claimedByOther(), then load()
};
constexpr int kClaimSeconds = 300;
Claim claim(const std::vector<int64_t> &key);
void release(const std::vector<int64_t> &key);
/// Whether another process's claim on key is live (a stale one is removed: false).
bool claimedByOther(const std::vector<int64_t> &key);

/// Removes every program file (*.ptc) of the directory; the number removed (pt.cache_clear).
/// Temporary files of writers in flight are left alone.
int64_t clear();
} // namespace ptensor::diskcache
