"""Exact answers about the 2x2x2 Rubik's cube for numpy batches: distances, optimal
moves, next states, encodings, symmetries, and the solver of the `pocket` command
line. The functions live in the compiled module `pocket._pocket`; `pocket.gym` holds
Gymnasium environments (install with `pip install "pocket-cube[gym]"`)."""

from ._pocket import *  # noqa: F401,F403
from ._pocket import Error, __version__  # noqa: F401
from . import _pocket as _native

__doc__ = _native.__doc__ or __doc__
__all__ = [name for name in dir(_native) if not name.startswith("_")]

from .puzzle import Puzzle, Solution  # noqa: E402
from . import bench, search  # noqa: E402,F401

__all__ += ["Puzzle", "Solution", "bench", "search"]


def _register_with_gymnasium() -> None:
    """Register the environments when Gymnasium is installed, so that
    ``gymnasium.make("pocket/PocketCube-v0")`` works after ``import pocket``. Only the
    ids are registered (Gymnasium imports ``pocket.gym`` at ``make``); without
    Gymnasium nothing is imported."""
    import importlib.util

    if importlib.util.find_spec("gymnasium") is None:
        return
    from . import gym as _gym  # noqa: F401  (registers on import)


_register_with_gymnasium()
