"""Mini GPT language model as in mindformers-style code, scaled down: token + position
nn.Embedding, hand-written causal self-attention with an additive -1e4 mask built from
ops.triu/ops.ones (and ops.masked_fill checked against it), nn.MultiheadAttention with the same
causal mask, nn.GELU(approximate=False), pre-norm nn.LayerNorm blocks, output weights tied to
the token embedding (ops.matmul(x, embedding_table.T)), nn.AdamWeightDecay on a warm-up +
nn.CosineDecayLR schedule, gradient accumulation over 2 micro-batches (ParameterTuple clones,
ops.assign_add, then the optimizer, then ops.assign zeros) and greedy generation outside the graph.
Usage: python -m mindcell.run mini_gpt.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
from mindspore import nn, ops, Tensor, ParameterTuple
from mindspore.nn.learning_rate_schedule import LearningRateSchedule, WarmUpLR, CosineDecayLR

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(7)


class CausalSelfAttention(nn.Cell):
    def __init__(self, hidden, heads, seq_len):
        super(CausalSelfAttention, self).__init__()
        self.heads = heads
        self.head_dim = hidden // heads
        self.qkv = nn.Dense(hidden, 3 * hidden)
        self.proj = nn.Dense(hidden, hidden)
        self.softmax = nn.Softmax(axis=-1)
        self.scale = Tensor(1.0 / np.sqrt(self.head_dim), mstype.float32)
        # 1 above the diagonal: positions a token must not see
        future = ops.triu(ops.ones((seq_len, seq_len), mstype.float32), diagonal=1)
        self.mask_add = future * -10000.0
        self.batch_matmul_qk = ops.BatchMatMul(transpose_b=True)
        self.batch_matmul = ops.BatchMatMul()

    def construct(self, x):
        b, t, c = x.shape
        qkv = self.qkv(x).reshape(b, t, 3, self.heads, self.head_dim)
        qkv = ops.transpose(qkv, (2, 0, 3, 1, 4))
        q, k, v = qkv[0], qkv[1], qkv[2]
        scores = self.batch_matmul_qk(q, k) * self.scale
        scores = scores + self.mask_add[:t, :t]
        probs = self.softmax(scores)
        out = self.batch_matmul(probs, v)
        out = ops.transpose(out, (0, 2, 1, 3)).reshape(b, t, c)
        return self.proj(out)


class Block(nn.Cell):
    def __init__(self, hidden, heads, seq_len):
        super(Block, self).__init__()
        self.ln1 = nn.LayerNorm((hidden,), epsilon=1e-5)
        self.attn = CausalSelfAttention(hidden, heads, seq_len)
        self.ln2 = nn.LayerNorm((hidden,), epsilon=1e-5)
        self.mlp = nn.SequentialCell([nn.Dense(hidden, 4 * hidden), nn.GELU(approximate=False),
                                      nn.Dense(4 * hidden, hidden)])

    def construct(self, x):
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return x


class GPT(nn.Cell):
    def __init__(self, vocab, hidden, heads, layers, seq_len):
        super(GPT, self).__init__()
        self.embedding = nn.Embedding(vocab, hidden, embedding_table="normal")
        self.position = nn.Embedding(seq_len, hidden, embedding_table="normal")
        self.blocks = nn.CellList([Block(hidden, heads, seq_len) for _ in range(layers)])
        self.ln_f = nn.LayerNorm((hidden,), epsilon=1e-5)
        self.pos_ids = Tensor(np.arange(seq_len)[None, :], mstype.int32)

    def construct(self, ids):
        t = ids.shape[1]
        x = self.embedding(ids) + self.position(self.pos_ids[:, :t])
        for block in self.blocks:
            x = block(x)
        x = self.ln_f(x)
        # weight tying: logits use the token embedding table
        return ops.matmul(x, self.embedding.embedding_table.T)


class GPTWithLoss(nn.Cell):
    def __init__(self, gpt, vocab):
        super(GPTWithLoss, self).__init__(auto_prefix=False)
        self.gpt = gpt
        self.vocab = vocab
        self.loss = nn.CrossEntropyLoss()

    def construct(self, ids):
        logits = self.gpt(ids[:, :-1])
        labels = ids[:, 1:]
        return self.loss(logits.reshape(-1, self.vocab), labels.reshape(-1))


class WarmUpCosine(LearningRateSchedule):
    def __init__(self, lr, warmup_steps, total_steps):
        super(WarmUpCosine, self).__init__()
        self.warmup_steps = warmup_steps
        self.warmup = WarmUpLR(lr, warmup_steps)
        self.cosine = CosineDecayLR(lr * 0.1, lr, total_steps - warmup_steps)
        self.greater = ops.Greater()
        self.cast = ops.Cast()

    def construct(self, global_step):
        is_warmup = self.cast(self.greater(self.warmup_steps, global_step), mstype.float32)
        warmup_lr = self.warmup(ops.minimum(global_step, self.warmup_steps))
        decay_lr = self.cosine(ops.maximum(global_step - self.warmup_steps, 0))
        return is_warmup * warmup_lr + (1.0 - is_warmup) * decay_lr


_accu = ops.MultitypeFuncGraph("accu")


@_accu.register("Tensor", "Tensor")
def _accu_grad(accu, grad):
    return ops.assign_add(accu, grad)


_scale = ops.MultitypeFuncGraph("scale")


@_scale.register("Number", "Tensor")
def _scale_grad(degree, grad):
    return grad * degree


_zero = ops.MultitypeFuncGraph("zero")


@_zero.register("Tensor")
def _zero_grad(accu):
    success = True
    return ops.depend(success, ops.assign(accu, ops.zeros_like(accu)))


class AccumulateStep(nn.Cell):
    """Adds one micro-batch's gradients into accu_grads; returns the loss."""

    def __init__(self, network, optimizer):
        super(AccumulateStep, self).__init__(auto_prefix=False)
        self.network = network
        self.weights = optimizer.parameters
        self.accu_grads = self.weights.clone(prefix="accu_grads", init="zeros")
        self.grad = ops.GradOperation(get_by_list=True)
        self.hyper_map = ops.HyperMap()

    def construct(self, ids):
        loss = self.network(ids)
        grads = self.grad(self.network, self.weights)(ids)
        return ops.depend(loss, self.hyper_map(_accu, self.accu_grads, grads))


class ApplyStep(nn.Cell):
    """Averages the accumulated gradients, runs the optimizer and zeroes them."""

    def __init__(self, accu_grads, optimizer, accumulation_steps):
        super(ApplyStep, self).__init__(auto_prefix=False)
        self.accu_grads = accu_grads
        self.optimizer = optimizer
        self.degree = 1.0 / accumulation_steps

        self.hyper_map = ops.HyperMap()

    def construct(self):
        grads = self.hyper_map(ops.partial(_scale, self.degree), self.accu_grads)
        success = self.optimizer(grads)
        return ops.depend(success, self.hyper_map(_zero, self.accu_grads))


def make_corpus(n, seq_len, vocab, seed):
    """each sequence counts up by a fixed step modulo vocab: next token = prev + step."""
    rng = np.random.default_rng(seed)
    start = rng.integers(0, vocab, size=(n, 1))
    step = rng.integers(1, 3, size=(n, 1))
    return ((start + step * np.arange(seq_len)[None, :]) % vocab).astype(np.int32)


vocab, hidden, heads, layers, seq_len = 16, 32, 4, 2, 12
micro_batch, accumulation_steps, steps = 16, 2, 60
data = make_corpus(micro_batch * accumulation_steps * steps, seq_len, vocab, 0)

gpt = GPT(vocab, hidden, heads, layers, seq_len)
net_with_loss = GPTWithLoss(gpt, vocab)
decay = [p for p in gpt.trainable_params() if "ln" not in p.name and "bias" not in p.name]
no_decay = [p for p in gpt.trainable_params() if "ln" in p.name or "bias" in p.name]
assert len(decay) + len(no_decay) == len(gpt.trainable_params())
lr = WarmUpCosine(3e-3, 10, steps)
opt = nn.AdamWeightDecay([{"params": decay, "weight_decay": 0.01}, {"params": no_decay},
                          {"order_params": gpt.trainable_params()}], learning_rate=lr, eps=1e-8)
accumulate = AccumulateStep(net_with_loss, opt)
apply = ApplyStep(accumulate.accu_grads, opt, accumulation_steps)
assert isinstance(accumulate.accu_grads, ParameterTuple)
assert all(a.name.startswith("accu_grads.") for a in accumulate.accu_grads)

losses = []
tied = gpt.embedding.embedding_table
for i in range(steps):
    step_loss = 0.0
    for m in range(accumulation_steps):
        lo = (i * accumulation_steps + m) * micro_batch
        step_loss += float(accumulate(Tensor(data[lo:lo + micro_batch])).asnumpy())
    if i == 0:
        # the accumulator holds the sum of both micro-batch gradients
        full = ops.GradOperation(get_by_list=True)(net_with_loss, opt.parameters)
        g0 = full(Tensor(data[:micro_batch]))
        g1 = full(Tensor(data[micro_batch:2 * micro_batch]))
        for a, x, y in zip(accumulate.accu_grads, g0, g1):
            np.testing.assert_allclose(a.asnumpy(), x.asnumpy() + y.asnumpy(), rtol=1e-4,
                                       atol=1e-6)
    apply()
    losses.append(step_loss / accumulation_steps)
    assert all(not a.asnumpy().any() for a in accumulate.accu_grads), "accumulator not zeroed"

print("LOSSES", " ".join("%.6f" % v for v in losses))
assert np.mean(losses[-5:]) < 0.3 * np.mean(losses[:5]), losses
assert int(opt.global_step.asnumpy().reshape(-1)[0]) == steps
# weight tying: one table, the same Parameter object the logits use
assert sum(1 for p in gpt.trainable_params() if p is tied) == 1
# the schedule: linear warm-up, then cosine from lr down to lr * 0.1
for s, want in ((0, 0.0), (5, 1.5e-3), (10, 3e-3), (60, 3e-4)):
    np.testing.assert_allclose(float(lr(Tensor(s, mstype.int32)).asnumpy()), want, rtol=1e-5,
                               atol=1e-9)

# causality: changing a later token leaves earlier logits unchanged
gpt.set_train(False)
probe = data[:4].copy()
logits = gpt(Tensor(probe)).asnumpy()
probe[:, 8:] = (probe[:, 8:] + 5) % vocab
logits2 = gpt(Tensor(probe)).asnumpy()
np.testing.assert_allclose(logits2[:, :8], logits[:, :8], rtol=1e-5, atol=1e-5)
assert np.abs(logits2[:, 8:] - logits[:, 8:]).max() > 1e-3

# masked_fill with -1e4 gives the same scores as the additive mask
scores = Tensor(np.random.default_rng(1).normal(size=(2, heads, seq_len, seq_len)), mstype.float32)
future = ops.triu(ops.ones((seq_len, seq_len), mstype.float32), diagonal=1)
filled = ops.masked_fill(scores, future.astype(mstype.bool_), Tensor(-10000.0, mstype.float32))
np.testing.assert_allclose(nn.Softmax()(filled).asnumpy(),
                           nn.Softmax()(scores + future * -10000.0).asnumpy(), rtol=1e-6, atol=1e-7)

# nn.MultiheadAttention with a boolean causal attn_mask: no weight on future positions
mha = nn.MultiheadAttention(hidden, heads, batch_first=True)
mha.set_train(False)
x = Tensor(np.random.default_rng(2).normal(size=(2, seq_len, hidden)), mstype.float32)
out, weights = mha(x, x, x, attn_mask=future.astype(mstype.bool_))
assert out.shape == (2, seq_len, hidden) and weights.shape == (2, seq_len, seq_len)
w = weights.asnumpy()
assert np.abs(np.triu(w, 1)).max() == 0.0
np.testing.assert_allclose(w.sum(-1), 1.0, rtol=1e-5)
np.testing.assert_allclose(w[:, 0, 0], 1.0, rtol=1e-6)

# greedy generation outside the graph continues the counting pattern; the input is padded to
# seq_len (one compiled shape) and the causal mask makes the padding invisible
prompt = np.array([[3, 5, 7, 9], [10, 11, 12, 13]], np.int32)
ids = np.zeros((2, seq_len), np.int32)
ids[:, :4] = prompt
for cur in range(4, seq_len):
    ids[:, cur] = gpt(Tensor(ids))[:, cur - 1, :].argmax(-1).asnumpy()
want = np.stack([(3 + 2 * np.arange(seq_len)) % vocab, (10 + np.arange(seq_len)) % vocab])
print("generated", ids.tolist())
assert (ids == want).mean() > 0.9, ids

ckpt = os.path.join(tempfile.mkdtemp(), "gpt.ckpt")
ms.save_checkpoint(gpt, ckpt)
gpt2 = GPT(vocab, hidden, heads, layers, seq_len)
param_not_load, _ = ms.load_param_into_net(gpt2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
gpt2.set_train(False)
np.testing.assert_allclose(gpt2(Tensor(data[:4])).asnumpy(), gpt(Tensor(data[:4])).asnumpy(),
                           rtol=1e-5, atol=1e-5)
print("OK")
