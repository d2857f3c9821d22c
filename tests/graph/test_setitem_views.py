"""``x[idx] = v`` in both modes: in-place semantics eagerly (views see the write, the base sees
writes into its views), the same values as a functional update in GRAPH_MODE, and gradients
that agree with each other and with finite differences (float64)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops

from fn_cell import FnCell


def _write_scalar(x):
    y = x * 2
    y[0] = 5.0
    return y


def _write_tensor_slice(x):
    y = x + 0
    y[1:3] = x[:2] * x[2:4]
    return y


def _write_in_loop(x):
    y = ops.zeros((4,), x.dtype)
    for i in range(4):
        y[i] = x[3 - i] * (i + 1)
    return y


def _chained_view_write(x):
    out = ops.zeros((2, 4), x.dtype)
    out[1][2] = x[0]
    out[0][1:3] = x[1:3]
    return out


def _base_write_seen_by_view(x):
    y = x * 3
    z = y[1:]
    y[2] = x[0] * x[1]
    return z * 1


def _view_write_seen_by_base(x):
    y = x * 3
    z = y[1:]
    z[0] = x[3] ** 2
    return y


def _transpose_view(x):
    m = ops.reshape(x * 1, (2, 2))
    t = m.T
    t[0, 1] = x[0] * 4
    return m


def _bool_and_ellipsis(x):
    y = x * 1
    y[...] = y * 2
    y[True] = y + 1
    return y


def _negative_step_and_none(x):
    y = ops.reshape(x * 1, (2, 2))
    y[::-1, None, 0] = x[:2, None] * 7
    return y


def _int_list_index(x):
    y = x * 1
    y[[0, 3]] = x[1:3] * x[1:3]
    return y


def _fill_and_copy(x):
    y = x.copy()
    y.fill_(2.0)
    return y * x


def _reshape_view_sees_base_write(x):   # reshape/view/squeeze/expand_dims/flatten/ravel
    y = x * 3                               # of a C-contiguous tensor are views eagerly
    r = ops.reshape(y, (2, 2))
    y[0] = x[1] * x[2]
    return r * 1


def _write_through_reshape_reaches_base(x):
    y = x * 2
    r = ops.reshape(y, (2, 2))
    r[1, 0] = x[3] ** 2
    return y


def _squeeze_expand_dims_chain(x):
    y = x * 1
    e = ops.expand_dims(y, 0)
    s = ops.squeeze(e, 0)
    s[1:3] = x[:2] * 5
    return ops.reshape(e, (4,)) + y


def _reshape_of_transpose_is_a_copy(x):  # not C-contiguous: eagerly a copy
    m = ops.reshape(x * 1, (2, 2))
    r = ops.reshape(m.T, (4,))
    r[0] = x[3] * 7
    return ops.reshape(m, (4,)) + r


def _cast_same_dtype_is_a_copy(x):       # MindSpore's Cast returns a new tensor
    y = x * 1
    c = ops.cast(y, y.dtype)
    c[0] = x[1] * 3
    return y + c


CASES = [_reshape_view_sees_base_write, _write_through_reshape_reaches_base,
         _squeeze_expand_dims_chain, _reshape_of_transpose_is_a_copy,
         _cast_same_dtype_is_a_copy, _write_scalar, _write_tensor_slice, _write_in_loop, _chained_view_write,
         _base_write_seen_by_view, _view_write_seen_by_base, _transpose_view,
         _bool_and_ellipsis, _negative_step_and_none, _int_list_index, _fill_and_copy]


def _numpy_reference(fn, x):
    """The same program on numpy arrays (numpy has the eager in-place semantics)."""
    import types
    fake_ops = types.SimpleNamespace(zeros=lambda shape, dtype: np.zeros(shape, x.dtype),
                                     reshape=np.reshape, expand_dims=np.expand_dims,
                                     squeeze=np.squeeze,
                                     cast=lambda a, dtype: np.array(a, copy=True))
    glb = dict(fn.__globals__, ops=fake_ops)
    g = types.FunctionType(fn.__code__, glb)
    a = x.copy()
    if fn is _fill_and_copy:
        return np.full_like(a, 2.0) * a
    return g(a)


def _run(mode, fn, x, probe):
    ms.set_context(mode=mode)
    try:
        net = FnCell(fn)
        out = net(ms.Tensor(x)).asnumpy()
        loss = lambda t: (net(t) * ms.Tensor(probe)).sum()  # noqa: E731
        grad = ops.grad(ms.jit(loss) if mode == ms.GRAPH_MODE else loss)(ms.Tensor(x))
        return out, grad.asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("fn", CASES, ids=lambda f: f.__name__.strip("_"))
def test_setitem_agrees_across_modes_numpy_and_finite_differences(fn):
    x = np.array([0.5, -1.25, 2.0, 1.5])
    probe = np.random.default_rng(0).standard_normal(_numpy_reference(fn, x).shape)
    want = _numpy_reference(fn, x)
    eager_out, eager_grad = _run(ms.PYNATIVE_MODE, fn, x, probe)
    graph_out, graph_grad = _run(ms.GRAPH_MODE, fn, x, probe)
    np.testing.assert_allclose(eager_out, want, rtol=1e-12)
    np.testing.assert_allclose(graph_out, want, rtol=1e-12)
    eps, numeric = 1e-6, np.zeros_like(x)
    for i in range(x.size):
        up, down = x.copy(), x.copy()
        up[i] += eps
        down[i] -= eps
        numeric[i] = ((_numpy_reference(fn, up) - _numpy_reference(fn, down)) * probe).sum() / (
            2 * eps)
    np.testing.assert_allclose(eager_grad, numeric, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(graph_grad, eager_grad, rtol=1e-12, atol=1e-12)


def test_setitem_on_a_parameter_in_graph_mode_raises_naming_the_line():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="w")

        def construct(self, x):
            self.w[0] = x[0]
            return self.w * 1

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with pytest.raises(RuntimeError, match="test_setitem_views.py.*Parameter"):
            Net()(ms.Tensor(np.ones(3, np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_bool_mask_indexing_in_graph_mode_raises_instead_of_a_wrong_shape():
    class Net(nn.Cell):
        def construct(self, x):
            return x[x > 0]

    x = ms.Tensor(np.array([1.0, -1.0, 2.0], np.float32))
    assert Net()(x).shape == (2,)
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        with pytest.raises(RuntimeError, match="test_setitem_views.py.*depends on the input"):
            Net()(x)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
