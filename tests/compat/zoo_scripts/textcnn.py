"""TextCNN sentence classifier as in the model zoos: nn.Embedding, ops.ExpandDims, three
nn.Conv2d with kernel (k, emb_dim) and pad_mode='valid', ReLU + ops.ReduceMax over time,
ops.Concat(1), nn.Dropout(p=0.5), nn.Adam with weight decay on a filtered parameter list,
a LossBase with sparse OneHot cross entropy, Model.train with LossMonitor/TimeMonitor and a
custom callback, Model.eval with Accuracy.
Usage: python -m mindcell.run textcnn.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
import mindspore.dataset as ds
import mindspore.nn as nn
import mindspore.ops as ops
from mindspore import Tensor, Model, LossMonitor, TimeMonitor
from mindspore.nn.loss.loss import LossBase
from mindspore.train.callback import Callback
from mindspore.nn.metrics import Accuracy

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(11)
ds.config.set_seed(11)


def make_conv_layer(kernel_size):
    return nn.Conv2d(in_channels=1, out_channels=16, kernel_size=kernel_size, padding=0,
                     pad_mode="valid", has_bias=True, weight_init="XavierUniform")


class TextCNN(nn.Cell):
    def __init__(self, vocab_len, word_len, num_classes, vec_length, embedding_table='uniform'):
        super(TextCNN, self).__init__()
        self.vec_length = vec_length
        self.word_len = word_len
        self.num_classes = num_classes
        self.unsqueeze = ops.ExpandDims()
        self.embedding = nn.Embedding(vocab_len, self.vec_length, embedding_table=embedding_table)
        self.layer1 = self.make_layer(kernel_height=3)
        self.layer2 = self.make_layer(kernel_height=4)
        self.layer3 = self.make_layer(kernel_height=5)
        self.concat = ops.Concat(1)
        self.fc = nn.Dense(16 * 3, self.num_classes)
        self.drop = nn.Dropout(p=0.5)
        self.reducemax = ops.ReduceMax(keep_dims=False)

    def make_layer(self, kernel_height):
        return nn.SequentialCell([make_conv_layer((kernel_height, self.vec_length)), nn.ReLU()])

    def construct(self, x):
        x = self.unsqueeze(x, 1)
        x = self.embedding(x)
        x1 = self.layer1(x)
        x2 = self.layer2(x)
        x3 = self.layer3(x)
        x1 = self.reducemax(x1, (2, 3))
        x2 = self.reducemax(x2, (2, 3))
        x3 = self.reducemax(x3, (2, 3))
        x = self.concat((x1, x2, x3))
        x = self.drop(x)
        x = self.fc(x)
        return x


class SoftmaxCrossEntropyExpand(LossBase):
    def __init__(self, sparse=False):
        super(SoftmaxCrossEntropyExpand, self).__init__()
        self.exp = ops.Exp()
        self.sum = ops.ReduceSum(keep_dims=True)
        self.onehot = ops.OneHot()
        self.on_value = Tensor(1.0, mstype.float32)
        self.off_value = Tensor(0.0, mstype.float32)
        self.div = ops.RealDiv()
        self.log = ops.Log()
        self.sum_cross_entropy = ops.ReduceSum(keep_dims=False)
        self.mul = ops.Mul()
        self.mul2 = ops.Mul()
        self.mean = ops.ReduceMean(keep_dims=False)
        self.sparse = sparse
        self.max = ops.ReduceMax(keep_dims=True)
        self.sub = ops.Sub()

    def construct(self, logit, label):
        logit_max = self.max(logit, -1)
        exp = self.exp(self.sub(logit, logit_max))
        exp_sum = self.sum(exp, -1)
        softmax_result = self.div(exp, exp_sum)
        if self.sparse:
            label = self.onehot(label, ops.shape(logit)[1], self.on_value, self.off_value)
        softmax_result_log = self.log(softmax_result)
        loss = self.sum_cross_entropy((self.mul(softmax_result_log, label)), -1)
        loss = self.mul2(ops.scalar_to_tensor(-1.0), loss)
        loss = self.mean(loss, -1)
        return loss


class StepLoss(Callback):
    def __init__(self):
        super(StepLoss, self).__init__()
        self.losses = []

    def step_end(self, run_context):
        self.losses.append(float(run_context.original_args().net_outputs.asnumpy()))


def make_sentences(n, word_len, vocab, seed):
    """label 1 iff the sentence holds the 3-gram (7, 8, 9) somewhere; noise words otherwise."""
    rng = np.random.default_rng(seed)
    x = rng.integers(10, vocab, size=(n, word_len)).astype(np.int32)
    y = rng.integers(0, 2, size=n).astype(np.int32)
    for i in np.flatnonzero(y):
        p = rng.integers(0, word_len - 3)
        x[i, p:p + 3] = (7, 8, 9)
    for i in np.flatnonzero(y == 0):  # decoys: the same words, never in order
        p = rng.integers(0, word_len - 3)
        x[i, p:p + 3] = rng.permutation([9, 7, 8]) if rng.random() < 0.5 else (9, 8, 7)
    return x, y


vocab, word_len, emb = 60, 20, 16
train_x, train_y = make_sentences(320, word_len, vocab, 0)
test_x, test_y = make_sentences(160, word_len, vocab, 1)
train_ds = ds.NumpySlicesDataset((train_x, train_y), column_names=["data", "label"], shuffle=True)
train_ds = train_ds.batch(32, drop_remainder=True)
test_ds = ds.NumpySlicesDataset((test_x, test_y), column_names=["data", "label"], shuffle=False)
test_ds = test_ds.batch(32)

net = TextCNN(vocab_len=vocab, word_len=word_len, num_classes=2, vec_length=emb)
opt = nn.Adam(filter(lambda x: x.requires_grad, net.get_parameters()), learning_rate=0.005,
              weight_decay=3e-5)
loss = SoftmaxCrossEntropyExpand(sparse=True)
model = Model(net, loss_fn=loss, optimizer=opt, metrics={'acc': Accuracy()})
before = model.eval(test_ds)
cb = StepLoss()
model.train(6, train_ds, callbacks=[TimeMonitor(), LossMonitor(per_print_times=10), cb],
            dataset_sink_mode=False)
after = model.eval(test_ds)
print("LOSSES", " ".join("%.6f" % v for v in cb.losses))
print("before", before, "after", after)
assert len(cb.losses) == 60
assert np.mean(cb.losses[-10:]) < 0.5 * np.mean(cb.losses[:10]), cb.losses
assert after['acc'] > 0.85, after

# the expanded loss equals nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
net.set_train(False)
logits = net(Tensor(test_x[:32]))
ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
np.testing.assert_allclose(loss(logits, Tensor(test_y[:32])).asnumpy(),
                           ce(logits, Tensor(test_y[:32])).asnumpy(), rtol=1e-5)
# inference ignores dropout: two calls agree
np.testing.assert_array_equal(net(Tensor(test_x[:32])).asnumpy(), logits.asnumpy())

ckpt = os.path.join(tempfile.mkdtemp(), "textcnn.ckpt")
ms.save_checkpoint(net, ckpt)
net2 = TextCNN(vocab_len=vocab, word_len=word_len, num_classes=2, vec_length=emb)
param_not_load, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
net2.set_train(False)
np.testing.assert_allclose(net2(Tensor(test_x[:32])).asnumpy(), logits.asnumpy(), rtol=1e-6)
print("OK")
