"""mindspore.ops functions MindSpore 2.10 has and mindcell lacked (round 7, exfn7): small cases of
our own in the style of MindSpore's docstring examples, asserting values recorded with ms-oracle
(MindSpore 2.10 CPU)."""
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops

inf, nan = math.inf, math.nan

# ----- Bessel functions and zeta: ms-oracle values (float64) ------------------------------------
BESSEL_X = [-3.0, -0.7, 0.0, 0.3, 1.0, 2.5, 7.0, 40.0, 705.0, inf, -inf]
BESSEL_MS = {'i0': [4.880792585865024, 1.1263030183068092, 1.0, 1.0226268793515971,
                    1.2660658777520082, 3.289839144050123, 168.59390851028968,
                    1.4894774793419902e+16, 2.262050552655472e+304, nan, nan],
             'i0e': [0.24300035416182536, 0.5593055265070683, 1.0, 0.7575806251825479,
                     0.46575960759364043, 0.27004644161220276, 0.15373774467288123,
                     0.06327827987523534, 0.015027701660471413, 0.0, 0.0],
             'i1': [-3.9533702174026093, -0.37187967777700875, 0.0, 0.15169384000359282,
                    0.565159103992485, 2.5167162452886984, 156.03909286995543,
                    1.4707396163259354e+16, 2.260445691777057e+304, nan, nan],
             'i1e': [-0.19682671329730084, -0.18466998276274738, 0.0, 0.11237756063983881,
                     0.20791041534970844, 0.20658464953126654, 0.14228923470959867,
                     0.062482229074442064, 0.015017039931245656, 0.0, -0.0],
             'j0': [-0.2600519549019335, 0.8812008886074052, 1.0, 0.9776262465382962,
                    0.7651976865579665, -0.04838377646819804, 0.3000792705195556,
                    0.0073668905842369506, 0.02640490933638901, nan, nan],
             'j1': [-0.33905895852593654, -0.3289957415400589, 0.0, 0.148318816273104,
                    0.44005058574493355, 0.497094102464274, -0.004682823482345807,
                    0.126038318037585, 0.014364019089057387, nan, nan],
             'k0': [inf, inf, inf, 1.3724600605442978, 0.42102443824070823, 0.062347553200366196,
                    0.0004247957418692318, 8.392861100099568e-19, 3.1352970237128795e-308, 0.0,
                    inf],
             'k0e': [inf, inf, inf, 1.8526273007720149, 1.1444630798068947, 0.7595486903280997,
                     0.46584509609301583, 0.1975555849572982, 0.04719417862735436, 0.0, inf],
             'k1': [inf, inf, inf, 3.055992033457325, 0.6019072301972348, 0.07389081634774707,
                    0.0004541824868848969, 8.497131954861039e-19, 3.137519851223379e-308, 0.0,
                    inf],
             'k1e': [inf, inf, inf, 4.12515776224447, 1.6361534862632587, 0.900174423907878,
                     0.49807157509547645, 0.20000996725443349, 0.04722763782365854, 0.0, inf],
             'y0': [-inf, -inf, -inf, -0.8072735778045196, 0.08825696421567697, 0.498070359615232,
                    -0.025949743967209254, 0.12593641705826095, 0.014345288604646846, nan, -inf],
             'y1': [-inf, -inf, -inf, -2.2931051383885293, -0.7812128213002888,
                    0.14591813796678577, -0.3026672370241849, -0.005793505821549509,
                    -0.026394742018676615, nan, -inf]}
BESSEL_GRAD_X = [-3.0, -0.7, 0.3, 1.0, 2.5, 7.0, 40.0]
BESSEL_GRAD_MS = {'i0': [-3.9533702174026093, -0.37187967777700875, 0.15169384000359282,
                         0.565159103992485, 2.5167162452886984, 156.03909286995543,
                         1.4707396163259354e+16],
                  'i0e': [0.04617364086452452, 0.37463554374432095, -0.645203064542709,
                          -0.257849192243932, -0.06346179208093622, -0.01144850996328256,
                          -0.0007960508007932715],
                  'i1': [3.563002513397487, 0.5950463357682253, 0.5169807460062877,
                         0.7009067737595231, 2.283152645934644, 146.30260952886746,
                         1.4527089889338418e+16],
                  'i1e': [-0.01943526356790909, 0.11082128265468177, 0.2706111957432463,
                          0.04993877689422355, -0.019172067731570375, -0.008878523566660107,
                          -0.0007660049260677787],
                  'j0': [0.33905895852593654, 0.3289957415400589, -0.148318816273104,
                         -0.44005058574493355, -0.497094102464274, 0.004682823482345807,
                         -0.126038318037585],
                  'j1': [-0.37307160774391235, 0.41120697212160673, 0.48323019229461617,
                         0.32514710081303294, -0.24722141745390763, 0.30074824530274785,
                         0.0042159326332973255],
                  'k0': [-inf, -inf, -3.055992033457325, -0.6019072301972348, -0.07389081634774707,
                         -0.0004541824868848969, -8.497131954861039e-19],
                  'k0e': [nan, nan, -2.272530461472455, -0.4916904064563641, -0.14062573357977837,
                          -0.03222647900246062, -0.0024543822971352935],
                  'k1': [nan, nan, -11.559100172068714, -1.022931668437943, -0.09190387973946502,
                         -0.0004896789542813599, -8.605289398971094e-19],
                  'k1e': [nan, nan, -11.47799541267578, -1.1444630798068947, -0.21944403598337292,
                          -0.03892660315403601, -0.0025458668842255616],
                  'y0': [inf, inf, 2.2931051383885293, 0.7812128213002888, -0.14591813796678577,
                         0.3026672370241849, 0.005793505821549509],
                  'y1': [-inf, -inf, 6.836410216823912, 0.8694697855159658, 0.4397031044285177,
                         0.01728843275053145, 0.1260812547037997]}
ZETA_X = [2.0, 3.0, 4.5, 1.0, 0.5, 2.0, 3.0, 2.0, 2.5, inf, inf, inf, 2.0]
ZETA_Q = [1.0, 2.0, 0.25, 1.0, 1.0, 0.0, -1.0, -0.5, -2.0, 1.0, 3.0, 0.5, 1e-08]
ZETA_MS = [1.6449340668482266, 0.2020569031595943, 512.4000175661097, inf, nan, inf, nan,
           8.934802200544679, nan, 1.0, 0.0, inf, 1e+16]
ZETA_GRAD_MS = [[0.0, 0.0, 0.0], [-2.404113806319188, -48.70454551700121, -0.11342060979608562]]


def _close(got, want, rtol):
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert np.array_equal(np.isnan(got), np.isnan(want)), (got, want)
    inf_mask = np.isinf(want)
    assert np.array_equal(got[inf_mask], want[inf_mask]), (got, want)
    fin = np.isfinite(want)
    np.testing.assert_allclose(got[fin], want[fin], rtol=rtol, atol=0)


@pytest.mark.parametrize("name", sorted(BESSEL_MS))
def test_bessel_values_float64(name):
    # K* are +inf and Y* -inf for negative x; I0/I1 NaN at +-inf (MindSpore 2.10)
    out = getattr(ops, "bessel_" + name)(Tensor(np.array(BESSEL_X)))
    assert out.dtype == ms.float64
    _close(out.asnumpy(), BESSEL_MS[name], 1e-13)


@pytest.mark.parametrize("name", sorted(BESSEL_GRAD_MS))
def test_bessel_gradients(name):
    g = ops.grad(getattr(ops, "bessel_" + name))(Tensor(np.array(BESSEL_GRAD_X)))
    _close(g.asnumpy(), BESSEL_GRAD_MS[name], 1e-12)


@pytest.mark.parametrize("name", sorted(BESSEL_MS))
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_bessel_low_precision_rounds_the_float64_value(name, dtype):
    x = np.array([0.3, 1.0, 2.5, 7.0], dtype)
    out = getattr(ops, "bessel_" + name)(Tensor(x))
    assert out.dtype == ms.from_numpy(x).dtype
    want = getattr(ops, "bessel_" + name)(Tensor(x.astype(np.float64))).asnumpy()
    np.testing.assert_array_equal(out.asnumpy(), want.astype(dtype))


@pytest.mark.parametrize("name", ["bessel_i0", "bessel_k1e", "i0"])
def test_bessel_refuses_integer_bool_and_bfloat16(name):
    f = getattr(ops, name)
    for x in (Tensor(np.array([1, 2], np.int32)), Tensor(np.array([True])),
              Tensor(np.array([1.0]), ms.bfloat16)):
        with pytest.raises(TypeError, match=name):
            f(x)
    with pytest.raises(TypeError, match=name):
        f(0.5)  # MindSpore 2.10: a Tensor only


def test_i0_is_bessel_i0_and_second_order_gradient():
    x = Tensor(np.array([-1.5, 0.0, 0.5, 3.0]))
    np.testing.assert_array_equal(ops.i0(x).asnumpy(), ops.bessel_i0(x).asnumpy())
    # I0'' = I1' = I0 - I1 / x (1/2 at 0)
    g2 = ops.grad(ops.grad(ops.bessel_i0))(x).asnumpy()
    xs = x.asnumpy()
    i0, i1 = ops.bessel_i0(x).asnumpy(), ops.bessel_i1(x).asnumpy()
    closed = np.where(xs == 0, 0.5, i0 - i1 / np.where(xs == 0, 1.0, xs))
    np.testing.assert_allclose(g2, closed, rtol=1e-14)


def test_bessel_j1_gradient_at_zero_is_one_half():
    # J1'(0) = 1/2 (MindSpore 2.10 agrees); I1'(0) too (MindSpore 2.10 gives 1.0 there, not the
    # derivative: mindcell keeps the limit)
    x = Tensor(np.array([0.0, 1e-20]))
    np.testing.assert_allclose(ops.grad(ops.bessel_j1)(x).asnumpy(), [0.5, 0.5])
    np.testing.assert_allclose(ops.grad(ops.bessel_i1)(x).asnumpy(), [0.5, 0.5])


def test_zeta_values_and_poles():
    out = ops.zeta(Tensor(np.array(ZETA_X)), Tensor(np.array(ZETA_Q)))
    _close(out.asnumpy(), ZETA_MS, 1e-13)


def test_zeta_gradient_flows_to_q_only():
    x, q = Tensor(np.array([2.0, 3.0, 4.5])), Tensor(np.array([1.0, 0.5, 2.0]))
    gx, gq = ops.grad(ops.zeta, (0, 1))(x, q)
    _close(gx.asnumpy(), ZETA_GRAD_MS[0], 0)
    _close(gq.asnumpy(), ZETA_GRAD_MS[1], 1e-13)


def test_zeta_dtypes_scalars_and_broadcast():
    x32 = Tensor(np.array([2.0, 3.0], np.float32))
    out = ops.zeta(x32, 2)  # a Python number takes the Tensor's dtype (ms-oracle)
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [0.6449341, 0.20205691], rtol=1e-6)
    np.testing.assert_allclose(ops.zeta(2.0, Tensor(np.array([1.0, 2.0]))).asnumpy(),
                               [1.6449340668482266, 0.6449340668482266], rtol=1e-14)
    assert ops.zeta(x32, Tensor(np.ones((2, 2), np.float32))).shape == (2, 2)
    with pytest.raises(TypeError, match="zeta"):
        ops.zeta(x32, Tensor(np.array([1.0, 2.0])))  # Float32 with Float64
    with pytest.raises(TypeError, match="zeta"):
        ops.zeta(Tensor(np.array([2.0], np.float16)), Tensor(np.array([1.0], np.float16)))
    with pytest.raises(TypeError, match="zeta"):
        ops.zeta(2.0, 1.0)
    with pytest.raises(ValueError, match="zeta"):
        ops.zeta(x32, Tensor(np.ones((3,), np.float32)))


# ----- matrix_diag / matrix_diag_part / matrix_set_diag (MatrixDiagV3 semantics): ms-oracle -------
X34 = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
BAND = {
    "RIGHT_LEFT": {
        "part": [[0.0, 3.0, 8.0], [2.0, 7.0, 12.0], [1.0, 6.0, 11.0], [5.0, 10.0, 0.0]],
        "diag": [[1.0, -1.0, -1.0, -1.0], [4.0, 2.0, -1.0, -1.0], [-1.0, 5.0, 3.0, -1.0]],
        "set": [[-7.0, -4.0, -2.0, 4.0], [5.0, -8.0, -5.0, -3.0], [9.0, 10.0, -9.0, -6.0]]},
    "LEFT_RIGHT": {
        "part": [[3.0, 8.0, 0.0], [2.0, 7.0, 12.0], [1.0, 6.0, 11.0], [0.0, 5.0, 10.0]],
        "diag": [[1.0, -1.0, -1.0, -1.0], [5.0, 2.0, -1.0, -1.0], [-1.0, 6.0, 3.0, -1.0]],
        "set": [[-7.0, -4.0, -1.0, 4.0], [5.0, -8.0, -5.0, -2.0], [9.0, 10.0, -9.0, -6.0]]},
}


def _i32(v):
    return Tensor(np.array(v, np.int32))


@pytest.mark.parametrize("align", sorted(BAND))
def test_matrix_band_ops_align(align):
    want = BAND[align]
    part = ops.matrix_diag_part(Tensor(X34), _i32([-1, 2]), Tensor(np.float32(0)), align=align)
    np.testing.assert_array_equal(part.asnumpy(), want["part"])
    d = Tensor(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
    diag = ops.matrix_diag(d, _i32([-1, 0]), _i32(3), _i32(4), Tensor(np.float32(-1)),
                           align=align)
    np.testing.assert_array_equal(diag.asnumpy(), want["diag"])
    new = Tensor(-np.arange(1, 10, dtype=np.float32).reshape(3, 3))
    out = ops.matrix_set_diag(Tensor(X34), new, _i32([0, 2]), align=align)
    np.testing.assert_array_equal(out.asnumpy(), want["set"])


def test_matrix_band_ops_batched_and_inverse_of_each_other():
    rng = np.random.default_rng(1)
    x = Tensor(rng.standard_normal((2, 3, 5)).astype(np.float32))
    k = _i32([-1, 2])
    part = ops.matrix_diag_part(x, k, 0.0)
    assert part.shape == (2, 4, 3)
    rebuilt = ops.matrix_diag(part, k, 3, 5)
    band = np.triu(np.tril(x.asnumpy(), 2), -1)
    np.testing.assert_array_equal(rebuilt.asnumpy(), band)
    np.testing.assert_array_equal(ops.matrix_set_diag(x, part, k).asnumpy(), x.asnumpy())


def test_matrix_band_ops_gradients():
    w = Tensor(np.arange(9, dtype=np.float32).reshape(3, 3))
    g = ops.grad(lambda a: (ops.matrix_diag(a, _i32([-1, 1]), -1, -1, 0.0) * w).sum())(
        Tensor(np.ones((3, 3), np.float32)))
    np.testing.assert_array_equal(g.asnumpy(), [[0, 1, 5], [0, 4, 8], [3, 7, 0]])
    g = ops.grad(lambda a: (ops.matrix_diag_part(a, _i32([-1, 1]), 0.0) * w).sum())(
        Tensor(X34))
    np.testing.assert_array_equal(g.asnumpy(), [[3, 0, 0, 0], [6, 4, 1, 0], [0, 7, 5, 2]])
    w34 = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    gx, gd = ops.grad(lambda a, b: (ops.matrix_set_diag(a, b, _i32([0, 1])) * w34).sum(),
                      (0, 1))(Tensor(X34), Tensor(np.ones((2, 3), np.float32)))
    np.testing.assert_array_equal(gx.asnumpy(), [[0, 0, 2, 3], [4, 0, 0, 7], [8, 9, 0, 0]])
    np.testing.assert_array_equal(gd.asnumpy(), [[1, 6, 11], [0, 5, 10]])


def test_matrix_band_ops_errors():
    d = Tensor(np.ones((3,), np.float32))
    with pytest.raises(ValueError, match="matrix_diag.*align"):
        ops.matrix_diag(d, 0, align="UP")
    with pytest.raises(ValueError, match="matrix_diag"):
        ops.matrix_diag(Tensor(np.ones((2, 3), np.float32)), _i32([-2, 0]))  # 3 diagonals
    with pytest.raises(ValueError, match="matrix_diag"):
        ops.matrix_diag(d, 0, 2, 2)  # too small for a diagonal of 3
    with pytest.raises(ValueError, match="matrix_diag_part"):
        ops.matrix_diag_part(Tensor(X34), _i32([1, 4]), 0.0)  # k past the last column
    with pytest.raises(ValueError, match="matrix_set_diag"):
        ops.matrix_set_diag(Tensor(X34), Tensor(np.ones(4, np.float32)))


# ----- lu_unpack / lu_solve: ms-oracle -------------------------------------------------------------
LU3 = [[2., 1., 1.], [0.5, 1., 1.5], [0.5, 0., 2.5]]


def test_lu_unpack_flags_and_values():
    lu, piv = Tensor(np.array(LU3, np.float32)), _i32([2, 2, 3])
    p, l, u = ops.lu_unpack(lu, piv)
    np.testing.assert_array_equal(p.asnumpy(), [[0, 1, 0], [1, 0, 0], [0, 0, 1]])
    np.testing.assert_array_equal(l.asnumpy(), [[1, 0, 0], [0.5, 1, 0], [0.5, 0, 1]])
    np.testing.assert_array_equal(u.asnumpy(), [[2, 1, 1], [0, 1, 1.5], [0, 0, 2.5]])
    assert ops.lu_unpack(lu, piv, True, False)[0] is None
    p2, l2, u2 = ops.lu_unpack(lu, piv, False, True)
    assert l2 is None and u2 is None and p2.shape == (3, 3)
    with pytest.raises(ValueError, match="lu_unpack"):
        ops.lu_unpack(lu, _i32([0, 2, 3]))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_lu_solve(dtype):
    lu, piv = Tensor(np.array(LU3, dtype)), _i32([2, 2, 3])
    out = ops.lu_solve(Tensor(np.array([[1.], [3.], [3.]], dtype)), lu, piv)
    assert out.dtype == ms.from_numpy(np.zeros(1, dtype)).dtype
    np.testing.assert_allclose(out.asnumpy(), [[1.9], [-1.4], [0.6]],
                               rtol=2e-3 if dtype == np.float16 else 1e-6)
    b = Tensor(np.arange(12, dtype=dtype).reshape(2, 3, 2))
    assert ops.lu_solve(b, lu, piv).shape == (2, 3, 2)
    with pytest.raises(TypeError, match="lu_solve"):
        ops.lu_solve(Tensor(np.ones((3, 1), dtype)), lu, Tensor(np.array([2, 2, 3], np.int64)))


# ----- nn_compose_func: values recorded with ms-oracle ---------------------------------------------
def test_lp_pool1d_2d():
    out = ops.lp_pool1d(Tensor(np.arange(8, dtype=np.float32).reshape(2, 4)), 2, 2)
    np.testing.assert_allclose(out.asnumpy(), [[1.0, 3.605551], [6.403124, 9.219544]],
                               rtol=1e-6)
    out = ops.lp_pool1d(Tensor(np.array([[[-1., 2., -3., 4.]]], np.float32)), 3, 2)
    np.testing.assert_allclose(out.asnumpy(), [[[1.912931, 3.332222]]], rtol=1e-6)
    out = ops.lp_pool1d(Tensor(np.arange(1, 6, dtype=np.float32).reshape(1, 1, 5)), 2, 2,
                        ceil_mode=True)
    np.testing.assert_allclose(out.asnumpy(), [[[2.236068, 5.0, 7.071068]]], rtol=1e-6)
    x = Tensor(np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5))
    out = ops.lp_pool2d(x, 1, 3, stride=1)
    assert out.shape == (2, 3, 2, 3)
    assert out[0, 0].asnumpy().tolist() == [[54.0, 63.0, 72.0], [99.0, 108.0, 117.0]]
    with pytest.raises(ValueError, match="lp_pool2d"):
        ops.lp_pool2d(Tensor(np.ones((1, 4, 4), np.float32)), 2, 2)
    with pytest.raises(ValueError, match="lp_pool1d"):
        ops.lp_pool1d(Tensor(np.ones((1, 1, 4), np.float32)), 0, 2)


def test_adaptive_max_pool3d_values_indices_gradient():
    x = Tensor(np.arange(72, dtype=np.float32).reshape(1, 2, 3, 3, 4))
    out, idx = ops.adaptive_max_pool3d(x, (2, 2, 3), True)
    assert idx.dtype == ms.int32 and out.shape == (1, 2, 2, 2, 3)
    np.testing.assert_array_equal(out.asnumpy()[0, 0], [[[17, 18, 19], [21, 22, 23]],
                                                        [[29, 30, 31], [33, 34, 35]]])
    np.testing.assert_array_equal(idx.asnumpy()[0, 1], idx.asnumpy()[0, 0])  # per volume
    out4, idx4 = ops.adaptive_max_pool3d(x[0], (1, 1, 2), True)
    np.testing.assert_array_equal(out4.asnumpy().ravel(), [33, 35, 69, 71])
    np.testing.assert_array_equal(idx4.asnumpy().ravel(), [33, 35, 33, 35])
    g = ops.grad(lambda t: ops.adaptive_max_pool3d(t, (2, 2, 3)).sum())(x).asnumpy()
    want = np.zeros((3, 3, 4))
    want[1:, 1:, 1:] = 1
    np.testing.assert_array_equal(g[0, 0], want)


def test_col2im_matches_fold_with_channel_columns():
    x = Tensor(np.arange(2 * 3 * 4 * 9, dtype=np.float32).reshape(2, 3, 4, 9))
    out = ops.col2im(x, Tensor(np.array([4, 4], np.int32)), [2, 2], [1, 1], [0, 0], [1, 1])
    assert out.shape == (2, 3, 4, 4)
    np.testing.assert_array_equal(out.asnumpy()[0, 0], [[0, 10, 12, 11], [21, 62, 66, 43],
                                                        [27, 74, 78, 49], [24, 58, 60, 35]])
    pad = ops.col2im(Tensor(np.ones((1, 1, 4, 16), np.float32)),
                     Tensor(np.array([3, 3], np.int32)), 2, 1, 1, 1)
    np.testing.assert_array_equal(pad.asnumpy(), np.full((1, 1, 3, 3), 4.0))


THETA = [[[0.8, 0.5, 0.1], [-0.5, 0.8, 0.2]]]


@pytest.mark.parametrize("align,want", [
    (False, [[[-0.683333, 0.133333], [-0.15, -0.2], [0.383333, -0.533333]],
             [[-0.183333, 0.933333], [0.35, 0.6], [0.883333, 0.266667]]]),
    (True, [[[-1.2, -0.1], [-0.4, -0.6], [0.4, -1.1]], [[-0.2, 1.5], [0.6, 1.0], [1.4, 0.5]]])])
def test_affine_grid_2d(align, want):
    out = ops.affine_grid(Tensor(np.array(THETA, np.float32)), (1, 3, 2, 3), align)
    np.testing.assert_allclose(out.asnumpy()[0], want, atol=1e-6)


def test_affine_grid_3d_gradient_and_dtypes():
    th3 = Tensor(np.arange(12, dtype=np.float32).reshape(1, 3, 4) / 10)
    out = ops.affine_grid(th3, (1, 1, 2, 2, 3), True)
    assert out.shape == (1, 2, 2, 3, 3)
    np.testing.assert_allclose(out.asnumpy()[0, 1, 1], [[0.6, 1.4, 2.2], [0.6, 1.8, 3.0],
                                                        [0.6, 2.2, 3.8]], atol=1e-6)
    w = Tensor(np.arange(12, dtype=np.float32).reshape(1, 2, 3, 2))
    g = ops.grad(lambda t: (ops.affine_grid(t, (1, 3, 2, 3), False) * w).sum())(
        Tensor(np.array(THETA, np.float32)))
    np.testing.assert_allclose(g.asnumpy(), [[[5.333333, 9.0, 30.0], [5.333333, 9.0, 36.0]]],
                               rtol=1e-6)
    with pytest.raises(TypeError, match="affine_grid"):
        ops.affine_grid(Tensor(np.array(THETA)), (1, 3, 2, 3))


def test_bidense():
    i1 = Tensor(np.arange(6, dtype=np.float32).reshape(3, 2) / 5)
    i2 = Tensor(np.arange(9, dtype=np.float32).reshape(3, 3) / 7)
    w = Tensor(np.arange(24, dtype=np.float32).reshape(4, 2, 3) / 11)
    want = np.array([[0.036364, 0.083117, 0.12987, 0.176623],
                     [0.462338, 1.397403, 2.332468, 3.267532],
                     [1.355844, 4.301299, 7.246753, 10.192208]])
    np.testing.assert_allclose(ops.bidense(i1, i2, w).asnumpy(), want, rtol=1e-5)
    b = Tensor(np.arange(4, dtype=np.float32))
    np.testing.assert_allclose(ops.bidense(i1, i2, w, b).asnumpy(), want + np.arange(4),
                               rtol=1e-5)
    np.testing.assert_allclose(ops.bidense(i1[0], i2[0], w).asnumpy(), want[0], rtol=1e-5)


def test_sparse_segment_mean():
    x = Tensor(np.array([[0, 1, 2], [1, 2, 3], [3, 6, 7]], np.float32))
    out = ops.sparse_segment_mean(x, Tensor(np.array([0, 1, 2], np.int32)),
                                  Tensor(np.array([1, 2, 2], np.int32)))
    np.testing.assert_array_equal(out.asnumpy(), [[0, 0, 0], [0, 1, 2], [2, 4, 5]])
    out = ops.sparse_segment_mean(Tensor(np.array([1., 2., 4.], np.float32)),
                                  Tensor(np.array([0, 2, 1], np.int32)),
                                  Tensor(np.array([0, 0, 3], np.int32)))
    np.testing.assert_array_equal(out.asnumpy(), [2.5, 0, 0, 2])
    with pytest.raises(ValueError, match="sparse_segment_mean.*sorted"):
        ops.sparse_segment_mean(x, Tensor(np.array([0, 2], np.int32)),
                                Tensor(np.array([1, 0], np.int32)))
    with pytest.raises(TypeError, match="sparse_segment_mean"):
        ops.sparse_segment_mean(x.astype(ms.int32), Tensor(np.array([0], np.int32)),
                                Tensor(np.array([0], np.int32)))


def test_nextafter():
    a = np.array([1., 2., 0., -0., np.inf], np.float32)
    b = np.array([2., 1., 1., -1., 0.], np.float32)
    for dt in (np.float32, np.float64):
        out = ops.nextafter(Tensor(a.astype(dt)), Tensor(b.astype(dt)))
        np.testing.assert_array_equal(out.asnumpy(), np.nextafter(a.astype(dt), b.astype(dt)))
    gx, gy = ops.grad(ops.nextafter, (0, 1))(Tensor(a), Tensor(b))
    np.testing.assert_array_equal(gx.asnumpy(), np.ones(5))  # MindSpore 2.10's gradient
    np.testing.assert_array_equal(gy.asnumpy(), np.zeros(5))
    with pytest.raises(TypeError, match="nextafter"):
        ops.nextafter(Tensor(a), Tensor(b.astype(np.float64)))
    with pytest.raises(TypeError, match="nextafter"):
        ops.nextafter(Tensor(a.astype(np.float16)), Tensor(b.astype(np.float16)))


def test_losses_and_old_names():
    a = Tensor(np.array([[0.3, 0.7], [0.5, 0.5]], np.float32))
    p = Tensor(np.array([[0.4, 0.6], [0.4, 0.6]], np.float32))
    n = Tensor(np.array([[0.2, 0.9], [0.3, 0.7]], np.float32))
    d = lambda u, v: np.linalg.norm(u - v + 1e-6, axis=-1)  # noqa: E731
    want = np.maximum(d(a.asnumpy(), p.asnumpy()) - d(a.asnumpy(), n.asnumpy()) + 1.0, 0)
    np.testing.assert_allclose(ops.triplet_margin_loss(a, p, n).asnumpy(), want.mean(),
                               rtol=1e-6)
    x = Tensor(np.array([[0.1, 0.2, 0.4, 0.8], [0.2, 0.3, 0.5, 0.7]], np.float32))
    y = Tensor(np.array([[1, 2, 0, 3], [2, 3, -1, 1]], np.int32))
    # row 0: every class a target (0); row 1: targets {2, 3}, others {0, 1}
    row1 = sum(max(0, 1 - (x.asnumpy()[1, j] - x.asnumpy()[1, i])) for j in (2, 3)
               for i in (0, 1)) / 4
    np.testing.assert_allclose(ops.multilabel_margin_loss(x, y, "none").asnumpy(), [0, row1],
                               rtol=1e-6)
    out = ops.soft_shrink(Tensor(np.array([-1., 0.2, 0.7], np.float32)), 0.3)
    np.testing.assert_allclose(out.asnumpy(), [-0.7, 0.0, 0.4], rtol=1e-6)
    with pytest.raises(ValueError, match="soft_shrink"):
        ops.soft_shrink(out, -0.3)
    t = Tensor(np.array([1., 2., 3.], np.float32))
    np.testing.assert_array_equal(ops.accumulate_n([t, t, t]).asnumpy(), [3, 6, 9])
    var = ms.Parameter(Tensor(np.array([[1, 2], [3, 4], [5, 6]], np.float32)), name="v")
    ops.inplace_index_add(var, Tensor(np.array([0, 1], np.int32)),
                          Tensor(np.array([[0.5, 1.0], [1.0, 1.5]], np.float32)), axis=0)
    np.testing.assert_array_equal(var.asnumpy(), [[1.5, 3], [4, 5.5], [5, 6]])


# ----- random_dist_func: shapes, dtypes and rules recorded with ms-oracle; the draws are not
# MindSpore's (its Philox streams are not reproduced), their distributions are --------------------
def _i(v, dt=np.int32):
    return Tensor(np.array(v, dt))


def test_random_gamma_shapes_dtypes_and_moments():
    alpha = Tensor(np.array([0.5, 1.5], np.float32))
    for dt in (np.float16, np.float32, np.float64):
        out = ops.random_gamma(_i([7, 5]), alpha.astype(ms.from_numpy(np.zeros(1, dt)).dtype),
                               seed=5)
        assert out.shape == (7, 5, 2) and out.asnumpy().dtype == dt
    a, b = ops.random_gamma(_i([3]), alpha, seed=5), ops.random_gamma(_i([3]), alpha, seed=5)
    assert not np.array_equal(a.asnumpy(), b.asnumpy())  # one seed, one stream that continues
    assert ops.random_gamma(_i([3], np.int64), Tensor(np.ones((2, 2), np.float32))).shape == \
        (3, 2, 2)
    ms.set_seed(1)
    m = ops.random_gamma(_i([20000]), Tensor(np.array([0.5, 3.0], np.float32))).asnumpy()
    np.testing.assert_allclose(m.mean(0), [0.5, 3.0], rtol=0.05)
    with pytest.raises(TypeError, match="random_gamma"):
        ops.random_gamma((3,), alpha)  # MindSpore 2.10: a Tensor shape


def test_random_poisson_and_poisson():
    out = ops.random_poisson(_i([2, 2], np.int64), Tensor(np.array([[5.0, 10.0], [5.0, 1.0]])),
                             seed=5, dtype=ms.float64)
    assert out.shape == (2, 2, 2, 2) and out.dtype == ms.float64
    for dt in (ms.int32, ms.int64, ms.float16, ms.float32):
        assert ops.random_poisson(_i([3]), Tensor(5.0), dtype=dt).dtype == dt
    with pytest.raises(TypeError, match="random_poisson"):
        ops.random_poisson(_i([3]), Tensor(5.0), dtype=ms.int16)
    assert ops.random_poisson(_i([3]), _i(5)).dtype == ms.float32  # any number rate
    assert ops.random_poisson(_i([3]), Tensor(np.array([-1.0, 0.0]))).asnumpy().max() == 0
    ms.set_seed(2)
    m = ops.random_poisson(_i([20000]), Tensor(np.array([0.5, 30.0], np.float32))).asnumpy()
    np.testing.assert_allclose(m.mean(0), [0.5, 30.0], rtol=0.05)
    assert ops.poisson((4, 1), Tensor(np.array([5.0, 10.0], np.float32)), seed=5).shape == (4, 2)
    with pytest.raises(TypeError, match="poisson"):
        ops.poisson((2,), Tensor(np.array([5.0])))  # Float32 mean only


def test_gamma_laplace_shapes_and_moments():
    out = ops.gamma((3, 1, 2), Tensor(np.array([[3, 4], [5, 6]], np.float32)),
                    Tensor(np.array([1.0], np.float32)), seed=5)
    assert out.shape == (3, 2, 2) and out.dtype == ms.float32
    ms.set_seed(3)
    g = ops.gamma((20000, 1), Tensor(np.array([2.0, 6.0], np.float32)),
                  Tensor(np.array([2.0], np.float32))).asnumpy()
    np.testing.assert_allclose(g.mean(0), [1.0, 3.0], rtol=0.05)
    lap = ops.laplace((20000, 3), Tensor(np.array([1.0, 2.0, 3.0], np.float32)),
                      Tensor(np.float32(2.0))).asnumpy()
    assert lap.shape == (20000, 3)
    np.testing.assert_allclose(np.median(lap, 0), [1, 2, 3], atol=0.1)
    np.testing.assert_allclose(np.abs(lap - [1, 2, 3]).mean(0), [2, 2, 2], rtol=0.05)


def test_multinomial_with_replacement_and_random_categorical():
    x = Tensor(np.array([[0., 9., 4., 0.]], np.float32))
    out = ops.multinomial_with_replacement(x, 2, 5, 2, True)
    assert out.dtype == ms.int64 and out.shape == (1, 2)
    assert set(out.asnumpy().ravel()) <= {1, 2}
    no_rep = ops.multinomial_with_replacement(x, 2, 5, 2, False).asnumpy()
    assert sorted(no_rep.ravel()) == [1, 2]
    assert ops.multinomial_with_replacement(x[0], 2, 5, 6, True).shape == (6,)
    cat = ops.random_categorical(Tensor(np.log(np.array([[0.25, 0.75]] * 2000, np.float32))), 2)
    assert cat.dtype == ms.int64 and cat.shape == (2000, 2)
    np.testing.assert_allclose(cat.asnumpy().mean(), 0.75, atol=0.03)


def test_candidate_samplers_expected_counts():
    true = Tensor(np.array([[1, 7], [0, 4], [3, 3]], np.int64))
    sampled, t_exp, s_exp = ops.log_uniform_candidate_sampler(true, 2, 5, False, 5, 3)
    assert sampled.dtype == ms.int64 and sampled.shape == (5,)
    # not unique: num_sampled * P(k), P(k) = log((k + 2) / (k + 1)) / log(6) (ms-oracle values)
    np.testing.assert_allclose(t_exp.asnumpy(), [[1.131, 0.329], [1.934, 0.509], [0.623, 0.623]],
                               atol=1e-3)
    sampled, t_exp, s_exp = ops.log_uniform_candidate_sampler(true, 2, 5, True, 5)
    assert sorted(sampled.asnumpy().tolist()) == [0, 1, 2, 3, 4]
    p = np.log((np.arange(5) + 2) / (np.arange(5) + 1)) / np.log(6)
    tries = np.log1p(-s_exp.asnumpy()) / np.log1p(-p[sampled.asnumpy()])  # one count for all
    np.testing.assert_allclose(tries, tries[0], rtol=1e-4)
    assert tries[0] >= 5
    sampled, t_exp, s_exp = ops.uniform_candidate_sampler(true[:, :1], 1, 3, False, 4, 1)
    np.testing.assert_allclose(t_exp.asnumpy(), np.full((3, 1), 0.75))
    np.testing.assert_allclose(s_exp.asnumpy(), np.full(3, 0.75))
    with pytest.raises(TypeError, match="log_uniform_candidate_sampler"):
        ops.log_uniform_candidate_sampler(true.astype(ms.int32), 2, 5, True, 5)
    with pytest.raises(NotImplementedError, match="remove_accidental_hits"):
        ops.uniform_candidate_sampler(true, 2, 3, False, 4, 1, True)


# ----- geqrf / orgqr / ormqr (ms-oracle values), matrix_exp ----------------------------------
A43 = np.arange(12, dtype=np.float32).reshape(4, 3) + np.eye(4, 3, dtype=np.float32)


def test_geqrf_orgqr_values():
    y, tau = ops.geqrf(Tensor(np.array([[-2.0, -1.0], [1.0, 2.0]], np.float32)))
    np.testing.assert_allclose(y.asnumpy(), [[2.23607, 1.78885], [-0.23607, 1.34164]],
                               atol=1e-5)
    np.testing.assert_allclose(tau.asnumpy(), [1.89443, 0.0], atol=1e-5)
    y, tau = ops.geqrf(Tensor(A43))
    np.testing.assert_allclose(tau.asnumpy(), [1.08874, 1.9714, 1.41298], atol=1e-5)
    q = ops.orgqr(y, tau)
    np.testing.assert_allclose(q.asnumpy(), [[-0.08874, 0.10401, -0.55126],
                                             [-0.26621, -0.94597, 0.09844],
                                             [-0.53241, -0.00495, -0.67595],
                                             [-0.79862, 0.30707, 0.47907]], atol=1e-5)
    q1 = ops.orgqr(y, tau[:1])  # one reflection
    np.testing.assert_allclose(q1.asnumpy()[1], [-0.26621, 0.93491, -0.13018], atol=1e-5)
    r = np.triu(y.asnumpy()[:3])
    np.testing.assert_allclose(q.asnumpy() @ r, A43, atol=1e-4)
    with pytest.raises(ValueError, match="orgqr"):
        ops.orgqr(Tensor(A43.T.copy()), tau)


def test_ormqr_is_multiplication_by_q():
    y, tau = ops.geqrf(Tensor(A43.astype(np.float64)))
    full_q = ops.ormqr(y, tau, Tensor(np.eye(4)))
    np.testing.assert_allclose(full_q.asnumpy()[:, :3], ops.orgqr(y, tau).asnumpy(), atol=1e-12)
    c = np.arange(8.0).reshape(4, 2)
    q = full_q.asnumpy()
    np.testing.assert_allclose(ops.ormqr(y, tau, Tensor(c), transpose=True).asnumpy(), q.T @ c,
                               atol=1e-12)
    np.testing.assert_allclose(ops.ormqr(y, tau, Tensor(c.T.copy()), left=False).asnumpy(),
                               c.T @ q, atol=1e-12)


def test_matrix_exp_values_and_gradient():
    from scipy.linalg import expm
    a = np.array([[[1.0, 2.0], [0.0, 1.0]], [[0.0, -1.0], [1.0, 0.0]]])
    np.testing.assert_allclose(ops.matrix_exp(Tensor(a)).asnumpy(), [expm(m) for m in a],
                               rtol=1e-12)
    w = np.array([[1.0, -2.0], [0.5, 3.0]])
    g = ops.grad(lambda t: (ops.matrix_exp(t) * Tensor(w)).sum())(Tensor(a[0])).asnumpy()
    fd = np.zeros((2, 2))
    for i in range(2):
        for j in range(2):
            e = np.zeros((2, 2))
            e[i, j] = 1e-6
            fd[i, j] = ((expm(a[0] + e) - expm(a[0] - e)) * w).sum() / 2e-6
    np.testing.assert_allclose(g, fd, rtol=1e-6)


# ----- misc_compose_func ---------------------------------------------------------------------
def test_conv3d_transpose_shapes_and_adjoint():
    rng = np.random.default_rng(0)
    dout = Tensor(np.ones((2, 4, 3, 5, 5), np.float32))
    w = Tensor(np.ones((4, 3, 2, 3, 2), np.float32))
    assert ops.conv3d_transpose(dout, w).shape == (2, 3, 4, 7, 6)
    assert ops.conv3d_transpose(dout, w, stride=2, pad_mode="same").shape == (2, 3, 6, 10, 10)
    out = ops.conv3d_transpose(dout, w, stride=2, padding=1, pad_mode="pad", output_padding=1)
    assert out.shape == (2, 3, 5, 10, 9)  # ms-oracle
    np.testing.assert_array_equal(out.asnumpy()[0, 0, 1, :2, 0], [4.0, 8.0])
    # the adjoint of conv3d (group, dilation and stride beyond what MindSpore's CPU kernel takes)
    x = Tensor(rng.standard_normal((1, 4, 7, 9, 10)).astype(np.float32))
    wt = Tensor(rng.standard_normal((6, 2, 2, 3, 2)).astype(np.float32))
    y = ops.conv3d(x, wt, stride=2, dilation=2, groups=2)
    yy = Tensor(rng.standard_normal(y.shape).astype(np.float32))
    t = ops.conv3d_transpose(yy, wt, stride=2, dilation=2, group=2, output_padding=(0, 0, 1))
    assert t.shape == x.shape
    np.testing.assert_allclose(float((x * t).sum()), float((y * yy).sum()), rtol=1e-4)


def test_quantile_nanquantile_match_numpy():
    x = np.array([[4., 1., 3., 2.], [np.nan, 5., 0., 1.]], np.float32)
    for q in (0.3, Tensor(np.array([0.1, 0.5, 1.0], np.float32))):
        qq = q if isinstance(q, float) else q.asnumpy()
        for axis in (None, 0, -1):
            for keep in (False, True):
                np.testing.assert_allclose(ops.quantile(Tensor(x), q, axis, keep).asnumpy(),
                                           np.quantile(x, qq, axis=axis, keepdims=keep),
                                           rtol=1e-6)
                np.testing.assert_allclose(ops.nanquantile(Tensor(x), q, axis, keep).asnumpy(),
                                           np.nanquantile(x, qq, axis=axis, keepdims=keep),
                                           rtol=1e-6)
    g = ops.grad(lambda t: ops.quantile(t, 0.3, 1).sum())(Tensor(x[:1])).asnumpy()
    np.testing.assert_allclose(g, [[0, 0.1, 0, 0.9]], atol=1e-6)  # lerp of 2nd and 1st
    with pytest.raises(ValueError, match="quantile"):
        ops.quantile(Tensor(x), 1.5)


def test_windows_swiglu_and_old_names():
    np.testing.assert_allclose(ops.bartlett_window(Tensor(5)).asnumpy(), [0, 0.4, 0.8, 0.8, 0.4],
                               rtol=1e-6)
    out = ops.bartlett_window(Tensor(5), periodic=False, dtype=ms.float64)
    assert out.dtype == ms.float64
    np.testing.assert_allclose(out.asnumpy(), [0, 0.5, 1, 0.5, 0])
    x = np.array([[-0.12, 0.123, 31.122], [2.1223, 4.1212121217, 0.3123]], np.float32)
    a, b = x[:1], x[1:]
    np.testing.assert_allclose(ops.swiglu(Tensor(x), 0).asnumpy(), a / (1 + np.exp(-a)) * b,
                               rtol=1e-6)
    with pytest.raises(ValueError, match="swiglu"):
        ops.swiglu(Tensor(x), 1)
    sign, logdet = ops.log_matrix_determinant(
        Tensor(np.array([[[-4.5, -1.5], [7., 6.]], [[2.5, 0.5], [3., 9.]]], np.float32)))
    np.testing.assert_allclose(sign.asnumpy(), [-1, 1])
    np.testing.assert_allclose(logdet.asnumpy(), [2.80336, 3.04452], rtol=1e-5)
    np.testing.assert_array_equal(ops.sgn(Tensor(np.array([-2, 0, 3], np.int32))).asnumpy(),
                                  [-1, 0, 1])
    np.testing.assert_allclose(ops.tensor_exp(Tensor(np.array([0., 1.], np.float32))).asnumpy(),
                               [1, np.e], rtol=1e-6)


def test_ops_random_fills_in_place_with_integers():
    a = Tensor(np.array([[2, 3, 4], [1, 2, 3]], np.int64))
    out = ops.random_(a, 0, 5)
    assert out is a or np.array_equal(out.asnumpy(), a.asnumpy())
    assert a.dtype == ms.int64 and set(a.asnumpy().ravel()) <= set(range(5))
    x = Tensor(np.zeros((200,), np.float32))
    ops.random_(x, 3, 6)
    assert set(x.asnumpy().tolist()) == {3.0, 4.0, 5.0}


# ----- deformable_conv2d: channel layout (x offsets, y offsets, masks) and bilinear sampling
# recorded with ms-oracle ----------------------------------------------------------------------
X55 = np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5)


def _dcn(off, w=np.ones((1, 1, 1, 1), np.float32), ks=(1, 1), strides=(1, 1, 1, 1),
         pad=(0, 0, 0, 0)):
    return ops.deformable_conv2d(Tensor(X55), Tensor(w), Tensor(off.astype(np.float32)), ks,
                                 strides, pad).asnumpy()


def test_deformable_conv2d_offsets_layout_and_sampling():
    off = np.zeros((1, 3, 5, 5))
    off[:, 2] = 1
    np.testing.assert_array_equal(_dcn(off)[0, 0, 0], [0, 1, 2, 3, 4])
    o = off.copy()
    o[:, 0] = 1  # x offset
    np.testing.assert_array_equal(_dcn(o)[0, 0, 0], [1, 2, 3, 4, 0])
    o = off.copy()
    o[:, 1] = 1  # y offset
    np.testing.assert_array_equal(_dcn(o)[0, 0, 0], [5, 6, 7, 8, 9])
    o = off.copy()
    o[:, 2] = 0.5  # mask
    np.testing.assert_array_equal(_dcn(o)[0, 0, 0], [0, 0.5, 1, 1.5, 2])
    o = off.copy()
    o[:, 0], o[:, 1] = 0.25, -0.5  # bilinear, zero outside
    np.testing.assert_allclose(_dcn(o)[0, 0, :2], [[0.125, 0.625, 1.125, 1.625, 1.5],
                                                   [2.75, 3.75, 4.75, 5.75, 4.875]])
    w3 = np.zeros((1, 1, 3, 3), np.float32)
    w3[0, 0, 0, 1] = 1  # the tap (0, 1)
    off9 = np.zeros((1, 27, 3, 3))
    off9[:, 18:] = 1
    for ch, want in ((0, [1, 2, 3]), (1, [2, 3, 4]), (9, [1, 2, 3]), (10, [6, 7, 8])):
        o = off9.copy()
        o[:, ch] = 1
        np.testing.assert_array_equal(_dcn(o, w3, (3, 3))[0, 0, 0], want)
    out = _dcn(off9, np.ones((1, 1, 3, 3), np.float32), (3, 3), (1, 1, 2, 2), (1, 1, 1, 1))
    np.testing.assert_array_equal(out[0, 0], [[12, 27, 24], [63, 108, 81], [72, 117, 84]])
    with pytest.raises(ValueError, match="modulated"):
        ops.deformable_conv2d(Tensor(X55), Tensor(np.ones((1, 1, 1, 1), np.float32)),
                              Tensor(off.astype(np.float32)), (1, 1), (1, 1, 1, 1),
                              (0, 0, 0, 0), modulated=False)


def test_deformable_conv2d_gradient_matches_finite_differences():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 4, 5, 5))
    w = rng.standard_normal((2, 2, 2, 2))
    off = rng.standard_normal((1, 3 * 2 * 4, 4, 4)) * 0.7

    def f(a, b, c):
        return (ops.deformable_conv2d(a, b, c, (2, 2), (1, 1, 1, 1), (0, 0, 0, 0), groups=2,
                                      deformable_groups=2) ** 2).sum()

    gx, gw, go = ops.grad(f, (0, 1, 2))(Tensor(x), Tensor(w), Tensor(off))
    for arr, g, pos in ((x, gx, (0, 1, 2, 3)), (w, gw, (1, 0, 1, 0)), (off, go, (0, 5, 1, 2))):
        e = np.zeros_like(arr)
        e[pos] = 1e-6
        args = [Tensor(x), Tensor(w), Tensor(off)]
        i = 0 if arr is x else 1 if arr is w else 2
        plus, minus = list(args), list(args)
        plus[i], minus[i] = Tensor(arr + e), Tensor(arr - e)
        fd = (float(f(*plus).asnumpy()) - float(f(*minus).asnumpy())) / 2e-6
        np.testing.assert_allclose(g.asnumpy()[pos], fd, rtol=1e-5)


# ----- ctc_loss: labels equal to blank and MindSpore's gradient convention (ms-oracle) -------------
def test_ctc_loss_accepts_blank_labels_as_mindspore():
    lp = Tensor(np.array([[[0.3, 0.6, 0.6]], [[0.9, 0.4, 0.2]]], np.float32))
    loss, log_alpha = ops.ctc_loss(lp, Tensor(np.array([[0, 1]], np.int32)),
                                   Tensor(np.array([2], np.int32)),
                                   Tensor(np.array([1], np.int32)), 0, "mean", True)
    np.testing.assert_allclose(float(loss.asnumpy()), -2.2986124, rtol=1e-6)
    np.testing.assert_allclose(log_alpha.asnumpy()[0, 1, :3], [1.2, 1.8931472, 1.2], rtol=1e-6)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((6, 2, 4)).astype(np.float32)
    lpx = Tensor(x - np.log(np.exp(x).sum(-1, keepdims=True)))
    tg = Tensor(np.array([[1, 0, 2], [2, 2, 1]], np.int32))
    il, tl = Tensor(np.array([6, 5], np.int32)), Tensor(np.array([3, 2], np.int32))
    want = {0: [5.059432, 6.237171], 1: [4.841139, 3.4323628], 3: [3.9863086, 4.3483906]}
    grads = {3: [[0.22598, -0.48729, 0.37809, -0.11678], [0.11662, -0.20095, 0.22766, -0.14332]],
             0: [[-0.18182, -0.41759, 0.37809, 0.22132], [-0.36043, -0.30973, 0.22766, 0.4425]]}
    for blank, w in want.items():
        def f(p, blank=blank):
            return ops.ctc_loss(p, tg, il, tl, blank, "none", False)[0]
        np.testing.assert_allclose(f(lpx).asnumpy(), w, rtol=1e-6)
        if blank in grads:  # exp(lp) - occupancy, as MindSpore computes it
            g = ops.grad(lambda p: f(p).sum())(lpx).asnumpy()
            np.testing.assert_allclose(g[:2, 0], grads[blank], atol=1e-5)
