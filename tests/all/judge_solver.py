"""An optimal 2x2x2 solver in plain Python, for the judge's tests: a breadth-first
search from both ends over R, U and F turns. The state is the last argument, or the
first line of standard input."""
import sys
from operator import itemgetter

# Quarter turns as sticker permutations (after a turn, place i holds old p[i]):
# filled in by the test from its own, independent tables.
QUARTERS = {QUARTERS}
CORNERS = ["CFG", "DHI", "BJK", "ALE", "UNO", "VPQ", "XRS", "WTM"]
LAYOUT = "UUUULLFFRRBBLLFFRRBBDDDD"


def power(p, n):
    q = list(range(24))
    for _ in range(n):
        q = [q[p[i]] for i in range(24)]
    return q


MOVES = []
for face in "RUF":
    for n, suffix in ((1, ""), (2, "2"), (3, "'")):
        MOVES.append((face + suffix, face, itemgetter(*power(QUARTERS[face], n))))
INVERSE = {"": "'", "2": "2", "'": ""}


def solved_of(s):
    """The solved cube in this cube's colours: its fixed corner (M, T, W) names the
    left, back and down faces; a colour's opposite never shares a corner with it."""
    at = lambda c: s[ord(c) - 65]
    together = {(a, b) for c in CORNERS for a in map(at, c) for b in map(at, c)}
    colours = set(s)
    opposite = {a: next(b for b in colours if b != a and (a, b) not in together) for a in colours}
    left, back, down = at("M"), at("T"), at("W")
    face = {"U": opposite[down], "L": left, "F": opposite[back], "R": opposite[left], "B": back, "D": down}
    return "".join(face[f] for f in LAYOUT)


def expand(frontier, seen, other):
    """One layer further: the new frontier, and the states where the two searches meet."""
    new, meets = {}, []
    for state in frontier:
        for name, _, turn in MOVES:
            nxt = "".join(turn(state))
            if nxt in seen:
                continue
            seen[nxt] = (state, name)
            new[nxt] = True
            if nxt in other:
                meets.append(nxt)
    return new, meets


def path(seen, state):
    moves = []
    while seen[state] is not None:
        state, name = seen[state]
        moves.append(name)
    return moves[::-1]


def solve(start):
    goal = solved_of(start)
    if start == goal:
        return []
    ahead, behind = {start: None}, {goal: None}
    front, back = {start: True}, {goal: True}
    while True:
        if len(front) <= len(back):
            front, meets = expand(front, ahead, behind)
        else:
            back, meets = expand(back, behind, ahead)
        if meets:
            best = min(meets, key=lambda m: len(path(ahead, m)) + len(path(behind, m)))
            undo = [m[0] + INVERSE[m[1:]] for m in reversed(path(behind, best))]
            return path(ahead, best) + undo


# The state as the last argument, or else on standard input.
state = sys.argv[-1] if len(sys.argv) > 1 else sys.stdin.readline()
print(" ".join(solve("".join(state.split()))))
