"""Gymnasium environments of any ``pocket.Puzzle``: ``PuzzleEnv`` (one puzzle) and
``PuzzleVectorEnv`` (many, stepped in one call into Rust). Registered by
``pocket.gym`` as ``pocket/RubiksCube-v0`` (the 3x3x3) and ``pocket/Puzzle-v0``
(``puzzle=`` any name of ``pocket.Puzzle.names()``, or a ``pocket.Puzzle``).

Options (keyword arguments of both):

- ``puzzle``: a name or a ``pocket.Puzzle`` (``"3x3x3"`` by default).
- ``observation``: ``"one_hot"`` (float32 (width, colours), the default) or
  ``"rows"`` (uint8 (width,), ``Puzzle``'s state form).
- the start: ``scramble=k`` (exactly k random moves, never one face twice running),
  ``max_scramble=k`` (a number of moves uniform from 1 to k; the default, 20), or
  ``uniform=True`` (``Puzzle.random_states``: uniform for the 2x2x2 and the 3x3x3).
  ``reset(options=...)`` takes the same keys, and ``state`` (a row), for that reset
  only; the vector env also takes ``reset_mask``.
- ``max_steps``: truncation after that many steps (default 100).
- ``reward``: ``"dense"`` (-1 a move, 0 for the move that solves) or ``"sparse"``.

With dense rewards an episode's return is ``-(moves - 1)``: from a state at
distance d, the best return is ``-(d - 1)`` (0 for one move from solved).
``terminated`` is true exactly when the puzzle is solved (``Puzzle.is_solved``).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

import gymnasium
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

import pocket
from pocket.puzzle import Puzzle

_START_KEYS = ("scramble", "max_scramble", "uniform")
_RESET_KEYS = _START_KEYS + ("state",)
MAX_SCRAMBLE = 10_000


def _integer(value: Any, name: str, lowest: int, highest: Optional[int] = None) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} {value!r}")
    if value < lowest or (highest is not None and value > highest):
        bound = f"at least {lowest}" if highest is None else f"from {lowest} to {highest}"
        raise pocket.Error(f"{name} must be {bound}, not {int(value)}")
    return int(value)


def _puzzle(value: Any) -> Puzzle:
    if isinstance(value, Puzzle):
        return value
    if isinstance(value, str):
        return Puzzle(value)
    raise TypeError(f"puzzle must be a name or a pocket.Puzzle, not {type(value).__name__} {value!r}")


class _Config:
    """The options both environments take, checked once."""

    def __init__(self, puzzle: Any = "3x3x3", observation: str = "one_hot", scramble: Any = None,
                 max_scramble: Any = None, uniform: bool = False, max_steps: Any = 100,
                 reward: str = "dense") -> None:
        self.puzzle = _puzzle(puzzle)
        if observation not in ("one_hot", "rows"):
            raise pocket.Error(f"unknown observation '{observation}' (expected one_hot or rows)")
        if reward not in ("dense", "sparse"):
            raise pocket.Error(f"unknown reward '{reward}' (expected dense or sparse)")
        self.observation, self.reward = observation, reward
        self.start = self._start({"scramble": scramble, "max_scramble": max_scramble, "uniform": uniform})
        self.max_steps = _integer(max_steps, "max_steps", 1)
        p = self.puzzle
        if observation == "one_hot":
            self.space: spaces.Box = spaces.Box(0.0, 1.0, (p.width, len(p.colours)), np.float32)
        else:
            self.space = spaces.Box(0, len(p.colours) - 1, (p.width,), np.uint8)

    @staticmethod
    def _given(options: Dict[str, Any]) -> List[str]:
        """The start keys set (``scramble=0`` is set; ``uniform=False`` is not)."""
        return [k for k in _START_KEYS if options.get(k) is not None and not (k == "uniform" and options[k] is False)]

    @staticmethod
    def _start(options: Dict[str, Any]) -> Tuple[str, int]:
        given = _Config._given(options)
        if len(given) > 1:
            raise pocket.Error(f"give one of scramble, max_scramble and uniform, not {' and '.join(given)}")
        if "uniform" in given:
            if not isinstance(options["uniform"], (bool, np.bool_)):
                raise TypeError(f"uniform must be True or False, not {options['uniform']!r}")
            return ("uniform", 0)
        if "scramble" in given:
            return ("scramble", _integer(options["scramble"], "scramble", 0, MAX_SCRAMBLE))
        if "max_scramble" in given:
            return ("max_scramble", _integer(options["max_scramble"], "max_scramble", 1, MAX_SCRAMBLE))
        return ("max_scramble", 20)

    def draw(self, n: int, rng: np.random.Generator, options: Optional[Dict[str, Any]] = None) -> np.ndarray:
        """`n` start rows; reset's `options` override the configured start."""
        options = options or {}
        p = self.puzzle
        if "state" in options:
            row = p.state(options["state"]) if isinstance(options["state"], str) else np.asarray(options["state"], np.uint8)
            if row.shape != (p.width,):
                raise pocket.Error(f"state must be one row of {p.width} stickers, not shape {row.shape}")
            return np.repeat(row[None, :], n, axis=0)
        kind, k = self._start(options) if self._given(options) else self.start
        seed = int(rng.integers(0, 2**63))
        if kind == "uniform":
            return p.random_states(n, seed)
        low = k if kind == "scramble" else 1
        return p.random_walks(n, k, seed, min_moves=low)[0]

    def observe(self, rows: np.ndarray) -> np.ndarray:
        return self.puzzle.one_hot(rows) if self.observation == "one_hot" else np.array(rows)

    def reward_of(self, solved: np.ndarray) -> np.ndarray:
        if self.reward == "sparse":
            return solved.astype(np.float32)
        return np.where(solved, 0.0, -1.0).astype(np.float32)


def _reset_options(options: Any, vector: bool = False) -> Dict[str, Any]:
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise TypeError(f"options must be a dict, not {type(options).__name__}")
    known = _RESET_KEYS + (("reset_mask",) if vector else ())
    for key in options:
        if key not in known:
            raise pocket.Error(f"unknown reset option {key!r} (expected one of {', '.join(known)})")
    return dict(options)


def render_ansi(puzzle: Puzzle, row: np.ndarray) -> str:
    """A state as text: the 3x3x3's net (U above L F R B, D below), else its stickers."""
    text = puzzle.text(row)
    if puzzle.name != "3x3x3" or len(text) != 54:
        return text + "\n"
    face = {f: text[9 * i:9 * i + 9] for i, f in enumerate("URFDLB")}
    rows = [face[f][3 * r:3 * r + 3] for f in "U" for r in range(3)]
    lines = ["    " + r for r in rows]
    for r in range(3):
        lines.append(" ".join(face[f][3 * r:3 * r + 3] for f in "LFRB"))
    lines += ["    " + face["D"][3 * r:3 * r + 3] for r in range(3)]
    return "\n".join(lines) + "\n"


class PuzzleEnv(gymnasium.Env):  # type: ignore[type-arg,unused-ignore]
    """One puzzle; see the module documentation for the options."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, render_mode: Optional[str] = None, **options: Any) -> None:
        self.config = _Config(**options)
        if render_mode not in (None, "ansi"):
            raise pocket.Error(f"unknown render_mode {render_mode!r} (expected ansi or None)")
        self.render_mode = render_mode
        self.action_space: spaces.Discrete = spaces.Discrete(len(self.config.puzzle.moves))
        self.observation_space = self.config.space
        self.state = self.config.puzzle.solved
        self.steps = 0

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        super().reset(seed=seed)
        self.state = self.config.draw(1, self.np_random, _reset_options(options))[0]
        self.steps = 0
        return self.config.observe(self.state), {}

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if not self.action_space.contains(action):
            raise pocket.Error(f"action {action!r} is not a move number (0 to {self.action_space.n - 1})")
        self.state = self.config.puzzle.step(self.state, int(action))
        self.steps += 1
        solved = bool(self.config.puzzle.is_solved(self.state))
        reward = float(self.config.reward_of(np.array(solved)))
        truncated = not solved and self.steps >= self.config.max_steps
        return self.config.observe(self.state), reward, solved, truncated, {}

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return render_ansi(self.config.puzzle, self.state)
        return None


class PuzzleVectorEnv(VectorEnv):  # type: ignore[type-arg,unused-ignore]
    """`num_envs` puzzles stepped together in one call into Rust; an env that ended
    is reset on the next step (Gymnasium's next-step autoreset), its action then
    ignored."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4, "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, render_mode: Optional[str] = None,
                 max_episode_steps: Optional[int] = None, **options: Any) -> None:
        if max_episode_steps is not None:
            if "max_steps" in options and options["max_steps"] != max_episode_steps:
                raise pocket.Error("give max_steps or max_episode_steps, not both")
            options["max_steps"] = max_episode_steps
        self.num_envs = _integer(num_envs, "num_envs", 1)
        self.config = _Config(**options)
        if render_mode not in (None, "ansi"):
            raise pocket.Error(f"unknown render_mode {render_mode!r} (expected ansi or None)")
        self.render_mode = render_mode
        moves = len(self.config.puzzle.moves)
        self.single_action_space = spaces.Discrete(moves)
        self.single_observation_space = self.config.space
        self.action_space = spaces.MultiDiscrete(np.full(self.num_envs, moves))
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.states = np.repeat(self.config.puzzle.solved[None, :], self.num_envs, axis=0)
        self.steps = np.zeros(self.num_envs, np.int64)
        self._ended = np.zeros(self.num_envs, bool)
        self._rng = np.random.default_rng()

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[np.ndarray, Dict[str, Any]]:
        """Reset every env, or with ``options={"reset_mask": mask}`` only the marked
        ones; the other options draw this reset's states only."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        options = _reset_options(options, vector=True)
        mask = options.pop("reset_mask", None)
        if mask is None:
            mask = np.ones(self.num_envs, bool)
        mask = np.asarray(mask)
        if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
            raise pocket.Error(f"reset_mask must be a bool array of shape ({self.num_envs},), not {mask.dtype} of shape {mask.shape}")
        self.states[mask] = self.config.draw(int(mask.sum()), self._rng, options)
        self.steps[mask] = 0
        self._ended[mask] = False
        return self.config.observe(self.states), {}

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        restart = self._ended
        self.config.puzzle.step(self.states, actions, out=self.states)
        if restart.any():
            self.states[restart] = self.config.draw(int(restart.sum()), self._rng)
        self.steps = np.where(restart, 0, self.steps + 1)
        solved = self.config.puzzle.is_solved(self.states) & ~restart
        truncated = ~solved & ~restart & (self.steps >= self.config.max_steps)
        reward = np.where(restart, 0.0, self.config.reward_of(solved)).astype(np.float32)
        self._ended = solved | truncated
        return self.config.observe(self.states), reward, solved, truncated, {}

    def render(self) -> Optional[Tuple[str, ...]]:
        if self.render_mode == "ansi":
            return tuple(render_ansi(self.config.puzzle, row) for row in self.states)
        return None
