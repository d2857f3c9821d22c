"""The fft family (issue 16, complex8): values against numpy.fft in the input's precision for
every function over n/s/dim/norm, MindSpore 2.10's dtypes and errors (ms-oracle), gradients by
float64 finite differences (the real and imaginary parts), and a spectral layer (rfft ->
complex weights made of two real Parameters -> irfft) trained in both modes, its loss and
gradients recorded from MindSpore 2.10."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn, ops

RNG = np.random.default_rng(0)
X = RNG.standard_normal((3, 4, 6))
ZX = X + 1j * RNG.standard_normal((3, 4, 6))
NORMS = (None, "backward", "forward", "ortho")


def _close(got, want, dtype):
    assert got.dtype == dtype, (got.dtype, dtype)
    tol = 1e-12 if dtype in (ms.complex128, ms.float64) else 2e-5
    np.testing.assert_allclose(got.asnumpy(), want, rtol=tol, atol=tol * 10)


ONE_D = [("fft", np.fft.fft, True), ("ifft", np.fft.ifft, True),
         ("rfft", np.fft.rfft, False), ("irfft", np.fft.irfft, True),
         ("hfft", np.fft.hfft, True), ("ihfft", np.fft.ihfft, False)]


@pytest.mark.parametrize("name, ref, takes_complex", ONE_D)
@pytest.mark.parametrize("norm", NORMS)
def test_one_dimensional_against_numpy(name, ref, takes_complex, norm):
    fn = getattr(ops, name)
    data = ZX if takes_complex else X
    real_out = name in ("irfft", "hfft")
    for n, dim in ((None, -1), (5, -1), (8, 1), (3, 0)):
        want = ref(data, n=n, axis=dim, norm=norm)
        _close(fn(Tensor(data), n=n, dim=dim, norm=norm), want,
               ms.float64 if real_out else ms.complex128)
        got32 = fn(Tensor(data.astype(np.complex64 if takes_complex else np.float32)), n=n,
                   dim=dim, norm=norm)
        _close(got32, want, ms.float32 if real_out else ms.complex64)


def _ref_n(name):
    """numpy's n-d references (hfftn/ihfftn: the compositions MindSpore computes, checked
    against its values in tests/goldens/complex)."""
    def hfftn(a, s=None, axes=None, norm=None):
        dual = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}
        return np.fft.irfftn(np.conj(a), s, axes, dual[norm])

    def ihfftn(a, s=None, axes=None, norm=None):
        dual = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}
        return np.conj(np.fft.rfftn(a, s, axes, dual[norm]))
    table = {"hfftn": hfftn, "ihfftn": ihfftn, "hfft2": hfftn, "ihfft2": ihfftn}
    return table[name] if name in table else getattr(np.fft, name.replace("2", "n"))


N_D = [("fftn", True), ("ifftn", True), ("rfftn", False), ("irfftn", True), ("hfftn", True),
       ("ihfftn", False), ("fft2", True), ("ifft2", True), ("rfft2", False), ("irfft2", True),
       ("hfft2", True), ("ihfft2", False)]


@pytest.mark.parametrize("name, takes_complex", N_D)
@pytest.mark.parametrize("norm", NORMS)
def test_n_dimensional_against_numpy(name, takes_complex, norm):
    fn, ref = getattr(ops, name), _ref_n(name)
    data = ZX if takes_complex else X
    real_out = name.startswith(("irfft", "hfft"))
    two = name.endswith("2")
    calls = [(None, None), ((5, 4), None), ((3, 8), (0, 2))] if two else \
        [(None, None), ((5, 4), None), (None, (0, 2)), ((2, 3, 8), (2, 0, 1))]
    for s, dim in calls:
        kw = {} if dim is None else {"dim": dim}
        axes = dim if dim is not None else ((-2, -1) if two else
                                            (None if s is None else tuple(range(-len(s), 0))))
        want = ref(data, s=s, axes=axes, norm=norm)
        _close(fn(Tensor(data), s=s, norm=norm, **kw), want,
               ms.float64 if real_out else ms.complex128)


@pytest.mark.parametrize("np_dtype, out", [
    (np.int16, ms.complex64), (np.int32, ms.complex64), (np.int64, ms.complex64),
    (np.float16, ms.complex64), (np.float32, ms.complex64), (np.float64, ms.complex128),
    (np.complex64, ms.complex64), (np.complex128, ms.complex128)])
def test_dtypes_as_mindspore(np_dtype, out):
    x = Tensor(np.arange(4).astype(np_dtype))
    assert ops.fft(x).dtype == ops.ifft(x).dtype == out
    real_out = ms.float64 if out == ms.complex128 else ms.float32
    assert ops.irfft(x).dtype == ops.hfft(x).dtype == real_out
    if np.dtype(np_dtype).kind != "c":
        assert ops.rfft(x).dtype == ops.ihfft(x).dtype == out
    assert ops.fft(Tensor([1.0, 2.0], ms.bfloat16)).dtype == ms.complex64


@pytest.mark.parametrize("np_dtype", [np.bool_, np.int8, np.uint8, np.uint16])
def test_refused_dtypes(np_dtype):
    x = Tensor(np.ones(4, np_dtype))
    for name in ("fft", "rfft", "irfft", "hfft", "ihfft", "fftn"):
        with pytest.raises(TypeError, match=name):
            getattr(ops, name)(x)


def test_errors():
    x = Tensor(X.astype(np.float32))
    with pytest.raises(TypeError, match="rfft"):  # MindSpore 2.10 reads complex input as garbage
        ops.rfft(Tensor(ZX))
    with pytest.raises(ValueError, match="norm"):
        ops.fft(x, norm="xx")
    with pytest.raises(ValueError, match="'n'"):
        ops.fft(x, n=0)
    with pytest.raises(ValueError, match="dim"):
        ops.fft(x, dim=5)
    with pytest.raises(ValueError, match="dim"):
        ops.fftn(x, dim=(1, 1))
    with pytest.raises(ValueError, match="same length"):
        ops.fftn(x, s=(2,), dim=(0, 1))
    with pytest.raises(ValueError, match="1-D"):
        ops.fft(Tensor(1.0))
    with pytest.raises(TypeError, match="fft"):
        ops.fft(X)


def test_frequencies_and_shifts():
    _close(ops.fftfreq(5, 0.5), np.fft.fftfreq(5, 0.5).astype(np.float32), ms.float32)
    _close(ops.rfftfreq(6, dtype=ms.float64), np.fft.rfftfreq(6), ms.float64)
    for dim in (None, 1, (0, 2)):
        _close(ops.fftshift(Tensor(X), dim), np.fft.fftshift(X, dim), ms.float64)
        _close(ops.ifftshift(Tensor(ZX), dim), np.fft.ifftshift(ZX, dim), ms.complex128)
    with pytest.raises(ValueError, match="fftfreq"):
        ops.fftfreq(0)


def test_fft_with_size():
    z, x = Tensor(ZX), Tensor(X)
    _close(ops.FFTWithSize(2, False, False)(z), np.fft.fftn(ZX, axes=(-2, -1)), ms.complex128)
    _close(ops.FFTWithSize(1, True, False, norm="ortho")(z), np.fft.ifft(ZX, norm="ortho"),
           ms.complex128)
    _close(ops.FFTWithSize(1, False, True)(x), np.fft.rfft(X), ms.complex128)
    _close(ops.FFTWithSize(1, False, True, onesided=False)(x), np.fft.fft(X), ms.complex128)
    _close(ops.FFTWithSize(2, True, True)(z), np.fft.irfftn(ZX, axes=(-2, -1)), ms.float64)
    _close(ops.FFTWithSize(1, True, True, signal_sizes=(11,))(z), np.fft.irfft(ZX, 11),
           ms.float64)
    with pytest.raises(ValueError, match="signal_sizes"):  # MindSpore 2.10: 10 or 11 only
        ops.FFTWithSize(1, True, True, signal_sizes=(7,))(z)
    _close(ops.FFTWithSize(1, True, True, onesided=False)(z), np.fft.ifft(ZX).real, ms.float64)
    with pytest.raises(ValueError, match="signal_ndim"):
        ops.FFTWithSize(4, False, False)


# ----- gradients ------------------------------------------------------------------------------------
def _fd(f, a, eps=1e-6):
    g = np.zeros_like(a)
    for i in np.ndindex(a.shape):
        for unit in ((1.0, 1j) if a.dtype.kind == "c" else (1.0,)):
            ap, am = a.copy(), a.copy()
            ap[i] += eps * unit
            am[i] -= eps * unit
            g[i] += unit * (f(ap) - f(am)) / (2 * eps)
    return g


PROBE_C = RNG.standard_normal((3, 4, 8)) + 1j * RNG.standard_normal((3, 4, 8))
PROBE_R = RNG.standard_normal((3, 4, 10))


def _loss(out):
    """A real scalar weighing every real and imaginary part of ``out`` differently."""
    if out.dtype in (ms.complex64, ms.complex128):
        p = PROBE_C[tuple(slice(0, n) for n in out.shape)]
        return ops.real(out * ops.conj(Tensor(p))).sum()
    return (out * Tensor(PROBE_R[tuple(slice(0, n) for n in out.shape)])).sum()


GRAD_CASES = [
    ("fft", lambda t: ops.fft(t, n=5, norm="ortho"), True),
    ("ifft", lambda t: ops.ifft(t, dim=0), True),
    ("rfft", lambda t: ops.rfft(t, n=8), False),
    ("rfft_crop", lambda t: ops.rfft(t, n=3, dim=1, norm="forward"), False),
    ("irfft", lambda t: ops.irfft(t), True),
    ("irfft_n_odd", lambda t: ops.irfft(t, n=7, norm="ortho"), True),
    ("irfft_n_crop", lambda t: ops.irfft(t, n=4, dim=1, norm="forward"), True),
    ("hfft", lambda t: ops.hfft(t, n=5), True),
    ("ihfft", lambda t: ops.ihfft(t), False),
    ("fftn", lambda t: ops.fftn(t, s=(2, 5), dim=(0, 2)), True),
    ("rfftn", lambda t: ops.rfftn(t, norm="ortho"), False),
    ("irfftn", lambda t: ops.irfftn(t, s=(3, 5)), True),
    ("hfft2", lambda t: ops.hfft2(t), True),
    ("ihfftn", lambda t: ops.ihfftn(t, dim=(1, 2)), False),
    ("fftshift", lambda t: ops.fftshift(t, (0, 2)), True),
]


@pytest.mark.parametrize("name, fn, takes_complex", GRAD_CASES)
def test_gradients_by_finite_differences(name, fn, takes_complex, mode):
    a = (ZX if takes_complex else X)[:2, :3, :4].copy()

    def loss(t):
        return _loss(fn(t))

    g = ms.grad(loss)(Tensor(a))
    assert g.dtype == (ms.complex128 if takes_complex else ms.float64)
    np.testing.assert_allclose(g.asnumpy(), _fd(lambda v: float(loss(Tensor(v)).asnumpy()), a),
                               rtol=1e-6, atol=1e-7, err_msg=name)


def test_rfft_gradients_recorded_from_mindspore():
    x = Tensor(np.array([0.3, -1.2, 2.0, 0.5], np.float32))
    g1 = ms.grad(lambda x: ops.real(ops.rfft(x)).sum() + 2 * ops.imag(ops.rfft(x)).sum())(x)
    np.testing.assert_allclose(g1.asnumpy(), [3.0, -2.0, 1.0, 2.0], rtol=1e-6)
    g2 = ms.grad(lambda x: ops.ComplexAbs()(ops.rfft(x, n=6)).sum())(x)
    np.testing.assert_allclose(g2.asnumpy(), [1.2096007, -1.0841141, 3.5634282, 1.0761137],
                               rtol=1e-5)


# ----- a spectral layer ---------------------------------------------------------------------------
class Spectral(nn.Cell):
    """rfft -> multiply by complex weights (two real Parameters combined with ops.Complex) ->
    irfft: the core of FNO / FEDformer-style layers."""

    def __init__(self, split):
        super().__init__()
        self.split = split
        self.wr = Parameter(Tensor(np.linspace(0.5, 1.5, 5).astype(np.float32)), name="wr")
        self.wi = Parameter(Tensor(np.linspace(-0.3, 0.4, 5).astype(np.float32)), name="wi")

    def construct(self, x):
        X = ops.rfft(x)
        if self.split:  # real arithmetic only (MindSpore 2.10 cannot differentiate complex Mul)
            xr, xi = ops.real(X), ops.imag(X)
            Y = ops.Complex()(xr * self.wr - xi * self.wi, xr * self.wi + xi * self.wr)
        else:
            Y = X * ops.Complex()(self.wr, self.wi)
        return ops.irfft(Y, n=8)


# MindSpore 2.10 (ms-oracle) on the split form: grads of (irfft(...)**2).sum() at x = arange(8)/7
MS_X_GRAD = [-0.983928621, 0.0771316141, 0.00713181496, 0.231785774, 0.268214285, 0.492868245,
             0.422868252, 1.48392844]
MS_WR_GRAD = [2.0, 0.836133957, 0.326530665, 0.239096493, 0.122448973]
MS_WI_GRAD = [0.0, -0.139355659, 0.0163265467, 0.0430373698, 0.0]


@pytest.mark.parametrize("split", [True, False])
def test_spectral_layer_gradients_match_mindspore(split, mode):
    net = Spectral(split)
    x = Tensor(np.arange(8, dtype=np.float32) / 7)

    def loss_fn(x):
        return (net(x) ** 2).sum()

    gx = ms.grad(loss_fn)(x)
    _, (gwr, gwi) = ms.value_and_grad(loss_fn, None, net.trainable_params())(x)
    np.testing.assert_allclose(gx.asnumpy(), MS_X_GRAD, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gwr.asnumpy(), MS_WR_GRAD, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gwi.asnumpy(), MS_WI_GRAD, rtol=1e-5, atol=1e-6)


def test_spectral_layer_trains_in_graph_mode_as_in_pynative():
    results = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            net = Spectral(False)
            opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
            x = Tensor(np.arange(8, dtype=np.float32) / 7)
            target = Tensor(np.cos(np.arange(8, dtype=np.float32)))

            def loss_fn(x, y):
                return ((net(x) - y) ** 2).mean()

            grad_fn = ms.value_and_grad(loss_fn, None, opt.parameters)

            def step(x, y):
                loss, grads = grad_fn(x, y)
                opt(grads)
                return loss

            step = ms.jit(step) if mode == ms.GRAPH_MODE else step
            losses = [float(step(x, target).asnumpy()) for _ in range(5)]
            results.append((losses, net.wr.asnumpy().copy()))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    (l1, w1), (l2, w2) = results
    assert l1[-1] < l1[0]
    np.testing.assert_allclose(l1, l2, rtol=1e-5)
    np.testing.assert_allclose(w1, w2, rtol=1e-5)


# ----- stft ---------------------------------------------------------------------------------------
def _stft_ref(sig, n_fft, hop, window, center, mode, normalized, onesided):
    if center:
        sig = np.pad(sig, [(0, 0)] * (sig.ndim - 1) + [(n_fft // 2, n_fft // 2)], mode=mode)
    n_frames = 1 + (sig.shape[-1] - n_fft) // hop
    frames = np.stack([sig[..., i * hop:i * hop + n_fft] for i in range(n_frames)], -2)
    spec = np.fft.fft(frames * window, norm="ortho" if normalized else "backward")
    if onesided:
        spec = spec[..., :n_fft // 2 + 1]
    return np.swapaxes(spec, -1, -2)


@pytest.mark.parametrize("center, mode", [(True, "reflect"), (True, "constant"),
                                          (True, "symmetric"), (False, "reflect")])
@pytest.mark.parametrize("normalized, onesided", [(False, None), (True, False)])
def test_stft_against_numpy(center, mode, normalized, onesided):
    sig = RNG.standard_normal((2, 23))
    win = np.hanning(6)
    full = np.zeros(8)
    full[1:7] = win  # a win_length window is centered in n_fft
    got = ops.stft(Tensor(sig), 8, hop_length=3, win_length=6, window=Tensor(win), center=center,
                   pad_mode=mode.upper(), normalized=normalized, onesided=onesided,
                   return_complex=True)
    _close(got, _stft_ref(sig, 8, 3, full, center, mode, normalized, onesided is None),
           ms.complex128)
    parts = ops.stft(Tensor(sig.astype(np.float32)), 8, hop_length=3, win_length=6,
                     window=Tensor(win.astype(np.float32)), center=center, pad_mode=mode.upper(),
                     normalized=normalized, onesided=onesided)
    assert parts.dtype == ms.float32 and parts.shape == got.shape + (2,)


def test_stft_errors_and_gradient(mode):
    x = Tensor(RNG.standard_normal(16))
    with pytest.raises(ValueError, match="pad_mode"):
        ops.stft(x, 8, pad_mode="reflect")  # MindSpore 2.10 takes the upper-case names only
    with pytest.raises(ValueError, match="win_length"):
        ops.stft(x, 4, win_length=5)
    with pytest.raises(TypeError, match="stft"):
        ops.stft(Tensor(np.arange(16)), 4)
    a = RNG.standard_normal(12)

    probe = Tensor(PROBE_C[0, :3, :7])

    def loss(t):
        spec = ops.stft(t, 4, hop_length=2, window=Tensor(np.hanning(4)), return_complex=True)
        return ops.real(spec * ops.conj(probe)).sum()

    g = ms.grad(loss)(Tensor(a))
    np.testing.assert_allclose(g.asnumpy(), _fd(lambda v: float(loss(Tensor(v)).asnumpy()), a),
                               rtol=1e-6, atol=1e-7)
