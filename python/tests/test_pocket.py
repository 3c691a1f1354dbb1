"""Tests of the Python package: answers against independent ones (the census, the
solver's lists of solutions, sequences applied), round trips, and every refusal with
the command line's message.

Run with `python/ci.sh` (a fresh venv and a release build), or `pytest python/tests`
in an environment where `maturin develop --release` installed the package.
"""

import os
import pathlib
import types
import shutil
import subprocess
import sys

import numpy as np
import pytest

import pocket

HARD = "UUUURLFBLRBFLLFFRRBBDDDD"  # the "Corner swap" pattern: 11 moves, 24 solutions
ALL = np.arange(pocket.POSITIONS)


# --- distances against the census ----------------------------------------------------


@pytest.mark.parametrize("metric", ["htm", "qtm", "one-way"])
def test_distance_of_every_position_matches_the_census(metric):
    counts = np.bincount(pocket.distance(ALL, metric))
    census = pocket.census(metric)
    assert sorted(census) == list(range(len(counts)))
    assert [census[d] for d in sorted(census)] == counts.tolist()
    assert sum(census.values()) == pocket.POSITIONS


def test_distance_of_rows_equals_distance_of_numbers():
    rows = pocket.from_index(ALL)
    assert rows.shape == (pocket.POSITIONS, 24) and rows.dtype == np.uint8
    assert np.array_equal(pocket.distance(rows), pocket.distance(ALL))
    assert np.array_equal(pocket.distance(rows, "qtm"), pocket.distance(ALL, "qtm"))


def test_census_is_gods_algorithm():
    assert pocket.census() == {
        0: 1, 1: 9, 2: 54, 3: 321, 4: 1847, 5: 9992, 6: 50136, 7: 227536,
        8: 870072, 9: 1887748, 10: 623800, 11: 2644,
    }
    assert max(pocket.census("qtm")) == 14
    assert max(pocket.census("one-way")) == 19


def test_single_states_give_scalars():
    assert pocket.distance(HARD) == 11
    assert pocket.distance(HARD, "qtm") == 13
    assert pocket.distance(pocket.SOLVED) == 0
    assert pocket.distance(0) == 0
    assert isinstance(pocket.distance(HARD), int)
    assert pocket.distance([HARD, pocket.SOLVED]).tolist() == [11, 0]


# --- optimal moves against all optimal solutions ---------------------------------------


@pytest.mark.parametrize("metric, moves", [("htm", pocket.MOVES), ("qtm", pocket.QTM_MOVES)])
def test_optimal_moves_are_the_first_moves_of_all_optimal_solutions(metric, moves):
    idx = pocket.random_states(300, seed=5)
    policy = pocket.optimal_moves(idx, metric)
    assert policy.shape == (300, len(moves)) and policy.dtype == np.bool_
    for row, x in enumerate(idx):
        firsts = {s.split()[0] for s in pocket.solve_all(int(x), metric) if s}
        # QTM solutions write a half turn X2 (two quarter turns): X and X' both start one.
        if metric == "qtm":
            firsts = {m for f in firsts for m in ([f[0], f[0] + "'"] if f[-1] == "2" else [f])}
        assert {moves[j] for j in np.flatnonzero(policy[row])} == firsts, int(x)


def test_optimal_moves_of_rows_strings_and_numbers_agree():
    idx = pocket.random_states(2000, seed=6)
    rows = pocket.from_index(idx)
    texts = ["".join(pocket.FACES[v] for v in r) for r in rows[:50]]
    by_number = pocket.optimal_moves(idx)
    assert np.array_equal(pocket.optimal_moves(rows), by_number)
    assert np.array_equal(pocket.optimal_moves(texts), by_number[:50])
    assert not pocket.optimal_moves(pocket.SOLVED).any()
    assert pocket.optimal_moves(HARD).tolist() == pocket.optimal_moves([HARD])[0].tolist()


def test_an_optimal_move_leads_one_closer_and_every_other_does_not():
    idx = pocket.random_states(20000, seed=7, min_distance=1)
    d = pocket.distance(idx)
    after = pocket.distance(pocket.next_states(idx).ravel()).reshape(-1, 9)
    policy = pocket.optimal_moves(idx)
    assert np.array_equal(policy, after == d[:, None] - 1)
    assert policy.any(axis=1).all()


# --- next states against apply --------------------------------------------------------


@pytest.mark.parametrize("metric, moves", [("htm", pocket.MOVES), ("qtm", pocket.QTM_MOVES)])
def test_next_states_are_each_move_applied(metric, moves):
    idx = pocket.random_states(500, seed=8)
    rows = pocket.from_index(idx)
    nxt_rows = pocket.next_states(rows, metric)
    nxt_idx = pocket.next_states(idx, metric)
    assert nxt_rows.shape == (500, len(moves), 24) and nxt_rows.dtype == np.uint8
    assert nxt_idx.shape == (500, len(moves)) and nxt_idx.dtype == np.int32
    for j, m in enumerate(moves):
        assert np.array_equal(nxt_rows[:, j], pocket.apply(rows, m))
        assert np.array_equal(nxt_idx[:, j], pocket.apply(idx, m))
    assert np.array_equal(pocket.to_index(nxt_rows.reshape(-1, 24)), nxt_idx.ravel())


def test_next_states_of_strings_keep_their_colours():
    given = "WWWWOOGGRRBBOOGGRRBBYYYY"
    after = pocket.next_states(given)
    assert len(after) == 9
    assert after[0] == pocket.apply(given, "R")
    assert set(after[0]) == set(given)
    assert pocket.next_states([given, given]) == [after, after]


def test_apply_to_strings_rows_and_numbers_agree():
    seq = "R U R' U' F2 (R U)3 x y' D L2 B"
    idx = pocket.random_states(300, seed=9)
    rows = pocket.from_index(idx)
    moved = pocket.apply(rows, seq)
    assert np.array_equal(pocket.to_index(moved), pocket.apply(idx, seq))
    text = pocket.from_index(int(idx[0]))
    assert pocket.apply(text, seq) == "".join(pocket.FACES[v] for v in moved[0])
    # A solution undoes the state.
    assert pocket.to_index(pocket.apply(HARD, pocket.solve(HARD))) == 0


def test_a_cube_held_another_way_keeps_its_distance():
    idx = pocket.random_states(1000, seed=10)
    rows = pocket.from_index(idx)
    for turn in ["x", "y", "z2", "x y'", "z' x2"]:
        assert np.array_equal(pocket.distance(pocket.apply(rows, turn)), pocket.distance(idx))


# --- round trips ----------------------------------------------------------------------


def test_index_round_trips():
    assert np.array_equal(pocket.to_index(pocket.from_index(ALL)), ALL)
    sample = ALL[::97]
    for layout in ["golf", "urfdlb"]:
        rows = pocket.from_index(sample, layout=layout)
        assert np.array_equal(pocket.to_index(rows, layout=layout), sample)
    assert pocket.from_index(0) == pocket.SOLVED
    assert pocket.from_index(0, layout="urfdlb") == "UUUURRRRFFFFDDDDLLLLBBBB"
    assert pocket.to_index(pocket.from_index(123456)) == 123456
    assert pocket.to_index(HARD) == pocket.to_index(pocket.from_index(pocket.to_index(HARD)))


def test_every_integer_type_and_form_is_read():
    sample = np.array([0, 1, 3674159])
    want = pocket.distance(sample).tolist()
    for dtype in [np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint32, np.uint64]:
        small = sample if np.iinfo(dtype).max >= 3674159 else sample[:2]
        assert pocket.distance(small.astype(dtype)).tolist() == want[: len(small)]
    assert pocket.distance([0, 1, 3674159]).tolist() == want
    assert pocket.distance(np.int64(1)) == want[1]
    rows = pocket.from_index(sample)
    assert pocket.distance(rows[0]) == want[0]  # one row
    assert pocket.distance(rows[:, ::-1][:, ::-1]).tolist() == want  # not contiguous
    assert pocket.distance(rows.tolist()).tolist() == want  # nested lists of ints


def test_spaces_and_scramble_lines_are_read_as_the_command_line_reads_them():
    assert pocket.to_index("UUUU LLFF RRBB LLFF RRBB DDDD") == 0
    line = "R U\t" + pocket.apply(pocket.SOLVED, "R U")
    assert pocket.to_index(line) == pocket.to_index(pocket.apply(pocket.SOLVED, "R U"))


def test_threads_give_the_same_answers():
    idx = pocket.random_states(100_000, seed=11)
    rows = pocket.from_index(idx)
    for f in [pocket.distance, pocket.optimal_moves, pocket.next_states, pocket.to_index]:
        one, two, three = (f(rows, threads=t) for t in (1, 2, 3))
        assert np.array_equal(one, two) and np.array_equal(one, three)
        assert np.array_equal(f(idx, threads=1), f(idx)) or f is pocket.next_states


# --- solving, scrambles ---------------------------------------------------------------


def test_solve_answers_as_the_command_line():
    assert pocket.solve(HARD) == "R U' R' U' F2 U' R U R' U F2"
    assert pocket.count(HARD) == 24 == len(pocket.solve_all(HARD))
    assert pocket.solve_all(HARD)[0] == pocket.solve(HARD)
    assert pocket.solve(pocket.SOLVED) == ""
    assert pocket.solve("UUUDLLFRFRBBLLFRFRBBDUDD", cost="F=2,F2=3,R2=1.5") == (
        "R U2 R U2 R F R U2 R2 U F"
    )
    for metric in ["htm", "qtm", "one-way"]:
        for x in pocket.random_states(20, seed=12):
            s = pocket.solve(int(x), metric)
            assert pocket.apply(int(x), s) == 0
            assert len(s.split()) <= pocket.distance(int(x), metric)
            assert pocket.count(int(x), metric) == len(pocket.solve_all(int(x), metric))
    assert pocket.solve(pocket.from_index(5)) == pocket.solve(5)


def test_scrambles_are_the_command_lines():
    # `pocket scramble -n 3 --seed 1`
    assert pocket.scramble(3, seed=1) == [
        ("U' R2 U F2 U F U2 F' R2 U R'", "RRUDFLFFLBUULULDRDFBBBDR"),
        ("U R' F2 R U' F R' F R2 U' F2", "UBBURRDLFURFLFRDLBUBDFDL"),
        ("U2 R' U F' R' F U' F2 U' F2 R", "BUUFDRBDRLFRLURFDLBBFLDU"),
    ]
    for seq, state in pocket.scramble(20, seed=2, min_distance=9, optimal=True):
        assert pocket.distance(state) >= 9 and len(seq.split()) == pocket.distance(state)
        assert pocket.apply(pocket.SOLVED, seq) == state


def test_scrambles_of_a_case_set_are_the_command_lines():
    # `pocket scramble -n 2 --seed 4 --set cll`: only first-layer-solved positions.
    lines = pocket.scramble(2, seed=4, set="cll")
    assert all(state.endswith("LLFFRRBBDDDD") for _, state in lines)
    goal = pocket.scramble(3, seed=4, goal="UUUU........LLFFRRBBDDDD", min_distance=0)
    assert all(state.startswith("UUUU") for _, state in goal)
    with pytest.raises(ValueError, match="unknown case set 'oll'"):
        pocket.scramble(set="oll")
    with pytest.raises(ValueError, match="choose set or goal"):
        pocket.scramble(set="cll", goal="UUUU........LLFFRRBBDDDD")


def test_random_states_are_uniform_and_far_enough():
    a = pocket.random_states(200_000, seed=3)
    assert np.array_equal(a, pocket.random_states(200_000, seed=3))
    assert a.dtype == np.int32 and a.min() >= 0 and a.max() < pocket.POSITIONS
    share = np.bincount(pocket.distance(a), minlength=12) / len(a)
    census = pocket.census()
    expected = np.array([census[d] for d in range(12)]) / pocket.POSITIONS
    assert np.abs(share - expected).max() < 0.005
    far = pocket.random_states(1000, seed=4, min_distance=10)
    assert pocket.distance(far).min() >= 10


# --- refusals -------------------------------------------------------------------------

# Each bad state with the line `pocket solve STATE` prints for it (after `error: `).
BAD_STATES = [
    ("UUUU", "expected 24 stickers, got 4 characters"),
    ("UUUULLFFRRBBLLFFRRBBDDDDD", "expected 24 stickers, got 25 characters"),
    (
        "UUUULLFFRRBBLLFFRRBBDDDX",
        "expected 6 colours, found 7: 'U' 'L' 'F' 'R' 'B' 'D' 'X' ('X' is only on 1 sticker: X)",
    ),
    ("UUUULLFFRRBBLLFFRRBBDDDU", "colour 'U' is on 5 stickers (A B C D X), expected 4; 'D' is on 3"),
    (
        "UUUULFLFRRBBLLFFRRBBDDDD",
        "corner UFL at C F G ('U' 'F' 'L'): no corner of this cube has these colours in this order",
    ),
    (
        "LUUUULFFRRBBLLFFRRBBDDDD",
        "corner UBL at A E L ('L' 'U' 'B'): its colours are in mirror order",
    ),
    (
        "UUUULLFFRRBBLLFFRRBBDDD\x01",
        "control character U+0001 at position 24 (sticker X, D bottom-right) is not a "
        "printable ASCII colour",
    ),
]


@pytest.mark.parametrize("state, message", BAD_STATES)
def test_a_bad_state_gets_the_command_lines_message(state, message):
    with pytest.raises(pocket.Error) as e:
        pocket.distance(state)
    assert str(e.value) == message and e.value.row is None
    with pytest.raises(pocket.Error) as e:
        pocket.solve(state)
    assert str(e.value) == message
    with pytest.raises(pocket.Error) as e:
        pocket.optimal_moves([HARD, HARD, state])
    assert str(e.value) == f"row 2: {message}" and e.value.row == 2


def test_messages_name_positions_in_the_layout():
    with pytest.raises(pocket.Error, match=r"^expected 6 colours, found 7: .*sticker: B4\)$"):
        pocket.to_index("UUUURRRRFFFFDDDDLLLLBBBX", layout="urfdlb")


def _cli():
    """The command-line program, if built: POCKET_BIN, or the top crate's target."""
    top = pathlib.Path(__file__).resolve().parents[2]
    for path in [os.environ.get("POCKET_BIN")] + [
        str(top / "target" / p / "pocket") for p in ("release", "debug")
    ]:
        if path and shutil.which(path):
            return path
    return None


@pytest.mark.skipif(_cli() is None, reason="the pocket program is not built (cargo build)")
def test_messages_equal_the_programs_own():
    states = [s for s, _ in BAD_STATES if "\x01" not in s]
    out = subprocess.run([_cli(), "solve", *states], capture_output=True, text=True).stdout
    lines = out.splitlines()
    for state, line in zip(states, lines):
        with pytest.raises(pocket.Error) as e:
            pocket.distance(state)
        assert line == f"error: {e.value}"
    out = subprocess.run(
        [_cli(), "solve", "--moves", "R U Q"], capture_output=True, text=True
    ).stdout
    with pytest.raises(pocket.Error) as e:
        pocket.apply(HARD, "R U Q")
    assert out.strip() == f"error: {e.value}"


def test_bad_rows_are_named_with_their_row():
    rows = pocket.from_index(np.arange(5))
    rows[3, 7] = 9
    with pytest.raises(pocket.Error) as e:
        pocket.distance(rows)
    assert str(e.value) == (
        "row 3: value 9 at column 7 (sticker H) is not a face number (0 to 5 for U L F R B D)"
    )
    rows[3, 7] = (rows[3, 7] + 1) % 6
    with pytest.raises(pocket.Error, match=r"^row 3: colour '.' is on [35] stickers \("):
        pocket.next_states(rows)
    with pytest.raises(pocket.Error) as e:
        pocket.distance(np.array([0, 5, -1, 3674160]))
    assert str(e.value) == "row 2: -1 is not a position number (0 to 3,674,159)"
    with pytest.raises(pocket.Error, match=r"^3674160 is not a position number"):
        pocket.from_index(3674160)


def test_a_mask_marks_bad_rows_instead():
    rows = pocket.from_index(np.arange(4))
    rows[1] = rows[1, ::-1]
    d = pocket.distance(rows, errors="mask")
    assert d[1] == -1 and (d[[0, 2, 3]] >= 0).all()
    assert not pocket.optimal_moves(rows, errors="mask")[1].any()
    assert (pocket.next_states(rows, errors="mask")[1] == 255).all()
    assert (pocket.next_states(np.array([0, -4]), errors="mask")[1] == -1).all()
    assert pocket.to_index(["UUUU", pocket.SOLVED], errors="mask").tolist() == [-1, 0]
    assert pocket.apply(["UUUU", pocket.SOLVED], "R", errors="mask")[0] is None


@pytest.mark.parametrize(
    "states, message",
    [
        (np.zeros((3, 24), np.float32), r"got an array of float32 \(3, 24\)$"),
        (np.zeros((3, 24), np.int64), r"face rows are uint8: use \.astype\(numpy\.uint8\)"),
        (np.zeros((3, 23), np.uint8), r"shape \(n, 24\) or \(24,\), got \(3, 23\)"),
        (np.zeros((2, 3, 24), np.uint8), r"got \(2, 3, 24\)"),
        (np.zeros(5, np.uint8), r"got \(5,\)"),
        (True, r"not a bool"),
        (None, r"^states must be a str, a list of str"),
        ([HARD, 3], r"^row 1: a list of states holds str only, not int"),
        (1.5, r"got an array of float64 \(\)$"),
    ],
)
def test_bad_types_and_shapes_are_refused_clearly(states, message):
    with pytest.raises(pocket.Error, match=message):
        pocket.distance(states)


def test_bad_options_are_refused_with_the_command_lines_message():
    cases = [
        (lambda: pocket.distance(HARD, "foo"), "unknown metric 'foo' (expected htm, qtm or one-way)"),
        (lambda: pocket.distance(HARD, layout="foo"), "unknown layout 'foo' (expected golf or urfdlb)"),
        (lambda: pocket.distance(HARD, errors="ignore"), "unknown errors mode 'ignore' (expected raise or mask)"),
        (lambda: pocket.distance(ALL, threads=0), "threads must be at least 1 (None: every core)"),
        (lambda: pocket.distance(ALL, threads=-2), "threads must be at least 1 (None: every core)"),
        (lambda: pocket.apply(HARD, "R U Q"), "'Q' (not a move: U D L R F B x y z) at character 5"),
        (
            lambda: pocket.solve(HARD, cost="Q=1"),
            "bad cost: unknown move 'Q' (expected R R' R2 U U' U2 F F' F2, or R U F for a whole face)",
        ),
        (lambda: pocket.solve(HARD, "qtm", cost="R=1"), "cost replaces metric: give one of them"),
        (lambda: pocket.solve([HARD]), "solve, solve_all and count take one state (a str, an int or a (24,) row); use distance and optimal_moves for batches"),
        (lambda: pocket.scramble(min_distance=12), "min_distance 12 is more than the largest distance (11)"),
        (lambda: pocket.scramble(length=3, optimal=True), "choose length or optimal, not both"),
        (lambda: pocket.scramble(length=1001), "length is at most 1000"),
        (lambda: pocket.random_states(3, min_distance=15, metric="qtm"), "min_distance 15 is more than the largest distance (14)"),
        (lambda: pocket.from_index(HARD), "from_index takes position numbers: an int or an integer array (n,)"),
    ]
    for call, message in cases:
        with pytest.raises(pocket.Error) as e:
            call()
        assert str(e.value) == message


def test_a_kept_weighted_plan_still_refuses_a_metric():
    # Found while routing solve through the library's plan: the plan of the costs
    # last asked for is kept, and a metric given with the same costs afterwards was
    # answered from it instead of being refused.
    assert pocket.solve(HARD, cost="R=2") == pocket.solve(HARD, cost="R=2")
    with pytest.raises(pocket.Error, match="cost replaces metric"):
        pocket.solve(HARD, "qtm", cost="R=2")


def test_sticker_permutations_are_numpys_next_states():
    rows = pocket.from_index(pocket.random_states(1000, seed=13))
    perm = np.array(pocket.STICKER_PERMUTATIONS)
    assert perm.shape == (9, 24)
    assert np.array_equal(rows[:, perm], pocket.next_states(rows))


def test_a_fresh_process_answers_small_batches_before_building_the_table():
    # In a fresh process a small HTM batch walks down the built-in table mod 3, and a
    # few QTM and one-way states are searched; the answers must be those of the full
    # tables, built after.
    code = """
import numpy as np, pocket
idx = pocket.random_states(3000, seed=14)
first = [pocket.distance(idx), pocket.optimal_moves(idx[:500]), pocket.distance(pocket.SOLVED)]
for metric in ["qtm", "one-way"]:
    first += [pocket.distance(idx[:50], metric), pocket.optimal_moves(idx[:5], metric)]
pocket.distance(np.arange(pocket.POSITIONS))  # builds the tables
then = [pocket.distance(idx), pocket.optimal_moves(idx[:500]), pocket.distance(pocket.SOLVED)]
for metric in ["qtm", "one-way"]:
    pocket.distance(np.arange(pocket.POSITIONS), metric)
    then += [pocket.distance(idx[:50], metric), pocket.optimal_moves(idx[:5], metric)]
print([np.array_equal(a, b) for a, b in zip(first, then)])
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == str([True] * 7), out.stderr


def test_the_readmes_value_network_trains():
    # Issue 38: the "train a value network" example, as written.
    text = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = text.split("## Train a value network", 1)[1]
    block = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "README.md", "exec"), {})


def test_the_readme_example_runs():
    text = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(block.strip().splitlines()) <= 11
    exec(compile(block, "README.md", "exec"), {})


def test_empty_batches_give_empty_answers():
    assert pocket.distance(np.zeros((0, 24), np.uint8)).shape == (0,)
    assert pocket.optimal_moves(np.zeros(0, np.int32)).shape == (0, 9)
    assert pocket.next_states(np.zeros((0, 24), np.uint8)).shape == (0, 9, 24)
    assert pocket.distance([]).shape == (0,)
    assert pocket.next_states([]) == []


def test_other_byte_orders_are_read():
    assert pocket.distance(np.array([0, 5, 3674159], dtype=">i4")).tolist() == pocket.distance(
        [0, 5, 3674159]
    ).tolist()


def test_threads_of_python_share_the_tables():
    # A fresh process: four threads ask for the QTM table at once; it is built once,
    # while the GIL is released, and all get the same answers.
    code = """
import concurrent.futures, numpy as np, pocket
idx = pocket.random_states(200_000, seed=15)
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    got = list(pool.map(lambda k: pocket.distance(idx, "qtm"), range(4)))
print(all(np.array_equal(g, got[0]) for g in got), np.bincount(got[0]).argmax())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.split() == ["True", "11"], out.stderr


def test_the_stub_names_everything_the_module_has():
    import re

    stub = (pathlib.Path(__file__).resolve().parents[1] / "pysrc" / "pocket" / "__init__.pyi").read_text()
    named = set(re.findall(r"^def (\w+)", stub, re.M)) | set(
        re.findall(r"^([A-Za-z_]\w*): ", stub, re.M)
    ) | set(re.findall(r"^class (\w+)", stub, re.M)) | set(re.findall(r"^from \S+ import \w+ as (\w+)", stub, re.M))
    # (the package holds the extension as its submodule `_pocket`, and its Python
    # modules: gym, puzzle, puzzle_gym, search and bench, the last two named)
    modules = {n for n in dir(pocket) if isinstance(getattr(pocket, n), types.ModuleType)} - {"search", "bench"}
    public = {n for n in dir(pocket) if not n.startswith("_")} - modules | {"__version__"}
    assert named - {"States"} == public


def test_kociembas_layout_moves_as_the_net_does():
    idx = pocket.random_states(200, seed=16)
    after = pocket.next_states(idx)
    rows = pocket.from_index(idx, layout="urfdlb")
    moved = pocket.next_states(rows, layout="urfdlb")
    assert np.array_equal(pocket.to_index(moved.reshape(-1, 24), layout="urfdlb"), after.ravel())
    text = pocket.from_index(int(idx[0]), layout="urfdlb")
    assert [pocket.to_index(s, layout="urfdlb") for s in pocket.next_states(text, layout="urfdlb")] == after[0].tolist()
    assert pocket.to_index(pocket.apply(text, "R U", layout="urfdlb"), layout="urfdlb") == pocket.apply(int(idx[0]), "R U")


def test_solving_from_many_python_threads_at_once():
    import concurrent.futures

    states = [int(x) for x in pocket.random_states(40, seed=17)]
    specs = ["F=2,F2=3,R2=1.5", "U2=1.4"]
    want = [pocket.solve(x, cost=specs[k % 2]) for k, x in enumerate(states)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda kx: pocket.solve(kx[1], cost=specs[kx[0] % 2]), enumerate(states)))
        qtm = list(pool.map(lambda x: pocket.solve(x, "qtm"), states))
    assert got == want
    assert qtm == [pocket.solve(x, "qtm") for x in states]
