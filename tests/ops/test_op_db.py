"""Generic op tests driven by op_db.OPS: numpy reference (float32 and float64), shape/dtype
inference, float64 finite-difference gradients, and GRAPH_MODE against PYNATIVE_MODE."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops, Tensor
from mindcell._core import primitive
from mindcell.common.tensor import Tensor as _T

from op_db import OPS, make_inputs, numeric_grad as _numeric_grad

TOL = {np.float32: 2e-5, np.float64: 1e-10}


def _leaf(out):
    return out[0] if isinstance(out, tuple) else out


def _run(op, arrays):
    return op.fn(*[Tensor(a) for a in arrays], **op.kwargs)


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("op", [o for o in OPS if o.ref is not None], ids=repr)
def test_forward_matches_numpy(op, dtype):
    arrays = make_inputs(op, dtype)
    got = _leaf(_run(op, arrays)).asnumpy()
    with np.errstate(all="ignore"):
        want = np.asarray(op.ref(*[a.astype(np.float64) if a.dtype.kind == "f" else a
                                   for a in arrays], **op.kwargs))
    rtol = op.rtol or TOL[dtype]
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=rtol, atol=rtol)


@pytest.mark.parametrize("op", OPS, ids=repr)
def test_infer_matches_real_outputs(op, monkeypatch):
    """Every primitive the op binds infers exactly the shape and dtype it then produces."""
    calls = []
    real_bind = primitive.Prim.bind

    def recording_bind(self, *inputs, **attrs):
        out = real_bind(self, *inputs, **attrs)
        calls.append((self, [(t.shape, t._data.dtype) for t in inputs], attrs, out))
        return out

    monkeypatch.setattr(primitive.Prim, "bind", recording_bind)
    _run(op, make_inputs(op, np.float32))
    monkeypatch.undo()
    assert calls
    for prim, avals, attrs, out in calls:
        inferred = prim.infer(avals, attrs)
        outs = out if isinstance(out, tuple) else (out,)
        inferred = inferred if prim.nout != 1 else (inferred,)
        for (shape, dtype), o in zip(inferred, outs):
            assert tuple(shape) == o.shape and np.dtype(dtype) == o._data.dtype, prim.name


@pytest.mark.parametrize("op", [o for o in OPS if o.grad], ids=repr)
def test_gradients_match_finite_differences(op):
    arrays = make_inputs(op, np.float64, seed=1)
    positions = op.grad_inputs or tuple(i for i, a in enumerate(arrays) if a.dtype.kind == "f")
    probe = [np.random.default_rng(2).standard_normal(_leaf(_run(op, arrays)).shape)]

    def scalar(*ts):
        return (_leaf(op.fn(*ts, **op.kwargs)) * Tensor(probe[0])).sum()

    grads = ops.grad(scalar, grad_position=positions)(*[Tensor(a) for a in arrays])
    grads = grads if isinstance(grads, tuple) else (grads,)

    def numeric_value(arrs):
        return float(scalar(*[Tensor(a) for a in arrs]).asnumpy())

    for pos, g in zip(positions, grads):
        want = _numeric_grad(numeric_value, arrays, pos)
        np.testing.assert_allclose(g.asnumpy(), want, rtol=1e-5, atol=1e-6,
                                   err_msg="%s input %d" % (op.name, pos))


@pytest.mark.parametrize("op", [o for o in OPS if o.graph], ids=repr)
def test_graph_mode_matches_pynative(op):
    arrays = make_inputs(op, np.float32, seed=3)
    eager = _leaf(_run(op, arrays)).asnumpy()
    compiled = ms.jit(lambda *ts: _leaf(op.fn(*ts, **op.kwargs)))
    graph = compiled(*[Tensor(a) for a in arrays]).asnumpy()
    np.testing.assert_allclose(graph, eager, rtol=1e-5, atol=1e-6)


SECOND_ORDER = ["mul", "exp", "tanh", "sigmoid", "softmax", "log_softmax", "gelu_tanh",
                "layer_norm", "rms_norm", "matmul", "conv2d", "silu", "relu", "gelu_erf",
                "softmax_axis0", "cross_entropy", "avg_pool2d"]


@pytest.mark.parametrize("name", SECOND_ORDER)
def test_second_order_gradients(name):
    op = next(o for o in OPS if o.name == name)
    arrays = make_inputs(op, np.float64, seed=4)
    rng = np.random.default_rng(5)
    w = Tensor(rng.standard_normal(_leaf(_run(op, arrays)).shape))

    def first(*ts):
        return (_leaf(op.fn(*ts, **op.kwargs)) * w).sum()

    def grad_norm(*ts):
        return (ops.grad(first, 0)(*ts) ** 2).sum()

    got = ops.grad(grad_norm, 0)(*[Tensor(a) for a in arrays]).asnumpy()
    want = _numeric_grad(lambda arrs: float(grad_norm(*[Tensor(a) for a in arrs]).asnumpy()),
                         arrays, 0, eps=1e-5)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-5)


def test_table_covers_the_issue_op_list():
    names = {o.name.split("_")[0] for o in OPS}
    for required in ("add", "matmul", "conv2d", "softmax", "layer", "cross", "gather", "topk",
                     "sort", "pad", "split", "stack", "where", "clamp", "logsumexp", "norm"):
        assert required in names, required


def test_tensor_type_is_mindcell_tensor():
    assert _T is Tensor
