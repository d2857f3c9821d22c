"""Record MINDIR files written by MindSpore 2.10's ``export`` (run under real MindSpore; a
development step, tests never need MindSpore):

    cd /tmp/scratch
    ms-oracle /work/main/tests/goldens/export/mindspore_files/record_mindspore_mindir.py

Small networks with fixed weights (numpy seed) are exported with ``file_format="MINDIR"`` into
this directory: ``mlp``, ``convnet``, ``mixed`` (common layers and tensor operations),
``activations``, ``tensor_ops``, ``int_ops``, ``batch_ops``, ``pooling``, ``attention``
(nn.MultiheadAttention), ``gru``, ``if_else`` (Partial/Switch over function graphs),
``lazy_inline`` (calls of a function graph), ``more_layers``, ``math``, ``lstm`` and
``lstm_no_bias`` (nn.LSTM, which MindSpore writes as its fused LSTM primitive, one node per
layer and direction). Their inputs and MindSpore's outputs for those inputs
(``mindspore.load`` + ``nn.GraphCell``, checked equal to the network's own) go to
``<name>.npz`` (``in0``, ``in1``, ... and ``out0``, ``out1``, ...).
tests/train/test_load_mindir.py loads the files with ``mindcell.load`` and checks that
``nn.GraphCell`` reproduces MindSpore's outputs.
"""
import os

import numpy as np
import mindspore as ms
from mindspore import mint, nn, ops, Tensor, lazy_inline

HERE = os.path.dirname(os.path.abspath(__file__))


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1, self.relu, self.fc2 = nn.Dense(6, 8), nn.ReLU(), nn.Dense(8, 3)

    def construct(self, x):
        return ops.softmax(self.fc2(self.relu(self.fc1(x))), -1)


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 4, 3, pad_mode="pad", padding=1, has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.pool, self.flatten = nn.MaxPool2d(2, 2), nn.Flatten()
        self.fc, self.relu = nn.Dense(16, 5), nn.ReLU()

    def construct(self, x, y):
        h = self.flatten(self.pool(self.relu(self.bn(self.conv(x)))))
        return self.fc(h) + y, h * 2


class Mixed(nn.Cell):
    """Common layers and tensor operations: what MindSpore writes for them (Muls, Divs,
    LayerNorm, StridedSlice, SumExt, ReduceMean, ArgMaxWithValue, ExpandDims, Squeeze, Cast,
    AvgPool, Conv2D with pad_mode 'same', Gather, MatMulExt ...)."""

    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm((8,))
        self.fc = nn.Dense(8, 8, has_bias=False)
        self.gelu = nn.GELU()
        self.drop = nn.Dropout(p=0.5)
        self.conv = nn.Conv2d(2, 2, 3, pad_mode="same")
        self.avg = nn.AvgPool2d(2, 2)
        self.bn1 = nn.BatchNorm1d(8)
        self.emb = nn.Embedding(10, 8)

    def construct(self, x, img, idx):
        # several outputs, not their sum, and no chain that amplifies rounding (a layer norm of
        # nearly equal values): each output is compared with MindSpore's on its own scale
        c = (x + 1 - x * 0.5) / 2
        d = ops.sigmoid(c) + ops.tanh(c) + ops.exp(c) + ops.sqrt(ops.abs(c)) + ops.sin(c)
        e = self.gelu(self.ln(x))
        g = ops.concat((self.drop(self.fc(e)), e), 1)[:, 2:10]
        h = g.reshape(2, 2, 8).transpose(1, 0, 2).reshape(4, 8)
        a = ops.abs(h)
        i = a.mean(axis=1, keep_dims=True) + a.sum(1, keepdims=True) \
            + ops.expand_dims(ops.max(a, 1)[0], 1)
        j = ops.squeeze(ops.expand_dims(i, 0), 0)
        k = self.bn1(h)
        im = self.avg(self.conv(img))
        cast = ops.cast(k, ms.float16).astype(ms.float32)
        emb = self.emb(idx).sum(1)
        return (d, h, j, cast, im.reshape(4, 8)[:, :8], emb, ops.maximum(k, 0.0),
                ops.pow(k, 2), ops.matmul(k, k.T @ k))


class Activations(nn.Cell):
    def __init__(self):
        super().__init__()
        self.silu, self.leaky, self.sigmoid = nn.SiLU(), nn.LeakyReLU(0.2), nn.Sigmoid()
        self.log_softmax = nn.LogSoftmax()

    def construct(self, x):
        return (self.silu(x), self.leaky(x), self.sigmoid(x), self.log_softmax(x),
                ops.clamp(x, -0.5, 0.5), ops.relu6(x * 4), ops.hardswish(x), ops.softplus(x),
                ops.elu(x))


class TensorOps(nn.Cell):
    """Shape operations, reductions, indexing and selection."""

    def construct(self, x, i):
        y = ops.cat((x, x), 1)
        return (ops.stack([x, x * 2], 0).sum(0), y[:, ::2], x[:, None].squeeze(1),
                ops.flip(x, (1,)), ops.split(ops.cat((x, x), 0), 3, 0)[1],
                ops.tile(x[:1], (3, 1)), ops.broadcast_to(x[:, :1], (3, 4)), x.T,
                ops.mean(x, 1), ops.sum(x, 1), ops.amax(x, 1), ops.prod(x, 1),
                ops.argmax(x, 1), ops.gather(x, i, 0), ops.where(x > 0, x, x * 0.1),
                ops.one_hot(i, 4, Tensor(1.0), Tensor(0.0)), ops.cumsum(x, 1))


class IntOps(nn.Cell):
    """Integer tensors: Div and Divs divide as float32, Muls by a float is float32."""

    def construct(self, i, j):
        return ops.div(i, j), i / 2, i * 0.5, i * 3, i + j


class BatchOps(nn.Cell):
    """Batched products and minima: BatchMatMul, BatchMatMulExt, ArgMinWithValue, Argmin."""

    def construct(self, a, b):
        return ops.bmm(a, b), mint.bmm(a, b), ops.min(a, 2)[0], ops.argmin(a, 2)


class Pooling(nn.Cell):
    """pad_mode 'same' convolution and pooling, a strided convolution and a transposed one."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(2, 3, 3, pad_mode="same", has_bias=True)
        self.max_pool = nn.MaxPool2d(3, 1, pad_mode="same")
        self.avg_pool = nn.AvgPool2d(3, 1, pad_mode="same")
        self.down = nn.Conv2d(2, 3, 3, stride=2, pad_mode="pad", padding=1)
        self.up = nn.Conv2dTranspose(3, 3, 2, stride=2)

    def construct(self, x):
        return self.avg_pool(self.max_pool(self.conv(x))), self.up(self.down(x))


class IfElse(nn.Cell):
    """A tensor-dependent if: MindSpore writes the branches as graphs of the model's
    ``functions``, bound with Partial, picked with Switch and called."""

    def construct(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1


class Block(nn.Cell):
    @lazy_inline
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(4, 4)

    def construct(self, x):
        return ops.relu(self.fc(x))


class LazyStack(nn.Cell):
    """Cells marked lazy_inline: MindSpore writes each call of the shared block's graph as a
    node calling a graph of the model's ``functions``."""

    def __init__(self):
        super().__init__()
        self.blocks = nn.CellList([Block() for _ in range(2)])

    def construct(self, x):
        for block in self.blocks:
            x = block(x)
        return x


class MoreLayers(nn.Cell):
    """Conv1d, adaptive pooling, GroupNorm, PReLU, resizing and the padding modes."""

    def __init__(self):
        super().__init__()
        self.conv1d = nn.Conv1d(4, 3, 3, pad_mode="pad", padding=1, has_bias=True)
        self.avg, self.max = nn.AdaptiveAvgPool2d(1), nn.AdaptiveMaxPool2d((2, 2))
        self.group_norm, self.prelu = nn.GroupNorm(2, 4), nn.PReLU(4)
        self.zero_pad = nn.ZeroPad2d(1)

    def construct(self, x):
        return (self.conv1d(x.reshape(1, 4, 16)), self.avg(x), self.max(x),
                self.group_norm(x), self.prelu(x),
                ops.interpolate(x, scale_factor=2.0, mode="nearest", recompute_scale_factor=True),
                ops.interpolate(x, size=(6, 6), mode="bilinear", align_corners=True),
                self.zero_pad(x), ops.pad(x, (1, 2, 0, 1)),
                ops.pad(x, (1, 1, 1, 1), mode="reflect"),
                ops.pad(x, (2, 1, 1, 0), mode="replicate"))


class Math(nn.Cell):
    def construct(self, x):
        return (ops.sqrt(ops.square(x) + 1), ops.rsqrt(ops.abs(x) + 1), ops.floor(x), ops.ceil(x),
                ops.round(x * 2), ops.sign(x), ops.log1p(ops.abs(x)), ops.erf(x),
                ops.logsumexp(x, 1), ops.norm(x, dim=1), ops.topk(x.reshape(4, -1), 2),
                ops.sort(x.reshape(4, -1)), ops.expm1(x), ops.minimum(x, 0.5),
                ops.isnan(x).astype(ms.float32))


def _fix_weights(net, rng):
    for p in net.get_parameters():
        positive = "variance" in p.name or "gamma" in p.name
        v = rng.uniform(0.5, 1.5, p.shape) if positive else rng.standard_normal(p.shape) * 0.5
        p.set_data(Tensor(v.astype(np.float32)))


def record(name, net, inputs):
    net.set_train(False)
    path = os.path.join(HERE, name)
    if os.path.exists(path + ".mindir"):
        os.chmod(path + ".mindir", 0o600)
        os.remove(path + ".mindir")
    ms.export(net, *inputs, file_name=path, file_format="MINDIR")
    os.chmod(path + ".mindir", 0o644)
    outs = nn.GraphCell(ms.load(path + ".mindir"))(*inputs)
    outs, direct = _flat(outs), _flat(net(*inputs))
    for a, b in zip(outs, direct):  # the loaded graph computes what the network does
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6, atol=1e-6)
    arrays = {"in%d" % k: x.asnumpy() for k, x in enumerate(inputs)}
    arrays.update({"out%d" % k: o.asnumpy() for k, o in enumerate(outs)})
    np.savez(path + ".npz", **arrays)


def _flat(value):
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in _flat(v)]
    return [value]


def main():
    rng = np.random.default_rng(0)
    mlp = MLP()
    _fix_weights(mlp, rng)
    record("mlp", mlp, [Tensor(rng.standard_normal((4, 6)).astype(np.float32))])
    conv = ConvNet()
    _fix_weights(conv, rng)
    record("convnet", conv, [Tensor(rng.standard_normal((2, 2, 4, 4)).astype(np.float32)),
                             Tensor(rng.standard_normal((2, 5)).astype(np.float32))])
    mixed = Mixed()
    _fix_weights(mixed, rng)
    record("mixed", mixed, [Tensor(rng.standard_normal((4, 8)).astype(np.float32)),
                            Tensor(rng.standard_normal((1, 2, 8, 8)).astype(np.float32)),
                            Tensor(rng.integers(0, 10, (4, 2)).astype(np.int32))])
    record("activations", Activations(), [Tensor(rng.standard_normal((3, 4)).astype(np.float32))])
    record("tensor_ops", TensorOps(), [Tensor(rng.standard_normal((3, 4)).astype(np.float32)),
                                       Tensor(np.array([2, 0], np.int32))])
    record("int_ops", IntOps(), [Tensor(np.array([[7, -7, 3]], np.int32)),
                                 Tensor(np.array([[2, 2, 4]], np.int32))])
    record("batch_ops", BatchOps(), [Tensor(rng.standard_normal((2, 3, 4)).astype(np.float32)),
                                     Tensor(rng.standard_normal((2, 4, 5)).astype(np.float32))])
    pooling = Pooling()
    _fix_weights(pooling, rng)
    record("pooling", pooling, [Tensor(rng.standard_normal((1, 2, 4, 4)).astype(np.float32))])
    attention = nn.MultiheadAttention(8, 2)
    _fix_weights(attention, rng)
    record("attention", attention, [Tensor(rng.standard_normal(s).astype(np.float32))
                                    for s in ((3, 2, 8), (3, 2, 8), (3, 2, 8))])
    gru = nn.GRU(3, 4, batch_first=True)  # written unrolled (Split, Stack, make_list ...)
    _fix_weights(gru, rng)
    record("gru", gru, [Tensor(rng.standard_normal((2, 5, 3)).astype(np.float32))])
    record("if_else", IfElse(), [Tensor(rng.standard_normal((2, 4)).astype(np.float32))])
    lazy = LazyStack()
    _fix_weights(lazy, rng)
    record("lazy_inline", lazy, [Tensor(rng.standard_normal((2, 4)).astype(np.float32))])
    more = MoreLayers()
    _fix_weights(more, rng)
    record("more_layers", more, [Tensor(rng.standard_normal((1, 4, 4, 4)).astype(np.float32))])
    record("math", Math(), [Tensor(rng.standard_normal((1, 4, 4, 4)).astype(np.float32))])
    # written as MindSpore's fused LSTM primitive, one node per layer and direction
    lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True)
    _fix_weights(lstm, rng)
    record("lstm", lstm, [Tensor(rng.standard_normal((2, 5, 3)).astype(np.float32))])
    lstm = nn.LSTM(3, 4, has_bias=False)
    _fix_weights(lstm, rng)
    record("lstm_no_bias", lstm, [Tensor(rng.standard_normal((5, 2, 3)).astype(np.float32))])


if __name__ == "__main__":
    main()
