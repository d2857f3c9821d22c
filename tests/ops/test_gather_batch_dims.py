"""ops.gather / Tensor.gather / ops.Gather with batch_dims: values against a numpy loop, the
gradient, and the argument errors (MindSpore's values are in tests/goldens/params)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops, Tensor


def _reference(p, i, axis, b):
    """numpy: each batch element takes np.take from its own slice."""
    lead = p.shape[:b]
    out = np.empty(p.shape[:axis] + i.shape[b:] + p.shape[axis + 1:], p.dtype)
    for pos in np.ndindex(*lead):
        out[pos] = np.take(p[pos], i[pos], axis=axis - b)
    return out


@pytest.mark.parametrize("pshape,ishape,axis,b", [
    ((2, 4), (2, 2), 1, 1), ((2, 3, 4), (2, 2), 1, 1), ((2, 3, 4), (2, 2), 2, 1),
    ((2, 3, 4), (2, 3, 5), 2, 2), ((2, 3, 4, 2), (2, 3), 3, 1), ((3, 4), (3,), 1, 1),
    ((2, 3, 4), (2, 2), -1, -1)])
def test_values_match_numpy(pshape, ishape, axis, b):
    rng = np.random.default_rng(0)
    p = rng.standard_normal(pshape).astype(np.float32)
    ax = axis % len(pshape)
    bb = b + len(ishape) if b < 0 else b
    i = rng.integers(-p.shape[ax], p.shape[ax], ishape).astype(np.int32)
    out = ops.gather(Tensor(p), Tensor(i), axis, batch_dims=b)
    np.testing.assert_array_equal(out.asnumpy(), _reference(p, i, ax, bb))
    np.testing.assert_array_equal(Tensor(p).gather(Tensor(i), axis, batch_dims=b).asnumpy(),
                                  out.asnumpy())
    np.testing.assert_array_equal(ops.Gather(batch_dims=b)(Tensor(p), Tensor(i), axis).asnumpy(),
                                  out.asnumpy())


def test_known_shape_from_the_issue():
    x = Tensor(np.arange(8).reshape(2, 4).astype(np.float32))
    out = ops.gather(x, Tensor(np.array([[0, 3], [1, 2]], np.int32)), 1, batch_dims=1)
    assert out.shape == (2, 2)
    np.testing.assert_array_equal(out.asnumpy(), [[0, 3], [5, 6]])


def test_gradient_scatters_back_per_batch():
    p = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    i = Tensor(np.array([[0, 0, 3], [1, 2, 2]], np.int32))
    g = ops.grad(lambda t: ops.gather(t, i, 2, batch_dims=1).sum())(p).asnumpy()
    want = np.zeros((2, 3, 4), np.float32)
    want[0, :, 0] = 2
    want[0, :, 3] = 1
    want[1, :, 1] = 1
    want[1, :, 2] = 2
    np.testing.assert_array_equal(g, want)


def test_errors_name_the_argument():
    x = Tensor(np.zeros((2, 3, 4), np.float32))
    i = Tensor(np.zeros((2, 2), np.int32))
    with pytest.raises(ValueError, match="axis"):
        ops.gather(x, i, 0, batch_dims=1)
    with pytest.raises(ValueError, match="batch_dims"):
        ops.gather(x, i, 2, batch_dims=3)
    with pytest.raises(RuntimeError, match="batch_dims"):
        ops.gather(x, Tensor(np.zeros((3, 2), np.int32)), 1, batch_dims=1)
    with pytest.raises(TypeError, match="batch_dims"):
        ops.gather(x, i, 1, batch_dims=1.0)
    with pytest.raises(TypeError, match="batch_dims"):
        ops.Gather(batch_dims="1")
    with pytest.raises(ValueError, match="indices"):
        ops.gather(x, Tensor(np.array([[0, 4], [0, 0]], np.int32)), 2, batch_dims=1).asnumpy()


def test_graph_mode_agrees():
    class Net(ms.nn.Cell):
        def construct(self, p, i):
            return ops.gather(p, i, 2, batch_dims=1)

    p = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    i = Tensor(np.array([[0, 2], [1, 1]], np.int32))
    eager = Net()(p, i).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = Net()(p, i).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(graph, eager)
