"""Issue 36: every public function of the package, called with arguments a fuzzer
makes (sizes up to 2**70, negative, float, None, wrong types), raises nothing but
pocket.Error, TypeError, ValueError, MemoryError or KeyboardInterrupt, and never
takes the interpreter down.

Run by test_boundaries.py in a child process under an address-space limit (so that a
huge count meets MemoryError at once instead of a long run); by hand:
    python tests/fuzz_api.py [EXAMPLES]
"""
import sys

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

import pocket

ALLOWED = (pocket.Error, TypeError, ValueError, MemoryError, KeyboardInterrupt)

ints = st.one_of(
    st.integers(-5, 20),
    st.sampled_from([-(2**70), -(2**64), -(2**63) - 1, -1, 2**31, 2**32, 2**62, 2**63, 2**64, 2**70]),
)
values = st.one_of(
    st.none(),
    st.booleans(),
    ints,
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=30),
    st.binary(max_size=30),
    st.lists(st.one_of(ints, st.text(max_size=26)), max_size=4),
    st.sampled_from(
        [
            pocket.SOLVED,
            "UUUURLFBLRBFLLFFRRBBDDDD",
            "R U F",
            np.arange(3),
            np.zeros((2, 24), np.uint8),
            np.zeros((0,), np.int64),
            np.array([-1, 2**31 - 1], np.int64),
            np.array([1.5]),
            np.random.default_rng(1),
            "htm",
            "qtm",
            "one-way",
            "mask",
            "urfdlb",
            "R=1",
            object(),
        ]
    ),
)

FUNCTIONS = [
    name
    for name in dir(pocket)
    if callable(getattr(pocket, name)) and not name.startswith("_") and name != "Error"
]
KEYWORDS = ["metric", "layout", "errors", "threads", "seed", "min_distance", "length", "optimal", "cost", "n"]


@settings(
    max_examples=int(sys.argv[1]) if len(sys.argv) > 1 else 3000,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
@given(
    name=st.sampled_from(FUNCTIONS),
    args=st.lists(values, max_size=3),
    kwargs=st.dictionaries(st.sampled_from(KEYWORDS), values, max_size=3),
)
def calls_raise_only_allowed_errors(name, args, kwargs):
    try:
        getattr(pocket, name)(*args, **kwargs)
    except ALLOWED:
        pass


if __name__ == "__main__":
    calls_raise_only_allowed_errors()
    print(f"fuzzed {len(FUNCTIONS)} functions: {', '.join(FUNCTIONS)}")
