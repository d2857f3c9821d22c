"""MobileNetV2 as in the model zoos, scaled down: ConvBNReLU with depthwise nn.Conv2d(group=C),
nn.ReLU6, inverted residual blocks, ops.ReduceMean(keep_dims=True) + nn.Flatten head (and
nn.AdaptiveAvgPool2d checked against it), label smoothing by ops.OneHot +
nn.SoftmaxCrossEntropyWithLogits(sparse=False), nn.Momentum(use_nesterov=True) with a numpy
warm-up + cosine lr array, Model.train / Model.eval with Top1/Top5 metrics.
Usage: python -m mindcell.run mobilenetv2.py {graph|pynative}"""
import math
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
import mindspore.dataset as ds
import mindspore.nn as nn
import mindspore.ops as ops
from mindspore import Tensor
from mindspore.nn.loss.loss import LossBase
from mindspore.train.model import Model
from mindspore.train.callback import Callback
from mindspore.train.metrics import Top1CategoricalAccuracy, Top5CategoricalAccuracy, Loss

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(5)
ds.config.set_seed(5)


def _make_divisible(v, divisor, min_value=None):
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


class GlobalAvgPooling(nn.Cell):
    def __init__(self):
        super(GlobalAvgPooling, self).__init__()
        self.mean = ops.ReduceMean(keep_dims=True)
        self.flatten = nn.Flatten()

    def construct(self, x):
        x = self.mean(x, (2, 3))
        x = self.flatten(x)
        return x


class ConvBNReLU(nn.Cell):
    def __init__(self, in_planes, out_planes, kernel_size=3, stride=1, groups=1):
        super(ConvBNReLU, self).__init__()
        padding = (kernel_size - 1) // 2
        in_channels = in_planes
        out_channels = out_planes
        if groups == 1:
            conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride, pad_mode='pad',
                             padding=padding)
        else:
            out_channels = in_planes
            conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride, pad_mode='pad',
                             padding=padding, group=in_channels)
        layers = [conv, nn.BatchNorm2d(out_planes), nn.ReLU6()]
        self.features = nn.SequentialCell(layers)

    def construct(self, x):
        output = self.features(x)
        return output


class InvertedResidual(nn.Cell):
    def __init__(self, inp, oup, stride, expand_ratio):
        super(InvertedResidual, self).__init__()
        assert stride in [1, 2]
        hidden_dim = int(round(inp * expand_ratio))
        self.use_res_connect = stride == 1 and inp == oup
        layers = []
        if expand_ratio != 1:
            layers.append(ConvBNReLU(inp, hidden_dim, kernel_size=1))
        layers.extend([
            ConvBNReLU(hidden_dim, hidden_dim, stride=stride, groups=hidden_dim),
            nn.Conv2d(hidden_dim, oup, kernel_size=1, stride=1, has_bias=False),
            nn.BatchNorm2d(oup),
        ])
        self.conv = nn.SequentialCell(layers)
        self.add = ops.Add()
        self.cast = ops.Cast()

    def construct(self, x):
        identity = x
        x = self.conv(x)
        if self.use_res_connect:
            return self.add(identity, x)
        return x


class MobileNetV2(nn.Cell):
    def __init__(self, num_classes=10, width_mult=0.25, round_nearest=8):
        super(MobileNetV2, self).__init__()
        block = InvertedResidual
        input_channel = 32
        last_channel = 128
        inverted_residual_setting = [
            # t, c, n, s
            [1, 16, 1, 1],
            [6, 24, 2, 2],
            [6, 32, 1, 2],
        ]
        input_channel = _make_divisible(input_channel * width_mult, round_nearest)
        self.out_channels = _make_divisible(last_channel * max(1.0, width_mult), round_nearest)
        features = [ConvBNReLU(3, input_channel, stride=1)]
        for t, c, n, s in inverted_residual_setting:
            output_channel = _make_divisible(c * width_mult, round_nearest)
            for i in range(n):
                stride = s if i == 0 else 1
                features.append(block(input_channel, output_channel, stride, expand_ratio=t))
                input_channel = output_channel
        features.append(ConvBNReLU(input_channel, self.out_channels, kernel_size=1))
        self.features = nn.SequentialCell(features)
        self.pool = GlobalAvgPooling()
        self.head = nn.SequentialCell([nn.Dense(self.out_channels, num_classes, has_bias=True)])
        self._initialize_weights()

    def construct(self, x):
        x = self.features(x)
        x = self.pool(x)
        return self.head(x)

    def _initialize_weights(self):
        rng = np.random.default_rng(0)
        for _, m in self.cells_and_names():
            if isinstance(m, nn.Conv2d):
                n = m.kernel_size[0] * m.kernel_size[1] * m.out_channels
                w = rng.normal(0, np.sqrt(2. / n), m.weight.data.shape).astype("float32")
                m.weight.set_data(Tensor(w))
                if m.bias is not None:
                    m.bias.set_data(Tensor(np.zeros(m.bias.data.shape, dtype="float32")))
            elif isinstance(m, nn.BatchNorm2d):
                m.gamma.set_data(Tensor(np.ones(m.gamma.data.shape, dtype="float32")))
                m.beta.set_data(Tensor(np.zeros(m.beta.data.shape, dtype="float32")))
            elif isinstance(m, nn.Dense):
                w = rng.normal(0, 0.01, m.weight.data.shape).astype("float32")
                m.weight.set_data(Tensor(w))
                if m.bias is not None:
                    m.bias.set_data(Tensor(np.zeros(m.bias.data.shape, dtype="float32")))


class CrossEntropyWithLabelSmooth(LossBase):
    def __init__(self, smooth_factor=0., num_classes=1000):
        super(CrossEntropyWithLabelSmooth, self).__init__()
        self.onehot = ops.OneHot()
        self.on_value = Tensor(1.0 - smooth_factor, mstype.float32)
        self.off_value = Tensor(1.0 * smooth_factor / (num_classes - 1), mstype.float32)
        self.ce = nn.SoftmaxCrossEntropyWithLogits()
        self.mean = ops.ReduceMean(False)
        self.cast = ops.Cast()

    def construct(self, logit, label):
        one_hot_label = self.onehot(self.cast(label, mstype.int32), ops.shape(logit)[1],
                                    self.on_value, self.off_value)
        out_loss = self.ce(logit, one_hot_label)
        out_loss = self.mean(out_loss, 0)
        return out_loss


def get_lr(global_step, lr_init, lr_end, lr_max, warmup_epochs, total_epochs, steps_per_epoch):
    lr_each_step = []
    total_steps = steps_per_epoch * total_epochs
    warmup_steps = steps_per_epoch * warmup_epochs
    for i in range(total_steps):
        if i < warmup_steps:
            lr = lr_init + (lr_max - lr_init) * i / warmup_steps
        else:
            lr = lr_end + (lr_max - lr_end) * \
                (1. + math.cos(math.pi * (i - warmup_steps) / (total_steps - warmup_steps))) / 2.
        if lr < 0.0:
            lr = 0.0
        lr_each_step.append(lr)
    return np.array(lr_each_step).astype(np.float32)[global_step:]


def make_images(n, num_classes, seed):
    """class k = a bright bar at row band k % 5, red or green channel by k // 5."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, num_classes, size=n).astype(np.int32)
    images = rng.normal(0, 0.3, size=(n, 3, 16, 16)).astype(np.float32)
    for i, k in enumerate(labels):
        images[i, k // 5, 3 * (k % 5):3 * (k % 5) + 3, :] += 2.0
    return images, labels


class StepLoss(Callback):
    def __init__(self):
        super(StepLoss, self).__init__()
        self.losses = []
        self.lrs = []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        self.losses.append(float(np.mean(cb_params.net_outputs.asnumpy())))


num_classes, batch_size, epochs = 10, 32, 4
train_x, train_y = make_images(256, num_classes, 0)
eval_x, eval_y = make_images(128, num_classes, 1)
train_ds = ds.NumpySlicesDataset({"image": train_x, "label": train_y}, shuffle=True)
train_ds = train_ds.batch(batch_size, drop_remainder=True)
eval_ds = ds.NumpySlicesDataset({"image": eval_x, "label": eval_y}, shuffle=False).batch(64)
step_size = train_ds.get_dataset_size()
assert step_size == 8, step_size

net = MobileNetV2(num_classes=num_classes)
loss = CrossEntropyWithLabelSmooth(smooth_factor=0.1, num_classes=num_classes)
lr = Tensor(get_lr(0, 0.0, 0.0, 0.1, 1, epochs, step_size))
decay_params, no_decay_params = [], []
for param in net.trainable_params():
    if 'beta' not in param.name and 'gamma' not in param.name and 'bias' not in param.name:
        decay_params.append(param)
    else:
        no_decay_params.append(param)
group_params = [{'params': decay_params, 'weight_decay': 4e-5},
                {'params': no_decay_params},
                {'order_params': net.trainable_params()}]
opt = nn.Momentum(group_params, lr, 0.9, use_nesterov=True)
model = Model(net, loss_fn=loss, optimizer=opt,
              metrics={'Validation-Loss': Loss(), 'Top1-Acc': Top1CategoricalAccuracy(),
                       'Top5-Acc': Top5CategoricalAccuracy()})
before = model.eval(eval_ds)
cb = StepLoss()
model.train(epochs, train_ds, callbacks=[cb], dataset_sink_mode=False)
after = model.eval(eval_ds)
print("LOSSES", " ".join("%.6f" % v for v in cb.losses))
print("before", before, "after", after)
assert len(cb.losses) == epochs * step_size
assert np.mean(cb.losses[-4:]) < 0.7 * np.mean(cb.losses[:4]), cb.losses
assert after['Top1-Acc'] > 0.6 and after['Top5-Acc'] >= after['Top1-Acc'], after
assert after['Validation-Loss'] < before['Validation-Loss'], (before, after)
# the optimizer used every step of the cosine schedule (reading get_lr() past its end fails,
# in MindSpore too: the step index is out of the list)
assert int(opt.global_step.asnumpy()[0]) == lr.shape[0], (opt.global_step, lr.shape)

# nn.AdaptiveAvgPool2d(1) is the same global pooling
feat = net.features(Tensor(eval_x[:4]))
pooled = nn.Flatten()(nn.AdaptiveAvgPool2d((1, 1))(feat))
np.testing.assert_allclose(pooled.asnumpy(), net.pool(feat).asnumpy(), rtol=1e-5, atol=1e-6)
np.testing.assert_allclose(net.pool(feat).asnumpy(), feat.asnumpy().mean(axis=(2, 3)),
                           rtol=1e-5, atol=1e-6)

# nn.CosineDecayLR gives the same cosine curve the numpy array holds after warm-up
cosine = nn.CosineDecayLR(0.0, 0.1, (epochs - 1) * step_size)
for i in (0, 5, 13, 23):
    got = float(cosine(Tensor(i, mstype.int32)).asnumpy())
    np.testing.assert_allclose(got, lr.asnumpy()[step_size + i], rtol=1e-5, atol=1e-7)

ckpt = os.path.join(tempfile.mkdtemp(), "mobilenetv2.ckpt")
ms.save_checkpoint(net, ckpt)
net2 = MobileNetV2(num_classes=num_classes)
param_not_load, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
net.set_train(False)
net2.set_train(False)
np.testing.assert_allclose(net2(Tensor(eval_x[:8])).asnumpy(), net(Tensor(eval_x[:8])).asnumpy(),
                           rtol=1e-5, atol=1e-6)
print("OK")
