// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-dist-overlap))' | %FileCheck %s
// RUN: %ptensor-opt %s --pass-pipeline='builtin.module(func.func(ptensor-dist-overlap),dist-to-runtime)' | %FileCheck %s --check-prefix=RT

#id = affine_map<(d0, d1) -> (d0, d1)>

// A halo refresh as ptensor's Python layer records it (the neighbours' rows inserted below
// and above the own rows of %p), then a stencil loop over two shifted views of the result.
// The loop splits: the interior rows [lo, hi) read %p from before the refresh and come
// first; the refresh's inserts follow them; then the rows below and above read the
// refreshed array. lo and hi are computed at run time from the inserted ranges and the
// views' offsets (%o0 and %o1 along the split axis).
// CHECK-LABEL: func.func @stencil
// CHECK-SAME: (%[[TEAM:.*]]: i64, %[[P:.*]]: tensor<?x?xf64>, %[[OWN:.*]]: tensor<?x?xf64>,
// CHECK: %[[H:.*]] = dist.repartition
// CHECK-DAG: %[[E0:.*]] = arith.addi %[[A0:.*]], %[[S0:.*]] : index
// CHECK-DAG: %[[E1:.*]] = arith.addi %[[A1:.*]], %[[S1:.*]] : index
// CHECK: arith.minsi %[[E0]], %[[E1]]
// CHECK: arith.maxsi %[[A0]], %[[A1]]
// CHECK: %[[V0:.*]] = tensor.extract_slice %[[P]][%[[O0:[^,]*]], 0]
// CHECK: tensor.extract_slice %[[V0]][%[[LO:.*]], 0] [%[[LEN:.*]], %{{.*}}] [1, 1]
// CHECK: %[[V1:.*]] = tensor.extract_slice %[[P]][%[[O1:[^,]*]], 0]
// CHECK: tensor.extract_slice %[[V1]][%[[LO]], 0] [%[[LEN]], %{{.*}}] [1, 1]
// CHECK: %[[IN:.*]] = linalg.generic
// CHECK: %[[R0:.*]] = tensor.insert_slice %[[IN]] into %{{.*}}[%[[LO]], 0] [%[[LEN]], %{{.*}}]
// CHECK: %[[G1:.*]] = tensor.insert_slice %[[H]] into %[[P]]
// CHECK: %[[G2:.*]] = tensor.insert_slice %{{.*}} into %[[G1]]
// CHECK: %[[W0:.*]] = tensor.extract_slice %[[G2]][%[[O0]],
// CHECK: %[[W1:.*]] = tensor.extract_slice %[[G2]][%[[O1]],
// CHECK: tensor.extract_slice %[[W0]][%{{[a-z0-9_]+}}, 0] [%[[LO]], %{{.*}}]
// CHECK: %[[BELOW:.*]] = linalg.generic
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[BELOW]] into %[[R0]][%{{[a-z0-9_]+}}, 0] [%[[LO]], %{{.*}}]
// CHECK: tensor.extract_slice %[[W0]][%[[HI:.*]], 0]
// CHECK: %[[ABOVE:.*]] = linalg.generic
// CHECK: %[[R2:.*]] = tensor.insert_slice %[[ABOVE]] into %[[R1]][%[[HI]], 0]
// CHECK: return %[[R2]]
// CHECK-NOT: linalg.generic
//
// After --dist-to-runtime the exchange starts before the interior loop and is waited for
// after it, right before the refresh's first insert.
// RT-LABEL: func.func @stencil
// RT: %[[HANDLE:.*]] = call @ptensor_dist_repartition_start_f64
// RT-NOT: call
// RT: linalg.generic
// RT: call @ptensor_dist_repartition_wait(%[[HANDLE]])
// RT-NEXT: bufferization.to_tensor
// RT-NEXT: tensor.insert_slice
// RT: linalg.generic
// RT: linalg.generic
func.func @stencil(%team: i64, %p: tensor<?x?xf64>, %own: tensor<?x?xf64>, %n: index,
                   %a0: index, %s0: index, %a1: index, %s1: index, %b1: index, %t1: index,
                   %o0: index, %o1: index, %m: index, %w: index) -> tensor<?x?xf64> {
  %h = dist.repartition %team, %own rows %n spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 0 {ghosts_only} : tensor<?x?xf64> -> tensor<?x?xf64>
  %g1 = tensor.insert_slice %h into %p[%a0, 0] [%s0, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
  %hi = tensor.extract_slice %h[%b1, 0] [%t1, %w] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
  %g2 = tensor.insert_slice %hi into %g1[%a1, 0] [%s1, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
  %v0 = tensor.extract_slice %g2[%o0, 0] [%m, %w] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
  %v1 = tensor.extract_slice %g2[%o1, 0] [%m, %w] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
  %e = tensor.empty(%m, %w) : tensor<?x?xf64>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v0, %v1 : tensor<?x?xf64>, tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {
  ^bb0(%x: f64, %y: f64, %o: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

// The refreshed array has another reader before the loop: the refresh cannot move below
// the interior part, so nothing splits (and the exchange is waited for at once).
// CHECK-LABEL: func.func @read_before
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// RT-LABEL: func.func @read_before
// RT: call @ptensor_dist_repartition_start_f64
// RT-NEXT: call @ptensor_dist_repartition_wait
func.func @read_before(%team: i64, %p: tensor<?x?xf64>, %own: tensor<?x?xf64>, %n: index,
                       %a0: index, %s0: index, %a1: index, %s1: index, %o0: index, %m: index,
                       %w: index) -> (tensor<?x?xf64>, f64) {
  %h = dist.repartition %team, %own rows %n spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 0 {ghosts_only} : tensor<?x?xf64> -> tensor<?x?xf64>
  %g1 = tensor.insert_slice %h into %p[%a0, 0] [%s0, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
  %g2 = tensor.insert_slice %h into %g1[%a1, 0] [%s1, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %g2[%c0, %c0] : tensor<?x?xf64>
  %v0 = tensor.extract_slice %g2[%o0, 0] [%m, %w] [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
  %e = tensor.empty(%m, %w) : tensor<?x?xf64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v0 : tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {
  ^bb0(%y: f64, %o: f64):
    %s = arith.mulf %y, %y : f64
    linalg.yield %s : f64
  } -> tensor<?x?xf64>
  return %r, %x : tensor<?x?xf64>, f64
}

// A repartition that is not a ghost refresh (no ghosts_only: the loop reads its result
// itself) and a view with a step along the split axis are left alone.
// CHECK-LABEL: func.func @not_a_refresh
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
func.func @not_a_refresh(%team: i64, %p: tensor<?x?xf64>, %own: tensor<?x?xf64>, %n: index,
                         %a0: index, %s0: index, %a1: index, %s1: index, %m: index,
                         %w: index) -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  %h = dist.repartition %team, %own rows %n spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 0 : tensor<?x?xf64> -> tensor<?x?xf64>
  %e = tensor.empty(%m, %w) : tensor<?x?xf64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {
  ^bb0(%y: f64, %o: f64):
    linalg.yield %y : f64
  } -> tensor<?x?xf64>
  %k = dist.repartition %team, %own rows %n spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 0 {ghosts_only} : tensor<?x?xf64> -> tensor<?x?xf64>
  %g1 = tensor.insert_slice %k into %p[%a0, 0] [%s0, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
  %g2 = tensor.insert_slice %k into %g1[%a1, 0] [%s1, %w] [1, 1] : tensor<?x?xf64> into tensor<?x?xf64>
  %v = tensor.extract_slice %g2[0, 0] [%m, %w] [2, 1] : tensor<?x?xf64> to tensor<?x?xf64>
  %r2 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%v : tensor<?x?xf64>) outs(%e : tensor<?x?xf64>) {
  ^bb0(%y: f64, %o: f64):
    linalg.yield %y : f64
  } -> tensor<?x?xf64>
  return %r, %r2 : tensor<?x?xf64>, tensor<?x?xf64>
}
