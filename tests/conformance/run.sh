#!/usr/bin/env bash
# The array API conformance suite (data-apis/array-api-tests, vendored unmodified in
# ../shared/array-api-tests) against the installed ptensor, revision 2025.12, with the linalg
# and fft extensions.
#
#   bash tests/conformance/run.sh                    # one process, 5 examples per test
#   bash tests/conformance/run.sh --mpi 2            # every rank runs every test; every array
#                                                    # the suite makes is split over the ranks
#   bash tests/conformance/run.sh --max-examples 100 # longer (a few minutes per 10 examples)
#
# Hypothesis is derandomized: every run and every rank draws the same examples (the ranks
# must record the same collectives), and each rank keeps its example database in its own
# copy of the suite. Failures that ptensor keeps on purpose are in tests/conformance/xfails.txt
# with the sentence of the standard that allows them; an expected failure that passes fails
# the run (xfail_strict), so the file stays true. The suite is found at $PTENSOR_ARRAY_API_TESTS,
# ../shared/array-api-tests next to the repository, or /work/shared/array-api-tests.
set -uo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
ranks=0
examples=5
while [ $# -gt 0 ]; do
  case "$1" in
    --mpi) ranks=$2; shift 2 ;;
    --max-examples) examples=$2; shift 2 ;;
    *) break ;;
  esac
done
suite=""
for c in "${PTENSOR_ARRAY_API_TESTS:-}" "$repo/../shared/array-api-tests" /work/shared/array-api-tests; do
  if [ -n "$c" ] && [ -f "$c/array_api_tests/__init__.py" ]; then suite=$(cd "$c" && pwd); break; fi
done
if [ -z "$suite" ]; then
  echo "conformance: the array API test suite was not found (set PTENSOR_ARRAY_API_TESTS to" \
       "a copy of data-apis/array-api-tests)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
copies=$(( ranks > 0 ? ranks : 1 ))
for ((r = 0; r < copies; r++)); do cp -r "$suite" "$work/r$r"; done

export ARRAY_API_TESTS_MODULE=ptensor ARRAY_API_TESTS_VERSION=2025.12
args=(array_api_tests --max-examples="$examples" --derandomize --disable-deadline -q
      -p no:cacheprovider -o xfail_strict=True -rfX
      --xfails-file "$repo/tests/conformance/xfails.txt" "$@")
if [ "$ranks" -gt 0 ]; then
  echo "array API conformance suite under mpiexec -n $ranks ($examples examples per test)"
  # shellcheck disable=SC2016
  timeout 1500 mpiexec -n "$ranks" bash -c 'cd "$0/r${PMI_RANK:-0}" && exec python3 -m pytest "$@"' \
    "$work" "${args[@]}" 2>&1 | tail -n 40
else
  echo "array API conformance suite on one process ($examples examples per test)"
  (cd "$work/r0" && timeout 1500 python3 -m pytest "${args[@]}") 2>&1 | tail -n 40
fi
rc=${PIPESTATUS[0]}
[ "$rc" -eq 0 ] || echo "array API conformance suite failed (exit $rc)"
exit "$rc"
