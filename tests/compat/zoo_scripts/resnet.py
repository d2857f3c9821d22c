"""ResNet-style classifier as in the model zoos: Conv2d(weight_init=Tensor), BatchNorm2d(gamma_init=..),
residual ops.Add, grouped Momentum with weight decay and a per-step lr list, a label-smoothing
LossBase, Model with a loss scale manager, LossMonitor/TimeMonitor/ModelCheckpoint, a custom callback.
Usage: python -m mindcell.run resnet.py {graph|pynative}"""
import glob
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
import mindspore.common.initializer as init
import mindspore.dataset as ds
import mindspore.dataset.transforms as transforms
import mindspore.dataset.vision as vision
import mindspore.nn as nn
import mindspore.ops as ops
from mindspore import Tensor
from mindspore.nn.loss.loss import LossBase
from mindspore.train import Model
from mindspore.train.callback import (Callback, CheckpointConfig, LossMonitor, ModelCheckpoint,
                                      TimeMonitor)
from mindspore.train.loss_scale_manager import FixedLossScaleManager

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(1)
ds.config.set_seed(1)


def _weight_variable(shape, factor=0.01):
    return Tensor(np.random.default_rng(sum(shape)).normal(size=shape).astype(np.float32) * factor)


def _conv3x3(in_channel, out_channel, stride=1):
    weight = _weight_variable((out_channel, in_channel, 3, 3), 0.2)
    return nn.Conv2d(in_channel, out_channel, kernel_size=3, stride=stride, padding=0,
                     pad_mode='same', weight_init=weight)


def _conv1x1(in_channel, out_channel, stride=1):
    weight = _weight_variable((out_channel, in_channel, 1, 1), 0.2)
    return nn.Conv2d(in_channel, out_channel, kernel_size=1, stride=stride, padding=0,
                     pad_mode='same', weight_init=weight)


def _bn(channel):
    return nn.BatchNorm2d(channel, eps=1e-4, momentum=0.9, gamma_init=1, beta_init=0,
                          moving_mean_init=0, moving_var_init=1)


def _bn_last(channel):
    return nn.BatchNorm2d(channel, eps=1e-4, momentum=0.9, gamma_init=0, beta_init=0,
                          moving_mean_init=0, moving_var_init=1)


def _fc(in_channel, out_channel):
    weight = _weight_variable((out_channel, in_channel))
    return nn.Dense(in_channel, out_channel, has_bias=True, weight_init=weight, bias_init=0)


class ResidualBlock(nn.Cell):
    expansion = 2

    def __init__(self, in_channel, out_channel, stride=1):
        super(ResidualBlock, self).__init__()
        channel = out_channel // self.expansion
        self.conv1 = _conv1x1(in_channel, channel, stride=1)
        self.bn1 = _bn(channel)
        self.conv2 = _conv3x3(channel, channel, stride=stride)
        self.bn2 = _bn(channel)
        self.conv3 = _conv1x1(channel, out_channel, stride=1)
        self.bn3 = _bn_last(out_channel)
        self.relu = nn.ReLU()
        self.down_sample = False
        if stride != 1 or in_channel != out_channel:
            self.down_sample = True
        self.down_sample_layer = None
        if self.down_sample:
            self.down_sample_layer = nn.SequentialCell([_conv1x1(in_channel, out_channel, stride),
                                                        _bn(out_channel)])
        self.add = ops.Add()

    def construct(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.relu(self.bn2(self.conv2(out)))
        out = self.bn3(self.conv3(out))
        if self.down_sample:
            identity = self.down_sample_layer(identity)
        out = self.add(out, identity)
        out = self.relu(out)
        return out


class ResNet(nn.Cell):
    def __init__(self, block, layer_nums, in_channels, out_channels, strides, num_classes):
        super(ResNet, self).__init__()
        self.conv1 = nn.Conv2d(3, 8, kernel_size=3, stride=1, pad_mode='pad', padding=1,
                               has_bias=False)
        self.bn1 = _bn(8)
        self.relu = ops.ReLU()
        self.maxpool = nn.MaxPool2d(kernel_size=3, stride=2, pad_mode="same")
        self.layer1 = self._make_layer(block, layer_nums[0], in_channels[0], out_channels[0],
                                       strides[0])
        self.layer2 = self._make_layer(block, layer_nums[1], in_channels[1], out_channels[1],
                                       strides[1])
        self.mean = ops.ReduceMean(keep_dims=True)
        self.flatten = nn.Flatten()
        self.end_point = _fc(out_channels[-1], num_classes)
        self._init_weights()

    def _make_layer(self, block, layer_num, in_channel, out_channel, stride):
        layers = [block(in_channel, out_channel, stride=stride)]
        for _ in range(1, layer_num):
            layers.append(block(out_channel, out_channel, stride=1))
        return nn.SequentialCell(layers)

    def _init_weights(self):
        for _, cell in self.cells_and_names():
            if isinstance(cell, nn.Conv2d) and cell.in_channels == 3:
                cell.weight.set_data(init.initializer(
                    init.HeNormal(mode='fan_out', nonlinearity='relu'),
                    cell.weight.shape, cell.weight.dtype))

    def construct(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        c2 = self.layer1(x)
        c3 = self.layer2(c2)
        out = self.mean(c3, (2, 3))
        out = self.flatten(out)
        out = self.end_point(out)
        return out


class CrossEntropySmooth(LossBase):
    def __init__(self, sparse=True, reduction='mean', smooth_factor=0., num_classes=1000):
        super(CrossEntropySmooth, self).__init__()
        self.onehot = ops.OneHot()
        self.sparse = sparse
        self.on_value = Tensor(1.0 - smooth_factor, mstype.float32)
        self.off_value = Tensor(1.0 * smooth_factor / (num_classes - 1), mstype.float32)
        self.ce = nn.SoftmaxCrossEntropyWithLogits(reduction=reduction)

    def construct(self, logit, label):
        if self.sparse:
            label = self.onehot(label, ops.shape(logit)[1], self.on_value, self.off_value)
        loss = self.ce(logit, label)
        return loss


class RecordLoss(Callback):
    def __init__(self):
        super(RecordLoss, self).__init__()
        self.losses = []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        loss = cb_params.net_outputs
        if isinstance(loss, (tuple, list)):
            loss = loss[0]
        self.losses.append(float(loss.asnumpy()))


def get_lr(lr_init, lr_max, total_steps, warmup_steps):
    lr_each_step = []
    for i in range(total_steps):
        if i < warmup_steps:
            lr = lr_init + (lr_max - lr_init) * i / warmup_steps
        else:
            lr = lr_max * (1 + np.cos(np.pi * (i - warmup_steps) / (total_steps - warmup_steps))) / 2
        lr_each_step.append(lr)
    return np.array(lr_each_step).astype(np.float32)


class FakeCifar:
    """4 classes: which colour channel (or none) carries a bright 4x4 patch."""
    def __init__(self, n, seed):
        rng = np.random.default_rng(seed)
        self.labels = rng.integers(0, 4, size=n)
        self.images = rng.integers(0, 100, size=(n, 16, 16, 3)).astype(np.uint8)
        for i, lab in enumerate(self.labels):
            if lab < 3:
                self.images[i, 4:12, 4:12, lab] = 250
            else:
                self.images[i, 4:12, 4:12, :] = 0

    def __getitem__(self, index):
        return self.images[index], np.int64(self.labels[index])

    def __len__(self):
        return len(self.labels)


def create_dataset(n, seed, do_train, batch_size=16):
    data_set = ds.GeneratorDataset(FakeCifar(n, seed), ["image", "label"], shuffle=do_train)
    trans = []
    if do_train:
        trans += [vision.RandomCrop((16, 16), (2, 2, 2, 2)), vision.RandomHorizontalFlip(prob=0.5)]
    trans += [vision.Resize((16, 16)), vision.Rescale(1.0 / 255.0, 0.0),
              vision.Normalize([0.4914, 0.4822, 0.4465], [0.2023, 0.1994, 0.2010]),
              vision.HWC2CHW()]
    type_cast_op = transforms.TypeCast(mstype.int32)
    data_set = data_set.map(operations=type_cast_op, input_columns="label", num_parallel_workers=1)
    data_set = data_set.map(operations=trans, input_columns="image", num_parallel_workers=1)
    data_set = data_set.batch(batch_size, drop_remainder=True)
    return data_set


tmp = tempfile.mkdtemp()
dataset = create_dataset(256, 0, True)
eval_dataset = create_dataset(96, 1, False)
step_size = dataset.get_dataset_size()
epoch_size = 4
net = ResNet(ResidualBlock, [1, 1], [8, 16], [16, 32], [1, 2], num_classes=4)
lr = Tensor(get_lr(0.01, 0.1, step_size * epoch_size, step_size))

decayed_params = []
no_decayed_params = []
for param in net.trainable_params():
    if 'beta' not in param.name and 'gamma' not in param.name and 'bias' not in param.name:
        decayed_params.append(param)
    else:
        no_decayed_params.append(param)
group_params = [{'params': decayed_params, 'weight_decay': 1e-4},
                {'params': no_decayed_params},
                {'order_params': net.trainable_params()}]
loss_scale = 128.0
opt = nn.Momentum(group_params, lr, 0.9, loss_scale=loss_scale)
loss = CrossEntropySmooth(sparse=True, reduction="mean", smooth_factor=0.1, num_classes=4)
loss_scale_manager = FixedLossScaleManager(loss_scale, drop_overflow_update=False)
model = Model(net, loss_fn=loss, optimizer=opt, loss_scale_manager=loss_scale_manager,
              metrics={'acc', 'top_1_accuracy', 'loss'})

time_cb = TimeMonitor(data_size=step_size)
loss_cb = LossMonitor()
record = RecordLoss()
config_ck = CheckpointConfig(save_checkpoint_steps=step_size, keep_checkpoint_max=2)
ckpt_cb = ModelCheckpoint(prefix="resnet", directory=tmp, config=config_ck)
model.train(epoch_size, dataset, callbacks=[time_cb, loss_cb, ckpt_cb, record],
            dataset_sink_mode=False)
print("LOSSES", " ".join("%.6f" % v for v in record.losses))
assert len(record.losses) == epoch_size * step_size
assert np.mean(record.losses[-step_size:]) < 0.7 * np.mean(record.losses[:step_size]), record.losses

res = model.eval(eval_dataset, dataset_sink_mode=False)
print("result:", res)
assert res['acc'] > 0.6 and res['acc'] == res['top_1_accuracy'], res

ckpts = sorted(glob.glob(os.path.join(tmp, "resnet*.ckpt")), key=os.path.getmtime)
print("checkpoints:", [os.path.basename(c) for c in ckpts])
assert len(ckpts) == 2 and ckpts[-1].endswith("resnet-%d_%d.ckpt" % (epoch_size, step_size)), ckpts
net2 = ResNet(ResidualBlock, [1, 1], [8, 16], [16, 32], [1, 2], num_classes=4)
param_dict = ms.load_checkpoint(ckpts[-1])
ms.load_param_into_net(net2, param_dict)
model2 = Model(net2, loss_fn=loss, metrics={'acc'})
res2 = model2.eval(eval_dataset, dataset_sink_mode=False)
assert res2['acc'] == res['acc'], (res, res2)
print("OK")
