"""Winograd F(2x2, 3x3) and F(4x4, 3x3) in mindcell._C.conv (float32 3x3 stride-1
convolutions of one group with at least 16 channels in and out: the forward and both
gradients) against float64 references, with the error bound of the transforms; float64 and
the other geometries keep im2col + GEMM."""
import numpy as np
import pytest

import mindcell  # noqa: F401  (binds the BLAS)
from mindcell._C import conv as _conv
from mindcell._core.primitive import REGISTRY

EPS32 = np.finfo(np.float32).eps

# n, c, h, w, o, padding (t, b, l, r): even and odd sizes, 'same', 'valid' and asymmetric
CASES = [
    (3, 16, 8, 8, 16, (1, 1, 1, 1)),
    (2, 24, 9, 11, 20, (1, 1, 1, 1)),
    (2, 16, 12, 10, 32, (0, 0, 0, 0)),
    (3, 17, 10, 9, 16, (2, 0, 0, 1)),
    (1, 32, 8, 9, 16, (2, 2, 2, 2)),
    (5, 16, 8, 8, 16, (1, 1, 1, 1)),
    (2, 64, 8, 8, 72, (1, 1, 1, 1)),  # filters transformed by several threads
]


def _ref(name, *args, **attrs):
    return REGISTRY[name].impl(*args, **attrs)


def _attrs(padding):
    return dict(stride=(1, 1), padding=padding, dilation=(1, 1), groups=1)


def _run(fn, *args, winograd=True, team=1, budget=0, tile=2):
    # team: 1 the blocks in order, n a team of n threads, 0 (mindcell's default) the call
    # chooses;
    # tile: Winograd's output tile (2 or 4; 0: the default rule)
    _conv.set_winograd(winograd, budget)
    _conv.set_block_team(team)
    _conv.set_winograd_tile(tile)
    try:
        return fn(*args)
    finally:
        _conv.set_winograd(True, 1 << 18)
        _conv.set_block_team(0)
        _conv.set_winograd_tile(0)


def _fwd(x, w, padding, out_shape):
    def go():
        y = np.full(out_shape, np.nan, x.dtype)  # every element must be written
        _conv.conv2d_fwd(x, w, 1, 1, padding[0], padding[2], 1, 1, 1, y, 1)
        return y
    return go


def _bwd_input(dy, w, padding, x_shape):
    def go():
        dx = np.full(x_shape, np.nan, dy.dtype)
        _conv.conv2d_bwd_input(dy, w, 1, 1, padding[0], padding[2], 1, 1, 1, dx, 1)
        return dx
    return go


def _data(case, seed=0):
    n, c, h, w, o, padding = case
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, c, h, w))
    wt = rng.standard_normal((o, c, 3, 3))
    y = _ref("Conv2D", x, wt, **_attrs(padding))
    dy = rng.standard_normal(y.shape)
    return x, wt, dy, padding


# The bound: each output is sum over channels of A^T [(G g G^T) . (B^T d B)] A. B^T d B adds
# up to 4 inputs (coefficients +-1), G g G^T up to 9 filter taps with weights <= 1/4 .. 1
# (at most 9/4 |g| in all), A^T m A adds up to 9 products; each step rounds once, and the
# GEMM's sum over the channels adds a relative error <= C * eps. So the error is at most about
# (C + 12) * eps times the same sums taken in absolute value, which are <= 9 * 9/4 * 4 = 81
# times conv(|x|, |w|); tests use 4 * (C + 12) * eps * conv(|x|, |w|) (the observed errors are
# far below: the sums' rounding errors do not all add up).
def _bound(c, abs_sum):
    return 4 * (c + 12) * EPS32 * abs_sum


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_winograd_forward_within_the_transform_error_bound(case):
    x, wt, _, padding = _data(case)
    attrs = _attrs(padding)
    ref = _ref("Conv2D", x, wt, **attrs)
    abs_sum = _ref("Conv2D", np.abs(x), np.abs(wt), **attrs)
    x32, w32 = x.astype(np.float32), wt.astype(np.float32)
    y = _run(_fwd(x32, w32, padding, ref.shape))
    assert y.dtype == np.float32
    err = np.abs(y - ref)
    assert np.all(err <= _bound(case[1], abs_sum)), err.max()
    # the Winograd path was taken: its rounding differs from im2col + GEMM's
    y_gemm = _run(_fwd(x32, w32, padding, ref.shape), winograd=False)
    assert np.all(np.abs(y_gemm - ref) <= _bound(case[1], abs_sum))
    assert not np.array_equal(y, y_gemm)


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_winograd_input_gradient_within_the_transform_error_bound(case):
    x, wt, dy, padding = _data(case, seed=1)
    attrs = _attrs(padding)
    ref = _ref("Conv2DBackpropInput", dy, wt, input_shape=x.shape, **attrs)
    abs_sum = _ref("Conv2DBackpropInput", np.abs(dy), np.abs(wt), input_shape=x.shape, **attrs)
    dy32, w32 = dy.astype(np.float32), wt.astype(np.float32)
    dx = _run(_bwd_input(dy32, w32, padding, x.shape))
    err = np.abs(dx - ref)
    assert np.all(err <= _bound(case[4], abs_sum)), err.max()
    dx_gemm = _run(_bwd_input(dy32, w32, padding, x.shape), winograd=False)
    assert not np.array_equal(dx, dx_gemm)


def _bwd_filter(dy, x, padding, w_shape):
    def go():
        dw = np.full(w_shape, np.nan, dy.dtype)
        _conv.conv2d_bwd_filter(dy, x, 1, 1, padding[0], padding[2], 1, 1, 1, dw, 1)
        return dw
    return go


@pytest.mark.parametrize("case", CASES, ids=[str(i) for i in range(len(CASES))])
def test_winograd_filter_gradient_within_the_transform_error_bound(case):
    """dU = sum over tiles of (A dY A^T) . (B^T d B), dw = G^T dU G: the same transforms,
    the sum running over the n * tiles 2x2 tiles instead of the channels."""
    x, wt, dy, padding = _data(case, seed=5)
    attrs = _attrs(padding)
    ref = _ref("Conv2DBackpropFilter", dy, x, filter_shape=wt.shape, **attrs)
    abs_sum = _ref("Conv2DBackpropFilter", np.abs(dy), np.abs(x), filter_shape=wt.shape,
                   **attrs)
    dy32, x32 = dy.astype(np.float32), x.astype(np.float32)
    dw = _run(_bwd_filter(dy32, x32, padding, wt.shape))
    tiles = dy.shape[0] * ((dy.shape[2] + 1) // 2) * ((dy.shape[3] + 1) // 2)
    err = np.abs(dw - ref)
    assert np.all(err <= _bound(tiles, abs_sum)), err.max()
    dw_gemm = _run(_bwd_filter(dy32, x32, padding, wt.shape), winograd=False)
    assert not np.array_equal(dw, dw_gemm)


def test_winograd_filter_gradient_of_4x4_images():
    """The filter gradient takes Winograd from 4x4 results on (F(2x2, 3x3) there); the
    forward too with F(4x4, 3x3), from 8x8 when F(2x2, 3x3) is forced."""
    x, wt, dy, padding = _data((6, 32, 4, 4, 16, (1, 1, 1, 1)), seed=6)
    attrs = _attrs(padding)
    ref = _ref("Conv2DBackpropFilter", dy, x, filter_shape=wt.shape, **attrs)
    abs_sum = _ref("Conv2DBackpropFilter", np.abs(dy), np.abs(x), filter_shape=wt.shape,
                   **attrs)
    dy32, x32 = dy.astype(np.float32), x.astype(np.float32)
    dw = _run(_bwd_filter(dy32, x32, padding, wt.shape))
    assert np.all(np.abs(dw - ref) <= _bound(6 * 4, abs_sum))
    assert not np.array_equal(dw, _run(_bwd_filter(dy32, x32, padding, wt.shape),
                                       winograd=False))
    # the forward: im2col with F(2x2, 3x3) forced, F(4x4, 3x3) (one tile per image) by default
    make = _fwd(x32, wt.astype(np.float32), padding, dy.shape)
    y_off = _run(make, winograd=False)
    np.testing.assert_array_equal(_run(make, tile=2), y_off)
    y4 = _run(make, tile=0)
    assert not np.array_equal(y4, y_off)
    ref = _ref("Conv2D", x, wt, **attrs)
    assert np.all(np.abs(y4 - ref) <= _bound4(32, _ref("Conv2D", np.abs(x), np.abs(wt),
                                                            **attrs)))


@pytest.mark.parametrize("team", [2, 3])
def test_winograd_blocks_shared_by_threads(team):
    """A team of threads, each transforming and multiplying its own blocks (one image each
    with a small budget), gives the bits of the blocks run in order (the filter gradient's
    chains of blocks are planned from the shape alone)."""
    x, wt, dy, padding = _data((5,) + CASES[1][1:], seed=2)
    x32, w32, dy32 = (a.astype(np.float32) for a in (x, wt, dy))
    for make in (_fwd(x32, w32, padding, dy.shape), _bwd_input(dy32, w32, padding, x.shape),
                 _bwd_filter(dy32, x32, padding, wt.shape)):
        one = _run(make, team=1, budget=1)
        shared = _run(make, team=team, budget=1)
        np.testing.assert_array_equal(shared, one)


def test_float64_and_other_geometries_keep_im2col():
    """float64, strides, dilation, groups, few channels and (F(2x2, 3x3) forced, as _run
    does) results under 8x8 give the same bits with Winograd on and off (it is not used for
    them)."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 16, 8, 8))
    w = rng.standard_normal((16, 16, 3, 3))
    on = _run(_fwd(x, w, (1, 1, 1, 1), (2, 16, 8, 8)))
    off = _run(_fwd(x, w, (1, 1, 1, 1), (2, 16, 8, 8)), winograd=False)
    np.testing.assert_array_equal(on, off)
    x32, w32 = x.astype(np.float32), w.astype(np.float32)
    w8, x8 = np.ascontiguousarray(w32[:, :8]), np.ascontiguousarray(x32[:, :8])
    for args, shape in (((x32, w32, 2, 2, 1, 1, 1, 1, 1), (2, 16, 4, 4)),      # stride 2
                        ((x32, w32, 1, 1, 2, 2, 2, 2, 1), (2, 16, 8, 8)),      # dilation 2
                        ((x32, w8, 1, 1, 1, 1, 1, 1, 2), (2, 16, 8, 8)),        # groups
                        ((x8, w8, 1, 1, 1, 1, 1, 1, 1), (2, 16, 8, 8)),             # 8 channels
                        ((x32[:, :, :6, :6].copy(), w32, 1, 1, 1, 1, 1, 1, 1), (2, 16, 6, 6))):
        outs = []
        for flag in (True, False):
            def go(args=args, shape=shape):
                y = np.empty(shape, np.float32)
                _conv.conv2d_fwd(*args, y, 1)
                return y
            outs.append(_run(go, winograd=flag))
        np.testing.assert_array_equal(outs[0], outs[1])


def test_set_winograd_rejects_a_negative_budget():
    with pytest.raises(ValueError, match="set_winograd: expects budget >= 0, but got -1"):
        _conv.set_winograd(True, -1)


def test_winograd_is_deterministic():
    """The same call twice gives the same bits (nothing shared between the threads of the
    filter and tile transforms)."""
    x, wt, dy, padding = _data((4, 64, 16, 16, 96, (1, 1, 1, 1)), seed=4)
    x32, w32, dy32 = (a.astype(np.float32) for a in (x, wt, dy))
    for make in (_fwd(x32, w32, padding, dy.shape), _bwd_input(dy32, w32, padding, x.shape),
                 _bwd_filter(dy32, x32, padding, wt.shape)):
        first = _run(make)
        for _ in range(3):
            np.testing.assert_array_equal(_run(make), first)


# F(4x4, 3x3) (points 0, +-1, +-2, infinity): B^T d B combines up to 6 inputs with
# coefficients up to 5 and A^T m A up to 6 terms with coefficients up to 8, so its rounding
# errors are about ten times F(2x2, 3x3)'s: observed up to 38 eps * conv(|x|, |w|) here and
# on W9's layers (max error / max |result| 5.6e-6 .. 1.2e-5, relative L2 error 1.4e-6 ..
# 3.5e-6, against 2e-7 .. 7e-7 for F(2x2, 3x3) and im2col; float32 convolutions elsewhere are
# compared at 1e-4 .. 1e-5). The tests allow 4x F(2x2, 3x3)'s bound.
def _bound4(c, abs_sum):
    return 16 * (c + 12) * EPS32 * abs_sum


CASES4 = CASES + [(2, 16, 33, 35, 24, (1, 1, 1, 1)), (2, 20, 32, 32, 16, (2, 0, 1, 0)),
                  (3, 32, 4, 4, 24, (1, 1, 1, 1)), (2, 16, 5, 6, 16, (1, 1, 0, 1))]


@pytest.mark.parametrize("case", CASES4, ids=[str(i) for i in range(len(CASES4))])
def test_winograd_4x4_within_its_error_bound(case):
    """F(4x4, 3x3) forced on every case: forward, input and filter gradients (odd sizes, so
    partial tiles, and asymmetric padding included; rows of 8 or more tiles take the per-row
    transforms, the others the per-channel ones)."""
    x, wt, dy, padding = _data(case, seed=7)
    attrs = _attrs(padding)
    x32, w32, dy32 = (a.astype(np.float32) for a in (x, wt, dy))
    tiles = dy.shape[0] * ((dy.shape[2] + 3) // 4) * ((dy.shape[3] + 3) // 4)
    for make, name, args, kw, c in (
            (_fwd(x32, w32, padding, dy.shape), "Conv2D", (x, wt), {}, case[1]),
            (_bwd_input(dy32, w32, padding, x.shape), "Conv2DBackpropInput", (dy, wt),
             dict(input_shape=x.shape), case[4]),
            (_bwd_filter(dy32, x32, padding, wt.shape), "Conv2DBackpropFilter", (dy, x),
             dict(filter_shape=wt.shape), tiles)):
        ref = _ref(name, *args, **kw, **attrs)
        abs_sum = _ref(name, *(np.abs(a) for a in args), **kw, **attrs)
        got = _run(make, tile=4)
        err = np.abs(got - ref)
        assert np.all(err <= _bound4(c, abs_sum)), (name, err.max())
        # its own path: the rounding differs from F(2x2, 3x3)'s
        assert not np.array_equal(got, _run(make, tile=2)), name


def test_winograd_tile_default_rule():
    """By default the forward and input gradient take F(4x4, 3x3), the filter gradient too
    from 16-wide results on and F(2x2, 3x3) below; 32-wide results run the transforms row of
    tiles by row of tiles, narrower ones all tiles of a channel at once (both checked)."""
    for size, filter_tile in ((32, 4), (16, 4), (8, 2)):
        x, wt, dy, padding = _data((2, 16, size, size, 16, (1, 1, 1, 1)), seed=8)
        x32, w32, dy32 = (a.astype(np.float32) for a in (x, wt, dy))
        for make, tile in ((_fwd(x32, w32, padding, dy.shape), 4),
                           (_bwd_input(dy32, w32, padding, x.shape), 4),
                           (_bwd_filter(dy32, x32, padding, wt.shape), filter_tile)):
            np.testing.assert_array_equal(_run(make, tile=0), _run(make, tile=tile))
            assert not np.array_equal(_run(make, tile=0), _run(make, tile=6 - tile))


def test_set_winograd_tile_rejects_other_tiles():
    with pytest.raises(ValueError, match="set_winograd_tile: expects tile 0, 2 or 4, but got 3"):
        _conv.set_winograd_tile(3)


@pytest.mark.parametrize("team", [2, 3])
def test_winograd_4x4_blocks_shared_by_threads(team):
    """F(4x4, 3x3) with a team of threads (one image per block) gives the one-thread
    forward, input gradient and filter gradient bit for bit, the filter gradient within
    the error bound."""
    x, wt, dy, padding = _data((5, 24, 13, 18, 20, (1, 1, 1, 1)), seed=9)
    x32, w32, dy32 = (a.astype(np.float32) for a in (x, wt, dy))
    for make in (_fwd(x32, w32, padding, dy.shape), _bwd_input(dy32, w32, padding, x.shape)):
        one = _run(make, tile=4)
        np.testing.assert_array_equal(_run(make, tile=4), one)
        shared = _run(make, team=team, budget=1, tile=4)
        np.testing.assert_array_equal(shared, one)
    attrs = _attrs(padding)
    ref = _ref("Conv2DBackpropFilter", dy, x, filter_shape=wt.shape, **attrs)
    abs_sum = _ref("Conv2DBackpropFilter", np.abs(dy), np.abs(x), filter_shape=wt.shape,
                   **attrs)
    make = _bwd_filter(dy32, x32, padding, wt.shape)
    shared = _run(make, team=team, budget=1, tile=4)
    np.testing.assert_array_equal(shared, _run(make, team=1, budget=1, tile=4))
    assert np.all(np.abs(shared - ref) <= _bound4(5 * 4 * 5, abs_sum))
