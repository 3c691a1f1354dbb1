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
    # The other samples both count within 120 s (issue 40's coverage).
    ("235", "235.tws", [], []),
    ("master_pyramorphix", "master_pyramorphix.tws", [], []),
    ("mastermorphix", "mastermorphix.tws", [], []),
    ("puzzlerchallenger", "puzzlerchallenger.tws", [], []),
    ("puzzlernovice", "puzzlernovice.tws", [], []),
    ("pyramorphix", "pyramorphix.tws", [], []),
    ("skewb_diamond", "skewb_diamond.tws", [], []),
    ("turnfour", "turnfour.tws", [], []),
    ("tangram", "tangram.tws", [], []),
    ("233", "233.tws", [], []),
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
    if ours is None:
        status = "refused" if all(r is not None for r in a) else "timed out"
    elif theirs is None:
        status = "twsearch gave no counts"
    else:
        status = "equal" if ours == theirs else "DIFFERENT"
    total = "-" if not (ours or theirs) else f"{sum(ours or theirs):,}"
    return f"| {name} | {total} | {figures(a, b)} | {status} |"


def figures(a, b):
    """The figure columns of a row from pocket's runs `a` and twsearch's `b`: median
    CPU and peak of each, and the ratios (a dash where a run failed)."""

    def median(runs, k):
        done = [r[k] for r in runs if r is not None and r[2] == 0]
        return statistics.median(done) if len(done) == len(runs) else None

    fig = lambda x, fmt: "-" if x is None else fmt.format(x)
    ratio = lambda x, y: "-" if x is None or y is None else f"{x / y:.2f}"
    pc, pm, tc, tm = median(a, 0), median(a, 1), median(b, 0), median(b, 1)
    return (
        f"{fig(pc, '{:.2f} s')} | {fig(pm, '{:.0f} MB')} | {fig(tc, '{:.2f} s')} "
        f"| {fig(tm, '{:.0f} MB')} | {ratio(pc, tc)} | {ratio(pm, tm)}"
    )


def arguments(doc, timeout):
    """The options both bench scripts take."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--twsearch", required=True, help="a cubing/twsearch checkout")
    ap.add_argument("--pocket", default="target/release/pocket")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--timeout", type=float, default=timeout)
    return ap


def start(args, second, last):
    """Build twsearch if need be and print the machine and the table's header, with
    its second and last columns named; the rows asked for and twsearch's binary."""
    twsearch = build_twsearch(args.twsearch)
    uname = os.uname()
    print(f"machine: {uname.nodename} {uname.machine}, {os.cpu_count()} cores; "
          f"medians of {args.runs} runs, interleaved")
    print()
    print(f"| sample | {second} | pocket CPU | pocket peak | twsearch CPU | twsearch peak "
          f"| CPU ratio | memory ratio | {last} |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    return set(filter(None, args.only.split(","))), twsearch


def main():
    args = arguments(__doc__, 300).parse_args()
    only, twsearch = start(args, "positions", "counts")
    with tempfile.TemporaryDirectory() as tmp:
        for name, sample, extra_pocket, extra_tw in ROWS:
            if only and name not in only:
                continue
            print(row(name, sample, extra_pocket, extra_tw, args, twsearch, tmp), flush=True)


if __name__ == "__main__":
    main()
