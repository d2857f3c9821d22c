"""``ops.Scan``: unrolled, and with ``unroll=False`` one While node in GRAPH_MODE; results equal
a numpy loop and PYNATIVE_MODE, gradients equal float64 finite differences."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops
from mindcell.testing import numeric_grad


def _rnn(c, x, w):  # carry and y both tensors
    c = (c * w + x).tanh()
    return c, c * 2


def _rnn_np(c, x, w):
    c = np.tanh(c * w + x)
    return c, c * 2


def _pair(c, x, w):  # a tuple carry, a tuple y
    a, b = c
    return (a + x * w, b * 0.5 + a), (a * b, x.sum())


CASES = [  # (loop function, numpy twin, init builder, length of xs)
    (_rnn, _rnn_np, lambda x: x * 0 + 0.5, 4),
    (_pair, None, lambda x: (x * 0 + 1, x * 2), 3),
    (_rnn, None, lambda x: x * 0 + 0.5, 1),
]


def _run(fn, make_init, n, x, w, unroll):
    xs = [x * (k + 1) + k for k in range(n)]
    carry, ys = ops.Scan()(lambda c, e: fn(c, e, w), make_init(x), xs, unroll=unroll)
    leaves = list(carry) if isinstance(carry, tuple) else [carry]
    for y in ys:
        leaves += list(y) if isinstance(y, tuple) else [y]
    return sum((t * t).sum() for t in leaves)


@pytest.mark.parametrize("unroll", [True, False])
@pytest.mark.parametrize("fn,twin,make_init,n", CASES)
def test_scan_equals_pynative_numpy_and_finite_differences(fn, twin, make_init, n, unroll):
    x, w = np.array([0.3, -0.6]), np.array([0.9, 1.4])
    results = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        f = ms.jit(lambda a, b: _run(fn, make_init, n, a, b, unroll))
        g = ops.grad(lambda a, b: _run(fn, make_init, n, a, b, unroll), (0, 1))
        results.append([f(ms.Tensor(x), ms.Tensor(w)).asnumpy()] +
                       [t.asnumpy() for t in g(ms.Tensor(x), ms.Tensor(w))])
        if mode == ms.GRAPH_MODE:
            names = [node.prim.name for node in f.cache.last_compiled.graph.nodes]
            assert names.count("While") == (0 if unroll else 1)
    for a, b in zip(*results):
        np.testing.assert_allclose(a, b, rtol=1e-12)
    if twin is not None:
        c, total = np.full(2, 0.5), 0.0
        for k in range(n):
            c, y = twin(c, x * (k + 1) + k, w)
            total += (y * y).sum()
        np.testing.assert_allclose(results[0][0], total + (c * c).sum(), rtol=1e-12)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    for i in (0, 1):
        fd = numeric_grad(lambda arrs: float(_run(fn, make_init, n, ms.Tensor(arrs[0]),
                                                  ms.Tensor(arrs[1]), True).asnumpy()),
                          [x.copy(), w.copy()], i)
        np.testing.assert_allclose(results[1][1 + i], fd, rtol=1e-6, atol=1e-7)


def test_scan_of_python_values_and_length():
    carry, ys = ops.Scan()(lambda r, e: (r + e, r + e), 0, [1, 2, 3, 4])
    assert (carry, ys) == (10, [1, 3, 6, 10])
    carry, ys = ops.Scan()(lambda r, e: (r * 2, e), 1, None, length=3)
    assert (carry, ys) == (8, [None, None, None])
    assert ops.Scan()(lambda r, e: (r, e), 5, []) == (5, [])


@pytest.mark.parametrize("args,kwargs,error,match", [
    ((1, 0, [1]), {}, TypeError, "Scan: 'loop_func' must be a function"),
    ((lambda c, e: (c, e), 0, ms.Tensor(np.ones(2))), {}, TypeError, "'xs' must be a tuple"),
    ((lambda c, e: (c, e), 0, [1]), {"length": 1.0}, TypeError, "'length' must be an int"),
    ((lambda c, e: (c, e), 0, [1]), {"unroll": 1}, TypeError, "'unroll' must be a bool"),
    ((lambda c, e: (c, e), 0, None), {}, ValueError, "'length' must be given"),
    ((lambda c, e: (c, e), 0, [1, 2]), {"length": 3}, ValueError, "must be len"),
    ((lambda c, e: c, 0, [1]), {}, ValueError, "must return a pair"),
    ((lambda c, e: (c * 1.5, e), 0, [1]), {}, ValueError, "carry .* of 'init'"),
    ((lambda c, e: (c.astype(ms.float32), e), ms.Tensor(np.ones(2)), [1]), {}, ValueError,
     "dtypes of 'init'"),
])
def test_bad_arguments_name_scan_and_the_argument(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        ops.Scan()(*args, **kwargs)
