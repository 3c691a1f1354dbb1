#!/usr/bin/env python3
"""Definition-file censuses against twsearch, side by side (issue 40).

Each row runs `pocket census --puzzle SAMPLE --json` and `twsearch -g -t 1 SAMPLE`
(one thread) interleaved, pocket first, and prints the medians of CPU time (user +
system, from the kernel's accounting of each child, wait4) and of peak memory (its
maximum resident set), the ratios pocket / twsearch, and whether the counts at every
distance are equal. Nothing is asserted: the figures go in docs/performance.md.

    python3 benches/twsearch.py --twsearch DIR [--pocket PATH] [--runs N]
                                [--only NAME[,NAME]] [--timeout SECONDS]

DIR is a checkout of cubing/twsearch at 0a8bfb07 (its samples are MPL-licensed and
not copied here). Its binary is built when missing, with the command its README
gives: `make build/bin/twsearch TWSEARCH_VERSION=v0.a8bfb07` (a few minutes).
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

# (name, sample file, pocket's extra arguments, twsearch's extra arguments)
ROWS = [
    ("dino", "dino.tws", [], []),
    ("ufo", "ufo.tws", [], []),
    ("pyraminx", "pyraminx.tws", [], []),
    ("3p1", "3p1.tws", [], []),
    ("skewb", "skewb.tws", [], []),
    ("Jing_pyraminx", "Jing_pyraminx.tws", [], []),
    ("2x2x2", "2x2x2.tws", [], []),
    ("lo33", "lo33.tws", [], []),
    # twsearch's -q counts a half turn as two quarter turns.
    (
        "2x2x2-half-turns-2",
        "2x2x2.tws",
        ["--cost", "F2=2,B2=2,D2=2,U2=2,L2=2,R2=2"],
        ["-q"],
    ),
]


def run(argv, out_path, timeout, stdin_path=os.devnull):
    """CPU seconds, peak MB and exit status of one run, stdin from `stdin_path` and
    stdout to `out_path`."""
    with open(out_path, "wb") as out, open(os.devnull, "wb") as err, \
            open(stdin_path, "rb") as stdin:
        start = time.monotonic()
        child = subprocess.Popen(argv, stdout=out, stderr=err, stdin=stdin)
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - start > timeout:
                child.kill()
                pid, status, usage = os.wait4(child.pid, 0)
                return None
            time.sleep(0.01)
    child.returncode = os.waitstatus_to_exitcode(status)
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, usage.ru_maxrss / 1024, child.returncode


def pocket_counts(path):
    try:
        with open(path) as f:
            return json.loads(f.readline())["positions"]
    except (OSError, ValueError, KeyError, IndexError):
        return None


def twsearch_counts(path):
    counts = []
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"Dist (\d+) cnt (\d+)", line)
            if m:
                d, c = int(m.group(1)), int(m.group(2))
                counts += [0] * (d + 1 - len(counts))
                counts[d] = c
    # It prints the first empty distance too.
    while counts and counts[-1] == 0:
        counts.pop()
    return counts or None


def build_twsearch(root):
    binary = os.path.join(root, "build", "bin", "twsearch")
    if not os.path.exists(binary):
        print(f"building {binary} ...", file=sys.stderr)
        subprocess.run(
            ["make", "build/bin/twsearch", "TWSEARCH_VERSION=v0.a8bfb07"],
            cwd=root,
            check=True,
        )
    return binary


def row(name, sample, extra_pocket, extra_tw, args, twsearch, tmp):
    path = os.path.join(args.twsearch, "samples", "main", sample)
    pocket = [args.pocket, "census", "--puzzle", path, "--json", *extra_pocket]
    tw = [twsearch, "-g", "-t", "1", *extra_tw, path]
    a, b = [], []
    for _ in range(args.runs):
        for argv, into, out in ((pocket, a, "pocket.out"), (tw, b, "tw.out")):
            r = run(argv, os.path.join(tmp, out), args.timeout)
            into.append(r)
    ours = pocket_counts(os.path.join(tmp, "pocket.out"))
    theirs = twsearch_counts(os.path.join(tmp, "tw.out"))

    def median(runs, k):
        done = [r[k] for r in runs if r is not None and r[2] == 0]
        return statistics.median(done) if len(done) == len(runs) else None

    fig = lambda x, fmt: "-" if x is None else fmt.format(x)
    pc, pm = median(a, 0), median(a, 1)
    tc, tm = median(b, 0), median(b, 1)
    if ours is None:
        status = "refused" if all(r is not None for r in a) else "timed out"
    elif theirs is None:
        status = "twsearch gave no counts"
    else:
        status = "equal" if ours == theirs else "DIFFERENT"
    total = sum(ours) if ours else (sum(theirs) if theirs else None)
    ratio = lambda x, y: "-" if x is None or y is None else f"{x / y:.2f}"
    return (
        f"| {name} | {fig(total, '{:,}')} | {fig(pc, '{:.2f} s')} | {fig(pm, '{:.0f} MB')} "
        f"| {fig(tc, '{:.2f} s')} | {fig(tm, '{:.0f} MB')} | {ratio(pc, tc)} "
        f"| {ratio(pm, tm)} | {status} |"
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--twsearch", required=True, help="a cubing/twsearch checkout")
    ap.add_argument("--pocket", default="target/release/pocket")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", type=float, default=300)
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    twsearch = build_twsearch(args.twsearch)
    uname = os.uname()
    print(f"machine: {uname.nodename} {uname.machine}, {os.cpu_count()} cores; "
          f"medians of {args.runs} runs, interleaved")
    print()
    print("| sample | positions | pocket CPU | pocket peak | twsearch CPU | twsearch peak "
          "| CPU ratio | memory ratio | counts |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for name, sample, extra_pocket, extra_tw in ROWS:
            if only and name not in only:
                continue
            print(row(name, sample, extra_pocket, extra_tw, args, twsearch, tmp), flush=True)


if __name__ == "__main__":
    main()
