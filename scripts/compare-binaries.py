#!/usr/bin/env python3
"""Run two pocket binaries on the same inputs and compare what they print, byte for
byte: standard output, standard error and the exit status of every command line in
CASES, and the status and body of every API query in QUERIES (each binary serving on
a port of its own).

A redesign that keeps the output keeps this script quiet. Usage:

    scripts/compare-binaries.py OLD NEW            # e.g. a release build of main, and yours
    scripts/compare-binaries.py OLD NEW --show     # print each difference in full

Exit status 0 when all is equal, 1 when something differs (each named)."""

import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

STATES = """UUUURLFBLRBFLLFFRRBBDDDD
FURDFLBULRURDLFFDBRBLBDD
bad
UUUURLFBLRBFLLFFRRBBDDD
RRRRUUFFBBLLFFUUDDDDLLBB

DRBUDLLFRFUULRFBDDFRBBLU
"""

SEQUENCES = "R U R' U'\nx y z\n(R U R' U')6\nR U2 F'\nQ\nR U R' U' F2 x y'\n"

# (arguments, standard input)
CASES = [
    (["solve"], STATES),
    (["solve", "--compact"], STATES),
    (["solve", "--all"], STATES),
    (["solve", "--all", "--compact"], STATES),
    (["solve", "--count"], STATES),
    (["solve", "--json"], STATES),
    (["solve", "--all", "--json"], STATES),
    (["solve", "--metric", "qtm"], STATES),
    (["solve", "--metric", "one-way", "--json"], STATES),
    (["solve", "--method", "bidir"], STATES),
    (["solve", "--method", "table", "--metric", "qtm"], STATES),
    (["solve", "--cost", "R2=1.5,U2=1.4,F=1.3,F2=2"], STATES),
    (["solve", "--gen", "RU"], STATES),
    (["solve", "--goal", "............LLFFRRBBDDDD"], STATES),
    (["solve", "--layout", "urfdlb"], STATES),
    (["solve", "--show"], "FURDFLBULRURDLFFDBRBLBDD\n"),
    (["solve", "--show", "--steps"], "FURDFLBULRURDLFFDBRBLBDD\n"),
    (["solve", "--moves", "-"], SEQUENCES),
    (["solve", "--moves", "-", "--json"], SEQUENCES),
    (["solve", "--moves", "R U F", "--moves", "R2 U'"], ""),
    (["solve", "--moves", "R U", "FURDFLBULRURDLFFDBRBLBDD"], ""),
    (["solve", "--puzzle", "pocket-21", "2 0 3 1 6 7 8 9 10 11 4 5 12 13 14 15 16 17 18 19 20"], ""),
    # Refusals: each usage error, in the command line's words.
    (["solve", "--all", "--count"], STATES),
    (["solve", "--steps"], STATES),
    (["solve", "--show", "--json"], STATES),
    (["solve", "--count", "--compact"], STATES),
    (["solve", "--moves", "R", "--layout", "urfdlb"], ""),
    (["solve", "--cost", "R=x"], STATES),
    (["solve", "--cost", "R=2", "--metric", "qtm"], STATES),
    (["solve", "--cost", "R=2", "--method", "table"], STATES),
    (["solve", "--gen", "RU", "--method", "table"], STATES),
    (["solve", "--goal", "x"], STATES),
    (["solve", "--goal", "............LLFFRRBBDDDD", "--method", "table"], STATES),
    (["solve", "--moves", "-", "--moves", "R"], ""),
    (["solve", "--moves", "R", "--moves", "U", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--moves", "-", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "UUUU", "RLFB", "LRBF", "LLFF", "RRBB", "DDDD"], ""),
    (["solve", "--puzzle", "pocket-21", "--gen", "RU", "1"], ""),
    (["solve", "--puzzle", "nope", "1"], ""),
    (["solve", "--metric", "x"], ""),
    (["scramble", "-n", "40", "--seed", "7"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--json"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--optimal"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--min-distance", "11"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--gen", "RU"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--gen", "R2,U2,F2"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--gen", "RUF"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--length", "20"], ""),
    (["scramble", "-n", "5", "--seed", "7", "--length", "3"], ""),
    (["scramble", "--length", "3", "--optimal"], ""),
    (["scramble", "--length", "1001"], ""),
    (["scramble", "--min-distance", "12"], ""),
    (["scramble", "--gen", "R2,U2", "--min-distance", "4", "--seed", "1"], ""),
    (["scramble", "--seed", "x"], ""),
    (["census"], ""),
    (["census", "--json"], ""),
    (["census", "--metric", "qtm"], ""),
    (["census", "--gen", "RU"], ""),
    (["census", "--symmetry", "--metric", "htm"], ""),
    (["census", "--gen", "R2,U2", "--metric", "one-way"], ""),
    (["census", "--weighted"], ""),
    (["census", "--memory", "10"], ""),
    (["census", "--symmetry", "--gen", "RU"], ""),
    (["census", "--puzzle", "pocket-21", "--metric", "qtm"], ""),
    (["census", "--puzzle", "pocket-21"], ""),
    (["show", "FURDFLBULRURDLFFDBRBLBDD"], ""),
    (["show", "--svg", "FURDFLBULRURDLFFDBRBLBDD"], ""),
    (["show", "--moves", "R U R' U'"], ""),
    (["show", "--layout", "urfdlb", "--moves", "[R, U]"], ""),
    (["show", "WWWWOOGGRRBBOOGGRRBBYYYY", "--moves", "R U"], ""),
    (["show"], "R U2\tFURDFLBULRURDLFFDBRBLBDD\n"),
    (["show", "UUUURLFBLRBFLLFFRRBBDDDX"], ""),
    (["show", "UUUU"], ""),
    (["show", "--moves", "R Q"], ""),
    (["show", "UUUUUUFFRRBBLLFFRRBBDDDD"], ""),
    (["check", "FURDFLBULRURDLFFDBRBLBDD", "R U"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "F2 U' F U R U2 R U' R' F R'"], ""),
    (["check", "--json", "UUUURLFBLRBFLLFFRRBBDDDD", "F2 U' F U R U2 R U' R' F R'"], ""),
    (["check", "--json", "UUUURLFBLRBFLLFFRRBBDDDD", "R R"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "[R, U]"], ""),
    (["check", "UUUU", "R"], ""),
    (["invert", "R U F' R2"], ""),
    (["net"], ""),
    (["puzzles"], ""),
    (["algs", "--effect", "....................", "--max-length", "4"], ""),
]

QUERIES = [
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&all=1",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&count=1",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&compact=1&metric=qtm",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&metric=one-way&all=true",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&cost=R2=1.5,U=0.8",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&gen=RUF",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&goal=............LLFFRRBBDDDD",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&layout=urfdlb",
    "/api/solve?moves=R+U+R%27+U%27",
    "/api/solve?moves=x+y+z",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&moves=R+U",
    "/api/solve?state=bad",
    "/api/solve?state=%FFUUURLFBLRBFLLFFRRBBDDDD",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&all=1&count=1",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&all=yes",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&metric=x",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&cost=R=x",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&cost=R=2&metric=qtm",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&gen=Q",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&count=1&compact=1",
    "/api/solve?moves=R&layout=urfdlb",
    "/api/solve?moves=-",
    "/api/solve?state=",
    "/api/solve",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&state=FURDFLBULRURDLFFDBRBLBDD",
    "/api/solve?state=FURDFLBULRURDLFFDBRBLBDD&nope=1",
    "/api/scramble?seed=3",
    "/api/scramble?seed=3&optimal=1",
    "/api/scramble?seed=3&gen=RU",
    "/api/scramble?seed=3&length=20&min-distance=9",
    "/api/scramble?seed=3&length=3",
    "/api/scramble?seed=-1",
    "/api/scramble?seed=3&length=5&optimal=1",
    "/api/scramble?min-distance=12",
    "/api/scramble?length=1001",
    "/api/scramble?gen=R2,U2&min-distance=5&seed=1",
    "/api/census",
    "/api/census?metric=qtm",
    "/api/census?metric=all",
    "/api/census?metric=x",
    "/census.svg?metric=htm",
    "/nope",
]


def run(binary, args, stdin):
    env = dict(os.environ, NO_COLOR="1")
    p = subprocess.run([binary] + args, input=stdin.encode(), capture_output=True, env=env, timeout=300)
    # Timings differ from run to run; the program's name is the file's.
    stderr = re.sub(rb"\d+ ms", b"N ms", p.stderr)
    stderr = stderr.replace(os.path.basename(binary).encode() + b" ", b"pocket ")
    return p.returncode, p.stdout, stderr


def serve(binary):
    p = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    url = p.stdout.readline().decode().strip().rstrip("/")
    return p, url


def fetch(url):
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new, show = sys.argv[1], sys.argv[2], "--show" in sys.argv
    differ = 0
    for args, stdin in CASES:
        a, b = run(old, args, stdin), run(new, args, stdin)
        for what, x, y in zip(("status", "stdout", "stderr"), a, b):
            if x != y:
                differ += 1
                print(f"differs: pocket {' '.join(args)}: {what}")
                if show:
                    print(f"  old: {x!r}\n  new: {y!r}")
    servers = [serve(old), serve(new)]
    try:
        for q in QUERIES:
            a, b = (fetch(url + q) for _, url in servers)
            if a != b:
                differ += 1
                print(f"differs: GET {q}")
                if show:
                    print(f"  old: {a!r}\n  new: {b!r}")
    finally:
        for p, _ in servers:
            p.terminate()
            p.wait()
    total = len(CASES) * 3 + len(QUERIES)
    print(f"{total - differ} of {total} outputs equal ({len(CASES)} command lines, {len(QUERIES)} queries)")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
