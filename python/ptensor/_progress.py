"""Compile progress and Python logging: what compiles, for how long, and why.

A compile that runs longer than about a second shows a line on stderr, updated in place while it
runs (``ptensor: compiling a program of 412 operations ... 1.4 s``) and closed when it ends, in
terminals and in Jupyter (whose stderr stream honours ``\\r``). ``PTENSOR_PROGRESS=0`` turns it
off; ``PTENSOR_PROGRESS=1`` shows it on any stderr (a log file, a pipe); under ``mpiexec`` rank 0
shows it. The compile runs on the core's worker thread meanwhile (src/Jit.cpp), so Ctrl-C
interrupts it within about 50 ms.

Every program compiled or loaded from the disk cache is also a record on the logger
``"ptensor"`` at INFO level, the record ``pt.compile_log()`` keeps: silent unless the
application configures logging (``logging.basicConfig(level=logging.INFO)`` shows them).
"""
from __future__ import annotations

import atexit
import logging
import os
import sys

from . import _core

logger = logging.getLogger("ptensor")
DELAY = 1.0  # seconds of compiling before the line appears
_WIDTH = 72  # the line is padded so that a shorter one overwrites a longer one


def _rank0() -> bool:
    for var in ("PMI_RANK", "OMPI_COMM_WORLD_RANK", "PMIX_RANK"):
        if var in os.environ:
            return os.environ[var] == "0"
    return True


def enabled() -> bool:
    """Whether a long compile shows its progress now (PTENSOR_PROGRESS, the stderr in use)."""
    v = os.environ.get("PTENSOR_PROGRESS", "").strip().lower()
    if v in ("0", "off", "false", "no") or not _rank0():
        return False
    if v in ("1", "on", "true", "yes"):
        return True
    err = sys.stderr
    try:
        return err is not None and (err.isatty() or "ipykernel" in sys.modules)
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def _progress(seconds: float, operations: int, state: int) -> None:
    if not enabled():
        return
    what = f"ptensor: compiling a program of {operations} operations"
    if state == 0:
        line = f"\r{what} ... {seconds:.1f} s".ljust(_WIDTH)
    elif state == 1:
        line = f"\rptensor: compiled a program of {operations} operations in {seconds:.1f} s" \
            .ljust(_WIDTH) + "\n"
    else:
        line = f"\r{what}: interrupted after {seconds:.1f} s".ljust(_WIDTH) + "\n"
    sys.stderr.write(line)
    sys.stderr.flush()


def _compiled(record: dict) -> None:
    if logger.isEnabledFor(logging.INFO):
        logger.info("%s program %s (%d operations, %d inputs, %d results) in %.3f s: %s",
                    "loaded" if record["source"] == "disk" else "compiled", record["program"],
                    record["operations"], record["inputs"], record["results"],
                    record["seconds"], record["reason"])


def install(delay: float = DELAY) -> None:
    """(Re)installs the hooks; delay: seconds of compiling before the progress line shows."""
    _core.set_compile_hooks(_progress, _compiled, float(delay))


def _uninstall() -> None:  # at exit: no Python call from a compile during shutdown
    _core.set_compile_hooks(None, None, DELAY)


install()
atexit.register(_uninstall)
