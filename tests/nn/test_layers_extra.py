"""The nn names added from MindSpore's surface (OneHot, MatMul, Norm, Range, Moments,
LogSigmoid, PSNR, SSIM, Conv1dTranspose, Conv3dTranspose, BatchNorm3d, SyncBatchNorm,
Conv2dBnAct, DenseBnAct, MAELoss, RMSELoss, DiceLoss, MultiClassDiceLoss, Adadelta,
ForwardValueAndGrad, no_init_parameters) against numpy references, in both modes, with
gradients where they have parameters. MindSpore's own values are in tests/goldens/nn_layers."""
import os
import subprocess
import sys

import numpy as np
import pytest
from numpy.lib.stride_tricks import sliding_window_view

import mindcell as ms
from mindcell import nn, ops
from mindcell.nn.layer.image_metrics import gaussian_window

RNG = np.random.default_rng(0)
HERE = os.path.dirname(os.path.abspath(__file__))


def T(a):
    return ms.Tensor(np.asarray(a, np.float32))


def close(a, b, tol=1e-5):
    np.testing.assert_allclose(a.asnumpy() if isinstance(a, ms.Tensor) else a, b,
                               rtol=tol, atol=tol)


# ----- small math cells -----------------------------------------------------------------------
def test_one_hot(mode):
    idx = np.array([[0, 3], [2, -1]], np.int32)
    out = nn.OneHot(depth=3, on_value=2.0, off_value=-1.0)(ms.Tensor(idx)).asnumpy()
    ref = np.where(np.arange(3) == idx[..., None], 2.0, -1.0)
    np.testing.assert_array_equal(out, ref)
    out0 = nn.OneHot(axis=0, depth=3)(ms.Tensor(idx[0])).asnumpy()
    np.testing.assert_array_equal(out0, (np.arange(3)[:, None] == idx[0]).astype(np.float32))
    with pytest.raises(TypeError, match="OneHot"):
        nn.OneHot(depth=3)(T([1.0]))


@pytest.mark.parametrize("sa, sb, t1, t2", [((3, 4), (4, 2), False, False),
                                            ((2, 1, 3, 4), (5, 4, 2), False, False),
                                            ((4, 3), (2, 4), True, True),
                                            ((4,), (4, 2), True, False),
                                            ((2, 3, 4), (4,), False, False)])
def test_matmul_follows_numpy_and_differentiates(mode, sa, sb, t1, t2):
    a, b = RNG.normal(size=sa).astype(np.float32), RNG.normal(size=sb).astype(np.float32)
    net = nn.MatMul(t1, t2)
    na = np.swapaxes(a, -1, -2) if t1 and a.ndim > 1 else a
    nb = np.swapaxes(b, -1, -2) if t2 and b.ndim > 1 else b
    close(net(T(a), T(b)), np.matmul(na, nb), 1e-4)
    ga = ops.grad(lambda x: net(x, T(b)).sum())(T(a)).asnumpy()
    eps, flat = 1e-2, a.reshape(-1).copy()
    fd = []
    for i in range(flat.size):  # the output is linear in a: central differences are exact
        hi, lo = flat.copy(), flat.copy()
        hi[i] += eps
        lo[i] -= eps
        fd.append((np.matmul(hi.reshape(sa) if not t1 or a.ndim == 1 else
                             np.swapaxes(hi.reshape(sa), -1, -2), nb).sum()
                   - np.matmul(lo.reshape(sa) if not t1 or a.ndim == 1 else
                               np.swapaxes(lo.reshape(sa), -1, -2), nb).sum()) / (2 * eps))
    np.testing.assert_allclose(ga.reshape(-1), fd, rtol=1e-2, atol=1e-2)
    with pytest.raises(ValueError, match="MatMul"):
        net(T(np.ones((3, 5))), T(np.ones((2, 2))))


def test_norm_moments_range_logsigmoid(mode):
    x = RNG.normal(size=(3, 4, 2)).astype(np.float32)
    close(nn.Norm(axis=(0, 2), keep_dims=True)(T(x)), np.sqrt((x ** 2).sum((0, 2),
                                                                            keepdims=True)))
    close(nn.Norm()(T(x)), np.sqrt((x ** 2).sum()))
    mean, var = nn.Moments(axis=(1,), keep_dims=True)(T(x))
    close(mean, x.mean(1, keepdims=True))
    close(var, x.var(1, keepdims=True))
    mean, var = nn.Moments()(T(x))
    assert mean.shape == () and abs(float(var) - x.var()) < 1e-5
    np.testing.assert_array_equal(nn.Range(2, 11, 3)().asnumpy(), np.arange(2, 11, 3))
    assert nn.Range(1.5)().dtype == ms.float32
    z = np.array([-200.0, -2.0, 0.0, 3.0, 200.0], np.float32)
    close(nn.LogSigmoid()(T(z)), -np.logaddexp(0, -z.astype(np.float64)))


# ----- image metrics --------------------------------------------------------------------------
def _ssim_reference(a, b, max_val=1.0, size=11, sigma=1.5, k1=0.01, k2=0.03):
    win = gaussian_window(size, sigma)[0, 0].astype(np.float64)

    def blur(t):
        return np.einsum("nchwij,ij->nchw", sliding_window_view(t, (size, size), (2, 3)), win)
    a, b = a.astype(np.float64), b.astype(np.float64)
    mu1, mu2 = blur(a), blur(b)
    s11, s22, s12 = blur(a * a) - mu1 ** 2, blur(b * b) - mu2 ** 2, blur(a * b) - mu1 * mu2
    c1, c2 = (k1 * max_val) ** 2, (k2 * max_val) ** 2
    m = ((2 * mu1 * mu2 + c1) * (2 * s12 + c2)) / ((mu1 ** 2 + mu2 ** 2 + c1) * (s11 + s22 + c2))
    return m.reshape(m.shape[0], -1).mean(1)


def test_psnr_and_ssim(mode):
    a = RNG.uniform(size=(2, 3, 14, 13)).astype(np.float32)
    b = np.clip(a + RNG.normal(scale=0.1, size=a.shape), 0, 1).astype(np.float32)
    mse = ((a.astype(np.float64) - b) ** 2).mean((1, 2, 3))
    close(nn.PSNR(max_val=2.0)(T(a), T(b)), 10 * np.log10(4.0 / mse), 1e-4)
    close(nn.SSIM()(T(a), T(b)), _ssim_reference(a, b), 1e-4)
    close(nn.SSIM(2.0, 4, 0.8, 0.02, 0.05)(T(a), T(b)), _ssim_reference(a, b, 2.0, 4, 0.8,
                                                                          0.02, 0.05), 1e-4)
    with pytest.raises(ValueError, match="SSIM"):
        nn.SSIM()(T(a[..., :8, :8]), T(b[..., :8, :8]))


# ----- transposed convolutions ----------------------------------------------------------------
def _conv_transpose_reference(x, w, stride, dilation, pads, out_pad, groups):
    """Scatter-add definition: every input pixel adds its weighted kernel to the output."""
    n, cin = x.shape[:2]
    k = w.shape[2:]
    nd = len(k)
    cout = w.shape[1] * groups
    full = [(x.shape[2 + i] - 1) * stride[i] + dilation[i] * (k[i] - 1) + 1 + out_pad[i]
            for i in range(nd)]
    out = np.zeros((n, cout) + tuple(full))
    cin_g, cout_g = cin // groups, cout // groups
    for pos in np.ndindex(*x.shape[2:]):
        for kpos in np.ndindex(*k):
            o = tuple(pos[i] * stride[i] + kpos[i] * dilation[i] for i in range(nd))
            for g in range(groups):
                xs = x[(slice(None), slice(g * cin_g, (g + 1) * cin_g)) + pos]
                ws = w[(slice(g * cin_g, (g + 1) * cin_g), slice(None)) + kpos]
                out[(slice(None), slice(g * cout_g, (g + 1) * cout_g)) + o] += xs @ ws
    crop = tuple(slice(pads[2 * i], full[i] - pads[2 * i + 1] if pads[2 * i + 1] else None)
                 for i in range(nd))
    return out[(slice(None), slice(None)) + crop]


@pytest.mark.parametrize("kw", [dict(kernel_size=3, stride=2, pad_mode="pad", padding=1,
                                     output_padding=1),
                                dict(kernel_size=(2, 3, 1), stride=(1, 2, 2), group=2,
                                     dilation=(2, 1, 1), pad_mode="valid"),
                                dict(kernel_size=2, pad_mode="pad",
                                     padding=(0, 1, 1, 0, 0, 1))])
def test_conv3d_transpose_matches_scatter_reference_and_adjoint(mode, kw):
    x = RNG.normal(size=(2, 2, 3, 4, 3)).astype(np.float32)
    net = nn.Conv3dTranspose(2, 4, has_bias=True, bias_init="normal", **kw)
    w, bias = net.weight.asnumpy(), net.bias.asnumpy()
    pads = net._pads
    ref = _conv_transpose_reference(x, w, net.stride, net.dilation, pads, net.output_padding,
                                    net.group) + bias.reshape(1, -1, 1, 1, 1)
    y = net(T(x))
    close(y, ref, 1e-4)
    # adjoint: d/dx <convT(x), r> is the forward Conv3d of r with the same weight
    r = RNG.normal(size=y.shape).astype(np.float32)
    gx = ops.grad(lambda v: (net(v) * T(r)).sum())(T(x))
    r_full = np.zeros((r.shape[0], r.shape[1]) + tuple(
        (x.shape[2 + i] - 1) * net.stride[i] + net.dilation[i] * (net.kernel_size[i] - 1) + 1
        + net.output_padding[i] for i in range(3)), np.float32)
    sl = tuple(slice(pads[2 * i], pads[2 * i] + r.shape[2 + i]) for i in range(3))
    r_full[(slice(None), slice(None)) + sl] = r
    fwd = ops.conv3d(T(r_full), T(w), stride=net.stride, dilation=net.dilation,
                     groups=net.group)
    close(gx, fwd.asnumpy()[(slice(None), slice(None)) + tuple(slice(0, s) for s in x.shape[2:])],
          1e-4)
    gw = ops.grad(lambda v: (net(v) * T(r)).sum(), grad_position=None,
                  weights=net.trainable_params())(T(x))
    close(gw[1], r.sum((0, 2, 3, 4)), 1e-4)
    assert np.abs(gw[0].asnumpy()).sum() > 0


def test_conv1d_transpose_matches_scatter_reference(mode):
    x = RNG.normal(size=(2, 4, 5)).astype(np.float32)
    net = nn.Conv1dTranspose(4, 6, 3, stride=2, pad_mode="pad", padding=1, dilation=2,
                             group=2, has_bias=True)
    w = net.weight.asnumpy()[:, :, 0]
    ref = _conv_transpose_reference(x, w, (2,), (2,), (1, 1), (0,), 2)
    close(net(T(x)), ref + net.bias.asnumpy()[:, None], 1e-4)
    gw = ops.grad(lambda v: net(v).sum(), grad_position=None,
                  weights=net.trainable_params())(T(x))
    close(gw[1], np.full(6, 2 * ref.shape[-1], np.float32))


# ----- batch norms ----------------------------------------------------------------------------
def test_batchnorm3d_trains_like_numpy(mode):
    x = RNG.normal(size=(2, 3, 2, 3, 2)).astype(np.float32) * 2 + 1
    bn = nn.BatchNorm3d(3, momentum=0.7)
    assert [p.name for p in bn.get_parameters()] == [
        "bn2d.moving_mean", "bn2d.moving_variance", "bn2d.gamma", "bn2d.beta"]
    bn.set_train(True)
    mean, var = x.mean((0, 2, 3, 4)), x.var((0, 2, 3, 4))
    b = (1, 3, 1, 1, 1)
    close(bn(T(x)), (x - mean.reshape(b)) / np.sqrt(var.reshape(b) + 1e-5), 1e-4)
    close(bn.bn2d.moving_mean, 0.3 * mean, 1e-5)
    n = x.size // 3
    close(bn.bn2d.moving_variance, 0.7 + 0.3 * var * n / (n - 1), 1e-5)
    g = ops.grad(lambda v: (bn(v) * T(x)).sum(), grad_position=None,
                 weights=bn.trainable_params())(T(x))
    assert g[0].shape == (3,) and np.all(np.isfinite(g[0].asnumpy()))
    with pytest.raises(ValueError, match="BatchNorm3d"):
        bn(T(np.ones((2, 3, 2, 2))))


def test_sync_batchnorm_on_one_process_is_batchnorm2d(mode):
    x = RNG.normal(size=(4, 3, 2, 2)).astype(np.float32)
    sbn, bn = nn.SyncBatchNorm(3), nn.BatchNorm2d(3)
    assert [p.name for p in sbn.get_parameters()] == [p.name for p in bn.get_parameters()]
    assert (sbn.is_global, sbn.group_name, sbn.rank_size) == (False, None, 1)
    for cell in (sbn, bn):
        cell.set_train(True)
    close(sbn(T(x)), bn(T(x)).asnumpy())
    close(sbn.moving_variance, bn.moving_variance.asnumpy())
    with pytest.raises(ValueError, match="process_groups"):
        nn.SyncBatchNorm(3, process_groups=[[0, 1]])


def test_sync_batchnorm_all_reduces_statistics_over_two_ranks():
    pytest.importorskip("mpi4py", reason="mpi4py is not installed: pip install 'mindcell[mpi]'")
    cmd = [sys.executable, "-m", "mindcell.parallel.launcher", "-n", "2",
           os.path.join(HERE, "scripts", "sync_bn.py")]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.count("ok rank") == 2  # both ranks finished (lines may interleave)


# ----- combined cells -------------------------------------------------------------------------
def test_conv2d_bn_act_and_dense_bn_act_compose_their_children(mode):
    x = RNG.normal(size=(2, 2, 5, 5)).astype(np.float32)
    cba = nn.Conv2dBnAct(2, 3, 3, has_bn=True, activation="leakyrelu", alpha=0.3)
    cba.set_train(True)
    y = cba(T(x)).asnumpy()
    c = cba.conv(T(x)).asnumpy()
    z = (c - c.mean((0, 2, 3), keepdims=True)) / np.sqrt(c.var((0, 2, 3), keepdims=True) + 1e-5)
    close(y, np.where(z > 0, z, 0.3 * z), 1e-4)
    assert abs(float(cba.batchnorm.moving_mean.asnumpy()[0]) - 0.003 * c[:, 0].mean()) < 1e-6
    g = ops.grad(lambda v: cba(v).sum(), grad_position=None,
                 weights=cba.trainable_params())(T(x))
    assert len(g) == 3 and g[0].shape == (3, 2, 3, 3)
    dba = nn.DenseBnAct(4, 3, activation="relu")
    d = RNG.normal(size=(5, 4)).astype(np.float32)
    close(dba(T(d)), np.maximum(dba.dense(T(d)).asnumpy(), 0))
    with pytest.raises(TypeError, match="Conv2dBnAct"):
        nn.Conv2dBnAct(2, 3, 1, activation=3)


# ----- losses ---------------------------------------------------------------------------------
def test_losses_against_numpy(mode):
    p = RNG.uniform(size=(4, 3)).astype(np.float32)
    t = np.eye(3, dtype=np.float32)[[0, 2, 1, 2]]
    close(nn.MAELoss("sum")(T(p), T(t)), np.abs(p - t).sum())
    close(nn.MAELoss("none")(T(p), T(t)), np.abs(p - t))
    close(nn.RMSELoss()(T(p), T(t)), np.sqrt(((p - t) ** 2).mean()))

    def dice(a, b):
        return 1 - 2 * (a * b).sum() / ((a * a).sum() + (b * b).sum() + 1e-5)
    close(nn.DiceLoss()(T(p), T(t)), dice(p, t))
    e = np.exp(p - p.max(-1, keepdims=True))
    s = e / e.sum(-1, keepdims=True)
    w = np.array([[0.2], [0.5], [0.3]], np.float32)
    ref = sum(dice(s[:, i], t[:, i]) * w[i, 0] for i in (0, 2)) / 3
    close(nn.MultiClassDiceLoss(weights=T(w), ignore_indiex=1)(T(p), T(t)), [ref])
    g = ops.grad(lambda v: nn.DiceLoss()(v, T(t)))(T(p))
    assert g.shape == p.shape and np.all(np.isfinite(g.asnumpy()))


# ----- optimizer and wrappers -----------------------------------------------------------------
def test_adadelta_matches_numpy_over_steps(mode):
    w0 = RNG.normal(size=(3, 2)).astype(np.float32)
    w = ms.Parameter(T(w0), name="w")
    opt = nn.Adadelta([w], learning_rate=0.3, rho=0.7, epsilon=1e-4, weight_decay=0.05)
    ref, acc, upd = w0.astype(np.float64), np.zeros_like(w0, np.float64), 0.0
    for step in range(3):
        g = RNG.normal(size=w0.shape).astype(np.float32)
        opt((T(g),))
        gg = g + 0.05 * ref
        acc = 0.7 * acc + 0.3 * gg ** 2
        u = np.sqrt(upd + 1e-4) / np.sqrt(acc + 1e-4) * gg
        upd = 0.7 * upd + 0.3 * u ** 2
        ref = ref - 0.3 * u
        close(w, ref, 1e-5)
    close(opt.accum_update[0], upd, 1e-5)
    with pytest.raises(ValueError, match="rho"):
        nn.Adadelta([w], rho=1.5)


def test_forward_value_and_grad_in_a_training_step(mode):
    net = nn.Dense(3, 2)
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    fvg = nn.ForwardValueAndGrad(loss_net, weights=net.trainable_params(), get_by_list=True)
    opt = nn.SGD(net.trainable_params(), 0.1)
    x, y = T(RNG.normal(size=(4, 3))), T(RNG.normal(size=(4, 2)))
    first, grads = fvg(x, y)
    ref = ops.grad(loss_net, grad_position=None, weights=net.trainable_params())(x, y)
    for a, b in zip(grads, ref):
        close(a, b.asnumpy())
    opt(grads)
    assert float(fvg(x, y)[0]) < float(first)


def test_no_init_parameters_keeps_values():
    ms.set_seed(3)
    plain = nn.Dense(3, 2).weight.asnumpy()
    ms.set_seed(3)
    with nn.no_init_parameters():
        deferred = nn.Dense(3, 2)
    deferred.init_parameters_data()
    np.testing.assert_array_equal(deferred.weight.asnumpy(), plain)


# ----- attributes and inner primitives subclasses use -----------------------------------------
class _DenseByPrims(nn.Dense):
    def construct(self, x):
        y = self.matmul(x, self.weight)
        return self.bias_add(y, self.bias) if self.has_bias else y


class _ConvByPrims(nn.Conv2d):
    def construct(self, x):
        return self.bias_add(self.conv2d(x, self.weight), self.bias)


class _LayerNormByPrim(nn.LayerNorm):
    def construct(self, x):
        return self.layer_norm(x, self.gamma, self.beta)[0]


class _BatchNormByPrims(nn.BatchNorm2d):
    def construct(self, x):
        if self.training:
            return self.bn_train(x, self.gamma, self.beta, self.moving_mean,
                                 self.moving_variance)[0]
        return self.bn_infer(x, self.gamma, self.beta, self.moving_mean,
                             self.moving_variance)[0]


@pytest.mark.parametrize("make, shape", [
    (lambda cls: cls(3, 4, weight_init="normal", bias_init="normal"), (5, 3)),
    (lambda cls: cls(2, 3, 3, has_bias=True, pad_mode="pad", padding=1, stride=2), (2, 2, 6, 6)),
    (lambda cls: cls((6,), gamma_init="normal", beta_init="normal"), (2, 3, 6)),
    (lambda cls: cls(2, momentum=0.8, gamma_init="normal"), (4, 2, 3, 3)),
])
def test_subclasses_calling_inner_primitives_match_the_layer(mode, make, shape):
    pairs = {nn.Dense: _DenseByPrims, nn.Conv2d: _ConvByPrims, nn.LayerNorm: _LayerNormByPrim,
             nn.BatchNorm2d: _BatchNormByPrims}
    x = T(RNG.normal(size=shape))
    for base, sub in pairs.items():
        try:
            ref = make(base)
        except (TypeError, ValueError):
            continue
        mine = make(sub)
        for p, q in zip(mine.get_parameters(), ref.get_parameters()):
            p.set_data(q.value())
        for cell in (ref, mine):
            cell.set_train(True)
        close(mine(x), ref(x).asnumpy(), 1e-4)
        g_mine = ops.grad(lambda v: (mine(v) ** 2).sum(), grad_position=None,
                          weights=mine.trainable_params())(x)
        g_ref = ops.grad(lambda v: (ref(v) ** 2).sum(), grad_position=None,
                         weights=ref.trainable_params())(x)
        for a, b in zip(g_mine, g_ref):
            close(a, b.asnumpy(), 1e-3)
        for p, q in zip(mine.get_parameters(), ref.get_parameters()):
            close(p, q.asnumpy(), 1e-5)  # moving statistics updated alike
        return
    raise AssertionError("no layer accepted the arguments")


def test_attributes_hold_mindspore_values():
    bn = nn.BatchNorm2d(3, momentum=0.8)
    assert abs(bn.momentum - 0.2) < 1e-12 and "momentum=0.8" in repr(bn)
    assert bn.bn_train.momentum == bn.momentum and bn.bn_infer.is_training is False
    d = nn.Dense(3, 2, has_bias=False)
    assert d.matmul.transpose_b and not hasattr(d, "bias_add") and d.bias is None
    drop = nn.Dropout(keep_prob=0.8)
    assert (drop.p, drop.keep_prob, drop.dropout.keep_prob) == (None, 0.8, 0.8)
    c = nn.Conv2d(2, 3, 3)
    assert type(c.weight_init).__name__ == "HeUniform" and c.bias_init is None
    pool = nn.MaxPool2d((2, 3), 1, "same")
    assert (pool.kernel_size, pool.stride, pool.pad_mode) == ((2, 3), 1, "SAME")
    assert [type(m).__name__ for m in nn.SequentialCell([nn.ReLU(), nn.Flatten()]).cell_list] \
        == ["ReLU", "Flatten"]
    assert (nn.MSELoss("none").average, nn.MSELoss("none").reduce) == (True, False)


@pytest.mark.parametrize("grouped", [False, True])
def test_weight_decay_skips_gamma_and_beta_outside_groups(mode, grouped):
    net = nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4)])
    params = net.trainable_params()
    before = {p.name: p.asnumpy().copy() for p in params}
    arg = [{"params": params, "weight_decay": 0.5}] if grouped else params
    opt = nn.SGD(arg, 0.1, weight_decay=0.0 if grouped else 0.5)
    opt(tuple(ops.zeros_like(p) for p in params))  # zero gradients: only decay moves them
    for p in params:
        decayed = grouped or not ("gamma" in p.name or "beta" in p.name)
        close(p, before[p.name] * (0.95 if decayed else 1.0), 1e-6)
    assert opt.decay_flags == tuple(grouped or "gamma" not in p.name and "beta" not in p.name
                                    for p in params)


def test_transposed_convolutions_inner_primitives(mode):
    x = T(RNG.normal(size=(1, 2, 3, 2, 3)))
    net = nn.Conv3dTranspose(2, 4, (2, 3, 2), stride=(2, 1, 2), pad_mode="pad",
                             padding=(1, 0, 1, 1, 0, 1), output_padding=(1, 0, 1))
    assert type(net.weight_init).__name__ == "HeUniform" and net.bias_init is None
    close(net.conv3d_transpose(x, net.weight), net(x).asnumpy())
    c1 = nn.Conv1dTranspose(2, 3, 3, stride=2, pad_mode="valid")
    x1 = T(RNG.normal(size=(2, 2, 4)))
    y = c1.conv2d_transpose(c1.expand_dims(x1, 2), c1.weight, (2, 3, 1, 9))
    close(c1.squeeze(y), c1(x1).asnumpy())


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.up = nn.Conv3dTranspose(2, 3, 2, stride=2, has_bias=True)
        self.bn3 = nn.BatchNorm3d(3)
        self.up1 = nn.Conv1dTranspose(3, 2, 3, stride=2, pad_mode="pad", padding=1)
        self.sbn = nn.SyncBatchNorm(2)
        self.head = nn.DenseBnAct(2 * 7, 2, has_bn=True, activation="relu")

    def construct(self, x):
        y = self.bn3(self.up(x))                       # (N, 3, 4, 4, 4)
        y = self.up1(y.reshape(y.shape[0], 3, -1)[:, :, :4])   # (N, 2, 7)
        y = self.sbn(y.reshape(y.shape[0], 2, 7, 1)).reshape(y.shape[0], -1)
        return self.head(y)


def test_new_layers_train_alike_in_both_modes():
    x = T(RNG.normal(size=(4, 2, 2, 2, 2)))
    y = T(RNG.normal(size=(4, 2)))
    losses = {}
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        ms.set_seed(1)
        net = _Net()
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MAELoss()),
                                   nn.Adadelta(net.trainable_params(), learning_rate=1.0))
        step.set_train()
        losses[m] = [float(step(x, y)) for _ in range(4)]
    np.testing.assert_allclose(losses[ms.GRAPH_MODE], losses[ms.PYNATIVE_MODE], rtol=1e-4)
    assert losses[ms.PYNATIVE_MODE][-1] < losses[ms.PYNATIVE_MODE][0]


def test_adam_amsgrad_matches_numpy(mode):
    w0 = RNG.normal(size=(3,)).astype(np.float32)
    w = ms.Parameter(T(w0), name="w")
    opt = nn.Adam([w], 0.05, use_amsgrad=True, weight_decay=0.01)
    p, m, v, vhat = w0.astype(np.float64), 0.0, 0.0, 0.0
    for t, scale in enumerate((4.0, 2.0, 0.5, 0.1), start=1):
        g = np.array([0.5, -1.0, 0.2]) * scale
        opt((T(g),))
        gg = g + 0.01 * p
        m = 0.9 * m + 0.1 * gg
        v = 0.999 * v + 0.001 * gg ** 2
        vhat = np.maximum(vhat, v)
        p = p - 0.05 * np.sqrt(1 - 0.999 ** t) / (1 - 0.9 ** t) * m / (np.sqrt(vhat) + 1e-8)
        close(w, p, 1e-5)
    assert np.all(opt.vhat[0].asnumpy() > opt.moment2[0].asnumpy())  # the maximum was kept
    with pytest.raises(ValueError, match="use_amsgrad"):
        nn.Adam([w], use_amsgrad=True, use_nesterov=True)
    with pytest.raises(KeyError, match="use_lazy"):
        nn.Adam([w], lazy=True)


def test_optimizer_helpers_for_subclasses(mode):
    w, b = (ms.Parameter(T(np.ones(2)), name=n) for n in ("fc.weight", "fc.bias"))
    opt = nn.Momentum([{"params": [w], "weight_decay": 0.2, "lr": 0.5}, {"params": [b]}], 0.1,
                      0.9, loss_scale=4.0)
    g = (T(np.full(2, 0.4)), T(np.full(2, 0.4)))
    decayed = opt.scale_grad(opt.decay_weight(opt.gradients_centralization(
        opt.flatten_gradients(g))))
    close(decayed[0], np.full(2, 0.1 + 0.2))  # 0.4 / 4 + 0.2 * w
    close(decayed[1], np.full(2, 0.1))
    assert [float(t) for t in opt.get_weight_decay()] == pytest.approx([0.8, 0.0])
    assert float(opt.get_lr_parameter(w)) == 0.5
    assert opt.get_lr_parameter(b) is opt.learning_rate
    assert opt._parameters is opt.parameters and opt.broadcast_params(g) is g
