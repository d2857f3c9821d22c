"""AdaMax, LazyAdam, ProximalAdagrad, ASGD, Rprop and AdaFactor against numpy references of
their update rules for four steps, in both modes (MindSpore's own values are the golden files
tests/goldens/optim_more); state names; argument errors; the ops primitives."""
import numpy as np
import pytest

from mindcell import Parameter, Tensor, nn, ops

SHAPES = [(3, 4), (4,)]
NAMES = ("dense.weight", "dense.bias")
RNG = np.random.default_rng(3)
W0 = [RNG.standard_normal(s).astype(np.float32) for s in SHAPES]
GRADS = [[RNG.standard_normal(s).astype(np.float32) for s in SHAPES] for _ in range(4)]


def _params():
    return [Parameter(Tensor(w.copy()), name=n) for w, n in zip(W0, NAMES)]


def _run(opt, params):
    for step in GRADS:
        opt(tuple(Tensor(g) for g in step))
    return [p.asnumpy() for p in params]


def _check(got, want):
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)


def _adamax_ref(lrs, wds, b1=0.9, b2=0.999, eps=1e-8):
    ws = [w.astype(np.float64) for w in W0]
    m = [np.zeros_like(w) for w in ws]
    v = [np.zeros_like(w) for w in ws]
    for t, step in enumerate(GRADS, 1):
        for i, g in enumerate(step):
            g = g + wds[i] * ws[i]
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = np.maximum(b2 * v[i], np.abs(g))
            ws[i] = ws[i] - lrs[i] / (1 - b1 ** t) * m[i] / (v[i] + eps)
    return ws


def test_adamax_matches_numpy_with_groups(mode):
    params = _params()
    groups = [{"params": [params[0]], "weight_decay": 0.1}, {"params": [params[1]], "lr": 0.05}]
    opt = nn.AdaMax(groups, learning_rate=0.01)
    _check(_run(opt, params), _adamax_ref([0.01, 0.05], [0.1, 0.0]))
    assert [p.name for p in opt.moment1] == ["moment1.dense.weight", "moment1.dense.bias"]
    assert [p.name for p in opt.moment2] == ["moment2.dense.weight", "moment2.dense.bias"]
    np.testing.assert_allclose(opt.beta1_power.asnumpy(), [0.9 ** 4], rtol=1e-6)


def _adam_ref(lr, b1=0.9, b2=0.999, eps=1e-8, nesterov=False, loss_scale=1.0):
    ws = [w.astype(np.float64) for w in W0]
    m = [np.zeros_like(w) for w in ws]
    v = [np.zeros_like(w) for w in ws]
    for t, step in enumerate(GRADS, 1):
        for i, g in enumerate(step):
            g = g / loss_scale
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            lr_t = lr * np.sqrt(1 - b2 ** t) / (1 - b1 ** t)
            num = b1 * m[i] + (1 - b1) * g if nesterov else m[i]
            ws[i] = ws[i] - lr_t * num / (np.sqrt(v[i]) + eps)
    return ws


@pytest.mark.parametrize("nesterov", [False, True])
def test_lazyadam_dense_gradients_match_adam(mode, nesterov):
    params = _params()
    opt = nn.LazyAdam(params, learning_rate=0.02, use_nesterov=nesterov, loss_scale=4.0)
    _check(_run(opt, params), _adam_ref(0.02, nesterov=nesterov, loss_scale=4.0))
    assert opt.beta2_power.name == "beta2_power"


def _proximal_ref(lrs, accum=0.1, l1=0.05, l2=0.1):
    ws = [w.astype(np.float64) for w in W0]
    acc = [np.full_like(w, accum) for w in ws]
    for t, step in enumerate(GRADS):
        for i, g in enumerate(step):
            acc[i] = acc[i] + g * g
            a = lrs[t] / np.sqrt(acc[i])
            prox = ws[i] - a * g
            ws[i] = np.sign(prox) * np.maximum(np.abs(prox) - a * l1, 0) / (1 + a * l2)
    return ws


def test_proximal_adagrad_matches_numpy_with_lr_list(mode):
    params = _params()
    lrs = [0.1, 0.2, 0.3, 0.4]
    opt = nn.ProximalAdagrad(params, learning_rate=lrs, l1=0.05, l2=0.1)
    _check(_run(opt, params), _proximal_ref(lrs))
    assert [p.name for p in opt.accum] == ["accum.dense.weight", "accum.dense.bias"]


def _asgd_ref(lr, lambd, alpha, t0, wd):
    ws = [w.astype(np.float64) for w in W0]
    ax = [np.zeros_like(w) for w in ws]
    mu, eta = [1.0, 1.0], [0.0, 0.0]
    for t, step in enumerate(GRADS, 1):
        for i, g in enumerate(step):
            g = g + wd * ws[i]
            if t == 1:
                eta[i] = lr
            ws[i] = ws[i] * (1 - lambd * eta[i]) - eta[i] * g
            ax[i] = ax[i] + (ws[i] - ax[i]) * mu[i] if mu[i] != 1 else ws[i].copy()
            eta[i] = lr / (1 + lambd * lr * t) ** alpha
            mu[i] = 1 / max(1, t - t0)
    return ws, ax


def test_asgd_matches_numpy_and_averages_after_t0(mode):
    params = _params()
    opt = nn.ASGD(params, learning_rate=0.05, lambd=0.1, alpha=0.5, t0=1.0, weight_decay=0.1)
    got = _run(opt, params)
    ws, ax = _asgd_ref(0.05, 0.1, 0.5, 1.0, 0.1)
    _check(got, ws)
    _check([a.asnumpy() for a in opt.ax], ax)
    assert not np.allclose(ax[0], ws[0])  # averaging started (t0=1): ax is not the weights
    assert [p.name for p in opt.mu] == ["mu_dense.weight", "mu_dense.bias"]
    assert [p.name for p in opt.eta] == ["eta_dense.weight", "eta_dense.bias"]
    assert [p.name for p in opt.ax] == ["ax_.dense.weight", "ax_.dense.bias"]


def _rprop_ref(lr, etas, sizes):
    ws = [w.astype(np.float64) for w in W0]
    prev = [np.zeros_like(w) for w in ws]
    size = [np.full_like(w, lr) for w in ws]
    for step in GRADS:
        for i, g in enumerate(step):
            s = np.sign(g * prev[i])
            fac = np.where(s > 0, etas[1], np.where(s < 0, etas[0], 1.0))
            size[i] = np.clip(size[i] * fac, *sizes)
            g = np.where(s < 0, 0.0, g)
            ws[i] = ws[i] - np.sign(g) * size[i]
            prev[i] = g
    return ws


def test_rprop_matches_numpy(mode):
    params = _params()
    opt = nn.Rprop(params, learning_rate=0.05, etas=(0.3, 1.5), step_sizes=(0.02, 0.08))
    _check(_run(opt, params), _rprop_ref(0.05, (0.3, 1.5), (0.02, 0.08)))
    assert [p.name for p in opt.step_size] == ["step_size.dense.weight", "step_size.dense.bias"]


def _adafactor_ref(beta1=0.9, decay=0.8, eps=(1e-30, 1e-3), clip=1.0):
    ws = [w.astype(np.float64) for w in W0]
    row, col = np.zeros(3), np.zeros(4)
    full = np.zeros(4)
    m = [np.zeros_like(w) for w in ws]
    rms = lambda x: np.sqrt(np.mean(x * x))  # noqa: E731
    for t, step in enumerate(GRADS, 1):
        lr = min(0.01, 1 / np.sqrt(t))
        b2 = 1 - t ** -decay
        for i, g in enumerate(step):
            rate = lr * max(eps[1], rms(ws[i]))
            sq = g * g + eps[0]
            if i == 0:
                row = row * b2 + sq.mean(-1) * (1 - b2)
                col = col * b2 + sq.mean(-2) * (1 - b2)
                u = (1 / np.sqrt(row / row.mean()))[:, None] * (1 / np.sqrt(col))[None] * g
            else:
                full = full * b2 + sq * (1 - b2)
                u = g / np.sqrt(full)
            u = u / max(rms(u) / clip, 1.0) * rate
            m[i] = m[i] * beta1 + u * (1 - beta1)
            ws[i] = ws[i] - m[i]
    return ws


def test_adafactor_matches_numpy(mode):
    params = _params()
    opt = nn.AdaFactor(params)
    _check(_run(opt, params), _adafactor_ref())
    assert [p.shape for p in opt.exp_avg_sq_row] == [(3,), (1,)]
    assert [p.shape for p in opt.exp_avg_sq_col] == [(4,), (1,)]
    assert [p.name for p in opt.exp_avg_sq] == ["exp_avg_sq_dense.weight", "exp_avg_sq_dense.bias"]
    assert opt.step.name == "afactor_step"


def test_adafactor_without_first_moment_keeps_no_exp_avg():
    opt = nn.AdaFactor(_params(), beta1=None)
    names = [p.name for _, p in opt.parameters_and_names()]
    assert not any(n.startswith("exp_avg.") for n in names)


@pytest.mark.parametrize("make, exc, text", [
    (lambda ps: nn.AdaMax(ps, beta1=1.0), ValueError, "'beta1' must be in range of (0.0, 1.0)"),
    (lambda ps: nn.AdaMax(ps, beta2=1), TypeError, "'beta2' should be 'float'"),
    (lambda ps: nn.LazyAdam(ps, weight_decay=0), TypeError, "'weight_dacay' should be 'float'"),
    (lambda ps: nn.LazyAdam(ps, use_nesterov=1), TypeError, "'use_nesterov' should be 'bool'"),
    (lambda ps: nn.ProximalAdagrad(ps, accum=-0.1), ValueError,
     "'accum' must be float and must >= 0"),
    (lambda ps: nn.ASGD(ps, t0=1), TypeError, "'t0' should be 'float'"),
    (lambda ps: nn.ASGD(ps, loss_scale=2.0), TypeError, "loss_scale"),
    (lambda ps: nn.Rprop(ps, etas=[0.5, 1.2]), TypeError, "etas must be a tuple"),
    (lambda ps: nn.Rprop(ps, etas=(0.5, 1.0)), ValueError, "etaplus must be greater than 1.0"),
    (lambda ps: nn.Rprop(ps, step_sizes=(1.0, 0.5)), ValueError, "maximal step size"),
    (lambda ps: nn.AdaFactor(ps, learning_rate=0.1), ValueError, "relative_step"),
    (lambda ps: nn.AdaFactor(ps, relative_step=False), ValueError, "learning_rate is None"),
    (lambda ps: nn.AdaFactor(ps, eps=(1e-30,)), ValueError, "eps must have 2 value"),
    (lambda ps: nn.AdaFactor(ps, decay_rate=1.0), ValueError, "'decay_rate' must be in range"),
])
def test_argument_errors_as_mindspore(make, exc, text):
    with pytest.raises(exc, match=__import__("re").escape(text)):
        make(_params())


def _p(a, name):
    return Parameter(Tensor(np.array(a, np.float32)), name=name)


def test_apply_ada_max_primitive():
    var, m, v = _p([[1., 2.], [3., -4.]], "var"), _p([[.1, .2], [.3, .4]], "m"), \
        _p([[.5, .1], [.2, .3]], "v")
    g = np.array([[.5, -1.], [2., .05]], np.float32)
    out = ops.ApplyAdaMax()(var, m, v, 0.9, 0.01, 0.9, 0.99, 1e-8, Tensor(g))
    m_ref = 0.9 * np.array([[.1, .2], [.3, .4]]) + 0.1 * g
    v_ref = np.maximum(0.99 * np.array([[.5, .1], [.2, .3]]), np.abs(g))
    w_ref = np.array([[1., 2.], [3., -4.]]) - 0.01 / 0.1 * m_ref / (v_ref + 1e-8)
    for got, want in zip(out, (w_ref, m_ref, v_ref)):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-6)
    # the values MindSpore 2.10 gives for these inputs
    np.testing.assert_allclose(var.asnumpy(), [[0.972, 1.992], [2.9765, -4.1228957]], rtol=1e-6)
    with pytest.raises(ValueError, match="ApplyAdaMax"):
        ops.ApplyAdaMax()(var, m, v, 0.9, 0.01, 0.9, 0.99, 1e-8, Tensor(np.ones(2, np.float32)))


def test_apply_proximal_adagrad_primitive():
    var, acc = _p([[1., 2.], [3., -4.]], "var"), _p([[.1, .2], [.3, .4]], "acc")
    g = Tensor(np.array([[.5, -1.], [2., .05]], np.float32))
    ops.ApplyProximalAdagrad()(var, acc, 0.1, 0.2, 0.3, g)
    # the values MindSpore 2.10 gives for these inputs
    np.testing.assert_allclose(var.asnumpy(), [[0.8391269, 2.017771], [2.8526368, -3.796818]],
                               rtol=1e-6)
    np.testing.assert_allclose(acc.asnumpy(), [[0.35, 1.2], [4.3, 0.4025]], rtol=1e-6)
    with pytest.raises(ValueError, match="lr"):
        ops.ApplyProximalAdagrad()(var, acc, Tensor(np.array([0.1], np.float32)), 0.2, 0.3, g)
    with pytest.raises(TypeError, match="use_locking"):
        ops.ApplyProximalAdagrad(use_locking=1)


def test_sparse_apply_proximal_adagrad_updates_only_its_rows(mode):
    var = _p([[1., 2.], [3., -4.], [.5, .5]], "var")
    acc = _p([[.1, .2], [.3, .4], [1., 1.]], "acc")
    g = np.array([[.5, -1.], [2., .05]], np.float32)
    ops.SparseApplyProximalAdagrad()(var, acc, 0.1, 0.2, 0.3, Tensor(g),
                                     Tensor(np.array([2, 0], np.int32)))
    dense_var = _p([[.5, .5], [1., 2.]], "dv")
    dense_acc = _p([[1., 1.], [.1, .2]], "da")
    ops.ApplyProximalAdagrad()(dense_var, dense_acc, 0.1, 0.2, 0.3, Tensor(g))
    np.testing.assert_allclose(var.asnumpy()[[2, 0]], dense_var.asnumpy(), rtol=1e-6)
    np.testing.assert_allclose(acc.asnumpy()[[2, 0]], dense_acc.asnumpy(), rtol=1e-6)
    np.testing.assert_array_equal(var.asnumpy()[1], [3., -4.])


def test_sparse_apply_proximal_adagrad_rejects_repeated_indices():
    var, acc = _p([[1.], [2.]], "var"), _p([[.1], [.1]], "acc")
    with pytest.raises(ValueError, match="distinct"):
        ops.SparseApplyProximalAdagrad()(var, acc, 0.1, 0.0, 0.0,
                                         Tensor(np.ones((2, 1), np.float32)),
                                         Tensor(np.array([1, 1], np.int32)))
    np.testing.assert_array_equal(var.asnumpy(), [[1.], [2.]])


def test_mindspore_state_names_round_trip_through_a_checkpoint(tmp_path):
    import mindcell as ms
    params = _params()
    opt = nn.Rprop(params, learning_rate=0.05)
    _run(opt, params)
    path = str(tmp_path / "rprop.ckpt")
    ms.save_checkpoint(opt, path)
    fresh = nn.Rprop(_params(), learning_rate=0.05)
    assert ms.load_param_into_net(fresh, ms.load_checkpoint(path)) == ([], [])
    for (_, a), (_, b) in zip(opt.parameters_and_names(), fresh.parameters_and_names()):
        np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())


@pytest.mark.parametrize("key, value", [("lr", 0.1), ("weight_decay", 0.1)])
def test_adafactor_rejects_group_settings_it_cannot_apply(key, value):
    params = _params()
    with pytest.raises(ValueError, match=key):
        nn.AdaFactor([{"params": params[:1], key: value}, {"params": params[1:]}],
                     learning_rate=0.01, relative_step=False)
    # groups that only order or split the parameters are fine
    nn.AdaFactor([{"params": params[:1]}, {"params": params[1:]}])


def test_group_learning_rates_are_parameters_named_as_mindspore_names_them(mode, tmp_path):
    import mindcell as ms
    params = _params()
    groups = [{"params": [params[0]], "lr": 0.05}, {"params": [params[1]], "lr": [0.1, 0.2] * 2}]
    opt = nn.AdaMax(groups, learning_rate=0.01)
    names = [p.name for _, p in opt.parameters_and_names()]
    assert "learning_rate_group_0" in names and "learning_rate_group_1" in names
    # the group rates are used: the same steps as the reference with those rates
    got = _run(opt, params)
    ws = _adamax_ref([0.05, 0.05], [0.0, 0.0])
    np.testing.assert_allclose(got[0], ws[0], rtol=1e-5, atol=1e-6)
    # a group rate restored from a checkpoint takes effect
    path = str(tmp_path / "groups.ckpt")
    opt.learning_rate_groups[0].set_data(Tensor(np.array(0.0, np.float32)))
    ms.save_checkpoint(opt, path)
    fresh = nn.AdaMax([{"params": _params()[:1], "lr": 0.05},
                       {"params": _params()[1:], "lr": [0.1, 0.2] * 2}], learning_rate=0.01)
    assert ms.load_param_into_net(fresh, ms.load_checkpoint(path)) == ([], [])
    assert float(fresh.get_lr_parameter(fresh.parameters[0]).asnumpy()) == 0.0
