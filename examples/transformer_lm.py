"""A small character-level transformer language model: token embedding + learned positional
embedding, pre-norm nn.TransformerEncoderLayer blocks with a causal (boolean) attention mask,
then nn.Dense to the vocabulary. Trained with nn.Adam on a short text written below, in
GRAPH_MODE by default; prints the loss as it falls and a greedy continuation of a prompt.
Run: python examples/transformer_lm.py --steps 300"""
import argparse
import math

import numpy as np

import mindcell as ms
from mindcell import nn, ops

TEXT = (
    "the cat sat on the mat. the dog sat on the log. "
    "the cat saw the dog and the dog saw the cat. "
    "a bird sang in the tree and the cat ran up the tree. "
    "the dog sat by the tree and the bird flew away. "
)


class Vocab:
    def __init__(self, text):
        self.chars = sorted(set(text))
        self.index = {c: i for i, c in enumerate(self.chars)}

    def __len__(self):
        return len(self.chars)

    def encode(self, text):
        return np.array([self.index[c] for c in text], np.int32)

    def decode(self, ids):
        return "".join(self.chars[int(i)] for i in ids)


class CharTransformer(nn.Cell):
    """(batch, seq) token ids -> (batch, seq, vocab) next-token logits; position t only sees
    positions <= t."""

    def __init__(self, vocab_size, seq_len, d_model=64, nhead=4, num_layers=2):
        super().__init__()
        self.tok = nn.Embedding(vocab_size, d_model, embedding_table="normal")
        self.pos = nn.Embedding(seq_len, d_model, embedding_table="normal")
        self.positions = ms.Tensor(np.arange(seq_len, dtype=np.int32))
        # True above the diagonal: position t may not attend to positions after t
        self.causal_mask = ms.Tensor(np.triu(np.ones((seq_len, seq_len), np.bool_), k=1))
        self.blocks = nn.CellList([
            nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=4 * d_model, dropout=0.0,
                                       activation="gelu", batch_first=True, norm_first=True)
            for _ in range(num_layers)])
        self.norm = nn.LayerNorm((d_model,))
        self.head = nn.Dense(d_model, vocab_size)

    def construct(self, ids):
        seq = ids.shape[1]
        x = self.tok(ids) + self.pos(self.positions[:seq])
        mask = self.causal_mask[:seq, :seq]
        for block in self.blocks:
            x = block(x, src_mask=mask)
        return self.head(self.norm(x))


class NextTokenLoss(nn.Cell):
    """Mean cross-entropy of (batch, seq, vocab) logits against (batch, seq) targets."""

    def __init__(self):
        super().__init__()
        self.ce = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    def construct(self, logits, targets):
        vocab = logits.shape[-1]
        return self.ce(ops.reshape(logits, (-1, vocab)), ops.reshape(targets, (-1,)))


def batches(data, seq_len, batch, rng):
    """Random windows of the (cyclic) text: inputs and the same windows shifted by one."""
    starts = rng.integers(0, len(data), batch)
    idx = (starts[:, None] + np.arange(seq_len + 1)) % len(data)
    w = data[idx]
    return w[:, :-1], w[:, 1:]


def generate(net, vocab, prompt, n_chars, seq_len):
    """Greedy decoding with a fixed window of the last seq_len characters (one input shape,
    so GRAPH_MODE compiles once)."""
    ids = list(vocab.encode(prompt))
    for _ in range(n_chars):
        window = np.array(ids[-seq_len:], np.int32)[None]
        logits = net(ms.Tensor(window)).asnumpy()
        ids.append(int(logits[0, window.shape[1] - 1].argmax()))
    return vocab.decode(ids[len(prompt):])


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--seq-len", type=int, default=32)
    parser.add_argument("--d-model", type=int, default=64)
    parser.add_argument("--layers", type=int, default=2)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--generate", type=int, default=60)
    parser.add_argument("--pynative", action="store_true", help="run eagerly instead of GRAPH_MODE")
    args = parser.parse_args(argv)
    ms.set_context(mode=ms.PYNATIVE_MODE if args.pynative else ms.GRAPH_MODE)
    ms.set_seed(0)
    rng = np.random.default_rng(0)
    vocab = Vocab(TEXT)
    data = vocab.encode(TEXT)
    net = CharTransformer(len(vocab), args.seq_len, args.d_model, nhead=4,
                          num_layers=args.layers)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, NextTokenLoss()),
                               nn.Adam(net.trainable_params(), learning_rate=args.lr))
    step.set_train()
    print("vocabulary %d characters, log(vocab) = %.3f" % (len(vocab), math.log(len(vocab))))
    losses = []
    for i in range(args.steps):
        x, y = batches(data, args.seq_len, args.batch, rng)
        losses.append(float(step(ms.Tensor(x), ms.Tensor(y)).asnumpy()))
        if i % max(args.steps // 10, 1) == 0 or i == args.steps - 1:
            print("step %4d loss %.4f" % (i, losses[-1]))
    net.set_train(False)
    prompt = TEXT[:args.seq_len]
    sample = generate(net, vocab, prompt, args.generate, args.seq_len)
    print("prompt:     %r" % prompt)
    print("greedy:     %r" % sample)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return {"losses": losses, "vocab_size": len(vocab), "prompt": prompt, "sample": sample,
            "text": TEXT}


if __name__ == "__main__":
    main()
