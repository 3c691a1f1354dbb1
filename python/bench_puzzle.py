"""Benchmarks of pocket.Puzzle and pocket.search against numpy doing the same work
(not tests: nothing here fails).

    python python/bench_puzzle.py                 # every figure, medians of 7 runs
    python python/bench_puzzle.py step pocket     # one workload, for a whole-process
    python python/bench_puzzle.py step numpy      #   timer (/usr/bin/time -v) to pair

Workloads, on one thread (so CPU seconds and wall agree):

- step: 1M uniform 3x3x3 rows (uint8, 54 stickers), 20 times a random move per row
  (``Puzzle.step``); numpy: ``states[:, perm]`` (one move for all rows, its cheapest
  gather), 20 times. step_out: both into a reused buffer (``out=``; numpy's
  ``np.take(states, perm, axis=1, out=)``).
- walks: 100k walks of 0 to 100 moves (``random_walks``; moves walked counted);
  numpy: 100k C-contiguous rows gathered by ``states[:, perm]`` 50 times.
- one_hot: 1M 2x2x2 rows to float32 (1M, 24, 6) into a reused buffer; numpy: ``np.ones``
  of that shape (the issue's yardstick).
- search: BWAS with a trivial numpy heuristic (zeros), batch 1000, on four 2x2x2
  states and eight 9-move 3x3x3 scrambles (nodes expanded per CPU second).
- search_small: the same eight 3x3x3 searches, 10,000 expansions each, by
  ``pocket.search.bwas`` and by BWAS in Python (``python_bwas``: a heap and a dict,
  numpy for the children and the heuristic; DeepCubeA's code has that shape).
"""

import heapq
import statistics
import sys
import time

import numpy as np

import pocket
from pocket import Puzzle, search

CUBE3 = Puzzle("3x3x3")
CUBE2 = Puzzle("2x2x2")


def step_setup():
    states = CUBE3.random_states(1_000_000, seed=1)
    actions = np.random.default_rng(2).integers(0, 18, len(states))
    return states, actions, np.empty_like(states)


def step_pocket(setup):
    states, actions, _ = setup
    for _ in range(20):
        CUBE3.step(states, actions, threads=1)
    return 20 * len(states)


def step_numpy(setup):
    states, _, _ = setup
    perm = CUBE3.permutations[1]
    for _ in range(20):
        states[:, perm]
    return 20 * len(states)


def step_pocket_out(setup):
    states, actions, out = setup
    for _ in range(20):
        CUBE3.step(states, actions, out=out, threads=1)
    return 20 * len(states)


def step_numpy_out(setup):
    states, _, out = setup
    perm = CUBE3.permutations[1]
    for _ in range(20):
        np.take(states, perm, axis=1, out=out)
    return 20 * len(states)


def walks_setup():
    return CUBE3.random_states(100_000, seed=3)


def walks_pocket(_):
    _, taken = CUBE3.random_walks(100_000, 100, seed=4, threads=1)
    return int(taken.sum())


def walks_numpy(states):
    # Each gather from the C-contiguous rows: `x = x[:, perm]` chained would gather
    # the columns of numpy's own column-major result, 54 contiguous copies, which
    # only works when every row takes the same move (never in a random walk).
    perms = CUBE3.permutations
    for k in range(50):
        states[:, perms[k % 18]]
    return 50 * len(states)


def one_hot_setup():
    rows = CUBE2.random_states(1_000_000, seed=5)
    return rows, np.empty((len(rows), 24, 6), np.float32)


def one_hot_pocket(setup):
    rows, out = setup
    CUBE2.one_hot(rows, out=out, threads=1)
    return len(rows)


def one_hot_numpy(setup):
    rows, _ = setup
    np.ones((len(rows), 24, 6), np.float32)
    return len(rows)


def search_setup():
    return CUBE2.random_states(4, seed=6), CUBE3.random_walks(8, 9, seed=7, min_moves=9)[0]


def zero(states):
    return np.zeros(len(states))


def search_2x2x2(setup):
    return sum(r.nodes for r in search.bwas(CUBE2, setup[0], zero, batch_size=1000, max_nodes=300_000))


def search_3x3x3(setup):
    return sum(r.nodes for r in search.bwas(CUBE3, setup[1], zero, batch_size=1000, max_nodes=300_000))


def python_bwas(puzzle, start, heuristic, batch, max_nodes):
    """DeepCubeA's BWAS as a researcher writes it in Python (its shape in DeepCubeA's
    own code): a heap of (f, order, row, g), a dict of every state met to its cost,
    numpy for the children and the heuristic. The nodes expanded."""
    width, solved = puzzle.width, puzzle.solved.tobytes()
    met = {start.tobytes(): 0}
    heap = [(0.0, 0, start.tobytes(), 0)]
    expanded, order, best = 0, 1, None
    while heap and expanded < max_nodes and (best is None or heap[0][0] < best):
        popped = []
        while heap and len(popped) < batch:
            _, _, row, g = heapq.heappop(heap)
            if met[row] == g:  # not met since by a shorter way
                popped.append((row, g))
        expanded += len(popped)
        rows = np.frombuffer(b"".join(r for r, _ in popped), np.uint8).reshape(-1, width)
        new, costs = [], []
        for (_, g), children in zip(popped, puzzle.next_states(rows, threads=1)):
            for child in children:
                key = child.tobytes()
                if met.get(key, g + 2) <= g + 1:
                    continue
                met[key] = g + 1
                new.append(key)
                costs.append(g + 1)
                if key == solved and (best is None or g + 1 < best):
                    best = g + 1
        if not new:
            continue
        h = heuristic(np.frombuffer(b"".join(new), np.uint8).reshape(-1, width))
        for key, g, value in zip(new, costs, h):
            heapq.heappush(heap, (g + float(value), order, key, g))
            order += 1
    return expanded


def search_small_pocket(setup):
    return sum(r.nodes for r in search.bwas(CUBE3, setup[1], zero, batch_size=1000, max_nodes=10_000))


def search_small_python(setup):
    return sum(python_bwas(CUBE3, s, zero, 1000, 10_000) for s in setup[1])


WORKLOADS = {
    "step": (step_setup, {"pocket": step_pocket, "numpy": step_numpy}, "rows"),
    "step_out": (step_setup, {"pocket": step_pocket_out, "numpy": step_numpy_out}, "rows"),
    "walks": (walks_setup, {"pocket": walks_pocket, "numpy": walks_numpy}, "moves"),
    "one_hot": (one_hot_setup, {"pocket": one_hot_pocket, "numpy": one_hot_numpy}, "rows"),
    "search": (search_setup, {"2x2x2": search_2x2x2, "3x3x3": search_3x3x3}, "nodes"),
    "search_small": (search_setup, {"pocket": search_small_pocket, "python": search_small_python}, "nodes"),
}


def measure(work, setup, runs=7):
    """The median CPU seconds of `work`, and the items it did."""
    work(setup)
    times, items = [], 0
    for _ in range(runs):
        start = time.process_time()
        items = work(setup)
        times.append(time.process_time() - start)
    return statistics.median(times), items


def main(argv):
    if len(argv) == 2:
        name, side = argv
        setup, sides, _ = WORKLOADS[name]
        sides[side](setup())
        return
    print(f"pocket {pocket.__version__}, numpy {np.__version__}, move kernel {CUBE3.kernel}; one thread")
    for name, (setup, sides, unit) in WORKLOADS.items():
        data = setup()
        rates = {}
        for side, work in sides.items():
            seconds, items = measure(work, data)
            rates[side] = items / seconds
            print(f"{name:8} {side:7} {items / seconds / 1e6:9.2f} M {unit} per CPU second")
        for yardstick in ("numpy", "python"):
            if yardstick in rates:
                print(f"{name:8} pocket / {yardstick}: {rates['pocket'] / rates[yardstick]:.2f}x")


if __name__ == "__main__":
    main(sys.argv[1:])
