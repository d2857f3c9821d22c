"""Collective ops on N ranks, both modes; exits non-zero (AssertionError) on a wrong value."""
import sys
import time

import numpy as np

import mindcell as ms
from mindcell import ops
from mindcell.communication import init, get_rank, get_group_size, create_group, GlobalComm


def check(mode):
    ms.set_context(mode=mode)
    r, n = get_rank(), get_group_size()
    x = ms.Tensor(np.arange(6.0).reshape(2, 3) + 10 * r)
    every = [np.arange(6.0).reshape(2, 3) + 10 * k for k in range(n)]
    run = ms.jit if mode == ms.GRAPH_MODE else (lambda f: f)
    np.testing.assert_allclose(run(lambda t: ops.AllReduce()(t))(x).asnumpy(), sum(every))
    np.testing.assert_allclose(run(lambda t: ops.AllReduce(ops.ReduceOp.MAX)(t))(x).asnumpy(),
                               every[-1])
    np.testing.assert_allclose(run(lambda t: ops.AllGather()(t))(x).asnumpy(),
                               np.concatenate(every))
    np.testing.assert_allclose(run(lambda t: ops.Broadcast(0)((t,))[0])(x).asnumpy(), every[0])
    big = ms.Tensor(np.tile(np.arange(2.0 * n)[:, None], (1, 3)) + r)
    rs = run(lambda t: ops.ReduceScatter()(t))(big).asnumpy()
    np.testing.assert_allclose(rs, sum(np.tile(np.arange(2.0 * n)[:, None], (1, 3)) + k
                                       for k in range(n))[2 * r:2 * r + 2])
    # gradients: d/dx sum(AllReduce(x) * w_r) = sum_k w_k on every rank
    w = float(r + 1)
    g = ops.grad(lambda t: (ops.AllReduce()(t) * w).sum())(x).asnumpy()
    np.testing.assert_allclose(g, np.full((2, 3), sum(k + 1.0 for k in range(n))))
    g = ops.grad(lambda t: (ops.AllGather()(t) * w).sum())(x).asnumpy()
    np.testing.assert_allclose(g, np.full((2, 3), sum(k + 1.0 for k in range(n))))
    # float16 goes through float32 (MPI has no half type)
    h = ops.AllReduce()(ms.Tensor(np.ones(4, np.float16)))
    assert h.dtype == ms.float16 and np.all(h.asnumpy() == n)


def main():
    init()
    if sys.argv[1:] == ["--stall"]:  # rank 1 never arrives: rank 0 must time out
        if get_rank() == 1:
            time.sleep(30)
        ops.AllReduce()(ms.Tensor(np.ones(3)))
        return
    assert GlobalComm.INITED
    check(ms.PYNATIVE_MODE)
    check(ms.GRAPH_MODE)
    create_group("first", [0])
    if get_rank() == 0:
        assert get_group_size("first") == 1 and get_rank("first") == 0


if __name__ == "__main__":
    main()
