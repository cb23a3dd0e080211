// pt.jit's core: the programs a Python function ran, recorded once and replayed with new
// argument buffers, without running the function's Python again.
//
// While a trace is active, every program that materialization runs is a stage: its plan is
// copied onto private nodes (the pending graph itself turns into leaves as it runs) and each
// plan leaf remembers where its buffer comes from: an argument, the result of an earlier
// stage (found by a tag on the buffers stages produce), or a constant (an array made outside
// the function, or from NumPy data inside it: its buffer at trace time, as jax.jit treats
// closures). Stages are the programs the eager run would run: long chains are cut where they
// repeat (Program.cpp), so a long loop replays as a few cached programs. What a replay
// cannot repeat taints the trace, and Python then calls the function every time: a
// materialization the function asked for (bool(), to_numpy(), sync(): its Python depends on
// values), reading an array's values, collectives and side-effecting custom calls (pinned
// nodes), and a program that failed.
#pragma once

#include "Plan.h"

#include <string>

namespace ptensor {
/// Where a stage leaf's (or a result's) buffer comes from at replay.
struct TraceSource {
  enum What : int8_t { Arg, Output, Constant } what = Constant;
  int index = 0; ///< Arg: the argument; Output: the stage
  int root = 0;  ///< Output: the root within that stage
};

struct ProgramMemo; // Jit.h

struct TraceStage {
  std::vector<std::shared_ptr<Node>> nodes; ///< private copies of the plan's nodes
  Plan plan;                                ///< over `nodes`
  std::vector<TraceSource> leaves;          ///< per plan leaf
  std::shared_ptr<ProgramMemo> memo;        ///< its program, found once (runPlan)
};

struct Trace {
  std::vector<TraceStage> stages;
  std::vector<TraceSource> results;
  std::vector<std::shared_ptr<Node>> resultLeaves; ///< per result: its node when Constant
  /// per argument as traced (a replay's arguments must match: the programs depend on them)
  struct Arg {
    DType dtype;
    int32_t device;
    std::vector<int64_t> shape;
    bool contiguous;
  };
  std::vector<Arg> argShapes;
};

/// Starts recording (materializing what is pending first, so the arguments are leaves and the
/// stages begin where an eager call's would). args: the function's array arguments.
void beginTrace(const std::vector<std::shared_ptr<Node>> &args);
/// Ends recording: materializes what is pending (the last stage) and returns the trace with
/// its results in the order given; or nullptr with `why` set where the trace is tainted. The
/// results' handles are leaves afterwards.
std::shared_ptr<Trace> endTrace(const std::vector<std::shared_ptr<Handle>> &results,
                                std::string &why);
/// Ends recording after the function raised (nothing is kept).
void abortTrace();
bool tracing();

/// Runs the trace's stages on new arguments (each as the trace's: dtype, shape, device and
/// contiguity; std::invalid_argument otherwise) and returns its results as new handles.
std::vector<std::shared_ptr<Handle>> replayTrace(Trace &t,
                                                 const std::vector<std::shared_ptr<Handle>> &args);
/// Programs a trace runs per replay.
int64_t traceStages(const Trace &t);

// Hooks (Program.cpp, Module.cpp): each does nothing unless a trace is active.
/// A program is about to run (after chooseDonors); `internal`: a cut of a long chain or the
/// trace's own last materialization (anything else is the function asking for values).
void traceStage(const Plan &plan, bool hasPinned, bool internal);
/// The stage just noted ran and wrote these buffers (its roots' new values).
void traceStageRan(const std::vector<std::shared_ptr<Buffer>> &outs);
/// Python writes into the array whose node is n (x[k] = v): a write into an array made
/// before the trace that is not an argument taints it (a side effect a replay would miss).
void traceWrite(const Node &n);
/// Something a replay cannot repeat happened.
void traceTaint(const std::string &why);
} // namespace ptensor
