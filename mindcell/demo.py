"""The README's main job: train a small classifier on generated data in PYNATIVE_MODE, then in
GRAPH_MODE, print loss, accuracy and time per step for both, then save a checkpoint and load
it back into a fresh network.

Run with ``python -m mindcell.demo`` (``--steps N`` to change the length).
"""
import argparse
import os
import tempfile
import time

import numpy as np

import mindcell as ms
from mindcell import nn, ops

N_CLASSES = 4
N_FEATURES = 16


def make_data(n, seed):
    """Gaussian clusters with a non-linear twist: a task an MLP learns in a few hundred steps."""
    rng = np.random.default_rng(seed)
    centers = rng.standard_normal((N_CLASSES, N_FEATURES)).astype(np.float32) * 2.0
    labels = rng.integers(0, N_CLASSES, n)
    x = centers[labels] + rng.standard_normal((n, N_FEATURES)).astype(np.float32)
    x = np.tanh(x) + 0.1 * x ** 2
    return x.astype(np.float32), labels.astype(np.int32)


class MLP(nn.Cell):
    def __init__(self):
        super().__init__()
        self.body = nn.SequentialCell([nn.Dense(N_FEATURES, 64), nn.ReLU(),
                                       nn.Dense(64, 64), nn.ReLU(), nn.Dense(64, N_CLASSES)])

    def construct(self, x):
        return self.body(x)


def accuracy(net, x, y):
    logits = net(ms.Tensor(x)).asnumpy()
    return float((logits.argmax(axis=1) == y).mean())


def _progress(iterable, total, desc):
    try:
        from tqdm import tqdm
        return tqdm(iterable, total=total, desc=desc, ncols=80, leave=False)
    except ImportError:  # tqdm is optional for the library, present for the demo
        return iterable


def train(name, mode, steps, batch, x, y):
    ms.set_context(mode=mode)
    ms.set_seed(0)
    net = MLP()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    step.set_train()
    rng = np.random.default_rng(1)
    losses, t_first, t0 = [], None, time.perf_counter()
    for i in _progress(range(steps), steps, name):
        idx = rng.integers(0, len(x), batch)
        loss = step(ms.Tensor(x[idx]), ms.Tensor(y[idx]))
        losses.append(float(loss.asnumpy()))
        if i == 0:
            t_first = time.perf_counter() - t0
            t0 = time.perf_counter()
    per_step = (time.perf_counter() - t0) / max(steps - 1, 1)
    net.set_train(False)
    return net, losses, per_step, t_first


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--batch", type=int, default=64)
    args = parser.parse_args(argv)
    x, y = make_data(4096, seed=0)
    x_test, y_test = make_data(1024, seed=0)
    print("mindcell %s: MLP %d-64-64-%d, %d steps of batch %d" % (
        ms.__version__, N_FEATURES, N_CLASSES, args.steps, args.batch))
    results = {}
    for name, mode in (("PYNATIVE_MODE", ms.PYNATIVE_MODE), ("GRAPH_MODE", ms.GRAPH_MODE)):
        net, losses, per_step, first = train(name, mode, args.steps, args.batch, x, y)
        acc = accuracy(net, x_test, y_test)
        results[name] = (net, acc)
        print("%-13s loss %.4f -> %.4f  test accuracy %.3f  %.3f ms/step (first step %.1f ms)"
              % (name, losses[0], np.mean(losses[-20:]), acc, per_step * 1e3, first * 1e3))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net, acc = results["GRAPH_MODE"]
    path = os.path.join(tempfile.mkdtemp(prefix="mindcell_demo_"), "mlp.ckpt")
    ms.save_checkpoint(net, path)
    fresh = MLP()
    not_loaded, _ = ms.load_param_into_net(fresh, ms.load_checkpoint(path))
    reloaded = accuracy(fresh, x_test, y_test)
    print("checkpoint %s: reloaded accuracy %.3f (missing parameters: %s)"
          % (path, reloaded, not_loaded or "none"))
    if abs(reloaded - acc) > 1e-6 or acc < 0.8:
        raise SystemExit("demo failed: accuracy %.3f, reloaded %.3f" % (acc, reloaded))


if __name__ == "__main__":
    main()
