"""Every optimizer checks all gradients before it updates anything: a wrong shape, count,
dtype or type at any position raises (naming the optimizer and the parameter), and every
parameter and every piece of optimizer state is unchanged bit-for-bit, in both modes."""
import inspect

import numpy as np
import pytest

from mindcell import Parameter, Tensor, nn
from mindcell.experimental import optim as exp_optim

SHAPES = [(2, 3), (4,), (3, 1)]

# One constructor per optimizer class; a new class without a row fails test_table_is_complete.
CTORS = {
    "nn.SGD": lambda ps: nn.SGD(ps, 0.1, momentum=0.9),
    "nn.Momentum": lambda ps: nn.Momentum(ps, 0.1, 0.9),
    "nn.Adam": lambda ps: nn.Adam(ps, 0.01),
    "nn.AdamWeightDecay": lambda ps: nn.AdamWeightDecay(ps, 0.01, weight_decay=0.01),
    "nn.Adagrad": lambda ps: nn.Adagrad(ps, learning_rate=0.1),
    "nn.RMSProp": lambda ps: nn.RMSProp(ps, 0.01, momentum=0.5, centered=True),
    "nn.Lamb": lambda ps: nn.Lamb(ps, 0.01, weight_decay=0.01),
    "nn.LARS": lambda ps: nn.LARS(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.01)),
    "nn.FTRL": lambda ps: nn.FTRL(ps, l1=0.01, l2=0.01),
    "nn.Adadelta": lambda ps: nn.Adadelta(ps, 0.5, weight_decay=0.01),
    "nn.AdaMax": lambda ps: nn.AdaMax(ps, 0.01, weight_decay=0.01),
    "nn.LazyAdam": lambda ps: nn.LazyAdam(ps, 0.01, use_nesterov=True),
    "nn.ProximalAdagrad": lambda ps: nn.ProximalAdagrad(ps, learning_rate=0.1, l1=0.01),
    "nn.ASGD": lambda ps: nn.ASGD(ps, 0.05, lambd=0.1, t0=1.0),
    "nn.Rprop": lambda ps: nn.Rprop(ps, 0.05),
    "nn.AdaFactor": lambda ps: nn.AdaFactor(ps, weight_decay=0.01),
    "experimental.SGD": lambda ps: exp_optim.SGD(ps, 0.1, momentum=0.9),
    "experimental.Adam": lambda ps: exp_optim.Adam(ps, 0.01),
    "experimental.AdamW": lambda ps: exp_optim.AdamW(ps, 0.01),
    "experimental.Adadelta": lambda ps: exp_optim.Adadelta(ps, 0.5, weight_decay=0.01),
    "experimental.Adagrad": lambda ps: exp_optim.Adagrad(ps, 0.1, lr_decay=0.1),
    "experimental.ASGD": lambda ps: exp_optim.ASGD(ps, 0.05, lambd=0.1, t0=1.0),
    "experimental.Adamax": lambda ps: exp_optim.Adamax(ps, 0.01, weight_decay=0.01),
    "experimental.RMSprop": lambda ps: exp_optim.RMSprop(ps, 0.01, momentum=0.5,
                                                         centered=True),
    "experimental.Rprop": lambda ps: exp_optim.Rprop(ps, 0.05),
    "experimental.RAdam": lambda ps: exp_optim.RAdam(ps, 0.01),
    "experimental.NAdam": lambda ps: exp_optim.NAdam(ps, 0.01),
}


def _optimizer_classes():
    found = {}
    for prefix, module, base in (("nn", nn, nn.Optimizer),
                                 ("experimental", exp_optim, exp_optim.Optimizer)):
        for name, cls in vars(module).items():
            if inspect.isclass(cls) and issubclass(cls, nn.Optimizer) \
                    and cls not in (nn.Optimizer, base):
                found["%s.%s" % (prefix, name)] = cls
    return found


def test_table_is_complete():
    assert set(_optimizer_classes()) == set(CTORS)


def _grads(dtype=np.float32, scale=1.0):
    rng = np.random.default_rng(0)
    return [Tensor((rng.standard_normal(s) * scale).astype(dtype)) for s in SHAPES]


def _bad(kind, position):
    """A gradient tuple with one defect; position 0 or the last one."""
    grads = _grads()
    if kind == "fewer":
        return tuple(grads[:-1]), ValueError
    if kind == "more":
        return tuple(grads + [grads[0]]), ValueError
    shape = SHAPES[position]
    if kind == "smaller":
        grads[position] = Tensor(np.ones((1,), np.float32))
    elif kind == "larger":
        grads[position] = Tensor(np.ones((shape[0] + 5,) + shape[1:], np.float32))
    elif kind == "transposed":
        grads[position] = Tensor(np.ones(shape[::-1] + (1,), np.float32))
    elif kind == "int":
        grads[position] = Tensor(np.ones(shape, np.int32))
    elif kind == "numpy":
        grads[position] = np.ones(shape, np.float32)
    elif kind == "none":
        grads[position] = None
    error = TypeError if kind in ("int", "numpy", "none") else ValueError
    return tuple(grads), error


def _snapshot(opt):
    return {name: p.asnumpy().copy() for name, p in opt.parameters_and_names()}


CASES = [(kind, position) for kind in ("smaller", "larger", "transposed", "int", "numpy", "none")
         for position in (0, len(SHAPES) - 1)] + [("fewer", None), ("more", None)]


@pytest.mark.parametrize("kind,position", CASES, ids=["%s-%s" % c for c in CASES])
@pytest.mark.parametrize("opt_name", sorted(CTORS))
def test_bad_gradient_raises_and_changes_nothing(opt_name, kind, position, mode):
    params = [Parameter(Tensor(np.full(s, 0.5, np.float32)), name="w%d" % i)
              for i, s in enumerate(SHAPES)]
    opt = CTORS[opt_name](params)
    opt(tuple(_grads()))  # one good step first: the state is not at its initial values
    before = _snapshot(opt)
    assert len(before) > len(params)
    grads, error = _bad(kind, position)
    with pytest.raises(error) as info:
        opt(grads)
    message = str(info.value)
    assert type(opt).__name__ in message
    if position is not None:
        assert "'w%d'" % position in message
    if kind in ("smaller", "larger", "transposed"):
        assert str(SHAPES[position]) in message and str(tuple(grads[position].shape)) in message
    after = _snapshot(opt)
    assert after.keys() == before.keys()
    for name in before:
        assert after[name].tobytes() == before[name].tobytes(), (opt_name, kind, name)
    opt(tuple(_grads()))  # the optimizer still works
    assert any(_snapshot(opt)[p.name].tobytes() != before[p.name].tobytes() for p in params)


@pytest.mark.parametrize("opt_name", sorted(CTORS))
def test_non_sequence_gradients_are_a_type_error(opt_name):
    params = [Parameter(Tensor(np.zeros(s, np.float32)), name="w%d" % i)
              for i, s in enumerate(SHAPES)]
    opt = CTORS[opt_name](params)
    with pytest.raises(TypeError, match=type(opt).__name__):
        opt(_grads()[0])
