"""A model-zoo style TrainOneStepWithLossScaleCell subclass (start_overflow_check,
get_overflow_status, process_loss_scale, hyper_map) trains exactly as the base cell, skips
the step and shrinks the scale on overflow."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops

grad_scale = ops.MultitypeFuncGraph("grad_scale")


@grad_scale.register("Tensor", "Tensor")
def _tensor_grad_scale(scale, grad):
    return grad * ops.Reciprocal()(scale)


class ZooCell(nn.TrainOneStepWithLossScaleCell):
    def construct(self, x, y):
        loss = self.network(x, y)
        status, scaling_sens = self.start_overflow_check(loss, self.scale_sense)
        grads = self.grad(self.network, self.weights)(x, y, ops.cast(scaling_sens, ms.float32))
        grads = self.hyper_map(ops.partial(grad_scale, scaling_sens), grads)
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        if not overflow:
            self.optimizer(grads)
        return loss, cond, scaling_sens


def _make(cls, scale):
    ms.set_seed(0)
    net = nn.WithLossCell(nn.Dense(3, 2), nn.MSELoss())
    return cls(net, nn.Momentum(net.trainable_params(), 0.1, 0.9),
               nn.DynamicLossScaleUpdateCell(scale, 2, 2))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["pynative", "graph"])
@pytest.mark.parametrize("scale, overflows", [(2.0 ** 8, False), (3e38, True)])
def test_zoo_subclass_equals_base_cell(scale, overflows, mode):
    """In GRAPH_MODE ``if not overflow: self.optimizer(grads)`` becomes an If node."""
    ms.set_context(mode=mode)
    zoo, base = _make(ZooCell, scale), _make(nn.TrainOneStepWithLossScaleCell, scale)
    rng = np.random.default_rng(0)
    x = Tensor(rng.normal(size=(4, 3)).astype(np.float32) * 10)
    y = Tensor(rng.normal(size=(4, 2)).astype(np.float32) * 100)
    before = [p.asnumpy().copy() for p in zoo.weights]
    for _ in range(1 if overflows else 3):
        a, b = zoo(x, y), base(x, y)
        assert bool(a[1].asnumpy()) == bool(b[1].asnumpy()) == overflows
        np.testing.assert_array_equal(zoo.scale_sense.asnumpy(), base.scale_sense.asnumpy())
    for p, q, old in zip(zoo.weights, base.weights, before):
        np.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-6, atol=1e-7)
        assert np.array_equal(p.asnumpy(), old) == overflows
    if overflows:
        assert float(zoo.scale_sense.asnumpy()) == float(np.float32(scale) / 2)


def test_get_overflow_status_table():
    cell = _make(nn.TrainOneStepWithLossScaleCell, 4.0)
    ok, inf, nan = (Tensor(np.array(v, np.float32)) for v in ([1.0, 2.0], [1.0, np.inf],
                                                              [np.nan]))
    for outputs, expected in (((ok,), False), ((ok, inf), True), (nan, True), (ok, False)):
        status, _ = cell.start_overflow_check(ok, ok)
        assert bool(cell.get_overflow_status(status, outputs).asnumpy()) is expected
    with pytest.raises(TypeError, match="get_overflow_status: 'compute_output'"):
        cell.get_overflow_status(None, [1.0])
