"""Run under mpiexec: all-reduce of 64 MB of float32 gradients, raw mpi4py Allreduce vs the
AllReduce op (a new output array per call: DistributedGradReducer's path before its
persistent buckets) vs DistributedGradReducer on one 64 MB gradient and on 16 of 4 MB (fused
into 25 MB buckets). The paths alternate within each round so that the machine's load
affects them alike; rank 0 prints one JSON line of median times and ratios to raw."""
import json
import time

import numpy as np
from mpi4py import MPI

import mindcell as ms
from mindcell import nn, ops
from mindcell.communication import init

ROUNDS = 20
N = 16 * 1024 * 1024  # 64 MB of float32


def reducer_case(pieces, rng):
    params = [ms.Parameter(ms.Tensor(np.zeros(N // pieces, np.float32)), name="w%d" % i)
              for i in range(pieces)]
    grads = tuple(ms.Tensor(rng.standard_normal(N // pieces).astype(np.float32))
                  for _ in range(pieces))
    reducer = nn.DistributedGradReducer(params, mean=True)
    return lambda: reducer(grads)


def main():
    init()
    comm = MPI.COMM_WORLD
    rng = np.random.default_rng(comm.rank)
    grad = rng.standard_normal(N).astype(np.float32)
    recv = np.empty_like(grad)
    op, tensor = ops.AllReduce(), ms.Tensor(grad)
    cases = {"raw_s": lambda: comm.Allreduce(grad, recv),
             "allreduce_op_s": lambda: op(tensor),
             "reducer_s": reducer_case(1, rng),
             "reducer_16x4mb_s": reducer_case(16, rng)}
    times = {k: [] for k in cases}
    for _ in range(ROUNDS):
        for key, fn in cases.items():
            comm.Barrier()
            t = time.perf_counter()
            fn()
            times[key].append(time.perf_counter() - t)
    result = {k: float(np.median(v)) for k, v in times.items()}
    for key in ("allreduce_op_s", "reducer_s", "reducer_16x4mb_s"):
        result[key.replace("_s", "_ratio")] = result[key] / result["raw_s"]
    result["ratio"] = result["reducer_ratio"]
    if comm.rank == 0:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
