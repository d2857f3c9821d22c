"""The backward of gather/embedding sums the rows of dout that share an index: checked against
np.add.at on random shapes, axes and index arrays with repeated and negative indices."""
import numpy as np
from hypothesis import given, settings, strategies as st

from mindcell.ops.defs.shape import _segment_sum


@settings(max_examples=60, deadline=None)
@given(lead=st.lists(st.integers(1, 3), max_size=2), trail=st.lists(st.integers(1, 3), max_size=2),
       idx_shape=st.lists(st.integers(0, 5), min_size=1, max_size=2), dim=st.integers(1, 6),
       seed=st.integers(0, 2**16))
def test_segment_sum_equals_add_at(lead, trail, idx_shape, dim, seed):
    rng = np.random.default_rng(seed)
    idx = rng.integers(-dim, dim, idx_shape)
    dout = rng.standard_normal(tuple(lead) + tuple(idx_shape) + tuple(trail))
    axis = len(lead)
    want = np.zeros(tuple(lead) + (dim,) + tuple(trail))
    np.add.at(np.moveaxis(want, axis, 0), idx.ravel(),
              np.moveaxis(dout.reshape(tuple(lead) + (idx.size,) + tuple(trail)), axis, 0))
    got = _segment_sum(dout, idx, axis, dim)
    assert got.shape == want.shape and got.dtype == dout.dtype
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
