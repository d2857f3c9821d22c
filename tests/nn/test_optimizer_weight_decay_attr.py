"""Optimizer.weight_decay as MindSpore 2.10 holds it (ms-oracle): a 0-d float32 Tensor (times
loss_scale), or with parameter groups a tuple with one per parameter in the optimizer's
order. Custom optimizers map over it: the model zoo's Bert AdamWeightDecayOp does
``hyper_map(partial(_adam_opt, beta1, beta2, eps, lr), self.weight_decay, self.parameters,
...)``, which failed on mindcell's float ('the arguments must all be tuples/lists')."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn
from mindcell.ops import composite as C
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _params():
    return [Parameter(Tensor(np.array([1.0, -2.0], np.float32)), name="dense.weight"),
            Parameter(Tensor(np.array([0.5], np.float32)), name="dense.bias"),
            Parameter(Tensor(np.array([3.0, 1.0], np.float32)), name="norm.gamma")]


def test_attribute_types_and_values():
    ps = _params()
    opt = nn.Momentum(ps, 0.1, 0.9, weight_decay=0.1, loss_scale=2.0)
    assert isinstance(opt.weight_decay, Tensor) and opt.weight_decay.shape == ()
    assert opt.weight_decay.dtype == ms.float32
    np.testing.assert_allclose(opt.weight_decay.asnumpy(), 0.2)  # times loss_scale
    assert opt.get_weight_decay() is opt.weight_decay
    plain = nn.Adam(ps, 0.1)
    assert isinstance(plain.weight_decay, Tensor) and float(plain.weight_decay.asnumpy()) == 0.0
    groups = [{"params": [ps[0]], "weight_decay": 0.01}, {"params": ps[1:]},
              {"order_params": [ps[1], ps[0], ps[2]]}]
    g = nn.Adam(groups, 0.1)
    assert isinstance(g.weight_decay, tuple) and len(g.weight_decay) == 3
    assert all(isinstance(w, Tensor) and w.shape == () for w in g.weight_decay)
    np.testing.assert_allclose([float(w.asnumpy()) for w in g.weight_decay], [0.0, 0.01, 0.0])
    assert g.decay_flags == (False, True, False)


_sgd_wd = C.MultitypeFuncGraph("sgd_wd")


@_sgd_wd.register("Tensor", "Tensor", "Tensor", "Tensor", "Bool")
def _update(lr, weight_decay, param, grad, decay_flag):
    update = grad
    if decay_flag:
        update = update + weight_decay * param
    return F.depend(param, P.Assign()(param, param - lr * update))


class DecaySGD(nn.Optimizer):
    """A zoo-style custom optimizer: hyper_map over self.weight_decay and decay_flags."""

    def __init__(self, params, learning_rate=0.1, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        self.hyper_map = C.HyperMap()

    def construct(self, gradients):
        lr = self.get_lr()
        if self.is_group:
            return self.hyper_map(F.partial(_sgd_wd, lr), self.weight_decay, self.parameters,
                                  gradients, self.decay_flags)
        return self.hyper_map(F.partial(_sgd_wd, lr, self.weight_decay), self.parameters,
                              gradients, self.decay_flags)


@pytest.mark.parametrize("grouped", [False, True])
def test_custom_optimizer_maps_over_weight_decay(grouped, mode):
    ps = _params()
    start = [p.asnumpy().copy() for p in ps]
    if grouped:
        params = [{"params": [ps[0], ps[2]], "weight_decay": 0.5}, {"params": [ps[1]]},
                  {"order_params": ps}]
        wds = [0.5, 0.0, 0.5]
    else:  # without groups 'beta'/'gamma' parameters are not decayed
        params, wds = ps, [0.5, 0.5, 0.0]
    # a group without its own 'weight_decay' takes the optimizer's (0.0 here)
    opt = DecaySGD(params, learning_rate=0.1, weight_decay=0.0 if grouped else 0.5)
    grads = tuple(Tensor(np.full(p.shape, 0.25, np.float32)) for p in ps)
    opt(grads)
    opt(grads)
    for p, w0, wd in zip(ps, start, wds):
        w = w0.astype(np.float64)
        for _ in range(2):
            w = w - 0.1 * (0.25 + wd * w)
        np.testing.assert_allclose(p.asnumpy(), w, rtol=1e-6)
