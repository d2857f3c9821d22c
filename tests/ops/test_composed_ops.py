"""The ops composed of others (mindcell/ops/function/composed_func.py): doc examples, numpy
references for what MindSpore 2.10's CPU build cannot run (fmin) or where mindcell's documented
choice differs (segment ids outside the range are dropped, as MindSpore does on GPU; its CPU
kernel fails), gradients through the composition, and errors that name the op. Values against
MindSpore: tests/goldens/method_faces/003."""
import doctest

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops
from mindcell.ops.function import composed_func


@pytest.mark.parametrize("name", composed_func.__all__)
def test_doc_example_runs(name):
    fn = getattr(ops, name)
    assert fn is getattr(composed_func, name)
    test = doctest.DocTestParser().get_doctest(fn.__doc__, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert test.examples and runner.failures == 0


def test_fmin_and_fmax_skip_nan_as_numpy():
    a = np.array([1.0, np.nan, 5.0, np.nan, -0.5])
    b = np.array([2.0, 1.0, np.nan, np.nan, -1.5])
    np.testing.assert_array_equal(ops.fmin(Tensor(a), Tensor(b)).asnumpy(), np.fmin(a, b))
    np.testing.assert_array_equal(ops.fmax(Tensor(a), Tensor(b)).asnumpy(), np.fmax(a, b))


def test_composed_gradients_match_the_formulas():
    x = np.array([-2.0, -0.2, 0.3, 1.5])
    g = ms.grad(lambda t: ops.selu(t).sum())(Tensor(x)).asnumpy()
    scale, alpha = 1.0507009873554805, 1.6732632423543772
    np.testing.assert_allclose(g, np.where(x > 0, scale, scale * alpha * np.exp(x)), rtol=1e-12)
    g = ms.grad(lambda t: ops.softshrink(t, 0.25).sum())(Tensor(x)).asnumpy()
    np.testing.assert_array_equal(g, (np.abs(x) > 0.25).astype(float))


def test_choices_where_mindcell_is_more_permissive_or_stricter():
    assert ops.logspace(0, 2, 3).asnumpy().tolist() == [1.0, 10.0, 100.0]  # MindSpore: floats
    with pytest.raises(ValueError, match="softshrink: 'lambd' must be >= 0"):
        ops.softshrink(Tensor(np.ones(2, np.float32)), -1.0)
    with pytest.raises(TypeError, match="scatter_update: 'input_x' must be a Parameter"):
        ops.scatter_update(Tensor(np.zeros((2, 2), np.float32)), Tensor(np.array([0])),
                           Tensor(np.ones((1, 2), np.float32)))


def test_errors_name_the_op():
    x = Tensor(np.ones((2, 3), np.float32))
    with pytest.raises(ValueError, match=r"^fmax: .*broadcast"):
        ops.fmax(x, Tensor(np.ones((4,), np.float32)))
    with pytest.raises(TypeError, match=r"^atleast_2d: 'inputs'"):
        ops.atleast_2d([])
    with pytest.raises(TypeError, match=r"^tril_indices: 'dtype'"):
        ops.tril_indices(2, 2, dtype=ms.float32)
    with pytest.raises(ValueError, match=r"^unsorted_segment_sum: 'segment_ids'"):
        ops.unsorted_segment_sum(x, Tensor(np.array([0, 1, 0], np.int32)), 2)
