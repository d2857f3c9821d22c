"""UNet-style binary segmenter as in the model zoos, scaled down: double nn.Conv2d +
nn.BatchNorm2d + ReLU blocks, nn.MaxPool2d down, up by nn.Conv2dTranspose(stride=2) and by
ops.interpolate / nn.Upsample (bilinear), ops.concat skip connections, a Dice + BCE loss
(nn.BCEWithLogitsLoss), a custom nn.Metric Dice coefficient, Model.train with
dataset_sink_mode=True and sink_size (on the CPU a normal loop over the whole dataset) and
Model.fit with a validation dataset.
Usage: python -m mindcell.run unet_seg.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.dataset as ds
import mindspore.nn as nn
import mindspore.ops as ops
from mindspore import Tensor, Model
from mindspore.nn.loss.loss import LossBase
from mindspore.train.callback import Callback

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(1)
ds.config.set_seed(1)


class DoubleConv(nn.Cell):
    def __init__(self, in_channels, out_channels):
        super(DoubleConv, self).__init__()
        self.double_conv = nn.SequentialCell(
            [nn.Conv2d(in_channels, out_channels, kernel_size=3, pad_mode="same"),
             nn.BatchNorm2d(out_channels), nn.ReLU(),
             nn.Conv2d(out_channels, out_channels, kernel_size=3, pad_mode="same"),
             nn.BatchNorm2d(out_channels), nn.ReLU()])

    def construct(self, x):
        return self.double_conv(x)


class Down(nn.Cell):
    def __init__(self, in_channels, out_channels):
        super(Down, self).__init__()
        self.maxpool_conv = nn.SequentialCell([nn.MaxPool2d(kernel_size=2, stride=2),
                                               DoubleConv(in_channels, out_channels)])

    def construct(self, x):
        return self.maxpool_conv(x)


class Up(nn.Cell):
    def __init__(self, in_channels, out_channels, bilinear=False):
        super(Up, self).__init__()
        self.bilinear = bilinear
        if bilinear:
            self.reduce = nn.Conv2d(in_channels, in_channels // 2, kernel_size=1)
        else:
            self.up = nn.Conv2dTranspose(in_channels, in_channels // 2, kernel_size=2, stride=2)
        self.conv = DoubleConv(in_channels, out_channels)

    def construct(self, x1, x2):
        if self.bilinear:
            x1 = ops.interpolate(x1, size=x2.shape[2:], mode="bilinear", align_corners=True)
            x1 = self.reduce(x1)
        else:
            x1 = self.up(x1)
        x = ops.concat((x2, x1), axis=1)
        return self.conv(x)


class UNet(nn.Cell):
    def __init__(self, n_channels, n_classes):
        super(UNet, self).__init__()
        self.inc = DoubleConv(n_channels, 8)
        self.down1 = Down(8, 16)
        self.down2 = Down(16, 32)
        self.up1 = Up(32, 16, bilinear=True)
        self.up2 = Up(16, 8)
        self.outc = nn.Conv2d(8, n_classes, kernel_size=1, has_bias=True)

    def construct(self, x):
        x1 = self.inc(x)
        x2 = self.down1(x1)
        x3 = self.down2(x2)
        x = self.up1(x3, x2)
        x = self.up2(x, x1)
        return self.outc(x)


class DiceBCELoss(LossBase):
    def __init__(self, smooth=1.0, dice_weight=0.5):
        super(DiceBCELoss, self).__init__()
        self.bce = nn.BCEWithLogitsLoss()
        self.sigmoid = ops.Sigmoid()
        self.reduce_sum = ops.ReduceSum()
        self.smooth = smooth
        self.dice_weight = dice_weight

    def construct(self, logits, label):
        bce = self.bce(logits, label)
        probs = self.sigmoid(logits)
        inter = self.reduce_sum(probs * label, (1, 2, 3))
        union = self.reduce_sum(probs, (1, 2, 3)) + self.reduce_sum(label, (1, 2, 3))
        dice = 1.0 - ((2.0 * inter + self.smooth) / (union + self.smooth)).mean()
        return self.get_loss((1.0 - self.dice_weight) * bce + self.dice_weight * dice)


class DiceCoeff(nn.Metric):
    """Dice coefficient of thresholded predictions, averaged over images."""

    def __init__(self):
        super(DiceCoeff, self).__init__()
        self.clear()

    def clear(self):
        self._dice_sum = 0.0
        self._samples = 0

    def update(self, *inputs):
        if len(inputs) != 2:
            raise ValueError("DiceCoeff needs 2 inputs (y_pred, y), but got {}".format(len(inputs)))
        y_pred = self._convert_data(inputs[0]) > 0.0
        y = self._convert_data(inputs[1]) > 0.5
        inter = (y_pred & y).sum(axis=(1, 2, 3))
        union = y_pred.sum(axis=(1, 2, 3)) + y.sum(axis=(1, 2, 3))
        self._dice_sum += float((2.0 * inter / np.maximum(union, 1)).sum())
        self._samples += y.shape[0]

    def eval(self):
        if self._samples == 0:
            raise RuntimeError("Total samples num must not be 0.")
        return self._dice_sum / self._samples


class StepLoss(Callback):
    def __init__(self):
        super(StepLoss, self).__init__()
        self.losses = []
        self.evals = []

    def on_train_step_end(self, run_context):
        self.losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    def on_train_epoch_end(self, run_context):
        cb_params = run_context.original_args()
        if getattr(cb_params, "eval_results", None):
            self.evals.append((cb_params.cur_epoch_num, cb_params.eval_results["dice"]))
            cb_params.eval_results = None


def make_masks(n, size, seed):
    """a noisy image holding one bright disc; the mask is the disc."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[:size, :size]
    images = rng.normal(0, 0.4, size=(n, 1, size, size)).astype(np.float32)
    masks = np.zeros((n, 1, size, size), np.float32)
    for i in range(n):
        cy, cx = rng.integers(4, size - 4, size=2)
        r = rng.uniform(2.5, 4.5)
        disc = (yy - cy) ** 2 + (xx - cx) ** 2 <= r * r
        masks[i, 0][disc] = 1.0
        images[i, 0][disc] += 1.5
    return images, masks


size = 16
train_x, train_y = make_masks(48, size, 0)
val_x, val_y = make_masks(32, size, 1)
train_ds = ds.NumpySlicesDataset({"image": train_x, "mask": train_y}, shuffle=True)
train_ds = train_ds.batch(16, drop_remainder=True)
val_ds = ds.NumpySlicesDataset({"image": val_x, "mask": val_y}, shuffle=False).batch(16)
steps_per_epoch = train_ds.get_dataset_size()
assert steps_per_epoch == 3

net = UNet(n_channels=1, n_classes=1)
loss = DiceBCELoss()
opt = nn.Adam(net.trainable_params(), learning_rate=0.02)
model = Model(net, loss_fn=loss, optimizer=opt, metrics={"dice": DiceCoeff()})
before = model.eval(val_ds)["dice"]
cb = StepLoss()
# MindSpore's default sink mode: on the CPU the whole dataset runs every epoch
model.train(2, train_ds, callbacks=[cb], dataset_sink_mode=True, sink_size=2)
assert len(cb.losses) == 2 * steps_per_epoch, len(cb.losses)
model.fit(4, train_ds, val_ds, valid_frequency=2, callbacks=[cb], dataset_sink_mode=False)
after = model.eval(val_ds)["dice"]
print("LOSSES", " ".join("%.6f" % v for v in cb.losses))
print("dice before", before, "after", after, "fit evals", cb.evals)
assert len(cb.losses) == 6 * steps_per_epoch
assert np.mean(cb.losses[-3:]) < 0.6 * np.mean(cb.losses[:3]), cb.losses
# (the initial weights follow MindSpore's numpy draws since round 5: 0.74 after 6 epochs here)
assert after > 0.6 and after > before + 0.3, (before, after)
assert [e for e, _ in cb.evals] == [2, 4], cb.evals
np.testing.assert_allclose(cb.evals[-1][1], after, rtol=1e-6)

# the loss matches a numpy Dice + BCE on the same logits
net.set_train(False)
logits = net(Tensor(val_x[:8]))
z, t = logits.asnumpy().astype(np.float64), val_y[:8].astype(np.float64)
p = 1.0 / (1.0 + np.exp(-z))
bce = np.mean(np.maximum(z, 0) - z * t + np.log1p(np.exp(-np.abs(z))))
dice = 1.0 - np.mean((2 * (p * t).sum(axis=(1, 2, 3)) + 1) / (p.sum(axis=(1, 2, 3)) + t.sum(axis=(1, 2, 3)) + 1))
np.testing.assert_allclose(float(loss(logits, Tensor(val_y[:8])).asnumpy()), 0.5 * bce + 0.5 * dice,
                           rtol=1e-4)

# nn.Upsample(bilinear, align_corners=True) is the same as ops.interpolate
feat = Tensor(np.random.default_rng(2).normal(size=(2, 3, 4, 4)).astype(np.float32))
up = nn.Upsample(size=(8, 8), mode="bilinear", align_corners=True)(feat)
np.testing.assert_allclose(up.asnumpy(), ops.interpolate(feat, size=(8, 8), mode="bilinear",
                                                         align_corners=True).asnumpy(), rtol=1e-6)
# corners are kept with align_corners=True
np.testing.assert_allclose(up.asnumpy()[..., ::7, ::7], feat.asnumpy()[..., ::3, ::3], rtol=1e-6)
# Conv2dTranspose(k=2, s=2) doubles the size
assert net.up2.up(Tensor(np.zeros((1, 16, 8, 8), np.float32))).shape == (1, 8, 16, 16)

ckpt = os.path.join(tempfile.mkdtemp(), "unet.ckpt")
ms.save_checkpoint(net, ckpt)
net2 = UNet(n_channels=1, n_classes=1)
param_not_load, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
net2.set_train(False)
np.testing.assert_allclose(net2(Tensor(val_x[:8])).asnumpy(), logits.asnumpy(), rtol=1e-5, atol=1e-5)
print("OK")
