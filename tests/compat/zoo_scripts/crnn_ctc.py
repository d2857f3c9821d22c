"""CRNN-style text-line recognizer trained with CTC, as in the model-zoo OCR scripts: a conv
feature extractor whose height is folded into the features, frames as the time axis (ops.Transpose),
a bidirectional nn.LSTM, nn.Dense to classes, ops.LogSoftmax, nn.CTCLoss with per-sample
input/target lengths, nn.WithLossCell + nn.TrainOneStepCell, greedy CTC decoding (merge
repeats, drop blanks) for sequence accuracy, checkpoint round trip.
Usage: python -m mindcell.run crnn_ctc.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
from mindspore import nn, ops, Tensor

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE)
ms.set_seed(17)

NUM_CLASS, BLANK, H, W, MAX_LABEL, BATCH = 5, 0, 8, 24, 3, 32  # labels 1..4, 0 is the blank
GLYPHS = np.array([[0, 0, 0, 0, 0, 0, 0, 0],        # (unused: the blank)
                   [1, 1, 1, 1, 0, 0, 0, 0],        # top half
                   [0, 0, 0, 0, 1, 1, 1, 1],        # bottom half
                   [1, 0, 1, 0, 1, 0, 1, 0],        # stripes
                   [1, 1, 0, 0, 0, 0, 1, 1]], np.float32)  # both ends


def make_batch(rng, n):
    """text lines of 1..3 glyphs, each 3 columns wide with random gaps; labels padded with 0."""
    images = rng.normal(0, 0.1, size=(n, 1, H, W)).astype(np.float32)
    labels = np.zeros((n, MAX_LABEL), np.int32)
    lengths = rng.integers(1, MAX_LABEL + 1, size=n).astype(np.int32)
    for i in range(n):
        col = rng.integers(0, 3)
        for j in range(lengths[i]):
            k = rng.integers(1, NUM_CLASS)
            labels[i, j] = k
            images[i, 0, :, col:col + 3] += GLYPHS[k][:, None]
            col += 3 + rng.integers(1, 4)
    return images, labels, lengths


class CRNN(nn.Cell):
    def __init__(self, hidden=32):
        super(CRNN, self).__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, pad_mode='same', has_bias=True)
        self.conv2 = nn.Conv2d(16, 32, (3, 1), pad_mode='same', has_bias=True)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=(2, 1), stride=(2, 1))
        self.reshape = ops.Reshape()
        self.transpose = ops.Transpose()
        self.rnn = nn.LSTM(32 * H // 2, hidden, bidirectional=True)
        self.fc = nn.Dense(2 * hidden, NUM_CLASS)
        self.log_softmax = ops.LogSoftmax(axis=-1)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))            # (B, 16, H/2, W)
        x = self.relu(self.conv2(x))                        # (B, 32, H/2, W)
        b, c, h, w = x.shape
        x = self.reshape(x, (b, c * h, w))                  # (B, 32 * H/2, W)
        x = self.transpose(x, (2, 0, 1))                    # (W, B, 32 * H/2): time major
        x, _ = self.rnn(x)
        return self.log_softmax(self.fc(x))                 # (T, B, NUM_CLASS)


class CTCWithLengths(nn.Cell):
    def __init__(self, network):
        super(CTCWithLengths, self).__init__(auto_prefix=False)
        self.network = network
        self.ctc = nn.CTCLoss(blank=BLANK, reduction='mean', zero_infinity=True)
        self.fill = ops.Fill()

    def construct(self, images, labels, label_lengths):
        log_probs = self.network(images)
        input_lengths = self.fill(ms.int32, (images.shape[0],), log_probs.shape[0])
        return self.ctc(log_probs, labels, input_lengths, label_lengths)


def greedy_decode(log_probs):
    best = log_probs.argmax(axis=-1).asnumpy().T          # (B, T)
    out = []
    for row in best:
        merged = [c for i, c in enumerate(row) if i == 0 or c != row[i - 1]]
        out.append([int(c) for c in merged if c != BLANK])
    return out


rng = np.random.default_rng(0)
net = CRNN()
train_net = nn.TrainOneStepCell(CTCWithLengths(net), nn.Adam(net.trainable_params(), 0.01))
train_net.set_train()
losses = []
for step in range(250):
    images, labels, lengths = make_batch(rng, BATCH)
    losses.append(float(train_net(Tensor(images), Tensor(labels), Tensor(lengths)).asnumpy()))
    if step % 50 == 0:
        print("step %d ctc loss %.4f" % (step, losses[-1]))
print("LOSSES", " ".join("%.6f" % v for v in losses))
assert np.isfinite(losses).all()
assert np.mean(losses[-10:]) < 0.25 * np.mean(losses[:10]), losses

net.set_train(False)
images, labels, lengths = make_batch(rng, 128)
log_probs = net(Tensor(images))
assert log_probs.shape == (W, 128, NUM_CLASS)
decoded = greedy_decode(log_probs)
truth = [list(labels[i, :lengths[i]]) for i in range(128)]
seq_acc = np.mean([d == t for d, t in zip(decoded, truth)])
print("greedy sequence accuracy", seq_acc)
assert seq_acc > 0.7, seq_acc  # chance: well below 1%

ckpt = os.path.join(tempfile.mkdtemp(), "crnn.ckpt")
ms.save_checkpoint(net, ckpt)
net2 = CRNN()
param_not_load, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
net2.set_train(False)
np.testing.assert_allclose(net2(Tensor(images[:8])).asnumpy(), log_probs.asnumpy()[:, :8],
                           rtol=1e-5, atol=1e-6)
print("OK")
