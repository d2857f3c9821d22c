"""A user optimizer derived from nn.Optimizer the way MindSpore code writes one
(MultitypeFuncGraph update mapped with self.hyper_map over self._parameters after
flatten_gradients/decay_weight/gradients_centralization/scale_grad/get_lr): its steps, the
helpers' values (weight decay scaled by loss_scale, decay_flags respected) and training with it
in both modes."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

_upd = ops.MultitypeFuncGraph("upd")


@_upd.register("Tensor", "Tensor", "Tensor")
def _update(lr, param, grad):
    return ops.assign(param, param - lr * grad)


class MySGD(nn.Optimizer):
    def __init__(self, params, learning_rate=0.1, weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)

    def construct(self, gradients):
        params = self._parameters
        gradients = self.flatten_gradients(gradients)
        gradients = self.decay_weight(gradients)
        gradients = self.gradients_centralization(gradients)
        gradients = self.scale_grad(gradients)
        lr = self.get_lr()
        return self.hyper_map(ops.partial(_upd, lr), params, gradients)


def params():
    return [Parameter(Tensor(np.ones(2, np.float32)), name=n) for n in ("fc.weight", "bn.gamma")]


for lr in (0.1, [0.1, 0.2, 0.3]):
    ps = params()
    opt = MySGD(ps, lr, weight_decay=0.5, loss_scale=2.0)
    for k in range(3):
        opt((Tensor(np.full(2, 0.4, np.float32)),) * 2)
    emit("custom.%s" % type(lr).__name__, [p.asnumpy() for p in ps] + [opt.global_step.asnumpy()])
ps = params()
opt = MySGD(ps, 0.1, weight_decay=0.5)
g = (Tensor(np.full(2, 0.4, np.float32)),) * 2
emit("decay_weight", opt.decay_weight(g))
emit("scale_grad", opt.scale_grad(g))
emit("get_weight_decay", opt.get_weight_decay())
emit("get_lr_parameter", opt.get_lr_parameter(ps[0]))
emit("flatten", opt.flatten_gradients(g))
emit("gc", opt.gradients_centralization(g))
emit("lr_after", opt.get_lr())
emit("step_after", opt.global_step.asnumpy())
opt2 = MySGD(params(), [0.1, 0.2], weight_decay=0.5)
emit("lr_list_first", opt2.get_lr())
emit("step_list", opt2.global_step.asnumpy())

x = Tensor(np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]], np.float32))
y = Tensor(np.array([[1.0], [0.0]], np.float32))
for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    ms.set_context(mode=getattr(ms, mode))
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               MySGD(net.trainable_params(), 0.05, weight_decay=0.1))
    emit(mode + ".losses", [float(step(x, y).asnumpy()) for _ in range(3)])
    emit(mode + ".weight", net.weight.asnumpy())
ms.set_context(mode=ms.PYNATIVE_MODE)
