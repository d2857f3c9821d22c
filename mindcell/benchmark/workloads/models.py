"""The benchmark networks (W3-W6, W9) in mindcell, shared by the benchmark files."""
import numpy as np

import mindcell as ms
from mindcell import nn, ops


class MLP(nn.Cell):
    """784-512-512-10 with ReLU (W3, W4)."""

    def __init__(self):
        super().__init__()
        self.body = nn.SequentialCell([nn.Dense(784, 512), nn.ReLU(), nn.Dense(512, 512),
                                       nn.ReLU(), nn.Dense(512, 10)])

    def construct(self, x):
        return self.body(x)


class LeNet5(nn.Cell):
    """W5: conv5x5(6)-relu-maxpool2-conv5x5(16)-relu-maxpool2-dense120-relu-dense84-relu-dense10."""

    def __init__(self):
        super().__init__()
        self.features = nn.SequentialCell([
            nn.Conv2d(1, 6, 5, pad_mode="valid", has_bias=True), nn.ReLU(), nn.MaxPool2d(2, 2),
            nn.Conv2d(6, 16, 5, pad_mode="valid", has_bias=True), nn.ReLU(),
            nn.MaxPool2d(2, 2)])
        self.classifier = nn.SequentialCell([
            nn.Flatten(), nn.Dense(400, 120), nn.ReLU(), nn.Dense(120, 84), nn.ReLU(),
            nn.Dense(84, 10)])

    def construct(self, x):
        return self.classifier(self.features(x))


def _conv_bn(c_in, c_out, kernel, stride):
    """A bias-free convolution (zero padding kernel // 2, as PyTorch's ResNet) and its
    BatchNorm."""
    return nn.SequentialCell([
        nn.Conv2d(c_in, c_out, kernel, stride, pad_mode="pad", padding=kernel // 2,
                  has_bias=False),
        nn.BatchNorm2d(c_out)])


class BasicBlock(nn.Cell):
    """ResNet's two 3x3 convolutions with a residual connection (a 1x1 convolution and
    BatchNorm on it when the block changes the shape)."""

    def __init__(self, c_in, c_out, stride):
        super().__init__()
        self.conv1 = _conv_bn(c_in, c_out, 3, stride)
        self.conv2 = _conv_bn(c_out, c_out, 3, 1)
        self.relu = nn.ReLU()
        self.down = stride != 1 or c_in != c_out
        if self.down:
            self.shortcut = _conv_bn(c_in, c_out, 1, stride)

    def construct(self, x):
        out = self.conv2(self.relu(self.conv1(x)))
        return self.relu(out + (self.shortcut(x) if self.down else x))


class ResNet18(nn.Cell):
    """W9: CIFAR ResNet-18 (3x3 stem convolution, no max-pool, 2 BasicBlocks per stage of
    64/128/256/512 channels with strides 1/2/2/2, global average pool, Dense 512 -> 10)."""

    def __init__(self, n_classes=10):
        super().__init__()
        self.stem = _conv_bn(3, 64, 3, 1)
        self.relu = nn.ReLU()
        blocks, c_in = [], 64
        for c_out, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
            blocks += [BasicBlock(c_in, c_out, stride), BasicBlock(c_out, c_out, 1)]
            c_in = c_out
        self.blocks = nn.SequentialCell(blocks)
        self.head = nn.Dense(512, n_classes)

    def construct(self, x):
        out = self.blocks(self.relu(self.stem(x)))
        return self.head(ops.mean(out, (2, 3)))


class Attention(nn.Cell):
    def __init__(self, d_model, heads):
        super().__init__()
        self.heads, self.d_head = heads, d_model // heads
        self.qkv = nn.Dense(d_model, 3 * d_model)
        self.proj = nn.Dense(d_model, d_model)

    def construct(self, x):
        b, t, d = x.shape
        qkv = ops.reshape(self.qkv(x), (b, t, 3, self.heads, self.d_head))
        qkv = ops.transpose(qkv, (2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = ops.matmul(q, ops.swapaxes(k, -1, -2)) * (1.0 / np.sqrt(self.d_head))
        out = ops.matmul(ops.softmax(scores, -1), v)
        return self.proj(ops.reshape(ops.transpose(out, (0, 2, 1, 3)), (b, t, d)))


class MLPBlock(nn.Cell):
    def __init__(self, d_model):
        super().__init__()
        self.up = nn.Dense(d_model, 4 * d_model)
        self.act = nn.GELU(approximate=True)
        self.down = nn.Dense(4 * d_model, d_model)

    def construct(self, x):
        return self.down(self.act(self.up(x)))


class TransformerBlock(nn.Cell):
    """W6: pre-LayerNorm block, MLP 4x with tanh-GELU."""

    def __init__(self, d_model=256, heads=4):
        super().__init__()
        self.ln1 = nn.LayerNorm((d_model,), epsilon=1e-5)
        self.attn = Attention(d_model, heads)
        self.ln2 = nn.LayerNorm((d_model,), epsilon=1e-5)
        self.mlp = MLPBlock(d_model)

    def construct(self, x):
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))


def _data(batch_shape, n_classes):
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal(batch_shape).astype(np.float32))
    y = ms.Tensor(rng.integers(0, n_classes, batch_shape[0]).astype(np.int32))
    return x, y


def train_step(net, batch_shape, n_classes=10, lr=0.01):
    """A TrainOneStepCell(WithLossCell(net, mean softmax cross-entropy), SGD) and its data."""
    x, y = _data(batch_shape, n_classes)
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.SGD(net.trainable_params(), lr))
    step.set_train()
    return step, x, y


def functional_train_step(net, batch_shape, n_classes=10, lr=0.01, jit=True):
    """The MindSpore 2.x tutorials' training loop for the same loss and SGD as
    :func:`train_step`: ``value_and_grad`` of a forward function over the optimizer's
    parameters, then ``optimizer(grads)``, in one function under ``ms.jit`` (``jit=False``:
    the plain function, compiled piecewise in GRAPH_MODE). Returns the step and its data."""
    x, y = _data(batch_shape, n_classes)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.SGD(net.trainable_params(), lr)

    def forward_fn(data, label):
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=False)

    def step(data, label):
        loss, grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    net.set_train()
    return (ms.jit(step) if jit else step), x, y
