"""An MLP classifier on a generated three-arm spiral (2-D points, 3 classes), trained with
WithLossCell + TrainOneStepCell, first in PYNATIVE_MODE, then in GRAPH_MODE, from the same
initial weights and the same batches; prints the loss and the test accuracy of each mode.
Run: python examples/mlp_classifier.py --steps 400"""
import argparse

import numpy as np

import mindcell as ms
from mindcell import nn

N_CLASSES = 3


def make_spiral(n, rng, noise=0.2):
    """n points on N_CLASSES interleaved spiral arms; a linear model gets about 1/3 right."""
    y = rng.integers(0, N_CLASSES, n)
    r = rng.uniform(0.05, 1.0, n)
    angle = 8.0 * r + y * (2 * np.pi / N_CLASSES) + rng.normal(0, noise, n)
    x = np.stack([r * np.sin(angle), r * np.cos(angle)], axis=1)
    return x.astype(np.float32), y.astype(np.int32)


class MLP(nn.Cell):
    def __init__(self, hidden=64):
        super().__init__()
        self.body = nn.SequentialCell([nn.Dense(2, hidden), nn.ReLU(),
                                       nn.Dense(hidden, hidden), nn.ReLU(),
                                       nn.Dense(hidden, N_CLASSES)])

    def construct(self, x):
        return self.body(x)


def train(mode, steps, batch, hidden, x, y):
    """Trains a fresh MLP (seeded) in ``mode``; returns (net, per-step losses)."""
    ms.set_context(mode=mode)
    ms.set_seed(0)
    net = MLP(hidden)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    step.set_train()
    rng = np.random.default_rng(1)  # the same batches in both modes
    losses = []
    for _ in range(steps):
        idx = rng.integers(0, len(x), batch)
        losses.append(float(step(ms.Tensor(x[idx]), ms.Tensor(y[idx])).asnumpy()))
    net.set_train(False)
    return net, losses


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--hidden", type=int, default=64)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)
    x_train, y_train = make_spiral(2000, rng)
    x_test, y_test = make_spiral(1000, rng)
    results = {}
    for name, mode in (("PYNATIVE", ms.PYNATIVE_MODE), ("GRAPH", ms.GRAPH_MODE)):
        net, losses = train(mode, args.steps, args.batch, args.hidden, x_train, y_train)
        pred = net(ms.Tensor(x_test)).asnumpy().argmax(axis=1)
        acc = float((pred == y_test).mean())
        results[name] = {"losses": losses, "accuracy": acc}
        print("%-8s loss %.4f -> %.4f  test accuracy %.3f (chance %.3f)"
              % (name, losses[0], np.mean(losses[-10:]), acc, 1.0 / N_CLASSES))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return results


if __name__ == "__main__":
    main()
