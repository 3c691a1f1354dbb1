"""The states, moves, definitions and programs the command lines feed."""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

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
