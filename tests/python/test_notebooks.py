"""The notebooks in examples/notebooks run start to end in a real Jupyter kernel (nbclient);
every computing cell there asserts its values against NumPy, so a wrong value fails here as
an error in that cell. Ctrl-C in a kernel (issue 26 item 5): interrupting a long
materialization gives KeyboardInterrupt within about a second and the kernel stays usable."""
import os
import queue
import shutil
import time

import nbformat
import pytest
from jupyter_client.manager import start_new_kernel
from nbclient import NotebookClient

import ptensor as pt
from _helpers import on_a_device

NOTEBOOKS = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "notebooks")

pytestmark = pytest.mark.skipif(
    pt._dist.launched(), reason="starts its own kernels (and MPI engines): one process only")


def run_notebook(name):
    nb = nbformat.read(os.path.join(NOTEBOOKS, name), as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3",
                   resources={"metadata": {"path": NOTEBOOKS}}).execute()
    return nb


def outputs(nb):
    text = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            if o.output_type == "stream":
                text.append(o.text)
            elif "data" in o:
                text.append(o.data.get("text/plain", ""))
    return "\n".join(text)


def test_tour_notebook():
    nb = run_notebook("tour.ipynb")
    out = outputs(nb)
    assert "np.concatenate  ptensor" in out  # NumPy's function stayed in ptensor
    kinds = {k for c in nb.cells for o in c.get("outputs", []) for k in o.get("data", {})}
    assert {"text/html", "image/png"} <= kinds  # the array's rich display and the plot


@pytest.mark.skipif(shutil.which("mpiexec") is None, reason="needs MPICH's mpiexec")
def test_distributed_notebook():
    nb = run_notebook("distributed.ipynb")
    out = outputs(nb)
    assert "rank 0 of 2" in out and "rank 1 of 2" in out
    assert "matches NumPy: True" in out


def reply_to(kc, msg_id, timeout):
    """The shell channel's reply to request msg_id (earlier replies skipped)."""
    while True:
        reply = kc.get_shell_msg(timeout=timeout)
        if reply["parent_header"].get("msg_id") == msg_id:
            return reply


def execute(kc, code, timeout=120):
    """Runs code in the kernel; returns (status, ename or None, stdout, seconds)."""
    t0 = time.time()
    # stop_on_error=False: after an error reply ipykernel aborts the requests that reach it
    # before its event loop turns once more (stop_on_error_timeout), so the next request,
    # sent as soon as the error arrived, was at times answered "aborted" (a flaky failure
    # in CI): each request here stands alone.
    msg_id = kc.execute(code, stop_on_error=False)
    stdout, ename = [], None
    while True:
        try:
            msg = kc.get_iopub_msg(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no answer from the kernel within {timeout} s: {code!r}")
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind, content = msg["msg_type"], msg["content"]
        if kind == "stream":
            stdout.append(content["text"])
        elif kind == "error":
            ename = content["ename"]
        elif kind == "status" and content["execution_state"] == "idle":
            break
    reply = reply_to(kc, msg_id, timeout)
    return reply["content"]["status"], ename, "".join(stdout), time.time() - t0


def test_interrupt_in_a_kernel():
    if on_a_device():
        pytest.skip("a running device kernel is not interrupted: Ctrl-C takes effect when it "
                    "ends (docs/devices.md)")
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        status, _, _, _ = execute(kc, (
            "import numpy as np, ptensor as pt\n"
            "a = pt.asarray(np.random.default_rng(0).random((5000, 5000)))\n"
            "pt.sync()"))
        assert status == "ok"
        msg_id = kc.execute("r = a @ a\nfloat(r[0, 0])", stop_on_error=False)  # several seconds of BLAS
        time.sleep(1.0)
        t0 = time.time()
        km.interrupt_kernel()
        reply = reply_to(kc, msg_id, 60)
        waited = time.time() - t0
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
        assert waited < 2.5, waited
        status, ename, _, _ = execute(kc, "float(r[0, 0])")
        assert (status, ename) == ("error", "RuntimeError")  # the abandoned result
        status, _, out, _ = execute(kc, "print(float(pt.sum(pt.arange(10.0) * 2)))")
        assert status == "ok" and out.strip() == "90.0"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


@pytest.mark.skipif(shutil.which("mpiexec") is None, reason="needs MPICH's mpiexec")
def test_checkpoint_notebook():
    nb = run_notebook("checkpoint.ipynb")
    out = outputs(nb)
    assert "steps 0..20 on 3 rank(s)" in out and "steps 20..40 on 2 rank(s)" in out
    assert "check against NumPy: OK" in out and "step 40 matches NumPy: True" in out
