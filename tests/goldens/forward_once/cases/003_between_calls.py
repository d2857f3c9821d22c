"""What happens between the forward call and the gradient, in one step: a Parameter written
in between (the gradient still differentiates the earlier call's run where it is shared), and
a second call of the network after the gradient (GRAPH_MODE then shares nothing). BatchNorm's
moving mean counts the forward runs (batch mean 7.5, or 8.5 after the bias is raised: one
update gives 3.75, two 5.625 or 6.125, three 6.5625); with and without set_grad()."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit

ms.set_context(pynative_synchronize=True)


class BNLoss(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 4, weight_init="ones", bias_init="zeros")
        self.bn = nn.BatchNorm1d(4, momentum=0.5)

    def construct(self, x):
        return (self.bn(self.fc(x)) * self.fc(x) + self.fc.bias * x.sum()).sum()


class Step(nn.Cell):
    def __init__(self, net, how):
        super().__init__()
        self.net = net
        self.how = how
        self.grad = ops.GradOperation(get_by_list=True)
        self.weights = net.trainable_params()

    def construct(self, x):
        if self.how == "written":
            loss = self.net(x)
            ops.assign(self.net.fc.bias, self.net.fc.bias + 1)
            return loss, self.grad(self.net, self.weights)(x)
        loss = self.net(x)
        grads = self.grad(self.net, self.weights)(x)
        return self.net(x) + loss, grads


X = np.arange(6, dtype=np.float32).reshape(2, 3)
for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    ms.set_context(mode=getattr(ms, mode))
    for how in ("written", "call_after"):
        for set_grad in (False, True):
            key = "%s_%s%s" % (mode[0], how, "_setgrad" if set_grad else "")
            net = BNLoss()
            net.set_train()
            if set_grad:
                net.set_grad()
            step = Step(net, how)
            step.set_train()
            try:
                loss, grads = step(Tensor(X))
                emit(key + ".loss", loss.asnumpy())
                emit(key + ".moving_mean", net.bn.moving_mean.asnumpy())
                emit(key + ".grad_weight", grads[0].asnumpy())
                emit(key + ".grad_bias", grads[1].asnumpy())
            except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
                emit(key, e)
ms.set_context(mode=ms.PYNATIVE_MODE)
