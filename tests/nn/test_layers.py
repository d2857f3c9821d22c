"""Layers in both modes (the ``mode`` fixture): values against numpy, parameter names, gradients
against finite differences, train/eval behaviour, argument validation."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.nn.layer.norm_variants import LayerNorm as TorchLayerNorm
from mindcell.testing import assert_modes_agree


def f32(*shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


def test_dense_matches_numpy(mode):
    net = nn.Dense(4, 3, activation="tanh")
    x = f32(5, 4)
    w, b = net.weight.asnumpy(), net.bias.asnumpy()
    np.testing.assert_allclose(net(x).asnumpy(), np.tanh(x.asnumpy() @ w.T + b), rtol=1e-5)


def test_conv2d_same_padding_and_names(mode):
    conv = nn.Conv2d(3, 4, 3, stride=2, has_bias=True)
    x = f32(2, 3, 9, 8)
    y = conv(x)
    assert y.shape == (2, 4, 5, 4)
    assert [p.name for p in conv.get_parameters()] == ["weight", "bias"]


def test_conv2d_transpose_inverts_shapes(mode):
    up = nn.Conv2dTranspose(4, 2, 3, stride=2, pad_mode="same")
    assert up(f32(1, 4, 5, 6)).shape == (1, 2, 10, 12)
    valid = nn.Conv2dTranspose(4, 2, 3, stride=2, pad_mode="valid")
    assert valid(f32(1, 4, 5, 6)).shape == (1, 2, 11, 13)


def test_conv1d_and_pool1d(mode):
    conv = nn.Conv1d(2, 3, 3, pad_mode="valid")
    assert conv(f32(4, 2, 10)).shape == (4, 3, 8)
    assert nn.MaxPool1d(2, 2)(f32(4, 2, 10)).shape == (4, 2, 5)


def test_pooling_values(mode):
    x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    assert nn.MaxPool2d(2, 2)(x).asnumpy().ravel().tolist() == [5, 7, 13, 15]
    assert nn.AvgPool2d(2, 2)(x).asnumpy().ravel().tolist() == [2.5, 4.5, 10.5, 12.5]
    assert nn.AdaptiveAvgPool2d(1)(x).asnumpy().ravel().tolist() == [7.5]


def test_batchnorm_train_then_eval(mode):
    bn = nn.BatchNorm2d(3, momentum=0.9)
    x = f32(8, 3, 4, 4) * 2 + 1
    bn.set_train()
    y = bn(x).asnumpy()
    np.testing.assert_allclose(y.mean(axis=(0, 2, 3)), 0, atol=1e-5)
    batch_mean = x.asnumpy().mean(axis=(0, 2, 3))
    np.testing.assert_allclose(bn.moving_mean.asnumpy(), 0.1 * batch_mean, rtol=1e-5)
    bn.set_train(False)
    mm, mv = bn.moving_mean.asnumpy(), bn.moving_variance.asnumpy()
    want = (x.asnumpy() - mm[:, None, None]) / np.sqrt(mv[:, None, None] + 1e-5)
    np.testing.assert_allclose(bn(x).asnumpy(), want, rtol=1e-4, atol=1e-5)


def test_layernorm_groupnorm_embedding(mode):
    x = f32(2, 3, 4)
    ln = nn.LayerNorm((4,), epsilon=1e-5)
    xn = x.asnumpy()
    ref = (xn - xn.mean(-1, keepdims=True)) / np.sqrt(xn.var(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(ln(x).asnumpy(), ref, rtol=1e-4, atol=1e-5)
    gn = nn.GroupNorm(2, 4)
    z = f32(3, 4, 5).asnumpy()
    zg = z.reshape(3, 2, -1)
    ref = ((zg - zg.mean(-1, keepdims=True)) / np.sqrt(zg.var(-1, keepdims=True) + 1e-5))
    np.testing.assert_allclose(gn(Tensor(z)).asnumpy(), ref.reshape(z.shape), rtol=1e-4,
                               atol=1e-5)
    emb = nn.Embedding(10, 3)
    ids = Tensor(np.array([[1, 2], [9, 1]], np.int32))
    np.testing.assert_array_equal(emb(ids).asnumpy(), emb.embedding_table.asnumpy()[[[1, 2],
                                                                                      [9, 1]]])


def test_norm_variants_match_darts_definitions(mode):
    x = f32(2, 5, 6)
    xn = x.asnumpy()
    rms = nn.RMSNorm(6, eps=1e-8)
    ref = xn / np.maximum(np.linalg.norm(xn, axis=-1, keepdims=True) * 6 ** -0.5, 1e-8)
    np.testing.assert_allclose(rms(x).asnumpy(), ref, rtol=1e-5, atol=1e-6)
    lnb = nn.LayerNormNoBias(6)
    ref = (xn - xn.mean(-1, keepdims=True)) / np.sqrt(xn.var(-1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(lnb(x).asnumpy(), ref, rtol=1e-4, atol=1e-5)
    assert [p.name for p in lnb.get_parameters()] == ["weight"]
    tln = TorchLayerNorm(6)
    np.testing.assert_allclose(tln(x).asnumpy(), ref, rtol=1e-4, atol=1e-5)
    rin = nn.RINorm(6)
    y = rin(x)
    mean, std = xn.mean(1, keepdims=True), np.sqrt(xn.var(1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(y.asnumpy(), (xn - mean) / std, rtol=1e-4, atol=1e-5)
    out = rin.inverse(ops.expand_dims(y, -1))
    np.testing.assert_allclose(out.asnumpy()[..., 0], xn, rtol=1e-4, atol=1e-4)


def test_norm_variant_gradients_match_finite_differences():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 3, 4))
    for cell in (nn.RMSNorm(4), nn.LayerNormNoBias(4)):
        for p in cell.get_parameters():
            p.set_data(ms.Tensor(rng.uniform(0.5, 1.5, p.shape)))

        def f(t):
            return (cell(t) * ms.Tensor(np.arange(24.0).reshape(2, 3, 4))).sum()

        got = ops.grad(f)(ms.Tensor(x)).asnumpy()
        num = np.zeros_like(x)
        for idx in np.ndindex(x.shape):
            xp, xm = x.copy(), x.copy()
            xp[idx] += 1e-6
            xm[idx] -= 1e-6
            num[idx] = (float(f(ms.Tensor(xp)).asnumpy()) - float(f(ms.Tensor(xm)).asnumpy())) / 2e-6
        np.testing.assert_allclose(got, num, rtol=1e-5, atol=1e-6, err_msg=type(cell).__name__)


def test_rinorm_gradient_treats_statistics_as_constants():
    x = np.random.default_rng(4).standard_normal((2, 3, 4))
    rin = nn.RINorm(4)
    rin.affine_weight.set_data(ms.Tensor(np.array([0.5, 1.0, 1.5, 2.0])))
    probe = np.arange(24.0).reshape(2, 3, 4)
    got = ops.grad(lambda t: (rin(t) * ms.Tensor(probe)).sum())(ms.Tensor(x)).asnumpy()
    std = np.sqrt(x.var(1, keepdims=True) + 1e-5)
    np.testing.assert_allclose(got, probe * np.array([0.5, 1.0, 1.5, 2.0]) / std, rtol=1e-6)


def test_dropout_train_and_eval(mode):
    drop = nn.Dropout(p=0.5)
    x = Tensor(np.ones((200, 50), np.float32))
    assert np.array_equal(drop(x).asnumpy(), x.asnumpy())
    drop.set_train()
    y = drop(x).asnumpy()
    assert 0.4 < (y == 0).mean() < 0.6
    assert set(np.unique(y)) <= {0.0, 2.0}


@pytest.mark.parametrize("make", [
    lambda: nn.SequentialCell([nn.Conv2d(2, 4, 3, has_bias=True), nn.ReLU(), nn.MaxPool2d(2, 2),
                               nn.Flatten(), nn.Dense(16, 3)]),
    lambda: nn.SequentialCell([nn.Dense(6, 8), nn.LayerNorm((8,)), nn.GELU(), nn.Dense(8, 2)]),
    lambda: nn.SequentialCell([nn.Dense(6, 6), nn.RMSNorm(6), nn.SiLU()]),
])
def test_networks_agree_between_modes(make):
    ms.set_seed(0)
    net = make()
    x = f32(2, 2, 4, 4) if isinstance(net[0], nn.Conv2d) else f32(3, 6)
    assert_modes_agree(net, x)


@pytest.mark.parametrize("build, error", [
    (lambda: nn.Dense(0, 3), ValueError), (lambda: nn.Conv2d(3, 4, 3, padding=1), ValueError),
    (lambda: nn.Conv2d(3, 4, 3, pad_mode="full"), ValueError),
    (lambda: nn.Conv2d(3, 4, 3, group=2), ValueError), (lambda: nn.BatchNorm2d(3, momentum=2),
                                                        ValueError),
    (lambda: nn.Dropout(p=1.5), ValueError), (lambda: nn.GroupNorm(3, 4), ValueError),
    (lambda: nn.Dense(2, 2, activation=3), TypeError), (lambda: nn.GELU(approximate="x"),
                                                       TypeError),
])
def test_bad_arguments_are_rejected(build, error):
    with pytest.raises(error):
        build()


def test_bad_input_shapes_name_the_layer():
    with pytest.raises(ValueError, match="Dense"):
        nn.Dense(3, 2)(f32(2, 4))
    with pytest.raises(ValueError, match="Conv2d"):
        nn.Conv2d(3, 2, 3)(f32(1, 2, 5, 5))
    with pytest.raises(ValueError, match="BatchNorm2d"):
        nn.BatchNorm2d(3)(f32(2, 3, 4))
