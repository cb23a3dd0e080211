"""Bar charts of the benchmarks' results: each peer's speed relative to NumPy, per workload.

    python examples/benchmarks/plot.py RESULTS.json ... [--out docs/_static/benchmarks]

Reads the JSON files the benchmark scripts write with --out: suite.py's results.json,
loops.py's loops.json and namespace.py's namespace.json (the format is recognized from the
content), and writes one PNG per file into --out: suite.png, loops.png, namespace.png. A bar is
NumPy's time divided by the peer's (above 1: faster than NumPy; log scale). The title names
the machine (the JSON's "machine" where the script records it, otherwise this machine's CPU
model from /proc/cpuinfo: plot where the benchmark ran) and the date (the JSON's "date", or the
file's modification date).
"""
import argparse
import datetime
import json
import os
import platform

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "..", "docs", "_static", "benchmarks"))


def this_machine():
    """The CPU model and core count of this machine."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name") and ":" in line:
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores"


def ratios(data):
    """(kind, {group: {label: ratio}}, note) of one benchmark JSON; group is a size or ""."""
    if isinstance(data, dict) and "seconds" in data:  # suite.py
        table = data["seconds"]
        out = {}
        for name, row in table.items():
            base = row.get("numpy")
            for peer, t in row.items():
                if peer != "numpy" and isinstance(t, float) and isinstance(base, float):
                    out.setdefault(peer, {})[name] = base / t
        note = f"scale {data.get('scale', 1.0)}, median of {data.get('repeat', '?')}"
        return "suite", out, note
    if isinstance(data, list) and data and "kernel" in data[0]:  # loops.py
        out = {}
        for row in data:
            for peer in ("ptensor", "numba"):
                if row.get(peer) and row.get("numpy"):
                    out.setdefault(f"{peer}, n = {row['n']}", {})[row["kernel"]] = \
                        row["numpy"] / row[peer]
        return "loops", out, "warm runs"
    if isinstance(data, dict) and all("@" in k for k in data):  # namespace.py
        out = {}
        for key, row in data.items():
            name, n = key.rsplit("@", 1)
            for peer, t in row.items():
                if peer != "numpy" and isinstance(t, float) and isinstance(row.get("numpy"), float):
                    out.setdefault(f"{peer}, n = {n}", {})[name] = row["numpy"] / t
        return "namespace", out, ""
    raise ValueError("not a results file of suite.py, loops.py or namespace.py")


def chart(kind, series, title, path):
    """Grouped bars (one color per series) over the union of the series' labels."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    labels = list(dict.fromkeys(k for s in series.values() for k in s))
    width = 0.8 / max(1, len(series))
    fig, ax = plt.subplots(figsize=(min(20, max(7, 0.45 * len(labels) * len(series) + 2)), 4.8))
    for k, (name, values) in enumerate(series.items()):
        xs = [i + k * width for i in range(len(labels))]
        ys = [values.get(label, 0.0) for label in labels]
        bars = ax.bar(xs, ys, width, label=name)
        if len(labels) * len(series) <= 40:  # (the values, where they fit)
            ax.bar_label(bars, labels=[f"{y:.2g}" if y else "" for y in ys], fontsize=7)
    ax.set_xticks([i + 0.4 - width / 2 for i in range(len(labels))], labels, rotation=30,
                  ha="right", fontsize=8)
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:g}"))
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_ylabel("NumPy's time / peer's time\n(above 1: faster than NumPy)")
    ax.legend(fontsize=8, ncol=min(4, len(series)))
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def plot(json_path, out_dir):
    """Writes the chart of one results file into out_dir; returns the PNG's path (None when
    the file has no peer besides NumPy)."""
    with open(json_path) as f:
        data = json.load(f)
    kind, series, note = ratios(data)
    if not any(series.values()):  # (NumPy alone: no ratio to draw)
        print(f"{json_path}: no peer besides NumPy, no chart")
        return None
    meta = data if isinstance(data, dict) else {}
    machine = meta.get("machine") or this_machine()
    date = meta.get("date") or datetime.date.fromtimestamp(os.path.getmtime(json_path)).isoformat()
    title = f"{kind}.py, {date}: speed relative to NumPy" + (f" ({note})" if note else "") + \
        f"\n{machine}"
    path = os.path.join(out_dir, f"{kind}.png")
    chart(kind, series, title, path)
    return path


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results", nargs="+", help="JSON files written by the benchmarks' --out")
    ap.add_argument("--out", default=DEFAULT_OUT, help="folder of the PNGs")
    a = ap.parse_args(argv)
    paths = [p for p in (plot(r, a.out) for r in a.results) if p is not None]
    for p in paths:
        print(p)
    return paths


if __name__ == "__main__":
    main()
