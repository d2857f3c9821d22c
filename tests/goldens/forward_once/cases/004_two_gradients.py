"""A train step that calls the network once and takes its gradient twice (the domain
adaptation pattern: one gradient for the backbone's weights, one for the classifier's, each
with its own optimizer), with the same or another input, in PYNATIVE_MODE and GRAPH_MODE:
how many forwards run (BatchNorm's moving mean after two steps) and the weights."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit

from _steps import BNNet, X, X2  # noqa: E402  (the shared network and inputs)


class TwoGrads(nn.Cell):
    def __init__(self, net, how):
        super().__init__()
        self.net = net
        self.how = how
        self.w_fc = ms.ParameterTuple(net.fc.trainable_params())
        self.w_bn = ms.ParameterTuple(net.bn.trainable_params())
        self.opt_fc = nn.SGD(net.fc.trainable_params(), learning_rate=0.1)
        self.opt_bn = nn.SGD(net.bn.trainable_params(), learning_rate=0.1)
        self.grad = ops.GradOperation(get_by_list=True)

    def construct(self, x, x2):
        how = self.how
        loss = self.net(x)
        if how == "split":
            g_fc = self.grad(self.net, self.w_fc)(x)
            g_bn = self.grad(self.net, self.w_bn)(x)
        elif how == "second_other":
            g_fc = self.grad(self.net, self.w_fc)(x)
            g_bn = self.grad(self.net, self.w_bn)(x2)
        elif how == "first_other":
            g_fc = self.grad(self.net, self.w_fc)(x2)
            g_bn = self.grad(self.net, self.w_bn)(x)
        else:  # "one": a single gradient (shared with the forward in GRAPH_MODE)
            g_fc = self.grad(self.net, self.w_fc)(x)
            g_bn = ops.zeros_like(self.w_bn[0]), ops.zeros_like(self.w_bn[1])
        loss = ops.depend(loss, self.opt_fc(g_fc))
        loss = ops.depend(loss, self.opt_bn(g_bn))
        return loss


for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    ms.set_context(mode=getattr(ms, mode))
    for how in ("one", "split", "second_other", "first_other"):
        for set_grad in (False, True):
            key = "%s_%s%s" % (mode[0], how, "_setgrad" if set_grad else "")
            net = BNNet()
            if set_grad:
                net.set_grad()
            step = TwoGrads(net, how)
            step.set_train()
            x, x2 = Tensor(X), Tensor(X2)
            try:
                for i in range(2):
                    emit("%s.loss%d" % (key, i), step(x, x2).asnumpy())
                emit(key + ".moving_mean", net.bn.moving_mean.asnumpy())
                emit(key + ".moving_variance", net.bn.moving_variance.asnumpy())
                emit(key + ".weight", net.fc.weight.asnumpy())
                emit(key + ".gamma", net.bn.gamma.asnumpy())
            except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
                emit(key, e)
ms.set_context(mode=ms.PYNATIVE_MODE)
