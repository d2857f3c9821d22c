"""experimental.optim's optimizers beyond SGD/Adam/AdamW and the lr_scheduler module (issue 16,
optim9). MindSpore 2.10's numbers are in tests/goldens/experimental_optim (recorded with
ms-oracle); these tests check what the goldens do not: the three ways of running a step agree,
numpy references of the updates, add_param_group, argument errors."""
import warnings

import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor
from mindcell.experimental import optim

RNG = np.random.RandomState(0)
W0 = [RNG.randn(2, 3).astype(np.float32), RNG.randn(3).astype(np.float32)]
GRADS = [[RNG.randn(*w.shape).astype(np.float32) for w in W0] for _ in range(3)]

NEW = {
    "Adadelta": dict(lr=0.5, rho=0.8, weight_decay=0.1),
    "Adagrad": dict(lr=0.1, lr_decay=0.1, initial_accumulator_value=0.3),
    "ASGD": dict(lr=0.05, lambd=0.1, t0=1.0, weight_decay=0.1),
    "Adamax": dict(lr=0.02, betas=(0.8, 0.9), maximize=True),
    "RMSprop": dict(lr=0.01, momentum=0.5, centered=True),
    "Rprop": dict(lr=0.05, step_sizes=(0.02, 0.08)),
    "RAdam": dict(lr=0.01, betas=(0.9, 0.3)),
    "NAdam": dict(lr=0.01, momentum_decay=0.5, weight_decay=0.1),
}


def _params():
    return [Parameter(Tensor(w.copy()), name=n) for n, w in zip(("w", "b"), W0)]


def _make(name, ps):
    return getattr(optim, name)([{"params": ps[:1], "lr": 0.03}, {"params": ps[1:]}],
                                **NEW[name])


def _run(name, mode):
    ps = _params()
    opt = _make(name, ps)
    out = []
    if mode == "jit":
        def forward(g0, g1):
            return (ps[0] * g0).sum() + (ps[1] * g1).sum()
        grad_fn = ms.value_and_grad(forward, None, opt.parameters)

        @ms.jit
        def train(g0, g1):
            loss, grads = grad_fn(g0, g1)
            opt(grads)
            return loss
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    try:
        for step in GRADS:
            if mode == "jit":
                train(*[Tensor(g) for g in step])
            else:
                opt(tuple(Tensor(g) for g in step))
            out.append([p.asnumpy().copy() for p in ps])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    return out


@pytest.mark.parametrize("name", sorted(NEW))
def test_pynative_graph_and_jit_steps_agree(name):
    eager = _run(name, "py")
    assert not np.allclose(eager[-1][0], W0[0])  # the steps moved the parameters
    for mode in ("graph", "jit"):
        for a, b in zip(eager, _run(name, mode)):
            for x, y in zip(a, b):
                np.testing.assert_allclose(x, y, rtol=1e-5, atol=1e-6, err_msg=mode)


def test_state_names_are_mindspore_checkpoint_keys():
    ps = _params()
    names = [n for n, _ in optim.Adamax(ps).parameters_and_names()]
    assert names == ["w", "b", "step_t", "exp_avg.w", "exp_avg.b", "exp_inf.w", "exp_inf.b"]
    # ASGD's eta/mu and NAdam's mu_product are not Cell parameters in MindSpore 2.10
    assert [n for n, _ in optim.ASGD(_params()).parameters_and_names()] == \
        ["w", "b", "ax.w", "ax.b", "step_t"]
    assert [n for n, _ in optim.NAdam(_params()).parameters_and_names()] == \
        ["w", "b", "step_t", "exp_avg.w", "exp_avg.b", "exp_avg_sq.w", "exp_avg_sq.b"]
    # no global_step / learning_rate in the experimental optimizers (the lrs hold the rates)
    sgd = optim.SGD([{"params": ps[:1], "lr": 0.5}, {"params": ps[1:]}], lr=0.1)
    assert "global_step" not in [n for n, _ in sgd.parameters_and_names()]
    assert [p.name for p in sgd.lrs] == ["learning_rate_group_0", "learning_rate_group_1"]


def test_adagrad_and_adadelta_match_numpy():
    w, g = W0[1].astype(np.float64), GRADS[0][1].astype(np.float64)
    p = Parameter(Tensor(W0[1].copy()), name="p")
    opt = optim.Adagrad([p], lr=0.1, lr_decay=0.5, initial_accumulator_value=0.2, eps=1e-3)
    s = 0.2 + 0.0 * w
    for t in range(2):
        opt((Tensor(g.astype(np.float32)),))
        s = s + g * g
        w = w - 0.1 / (1 + t * 0.5) * g / (np.sqrt(s) + 1e-3)
    np.testing.assert_allclose(p.asnumpy(), w, rtol=1e-5)

    w = W0[1].astype(np.float64)
    p = Parameter(Tensor(W0[1].copy()), name="p")
    opt = optim.Adadelta([p], lr=0.5, rho=0.7, eps=1e-2, weight_decay=0.1)
    v = u = 0.0 * w
    for _ in range(2):
        opt((Tensor(g.astype(np.float32)),))
        gd = g + 0.1 * w
        v = 0.7 * v + 0.3 * gd * gd
        delta = np.sqrt(u + 1e-2) / np.sqrt(v + 1e-2) * gd
        u = 0.7 * u + 0.3 * delta * delta
        w = w - 0.5 * delta
    np.testing.assert_allclose(p.asnumpy(), w, rtol=1e-5)


def test_rprop_grows_shrinks_and_clips_the_step_size():
    p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")
    opt = optim.Rprop([p], lr=0.1, etas=(0.5, 2.0), step_sizes=(0.01, 0.3))
    for g in ([1.0, 1.0, 1.0], [1.0, -1.0, 0.0], [1.0, -1.0, 1.0], [1.0, 1.0, 1.0]):
        opt((Tensor(np.array(g, np.float32)),))
    # element 0 (same sign): sizes 0.1, 0.2, 0.4 -> 0.3 (clipped), 0.3;
    # element 1 (1, -1, -1, 1): 0.1, 0.05 (a flip: no move, counted as 0), 0.05, 0.025 (flip);
    # element 2 (1, 0, 1, 1): 0.1, 0.1 (no move), 0.1, 0.2
    np.testing.assert_allclose(opt.step_size[0].asnumpy(), [0.3, 0.025, 0.2], rtol=1e-6)
    np.testing.assert_allclose(p.asnumpy(), [-0.9, -0.05, -0.4], rtol=1e-5)


def test_add_param_group_extends_every_state():
    ps = _params()
    extra = Parameter(Tensor(np.ones(2, np.float32)), name="extra")
    for name in ("ASGD", "NAdam", "Adagrad"):
        opt = getattr(optim, name)(ps[:1], lr=0.1)
        opt.add_param_group({"params": [extra] if name != "Adagrad" else
                             [Parameter(Tensor(np.ones(2, np.float32)), name="x2")]})
        grads = (Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones(2, np.float32)))
        opt(grads)
        assert opt.group_start_id == [0, 1, 2]
        if name == "ASGD":
            assert [m.name for m in opt.mu] == ["mu_w", "mu_extra"]
        if name == "NAdam":
            assert [m.name for m in opt.mu_product] == ["mu_product_w", "mu_product_extra"]
    opt = optim.Adagrad(ps[:1], lr=0.1, initial_accumulator_value=0.5)
    opt.add_param_group({"params": [Parameter(Tensor(np.ones(2, np.float32)), name="y")]})
    np.testing.assert_allclose(opt.accum[1].asnumpy(), [0.5, 0.5])


@pytest.mark.parametrize("name, kwargs, error", [
    ("Adadelta", dict(rho=1.5), ValueError),
    ("Adadelta", dict(rho=1), TypeError),
    ("Adagrad", dict(lr=0.0), ValueError),
    ("ASGD", dict(lambd=1), TypeError),
    ("ASGD", dict(t0=1), TypeError),
    ("Adamax", dict(betas=(1.0, 0.9)), ValueError),
    ("RMSprop", dict(momentum=-0.1), ValueError),
    ("Rprop", dict(etas=(0.5, 1.0)), ValueError),
    ("RAdam", dict(eps=0.0), ValueError),
    ("NAdam", dict(momentum_decay=-0.1), ValueError),
])
def test_bad_arguments_name_the_optimizer_and_argument(name, kwargs, error):
    with pytest.raises(error) as info:
        getattr(optim, name)(_params(), **kwargs)
    assert name in str(info.value)
    assert list(kwargs)[0] in str(info.value)


# ---------------------------------------------------------------- lr_scheduler

from mindcell.experimental.optim import lr_scheduler as lrs  # noqa: E402


def _sgd():
    ps = [Parameter(Tensor(np.ones(3, np.float32)), name="w"),
          Parameter(Tensor(np.ones(2, np.float32)), name="b")]
    return ps, optim.SGD([{"params": ps[:1]}, {"params": ps[1:], "lr": 0.05}], lr=0.1)


def _rates(sched):
    return [float(v) for v in sched.get_last_lr()]


JIT_SCHEDS = {
    "StepLR": lambda o: lrs.StepLR(o, step_size=2, gamma=0.5),
    "MultiStepLR": lambda o: lrs.MultiStepLR(o, [1, 3, 3], gamma=0.5),
    "LinearLR": lambda o: lrs.LinearLR(o, start_factor=0.25, total_iters=3),
    "CosineAnnealingLR": lambda o: lrs.CosineAnnealingLR(o, T_max=3, eta_min=0.01),
    "CosineAnnealingWarmRestarts": lambda o: lrs.CosineAnnealingWarmRestarts(o, 2, T_mult=2),
    "CyclicLR": lambda o: lrs.CyclicLR(o, 0.01, 0.1, step_size_up=2, mode="triangular2"),
    "ConstantLR": lambda o: lrs.ConstantLR(o, factor=0.5, total_iters=2),
    "PolynomialLR": lambda o: lrs.PolynomialLR(o, total_iters=4, power=2.0),
    "MultiplicativeLR": lambda o: lrs.MultiplicativeLR(o, lambda e: 0.9),
}


@pytest.mark.parametrize("name", sorted(JIT_SCHEDS))
def test_scheduler_step_inside_jit_matches_eager(name):
    """scheduler.step() in an ms.jit train step: the compiled step replays the tensor
    arithmetic (no rate baked in at trace time), so rates and parameters follow eager's."""
    runs = []
    for jit in (False, True):
        ps, opt = _sgd()
        sched = JIT_SCHEDS[name](opt)

        def forward(x):
            return (ps[0] * x).sum() + (ps[1] * x[:2]).sum()
        grad_fn = ms.value_and_grad(forward, None, opt.parameters)

        def train(x):
            loss, grads = grad_fn(x)
            opt(grads)
            sched.step()
            return loss
        step = ms.jit(train) if jit else train
        seq = []
        for _ in range(7):
            step(Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
            seq.append(_rates(sched) + list(ps[0].asnumpy()))
        runs.append(np.array(seq))
    assert len({tuple(np.round(r[:2], 6)) for r in runs[0]}) > 1  # the rate changed
    np.testing.assert_allclose(runs[1], runs[0], rtol=1e-5, atol=1e-7)


def test_scheduler_writes_the_groups_learning_rate_parameters():
    ps, opt = _sgd()
    sched = lrs.ExponentialLR(opt, gamma=0.5)
    assert sched._last_lr[0] is opt.lrs[0] is opt.param_groups[0]["lr"]
    sched.step()
    assert _rates(sched) == pytest.approx([0.05, 0.025])
    assert float(opt.param_groups[1]["lr"]) == pytest.approx(0.025)
    assert float(opt.param_groups[0]["initial_lr"]) == pytest.approx(0.1)
    opt(tuple(Tensor(np.ones(p.shape, np.float32)) for p in ps))
    np.testing.assert_allclose(ps[0].asnumpy(), 1 - 0.05, rtol=1e-6)
    assert sched.last_epoch.name == "last_epoch_ExponentialLR"


def test_closed_forms_mindspore_lacks():
    """step(epoch) where MindSpore 2.10 fails (MultiStepLR: AttributeError; warm restarts with
    T_mult > 1: TypeError): the closed forms of the recursive schedules."""
    _, opt = _sgd()
    sched = lrs.MultiStepLR(opt, [2, 5, 5], gamma=0.5)
    sched.step(6)
    assert _rates(sched) == pytest.approx([0.1 * 0.125, 0.05 * 0.125])
    sched.step(1)
    assert _rates(sched) == pytest.approx([0.1, 0.05])
    _, opt = _sgd()
    sched = lrs.CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=2, eta_min=0.001)
    seq = []
    for _ in range(7):
        sched.step()
        seq.append(_rates(sched)[0])
    # epoch e in the period starting at 2 * (2 ** n - 1): the same rate by step(e)
    for e, expected in enumerate(seq, start=1):
        _, opt2 = _sgd()
        other = lrs.CosineAnnealingWarmRestarts(opt2, T_0=2, T_mult=2, eta_min=0.001)
        other.step(e)
        assert _rates(other)[0] == pytest.approx(expected, rel=1e-5)


def test_three_value_betas_and_etas_are_rejected_when_built():
    # MindSpore 2.10 builds these and fails unpacking them at the first step
    with pytest.raises(ValueError, match="betas"):
        optim.Adamax(_params(), betas=(0.9, 0.99, 0.9))
    with pytest.raises(ValueError, match="etas"):
        optim.Rprop(_params(), etas=(0.5, 1.2, 3.0))


def test_plateau_reduces_after_patience_and_respects_cooldown_and_min_lr():
    _, opt = _sgd()
    sched = lrs.ReduceLROnPlateau(opt, patience=1, factor=0.5, cooldown=1, min_lr=[0.03, 0.0])
    seen = []
    for m in [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]:
        sched.step(m)
        seen.append(_rates(sched))
    # reductions at the 3rd bad epoch, then after 1 cooldown + 2 bad epochs; group 0 floored
    assert [r[0] for r in seen] == pytest.approx([0.1, 0.1, 0.05, 0.05, 0.05, 0.03, 0.03])
    assert [r[1] for r in seen] == pytest.approx([0.05, 0.05, 0.025, 0.025, 0.025, 0.0125,
                                                  0.0125])


@pytest.mark.parametrize("make, error", [
    (lambda o: lrs.StepLR(o, 2, gamma=1), TypeError),
    (lambda o: lrs.LinearLR(o, start_factor=0.0), ValueError),
    (lambda o: lrs.PolynomialLR(o, power=-1.0), ValueError),
    (lambda o: lrs.CyclicLR(o, 0.01, 0.1, mode="x"), ValueError),
    (lambda o: lrs.CyclicLR(o, 0.01, 0.1, scale_fn=lambda x: 1.0, scale_mode="epoch"),
     ValueError),
    (lambda o: lrs.ReduceLROnPlateau(o, threshold_mode="x"), ValueError),
    (lambda o: lrs.StepLR(o, 2, last_epoch=3), KeyError),
    (lambda o: lrs.StepLR(ms.nn.SGD([Parameter(Tensor(np.ones(2, np.float32)), "q")]), 2),
     TypeError),
    (lambda o: lrs.LRScheduler(o), NotImplementedError),
])
def test_scheduler_argument_errors(make, error):
    _, opt = _sgd()
    with pytest.raises(error):
        make(opt)


def test_repr_lists_each_group_and_state_is_an_empty_dict():
    ps = _params()
    opt = optim.RAdam([{"params": ps[:1], "lr": 0.5}, {"params": ps[1:]}])
    text = repr(opt)
    assert text.startswith("RAdam (\nParameter Group 0\n    betas: (0.9, 0.999)\n")
    assert "    lr: 0.5\n" in text and "\n\nParameter Group 1\n" in text
    assert text.endswith("    weight_decay: 0.0\n)")
    assert dict(opt.state) == {}


def test_sequential_lr_step_inside_jit_follows_the_milestones():
    """SequentialLR picks its scheduler in Python from the epoch: inside ms.jit the epoch is
    read through JIT Fallback (guarded, one trace per epoch), never from the Parameter's
    storage at trace time, which would replay the first choice (rates stuck in the warm-up).
    MindSpore 2.10 gives these rates in ms.jit too (ms-oracle)."""
    runs = []
    for jit in (False, True):
        ps, opt = _sgd()
        sched = lrs.SequentialLR(opt, [lrs.LinearLR(opt, 0.5, total_iters=2),
                                       lrs.CosineAnnealingLR(opt, 3),
                                       lrs.ExponentialLR(opt, 0.5)], [2, 5])

        def step():
            sched.step()
            return ps[0] * 1
        run = ms.jit(step) if jit else step
        seq = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # a trace per epoch, as documented
            for _ in range(9):
                run()
                seq.append(_rates(sched)[0])
        runs.append(seq)
    assert runs[0] == pytest.approx([0.075, 0.1, 0.075, 0.025, 0.1, 0.05, 0.025, 0.0125,
                                     0.00625], rel=1e-5)
    assert runs[1] == pytest.approx(runs[0], rel=1e-6)


def test_groups_added_after_steps_start_asgd_eta_and_rprop_step_size_at_their_lr():
    """The first step sets ASGD's eta and Rprop's step sizes to lr; a group added later starts
    from its own lr (MindSpore 2.10 cannot step after add_param_group at all: its state
    tuples keep the old length)."""
    for name, kwargs in (("ASGD", dict(lambd=0.0)), ("Rprop", {})):
        w = Parameter(Tensor(np.zeros(2, np.float32)), name="w")
        opt = getattr(optim, name)([w], lr=0.1, **kwargs)
        g = Tensor(np.array([1.0, -1.0], np.float32))
        opt((g,))
        extra = Parameter(Tensor(np.zeros(2, np.float32)), name="extra")
        opt.add_param_group({"params": [extra], "lr": 0.2})
        opt((g, g))
        np.testing.assert_allclose(extra.asnumpy(), [-0.2, 0.2], rtol=1e-5, err_msg=name)


def test_lambda_lr_with_python_on_the_epoch_inside_jit():
    """A warm-up lambda with ``if``/``float()`` on the epoch steps inside ms.jit with eager's
    rates (MindSpore 2.10 gives [0.0333, 0.0667, 0.1, 0.1, 0.1] for this one, ms-oracle)."""
    def warmup(step):
        if step < 3:
            return float(step) / 3.0
        return 1.0
    rates = []
    for jit in (False, True):
        w = Parameter(Tensor(np.ones(2, np.float32)), name="w")
        opt = optim.SGD([w], lr=0.1)
        sched = lrs.LambdaLR(opt, warmup)

        def step():
            sched.step()
            return w * 1
        run = ms.jit(step) if jit else step
        seq = []
        for _ in range(5):
            run()
            seq.append(_rates(sched)[0])
        rates.append(seq)
    assert rates[0] == pytest.approx([0.1 / 3, 0.2 / 3, 0.1, 0.1, 0.1])
    assert rates[1] == pytest.approx(rates[0])


def test_user_scheduler_with_python_branches_on_last_epoch_inside_jit():
    """A user LRScheduler whose get_lr branches in Python on ``self.last_epoch`` steps inside
    ms.jit with eager's rates (MindSpore 2.10 gives [0.05, 0.1, 0.1, 0.1] here, ms-oracle):
    get_lr sees the new epoch as a value JIT Fallback can read."""
    class Warm(lrs.LRScheduler):
        def get_lr(self):
            if self.last_epoch < 2:
                return [b * 0.5 for b in self.base_lrs]
            return [b * 1.0 for b in self.base_lrs]
    runs = []
    for jit in (False, True):
        ps, opt = _sgd()
        sched = Warm(opt)

        def step():
            sched.step()
            return ps[0] * 1
        run = ms.jit(step) if jit else step
        seq = []
        for _ in range(4):
            run()
            seq.append(_rates(sched)[0])
        runs.append(seq)
        assert isinstance(sched.last_epoch, Parameter) and float(sched.last_epoch) == 4.0
    assert runs[0] == pytest.approx([0.05, 0.1, 0.1, 0.1])
    assert runs[1] == pytest.approx(runs[0])
