"""Issue 38: the Gymnasium environments: check_env, optimal rollouts that end
terminated in exactly the distance, reproducible seeds, the vector env against the
single one."""
import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")

import pocket
import pocket.gym as pg
from gymnasium.utils.env_checker import check_env


@pytest.mark.parametrize("observation", ["one_hot", "index", "rows"])
@pytest.mark.parametrize("metric", ["htm", "qtm", "one-way"])
def test_check_env_passes(observation, metric):
    check_env(pg.PocketCubeEnv(observation=observation, metric=metric), skip_render_check=True)


def optimal_action(state, metric):
    return int(np.argmax(pocket.optimal_moves(state, metric)))


@pytest.mark.parametrize("metric", ["htm", "qtm"])
def test_an_optimal_rollout_ends_terminated_in_exactly_the_distance(metric):
    env = gymnasium.make("pocket/PocketCube-v0", metric=metric, info_distance=True)
    for k in range(1, 12 if metric == "htm" else 15):
        _, info = env.reset(seed=k, options={"distance": k})
        assert info["distance"] == k
        steps, total = 0, 0.0
        while True:
            _, reward, terminated, truncated, info = env.step(optimal_action(env.unwrapped.state, metric))
            steps += 1
            total += reward
            if terminated or truncated:
                break
        assert terminated and not truncated and steps == k and info["distance"] == 0
        assert total == -(k - 1)


def test_seeds_reproduce_and_options_draw():
    a = [pg.PocketCubeEnv(observation="index").reset(seed=5)[0] for _ in range(2)]
    assert a[0] == a[1]
    env = pg.PocketCubeEnv(observation="index", scramble=3)
    state, _ = env.reset(seed=1)
    assert 1 <= pocket.distance(state) <= 3
    env = pg.PocketCubeEnv(observation="index", min_distance=9, max_distance=10, max_steps=2, reward="sparse")
    state, _ = env.reset(seed=2)
    assert pocket.distance(state) in (9, 10)
    env.step(0)
    _, reward, terminated, truncated, _ = env.step(0)
    assert (reward, terminated, truncated) == (0.0, False, True)
    with pytest.raises(pocket.Error, match="unknown observation 'pixels'"):
        pg.PocketCubeEnv(observation="pixels")


def test_the_vector_env_steps_as_the_single_ones_do():
    n = 64
    venv = pg.PocketCubeVectorEnv(num_envs=n, observation="index", distance=2, max_steps=3)
    obs, _ = venv.reset(seed=4)
    assert np.array_equal(obs, venv.states) and (pocket.distance(obs) == 2).all()
    acts = np.array([optimal_action(int(s), "htm") for s in venv.states])
    obs, reward, terminated, truncated, _ = venv.step(acts)
    assert (pocket.distance(obs) == 1).all() and (reward == -1).all() and not terminated.any()
    acts = np.array([optimal_action(int(s), "htm") for s in venv.states])
    obs, reward, terminated, truncated, _ = venv.step(acts)
    assert terminated.all() and (reward == 0).all() and (obs == 0).all()
    # Next-step autoreset: the ended environments start again at distance 2.
    obs, reward, terminated, truncated, _ = venv.step(np.zeros(n, int))
    assert (pocket.distance(obs) == 2).all() and (reward == 0).all() and not terminated.any()
    v = gymnasium.make_vec("pocket/PocketCubeVector-v0", num_envs=4, vectorization_mode="vector_entry_point")
    assert v.reset(seed=0)[0].shape == (4, 24, 6)


@pytest.mark.parametrize("reward", ["dense", "sparse"])
def test_the_one_call_step_is_the_general_step(reward):
    # Issue 38: the vector env's step became one call into Rust; the numpy step it
    # replaced stays as the path for other action types, and both must agree step for
    # step (solves, truncations and restarts drawn from the same generator).
    one = pg.PocketCubeVectorEnv(num_envs=64, observation="index", distance=2, max_steps=4, reward=reward)
    two = pg.PocketCubeVectorEnv(num_envs=64, observation="index", distance=2, max_steps=4, reward=reward)
    a, b = one.reset(seed=5), two.reset(seed=5)
    assert np.array_equal(a[0], b[0])
    rng = np.random.default_rng(6)
    ended = 0
    for k in range(60):
        acts = rng.integers(0, 9, 64)
        # int32 actions take the general path; int64 the one call.
        x = one.step(acts)
        y = two.step(acts.astype(np.int32)) if k % 2 else two._step_checked(acts)
        for u, v in zip(x[:4], y[:4]):
            assert np.array_equal(u, v), k
        ended += int((x[2] | x[3]).sum())
    assert ended > 50
    assert np.array_equal(one.states, two.states) and np.array_equal(one.steps, two.steps)


def test_a_read_only_or_shared_array_takes_the_general_step():
    # The one call borrows the env's arrays to write them; a borrow it cannot have
    # (the states given as the actions, a read-only array) is the general path's,
    # never a panic.
    env = pg.PocketCubeVectorEnv(num_envs=8, observation="index", distance=3)
    env.reset(seed=1)
    env.states = env.states.astype(np.int32) % 9
    obs, *_ = env.step(env.states.astype(np.int64))
    assert obs.shape == (8,)
    frozen = np.zeros(8, np.int32)
    frozen.flags.writeable = False
    env.states = frozen
    obs, *_ = env.step(np.zeros(8, np.int64))
    assert obs.shape == (8,)
    got = pocket._vector_step(frozen, np.zeros(8, np.int64), env.steps, env._ended, "htm", 5, False)
    assert got is None
    # States of another type, and the states given as the actions (int64 both).
    env.states = np.zeros(8, np.int64)
    obs, *_ = env.step(env.states)
    assert obs.shape == (8,)
    same = np.zeros(8, np.int64)
    states = np.zeros(8, np.int32)
    assert pocket._vector_step(states, same, same, env._ended, "htm", 5, False) is None


def test_make_vec_gives_the_native_vector_env_for_either_id():
    # Issue 64: make_vec of PocketCube-v0 built a SyncVectorEnv (1,000-2,000 times
    # slower), and of PocketCubeVector-v0 failed with "entry_point not specified".
    for env_id in ("pocket/PocketCube-v0", "pocket/PocketCubeVector-v0"):
        v = gymnasium.make_vec(env_id, 16, metric="qtm")
        assert type(v).__name__ == "PocketCubeVectorEnv", env_id
        assert v.num_envs == 16 and v.config.metric == "qtm"
        obs, _ = v.reset(seed=3)
        assert obs.shape == (16, 24, 6)
        assert type(gymnasium.make(env_id).unwrapped).__name__ == "PocketCubeEnv"


def test_a_reset_mask_resets_only_the_envs_it_marks():
    # Issue 64: the vector env had no per-env reset.
    v = gymnasium.make_vec("pocket/PocketCube-v0", 6, observation="index")
    v.reset(seed=5)
    v.step(np.zeros(6, np.int64))
    before, steps = v.states.copy(), v.steps.copy()
    mask = np.array([True, False, True, False, False, False])
    obs, _ = v.reset(options={"reset_mask": mask, "distance": 11})
    assert np.array_equal(v.states[~mask], before[~mask])
    assert np.array_equal(v.steps[~mask], steps[~mask]) and (v.steps[mask] == 0).all()
    assert (pocket.distance(v.states[mask]) == 11).all()
    assert np.array_equal(obs, v.states)
    for bad in (np.ones(5, bool), np.ones(6, int), [1, 0, 1, 0, 0, 0]):
        with pytest.raises(pocket.Error, match=r"reset_mask must be a bool array of shape \(6,\)"):
            v.reset(options={"reset_mask": bad})
    with pytest.raises(pocket.Error, match="unknown reset option 'reset_mask'"):
        pocket.gym.PocketCubeEnv().reset(options={"reset_mask": mask})
