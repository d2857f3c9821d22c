"""The train steps the forward_once cases share: the custom train step patterns of public
MindSpore code (a forward call of the network, then a gradient of it), each as a Cell whose
construct does one step, and the networks they train (BatchNorm in training mode, Dropout)."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

ms.set_context(pynative_synchronize=True)


class BNNet(nn.Cell):
    """A scalar loss of Dense + BatchNorm1d: its moving mean counts the forward runs."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 4, weight_init="ones", bias_init="zeros")
        self.bn = nn.BatchNorm1d(4, momentum=0.5)

    def construct(self, x):
        return (self.bn(self.fc(x)) * self.fc(x)).sum()


class Outer(nn.Cell):
    """A network whose forward the step may call on its sub-cell ``inner``."""

    def __init__(self):
        super().__init__()
        self.inner = BNNet()

    def construct(self, x):
        return self.inner(x) * 0.5


class DropNet(nn.Cell):
    """loss = sum(dropout(x) * w) with w = 1: the gradient with respect to w, summed, is the
    loss of the very run the gradient comes from."""

    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones((8,), np.float32)), name="w")
        self.drop = nn.Dropout(p=0.5)

    def construct(self, x):
        return (self.drop(x) * self.w).sum()


class Custom(nn.TrainOneStepCell):
    """The most common custom step (mindocr, model zoos): forward, then GradOperation with sens."""

    def construct(self, *inputs):
        loss = self.network(*inputs)
        sens = ops.fill(loss.dtype, loss.shape, self.sens)
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        grads = self.grad_reducer(grads)
        return ops.depend(loss, self.optimizer(grads)), grads


class Plain(nn.Cell):
    """A plain Cell holding network, optimizer and GradOperation; ``how`` picks the variant."""

    def __init__(self, network, optimizer, how):
        super().__init__()
        self.network = network
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad = ops.GradOperation(get_by_list=True)
        self.how = how

    def construct(self, x, x2):
        how = self.how
        if how == "same":
            loss = self.network(x)
            grads = self.grad(self.network, self.weights)(x)
        elif how in ("other_tensor", "equal_tensor"):
            loss = self.network(x)
            grads = self.grad(self.network, self.weights)(x2)
        elif how == "cast":
            loss = self.network(x)
            grads = self.grad(self.network, self.weights)(ops.cast(x, ms.float32))
        elif how == "twice":
            loss = self.network(x)
            loss = self.network(x)
            grads = self.grad(self.network, self.weights)(x)
        elif how == "twice_other":
            loss = self.network(x2)
            loss = self.network(x)
            grads = self.grad(self.network, self.weights)(x)
        elif how == "grad_first":
            grads = self.grad(self.network, self.weights)(x)
            loss = self.network(x)
        elif how == "sub_cell":
            loss = self.network.inner(x)
            grads = self.grad(self.network, self.weights)(x)
        elif how == "value_and_grad":
            loss, grads = ops.value_and_grad(self.network, None, self.weights)(x)
        elif how == "net_value_and_grad":
            loss = self.network(x)
            _, grads = ops.value_and_grad(self.network, None, self.weights)(x)
        else:
            loss = self.network(x)
            grads = ops.grad(self.network, None, self.weights)(x)
        loss = ops.functional.depend(loss, self.optimizer(grads))
        return loss, grads


X = np.arange(6, dtype=np.float32).reshape(2, 3) / 4
X2 = X[::-1].copy() * 2
XD = 2.0 ** np.arange(16, dtype=np.float32).reshape(2, 8)  # distinct masks, distinct sums


def make(kind, how, lr=0.1):
    """(step cell, network) for network kind 'bn', 'outer' or 'drop' and step variant ``how``."""
    net = {"bn": BNNet, "outer": Outer, "drop": DropNet}[kind]()
    opt = nn.SGD(net.trainable_params(), learning_rate=lr)
    if how == "tosc":
        step = nn.TrainOneStepCell(net, opt)
    elif how == "custom":
        step = Custom(net, opt)
    else:
        step = Plain(net, opt, how)
    step.set_train()
    return step, net


def bn_of(net):
    return net.inner.bn if hasattr(net, "inner") else net.bn
