"""Gymnasium environments of the 2x2x2 cube, stepped in Rust.

``PocketCubeEnv`` is a ``gymnasium.Env``; ``PocketCubeVectorEnv`` a
``gymnasium.vector.VectorEnv`` that steps all its environments in one call into Rust.
Both are registered (``pocket/PocketCube-v0``, ``pocket/PocketCubeVector-v0``, and
``pocket/RubiksCube-v0``, ``pocket/Puzzle-v0`` of ``pocket.puzzle_gym``) by ``import
pocket`` when Gymnasium is installed, and when this module is imported:
``gymnasium.make("pocket.gym:PocketCube-v0")`` needs no import at all. (The package
also declares Gymnasium's plugin entry point, which Gymnasium 1.4 does not load by
itself.) Each id makes one environment with ``gymnasium.make`` (in a TimeLimit of
the registered ``max_episode_steps``, 50 here, 100 for the puzzles) and the native
vector env with ``gymnasium.make_vec``.

Options (keyword arguments of both):

- ``metric``: ``"htm"`` (9 actions, ``pocket.MOVES``), ``"qtm"`` (6) or ``"one-way"`` (3).
- ``observation``: ``"one_hot"`` (float32 (24, 6), the default), ``"index"`` (the
  position number) or ``"rows"`` (uint8 (24,) face numbers), as ``pocket.from_index``.
- how ``reset`` draws its state: ``distance=k`` (uniform at exactly k),
  ``min_distance``/``max_distance`` (uniform in the range), ``scramble=k`` (k random
  moves, no face twice in a row; k from 0 to ``MAX_SCRAMBLE``, 1,000), or by default
  uniform over all positions but the solved one. ``reset(options=...)`` overrides the
  draw for one episode with the keys ``distance``, ``min_distance``,
  ``max_distance``, ``scramble`` or ``state`` (a position); any other key is refused.
  The vector env also takes ``reset_mask`` (bool, one per env): only the marked envs
  are reset. Options draw that reset's states only; autoresets draw as configured.
  Counts must be ints (numpy's too): 2.5 or "3" is a TypeError naming the key, a
  count out of range a ``pocket.Error``.
- ``max_steps``: truncation after that many steps (default 50).
- ``reward``: ``"dense"`` (-1 a move, 0 for the move that solves; the default) or
  ``"sparse"`` (1 for the move that solves, else 0).
- ``info_distance``: put the exact distance in ``info["distance"]`` (off by default:
  it is privileged information).

``terminated`` is true exactly when the cube is solved. ``.state`` (``.states`` for the
vector env) is the current position number.
"""

import numpy as np

import gymnasium
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

import pocket
from pocket import _pocket

_MOVES = {"htm": pocket.MOVES, "qtm": pocket.QTM_MOVES, "one-way": pocket.ONE_WAY_MOVES}
_OBSERVATIONS = ("one_hot", "index", "rows")
# The most random moves a scramble start takes: past about 20 the draw is as good as
# uniform, and a count of 10**9 hung reset (issue 61).
MAX_SCRAMBLE = 1000
_RESET_OPTIONS = ("state", "distance", "min_distance", "max_distance", "scramble")


def _integer(value, name, lowest, highest=None):
    """`value` as an int from `lowest` to `highest`: a TypeError naming `name` for
    anything that is not an integer (2.5, "x", True), a pocket.Error for one out of
    range."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} {value!r}")
    value = int(value)
    if value < lowest or (highest is not None and value > highest):
        bound = f"at least {lowest}" if highest is None else f"from {lowest} to {highest}"
        raise pocket.Error(f"{name} must be {bound}, not {value}")
    return value


def _optional_integer(value, name, lowest, highest=None):
    return None if value is None else _integer(value, name, lowest, highest)


def _observation_space(observation):
    if observation == "one_hot":
        return spaces.Box(0.0, 1.0, (24, 6), np.float32)
    if observation == "rows":
        return spaces.Box(0, 5, (24,), np.uint8)
    return spaces.Discrete(pocket.POSITIONS)


def _observe(states, observation):
    states = np.asarray(states, dtype=np.int32)
    if observation == "one_hot":
        return pocket.one_hot(states)
    if observation == "rows":
        return pocket.from_index(states)
    return states.astype(np.int64)


def _net(letters):
    """The cube's 24 sticker letters drawn in the net of ``pocket net``."""
    s = letters
    return f"  {s[0:2]}\n  {s[2:4]}\n{s[4:12]}\n{s[12:20]}\n  {s[20:22]}\n  {s[22:24]}\n"


class _Config:
    """The options both environments take, checked once."""

    def __init__(self, metric="htm", observation="one_hot", distance=None, min_distance=None,
                 max_distance=None, scramble=None, max_steps=50, reward="dense",
                 info_distance=False):
        if metric not in _MOVES:
            raise pocket.Error(f"unknown metric '{metric}' (expected htm, qtm or one-way)")
        if observation not in _OBSERVATIONS:
            raise pocket.Error(f"unknown observation '{observation}' (expected one_hot, index or rows)")
        if reward not in ("dense", "sparse"):
            raise pocket.Error(f"unknown reward '{reward}' (expected dense or sparse)")
        if scramble is not None and (distance is not None or min_distance is not None or max_distance is not None):
            raise pocket.Error("give scramble or a distance, not both")
        if not isinstance(info_distance, (bool, np.bool_)):
            raise TypeError(f"info_distance must be True or False, not {type(info_distance).__name__} {info_distance!r}")
        self.metric, self.observation, self.reward = metric, observation, reward
        self.moves = _MOVES[metric]
        self.faces = np.array(["RUF".index(m[0]) for m in self.moves])
        self.distance = _optional_integer(distance, "distance", 0)
        self.min_distance = _optional_integer(min_distance, "min_distance", 0)
        self.max_distance = _optional_integer(max_distance, "max_distance", 0)
        self.scramble = _optional_integer(scramble, "scramble", 0, MAX_SCRAMBLE)
        self.max_steps = _integer(max_steps, "max_steps", 1)
        self.info_distance = bool(info_distance)

    def draw(self, n, rng, options=None):
        """`n` start states, drawn with the Generator `rng`; `options` (reset's) override
        the configured draw."""
        options = _reset_options(options)
        if "state" in options:
            return np.full(n, pocket.to_index(options["state"]), np.int32)
        distances = {k: options[k] for k in ("distance", "min_distance", "max_distance") if k in options}
        if "scramble" in options and distances:
            raise pocket.Error("reset options: give scramble or a distance, not both")
        scramble = options.get("scramble", None if distances else self.scramble)
        if scramble is not None:
            return self._scrambled(n, _integer(scramble, "scramble", 0, MAX_SCRAMBLE), rng)
        if distances:
            return pocket.random_states(n, rng, metric=self.metric, **distances)
        if self.distance is not None:
            return pocket.random_states(n, rng, distance=self.distance, metric=self.metric)
        return pocket.random_states(n, rng, min_distance=1 if self.min_distance is None else self.min_distance,
                                    max_distance=self.max_distance, metric=self.metric)

    def _scrambled(self, n, k, rng):
        states = np.zeros(n, np.int32)
        last = np.full(n, -1)
        for _ in range(k):
            a = rng.integers(0, len(self.moves), n)
            # A move of the face just turned is drawn again among the other faces'.
            same = self.faces[a] == last
            while same.any():
                a[same] = rng.integers(0, len(self.moves), same.sum())
                same = self.faces[a] == last
            states = pocket.step(states, a, self.metric)
            last = self.faces[a]
        return states

    def reward_of(self, solved):
        if self.reward == "sparse":
            return solved.astype(np.float32)
        return np.where(solved, 0.0, -1.0).astype(np.float32)


def _reset_options(options, vector=False):
    """reset's options as a dict, every key one reset takes (a misspelt key was
    ignored before, issue 61); the vector env also takes ``reset_mask``."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise TypeError(f"options must be a dict, not {type(options).__name__}")
    known = _RESET_OPTIONS + (("reset_mask",) if vector else ())
    for key in options:
        if key not in known:
            raise pocket.Error(f"unknown reset option {key!r} (expected one of {', '.join(known)})")
    return options


class PocketCubeEnv(gymnasium.Env):
    """One cube; see the module documentation for the options."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, render_mode=None, **options):
        self.config = _Config(**options)
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(len(self.config.moves))
        self.observation_space = _observation_space(self.config.observation)
        self.state = 0
        self.steps = 0

    def _obs(self):
        obs = _observe([self.state], self.config.observation)[0]
        return int(obs) if self.config.observation == "index" else obs

    def _info(self):
        if self.config.info_distance:
            return {"distance": int(pocket.distance(self.state, self.config.metric))}
        return {}

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        self.state = int(self.config.draw(1, self.np_random, options)[0])
        self.steps = 0
        return self._obs(), self._info()

    def step(self, action):
        if not self.action_space.contains(action):
            raise pocket.Error(f"action {action!r} is not a move number (0 to {self.action_space.n - 1})")
        self.state = int(pocket.step(self.state, int(action), self.config.metric))
        self.steps += 1
        solved = self.state == 0
        reward = float(self.config.reward_of(np.array(solved)))
        truncated = not solved and self.steps >= self.config.max_steps
        return self._obs(), reward, solved, truncated, self._info()

    def render(self):
        if self.render_mode == "ansi":
            return _net(pocket.from_index(self.state))
        return None


class PocketCubeVectorEnv(VectorEnv):
    """`num_envs` cubes stepped together in one call into Rust; an environment that
    ended is reset on the next step (Gymnasium's next-step autoreset), its action then
    ignored."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4, "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs=1, render_mode=None, max_episode_steps=None, **options):
        num_envs = _integer(num_envs, "num_envs", 1)
        # make_vec passes the registered max_episode_steps: the vector env's max_steps.
        if max_episode_steps is not None:
            if "max_steps" in options and options["max_steps"] != max_episode_steps:
                raise pocket.Error("give max_steps or max_episode_steps, not both")
            options["max_steps"] = max_episode_steps
        if render_mode not in (None, "ansi"):
            raise pocket.Error(f"unknown render_mode {render_mode!r} (expected ansi or None)")
        self.render_mode = render_mode
        self.config = _Config(**options)
        self.num_envs = num_envs
        self.single_action_space = spaces.Discrete(len(self.config.moves))
        self.single_observation_space = _observation_space(self.config.observation)
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, len(self.config.moves)))
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.states = np.zeros(self.num_envs, np.int32)
        self.steps = np.zeros(self.num_envs, np.int64)
        self._ended = np.zeros(self.num_envs, bool)
        self._rng = np.random.default_rng()

    def _info(self):
        if self.config.info_distance:
            return {"distance": pocket.distance(self.states, self.config.metric)}
        return {}

    def render(self):
        """With ``render_mode="ansi"``: each env's cube drawn as a net, a tuple of str."""
        if self.render_mode == "ansi":
            return tuple(_net(letters) for letters in pocket.from_index(self.states.astype(np.int32)))
        return None

    def reset(self, *, seed=None, options=None):
        """Reset every env, or with ``options={"reset_mask": mask}`` (bool, one per env)
        only those the mask marks, the others going on as they were. The other
        options draw this reset's states only; later autoresets draw as configured."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        options = dict(_reset_options(options, vector=True))
        mask = self._reset_mask(options.pop("reset_mask", None))
        drawn = np.asarray(self.config.draw(int(mask.sum()), self._rng, options), np.int32)
        if mask.all():
            self.states = drawn
        else:
            self.states[mask] = drawn
        self.steps[mask] = 0
        self._ended[mask] = False
        return _observe(self.states, self.config.observation), self._info()

    def _reset_mask(self, mask):
        if mask is None:
            return np.ones(self.num_envs, bool)
        mask = np.asarray(mask)
        if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
            raise pocket.Error(
                f"reset_mask must be a bool array of shape ({self.num_envs},), not {mask.dtype} of shape {mask.shape}"
            )
        return mask

    def step(self, actions):
        actions = np.asarray(actions)
        # One call into Rust steps the arrays in place; it answers None for actions
        # it does not take as they are (another type, a bad move number), which the
        # general step below then reads or refuses by row.
        fused = _pocket._vector_step(self.states, actions, self.steps, self._ended, self.config.metric,
                                    self.config.max_steps, self.config.reward == "sparse")
        if fused is None:
            return self._step_checked(actions)
        reward, solved, truncated, restart, restarts = fused
        if restarts:
            self.states[restart] = self.config.draw(restarts, self._rng)
        return (_observe(self.states, self.config.observation), reward, solved, truncated, self._info())

    def _step_checked(self, actions):
        states = np.asarray(self.states)
        if states.shape != (self.num_envs,) or states.dtype.kind not in "iu":
            raise pocket.Error(f"states must be {self.num_envs} position numbers, not {states.dtype} of shape {states.shape}")
        bad = np.flatnonzero((states < 0) | (states >= pocket.POSITIONS))
        if len(bad):
            i = int(bad[0])
            raise pocket.Error(f"env {i}: state {states[i]} is not a position number (0 to 3,674,159)")
        moved = pocket.step(states, actions, self.config.metric)
        restart = self._ended
        if restart.any():
            moved[restart] = self.config.draw(int(restart.sum()), self._rng)
        self.states = np.asarray(moved, np.int32)
        self.steps = np.where(restart, 0, self.steps + 1)
        solved = (self.states == 0) & ~restart
        truncated = ~solved & ~restart & (self.steps >= self.config.max_steps)
        reward = np.where(restart, 0.0, self.config.reward_of(solved)).astype(np.float32)
        self._ended = solved | truncated
        return (_observe(self.states, self.config.observation), reward, solved, truncated, self._info())


# The ids this module registers: (id, entry point, vector entry point, kwargs,
# max_episode_steps). Each is also registered without its namespace, so that
# ``gymnasium.make("pocket.gym:PocketCube-v0")`` (module, then id) finds it.
_ENVS = (
    ("pocket/PocketCube-v0", "pocket.gym:PocketCubeEnv", "pocket.gym:PocketCubeVectorEnv", {}, 50),
    ("pocket/PocketCubeVector-v0", "pocket.gym:PocketCubeEnv", "pocket.gym:PocketCubeVectorEnv", {}, 50),
    ("pocket/RubiksCube-v0", "pocket.puzzle_gym:PuzzleEnv", "pocket.puzzle_gym:PuzzleVectorEnv",
     {"puzzle": "3x3x3"}, 100),
    ("pocket/Puzzle-v0", "pocket.puzzle_gym:PuzzleEnv", "pocket.puzzle_gym:PuzzleVectorEnv", {}, 100),
)


def register_envs():
    """Register the environments with Gymnasium (done by ``import pocket`` when
    Gymnasium is installed, on importing this module, and by the plugin entry point).
    Each id takes both entry points, so that gymnasium.make gives one environment and
    gymnasium.make_vec (by default, or ``vectorization_mode="vector_entry_point"``)
    the native vector env (it built a SyncVectorEnv 1,000 times slower, and make_vec
    of the vector id failed: "entry_point not specified"). ``max_episode_steps`` is
    registered: make wraps the single env in a TimeLimit of that many steps, make_vec
    passes it to the vector env as its ``max_steps``."""
    for env_id, entry, vector_entry, kwargs, steps in _ENVS:
        for name in (env_id, env_id.split("/", 1)[1]):
            if name not in gymnasium.registry:
                gymnasium.register(id=name, entry_point=entry, vector_entry_point=vector_entry,
                                   kwargs=dict(kwargs), max_episode_steps=steps)


register_envs()
