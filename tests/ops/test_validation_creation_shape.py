"""Argument validation of the creation, random and shape ops: bad sizes, shapes, scalars and
dtypes raise TypeError/ValueError naming the op the user called; good inputs still agree with
numpy."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops


def _t(a):
    return Tensor(np.asarray(a))


X = np.arange(6, dtype=np.float32).reshape(2, 3)

BAD = [  # (call, error type, op name the message must contain)
    (lambda: ops.ones(-1), ValueError, "ones"),
    (lambda: ops.zeros((2, 2 ** 70)), ValueError, "zeros"),
    (lambda: ops.ones(_t(np.ones((2, 2), np.int64))), ValueError, "ones"),
    (lambda: ops.ones(_t(np.float32(2))), TypeError, "ones"),
    (lambda: ops.ones((2,), _t(X)), TypeError, "ones"),
    (lambda: ops.Zeros()((True, 2)), TypeError, "Zeros"),
    (lambda: ops.full((2,), "a"), TypeError, "full"),
    (lambda: ops.full((2,), 300, dtype=ms.int8), ValueError, "full"),
    (lambda: ops.full((2,), float("nan")), ValueError, "full"),  # MindSpore wraps it to INT64_MIN
    (lambda: ops.fill(ms.float32, (2,), _t(X)), ValueError, "fill"),
    (lambda: ops.Fill()(ms.float32, (-1,), 1.0), ValueError, "Fill"),
    (lambda: ops.full_like(_t(X), None), TypeError, "full_like"),
    (lambda: ops.arange(float("nan")), ValueError, "arange"),
    (lambda: ops.arange(0, 2 ** 70), ValueError, "arange"),
    (lambda: ops.arange(0, "a"), TypeError, "arange"),
    (lambda: ops.arange(0, 5, 0), ValueError, "arange"),
    (lambda: ops.linspace(0.0, float("inf"), 3), ValueError, "linspace"),
    (lambda: ops.linspace(0.0, 1.0, 1.5), TypeError, "linspace"),
    (lambda: ops.linspace(0.0, 1.0, 0), ValueError, "linspace"),
    (lambda: ops.eye(True), TypeError, "eye"),
    (lambda: ops.eye(-1), ValueError, "eye"),
    (lambda: ops.eye(2, 2 ** 70), ValueError, "eye"),
    (lambda: ops.rand(2, dtype=ms.int32), ValueError, "rand"),  # as MindSpore 2.10
    (lambda: ops.randn(-2), ValueError, "randn"),
    (lambda: ops.rand_like(3), TypeError, "rand_like"),
    (lambda: ops.randn_like(_t(X), dtype=_t(X)), TypeError, "randn_like"),
    (lambda: ops.uniform((2,), 1.0, 0.0), ValueError, "uniform"),
    (lambda: ops.uniform((2,), float("nan"), 1.0), ValueError, "uniform"),
    (lambda: ops.normal((2,), 0.0, -1.0), ValueError, "normal"),
    (lambda: ops.normal((2,), ["a"], 1.0), TypeError, "normal"),
    (lambda: ops.randint(5, 1, (2,)), ValueError, "randint"),
    (lambda: ops.randint(0, 2 ** 70, (2,)), ValueError, "randint"),
    (lambda: ops.randint(0, 5, (2,), dtype=ms.float32), ValueError, "randint"),  # as MindSpore
    (lambda: ops.StandardNormal()((2, -1)), ValueError, "StandardNormal"),
    (lambda: ops.UniformReal()("a"), TypeError, "UniformReal"),
    (lambda: ops.tensor_split(_t(X), 2 ** 70), ValueError, "tensor_split"),
    (lambda: ops.tensor_split(_t(X), 0), ValueError, "tensor_split"),
    (lambda: ops.tensor_split(_t(np.float32(1)), 2), ValueError, "tensor_split"),
    (lambda: ops.split(_t(X), ["a"]), TypeError, "split"),
    (lambda: ops.split(_t(X), (1, 1), 1), ValueError, "split"),
    (lambda: ops.chunk(_t(X), 0), ValueError, "chunk"),
    (lambda: ops.Split(axis=9)(_t(X)), ValueError, "Split"),
    (lambda: ops.Split(output_num=0), ValueError, "Split"),
    (lambda: ops.broadcast_to(_t(X), (1, 3)), ValueError, "broadcast_to"),
    (lambda: ops.broadcast_to(_t(X), (-1, 2, 3)), ValueError, "broadcast_to"),
    (lambda: ops.BroadcastTo((5, 7))(_t(X)), ValueError, "BroadcastTo"),
    (lambda: _t(X).expand_as(3), TypeError, "expand_as"),
    (lambda: ops.tile(_t(X), (1, -1)), ValueError, "tile"),
    (lambda: ops.Tile()(_t(X), (2, 2 ** 62)), ValueError, "Tile"),
    (lambda: ops.reshape(_t(X), _t(np.ones((2, 2), np.int64))), ValueError, "reshape"),
    (lambda: ops.pad(_t(X), (1, 1), value="a"), TypeError, "pad"),
    (lambda: ops.pad(_t(X), (1, 1), mode=np.ones(2)), TypeError, "pad"),
    (lambda: ops.Pad(((1, -1),)), ValueError, "Pad"),
    (lambda: ops.Pad(3), TypeError, "Pad"),
    (lambda: ops.cast(_t(X), _t(X)), TypeError, "cast"),
    (lambda: _t(X).astype(1.5), TypeError, "astype"),
    (lambda: ops.Identity()(3), TypeError, "Identity"),  # ops.identity(3) passes 3 through
    (lambda: ops.Dropout(keep_prob=0), ValueError, "Dropout"),
    (lambda: ops.Dropout()(3), TypeError, "Dropout"),
    (lambda: ops.repeat_elements(_t(X), -1), ValueError, "repeat_elements"),
    (lambda: ops.repeat_interleave(_t(X), 2 ** 70), ValueError, "repeat_interleave"),
    (lambda: _t(X).repeat(["a"]), TypeError, "repeat"),
    (lambda: ops.flatten(_t(X), order=np.ones(2)), TypeError, "flatten"),
    (lambda: _t(np.zeros(2, np.int32)).assign_value(2 ** 40), ValueError, "assign_value"),
    (lambda: _t(X).assign_value(None), TypeError, "assign_value"),
]


@pytest.mark.parametrize("call,err,name", BAD, ids=[b[2] + "-%d" % i for i, b in enumerate(BAD)])
def test_bad_input_raises_naming_the_op(call, err, name):
    with pytest.raises(err, match=name):
        call()


GOOD = [  # (mindcell result, numpy reference)
    (lambda: ops.ones(_t(np.array([2, 3]))), np.ones((2, 3), np.float32)),
    (lambda: ops.zeros(0), np.zeros(0, np.float32)),
    # full is Int64 without a dtype, whatever the value (MindSpore 2.10, ms-oracle)
    (lambda: ops.full((2,), _t(np.float32(2.5))), np.full(2, 2, np.int64)),
    (lambda: ops.full((2,), float("nan"), dtype=ms.float32), np.full(2, np.nan, np.float32)),
    (lambda: ops.fill(ms.int32, (2, 2), 7), np.full((2, 2), 7, np.int32)),
    (lambda: ops.arange(_t(np.int64(3))), np.arange(3)),
    (lambda: ops.arange(0.0, 1.0, 0.25), np.arange(0, 1, 0.25, dtype=np.float32)),
    (lambda: ops.linspace(0, 1, _t(np.int64(3))), np.linspace(0, 1, 3, dtype=np.float32)),
    (lambda: ops.eye(2, 3, ms.int32), np.eye(2, 3, dtype=np.int32)),
    (lambda: ops.split(_t(X), 2, 1)[1], X[:, 2:]),
    (lambda: len(ops.split(_t(np.zeros((0, 3))), 2)), 1),
    (lambda: len(ops.chunk(_t(np.zeros((0, 3))), 2)), 1),
    (lambda: ops.tensor_split(_t(X), 4, 1)[3], X[:, 3:]),
    (lambda: ops.tensor_split(_t(X), [-1, 5], 1)[1], X[:, 2:]),
    (lambda: ops.tensor_split(_t(X), [2, 1], 1)[1], X[:, 2:1]),
    (lambda: ops.Split(1, 3)(_t(X))[2], X[:, 2:]),
    (lambda: ops.broadcast_to(_t(X[:1]), (2, -1)), np.broadcast_to(X[:1], (2, 3))),
    (lambda: ops.tile(_t(X), (2,)), np.tile(X, 2)),
    (lambda: ops.pad(_t(X), (1, 0), value=_t(np.float32(9))), np.pad(X, ((0, 0), (1, 0)),
                                                                      constant_values=9)),
    (lambda: ops.Pad(((1, 0), (0, 1)))(_t(X)), np.pad(X, ((1, 0), (0, 1)))),
    (lambda: ops.flatten(_t(np.zeros((0, 3, 2)))), np.zeros((0, 6))),
    (lambda: ops.repeat_interleave(_t(X), [1, 2], 0), np.repeat(X, [1, 2], 0)),
    (lambda: _t(X).astype(ms.int32), X.astype(np.int32)),
]


@pytest.mark.parametrize("call,want", GOOD, ids=[str(i) for i in range(len(GOOD))])
def test_good_input_matches_numpy(call, want):
    got = call()
    got = got.asnumpy() if isinstance(got, Tensor) else got
    assert np.shape(got) == np.shape(want)
    np.testing.assert_array_equal(got, want)
    if isinstance(want, np.ndarray):
        assert got.dtype == want.dtype


def test_random_ops_shape_dtype_and_range():
    ms.set_seed(0)
    u = ops.uniform((1000,), 2.0, 3.0).asnumpy()
    assert u.dtype == np.float32 and u.min() >= 2.0 and u.max() < 3.0
    r = ops.randint(-3, 3, (1000,)).asnumpy()
    assert r.dtype == np.int64 and r.min() == -3 and r.max() == 2
    assert ops.rand_like(_t(X)).shape == (2, 3)
    assert ops.randn(2, 3, dtype=ms.float64).dtype == ms.float64
    out, mask = ops.Dropout(keep_prob=1.0)(_t(X))
    np.testing.assert_array_equal(out.asnumpy(), X)
