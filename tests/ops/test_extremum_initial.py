"""amax/amin/max/min and Tensor.max/min honour ``initial`` and ``where`` as numpy's
``np.max(x, axis, initial=, where=)`` does (MindSpore's values are in tests/goldens/params)."""
import numpy as np
import pytest

from mindcell import ops, Tensor


@pytest.fixture
def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((3, 4, 5)).astype(np.float32)
    w = rng.random((3, 4, 5)) < 0.5
    return x, w


@pytest.mark.parametrize("axis", [None, 0, 1, (0, 2), -1])
@pytest.mark.parametrize("keep", [False, True])
def test_amax_amin_match_numpy(data, axis, keep):
    x, w = data
    for op, ref in ((ops.amax, np.max), (ops.amin, np.min)):
        got = op(Tensor(x), axis, keep, initial=0.25).asnumpy()
        np.testing.assert_array_equal(got, ref(x, axis, keepdims=keep, initial=0.25))
        got = op(Tensor(x), axis, keep, initial=-0.5, where=Tensor(w)).asnumpy()
        np.testing.assert_array_equal(got, ref(x, axis, keepdims=keep, initial=-0.5, where=w))


@pytest.mark.parametrize("axis", [0, 2])
def test_max_min_values_and_indices(data, axis):
    x, w = data
    vals, idx = ops.max(Tensor(x), axis, initial=0.1, where=Tensor(w))
    masked = np.where(w, x, np.float32(0.1))
    np.testing.assert_array_equal(vals.asnumpy(), np.max(x, axis, initial=0.1, where=w))
    np.testing.assert_array_equal(idx.asnumpy(), np.argmax(masked, axis))
    assert str(idx.dtype) == "Int64"
    vals, idx = ops.min(Tensor(x), axis, initial=0.1)
    np.testing.assert_array_equal(vals.asnumpy(), np.min(x, axis, initial=0.1))
    np.testing.assert_array_equal(idx.asnumpy(), np.argmin(x, axis))


def test_tensor_methods(data):
    x, w = data
    t = Tensor(x)
    np.testing.assert_array_equal(t.max(1, initial=0.3).asnumpy(), np.max(x, 1, initial=0.3))
    np.testing.assert_array_equal(t.min(axis=0, initial=-0.3, where=Tensor(w)).asnumpy(),
                                  np.min(x, 0, initial=-0.3, where=w))
    vals, idx = t.max(2, return_indices=True)
    np.testing.assert_array_equal(idx.asnumpy(), np.argmax(x, 2))
    vals, idx = t.min(2, initial=-5.0, return_indices=True)
    np.testing.assert_array_equal(vals.asnumpy(), np.full((3, 4), -5.0, np.float32))


def test_empty_axis_gives_initial_and_int_wraps():
    np.testing.assert_array_equal(
        ops.amax(Tensor(np.zeros((0, 3), np.float32)), 0, initial=1.5).asnumpy(), [1.5] * 3)
    with pytest.raises(ValueError, match="empty"):
        ops.amax(Tensor(np.zeros((0, 3), np.float32)), 0)
    assert ops.amax(Tensor(np.array([1, 2], np.int8)), initial=300).asnumpy() == 44


def test_errors_name_the_argument(data):
    x, w = data
    with pytest.raises(ValueError, match="amax: 'initial' must be given"):
        ops.amax(Tensor(x), 1, where=Tensor(w))
    with pytest.raises(ValueError, match="max: 'initial' must be given"):
        ops.max(Tensor(x), 1, where=Tensor(w))
    with pytest.raises(TypeError, match="'initial' must be a number"):
        ops.amin(Tensor(x), 1, initial="a")
    with pytest.raises(TypeError, match="'where' must be a bool"):
        ops.amax(Tensor(x), 1, initial=0, where=Tensor(w.astype(np.float32)))
    with pytest.raises(ValueError, match="broadcast"):
        ops.amax(Tensor(x), 1, initial=0, where=Tensor(np.ones((5, 4), bool)))
    with pytest.raises(TypeError, match="return_indices"):
        Tensor(x).max(1, return_indices=1)


def test_gradient_flows_to_the_winner():
    x = Tensor(np.array([[1.0, 5.0, 2.0], [-1.0, -3.0, -2.0]], np.float32))
    g = ops.grad(lambda t: ops.amax(t, 1, initial=0.0).sum())(x).asnumpy()
    np.testing.assert_array_equal(g, [[0, 1, 0], [0, 0, 0]])
