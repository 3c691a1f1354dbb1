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


if __name__ == "__main__":
    main()
    print(f"load average after: {os.getloadavg()[0]:.1f}")
