"""Exact answers about the 2x2x2 Rubik's cube for numpy batches: distances, optimal
moves, next states, encodings, symmetries, and the solver of the `pocket` command
line. The functions live in the compiled module `pocket._pocket`; `pocket.gym` holds
Gymnasium environments (install with `pip install "pocket-cube[gym]"`)."""

from ._pocket import *  # noqa: F401,F403
from ._pocket import Error, __version__  # noqa: F401
from . import _pocket as _native

__doc__ = _native.__doc__ or __doc__
__all__ = [name for name in dir(_native) if not name.startswith("_")]
