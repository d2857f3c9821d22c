"""Grouped parameters with an ``{"order_params": [...]}`` group (as the model-zoo ResNet
scripts build them): the optimizer's parameters and gradients follow that order, each
parameter keeps its own group's learning rate and weight decay, in both modes."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn

SHAPES = {"conv.weight": (3, 2), "bn.gamma": (3,), "fc.weight": (2, 2), "fc.bias": (2,)}

CTORS = [
    lambda ps: nn.Momentum(ps, 0.1, 0.9),
    lambda ps: nn.SGD(ps, 0.1, momentum=0.5),
    lambda ps: nn.Adam(ps, 0.01),
    lambda ps: nn.AdamWeightDecay(ps, 0.01),
    lambda ps: nn.RMSProp(ps, 0.01),
]


def _params():
    rng = np.random.default_rng(0)
    return [Parameter(Tensor(rng.standard_normal(s).astype(np.float32)), name=n)
            for n, s in SHAPES.items()]


def _groups(ps, ordered):
    decay = [p for p in ps if "gamma" not in p.name and "bias" not in p.name]
    rest = [p for p in ps if p.name in ("bn.gamma", "fc.bias")]
    groups = [{"params": decay, "weight_decay": 0.1}, {"params": rest, "lr": 0.05}]
    return groups + [{"order_params": ps}] if ordered else groups


def _grads(ps, step):
    rng = np.random.default_rng(step + 1)
    return tuple(Tensor(rng.standard_normal(p.shape).astype(np.float32)) for p in ps)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("ctor", CTORS)
def test_order_params_sets_the_order_and_keeps_each_groups_settings(ctor, mode):
    ms.set_context(mode=mode)
    ordered_ps, plain_ps = _params(), _params()
    ordered = ctor(_groups(ordered_ps, True))
    plain = ctor(_groups(plain_ps, False))
    assert [p.name for p in ordered.parameters] == list(SHAPES)
    assert [p.name for p in plain.parameters] == ["conv.weight", "fc.weight", "bn.gamma",
                                                  "fc.bias"]
    by_name = {p.name: i for i, p in enumerate(ordered_ps)}
    for step in range(3):
        grads = _grads(ordered_ps, step)
        ordered(grads)
        plain(tuple(grads[by_name[p.name]] for p in plain.parameters))
    for p, q in zip(ordered_ps, plain_ps):
        np.testing.assert_array_equal(p.asnumpy(), q.asnumpy())
        assert not np.array_equal(p.asnumpy(), _params()[by_name[p.name]].asnumpy())


def test_order_params_momentum_matches_numpy():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ps = _params()
    opt = nn.Momentum(_groups(ps, True), 0.1, 0.9)
    ref = [p.asnumpy().astype(np.float64) for p in ps]
    lr = [0.1 if "gamma" not in p.name and "bias" not in p.name else 0.05 for p in ps]
    wd = [0.1 if r == 0.1 else 0.0 for r in lr]
    vel = [np.zeros_like(r) for r in ref]
    for step in range(3):
        grads = _grads(ps, step)
        opt(grads)
        for i, g in enumerate(grads):
            gi = g.asnumpy() + wd[i] * ref[i]
            vel[i] = 0.9 * vel[i] + gi
            ref[i] = ref[i] - lr[i] * vel[i]
    for p, r in zip(ps, ref):
        np.testing.assert_allclose(p.asnumpy(), r, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("order, err, msg", [
    (lambda ps: ps[:-1], ValueError, "missing: ['fc.bias']"),
    (lambda ps: ps + [ps[0]], ValueError, "each grouped parameter once"),
    (lambda ps: ps[:-1] + [Parameter(Tensor(np.ones(2, np.float32)), name="stray")],
     ValueError, "'stray' in 'order_params' is in no group"),
    (lambda ps: ps[:-1] + [np.ones(2)], TypeError, "'order_params' must hold Parameters"),
])
def test_bad_order_params_raise(order, err, msg):
    ps = _params()
    groups = _groups(ps, False) + [{"order_params": order(ps)}]
    with pytest.raises(err) as e:
        nn.Momentum(groups, 0.1, 0.9)
    assert "Momentum" in str(e.value) and msg in str(e.value)
