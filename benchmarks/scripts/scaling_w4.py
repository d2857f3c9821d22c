"""Run under mpiexec (or alone for 1 process): W4 (MLP 784-512-512-10, ReLU, softmax
cross-entropy, SGD lr 0.01, global batch 1024) in data parallel, each rank a 1024/N share;
rank 0 prints one JSON line: world size, median step time, samples/s. ``--mode graph``."""
import json
import sys
import time

import numpy as np

import mindcell as ms
from mindcell import nn
from mindcell.communication import init, get_group_size, get_rank
from mindcell.communication._comm import barrier

BATCH, STEPS, WARMUP = 1024, 30, 5


def main():
    mode = ms.GRAPH_MODE if "--mode" in sys.argv and sys.argv[-1] == "graph" else \
        ms.PYNATIVE_MODE
    ms.set_context(mode=mode)
    init()
    n, r = get_group_size(), get_rank()
    if n > 1:
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                     gradients_mean=True, parameter_broadcast=True)
    ms.set_seed(1)
    net = nn.SequentialCell(nn.Dense(784, 512), nn.ReLU(), nn.Dense(512, 512), nn.ReLU(),
                            nn.Dense(512, 10))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.SGD(net.trainable_params(), 0.01))
    rng = np.random.default_rng(0)
    x = rng.standard_normal((BATCH, 784)).astype(np.float32)
    y = rng.integers(0, 10, BATCH).astype(np.int32)
    share = BATCH // n
    xs, ys = ms.Tensor(x[r * share:(r + 1) * share]), ms.Tensor(y[r * share:(r + 1) * share])
    times = []
    for i in range(WARMUP + STEPS):
        barrier()
        t = time.perf_counter()
        step(xs, ys).asnumpy()
        times.append(time.perf_counter() - t)
    t = float(np.median(times[WARMUP:]))
    if r == 0:
        print(json.dumps({"ranks": n, "mode": "graph" if mode == ms.GRAPH_MODE else "pynative",
                          "step_s": t, "samples_per_s": BATCH / t}))


if __name__ == "__main__":
    main()
