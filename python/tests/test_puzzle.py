"""pocket.Puzzle: every built-in puzzle and definition files, its batch calls checked
against numpy's own gathers and the package's 2x2x2, random states and walks, the
one-hot forms, solve within a budget, and every refusal (issue 64)."""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pocket
from pocket import Puzzle

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "puzzles"
FILES = ["corners7.tws", "twist3.tws", "tiny.json", "skewb.txt", "pyraminx.txt"]


def all_puzzles():
    return [Puzzle(n) for n in Puzzle.names()] + [Puzzle.from_file(FIXTURES / f) for f in FILES]


def gathered(p, states, actions):
    """numpy's answer: each row gathered by its action's permutation."""
    perms = p.permutations
    return np.take_along_axis(states, perms[actions], axis=1)


def test_names_and_shapes():
    assert Puzzle.names()[0] == "2x2x2" and "3x3x3" in Puzzle.names()
    c = Puzzle("3x3x3")
    assert (c.width, c.colours, len(c.moves)) == (54, "URFDLB", 18)
    assert c.solved.dtype == np.uint8 and c.text(c.solved) == "U" * 9 + "R" * 9 + "F" * 9 + "D" * 9 + "L" * 9 + "B" * 9
    assert c.uniform_random_states and Puzzle("2x2x2").uniform_random_states
    assert not Puzzle("2x2x1").uniform_random_states


@pytest.mark.parametrize("p", all_puzzles(), ids=lambda p: p.name)
def test_step_is_numpy_gather_and_inverse_undoes(p):
    rng = np.random.default_rng(1)
    states = p.random_states(500, seed=2)
    actions = rng.integers(0, len(p.moves), len(states))
    moved = p.step(states, actions)
    assert np.array_equal(moved, gathered(p, states, actions))
    inverse = p.inverse_moves[actions]
    if (inverse >= 0).all():
        assert np.array_equal(p.step(moved, inverse), states)
    nexts = p.next_states(states[:50])
    assert nexts.shape == (50, len(p.moves), p.width)
    for a in range(len(p.moves)):
        assert np.array_equal(nexts[:, a], p.step(states[:50], a))


def test_step_in_place_and_out():
    c = Puzzle("3x3x3")
    states = c.random_states(100, seed=3)
    want = c.step(states, 4)
    out = np.empty_like(states)
    assert c.step(states, 4, out=out) is out and np.array_equal(out, want)
    copy = states.copy()
    c.step(copy, 4, out=copy)
    assert np.array_equal(copy, want)


def test_scalar_kernel_gives_the_same_rows():
    """The AVX-512 path and the scalar one (POCKET_NO_SIMD=1) answer alike."""
    code = ("import pocket, numpy as np, hashlib; c = pocket.Puzzle('3x3x3'); s = c.random_states(300, seed=1);"
            "w, t = c.random_walks(300, 40, seed=2); n = c.next_states(s); a = c.step(s, np.arange(300) % 18);"
            "print(c.kernel, hashlib.sha256(s.tobytes() + w.tobytes() + n.tobytes() + a.tobytes()).hexdigest())")
    runs = [subprocess.run([sys.executable, "-c", code], env={**os.environ, **extra}, capture_output=True,
                           text=True, check=True).stdout.split() for extra in ({}, {"POCKET_NO_SIMD": "1"})]
    assert runs[1][0] == "scalar"
    assert runs[0][1] == runs[1][1]


def test_the_2x2x2_is_the_package_cube():
    p = Puzzle("2x2x2")
    idx = pocket.random_states(2000, seed=4)
    rows = pocket.from_index(idx)
    assert np.array_equal(p.next_states(rows), pocket.next_states(rows))
    assert np.array_equal(p.to_index(rows), idx)
    assert np.array_equal(p.distance(rows), pocket.distance(idx))
    assert p.moves == tuple(pocket.MOVES)
    drawn = p.random_states(100_000, seed=5)
    share = np.bincount(p.distance(drawn), minlength=12) / len(drawn)
    census = np.array(list(pocket.census().values())) / pocket.POSITIONS
    assert np.abs(share - census).max() < 0.01
    found = p.solve(drawn[0])
    assert len(found.moves) == p.distance(drawn[0]) and p.is_solved(p.apply(drawn[0], " ".join(found.moves)))


def test_exact_answers_are_refused_past_the_2x2x2():
    with pytest.raises(pocket.Error, match="2x2x2 only"):
        Puzzle("3x3x3").distance(Puzzle("3x3x3").solved)


def test_uniform_3x3x3_states_are_cubes():
    """Every drawn state is a cube (Reid's reading of it checks twists, flips and
    parity): a budget of one node answers None, never an error."""
    c = Puzzle("3x3x3")
    states = c.random_states(200, seed=6)
    assert len({s.tobytes() for s in states}) == 200
    for s in states[:200]:
        assert c.solve(s, max_nodes=1).moves is None
    bad = c.solved.copy()
    bad[[0, 2]] = bad[[2, 0]]
    bad[8], bad[9] = bad[9], bad[8]
    with pytest.raises(pocket.Error):
        c.solve(bad, max_nodes=1)


def test_random_walks_are_deepcubea_s_generator():
    c = Puzzle("3x3x3")
    states, taken = c.random_walks(20_000, 30, seed=7)
    assert taken.dtype == np.int32 and taken.min() == 0 and taken.max() == 30
    counts = np.bincount(taken, minlength=31)
    assert counts.min() > 400
    assert c.is_solved(states[taken == 0]).all() and not c.is_solved(states[taken == 1]).any()
    again = c.random_walks(20_000, 30, seed=7, threads=1)
    assert np.array_equal(again[0], states) and np.array_equal(again[1], taken)
    exact, k = c.random_walks(100, 5, seed=8, min_moves=5)
    assert (k == 5).all()
    p = Puzzle("2x2x2")
    rows, k = p.random_walks(2000, 6, seed=9)
    assert (p.distance(rows) <= k).all()


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "uint8", "bool", "int8"])
def test_one_hot_forms(dtype):
    c = Puzzle("3x3x3")
    states = c.random_states(64, seed=10)
    x = c.one_hot(states, dtype)
    assert x.shape == (64, 54, 6) and x.dtype == np.dtype(dtype)
    assert np.array_equal(x.astype(np.float32).argmax(axis=2), states)
    assert (x.astype(np.float32).sum(axis=2) == 1).all()
    out = np.full_like(x, 7)
    assert c.one_hot(states, dtype, out=out) is out and np.array_equal(out, x)
    # With no dtype, out's (a newcomer's review: it was float32, and refused out).
    out = np.full_like(x, 7)
    assert c.one_hot(states, out=out) is out and np.array_equal(out, x)


def test_one_hot_bfloat16():
    ml_dtypes = pytest.importorskip("ml_dtypes", reason="ml_dtypes is not installed")
    c = Puzzle("3x3x3")
    x = c.one_hot(c.solved[None, :], ml_dtypes.bfloat16)
    assert x.dtype == ml_dtypes.bfloat16 and np.array_equal(x.astype(np.float32).argmax(axis=2)[0], c.solved)


def test_apply_and_solve_the_3x3x3():
    c = Puzzle("3x3x3")
    sexy = c.apply(c.solved, "R U R' U'")
    assert not c.is_solved(sexy)
    assert c.is_solved(c.apply(c.solved, " ".join(["R U R' U'"] * 6)))
    scrambled = c.apply(c.solved, "R U2 F' L D B2")
    found = c.solve(scrambled, seconds=120)
    assert found.moves is not None and len(found.moves) <= 6
    assert c.is_solved(c.apply(scrambled, " ".join(found.moves)))
    assert c.solve(c.text(scrambled)).moves == found.moves
    assert c.solve(c.solved).moves == []


def test_solve_within_a_node_budget():
    c = Puzzle("3x3x3")
    deep = c.random_states(1, seed=11)[0]
    spent = c.solve(deep, max_nodes=100_000)
    assert spent.moves is None and spent.nodes >= 100_000


def test_definition_files_solve():
    for name in ("corners7.tws", "tiny.json", "skewb.txt"):
        p = Puzzle.from_file(FIXTURES / name)
        s = p.random_states(1, seed=12)[0]
        found = p.solve(s, seconds=60)
        assert found.moves is not None and p.is_solved(p.apply(s, " ".join(found.moves)))


def test_refusals():
    c = Puzzle("3x3x3")
    with pytest.raises(pocket.Error, match="no built-in puzzle 'megaminx'"):
        Puzzle("megaminx")
    with pytest.raises(pocket.Error, match="no definition file"):
        Puzzle.from_file("/nonexistent.tws")
    with pytest.raises(pocket.Error, match=r"rows of 54 stickers, shape \(54,\) or \(n, 54\), not \(3, 24\)"):
        c.step(np.zeros((3, 24), np.uint8), 0)
    with pytest.raises(pocket.Error, match="row 1: action 18 is not a move number"):
        c.step(np.zeros((2, 54), np.uint8), [0, 18])
    with pytest.raises(TypeError, match="actions must be move numbers"):
        c.step(c.solved, 1.5)
    with pytest.raises(pocket.Error, match="has no move 'M'"):
        c.apply(c.solved, "R M")
    with pytest.raises(pocket.Error, match="sticker 3 is 9, and 3x3x3 has 6 colours"):
        bad = c.solved.copy()
        bad[3] = 9
        c.one_hot(bad)
    with pytest.raises(pocket.Error, match="a sticker is -1"):
        c.step(np.full((1, 54), -1), 0)
    with pytest.raises(TypeError, match=r"out must be a numpy array of shape \(54,\) and dtype uint8, not uint8 \(10,\)"):
        c.step(c.solved, 0, out=np.zeros(10, np.uint8))
    with pytest.raises(pocket.Error, match="sticker 0 is 'X'"):
        c.state("X" * 54)
    with pytest.raises(pocket.Error, match="seconds must be"):
        c.solve(c.solved, seconds=-1)


def test_ida_within_a_node_budget():
    p = Puzzle.from_file(FIXTURES / "pyraminx.txt")
    s = p.random_states(1, seed=13)[0]
    assert p.solve(s, max_nodes=1).moves is None
    found = p.solve(s)
    assert found.moves is not None and p.is_solved(p.apply(s, " ".join(found.moves)))
