"""Lamb, LARS and FTRL against numpy references of their update formulas for three steps, in
both modes, with parameter groups."""
import numpy as np
import pytest

from mindcell import Parameter, Tensor, nn

SHAPES = [(3, 4), (4,)]
RNG = np.random.default_rng(0)
W0 = [RNG.standard_normal(s).astype(np.float32) for s in SHAPES]
GRADS = [[RNG.standard_normal(s).astype(np.float32) for s in SHAPES] for _ in range(3)]


def _params():
    return [Parameter(Tensor(w.copy()), name=n) for w, n in zip(W0, ("dense.weight", "dense.bias"))]


def _run(opt, params):
    for step in GRADS:
        opt(tuple(Tensor(g) for g in step))
    return [p.asnumpy() for p in params]


def _lamb_ref(lrs, wds, b1=0.9, b2=0.999, eps=1e-6):
    ws = [w.astype(np.float64) for w in W0]
    m = [np.zeros_like(w) for w in ws]
    v = [np.zeros_like(w) for w in ws]
    for t, step in enumerate(GRADS, 1):
        for i, g in enumerate(step):
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            r = (m[i] / (1 - b1 ** t)) / (np.sqrt(v[i] / (1 - b2 ** t)) + eps) + wds[i] * ws[i]
            wn, rn = np.linalg.norm(ws[i]), np.linalg.norm(r)
            ratio = wn / rn if wn > 0 and rn > 0 else 1.0
            ws[i] = ws[i] - lrs[i] * ratio * r
    return ws


def test_lamb_matches_numpy_with_groups(mode):
    params = _params()
    groups = [{"params": [params[0]], "weight_decay": 0.1}, {"params": [params[1]], "lr": 0.05}]
    got = _run(nn.Lamb(groups, learning_rate=0.01), params)
    for g, w in zip(got, _lamb_ref([0.01, 0.05], [0.1, 0.0])):
        np.testing.assert_allclose(g, w, rtol=2e-5, atol=1e-6)


def _ftrl_ref(lr=0.1, l1=0.01, l2=0.02, power=-0.5, accum=0.1):
    ws = [w.astype(np.float64) for w in W0]
    m = [np.full_like(w, accum) for w in ws]
    z = [np.zeros_like(w) for w in ws]
    for step in GRADS:
        for i, g in enumerate(step):
            m_new = m[i] + g * g
            sigma = (m_new ** -power - m[i] ** -power) / lr
            z[i] = z[i] + g - sigma * ws[i]
            m[i] = m_new
            w = (np.sign(z[i]) * l1 - z[i]) / (m_new ** -power / lr + 2 * l2)
            ws[i] = np.where(np.abs(z[i]) > l1, w, 0.0)
    return ws


def test_ftrl_matches_numpy(mode):
    params = _params()
    opt = nn.FTRL(params, learning_rate=0.1, l1=0.01, l2=0.02)
    got = _run(opt, params)
    for g, w in zip(got, _ftrl_ref()):
        np.testing.assert_allclose(g, w, rtol=2e-5, atol=1e-6)
    assert [p.name for p in opt.moments] == ["moments.dense.weight", "moments.dense.bias"]
    assert [p.name for p in opt.linear] == ["linear.dense.weight", "linear.dense.bias"]


def _lars_ref(lr=0.1, mom=0.9, wd=0.01, coef=0.001, eps=1e-5, clip=False):
    ws = [w.astype(np.float64) for w in W0]
    acc = [np.zeros_like(w) for w in ws]
    for step in GRADS:
        for i, g in enumerate(step):
            if i == 0:  # 'dense.weight': LARS; 'dense.bias' is filtered out (plain Momentum)
                wn, gn = np.linalg.norm(ws[i]), np.linalg.norm(g)
                local = coef * wn / (gn + wd * wn + eps)
                if clip:
                    local = min(local / lr, 1.0)
                g = local * (g + wd * ws[i])
            else:
                g = g + wd * ws[i]
            acc[i] = mom * acc[i] + g
            ws[i] = ws[i] - lr * acc[i]
    return ws


@pytest.mark.parametrize("clip", [False, True])
def test_lars_matches_numpy(mode, clip):
    params = _params()
    opt = nn.LARS(nn.Momentum(params, 0.1, 0.9, weight_decay=0.01), use_clip=clip)
    got = _run(opt, params)
    for g, w in zip(got, _lars_ref(clip=clip)):
        np.testing.assert_allclose(g, w, rtol=2e-5, atol=1e-6)


def test_constructor_validation():
    with pytest.raises(TypeError, match="LARS"):
        nn.LARS([1, 2])
    with pytest.raises(ValueError, match="LARS"):
        nn.LARS(nn.SGD(_params(), 0.1), coefficient=0)
    with pytest.raises(ValueError, match="FTRL"):
        nn.FTRL(_params(), lr_power=0.5)
    with pytest.raises(ValueError, match="FTRL"):
        nn.FTRL(_params(), learning_rate=[0.1, 0.2])
    with pytest.raises(ValueError, match="Lamb"):
        nn.Lamb(_params(), 0.1, beta1=1.0)
