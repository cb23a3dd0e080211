// The compile log (CompileLog.h): records, the reason a program is new, PTENSOR_LOG.
#include "CompileLog.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

namespace ptensor {
namespace {
uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ull; }
constexpr uint64_t kSeed = 1469598103934665603ull;

struct Log {
  std::vector<CompileRecord> records; ///< the last kCompileLogSize, oldest first
  /// Hashes of the programs seen at each level of detail (for the reason).
  std::unordered_set<uint64_t> kinds, typed, results, keys;
  bool print = [] {
    const char *e = std::getenv("PTENSOR_LOG");
    return e && *e && std::strcmp(e, "0") != 0;
  }();
};
void (*gListener)(const CompileRecord &) = nullptr;
Log &log() {
  static Log *l = new Log(); // never destroyed (programs may run at exit)
  return *l;
}
} // namespace

void noteCompile(const Plan &plan, double seconds, bool fromDisk,
                 std::vector<std::pair<std::string, double>> stages) {
  Log &l = log();
  // the program at growing levels of detail: its operations, with dtypes, with its results,
  // and the whole key
  uint64_t kinds = kSeed, typed = kSeed, results = kSeed, key = kSeed;
  int64_t operations = 0;
  for (const Node *n : plan.order) {
    if (n->kind == Kind::Leaf)
      continue;
    ++operations;
    // the operation, its static attributes (axes, op names) and its operands' positions
    uint64_t op = mix(mix(kSeed, uint64_t(n->kind)), uint64_t(n->sub));
    for (int64_t a : n->attrs)
      op = mix(op, uint64_t(a));
    for (const auto &o : n->operands)
      op = mix(op, uint64_t(o->planId));
    kinds = mix(kinds, op);
    typed = mix(mix(typed, op), uint64_t(n->dtype));
  }
  results = typed;
  for (const Node *r : plan.roots)
    results = mix(results, uint64_t(r->planId));
  for (int64_t v : plan.key)
    key = mix(key, uint64_t(v));
  CompileRecord rec;
  rec.program = key;
  rec.operations = operations;
  rec.inputs = int64_t(plan.leaves.size());
  rec.results = int64_t(plan.roots.size());
  rec.seconds = seconds;
  rec.fromDisk = fromDisk;
  rec.stages = std::move(stages);
  rec.reason = l.keys.count(key)      ? "evicted"
               : l.results.count(results) ? "new size pattern"
               : l.typed.count(typed)     ? "new results"
               : l.kinds.count(kinds)     ? "new dtypes"
                                          : "new structure";
  l.kinds.insert(kinds);
  l.typed.insert(typed);
  l.results.insert(results);
  l.keys.insert(key);
  if (l.records.size() == kCompileLogSize)
    l.records.erase(l.records.begin());
  l.records.push_back(rec);
  if (gListener)
    gListener(l.records.back());
  if (l.print) {
    std::string stageText;
    for (const auto &[name, s] : rec.stages) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s%s %.3f", stageText.empty() ? " (" : ", ", name.c_str(), s);
      stageText += buf;
    }
    if (!stageText.empty())
      stageText += ")";
    std::fprintf(stderr,
                 "ptensor: %s program %016llx (%lld operations, %lld inputs, %lld results) "
                 "in %.3f s%s: %s\n",
                 fromDisk ? "loaded" : "compiled", static_cast<unsigned long long>(key),
                 static_cast<long long>(operations), static_cast<long long>(rec.inputs),
                 static_cast<long long>(rec.results), seconds, stageText.c_str(),
                 rec.reason.c_str());
  }
}

const std::vector<CompileRecord> &compileLog() { return log().records; }
void setCompileListener(void (*listener)(const CompileRecord &)) { gListener = listener; }
} // namespace ptensor
