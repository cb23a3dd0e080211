"""pytest plugin of scripts/test.sh: PTENSOR_TEST_SHARD=k/m keeps every m-th collected test
from the k-th (0-based), so m runs of one suite side by side (m mpiexec jobs) share it. The
ranks of one job collect the same tests in the same order and keep the same ones; a program
two shards both compile is compiled once (the disk cache's claims) and loaded by the other.
Used as `PYTHONPATH=tests python3 -m pytest -p shard_plugin ...`."""
import os


def pytest_collection_modifyitems(config, items):
    shard = os.environ.get("PTENSOR_TEST_SHARD")
    if not shard:
        return
    k, m = (int(v) for v in shard.split("/"))
    if not 0 <= k < m:
        raise ValueError(f"PTENSOR_TEST_SHARD={shard}: want k/m with 0 <= k < m")
    keep = items[k::m]
    config.hook.pytest_deselected(items=[t for i, t in enumerate(items) if i % m != k])
    items[:] = keep
