"""Mixed precision at op level (issue 16, amp9): inside a cell whose float type is set
(to_float, auto_mixed_precision, custom_mixed_precision), each primitive call casts its float
inputs to that type, whatever made them. Expected dtypes and values were read from MindSpore
2.10 (CPU) with the ms-oracle; tests/goldens/amp/cases/002_op_level_to_float.py records more."""
import threading

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter
from mindcell._core import primitive as _primitive
from mindcell._core import mixed_precision as _mixed


@pytest.fixture
def pynative():
    old = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=old)


def _p(v, name):
    return Parameter(Tensor(np.full((2, 2), v, np.float32)), name=name)


class _Holder:
    pass


class _Net(nn.Cell):
    """Inputs of every origin, and a construct given as a function of (cell, x)."""

    def __init__(self, body):
        super().__init__()
        self.body = body
        self.w = _p(0.5, "w")
        self.pt = ms.ParameterTuple([_p(0.25, "p0")])
        self.lst = [_p(0.125, "l0")]
        self.h = _Holder()
        self.h.p = _p(2.0, "hp")
        self.c64 = Tensor(np.full((2, 2), 1.5), ms.float64)
        self.c32 = Tensor(np.full((2, 2), 1.5, np.float32))
        self.i32 = Tensor(np.full((2, 2), 3, np.int32))

    def construct(self, x):
        return self.body(self, x)


X = Tensor(np.full((2, 2), 0.3, np.float32))


def _run(body):
    return _Net(body).to_float(ms.float16)(X)


# (case, construct body, dtype of the result in both modes)
_CAST_EVERYWHERE = [
    ("const_matmul", lambda s, x: ops.matmul(x, ops.ones((2, 2), ms.float32)), ms.float16),
    ("float64_attr", lambda s, x: ops.add(s.c64, s.c64), ms.float16),
    ("float64_made", lambda s, x: ops.matmul(Tensor(np.ones((2, 2))), s.c32), ms.float16),
    ("int_untouched", lambda s, x: ops.add(s.i32, s.i32), ms.int32),
    ("param_registered", lambda s, x: ops.matmul(x, s.w), ms.float16),
    ("param_tuple", lambda s, x: ops.matmul(x, s.pt[0]), ms.float16),
    ("param_list", lambda s, x: ops.matmul(x, s.lst[0]), ms.float16),
    ("param_object", lambda s, x: ops.matmul(x, s.h.p), ms.float16),
    ("python_scalar", lambda s, x: ops.mul(s.c32, 2.5), ms.float16),
    ("op_of_op", lambda s, x: ops.exp(ops.add(s.c32, s.c32)), ms.float16),
    ("operator", lambda s, x: x @ s.c32 + s.c32, ms.float16),
    ("cast_exempt", lambda s, x: ops.cast(x, ms.float32), ms.float32),
    ("comparison", lambda s, x: ops.equal(s.c32, s.c32), ms.bool_),
]


@pytest.mark.parametrize("body,dtype", [c[1:] for c in _CAST_EVERYWHERE],
                         ids=[c[0] for c in _CAST_EVERYWHERE])
def test_each_primitive_call_casts_its_float_inputs(mode, body, dtype):
    assert _run(body).dtype == dtype


def test_the_values_are_computed_in_the_cell_type(mode):
    # 1/3 rounded to float16 before the product: 0.33325 * 3 = 0.99976 (float32 gives 1.0)
    third = Tensor(np.full((1, 1), 1 / 3, np.float32))
    out = _run(lambda s, x: ops.matmul(third, Tensor(np.full((1, 1), 3.0, np.float32))))
    assert out.dtype == ms.float16
    assert out.asnumpy()[0, 0] == np.float16(np.float16(1 / 3) * np.float16(3.0))


def test_pynative_leaves_inputs_views_and_returned_parameters_uncast(pynative):
    # MindSpore 2.10 PYNATIVE_MODE: only primitive calls cast; views, Depend and ones_like /
    # zeros_like keep their input's dtype; an input or a Parameter returned as it is stays so
    for body in (lambda s, x: x, lambda s, x: s.w, lambda s, x: ops.reshape(s.c32, (4,)),
                 lambda s, x: ops.transpose(s.c32, (1, 0)), lambda s, x: s.c32[0],
                 lambda s, x: ops.depend(s.c32, x), lambda s, x: ops.zeros_like(s.c32),
                 lambda s, x: ops.broadcast_to(s.c32, (3, 2, 2))):
        assert _run(body).dtype == ms.float32


def test_graph_casts_the_inputs_on_entry():
    old = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        class Net(nn.Cell):
            def construct(self, x, y=None):
                return x, y

        x, y = Net().to_float(ms.float16)(X, y=X)
        assert (x.dtype, y.dtype) == (ms.float16, ms.float16)
    finally:
        ms.set_context(mode=old)


def test_child_set_back_to_float32_computes_in_float32(mode):
    class Child(nn.Cell):
        def construct(self, x):
            return ops.matmul(x, Tensor(np.ones((2, 2), np.float32)))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.child = Child()

        def construct(self, x):
            return self.child(ops.add(x, x)), ops.add(x, x)

    net = Net().to_float(ms.float16)
    net.child.to_float(ms.float32)
    inner, outer = net(X)
    assert (inner.dtype, outer.dtype) == (ms.float32, ms.float16)


def test_jit_function_called_from_a_pynative_typed_cell_runs_uncast(pynative):
    @ms.jit
    def f(a, b):
        return ops.add(a, b)

    assert _run(lambda s, x: f(s.c32, s.c32)).dtype == ms.float32
    # the program compiled there is the uncast one (the cache is shared with plain calls)
    assert f(X, X).dtype == ms.float32
    assert _run(lambda s, x: ops.add(f(s.c32, s.c32), s.c32)).dtype == ms.float16


def test_gradients_keep_the_parameters_dtype(mode):
    # MindSpore 2.10 PYNATIVE_MODE: out 0.6001 (Float16), d/dx 0.5 and the weights' gradients
    # 0.30005 and 0.6001, all Float32
    class G(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(0.5, "w")
            self.pl = [_p(0.25, "pl")]

        def construct(self, x):
            return ops.sum(ops.matmul(ops.matmul(x, self.w), self.pl[0]))

    g = G().to_float(ms.float16)
    out = g(X)
    assert out.dtype == ms.float16 and abs(float(out) - 0.6001) < 1e-3
    dx, (dw, dp) = ms.grad(g, grad_position=0, weights=[g.w, g.pl[0]])(X)
    assert (dx.dtype, dw.dtype, dp.dtype) == (ms.float32,) * 3
    np.testing.assert_allclose(dx.asnumpy(), 0.5, rtol=1e-3)
    np.testing.assert_allclose(dw.asnumpy(), 0.30005, rtol=1e-3)
    np.testing.assert_allclose(dp.asnumpy(), 0.6001, rtol=1e-3)


def test_assign_keeps_the_parameter_dtype(pynative):
    net = _Net(lambda s, x: ops.assign(s.w, ops.add(s.c32, 1.0))).to_float(ms.float16)
    net(X)
    assert net.w.dtype == ms.float32
    np.testing.assert_array_equal(net.w.asnumpy(), 2.5)


def test_batch_norm_casts_its_scale_once_and_keeps_float32_statistics(pynative):
    # MindSpore's BatchNorm primitive: gamma/beta cast to the cell's type at the call, the
    # statistics computed in float32 (custom_mixed_precision golden 001 checks the values)
    bn = nn.BatchNorm1d(2)
    bn.gamma.set_data(Tensor(np.array([1 / 3, 1.0], np.float32)))
    net = nn.SequentialCell([bn]).to_float(ms.float16)
    net.set_train()
    y = net(Tensor(np.array([[0.0, 1.0], [2.0, 5.0]], np.float32)))
    assert y.dtype == ms.float16 and bn.moving_mean.dtype == ms.float32
    # normalized values are -1/+1 (float32 statistics), scaled by gamma rounded to float16
    np.testing.assert_allclose(y.asnumpy()[:, 0].astype(np.float64),
                               [-float(np.float16(1 / 3)), float(np.float16(1 / 3))], rtol=1e-3)


def test_outside_typed_cells_mismatched_dtypes_still_raise():
    with pytest.raises(TypeError, match="matmul"):
        ops.matmul(X, Tensor(np.ones((2, 2), np.float16)))


def test_bind_hook_is_off_when_no_typed_cell_runs(pynative):
    assert _primitive.HOOKED is None
    seen = []

    class Probe(nn.Cell):
        def construct(self, x):
            seen.append(_primitive.HOOKED)
            return ops.add(x, x)

    Probe().to_float(ms.float16)(X)
    assert seen == [True] and _primitive.HOOKED is None


def test_the_float_type_is_per_thread(pynative):
    # a typed cell running in one thread does not cast another thread's ops
    started, release, dtypes = threading.Event(), threading.Event(), []

    class Slow(nn.Cell):
        def construct(self, x):
            started.set()
            release.wait(10)
            return ops.add(x, x)

    t = threading.Thread(target=lambda: dtypes.append(Slow().to_float(ms.float16)(X).dtype))
    t.start()
    started.wait(10)
    try:
        assert _mixed.running_float_type() is None
        assert ops.add(X, X).dtype == ms.float32
    finally:
        release.set()
        t.join()
    assert dtypes == [ms.float16]


def test_reductions_and_linalg_run_as_one_primitive(mode):
    # a float16 mean in a typed cell accumulates in float32 as MindSpore's ReduceMean does:
    # MindSpore 2.10 gives 2.9746 for this MSELoss, plain or in a to_float(float16) cell (a
    # float16 sum gives 2.973: SciAI sympnets' O3 loss was one float16 ulp off that way)
    r = np.random.default_rng(4)
    a = Tensor(r.uniform(-2, 2, (40, 2)).astype(np.float16))
    b = Tensor(r.uniform(-2, 2, (40, 2)).astype(np.float16))
    out = _run(lambda s, x: nn.MSELoss()(a, b))
    assert out.dtype == ms.float16 and abs(float(out) - 2.9746) < 5e-4
    m = Tensor(np.array([[4.0, 2.0], [2.0, 3.0]], np.float32))
    det = _run(lambda s, x: ops.det(m))
    assert det.dtype == ms.float16 and float(det) == 8.0


def test_o1_casts_white_listed_primitive_attributes(mode):
    # MindSpore 2.10, both modes: O1 runs a MatMul()/ReLU() a cell holds in float16 (0.3 ->
    # 0.30005) and returns float32; ops.matmul and Add are not on the white list
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = _p(0.5, "w")
            self.mm = ops.MatMul()
            self.relu = ops.ReLU()
            self.addp = ops.Add()

        def construct(self, x):
            return self.mm(x, self.w), self.relu(x), ops.matmul(x, self.w), self.addp(x, x)

    outs = ms.amp.auto_mixed_precision(Net(), "O1")(X)
    assert [o.dtype for o in outs] == [ms.float32] * 4
    assert [float(o.asnumpy()[0, 0]) for o in outs] == [
        float(np.float16(0.3)), float(np.float16(0.3)), float(np.float32(0.3)),
        float(np.float32(0.6))]
