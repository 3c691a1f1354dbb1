"""``pocket.Puzzle``: any puzzle of the library, from the 2x2x2 to the 3x3x3 and every
definition file, as numpy batches. The batch calls run in Rust (``pocket._pocket.
PuzzleCore``) with the GIL released, on every core for large batches.

The state form, one for every puzzle: a row of ``width`` uint8 colour numbers, one a
sticker, in the definition's sticker order, colours numbered by their first
appearance in the solved row (``colours`` gives their letters; the 3x3x3's 54
stickers are Kociemba's URFDLB order, U R F D L B = 0..5). ``Puzzle("2x2x2")`` is the
rest of the package's cube: ``pocket.from_index`` rows (24 stickers in the net of
``pocket net``, faces U L F R B D = 0..5), turned by R, U and F only so that the
down-back-left corner stays put; it adds ``distance`` and ``to_index``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _pocket  # type: ignore[attr-defined]  # (compiled; typed here)

__all__ = ["Puzzle", "Solution"]


def _count(value: Any, name: str, lowest: int = 0, highest: int = 2**63 - 1) -> int:
    """An int from `lowest` to `highest`: a TypeError for a non-int, a pocket.Error out
    of range (pyo3 raised OverflowError for a negative count, which is no ValueError)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} {value!r}")
    if not lowest <= int(value) <= highest:
        raise _pocket.Error(f"{name} must be from {lowest} to {highest}, not {int(value)}")
    return int(value)


@dataclass(frozen=True)
class Solution:
    """An answer of ``Puzzle.solve``: ``moves`` (None when the budget ran out first),
    ``nodes`` searched, and whether the solution is ``optimal`` (always, when found)."""

    moves: Optional[List[str]]
    nodes: int

    @property
    def solved(self) -> bool:
        return self.moves is not None

    def __str__(self) -> str:
        return "(budget spent)" if self.moves is None else " ".join(self.moves)


class Puzzle:
    """A puzzle by name (``Puzzle.names()``) or from a file (``Puzzle.from_file``)."""

    def __init__(self, name: str = "3x3x3", *, _core: Optional[Any] = None) -> None:
        self._core = _core if _core is not None else _pocket._PuzzleCore(name)

    @staticmethod
    def names() -> List[str]:
        """The built-in puzzles' names, ``2x2x2`` (the package's cube) first."""
        return list(_pocket._PuzzleCore.names())

    @classmethod
    def from_file(cls, path: str) -> "Puzzle":
        """A puzzle from a definition file: pocket's own format, twsearch's ``.tws``
        or a cubing.js KPuzzle ``.json``."""
        return cls(_core=_pocket._PuzzleCore.from_file(str(path)))

    def __repr__(self) -> str:
        return f"Puzzle({self.name!r})"

    # --- what the puzzle is -------------------------------------------------
    @property
    def name(self) -> str:
        return str(self._core.name)

    @property
    def width(self) -> int:
        """Stickers a state has: the row's length."""
        return int(self._core.width)

    @property
    def colours(self) -> str:
        """The letter of each colour number."""
        return str(self._core.colours)

    @property
    def moves(self) -> Tuple[str, ...]:
        """The moves' names; an action is an index into them."""
        return tuple(self._core.moves)

    @property
    def inverse_moves(self) -> np.ndarray:
        """int64 (moves,): the move that undoes each (-1 where the puzzle has none)."""
        return self._core.inverse_moves  # type: ignore[no-any-return]

    @property
    def faces(self) -> np.ndarray:
        """uint8 (moves,): moves of one face share a number."""
        return self._core.faces  # type: ignore[no-any-return]

    @property
    def permutations(self) -> np.ndarray:
        """int64 (moves, width): ``rows[:, permutations[m]]`` is move ``m``."""
        return self._core.permutations  # type: ignore[no-any-return]

    @property
    def solved(self) -> np.ndarray:
        """The solved state, uint8 (width,)."""
        return self._core.solved  # type: ignore[no-any-return]

    @property
    def uniform_random_states(self) -> bool:
        """Whether ``random_states`` draws uniformly (the 2x2x2 and the 3x3x3) or
        walks 1,000 random moves from solved (any other puzzle)."""
        return self._core.kind in ("2x2x2", "3x3x3")

    @property
    def kernel(self) -> str:
        """The move kernel on this machine: ``avx512-vbmi`` or ``scalar``."""
        return str(self._core.kernel)

    def state(self, text: str) -> np.ndarray:
        """The row of a sticker string in ``colours``' letters."""
        return self._core.state(text)  # type: ignore[no-any-return]

    def text(self, state: Any) -> str:
        """The sticker string of one row."""
        return str(self._core.text(state))

    # --- batches --------------------------------------------------------------
    def step(self, states: Any, actions: Any, *, out: Optional[np.ndarray] = None,
             threads: Optional[int] = None) -> np.ndarray:
        """Each row after its action (one int for all, or one a row); ``out`` may be
        ``states`` itself (in place)."""
        return self._core.step(states, actions, out=out, threads=threads)  # type: ignore[no-any-return]

    def next_states(self, states: Any, *, threads: Optional[int] = None) -> np.ndarray:
        """uint8 (n, moves, width): each row after every move."""
        return self._core.next_states(states, threads=threads)  # type: ignore[no-any-return]

    def is_solved(self, states: Any) -> Any:
        """bool (n,) (a bool for one row): equal to ``solved``."""
        return self._core.is_solved(states)

    def one_hot(self, states: Any, dtype: Any = None, *, out: Optional[np.ndarray] = None,
                threads: Optional[int] = None) -> np.ndarray:
        """(n, width, colours) of ``dtype`` (``out``'s when given, else float32;
        float16, bfloat16 of ml_dtypes, float64, uint8, bool ...), into ``out``
        when given."""
        return self._core.one_hot(states, dtype, out=out, threads=threads)  # type: ignore[no-any-return]

    def apply(self, states: Any, moves: str) -> np.ndarray:
        """The rows after a sequence in the puzzle's move names (``"R U R'"``)."""
        return self._core.apply(states, moves)  # type: ignore[no-any-return]

    def random_states(self, n: int, seed: Any = None, *, threads: Optional[int] = None) -> np.ndarray:
        """uint8 (n, width): uniform where ``uniform_random_states``, else 1,000
        random moves from solved. ``seed``: an int, a numpy Generator or None."""
        return self._core.random_states(n, seed, threads=threads)  # type: ignore[no-any-return]

    def random_walks(self, n: int, max_moves: int, seed: Any = None, *, min_moves: int = 0,
                     threads: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray]:
        """DeepCubeA's generator: (states uint8 (n, width), moves_taken int32 (n,)),
        each row walked from solved by a number of random moves uniform from
        ``min_moves`` to ``max_moves`` inclusive, never one face twice running
        (``min_moves=max_moves=k``: scrambles of exactly k moves)."""
        states, taken = self._core.random_walks(n, max_moves, seed, min_moves=min_moves, threads=threads)
        return states, taken

    def solve(self, state: Union[str, np.ndarray, Sequence[int]], *,
              seconds: Optional[float] = None, max_nodes: Optional[int] = None) -> Solution:
        """One optimal solution by the library's best method: the 2x2x2's exact table,
        Reid's method for the 3x3x3 (its tables built once a process, outside the
        budget), IDA* on pattern databases for any other. The budget (``seconds``,
        ``max_nodes``) is looked at every 65,536 nodes; past it ``moves`` is None."""
        if self._core.kind == "2x2x2":
            text = state if isinstance(state, str) else self.text(state)
            moves = _pocket.solve(text).split()
            return Solution(moves, 0)
        if max_nodes is not None:
            max_nodes = _count(max_nodes, "max_nodes")
        moves, nodes = self._core.solve(state, seconds=seconds, max_nodes=max_nodes)
        return Solution(None if moves is None else list(moves), int(nodes))

    # --- the 2x2x2's exact answers -------------------------------------------
    def _pocket_only(self, what: str) -> None:
        if self._core.kind != "2x2x2":
            raise _pocket.Error(f"{what} is known exactly for the 2x2x2 only, not {self.name}")

    def distance(self, states: Any, metric: str = "htm") -> np.ndarray:
        """int8 (n,): the exact optimal distance of each row (the 2x2x2 only)."""
        self._pocket_only("distance")
        return _pocket.distance(np.asarray(states, dtype=np.uint8), metric)  # type: ignore[no-any-return]

    def to_index(self, states: Any) -> np.ndarray:
        """int32 (n,): each row's position number (the 2x2x2 only)."""
        self._pocket_only("to_index")
        return _pocket.to_index(np.asarray(states, dtype=np.uint8))  # type: ignore[no-any-return]

    def from_index(self, indices: Any) -> np.ndarray:
        """uint8 rows of position numbers (the 2x2x2 only)."""
        self._pocket_only("from_index")
        return _pocket.from_index(np.atleast_1d(np.asarray(indices)))[  # type: ignore[no-any-return]
            0 if np.ndim(indices) == 0 else slice(None)]
