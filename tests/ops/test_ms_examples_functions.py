"""mindspore.ops functions as MindSpore 2.10's own docstring examples use them (round 6, exfn):
small cases of our own in the style of what failed, asserting values recorded with ms-oracle."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops


def _arange(shape, dtype=np.float32):
    return Tensor(np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape))


@pytest.mark.parametrize("a,b,shape", [((2, 3), (4, 3, 5), (2, 4, 5)),
                                       ((2, 2, 3), (4, 3, 5), (2, 2, 4, 5)),
                                       ((3, 2, 3), (2, 1, 3, 2), (3, 2, 2, 1, 2)),
                                       ((2, 3), (3, 2), (2, 2))])
def test_dot_is_numpy_dot_not_batched_matmul(a, b, shape):
    # MindSpore 2.10: ops.dot contracts input's last axis with other's second-to-last and
    # crosses the batches (ms-oracle: shape (2, 4, 5) and values equal to numpy.dot)
    x, y = _arange(a), _arange(b)
    out = ops.dot(x, y)
    assert out.shape == shape
    np.testing.assert_allclose(out.asnumpy(), np.dot(x.asnumpy(), y.asnumpy()), rtol=1e-6)


def test_dot_checks_batched_operands():
    with pytest.raises(ValueError, match="dot"):
        ops.dot(_arange((2, 3)), _arange((4, 2, 5)))
    with pytest.raises(TypeError, match="dot"):
        ops.dot(_arange((2, 3)), _arange((4, 3, 5), np.float16))


def test_dot_gradient_beyond_2d():
    x, y = _arange((2, 3)), _arange((4, 3, 5))
    gx, gy = ops.grad(lambda a, b: ops.dot(a, b).sum(), (0, 1))(x, y)
    np.testing.assert_allclose(gx.asnumpy(), np.broadcast_to(
        y.asnumpy().sum(axis=(0, 2)), (2, 3)), rtol=1e-6)
    assert gy.shape == (4, 3, 5)


@pytest.mark.parametrize("name,n", [("hsplit", 3), ("vsplit", 2)])
def test_hsplit_vsplit_return_tuples(name, n):
    x = _arange((2, 3))
    out = getattr(ops, name)(x, n)
    assert isinstance(out, tuple) and len(out) == n
    assert isinstance(getattr(x, name)(n), tuple)


# ----- linalg_more_func: values recorded with ms-oracle (MindSpore 2.10 CPU) --------------------
def _t(values, dtype=np.float32):
    return Tensor(np.array(values, dtype))


XI = [[1, 2], [3, 4], [5, 6]]
A2 = [[1., -2.], [3., 0.5]]
B2 = [[0., 1.], [1., 1.]]
M2 = [[2., 1.], [1., 3.]]
X34 = (np.arange(12, dtype=np.float32).reshape(3, 4) - 6).tolist()


@pytest.mark.parametrize("call,dtype,expected", [
    (lambda: ops.addr(_t(XI, np.int32), _t([1, 2, 3], np.int32), _t([1, -1], np.int32)),
     ms.int32, [[2, 1], [5, 2], [8, 3]]),
    (lambda: ops.addr(_t(XI), _t([1, 2, 3]), _t([1, -1]), beta=2, alpha=0.5),
     ms.float32, [[2.5, 3.5], [7.0, 7.0], [11.5, 10.5]]),
    (lambda: ops.addr(_t(1.0), _t([1, 2, 3]), _t([1, -1])), ms.float32,
     [[2.0, 0.0], [3.0, -1.0], [4.0, -2.0]]),
    (lambda: ops.mv(_t(XI, np.int32), _t([1, -1], np.int32)), ms.int32, [-1, -1, -1]),
    (lambda: ops.vecdot(_t(XI, np.int32), _t(XI, np.int32)), ms.int64, [5, 25, 61]),
    (lambda: ops.vecdot(_t(XI, np.int32), _t(XI, np.int32), axis=0), ms.int64, [35, 56]),
    (lambda: ops.dist(_t(A2), _t(B2), 0), ms.float32, 4.0),
    (lambda: ops.dist(_t(A2), _t(B2), 1), ms.float32, 6.5),
    (lambda: ops.dist(_t(A2), _t(B2)), ms.float32, 3.7749199867248535),
    (lambda: ops.dist(_t(A2), _t([1., 1.])), ms.float32, 3.6400599479675293),
    (lambda: ops.matrix_power(_t(M2), 0), ms.float32, [[1, 0], [0, 1]]),
    (lambda: ops.matrix_power(_t(M2), 3), ms.float32, [[15, 20], [20, 35]]),
    (lambda: ops.matrix_power(_t(M2), -2), ms.float32, [[0.4, -0.2], [-0.2, 0.2]]),
    (lambda: ops.matrix_power(_t([[1, 1], [0, 1]], np.int32), 3), ms.int32, [[1, 3], [0, 1]]),
    (lambda: ops.logdet(_t(A2)), ms.float32, 1.8718021769015913),
    (lambda: ops.logdet(_t([[1., 2.], [3., 4.]])), ms.float32, float("nan")),
    (lambda: ops.slogdet(_t([[1., 2.], [2., 4.]]))[1], ms.float32, -np.inf),
    (lambda: ops.slogdet(_t([[8, 9], [1, 2]], np.float64))[1], ms.float64, 1.945910149055313),
    (lambda: ops.vector_norm(_t(X34), 2, axis=1, keepdims=True), ms.float32,
     [[9.273619651794434], [2.4494900703430176], [7.348470211029053]]),
    (lambda: ops.vector_norm(_t(X34), 1, axis=(0, 1)), ms.float32, 36.0),
    (lambda: ops.vector_norm(_t([3, 4], np.int32)), ms.float32, 5.0),
    (lambda: ops.vector_norm(_t(X34), dtype=ms.float64), ms.float64, 12.08305),
    (lambda: ops.matrix_norm(_t(X34), 1), ms.float32, 10.0),
    (lambda: ops.matrix_norm(_t(X34), -1), ms.float32, 8.0),
    (lambda: ops.matrix_norm(_t(X34), 2), ms.float32, 11.462400436401367),
    (lambda: ops.matrix_norm(_t(X34), "nuc"), ms.float32, 15.285149574279785),
    (lambda: ops.matrix_norm(_t(X34).reshape(1, 3, 4), keepdims=True), ms.float32,
     [[[12.083049774169922]]]),
])
def test_linalg_more_values(call, dtype, expected):
    out = call()
    assert out.dtype == dtype
    np.testing.assert_allclose(out.asnumpy(), np.array(expected), rtol=1e-5, atol=1e-6)


def test_slogdet_sign_and_batches():
    sign, value = ops.slogdet(_t([[[-4.5, -1.5], [7.0, 6.0]], [[2.5, 0.5], [3.0, 9.0]]]))
    np.testing.assert_array_equal(sign.asnumpy(), [-1.0, 1.0])
    np.testing.assert_allclose(value.asnumpy(), [2.8033605, 3.0445223], rtol=1e-6)


@pytest.mark.parametrize("a,b,axes,shape", [((2, 3), (2, 3), None, (2, 1)),
                                            ((2, 3), (2, 3, 4), None, (2, 4)),
                                            ((2, 4, 3), (2, 3), None, (2, 4)),
                                            ((2, 3, 4), (2, 4, 5), (-1, 1), (2, 3, 5)),
                                            ((2, 2, 4), (2, 5, 4, 5), 2, (2, 2, 5, 5)),
                                            ((6, 2, 3, 4), (6, 5, 4, 8), None, (6, 2, 3, 5, 8))])
def test_batch_dot_shapes_and_values(a, b, axes, shape):
    x, y = _arange(a), _arange(b)
    out = ops.batch_dot(x, y, axes)
    assert out.shape == shape
    xa, ya = x.asnumpy(), y.asnumpy()
    a1, a2 = (len(a) - 1, len(b) - 2 if len(b) > 2 else len(b) - 1) if axes is None else \
        ((axes, axes) if isinstance(axes, int) else (axes[0] % len(a), axes[1] % len(b)))
    ref = np.stack([np.tensordot(xa[i], ya[i], (a1 - 1, a2 - 1)) for i in range(a[0])])
    np.testing.assert_allclose(out.asnumpy(), ref.reshape(shape), rtol=1e-6)


@pytest.mark.parametrize("call,error", [
    (lambda: ops.ger(_t([1, 2], np.int32), _t([1, 2], np.int32)), TypeError),
    (lambda: ops.ger(_t([1., 2.]), _t([1., 2.], np.float64)), TypeError),
    (lambda: ops.dist(_t(A2), _t(B2), 3.5), TypeError),
    (lambda: ops.dist(_t(XI, np.int32), _t(XI, np.int32)), TypeError),
    (lambda: ops.matrix_power(_t([[1, 1], [0, 1]], np.int32), -1), ValueError),
    (lambda: ops.logdet(_t([[8, 9], [1, 2]], np.int32)), TypeError),
    (lambda: ops.vector_norm(_t(X34), "fro"), ValueError),
    (lambda: ops.matrix_norm(_t(X34), 3), ValueError),
    (lambda: ops.matrix_norm(_t(X34).reshape(12)), ValueError),
    (lambda: ops.batch_dot(_arange((2, 3, 4)), _arange((2, 5, 4)), 1), ValueError),
    (lambda: ops.batch_dot(_arange((2, 3, 4)), _arange((2, 4, 5)), (0, 0)), ValueError),
    (lambda: ops.batch_dot(_arange((2, 3, 4)), _arange((3, 4, 5))), ValueError),
    (lambda: ops.batch_dot(_arange((2, 3), np.int32), _arange((2, 3), np.int32)), TypeError),
    (lambda: ops.batch_dot(_arange((3,)), _arange((3,))), ValueError),
])
def test_linalg_more_errors(call, error):
    with pytest.raises(error):
        call()


def test_linalg_more_gradients():
    m = _t(M2)
    g = ops.grad(lambda a: ops.logdet(a))(m)
    np.testing.assert_allclose(g.asnumpy(), np.linalg.inv(np.array(M2)).T, rtol=1e-5)
    g = ops.grad(lambda a: ops.matrix_power(a, 2).sum())(m)
    ones = np.ones((2, 2))
    np.testing.assert_allclose(g.asnumpy(), ones @ np.array(M2).T + np.array(M2).T @ ones,
                               rtol=1e-6)


# ----- array_more_func and the argument forms of clip_by_value/stop_gradient/baddbmm -----------
NAN = float("nan")
I34 = [[9, 3, 4, 5], [5, 2, 7, 4], [8, 1, 3, 6]]


def _values(out):
    if isinstance(out, (tuple, list)):
        return [_values(o) for o in out]
    return (out.dtype, out.shape, out.asnumpy().tolist())


@pytest.mark.parametrize("call,expected", [
    (lambda: ops.median(_t(I34, np.int32)),
     [(ms.int32, (3,), [4, 4, 3]), (ms.int64, (3,), [2, 3, 2])]),
    (lambda: ops.median(_t(I34, np.int32), axis=0, keepdims=True),
     [(ms.int32, (1, 4), [[8, 2, 4, 5]]), (ms.int64, (1, 4), [[2, 1, 0, 0]])]),
    (lambda: ops.median(_t([1., 3., 3., 1.])), [(ms.float32, (), 1.0), (ms.int64, (), 3)]),
    (lambda: ops.nanmedian(_t([[4., 1., NAN, 2.]])),
     [(ms.float32, (1,), [2.0]), (ms.int64, (1,), [3])]),
    (lambda: ops.nanmedian(_t(I34, np.int32)),
     [(ms.int32, (3,), [4, 4, 3]), (ms.int64, (3,), [2, 3, 2])]),
    (lambda: ops.nanmean(_t([[NAN, 1.], [NAN, 3.]])), (ms.float32, (), 2.0)),
    (lambda: ops.nanmean(_t([[NAN, 1.], [2, 3.]]), 0, True, dtype=ms.float64),
     (ms.float64, (1, 2), [[2.0, 2.0]])),
    (lambda: ops.diag_embed(_t([[1, 2], [3, 4]], np.int32)),
     (ms.int32, (2, 2, 2), [[[1, 0], [0, 2]], [[3, 0], [0, 4]]])),
    (lambda: ops.diag_embed(_t([[1, 2], [3, 4]], np.int32), offset=-1, dim1=0, dim2=2),
     (ms.int32, (3, 2, 3), [[[0, 0, 0], [0, 0, 0]], [[1, 0, 0], [3, 0, 0]],
                            [[0, 2, 0], [0, 4, 0]]])),
    (lambda: ops.diagflat(_t([[1, 2], [3, 4]], np.int32), -1),
     (ms.int32, (5, 5), [[0, 0, 0, 0, 0], [1, 0, 0, 0, 0], [0, 2, 0, 0, 0], [0, 0, 3, 0, 0],
                         [0, 0, 0, 4, 0]])),
    (lambda: ops.diagflat(_t([1.5, 2]), 1),
     (ms.float32, (3, 3), [[0.0, 1.5, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]])),
    (lambda: ops.diagonal_scatter(ops.zeros((3, 4)), _t([1., 2.]), -1),
     (ms.float32, (3, 4), [[0, 0, 0, 0], [1, 0, 0, 0], [0, 2, 0, 0]])),
    (lambda: ops.diagonal_scatter(ops.zeros((2, 2, 3)), ops.ones((2, 2)), 0, 1, 2),
     (ms.float32, (2, 2, 3), [[[1, 0, 0], [0, 1, 0]], [[1, 0, 0], [0, 1, 0]]])),
    (lambda: ops.select_scatter(ops.zeros((2, 3)), _t([1., 2.]), 1, -1),
     (ms.float32, (2, 3), [[0, 0, 1], [0, 0, 2]])),
    (lambda: ops.slice_scatter(ops.zeros((3, 2)), ops.ones((3, 2))),
     (ms.float32, (3, 2), [[1, 1], [1, 1], [1, 1]])),
    (lambda: ops.slice_scatter(ops.zeros((4, 2)), ops.ones((2, 2)), 0, 1, 3),
     (ms.float32, (4, 2), [[0, 0], [1, 1], [1, 1], [0, 0]])),
    (lambda: ops.mirror_pad(_t([[1, 2, 3], [4, 5, 6]], np.int32), _t([[1, 1], [2, 0]], np.int32),
                            "SYMMETRIC"),
     (ms.int32, (4, 5), [[2, 1, 1, 2, 3], [2, 1, 1, 2, 3], [5, 4, 4, 5, 6], [5, 4, 4, 5, 6]])),
    (lambda: ops.unique_consecutive(_t([[1, 2], [1, 2], [3, 4], [1, 2]], np.int32), True, True, 0),
     [(ms.int32, (3, 2), [[1, 2], [3, 4], [1, 2]]), (ms.int64, (4,), [0, 0, 1, 2]),
      (ms.int64, (3,), [2, 1, 1])]),
    (lambda: ops.clip_by_value([_t([[3., 4.], [0.3, 0.4]]), _t([[30., 40.], [3., 4.]])], 0.5, 5),
     [(ms.float32, (2, 2), [[3.0, 4.0], [0.5, 0.5]]), (ms.float32, (2, 2), [[5.0, 5.0],
                                                                            [3.0, 4.0]])]),
    (lambda: ops.baddbmm(ops.ones((2, 2)), _t([[1., 2.], [3., 4.]]), _t([[1., 0.], [0., 1.]]),
                         beta=2, alpha=0.5),
     (ms.float32, (2, 2), [[2.5, 3.0], [3.5, 4.0]])),
    (lambda: ops.baddbmm(_t([[1, 1], [1, 1]], np.int32), _t([[1, 1], [1, 1]], np.int32),
                         _t([[1, 1], [1, 1]], np.int32)),
     (ms.int32, (2, 2), [[3, 3], [3, 3]])),
])
def test_array_more_values(call, expected):
    out = _values(call())
    np.testing.assert_equal(out, expected)


@pytest.mark.parametrize("x,p,expected", [
    ([[3., 4.], [0.3, 0.4]], float("inf"), [[1.5, 2.0], [0.15, 0.2]]),
    ([[3., 4.], [0.3, 0.4]], 1, [[0.7792199850082397, 1.0389599800109863],
                                  [0.07791999727487564, 0.1039000004529953]]),
    ([3., 4.], 2.0, [0.5999999046325684 * 2, 0.7999998331069946 * 2]),
])
def test_clip_by_norm_values(x, p, expected):
    out = ops.clip_by_norm(_t(x), 2.0, p)
    np.testing.assert_allclose(out.asnumpy(), expected, rtol=1e-4)  # recorded to 5 decimals


def test_clip_by_norm_clips_lists_together():
    x = _t([[3., 4.], [0.3, 0.4]])
    out = ops.clip_by_norm([x, x], 2.0)
    assert isinstance(out, tuple) and len(out) == 2
    np.testing.assert_allclose(out[1].asnumpy(), [[0.84432, 1.12576], [0.08443, 0.11258]],
                               rtol=1e-4)
    np.testing.assert_array_equal(ops.clip_by_norm(x, 100.0).asnumpy(), x.asnumpy())
    with pytest.raises(RuntimeError, match="clip_by_norm"):
        ops.clip_by_norm(_t([1.0, np.inf]), 1.0, error_if_nonfinite=True)


def test_stop_gradient_passes_python_values():
    # MindSpore 2.10: ops.stop_gradient(3.0) is 3.0, and a tuple keeps its non-Tensor items
    assert ops.stop_gradient(3.0) == 3.0
    out = ops.stop_gradient((_t([1.0]), 2))
    assert out[1] == 2 and isinstance(out[0], Tensor)
    g = ops.grad(lambda x: ops.stop_gradient(x) ** 2 + x)(_t(3.0))
    assert float(g.asnumpy()) == 1.0


@pytest.mark.parametrize("call,error", [
    (lambda: ops.median(_t(I34, np.int32), axis=None), TypeError),
    (lambda: ops.nanmean(_t(I34, np.int32), 1), TypeError),
    (lambda: ops.diagonal_scatter(ops.zeros((3, 3)), ops.ones(2), 0), ValueError),
    (lambda: ops.select_scatter(ops.zeros((2, 3)), _t([1., 2., 3.]), 1, 0), ValueError),
    (lambda: ops.slice_scatter(ops.zeros((4, 2)), ops.ones((3, 2)), 0, 1, 3), ValueError),
    (lambda: ops.channel_shuffle(ops.ones((1, 3, 2, 2)), 2), ValueError),
    (lambda: ops.channel_shuffle(ops.ones((1, 6, 1)), 3), TypeError),
    (lambda: ops.mirror_pad(_t([[1, 2, 3], [4, 5, 6]], np.int32), _t([[2, 1], [0, 0]], np.int32),
                            "REFLECT"), ValueError),
    (lambda: ops.mirror_pad(_t([[1, 2, 3], [4, 5, 6]], np.int32), ((1, 1), (1, 1)), "REFLECT"),
     TypeError),
])
def test_array_more_errors(call, error):
    with pytest.raises(error):
        call()


def test_array_more_gradients():
    x = _t([[1., 2., 3.], [4., 5., 6.]])
    g = ops.grad(lambda a, s: (ops.slice_scatter(a, s, 1, 0, 3, 2) * x).sum(), (0, 1))(
        x, ops.ones((2, 2)))
    np.testing.assert_array_equal(g[0].asnumpy(), [[0, 2, 0], [0, 5, 0]])
    np.testing.assert_array_equal(g[1].asnumpy(), [[1, 3], [4, 6]])
    g = ops.grad(lambda a: (ops.diag_embed(a) * 2).sum())(_t([1., 2.]))
    np.testing.assert_array_equal(g.asnumpy(), [2, 2])
    g = ops.grad(lambda a: ops.median(a)[0].sum())(_t([[3., 1., 2.]]))
    np.testing.assert_array_equal(g.asnumpy(), [[0, 0, 1]])


def test_float16_convolution_accumulates_in_float32():
    # MindSpore 2.10 CPU (ms-oracle) sums a Float16 convolution in Float32: these are its values;
    # a Float16 accumulation gives 88.6875, -49.28125, 29.015625 and 59.1875 in four places
    rng = np.random.default_rng(3)
    x = (rng.standard_normal((1, 16, 4, 4)) * 3).astype(np.float16)
    w = rng.standard_normal((2, 16, 3, 3)).astype(np.float16)
    out = ops.conv2d(Tensor(x), Tensor(w))
    assert out.dtype == ms.float16
    np.testing.assert_array_equal(out.asnumpy().ravel(), np.array(
        [88.75, 21.1875, -49.3125, 29.0625, 34.90625, 26.578125, -10.265625, 59.15625],
        np.float16))
    gx, gw = ops.grad(lambda a, b: ops.conv2d(a, b).sum(), (0, 1))(Tensor(x), Tensor(w))
    assert gx.dtype == ms.float16 and gw.dtype == ms.float16
    ref = ops.grad(lambda a, b: ops.conv2d(a, b).sum(), (0, 1))(
        Tensor(x.astype(np.float32)), Tensor(w.astype(np.float32)))
    np.testing.assert_array_equal(gw.asnumpy(), ref[1].asnumpy().astype(np.float16))


def test_float16_conv3d_is_not_slow():
    # MindSpore's conv3d docstring example: a (16, 3, 10, 32, 32) Float16 input timed out (30 s)
    import time
    x = Tensor(np.ones([4, 3, 10, 32, 32]), ms.float16)
    w = Tensor(np.ones([32, 3, 4, 3, 3]), ms.float16)
    start = time.time()
    out = ops.conv3d(x, w, pad_mode="pad", padding=(2, 1, 1))
    assert out.shape == (4, 32, 11, 32, 32) and out.dtype == ms.float16
    assert float(out.asnumpy()[0, 0, 5, 5, 5]) == 108.0
    assert time.time() - start < 10


# ----- nn_more_func: values recorded with ms-oracle (rounded to 6 decimals) ---------------------
def _a(*shape):
    return Tensor(np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) * 0.1)


X1 = lambda: _a(1, 2, 6)  # noqa: E731
W1 = lambda: _t([[[1., -1., 0.5], [0.2, 0.3, -0.1]]])  # noqa: E731
LG = lambda: _t([[0.9, -1.2, 2], [0.8, 3.9, 2]])  # noqa: E731
LB = lambda: _t([[1, 1, -1], [1, -1, 1]])  # noqa: E731
XG, TG = lambda: _t([[1., 2.], [3., 4.]]), lambda: _t([[1.5, 2.], [2., 5.]])  # noqa: E731
MI = lambda: _t([[0.3, -0.6, 0.6], [0.9, 0.4, -0.2]])  # noqa: E731
MT = lambda: _t([[0., 1., 1.], [1., 0., 1.]])  # noqa: E731
YT = lambda: _t([[1., 2., 4.], [3., 3., 3.]])  # noqa: E731
CV = lambda: _t([[1., 2., 4., 7.], [3., 3., 1., 0.]])  # noqa: E731


@pytest.mark.parametrize("call,dtype,expected", [
    (lambda: ops.conv1d(X1(), W1()), ms.float32, [[[0.25, 0.34, 0.43, 0.52]]]),
    (lambda: ops.conv1d(X1(), W1(), pad_mode="same", stride=2), ms.float32,
     [[[0.25, 0.43, 0.43]]]),
    (lambda: ops.conv1d(X1(), W1(), pad_mode="pad", padding=2, dilation=2,
                        bias=_t([0.5])), ms.float32, [[[0.7, 0.67, 0.76, 0.85, 0.76, 0.81]]]),
    (lambda: ops.conv1d(X1(), W1(), pad_mode="pad", padding=(1,)), ms.float32,
     [[[0.16, 0.25, 0.34, 0.43, 0.52, 0.43]]]),
    (lambda: ops.avg_pool1d(X1(), 3, 2), ms.float32, [[[0.1, 0.3], [0.7, 0.9]]]),
    (lambda: ops.avg_pool1d(X1(), 3, 2, 1, ceil_mode=True, count_include_pad=False), ms.float32,
     [[[0.05, 0.2, 0.4, 0.5], [0.65, 0.8, 1.0, 1.1]]]),
    (lambda: ops.avg_pool3d(_a(1, 1, 3, 4, 4), 2, 2), ms.float32, [[[[[1.05, 1.25],
                                                                       [1.85, 2.05]]]]]),
    (lambda: ops.avg_pool3d(_a(1, 1, 3, 4, 4), 2, 2, divisor_override=3), ms.float32,
     [[[[[2.8, 3.333333], [4.933334, 5.466667]]]]]),
    (lambda: ops.avg_pool3d(_a(1, 1, 3, 4, 4), 2, 2, ceil_mode=True), ms.float32,
     [[[[[1.05, 1.25], [1.85, 2.05]], [[3.45, 3.65], [4.25, 4.45]]]]]),
    (lambda: ops.adaptive_avg_pool3d(_a(1, 3, 4, 4), 2), ms.float32,
     [[[[1.05, 1.25], [1.85, 2.05]], [[2.65, 2.85], [3.45, 3.65]]]]),
    (lambda: ops.lrn(_a(1, 4, 1, 2), 2, 1.5, 0.3, 0.75), ms.float32,
     [[[[0.0, 0.070128]], [[0.136265, 0.197002]], [[0.272529, 0.328337]],
       [[0.408794, 0.460263]]]]),
    (lambda: ops.hinge_embedding_loss(LG(), LB(), 1.5, "none"), ms.float32,
     [[0.9, -1.2, 0.0], [0.8, 0.0, 2.0]]),
    (lambda: ops.hinge_embedding_loss(LG(), LB(), 1.5, "sum"), ms.float32, 2.5),
    (lambda: ops.gaussian_nll_loss(XG(), TG(), _t([[0.5], [2.0]]), reduction="none"), ms.float32,
     [[-0.096574, -0.346574], [0.596574, 0.596574]]),
    (lambda: ops.gaussian_nll_loss(XG(), TG(), _t([[0.5, 1e-9], [2.0, 1.]]), full=True,
                                   eps=1e-3), ms.float32, 0.305469),
    (lambda: ops.gaussian_nll_loss(XG(), TG(), _t([[-0.5], [2.0]])), ms.float32, 31246.845703),
    (lambda: ops.gaussian_nll_loss(XG(), TG(), _t([0.5, 2.0])), ms.float32, 0.1875),
    (lambda: ops.multilabel_soft_margin_loss(MI(), MT(), reduction="none"), ms.float32,
     [0.776444, 0.684102]),
    (lambda: ops.multilabel_soft_margin_loss(MI(), MT(), _t([1., 2., 0.5])), ms.float32,
     0.952388),
    (lambda: ops.hann_window(6), ms.float64, [0.0, 0.25, 0.75, 1.0, 0.75, 0.25]),
    (lambda: ops.hann_window(5, periodic=False), ms.float64, [0.0, 0.5, 1.0, 0.5, 0.0]),
    (lambda: ops.hann_window(3, dtype=ms.float32), ms.float32, [0.0, 0.75, 0.75]),
    (lambda: ops.hamming_window(6), ms.float32, [0.08, 0.31, 0.77, 1.0, 0.77, 0.31]),
    (lambda: ops.hamming_window(1), ms.float64, [1.0]),
    (lambda: ops.hamming_window(5, False, 0.5, 0.5), ms.float32, [0.0, 0.5, 1.0, 0.5, 0.0]),
    (lambda: ops.blackman_window(Tensor(4)), ms.float32, [0.0, 0.34, 1.0, 0.34]),
    (lambda: ops.kaiser_window(6), ms.float64,
     [5.3e-05, 0.054759, 0.518845, 1.0, 0.518845, 0.054759]),
    (lambda: ops.kaiser_window(5, False, 3.0), ms.float64,
     [0.204885, 0.726926, 1.0, 0.726926, 0.204885]),
    (lambda: ops.kaiser_window(0), ms.float64, []),
    (lambda: ops.approximate_equal(_t([1., 2., 3.]), _t([1.00001, 2.1, 3.]), 1e-4), ms.bool_,
     [True, False, True]),
    (lambda: ops.approximate_equal(_t([1, 2], np.int32), _t([1., 2.5])), ms.bool_,
     [True, False]),
    (lambda: ops.trapz(YT()), ms.float32, [4.5, 6.0]),
    (lambda: ops.trapz(YT(), dx=0.5, dim=0), ms.float32, [1.0, 1.25, 1.75]),
    (lambda: ops.trapz(YT(), _t([0., 1., 3.])), ms.float32, [7.5, 9.0]),
    (lambda: ops.trapz(YT(), _t([[0., 1., 3.], [0., 2., 3.]])), ms.float32, [7.5, 9.0]),
    (lambda: ops.trapz(_t([1, 2, 4], np.int32)), ms.float32, 4.5),
    (lambda: ops.cov(CV()), ms.float32, [[7.0, -3.833333], [-3.833333, 2.25]]),
    (lambda: ops.cov(CV(), correction=0), ms.float32, [[5.25, -2.875], [-2.875, 1.6875]]),
    (lambda: ops.cov(CV(), fweights=_t([1, 2, 1, 3], np.int32)), ms.float32,
     [[7.238095, -3.97619], [-3.97619, 2.285714]]),
    (lambda: ops.cov(CV(), aweights=_t([0.5, 1., 2., 1.])), ms.float32,
     [[5.607143, -3.142857], [-3.142857, 1.964285]]),
    (lambda: ops.cov(_t([[1, 2, 4]], np.int32)), ms.float32, 2.333333),
    (lambda: ops.mvlgamma(_t([[3., 4.], [5., 6.]]), 3), ms.float32,
     [[2.694925, 5.402975], [9.140645, 13.640454]]),
])
def test_nn_more_values(call, dtype, expected):
    out = call()
    assert out.dtype == dtype
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), np.array(expected),
                               rtol=2e-5, atol=2e-6)


def test_is_nonzero():
    assert ops.is_nonzero(_t([1.5])) is True
    assert ops.is_nonzero(Tensor(0)) is False
    with pytest.raises(ValueError, match="is_nonzero"):
        ops.is_nonzero(_t([1, 2], np.int32))


@pytest.mark.parametrize("call,error", [
    (lambda: ops.conv1d(X1(), W1(), pad_mode="valid", padding=1), ValueError),
    (lambda: ops.avg_pool1d(_a(2, 6), 2, 2), ValueError),
    (lambda: ops.hinge_embedding_loss(LG(), LB().astype(ms.int32)), TypeError),
    (lambda: ops.hann_window(Tensor(4)), TypeError),
    (lambda: ops.hamming_window(Tensor(4)), TypeError),
    (lambda: ops.kaiser_window(Tensor(4)), TypeError),
    (lambda: ops.blackman_window(6), TypeError),
    (lambda: ops.hann_window(3, dtype=ms.int32), TypeError),
    (lambda: ops.approximate_equal(_t([1, 2], np.int32), _t([1, 3], np.int32)), TypeError),
    (lambda: ops.mvlgamma(_t([1., 4.]), 3), ValueError),
])
def test_nn_more_errors(call, error):
    with pytest.raises(error):
        call()


# ----- solves, inverses, pinv, cond (ms-oracle, rounded to 5 decimals) ---------------------------
XC = [[1.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 2.0]]


@pytest.mark.parametrize("call,shape,expected", [
    (lambda: ops.pinv(_t([[1., 2.], [2., 4.], [0., 1.]])), (2, 3), [[0.2, 0.4, -2.0],
                                                                   [0.0, 0.0, 1.0]]),
    (lambda: ops.pinv(_t([[1., 2.], [2., 4.]])), (2, 2), [[0.04, 0.08], [0.08, 0.16]]),
    (lambda: ops.pinv(_t([[4., 0.], [0., 0.5]]), atol=1.0), (2, 2), [[0.25, 0.0], [0.0, 0.0]]),
    (lambda: ops.pinv(_t([[4., 0.], [0., 0.5]]), rtol=0.2), (2, 2), [[0.25, 0.0], [0.0, 0.0]]),
    (lambda: ops.pinv(_t([[[4., 0.], [0., 5.]], [[1., 1.], [0., 1.]]])), (2, 2, 2),
     [[[0.25, 0.0], [0.0, 0.2]], [[1.0, -1.0], [0.0, 1.0]]]),
    (lambda: ops.matrix_solve(_t([[5., 4.], [3., 1.]]), _t([[7.], [2.]]), True), (2, 1),
     [[-0.14286], [2.57143]]),
    (lambda: ops.cholesky_solve(ops.eye(2, 2, ms.float32), _t([[2., 1.], [0., 2.]]), True),
     (2, 2), [[0.3125, -0.125], [-0.125, 0.25]]),
    (lambda: ops.cholesky_inverse(_t([[2., 1.], [0., 2.]]), True), (2, 2),
     [[0.3125, -0.125], [-0.125, 0.25]]),
    (lambda: ops.lstsq(_t([[1., 0.], [0., 1.], [1., 1.]]), _t([1., 2., 4.])), (2, 1),
     [[1.33333], [2.33333]]),
    (lambda: ops.cond(_t(XC)), (), 2.30278),
    (lambda: ops.cond(_t(XC), "fro"), (), 3.77124),
    (lambda: ops.cond(_t(XC), "nuc"), (), 10.14074),
    (lambda: ops.cond(_t(XC), 1), (), 3.0),
    (lambda: ops.cond(_t(XC), -2), (), 0.43426),
    (lambda: ops.cond(_t(XC), -1), (), 0.66667),
])
def test_solve_pinv_cond_values(call, shape, expected):
    out = call()
    assert out.shape == shape
    np.testing.assert_allclose(out.asnumpy(), np.array(expected), rtol=1e-4, atol=1e-5)


def test_pinv_gradient_matches_float64_finite_differences():
    x = Tensor(np.array([[1.0, 2.0], [3.0, 5.0], [0.5, -1.0]]), ms.float64)
    g = ops.grad(lambda a: ops.pinv(a).sum())(x).asnumpy()
    base = x.asnumpy()
    num = np.zeros_like(base)
    for idx in np.ndindex(base.shape):
        d = np.zeros_like(base)
        d[idx] = 1e-6
        num[idx] = (np.linalg.pinv(base + d).sum() - np.linalg.pinv(base - d).sum()) / 2e-6
    np.testing.assert_allclose(g, num, rtol=1e-5, atol=1e-7)


# ----- random_more_func: shapes, dtypes, rules (ms-oracle) and distributions -------------------
def test_random_more_shapes_dtypes_and_distributions():
    ms.set_seed(3)
    p = ops.randperm(50)
    assert p.dtype == ms.int64 and sorted(p.asnumpy().tolist()) == list(range(50))
    assert ops.randperm(5, dtype=ms.float32).dtype == ms.float32
    assert not np.array_equal(ops.randperm(20, 3, 1).asnumpy(), ops.randperm(20, 3, 2).asnumpy())
    r = ops.randint_like(_t([[1, 2, 3], [3, 2, 1]], np.int32), 1, 10)
    assert r.dtype == ms.int32 and r.shape == (2, 3)
    assert 1 <= r.asnumpy().min() and r.asnumpy().max() < 10
    assert ops.randint_like(_t([1, 2], np.int32), 1, 10, dtype=ms.int64).dtype == ms.int64
    x = _arange((6, 2))
    s = ops.shuffle(x, seed=1).asnumpy()
    assert sorted(map(tuple, s.tolist())) == sorted(map(tuple, x.asnumpy().tolist()))
    lap = ops.standard_laplace(ms.Tensor(np.array([200, 100], np.int32)), seed=5).asnumpy()
    assert lap.shape == (200, 100) and lap.dtype == np.float32
    assert abs(lap.mean()) < 0.05 and abs(np.abs(lap).mean() - 1.0) < 0.05   # E|X| = scale = 1
    logits = _t([[-0.1, 0.3, 3.6], [0.4, 0.5, -3.2]])
    hard = ops.gumbel_softmax(logits, 1.0, True, -1).asnumpy()
    assert sorted(hard.ravel().tolist()) == [0, 0, 0, 0, 1, 1] and (hard.sum(-1) == 1).all()
    assert (ops.gumbel_softmax(logits, 1.0, True, 0).asnumpy().sum(0) == 1).all()
    np.testing.assert_allclose(ops.gumbel_softmax(logits, 0.5).sum(-1).asnumpy(), 1, rtol=1e-6)
    g = ops.grad(lambda a: (ops.gumbel_softmax(a, hard=True) * _t([1., 2., 3.])).sum())(logits)
    assert float(np.abs(g.asnumpy()).sum()) > 0      # the straight-through gradient flows
    neg = _t(-np.ones(4000))
    slopes = -ops.rrelu(neg).asnumpy()
    assert slopes.min() >= 0.125 - 1e-7 and slopes.max() <= 1 / 3 + 1e-7
    np.testing.assert_allclose(ops.rrelu(_t([-1., -2., 3.]), 0.2, 0.2).asnumpy(), [-0.2, -0.4, 3])
    out = ops.rrelu(_t([-1, 3], np.int32))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0, 3]


@pytest.mark.parametrize("call,error", [
    (lambda: ops.randint_like(_t([1., 2.]), 1, 10), ValueError),
    (lambda: ops.randint_like(_t([1, 2], np.int32), 10, 1), ValueError),
    (lambda: ops.randperm(300, dtype=ms.uint8), ValueError),
    (lambda: ops.randperm(-1), ValueError),
    (lambda: ops.gumbel_softmax(_t([1., 2.], np.float64)), TypeError),
    (lambda: ops.gumbel_softmax(_t([1., 2.]), 0.0), ValueError),
    (lambda: ops.rrelu(_t([-1., 2.]), 0.5, 0.2), ValueError),
])
def test_random_more_errors(call, error):
    with pytest.raises(error):
        call()


# ----- shifts, popcount, row updates, intopk, pdist, combinations, igammac (ms-oracle) ---------
XR = [[1., 2.], [3., 4.], [5., 6.]]
VR = [[0.5, 1.0], [1.0, 1.5]]


@pytest.mark.parametrize("call,dtype,expected", [
    (lambda: ops.bitwise_left_shift(_t([1, 2, -4, 8], np.int32), 1), ms.int32, [2, 4, -8, 16]),
    (lambda: ops.bitwise_right_shift(_t([1, 2, -4, 8], np.int32), 1), ms.int32, [0, 1, -2, 4]),
    (lambda: ops.bitwise_left_shift(_t([1, 2, -4, 8], np.int32), _t([0, 1, 2, 40], np.int32)),
     ms.int32, [1, 4, -16, 2048]),
    (lambda: ops.bitwise_left_shift(2, _t([1, 2, -4, 8], np.int32)), ms.int32,
     [4, 8, 536870912, 512]),
    (lambda: ops.bitwise_right_shift(_t([1, 2, -4, 8], np.int32), -1), ms.int32, [0, 0, -1, 0]),
    (lambda: ops.bitwise_right_shift(_t([1, 2], np.uint8), 1), ms.uint8, [0, 1]),
    (lambda: ops.population_count(_t([-1, 7, 255], np.int16)), ms.uint8, [16, 3, 8]),
    (lambda: ops.population_count(_t([255, 7], np.uint8)), ms.uint8, [8, 3]),
    (lambda: ops.inplace_add(_t(XR), _t(VR), (0, 1)), ms.float32, [[1.5, 3.], [4., 5.5], [5., 6.]]),
    (lambda: ops.inplace_add(_t(XR), _t(VR[:1]), 2), ms.float32, [[1., 2.], [3., 4.], [5.5, 7.]]),
    (lambda: ops.inplace_add(_t(XR), _t(VR), (1, 1)), ms.float32,
     [[1., 2.], [4.5, 6.5], [5., 6.]]),
    (lambda: ops.inplace_sub(_t(XR), _t(VR), (2, 0)), ms.float32,
     [[0., 0.5], [3., 4.], [4.5, 5.]]),
    (lambda: ops.inplace_update(_t(XR), _t(VR), _t([2, 0], np.int32)), ms.float32,
     [[1., 1.5], [3., 4.], [0.5, 1.]]),
    (lambda: ops.inplace_update(_t(XR), _t(VR), (1, 1)), ms.float32,
     [[1., 2.], [1., 1.5], [5., 6.]]),
    (lambda: ops.inplace_add(_t([[1, 2]], np.int32), _t([[1, 2]], np.int32), 0), ms.int32,
     [[2, 4]]),
    (lambda: ops.intopk(_t([[1, 8, 5, 2, 7], [4, 9, 1, 3, 5]]), _t([1, 3], np.int32), 3),
     ms.bool_, [True, False]),
    (lambda: ops.intopk(_t([[1., 1., 1.]]), _t([2], np.int32), 1), ms.bool_, [True]),
    (lambda: ops.pdist(_t([[1., 1.], [2., 2.], [3., 5.]]), 1.0), ms.float32, [2., 6., 4.]),
    (lambda: ops.pdist(_t([[1., 1.], [2., 2.], [3., 5.]]), float("inf")), ms.float32,
     [1., 4., 3.]),
    (lambda: ops.pdist(_t([[1., 1.], [2., 1.], [3., 5.]]), 0.0), ms.float32, [1., 2., 2.]),
    (lambda: ops.combinations(_t([1, 2, 3], np.int32)), ms.int32, [[1, 2], [1, 3], [2, 3]]),
    (lambda: ops.combinations(_t([1., 2., 3.]), 3), ms.float32, [[1., 2., 3.]]),
    (lambda: ops.combinations(_t([1, 2, 3], np.int32), with_replacement=True), ms.int32,
     [[1, 1], [1, 2], [1, 3], [2, 2], [2, 3], [3, 3]]),
    (lambda: ops.igammac(_t([2.0, 4.0]), _t([2.0, 3.0])), ms.float32, [0.40600574, 0.6472322]),
])
def test_bits_rows_and_pairs_values(call, dtype, expected):
    out = call()
    assert out.dtype == dtype
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), np.array(expected, np.float64),
                               rtol=1e-6, atol=1e-7)


def test_inplace_add_leaves_x_and_igammac_keeps_small_tails():
    x = _t(XR)
    ops.inplace_add(x, _t(VR), (0, 1))
    assert x.asnumpy().tolist() == XR          # MindSpore 2.10 does not modify x
    q = ops.igammac(_t([1.0]), _t([20.0])).asnumpy()
    np.testing.assert_allclose(q, [np.exp(-20.0)], rtol=1e-5)   # 1 - P would be 0 in Float32


@pytest.mark.parametrize("call,error", [
    (lambda: ops.bitwise_left_shift(_t([1., 2.]), 1), TypeError),
    (lambda: ops.bitwise_left_shift(_t([1, 2], np.int8), _t([1, 2], np.int64)), TypeError),
    (lambda: ops.population_count(_t([1.])), TypeError),
    (lambda: ops.inplace_add(_t(XR), _t(VR), (-1, 0)), ValueError),
    (lambda: ops.pdist(ops.ones((2, 3, 2))), ValueError),
    (lambda: ops.combinations(_t([1, 2, 3], np.int32), 0), ValueError),
])
def test_bits_rows_and_pairs_errors(call, error):
    with pytest.raises(error):
        call()


# ----- eps, deepcopy, dyn_shape, padding, unique_with_pad, space/batch blocks (ms-oracle) -------
S2B = lambda: _arange((2, 2, 4, 2))  # noqa: E731


@pytest.mark.parametrize("call,dtype,expected", [
    (lambda: ops.eps(_t([4., 1.], np.float16)), ms.float16, [0.0009765625] * 2),
    (lambda: ops.eps(_t([4., 1.])), ms.float32, [1.1920928955078125e-07] * 2),
    (lambda: ops.eps(_t([4., 1.], np.float64)), ms.float64, [2.220446049250313e-16] * 2),
    (lambda: ops.deepcopy(_t([1.5], np.float16)), ms.float16, [1.5]),
    (lambda: ops.dyn_shape(ops.ones((3, 2, 1))), ms.int64, [3, 2, 1]),
    (lambda: ops.padding(_t([[8.], [10.]])), ms.float32, [[8.] + [0.] * 7, [10.] + [0.] * 7]),
    (lambda: ops.unique_with_pad(_t([5, 2, 2, 3, 5, 1], np.int32), -1)[0], ms.int32,
     [5, 2, 3, 1, -1, -1]),
    (lambda: ops.unique_with_pad(_t([5, 2, 2, 3, 5, 1], np.int32), -1)[1], ms.int32,
     [0, 1, 1, 2, 0, 3]),
    (lambda: ops.space_to_batch_nd(S2B(), [2, 1], [[0, 0], [1, 1]]), ms.float32,
     [[[[0, 0, 1, 0], [0, 4, 5, 0]], [[0, 8, 9, 0], [0, 12, 13, 0]]],
      [[[0, 16, 17, 0], [0, 20, 21, 0]], [[0, 24, 25, 0], [0, 28, 29, 0]]],
      [[[0, 2, 3, 0], [0, 6, 7, 0]], [[0, 10, 11, 0], [0, 14, 15, 0]]],
      [[[0, 18, 19, 0], [0, 22, 23, 0]], [[0, 26, 27, 0], [0, 30, 31, 0]]]]),
    (lambda: ops.space_to_batch_nd(S2B(), 2, [[0, 0], [0, 0]]).reshape(-1)[:8], ms.float32,
     [0, 4, 8, 12, 16, 20, 24, 28]),
    (lambda: ops.batch_to_space_nd(_arange((4, 1, 2, 3)), [2, 2], [[0, 1], [1, 0]]), ms.float32,
     [[[[6, 1, 7, 2, 8], [18, 13, 19, 14, 20], [9, 4, 10, 5, 11]]]]),
])
def test_small_utilities_values(call, dtype, expected):
    out = call()
    assert out.dtype == dtype
    np.testing.assert_array_equal(out.asnumpy(), np.array(expected, out.asnumpy().dtype))


def test_space_batch_round_trip_and_errors():
    x = _arange((2, 3, 4, 6))
    y = ops.space_to_batch_nd(x, [2, 3], [[0, 0], [0, 0]])
    assert y.shape == (12, 3, 2, 2)
    np.testing.assert_array_equal(ops.batch_to_space_nd(y, [2, 3], [[0, 0], [0, 0]]).asnumpy(),
                                  x.asnumpy())
    with pytest.raises(ValueError):
        ops.space_to_batch_nd(S2B(), [3, 1], [[0, 0], [0, 0]])
    with pytest.raises(ValueError):
        ops.batch_to_space_nd(_arange((4, 1, 2, 3)), [3, 1], [[0, 0], [0, 0]])
    with pytest.raises(TypeError):
        ops.eps(_t([4, 1], np.int32))
    with pytest.raises(ValueError):
        ops.padding(_t([[8., 1.]]), 4)
    with pytest.raises(TypeError):
        ops.unique_with_pad(_t([1., 2.]), 0)


@pytest.mark.parametrize("call,shapes", [
    (lambda x: ops.hsplit(x, 4), [(2, 2), (2, 2), (2, 1), (2, 1)]),
    (lambda x: x.hsplit(4), [(2, 2), (2, 2), (2, 1), (2, 1)]),
    (lambda x: ops.vsplit(x.T, 4), [(2, 2), (2, 2), (1, 2), (1, 2)]),
    (lambda x: ops.hsplit(x, [2, 9]), [(2, 2), (2, 4), (2, 0)]),
    (lambda x: ops.vsplit(x, [1, 1]), [(1, 6), (0, 6), (1, 6)]),
])
def test_hsplit_vsplit_are_tensor_split(call, shapes):
    # MindSpore 2.10 (ms-oracle): unequal and empty parts are allowed, unlike mindspore.numpy's
    out = call(_arange((2, 6)))
    assert isinstance(out, tuple) and [t.shape for t in out] == shapes


def test_hsplit_needs_2d():
    with pytest.raises(ValueError, match="hsplit"):
        ops.hsplit(_arange((6,)), [2])


def test_max_unpool_inverts_max_pool():
    # values recorded with ms-oracle: max_pool2d(x, 2, 1, return_indices=True), then unpool
    x = _t([[[[1., 5., 2., 0.], [3., 4., 8., 1.], [0., 2., 7., 6.]]]])
    v, i = ops.max_pool2d(x, 2, 1, return_indices=True)
    expected = [[[[0.0, 5.0, 0.0, 0.0], [0.0, 4.0, 8.0, 0.0], [0.0, 0.0, 0.0, 0.0]]]]
    assert ops.max_unpool2d(v, i, 2, 1).asnumpy().tolist() == expected
    assert ops.max_unpool2d(v, i, 2, 1, output_size=(1, 1, 3, 4)).asnumpy().tolist() == expected
    assert ops.max_unpool1d(_t([[2., 4., 6., 8.]]), _t([[1, 3, 5, 7]], np.int64), 2, 2).asnumpy(
    ).tolist() == [[0., 2., 0., 4., 0., 6., 0., 8.]]
    out = ops.max_unpool3d(_t([[[[[0, 1], [8, 9]]]]]), _t([[[[[0, 1], [2, 3]]]]], np.int64), 2, 1)
    assert out.shape == (1, 1, 2, 3, 3) and out.asnumpy()[0, 0, 0].tolist() == [
        [0., 1., 8.], [9., 0., 0.], [0., 0., 0.]]
    g = ops.grad(lambda a: (ops.max_unpool2d(a, i, 2, 1) * _arange((1, 1, 3, 4))).sum())(v)
    np.testing.assert_array_equal(g.asnumpy(), [[[[1., 6., 6.], [5., 6., 6.]]]])
    with pytest.raises(ValueError, match="max_unpool1d"):
        ops.max_unpool1d(_t([[[2., 4.]]]), _t([[[1, 5]]], np.int64), 3, 2, 1)


def test_pinv_hermitian_reads_the_lower_triangle():
    # MindSpore 2.10 (ms-oracle): pinv([[2, 1], [5, 3]], hermitian=True) is the pseudo-inverse
    # of [[2, 5], [5, 3]]
    a = np.array([[2.0, 1.0], [5.0, 3.0]], np.float32)
    got = ops.pinv(Tensor(a), hermitian=True).asnumpy()
    np.testing.assert_allclose(got, [[-0.15789473, 0.2631579], [0.2631579, -0.10526317]],
                               rtol=1e-5)
