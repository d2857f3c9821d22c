"""Tensor.repeat: MindSpore 2.10's tiling form (PyTorch's semantics, numpy.tile) and the
numpy.repeat form of MindSpore 2.2 and earlier, which the keyword ``axis`` (or fewer repeats
than dimensions, which 2.10 rejects) selects; both modes."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn

X = np.arange(6, dtype=np.float32).reshape(2, 3)
CASES = [
    ((2, 1), {}, np.tile(X, (2, 1))),
    (((2, 1),), {}, np.tile(X, (2, 1))),
    ((1, 2, 3), {}, np.tile(X, (1, 2, 3))),
    ((0, 1), {}, np.tile(X, (0, 1))),
    ((2,), {"axis": 1}, np.repeat(X, 2, axis=1)),
    ((2,), {"axis": None}, np.repeat(X, 2)),
    ((2,), {}, np.repeat(X, 2)),        # one int for a 2-d tensor: the legacy form
]


class Repeat(nn.Cell):
    def __init__(self, args, kwargs):
        super().__init__()
        self.args, self.kwargs = args, kwargs

    def construct(self, x):
        return x.repeat(*self.args, **self.kwargs)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("args,kwargs,want", CASES)
def test_repeat_forms_match_numpy(mode, args, kwargs, want):
    ms.set_context(mode=mode)
    try:
        got = Repeat(args, kwargs)(ms.Tensor(X)).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(got, want)


def test_one_dimensional_single_int_tiles_as_mindspore_2_10():
    v = ms.Tensor(np.array([1.0, 2.0], np.float32))
    np.testing.assert_array_equal(v.repeat(3).asnumpy(), [1, 2, 1, 2, 1, 2])
    np.testing.assert_array_equal(v.repeat(3, axis=0).asnumpy(), [1, 1, 1, 2, 2, 2])


@pytest.mark.parametrize("call,error", [
    (lambda t: t.repeat(), TypeError),
    (lambda t: t.repeat(2.0, 1), TypeError),
    (lambda t: t.repeat(-1, 1), ValueError),
    (lambda t: t.repeat(2, 1, axis=0), TypeError),
    (lambda t: t.reshape(1, 2, 3).repeat(1, 1, 1, 1).repeat(2, 2, 2), ValueError),
])
def test_bad_repeats_raise_naming_the_method(call, error):
    with pytest.raises(error, match="Tensor.repeat"):
        call(ms.Tensor(X))
