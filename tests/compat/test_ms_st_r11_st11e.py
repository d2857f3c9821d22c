"""Programming-model behaviour found by running MindSpore's own tests (tests/ut/python/nn,
tests/st/pynative) under mindcell, each checked against MindSpore 2.10 with ms-oracle."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter
from mindcell.common.api import _cell_graph_executor, _pynative_executor


def _f32(*shape):
    return Tensor(np.ones(shape, np.float32))


# ----- Parameter flags: a bool or TypeError (MindSpore's message), at init and when set -------
@pytest.mark.parametrize("flag", ["layerwise_parallel", "parallel_optimizer"])
@pytest.mark.parametrize("value", [1, 0, None, "yes", (1,), np.array([1, 2]), np.bool_(True)])
def test_parameter_flag_must_be_bool(flag, value):
    with pytest.raises(TypeError, match="The argument `%s` must be bool type" % flag):
        Parameter(_f32(2), name="w", **{flag: value})
    p = Parameter(_f32(2), name="w")
    with pytest.raises(TypeError, match=flag):
        setattr(p, flag, value)
    assert getattr(p, flag) is (flag == "parallel_optimizer")  # unchanged defaults


def test_parameter_flags_kept_and_shared_with_param_info():
    p = Parameter(_f32(2), name="w", layerwise_parallel=True, parallel_optimizer=False)
    assert p.layerwise_parallel is True and p.parallel_optimizer is False
    q = Parameter(_f32(2), name="v")
    q.param_info = p.param_info.clone()
    assert q.layerwise_parallel is True and q.parallel_optimizer is False
    assert p.clone().layerwise_parallel is True


# ----- Cell attributes: a Parameter's name cannot become a child cell and the reverse ------------
class _WithWeight(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(_f32(2, 3), name="weight")


@pytest.mark.parametrize("clear_first", [False, True])
def test_cell_over_parameter_name_is_key_error(clear_first):
    c = nn.Cell()
    c.x = Parameter(_f32(2), name="x")
    if clear_first:
        c.x = None
    with pytest.raises(KeyError):
        c.x = _WithWeight()
    # the failed assignment left the cell as it was: x only a Parameter slot
    assert list(c._params) == ["x"] and list(c._cells) == []
    assert [n for n, _ in c.cells_and_names()] == [""]


@pytest.mark.parametrize("clear_first", [False, True])
def test_parameter_over_child_cell_name_is_key_error(clear_first):
    c = nn.Cell()
    c.x = _WithWeight()
    if clear_first:
        c.x = None
    with pytest.raises(KeyError):
        c.x = Parameter(_f32(2), name="p")
    assert list(c._cells) == ["x"] and list(c._params) == []
    expected = [] if clear_first else ["x.weight"]
    assert [n for n, _ in c.parameters_and_names()] == expected


def test_other_replacements_still_type_error():
    c = nn.Cell()
    c.x = _WithWeight()
    with pytest.raises(TypeError):
        c.x = _f32(2)
    c.y = Parameter(_f32(2), name="y")
    with pytest.raises(TypeError):
        c.y = 3


# ----- _no_grad: the executor's switch; gradients cannot be made inside it (PyNative) -----------
def _square(x):
    return x * x


@pytest.mark.parametrize("make", [
    lambda: ops.grad(_square),
    lambda: ops.value_and_grad(_square),
    lambda: ops.GradOperation()(_square),
])
def test_gradient_made_in_no_grad_raises(make):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    with ms._no_grad():
        assert _pynative_executor.enable_grad() is False
        with pytest.raises(RuntimeError, match="In no_grad context, you can not calculate gradient"):
            make()
    assert _pynative_executor.enable_grad() is True
    g = make()(Tensor(np.array([3.0], np.float32)))
    g = g[1] if isinstance(g, tuple) else g
    np.testing.assert_allclose(g.asnumpy(), [6.0])


def test_no_grad_nested_restores_and_constants():
    ms.set_context(mode=ms.PYNATIVE_MODE)

    def f(x):
        with ms._no_grad():
            with ms._no_grad():
                c = x * x
            assert _pynative_executor.enable_grad() is False
        return c * x

    x = Tensor(np.array([2.0], np.float32))
    np.testing.assert_allclose(ops.grad(f)(x).asnumpy(), [4.0])  # c is a constant
    assert _pynative_executor.enable_grad() is True


def test_no_grad_forward_and_vjp_allowed():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    x = Tensor(np.array([2.0], np.float32))
    with ms._no_grad():
        out, _ = ops.vjp(_square, x)
    np.testing.assert_allclose(out.asnumpy(), [4.0])


# ----- _cell_graph_executor: compile without running, then run ----------------------------------
class _Accumulate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.p = Parameter(_f32(2), name="p")

    def construct(self, x):
        ops.assign_add(self.p, x)
        return self.p * 2


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_cell_graph_executor_compile_then_run(mode):
    ms.set_context(mode=mode)
    try:
        net = _Accumulate()
        phase, new = _cell_graph_executor.compile(net, _f32(2))
        assert isinstance(phase, str) and phase.startswith("predict.") and new is True
        assert _cell_graph_executor.has_compiled(phase)
        np.testing.assert_array_equal(net.p.asnumpy(), [1.0, 1.0])  # compiling runs nothing
        assert _cell_graph_executor.compile(net, _f32(2)) == (phase, False)
        train_phase, new = _cell_graph_executor.compile(net, _f32(2), phase="train")
        assert train_phase.startswith("train.") and new is True
        out = _cell_graph_executor(net, _f32(2))
        np.testing.assert_array_equal(out.asnumpy(), [4.0, 4.0])
        np.testing.assert_array_equal(net.p.asnumpy(), [2.0, 2.0])
        _cell_graph_executor.del_net_res(net, None)
        assert not _cell_graph_executor.has_compiled(phase)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_cell_graph_executor_errors():
    net = _Accumulate()
    with pytest.raises(KeyError, match="graph is not exist"):
        _cell_graph_executor.run(net, _f32(2))
    with pytest.raises(AttributeError, match="does not have method construct"):
        _cell_graph_executor.compile(lambda x: x, _f32(2))
    assert _cell_graph_executor.has_compiled("predict") is False

    class TwoSameNames(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = Parameter(_f32(2), name="weight")
            self.b = Parameter(_f32(2), name="weight")

        def construct(self, x):
            return x

    with pytest.raises(ValueError):
        _cell_graph_executor.compile(TwoSameNames(), _f32(2))

    class MatMul(nn.Cell):
        def construct(self, x, y):
            return ops.matmul(x, y)

    with pytest.raises(Exception):  # the shape error a first call raises, at compile time
        _cell_graph_executor.compile(MatMul(), _f32(2, 3), _f32(2, 3))


# ----- Optimizer: the base class's construct is MindSpore's NotImplementedError --------------------
def test_base_optimizer_construct_not_implemented():
    params = [Parameter(_f32(3), name="a"), Parameter(_f32(3), name="b")]
    opt = nn.Optimizer(0.5, params)
    with pytest.raises(NotImplementedError):
        opt.construct()
    with pytest.raises(NotImplementedError):
        opt((_f32(3), _f32(3)))

    class Halve(nn.Optimizer):
        def construct(self, gradients):
            for p, g in zip(self.parameters, gradients):
                ops.assign_sub(p, g * self.get_lr())
            return True

    Halve(0.5, params)((_f32(3), _f32(3)))
    np.testing.assert_allclose(params[0].asnumpy(), [0.5, 0.5, 0.5])


# ----- in-place writes: no implicit narrowing of the value into the variable's dtype --------------
# (MindSpore 2.10, ms-oracle, PYNATIVE and GRAPH: TypeError where the promotion of the variable's
# and the value's dtypes is not the variable's; mindcell cast silently: 2.5 into Int32 wrote 2)
_NARROWING = [("int32", "float32"), ("float16", "float32"), ("float32", "float64"),
              ("int32", "int64"), ("bool", "int32")]
_WIDENING = [("float32", "int32"), ("int64", "int32"), ("float32", "bool"), ("float64", "float16")]


def _write(fname, variable, value):
    if fname == "ParameterUpdate":
        return nn.ParameterUpdate(variable)(value)
    return getattr(ops, fname)(variable, value)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("fname", ["assign", "assign_add", "assign_sub", "ParameterUpdate"])
@pytest.mark.parametrize("pair", _NARROWING)
def test_inplace_write_refuses_narrowing(mode, fname, pair):
    ms.set_context(mode=mode)
    try:
        p = Parameter(Tensor(np.ones(2, pair[0])), name="p")
        before = p.asnumpy().copy()
        value = Tensor(np.array([2.5, 3.0]).astype(pair[1]))
        f = ms.jit(_write) if mode == ms.GRAPH_MODE and fname != "ParameterUpdate" else _write
        with pytest.raises(TypeError, match="data type conversion is not supported"):
            f(fname, p, value)
        np.testing.assert_array_equal(p.asnumpy(), before)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("fname", ["assign", "assign_add", "ParameterUpdate"])
@pytest.mark.parametrize("pair", _WIDENING)
def test_inplace_write_accepts_widening(fname, pair):
    p = Parameter(Tensor(np.ones(2, pair[0])), name="p")
    value = Tensor(np.array([1, 0]).astype(pair[1]))
    _write(fname, p, value)
    expected = np.array([1, 0], pair[0]) + (1 if fname == "assign_add" else 0)
    np.testing.assert_array_equal(p.asnumpy(), expected.astype(pair[0]))
    assert p.asnumpy().dtype == np.dtype(pair[0])


def test_inplace_write_python_scalars_and_plain_tensor():
    p = Parameter(Tensor(np.ones(2, np.int32)), name="p")
    with pytest.raises(TypeError):
        ops.assign_add(p, 2.5)  # a float into Int32
    ops.assign_add(p, 2)
    np.testing.assert_array_equal(p.asnumpy(), [3, 3])
    h = Parameter(Tensor(np.ones(2, np.float16)), name="h")
    ops.assign_add(h, 0.5)  # a Python float is weak: Float16 stays
    np.testing.assert_array_equal(h.asnumpy(), np.array([1.5, 1.5], np.float16))
    t = Tensor(np.ones(2, np.int32))
    with pytest.raises(TypeError):
        ops.assign(t, Tensor(np.array([2.5, 1.0], np.float32)))
    np.testing.assert_array_equal(t.asnumpy(), [1, 1])


def test_parameter_update_checks_dtype_before_shape():
    step = Parameter(Tensor(np.zeros(1, np.int32)), name="global_step")
    with pytest.raises(TypeError):  # Float32 of another shape: the dtype is MindSpore's error
        nn.ParameterUpdate(step)(Tensor(np.array([0.2, 0.02, 0.002], np.float32)))
    with pytest.raises(ValueError):
        nn.ParameterUpdate(step)(Tensor(np.array([2, 3, 4], np.int32)))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_parameter_attribute_write_converts(mode):
    # 'self.p += x' is not ops.assign: MindSpore 2.10 converts the value to the Parameter's dtype
    class Accumulate(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(np.ones(2, np.int32)), name="p")

        def construct(self, x):
            self.p += x
            return self.p

    ms.set_context(mode=mode)
    try:
        net = Accumulate()
        out = net(Tensor(np.array([2.5, 1.0], np.float32)))
        np.testing.assert_array_equal(net.p.asnumpy(), [3, 2])
        np.testing.assert_array_equal(out.asnumpy(), [3, 2])
        assert net.p.asnumpy().dtype == np.int32
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
