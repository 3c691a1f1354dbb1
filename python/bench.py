"""Benchmarks of the goals of the Python package (not tests: nothing here fails).

    python python/bench.py            # after `pip install ./python` or `maturin develop --release`

Prints the median of several runs of each goal: distance on uint8 rows and on
position numbers (states per second, one thread and every core), optimal_moves and
next_states on 1M states, the first call in a fresh interpreter, and numpy's fancy
indexing beside them. With py222 on PYTHONPATH (github.com/MeepMoop/py222: not on
PyPI, and its `np.int` was removed in numpy 1.24, so replace it by `int` first), also
py222's indexing of a state (normFC, getOP, indexOP) against pocket's of rows.
"""

import os
import statistics
import subprocess
import sys
import time

import numpy as np

import pocket

N = 1_000_000
RUNS = 7


class Timing:
    """Median wall-clock seconds of a call, and median CPU seconds of the process (all
    its threads) during it: on a machine shared with other work the wall clock waits
    for the CPU, the CPU time does not."""

    def __init__(self, wall, cpu):
        self.wall, self.cpu = wall, cpu

    def __str__(self):
        return f"{self.wall * 1e3:7.1f} ms (CPU {self.cpu * 1e3:7.1f} ms)"


def median_time(f, runs=RUNS):
    f()  # warm: tables built, pages touched once
    walls, cpus = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        f()
        walls.append(time.perf_counter() - t)
        cpus.append(time.process_time() - c)
    return Timing(statistics.median(walls), statistics.median(cpus))


def per_second(x):
    return f"{x / 1e6:6.1f} M" if x >= 1e6 else f"{x / 1e3:6.1f} k"


def rate(t, n=N):
    return f"{per_second(n / t.wall)} states/s, {per_second(n / t.cpu)} per CPU second ({t})"


def fresh(code, runs=RUNS):
    """Median wall and CPU seconds that `code` takes in a fresh interpreter (which
    prints them)."""
    walls, cpus = [], []
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        wall, cpu = (out.stdout.split() + ["nan", "nan"])[:2]
        walls.append(float(wall))
        cpus.append(float(cpu))
    return Timing(statistics.median(walls), statistics.median(cpus))


def main():
    cores = os.cpu_count()
    print(f"pocket {pocket.__version__}, numpy {np.__version__}, {cores} cores, median of {RUNS}")
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    idx = pocket.random_states(N, seed=1)
    rows = pocket.from_index(idx)

    print("\ndistance, 1M random states:")
    for threads in (1, None):
        who = "1 thread " if threads == 1 else "all cores"
        t = median_time(lambda: pocket.distance(rows, threads=threads))
        print(f"  uint8 rows (n, 24),  {who}: {rate(t)}")
        t = median_time(lambda: pocket.distance(idx, threads=threads))
        print(f"  int32 numbers (n,),  {who}: {rate(t)}")
    table = pocket.distance(np.arange(pocket.POSITIONS))
    t = median_time(lambda: table[idx])
    print(f"  numpy table[idx] (a lookup given the numbers):  {rate(t)}")
    t = median_time(lambda: pocket.to_index(rows, threads=1))
    print(f"  to_index of rows, 1 thread: {rate(t)}")

    try:
        import py222
    except ImportError:
        py222 = None
    if py222 is not None:
        rng = np.random.default_rng(1)
        names = list(py222.moveInds)
        states = []
        for _ in range(20_000):
            s = py222.initState()
            for m in rng.integers(0, len(names), 20):
                s = py222.doMove(s, py222.moveInds[names[m]])
            states.append(s)

        def index_all():
            for s in states:
                py222.indexOP(py222.getOP(py222.normFC(s)))

        t = median_time(index_all, runs=3)
        print(f"  py222 indexing, one state at a time (20,000): {rate(t, len(states))}")

    print("\noptimal_moves, 1M states:")
    for name, states in (("int32 numbers", idx), ("uint8 rows   ", rows)):
        t = median_time(lambda: pocket.optimal_moves(states))
        print(f"  {name}: {t}")

    print("\nnext_states, 1M states x 9 moves:")
    t = median_time(lambda: pocket.next_states(rows))
    print(f"  uint8 rows -> (n, 9, 24):   {t}")
    t = median_time(lambda: pocket.next_states(rows, threads=1))
    print(f"  the same on 1 thread:       {t}")
    t = median_time(lambda: pocket.next_states(idx))
    print(f"  int32 numbers -> (n, 9):    {t}")
    perm = np.array(pocket.STICKER_PERMUTATIONS)
    t = median_time(lambda: rows[:, perm])
    print(f"  numpy rows[:, perm]:        {t}")

    researcher(idx, rows)

    print("\nfirst call in a fresh interpreter (numpy imported first, as a user has it):")
    head = "import numpy as np, time\nt, c = time.perf_counter(), time.process_time()\nimport pocket\n"
    tail = "\nprint(time.perf_counter() - t, time.process_time() - c)"
    calls = {
        "import pocket": "",
        "import + solve(one state)": "pocket.solve('UUUURLFBLRBFLLFFRRBBDDDD')",
        "import + distance(one state)": "pocket.distance('UUUURLFBLRBFLLFFRRBBDDDD')",
        "import + distance(1,000 rows)": "pocket.distance(pocket.from_index(np.arange(1000)))",
        "import + optimal_moves(1,000 rows)": "pocket.optimal_moves(pocket.from_index(np.arange(1000)))",
        "import + distance(1M numbers)": "pocket.distance(np.arange(1000000))",
        "import + distance(one state, qtm)": "pocket.distance('UUUURLFBLRBFLLFFRRBBDDDD', 'qtm')",
        "import + optimal_moves(one state, qtm)": "pocket.optimal_moves('UUUURLFBLRBFLLFFRRBBDDDD', 'qtm')",
        "import + distance(1M numbers, qtm)": "pocket.distance(np.arange(1000000), 'qtm')",
    }
    for name, call in calls.items():
        print(f"  {name:40}: {fresh(head + call + tail)}")


def researcher(idx, rows):
    """Issue 38's figures: step, one_hot, and a vector environment of 4,096 cubes
    against the same loop in numpy over a py222-style move table (its stickers
    permuted by fancy indexing, solved checked by comparing faces)."""
    actions = np.random.default_rng(2).integers(0, 9, N)
    print("\nstep, 1M states, one random move each:")
    t = median_time(lambda: pocket.step(idx, actions))
    print(f"  int32 numbers: {rate(t)}")
    t = median_time(lambda: pocket.step(rows, actions))
    print(f"  uint8 rows:    {rate(t)}")
    t = median_time(lambda: pocket.next_states(idx)[np.arange(N), actions])
    print(f"  next_states(idx)[arange, a] (what it replaces): {rate(t)}")

    print("\none_hot, 1M states:")
    t = median_time(lambda: pocket.one_hot(idx), runs=3)
    print(f"  pocket.one_hot(idx) float32:       {t}")
    t = median_time(lambda: pocket.one_hot(idx, np.uint8), runs=3)
    print(f"  pocket.one_hot(idx, uint8):        {t}")
    t = median_time(lambda: np.eye(6, dtype=np.float32)[rows], runs=3)
    print(f"  np.eye(6, dtype=float32)[rows]:    {t}")

    try:
        import pocket.gym as pg
    except ImportError:
        print("\nvector environment: gymnasium is not installed (pip install gymnasium): skipped")
        return
    envs, steps = 4096, 200
    print(f"\nvector environment, {envs} cubes, {steps} steps of random actions (index observations):")
    venv = pg.PocketCubeVectorEnv(num_envs=envs, observation="index")
    venv.reset(seed=0)
    acts = np.random.default_rng(3).integers(0, 9, (steps, envs))

    def run_pocket():
        for a in acts:
            venv.step(a)

    t = median_time(run_pocket, runs=3)
    print(f"  PocketCubeVectorEnv: {rate(t, envs * steps).replace('states', 'steps')}")
    # The same loop written with numpy: sticker arrays in py222's order, a move a
    # fancy index, solved when every face is one colour.
    perm = np.array(pocket.STICKER_PERMUTATIONS)
    to222 = pocket.to_py222(np.arange(24))  # any rows: only the order is used below
    order = np.argsort(np.array([0, 1, 2, 3, 8, 9, 16, 17, 6, 7, 14, 15, 20, 21, 22, 23, 4, 5, 12, 13, 10, 11, 18, 19]))
    moves222 = order[perm][:, np.array([0, 1, 2, 3, 8, 9, 16, 17, 6, 7, 14, 15, 20, 21, 22, 23, 4, 5, 12, 13, 10, 11, 18, 19])]
    del to222
    states = pocket.to_py222(pocket.random_states(envs, seed=0))

    def run_numpy():
        nonlocal states
        for a in acts:
            states = np.take_along_axis(states, moves222[a], axis=1)
            solved = (states.reshape(envs, 6, 4) == states.reshape(envs, 6, 4)[:, :, :1]).all(axis=(1, 2))
            del solved

    t = median_time(run_numpy, runs=3)
    print(f"  numpy over py222-order stickers: {rate(t, envs * steps).replace('states', 'steps')}")
    print("  jumanji's RubiksCube(cube_size=2): not run here (jax is not installed by this bench)")


if __name__ == "__main__":
    main()
    print(f"load average after: {os.getloadavg()[0]:.1f}")
