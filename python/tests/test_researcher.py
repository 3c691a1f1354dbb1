"""Issue 38: the calls a reinforcement-learning researcher writes first: step,
one_hot, random states at an exact distance, symmetries, inverse, py222's order."""
import numpy as np
import pytest

import pocket


@pytest.fixture(scope="module")
def idx():
    return pocket.random_states(50_000, seed=38)


@pytest.mark.parametrize("metric", ["htm", "qtm", "one-way"])
def test_step_is_next_states_at_the_action(idx, metric):
    k = pocket.next_states(idx[:1], metric).shape[1]
    a = np.random.default_rng(1).integers(0, k, len(idx))
    want = pocket.next_states(idx, metric)[np.arange(len(idx)), a]
    assert np.array_equal(pocket.step(idx, a, metric), want)
    rows = pocket.from_index(idx)
    assert np.array_equal(pocket.step(rows, a, metric), pocket.from_index(want))
    strings = [pocket.from_index(int(x)) for x in idx[:50]]
    assert pocket.step(strings, a[:50], metric) == [pocket.from_index(int(x)) for x in want[:50]]
    assert pocket.step(int(idx[0]), int(a[0]), metric) == want[0]


def test_step_refuses_bad_actions_by_row(idx):
    with pytest.raises(pocket.Error, match=r"^row 2: action 9 is not a move number \(0 to 8\)"):
        pocket.step(idx[:3], np.array([0, 1, 9]))
    with pytest.raises(pocket.Error, match="actions must be integers"):
        pocket.step(idx[:3], np.array([0.0, 1.0, 2.0]))
    with pytest.raises(pocket.Error, match="2 actions for 3 states"):
        pocket.step(idx[:3], [0, 1])


@pytest.mark.parametrize("state_type", [np.int32, np.int64, np.uint32])
@pytest.mark.parametrize("action_type", [np.int64, np.int32, np.uint8])
def test_step_reads_every_integer_type_alike(idx, state_type, action_type):
    # int32 and int64 states with int64 and int32 actions take a one-pass path of
    # their own (issue 38's speed); the other types, and every refusal, the general one.
    a = np.random.default_rng(4).integers(0, 9, len(idx))
    want = pocket.step(idx, a, threads=1)
    states, actions = idx.astype(state_type), a.astype(action_type)
    assert np.array_equal(pocket.step(states, actions), want)
    rows = pocket.from_index(idx)
    assert np.array_equal(pocket.step(rows, actions), pocket.from_index(want))
    # Not contiguous: the general path, the same answer.
    assert np.array_equal(pocket.step(states[::2], actions[::2]), want[::2])
    bad = states.copy()
    bad[3] = 4_000_000
    with pytest.raises(pocket.Error, match=r"^row 3: "):
        pocket.step(bad, actions)
    masked = pocket.step(bad, actions, errors="mask")
    assert masked[3] == -1 and np.array_equal(np.delete(masked, 3), np.delete(want, 3))
    wrong = actions.copy()
    wrong[5] = 9
    with pytest.raises(pocket.Error, match=r"^row 5: action 9 is not a move number"):
        pocket.step(states, wrong)
    with pytest.raises(pocket.Error, match=r"^row 5: action 9 is not a move number"):
        pocket.step(rows, wrong)
    bad_rows = rows.copy()
    bad_rows[2, 0] = 7
    with pytest.raises(pocket.Error, match=r"^row 2: value 7 at column 0"):
        pocket.step(bad_rows, actions)


def test_one_hot_is_numpys_eye_of_the_rows(idx):
    rows = pocket.from_index(idx)
    for dtype in (np.float32, np.float64, np.uint8, bool):
        got = pocket.one_hot(idx, dtype)
        assert got.dtype == np.dtype(dtype) and got.shape == (len(idx), 24, 6)
        assert np.array_equal(got, np.eye(6, dtype=dtype)[rows])
    assert np.array_equal(pocket.one_hot(rows), pocket.one_hot(idx))
    assert pocket.one_hot(int(idx[0])).shape == (24, 6)
    with pytest.raises(pocket.Error, match="one_hot makes float32"):
        pocket.one_hot(idx[:2], np.complex64)
    assert np.array_equal(pocket.from_index(idx, threads=1), rows)


@pytest.mark.parametrize("metric", ["htm", "qtm"])
def test_random_states_at_every_exact_distance(metric):
    most = max(pocket.census(metric))
    for k in range(most + 1):
        d = pocket.distance(pocket.random_states(500, seed=k, distance=k, metric=metric), metric)
        assert (d == k).all(), k
    x = pocket.random_states(2000, seed=1, min_distance=3, max_distance=5, metric=metric)
    assert set(pocket.distance(x, metric)) <= {3, 4, 5}
    with pytest.raises(pocket.Error, match="max_distance 2 is less than min_distance 5"):
        pocket.random_states(3, min_distance=5, max_distance=2)
    with pytest.raises(pocket.Error, match="not both"):
        pocket.random_states(3, distance=2, min_distance=1)


def test_random_states_are_uniform_within_a_class():
    # The 54 positions at distance 2 (HTM), 54,000 draws: a chi-square test at 1%.
    x = pocket.random_states(54_000, seed=7, distance=2)
    _, counts = np.unique(x, return_counts=True)
    assert len(counts) == 54
    chi2 = ((counts - 1000) ** 2 / 1000).sum()
    assert chi2 < 80.0, chi2  # 53 degrees of freedom: the 1% point is 79.8


def test_inverse_twice_is_the_identity_and_keeps_the_distance(idx):
    inv = pocket.inverse(idx)
    assert np.array_equal(pocket.inverse(inv), idx)
    for metric in ("htm", "qtm"):
        assert np.array_equal(pocket.distance(inv, metric), pocket.distance(idx, metric))
    # A move's inverse is its inverse move.
    assert pocket.inverse(pocket.step(0, 0)) == pocket.step(0, 1)


@pytest.mark.parametrize("metric,k", [("htm", 6), ("qtm", 6), ("one-way", 3)])
def test_symmetries_keep_distances_and_map_moves(idx, metric, k):
    sym = pocket.symmetries(idx, metric)
    assert sym.shape == (len(idx), k)
    assert np.array_equal(sym[:, 0], idx)
    d = pocket.distance(idx, metric)
    for s in range(k):
        assert np.array_equal(pocket.distance(sym[:, s], metric), d)
    moves = pocket.symmetry_moves(metric)
    n_moves = pocket.next_states(idx[:1], metric).shape[1]
    assert moves.shape == (k, n_moves)
    for m in range(n_moves):
        after = pocket.symmetries(pocket.step(idx, m, metric), metric)
        for s in range(k):
            assert np.array_equal(after[:, s], pocket.step(sym[:, s], moves[s, m], metric))


def test_symmetries_keep_the_distance_of_every_position():
    every = np.arange(pocket.POSITIONS, dtype=np.int32)
    d = pocket.distance(every)
    sym = pocket.symmetries(every)
    for s in range(6):
        assert np.array_equal(pocket.distance(sym[:, s]), d)


def test_py222_order_round_trips(idx):
    p = pocket.to_py222(idx)
    assert p.shape == (len(idx), 24)
    assert np.array_equal(pocket.from_py222(p), idx)
    assert list(pocket.to_py222(pocket.SOLVED)) == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4
    # py222's move R (its move 3) on its solved state, as its moveDefs row gives it.
    r = np.array([0, 9, 2, 11, 6, 4, 7, 5, 8, 13, 10, 15, 12, 22, 14, 20, 16, 17, 18, 19, 3, 21, 1, 23])
    solved = pocket.to_py222(0)
    assert pocket.from_py222(solved[r]) == pocket.step(0, 0)
