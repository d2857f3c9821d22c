"""Three SGD steps (lr 0.01, momentum 0.9, sparse softmax cross-entropy, BatchNorm batch
statistics) of three small model-zoo style networks, in PYNATIVE_MODE and GRAPH_MODE: eval
outputs before and after, the losses, each parameter's checkpoint name and abs-sum.

The networks are written here for the test (not taken from any zoo) and use the blocks the zoo
models are made of: grouped and depthwise convolutions, BatchNorm2d, ReLU/ReLU6/HSwish/HSigmoid,
squeeze-excite gating, MaxPool2d 'same', nn.Pad, AdaptiveAvgPool2d, a patch-embedding attention
block with a class token, LayerNorm, BatchMatMul, Softmax and GELU."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit


class Bottleneck(nn.Cell):
    """ResNeXt-style block: 1x1, grouped 3x3, 1x1, projection shortcut; out += shortcut."""

    def __init__(self, cin, width, cout, group):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, width, 1)
        self.bn1 = nn.BatchNorm2d(width)
        self.conv2 = nn.Conv2d(width, width, 3, pad_mode="pad", padding=1, group=group)
        self.bn2 = nn.BatchNorm2d(width)
        self.conv3 = nn.Conv2d(width, cout, 1)
        self.bn3 = nn.BatchNorm2d(cout)
        self.down = nn.SequentialCell([nn.Conv2d(cin, cout, 1), nn.BatchNorm2d(cout)])
        self.relu = nn.ReLU()

    def construct(self, x):
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        out += self.down(x)
        return self.relu(out)


class GroupedNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.stem = nn.SequentialCell([
            nn.Conv2d(3, 16, 3, pad_mode="pad", padding=1), nn.BatchNorm2d(16), nn.ReLU(),
            nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")])
        self.layer = Bottleneck(16, 32, 32, 8)
        self.fc = nn.Dense(32, 5)

    def construct(self, x):
        x = self.layer(self.stem(x))
        return self.fc(ops.mean(x, axis=(2, 3)))


class SqueezeExcite(nn.Cell):
    def __init__(self, ch, rd):
        super().__init__()
        self.reduce = nn.Conv2d(ch, rd, 1, has_bias=True)
        self.act = nn.ReLU()
        self.expand = nn.Conv2d(rd, ch, 1, has_bias=True)
        self.gate = nn.HSigmoid()

    def construct(self, x):
        s = ops.mean(x, (2, 3), True)
        return x * self.gate(self.expand(self.act(self.reduce(s))))


class DepthwiseNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.features = nn.SequentialCell([
            nn.Conv2d(3, 16, 3, stride=2, pad_mode="pad", padding=1), nn.BatchNorm2d(16),
            nn.HSwish(),
            nn.Conv2d(16, 16, 3, pad_mode="pad", padding=1, group=16), nn.BatchNorm2d(16),
            nn.ReLU6(), SqueezeExcite(16, 8),
            nn.Conv2d(16, 24, 1), nn.BatchNorm2d(24),
            nn.Pad(paddings=((0, 0), (0, 0), (1, 1), (1, 1))), nn.MaxPool2d(3, 2),
            nn.AdaptiveAvgPool2d(1), nn.Flatten()])
        self.classifier = nn.Dense(24, 5)

    def construct(self, x):
        return self.classifier(self.features(x))


class AttentionNet(nn.Cell):
    """Patch embedding, class token, one pre-norm attention + MLP block, class-token head."""

    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.heads, self.hd = heads, dim // heads
        self.patch = nn.Conv2d(3, dim, 4, stride=4, has_bias=True)
        self.cls_token = Parameter(Tensor(np.zeros((1, 1, dim), np.float32)), name="cls_token")
        self.pos = Parameter(Tensor(np.zeros((1, 17, dim), np.float32)), name="pos")
        self.norm1 = nn.LayerNorm((dim,), epsilon=1e-6)
        self.qkv = nn.Dense(dim, 3 * dim)
        self.proj = nn.Dense(dim, dim)
        self.norm2 = nn.LayerNorm((dim,), epsilon=1e-6)
        self.mlp = nn.SequentialCell([nn.Dense(dim, 2 * dim), nn.GELU(), nn.Dense(2 * dim, dim)])
        self.norm = nn.LayerNorm((dim,), epsilon=1e-6)
        self.head = nn.Dense(dim, 5)
        self.softmax = nn.Softmax(axis=-1)
        self.bmm = ops.BatchMatMul()
        self.bmm_t = ops.BatchMatMul(transpose_b=True)

    def construct(self, x):
        b = x.shape[0]
        x = self.patch(x)
        x = ops.transpose(x.reshape(b, x.shape[1], -1), (0, 2, 1))
        x = ops.concat((ops.tile(self.cls_token, (b, 1, 1)), x), axis=1) + self.pos
        n, c = x.shape[1], x.shape[2]
        qkv = ops.transpose(self.qkv(self.norm1(x)).reshape(b, n, 3, self.heads, self.hd),
                            (2, 0, 3, 1, 4))
        attn = self.softmax(self.bmm_t(qkv[0], qkv[1]) * (self.hd ** -0.5))
        y = ops.transpose(self.bmm(attn, qkv[2]), (0, 2, 1, 3)).reshape(b, n, c)
        x = x + self.proj(y)
        x = x + self.mlp(self.norm2(x))
        return self.head(self.norm(x)[:, 0])


def init_params(net, seed):
    """Deterministic weights for every parameter (gammas near 1, betas near 0)."""
    rs = np.random.RandomState(seed)
    for p in net.get_parameters():
        shape = p.shape
        if "moving_mean" in p.name:
            v = np.zeros(shape)
        elif "moving_variance" in p.name:
            v = np.ones(shape)
        elif "gamma" in p.name:
            v = 1 + 0.1 * rs.randn(*shape)
        elif len(shape) <= 1:
            v = 0.1 * rs.randn(*shape)
        else:
            v = rs.randn(*shape) / np.sqrt(np.prod(shape[1:]))
        p.set_data(Tensor(v.astype(np.float32)))


def train(name, net, mode):
    ms.set_context(mode=mode)
    init_params(net, 0)
    rs = np.random.RandomState(1)
    x = Tensor(rs.randn(4, 3, 16, 16).astype(np.float32))
    y = Tensor(rs.randint(0, 5, 4).astype(np.int32))
    tag = "%s.%s" % (name, "graph" if mode == ms.GRAPH_MODE else "pynative")
    net.set_train(False)
    emit(tag + ".eval", net(x))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.SGD(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    step.set_train(True)
    emit(tag + ".losses", [float(step(x, y).asnumpy()) for _ in range(3)])
    net.set_train(False)
    emit(tag + ".eval_after", net(x))
    emit(tag + ".params", {p.name: float(np.abs(p.asnumpy()).sum()) for p in net.get_parameters()})


for _mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    train("grouped", GroupedNet(), _mode)
    train("depthwise", DepthwiseNet(), _mode)
    train("attention", AttentionNet(), _mode)
ms.set_context(mode=ms.PYNATIVE_MODE)
