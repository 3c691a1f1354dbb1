"""pocket.one_hot in float16 and ml_dtypes' bfloat16, and into a buffer given
(out=), which a training loop reuses instead of allocating 576 MB a million states
(issue 64)."""

import numpy as np
import pytest

import pocket


def test_float16_and_out():
    s = pocket.random_states(500, seed=1)
    ref = pocket.one_hot(s)
    x = pocket.one_hot(s, np.float16)
    assert x.dtype == np.float16 and np.array_equal(x.astype(np.float32), ref)
    out = np.full((500, 24, 6), 7, np.float32)
    assert pocket.one_hot(s, out=out) is out and np.array_equal(out, ref)
    half = np.empty((500, 24, 6), np.float16)
    assert pocket.one_hot(s, np.float16, out=half) is half
    assert pocket.one_hot("UUUULLFFRRBBLLFFRRBBDDDD", "float16").shape == (24, 6)


def test_bfloat16():
    ml_dtypes = pytest.importorskip("ml_dtypes", reason="ml_dtypes is not installed")
    s = pocket.random_states(100, seed=2)
    x = pocket.one_hot(s, ml_dtypes.bfloat16)
    assert x.dtype == ml_dtypes.bfloat16 and np.array_equal(x.astype(np.float32), pocket.one_hot(s))


def test_out_refusals():
    s = pocket.random_states(10, seed=3)
    with pytest.raises(TypeError, match=r"out must be a writeable C-contiguous numpy array of shape \(10, 24, 6\)"):
        pocket.one_hot(s, out=np.zeros((10, 24)))
    with pytest.raises(TypeError, match="out is float32, and the dtype asked float16"):
        pocket.one_hot(s, np.float16, out=np.zeros((10, 24, 6), np.float32))
    with pytest.raises(TypeError, match="out must be"):
        pocket.one_hot(s, out=np.zeros((10, 24, 6), np.float32)[:, :, ::-1])
