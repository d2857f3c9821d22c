"""The blocked convolution kernels (mindcell._C.conv.conv2d_fwd / conv2d_bwd_input /
conv2d_bwd_filter: im2col of a block of images, one GEMM per block and group) against the
primitives' numpy references, for every block size from one image to the whole batch (with a
remainder block), groups, strides, dilations, asymmetric padding and the 1x1 stride-1 path
that multiplies the images themselves; the gradients also against finite differences."""
import numpy as np
import pytest

import mindcell  # noqa: F401  (binds the BLAS)
from mindcell._C import conv as _conv
from mindcell._core.kernels import nn as K
from mindcell._core.primitive import REGISTRY

# n, c, h, w, o, (kh, kw), stride, padding (t, b, l, r), dilation, groups
CASES = [
    (5, 4, 7, 6, 6, (3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 1),
    (3, 4, 9, 8, 6, (3, 2), (2, 1), (0, 1, 2, 0), (1, 2), 2),
    (5, 6, 5, 5, 4, (1, 1), (1, 1), (0, 0, 0, 0), (1, 1), 1),   # 1x1 stride 1: no im2col
    (5, 6, 5, 5, 6, (1, 1), (1, 1), (0, 0, 0, 0), (1, 1), 3),
    (4, 8, 8, 8, 4, (1, 1), (2, 2), (0, 0, 0, 0), (1, 1), 1),   # the ResNet shortcut
    (1, 2, 6, 5, 2, (5, 5), (3, 2), (2, 2, 2, 2), (1, 1), 1),
    (3, 4, 6, 6, 4, (3, 3), (1, 1), (0, 0, 0, 0), (2, 2), 4),   # depthwise
    (2, 3, 4, 4, 5, (1, 1), (1, 1), (1, 0, 0, 1), (1, 1), 1),   # 1x1 with padding
]


def _attrs(stride, padding, dilation, groups):
    return dict(stride=stride, padding=padding, dilation=dilation, groups=groups)


def _ref(name, *args, **attrs):
    return REGISTRY[name].impl(*args, **attrs)


def _data(case, dtype, seed=0):
    n, c, h, w, o, (kh, kw), stride, padding, dilation, groups = case
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, c, h, w)).astype(dtype)
    wt = rng.standard_normal((o, c // groups, kh, kw)).astype(dtype)
    attrs = _attrs(stride, padding, dilation, groups)
    y = _ref("Conv2D", x, wt, **attrs)
    dy = rng.standard_normal(y.shape).astype(dtype)
    return x, wt, dy, attrs


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
@pytest.mark.parametrize("block", [1, 2, 3, 64])
def test_blocked_conv_matches_numpy(case, block, dtype):
    x, wt, dy, attrs = _data(case, dtype)
    tol = 1e-4 if dtype == np.float32 else 1e-10
    sh, sw = attrs["stride"]
    t, _, left, _ = attrs["padding"]
    dh, dw = attrs["dilation"]
    g = attrs["groups"]
    y = np.full(dy.shape, np.nan, dtype)  # every element must be written
    _conv.conv2d_fwd(x, wt, sh, sw, t, left, dh, dw, g, y, block)
    np.testing.assert_allclose(y, _ref("Conv2D", x, wt, **attrs), rtol=tol, atol=tol)
    dx = np.full(x.shape, np.nan, dtype)
    _conv.conv2d_bwd_input(dy, wt, sh, sw, t, left, dh, dw, g, dx, block)
    np.testing.assert_allclose(dx, _ref("Conv2DBackpropInput", dy, wt, input_shape=x.shape,
                                        **attrs), rtol=tol, atol=tol)
    dwt = np.full(wt.shape, np.nan, dtype)
    _conv.conv2d_bwd_filter(dy, x, sh, sw, t, left, dh, dw, g, dwt, block)
    np.testing.assert_allclose(dwt, _ref("Conv2DBackpropFilter", dy, x, filter_shape=wt.shape,
                                         **attrs), rtol=tol, atol=10 * tol)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
@pytest.mark.parametrize("team", [2, 3, 8])
def test_blocks_shared_by_threads_match_one_thread(case, team, dtype):
    """Blocks run by a team of threads, each with a one-thread BLAS and its own buffers (the
    filter gradient summing its chains of blocks, including teams larger than the batch or
    the chains), give the bits of the blocks run in order: the plan of the chains depends on
    the shape only, so GRAPH_MODE and PYNATIVE_MODE agree whatever the load."""
    x, wt, dy, attrs = _data(case, dtype, seed=3)
    sh, sw = attrs["stride"]
    t, _, left, _ = attrs["padding"]
    dh, dw = attrs["dilation"]
    g = attrs["groups"]
    tol = 1e-5 if dtype == np.float32 else 1e-12
    for block in (1, 2):
        results = {}
        for forced in (1, team):
            _conv.set_block_team(forced)
            try:
                y = np.full(dy.shape, np.nan, dtype)
                _conv.conv2d_fwd(x, wt, sh, sw, t, left, dh, dw, g, y, block)
                dx = np.full(x.shape, np.nan, dtype)
                _conv.conv2d_bwd_input(dy, wt, sh, sw, t, left, dh, dw, g, dx, block)
                dwt = np.full(wt.shape, np.nan, dtype)
                _conv.conv2d_bwd_filter(dy, x, sh, sw, t, left, dh, dw, g, dwt, block)
            finally:
                _conv.set_block_team(0)  # mindcell's default: the call chooses
            results[forced] = (y, dx, dwt)
        for one, shared in zip(results[1], results[team]):
            np.testing.assert_array_equal(shared, one)


def test_set_block_team_rejects_negative_counts():
    with pytest.raises(ValueError, match="set_block_team: expects team >= 0, but got -1"):
        _conv.set_block_team(-1)


@pytest.mark.parametrize("case", [CASES[0], CASES[1], CASES[4]], ids=["3x3", "strided", "1x1s2"])
def test_blocked_conv_gradients_match_finite_differences(case):
    """d/dx and d/dw of sum(conv(x, w) * dy), float64, central differences."""
    x, wt, dy, attrs = _data(case, np.float64, seed=1)
    dx = K.conv2d_backprop_input(dy, wt, x.shape, **attrs)
    dwt = K.conv2d_backprop_filter(dy, x, wt.shape, **attrs)
    f = lambda a, b: float((K.conv2d(a, b, **attrs) * dy).sum())  # noqa: E731
    rng = np.random.default_rng(2)
    eps = 1e-6
    for arr, grad, other_first in ((x, dx, False), (wt, dwt, True)):
        for _ in range(6):
            idx = tuple(rng.integers(0, s) for s in arr.shape)
            plus, minus = arr.copy(), arr.copy()
            plus[idx] += eps
            minus[idx] -= eps
            if other_first:
                num = (f(x, plus) - f(x, minus)) / (2 * eps)
            else:
                num = (f(plus, wt) - f(minus, wt)) / (2 * eps)
            assert abs(num - grad[idx]) < 1e-6 * max(1.0, abs(num)), (idx, num, grad[idx])


def test_registered_kernels_pick_blocks_and_match_numpy():
    """Through the registered kernels (the block size chosen from the layer), with
    non-contiguous inputs and a block target that leaves a remainder block."""
    case = (7, 4, 4, 4, 6, (3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 2)
    x, wt, dy, attrs = _data(case, np.float32)
    old = K.BLOCK_COLUMNS
    try:
        for columns in (1, 40, 10 ** 6):
            K.BLOCK_COLUMNS = columns
            xs = np.asfortranarray(x)
            np.testing.assert_allclose(K.conv2d(xs, wt, **attrs), _ref("Conv2D", x, wt, **attrs),
                                       rtol=1e-4, atol=1e-4)
            np.testing.assert_allclose(
                K.conv2d_backprop_input(dy, wt, x.shape, **attrs),
                _ref("Conv2DBackpropInput", dy, wt, input_shape=x.shape, **attrs),
                rtol=1e-4, atol=1e-4)
            np.testing.assert_allclose(
                K.conv2d_backprop_filter(dy, xs, wt.shape, **attrs),
                _ref("Conv2DBackpropFilter", dy, x, filter_shape=wt.shape, **attrs),
                rtol=1e-4, atol=1e-4)
    finally:
        K.BLOCK_COLUMNS = old


def test_blocks_of_the_w9_layers():
    """The block sizes the kernels choose for ResNet-18's CIFAR layers (batch 32): one image
    per GEMM at 32x32, several where the images are small, within the column budget."""
    assert K._block(32, 32 * 32, 64 * 9) == 1
    for p, k in ((16 * 16, 128 * 9), (8 * 8, 256 * 9), (4 * 4, 512 * 9)):
        nb = K._block(32, p, k)
        assert 1 < nb <= 32 and nb * p * k <= max(K.COLS_BUDGET, p * k)
    assert K._block(3, 1, 1) == 3  # never more than the batch


def test_empty_batch_and_empty_output():
    w = np.ones((4, 3, 3, 3), np.float32)
    y = K.conv2d(np.ones((0, 3, 5, 5), np.float32), w, (1, 1), (0, 0, 0, 0), (1, 1), 1)
    assert y.shape == (0, 4, 3, 3)
    dw = K.conv2d_backprop_filter(np.ones((0, 4, 3, 3), np.float32),
                                  np.ones((0, 3, 5, 5), np.float32), w.shape, (1, 1),
                                  (0, 0, 0, 0), (1, 1), 1)
    np.testing.assert_array_equal(dw, np.zeros(w.shape, np.float32))


def test_groups_must_divide_the_output_channels():
    x = np.ones((1, 4, 5, 5), np.float32)
    with pytest.raises(ValueError, match="conv2d_fwd: the 6 output channels of 'w' are not "
                                         "divisible by groups=4"):
        _conv.conv2d_fwd(x, np.ones((6, 1, 3, 3), np.float32), 1, 1, 0, 0, 1, 1, 4,
                         np.empty((1, 6, 3, 3), np.float32), 1)
