// pt.jit's traces (Trace.h): stages recorded while a function runs, replayed on new buffers.
#include "Trace.h"

#include "CustomCall.h"
#include "Jit.h"
#include "Plan.h"

#include <stdexcept>
#include <unordered_map>

namespace ptensor {
using Source = TraceSource;

namespace {
struct Recorder {
  std::shared_ptr<Trace> trace = std::make_shared<Trace>();
  std::vector<std::shared_ptr<Node>> args; ///< held: their nodes are never donated meanwhile
  std::unordered_map<const Node *, int> argIndex;
  std::unordered_map<uint64_t, std::pair<int, int>> outputs; ///< buffer tag -> (stage, root)
  std::string why;                                           ///< first taint
  uint64_t born = 0; ///< nodes made after this one were made while tracing
  bool noted = false; ///< a stage was noted and has not run yet
};
std::unique_ptr<Recorder> gRec;
uint64_t gTagSerial = 0;

Source sourceOf(const Recorder &r, const Node *leaf) {
  if (auto it = r.argIndex.find(leaf); it != r.argIndex.end())
    return {Source::Arg, it->second, 0};
  if (leaf->buf && leaf->buf->traceTag)
    if (auto it = r.outputs.find(leaf->buf->traceTag); it != r.outputs.end())
      return {Source::Output, it->second.first, it->second.second};
  return {Source::Constant, 0, 0};
}

std::shared_ptr<Node> copyOf(const Node &n) {
  auto c = std::make_shared<Node>();
  c->kind = n.kind;
  c->sub = n.sub;
  c->dtype = n.dtype;
  c->device = n.device;
  c->placed = n.placed;
  c->shape = n.shape;
  c->attrs = n.attrs;
  c->iargs = n.iargs;
  c->sargs = n.sargs;
  return c;
}
} // namespace

bool tracing() { return gRec != nullptr; }

void traceTaint(const std::string &why) {
  if (gRec && gRec->why.empty())
    gRec->why = why;
}

void traceWrite(const Node &n) {
  if (gRec && n.born < gRec->born && !gRec->argIndex.count(&n))
    traceTaint("it writes into an array made outside it that is not one of its arguments");
}

void beginTrace(const std::vector<std::shared_ptr<Node>> &args) {
  if (gRec)
    throw std::logic_error("ptensor: a trace is active already");
  materializeAll(); // the arguments become leaves; stages begin where an eager call's would
  gRec = std::make_unique<Recorder>();
  gRec->born = nextNodeSerial();
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i]->kind != Kind::Leaf)
      materializeAll(args[i]);
    gRec->args.push_back(args[i]);
    gRec->argIndex.emplace(args[i].get(), int(i)); // (an argument given twice: the first)
    const Node &a = *args[i];
    gRec->trace->argShapes.push_back({a.dtype, a.device, a.shape, a.buf->contiguous});
  }
}

void abortTrace() { gRec.reset(); }

void traceStage(const Plan &plan, bool hasPinned, bool internal) {
  if (!gRec)
    return;
  if (gRec->noted) // the stage noted before never ran
    traceTaint("a program it runs failed");
  if (!internal)
    traceTaint("it asks for values while it runs (bool(), float(), to_numpy(), sync(), "
               "printing, or a function that needs a size computed from values)");
  if (hasPinned)
    traceTaint("it runs collectives or side-effecting custom calls");
  if (!gRec->why.empty())
    return;
  TraceStage s;
  std::unordered_map<const Node *, Node *> copies;
  for (Node *n : plan.order) {
    auto c = copyOf(*n);
    for (auto &o : n->operands)
      c->operands.push_back(s.nodes[size_t(copies.at(o.get())->planId)]);
    c->planId = int(s.nodes.size());
    if (n->kind == Kind::Leaf)
      c->buf = n->buf;
    copies[n] = c.get();
    s.nodes.push_back(std::move(c));
  }
  s.plan = plan;
  for (auto *v : {&s.plan.order, &s.plan.leaves, &s.plan.roots})
    for (Node *&n : *v)
      n = copies.at(n);
  for (Node *l : plan.leaves) {
    Source src = sourceOf(*gRec, l);
    s.leaves.push_back(src);
    if (src.what != Source::Constant) // filled at each replay
      copies.at(l)->buf = nullptr;
  }
  for (int d : plan.donors)
    if (d >= 0 && s.leaves[size_t(d)].what != Source::Output)
      traceTaint("it writes into an array made from NumPy data inside the function");
  gRec->trace->stages.push_back(std::move(s));
  gRec->noted = true;
}

void traceStageRan(const std::vector<std::shared_ptr<Buffer>> &outs) {
  if (!gRec || !gRec->noted)
    return;
  gRec->noted = false;
  int stage = int(gRec->trace->stages.size()) - 1;
  for (size_t i = 0; i < outs.size(); ++i) {
    outs[i]->traceTag = ++gTagSerial;
    gRec->outputs[outs[i]->traceTag] = {stage, int(i)};
  }
}

std::shared_ptr<Trace> endTrace(const std::vector<std::shared_ptr<Handle>> &results,
                                std::string &why) {
  if (!gRec)
    throw std::logic_error("ptensor: no trace is active");
  std::unique_ptr<Recorder> rec;
  try {
    materializeAllInternal(); // the last stage (noted as internal)
  } catch (...) {
    gRec.reset();
    throw;
  }
  rec = std::move(gRec);
  if (rec->noted) // a stage that never ran (its program failed)
    rec->why = "a program it runs failed";
  why = rec->why;
  if (!why.empty())
    return nullptr;
  Trace &t = *rec->trace;
  for (auto &h : results) {
    if (h->node->kind != Kind::Leaf)
      throw std::logic_error("ptensor: a traced result was not materialized");
    Source src = sourceOf(*rec, h->node.get());
    t.results.push_back(src);
    t.resultLeaves.push_back(src.what == Source::Constant ? h->node : nullptr);
  }
  return rec->trace;
}

int64_t traceStages(const Trace &t) { return int64_t(t.stages.size()); }

std::vector<std::shared_ptr<Handle>> replayTrace(Trace &t,
                                                 const std::vector<std::shared_ptr<Handle>> &args) {
  if (args.size() != t.argShapes.size())
    throw std::invalid_argument("ptensor: a trace replayed with " + std::to_string(args.size()) +
                                " arguments, traced with " + std::to_string(t.argShapes.size()));
  std::vector<std::shared_ptr<Node>> in(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i]->node->kind != Kind::Leaf)
      materializeAll(args[i]->node);
    in[i] = args[i]->node;
    const Node &a = *in[i];
    const Trace::Arg &s = t.argShapes[i];
    if (a.dtype != s.dtype || a.device != s.device || a.shape != s.shape ||
        a.buf->contiguous != s.contiguous)
      throw std::invalid_argument("ptensor: argument " + std::to_string(i) +
                                  " differs from the traced one (dtype, shape, device or layout)");
  }
  std::vector<std::vector<std::shared_ptr<Buffer>>> outs(t.stages.size());
  auto bufferOf = [&](const Source &src) -> std::shared_ptr<Buffer> {
    if (src.what == Source::Arg)
      return in[size_t(src.index)]->buf;
    return outs[size_t(src.index)][size_t(src.root)];
  };
  for (size_t k = 0; k < t.stages.size(); ++k) {
    TraceStage &s = t.stages[k];
    auto release = [&] { // the stage's inputs are the caller's: not held after the call
      for (size_t i = 0; i < s.leaves.size(); ++i)
        if (s.leaves[i].what != Source::Constant)
          s.plan.leaves[i]->buf = nullptr;
    };
    try {
      for (size_t i = 0; i < s.leaves.size(); ++i)
        if (s.leaves[i].what != Source::Constant)
          s.plan.leaves[i]->buf = bufferOf(s.leaves[i]);
      std::vector<std::shared_ptr<Buffer>> &o = outs[k];
      for (size_t i = 0; i < s.plan.roots.size(); ++i) {
        const Node &r = *s.plan.roots[i];
        int d = s.plan.donors[i];
        o.push_back(d >= 0 ? s.plan.leaves[size_t(d)]->buf
                           : allocateBuffer(r.dtype, r.shape, s.plan.device));
      }
      resetCustomCallError(); // as materializeAll: a failed handler fails the call
      runPlan(s.plan, o, &s.memo);
      throwCustomCallError();
    } catch (...) {
      release();
      throw;
    }
    release();
  }
  std::vector<std::shared_ptr<Handle>> res;
  for (size_t i = 0; i < t.results.size(); ++i) {
    const Source &src = t.results[i];
    if (src.what == Source::Constant) {
      res.push_back(makeHandle(t.resultLeaves[i]));
    } else if (src.what == Source::Arg) {
      res.push_back(makeHandle(in[size_t(src.index)]));
    } else {
      const Node &r = *t.stages[size_t(src.index)].plan.roots[size_t(src.root)];
      auto n = std::make_shared<Node>();
      n->dtype = r.dtype;
      n->device = r.device;
      n->shape = r.shape;
      n->buf = bufferOf(src);
      res.push_back(makeHandle(std::move(n)));
    }
  }
  return res;
}
} // namespace ptensor
