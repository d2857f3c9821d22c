"""nn.dynamic_lr: the per-step learning-rate lists against closed-form numpy references, their
argument checks, and a list driving an optimizer step by step."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.nn import dynamic_lr


def _epochs(total, per_epoch):
    return np.arange(total) // per_epoch


def test_module_path_and_nn_names_are_one_object():
    for name in dynamic_lr.__all__:
        assert getattr(nn, name) is getattr(dynamic_lr, name)


@pytest.mark.parametrize("stair", [False, True])
def test_decay_families_match_closed_forms(stair):
    e = _epochs(12, 3).astype(np.float64)
    if stair:
        e = e - e % 2
    np.testing.assert_allclose(dynamic_lr.exponential_decay_lr(0.2, 0.7, 12, 3, 2, stair),
                               0.2 * 0.7 ** (e / 2))
    np.testing.assert_allclose(dynamic_lr.natural_exp_decay_lr(0.2, 0.7, 12, 3, 2, stair),
                               0.2 * np.exp(-0.7 * e))
    np.testing.assert_allclose(dynamic_lr.inverse_decay_lr(0.2, 0.7, 12, 3, 2, stair),
                               0.2 / (1 + 0.7 * e / 2))


def test_cosine_warmup_polynomial_match_closed_forms():
    e = _epochs(10, 2)
    np.testing.assert_allclose(dynamic_lr.cosine_decay_lr(0.01, 0.1, 10, 2, 3),
                               0.01 + 0.045 * (1 + np.cos(np.pi * np.minimum(e, 3) / 3)))
    np.testing.assert_allclose(dynamic_lr.warmup_lr(0.3, 10, 2, 3), 0.3 * np.minimum(e, 3) / 3)
    np.testing.assert_allclose(dynamic_lr.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 2.0),
                               0.09 * (1 - np.minimum(e, 3) / 3) ** 2 + 0.01)
    period = 3 * np.maximum(np.ceil(e / 3), 1)
    np.testing.assert_allclose(dynamic_lr.polynomial_decay_lr(0.1, 0.01, 10, 2, 3, 2.0, True),
                               0.09 * (1 - e / period) ** 2 + 0.01)


def test_piecewise_constant_lr():
    assert dynamic_lr.piecewise_constant_lr((1, 1, 3), [0.3, 0.2, 0.1]) == [0.3, 0.1, 0.1]
    assert dynamic_lr.piecewise_constant_lr([], []) == []


@pytest.mark.parametrize("call, exc", [
    (lambda: dynamic_lr.piecewise_constant_lr([5, 2], [0.1, 0.2]), ValueError),
    (lambda: dynamic_lr.piecewise_constant_lr([2, 5], [0.1]), ValueError),
    (lambda: dynamic_lr.piecewise_constant_lr([2, 5], [1, 0.2]), TypeError),
    (lambda: dynamic_lr.piecewise_constant_lr([True, 5], [0.1, 0.2]), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(1, 0.9, 6, 2, 1), TypeError),
    (lambda: dynamic_lr.exponential_decay_lr(0.1, 0.9, 6, 2, 1, 1), TypeError),
    (lambda: dynamic_lr.inverse_decay_lr(0.1, 0.0, 6, 2, 1), ValueError),
    (lambda: dynamic_lr.natural_exp_decay_lr(0.1, 0.5, 0, 2, 1), ValueError),
    (lambda: dynamic_lr.cosine_decay_lr(0.1, 0.1, 6, 2, 1), ValueError),
    (lambda: dynamic_lr.cosine_decay_lr(0, 0.1, 6, 2, 1), TypeError),
    (lambda: dynamic_lr.warmup_lr(-0.1, 6, 2, 1), ValueError),
    (lambda: dynamic_lr.polynomial_decay_lr(0.1, 0.01, 6, 2, 2, 1), TypeError),
    (lambda: dynamic_lr.polynomial_decay_lr(0.1, -0.01, 6, 2, 2, 1.0), ValueError),
])
def test_invalid_arguments_raise_naming_the_function(call, exc):
    with pytest.raises(exc, match="_lr"):
        call()


def test_list_drives_the_optimizer_step_by_step(mode):
    w = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)), name="w")
    lrs = dynamic_lr.piecewise_constant_lr([1, 3], [0.5, 0.25])
    opt = nn.SGD([w], learning_rate=lrs)
    g = (ms.Tensor(np.ones(2, np.float32)),)
    seen = []
    for _ in range(3):
        before = w.asnumpy().copy()
        opt(g)
        seen.append(float(before[0] - w.asnumpy()[0]))
    np.testing.assert_allclose(seen, [0.5, 0.25, 0.25], rtol=1e-6)
