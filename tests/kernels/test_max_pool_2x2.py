"""The 2x2, stride-2, unpadded max pooling kernels of mindcell._C.conv (max_pool2x2_fwd /
max_pool2x2_bwd, used by the MaxPool and MaxPoolGrad kernels for that window): bit-for-bit the
general kernels' results (argmax forward, gradient routed through the argmax into a zeroed
plane), including NaNs, ties, -0.0 gradients, odd sizes, planes wider than one chunk and one
or two threads; the gradient against float64 finite differences; GRAPH_MODE == PYNATIVE_MODE
for a LeNet-style network."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import _threads, nn, ops
from mindcell._C import conv as _conv
from mindcell._core.kernels import KERNELS

WINDOW = dict(kernel_size=(2, 2), stride=(2, 2), padding=(0, 0, 0, 0))
# (N, C, H, W): LeNet's planes, odd heights and widths, planes without a window (H or W 1),
# rows wider than one chunk of the kernels (512 windows), a single element
SHAPES = [(32, 6, 28, 28), (4, 16, 10, 10), (3, 2, 5, 7), (2, 3, 1, 6), (2, 2, 6, 1),
          (1, 2, 6, 1500), (3, 2, 40, 1030), (1, 1, 1, 1), (2, 1, 3, 2)]


def _general(x, dy):
    """The general kernels: forward with argmax, gradient routed through it."""
    y = np.empty(x.shape[:2] + (x.shape[2] // 2, x.shape[3] // 2), x.dtype)
    arg = np.empty(y.shape, np.int64)
    _conv.max_pool_fwd(x, 2, 2, 2, 2, 0, 0, y, arg)
    dx = np.zeros(x.shape, x.dtype)
    _conv.max_pool_bwd(dy, arg, dx)
    return y, dx


def _data(rng, shape, dtype, kind):
    x = rng.standard_normal(shape).astype(dtype)
    if kind == "ties":
        x = rng.integers(0, 3, shape).astype(dtype)
    elif kind == "nan":
        x[rng.random(shape) < 0.2] = np.nan
    dy = rng.standard_normal(shape[:2] + (shape[2] // 2, shape[3] // 2)).astype(dtype)
    if kind == "negzero":
        dy[rng.random(dy.shape) < 0.5] = -0.0
    return x, dy


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("kind", ["random", "ties", "nan", "negzero"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_2x2_kernels_match_the_general_ones_bit_for_bit(dtype, kind, threads):
    rng = np.random.default_rng(11)
    before = _threads.get_num_threads()
    _threads.set_num_threads(threads)
    try:
        for shape in SHAPES:
            x, dy = _data(rng, shape, dtype, kind)
            y_ref, dx_ref = _general(x, dy)
            y = np.full(y_ref.shape, 7, dtype)
            _conv.max_pool2x2_fwd(x, y)
            dx = np.full(x.shape, 7, dtype)  # every element must be written
            _conv.max_pool2x2_bwd(x, dy, dx)
            assert y.tobytes() == y_ref.tobytes(), shape
            assert dx.tobytes() == dx_ref.tobytes(), shape
            # and through the registered kernels of the primitives
            assert KERNELS["MaxPool"](x, **WINDOW).tobytes() == y_ref.tobytes()
            assert KERNELS["MaxPoolGrad"](x, y_ref, dy, **WINDOW).tobytes() == dx_ref.tobytes()
    finally:
        _threads.set_num_threads(before)


def test_2x2_gradient_matches_float64_finite_differences():
    rng = np.random.default_rng(12)
    x = rng.permutation(2 * 3 * 7 * 9).reshape(2, 3, 7, 9).astype(np.float64) * 0.01  # no ties
    dy = rng.standard_normal((2, 3, 3, 4))
    dx = np.empty_like(x)
    _conv.max_pool2x2_bwd(x, dy, dx)

    def loss(v):
        y = np.empty(dy.shape)
        _conv.max_pool2x2_fwd(v, y)
        return float((y * dy).sum())

    h = 1e-6
    numeric = np.empty_like(x)
    for i in np.ndindex(x.shape):
        e = np.zeros_like(x)
        e[i] = h
        numeric[i] = (loss(x + e) - loss(x - e)) / (2 * h)
    np.testing.assert_allclose(dx, numeric, rtol=1e-7, atol=1e-9)
    assert np.count_nonzero(dx) == dy.size  # one input per window; the odd row/column get 0


def test_2x2_kernels_check_their_buffers():
    x = np.zeros((1, 2, 4, 4), np.float32)
    with pytest.raises(ValueError, match=r"max_pool2x2_fwd: 'y'.*x.shape\[2\] // 2"):
        _conv.max_pool2x2_fwd(x, np.zeros((1, 2, 3, 2), np.float32))
    with pytest.raises(ValueError, match="max_pool2x2_bwd: 'dx' must have the shape of 'x'"):
        _conv.max_pool2x2_bwd(x, np.zeros((1, 2, 2, 2), np.float32),
                              np.zeros((1, 2, 4, 5), np.float32))
    with pytest.raises(ValueError, match="max_pool2x2_bwd"):
        _conv.max_pool2x2_bwd(x, np.zeros((1, 2, 2, 2), np.float64),
                              np.zeros((1, 2, 4, 4), np.float32))


class _LeNetish(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3, pad_mode="valid", has_bias=True)
        self.pool = nn.MaxPool2d(2, 2)
        self.dense = nn.Dense(4 * 5 * 6, 3)

    def construct(self, x):
        return self.dense(ops.reshape(self.pool(ops.relu(self.conv(x))), (x.shape[0], -1)))


def _grads(mode, x):
    ms.set_context(mode=mode)
    try:
        ms.set_seed(3)
        net = _LeNetish()
        fn = ms.value_and_grad(lambda v: net(v).sum(), None, net.trainable_params())
        loss, grads = fn(x)
        return float(loss.asnumpy()), [g.asnumpy() for g in grads]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_graph_mode_equals_pynative_through_2x2_max_pooling():
    x = ms.Tensor(np.random.default_rng(4).standard_normal((3, 1, 12, 14)).astype(np.float32))
    loss_p, grads_p = _grads(ms.PYNATIVE_MODE, x)
    loss_g, grads_g = _grads(ms.GRAPH_MODE, x)
    assert loss_p == loss_g
    for gp, gg in zip(grads_p, grads_g):
        np.testing.assert_array_equal(gp, gg)
    assert any(np.count_nonzero(g) for g in grads_p)
