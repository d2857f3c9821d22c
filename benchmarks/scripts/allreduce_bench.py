"""Run under mpiexec: all-reduce of a 64 MB float32 gradient through DistributedGradReducer
vs raw mpi4py Allreduce on the same buffers; rank 0 prints one JSON line of median times."""
import json
import time

import numpy as np
from mpi4py import MPI

import mindcell as ms
from mindcell import nn
from mindcell.communication import init

REPEAT = 15


def median_time(fn):
    times = []
    for _ in range(REPEAT):
        MPI.COMM_WORLD.Barrier()
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return float(np.median(times))


def main():
    init()
    n = 16 * 1024 * 1024  # 64 MB of float32
    grad = np.random.default_rng(MPI.COMM_WORLD.rank).standard_normal(n).astype(np.float32)
    recv = np.empty_like(grad)
    param = ms.Parameter(ms.Tensor(np.zeros(n, np.float32)), name="w")
    reducer = nn.DistributedGradReducer([param], mean=False)
    g = (ms.Tensor(grad),)
    raw = median_time(lambda: MPI.COMM_WORLD.Allreduce(grad, recv))
    ours = median_time(lambda: reducer(g))
    if MPI.COMM_WORLD.rank == 0:
        print(json.dumps({"raw_s": raw, "reducer_s": ours, "ratio": ours / raw}))


if __name__ == "__main__":
    main()
