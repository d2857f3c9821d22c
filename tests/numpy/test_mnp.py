"""mindcell.numpy against numpy: values and dtypes (float32 and float64) for a table of calls,
finite-difference gradients in float64, GRAPH_MODE equal to PYNATIVE_MODE, bad inputs."""
import math
import pathlib
import sys

import numpy as np
import pytest

import mindcell as ms
import mindcell.numpy as mnp
from mindcell.testing import numeric_grad

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from mnp_cases import CASES, CREATION  # noqa: E402
from fn_cell import FnCell  # noqa: E402

_NP_DTYPE = {np.dtype(np.int64): "Int32", np.dtype(np.float64): "Float64",
             np.dtype(np.float32): "Float32", np.dtype(np.bool_): "Bool"}
_EAGER_ONLY = {"unique", "nonzero"}  # value-dependent shapes: tested below, PYNATIVE only
_EAGER_ONLY |= {"argwhere", "intersect1d", "setdiff1d"}  # value-dependent shapes:
# tests/numpy/test_more_ops.py
_RANDOM = {"randn", "rand", "randint"}  # random values: tests/compat/test_tail_names.py
_NOT_FUNCTIONS = set(mnp.dtypes.__all__)
# results that are not Tensors (ints, bools, tuples of index tables): tests/numpy/test_more_ops.py
_NOT_TENSORS = {"size", "isscalar", "tril_indices", "triu_indices", "tril_indices_from",
                "triu_indices_from", "diag_indices", "indices", "promote_types", "result_type",
                "array_str", "unravel_index", "ravel_multi_index", "ix_", "apply_along_axis",
                "apply_over_axes", "bincount", "mgrid", "ogrid", "histogram2d", "histogramdd"}


def _inputs(case, dtype):
    """(mnp args with Tensors, numpy args of ``dtype``, positions of float tensors)."""
    ms_args, np_args, pos = [], [], []
    for i, a in enumerate(case.args):
        if isinstance(a, tuple) and len(a) == 2 and a[0] == "int":
            ms_args.append(ms.Tensor(a[1].astype(np.int32)))
            np_args.append(a[1])
        elif isinstance(a, np.ndarray):
            arr = a.astype(dtype)
            ms_args.append(ms.Tensor(arr))
            np_args.append(arr)
            if arr.dtype.kind == "f":
                pos.append(i)
        elif isinstance(a, list) and a and isinstance(a[0], np.ndarray):
            arrs = [x.astype(dtype) for x in a]
            ms_args.append([ms.Tensor(x) for x in arrs])
            np_args.append(arrs)
        else:
            ms_args.append(a)
            np_args.append(a)
    return ms_args, np_args, pos


def _flat(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _expected_dtype(ref, name=None):
    if name == "argmax" and ref.dtype.kind == "i":
        return "Int64"  # mindspore.numpy.argmax (2.10) is Int64
    return _NP_DTYPE.get(ref.dtype, "Int32")  # numpy's int64 results are Int32 in mnp


# Computed with Python float constants (pi/180, 1/3, 1/ord, 2*pi), which MindSpore 2.10 makes
# Float32 scalars also beside a Float64 tensor: its float64 results are that close to numpy
# (ms-oracle: deg2rad 2.8e-8, cbrt 4.8e-8 relative, unwrap 7e-7 absolute)
FLOAT32_CONSTANTS = {"cbrt", "deg2rad", "radians", "rad2deg", "degrees", "norm", "unwrap"}


def _check(got, want, dtype, name=None):
    got, want = _flat(got), _flat(want)
    assert len(got) == len(want)
    tol = 2e-5 if dtype == np.float32 else (2e-6 if name in FLOAT32_CONSTANTS else 1e-11)
    for g, w in zip(got, want):
        w = np.asarray(w)
        assert isinstance(g, ms.Tensor)
        assert str(g.dtype) == _expected_dtype(w, name), (g.dtype, w.dtype)
        assert g.shape == w.shape
        np.testing.assert_allclose(g.asnumpy().astype(np.float64), w.astype(np.float64),
                                   rtol=tol, atol=tol, equal_nan=True)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_against_numpy(case, dtype):
    ms_args, np_args, _ = _inputs(case, dtype)
    with np.errstate(all="ignore"):
        want = case.ref(*np_args, **case.kwargs)
    _check(getattr(mnp, case.name)(*ms_args, **case.kwargs), want, dtype, case.name)


@pytest.mark.parametrize("row", CREATION, ids=lambda r: "%s-%s" % (r[0], r[4]))
def test_creation_and_dtype_rules(row):
    name, args, kwargs, want, dtype_name = row
    kwargs = {k: (getattr(ms, v) if k == "dtype" else v) for k, v in kwargs.items()}
    out = getattr(mnp, name)(*args, **kwargs)
    assert str(out.dtype) == dtype_name
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), np.asarray(want, np.float64),
                               rtol=1e-6, atol=1e-7)  # atol: float32 zeros (blackman's ends)


def _weights(out):
    rng = np.random.default_rng(1)
    return [rng.uniform(0.5, 1.5, o.shape) for o in _flat(out)]


# Rows whose tensors all come inside a list (concatenate, stack ...) have no float tensor
# argument to perturb here; the ops they are built from are gradient-checked in the API table.
@pytest.mark.parametrize("case", [c for c in CASES if c.grad and _inputs(c, np.float64)[2]],
                         ids=lambda c: c.id)
def test_gradient_finite_differences(case):
    ms_args, np_args, pos = _inputs(case, np.float64)
    fn = getattr(mnp, case.name)
    ws = _weights(fn(*ms_args, **case.kwargs))

    def loss(*ts):
        args = list(ms_args)
        for p, t in zip(pos, ts):
            args[p] = t
        outs = _flat(fn(*args, **case.kwargs))
        total = 0
        for o, w in zip(outs, ws):
            total = total + (o * ms.Tensor(w)).sum()
        return total

    grads = ms.grad(loss, grad_position=tuple(range(len(pos))))(*[ms_args[p] for p in pos])
    grads = _flat(grads) if len(pos) > 1 else [grads]

    def value(arrays):
        return loss(*[ms.Tensor(a) for a in arrays]).item()

    arrays = [np_args[p].copy() for p in pos]
    for k in range(len(pos)):
        np.testing.assert_allclose(grads[k].asnumpy(), numeric_grad(value, arrays, k),
                                   rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", [c for c in CASES if c.graph], ids=lambda c: c.id)
def test_graph_mode_equals_pynative(case):
    ms_args, _, _ = _inputs(case, np.float32)
    tensors = [i for i, a in enumerate(ms_args) if isinstance(a, ms.Tensor)]
    fn = getattr(mnp, case.name)

    def call(*ts):
        args = list(ms_args)
        for i, t in zip(tensors, ts):
            args[i] = t
        return fn(*args, **case.kwargs)

    eager = _flat(call(*[ms_args[i] for i in tensors]))
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = _flat(FnCell(call)(*[ms_args[i] for i in tensors]))
    assert len(graph) == len(eager)
    for g, e in zip(graph, eager):
        assert g.dtype == e.dtype and g.shape == e.shape
        np.testing.assert_allclose(g.asnumpy(), e.asnumpy(), rtol=1e-6, atol=1e-7)


def test_value_dependent_functions_eager():
    x = ms.Tensor(np.array([3.0, 1.0, 3.0, 2.0]))
    values, inverse = mnp.unique(x, return_inverse=True)
    np.testing.assert_array_equal(values.asnumpy(), [3.0, 1.0, 2.0])  # first appearance
    np.testing.assert_array_equal(values.asnumpy()[inverse.asnumpy()], x.asnumpy())
    assert str(inverse.dtype) == "Int32"
    _, inverse = mnp.unique(ms.Tensor(np.array([5, 5, 1], np.int64)), return_inverse=True)
    assert str(inverse.dtype) == "Int64" and inverse.asnumpy().tolist() == [0, 0, 1]
    rows, cols = mnp.nonzero(ms.Tensor(np.array([[0, 1], [2, 0]])))
    np.testing.assert_array_equal(rows.asnumpy(), [0, 1])
    np.testing.assert_array_equal(cols.asnumpy(), [1, 0])
    np.testing.assert_array_equal(mnp.where(ms.Tensor(np.array([0, 3, 4])))[0].asnumpy(), [1, 2])
    g = ms.grad(lambda t: mnp.unique(t).sum())(x)
    np.testing.assert_array_equal(g.asnumpy(), [1.0, 1.0, 0.0, 1.0])  # first occurrences


def test_linspace_retstep_and_constants():
    samples, step = mnp.linspace(0, 1, 5, retstep=True)
    assert step == 0.25 and samples.shape == (5,)
    assert isinstance(step, ms.Tensor) and step.shape == () and step.dtype == ms.float32
    assert mnp.pi == math.pi and mnp.e == math.e and mnp.inf == math.inf
    assert math.isnan(mnp.nan) and mnp.float32 is ms.float32 and mnp.int32 is ms.int32
    assert mnp.float64 is ms.float64 and mnp.bool_ is ms.bool_


def test_model_code_in_graph_mode():
    """Typical model-zoo use: creation inside construct, math, reductions."""
    class Net(ms.nn.Cell):
        def construct(self, x):
            pos = mnp.arange(x.shape[1])
            freq = mnp.exp(mnp.arange(0, 4, 2) * (-math.log(10000.0) / 4))
            ang = mnp.outer(pos.astype(ms.float32), freq)
            emb = mnp.concatenate([mnp.sin(ang), mnp.cos(ang)], axis=-1)
            return mnp.mean(x + mnp.expand_dims(emb, 0), axis=-1)

    x = ms.Tensor(np.random.default_rng(0).standard_normal((2, 3, 4)).astype(np.float32))
    eager = Net()(x).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    np.testing.assert_allclose(Net()(x).asnumpy(), eager, rtol=1e-6)


BAD = [
    ("ones", (("a",),), TypeError), ("ones", ((-1,),), ValueError),
    ("ones", ((2,),), TypeError, {"dtype": "nope"}),
    ("arange", (0, 5, 0), ValueError), ("arange", ("5",), TypeError),
    ("arange", (float("inf"),), ValueError), ("linspace", (0, 1, -1), ValueError),
    ("full", ((2,), [1, 2, 3]), ValueError), ("asarray", ([[1, 2], [3]],), ValueError),
    ("asarray", ("abc",), TypeError), ("asarray", ({1: 2},), TypeError),
    ("sum", ([1.0], 3), ValueError), ("sum", ([1.0], 1.5), TypeError),
    ("mean", ([1.0],), TypeError, {"keepdims": "yes"}),
    ("amax", (np.zeros((0,)),), ValueError), ("argmax", (np.zeros((0,)),), ValueError),
    ("reshape", ([1, 2, 3], (2, 2)), ValueError), ("transpose", ([[1]], (0, 0)), ValueError),
    ("concatenate", ([],), TypeError), ("concatenate", ([[1.0], [[1.0]]],), ValueError),
    ("stack", ([[1.0], [1.0, 2.0]],), ValueError), ("split", ([1, 2, 3], 2), ValueError),
    ("squeeze", ([[1.0, 2.0]], 1), ValueError), ("broadcast_to", ([1, 2], (3,)), ValueError),
    ("take", ([1.0, 2.0], [5]), IndexError, {"mode": "raise"}),
    ("take", ([1.0], [0]), ValueError, {"mode": "bad"}), ("take", ([1.0], [0.5]), TypeError),
    ("matmul", (1.0, [1.0]), ValueError), ("dot", ([1.0, 2.0], [1.0]), ValueError),
    ("tensordot", ([1.0], [1.0], 2), ValueError), ("clip", ([1.0], None, None), ValueError),
    ("isclose", ([1.0], [1.0]), ValueError, {"rtol": -1.0}),
    ("where", ([True], [1.0]), ValueError), ("diag", (np.zeros((2, 2, 2)),), ValueError),
    ("meshgrid", ([1.0],), ValueError, {"indexing": "xz"}),
    ("sort", ([1.0],), ValueError, {"order": "x"}), ("around", ([1.0], 0.5), TypeError),
    ("swapaxes", ([[1.0]], 0, 2), ValueError), ("repeat", ([1, 2], [1, 2, 3]), ValueError),
    ("var", ([1.0],), TypeError, {"ddof": 0.5}), ("eye", (2.5,), TypeError),
    ("split", (1.0, 1), ValueError), ("array_split", (1.0, 1), ValueError),
    ("hsplit", (1.0, 1), ValueError), ("vsplit", (1.0, 1), ValueError),
    # refused as by mindspore.numpy 2.10 (tests/goldens/numpy_dtypes), with mindcell's name
    ("around", ([1.5], -1), ValueError), ("round", ([15], -1), ValueError),
    ("square", ([True],), TypeError), ("power", ([True], [True]), TypeError),
    ("sign", ([True, False],), TypeError), ("subtract", ([True], [False]), TypeError),
    ("add", ([True], [False]), TypeError), ("positive", ([True],), TypeError),
    ("hypot", ([True], [1.0]), TypeError), ("logaddexp", ([True], [1.0]), TypeError),
    ("minimum", ([True], [False]), TypeError), ("mean", ([True],), RuntimeError),
    ("var", ([True],), RuntimeError), ("std", ([True],), RuntimeError),
    ("average", ([True],), RuntimeError), ("amax", ([True],), TypeError),
    ("amin", ([True],), TypeError), ("ptp", ([True],), TypeError),
    ("count_nonzero", ([True],), TypeError),
]


@pytest.mark.parametrize("row", BAD, ids=lambda r: r[0])
def test_bad_inputs_raise_named_errors(row):
    name, args, exc = row[:3]
    kwargs = row[3] if len(row) > 3 else {}
    with pytest.raises(exc, match=name):
        getattr(mnp, name)(*args, **kwargs)


def test_table_covers_every_public_name():
    covered = ({c.name for c in CASES} | {r[0] for r in CREATION} | _EAGER_ONLY | _RANDOM
               | _NOT_TENSORS)
    functions = set(mnp.__all__) - _NOT_FUNCTIONS
    assert not functions - covered, sorted(functions - covered)
    assert not covered - set(mnp.__all__), sorted(covered - set(mnp.__all__))
    for name in mnp.__all__:
        assert hasattr(mnp, name), name
