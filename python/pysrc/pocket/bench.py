"""DeepCubeA's evaluation protocol for any ``pocket.Puzzle`` and any solver.

``run(puzzle, solver, n=, seed=)`` draws the standard test set, states scrambled by
a number of random moves uniform from 1,000 to 10,000 (seeded: the same states
every time), hands them to ``solver``, checks every answer by applying it, and
reports what the paper's tables report: % solved, mean length, % optimal, nodes and
time. Optimality is proven where pocket can: always for the 2x2x2 (its exact
distances), and for the 3x3x3 by Reid's method when ``optimal_seconds`` gives each
state a budget (a state whose optimal length was not found in it is not counted).

``solver`` takes the states, uint8 ``(n, width)``, and answers one item a state: a
``pocket.search.Result``, a ``pocket.Solution``, a list of move names, or None
(unsolved). ``pocket.search.bwas(puzzle, states, net)`` fits as it is::

    report = pocket.bench.run(cube, lambda s: pocket.search.bwas(cube, s, net, weight=0.6), n=100)
    print(report)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence

import numpy as np

from .puzzle import Puzzle

__all__ = ["Report", "run", "test_states"]

Solver = Callable[[np.ndarray], Sequence[Any]]


def test_states(puzzle: Puzzle, n: int = 1000, seed: int = 0) -> np.ndarray:
    """The test set: ``n`` states of 1,000 to 10,000 random moves from solved."""
    states, _ = puzzle.random_walks(n, 10_000, seed, min_moves=1000)
    return states


@dataclass
class Report:
    """What ``run`` measured. Lengths count moves of the puzzle (HTM for the cubes)."""

    puzzle: str
    states: int
    solved: int
    wrong: int
    mean_length: Optional[float]
    optimal: Optional[int]
    proven: int
    mean_nodes: Optional[float]
    wall_seconds: float
    cpu_seconds: float
    lengths: List[Optional[int]] = field(repr=False, default_factory=list)

    @property
    def solved_percent(self) -> float:
        return 100.0 * self.solved / max(self.states, 1)

    @property
    def optimal_percent(self) -> Optional[float]:
        """Of the states whose optimal length is known, the % solved optimally."""
        if self.optimal is None or self.proven == 0:
            return None
        return 100.0 * self.optimal / self.proven

    def __str__(self) -> str:
        def f(v: Optional[float], form: str) -> str:
            return "-" if v is None else format(v, form)

        head = f"{'puzzle':<10} {'states':>6} {'solved %':>9} {'length':>7} {'optimal %':>10} {'nodes':>10} {'s/state':>8}"
        line = (f"{self.puzzle:<10} {self.states:>6} {self.solved_percent:>9.2f} {f(self.mean_length, '.2f'):>7} "
                f"{f(self.optimal_percent, '.2f'):>10} {f(self.mean_nodes, '.4g'):>10} "
                f"{self.wall_seconds / max(self.states, 1):>8.3g}")
        note = f"\n{self.wrong} answers did not solve their state" if self.wrong else ""
        return f"{head}\n{line}{note}"


def _moves_of(item: Any) -> Optional[List[str]]:
    if item is None:
        return None
    if isinstance(item, (list, tuple)):
        return [str(m) for m in item]
    if isinstance(item, str):
        return item.split()
    moves = getattr(item, "moves", None)
    return None if moves is None else [str(m) for m in moves]


def _optimal_lengths(puzzle: Puzzle, states: np.ndarray, seconds: Optional[float]) -> List[Optional[int]]:
    if puzzle._core.kind == "2x2x2":
        return [int(d) for d in puzzle.distance(states)]
    if seconds is None:
        return [None] * len(states)
    out: List[Optional[int]] = []
    for s in states:
        found = puzzle.solve(s, seconds=seconds)
        out.append(None if found.moves is None else len(found.moves))
    return out


def run(puzzle: Puzzle, solver: Solver, *, n: int = 100, seed: int = 0,
        states: Optional[np.ndarray] = None, optimal_seconds: Optional[float] = None) -> Report:
    """Run ``solver`` on the test set (or on ``states``) and report."""
    if states is None:
        states = test_states(puzzle, n, seed)
    wall, cpu = time.perf_counter(), time.process_time()
    answers = list(solver(states))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if len(answers) != len(states):
        raise ValueError(f"the solver answered {len(answers)} items for {len(states)} states")
    lengths: List[Optional[int]] = []
    wrong = 0
    for state, item in zip(states, answers):
        moves = _moves_of(item)
        if moves is not None and not bool(puzzle.is_solved(puzzle.apply(state, " ".join(moves)))):
            wrong, moves = wrong + 1, None
        lengths.append(None if moves is None else len(moves))
    nodes = [getattr(a, "nodes", None) for a in answers]
    known_nodes = [x for x in nodes if x is not None]
    optimal_lengths = _optimal_lengths(puzzle, states, optimal_seconds)
    proven = [(got, best) for got, best in zip(lengths, optimal_lengths) if best is not None]
    solved = [x for x in lengths if x is not None]
    return Report(
        puzzle=puzzle.name,
        states=len(states),
        solved=len(solved),
        wrong=wrong,
        mean_length=float(np.mean(solved)) if solved else None,
        optimal=sum(1 for got, best in proven if got == best) if proven else None,
        proven=len(proven),
        mean_nodes=float(np.mean(known_nodes)) if known_nodes else None,
        wall_seconds=wall,
        cpu_seconds=cpu,
        lengths=lengths,
    )
