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
    ("squareone", "squareone.tws", 5, 10, 10, []),
    ("squareone-20", "squareone.tws", 5, 20, 10, []),
    ("nautilus", "nautilus.tws", 5, 10, 10, []),
    ("8x8x8", "8x8x8.tws", 5, 4, 10, []),
    ("9x9x9", "9x9x9.tws", 5, 4, 10, []),
    ("icosahedron_3", "icosahedron_3.tws", 5, 4, 10, []),
    ("icosahedron_2", "icosahedron_2.tws", 5, 6, 10, []),
    ("Eitans_star", "Eitans_star.tws", 5, 6, 10, []),
    ("gigaminx", "gigaminx.tws", 5, 4, 10, []),
    ("big_chop", "big_chop.tws", 5, 6, 10, []),
    ("maltese", "maltese.tws", 5, 6, 10, []),
]


def read_blocks(path):
    """The pieces of a .tws file as a walk needs them: each set's solved pieces,
    each move's permutation of each set (1-based lines, as written), and the
    Illegal lines as (set, slot, piece) triples."""
    sets, solved, moves, illegal = [], {}, {}, []
    block, current, lines = None, None, []
    with open(path) as f:
        for raw in f:
            w = raw.split("#")[0].split()
            if not w:
                continue
            if w[0] == "Set":
                sets.append(w[1])
            elif w[0] == "Illegal":
                illegal += [(w[1], int(w[2]) - 1, int(p)) for p in w[3:]]
            elif w[0] in ("Solved", "Move"):
                block, current, lines = (w[1] if w[0] == "Move" else None), None, {}
            elif w[0] == "End":
                if block is None:
                    solved = {k: [int(x) for x in v[0]] for k, v in lines.items()}
                else:
                    moves[block] = {k: [int(x) - 1 for x in v[0]] for k, v in lines.items()}
            elif w[0] in sets:
                current = w[0]
                lines[current] = []
            elif current is not None:
                lines[current].append(w)
    return solved, moves, illegal


def legal_scrambles(path, count, length, seed):
    """Random walks that never stop on a position the file's Illegal lines bar, of
    powers of its moves (twsearch and pocket both read `U3`, `U3'`); twsearch
    finds nothing for a scramble that passes a barred position."""
    solved, moves, illegal = read_blocks(path)
    rng = random.Random(seed)
    names = sorted(moves)
    out = []
    for _ in range(count):
        state = {k: list(v) for k, v in solved.items()}
        seq, last = [], None
        while len(seq) < length:
            name = rng.choice(names)
            if name == last:
                continue
            order, q = 1, None
            # The move's order on the sets it moves.
            perm = moves[name]
            while True:
                q = {k: (p if q is None else [q[k][j] for j in p]) for k, p in perm.items()}
                if all(q[k] == sorted(q[k]) for k in q):
                    break
                order += 1
            power = rng.randrange(1, order)
            after = {k: list(v) for k, v in state.items()}
            for _ in range(power):
                after = {k: ([v[j] for j in perm[k]] if k in perm else v) for k, v in after.items()}
            if any(after[s][slot] == piece for s, slot, piece in illegal):
                continue
            state, last = after, name
            half = order // 2
            written = name + ("" if power == 1 else str(power)) if power <= half else \
                name + ("" if order - power == 1 else str(order - power)) + "'"
            seq.append(written)
        out.append(" ".join(seq))
    return out


def scrambles(path, count, length, seed):
    with open(path) as f:
        text = f.read()
    names = re.findall(r"^Move\s+(\S+)", text, re.MULTILINE)
    # A file with bars, or whose pieces show no turns (so that a permutation's order
    # is its move's: the big chop's half turns have no inverse named): powers.
    unturned = all(w[3] == "1" for w in (line.split() for line in text.splitlines())
                   if len(w) == 4 and w[0] == "Set")
    if "\nIllegal" in text or unturned:
        return legal_scrambles(path, count, length, seed)
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
