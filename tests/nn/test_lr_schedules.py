"""Decay schedule Cells and list functions against float64 formulas, every step, both modes."""
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn


def _poly(lr, end, steps, power, update):
    def f(i):
        period = steps
        if update:
            period = steps * max(math.ceil(i / steps), 1)
        else:
            i = min(i, steps)
        return (lr - end) * (1 - i / period) ** power + end
    return f


CELLS = [
    (lambda: nn.PolynomialDecayLR(0.1, 0.01, 4, 0.5), _poly(0.1, 0.01, 4, 0.5, False)),
    (lambda: nn.PolynomialDecayLR(0.1, 0.0, 3, 2.0, update_decay_steps=True),
     _poly(0.1, 0.0, 3, 2.0, True)),
    (lambda: nn.NaturalExpDecayLR(0.1, 0.9, 4), lambda i: 0.1 * math.exp(-0.9 * i / 4)),
    (lambda: nn.NaturalExpDecayLR(0.1, 0.9, 4, True),
     lambda i: 0.1 * math.exp(-0.9 * (i // 4))),
    (lambda: nn.InverseDecayLR(0.1, 0.5, 2), lambda i: 0.1 / (1 + 0.5 * i / 2)),
    (lambda: nn.InverseDecayLR(0.1, 0.5, 2, is_stair=True), lambda i: 0.1 / (1 + 0.5 * (i // 2))),
    (lambda: nn.ExponentialDecayLR(0.1, 0.9, 4), lambda i: 0.1 * 0.9 ** (i / 4)),
    (lambda: nn.WarmUpLR(0.1, 4), lambda i: 0.1 * min(i, 4) / 4),
]


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("make, ref", CELLS)
def test_schedule_cells_match_formula(make, ref, mode):
    ms.set_context(mode=mode)
    cell = make()
    got = [float(cell(Tensor(np.array([i], np.int32))).asnumpy().reshape(-1)[0])
           for i in range(11)]
    np.testing.assert_allclose(got, [ref(i) for i in range(11)], rtol=1e-6, atol=1e-8)


def test_schedule_drives_the_optimizer():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    p = ms.Parameter(Tensor(np.zeros(1, np.float32)), name="w")
    opt = nn.SGD([p], nn.PolynomialDecayLR(0.1, 0.01, 4, 1.0))
    for _ in range(6):
        opt((Tensor(np.ones(1, np.float32)),))
    expected = -sum(_poly(0.1, 0.01, 4, 1.0, False)(i) for i in range(6))
    np.testing.assert_allclose(p.asnumpy(), [expected], rtol=1e-6)


@pytest.mark.parametrize("args, update, expected", [
    ((0.1, 0.01, 6, 2, 2, 0.5), False, [0.1, 0.1, 0.07363961030678928, 0.07363961030678928,
                                        0.01, 0.01]),
    ((0.1, 0.01, 6, 1, 2, 0.5), True, [_poly(0.1, 0.01, 2, 0.5, True)(i) for i in range(6)]),
])
def test_polynomial_decay_lr_list(args, update, expected):
    np.testing.assert_allclose(nn.polynomial_decay_lr(*args, update_decay_epoch=update),
                               expected, rtol=1e-12)


@pytest.mark.parametrize("make, msg", [
    (lambda: nn.PolynomialDecayLR(0.1, 0.01, 0, 1.0), "PolynomialDecayLR: 'decay_steps'"),
    (lambda: nn.PolynomialDecayLR(0.1, 0.01, 4, -1.0), "PolynomialDecayLR: 'power'"),
    (lambda: nn.PolynomialDecayLR(-0.1, 0.01, 4, 1.0), "PolynomialDecayLR: 'learning_rate'"),
    (lambda: nn.NaturalExpDecayLR(0.1, 0.9, 0), "NaturalExpDecayLR: 'decay_steps'"),
    (lambda: nn.InverseDecayLR(0.1, 0.9, -2), "InverseDecayLR: 'decay_steps'"),
    (lambda: nn.polynomial_decay_lr(0.1, 0.01, 6, 0, 2, 0.5), "polynomial_decay_lr"),
])
def test_bad_arguments_raise(make, msg):
    with pytest.raises(ValueError, match=msg):
        make()
