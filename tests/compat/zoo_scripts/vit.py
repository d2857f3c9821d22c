"""Vision Transformer as in mindcv, scaled down: strided nn.Conv2d patch embedding, a cls token
Parameter broadcast with ops.tile (and ops.broadcast_to checked against it), a position
embedding Parameter from initializer(TruncatedNormal(0.02)), pre-norm nn.LayerNorm blocks with
hand-written attention (ops.BatchMatMul(transpose_b=True), ops.Softmax), nn.GELU,
nn.Dropout(p=...), drop-path by ops.bernoulli / ops.uniform in training only, label smoothing by
nn.CrossEntropyLoss(label_smoothing=0.1), nn.AdamWeightDecay with parameter groups on
nn.warmup_lr + nn.cosine_decay_lr lists, a weight EMA in a TrainOneStepWithLossScaleCell
subclass (ParameterTuple.clone(init='same') + ops.assign through HyperMap), Model.train and
Model.eval({'acc', 'top_5_accuracy'}) on the EMA weights.
Usage: python -m mindcell.run vit.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
import mindspore.dataset as ds
from mindspore import nn, ops, Tensor, Parameter, ParameterTuple
from mindspore.common.initializer import TruncatedNormal, initializer
from mindspore.ops import functional as F
from mindspore.train import Model
from mindspore.train.callback import Callback

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(11)
ds.config.set_seed(11)


class PatchEmbedding(nn.Cell):
    """b c (h p) (w p) -> b (h w) d by a convolution whose stride is its kernel."""

    def __init__(self, image_size, patch_size, embed_dim, in_channels):
        super(PatchEmbedding, self).__init__()
        self.num_patches = (image_size // patch_size) ** 2
        self.conv = nn.Conv2d(in_channels, embed_dim, kernel_size=patch_size, stride=patch_size,
                              has_bias=True)
        self.reshape = ops.Reshape()
        self.transpose = ops.Transpose()

    def construct(self, x):
        x = self.conv(x)
        b, c, h, w = x.shape
        x = self.reshape(x, (b, c, h * w))
        return self.transpose(x, (0, 2, 1))


class Attention(nn.Cell):
    def __init__(self, dim, num_heads, attn_drop=0.0, proj_drop=0.0):
        super(Attention, self).__init__()
        self.num_heads = num_heads
        self.scale = Tensor((dim // num_heads) ** -0.5, mstype.float32)
        self.qkv = nn.Dense(dim, dim * 3)
        self.attn_drop = nn.Dropout(p=attn_drop)
        self.proj = nn.Dense(dim, dim)
        self.proj_drop = nn.Dropout(p=proj_drop)
        self.q_matmul_k = ops.BatchMatMul(transpose_b=True)
        self.attn_matmul_v = ops.BatchMatMul()
        self.softmax = ops.Softmax(axis=-1)
        self.unstack = ops.Unstack(axis=0)
        self.mul = ops.Mul()

    def construct(self, x):
        b, n, c = x.shape
        qkv = self.qkv(x).reshape(b, n, 3, self.num_heads, c // self.num_heads)
        q, k, v = self.unstack(ops.transpose(qkv, (2, 0, 3, 1, 4)))
        attn = self.softmax(self.mul(self.q_matmul_k(q, k), self.scale))
        attn = self.attn_drop(attn)
        out = ops.transpose(self.attn_matmul_v(attn, v), (0, 2, 1, 3)).reshape(b, n, c)
        return self.proj_drop(self.proj(out))


class DropPath(nn.Cell):
    """Stochastic depth: drops a whole residual branch per sample while training, scaled by
    1 / keep_prob; ``use_bernoulli`` picks ops.bernoulli or floor(keep_prob + ops.uniform)."""

    def __init__(self, drop_prob, use_bernoulli=True):
        super(DropPath, self).__init__()
        self.keep_prob = 1.0 - drop_prob
        self.use_bernoulli = use_bernoulli
        self.floor = ops.Floor()

    def construct(self, x):
        if self.keep_prob == 1.0 or not self.training:
            return x
        shape = (x.shape[0],) + (1,) * (x.ndim - 1)
        if self.use_bernoulli:
            mask = ops.bernoulli(ops.zeros(shape, x.dtype), p=self.keep_prob)
        else:
            mask = self.floor(self.keep_prob + ops.uniform(shape, Tensor(0.0), Tensor(1.0)))
        return x / self.keep_prob * mask


class Block(nn.Cell):
    def __init__(self, dim, num_heads, mlp_ratio, drop, drop_path, use_bernoulli):
        super(Block, self).__init__()
        self.norm1 = nn.LayerNorm((dim,), epsilon=1e-6)
        self.attn = Attention(dim, num_heads, proj_drop=drop)
        self.norm2 = nn.LayerNorm((dim,), epsilon=1e-6)
        hidden = int(dim * mlp_ratio)
        self.mlp = nn.SequentialCell([nn.Dense(dim, hidden), nn.GELU(), nn.Dropout(p=drop),
                                      nn.Dense(hidden, dim), nn.Dropout(p=drop)])
        self.drop_path = DropPath(drop_path, use_bernoulli)

    def construct(self, x):
        x = x + self.drop_path(self.attn(self.norm1(x)))
        x = x + self.drop_path(self.mlp(self.norm2(x)))
        return x


class ViT(nn.Cell):
    def __init__(self, image_size=16, patch_size=4, in_channels=3, num_classes=10, embed_dim=32,
                 depth=2, num_heads=4, mlp_ratio=2.0, drop_rate=0.1, drop_path_rate=0.1):
        super(ViT, self).__init__()
        self.patch_embed = PatchEmbedding(image_size, patch_size, embed_dim, in_channels)
        num_patches = self.patch_embed.num_patches
        self.cls_token = Parameter(initializer(TruncatedNormal(0.02), (1, 1, embed_dim),
                                               mstype.float32), name="cls_token")
        self.pos_embedding = Parameter(initializer(TruncatedNormal(0.02),
                                                   (1, num_patches + 1, embed_dim),
                                                   mstype.float32), name="pos_embedding")
        self.pos_drop = nn.Dropout(p=drop_rate)
        dpr = [float(r) for r in np.linspace(0, drop_path_rate, depth)]
        self.blocks = nn.CellList([Block(embed_dim, num_heads, mlp_ratio, drop_rate, dpr[i],
                                         use_bernoulli=i % 2 == 1) for i in range(depth)])
        self.norm = nn.LayerNorm((embed_dim,), epsilon=1e-6)
        self.head = nn.Dense(embed_dim, num_classes)
        self.concat = ops.Concat(axis=1)

    def forward_features(self, x):
        x = self.patch_embed(x)
        cls_tokens = ops.tile(self.cls_token, (x.shape[0], 1, 1))
        x = self.concat((cls_tokens, x))
        x = self.pos_drop(x + self.pos_embedding)
        for blk in self.blocks:
            x = blk(x)
        return self.norm(x)

    def construct(self, x):
        return self.head(self.forward_features(x)[:, 0])


_ema_op = ops.MultitypeFuncGraph("ema_op")


@_ema_op.register("Tensor", "Tensor", "Tensor")
def _ema_update(factor, ema_weight, weight):
    return F.assign(ema_weight, ema_weight * factor + weight * (1 - factor))


_grad_scale = ops.MultitypeFuncGraph("grad_scale")


@_grad_scale.register("Tensor", "Tensor")
def _unscale(scale, grad):
    return grad * F.cast(ops.Reciprocal()(scale), F.dtype(grad))


class TrainStep(nn.TrainOneStepWithLossScaleCell):
    """One optimizer step with a fixed loss scale, then an EMA of every network weight with the
    warm-up corrected decay ema_decay * (1 - exp(-updates / tau))."""

    def __init__(self, network, optimizer, scale_sense, ema_decay=0.9, tau=10.0):
        super(TrainStep, self).__init__(network, optimizer, scale_sense)
        self.ema_decay = ema_decay
        self.tau = tau
        self.updates = Parameter(Tensor(0.0, mstype.float32), name="updates")
        self.weights_all = ParameterTuple(list(network.get_parameters()))
        self.ema_weight = self.weights_all.clone("ema", init="same")

    def ema_update(self):
        self.updates += 1
        decay = self.ema_decay * (1 - F.exp(-self.updates / self.tau))
        return self.hyper_map(F.partial(_ema_op, decay), self.ema_weight, self.weights_all)

    def construct(self, *inputs):
        loss = self.network(*inputs)
        scaling_sens = self.scale_sense
        scaling_sens_filled = ops.ones_like(loss) * F.cast(scaling_sens, F.dtype(loss))
        grads = self.grad(self.network, self.weights)(*inputs, scaling_sens_filled)
        grads = self.hyper_map(F.partial(_grad_scale, scaling_sens), grads)
        loss = F.depend(loss, self.optimizer(grads))
        loss = F.depend(loss, self.ema_update())
        return loss


def make_images(n, num_classes, seed):
    """class k = a bright vertical band at columns 3 * (k % 5) .. + 3 of channel k // 5."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, num_classes, size=n).astype(np.int32)
    images = rng.normal(0, 0.3, size=(n, 3, 16, 16)).astype(np.float32)
    cols, chans = 3 * (labels % 5), labels // 5
    for i in range(n):
        images[i, chans[i], :, cols[i]:cols[i] + 3] += 2.0
    return images, labels


class Recorder(Callback):
    """Per-step loss, and the network's weights after each step (to recompute the EMA)."""

    def __init__(self, net):
        super(Recorder, self).__init__()
        self.net = net
        self.losses = []
        self.weights = []

    def on_train_step_end(self, run_context):
        cb_params = run_context.original_args()
        self.losses.append(float(np.mean(cb_params.net_outputs.asnumpy())))
        self.weights.append({p.name: p.asnumpy().copy() for p in self.net.get_parameters()})


num_classes, batch_size, epochs, warmup_epochs = 10, 32, 5, 1
train_x, train_y = make_images(256, num_classes, 0)
eval_x, eval_y = make_images(128, num_classes, 1)
train_ds = ds.NumpySlicesDataset({"image": train_x, "label": train_y}, shuffle=True)
train_ds = train_ds.batch(batch_size, drop_remainder=True)
eval_ds = ds.NumpySlicesDataset({"image": eval_x, "label": eval_y}, shuffle=False).batch(64)
steps_per_epoch = train_ds.get_dataset_size()
total_steps = epochs * steps_per_epoch
warmup_steps = warmup_epochs * steps_per_epoch

net = ViT(num_classes=num_classes)
loss_fn = nn.CrossEntropyLoss(label_smoothing=0.1)
lr_max, lr_min = 3e-3, 1e-4
warmup = nn.warmup_lr(lr_max, total_steps, steps_per_epoch, warmup_epochs)
cosine = nn.cosine_decay_lr(lr_min, lr_max, total_steps, steps_per_epoch, epochs - warmup_epochs)
lr = warmup[:warmup_steps] + cosine[:total_steps - warmup_steps]
assert len(lr) == total_steps, len(lr)
decay, no_decay = [], []
for p in net.trainable_params():
    if p.ndim <= 1 or "pos_embedding" in p.name or "cls_token" in p.name:
        no_decay.append(p)
    else:
        decay.append(p)
assert {p.name for p in no_decay} >= {"pos_embedding", "cls_token", "norm.gamma", "head.bias"}
opt = nn.AdamWeightDecay([{"params": decay, "weight_decay": 0.05},
                          {"params": no_decay, "weight_decay": 0.0},
                          {"order_params": net.trainable_params()}],
                         learning_rate=lr, beta1=0.9, beta2=0.999, eps=1e-8)
initial = {p.name: p.asnumpy().copy() for p in net.get_parameters()}
train_step = TrainStep(nn.WithLossCell(net, loss_fn), opt, Tensor(128.0, mstype.float32))
model = Model(train_step)
rec = Recorder(net)
model.train(epochs, train_ds, callbacks=[rec], dataset_sink_mode=False)
print("LOSSES", " ".join("%.6f" % v for v in rec.losses))
assert len(rec.losses) == total_steps
assert np.mean(rec.losses[-4:]) < 0.6 * np.mean(rec.losses[:4]), rec.losses
assert int(opt.global_step.asnumpy().reshape(-1)[0]) == total_steps

# the EMA equals the recurrence recomputed in numpy from the weights after every step
assert float(train_step.updates.asnumpy()) == total_steps
ema_now = {e.name[len("ema."):]: e.asnumpy() for e in train_step.ema_weight}
assert set(ema_now) == set(initial), set(ema_now) ^ set(initial)
want = dict(initial)
for t, after_step in enumerate(rec.weights, 1):
    d = 0.9 * (1 - np.exp(-t / 10.0))
    want = {n: want[n] * d + after_step[n] * (1 - d) for n in want}
for n in want:
    np.testing.assert_allclose(ema_now[n], want[n], rtol=1e-4, atol=1e-6, err_msg=n)
assert max(np.abs(ema_now[n] - rec.weights[-1][n]).max() for n in want) > 1e-3

# eval the EMA weights: load them into a fresh network by their original names
ema_net = ViT(num_classes=num_classes)
not_loaded, _ = ms.load_param_into_net(
    ema_net, {n: Parameter(Tensor(v), name=n) for n, v in ema_now.items()})
assert not_loaded == [], not_loaded
eval_model = Model(ema_net, loss_fn=loss_fn, metrics={"acc", "top_5_accuracy"})
res_ema = eval_model.eval(eval_ds, dataset_sink_mode=False)
res_raw = Model(net, loss_fn=loss_fn, metrics={"acc", "top_5_accuracy"}).eval(eval_ds)
print("ema", res_ema, "raw", res_raw)
assert set(res_ema) == {"acc", "top_5_accuracy"}, res_ema
assert res_ema["acc"] > 0.6 and res_ema["top_5_accuracy"] >= res_ema["acc"], res_ema
assert res_raw["acc"] > 0.6, res_raw

# drop-path: per sample all-or-nothing, scaled by 1 / keep_prob, identity outside training
x = ops.ones((400, 3, 4), mstype.float32)
for use_bernoulli in (True, False):
    dp = DropPath(0.25, use_bernoulli)
    dp.set_train(True)
    y = dp(x).asnumpy()
    per_sample = y.reshape(400, -1)
    assert (per_sample == per_sample[:, :1]).all()
    assert set(np.unique(per_sample).tolist()) == {0.0, np.float32(1 / 0.75)}
    assert 0.15 < (per_sample[:, 0] == 0).mean() < 0.35, (per_sample[:, 0] == 0).mean()
    dp.set_train(False)
    np.testing.assert_array_equal(dp(x).asnumpy(), x.asnumpy())

# the cls token broadcast by ops.broadcast_to equals ops.tile; the embedding's tokens
patches = net.patch_embed(Tensor(eval_x[:3]))
assert patches.shape == (3, 16, 32), patches.shape
np.testing.assert_array_equal(ops.broadcast_to(net.cls_token, (3, 1, 32)).asnumpy(),
                              ops.tile(net.cls_token, (3, 1, 1)).asnumpy())
# patch embedding = one dense map of each flattened 4x4 patch
w = net.patch_embed.conv.weight.asnumpy().reshape(32, -1)
b = net.patch_embed.conv.bias.asnumpy()
p0 = eval_x[:3, :, 4:8, 8:12].reshape(3, -1)  # patch row 1, column 2 -> token 1 * 4 + 2
np.testing.assert_allclose(patches.asnumpy()[:, 6], p0 @ w.T + b, rtol=1e-4, atol=1e-5)
# TruncatedNormal's bounds a, b are absolute (default +-2.0, so sigma=0.02 is barely cut);
# cut at +-2 sigma the standard deviation shrinks to 0.88 sigma
fresh = initializer(TruncatedNormal(0.02, a=-0.04, b=0.04), (8000,), mstype.float32)
fresh = fresh.init_data().asnumpy()
assert np.abs(fresh).max() <= 0.04 and abs(fresh.std() - 0.88 * 0.02) < 0.001, fresh.std()
assert abs(initial["pos_embedding"].std() - 0.02) < 0.003, initial["pos_embedding"].std()
# the schedules are per-epoch steps: warm-up lr_max * min(epoch, warmup) / warmup, cosine
# lr_min + (lr_max - lr_min) * (1 + cos(pi * min(epoch, decay) / decay)) / 2
epoch = np.arange(total_steps) // steps_per_epoch
np.testing.assert_allclose(warmup, lr_max * np.minimum(epoch, warmup_epochs) / warmup_epochs,
                           rtol=1e-12)
decay_epochs = epochs - warmup_epochs
want_cos = lr_min + (lr_max - lr_min) * (
    1 + np.cos(np.pi * np.minimum(epoch, decay_epochs) / decay_epochs)) / 2
np.testing.assert_allclose(cosine, want_cos, rtol=1e-12)

ckpt = os.path.join(tempfile.mkdtemp(), "vit_ema.ckpt")
ms.save_checkpoint(ema_net, ckpt)
net2 = ViT(num_classes=num_classes)
not_loaded, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert not_loaded == [], not_loaded
ema_net.set_train(False)
net2.set_train(False)
np.testing.assert_allclose(net2(Tensor(eval_x[:8])).asnumpy(), ema_net(Tensor(eval_x[:8])).asnumpy(),
                           rtol=1e-5, atol=1e-6)
print("OK")
