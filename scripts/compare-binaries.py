#!/usr/bin/env python3
"""Run two pocket binaries on the same inputs and compare what they print, byte for
byte: standard output, standard error and the exit status of every command line in
CASES, and the status, headers (all but Date) and body of every API query in QUERIES
(each binary serving on a port of its own).

A redesign that keeps the output keeps this script quiet. Usage:

    scripts/compare-binaries.py OLD NEW            # e.g. a release build of main, and yours
    scripts/compare-binaries.py OLD NEW --show     # print each difference in full

Exit status 0 when all is equal, 1 when something differs (each named). Run a binary
against itself to check that every case is deterministic (about 35 s on two cores).

The corpus (every command line runs in the repository root, with NO_COLOR=1):
- every command and the top level: `--help`, `-h`, `help COMMAND`, `--version`, no
  command, a mistyped command or option, an unknown option, a missing value;
- solve: text, --compact, --all (--lines), --count, --json, --show (--steps,
  --color), each metric and --method, --cost, --gen, --goal, --layout, --moves in
  every notation it reads (groups, wide moves, rotations, pasted forms, links,
  comments, numbered lines; `-` from standard input, scramble lines), states and
  moves together, `--`, --puzzle (built-ins and fixtures/puzzles/ files in the text,
  .tws and KPuzzle formats, definitions on standard input, sticker numbers, the
  3x3x3 by magic, ida and reid where it is quick), and every refusal: bad states of
  each kind (length, bytes, colours, corners, twists, the reference corner, long
  lines), bad moves, conflicting options, bad numbers, bad definitions;
- scramble (--seed always): -n, --length, --min-distance, --optimal, --gen, --set,
  --goal, --json, --color, and requests nothing satisfies;
- census: every metric, --json, --svg -, --symmetry, --gen, --puzzle (--weighted,
  --cost, --memory) and its refusals;
- show, check (--rules, --json, pasted and bracketed forms), invert, net, puzzles
  (--export tws and kpuzzle of every fixture), patterns (--file, --metric, --json),
  cases (every set, --json, --svg -, --show, --cost, --color), algs (--effect and
  --orbit with each of their options, --shard);
- judge, with small programs (/bin/true, /bin/cat, sh, and a lookup solver in
  `python3 -c`): each --input, --timeout, --memory-limit, --file-size-limit, --env,
  --writable, --bind, --file (from standard input), --fail-fast, --json, --jobs,
  --isolation, programs that time out, crash, print nothing or cannot start, and bad
  options. Times (`N ms`, `time_ms`, `cpu_ms`, `slowest_ms`) and memory (`memory_kib`)
  vary from run to run and are blanked;
- serve: bad options (never a server that starts); and through the API, /api/solve,
  /api/scramble, /api/census, /api/cases and /census.svg with every parameter, bad
  and unknown and repeated ones, the page `/` and its assets, a path outside them, a
  method other than GET, HEAD, a foreign Host header and an over-long query."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# A directory judged programs may write in (--writable), made for the run.
TMP = None

STATES = """UUUURLFBLRBFLLFFRRBBDDDD
FURDFLBULRURDLFFDBRBLBDD
bad
UUUURLFBLRBFLLFFRRBBDDD
RRRRUUFFBBLLFFUUDDDDLLBB

DRBUDLLFRFUULRFBDDFRBBLU
"""

SEQUENCES = "R U R' U'\nx y z\n(R U R' U')6\nR U2 F'\nQ\nR U R' U' F2 x y'\n"

# One bad state of each kind the reader names, and lines it must read anyway: a corner
# no cube has, a twist, a misread reference corner, mixed case, a byte that is not
# UTF-8, a NUL, CRLF, spaces, a scramble line, the solved cube, a corner twice, mirror
# order, a colour on 6 stickers, a line over 4096 bytes.
BAD_STATES = (
    b"UUUFLLFURRBBLLFFRRBBDDDD\nUUURLLFUFRBBLLFFRRBBDDDD\nYWWWOOGGRRBBOOGGRRBBYYWY\n"
    b"WWWwOOGGRRBBOOGGRRBBYYYY\nUU\xffURLFBLRBFLLFFRRBBDDDD\nUUUU\x00LFBLRBFLLFFRRBBDDDD\n"
    b"UUUURLFBLRBFLLFFRRBBDDDD\r\nUUUU LLFF RRBB LLFF RRBB DDDD\n"
    b"R U\tUUUURLFBLRBFLLFFRRBBDDDD\nUUUULLFFRRBBLLFFRRBBDDDD\nDUUURLFBLRBFLLFFRRBBDDDU\n"
    b"UUUURLFBLRBFRRFFLLBBDDDD\nUUUUUUFFRRBBLLFFRRBBDDDD\n" + b"U" * 5000 + b"\n"
)

# Lines of `pocket scramble --seed 9 -n 3`, and one whose state is not its sequence's.
SCRAMBLE_LINES = (
    "R' F2 U2 F U R U' R2 F U' R2\tDFRRFUFDBLDRLBURUFLBLBDU\n"
    "U R F2 U' F U2 R' F' U R F2\tFBDFRBRLDLUDLFUBRFLBRUDU\n"
    "R F U2 F' U F2 R' F U2 F' R2\tRUBRBLUFDFRDLUBDLFLBRFDU\n"
    "R U\tUUUURLFBLRBFLLFFRRBBDDDD\n"
)

# A state of <R,U> (`pocket scramble --gen RU --seed 1`).
RU_STATE = "RFBUDURLFRUFLLFDRULBDBDB"
TWO_BY_ONE = "WYWYWYWYGBBGROOR"  # 2x2x1 after R U
PUZZLE_21 = "2 0 3 1 6 7 8 9 10 11 4 5 12 13 14 15 16 17 18 19 20"
SOLVED_54 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"

# Definitions read from standard input (--puzzle /dev/stdin): the 2x2x1 of the
# fixtures, and one refusal of each kind the reader names by its line.
with open(os.path.join(ROOT, "fixtures/puzzles/2x2x1.txt")) as f:
    DEF_2X2X1 = f.read()
DEF_BAD = [
    "name x\nsolved ABCD\nmove R 0 0 2 3\n",  # not a permutation
    "name x\nsolved ABCD\nmove R 1 0 2 3\nmove Q 1 0 2 3\n",  # the same permutation twice
    "name x\nsolved AB#D\nmove R 1 0 2 3\n",  # '#' inside a word
    "name x\nsolved ABCD\nmove A 1 2 3 0\nmove A2 1 0 2 3\npowers A\n",  # a power named as another move
    "name x\nsolved ABCD\nmove R 1 0 2\n",  # too short
    "name x\nsolved ABCD\nfrobnicate\n",  # unknown keyword
    "",  # empty
]

# Pattern files on standard input: a wrong expected length, a bare state, a good line;
# and one with an unreadable line.
PATTERNS_MIXED = (
    "# a comment\nHorizontal flags  UUUUFFRRBBLLLLFFRRBBDDDD  1 1\n"
    "Off by one  UUUURRBBLLFFLLFFRRBBDDDD  2\nUUUURLFBLRBFLLFFRRBBDDDD\n\n"
)
PATTERNS_BAD = "Fine  UUUUFFRRBBLLLLFFRRBBDDDD  1\nnot a pattern line\n"

# The judge's programs. A lookup solver: the 13 test patterns answered optimally, and
# three more states answered validly but not optimally (R), in 31 moves (F), and
# wrongly (R U R' U'). It reads the state from its last argument or standard input.
IDENTITY = "U2 R2 U2 R2 U2 R2"
ANSWERS = {
    "UUUUFFRRBBLLLLFFRRBBDDDD": "U'",
    "UUUURRBBLLFFLLFFRRBBDDDD": "U2",
    "UUUULRBFRLFBLRBFRLFBDDDD": "R2 F2 R2",
    "DDUURRBFRRFBLLBFLLFBUUDD": "R2 F2 U2 R2",
    "UDDULBRFRFLBLBRFRFLBUDDU": "U F2 U2 R2 U",
    "UUUURLFBLRBFLRBFRLFBDDDD": "R2 F2 R2 U2",
    "FFFUDDRFRULLLDRRUULBBBDB": "R U' R F U2 R2 F' U' R F'",
    "DDDUFFLFRBRRLFLLBBRBUUDU": "R F U' R2 U F' R U F2 R2",
    "UFFULDRFRULBLLFRURBBDBDD": "R F' U R' U' F' U2 R F U2",
    "UUUDLLFRFRBBLLFRFRBBDUDD": "R U R' U2 F' R U' R' F U2 F",
    "UUUURLFBLRBFLLFFRRBBDDDD": "R U' R' U' F2 U' R U R' U F2",
    "UDUDLLFRFFLBLBRRFRBBUUDD": "U F2 U'",
    "DUUDLLFBRRBFLRFFRLBBUDDU": "U R2 U2 F2 U R2 U2 F2 U",
    "UFUFLLFDRRUBLLFDRRUBDBDB": "R' " + IDENTITY,
    "UULLLDFFURBBLDFFURBBRRDD": "F' " + " ".join([IDENTITY] * 5),
    "ULUFBLFDRUBRLLFFURBBDRDD": "U",
}
SOLVER = (
    "import sys\nA = %r\n"
    "s = sys.argv[-1] if len(sys.argv) > 1 else sys.stdin.readline()\n"
    "print(A.get(s.strip(), ''))\n" % ANSWERS
)
# Positions for --file /dev/stdin: named and bare, one the solver does not know.
JUDGE_FILE = (
    "Horizontal flags  UUUUFFRRBBLLLLFFRRBBDDDD  1\nUFUFLLFDRRUBLLFDRRUBDBDB\n"
    "UULLLDFFURBBLDFFURBBRRDD\nULUFBLFDRUBRLLFFURBBDRDD\nDFRRFUFDBLDRLBURUFLBLBDU\n"
)
TWO_STATES = "UUUURLFBLRBFLLFFRRBBDDDD\nUUUUFFRRBBLLLLFFRRBBDDDD\n"
JUDGE = ["judge", "--file", "/dev/stdin"]
PYTHON_SOLVER = ["python3", "-c", SOLVER]

COMMANDS = ["solve", "scramble", "census", "show", "check", "invert", "net", "puzzles",
            "patterns", "cases", "algs", "judge", "serve"]
FIXTURES = ["fixtures/puzzles/" + f for f in (
    "2x2x1.txt", "2x2x2-free.txt", "3x3x3.txt", "pocket-21.txt", "pocket-golf.txt",
    "pyraminx.txt", "skewb.txt", "two-colour-128.txt", "corners7.tws", "tiny.tws",
    "twist3.tws", "corners7.json", "tiny.json", "twist3.json")]

# (arguments, standard input: text or bytes)
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
    # solve: bad states of every kind, on standard input and as arguments.
    (["solve"], BAD_STATES),
    (["solve", "--json"], BAD_STATES),
    (["solve", "--all", "--lines"], BAD_STATES),
    (["solve", "--show"], BAD_STATES),
    (["solve", "bad"], ""),
    (["solve"], ""),
    (["solve"], "\n\n  \n"),
    (["solve", "UUUURLFBLRBFLLFFRRBBDDDD", "UUUULLFFRRBBLLFFRRBBDDDD", "bad"], ""),
    (["solve", "UUUULLFFRRBBLLFFRRBBDDDD", "--json"], ""),
    # solve: output forms.
    (["solve", "--all", "--lines"], STATES),
    (["solve", "--all", "--lines", "--compact"], STATES),
    (["solve", "--lines"], STATES),
    (["solve", "--all", "--lines", "--json"], STATES),
    (["solve", "--color", "always", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--count", "--json"], STATES),
    (["solve", "--compact", "--json"], STATES),
    (["solve", "--all", "--metric", "qtm", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--count", "--metric", "one-way", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--show", "--color", "always", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--show", "--color", "never", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--show", "--steps", "--color", "always", "--moves", "R U F"], ""),
    (["solve", "--show", "--all", "UUUUFFRRBBLLLLFFRRBBDDDD"], ""),
    (["solve", "UUUURLFBLRBFLLFFRRBBDDDD", "--metric", "qtm"], ""),
    (["solve", "--metric=qtm", "--compact", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--all", "--", "----RLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "----RLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "WWWW OOGG RRBB OOGG RRBB YYYY", "--moves", "[R, U]"], ""),
    # solve: methods and metrics.
    (["solve", "--method", "bidir", "--json"], STATES),
    (["solve", "--method", "bidir", "--metric", "one-way"], STATES),
    (["solve", "--method", "table", "--all", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--method", "table", "--metric", "one-way", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--method", "auto", "--count"], STATES),
    (["solve", "--method", "x", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--method", "ida", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--method", "magic", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--method", "reid", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--memory", "10", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--metric"], ""),
    (["solve", "--metric", "QTM", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    # solve: --cost.
    (["solve", "--cost", "F=2,F2=3,R2=1.5", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--cost", "F=2,F2=3,R2=1.5", "--all", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--cost", "F=2,F2=3,R2=1.5", "--count", "--json", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--cost", "R=301,U=1", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--cost", "U=0.8", "UUUULLFFRRBBLLFFRRBBDDDD"], ""),
    (["solve", "--cost", "R2=3", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--cost", "R=0", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--cost", "R=1.2345", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--cost", "Q=1", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--cost", "R=-1", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--cost", "", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--cost", "R=1000000,U=0.001", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    # solve: --gen and --goal.
    (["solve", "--gen", "RU", RU_STATE], ""),
    (["solve", "--gen", "RU", "--all", "--metric", "qtm", RU_STATE], ""),
    (["solve", "--gen", "RU", "--count", "--json", RU_STATE], ""),
    (["solve", "--gen", "RU", "--cost", "U=2", RU_STATE], ""),
    (["solve", "--gen", "RU", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--gen", "RR',UU'", RU_STATE], ""),
    (["solve", "--gen", "R,U2,F2", "--metric", "qtm", "UUUUFFRRBBLLLLFFRRBBDDDD"], ""),
    (["solve", "--gen", "R2,U2,F2", "--metric", "one-way", "UUUULLFFRRBBLLFFRRBBDDDD"], ""),
    (["solve", "--gen", "Q", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--gen", "", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--goal", "UUUU........LLFFRRBBDDDD", "--all", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--goal", "............LLFFRRBBDDDD", "--gen", "RU", RU_STATE], ""),
    (["solve", "--goal", "............LLFFRRBBDDDD", "--metric", "qtm", "--json", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--goal", "............LLFFRRBBDDDD", "--cost", "F=2", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--goal", "............ OOGGRRBBYYYY", "WWWWOOGGRRBBOOGGRRBBYYYY", "--moves", "R U F"], ""),
    (["solve", "--goal", "UUUUUUUUUUUUUUUUUUUUUUUU", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    (["solve", "--goal", "UUUU....................", "--count", "UUUDLLFRFRBBLLFRFRBBDUDD"], ""),
    # solve: --layout.
    (["solve", "--layout", "urfdlb", "UUUURRRRFFFFDDDDLLLLBBBB"], ""),
    (["solve", "--layout", "urfdlb", "--json", "UUUUBBRRFFFFDDDDLLLLRRBB"], ""),
    (["solve", "--layout", "urfdlb", "--show", "UUUURRRRFFFFDDDDLLLLBBBB"], ""),
    (["solve", "--layout", "x", "UUUURRRRFFFFDDDDLLLLBBBB"], ""),
    # solve: --moves in every notation it reads, and what it refuses.
    (["solve", "--moves", "[F: R U R' U']"], ""),
    (["solve", "--moves", "[F: [R, U]]", "--json"], ""),
    (["solve", "--moves", "https://alg.cubing.net/?setup=F&alg=R_U"], ""),
    (["solve", "--moves", "https://alpha.twizzle.net/edit/?alg=R+U+R%27"], ""),
    (["solve", "--moves", "1. R U R'\n2) U'  // done\n// only a comment"], ""),
    (["solve", "--moves", "R\u2032 U\u00b4 R3 U'3 F\u2019"], ""),
    (["solve", "--moves", "Rw U r' x y2 z'"], ""),
    (["solve", "--moves", "Lw Dw Bw Uw' Fw2"], ""),
    (["solve", "--moves", "R2' U'2 ((R U)2 F)3"], ""),
    (["solve", "--moves", "RUR'U'D2L'B"], ""),
    (["solve", "--moves", "R U R' U' x y z", "--json"], ""),
    (["solve", "--moves", ""], ""),
    (["solve", "--moves", "https://alg.cubing.net/"], ""),
    (["solve", "--moves", "[R, U, F]"], ""),
    (["solve", "--moves", "R, U"], ""),
    (["solve", "--moves", "R U M"], ""),
    (["solve", "--moves", "(R U"], ""),
    (["solve", "--moves", "R U)"], ""),
    (["solve", "--moves", "[R: U"], ""),
    (["solve", "--moves", "R4'' U"], ""),
    (["solve", "--moves"], ""),
    (["solve", "--moves", "-"], SCRAMBLE_LINES),
    (["solve", "--moves", "-", "--json"], SCRAMBLE_LINES),
    (["solve"], SCRAMBLE_LINES),
    (["solve", "--moves", "-"], ""),
    (["solve", "--moves", "-", "--metric", "qtm", "--compact"], SEQUENCES),
    (["solve", "--moves", "R U", "--json", "UUUURLFBLRBFLLFFRRBBDDDD", "bad"], ""),
    (["solve", "--moves", "R U", "--layout", "urfdlb", "--json", "UUUURRRRFFFFDDDDLLLLBBBB"], ""),
    # solve: other puzzles.
    (["solve", "--puzzle", "2x2x1", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--all", "--json", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--count", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--compact", "--cost", "R=5", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--moves", "R U L D"], ""),
    (["solve", "--puzzle", "2x2x1", "--moves", "R F"], ""),
    (["solve", "--puzzle", "2x2x1", "WWGOYYYYBBGWOWRR"], ""),
    (["solve", "--puzzle", "2x2x1", "--cost", "Q=1", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "fixtures/puzzles/2x2x1.txt"], TWO_BY_ONE + "\nbad\n\nWWWWYYYYBBGGOORR\n"),
    (["solve", "--puzzle", "pocket-golf", "--all", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["solve", "--puzzle", "pocket-golf", "--moves", "R U F"], ""),
    (["solve", "--puzzle", "pocket-21", "--json", "[2, 0, 3, 1, 6, 7, 8, 9, 10, 11, 4, 5, 12, 13, 14, 15, 16, 17, 18, 19, 20]"], ""),
    (["solve", "--puzzle", "pocket-21", "--all", PUZZLE_21], ""),
    (["solve", "--puzzle", "pocket-21", "0 0 0"], ""),
    (["solve", "--puzzle", "fixtures/puzzles/tiny.tws", "--moves", "T S", "--json"], ""),
    (["solve", "--puzzle", "fixtures/puzzles/tiny.json", "--moves", "A F A"], ""),
    (["solve", "--puzzle", "fixtures/puzzles/twist3.json", "--moves", "A B A", "--all"], ""),
    (["solve", "--puzzle", "fixtures/puzzles/twist3.tws", "--moves", "A B", "--count"], ""),
    (["solve", "--puzzle", "fixtures/puzzles/corners7.tws", "--moves", "R U F R2"], ""),
    (["solve", "--puzzle", "fixtures/puzzles/corners7.json", "--moves", "R U F R2", "--json"], ""),
    (["solve", "--puzzle", "/dev/stdin", "--moves", "R U"], DEF_2X2X1),
    (["solve", "--puzzle", "3x3x3", "--method", "magic", "--moves", "R U F' D2 L B' R2 F"], ""),
    (["solve", "--puzzle", "3x3x3", "--method", "magic", "--json", "--moves", "R U F' D2 L B' R2 F"], ""),
    (["solve", "--puzzle", "3x3x3", "--method", "magic", SOLVED_54, "bad"], ""),
    (["solve", "--puzzle", "3x3x3", "--method", "magic", "--all", "--moves", "R"], ""),
    (["solve", "--puzzle", "3x3x3", "--moves", "R U F' L2 D"], ""),
    (["solve", "--puzzle", "3x3x3", "--method", "ida", "--memory", "64", "--json", "--moves", "R U F'"], ""),
    (["solve", "--puzzle", "3x3x3", "--method", "reid", SOLVED_54, "bad"], ""),
    (["solve", "--puzzle", "3x3x3", "--method", "reid", "--memory", "50", "--moves", "R U"], ""),
    (["solve", "--puzzle", "3x3x3", "--method", "reid", "--count", "--moves", "R U"], ""),
    (["solve", "--puzzle", "3x3x3", "--moves", "R U M E S x"], ""),
    (["solve", "--puzzle", "3x3x3", "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBF"], ""),
    (["solve", "--puzzle", "2x2x1", "--metric", "qtm", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--layout", "urfdlb", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--goal", "................", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--method", "table", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "2x2x1", "--show", TWO_BY_ONE], ""),
    (["solve", "--puzzle", "fixtures/puzzles/nope.txt", "1"], ""),
    (["solve", "--puzzle", "fixtures/patterns.txt", "1"], ""),
    (["solve", "--puzzle", "fixtures/puzzles/two-colour-128.txt", "--moves", "R"], ""),
] + [
    # solve: definitions the reader refuses, each naming its line.
    (["solve", "--puzzle", "/dev/stdin", "AB"], d) for d in DEF_BAD
] + [
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
    # scramble: sets, goals, colours, lengths, and requests nothing satisfies.
    (["scramble", "--seed", "2"], ""),
    (["scramble", "--seed=2", "--count", "3"], ""),
    (["scramble", "--seed", "18446744073709551615", "-n", "2", "--json"], ""),
    (["scramble", "--seed", "-1"], ""),
    (["scramble", "--seed", "18446744073709551616"], ""),
    (["scramble", "-n", "0", "--seed", "1"], ""),
    (["scramble", "-n", "x"], ""),
    (["scramble", "-n", "500", "--seed", "3", "--optimal"], ""),
    (["scramble", "-n", "3", "--seed", "4", "--json", "--optimal", "--min-distance", "9"], ""),
    (["scramble", "-n", "3", "--seed", "4", "--min-distance", "0", "--optimal"], ""),
    (["scramble", "-n", "3", "--seed", "4", "--length", "0"], ""),
    (["scramble", "-n", "2", "--seed", "4", "--length", "1000"], ""),
    (["scramble", "-n", "3", "--seed", "4", "--length", "9"], ""),
    (["scramble", "-n", "3", "--seed", "4", "--gen", "RU", "--length", "11", "--json"], ""),
    (["scramble", "-n", "3", "--seed", "4", "--gen", "RR',UU'"], ""),
    (["scramble", "-n", "3", "--seed", "4", "--gen", "R2,U2,F2", "--length", "22"], ""),
    (["scramble", "--seed", "4", "--gen", "R2,U2,F2", "--length", "21"], ""),
    (["scramble", "--seed", "4", "--gen", "Q"], ""),
    (["scramble", "--seed", "4", "--min-distance", "x"], ""),
    (["scramble", "-n", "3", "--seed", "5", "--color", "always"], ""),
    (["scramble", "-n", "3", "--seed", "5", "--color", "never", "--gen", "RU"], ""),
    (["scramble", "--seed", "5", "--color", "x"], ""),
] + [
    (["scramble", "-n", "3", "--seed", "6", "--set", s], "")
    for s in ("ortega", "pbl", "cll", "eg1", "eg2", "tcll+", "tcll-")
] + [
    (["scramble", "-n", "3", "--seed", "6", "--set", "cll", "--min-distance", "0", "--json"], ""),
    (["scramble", "-n", "2", "--seed", "6", "--set", "pbl", "--optimal"], ""),
    (["scramble", "--seed", "6", "--set", "nope"], ""),
    (["scramble", "--seed", "6", "--set", "cll", "--gen", "RU"], ""),
    (["scramble", "--seed", "6", "--set", "cll", "--min-distance", "12"], ""),
    (["scramble", "-n", "3", "--seed", "6", "--goal", "............LLFFRRBBDDDD", "--min-distance", "0"], ""),
    (["scramble", "-n", "3", "--seed", "6", "--goal", "UUUU........LLFFRRBBDDDD", "--json"], ""),
    (["scramble", "--seed", "6", "--goal", "............LLFFRRBBDDDD", "--gen", "RU"], ""),
    (["scramble", "--seed", "6", "--goal", "x"], ""),
    (["scramble", "--seed", "6", "--goal", "UUUUUUUUUUUUUUUUUUUUUUUU"], ""),
    (["scramble", "--seed", "6", "--goal", "............LLFFRRBBDDDD", "--set", "cll"], ""),
    (["scramble", "extra"], ""),
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
    # census: metrics, forms, subsets, other puzzles and refusals.
    (["census", "--metric", "htm"], ""),
    (["census", "--metric", "one-way", "--json"], ""),
    (["census", "--metric", "all", "--json"], ""),
    (["census", "--metric", "x"], ""),
    (["census", "--svg", "-"], ""),
    (["census", "--svg", "-", "--metric", "qtm"], ""),
    (["census", "--svg", "-", "--gen", "RU"], ""),
    (["census", "--svg"], ""),
    (["census", "--symmetry", "--metric", "qtm", "--json"], ""),
    (["census", "--symmetry", "--metric", "one-way"], ""),
    (["census", "--gen", "RU", "--metric", "qtm", "--json"], ""),
    (["census", "--gen", "R,U2,F2", "--metric", "qtm"], ""),
    (["census", "--gen", "R2,U2,F2", "--metric", "one-way"], ""),
    (["census", "--gen", "Q"], ""),
    (["census", "--cost", "R=2"], ""),
    (["census", "--memory", "x"], ""),
    (["census", "--puzzle", "2x2x1"], ""),
    (["census", "--puzzle", "2x2x1", "--weighted"], ""),
    (["census", "--puzzle", "2x2x1", "--weighted", "--json"], ""),
    (["census", "--puzzle", "2x2x1", "--cost", "D=3", "--json"], ""),
    (["census", "--puzzle", "2x2x1", "--svg", "-"], ""),
    (["census", "--puzzle", "2x2x1", "--cost", "Q=3"], ""),
    (["census", "--puzzle", "2x2x1", "--symmetry"], ""),
    (["census", "--puzzle", "2x2x1", "--metric", "qtm"], ""),
    (["census", "--puzzle", "2x2x1", "--gen", "R"], ""),
    (["census", "--puzzle", "pocket-golf", "--json"], ""),
    (["census", "--puzzle", "pocket-golf", "--memory", "1"], ""),
    (["census", "--puzzle", "pocket-golf", "--cost", "R2=2,U2=2,F2=2"], ""),
    (["census", "--puzzle", "pocket-21", "--cost", "0=2"], ""),
    (["census", "--puzzle", "3x3x3"], ""),
    (["census", "--puzzle", "/dev/stdin", "--weighted"], DEF_2X2X1),
] + [
    (["census", "--puzzle", f], "")
    for f in FIXTURES
    # The 2x2x2-free, pyraminx and skewb censuses take seconds: their refusals instead.
    if not f.endswith(("2x2x2-free.txt", "pyraminx.txt", "skewb.txt"))
] + [
    (["census", "--puzzle", "fixtures/puzzles/2x2x2-free.txt", "--memory", "10"], ""),
    (["census", "--puzzle", "fixtures/puzzles/skewb.txt", "--memory", "10"], ""),
    (["census", "--puzzle", "fixtures/puzzles/pyraminx.txt", "--memory", "1"], ""),
    (["census", "--puzzle", "fixtures/puzzles/tiny.json", "--json"], ""),
    (["census", "--puzzle", "fixtures/puzzles/twist3.tws", "--json"], ""),
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
    # show: colours, SVG, layouts, standard input.
    (["show", "--color", "always", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["show", "--color", "always", "WWWWOOGGRRBBOOGGRRBBYYYY"], ""),
    (["show", "--color", "always", "wwwwooggrrbbooggrrbbyyyy"], ""),
    (["show", "--color", "always", "000011223344112233445555"], ""),
    (["show", "--color", "never", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["show", "--color", "x", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["show", "--svg", "-", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["show", "--svg", "-", "WWWWOOGGRRBBOOGGRRBBYYYY", "--moves", "R U F"], ""),
    (["show", "--svg", "-", "--moves", "x y"], ""),
    (["show", "--layout", "urfdlb", "UUUURRRRFFFFDDDDLLLLBBBB"], ""),
    (["show", "--layout", "urfdlb", "--svg", "-", "UUUURRRRFFFFDDDDLLLLBBBB", "--moves", "R"], ""),
    (["show", "--layout", "x", "UUUURRRRFFFFDDDDLLLLBBBB"], ""),
    (["show", "--", "----RLFBLRBFLLFFRRBBDDDD"], ""),
    (["show"], "UUUURLFBLRBFLLFFRRBBDDDD\nsecond line ignored\n"),
    (["show"], "R' F2 U2 F U R U' R2 F U' R2\tDFRRFUFDBLDRLBURUFLBLBDU\n"),
    (["show", "--moves", "R"], "UUUURLFBLRBFLLFFRRBBDDDD\n"),
    (["show"], ""),
    (["show"], BAD_STATES),
    (["show", "UUUURLFBLRBFLLFFRRBBDDDD", "extra"], ""),
    (["show", "UUUUFFRRBBLLLLFFRRBBDDDD", "--moves", "[R, U, F]"], ""),
    (["show", "--moves"], ""),
    (["check", "FURDFLBULRURDLFFDBRBLBDD", "R U"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "F2 U' F U R U2 R U' R' F R'"], ""),
    (["check", "--json", "UUUURLFBLRBFLLFFRRBBDDDD", "F2 U' F U R U2 R U' R' F R'"], ""),
    (["check", "--json", "UUUURLFBLRBFLLFFRRBBDDDD", "R R"], ""),
    # Solves up to AUF, and up to the D layer's adjustment; a leading (U) and y2.
    (["check", "--rules", "solve", "RFULFRBUBULULLFFRRBBDDDD", "R U R' U R U2 R'"], ""),
    (["check", "--json", "--rules", "solve", "FLRULUFRBUBULLFFRRBBDDDD", "(U) R U R' U R U2 R'"], ""),
    (["check", "--json", "--rules", "solve", "FLRULUFRBUBULLFFRRBBDDDD", "y2 R U R' U R U2 R'"], ""),
    (["check", "--rules", "solve", "UUUUFFRRBBLLLLFFRRBBDDDD", "D"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "[R, U]"], ""),
    (["check", "UUUU", "R"], ""),
    # check: wrappers, notations, --rules, and refusals.
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "(F2 U' F U R U2 R U' R' F R')"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "{F2 U' F U R U2 R U' R' F R'}"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "\"F2 U' F U R U2 R U' R' F R'\""], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "^F2 U' F U R U2 R U' R' F R'^"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "F2U'FURU2RU'R'FR'\n"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "F2  U' F U R U2 R U' R' F R'"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "((F2 U' F U R U2 R U' R' F R'))"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", "F2 U' F U R U2 R U' R' F R' " + IDENTITY], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDD", " ".join(["F2 U' F U R U2 R U' R' F R'"] + [IDENTITY] * 3)], ""),
    (["check", "--", "UUUUFFRRBBLLLLFFRRBBDDDD", "(U')"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "U\u2032"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "U3"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "[R: R]"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "https://alg.cubing.net/?alg=U-"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "D y'"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "y' D"], ""),
    (["check", "--rules", "solve", "UUUUFFRRBBLLLLFFRRBBDDDD", "y D'"], ""),
    (["check", "--rules", "solve", "UUUUFFRRBBLLLLFFRRBBDDDD", "D y'"], ""),
    (["check", "--rules", "solve", "--json", "UUUUFFRRBBLLLLFFRRBBDDDD", "U' x"], ""),
    (["check", "--rules", "challenge", "UUUUFFRRBBLLLLFFRRBBDDDD", "U'"], ""),
    (["check", "--rules", "x", "UUUUFFRRBBLLLLFFRRBBDDDD", "U'"], ""),
    (["check", "--json", "UUUUFFRRBBLLLLFFRRBBDDDD", "R Q"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "U"], ""),
    (["check", "UUUULLFFRRBBLLFFRRBBDDDD", ""], ""),
    (["check", "--json", "UUUULLFFRRBBLLFFRRBBDDDD", "x y"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", ""], ""),
    (["check", "--layout", "urfdlb", "UUUURRRRFFFFDDDDLLLLBBBB", ""], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD"], ""),
    (["check", "UUUUFFRRBBLLLLFFRRBBDDDD", "U'", "extra"], ""),
    (["check", "UUUURLFBLRBFLLFFRRBBDDDX", "R"], ""),
    (["check", "--json", "UUUURLFBLRBFLLFFRRBBDDDX", "R"], ""),
    (["invert", "R U F' R2"], ""),
    # invert: every notation, and what it cannot read.
    (["invert", "[R, U]"], ""),
    (["invert", "[F: R U R' U']"], ""),
    (["invert", "Rw U2 x' r"], ""),
    (["invert", "(R U)3 // three times"], ""),
    (["invert", "R\u2032 U\u00b4 R3"], ""),
    (["invert", "https://alg.cubing.net/?alg=R_U_R-_U-"], ""),
    (["invert", "1. R U\n2) F"], ""),
    (["invert", "D L B"], ""),
    (["invert", ""], ""),
    (["invert", "R Q"], ""),
    (["invert", "[R, U"], ""),
    (["invert", "--", "R U"], ""),
    (["invert"], ""),
    (["invert", "R", "U"], ""),
    (["net"], ""),
    (["net", "extra"], ""),
    (["puzzles"], ""),
    # puzzles: every fixture written out in both formats, and refusals.
    (["puzzles", "2x2x1"], ""),
    (["puzzles", "--export", "x", "2x2x1"], ""),
    (["puzzles", "--export", "tws"], ""),
    (["puzzles", "--export", "tws", "nope"], ""),
    (["puzzles", "--export", "tws", "/dev/stdin"], DEF_2X2X1),
    (["puzzles", "--export"], ""),
] + [
    (["puzzles", "--export", form, p], "")
    for p in FIXTURES + ["2x2x1", "pocket-golf", "pocket-21", "3x3x3"]
    for form in ("tws", "kpuzzle")
] + [
    # patterns.
    (["patterns"], ""),
    (["patterns", "--metric", "qtm"], ""),
    (["patterns", "--metric", "one-way"], ""),
    (["patterns", "--metric", "htm", "--json"], ""),
    (["patterns", "--metric", "qtm", "--json"], ""),
    (["patterns", "--metric", "x"], ""),
    (["patterns", "--file", "fixtures/patterns.txt", "--metric", "qtm"], ""),
    (["patterns", "--file", "/dev/stdin"], PATTERNS_MIXED),
    (["patterns", "--file", "/dev/stdin", "--json"], PATTERNS_MIXED),
    (["patterns", "--file", "/dev/stdin"], PATTERNS_BAD),
    (["patterns", "--file", "/dev/stdin"], ""),
    (["patterns", "--file", "nope.txt"], ""),
    (["patterns", "--file", "fixtures/README.md"], ""),
    (["patterns", "--file"], ""),
    (["patterns", "extra"], ""),
] + [
    # cases: every set, and each option.
    (["cases", s], "")
    for s in ("ortega", "pbl", "cll", "eg1", "eg2", "tcll+", "tcll-")
] + [
    (["cases", "cll", "--json"], ""),
    (["cases", "ortega", "--json"], ""),
    (["cases", "ortega", "--show"], ""),
    (["cases", "pbl", "--show", "--color", "always"], ""),
    (["cases", "ortega", "--color", "never"], ""),
    (["cases", "pbl", "--svg", "-"], ""),
    (["cases", "eg1", "--svg", "-"], ""),
    (["cases", "cll", "--cost", "U=0.5"], ""),
    (["cases", "ortega", "--cost", "R=1,U=2,F=3", "--json"], ""),
    (["cases", "ortega", "--cost", "U=0.1,R=10"], ""),
    (["cases", "ortega", "--cost", "R=x"], ""),
    (["cases", "cll", "--color", "always", "--json"], ""),
    (["cases", "cll", "--color", "always", "--svg", "-"], ""),
    (["cases", "cll", "--show", "--svg", "-"], ""),
    (["cases", "cll", "--color", "x"], ""),
    (["cases", "nope"], ""),
    (["cases"], ""),
    (["cases", "cll", "pbl"], ""),
    (["algs", "--effect", "....................", "--max-length", "4"], ""),
    # algs --effect.
    (["algs", "--effect", "UUUURLFBLRBFLLFFRRBBDDDD"], ""),
    (["algs", "--effect", "UUUUFFRBLRBLLLFFRRBBDDDD"], ""),
    (["algs", "--effect", "UUUUFFRBLRBLLLFFRRBBDDDD", "--json"], ""),
    (["algs", "--effect", "UUFFLULRURBBLLFFRRBBDDDD", "--limit", "3"], ""),
    (["algs", "--effect", "UUUU........LLFFRRBBDDDD", "--gen", "RU", "--max-length", "7", "--limit", "20"], ""),
    (["algs", "--effect", "UUUURLFRBBLFLLFFRRBBDDDD", "--cost", "U=0.8,F=1.3"], ""),
    (["algs", "--effect", "UUUURLFRBBLFLLFFRRBBDDDD", "--cost", "U=0.8,F=1.3", "--json"], ""),
    (["algs", "--effect", "UUUULLFFRRBBLLFFRRBBDDDD", "--limit", "5"], ""),
    (["algs", "--effect", "UUUUFFRRBBLLLLFFRRBBDDDD", "--max-length", "3"], ""),
    (["algs", "--effect", "UUUURLFBLRBFLLFFRRBBDDDD", "--max-length", "3"], ""),
    (["algs", "--effect", "UUUU UUUU........LLFFRRBBDDDD"], ""),
    (["algs", "--effect", "x"], ""),
    (["algs", "--effect", "UUUURLFBLRBFLLFFRRBBDDDD", "--gen", "Q"], ""),
    (["algs", "--effect", "UUUURLFBLRBFLLFFRRBBDDDD", "--limit", "x"], ""),
    (["algs", "--effect", "UUUURLFBLRBFLLFFRRBBDDDD", "--puzzle", "2x2x1"], ""),
    (["algs", "--effect", "UUUURLFBLRBFLLFFRRBBDDDD", "--orbit", "corner"], ""),
    (["algs", "--effect", "UUUURLFBLRBFLLFFRRBBDDDD", "--change", "cycle"], ""),
    (["algs"], ""),
    # algs --orbit.
    (["algs", "--orbit", "corner", "--change", "cycle"], ""),
    (["algs", "--orbit", "corner", "--change", "twist", "--max-length", "5"], ""),
    (["algs", "--orbit", "corner", "--change", "any", "--max-length", "5", "--limit", "10"], ""),
    (["algs", "--orbit", "corner", "--max-length", "4", "--any-face"], ""),
    (["algs", "--orbit", "edge", "--max-length", "4"], ""),
    (["algs", "--orbit", "edge", "--max-length", "6", "--limit", "5"], ""),
    (["algs", "--orbit", "corner", "--keep", "edge", "--max-length", "5", "--limit", "20"], ""),
    (["algs", "--orbit", "corner", "--keep", "edge,centre", "--max-length", "3", "--limit", "20"], ""),
    (["algs", "--orbit", "corner", "--max-changed", "2", "--max-length", "5", "--limit", "20"], ""),
    (["algs", "--orbit", "corner", "--max-changed", "2", "--change", "twist", "--max-length", "6", "--limit", "5"], ""),
    (["algs", "--orbit", "corner", "--max-power", "3", "--max-length", "5"], ""),
    (["algs", "--orbit", "corner", "--gen", "R,L,U,D", "--max-length", "5"], ""),
    (["algs", "--orbit", "corner", "--json", "--max-length", "5", "--limit", "3"], ""),
    (["algs", "--orbit", "corner", "--cost", "U=2", "--max-length", "5", "--limit", "5"], ""),
    (["algs", "--orbit", "corner", "--puzzle", "pocket-golf", "--max-length", "4"], ""),
    (["algs", "--orbit", "corner", "--puzzle", "fixtures/puzzles/3x3x3.txt", "--change", "cycle"], ""),
    (["algs", "--orbit", "CORNERS", "--puzzle", "fixtures/puzzles/corners7.tws", "--max-length", "3", "--limit", "5"], ""),
    (["algs", "--orbit", "corner", "--max-length", "5", "--shard", "1/4"], ""),
    (["algs", "--orbit", "corner", "--max-length", "5", "--shard", "4/4"], ""),
    (["algs", "--orbit", "corner", "--max-length", "6", "--shard", "2/40"], ""),
    (["algs", "--orbit", "corner", "--max-length", "5", "--shard", "0/4"], ""),
    (["algs", "--orbit", "corner", "--max-length", "5", "--shard", "5/4"], ""),
    (["algs", "--orbit", "corner", "--max-length", "5", "--shard", "x"], ""),
    (["algs", "--orbit", "corner", "--shard", "1/4"], ""),
    (["algs", "--orbit", "corner", "--max-length", "13"], ""),
    (["algs", "--orbit", "x"], ""),
    (["algs", "--orbit", "corner", "--change", "x"], ""),
    (["algs", "--orbit", "corner", "--max-power", "0"], ""),
    (["algs", "--orbit", "corner", "--max-changed", "x"], ""),
    (["algs", "--orbit", "corner", "--keep", "x"], ""),
    (["algs", "--orbit", "corner", "--puzzle", "2x2x1"], ""),
    (["algs", "--orbit", "corner", "--gen", "Q"], ""),
    # judge: the 13 test patterns by default, or --file from standard input.
    (["judge", "--", "/bin/true"], ""),
    (["judge", "--json", "--", "/bin/true"], ""),
    (["judge", "--"] + PYTHON_SOLVER, ""),
    (["judge", "--json", "--"] + PYTHON_SOLVER, ""),
    (["judge", "--input", "stdin", "--"] + PYTHON_SOLVER, ""),
    (["judge", "--input", "argv", "--jobs", "2", "--"] + PYTHON_SOLVER, ""),
    (JUDGE + ["--"] + PYTHON_SOLVER, JUDGE_FILE),
    (JUDGE + ["--json", "--"] + PYTHON_SOLVER, JUDGE_FILE),
    (JUDGE + ["--fail-fast", "--"] + PYTHON_SOLVER, JUDGE_FILE),
    (JUDGE + ["--jobs", "3", "--json", "--"] + PYTHON_SOLVER, JUDGE_FILE),
    (JUDGE + ["--isolation", "fallback", "--"] + PYTHON_SOLVER, JUDGE_FILE),
    (JUDGE + ["--isolation", "namespaces", "--", "/bin/true"], TWO_STATES),
    (JUDGE + ["--isolation", "auto", "--json", "--", "/bin/true"], TWO_STATES),
    (JUDGE + ["--input", "stdin", "--", "/bin/cat"], TWO_STATES),
    (JUDGE + ["--", "/bin/false"], TWO_STATES),
    (JUDGE + ["--fail-fast", "--", "/bin/false"], TWO_STATES),
    (JUDGE + ["--", "sh", "-c", "echo oops >&2; exit 3"], TWO_STATES),
    (JUDGE + ["--json", "--", "sh", "-c", "echo R U; echo oops >&2; kill -9 $$"], TWO_STATES),
    (JUDGE + ["--timeout", "0.3", "--", "sh", "-c", "sleep 5"], TWO_STATES),
    (JUDGE + ["--timeout", "0.3", "--json", "--", "sh", "-c", "echo U; sleep 5"], TWO_STATES),
    (JUDGE + ["--memory-limit", "50", "--", "python3", "-c", "x = bytearray(200 << 20)"], TWO_STATES),
    (JUDGE + ["--memory-limit", "0", "--"] + PYTHON_SOLVER, TWO_STATES),
    (JUDGE + ["--file-size-limit", "1", "--", "sh", "-c", "head -c 2000000 /dev/zero > /tmp/x && echo \"U'\""], TWO_STATES),
    (JUDGE + ["--file-size-limit", "0", "--", "sh", "-c", "head -c 2000000 /dev/zero > /tmp/x && echo \"U'\""], TWO_STATES),
    (JUDGE + ["--env", "ANSWER=U'", "--", "sh", "-c", 'echo "$ANSWER"'], TWO_STATES),
    (JUDGE + ["--env", "NO_COLOR", "--", "sh", "-c", 'echo "$NO_COLOR"'], TWO_STATES),
    (JUDGE + ["--", "sh", "-c", '[ -z "$NO_COLOR" ] && [ "$HOME" = /tmp ] && echo "U\'"'], TWO_STATES),
    (JUDGE + ["--writable", "{tmp}", "--", "sh", "-c", "mktemp -p {tmp} > /dev/null && echo \"U'\""], TWO_STATES),
    (JUDGE + ["--bind", "fixtures", "--", "/bin/true"], TWO_STATES),
    (JUDGE + ["--", "sh", "-c", "head -c 70000 /dev/zero | tr '\\0' R"], TWO_STATES),
    (JUDGE + ["--", "nonexistent-program"], TWO_STATES),
    (JUDGE + ["--", "/bin/true"], "bad\n"),
    (JUDGE + ["--", "/bin/true"], ""),
    (["judge", "--file", "nope.txt", "--", "/bin/true"], ""),
    (["judge", "--input", "x", "--", "/bin/true"], ""),
    (["judge", "--timeout", "x", "--", "/bin/true"], ""),
    (["judge", "--timeout", "0", "--", "/bin/true"], ""),
    (["judge", "--timeout", "-1", "--", "/bin/true"], ""),
    (["judge", "--jobs", "0", "--", "/bin/true"], ""),
    (["judge", "--jobs", "x", "--", "/bin/true"], ""),
    (["judge", "--isolation", "x", "--", "/bin/true"], ""),
    (["judge", "--memory-limit", "x", "--", "/bin/true"], ""),
    (["judge", "--file-size-limit", "-1", "--", "/bin/true"], ""),
    (["judge", "--env", "=x", "--", "/bin/true"], ""),
    (["judge", "--writable", "nope-dir", "--", "/bin/true"], ""),
    (["judge", "--bind", "nope-path", "--", "/bin/true"], ""),
    (["judge"], ""),
    (["judge", "--json"], ""),
    # serve: refusals only (a server that starts would not return).
    (["serve", "--port", "x"], ""),
    (["serve", "--port", "70000"], ""),
    (["serve", "--host", "nope"], ""),
    (["serve", "--time-limit", "x"], ""),
    (["serve", "--time-limit", "-1"], ""),
    (["serve", "--max-connections", "x"], ""),
    (["serve", "--max-per-client", "-1"], ""),
    (["serve", "--max-queued-per-client", "x"], ""),
    (["serve", "extra"], ""),
    # The top level: help, version, mistakes.
    ([], ""),
    (["--help"], ""),
    (["-h"], ""),
    (["help"], ""),
    (["--version"], ""),
    (["-V"], ""),
    (["sovle"], ""),
    (["nope"], ""),
    (["--nope"], ""),
    (["help", "solve"], ""),
    (["help", "nope"], ""),
    (["solve", "--metrc", "qtm"], ""),
    (["solve", "--nope"], ""),
    (["solve", "-h"], ""),
    (["solve", "help"], ""),
    (["census", "--jsno"], ""),
] + [
    ([c, "--help"], "") for c in COMMANDS
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
    # /api/solve: more states, forms and refusals.
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD",
    "/api/solve?state=UUUULLFFRRBBLLFFRRBBDDDD",
    "/api/solve?state=UUUU+LLFF+RRBB+LLFF+RRBB+DDDD",
    "/api/solve?state=UUUU%20RLFB%20LRBF%20LLFF%20RRBB%20DDDD",
    "/api/solve?state=----RLFBLRBFLLFFRRBBDDDD&all=1",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&all=1&compact=1",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&count=1&metric=qtm",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&all=1&metric=one-way",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&all=0",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&all=false&count=true",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&cost=F=2,F2=3,R2=1.5&all=1",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&cost=F=2,F2=3,R2=1.5&count=1",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&cost=R2=3",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&cost=R=0",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&cost=R=2&method=table",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&goal=UUUU........LLFFRRBBDDDD&all=1",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&goal=x",
    "/api/solve?state=UUUDLLFRFRBBLLFRFRBBDUDD&goal=UUUUUUUUUUUUUUUUUUUUUUUU",
    "/api/solve?state=" + RU_STATE + "&gen=RU&all=1",
    "/api/solve?state=" + RU_STATE + "&gen=RU&count=1&metric=qtm",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&gen=RU",
    "/api/solve?state=UUUURRRRFFFFDDDDLLLLBBBB&layout=urfdlb&all=1",
    "/api/solve?state=UUUURRRRFFFFDDDDLLLLBBBB&layout=x",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDX",
    "/api/solve?state=UUUFLLFURRBBLLFFRRBBDDDD",
    "/api/solve?state=UUURLLFUFRBBLLFFRRBBDDDD",
    "/api/solve?state=YWWWOOGGRRBBOOGGRRBBYYWY",
    "/api/solve?state=WWWwOOGGRRBBOOGGRRBBYYYY",
    "/api/solve?state=UUUU%00LFBLRBFLLFFRRBBDDDD",
    "/api/solve?state=" + "U" * 5000,
    "/api/solve?state=" + "U" * 17000,
    "/api/solve?moves=%5BF%3A+R+U+R%27+U%27%5D",
    "/api/solve?moves=%5BR%2C+U%5D&compact=1",
    "/api/solve?moves=R%E2%80%B2+U3",
    "/api/solve?moves=https%3A%2F%2Falg.cubing.net%2F%3Falg%3DR_U_R-_U-",
    "/api/solve?moves=Rw+U+r%27+x+y2",
    "/api/solve?moves=R+U+M",
    "/api/solve?moves=%5BR%2C+U%2C+F%5D",
    "/api/solve?moves=",
    "/api/solve?moves=R&moves=U",
    "/api/solve?moves=R+U&metric=qtm&all=1",
    "/api/solve?state=WWWWOOGGRRBBOOGGRRBBYYYY&moves=%5BR%2C+U%5D",
    "/api/solve?state=bad&moves=R",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&puzzle=2x2x1",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&metric=",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&count",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD&&",
    "/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD%",
    "/api/solve/",
    "/api/solve?STATE=UUUURLFBLRBFLLFFRRBBDDDD",
    # /api/scramble.
    "/api/scramble?seed=3&optimal=1&min-distance=9",
    "/api/scramble?seed=3&min-distance=0&optimal=1",
    "/api/scramble?seed=3&gen=RU&length=11",
    "/api/scramble?seed=3&gen=RR',UU'",
    "/api/scramble?seed=3&gen=R2,U2,F2&length=21",
    "/api/scramble?seed=3&gen=R2,U2,F2&length=22",
    "/api/scramble?seed=3&length=1000",
    "/api/scramble?seed=3&length=0",
    "/api/scramble?seed=3&length=x",
    "/api/scramble?seed=x",
    "/api/scramble?seed=18446744073709551615",
    "/api/scramble?seed=3&seed=4",
    "/api/scramble?seed=3&nope=1",
    "/api/scramble?seed=3&n=5",
    "/api/scramble?seed=3&optimal=2",
    "/api/scramble?seed=3&gen=Q",
    "/api/scramble?seed=3&set=cll",
    "/api/scramble?seed=3&set=ortega&min-distance=0",
    "/api/scramble?seed=3&set=tcll%2B",
    "/api/scramble?seed=3&set=nope",
    "/api/scramble?seed=3&set=cll&gen=RU",
    "/api/scramble?seed=3&goal=............LLFFRRBBDDDD&min-distance=0",
    "/api/scramble?seed=3&goal=UUUU........LLFFRRBBDDDD",
    "/api/scramble?seed=3&goal=x",
    "/api/scramble?seed=3&goal=............LLFFRRBBDDDD&set=cll",
    # /api/cases.
    "/api/cases?set=cll",
    "/api/cases?set=ortega",
    "/api/cases?set=pbl&cost=U=0.5",
    "/api/cases?set=eg1&state=UUUULRBFRLFBLLFFRRBBDDDD",
    "/api/cases?set=cll&state=UUUURLFBLRBFLLFFRRBBDDDD",
    "/api/cases?set=pbl&state=UUUUFFRRBBLLLLFFRRBBDDDD",
    "/api/cases?set=cll&state=bad",
    "/api/cases?set=nope",
    "/api/cases",
    "/api/cases?set=cll&cost=R=x",
    "/api/cases?set=cll&nope=1",
    # /api/census and /census.svg.
    "/api/census?metric=htm",
    "/api/census?metric=one-way",
    "/api/census?metric=htm&metric=qtm",
    "/api/census?nope=1",
    "/api/census?symmetry=1",
    "/census.svg",
    "/census.svg?metric=qtm",
    "/census.svg?metric=one-way",
    "/census.svg?metric=all",
    "/census.svg?metric=x",
    "/census.svg?nope=1",
    # The page and its assets; paths outside them; methods and Host headers.
    "/",
    "/?state=UUUURLFBLRBFLLFFRRBBDDDD&metric=qtm",
    "/app.js",
    "/model.js",
    "/style.css",
    "/backend.js",
    "/trainer.js",
    "/worker.js",
    "/theme.js",
    "/sw.js",
    "/manifest.webmanifest",
    "/icon.svg",
    "/pocket.wasm",
    "/api/cases?set=pbl&state=UUUUFFRRBBLLLLFFRRBBDDDD",
    "/index.html",
    "/app.js?x=1",
    "/../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/api",
    "/api/",
    "HEAD /",
    "HEAD /api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD",
    "POST /api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD",
    "PUT /",
    "DELETE /nope",
    ("/api/census?metric=htm", {"Host": "evil.example"}),
    ("/api/solve?state=UUUURLFBLRBFLLFFRRBBDDDD", {"Host": "localhost"}),
    ("/", {"Host": "[::1]:1"}),
]


def normalise(text, binary):
    """What varies from run to run, made the same: times ("12.3 ms", padded in
    columns; "time_ms" and the like in JSON), memory, the program's name (the file's),
    and the directory made for --writable."""
    text = re.sub(rb" *\d+(?:\.\d+)? ms\b", b" N ms", text)
    text = re.sub(rb'"(time_ms|cpu_ms|slowest_ms|memory_kib)":[-+.\deE]+', rb'"\1":N', text)
    text = text.replace(os.path.basename(binary).encode() + b" ", b"pocket ")
    return text.replace(TMP.encode(), b"{tmp}") if TMP else text


def run(binary, args, stdin):
    env = dict(os.environ, NO_COLOR="1")
    args = [a.replace("{tmp}", TMP) for a in args] if TMP else args
    data = stdin if isinstance(stdin, bytes) else stdin.encode()
    try:
        p = subprocess.run([binary] + args, input=data, capture_output=True, env=env, timeout=60, cwd=ROOT)
    except subprocess.TimeoutExpired as e:  # each case takes at most seconds: a hang is a difference
        return "timed out after 60 s", e.stdout or b"", e.stderr or b""
    return p.returncode, normalise(p.stdout, binary), normalise(p.stderr, binary)


def serve(binary):
    p = subprocess.Popen([binary, "serve", "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    url = p.stdout.readline().decode().strip().rstrip("/")
    return p, url


def fetch(url, query):
    """A query is a path, "METHOD path", or (path, headers): its status, headers (but
    Date) and body."""
    query, headers = query if isinstance(query, tuple) else (query, {})
    method, _, path = query.rpartition(" ")
    request = urllib.request.Request(url + path, method=method or "GET", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            status, head, body = r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        status, head, body = e.code, e.headers, e.read()
    return status, sorted((k.lower(), v) for k, v in head.items() if k.lower() != "date"), body


def named(words):
    """A command line's words as they are printed, long ones cut short."""
    words = [w.replace("\n", "\\n") for w in words]
    return " ".join(w if len(w) <= 60 else w[:57] + "..." for w in words)


def label(query):
    """A query as it is printed: its method, path and any header it sends."""
    path, headers = query if isinstance(query, tuple) else (query, {})
    path = path if " " in path else "GET " + path
    return named([path]) + "".join(f" ({k}: {v})" for k, v in headers.items())


def main():
    global TMP
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    old, new, show = sys.argv[1], sys.argv[2], "--show" in sys.argv
    old, new = os.path.abspath(old), os.path.abspath(new)
    TMP = tempfile.mkdtemp(prefix="pocket-compare-")
    os.chmod(TMP, 0o777)  # the judge runs programs as a uid of their own
    differ = 0
    try:
        for args, stdin in CASES:
            a, b = run(old, args, stdin), run(new, args, stdin)
            for what, x, y in zip(("status", "stdout", "stderr"), a, b):
                if x != y:
                    differ += 1
                    print(f"differs: pocket {named(args)}: {what}")
                    if show:
                        print(f"  old: {x!r}\n  new: {y!r}")
    finally:
        shutil.rmtree(TMP, ignore_errors=True)
    servers = [serve(old), serve(new)]
    try:
        for q in QUERIES:
            a, b = (fetch(url, q) for _, url in servers)
            if a != b:
                differ += 1
                print(f"differs: {label(q)}")
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
