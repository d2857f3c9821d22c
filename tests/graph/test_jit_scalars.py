"""0-d (and 1-d) values through ms.jit and GRAPH_MODE cells: exactly PYNATIVE's shape, dtype
and value, for every dtype."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops
from mindcell.common.tensor import Tensor

from fn_cell import FnCell

DTYPES = [np.float16, np.float32, np.float64, np.int8, np.int16, np.int32, np.int64, np.uint8,
          np.bool_]
NUMERIC = [d for d in DTYPES if d is not np.bool_]
FLOATS = [np.float16, np.float32, np.float64]
SHAPES = [(), (1,), (3,)]


def _value(dtype, shape):
    if dtype is np.bool_:
        return np.resize(np.array([True, False, True]), shape).astype(np.bool_)
    base = np.array([3.0, 1.5, 2.0]) if np.dtype(dtype).kind == "f" else np.array([3, 1, 2])
    return np.resize(base, shape).astype(dtype)


# name -> (function, dtypes it is defined for)
FUNCTIONS = {
    "identity": (lambda x: x, DTYPES),
    "add_self": (lambda x: x + x, NUMERIC),
    "mul_python_int": (lambda x: x * 2, NUMERIC),
    "neg": (lambda x: -x, [np.float16, np.float32, np.float64, np.int8, np.int16, np.int32,
                           np.int64]),
    "abs": (lambda x: ops.abs(x), NUMERIC),
    "exp": (lambda x: ops.exp(x), FLOATS),
    "chain": (lambda x: ops.tanh(x * 0.5 + 1.0) * 3.0, FLOATS),
    "reduce_sum": (lambda x: ops.reduce_sum(x), NUMERIC),
    "reduce_max": (lambda x: ops.reduce_max(x), NUMERIC),
    "equal": (lambda x: ops.equal(x, x), DTYPES),
    "logical_not": (lambda x: ops.logical_not(x), [np.bool_]),
    "cast_float32": (lambda x: ops.cast(x, ms.float32), DTYPES),
    "cast_back": (lambda x: ops.cast(ops.cast(x, ms.float64), x.dtype), DTYPES),
    "reshape_same": (lambda x: ops.reshape(x, x.shape), DTYPES),
    "two_outputs": (lambda x: (x, ops.cast(x, ms.int32)), DTYPES),
    "zeros_like": (lambda x: ops.zeros_like(x), DTYPES),
}

CASES = [(name, dtype, shape) for name, (_, dtypes) in FUNCTIONS.items() for dtype in dtypes
         for shape in SHAPES]


def _ids(case):
    name, dtype, shape = case
    return "%s-%s-%s" % (name, np.dtype(dtype).name, "x".join(map(str, shape)) or "0d")


def _assert_same(got, ref):
    got = got if isinstance(got, tuple) else (got,)
    ref = ref if isinstance(ref, tuple) else (ref,)
    assert len(got) == len(ref)
    for g, r in zip(got, ref):
        assert type(g._data) is np.ndarray, "a compiled output is %r" % type(g._data)
        assert g.shape == r.shape, "shape %s, PYNATIVE gives %s" % (g.shape, r.shape)
        assert g.dtype == r.dtype, "dtype %s, PYNATIVE gives %s" % (g.dtype, r.dtype)
        assert g.asnumpy().shape == r.shape and g.asnumpy().dtype == r.asnumpy().dtype
        np.testing.assert_array_equal(g.asnumpy(), r.asnumpy())


@pytest.fixture(autouse=True)
def _pynative_after():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_jit_function_matches_pynative(case):
    name, dtype, shape = case
    fn = FUNCTIONS[name][0]
    x = Tensor(_value(dtype, shape))
    ref = fn(x)
    f = ms.jit(fn)
    _assert_same(f(x), ref)
    _assert_same(f(x), ref)  # the cached program too


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_graph_mode_cell_matches_pynative(case):
    name, dtype, shape = case
    fn = FUNCTIONS[name][0]
    x = Tensor(_value(dtype, shape))
    ref = FnCell(fn)(x)
    cell = FnCell(fn)
    ms.set_context(mode=ms.GRAPH_MODE)
    for _ in range(3):  # compile, then the cached fast path
        _assert_same(cell(x), ref)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_0d_constants_and_python_scalar_inputs(dtype):
    def fn(x, k):
        c = Tensor(np.array(_value(dtype, ()), dtype))  # a 0-d constant inside the graph
        return ops.cast(x, ms.float32) * k, c, ops.ones((), ms.float32)

    x = Tensor(_value(dtype, ()))
    ref = fn(x, 2.0)
    _assert_same(ms.jit(fn)(x, 2.0), ref)
    _assert_same(ms.jit(fn)(x, 2.0), ref)
