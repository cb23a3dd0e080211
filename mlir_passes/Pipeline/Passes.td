#ifndef PTENSOR_PASSES_TD
#define PTENSOR_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerPTensor : Pass<"lower-ptensor", "::mlir::ModuleOp"> {
  let summary = "Lower PTensor ops and types to linalg, tensor, arith and math";
  let description = [{
    !ptensor.ptensor becomes a builtin ranked tensor with signless elements. Elementwise ops,
    creation, casts and broadcasts become linalg.generic ops (so that a chain of them fuses into
    one loop nest); reductions become linalg.generic with reduction iterators accumulating in
    the op's acc_type; slices become tensor.extract_slice / tensor.insert_slice.
    A ptensor with a team is block-partitioned over the team along axis 0 and becomes this
    rank's block (axis 0 dynamic: one program serves every rank; a 0-d one is replicated).
    Creation with a team asks for the block as the RFC's arange example shows
    (dist.init_dtensor, dist.local_shape, dist.local_slice) and computes only its rows;
    elementwise ops and casts work on the blocks (operands of one team and global shape);
    a reduction over axis 0 combines the ranks' partial results with dist.finalize_reduce
    (its result is replicated: no team), over other axes it stays local. Other ops with a
    team move data between ranks and are rejected with an error (ptensor's Python layer
    records their dist.repartition itself). Ops on a device lower as host ops do: a program
    never spans devices (src/Plan.cpp), and the pipeline of its device's backend makes the
    loops kernels (PipelineOptions::gpuDevice).

    Example:

    ```mlir
    %r = ptensor.elementwise_binary_op add %a, %b : !ptensor.ptensor<?xf64>, !ptensor.ptensor<?xf64> -> !ptensor.ptensor<?xf64>
    ```

    becomes

    ```mlir
    %dim = tensor.dim %a, %c0 : tensor<?xf64>
    %e = tensor.empty(%dim) : tensor<?xf64>
    %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {
    ^bb0(%in: f64, %in_0: f64, %out: f64):
      %s = arith.addf %in, %in_0 : f64
      linalg.yield %s : f64
    } -> tensor<?xf64>
    ```
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect", "::mlir::func::FuncDialect",
    "::mlir::scf::SCFDialect", "::mlir::memref::MemRefDialect",
    "::mlir::bufferization::BufferizationDialect", "::mlir::complex::ComplexDialect",
    "::mlir::LLVM::LLVMDialect", "::dist::DistDialect"];
}

def FuseElementwise : Pass<"ptensor-fuse-elementwise"> {
  let summary = "Fuse elementwise linalg.generic ops even when the producer has several uses";
  let description = [{
    Upstream linalg-fuse-elementwise-ops fuses a producer only into its single user, so a value
    used twice (d1 in Black-Scholes) splits the program into several loops. This pass fuses
    a producer into every user (each user's loop recomputes it), then merges sibling loops over
    provably equal domains that read a common input into one multi-result loop, where LLVM's
    CSE computes the shared subexpressions once (see FuseSiblings.cpp). A producer that is
    stored anyway is not fused where that would compute it twice: one assigned into an array
    (tensor.insert_slice) into no user, and a program result (materialize_in_destination)
    into no reduction, which reads the stored result back.

    Example:

    ```mlir
    // exp(a) + b and b * exp(a), a and b of one size class
    %e = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%a : tensor<?xf64>) outs(%0 : tensor<?xf64>) {
    ^bb0(%in: f64, %out: f64):
      %x = math.exp %in : f64
      linalg.yield %x : f64
    } -> tensor<?xf64>
    %s = linalg.generic {...} ins(%e, %b : tensor<?xf64>, tensor<?xf64>) outs(%1 : tensor<?xf64>) {
      ... arith.addf ...
    } -> tensor<?xf64>
    %p = linalg.generic {...} ins(%b, %e : tensor<?xf64>, tensor<?xf64>) outs(%2 : tensor<?xf64>) {
      ... arith.mulf ...
    } -> tensor<?xf64>
    ```

    becomes

    ```mlir
    %r:2 = linalg.generic {indexing_maps = [#map, #map, #map, #map], iterator_types = ["parallel"]}
        ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%1, %2 : tensor<?xf64>, tensor<?xf64>) {
    ^bb0(%in: f64, %in_0: f64, %out: f64, %out_1: f64):
      %x = math.exp %in : f64
      %s = arith.addf %x, %in_0 : f64
      %p = arith.mulf %in_0, %x : f64
      linalg.yield %s, %p : f64, f64
    } -> (tensor<?xf64>, tensor<?xf64>)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::affine::AffineDialect",
                           "::mlir::tensor::TensorDialect"];
}

def MatmulToBlas : Pass<"ptensor-matmul-to-blas", "::mlir::ModuleOp"> {
  let summary = "float/complex linalg.matmul on strided buffers -> cblas_[sdcz]gemm calls";
  let description = [{
    Runs after bufferization. Each f64/f32/complex<f64>/complex<f32> linalg.matmul of 2-D
    strided memrefs becomes a call of the CBLAS gemm (row-major; A and B passed as they are
    where their column stride is 1, as CblasTrans of their transpose where their row stride
    is 1 (a transposed view, an eager path's leaf of x.T), chosen at run time; alpha 1; beta 0
    where a zero fill of C precedes it, which then runs only in the else branch, else 1:
    linalg.matmul accumulates; the complex ones get alpha and beta by address), guarded at
    run time by C's unit column stride, BLAS's requirements on the leading dimensions and
    32-bit sizes; the original loop nest stays in the else branch for other layouts.

    Example:

    ```mlir
    linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
    ```

    becomes

    ```mlir
    func.func private @cblas_dgemm(i32, i32, i32, i32, i32, i32, f64, !llvm.ptr, i32, !llvm.ptr, i32, f64, !llvm.ptr, i32)
    ...
    // %ok: unit strides as BLAS takes them, every leading dimension at least its stored
    // row's length, every size below 2^31; %ta, %tb: 111 (NoTrans) or 112 (Trans)
    scf.if %ok {
      func.call @cblas_dgemm(%c101_i32, %ta, %tb, %m, %n, %k, %one, %pa, %lda, %pb, %ldb,
                             %one, %pc, %ldc)
          : (i32, i32, i32, i32, i32, i32, f64, !llvm.ptr, i32, !llvm.ptr, i32, f64, !llvm.ptr, i32) -> ()
    } else {
      linalg.matmul ins(%a, %b : memref<?x?xf64>, memref<?x?xf64>) outs(%c : memref<?x?xf64>)
    }
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::func::FuncDialect"];
}

def DistToRuntime : Pass<"dist-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Dist ops -> calls of the MPI runtime";
  let description = [{
    Runs before bufferization. Each op (each operand of a multi-operand collective, in
    order) becomes: its source as a memref (bufferization.to_memref read_only), a fresh
    result buffer (memref.alloc; for finalize_reduce, all_reduce and collective_broadcast a
    copy of the source, reduced / broadcast in place), a call of runtime/dist.c's
    ptensor_dist_<repartition|allreduce|bcast|all_gather|all_to_all|reduce_scatter|permute>_<t>
    (llvm.emit_c_interface, unranked memrefs), and bufferization.to_tensor restrict of the
    result buffer. A dist.repartition is split: ptensor_dist_repartition_start_<t> (returns a
    handle) where the op stands, ptensor_dist_repartition_wait(handle) and the to_tensor right
    before the first use of its result, so work in between overlaps the messages (see
    --ptensor-dist-overlap). Extents that depend on the team come from the runtime: all_gather's from
    ptensor_dist_gather_rows (the ranks' rows summed), all_to_all's and reduce_scatter's
    from ptensor_dist_size; collective_permute picks this rank's partners from its pairs
    with ptensor_dist_rank, so one program serves every rank. Bool sum / prod reduce as
    or / and.
    dist.local_shape / dist.local_slice of a dist.init_dtensor become calls of
    ptensor_dist_block (this rank's [begin, end) of the split axis); init_dtensor and
    fini_dtensor then vanish (partitions are described by the global shape, not registered).

    Example:

    ```mlir
    %s = dist.finalize_reduce sum %team, %r : tensor<4xf64>
    ```

    becomes

    ```mlir
    func.func private @ptensor_dist_allreduce_f64(i64, memref<*xf64>, i64, i64) attributes {llvm.emit_c_interface}
    ...
    %m = bufferization.to_memref %r read_only : memref<4xf64, strided<[?], offset: ?>>
    %alloc = memref.alloc() : memref<4xf64>
    memref.copy %m, %alloc : memref<4xf64, strided<[?], offset: ?>> to memref<4xf64>
    %cast = memref.cast %alloc : memref<4xf64> to memref<*xf64>
    call @ptensor_dist_allreduce_f64(%team, %cast, %c0_i64, %c0_i64) : (i64, memref<*xf64>, i64, i64) -> ()
    %s = bufferization.to_tensor %alloc restrict writable : memref<4xf64>
    ```
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::memref::MemRefDialect", "::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect", "::mlir::tensor::TensorDialect"];
}

def DistOverlap : Pass<"ptensor-dist-overlap", "::mlir::func::FuncOp"> {
  let summary = "Compute a stencil's interior while its halo exchange is in flight";
  let description = [{
    Runs after fusion, before --dist-to-runtime. An all-parallel linalg.generic that reads
    (through unit-stride slices) an array whose ghost rows a ghosts_only dist.repartition
    has just refreshed (two tensor.insert_slice ops of its result, as ptensor's Python layer
    records a halo refresh) becomes three generics over the rows of the loop dimension that
    indexes the split axis: the interior (iterations whose every such read falls between
    the two inserted ranges, bounds computed at run time from the slice offsets; it reads
    the array from before the refresh), then the rows below and the rows above it. The
    refresh's ops move after the interior generic, and --dist-to-runtime waits for the
    messages right before their first use: the exchange overlaps the interior work.

    Example:

    ```mlir
    // the ghost rows of %p refreshed (below: %h's first rows, above: its rows from %b1) ...
    %h = dist.repartition %team, %own rows %n spec(...) axis = 0 {ghosts_only} : tensor<?x?xf64> -> tensor<?x?xf64>
    %g1 = tensor.insert_slice %h into %p[%a0, 0] [%s0, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
    %hi = tensor.extract_slice %h[%b1, 0] [%t1, %w] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
    %g2 = tensor.insert_slice %hi into %g1[%a1, 0] [%s1, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
    // ... then a stencil over two shifted views of the refreshed array
    %v0 = tensor.extract_slice %g2[%o0, 0] [%m, %w] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
    %v1 = tensor.extract_slice %g2[%o1, 0] [%m, %w] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
    %r = linalg.generic {...} ins(%v0, %v1 : tensor<?x?xf64>, tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {...}
    ```

    becomes

    ```mlir
    %h = dist.repartition %team, %own rows %n spec(...) axis = 0 {ghosts_only} : tensor<?x?xf64> -> tensor<?x?xf64>
    // rows [lo, hi) of the result (lo, hi from the inserted ranges and %o0, %o1): views of %p
    %mid = linalg.generic {...} ins(<rows of %p>) outs(<rows [lo, hi) of %e>) {...}
    %g1 = tensor.insert_slice %h into %p[%a0, 0] [%s0, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
    ...
    %g2 = tensor.insert_slice %hi into %g1[%a1, 0] [%s1, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
    // rows [0, lo) and [hi, %m): views of %g2
    %low = linalg.generic {...} ins(<rows of %g2>) outs(<rows [0, lo) of %mid>) {...}
    %r = linalg.generic {...} ins(<rows of %g2>) outs(<rows [hi, %m) of %low>) {...}
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def CopyToLoops : Pass<"ptensor-copy-to-loops"> {
  let summary = "Strided memref.copy -> linalg.copy (compiled, vectorized loops)";
  let description = [{
    Bufferization copies into strided views (an insert_slice into the interior of an array) with
    memref.copy, which finalize-memref-to-llvm turns into a call of the C runner utilities'
    memrefCopy: an element-by-element loop with index arithmetic (many times slower than the
    stencil it follows). Copies between identity layouts stay memcpy.

    Example:

    ```mlir
    %in = memref.subview %u[1, 1] [%n, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    memref.copy %v, %in : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    ```

    becomes

    ```mlir
    %in = memref.subview %u[1, 1] [%n, %n] [1, 1] : memref<?x?xf64> to memref<?x?xf64, strided<[?, 1], offset: ?>>
    linalg.copy ins(%v : memref<?x?xf64>) outs(%in : memref<?x?xf64, strided<[?, 1], offset: ?>>)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def ParallelOuter : Pass<"ptensor-parallel-outer"> {
  let summary = "Keep only the outermost dimension of each scf.parallel parallel";
  let description = [{
    scf.parallel over several dimensions becomes scf.parallel over the first with scf.for
    loops inside. convert-scf-to-openmp would otherwise collapse all dimensions into one
    linear index (div/rem per element), and LLVM cannot vectorize the innermost dimension.

    Example:

    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) {
      memref.store %f, %m[%i, %j] : memref<?x?xf64>
      scf.reduce
    }
    ```

    becomes

    ```mlir
    scf.parallel (%i) = (%c0) to (%n0) step (%c1) {
      scf.for %j = %c0 to %n1 step %c1 {
        memref.store %f, %m[%i, %j] : memref<?x?xf64>
      }
      scf.reduce
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def KernelReductionOrder : Pass<"ptensor-kernel-reduction-order"> {
  let summary = "Reductions over outer dimensions inside one kernel: scf.for i { scf.parallel J } -> scf.parallel J { scf.for i }";
  let description = [{
    For device programs, before the parallel loops become kernels. A reduction over a leading
    axis (sum over axis 0) is lowered to a sequential loop over the reduced dimension around a
    parallel loop over the kept ones: on a device, the host would run the sequential loop and
    launch one kernel per row. Interchanged, it is one kernel whose work items each
    accumulate one output element over the rows; neighbouring work items still read
    neighbouring elements. Legal because the parallel loop's iterations are independent
    (no scf.reduce) and the sequential loop has no loop-carried values; each element's
    updates keep their order. Nested sequential loops (a reduction over several leading axes)
    move inside one after another. A reduction over a middle axis (scf.parallel I { scf.for k
    { scf.parallel J } }) becomes scf.parallel (I, J) { scf.for k }; other sequential loops
    inside a parallel one are left alone (nested parallel loops are not made kernels).

    Example:

    ```mlir
    // out[j] += x[i, j] (a sum over axis 0)
    scf.for %i = %c0 to %m step %c1 {
      scf.parallel (%j) = (%c0) to (%n) step (%c1) {
        %a = memref.load %x[%i, %j] : memref<?x?xf64>
        %s = memref.load %out[%j] : memref<?xf64>
        %t = arith.addf %s, %a : f64
        memref.store %t, %out[%j] : memref<?xf64>
        scf.reduce
      }
    }
    ```

    becomes

    ```mlir
    scf.parallel (%j) = (%c0) to (%n) step (%c1) {
      scf.for %i = %c0 to %m step %c1 {
        %a = memref.load %x[%i, %j] : memref<?x?xf64>
        %s = memref.load %out[%j] : memref<?xf64>
        %t = arith.addf %s, %a : f64
        memref.store %t, %out[%j] : memref<?xf64>
      }
      scf.reduce
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def LinearKernels : Pass<"ptensor-linear-kernels"> {
  let summary = "Outermost parallel loops of several dimensions as one (row-major) dimension";
  let description = [{
    For device programs, after the reduction passes and before the parallel loops are tiled
    into kernels. scf-parallel-loop-tiling{256} tiles the first dimension only, and
    gpu-map-parallel-loops maps it to the work items of a block: for a 2-D loop (i, j) over a
    row-major array, neighbouring work items would take neighbouring rows (i), each access a
    row apart (uncoalesced on a GPU, gathers on a CPU device), and j would go to the grid's y
    dimension, which CUDA limits to 65,535 (a (10, 10^5) array would not launch).
    Collapsed (MLIR's collapseParallelLoops: one dimension over the product of the extents,
    the last dimension fastest, the indices recovered by division and remainder), neighbouring
    work items take neighbouring elements of a row and every extent fits the grid's x
    dimension. Loops with reductions (scf.reduce) and nested parallel loops are left alone.

    Example:

    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%n0, %n1) step (%c1, %c1) {
      %x = memref.load %a[%i, %j] : memref<?x?xf64>
      %y = arith.addf %x, %x : f64
      memref.store %y, %b[%i, %j] : memref<?x?xf64>
      scf.reduce
    }
    ```

    becomes

    ```mlir
    %0 = arith.muli %c1, %n0 : index
    %n = arith.muli %0, %n1 : index
    scf.parallel (%k) = (%c0) to (%n) step (%c1) {
      %j = arith.remsi %k, %n1 : index
      %i = arith.divsi %k, %n1 : index
      %x = memref.load %a[%i, %j] : memref<?x?xf64>
      %y = arith.addf %x, %x : f64
      memref.store %y, %b[%i, %j] : memref<?x?xf64>
      scf.reduce
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect"];
}

def SplitReductions : Pass<"ptensor-split-reductions"> {
  let summary = "A reduction over all axes as a kernel of partial results and a short host loop";
  let description = [{
    For device programs, before the parallel loops become kernels. A reduction over all axes is
    lowered to sequential loops (scf.for nests, no parallel loop) accumulating into one place:
    store(combine(load(out[I]), v), out[I]), which the host would run alone over device memory.
    Split: min(extent of the outermost loop, 16384) work items each accumulate, from the
    combiner's identity, every P-th outermost iteration (neighbouring work items read
    neighbouring elements; with contiguous=true, for CPU devices, a chunk of consecutive
    iterations) into partials[p]: a parallel loop, so a kernel; then a host loop folds the P
    partial results into out[I] with the nest's combiner. Combiners: integer add, mul, and, or,
    xor, min, max; float maximum/minimum (NaN propagating), maxnum/minnum, and float add and mul
    and complex add marked reassoc (ptensor's sums and products are). The innermost body may
    hold only loads, side-effect-free ops without regions and that one store; the loops no
    loop-carried values; the outermost from 0 by 1.

    Host programs run it too (contiguous=true max-parts=256 min-work=16384), so a reduction
    over all axes runs on every thread instead of one: at most 256 parts of at least 16384
    iterations of the nest each; where that leaves one part, the nest runs unchanged
    (scf.if). The number of parts depends on the sizes only, so a result does not depend
    on the number of threads.

    Where the second loop's bounds are fixed for the nest, P is at most rows x columns, and
    where there are fewer rows than P the parts divide the rows x columns iterations of the
    outer two loops (a (3, 10^6) array gets as many parts as a (10^6, 3) one).

    With kept-work > 0 (device programs; before ptensor-kernel-reduction-order), a reduction
    over leading axes (scf.for i0 { [scf.for ...] scf.parallel J { store(combine(load(out[J]),
    v), out[J]) } }, J from 0 by 1) whose C kept elements are fewer than kept-work is split over
    the outermost reduced loop too: P = min(kept-parts, kept-work / C, n0 / 8) parts of
    consecutive rows, P x C work items (w: part w / C, kept element w % C, so neighbouring work
    items read neighbouring elements), each accumulating its part's rows from the identity into
    partials[w]; then a second kernel of C work items folds the P partials of each kept element
    into out[J] in order. Where P < 2 the nest runs unchanged (scf.if), then one work item per
    kept element (ptensor-kernel-reduction-order), which would leave (10^5, 64) summed over axis
    0 only 64 work items. Reductions over trailing axes (scf.parallel J { scf.for i0 { [scf.for
    ...] acc } }: (64, 10^5) over axis 1 would be 64 work items too) the same, but work item w
    is part w % P of element w / P, and its rows are every P-th from p (neighbouring work items
    read neighbouring elements of a row; contiguous=true: chunks).

    Host programs (rows-outer=true, all-axes=false, before ptensor-parallel-outer): a reduction
    over leading axes becomes P = min(kept-parts, rows / 8, rows x C / min-work, 2^22 / C) parts
    of consecutive rows, a parallel loop whose iterations each read their rows in order,
    accumulating every row into their own C partial results (from the identity; the kept
    elements innermost, contiguous); then the parts are folded into out[J] in order, each a
    parallel loop over the kept elements (which ptensor-parallel-outer blocks). Threads that
    each take a block of kept elements would read a few KB of every row, slower than NumPy's
    row-by-row loop.

    Devices (fold-kernels=true): the partial results of a reduction over all axes are folded
    by kernels instead of a host loop: groups of 128 partials, each folded into its first
    element by one work item, then one work item folding the groups' results into the
    original place in order. A host loop would make the host wait for the kernels in the
    middle of a program (x - mean(x) would wait twice) and, on a discrete GPU, read up to
    max-parts partial results through shared memory.

    Example:

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      %a = memref.load %x[%i] : memref<?xf64>
      %s = memref.load %out[] : memref<f64>
      %t = arith.addf %s, %a fastmath<reassoc> : f64
      memref.store %t, %out[] : memref<f64>
    }
    ```

    becomes

    ```mlir
    %p = arith.minsi %n, %c16384 : index
    %partials = memref.alloc(%p) : memref<?xf64>
    scf.parallel (%w) = (%c0) to (%p) step (%c1) {
      %inside = arith.cmpi slt, %w, %n : index
      %part = scf.if %inside -> (f64) {
        %r = scf.for %i = %w to %n step %p iter_args(%acc = %minus_zero) -> (f64) {
          %a = memref.load %x[%i] : memref<?xf64>
          %t = arith.addf %acc, %a fastmath<reassoc> : f64
          scf.yield %t : f64
        }
        scf.yield %r : f64
      } else {
        scf.yield %minus_zero : f64
      }
      memref.store %part, %partials[%w] : memref<?xf64>
      scf.reduce
    }
    scf.for %w = %c0 to %p step %c1 {
      %a = memref.load %partials[%w] : memref<?xf64>
      %s = memref.load %out[] : memref<f64>
      %t = arith.addf %s, %a fastmath<reassoc> : f64
      memref.store %t, %out[] : memref<f64>
    }
    memref.dealloc %partials : memref<?xf64>
    ```
  }];
  let options = [
    Option<"foldKernels", "fold-kernels", "bool", /*default=*/"false",
           "Fold the partial results of a reduction over all axes in kernels (devices), not "
           "in a host loop">,
    Option<"keptWork", "kept-work", "int64_t", /*default=*/"0",
           "If > 0: reductions over leading axes with fewer kept elements than this are split "
           "over their rows (about this many work items)">,
    Option<"keptParts", "kept-parts", "int64_t", /*default=*/"1024",
           "At most this many parts of the rows of a reduction over leading axes">,
    Option<"rowsOuter", "rows-outer", "bool", /*default=*/"false",
           "Host programs: reductions over leading axes as parts of consecutive rows, each "
           "part's loop over its rows outside the kept elements (a thread reads its rows "
           "in order), then the parts folded in order; at most kept-parts parts of at least "
           "8 rows and min-work iterations">,
    Option<"allAxes", "all-axes", "bool", /*default=*/"true",
           "Split reductions over all axes (off: only those with kept elements)">,
    Option<"contiguous", "contiguous", "bool", /*default=*/"false",
           "Work items take contiguous chunks of the outermost loop (CPU devices: cache lines "
           "and pages) instead of every P-th iteration (GPUs: coalesced loads)">,
    Option<"maxParts", "max-parts", "int64_t", /*default=*/"16384",
           "At most this many partial results (and at most the outermost loop's extent)">,
    Option<"minWork", "min-work", "int64_t", /*default=*/"0",
           "If > 0: at most (iterations of the nest) / min-work parts, and the nest unsplit "
           "where that is one part">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

def ShortReductions : Pass<"ptensor-short-reductions"> {
  let summary = "Loops around a reduction over a short axis specialized for 2, 3 and 4 elements";
  let description = [{
    A reduction over a short innermost axis (the last axis of (n, 3) points: norms, pairwise
    distances) is a loop of a few iterations inside the loop over the kept elements. LLVM
    vectorizes innermost loops, so nothing vectorizes. Programs are shape-polymorphic, so
    the short length is known only when the program runs: the enclosing loop is versioned
    (scf.if on the length) for 2, 3 and 4, where the reduction loop's bound is a constant
    that LLVM unrolls fully; the enclosing loop is then innermost and vectorizes. Other
    lengths run the loop unchanged. A candidate is an innermost scf.for from 0 by 1 to a
    bound defined outside its parent loop (scf.for or scf.parallel, without results), whose
    stores all write places independent of its induction variable (a lowered reduction's
    load-combine-store), or without stores and with loop-carried values (the accumulation
    in a register, after ptensor-fuse-parallel-loops).

    Example:

    ```mlir
    // out[i] += x[i, j]^2, %k = memref.dim %x, %c1
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      scf.for %j = %c0 to %k step %c1 {
        ...
      }
      scf.reduce
    }
    ```

    becomes

    ```mlir
    %is2 = arith.cmpi eq, %k, %c2 : index
    scf.if %is2 {
      scf.parallel (%i) = (%c0) to (%n) step (%c1) {
        scf.for %j = %c0 to %c2 step %c1 {
          ...
        }
        scf.reduce
      }
    } else {
      // the same for %c3, then %c4; else the loops unchanged
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::arith::ArithDialect"];
}

def FuseParallelLoops : Pass<"ptensor-fuse-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "Neighbouring parallel loops over equal bounds fused; temporaries they alone use kept in registers";
  let description = [{
    After convert-linalg-to-parallel-loops a reduction is three loop nests over the kept
    elements: the fill of its result with the identity, the accumulation, and the epilogue
    that reads it (sqrt of a sum of squares, a mean's division): three passes over a
    temporary as large as the result. Two scf.parallel ops of the function body, without
    results, with equal bounds (the same values, equal constants, or memref.dim of the same
    memref), separated only by side-effect-free ops and allocations (moved above the first)
    or deallocations of buffers the second does not use (moved below), are fused when every
    pair of accesses, one in each loop, of possibly aliasing memory with a write among them
    is to the same memref at exactly the loops' induction variables (each iteration then
    touches only its own element). Memory may alias unless one side is a memref.alloc or a
    function argument marked ptensor.fresh (a result buffer the runtime allocated for this
    call); the pass removes that mark (keep-fresh=true, device pipelines: it stays for
    ptensor-gpu-to-runtime). The loop bodies may hold only loads, stores,
    side-effect-free ops and structured control flow. A loop between them that cannot join
    (other bounds: the frame fill of the next result's buffer, ptensor-frame-fills) but
    shares no memory with the loop before it where either writes moves above that loop.
    With contract=true (CPU pipelines), a memref.alloc used only at the induction variables
    of one loop (and by its dealloc), stored before it is read in each iteration, becomes a
    value: stores and loads are forwarded, and an scf.for around an accumulation carries it
    as a loop-carried value (the reduction in a register). GPU pipelines keep the memory
    (MLIR 19's scf.for -> SPIR-V mishandles loop-carried values of loops that run no
    iteration).

    Example:

    ```mlir
    // the norms of the rows of %x: fill, accumulation, epilogue
    %t = memref.alloc(%n) : memref<?xf64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %cst, %t[%i] : memref<?xf64>
      scf.reduce
    }
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      scf.for %j = %c0 to %k step %c1 {
        %a = memref.load %x[%i, %j] : memref<?x?xf64>
        %s = memref.load %t[%i] : memref<?xf64>
        %p = arith.mulf %a, %a : f64
        %u = arith.addf %s, %p : f64
        memref.store %u, %t[%i] : memref<?xf64>
      }
      scf.reduce
    }
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %s = memref.load %t[%i] : memref<?xf64>
      %r = math.sqrt %s : f64
      memref.store %r, %out[%i] : memref<?xf64>
      scf.reduce
    }
    memref.dealloc %t : memref<?xf64>
    ```

    becomes

    ```mlir
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %sum = scf.for %j = %c0 to %k step %c1 iter_args(%acc = %cst) -> (f64) {
        %a = memref.load %x[%i, %j] : memref<?x?xf64>
        %p = arith.mulf %a, %a : f64
        %u = arith.addf %acc, %p : f64
        scf.yield %u : f64
      }
      %r = math.sqrt %sum : f64
      memref.store %r, %out[%i] : memref<?xf64>
      scf.reduce
    }
    ```
  }];
  let options = [
    Option<"contract", "contract", "bool", /*default=*/"true",
           "Temporaries used by one loop only at its induction variables become values">,
    Option<"keepFresh", "keep-fresh", "bool", /*default=*/"false",
           "Leave the ptensor.fresh marks of the arguments (for ptensor-gpu-to-runtime)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::memref::MemRefDialect"];
}

def FrameFills : Pass<"ptensor-frame-fills", "::mlir::func::FuncOp"> {
  let summary = "A fill whose interior is overwritten next fills only the frame around it";
  let description = [{
    CPU pipelines, before ptensor-fuse-parallel-loops. `z = zeros((n + 2, n + 2)); z[1:-1, 1:-1]
    = v` (padding, boundary conditions: the wave and shallow-water steps) is a loop that fills
    all of z and then a loop that writes every element of its interior: the interior is written
    twice, and on arrays larger than the cache the fill is a whole pass over memory. When the
    first loop after the fill of a 1-D or 2-D buffer (an allocation or a result buffer: nothing
    else reaches it) that touches the buffer writes each element of a unit-stride subview of it
    at its induction variables and reads nothing of the buffer, the fill becomes a fill of the
    frame outside that subview (2-D: a parallel loop over rows; rows inside the subview's store
    the two strips left and right of it).

    Example:

    ```mlir
    // z = zeros(n); z[o:o+s] = v
    %z = memref.alloc(%n) : memref<?xf64>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      memref.store %cst, %z[%i] : memref<?xf64>
      scf.reduce
    }
    %in = memref.subview %z[%o] [%s] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%s) step (%c1) {
      %x = memref.load %v[%i] : memref<?xf64>
      memref.store %x, %in[%i] : memref<?xf64, strided<[1], offset: ?>>
      scf.reduce
    }
    ```

    becomes

    ```mlir
    %z = memref.alloc(%n) : memref<?xf64>
    %end = arith.addi %o, %s : index
    scf.parallel (%i) = (%c0) to (%o) step (%c1) {
      memref.store %cst, %z[%i] : memref<?xf64>
      scf.reduce
    }
    scf.parallel (%i) = (%end) to (%n) step (%c1) {
      memref.store %cst, %z[%i] : memref<?xf64>
      scf.reduce
    }
    %in = memref.subview %z[%o] [%s] [1] : memref<?xf64> to memref<?xf64, strided<[1], offset: ?>>
    scf.parallel (%i) = (%c0) to (%s) step (%c1) {
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def StreamingStores : Pass<"ptensor-streaming-stores", "::mlir::func::FuncOp"> {
  let summary = "Non-temporal vector stores for elementwise loops larger than the cache";
  let description = [{
    CPU pipelines, right after ptensor-fuse-parallel-loops. A store that allocates its cache
    line reads it from memory first: a streaming loop (c = a + 3 * b over arrays larger than
    the last-level cache) moves 4 words per element where 3 are needed. Non-temporal stores
    write whole lines without reading them, but LLVM 19's loop vectorizer does not emit them
    (it refuses loops with !nontemporal stores unless the scalar store is aligned to the
    vector's size) and the x86 backend splits unaligned ones into scalar stores.

    So this pass vectorizes such loops itself. An scf.parallel of the function body (not one
    inside another loop: a reduction over an outer axis re-reads the row it stores), without
    reductions, whose body
    is straight-line arithmetic (arith; math ops that are single instructions; no integer
    division, which would trap in masked-off lanes) on loads and stores contiguous in the
    last dimension, with at least one store at exactly the loop's induction variables into
    a function argument (a result buffer) that nothing else in the function reads, becomes
      scf.if (elements x bytes per element of the loop's memrefs >= threshold) {
        scf.parallel over the outer dimensions and blocks of the last one {
          one masked vector step up to the first 64-byte boundary of the streamed stores;
          scf.for: vector steps of 64 bytes, streamed stores vector.store nontemporal;
          one masked vector step for the rest of the block; a fence (the non-temporal
          stores are weakly ordered: x86=true an sfence, else a seq_cst fence) } }
      else { the loop unchanged }
    Several streamed stores must agree in their address modulo 64 (checked at run time,
    otherwise the loop runs unchanged). The host backend gives each non-temporal vector
    store of the LLVM module its own size as alignment, which this construction guarantees.

    Example:

    ```mlir
    // the triad a = b + s * c, %a a result buffer
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %b[%i] : memref<?xf64>
      %y = memref.load %c[%i] : memref<?xf64>
      %t = arith.mulf %s, %y : f64
      %r = arith.addf %x, %t : f64
      memref.store %r, %a[%i] : memref<?xf64>
      scf.reduce
    }
    ```

    becomes

    ```mlir
    %large = arith.cmpi sge, %bytes, %threshold : index
    scf.if %large {
      scf.parallel (%blk) = (%c0) to (%blocks) step (%c1) {
        // up to the first 64-byte boundary of %a: one masked step
        vector.maskedstore %a[%j0], %head, %r0 : memref<?xf64>, vector<8xi1>, vector<8xf64>
        scf.for %j = %lo to %hi step %c8 {
          %x = vector.load %b[%j] : memref<?xf64>, vector<8xf64>
          ...
          vector.store %r, %a[%j] {nontemporal = true} : memref<?xf64>, vector<8xf64>
        }
        llvm.fence seq_cst  // x86=true: llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
        // the rest of the block: one masked step
        vector.maskedstore %a[%hi], %tail, %r1 : memref<?xf64>, vector<8xi1>, vector<8xf64>
        scf.reduce
      }
    } else {
      scf.parallel (%i) = (%c0) to (%n) step (%c1) { ... }  // the loop unchanged
    }
    ```
  }];
  let options = [
    Option<"threshold", "threshold", "int64_t", /*default=*/"33554432",
           "Bytes a loop must move for non-temporal stores (the last-level cache's size)">,
    Option<"x86", "x86", "bool", /*default=*/"false",
           "Order the streamed stores with x86's sfence (llvm.x86.sse.sfence) instead of a "
           "seq_cst fence (mfence there: one per block of elements is much slower than an "
           "sfence)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect", "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect", "::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect"];
}

def IdentityStrides : Pass<"ptensor-identity-strides"> {
  let summary = "Strides of identity-layout memrefs computed from their sizes";
  let description = [{
    After expand-strided-metadata. A memref with the identity layout (a contiguous leaf,
    a result buffer, an allocation) has the strides its sizes imply, but its descriptor
    carries them as separate fields, which LLVM cannot relate to the sizes: a loop versioned
    for a short last axis (ptensor-short-reductions) then still reads rows with an unknown
    stride and does not vectorize. Each stride result of memref.extract_strided_metadata
    of such a memref becomes the product of the sizes after it, and each size a memref.dim
    (cse then makes them one value with the loop bounds read from the same memref: in CPU
    pipelines this runs before the loops become OpenMP regions, which capture each value
    they use separately).

    Example:

    ```mlir
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %x
        : memref<?x?xf64> -> memref<f64>, index, index, index, index, index
    return %sizes#1, %strides#0 : index, index
    ```

    becomes

    ```mlir
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %x
        : memref<?x?xf64> -> memref<f64>, index, index, index, index, index
    %dim = memref.dim %x, %c1 : memref<?x?xf64>
    %dim_1 = memref.dim %x, %c1 : memref<?x?xf64>
    return %dim, %dim_1 : index, index
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ReshapeSources : Pass<"ptensor-reshape-sources"> {
  let summary = "Fresh sources of tensor.reshape get their own buffer (before eliminate-empty-tensors)";
  let description = [{
    eliminate-empty-tensors (MLIR 19) follows the equivalent-buffer chain back from a
    materialize_in_destination or insert_slice through tensor.reshape to the tensor.empty that
    inits the computation of the reshape's source, and replaces it with the destination whenever
    the two tensor TYPES agree: with dynamic sizes, a (6, 4) result reshaped to (4, 6)
    (tensor<?x?xf64> both) would be computed straight into the (4, 6) destination with the
    source's strides, out of bounds. This pass replaces each tensor.empty reached from a
    reshape's source through destination-style inits (and reshapes, casts, slices) with
    bufferization.alloc_tensor, which the elimination leaves alone: the source is computed into
    its own buffer and reshaped from there.

    Example:

    ```mlir
    %e = tensor.empty(%d0, %d1) : tensor<?x?xf64>
    %g = linalg.generic {...} ins(%src : tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {...} -> tensor<?x?xf64>
    %r = tensor.reshape %g(%shape) : (tensor<?x?xf64>, tensor<2xindex>) -> tensor<?x?xf64>
    bufferization.materialize_in_destination %r in restrict writable %dst : (tensor<?x?xf64>, memref<?x?xf64>) -> ()
    ```

    becomes

    ```mlir
    %e = bufferization.alloc_tensor(%d0, %d1) : tensor<?x?xf64>
    ...
    ```
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def SeparateResults : Pass<"ptensor-separate-results"> {
  let summary = "A result also updated in place into another result gets its own buffer (before eliminate-empty-tensors)";
  let description = [{
    When a value V is materialized into one result's destination and is also updated in place on
    its way into another result (V is the dest of an insert_slice whose result is materialized:
    `b = cumulative_prod(a)` over a length-1 axis, an identity that canonicalize folds, then
    `a[0] = x` with both live), eliminate-empty-tensors (MLIR 19) computes V straight into the
    other destination D (through `to_tensor D restrict`). That result's chain goes out of place
    because V is read later, so its materialization copies the updated value into D, over V,
    before V is copied into its own destination: V's result holds the update. This pass replaces
    the tensor.empty behind such a V with bufferization.alloc_tensor, so V is computed into its
    own buffer. The same holds for a value carried by a loop (a scatter lowers to an scf.for
    over tensor.insert). Second case: a custom call's result (`to_tensor %m restrict writable`)
    whose buffer %m a later custom call reads directly (canonicalize folds that call's
    `to_memref` of the result into %m, invisible to one-shot bufferization) loses `writable`, so
    a write into the result goes to a copy and not under the later call's read.

    Example:

    ```mlir
    %e = tensor.empty() : tensor<1xf32>
    %g = linalg.generic {...} ins(%s : tensor<1xf32>) outs(%e : tensor<1xf32>) {...} -> tensor<1xf32>
    %u = tensor.insert_slice %x into %g[%c0] [1] [1] : tensor<f32> into tensor<1xf32>
    bufferization.materialize_in_destination %u in restrict writable %a : (tensor<1xf32>, memref<1xf32>) -> ()
    bufferization.materialize_in_destination %g in restrict writable %b : (tensor<1xf32>, memref<1xf32>) -> ()
    ```

    becomes

    ```mlir
    %e = bufferization.alloc_tensor() : tensor<1xf32>
    ...
    ```
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def SelfReadTemporaries : Pass<"ptensor-self-read-temporaries"> {
  let summary = "A value computed from other parts of the tensor it is inserted into gets one temporary (before eliminate-empty-tensors)";
  let description = [{
    A stencil step written in place, `u[1:-1, 1:-1] = u[1:-1, 1:-1] + nu * (u[2:, 1:-1] + u[:-2,
    1:-1] + ...)`, is a linalg.generic that reads slices of u and a tensor.insert_slice of its
    result into u. eliminate-empty-tensors (MLIR 19) computes the generic straight into u's
    destination slice; its reads of u then conflict with that write, and one-shot bufferization
    resolves each conflict by copying the slice read: one allocation and one copy per read (six
    for a 5-point stencil) where one temporary and one copy back suffice. This pass replaces the
    tensor.empty behind such a value with bufferization.alloc_tensor when the ops computing it
    read the insert's destination (or what it is updated in place from) anywhere other than
    exactly the slice written: never more copies than without it.

    Example:

    ```mlir
    // u[o1:o1+n] = u[o0:o0+n] + u[o2:o2+n]
    %t = bufferization.to_tensor %u restrict writable : memref<?xf64>
    %a = tensor.extract_slice %t[%o0] [%n] [1] : tensor<?xf64> to tensor<?xf64>
    %b = tensor.extract_slice %t[%o2] [%n] [1] : tensor<?xf64> to tensor<?xf64>
    %e = tensor.empty(%n) : tensor<?xf64>
    %g = linalg.generic {...} ins(%a, %b : tensor<?xf64>, tensor<?xf64>) outs(%e : tensor<?xf64>) {...} -> tensor<?xf64>
    %r = tensor.insert_slice %g into %t[%o1] [%n] [1] : tensor<?xf64> into tensor<?xf64>
    ```

    becomes

    ```mlir
    %e = bufferization.alloc_tensor(%n) : tensor<?xf64>
    ...
    ```
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect"];
}

def ArithExpand : Pass<"ptensor-arith-expand"> {
  let summary = "arith-expand, except the float min/max that reductions mark nsz";
  let description = [{
    Upstream's arith-expand (ceil/floor divisions; minimumf, maximumf, minnumf, maxnumf as
    compares and selects) for the host program, except a min/max with the `nsz` fast-math flag:
    a min/max reduction's combiner (ScalarOps.cpp). It lowers to llvm.intr.maximum / minimum,
    which LLVM's loop vectorizer keeps as a vector of partial results (HostBackend asks it to:
    its cost model on x86 says no); as compares and selects the loop stays a scalar chain,
    several times slower than NumPy's max.

    Example:

    ```mlir
    %0 = arith.maximumf %x, %y : f64
    %1 = arith.maximumf %x, %y fastmath<nsz> : f64
    ```

    becomes

    ```mlir
    %gt = arith.cmpf ugt, %x, %y : f64
    %m = arith.select %gt, %x, %y : f64
    %nan = arith.cmpf uno, %y, %y : f64
    %0 = arith.select %nan, %y, %m : f64
    %1 = arith.maximumf %x, %y fastmath<nsz> : f64
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def EarlyDealloc : Pass<"ptensor-early-dealloc", "::mlir::func::FuncOp"> {
  let summary = "Free each buffer right after its last use (after buffer-deallocation-pipeline)";
  let description = [{
    The ownership-based deallocation frees a block's buffers at its end, so a program of many
    steps holds every temporary of every step at once (a chain of eight in-place stencil steps
    on a 256x256 grid holds 48 buffers, 24 MiB, more than the caches). This pass moves a
    memref.dealloc of a memref.alloc of the same block to just after the last use of the
    buffer or of a view of it, when every use is a view, a load, a store, a copy, a dim or a
    linalg op (anything else, a call or a yield, may keep the buffer: it stays where it is).
    malloc then hands the freed, cache-warm memory to the next step.

    Example:

    ```mlir
    %a = memref.alloc(%n) : memref<?xf64>
    linalg.generic {...} ins(%u : memref<?xf64>) outs(%a : memref<?xf64>) {...}
    memref.copy %a, %u : memref<?xf64> to memref<?xf64>
    %b = memref.alloc(%n) : memref<?xf64>
    ...
    memref.copy %b, %u : memref<?xf64> to memref<?xf64>
    memref.dealloc %a : memref<?xf64>
    memref.dealloc %b : memref<?xf64>
    ```

    becomes

    ```mlir
    %a = memref.alloc(%n) : memref<?xf64>
    linalg.generic {...} ins(%u : memref<?xf64>) outs(%a : memref<?xf64>) {...}
    memref.copy %a, %u : memref<?xf64> to memref<?xf64>
    memref.dealloc %a : memref<?xf64>
    %b = memref.alloc(%n) : memref<?xf64>
    ...
    memref.copy %b, %u : memref<?xf64> to memref<?xf64>
    memref.dealloc %b : memref<?xf64>
    ```
  }];
}


def ForwardResultCopies : Pass<"ptensor-forward-result-copies", "::mlir::func::FuncOp"> {
  let summary = "Write a result into the runtime's result buffer instead of copying it there";
  let description = [{
    One-shot bufferization gives an op that makes its own buffer (a custom call's results, a
    collective's) a memref.alloc, and the function's result is then a memref.copy of it into
    the result buffer the runtime allocated (an argument with ptensor.fresh). When that
    argument has no other use, the alloc is of the same type (identity layout, no alignment
    of its own) in the copy's block, and every other use of the alloc comes before the copy
    (or is its dealloc), the argument takes the alloc's place: copy, alloc and dealloc go.
    (Without it the distributed sort's merge, a custom call, of 2^22 float64 writes its 32 MB
    twice.)

    Example:

    ```mlir
    func.func @forwarded(%n: index, %out: memref<?xf64> {ptensor.fresh}) {
      %a = memref.alloc(%n) : memref<?xf64>
      call @fill(%a) : (memref<?xf64>) -> ()
      memref.copy %a, %out : memref<?xf64> to memref<?xf64>
      memref.dealloc %a : memref<?xf64>
      return
    }
    ```

    becomes

    ```mlir
    func.func @forwarded(%n: index, %out: memref<?xf64> {ptensor.fresh}) {
      call @fill(%out) : (memref<?xf64>) -> ()
      return
    }
    ```
  }];
}

def GpuToRuntime : Pass<"ptensor-gpu-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Outlined GPU kernels -> SPIR-V or PTX binaries and launches through the GPU runtime";
  let description = [{
    Runs after gpu-kernel-outlining in the pipeline of a device program (docs/devices.md).
    Each gpu.module is converted on a copy (nested in a builtin.module beside it, so that the
    host function's memrefs keep their memory space). Complex numbers first (KernelComplex.h:
    libm's complex functions as formulas, complex values as pairs of floats), then per target:
    - spirv (OpenCL, Level Zero): the OpenCL SPIR-V target environment and each kernel's
      entry-point ABI are set, what the SPIR-V conversions lack is rewritten (nested
      scf.parallel as scf.for; math functions as spirv.CL ops or identities: see
      prepareKernel), then arith-expand, convert-math-to-spirv,
      map-memref-spirv-storage-class, convert-gpu-to-spirv (64-bit indices),
      spirv-lower-abi-attrs and spirv-update-vce, and the spirv.module is serialized;
    - nvptx:<chip> (CUDA): nvvm-attach-target (libdevice linked for math functions: found
      through PTENSOR_LIBDEVICE, CUDA_HOME, CUDA_ROOT or /usr/local/cuda), convert-scf-to-cf,
      convert-gpu-to-nvvm with bare pointers for the kernels' 0-D memrefs,
      gpu-module-to-binary{format=isa}: PTX text (NUL-terminated, as cuModuleLoadData takes).
    The binary becomes a constant memref.global.
    Each gpu.launch_func becomes a call of the runtime's ptensor_gpu_launch (ptensor_runtime.h)
    with the binary, the kernel's name, a module slot (a zero-initialized global word the runtime
    caches the loaded module in), the grid and block sizes and two stack arrays: the kernel's
    operands as 64-bit words (memrefs as their aligned pointer plus offset, scalars by their
    bits, complex scalars as two) and their byte sizes (0 for a pointer). The gpu.modules are
    then erased. PTENSOR_DUMP_KERNELS=<folder> writes each binary there (.spv, .ptx).
    What stays on the host is counted when it runs: each outermost loop left in host code and
    each ptensor_custom_call gets a call of ptensor_gpu_host_work(0: loop nest, 1: library
    call) before it.

    Example:

    ```mlir
    module attributes {gpu.container_module} {
      func.func @axpy(%a: f64, %x: memref<?xf64>, %y: memref<?xf64>) {
        ...
        gpu.launch_func @axpy_kernel::@axpy_kernel blocks in (%nb, %c1, %c1) threads in (%c256, %c1, %c1)
            args(%c256 : index, %c0 : index, %c1 : index, %dim : index, %base_buffer : memref<f64>, ...)
        return
      }
      gpu.module @axpy_kernel {
        gpu.func @axpy_kernel(%arg0: index, ..., %arg7: memref<f64>) kernel { ... }
      }
    }
    ```

    becomes

    ```mlir
    module {
      func.func private @ptensor_gpu_launch(i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64)
      memref.global "private" constant @__ptensor_gpu_axpy_kernel_spirv : memref<1596xi8> = dense<"0x03022307...">
      memref.global "private" @__ptensor_gpu_axpy_kernel_module : memref<1xi64> = dense<0> {alignment = 8 : i64}
      memref.global "private" constant @__ptensor_gpu_axpy_kernel_axpy_kernel_name : memref<12xi8> = dense<[97, ...]>
      func.func @axpy(%a: f64, %x: memref<?xf64>, %y: memref<?xf64>) {
        ...
        %words = memref.alloca() : memref<8xi64>
        %sizes = memref.alloca() : memref<8xi64>
        memref.store %w0, %words[%c0] : memref<8xi64>
        memref.store %c8_i64, %sizes[%c0] : memref<8xi64>
        ...
        call @ptensor_gpu_launch(%device, ...) : (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> ()
        return
      }
    }
    ```
  }];
  let options = [
    Option<"device", "device", "int64_t", /*default=*/"0",
           "The GPU runtime's index of the device the program runs on">,
    Option<"target", "target", "std::string", /*default=*/"\"spirv\"",
           "The kernels' binary: spirv, or nvptx:<chip> (PTX for CUDA, e.g. nvptx:sm_90)">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect", "::mlir::func::FuncDialect",
                           "::mlir::arith::ArithDialect", "::mlir::spirv::SPIRVDialect",
                           "::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
                           "::mlir::math::MathDialect", "::mlir::complex::ComplexDialect",
                           "::mlir::NVVM::NVVMDialect", "::mlir::LLVM::LLVMDialect",
                           "::mlir::cf::ControlFlowDialect"];
}

#endif
