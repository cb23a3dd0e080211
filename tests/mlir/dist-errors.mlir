// RUN: %ptensor-opt %s --split-input-file --verify-diagnostics --dist-to-runtime -o /dev/null
// Verifier and lowering errors of the dist ops.


func.func @short_spec(%team: i64, %t: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  // expected-error @+1 {{needs 15 spec values}}
  %h = dist.repartition %team, %t rows %n spec(%n, %n) axis = 0 : tensor<?xf64> -> tensor<?xf64>
  return %h : tensor<?xf64>
}

// -----

func.func @bad_axis(%team: i64, %t: tensor<?xf64>, %n: index) -> tensor<?xf64> {
  // expected-error @+1 {{axis 1 out of range for rank 1}}
  %h = dist.repartition %team, %t rows %n spec(%n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n, %n) axis = 1 : tensor<?xf64> -> tensor<?xf64>
  return %h : tensor<?xf64>
}

// -----

func.func @f16(%team: i64, %t: tensor<?xf16>) -> tensor<?xf16> {
  // expected-error @+1 {{element type 'f16' has no runtime entry}}
  %s = dist.finalize_reduce sum %team, %t : tensor<?xf16>
  return %s : tensor<?xf16>
}

// -----

// The block queries need the init_dtensor that describes the partition.
func.func @gid_from_arg(%team: i64, %gid: i64) -> index {
  // expected-error @+1 {{needs the gid of a dist.init_dtensor}}
  %s = dist.local_shape %team, %gid : index
  return %s : index
}

// -----

func.func @rank_mismatch(%team: i64, %n: index) -> index {
  %gid = dist.init_dtensor %team(%n, %n) split = 1
  // expected-error @+1 {{expects 2 results}}
  %s = dist.local_slice %team, %gid : index
  return %s : index
}

// -----

// A gid is only an id of the described partition: nothing but the block queries may use it.
func.func @gid_escapes(%team: i64, %n: index) -> i64 {
  // expected-error @+1 {{gid used by an op --dist-to-runtime does not lower}}
  %gid = dist.init_dtensor %team(%n) split = 0
  return %gid : i64
}

// -----

func.func @permute_odd_pairs(%team: i64, %t: tensor<?xf64>) -> tensor<?xf64> {
  // expected-error @+1 {{pairs must be (source, target) pairs, got 3 values}}
  %r = dist.collective_permute %team, %t pairs = [0, 1, 2] : tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

func.func @permute_twice(%team: i64, %t: tensor<?xf64>) -> tensor<?xf64> {
  // expected-error @+1 {{rank 1 appears twice as a target}}
  %r = dist.collective_permute %team, %t pairs = [0, 1, 2, 1] : tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

func.func @permute_negative(%team: i64, %t: tensor<?xf64>) -> tensor<?xf64> {
  // expected-error @+1 {{rank -1 in pairs is negative}}
  %r = dist.collective_permute %team, %t pairs = [-1, 0] : tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

func.func @gather_other_dim(%team: i64, %t: tensor<?x3xf64>) -> tensor<?x4xf64> {
  // expected-error @+1 {{differs from operand 'tensor<?x3xf64>' in dimension 1}}
  %r = dist.all_gather %team, %t dim = 0 : tensor<?x3xf64> -> tensor<?x4xf64>
  return %r : tensor<?x4xf64>
}

// -----

func.func @scatter_bad_dim(%team: i64, %t: tensor<?xf64>) -> tensor<?xf64> {
  // expected-error @+1 {{dimension 1 out of range}}
  %r = dist.reduce_scatter sum %team, %t dim = 1 : tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

func.func @all_to_all_bad_dim(%team: i64, %t: tensor<?xf64>) -> tensor<?xf64> {
  // expected-error @+1 {{dimension 2 out of range}}
  %r = dist.all_to_all %team, %t split = 0 concat = 2 : tensor<?xf64> -> tensor<?xf64>
  return %r : tensor<?xf64>
}

// -----

func.func @no_entry(%team: i64, %t: tensor<?xf16>) -> tensor<?xf16> {
  // expected-error @+1 {{element type 'f16' has no runtime entry}}
  %r = dist.all_gather %team, %t dim = 0 : tensor<?xf16> -> tensor<?xf16>
  return %r : tensor<?xf16>
}
