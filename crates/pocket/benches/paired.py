#!/usr/bin/env python3
"""Paired whole-process figures for docs/performance.md (issue 27).

Each group runs pocket and its yardstick interleaved (A B A B ...), in one process
of this script, and prints the medians of wall time and of CPU time (user + system,
from the kernel's accounting of each child) and the ratios to the yardstick. Nothing
here is asserted: the machine is shared, so only figures paired in one run compare.

    python3 benches/paired.py [--runs N] [--pocket PATH] [--base PATH] [--floor PATH]
                              [--only NAME[,NAME]]

Groups (--only): census, moves, count (20,000 antipodes drawn with repeats, 20,000
states at distance 10-11, and each distinct antipode once), all (against `cat` of its
output and against benches/format-floor.c, which formats the same move lists), fresh.
--base adds the same commands with an earlier build (for before/after figures);
--floor is the C census floor (built from ../shared/bench/census-floor.c, see
docs/performance.md). Input files are made with `pocket scramble` under a temporary
folder, from fixed seeds.
"""

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HARD = "UUUDLLFRFRBBLLFRFRBBDUDD"


def run_once(argv, stdin_path):
    """Wall and CPU seconds of one run, output discarded. posix_spawn, not Popen:
    Popen's own set-up in Python adds milliseconds of wall time to every run."""
    actions = [(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)]
    actions.append((os.POSIX_SPAWN_OPEN, 2, "/dev/null", os.O_WRONLY, 0))
    actions.append((os.POSIX_SPAWN_OPEN, 0, stdin_path or "/dev/null", os.O_RDONLY, 0))
    exe = argv[0] if "/" in argv[0] else shutil.which(argv[0])
    start = time.perf_counter()
    pid = os.posix_spawn(exe, argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(argv)}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(commands, runs, warmup=3):
    """Medians (wall, cpu) of each (name, argv, stdin) command, runs interleaved."""
    times = {name: ([], []) for name, _, _ in commands}
    for i in range(warmup + runs):
        for name, argv, stdin in commands:
            wall, cpu = run_once(argv, stdin)
            if i >= warmup:
                times[name][0].append(wall)
                times[name][1].append(cpu)
    return {n: (statistics.median(w), statistics.median(c)) for n, (w, c) in times.items()}


def report(title, commands, runs, yardstick, per=None):
    """Print one group: medians and ratios to the yardstick (CPU and wall)."""
    got = measure(commands, runs)
    print(f"\n## {title}  ({runs} interleaved runs, medians)")
    yw, yc = got[yardstick]
    print(f"{'command':44} {'wall ms':>9} {'cpu ms':>9} {'cpu x':>7} {'wall x':>7}")
    for name, _, _ in commands:
        w, c = got[name]
        print(f"{name:44} {w * 1e3:9.2f} {c * 1e3:9.2f} {c / yc:7.2f} {w / yw:7.2f}")
    if per:
        count, less = per
        for name, _, _ in commands:
            if name in (yardstick, less):
                continue
            w, c = got[name]
            lw, lc = got[less] if less else (0.0, 0.0)
            print(
                f"  {name}: per state {(c - lc) / count * 1e6:.2f} us CPU, "
                f"{(w - lw) / count * 1e6:.2f} us wall (less '{less}')"
            )
    sys.stdout.flush()
    return got


def format_floor(tmp, allout):
    """The command of benches/format-floor.c on the move lists of `allout` (an --all
    output), checked to write the same bytes; None without a C compiler."""
    names = ["R", "R'", "R2", "U", "U'", "U2", "F", "F'", "F2"]
    index = {n: i for i, n in enumerate(names)}
    moves = bytearray()
    with open(allout) as f:
        for line in f:
            for solution in line.rstrip("\n").split(", "):
                moves += bytes(index[m] for m in solution.split(" ")) + b"\x09"
            moves += b"\x0a"
    bin_path = os.path.join(tmp, "all.bin")
    with open(bin_path, "wb") as f:
        f.write(moves)
    exe = os.path.join(tmp, "format-floor")
    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "format-floor.c")
    if shutil.which("cc") is None or subprocess.run(["cc", "-O2", "-o", exe, src]).returncode != 0:
        return None
    written = subprocess.run([exe, bin_path], check=True, capture_output=True).stdout
    with open(allout, "rb") as f:
        if written != f.read():
            sys.exit("format-floor does not write the --all output")
    return [exe, bin_path]


def scrambles(pocket, path, n, seed, min_distance):
    out = subprocess.run(
        [pocket, "scramble", "-n", str(n), "--seed", str(seed), "--min-distance", str(min_distance)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    with open(path, "w") as f:
        for line in out.splitlines():
            f.write(line.split("\t")[1] + "\n")


def wca_scrambles(path, n, length, seed):
    """Random WCA sequences over all six faces, no face twice in a row."""
    r = random.Random(seed)
    with open(path, "w") as f:
        for _ in range(n):
            seq, last = [], None
            while len(seq) < length:
                face = r.choice("UDLRFB")
                if face != last:
                    last = face
                    seq.append(face + r.choice(["", "'", "2"]))
            f.write(" ".join(seq) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--pocket", default="target/release/pocket")
    ap.add_argument("--base")
    ap.add_argument("--floor")
    ap.add_argument("--only")
    a = ap.parse_args()
    only = set(a.only.split(",")) if a.only else None
    want = lambda name: only is None or name in only
    builds = [("pocket", a.pocket)] + ([("base", a.base)] if a.base else [])
    tmp = tempfile.mkdtemp(prefix="pocket-bench-")
    p = a.pocket
    print(f"# paired figures; machine: {os.cpu_count()} cores; {os.uname().release}")

    if want("census") and a.floor:
        cmds = [("census-floor", [a.floor], None)]
        cmds += [(f"{b} census --metric all", [path, "census", "--metric", "all"], None) for b, path in builds]
        cmds += [
            (f"{b} census --metric all (1 core)", ["taskset", "-c", "0", path, "census", "--metric", "all"], None)
            for b, path in builds
        ]
        report("1. census of the three metrics with local maxima, against the C floor", cmds, a.runs, "census-floor")

    if want("moves"):
        moves = os.path.join(tmp, "moves1k.txt")
        stickers = os.path.join(tmp, "stickers1k.txt")
        wca_scrambles(moves, 1000, 25, 27)
        out = subprocess.run([p, "solve", "--moves", "-", "--json"], stdin=open(moves), capture_output=True, text=True, check=True).stdout
        import json

        with open(stickers, "w") as f:
            for line in out.splitlines():
                f.write(json.loads(line)["state"] + "\n")
        cmds = []
        for b, path in builds:
            cmds.append((f"{b} solve < 1k stickers", [path, "solve"], stickers))
            cmds.append((f"{b} solve --moves - < 1k moves", [path, "solve", "--moves", "-"], moves))
        report("2. 1,000 random 25-move scrambles as moves, against the same positions as stickers", cmds, a.runs, "pocket solve < 1k stickers")

    if want("count"):
        d11 = os.path.join(tmp, "d11.txt")
        mixed = os.path.join(tmp, "d1011.txt")
        scrambles(p, d11, 20000, 3, 11)
        scrambles(p, mixed, 20000, 4, 10)
        for label, path_in in [("distance 11", d11), ("distance 10-11", mixed)]:
            cmds = [("one hard state", [p, "solve", HARD], None)]
            for b, path in builds:
                cmds.append((f"{b} --count (1 core)", ["taskset", "-c", "0", path, "solve", "--count"], path_in))
                cmds.append((f"{b} --count", [path, "solve", "--count"], path_in))
            report(f"3. --count of 20,000 states at {label}", cmds, a.runs, "one hard state", per=(20000, "one hard state"))
        # Each of the 2,644 HTM antipodes once, shuffled: a count remembered for one
        # position (or its inverse) is asked again at most once here.
        many = os.path.join(tmp, "d11-many.txt")
        distinct = os.path.join(tmp, "antipodes.txt")
        scrambles(p, many, 60000, 5, 11)
        states = sorted(set(open(many).read().split()))
        random.Random(27).shuffle(states)
        with open(distinct, "w") as f:
            f.write("".join(s + "\n" for s in states))
        cmds = [("one hard state", [p, "solve", HARD], None)]
        for b, path in builds:
            cmds.append((f"{b} --count (1 core)", ["taskset", "-c", "0", path, "solve", "--count"], distinct))
            cmds.append((f"{b} --count", [path, "solve", "--count"], distinct))
        n = len(states)
        report(f"3. --count of the {n:,} distinct antipodes, each once", cmds, a.runs, "one hard state", per=(n, "one hard state"))

    if want("all"):
        hard = os.path.join(tmp, "hard2k.txt")
        scrambles(p, hard, 2000, 2, 11)
        allout = os.path.join(tmp, "all.out")
        with open(allout, "w") as f:
            subprocess.run([p, "solve", "--all"], stdin=open(hard), stdout=f, check=True)
        cmds = [("cat of the --all output", ["cat", allout], None)]
        floor = format_floor(tmp, allout)
        if floor:
            cmds.append(("format-floor (C) of the same", floor, None))
        for b, path in builds:
            cmds.append((f"{b} --all (1 core)", ["taskset", "-c", "0", path, "solve", "--all"], hard))
            cmds.append((f"{b} --all", [path, "solve", "--all"], hard))
        got = report("3. --all of 2,000 states at distance 11, against writing its output", cmds, a.runs, "cat of the --all output")
        if floor:
            _, yc = got["format-floor (C) of the same"]
            for name, _, _ in cmds[2:]:
                print(f"  {name}: {got[name][1] / yc:.2f}x the CPU of format-floor")

    if want("puzzle"):
        # Issue 30: a definition puzzle's 1,000 random states against the cube's same
        # bidirectional search (goal: within 2x of CPU).
        states = os.path.join(tmp, "golf1k.txt")
        out = subprocess.run([p, "scramble", "-n", "1000", "--seed", "2026"], check=True, capture_output=True, text=True).stdout
        with open(states, "w") as f:
            for line in out.splitlines():
                f.write(line.split("\t")[1] + "\n")
        cmds = []
        for b, path in builds:
            cmds.append((f"{b} solve --method bidir", [path, "solve", "--method", "bidir"], states))
            cmds.append((f"{b} solve --puzzle pocket-golf", [path, "solve", "--puzzle", "pocket-golf"], states))
        cmds.append(("pocket solve (table)", [p, "solve"], states))
        report("5. 1,000 random states of pocket-golf, against the cube's bidirectional search", cmds, a.runs, "pocket solve --method bidir")

    if want("fresh"):
        cmds = [("/bin/true", ["/bin/true"], None)]
        for b, path in builds:
            cmds.append((f"{b} --version", [path, "--version"], None))
            cmds.append((f"{b} solve HARD", [path, "solve", HARD], None))
        report("4. one hard state in a fresh process, against /bin/true", cmds, a.runs * 3, "/bin/true")


if __name__ == "__main__":
    main()
