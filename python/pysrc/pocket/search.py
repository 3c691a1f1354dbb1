"""Batched heuristic search over any ``pocket.Puzzle``, in Rust, with your heuristic:

- ``bwas(puzzle, states, heuristic, weight=, batch_size=, max_nodes=)``: DeepCubeA's
  batch-weighted A*. Each round pops the ``batch_size`` open nodes of lowest
  ``f = weight * g + h`` and expands them. It ends when no open node's f is below
  the best solution's ``weight * g``: with ``weight=1`` and an admissible,
  consistent heuristic (the 2x2x2's exact distance) its solutions are optimal.
  ``duplicates="expanded"`` (the default) finds duplicates against the states
  expanded: a child expanded before at no greater cost is never scored, nor a second
  copy in one round, and an open state is dropped when popped if it was expanded
  meanwhile at no greater cost. A state generated in two rounds before either copy
  is expanded is scored twice (a few % more rows on the 3x3x3; up to 4x on the
  2x2x2 with a zeros heuristic): the price of keeping 8 bytes for each state
  generated. ``duplicates="generated"`` checks every child against every state
  generated, as DeepCubeA does, so that none is scored twice, for about 14 bytes
  more a generated state: for a heuristic that costs more than the memory.
- ``beam(puzzle, states, heuristic, width=, max_depth=)``: a level at a time, the
  ``width`` new states of lowest h go on; ends at the first solved state met.
- ``greedy(puzzle, states, heuristic, max_depth=)``: a beam of width 1 (never back
  to a state met before).

The heuristic is any callable from a batch of states, uint8 ``(n, puzzle.width)``
(read-only), to costs ``(n,)`` (anything ``numpy.asarray`` takes: a jax or torch
network on CPU or GPU plugs in with a ``.numpy()``/``np.asarray`` of its output).
A jitted jax function compiles again for each new batch size: pad the batch to a
few fixed sizes inside the heuristic (and cut the answer back) to keep it compiled.
The searches of all ``states`` run together: each round, ONE heuristic call scores
the new nodes of every unfinished search, and the Rust part runs with the GIL
released between calls. ``max_nodes`` is each state's budget of nodes expanded: no
round starts once it is spent, so the last round may take a search up to
``batch_size - 1`` past it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, List, Optional

import numpy as np

from . import _pocket  # type: ignore[attr-defined]  # (compiled; typed here)
from .puzzle import Puzzle, _count

__all__ = ["Result", "bwas", "beam", "greedy", "Heuristic"]

Heuristic = Callable[[np.ndarray], Any]


@dataclass(frozen=True)
class Result:
    """One state's answer: ``moves`` (None when no solution was generated within
    the budget), ``nodes`` expanded, ``heuristic_calls`` made for it (each call may
    have scored other states' nodes too), and whether BWAS ``proven`` its solution:
    its stopping rule held (with weight 1 and an admissible, consistent heuristic,
    the solution is then optimal). A solution generated before the budget ran out
    is returned unproven; beam and greedy prove nothing."""

    moves: Optional[List[str]]
    nodes: int
    heuristic_calls: int
    proven: bool = False

    @property
    def solved(self) -> bool:
        return self.moves is not None

    @property
    def length(self) -> Optional[int]:
        """The number of moves, None when not solved. (A ``__len__`` of -1 for an
        unsolved result made ``len(r)`` and ``if r:`` raise; found by a review.)"""
        return None if self.moves is None else len(self.moves)


def _results(found: Any) -> List[Result]:
    return [Result(None if m is None else list(m), int(n), int(c), bool(p)) for m, n, c, p in found]


def _rows(states: Any) -> Any:
    return np.atleast_2d(np.asarray(states)) if not isinstance(states, np.ndarray) or states.ndim == 1 else states


def bwas(puzzle: Puzzle, states: Any, heuristic: Heuristic, *, weight: float = 1.0,
         batch_size: int = 100, max_nodes: int = 1_000_000,
         duplicates: str = "expanded") -> List[Result]:
    """Batch-weighted A* from each state (rows ``(n, width)`` or one row).
    ``duplicates``: what a child is checked against before it is scored, the
    states ``"expanded"`` (and the round's other children) or every state
    ``"generated"`` (see the module's docstring)."""
    if not isinstance(duplicates, str):
        raise TypeError(f"duplicates must be 'expanded' or 'generated', not {duplicates!r}")
    if duplicates not in ("expanded", "generated"):
        raise _pocket.Error(f"duplicates must be 'expanded' or 'generated', not {duplicates!r}")
    if isinstance(weight, (bool, np.bool_)) or not isinstance(weight, (int, float, np.integer, np.floating)):
        raise TypeError(f"weight must be a number, not {type(weight).__name__} {weight!r}")
    try:
        weight = float(weight)
    except OverflowError:
        raise _pocket.Error(f"weight must be a finite number, 0 or more, not {weight}") from None
    return _results(_pocket._bwas(puzzle._core, _rows(states), heuristic, weight=float(weight),
                                  batch_size=_count(batch_size, "batch_size", 1),
                                  max_nodes=_count(max_nodes, "max_nodes"),
                                  duplicates=duplicates))


def beam(puzzle: Puzzle, states: Any, heuristic: Heuristic, *, width: int = 100,
         max_depth: int = 100, max_nodes: int = 1_000_000) -> List[Result]:
    """Beam search of ``width`` from each state."""
    return _results(_pocket._beam(puzzle._core, _rows(states), heuristic, width=_count(width, "width", 1),
                                  max_depth=_count(max_depth, "max_depth", 0, 2**32 - 1),
                                  max_nodes=_count(max_nodes, "max_nodes")))


def greedy(puzzle: Puzzle, states: Any, heuristic: Heuristic, *, max_depth: int = 100,
           max_nodes: int = 1_000_000) -> List[Result]:
    """Greedy descent: to the unseen child of lowest h, one at a time."""
    return beam(puzzle, states, heuristic, width=1, max_depth=max_depth, max_nodes=max_nodes)
