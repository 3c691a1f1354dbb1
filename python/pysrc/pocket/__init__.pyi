"""Exact answers about the 2x2x2 Rubik's cube (the Pocket Cube) for numpy batches.

A state is given in one of three forms, and every batch function returns its
answers in the form of its input:

- ``str``: 24 sticker characters in the net of ``pocket net`` (or Kociemba's
  URFDLB order with ``layout="urfdlb"``); any six characters may be the colours;
  spaces are ignored. A list of str is a batch.
- ``uint8`` rows of face numbers, shape ``(n, 24)`` (or one row ``(24,)``):
  U L F R B D = 0 1 2 3 4 5, in the same sticker order as the strings.
- position numbers, an integer array ``(n,)`` (or one ``int``), 0 .. 3,674,159:
  the position with the down-back-left corner fixed. ``to_index`` and
  ``from_index`` convert.

The cube is read relative to its down-back-left corner, whose colours name the L,
B and D faces, so moves are R, U and F only, in the order ``MOVES``:
R R' R2 U U' U2 F F' F2 (QTM: R R' U U' F F').

Batch calls release the GIL and use every core (``threads=None``; ``threads=1``
stays on the calling thread; at most 256). Every row is checked: ``errors="raise"`` (default)
raises :class:`Error` for the first bad row, ``errors="mask"`` marks bad rows in
the result instead (-1 in integer results, False in ``optimal_moves``, 255 in
rows, None in strings). A metric's distance table (3.7 MB) is built once per
process when a batch first needs it (about 0.07 s), while the GIL is released, and
shared by every thread; a small batch before that is answered without it (walked
down the HTM table built into the library, or a few QTM and one-way states searched).
"""

from typing import Any, Optional, Union, overload

import numpy as np
import numpy.typing as npt

__version__: str

POSITIONS: int
"""The number of positions: 3,674,160."""
SOLVED: str
"""The solved cube in face letters: ``UUUULLFFRRBBLLFFRRBBDDDD``."""
FACES: str
"""The face letter of each face number of a row: ``ULFRBD``."""
MOVES: tuple[str, ...]
"""The nine moves, in the column order of ``optimal_moves`` and ``next_states``."""
QTM_MOVES: tuple[str, ...]
"""The six quarter turns (the columns with ``metric="qtm"``)."""
ONE_WAY_MOVES: tuple[str, ...]
"""The three clockwise quarter turns R U F (``metric="one-way"``)."""
STICKER_PERMUTATIONS: tuple[tuple[int, ...], ...]
"""For each of ``MOVES``, where each sticker comes from: after move m, position i
holds the sticker that was at ``STICKER_PERMUTATIONS[m][i]``. So
``rows[:, np.array(STICKER_PERMUTATIONS)]`` is ``next_states(rows)``, unchecked."""

States = Union[str, list[str], tuple[str, ...], int, npt.NDArray[np.integer]]

class Error(ValueError):
    """A state, move sequence or option that pocket refuses.

    The message is the command line's, word for word (option names written as the
    Python parameters); for a batch it starts with ``row N: `` (N counted from 0).
    """

    row: Optional[int]
    """The row of the first bad state of a batch; None for a single state."""

@overload
def to_index(states: Union[str, int], *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> int: ...
@overload
def to_index(states: Union[list[str], tuple[str, ...], npt.NDArray[np.integer]], *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> npt.NDArray[np.int32]:
    """The position number of each state: int32 ``(n,)``, or an int for one state
    (a str, an int, or one row ``(24,)``, which is typed as an array)."""

@overload
def from_index(indices: int, *, layout: str = "golf", threads: Optional[int] = None) -> str: ...
@overload
def from_index(
    indices: npt.NDArray[np.integer], *, layout: str = "golf", threads: Optional[int] = None
) -> npt.NDArray[np.uint8]:
    """The stickers of position numbers: uint8 rows ``(n, 24)`` of face numbers, or
    for one int a str of face letters (``from_index(0) == SOLVED``). For one row of
    one position, ``from_index(np.array([i]))[0]`` or ``Puzzle("2x2x2").from_index(i)``."""

@overload
def distance(states: Union[str, int], metric: str = "htm", *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> int: ...
@overload
def distance(
    states: Union[list[str], tuple[str, ...], npt.NDArray[np.integer]], metric: str = "htm", *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None
) -> npt.NDArray[np.int8]:
    """The optimal distance of each state to solved: int8 ``(n,)``, or an int for one
    state (a str, an int, or one row, which is typed as an array).

    ``metric``: ``"htm"`` (a half turn is one move), ``"qtm"`` (a half turn is two)
    or ``"one-way"`` (clockwise quarter turns only).
    """

def optimal_moves(
    states: States,
    metric: str = "htm",
    *,
    layout: str = "golf",
    errors: str = "raise",
    threads: Optional[int] = None,
) -> npt.NDArray[np.bool_]:
    """Which moves start an optimal solution: bool ``(n, 9)`` in HTM (columns
    ``MOVES``), ``(n, 6)`` in QTM, ``(n, 3)`` one-way; a policy target. A solved
    state has none. One state gives one row."""

@overload
def next_states(
    states: str,
    metric: str = "htm",
    *,
    layout: str = "golf",
    errors: str = "raise",
    threads: Optional[int] = None,
) -> list[str]: ...
@overload
def next_states(
    states: Union[list[str], tuple[str, ...]],
    metric: str = "htm",
    *,
    layout: str = "golf",
    errors: str = "raise",
    threads: Optional[int] = None,
) -> list[list[str]]: ...
@overload
def next_states(
    states: Union[int, npt.NDArray[np.integer]],
    metric: str = "htm",
    *,
    layout: str = "golf",
    errors: str = "raise",
    threads: Optional[int] = None,
) -> npt.NDArray[Any]:
    """The state after each move (columns ``MOVES``, or ``QTM_MOVES``): rows give
    uint8 ``(n, k, 24)`` in their own colours, numbers give int32 ``(n, k)``,
    strings give a list of k str per state."""

@overload
def apply(states: str, moves: str, *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> str: ...
@overload
def apply(states: int, moves: str, *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> int: ...
@overload
def apply(states: Union[list[str], tuple[str, ...]], moves: str, *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> list[str]: ...
@overload
def apply(states: npt.NDArray[np.integer], moves: str, *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> npt.NDArray[Any]:
    """Apply a move sequence in WCA notation (U D L R F B, rotations x y z, wide
    moves, groups such as ``(R U R' U')3``) to every state; the result has the
    states' form (rows keep their colours; numbers are re-read relative to the
    down-back-left corner)."""

def solve(
    state: Union[str, int, npt.NDArray[np.integer]],
    metric: str = "htm",
    *,
    cost: Optional[str] = None,
    layout: str = "golf",
) -> str:
    """An optimal solution of one state, as ``pocket solve`` prints it: moves over R
    U F separated by spaces, the first optimal one in the move order; "" when solved.

    ``cost``: move costs to minimise instead of a metric, as ``pocket solve
    --cost`` takes them, e.g. ``"R2=1.5,U2=1.4,F=1.3,F2=2"``.
    """

def solve_all(
    state: Union[str, int, npt.NDArray[np.integer]],
    metric: str = "htm",
    *,
    cost: Optional[str] = None,
    layout: str = "golf",
) -> list[str]:
    """Every optimal solution of one state, sorted move by move in the move order."""

def count(
    state: Union[str, int, npt.NDArray[np.integer]],
    metric: str = "htm",
    *,
    cost: Optional[str] = None,
    layout: str = "golf",
) -> int:
    """The number of optimal solutions of one state."""

def random_states(
    n: int,
    seed: Union[int, np.random.Generator, None] = None,
    *,
    min_distance: Optional[int] = None,
    max_distance: Optional[int] = None,
    distance: Optional[int] = None,
    metric: str = "htm",
) -> npt.NDArray[np.int32]:
    """``n`` position numbers drawn uniformly (and independently) from the positions
    at ``min_distance`` (default 0) to ``max_distance`` (default the largest) from
    solved in ``metric``, or at exactly ``distance``; seeded (an int from 0 to
    2**64 - 1, or a numpy Generator, from which one 64-bit number is drawn), or from
    the system. A count that memory cannot hold raises MemoryError at once; Ctrl-C
    stops a long call with KeyboardInterrupt."""

@overload
def step(states: int, actions: int, metric: str = "htm", *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> int: ...
@overload
def step(states: str, actions: int, metric: str = "htm", *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> str: ...
@overload
def step(states: npt.NDArray[np.integer], actions: Union[int, npt.ArrayLike], metric: str = "htm", *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> npt.NDArray[Any]: ...
@overload
def step(states: Union[list[str], tuple[str, ...]], actions: Union[int, npt.ArrayLike], metric: str = "htm", *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> list[str]:
    """One move per state: ``actions[i]`` (or one int for all) indexes ``MOVES``
    (``QTM_MOVES``, ``ONE_WAY_MOVES`` by metric). The answer has the states' form:
    numbers, rows or strings; ``next_states(s)[arange(n), actions]`` without the
    other children."""

def one_hot(
    states: States,
    dtype: Any = None,
    *,
    out: Optional[npt.NDArray[Any]] = None,
    layout: str = "golf",
    errors: str = "raise",
    threads: Optional[int] = None,
) -> npt.NDArray[Any]:
    """The one-hot encoding of each state, shape (n, 24, 6) ((24, 6) for one), in the
    sticker order and face numbers of ``from_index``; dtype float32 (default),
    float64, float16, ml_dtypes' bfloat16, uint8, int8, int32, int64 or bool. Equal
    to ``np.eye(6)[from_index(s)]``. ``out``: a C-contiguous array of that shape to
    write into (its dtype, or the one asked, which must agree), answered."""

@overload
def inverse(states: str, *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> str: ...
@overload
def inverse(states: int, *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> int: ...
@overload
def inverse(states: Union[list[str], tuple[str, ...]], *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> list[str]: ...
@overload
def inverse(states: npt.NDArray[np.integer], *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None) -> npt.NDArray[Any]:
    """The inverse position of each state: numbers for numbers, rows for rows,
    face-letter strings for strings. At the same distance in HTM and QTM, whose move
    sets hold each move's inverse; NOT in the one-way metric (R U F only), where
    about half of all states and their inverses differ in distance."""

def symmetries(
    states: States,
    metric: str = "htm",
    *,
    layout: str = "golf",
    errors: str = "raise",
    threads: Optional[int] = None,
) -> Any:
    """Each state's images under the symmetries of the cube that keep the reference
    corner (down-back-left) in its place and the moves R U F among themselves, the
    state itself first: shape (n, k), k = 6 (the 3 rotations about the corner's
    diagonal, R to U to F, and the 3 reflections in planes through it, which turn
    clockwise into anticlockwise) or 3 for one-way (the rotations only). Every image
    is at the state's distance in ``metric``. ``symmetry_moves`` maps the moves."""

def symmetry_moves(metric: str = "htm") -> npt.NDArray[np.int64]:
    """(k, moves): ``[s, m]`` is the move m' with ``symmetries(step(P, m))[s] ==
    step(symmetries(P)[s], m')``; map a policy target with its state by it."""

def to_py222(
    states: States, *, layout: str = "golf", errors: str = "raise", threads: Optional[int] = None
) -> npt.NDArray[np.int64]:
    """States as py222 arrays (n, 24): its sticker order (U R F D L B, each face row by
    row) and colours (U 0, R 1, F 2, D 3, L 4, B 5), the reference corner held as
    py222's ``normFC`` holds it."""

def from_py222(states: npt.ArrayLike, *, errors: str = "raise") -> Any:
    """Position numbers of py222 arrays (n, 24) or (24,), in any orientation."""

def scramble(
    n: int = 1,
    seed: Union[int, np.random.Generator, None] = None,
    *,
    min_distance: int = 4,
    length: Optional[int] = None,
    optimal: bool = False,
    set: Optional[str] = None,
    goal: Optional[str] = None,
) -> list[tuple[str, str]]:
    """Random-state scrambles as ``pocket scramble`` makes them (the same ones for the
    same seed): (sequence, state) pairs, each sequence ``length`` moves (default 11)
    or, with ``optimal``, as few as possible. ``set`` (``"cll"``, ``"eg1"``, ...; see
    ``pocket cases``) or ``goal`` (a pattern in face letters, ``.`` for any) draws
    only among those positions, uniformly. Seeds, huge counts and Ctrl-C as for
    ``random_states``."""

def census(metric: str = "htm") -> dict[int, int]:
    """How many positions lie at each distance from solved: ``{distance: count}``."""

# Any puzzle as numpy batches, batched heuristic search and DeepCubeA's protocol:
# typed in their own modules.
from .puzzle import Puzzle as Puzzle
from .puzzle import Solution as Solution
from . import bench as bench
from . import search as search
