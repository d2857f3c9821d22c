"""LSTM sentiment classifier as in the RNN tutorial: nn.Embedding(embedding_table=Tensor),
bidirectional nn.LSTM, ops.Concat, nn.BCEWithLogitsLoss, nn.Adam, GeneratorDataset with column
names, Model.train(dataset_sink_mode=False), a custom accuracy via Model.eval.
Usage: python -m mindcell.run lstm_sentiment.py {graph|pynative}"""
import sys

import numpy as np
import mindspore as ms
import mindspore.dataset as ds
import mindspore.nn as nn
import mindspore.ops as ops
from mindspore import Tensor
from mindspore.train import Model, LossMonitor
from mindspore.train.callback import Callback
from mindspore.train.metrics import Metric

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE)
ms.set_seed(5)

VOCAB, EMB, HIDDEN, SEQ = 20, 16, 16, 10


class RNN(nn.Cell):
    def __init__(self, embeddings, hidden_dim, output_dim, n_layers, bidirectional, pad_idx):
        super().__init__()
        vocab_size, embedding_dim = embeddings.shape
        self.embedding = nn.Embedding(vocab_size, embedding_dim,
                                      embedding_table=ms.Tensor(embeddings), padding_idx=pad_idx)
        self.rnn = nn.LSTM(embedding_dim, hidden_dim, num_layers=n_layers,
                           bidirectional=bidirectional, batch_first=True)
        self.fc = nn.Dense(hidden_dim * 2, output_dim, weight_init="normal", bias_init="zeros")
        self.concat = ops.Concat(axis=1)

    def construct(self, inputs):
        embedded = self.embedding(inputs)
        _, (hidden, _) = self.rnn(embedded)
        hidden = self.concat((hidden[-2, :, :], hidden[-1, :, :]))
        output = self.fc(hidden)
        return output


class BinaryAccuracy(Metric):
    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self.correct, self.total = 0, 0

    def update(self, *inputs):
        logits, label = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        pred = (1 / (1 + np.exp(-logits)) > 0.5).astype(np.float32)
        self.correct += (pred == label).sum()
        self.total += label.shape[0]

    def eval(self):
        return self.correct / self.total


class RecordLoss(Callback):
    def __init__(self):
        super().__init__()
        self.losses = []

    def on_train_step_end(self, run_context):
        self.losses.append(float(run_context.original_args().net_outputs.asnumpy()))


def make_data(n, seed):
    """positive when 'good' tokens (2..5) outnumber 'bad' ones (6..9); 0 pads the tail."""
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        length = rng.integers(5, SEQ + 1)
        ids = np.zeros(SEQ, np.int32)
        ids[:length] = rng.integers(2, 10, size=length)
        good, bad = ((ids >= 2) & (ids <= 5)).sum(), ((ids >= 6) & (ids <= 9)).sum()
        if good == bad:
            ids[0] = 2
            good += 1
        rows.append((ids, np.array([float(good > bad)], np.float32)))
    return rows


class Source:
    def __init__(self, rows):
        self.rows = rows

    def __getitem__(self, index):
        return self.rows[index]

    def __len__(self):
        return len(self.rows)


train = ds.GeneratorDataset(Source(make_data(256, 0)), column_names=["text", "label"],
                            shuffle=False).batch(32, drop_remainder=True)
test = ds.GeneratorDataset(Source(make_data(96, 1)), column_names=["text", "label"],
                           shuffle=False).batch(32)
embeddings = np.random.default_rng(2).normal(0, 0.5, size=(VOCAB, EMB)).astype(np.float32)
net = RNN(embeddings, HIDDEN, 1, 1, True, 0)
# padding_idx zeroes that row of the initial table (MindSpore does not mask its gradient)
np.testing.assert_array_equal(net.embedding.embedding_table.asnumpy()[0], np.zeros(EMB))
np.testing.assert_array_equal(net.embedding.embedding_table.asnumpy()[1:], embeddings[1:])
loss_fn = nn.BCEWithLogitsLoss(reduction='mean')
optimizer = nn.Adam(net.trainable_params(), learning_rate=0.01)
model = Model(net, loss_fn, optimizer, metrics={"acc": BinaryAccuracy(), "loss": nn.Loss()})
record = RecordLoss()
model.train(6, train, callbacks=[LossMonitor(8), record], dataset_sink_mode=False)
print("LOSSES", " ".join("%.6f" % v for v in record.losses))
assert np.mean(record.losses[-8:]) < 0.6 * np.mean(record.losses[:8]), record.losses
res = model.eval(test, dataset_sink_mode=False)
print("eval", res)
assert res["acc"] > 0.75, res
score = model.predict(Tensor(make_data(4, 3)[0][0][None]))
assert score.shape == (1, 1)
print("OK")
