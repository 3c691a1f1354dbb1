"""pocket.bench: DeepCubeA's test protocol, every answer applied and checked, the
2x2x2's optimality proven by its exact distances (issue 64)."""

import numpy as np

import pocket
from pocket import Puzzle, bench, search

CUBE = Puzzle("2x2x2")


def test_the_test_set_is_seeded_and_deep():
    a = bench.test_states(CUBE, 50, seed=1)
    assert np.array_equal(a, bench.test_states(CUBE, 50, seed=1))
    assert not np.array_equal(a, bench.test_states(CUBE, 50, seed=2))
    assert CUBE.distance(a).mean() > 7


def test_a_report_of_an_optimal_solver():
    exact = lambda s: CUBE.distance(s).astype(np.float32)  # noqa: E731
    report = bench.run(CUBE, lambda s: search.bwas(CUBE, s, exact), n=40)
    assert (report.states, report.solved, report.wrong, report.proven) == (40, 40, 0, 40)
    assert report.optimal_percent == 100.0 and report.solved_percent == 100.0
    assert report.mean_nodes is not None and report.mean_length is not None
    text = str(report)
    assert "solved %" in text and "optimal %" in text and "2x2x2" in text


def test_wrong_and_missing_answers_count_as_unsolved():
    states = bench.test_states(CUBE, 3, seed=3)
    report = bench.run(CUBE, lambda s: [["R"], None, pocket.solve(CUBE.text(s[2])).split()], states=states)
    assert (report.solved, report.wrong, report.optimal) == (1, 1, 1)
    assert "1 answers did not solve" in str(report)
