"""Gymnasium as its users expect (issue 64): the ids after `import pocket` and with
no import at all, make_vec's native vector envs, the 3x3x3 and any Puzzle, per-env
reset, max_episode_steps, ansi renders, rewards that match the distance, and
check_env for every env and observation form."""

import subprocess
import sys

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium", reason="gymnasium is not installed")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import pocket  # noqa: E402
from pocket.puzzle_gym import PuzzleVectorEnv  # noqa: E402


def test_ids_need_no_import_of_pocket_gym():
    code = "import gymnasium as g, pocket; print(g.make('pocket/PocketCube-v0').spec.max_episode_steps)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "50\n"
    code = "import gymnasium as g; e = g.make('pocket.gym:PocketCube-v0'); print(type(e.unwrapped).__name__)"
    assert "PocketCubeEnv" in subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                             check=True).stdout


@pytest.mark.parametrize("env_id", ["pocket/PocketCube-v0", "pocket/RubiksCube-v0"])
def test_make_vec_gives_the_native_vector_env(env_id):
    for mode in (None, "vector_entry_point"):
        v = gym.make_vec(env_id, 4, vectorization_mode=mode)
        assert "Vector" in type(v).__name__ and "Sync" not in type(v).__name__
    assert gym.spec(env_id).max_episode_steps in (50, 100)


@pytest.mark.parametrize("observation", ["one_hot", "rows"])
@pytest.mark.parametrize("env_id,kwargs", [("pocket/RubiksCube-v0", {}), ("pocket/Puzzle-v0", {"puzzle": "2x2x1"}),
                                           ("pocket/Puzzle-v0", {"puzzle": "2x2x2"})])
def test_check_env_passes(env_id, kwargs, observation):
    env = gym.make(env_id, observation=observation, **kwargs)
    check_env(env.unwrapped, skip_render_check=True)
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize("observation", ["one_hot", "index", "rows"])
def test_check_env_passes_for_the_pocket_cube(observation):
    check_env(gym.make("pocket/PocketCube-v0", observation=observation).unwrapped, skip_render_check=True)


def test_a_puzzle_object_and_its_steps():
    cube = pocket.Puzzle("3x3x3")
    env = gym.make("pocket/Puzzle-v0", puzzle=cube, observation="rows", scramble=1)
    obs, _ = env.reset(seed=2)
    solved = [a for a in range(18) if cube.is_solved(cube.step(obs, a))]
    assert len(solved) == 1
    obs, reward, terminated, truncated, _ = env.step(solved[0])
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert np.array_equal(obs, cube.solved)


def test_dense_returns_match_the_distance():
    """On an optimal path from distance d the return is -(d - 1)."""
    cube = pocket.Puzzle("2x2x2")
    env = gym.make("pocket/Puzzle-v0", puzzle=cube, observation="rows", uniform=True)
    for seed in range(10):
        obs, _ = env.reset(seed=seed)
        d = int(cube.distance(obs[None, :])[0])
        total, done = 0.0, False
        for name in cube.solve(obs).moves:
            obs, reward, done, _, _ = env.step(cube.moves.index(name))
            total += reward
        assert done and total == -(d - 1)


def test_per_env_reset_and_autoreset():
    v = PuzzleVectorEnv(6, puzzle="3x3x3", observation="rows", scramble=3, max_steps=2)
    obs, _ = v.reset(seed=3)
    before = obs.copy()
    mask = np.array([True, False, True, False, False, False])
    obs, _ = v.reset(options={"reset_mask": mask, "scramble": 0})
    assert (obs[mask] == v.config.puzzle.solved).all() and np.array_equal(obs[~mask], before[~mask])
    v.reset(seed=4)
    for _ in range(2):
        _, _, term, trunc, _ = v.step(np.zeros(6, int))
    assert (term | trunc).all()
    with pytest.raises(pocket.Error, match="unknown reset option 'distance'"):
        v.reset(options={"distance": 3})
    with pytest.raises(pocket.Error, match="reset_mask must be a bool array"):
        v.reset(options={"reset_mask": [1, 0]})


def test_ansi_renders():
    env = gym.make("pocket/RubiksCube-v0", render_mode="ansi", scramble=0)
    env.reset(seed=5)
    assert env.render() == "    UUU\n" * 3 + "LLL FFF RRR BBB\n" * 3 + "    DDD\n" * 3
    env = gym.make("pocket/PocketCube-v0", render_mode="ansi", distance=0)
    env.reset(seed=6)
    assert env.render() == "  UU\n  UU\nLLFFRRBB\nLLFFRRBB\n  DD\n  DD\n"
    v = gym.make_vec("pocket/PocketCube-v0", 2, vectorization_mode="vector_entry_point", render_mode="ansi")
    v.reset(seed=7)
    assert len(v.render()) == 2
