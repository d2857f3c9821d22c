"""Custom-Cell / functional style as in older model-zoo training wrappers: a TrainOneStep Cell
built from ops.GradOperation(get_by_list=True, sens_param=True), ParameterTuple, ops.depend and
F.fill/F.dtype/F.shape for the sens; a Cell with a custom bprop (straight-through clipping);
ops.stop_gradient; an @ms.jit evaluation function; Tensor methods (.asnumpy, .shape, .astype,
.view, .expand_dims, .transpose, .sum(axis, keepdims)).
Usage: python -m mindcell.run custom_cell.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
from mindspore import nn, ops, Tensor, Parameter, ParameterTuple
from mindspore.ops import functional as F

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE)
ms.set_seed(3)


class StraightThroughClip(nn.Cell):
    """Forward clips to [-1, 1]; backward passes the gradient where |x| <= 2 (custom bprop)."""

    def __init__(self):
        super(StraightThroughClip, self).__init__()
        self.clip = ops.clip_by_value
        self.abs = ops.Abs()
        self.select = ops.Select()
        self.zeros_like = ops.ZerosLike()

    def construct(self, x):
        return self.clip(x, -1.0, 1.0)

    def bprop(self, x, out, dout):
        keep = self.abs(x) <= 2.0
        return (self.select(keep, dout, self.zeros_like(dout)),)


class Net(nn.Cell):
    def __init__(self, in_dim, hidden, classes):
        super(Net, self).__init__()
        self.fc1 = nn.Dense(in_dim, hidden)
        self.act = StraightThroughClip()
        self.fc2 = nn.Dense(hidden, classes)
        self.scale = Parameter(Tensor(np.ones((1, hidden), np.float32)), name="scale")

    def construct(self, x):
        # x arrives as (batch, 2, in_dim // 2): flatten with Tensor.view
        x = x.view(x.shape[0], -1)
        h = self.act(self.fc1(x)) * self.scale
        return self.fc2(h)


class NetWithLoss(nn.Cell):
    def __init__(self, network):
        super(NetWithLoss, self).__init__(auto_prefix=False)
        self.network = network
        self.loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')

    def construct(self, x, label):
        return self.loss(self.network(x), label)


class TrainOneStep(nn.Cell):
    def __init__(self, network, optimizer, sens=1.0):
        super(TrainOneStep, self).__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.weights = ParameterTuple(network.trainable_params())
        self.optimizer = optimizer
        self.grad = ops.GradOperation(get_by_list=True, sens_param=True)
        self.sens = sens

    def construct(self, x, label):
        weights = self.weights
        loss = self.network(x, label)
        sens = F.fill(F.dtype(loss), F.shape(loss), self.sens)
        grads = self.grad(self.network, weights)(x, label, sens)
        return ops.depend(loss, self.optimizer(grads))


def make_data(rng, n, in_dim, classes, centers):
    label = rng.integers(0, classes, size=n)
    x = centers[label] + 0.3 * rng.normal(size=(n, in_dim))
    return x.astype(np.float32), label.astype(np.int32)


in_dim, hidden, classes, batch = 8, 16, 4, 32
rng = np.random.default_rng(0)
centers = rng.normal(size=(classes, in_dim)) * 1.5
net = Net(in_dim, hidden, classes)
opt = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
train_net = TrainOneStep(NetWithLoss(net), opt)
train_net.set_train()

losses = []
for step in range(40):
    x, y = make_data(rng, batch, in_dim, classes, centers)
    xt = Tensor(x).expand_dims(1).view(batch, 1, in_dim)
    xt = xt.view(batch, 2, in_dim // 2)
    loss = train_net(xt, Tensor(y))
    losses.append(float(loss.asnumpy()))
print("LOSSES", " ".join("%.6f" % v for v in losses))
assert np.mean(losses[-5:]) < 0.5 * np.mean(losses[:5]), losses

# the custom bprop is what the gradient uses: compare with the rule written out in numpy
clip_cell = StraightThroughClip()
grad_all = ops.GradOperation(get_all=True, sens_param=True)
xs = np.array([-3.0, -1.5, -0.5, 0.5, 1.5, 3.0], np.float32)
dout = np.arange(1, 7, dtype=np.float32)
(dx,) = grad_all(clip_cell)(Tensor(xs), Tensor(dout))
np.testing.assert_array_equal(dx.asnumpy(), np.where(np.abs(xs) <= 2.0, dout, 0.0))
np.testing.assert_array_equal(clip_cell(Tensor(xs)).asnumpy(), np.clip(xs, -1, 1))


class Detached(nn.Cell):
    """ops.stop_gradient blocks the path through the second use of x."""

    def construct(self, x):
        return (x * x).sum() + (ops.stop_gradient(x) * x * 3.0).sum()


gx = ops.GradOperation()(Detached())(Tensor(xs))
np.testing.assert_allclose(gx.asnumpy(), 2 * xs + 3 * xs, rtol=1e-6)


@ms.jit
def predict(x):
    logits = net(x)
    prob = ops.softmax(logits, axis=-1)
    return prob, logits.argmax(axis=-1)


x, y = make_data(rng, 256, in_dim, classes, centers)
prob, pred = predict(Tensor(x).view(256, 2, in_dim // 2))
prob_np = prob.asnumpy()
assert prob.shape == (256, classes) and pred.dtype == mstype.int64, (prob.shape, pred.dtype)
np.testing.assert_allclose(prob.sum(axis=1, keepdims=True).asnumpy(), np.ones((256, 1)), rtol=1e-5)
acc = float((pred.asnumpy() == y).mean())
print("accuracy", acc)
assert acc > 0.8, acc

# Tensor methods as such scripts use them
t = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
assert t.transpose(2, 0, 1).shape == (4, 2, 3)
t_np = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
np.testing.assert_array_equal(t.transpose((0, 2, 1)).asnumpy(), t_np.transpose(0, 2, 1))
np.testing.assert_array_equal(t.sum(axis=(0, 2), keepdims=True).asnumpy(),
                              t_np.sum(axis=(0, 2), keepdims=True))
assert t.astype(mstype.float16).dtype == mstype.float16 and t.astype(ms.int32).dtype == ms.int32
assert t.expand_dims(-1).shape == (2, 3, 4, 1)

ckpt = os.path.join(tempfile.mkdtemp(), "net.ckpt")
ms.save_checkpoint(net, ckpt)
net2 = Net(in_dim, hidden, classes)
param_not_load, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
xt = Tensor(x[:8]).view(8, 2, in_dim // 2)
np.testing.assert_allclose(net2(xt).asnumpy(), net(xt).asnumpy(), rtol=1e-6)
print("OK")
