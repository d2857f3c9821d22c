"""mindcell.numpy.amax/amin take a ``where`` mask (with ``initial``), as numpy and
mindspore.numpy do (refused before); MindSpore's values: tests/goldens/params/008."""
import numpy as np
import pytest

import mindcell as ms
import mindcell.numpy as mnp


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
def test_where_matches_numpy(axis):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 4)).astype(np.float32)
    w = rng.random((3, 4)) < 0.5
    for ours, ref, init in ((mnp.amax, np.amax, -9.0), (mnp.amin, np.amin, 9.0)):
        got = ours(ms.Tensor(x), axis=axis, initial=init, where=w)
        np.testing.assert_array_equal(got.asnumpy(), ref(x, axis=axis, initial=init, where=w))
        got = ours(ms.Tensor(x), axis=axis, initial=init, where=ms.Tensor(w))
        np.testing.assert_array_equal(got.asnumpy(), ref(x, axis=axis, initial=init, where=w))


def test_where_needs_initial():
    with pytest.raises(ValueError, match="initial"):
        mnp.amax(ms.Tensor(np.ones((2, 2), np.float32)), where=np.ones((2, 2), bool))
