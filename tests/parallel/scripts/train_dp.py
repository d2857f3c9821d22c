"""Data-parallel training run for tests/parallel: ``train_dp.py MODE NET OPT OUT [--emulate K]
[--seed-by-rank] [--bucket-mb MB] [--no-broadcast] [--loss-scale S]``. Each rank trains on its slice of every
batch; with ``--emulate K`` one process averages the gradients of K slices itself (the
reference for BatchNorm, whose statistics are per slice). Rank 0 saves the trainable
parameters to OUT (.npz)."""
import argparse

import numpy as np

import mindcell as ms
from mindcell import nn, ops
from mindcell.communication import init, get_rank, get_group_size

STEPS, BATCH = 20, 8


def build(kind):
    if kind == "mlp":
        return nn.SequentialCell([nn.Dense(6, 16), nn.ReLU(), nn.Dense(16, 3)])
    return nn.SequentialCell([nn.Conv2d(2, 4, 3, pad_mode="same"), nn.BatchNorm2d(4), nn.ReLU(),
                              nn.Flatten(), nn.Dense(4 * 5 * 5, 3)])


class SparseCrossEntropy64(nn.Cell):
    """The mean sparse cross-entropy in float64 (the comparisons here need float64's precision;
    nn.SoftmaxCrossEntropyWithLogits takes float16/float32 logits only, as MindSpore's)."""

    def construct(self, logits, labels):
        return ops.nll_loss(ops.log_softmax(logits, 1), labels)

def data(kind):
    rng = np.random.default_rng(0)
    shape = (STEPS, BATCH, 6) if kind == "mlp" else (STEPS, BATCH, 2, 5, 5)
    return rng.standard_normal(shape), rng.integers(0, 3, (STEPS, BATCH)).astype(np.int32)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mode")
    ap.add_argument("net")
    ap.add_argument("opt")
    ap.add_argument("out")
    ap.add_argument("--emulate", type=int, default=0)
    ap.add_argument("--seed-by-rank", action="store_true")
    ap.add_argument("--bucket-mb", type=float, default=None)
    ap.add_argument("--no-broadcast", action="store_true")
    ap.add_argument("--loss-scale", type=float, default=0.0)
    a = ap.parse_args()
    ms.set_context(mode=ms.GRAPH_MODE if a.mode == "graph" else ms.PYNATIVE_MODE)
    init()
    rank, size = get_rank(), get_group_size()
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                 gradients_mean=True, device_num=size,
                                 parameter_broadcast=not a.no_broadcast)
    if a.bucket_mb:
        ms.set_auto_parallel_context(comm_fusion={"allreduce": {"mode": "size",
                                                                "config": a.bucket_mb}})
    ms.set_seed(1 + (rank if a.seed_by_rank else 0))
    net = build(a.net)
    for p in net.get_parameters():
        p.set_dtype(ms.float64)
    loss = nn.WithLossCell(net, SparseCrossEntropy64())
    opt = (nn.SGD(net.trainable_params(), 0.1, momentum=0.9) if a.opt == "sgd"
           else nn.Adam(net.trainable_params(), 0.01))
    xs, ys = data(a.net)
    if a.emulate:
        emulate(loss, opt, xs, ys, a.emulate)
    else:
        step = (nn.TrainOneStepWithLossScaleCell(loss, opt, ms.Tensor(a.loss_scale))
                if a.loss_scale else nn.TrainOneStepCell(loss, opt))
        step.set_train()
        per = BATCH // size
        for x, y in zip(xs, ys):
            sl = slice(rank * per, (rank + 1) * per)
            step(ms.Tensor(x[sl]), ms.Tensor(y[sl]))
    if rank == 0:
        np.savez(a.out, **{p.name: p.asnumpy() for p in net.trainable_params()})


def emulate(loss, opt, xs, ys, k):
    """One process: the mean of the gradients of k slices, then the optimizer."""
    weights = opt.parameters
    loss.set_train()
    grad_fn = ms.value_and_grad(loss, None, weights)
    per = BATCH // k
    for x, y in zip(xs, ys):
        total = None
        for r in range(k):
            sl = slice(r * per, (r + 1) * per)
            _, g = grad_fn(ms.Tensor(x[sl]), ms.Tensor(y[sl]))
            total = g if total is None else tuple(ops.add(t, u) for t, u in zip(total, g))
        opt(tuple(t / k for t in total))


if __name__ == "__main__":
    main()
