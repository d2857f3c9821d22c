"""GRU seq2seq with dot-product attention as in the model-zoo translation models, learning to
reverse a token sequence: nn.Embedding + nn.GRU(batch_first=True) encoder, a decoder that runs
nn.GRU one step at a time in a Python for loop over a fixed length with teacher forcing,
attention by ops.BatchMatMul + ops.Softmax(axis=-1), ops.Tile for the start token, ops.Squeeze,
a TrainOneStep Cell with ops.GradOperation and ops.clip_by_global_norm / nn.ClipByNorm, greedy
decoding for accuracy, checkpoint round trip.
Usage: python -m mindcell.run gru_seq2seq.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
from mindspore import nn, ops, Tensor, ParameterTuple

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE)
ms.set_seed(13)

VOCAB, SOS, SEQ_LEN, EMB, HID, BATCH = 12, 1, 6, 16, 32, 32


class Encoder(nn.Cell):
    def __init__(self):
        super(Encoder, self).__init__()
        self.embedding = nn.Embedding(VOCAB, EMB)
        self.gru = nn.GRU(EMB, HID, batch_first=True)

    def construct(self, src):
        output, hidden = self.gru(self.embedding(src))
        return output, hidden


class AttnDecoder(nn.Cell):
    def __init__(self):
        super(AttnDecoder, self).__init__()
        self.embedding = nn.Embedding(VOCAB, EMB)
        self.gru = nn.GRU(EMB + HID, HID, batch_first=True)
        self.bmm_t = ops.BatchMatMul(transpose_b=True)
        self.bmm = ops.BatchMatMul()
        self.softmax = ops.Softmax(axis=-1)
        self.concat = ops.Concat(axis=-1)
        self.squeeze = ops.Squeeze(1)
        self.out = nn.Dense(2 * HID, VOCAB)

    def construct(self, token, hidden, enc_out):
        emb = self.embedding(token)                                  # (B, 1, EMB)
        query = hidden.transpose(1, 0, 2)                            # (B, 1, HID)
        attn = self.softmax(self.bmm_t(query, enc_out))              # (B, 1, T)
        context = self.bmm(attn, enc_out)                            # (B, 1, HID)
        output, hidden = self.gru(self.concat((emb, context)), hidden)
        logits = self.out(self.squeeze(self.concat((output, context))))
        return logits, hidden, self.squeeze(attn)


class Seq2Seq(nn.Cell):
    def __init__(self):
        super(Seq2Seq, self).__init__()
        self.encoder = Encoder()
        self.decoder = AttnDecoder()
        self.tile = ops.Tile()
        self.sos = Tensor(np.array([[SOS]], np.int32))
        self.stack = ops.Stack(axis=1)

    def construct(self, src, tgt):
        """teacher forcing: the decoder reads the target shifted right by one."""
        enc_out, hidden = self.encoder(src)
        token = self.tile(self.sos, (src.shape[0], 1))
        logits = []
        for t in range(SEQ_LEN):
            step_logits, hidden, _ = self.decoder(token, hidden, enc_out)
            logits.append(step_logits)
            token = tgt[:, t:t + 1]
        return self.stack(logits)                                    # (B, T, VOCAB)

    def greedy(self, src):
        enc_out, hidden = self.encoder(src)
        token = self.tile(self.sos, (src.shape[0], 1))
        preds, attns = [], []
        for _ in range(SEQ_LEN):
            step_logits, hidden, attn = self.decoder(token, hidden, enc_out)
            token = step_logits.argmax(axis=-1).astype(mstype.int32).expand_dims(1)
            preds.append(token)
            attns.append(attn)
        return ops.concat(preds, axis=1), self.stack(attns)


class WithLoss(nn.Cell):
    def __init__(self, net):
        super(WithLoss, self).__init__(auto_prefix=False)
        self.net = net
        self.ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')

    def construct(self, src, tgt):
        logits = self.net(src, tgt)
        return self.ce(logits.view(-1, VOCAB), tgt.view(-1))


class TrainOneStepWithClip(nn.Cell):
    def __init__(self, network, optimizer, clip_norm=1.0):
        super(TrainOneStepWithClip, self).__init__(auto_prefix=False)
        self.network = network
        self.weights = ParameterTuple(network.trainable_params())
        self.optimizer = optimizer
        self.grad = ops.GradOperation(get_by_list=True)
        self.clip_norm = clip_norm

    def construct(self, src, tgt):
        loss = self.network(src, tgt)
        grads = self.grad(self.network, self.weights)(src, tgt)
        grads = ops.clip_by_global_norm(grads, self.clip_norm)
        return ops.depend(loss, self.optimizer(grads))


def batch(rng, n):
    src = rng.integers(2, VOCAB, size=(n, SEQ_LEN)).astype(np.int32)
    return src, src[:, ::-1].copy()


rng = np.random.default_rng(0)
net = Seq2Seq()
opt = nn.Adam(net.trainable_params(), learning_rate=0.01)
train = TrainOneStepWithClip(WithLoss(net), opt, clip_norm=1.0)
train.set_train()
losses = []
for step in range(120):
    src, tgt = batch(rng, BATCH)
    losses.append(float(train(Tensor(src), Tensor(tgt)).asnumpy()))
    if step % 30 == 0:
        print("step %d loss %.4f" % (step, losses[-1]))
print("LOSSES", " ".join("%.6f" % v for v in losses))
assert abs(losses[0] - np.log(VOCAB)) < 0.15, losses[0]
assert np.mean(losses[-10:]) < 0.4 * np.mean(losses[:10]), losses

net.set_train(False)
src, tgt = batch(rng, 128)
pred, attn = net.greedy(Tensor(src))
token_acc = float((pred.asnumpy() == tgt).mean())
print("greedy token accuracy", token_acc)
assert pred.shape == (128, SEQ_LEN) and attn.shape == (128, SEQ_LEN, SEQ_LEN)
assert token_acc > 0.6, token_acc  # chance is 1/10
np.testing.assert_allclose(attn.sum(axis=-1).asnumpy(), np.ones((128, SEQ_LEN)), rtol=1e-5)
# the decoder learned to look at the mirrored source position (or, depending on the initial
# weights, the one next to it: the alignment is learned either way), moving back step by step
focus = attn.asnumpy().mean(axis=0).argmax(axis=-1)
print("attention focus", focus)
assert np.abs(focus - np.arange(SEQ_LEN)[::-1]).max() <= 1, focus
assert np.all(np.diff(focus) <= 0) and focus[0] > focus[-1], focus

# clipping: the global norm after ops.clip_by_global_norm is the clip value; nn.ClipByNorm
# clips one tensor the same way
g = (Tensor(np.full((3, 4), 2.0, np.float32)), Tensor(np.full((5,), -3.0, np.float32)))
clipped = ops.clip_by_global_norm(g, 0.5)
norm = np.sqrt(sum(float((c.asnumpy() ** 2).sum()) for c in clipped))
np.testing.assert_allclose(norm, 0.5, rtol=1e-5)
one = nn.ClipByNorm()(g[0], Tensor(np.array([0.5], np.float32)))
np.testing.assert_allclose(one.asnumpy(), g[0].asnumpy() * 0.5 / np.sqrt(48.0), rtol=1e-5)

ckpt = os.path.join(tempfile.mkdtemp(), "seq2seq.ckpt")
ms.save_checkpoint(net, ckpt)
net2 = Seq2Seq()
param_not_load, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
net2.set_train(False)
np.testing.assert_array_equal(net2.greedy(Tensor(src[:16]))[0].asnumpy(), pred.asnumpy()[:16])
print("OK")
