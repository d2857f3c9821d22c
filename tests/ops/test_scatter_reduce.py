"""The combining scatters (mindcell/ops/function/scatter_reduce_func.py): doc examples, numpy
references with repeated indices, and gradients against float64 finite differences, including
a zero in the input of tensor_scatter_mul (the gradient uses the updates' product, not
out / x). Values against MindSpore: tests/goldens/method_faces/006."""
import doctest
import re

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops
from mindcell.ops.function import scatter_reduce_func

UFUNC = {"max": np.maximum, "min": np.minimum, "mul": np.multiply, "div": np.divide}


@pytest.mark.parametrize("name", scatter_reduce_func.__all__)
def test_doc_example_runs(name):
    fn = getattr(ops, name)
    test = doctest.DocTestParser().get_doctest(fn.__doc__, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.failures == 0


@pytest.mark.parametrize("kind", sorted(UFUNC))
def test_repeated_indices_combine_as_numpy(kind):
    rng = np.random.default_rng(4)
    x, u = rng.uniform(0.5, 2.0, (4, 3)), rng.uniform(0.5, 2.0, (5, 3))
    rows = np.array([1, 3, 1, 0, 1])
    want = x.copy()
    UFUNC[kind].at(want, rows, u)
    got = getattr(ops, "tensor_scatter_" + kind)(Tensor(x), Tensor(rows[:, None]), Tensor(u))
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-12)
    p = ms.Parameter(Tensor(x), name="scatter_reduce_" + kind)
    getattr(ops, "scatter_" + kind)(p, Tensor(rows), Tensor(u))
    np.testing.assert_allclose(p.asnumpy(), want, rtol=1e-12)


def _fd(f, a, eps=1e-6):
    g = np.zeros_like(a)
    for i in np.ndindex(a.shape):
        d = np.zeros_like(a)
        d[i] = eps
        g[i] = (f(a + d) - f(a - d)) / (2 * eps)
    return g


@pytest.mark.parametrize("kind", sorted(UFUNC))
def test_gradients_match_finite_differences(kind):
    rng = np.random.default_rng(5)
    x, u = rng.uniform(0.5, 2.0, (4, 3)), rng.uniform(0.5, 2.0, (5, 3))
    x[2, 1] = 0.0  # a zero operand: exact for mul/div through the updates' product
    rows = Tensor(np.array([1, 3, 1, 0, 1])[:, None])
    w = rng.standard_normal((4, 3))
    fn = getattr(ops, "tensor_scatter_" + kind)

    def loss(a, b):
        return (fn(a, rows, b) * Tensor(w)).sum()

    gx, gu = ms.grad(loss, grad_position=(0, 1))(Tensor(x), Tensor(u))
    np.testing.assert_allclose(gx.asnumpy(), _fd(lambda a: loss(Tensor(a), Tensor(u))
                                                  .asnumpy(), x), rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(gu.asnumpy(), _fd(lambda b: loss(Tensor(x), Tensor(b))
                                                  .asnumpy(), u), rtol=1e-6, atol=1e-8)


def test_segments_start_at_the_identity_and_name_errors():
    x = Tensor(np.array([[1.0, -2.0], [3.0, 4.0]], np.float32))
    ids = Tensor(np.array([2, 2], np.int32))
    lo = np.finfo(np.float32).min
    np.testing.assert_array_equal(ops.unsorted_segment_max(x, ids, 3).asnumpy(),
                                  [[lo, lo], [lo, lo], [3.0, 4.0]])
    np.testing.assert_array_equal(ops.unsorted_segment_prod(x, ids, 3).asnumpy(),
                                  [[1, 1], [1, 1], [3.0, -8.0]])
    with pytest.raises(ValueError, match="^unsorted_segment_min: 'num_segments'"):
        ops.unsorted_segment_min(x, ids, 0)
    with pytest.raises(TypeError, match="^scatter_max: 'input_x' must be a Parameter"):
        ops.scatter_max(x, Tensor(np.array([0], np.int32)), x[:1])


# MindSpore 2.10 CPU (ms-oracle): x = [1, 2, 3, 4], ids = [0, -1, 1, 0], num_segments = 2
@pytest.mark.parametrize("kind,want", [("sum", [5.0, 3.0]), ("max", [4.0, 3.0]),
                                       ("min", [1.0, 3.0]), ("prod", [4.0, 3.0])])
def test_segments_skip_negative_ids_and_reject_ids_past_the_end(kind, want):
    fn = getattr(ops, "unsorted_segment_" + kind)
    x = Tensor(np.array([1.0, 2.0, 3.0, 4.0], np.float32))
    got = fn(x, Tensor(np.array([0, -1, 1, 0], np.int32)), 2)
    np.testing.assert_array_equal(got.asnumpy(), want)
    with pytest.raises(ValueError, match="^unsorted_segment_%s: " % kind):
        fn(x, Tensor(np.array([0, 1, 5, 0], np.int32)), 2).asnumpy()


def test_skipped_segment_rows_get_no_gradient():
    ids = Tensor(np.array([1, -1, 2, 1], np.int32))
    x = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]])
    weights = Tensor(np.arange(6.0).reshape(3, 2))
    grad = ms.grad(lambda t: (ops.unsorted_segment_sum(t, ids, 3) * weights).sum())(Tensor(x))
    np.testing.assert_array_equal(grad.asnumpy(), [[2, 3], [0, 0], [4, 5], [2, 3]])


_IN_PLACE = [n for n in dir(ops) if re.match(
    r"^(scatter_(nd_)?(add|sub|mul|div|max|min|update)|Scatter(Nd)?(Add|Sub|Mul|Div|Max|Min|Update))$",
    n)]


@pytest.mark.parametrize("name", _IN_PLACE)
def test_in_place_scatters_return_a_tensor_sharing_the_parameter(name):
    # MindSpore 2.10 (ms-oracle): ScatterNdAdd, scatter_nd_add, ScatterUpdate and scatter_max
    # return a Tensor, not the Parameter, and a later assign to the Parameter shows through it
    op = getattr(ops, name)
    op = op() if name[0].isupper() else op
    p = ms.Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="p")
    nd = "nd" in name.lower()
    idx = Tensor(np.array([[1]] if nd else [1], np.int32))
    out = op(p, idx, Tensor(np.array([5.0], np.float32)))
    assert type(out) is Tensor
    np.testing.assert_array_equal(out.asnumpy(), p.asnumpy())
    ops.assign(p, Tensor(np.full(3, 9.0, np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [9.0, 9.0, 9.0])
