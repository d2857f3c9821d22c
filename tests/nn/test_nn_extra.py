"""nn.BiDense, nn.IGamma, nn.LBeta and nn.MSSSIM against numpy/scipy references, in both
modes, with gradients (MindSpore's own values: tests/goldens/nn_extra)."""
import numpy as np
import pytest
from scipy import special

import mindcell as ms
from mindcell import Tensor, nn

RNG = np.random.default_rng(4)


def test_bidense_matches_einsum_with_leading_axes(mode):
    w = RNG.standard_normal((4, 3, 2)).astype(np.float32)
    b = RNG.standard_normal(4).astype(np.float32)
    x1 = RNG.standard_normal((2, 5, 3)).astype(np.float32)
    x2 = RNG.standard_normal((2, 5, 2)).astype(np.float32)
    net = nn.BiDense(3, 2, 4, Tensor(w), Tensor(b))
    want = np.einsum("...i,kij,...j->...k", x1, w, x2) + b
    np.testing.assert_allclose(net(Tensor(x1), Tensor(x2)).asnumpy(), want, rtol=1e-5,
                               atol=1e-5)
    g1, g2 = ms.grad(net, (0, 1))(Tensor(x1), Tensor(x2))
    np.testing.assert_allclose(g1.asnumpy(), np.einsum("kij,...j->...i", w, x2), rtol=1e-5,
                               atol=1e-5)
    np.testing.assert_allclose(g2.asnumpy(), np.einsum("...i,kij->...j", x1, w), rtol=1e-5,
                               atol=1e-5)


def test_bidense_checks():
    with pytest.raises(ValueError, match="weight"):
        nn.BiDense(3, 2, 5, Tensor(np.ones((4, 3, 2), np.float32)))
    with pytest.raises(ValueError, match="in1_channels"):
        nn.BiDense(3, 2, 4)(Tensor(np.ones((1, 2), np.float32)), Tensor(np.ones((1, 2),
                                                                               np.float32)))
    assert [n for n, _ in nn.BiDense(3, 2, 4, has_bias=False).parameters_and_names()] == \
        ["weight"]


def test_igamma_matches_scipy_with_gradients(mode):
    a = np.array([0.5, 1.0, 2.5, 4.0, 9.0], np.float32)
    x = np.array([0.3, 2.0, 1.5, 6.0, 7.0], np.float32)
    got = nn.IGamma()(Tensor(a), Tensor(x)).asnumpy()
    np.testing.assert_allclose(got, special.gammainc(a, x), rtol=1e-6)
    ga, gx = ms.grad(nn.IGamma(), (0, 1))(Tensor(a), Tensor(x))
    a64, x64 = a.astype(np.float64), x.astype(np.float64)
    np.testing.assert_allclose(gx.asnumpy(), np.exp((a64 - 1) * np.log(x64) - x64
                                                    - special.gammaln(a64)), rtol=1e-5)
    h = 1e-6
    fd = (special.gammainc(a64 + h, x64) - special.gammainc(a64 - h, x64)) / (2 * h)
    np.testing.assert_allclose(ga.asnumpy(), fd, rtol=1e-4, atol=1e-7)
    assert np.isnan(nn.IGamma()(Tensor(np.array([-1.0], np.float32)),
                                Tensor(np.array([1.0], np.float32))).asnumpy()).all()


def test_igamma_dtypes():
    with pytest.raises(TypeError, match="float32"):
        nn.IGamma()(Tensor(np.ones(1, np.float16)), Tensor(np.ones(1, np.float16)))


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_lbeta_matches_scipy_with_gradients(mode, dtype):
    x = np.array([0.5, 3.0, 7.5, 10.0, 20.0, 0.1], dtype)
    y = np.array([2.0, 4.0, 8.5, 12.0, 25.0, 100.0], dtype)
    got = nn.LBeta()(Tensor(x), Tensor(y))
    assert got.dtype == (ms.float16 if dtype == np.float16 else ms.float32)
    want = special.betaln(x.astype(np.float64), y.astype(np.float64))
    np.testing.assert_allclose(got.asnumpy().astype(np.float64), want,
                               rtol=1e-3 if dtype == np.float16 else 1e-6)
    if dtype == np.float32:  # (MindSpore 2.10 gives nan wherever an argument is >= 3)
        gx, gy = ms.grad(nn.LBeta(), (0, 1))(Tensor(x), Tensor(y))
        both = special.digamma(x.astype(np.float64) + y)
        np.testing.assert_allclose(gx.asnumpy(), special.digamma(x.astype(np.float64)) - both,
                                   rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(gy.asnumpy(), special.digamma(y.astype(np.float64)) - both,
                                   rtol=1e-5, atol=1e-6)


def _gauss(size, sigma):
    r = np.arange(size) - (size - 1) // 2 if size % 2 else np.arange(size) - size // 2 + 1
    g = np.exp(-(r[:, None] ** 2 + r[None] ** 2) / (2 * sigma ** 2))
    return g / g.sum()


def _filter(img, g):
    k = g.shape[0]
    h, w = img.shape[0] - k + 1, img.shape[1] - k + 1
    return np.array([[(img[i:i + k, j:j + k] * g).sum() for j in range(w)] for i in range(h)])


def _msssim_ref(a, b, powers, size, sigma, k1=0.01, k2=0.03):
    g = _gauss(size, sigma)
    c1, c2 = k1 ** 2, k2 ** 2
    out = []
    for n in range(a.shape[0]):
        per_channel = []
        for c in range(a.shape[1]):
            x, y = a[n, c].astype(np.float64), b[n, c].astype(np.float64)
            terms = []
            for level in range(len(powers)):
                mx, my = _filter(x, g), _filter(y, g)
                sxx = _filter(x * x, g) - mx * mx
                syy = _filter(y * y, g) - my * my
                sxy = _filter(x * y, g) - mx * my
                cs = (2 * sxy + c2) / (sxx + syy + c2)
                ssim = (2 * mx * my + c1) / (mx * mx + my * my + c1) * cs
                terms.append(max(cs.mean(), 0) if level < len(powers) - 1
                             else max(ssim.mean(), 0))
                hh, ww = x.shape[0] // 2 * 2, x.shape[1] // 2 * 2
                x = x[:hh, :ww].reshape(hh // 2, 2, ww // 2, 2).mean((1, 3))
                y = y[:hh, :ww].reshape(hh // 2, 2, ww // 2, 2).mean((1, 3))
            per_channel.append(np.prod(np.array(terms) ** np.array(powers)))
        out.append(np.mean(per_channel))
    return np.array(out)


def test_msssim_matches_a_numpy_reference_in_both_modes(mode):
    a = RNG.random((2, 2, 21, 23)).astype(np.float32)
    b = np.clip(a + 0.1 * RNG.standard_normal(a.shape), 0, 1).astype(np.float32)
    powers = (0.3, 0.3, 0.4)
    net = nn.MSSSIM(power_factors=powers, filter_size=3, filter_sigma=1.0)
    got = net(Tensor(a), Tensor(b))
    assert got.dtype == ms.float32 and got.shape == (2,)
    np.testing.assert_allclose(got.asnumpy(), _msssim_ref(a, b, powers, 3, 1.0), rtol=1e-4)
    # uint8 images are scaled by 1/255, and so is max_val (as in MindSpore): max_val=255
    u8 = nn.MSSSIM(max_val=255, power_factors=powers, filter_size=3, filter_sigma=1.0)(
        Tensor((a * 255).astype(np.uint8)), Tensor((b * 255).astype(np.uint8)))
    ref = _msssim_ref((a * 255).astype(np.uint8) / 255.0, (b * 255).astype(np.uint8) / 255.0,
                      powers, 3, 1.0)
    np.testing.assert_allclose(u8.asnumpy(), ref, rtol=1e-4)
    names = [(n, p.requires_grad) for n, p in net.parameters_and_names()]
    assert names == [("multi_convs_list.%d.weight" % i, False) for i in range(3)]


def test_msssim_checks():
    img = Tensor(np.ones((1, 1, 16, 16), np.float32))
    with pytest.raises(TypeError, match="dtype"):
        nn.MSSSIM(power_factors=(1.0,), filter_size=3)(img, Tensor(np.ones((1, 1, 16, 16),
                                                                          np.float16)))
    with pytest.raises(ValueError, match="4d"):
        nn.MSSSIM(power_factors=(1.0,), filter_size=3)(Tensor(np.ones((1, 16, 16),
                                                                      np.float32)), img)
    with pytest.raises(TypeError, match="power_factors"):
        nn.MSSSIM(power_factors=1)


def _fmp_ref(x, samples, k, out, axes):
    """Brute-force fractional max pooling: the window starts of every axis from its sample."""
    def starts(u, n_in, n_out, kk):
        if n_out == 1:
            return [n_in - kk]
        alpha = np.float32(n_in - kk) / np.float32(n_out - 1)
        return [int((np.float32(i) + np.float32(u)) * alpha) - int(np.float32(u) * alpha)
                for i in range(n_out - 1)] + [n_in - kk]
    n, c = x.shape[:2]
    y = np.zeros((n, c) + out, x.dtype)
    for b in range(n):
        for ch in range(c):
            seqs = [starts(samples[b, ch, axes[d]], x.shape[2 + d], out[d], k[d])
                    for d in range(len(out))]
            for pos in np.ndindex(*out):
                window = x[(b, ch) + tuple(slice(seqs[d][pos[d]], seqs[d][pos[d]] + k[d])
                                           for d in range(len(out)))]
                y[(b, ch) + pos] = window.max()
    return y


def test_fractional_max_pool_matches_brute_force_with_gradient(mode):
    x = RNG.standard_normal((2, 3, 9, 11)).astype(np.float32)
    s = RNG.random((2, 3, 2)).astype(np.float32)
    pool = nn.FractionalMaxPool2d((2, 3), output_size=(4, 5), return_indices=True,
                                  _random_samples=Tensor(s))
    y, idx = pool(Tensor(x))
    np.testing.assert_array_equal(y.asnumpy(), _fmp_ref(x, s, (2, 3), (4, 5), (1, 0)))
    flat = x.reshape(2, 3, -1)
    np.testing.assert_array_equal(np.take_along_axis(flat, idx.asnumpy().reshape(2, 3, -1), -1),
                                  y.asnumpy().reshape(2, 3, -1))
    grad = ms.grad(lambda t: pool(t)[0].sum())(Tensor(x)).asnumpy().reshape(2, 3, -1)
    counts = np.zeros_like(grad)
    for b in range(2):
        for ch in range(3):
            np.add.at(counts[b, ch], idx.asnumpy()[b, ch].reshape(-1), 1.0)
    np.testing.assert_array_equal(grad, counts)
    x3 = RNG.standard_normal((1, 2, 6, 7, 8)).astype(np.float32)
    s3 = RNG.random((1, 2, 3)).astype(np.float32)
    y3 = nn.FractionalMaxPool3d(2, output_ratio=0.5, _random_samples=Tensor(s3))(Tensor(x3))
    np.testing.assert_array_equal(y3.asnumpy(), _fmp_ref(x3, s3, (2, 2, 2), (3, 3, 4),
                                                         (0, 1, 2)))


def test_fractional_max_pool_samples_follow_the_seed():
    x = Tensor(RNG.standard_normal((2, 3, 12, 12)).astype(np.float32))
    pool = nn.FractionalMaxPool2d(2, output_size=(5, 5))
    ms.set_seed(11)
    first = pool(x).asnumpy()
    ms.set_seed(11)
    np.testing.assert_array_equal(pool(x).asnumpy(), first)
    with pytest.raises(ValueError, match="output_size"):
        nn.FractionalMaxPool2d(2)(x)
    with pytest.raises(ValueError, match="too large"):
        nn.FractionalMaxPool2d(3, output_size=(11, 5))(x)


def test_ops_igamma_float64_and_fractional_functions_match_the_cells(mode):
    a = RNG.random(6) * 5 + 0.1
    x = RNG.random(6) * 8
    got = ms.ops.igamma(Tensor(a), Tensor(x))
    assert got.dtype == ms.float64
    np.testing.assert_allclose(got.asnumpy(), special.gammainc(a, x), rtol=1e-12)
    with pytest.raises(TypeError, match="same"):
        ms.ops.igamma(Tensor(a.astype(np.float32)), Tensor(x))
    img = Tensor(RNG.standard_normal((2, 3, 8, 9)).astype(np.float32))
    s = Tensor(RNG.random((2, 3, 2)).astype(np.float32))
    cell = nn.FractionalMaxPool2d(2, output_size=(3, 4), _random_samples=s)
    np.testing.assert_array_equal(
        ms.ops.fractional_max_pool2d(img, 2, (3, 4), _random_samples=s).asnumpy(),
        cell(img).asnumpy())
