"""DeepCubeA in miniature, numpy only: a cost-to-go network trained on random walks,
plugged into pocket's batched weighted A*, and scored by DeepCubeA's protocol.

    python python/examples/deepcubea.py [puzzle]    # 2x2x2 by default

On the 2x2x2 the targets are exact distances and optimality is proven; on any other
puzzle (``3x3x3``) the network learns each walk's length, an upper bound, as
DeepCubeA's first iteration does. A jax or torch network plugs in the same way: the
heuristic is any callable from uint8 states (n, width) to costs (n,).
"""

from __future__ import annotations

import sys

import numpy as np
import numpy.typing as npt

import pocket
from pocket import Puzzle, bench, search

F32 = npt.NDArray[np.float32]


class Net:
    """One hidden ReLU layer on the one-hot stickers."""

    def __init__(self, inputs: int, hidden: int, rng: np.random.Generator) -> None:
        self.w1: F32 = rng.normal(0, 0.05, (inputs, hidden)).astype(np.float32)
        self.w2: F32 = np.zeros(hidden, np.float32)
        self.b: float = 0.0

    def __call__(self, x: F32) -> F32:
        out: F32 = np.maximum(x @ self.w1, 0) @ self.w2 + np.float32(self.b)
        return out

    def learn(self, x: F32, y: F32, rate: float) -> float:
        h = np.maximum(x @ self.w1, 0)
        err = h @ self.w2 + np.float32(self.b) - y
        self.w2 -= np.float32(rate) * (h.T @ err) / len(y)
        self.b -= rate * float(err.mean())
        self.w1 -= np.float32(rate) * (x.T @ (np.outer(err, self.w2) * (h > 0))) / len(y)
        return float((err**2).mean())


def train(puzzle: Puzzle, steps: int = 300, batch: int = 2048, seed: int = 0) -> Net:
    rng = np.random.default_rng(seed)
    width, colours = puzzle.width, len(puzzle.colours)
    net = Net(width * colours, 128, rng)
    x = np.empty((batch, width, colours), np.float32)  # reused: one_hot(out=) allocates nothing
    for step in range(steps):
        states, moves = puzzle.random_walks(batch, 14, seed=seed * 100_000 + step)
        exact = puzzle.name == "2x2x2"
        y = (puzzle.distance(states) if exact else moves).astype(np.float32)
        puzzle.one_hot(states, out=x)
        net.learn(x.reshape(batch, -1), y, 0.01)
    return net


def main(name: str = "2x2x2") -> bench.Report:
    puzzle = Puzzle(name)
    net = train(puzzle)

    def heuristic(states: npt.NDArray[np.uint8]) -> F32:
        costs: F32 = np.maximum(net(puzzle.one_hot(states).reshape(len(states), -1)), 0)
        return costs

    def solver(states: npt.NDArray[np.uint8]) -> list[search.Result]:
        return search.bwas(puzzle, states, heuristic, weight=0.8, batch_size=100, max_nodes=20_000)

    return bench.run(puzzle, solver, n=20, seed=1)


if __name__ == "__main__":
    print(main(*sys.argv[1:2]))
    print(f"pocket {pocket.__version__}")
