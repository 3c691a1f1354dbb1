"""A cost-to-go network for the 2x2x2, in jax, in DeepCubeA's style: trained on
random walks (DeepCubeA's generator, walks of 0 to 20 moves). Unlike DeepCubeA it
needs no value iteration: pocket's exact distances are the targets, learnt as a
softmax over the distances 0..11 (cross-entropy), whose expectation is the value.
It is scored on uniformly random states by its mean absolute error, by how often
that value rounded is the exact distance, and by greedy one-step lookahead (each
step takes the move whose child the network values lowest, with no memory of states
seen, until the cube is solved or 30 moves are spent; the mean length and the share
optimal are over the states it solved).

    pip install jax        # the optional extra: pip install "pocket-cube[jax]"
    python python/examples/train_value.py                       # the full run
    python python/examples/train_value.py --steps 100 --test 500   # a tiny one (CI)

The network reads a state as its class under the cube's symmetries: of the state's
six images under the symmetries that keep the reference corner (`pocket.symmetries`)
and the six of its inverse (`pocket.inverse`: the same distance in HTM), the one of
lowest position number, given as its permutation (0..5039) and twist (0..728) from
`to_index`. An embedding of each, summed, then two ReLU layers and a softmax over the
distances 0..11, whose expectation is the value. The 310,930 classes are a twelfth of
the positions, so each is seen twelve times as often. `--input coords` reads the
state's own coordinates, and `--input stickers` DeepCubeA's one-hot stickers (24 x 6);
in the same CPU time they learn far less (python/README.md gives every run's figures).
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

import pocket
from pocket import Puzzle

DISTANCES = 12  # 0..11: God's number is 11
TWISTS = 729
PERMUTATIONS = 5040
Params = list[tuple[jax.Array, jax.Array]]
Rows = npt.NDArray[np.uint8]


@dataclass
class Report:
    steps: int
    samples: int
    train_cpu_seconds: float
    mae: float
    exact_percent: float
    greedy_solved_percent: float
    mean_length: float
    optimal_percent: float

    def __str__(self) -> str:
        return (
            f"{self.steps} steps, {self.samples:,} samples, {self.train_cpu_seconds:.0f} s CPU: "
            f"MAE {self.mae:.3f}, rounded value exact {self.exact_percent:.1f}%; greedy solves "
            f"{self.greedy_solved_percent:.2f}%, mean length {self.mean_length:.2f}, "
            f"{self.optimal_percent:.1f}% of them optimal"
        )


def canonical(index: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The lowest position number among the state's images and its inverse's: one
    number a class, at the state's distance in HTM."""
    own = pocket.symmetries(index).min(axis=1)
    inverse = pocket.symmetries(pocket.inverse(index)).min(axis=1)
    out: npt.NDArray[np.int64] = np.minimum(own, inverse).astype(np.int64)
    return out


def coordinates(two: Puzzle, states: Rows, classes: bool) -> npt.NDArray[np.int32]:
    """Each row's permutation and twist (of its class's representative, with
    `classes`), as rows of one embedding table."""
    index = two.to_index(states).astype(np.int64)
    if classes:
        index = canonical(index)
    return np.stack([index // TWISTS, PERMUTATIONS + index % TWISTS], axis=1).astype(np.int32)


def stickers(two: Puzzle, states: Rows) -> npt.NDArray[np.float32]:
    out: npt.NDArray[np.float32] = two.one_hot(states, np.float32).reshape(len(states), -1)
    return out


def init(key: jax.Array, first: int, hidden: int, embedded: bool) -> Params:
    k0, k1, k2 = jax.random.split(key, 3)
    scale = 0.5 if embedded else np.sqrt(2.0 / first)
    return [
        (jax.random.normal(k0, (first, hidden)) * scale, jnp.zeros(hidden)),
        (jax.random.normal(k1, (hidden, hidden)) * np.sqrt(2.0 / hidden), jnp.zeros(hidden)),
        (jax.random.normal(k2, (hidden, DISTANCES)) * np.sqrt(1.0 / hidden), jnp.zeros(DISTANCES)),
    ]


def logits(params: Params, x: jax.Array) -> jax.Array:
    (w0, b0), (w1, b1), (w2, b2) = params
    # Integer input: rows of the embedding (its gather is the first layer's product
    # with a one-hot of the two coordinates).
    first = w0[x].sum(axis=1) if jnp.issubdtype(x.dtype, jnp.integer) else x @ w0
    h = jax.nn.relu(first + b0)
    h = jax.nn.relu(h @ w1 + b1)
    return h @ w2 + b2


def value(params: Params, x: jax.Array) -> jax.Array:
    return jax.nn.softmax(logits(params, x)) @ jnp.arange(DISTANCES, dtype=jnp.float32)


def loss(params: Params, x: jax.Array, y: jax.Array) -> jax.Array:
    log_p = jax.nn.log_softmax(logits(params, x))
    return -jnp.mean(jnp.take_along_axis(log_p, y[:, None], axis=1))


def adam(params: Params, m: Any, v: Any, t: int, x: jax.Array, y: jax.Array, rate: float) -> Any:
    g = jax.grad(loss)(params, x, y)
    m = jax.tree.map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
    v = jax.tree.map(lambda a, b: 0.999 * a + 0.001 * b * b, v, g)
    c1, c2 = 1 - 0.9**t, 1 - 0.999**t
    step = lambda p, mm, vv: p - rate * (mm / c1) / (jnp.sqrt(vv / c2) + 1e-8)  # noqa: E731
    return jax.tree.map(step, params, m, v), m, v


def train(two: Puzzle, args: argparse.Namespace) -> Callable[[Rows], npt.NDArray[np.float32]]:
    embedded = args.input != "stickers"
    classes = args.input == "classes"
    read = (lambda s: coordinates(two, s, classes)) if embedded else (lambda s: stickers(two, s))
    first = PERMUTATIONS + TWISTS if embedded else two.width * len(two.colours)
    params = init(jax.random.key(args.seed), first, args.hidden, embedded)
    m = jax.tree.map(jnp.zeros_like, params)
    v = jax.tree.map(jnp.zeros_like, params)
    update = jax.jit(adam)
    for t in range(1, args.steps + 1):
        states, _ = two.random_walks(args.batch, 20, seed=args.seed * 10_000_000 + t)
        targets = two.distance(states).astype(np.int32)
        # The rate holds until 52.5% of the run, then falls linearly to 5% of itself.
        rate = args.rate * min(1.0, 2.0 * (1.0 - t / args.steps) + 0.05)
        params, m, v = update(params, m, v, t, read(states), targets, rate)
    valued = jax.jit(value)

    def heuristic(states: Rows) -> npt.NDArray[np.float32]:
        out = np.array(valued(params, read(states)), dtype=np.float32)
        out[two.is_solved(states)] = 0.0
        return out

    return heuristic


def greedy(two: Puzzle, heuristic: Callable[[Rows], npt.NDArray[np.float32]], states: Rows) -> Any:
    """One-step lookahead from every state at once: (solved, moves taken)."""
    now = states.copy()
    taken = np.zeros(len(now), np.int64)
    solved = two.is_solved(now)
    for _ in range(30):
        open_rows = np.flatnonzero(~solved)
        if len(open_rows) == 0:
            break
        children = two.next_states(now[open_rows])
        n, moves, width = children.shape
        costs = heuristic(children.reshape(n * moves, width)).reshape(n, moves)
        now[open_rows] = children[np.arange(n), costs.argmin(axis=1)]
        taken[open_rows] += 1
        solved = two.is_solved(now)
    return solved, taken


def main(argv: list[str]) -> Report:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=10_000, help="training batches")
    parser.add_argument("--batch", type=int, default=1024, help="random walks a batch")
    parser.add_argument("--hidden", type=int, default=512, help="width of each layer")
    parser.add_argument("--rate", type=float, default=3e-3, help="Adam's learning rate")
    parser.add_argument("--input", choices=("classes", "coords", "stickers"), default="classes")
    parser.add_argument("--test", type=int, default=10_000, help="uniformly random test states")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if min(args.steps, args.batch, args.hidden, args.test) < 1:
        parser.error("--steps, --batch, --hidden and --test take a positive number")
    if args.seed < 0 or not args.rate > 0:
        parser.error("--seed takes a number from 0, and --rate a positive one")
    two = Puzzle("2x2x2")
    start = time.process_time()
    heuristic = train(two, args)
    cpu = time.process_time() - start
    # A stream of seeds apart from the training walks' (seed * 10^7 + step).
    test = two.random_states(args.test, seed=2**62 + args.seed)
    exact = two.distance(test)
    guess = heuristic(test)
    solved, taken = greedy(two, heuristic, test)
    done = max(1, int(solved.sum()))
    return Report(
        steps=args.steps,
        samples=args.steps * args.batch,
        train_cpu_seconds=cpu,
        mae=float(np.abs(guess - exact).mean()),
        exact_percent=100.0 * float((np.rint(guess) == exact).mean()),
        greedy_solved_percent=100.0 * float(solved.mean()),
        mean_length=float(taken[solved].sum()) / done,
        optimal_percent=100.0 * float((taken[solved] == exact[solved]).sum()) / done,
    )


if __name__ == "__main__":
    print(main(sys.argv[1:]))
