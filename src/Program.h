// The pending program: a DAG of recorded nodes. Shapes and dtypes are known when a node is
// recorded (Python computes and validates them); nothing runs until a materialization point.
#pragma once

#include "DType.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ptensor {

/// The kinds of node (their one table, with each kind's attrs layout: Kinds.def).
enum class Kind : int32_t {
#define PT_KIND(E, ...) E,
#include "Kinds.def"
};

/// What Kinds.def says of a kind besides its name in the enum.
enum class SubEnum : int8_t { None, Unary, UnaryTest, Binary, BinaryTest, Reduce };
enum class SizeArgs : int8_t { NoSizes, Shape, First, EyeShape, SliceSizes };
struct KindInfo {
  const char *name;   ///< recorded by this name ("": not recorded by name)
  SubEnum sub;        ///< the TableGen enum that names `sub`
  int teamAttr;       ///< position of a creation node's team in attrs, or -1
  SizeArgs sizes;     ///< which iargs are sizes
  bool collective;    ///< a Dist collective: pinned, every rank runs it in order
};
inline const KindInfo &kindInfo(Kind k) {
  static const KindInfo table[] = {
#define PT_KIND(E, name, sub, team, sizes, coll) {name, SubEnum::sub, team, SizeArgs::sizes, coll},
#include "Kinds.def"
  };
  return table[size_t(k)];
}

/// Memory owned by a materialized array: either malloc'ed by ptensor or a caller's buffer
/// (a NumPy array kept alive by `release`).
struct Buffer {
  char *data = nullptr;
  std::vector<int64_t> strides; // in elements
  bool contiguous = true;
  /// Allocated by ptensor (allocateBuffer), so a program may overwrite it in place when no one
  /// else can see it (see Plan::donors); a caller's NumPy buffer never is.
  bool ownedByPtensor = false;
  /// Set when a traced program (Trace.h) wrote it: which stage result it is.
  uint64_t traceTag = 0;
  std::function<void()> release;
  ~Buffer() {
    if (release)
      release();
  }
};

/// A runtime scalar argument of the compiled program (f64 or i64 in the function signature).
struct Scalar {
  bool isFloat;
  double f;
  int64_t i;
};

/// Nodes made so far (Node::born).
inline uint64_t nextNodeSerial() {
  static uint64_t n = 0;
  return ++n;
}

struct Node {
  Kind kind = Kind::Leaf;
  /// When it was made (a trace tells the arrays a function made from those made before it).
  uint64_t born = nextNodeSerial();
  int32_t sub = 0; ///< op kind within the class (TableGen enum value)
  DType dtype = DType::Float64;
  /// Where it is computed and stored: the index of its device's backend (Backend.h; 0: the
  /// host CPU). A node's operands are on its device; a plan's nodes share one device.
  int32_t device = 0;
  /// Created where the caller asked (device=...); without that, a pending computation from
  /// no data (a fill, arange, ...: how Python scalars become operands) is recomputed on the
  /// device of the arrays it is used with (Module.cpp, movable()).
  bool placed = false;
  std::vector<int64_t> shape;
  std::vector<std::shared_ptr<Node>> operands;
  std::vector<int64_t> attrs;  ///< static attributes: part of the cache key
  std::vector<int64_t> iargs;  ///< dynamic index arguments (sizes, offsets, strides)
  std::vector<Scalar> sargs;   ///< dynamic scalar arguments
  std::shared_ptr<Buffer> buf; ///< set when kind == Leaf
  uint64_t planEpoch = 0;      ///< makePlan bookkeeping: position in the plan being built
  int planId = -1;             ///< (valid while planEpoch is that plan's epoch)
  bool interrupted = false;    ///< its program was interrupted (Jit.h): it has no value

  int64_t size() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
};

/// A creation node (arange, create, linspace, eye) may carry a team: one attribute after its
/// own (linspace's endpoint), the team's handle; it then computes only this rank's block of
/// axis 0 (see IRBuilder and --lower-ptensor). The position of that attribute; -1 for other
/// kinds.
inline int teamAttrIndex(Kind k) { return kindInfo(k).teamAttr; }

/// Nodes of the Dist dialect: collectives, so they are pinned (see pinNode).
inline bool isDist(Kind k) { return kindInfo(k).collective; }

/// What Python holds. Only nodes reachable from live handles become program results.
struct Handle {
  std::shared_ptr<Node> node;
};

/// Strings in a node's attrs (custom_call): the length, then the bytes, 8 per word.
inline void packString(std::vector<int64_t> &attrs, const std::string &s) {
  attrs.push_back(int64_t(s.size()));
  for (size_t i = 0; i < s.size(); i += 8) {
    uint64_t w = 0;
    for (size_t j = 0; j < 8 && i + j < s.size(); ++j)
      w |= uint64_t(uint8_t(s[i + j])) << (8 * j);
    attrs.push_back(int64_t(w));
  }
}
inline std::string unpackString(const int64_t *&p) {
  std::string s(size_t(*p++), '\0');
  for (size_t i = 0; i < s.size(); ++i)
    s[i] = char(uint64_t(p[i / 8]) >> (8 * (i % 8)));
  p += (s.size() + 7) / 8;
  return s;
}

std::shared_ptr<Handle> makeHandle(std::shared_ptr<Node> n);
/// Runs every pending node still referenced from Python (and `want`); afterwards they are
/// all leaves.
void materializeAll(const std::shared_ptr<Node> &want = nullptr);
/// materializeAll() on ptensor's own behalf (a trace's last stage: Trace.h), not because
/// Python asked for values.
void materializeAllInternal();
/// Runs `n` with the next program even when no result needs it, after the nodes pinned before
/// it. Dist nodes are pinned: every rank must run the same collectives in the same order,
/// whatever each rank's local graph looks like.
void pinNode(std::shared_ptr<Node> n);
/// Runs the pending program now if it holds pinned nodes: called before a collective that
/// runs at once (outside compiled programs), so every rank issues its collectives in the
/// same order whenever each rank's pending program happens to run.
void runPinned();
/// Number of programs run so far (a value cached as a NodeRef is valid while it is unchanged).
int64_t programEpoch();
/// A node held without making it a result: a pending node referenced only by NodeRefs is
/// computed inside the program that needs it, never copied out (a per-program cache).
struct NodeRef {
  std::shared_ptr<Node> node;
};
/// Allocates an uninitialized contiguous buffer (MemoryError-style std::bad_alloc on failure).
std::shared_ptr<Buffer> allocateBuffer(DType d, const std::vector<int64_t> &shape,
                                       int device = 0);

struct CacheInfo {
  int64_t compiles = 0, hits = 0, runs = 0, diskHits = 0;
  int64_t diskWaits = 0; ///< programs another process compiled while this one waited for them
  int64_t evictions = 0; ///< compiled programs dropped from the bounded in-memory cache
  int64_t donations = 0; ///< results written in place into a donated leaf's buffer
  double compileSeconds = 0;
};
CacheInfo &cacheInfo();
/// What a record is, for cutting long chains where they repeat: op kind, dtype, shape,
/// attributes and index arguments (offsets, steps).
uint64_t recordSignature(int kind, int sub, int dtype, const std::vector<int64_t> &shape,
                         const std::vector<int64_t> &attrs = {},
                         const std::vector<int64_t> &iargs = {});
/// Counts records since the last materialization; past the limit, the record that begins a
/// repetition of the pending chain (or any, far past it) materializes first.
void notePendingRecord(uint64_t signature);
void setPendingLimit(int64_t n);
/// From now on long chains are cut at the limit only, never where they repeat: under MPI a
/// program may hold collectives, so every rank must cut at the same record, and signatures
/// hold local shapes, which differ between ranks.
void cutChainsAtLimit();
/// The records between beginCountedAs() and endCountedAs(weight) (nested: the outermost pair)
/// are counted as `weight` records and never cut apart: a group of cheap elementwise records
/// that should stay in one program with its consumers (pt.random's Philox rounds: about 110
/// records, one fused loop). The group ends with no cut; the next record may cut.
void beginCountedAs();
void endCountedAs(int64_t weight);
} // namespace ptensor
