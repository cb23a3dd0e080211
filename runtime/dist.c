/* The distributed runtime over MPI: a C ABI called by compiled programs (lowered dist ops,
 * through the _mlir_ciface_ wrappers) and by Python (ctypes, ptensor/_dist.py).
 *
 * A team is an MPI communicator passed as an int64 (its Fortran handle, MPI_Comm_c2f).
 * Partitions are described, never registered: an array is split along one axis of global
 * length L, and rank r owns the contiguous index range
 *     [clip(b_r(pb) - po), clip(e_r(pb) - po))        clip to [0, L)
 * where [b_r(n), e_r(n)) is the block partition of n rows over the P ranks. A new array has
 * pb = L, po = 0 (the plain block partition); a unit-step view a[s:s+L] of an array with
 * (pb, po) keeps its rows where they are: (pb, po + s). Every rank computes every partition
 * from these numbers, so no metadata is exchanged and nothing of size O(P) is stored per
 * array. The plan of an exchange (its peers and ranges) is cached, see planFor.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include "ptensor_runtime.h"

#include <mpi.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int64_t i64;

/* ---------------------------------------------------------------- partitions */

static i64 clampi(i64 v, i64 lo, i64 hi) { return v < lo ? lo : v > hi ? hi : v; }
static i64 floordiv(i64 a, i64 b) { /* b > 0 */
  i64 q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}
static i64 ceildiv(i64 a, i64 b) { return -floordiv(-a, b); }

static void block(i64 n, i64 P, i64 r, i64 *b, i64 *e) {
  i64 q = n / P, m = n % P;
  *b = r * q + (r < m ? r : m);
  *e = *b + q + (r < m);
}

/* Rows [lo, hi) of an array of partition (pb, po, L) owned by rank r. */
void ptensor_dist_owned(i64 P, i64 r, i64 pb, i64 po, i64 L, i64 *lo, i64 *hi) {
  i64 b, e;
  block(pb, P, r, &b, &e);
  *lo = clampi(b - po, 0, L);
  *hi = clampi(e - po, 0, L);
}

/* {i in [0, n) : lo <= a + s*i < hi} as [*i0, *i1) (s != 0). */
static void preimage(i64 a, i64 s, i64 lo, i64 hi, i64 n, i64 *i0, i64 *i1) {
  i64 x0, x1;
  if (lo >= hi) {
    *i0 = *i1 = 0;
    return;
  }
  if (s > 0) {
    x0 = ceildiv(lo - a, s);
    x1 = ceildiv(hi - a, s);
  } else {
    x0 = floordiv(a - hi, -s) + 1;
    x1 = floordiv(a - lo, -s) + 1;
  }
  *i0 = clampi(x0, 0, n);
  *i1 = clampi(x1, 0, n);
  if (*i1 < *i0)
    *i1 = *i0;
}

/* A repartition moves the n items i = 0..n-1 along one axis. Item i is source row
 * sa + ss*i of an array partitioned as (spb, spo, sL), and target row ta + ts*i of the
 * partition (tpb, tpo, tL); a rank receives every item whose target row lies in its own
 * range widened by hl rows below and hh rows above (halos; an empty range stays empty).
 * Rows here are units of su (source) and tu (target) partition rows: rank r owns source
 * rows [su * lo, su * hi) when it owns rows [lo, hi) of (spb, spo, sL), likewise for the
 * target. With su = tu = 1 rows are partition rows; a reshape that regroups the split axis
 * moves the flattened arrays (su, tu = elements per row of the source and the result). */
typedef pt_move_spec Spec; /* (ptensor_runtime.h; Python: ptensor._dist.Move) */
enum { SPEC_WORDS = sizeof(Spec) / sizeof(i64) };

static void srcItems(const Spec *s, i64 P, i64 q, i64 *i0, i64 *i1) {
  i64 lo, hi;
  ptensor_dist_owned(P, q, s->spb, s->spo, s->sL, &lo, &hi);
  preimage(s->sa, s->ss, lo * s->su, hi * s->su, s->n, i0, i1);
}

static void dstItems(const Spec *s, i64 P, i64 r, i64 *i0, i64 *i1) {
  i64 lo, hi;
  ptensor_dist_owned(P, r, s->tpb, s->tpo, s->tL, &lo, &hi);
  lo *= s->tu;
  hi *= s->tu;
  if (lo < hi) {
    lo = clampi(lo - s->hl, 0, s->tL * s->tu);
    hi = clampi(hi + s->hh, 0, s->tL * s->tu);
  }
  preimage(s->ta, s->ts, lo, hi, s->n, i0, i1);
}

/* The items rank r receives, [out[0], out[1]); its local result holds them in that order. */
void ptensor_dist_items(i64 P, i64 r, const i64 *spec, i64 *out) {
  dstItems((const Spec *)spec, P, r, &out[0], &out[1]);
}

/* Whether a repartition moves anything between ranks: 1 if some rank needs an item that
 * another rank owns. Python calls this (O(P), no communication) to decide, identically on
 * every rank, whether a program needs a dist.repartition at all. */
int ptensor_dist_needs_exchange(i64 P, const i64 *spec) {
  const Spec *s = (const Spec *)spec;
  for (i64 r = 0; r < P; ++r) {
    i64 d0, d1, s0, s1;
    dstItems(s, P, r, &d0, &d1);
    srcItems(s, P, r, &s0, &s1);
    if (d0 < d1 && (d0 < s0 || d1 > s1))
      return 1;
  }
  return 0;
}

/* The halo widths (out[0] below, out[1] above, in items) that make every rank's own source
 * items, widened, cover the items it receives; -1 when widening cannot work (a rank that
 * receives items but owns none of the source). */
void ptensor_dist_halo_need(i64 P, const i64 *spec, i64 *out) {
  const Spec *s = (const Spec *)spec;
  out[0] = out[1] = 0;
  for (i64 r = 0; r < P; ++r) {
    i64 d0, d1, s0, s1;
    dstItems(s, P, r, &d0, &d1);
    srcItems(s, P, r, &s0, &s1);
    if (d0 >= d1)
      continue;
    if (s0 >= s1) {
      out[0] = out[1] = -1;
      return;
    }
    if (s0 - d0 > out[0])
      out[0] = s0 - d0;
    if (d1 - s1 > out[1])
      out[1] = d1 - s1;
  }
}

/* Rows owned by each rank (out[P]) of the partition (pb, po, L). */
void ptensor_dist_counts(i64 P, i64 pb, i64 po, i64 L, i64 *out) {
  for (i64 r = 0; r < P; ++r) {
    i64 lo, hi;
    ptensor_dist_owned(P, r, pb, po, L, &lo, &hi);
    out[r] = hi - lo;
  }
}

/* ---------------------------------------------------------------- strided rows */

/* The memref descriptor of MLIR's C interface, unranked form (ptensor_runtime.h). */
typedef pt_unranked Unranked;
typedef struct {
  char *data;
  i64 rank, elem, sizes[16], strides[16]; /* strides in bytes */
} View;

static View viewOf(const Unranked *u, i64 elem) {
  View v;
  void **d = (void **)u->desc;
  const i64 *meta = (const i64 *)(d + 2);
  v.rank = u->rank;
  v.elem = elem;
  v.data = (char *)d[1] + meta[0] * elem;
  for (i64 k = 0; k < v.rank; ++k) {
    v.sizes[k] = meta[1 + k];
    v.strides[k] = meta[1 + v.rank + k] * elem;
  }
  return v;
}

/* Copies the slab of index j along `axis` between a view and a packed buffer. */
static void slabCopy(char *p, const View *v, int axis, int k, char **buf, int pack) {
  if (k == v->rank) {
    if (pack)
      memcpy(*buf, p, v->elem);
    else
      memcpy(p, *buf, v->elem);
    *buf += v->elem;
    return;
  }
  if (k == axis) {
    slabCopy(p, v, axis, k + 1, buf, pack);
    return;
  }
  /* innermost contiguous run: one memcpy */
  if (k == v->rank - 1 && v->strides[k] == v->elem) {
    i64 bytes = v->sizes[k] * v->elem;
    if (pack)
      memcpy(*buf, p, bytes);
    else
      memcpy(p, *buf, bytes);
    *buf += bytes;
    return;
  }
  for (i64 i = 0; i < v->sizes[k]; ++i)
    slabCopy(p + i * v->strides[k], v, axis, k + 1, buf, pack);
}

static i64 slabBytes(const View *v, int axis) {
  i64 n = v->elem;
  for (i64 k = 0; k < v->rank; ++k)
    if (k != axis)
      n *= v->sizes[k];
  return n;
}

/* rows[j] for local rows (first + step*t), t = 0..count-1, packed or unpacked in order. */
static void rowsCopy(const View *v, int axis, i64 first, i64 step, i64 count, char *buf, int pack) {
  for (i64 t = 0; t < count; ++t) {
    char *p = v->data + (first + step * t) * v->strides[axis];
    slabCopy(p, v, axis, 0, &buf, pack);
  }
}

/* Copies slab j of a into slab k of b (same shapes apart from the axis). */
static void slabToSlab(char *pa, char *pb, const View *a, const View *b, int axis, int k) {
  if (k == a->rank) {
    memcpy(pb, pa, a->elem);
    return;
  }
  if (k == axis) {
    slabToSlab(pa, pb, a, b, axis, k + 1);
    return;
  }
  if (k == a->rank - 1 && a->strides[k] == a->elem && b->strides[k] == b->elem) {
    memcpy(pb, pa, a->sizes[k] * a->elem);
    return;
  }
  for (i64 i = 0; i < a->sizes[k]; ++i)
    slabToSlab(pa + i * a->strides[k], pb + i * b->strides[k], a, b, axis, k + 1);
}

/* count rows from a (first, step) to b (first2, step 1) without a staging buffer. */
static void rowsToRows(const View *a, const View *b, int axis, i64 first, i64 step, i64 first2,
                       i64 count) {
  for (i64 t = 0; t < count; ++t)
    slabToSlab(a->data + (first + step * t) * a->strides[axis],
               b->data + (first2 + t) * b->strides[axis], a, b, axis, 0);
}

/* ---------------------------------------------------------------- statistics */

static i64 gBytesSent = 0, gMessages = 0, gPlansBuilt = 0, gPlansReused = 0;
static i64 gInFlight = 0, gConcurrent = 0;
/* out: bytes sent, messages sent, repartition plans built, plans reused from the cache,
 * exchanges started while another was in flight */
void ptensor_dist_stats(i64 *out) {
  out[0] = gBytesSent;
  out[1] = gMessages;
  out[2] = gPlansBuilt;
  out[3] = gPlansReused;
  out[4] = gConcurrent;
}

/* ---------------------------------------------------------------- teams */

static MPI_Comm comm(i64 team) { return MPI_Comm_f2c((MPI_Fint)team); }

/* ---------------------------------------------------------------- watched waits
 *
 * A rank that ends early (sys.exit, the end of a script that skipped work the others do) must
 * not leave the others blocked in a collective it never joins. Every rank counts the
 * collectives it starts on the world team; at its end it sends that count to every other rank
 * (an exit notice, on a private duplicate of the world communicator) and waits for theirs
 * before MPI_Finalize. Every wait of this runtime polls (MPI_Test*: what MPI's blocking calls
 * do inside) and, every few hundred polls, receives notices: a world collective numbered
 * beyond a rank's final count never completes, so the waiting rank reports it and ends every
 * rank (MPI_Abort). Waits on other teams and point-to-point waits end every rank when a
 * notice came and they have not completed 2 seconds later.
 *
 * Checking mode (PTENSOR_CHECK_RANKS=1; the tests run with it): before each collective the
 * ranks compare a signature (one allreduce of 16 bytes): Python folds every distributed
 * operation it records (function, global shapes, dtypes) into it, so ranks whose programs
 * differ (a branch on the rank, shapes that differ between ranks) stop at their first
 * collective with the same message on every rank instead of hanging or computing wrong values.
 */
enum { TAG_EXIT = 4242 };
static MPI_Comm gNotice = MPI_COMM_NULL;
static int gWorldP = 1, gWorldMe = 0, gCheck = 0, gChecking = 0;
static i64 gWorldSeq = 0;   /* world collectives this rank started */
static i64 *gExited = NULL; /* per world rank: its final count, -1 while it runs */
static double gFirstNotice = 0;
static i64 gSignature = 0;

void ptensor_dist_set_signature(i64 sig) { gSignature = sig; }
int ptensor_dist_checking(void) { return gCheck; }

static void receiveNotices(void) {
  for (;;) {
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, TAG_EXIT, gNotice, &flag, &st);
    if (!flag)
      return;
    i64 count = 0;
    MPI_Recv(&count, 1, MPI_INT64_T, st.MPI_SOURCE, TAG_EXIT, gNotice, MPI_STATUS_IGNORE);
    gExited[st.MPI_SOURCE] = count;
    if (gFirstNotice == 0)
      gFirstNotice = MPI_Wtime();
  }
}

/* MPI_Abort after a report: the launcher tears the job down at once, and under load it loses
 * reports still in the pipe to it (they never reach stderr); 0.2 s lets it forward them. */
static void abortAfterReport(MPI_Comm c, int code) {
  struct timespec pause = {0, 200 * 1000 * 1000};
  nanosleep(&pause, NULL);
  MPI_Abort(c, code);
}

static void endEveryRank(const char *msg) {
  fprintf(stderr, "ptensor: rank %d: %s; ending every rank\n", gWorldMe, msg);
  fflush(stderr);
  abortAfterReport(MPI_COMM_WORLD, 1);
}

/* Ends every rank when a rank that ended will never join this wait (see above). */
static void checkNotices(MPI_Comm c, i64 seq) {
  receiveNotices();
  for (int r = 0; r < gWorldP; ++r) {
    if (gExited[r] < 0)
      continue;
    char msg[256];
    if (c == MPI_COMM_WORLD && seq > gExited[r]) {
      snprintf(msg, sizeof msg,
               "rank %d ended its program after %lld collectives while this rank waits in "
               "collective %lld of the world team, which rank %d never joins",
               r, (long long)gExited[r], (long long)seq, r);
      endEveryRank(msg);
    }
    if (c != MPI_COMM_WORLD && MPI_Wtime() - gFirstNotice > 2.0) {
      snprintf(msg, sizeof msg,
               "rank %d ended its program and this rank's wait did not complete within 2 s "
               "(a collective or exchange the ended rank never joins)", r);
      endEveryRank(msg);
    }
  }
}

/* A poll that found the wait not done, `waited` seconds into it. On dedicated cores the
 * rank spins (MPI's shared-memory transfers move while both sides poll). Ranks oversubscribed
 * on fewer cores (more ranks on this node than it has cores: mpiexec -n 3 on 2 cores,
 * as the tests run) leave the cores to the rank that is late (it computes or compiles)
 * instead of spinning against it, as Open MPI's yield_when_idle does: after 100 us of
 * spinning the rank yields its core at every poll; after 1 ms it sleeps between polls, a
 * sixteenth of the time it has waited so far, at most 250 us (a poll of MPICH's UCX device
 * costs ~20 us: a rank waiting long uses ~10% of a core, not all of it). Jobs that share the
 * cores without this job knowing (two mpiexec side by side, as scripts/test.sh runs its
 * suites) set PTENSOR_YIELD_WAITS=1; =0 spins whatever the count. */
static int gOversubscribed = 0;
static void backOff(double waited) {
  if (!gOversubscribed || waited < 1e-4)
    return;
  if (waited < 1e-3) {
    sched_yield();
    return;
  }
  double pause = waited / 16 < 2.5e-4 ? waited / 16 : 2.5e-4;
  struct timespec ts = {0, (long)(pause * 1e9)};
  nanosleep(&ts, NULL);
}

/* Waits for n requests of an operation on c (seq: its world collective number, or 0). */
static void waitAll(MPI_Comm c, i64 seq, int n, MPI_Request *reqs) {
  if (gWorldP == 1 || gNotice == MPI_COMM_NULL) {
    MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
    return;
  }
  double start = 0;
  for (unsigned long k = 0;; ++k) {
    int done = 0;
    MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE);
    if (done)
      return;
    if ((k & 255) == 255)
      checkNotices(c, seq);
    if (k == 0)
      start = MPI_Wtime();
    else
      backOff(MPI_Wtime() - start);
  }
}
static void wait1(MPI_Comm c, i64 seq, MPI_Request *req) { waitAll(c, seq, 1, req); }

/* A collective of this runtime: `call` starts MPI's nonblocking form into `req`. */
#define collective(c, call)                                                                   \
  do {                                                                                        \
    MPI_Request req;                                                                          \
    i64 seq_ = beginCollective(c);                                                            \
    call;                                                                                     \
    wait1(c, seq_, &req);                                                                     \
  } while (0)

static i64 beginCollective(MPI_Comm c);

/* The signature check of checking mode (an allreduce of {sig, -sig} with MIN). */
static void checkSignature(MPI_Comm c) {
  i64 v[2] = {gSignature, -gSignature};
  MPI_Request req;
  gChecking = 1;
  i64 seq = beginCollective(c);
  MPI_Iallreduce(MPI_IN_PLACE, v, 2, MPI_INT64_T, MPI_MIN, c, &req);
  wait1(c, seq, &req);
  gChecking = 0;
  if (v[0] != -v[1]) {
    char msg[320];
    snprintf(msg, sizeof msg,
             "the ranks ran different distributed programs (this rank's signature %016llx; "
             "another's differs): a branch on the rank around a distributed operation, or "
             "arrays of different shapes on different ranks; each rank must record the same "
             "distributed operations on the same global shapes",
             (unsigned long long)gSignature);
    endEveryRank(msg);
  }
}

/* Counts a collective on c (its number on the world team, 0 for other teams); in checking
 * mode the ranks first compare their signatures. */
static i64 beginCollective(MPI_Comm c) {
  if (gCheck && !gChecking)
    checkSignature(c);
  return c == MPI_COMM_WORLD ? ++gWorldSeq : 0;
}

/* At the end of this rank's program: a notice to every other rank, then their notices. */
static void exitNotices(void) {
  if (gWorldP == 1 || gNotice == MPI_COMM_NULL)
    return;
  MPI_Request *reqs = malloc((size_t)gWorldP * sizeof *reqs);
  int n = 0;
  for (int r = 0; r < gWorldP; ++r)
    if (r != gWorldMe)
      MPI_Isend(&gWorldSeq, 1, MPI_INT64_T, r, TAG_EXIT, gNotice, &reqs[n++]);
  for (;;) {
    receiveNotices();
    int all = 1;
    for (int r = 0; r < gWorldP; ++r)
      all &= r == gWorldMe || gExited[r] >= 0;
    if (all)
      break;
    struct timespec ms = {0, 1000000};
    nanosleep(&ms, NULL);
  }
  MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
  free(reqs);
}

/* The node's cores (online; as ptensor/_dist.py shares them among the node's ranks: an
 * affinity mask would count one core for a rank bound to it). */
static int nodeCores(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

int ptensor_dist_init(void) {
  int ok = 0;
  MPI_Initialized(&ok);
  if (!ok) {
    int provided;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
      return 1;
  }
  if (gNotice == MPI_COMM_NULL) {
    MPI_Comm_size(MPI_COMM_WORLD, &gWorldP);
    MPI_Comm_rank(MPI_COMM_WORLD, &gWorldMe);
    MPI_Comm_dup(MPI_COMM_WORLD, &gNotice);
    gExited = malloc((size_t)gWorldP * sizeof *gExited);
    for (int r = 0; r < gWorldP; ++r)
      gExited[r] = -1;
    const char *e = getenv("PTENSOR_CHECK_RANKS");
    gCheck = e && *e && strcmp(e, "0") != 0;
    MPI_Comm node;
    int onNode = 1;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node) ==
        MPI_SUCCESS) {
      MPI_Comm_size(node, &onNode);
      MPI_Comm_free(&node);
    }
    gOversubscribed = onNode > nodeCores();
    const char *y = getenv("PTENSOR_YIELD_WAITS"); /* 1: back off, 0: spin; unset: as above */
    if (y && *y)
      gOversubscribed = strcmp(y, "0") != 0;
  }
  return 0;
}
void ptensor_dist_finalize(void) {
  int ok = 0, done = 0;
  MPI_Initialized(&ok);
  MPI_Finalized(&done);
  if (ok && !done) {
    exitNotices();
    MPI_Finalize();
  }
}
i64 ptensor_dist_world(void) { return (i64)MPI_Comm_c2f(MPI_COMM_WORLD); }
int ptensor_dist_size(i64 team) {
  int n;
  MPI_Comm_size(comm(team), &n);
  return n;
}
int ptensor_dist_rank(i64 team) {
  int r;
  MPI_Comm_rank(comm(team), &r);
  return r;
}
void ptensor_dist_barrier(i64 team) {
  MPI_Comm c = comm(team);
  MPI_Request req;
  i64 seq = beginCollective(c);
  MPI_Ibarrier(c, &req);
  wait1(c, seq, &req);
}
/* This rank's block of n rows over team: its first row (end = 0) or one past its last
 * (end = 1). Called by compiled code for dist.local_shape / dist.local_slice. */
i64 ptensor_dist_block(i64 team, i64 n, i64 end) {
  i64 b, e;
  block(n, ptensor_dist_size(team), ptensor_dist_rank(team), &b, &e);
  return end ? e : b;
}
/* A new team of the ranks of `team` with the same color, ordered by key (MPI_Comm_split;
 * collective over `team`). Teams are never freed: they live as long as the process. */
i64 ptensor_dist_split(i64 team, int color, int key) {
  MPI_Comm out;
  MPI_Comm_split(comm(team), color, key, &out);
  return (i64)MPI_Comm_c2f(out);
}
void ptensor_dist_abort(i64 team, int code) { abortAfterReport(comm(team), code); }

/* ---------------------------------------------------------------- repartition */

/* The metadata of one exchange: which ranks this rank receives items from and sends items
 * to (only those that share items with it: its neighbours, for a halo), the item ranges, and
 * a message buffer for each. It depends only on (P, rank, spec, bytes per item, ghostsOnly),
 * so a loop that repeats an exchange (a halo per step) builds it once: the O(P) scan of
 * every rank's ranges and the buffer allocations are not repeated. */
typedef struct Plan {
  i64 key[4 + SPEC_WORDS]; /* P, rank, bytes per item, ghostsOnly, then the spec */
  i64 slo, my0, my1, own0, own1;
  int nrecv, nreq, keep; /* keep: the buffers stay allocated between calls */
  int busy, orphan;      /* in flight (started, not waited); evicted while in flight */
  int *peer;
  i64 *first, *count;
  char **bufs;
  MPI_Request *reqs;
  struct Plan *next;
} Plan;

/* At most PLAN_CACHE plans; a plan keeps its message buffers only while they total at most
 * PLAN_KEEP_BYTES (halos), larger moves (repartitions of whole arrays) allocate per call. */
enum { PLAN_CACHE = 64, PLAN_KEEP_BYTES = 4 << 20 };
static Plan *gPlans = NULL; /* most recently used first */

static void planFree(Plan *pl) {
  for (int k = 0; k < pl->nreq; ++k)
    free(pl->bufs[k]);
  free(pl->peer);
  free(pl->first);
  free(pl->count);
  free(pl->bufs);
  free(pl->reqs);
  free(pl);
}

/* Appends to the plan every other rank q whose items (items(s, P, q)) meet [lo, hi), with
 * the first item and count of the intersection. */
static void addPeers(Plan *pl, int *cap, const Spec *s, int P, int me,
                     void (*items)(const Spec *, i64, i64, i64 *, i64 *), i64 lo, i64 hi) {
  for (int q = 0; q < P; ++q) {
    i64 a0, a1;
    items(s, P, q, &a0, &a1);
    a0 = a0 > lo ? a0 : lo;
    a1 = a1 < hi ? a1 : hi;
    if (q == me || a0 >= a1)
      continue;
    if (pl->nreq == *cap) {
      *cap = *cap ? 2 * *cap : 4;
      pl->peer = realloc(pl->peer, *cap * sizeof *pl->peer);
      pl->first = realloc(pl->first, *cap * sizeof *pl->first);
      pl->count = realloc(pl->count, *cap * sizeof *pl->count);
      pl->bufs = realloc(pl->bufs, *cap * sizeof *pl->bufs);
    }
    pl->peer[pl->nreq] = q;
    pl->first[pl->nreq] = a0;
    pl->count[pl->nreq++] = a1 - a0;
  }
}

static Plan *planBuild(const i64 *key, const Spec *s, int P, int me, i64 slab) {
  Plan *pl = calloc(1, sizeof *pl);
  memcpy(pl->key, key, sizeof pl->key);
  i64 shi;
  ptensor_dist_owned(P, me, s->spb, s->spo, s->sL, &pl->slo, &shi);
  pl->slo *= s->su; /* the first source row this rank holds, in items' units */
  dstItems(s, P, me, &pl->my0, &pl->my1);
  srcItems(s, P, me, &pl->own0, &pl->own1);
  int cap = 0;
  /* receives: items of mine (my0..my1) that rank q owns; sends: items I own that rank r
   * receives */
  addPeers(pl, &cap, s, P, me, srcItems, pl->my0, pl->my1);
  pl->nrecv = pl->nreq;
  addPeers(pl, &cap, s, P, me, dstItems, pl->own0, pl->own1);
  i64 total = 0;
  for (int k = 0; k < pl->nreq; ++k)
    total += pl->count[k] * slab;
  pl->keep = total <= PLAN_KEEP_BYTES;
  for (int k = 0; k < pl->nreq; ++k)
    pl->bufs[k] = pl->keep ? malloc((size_t)(pl->count[k] * slab)) : NULL;
  pl->reqs = malloc((pl->nreq ? pl->nreq : 1) * sizeof *pl->reqs);
  return pl;
}

/* The plan for this exchange: from the cache (moved to its front) or built and put in front
 * (the least recently used beyond PLAN_CACHE is freed). */
static Plan *planFor(const Spec *s, int P, int me, i64 slab, int ghostsOnly) {
  i64 key[4 + SPEC_WORDS] = {P, me, slab, ghostsOnly};
  memcpy(key + 4, s, sizeof *s);
  for (Plan **pp = &gPlans; *pp; pp = &(*pp)->next) {
    Plan *pl = *pp;
    if (memcmp(pl->key, key, sizeof key) == 0) {
      *pp = pl->next;
      pl->next = gPlans;
      gPlans = pl;
      ++gPlansReused;
      return pl;
    }
  }
  Plan *pl = planBuild(key, s, P, me, slab);
  pl->next = gPlans;
  gPlans = pl;
  ++gPlansBuilt;
  Plan *last = gPlans;
  for (int n = 1; n < PLAN_CACHE && last->next; ++n)
    last = last->next;
  for (Plan *rest = last->next, *nx; rest; rest = nx) {
    nx = rest->next;
    if (rest->busy)
      rest->orphan = 1; /* freed by its wait */
    else
      planFree(rest);
  }
  last->next = NULL;
  return pl;
}

static int debugOn(void) {
  static int on = -1;
  if (on < 0)
    on = getenv("PTENSOR_DIST_DEBUG") != NULL;
  return on;
}

/* Moves items from each rank's `src` (its rows of the source partition) into `dst` (its
 * items, in item order) along `axis`. Point-to-point, non-blocking: only pairs that share
 * items exchange a message (a halo update talks to neighbours only). Split in two so that
 * compiled code can work between them (--dist-to-runtime places the wait right before the
 * result's first use): repartitionStart posts the receives, packs and sends this rank's
 * items (the source is not read after it returns) and copies the rank's own items;
 * repartitionWait completes the messages and unpacks the received items into `dst`, which
 * must stay untouched in between. Exchanges may overlap: one whose plan is in flight gets a
 * private plan. */
typedef struct {
  Plan *pl;
  int own; /* pl is private to this exchange (its cached twin was in flight) */
  View dv;
  int axis;
  i64 my0, a1, skip;
} Pending;

static Pending *repartitionStart(i64 team, const Unranked *src, const Unranked *dst, i64 elem,
                                 i64 axis, const i64 *spec, int ghostsOnly) {
  const Spec *s = (const Spec *)spec;
  MPI_Comm c = comm(team);
  int P, me;
  MPI_Comm_size(c, &P);
  MPI_Comm_rank(c, &me);
  View sv = viewOf(src, elem);
  Pending *q = malloc(sizeof *q);
  q->dv = viewOf(dst, elem);
  q->axis = (int)axis;
  i64 slab = slabBytes(&sv, (int)axis);
  Plan *pl = planFor(s, P, me, slab, ghostsOnly);
  q->own = pl->busy;
  if (q->own)
    pl = planBuild(pl->key, s, P, me, slab);
  pl->busy = 1;
  q->pl = pl;
  gConcurrent += gInFlight > 0;
  ++gInFlight;
  if (debugOn())
    fprintf(stderr, "[%d] repartition n=%ld src(%ld,%ld,%ld,%ld,%ld) dst(%ld,%ld,%ld,%ld,%ld,%ld,%ld) units %ld/%ld recv [%ld,%ld) own [%ld,%ld) slab %ld%s\n",
            me, (long)s->n, (long)s->spb, (long)s->spo, (long)s->sL, (long)s->sa, (long)s->ss,
            (long)s->tpb, (long)s->tpo, (long)s->tL, (long)s->ta, (long)s->ts, (long)s->hl,
            (long)s->hh, (long)s->su, (long)s->tu, (long)pl->my0, (long)pl->my1, (long)pl->own0, (long)pl->own1,
            (long)slab, q->own ? " (private plan)" : "");
  if (!pl->keep)
    for (int k = 0; k < pl->nreq; ++k)
      pl->bufs[k] = malloc((size_t)(pl->count[k] * slab));
  for (int k = 0; k < pl->nrecv; ++k)
    MPI_Irecv(pl->bufs[k], (int)(pl->count[k] * slab), MPI_BYTE, pl->peer[k], 7, c,
              &pl->reqs[k]);
  for (int k = pl->nrecv; k < pl->nreq; ++k) {
    rowsCopy(&sv, (int)axis, s->sa + s->ss * pl->first[k] - pl->slo, s->ss, pl->count[k],
             pl->bufs[k], 1);
    MPI_Isend(pl->bufs[k], (int)(pl->count[k] * slab), MPI_BYTE, pl->peer[k], 7, c,
              &pl->reqs[k]);
    gBytesSent += pl->count[k] * slab;
    gMessages += 1;
  }
  /* own items, while the messages travel (ghostsOnly: not part of the result, whose items
   * after the own ones move down by their number) */
  i64 my0 = pl->my0, a0 = pl->own0 > my0 ? pl->own0 : my0;
  i64 a1 = pl->own1 < pl->my1 ? pl->own1 : pl->my1, skip = 0;
  if (a0 < a1) {
    if (ghostsOnly)
      skip = a1 - a0;
    else
      rowsToRows(&sv, &q->dv, (int)axis, s->sa + s->ss * a0 - pl->slo, s->ss, a0 - my0, a1 - a0);
  }
  q->my0 = my0;
  q->a1 = a1;
  q->skip = skip;
  return q;
}

static void repartitionWait(Pending *q) {
  Plan *pl = q->pl;
  if (pl->nreq)
    waitAll(MPI_COMM_NULL, 0, pl->nreq, pl->reqs); /* point to point */
  for (int k = 0; k < pl->nrecv; ++k)
    rowsCopy(&q->dv, q->axis, pl->first[k] - q->my0 - (pl->first[k] >= q->a1 ? q->skip : 0), 1,
             pl->count[k], pl->bufs[k], 0);
  if (!pl->keep)
    for (int k = 0; k < pl->nreq; ++k) {
      free(pl->bufs[k]);
      pl->bufs[k] = NULL;
    }
  pl->busy = 0;
  --gInFlight;
  if (q->own || pl->orphan)
    planFree(pl);
  free(q);
}

/* Completes an exchange begun by a compiled program's ptensor_dist_repartition_start_<t>. */
void ptensor_dist_repartition_wait(i64 handle) { repartitionWait((Pending *)(intptr_t)handle); }

/* ---------------------------------------------------------------- reductions */

enum { K_SUM = 0, K_PROD = 1, K_MIN = 2, K_MAX = 3 };

/* min/max as user ops: floats propagate NaN like NumPy (MPI_MIN/MPI_MAX compare with < and
 * drop it), and MPICH 4.0.2 compares unsigned 64-bit integers as signed (its max of 2^63+5
 * and 3 is 3), so unsigned types get their own ops too. */
#define MINMAX(NAME, T, CMP)                                                                     \
  static void NAME(void *in, void *inout, int *len, MPI_Datatype *dt) {                         \
    (void)dt;                                                                                    \
    T *a = (T *)in, *b = (T *)inout;                                                             \
    for (int i = 0; i < *len; ++i)                                                               \
      if (a[i] != a[i] || (b[i] == b[i] && a[i] CMP b[i]))                                       \
        b[i] = a[i];                                                                             \
  }
MINMAX(minF64, double, <)
MINMAX(maxF64, double, >)
MINMAX(minF32, float, <)
MINMAX(maxF32, float, >)
MINMAX(minU64, uint64_t, <)
MINMAX(maxU64, uint64_t, >)
MINMAX(minU32, uint32_t, <)
MINMAX(maxU32, uint32_t, >)
MINMAX(minU16, uint16_t, <)
MINMAX(maxU16, uint16_t, >)
MINMAX(minU8, uint8_t, <)
MINMAX(maxU8, uint8_t, >)

/* code: 0 f64, 1 f32, 2 i64, 3 i32, 4 i16, 5 i8, 6 u64, 7 u32, 8 u16, 9 u8 / bool,
 * 10 complex64, 11 complex128 (sum and prod only: complex numbers have no order) */
static MPI_Datatype mpiType(i64 code) {
  static const MPI_Datatype t[] = {MPI_DOUBLE, MPI_FLOAT, MPI_INT64_T, MPI_INT32_T, MPI_INT16_T,
                                   MPI_INT8_T, MPI_UINT64_T, MPI_UINT32_T, MPI_UINT16_T, MPI_UINT8_T,
                                   MPI_C_FLOAT_COMPLEX, MPI_C_DOUBLE_COMPLEX};
  return t[code];
}

static MPI_Op userMinMax(i64 code, int isMax) {
  static MPI_User_function *const fns[12][2] = {
      {minF64, maxF64}, {minF32, maxF32}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
      {minU64, maxU64}, {minU32, maxU32}, {minU16, maxU16}, {minU8, maxU8}, {0, 0}, {0, 0}};
  static MPI_Op ops[12][2];
  static int made[12][2];
  if (!fns[code][isMax])
    return isMax ? MPI_MAX : MPI_MIN;
  if (!made[code][isMax]) {
    MPI_Op_create(fns[code][isMax], 1, &ops[code][isMax]);
    made[code][isMax] = 1;
  }
  return ops[code][isMax];
}

/* In-place allreduce of a contiguous buffer of `count` items. */
void ptensor_dist_allreduce_buf(i64 team, void *data, i64 count, i64 code, i64 kind) {
  MPI_Op op = kind == K_SUM ? MPI_SUM : kind == K_PROD ? MPI_PROD : userMinMax(code, kind == K_MAX);
  if (count > 0)
    collective(comm(team), MPI_Iallreduce(MPI_IN_PLACE, data, (int)count, mpiType(code), op,
                                          comm(team), &req));
  int P;
  MPI_Comm_size(comm(team), &P);
  if (P > 1) {
    gBytesSent += count * 8;
    gMessages += 1;
  }
}

/* ---------------------------------------------------------------- gathers (from Python) */

/* Every rank gets the concatenation of the ranks' contiguous blocks (bytes[r] from rank r). */
/* MPI's int counts and displacements of the ranks' byte counts (caller frees both). */
static void countsDispls(MPI_Comm c, const i64 *bytes, int **counts, int **displs, int *P, int *me) {
  MPI_Comm_size(c, P);
  MPI_Comm_rank(c, me);
  *counts = malloc(*P * sizeof(int));
  *displs = malloc(*P * sizeof(int));
  i64 off = 0;
  for (int r = 0; r < *P; ++r) {
    (*counts)[r] = (int)bytes[r];
    (*displs)[r] = (int)off;
    off += bytes[r];
  }
}

void ptensor_dist_allgatherv(i64 team, const void *mine, const i64 *bytes, void *out) {
  MPI_Comm c = comm(team);
  int P, me, *counts, *displs;
  countsDispls(c, bytes, &counts, &displs, &P, &me);
  collective(c, MPI_Iallgatherv(mine, counts[me], MPI_BYTE, out, counts, displs, MPI_BYTE, c, &req));
  gBytesSent += counts[me] * (i64)(P - 1);
  gMessages += P - 1;
  free(counts);
  free(displs);
}

/* Rank root gets the concatenation; the others' `out` is untouched. */
void ptensor_dist_gatherv(i64 team, const void *mine, const i64 *bytes, void *out, int root) {
  MPI_Comm c = comm(team);
  int P, me, *counts, *displs;
  countsDispls(c, bytes, &counts, &displs, &P, &me);
  collective(c, MPI_Igatherv(mine, counts[me], MPI_BYTE, out, counts, displs, MPI_BYTE, root, c,
                             &req));
  if (me != root) {
    gBytesSent += counts[me];
    gMessages += 1;
  }
  free(counts);
  free(displs);
}

/* Counted at the root as P - 1 messages of `bytes` (the volume every rank receives). */
void ptensor_dist_bcast(i64 team, void *data, i64 bytes, int root) {
  MPI_Comm c = comm(team);
  int P, me;
  MPI_Comm_size(c, &P);
  MPI_Comm_rank(c, &me);
  collective(c, MPI_Ibcast(data, (int)bytes, MPI_BYTE, root, c, &req));
  if (me == root) {
    gBytesSent += bytes * (P - 1);
    gMessages += P - 1;
  }
}

/* ---------------------------------------------------------------- collectives of pt.spmd */

/* Block j (`bytes` each, in rank order) of every rank goes to rank j. */
void ptensor_dist_alltoall(i64 team, const void *send, void *recv, i64 bytes) {
  int P;
  MPI_Comm_size(comm(team), &P);
  collective(comm(team),
             MPI_Ialltoall(send, (int)bytes, MPI_BYTE, recv, (int)bytes, MPI_BYTE, comm(team), &req));
  gBytesSent += bytes * (P - 1);
  gMessages += P - 1;
}

/* Variable all-to-all of items of `item` bytes: rank r sends scount[j] items starting at item
 * sdispl[j] of `send` to rank j and receives rcount[q] items from rank q at item rdispl[q] of
 * `recv`. Counts are in items (MPI's int counts then limit items, not bytes); the caller
 * keeps every total below 2^31 items. Used for data-dependent moves (the distributed sort,
 * whose own slice stays out of the exchange: a count of 0 to itself, the slices after it
 * where they are) and for reshapes that regroup the split axis. */
void ptensor_dist_alltoallv_at(i64 team, const void *send, const i64 *scount, const i64 *sdispl,
                               void *recv, const i64 *rcount, const i64 *rdispl, i64 item) {
  MPI_Comm c = comm(team);
  int P, me;
  MPI_Comm_size(c, &P);
  MPI_Comm_rank(c, &me);
  int *sc = malloc(4 * P * sizeof(int)), *sd = sc + P, *rc = sc + 2 * P, *rd = sc + 3 * P;
  for (int q = 0; q < P; ++q) {
    sc[q] = (int)scount[q];
    sd[q] = (int)sdispl[q];
    rc[q] = (int)rcount[q];
    rd[q] = (int)rdispl[q];
    if (q != me && scount[q] > 0) {
      gBytesSent += scount[q] * item;
      gMessages += 1;
    }
  }
  MPI_Datatype t;
  MPI_Type_contiguous((int)item, MPI_BYTE, &t);
  MPI_Type_commit(&t);
  collective(c, MPI_Ialltoallv(send, sc, sd, t, recv, rc, rd, t, c, &req));
  MPI_Type_free(&t);
  free(sc);
}

/* ptensor_dist_alltoallv_at with the items for each rank consecutive, in rank order, in
 * `send` and in `recv`. */
void ptensor_dist_alltoallv(i64 team, const void *send, const i64 *scount, void *recv,
                            const i64 *rcount, i64 item) {
  int P;
  MPI_Comm_size(comm(team), &P);
  i64 *sd = malloc(2 * P * sizeof(i64)), *rd = sd + P, so = 0, ro = 0;
  for (int q = 0; q < P; ++q) {
    sd[q] = so;
    rd[q] = ro;
    so += scount[q];
    ro += rcount[q];
  }
  ptensor_dist_alltoallv_at(team, send, scount, sd, recv, rcount, rd, item);
  free(sd);
}

/* The reduction over the team of `P * count` items; rank r gets items [r*count, (r+1)*count). */
void ptensor_dist_reduce_scatter_buf(i64 team, const void *send, void *recv, i64 count, i64 code,
                                     i64 kind) {
  MPI_Op op = kind == K_SUM ? MPI_SUM : kind == K_PROD ? MPI_PROD : userMinMax(code, kind == K_MAX);
  int P;
  MPI_Comm_size(comm(team), &P);
  if (count > 0)
    collective(comm(team), MPI_Ireduce_scatter_block(send, recv, (int)count, mpiType(code), op,
                                                     comm(team), &req));
  if (P > 1) {
    gBytesSent += count * (P - 1) * 8;
    gMessages += P - 1;
  }
}

/* Sends `bytes` to rank dst and receives `bytes` from rank src (-1: nobody). */
void ptensor_dist_sendrecv(i64 team, const void *send, i64 dst, void *recv, i64 src, i64 bytes) {
  MPI_Request reqs[2];
  MPI_Irecv(recv, (int)bytes, MPI_BYTE, src < 0 ? MPI_PROC_NULL : (int)src, 17, comm(team), &reqs[0]);
  MPI_Isend(send, (int)bytes, MPI_BYTE, dst < 0 ? MPI_PROC_NULL : (int)dst, 17, comm(team), &reqs[1]);
  waitAll(comm(team), 0, 2, reqs);
  if (dst >= 0) {
    gBytesSent += bytes;
    gMessages += 1;
  }
}

/* ---------------------------------------------------------------- collectives of compiled code */

/* The StableHLO collectives as compiled programs call them (dist.all_gather, all_to_all,
 * collective_broadcast, reduce_scatter, collective_permute; see mlir_passes/Dialect/Dist/Ops.td):
 * strided local tensors are packed into message buffers slab by slab along the op's axis
 * (so blocks along that axis are contiguous), moved by the byte-level entries above, and
 * unpacked into the result. Shapes are checked over the team when Python records the op;
 * a count past MPI's int range ends the job with a message (Python rejects those first). */
/* MPI's counts are ints: `count` (of `unit`s, the message's MPI type) must stay below 2^31. */
static void checkCount(i64 count, const char *unit, const char *what) {
  if (count >= 2147483647LL) {
    fprintf(stderr, "ptensor: %s: %lld %s do not fit one MPI message\n", what, (long long)count,
            unit);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
}

static i64 itemsOf(const View *v) {
  i64 n = 1;
  for (i64 k = 0; k < v->rank; ++k)
    n *= v->sizes[k];
  return n;
}

/* The whole view packed (pack) or unpacked, slab by slab along `axis` (0-d: one item). */
static void allRows(const View *v, int axis, char *buf, int pack) {
  if (v->rank == 0) {
    if (pack)
      memcpy(buf, v->data, v->elem);
    else
      memcpy(v->data, buf, v->elem);
    return;
  }
  rowsCopy(v, axis, 0, 1, v->sizes[axis], buf, pack);
}

static char *packed(const View *v, int axis) {
  char *buf = malloc((size_t)(itemsOf(v) * v->elem) + 1);
  allRows(v, axis, buf, 1);
  return buf;
}

/* Rows along dim of every rank together (the result's extent of dist.all_gather). */
i64 ptensor_dist_gather_rows(i64 team, i64 n) {
  i64 total = 0;
  collective(comm(team), MPI_Iallreduce(&n, &total, 1, MPI_INT64_T, MPI_SUM, comm(team), &req));
  return total;
}

static void allGather(i64 team, const Unranked *src, const Unranked *dst, i64 elem, i64 dim) {
  View sv = viewOf(src, elem), dv = viewOf(dst, elem);
  MPI_Comm c = comm(team);
  int P;
  MPI_Comm_size(c, &P);
  i64 slab = slabBytes(&sv, (int)dim), n = sv.sizes[dim];
  i64 *bytes = malloc(P * sizeof(i64));
  collective(c, MPI_Iallgather(&n, 1, MPI_INT64_T, bytes, 1, MPI_INT64_T, c, &req));
  i64 total = 0;
  for (int r = 0; r < P; ++r)
    total += bytes[r] *= slab;
  checkCount(total, "bytes", "all_gather");
  char *send = packed(&sv, (int)dim), *recv = malloc((size_t)total + 1);
  ptensor_dist_allgatherv(team, send, bytes, recv);
  allRows(&dv, (int)dim, recv, 0);
  free(send);
  free(recv);
  free(bytes);
}

/* Block q of the block partition of the operand's `split` extent n goes to rank q (equal
 * parts when P divides n, as StableHLO's all_to_all); what a rank receives is concatenated
 * along `concat` in rank order. Ranks may differ in their extent along concat (split !=
 * concat): each part is as wide as its sender's (a resplit of a block-partitioned array).
 * Operands agree in every other extent. */
static void allToAll(i64 team, const Unranked *src, const Unranked *dst, i64 elem, i64 split,
                     i64 concat) {
  View sv = viewOf(src, elem), dv = viewOf(dst, elem);
  MPI_Comm c = comm(team);
  int P, me;
  MPI_Comm_size(c, &P);
  MPI_Comm_rank(c, &me);
  i64 n = sv.sizes[split], b0, b1, rest = 1; /* rest: items per row of split and concat */
  for (i64 k = 0; k < sv.rank; ++k)
    if (k != split && k != concat)
      rest *= sv.sizes[k];
  block(n, P, me, &b0, &b1);
  i64 mine = b1 - b0, ext = split == concat ? 1 : sv.sizes[concat];
  i64 *exts = malloc(3 * (size_t)P * sizeof *exts), *scount = exts + P, *rcount = exts + 2 * P;
  collective(c, MPI_Iallgather(&ext, 1, MPI_INT64_T, exts, 1, MPI_INT64_T, c, &req));
  i64 sent = 0, got = 0;
  for (int q = 0; q < P; ++q) {
    i64 q0, q1;
    block(n, P, q, &q0, &q1);
    scount[q] = (q1 - q0) * rest * ext;
    rcount[q] = mine * rest * exts[q];
    sent += scount[q];
    got += rcount[q];
  }
  /* counts in items (an elem-sized MPI type): Python's resplit checks the same limit */
  checkCount(sent > got ? sent : got, "items", "all_to_all");
  char *send = packed(&sv, (int)split), *recv = malloc((size_t)(got * elem) + 1);
  ptensor_dist_alltoallv(team, send, scount, recv, rcount, elem);
  char *at = recv;
  i64 first = 0; /* the part from rank q: rows [first, first + its width) along concat */
  for (int q = 0; q < P; ++q) {
    View sub = dv;
    i64 width = split == concat ? mine : exts[q];
    sub.data += first * dv.strides[concat];
    sub.sizes[concat] = width;
    rowsCopy(&sub, (int)split, 0, 1, mine, at, 0);
    at += rcount[q] * elem;
    first += width;
  }
  free(exts);
  free(send);
  free(recv);
}

static void reduceScatter(i64 team, const Unranked *src, const Unranked *dst, i64 elem, i64 dim,
                          i64 code, i64 kind) {
  View sv = viewOf(src, elem), dv = viewOf(dst, elem);
  i64 block = itemsOf(&dv) * elem;
  checkCount(itemsOf(&sv) * elem, "bytes", "reduce_scatter");
  char *send = packed(&sv, (int)dim), *recv = malloc((size_t)block + 1);
  /* count in items of the MPI type: complex types are one item per element */
  ptensor_dist_reduce_scatter_buf(team, send, recv, block / elem, code, kind);
  allRows(&dv, (int)dim, recv, 0);
  free(send);
  free(recv);
}

static void permute(i64 team, const Unranked *src, const Unranked *dst, i64 elem, i64 to,
                    i64 from) {
  View sv = viewOf(src, elem), dv = viewOf(dst, elem);
  i64 bytes = itemsOf(&sv) * elem;
  checkCount(bytes, "bytes", "collective_permute");
  char *send = packed(&sv, 0), *recv = calloc(1, (size_t)bytes + 1);
  ptensor_dist_sendrecv(team, send, to, recv, from, bytes);
  allRows(&dv, 0, recv, 0);
  free(send);
  free(recv);
}

/* In place on a fresh contiguous copy (the lowering's). */
static void bcast(i64 team, const Unranked *buf, i64 elem, i64 root) {
  View v = viewOf(buf, elem);
  checkCount(itemsOf(&v) * elem, "bytes", "collective_broadcast");
  ptensor_dist_bcast(team, v.data, itemsOf(&v) * elem, (int)root);
}

/* ---------------------------------------------------------------- compiled-code entry points */

/* The dist ops lower (--dist-to-runtime) to calls of these, one
 * per element type (the unranked memref type is part of the function's MLIR signature). */
#define ENTRY(T, ELEM, CODE)                                                                     \
  i64 _mlir_ciface_ptensor_dist_repartition_start_##T(                                          \
      i64 team, Unranked *src, Unranked *dst, i64 axis, i64 n, i64 spb, i64 spo, i64 sL, i64 sa, \
      i64 ss, i64 tpb, i64 tpo, i64 tL, i64 ta, i64 ts, i64 hl, i64 hh, i64 su, i64 tu,           \
      i64 ghostsOnly) {                                                                          \
    i64 spec[SPEC_WORDS] = {n, spb, spo, sL, sa, ss, tpb, tpo, tL, ta, ts, hl, hh, su, tu};      \
    return (i64)(intptr_t)repartitionStart(team, src, dst, ELEM, axis, spec, (int)ghostsOnly);   \
  }                                                                                              \
  void _mlir_ciface_ptensor_dist_allreduce_##T(i64 team, Unranked *buf, i64 isUnsigned,         \
                                               i64 kind) {                                      \
    View v = viewOf(buf, ELEM);                                                                  \
    i64 count = 1;                                                                               \
    for (i64 k = 0; k < v.rank; ++k)                                                             \
      count *= v.sizes[k];                                                                       \
    i64 code = CODE;                                                                             \
    if (isUnsigned && code >= 2 && code <= 5)                                                    \
      code += 4;                                                                                 \
    ptensor_dist_allreduce_buf(team, v.data, count, code, kind);                                 \
  }                                                                                              \
  void _mlir_ciface_ptensor_dist_all_gather_##T(i64 team, Unranked *src, Unranked *dst,          \
                                                i64 dim) {                                       \
    allGather(team, src, dst, ELEM, dim);                                                        \
  }                                                                                              \
  void _mlir_ciface_ptensor_dist_all_to_all_##T(i64 team, Unranked *src, Unranked *dst,          \
                                                i64 split, i64 concat) {                         \
    allToAll(team, src, dst, ELEM, split, concat);                                               \
  }                                                                                              \
  void _mlir_ciface_ptensor_dist_reduce_scatter_##T(i64 team, Unranked *src, Unranked *dst,      \
                                                    i64 dim, i64 isUnsigned, i64 kind) {         \
    i64 code = CODE;                                                                             \
    if (isUnsigned && code >= 2 && code <= 5)                                                    \
      code += 4;                                                                                 \
    reduceScatter(team, src, dst, ELEM, dim, code, kind);                                        \
  }                                                                                              \
  void _mlir_ciface_ptensor_dist_permute_##T(i64 team, Unranked *src, Unranked *dst, i64 to,     \
                                             i64 from) {                                         \
    permute(team, src, dst, ELEM, to, from);                                                     \
  }                                                                                              \
  void _mlir_ciface_ptensor_dist_bcast_##T(i64 team, Unranked *buf, i64 root) {                  \
    bcast(team, buf, ELEM, root);                                                                \
  }
ENTRY(f64, 8, 0)
ENTRY(f32, 4, 1)
ENTRY(i64, 8, 2)
ENTRY(i32, 4, 3)
ENTRY(i16, 2, 4)
ENTRY(i8, 1, 5)
ENTRY(i1, 1, 9)
ENTRY(c64, 8, 10)
ENTRY(c128, 16, 11)
