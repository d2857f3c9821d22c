"""Collective ops on N ranks, both modes; exits non-zero (AssertionError) on a wrong value."""
import sys
import time

import numpy as np

import mindcell as ms
from mindcell import nn, ops
from mindcell.communication import _comm
from mindcell.communication import (init, get_rank, get_group_size, create_group, GlobalComm,
                                    barrier)


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


def check_reducer():
    """Buckets cut into many concurrent chunks, float16, the mean, a held result."""
    r, n = get_rank(), get_group_size()
    _comm._CHUNK_BYTES = 12  # 3 float32 per chunk: odd sizes leave a short last chunk
    shapes = [(2, 5), (7,), (3, 1)]
    params = [ms.Parameter(ms.Tensor(np.zeros(s, np.float32)), name="p%d" % i)
              for i, s in enumerate(shapes)] + [ms.Parameter(ms.Tensor(np.zeros(5, np.float16)),
                                                             name="h")]
    grads = [np.arange(np.prod(s), dtype=np.float32).reshape(s) * (r + 1) for s in shapes]
    grads.append(np.full(5, r + 1.0, np.float16))
    reducer = nn.DistributedGradReducer(params, mean=True)
    first = reducer(tuple(ms.Tensor(g) for g in grads))
    second = reducer(tuple(ms.Tensor(g * 2) for g in grads))  # must not overwrite `first`
    scale = sum(k + 1.0 for k in range(n)) / n / (r + 1)
    for g, a, b in zip(grads, first, second):
        assert a.dtype == ms.Tensor(g).dtype and a.shape == g.shape
        np.testing.assert_allclose(a.asnumpy(), g * scale, rtol=1e-3)
        np.testing.assert_allclose(b.asnumpy(), g * 2 * scale, rtol=1e-3)


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
    check_reducer()
    create_group("first", [0])
    if get_rank() == 0:
        assert get_group_size("first") == 1 and get_rank("first") == 0
        start = time.perf_counter()
        barrier("first")  # a one-rank group: does not wait for rank 1
        assert time.perf_counter() - start < 2.0, "barrier('first') waited for other ranks"
    else:
        time.sleep(3)
    barrier()


if __name__ == "__main__":
    main()
