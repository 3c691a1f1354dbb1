#!/usr/bin/env python3
"""Optimal solves past the bidirectional search, against twsearch (issue 41).

For each sample, a batch of scrambles (random moves of the file's own `Move` lines,
each plain or inverted, never one move twice in a row, from Python's `random` with a
fixed seed) is solved in one process by `pocket solve --puzzle SAMPLE --moves -` and
by `twsearch --writeprunetables never -s -t 1 SAMPLE` (one thread, building its
table each run as pocket does), interleaved, and the script prints the medians of
CPU (user + system, from wait4) and peak memory, the ratios pocket / twsearch, and
whether every solution length is equal. Nothing is asserted: the figures go in
docs/performance.md.

    python3 benches/deep.py --twsearch DIR [--pocket PATH] [--runs N]
                            [--only NAME[,NAME]] [--timeout SECONDS] [--show]

DIR is a checkout of cubing/twsearch at 0a8bfb07 with its binary built (see
benches/twsearch.py, which builds it).
"""

import os
import random
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from twsearch import arguments, figures, run, start  # noqa: E402

# (name, sample, scrambles, moves each, seed, pocket's extra arguments)
ROWS = [
    ("3x3x3", "3x3x3.tws", 20, 12, 12, []),
    ("FTO", "FTO.tws", 5, 10, 10, []),
    ("master_pyraminx", "master_pyraminx.tws", 5, 10, 10, []),
    ("4x4x4", "4x4x4.tws", 5, 10, 10, []),
    ("kilominx", "kilominx.tws", 5, 10, 10, []),
]


def scrambles(path, count, length, seed):
    names = []
    with open(path) as f:
        for line in f:
            m = re.match(r"Move\s+(\S+)", line)
            if m:
                names.append(m.group(1))
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        seq, last = [], None
        while len(seq) < length:
            name = rng.choice(names)
            if name == last:
                continue
            last = name
            seq.append(name + rng.choice(["", "'"]))
        out.append(" ".join(seq))
    return out


def pocket_lengths(path):
    lengths = []
    with open(path, errors="replace") as f:
        for line in f:
            line = line.strip()
            lengths.append(0 if line in ("", "-") else len(line.split()))
    return lengths


def twsearch_lengths(path):
    lengths, previous = [], None
    with open(path, errors="replace") as f:
        for line in f:
            if re.match(r"Found \d+ solution", line):
                lengths.append(0 if previous is None else len(previous.split()))
            previous = line if line.startswith(" ") else None
    return lengths


def row(name, sample, count, length, seed, extra, args, twsearch, tmp):
    path = os.path.join(args.twsearch, "samples", "main", sample)
    lines = scrambles(path, count, length, seed)
    if args.show:
        print("\n".join(lines), file=sys.stderr)
    stdin = os.path.join(tmp, "scrambles")
    with open(stdin, "w") as f:
        f.write("\n".join(lines) + "\n")
    pocket = [args.pocket, "solve", "--puzzle", path, "--moves", "-", *extra]
    tw = [twsearch, "--writeprunetables", "never", "-s", "-t", "1", path]
    a, b = [], []
    for _ in range(args.runs):
        for argv, into, out in ((pocket, a, "pocket.out"), (tw, b, "tw.out")):
            into.append(run(argv, os.path.join(tmp, out), args.timeout, stdin))
    ours = pocket_lengths(os.path.join(tmp, "pocket.out"))
    theirs = twsearch_lengths(os.path.join(tmp, "tw.out"))
    if len(ours) != count:
        status = "pocket answered %d of %d" % (len(ours), count)
    elif len(theirs) != count:
        status = "twsearch answered %d of %d" % (len(theirs), count)
    else:
        status = "equal" if ours == theirs else f"DIFFERENT {ours} {theirs}"
    return f"| {name} | {count} x {length} | {figures(a, b)} | {status} |"


def main():
    ap = arguments(__doc__, 600)
    ap.add_argument("--show", action="store_true", help="print the scrambles on stderr")
    args = ap.parse_args()
    only, twsearch = start(args, "scrambles", "lengths")
    with tempfile.TemporaryDirectory() as tmp:
        for name, sample, count, length, seed, extra in ROWS:
            if only and name not in only:
                continue
            print(row(name, sample, count, length, seed, extra, args, twsearch, tmp),
                  flush=True)


if __name__ == "__main__":
    main()
