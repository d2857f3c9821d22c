"""A construct (or ``ms.jit`` function) that writes into its input: PYNATIVE_MODE changes the
caller's tensor in place, and GRAPH_MODE writes the final value back after the compiled graph
runs, so the caller's tensor and the result agree across modes, also for writes through views
of the input and writes in one branch of a tensor-dependent ``if``. A construct that does not
write its input gets no extra graph outputs."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.common.tensor import Tensor
from mindcell.graph.symbolic import GraphModeError

from fn_cell import FnCell


def _scalar_write(x, y):
    x[0] = 5.0
    return x * 2


def _chained_view(x, y):
    x[0][1] = y[0, 0] * 3
    return x + 1


def _transpose_view(x, y):
    x.T[0] = y[1, :2] * 4
    return x.sum()


def _slice_view(x, y):
    v = x[1:]
    v[0] = -1.0
    return v * 1


def _view_sees_write(x, y):
    v = x[0]
    x[0] = 7.0
    return v + 0


def _write_then_return_input(x, y):
    x[1] = x[0] * 3
    return x


def _second_input_only(x, y):
    y[...] = x * 0.5
    return x - y


def _both_inputs(x, y):
    x[0, 0] = 1.0
    y[1] = x[0]
    return x, y


def _masked_write(x, y):
    x[x > 2.0] = 0.0
    return x * 1


def _branch_write(x, y):
    if (x.sum() > 6.0):
        x[0] = 100.0
    return x + y


def _two_writes_same_place(x, y):
    x[0] = 1.0
    x[0] = x[0] + 2.0
    return y * 1


def _no_write(x, y):
    z = x * 1
    z[0] = 3.0
    return z + y


def _assign_value(x, y):
    x.assign_value(y * 3)
    x[0, 0] = 1.0
    return x + 1


def _assign_value_other_shape(x, y):
    x.assign_value(y[0] + 2.0)
    return x * 1


def _set_dtype(x, y):
    x.set_dtype(ms.float16)
    return x / 3


def _assign_value_keeps_old_view(x, y):
    v = x[1]
    x.assign_value(y)
    x[1] = v * 10
    return v + 0


def _old_value_returned(x, y):  # x * 1 simplifies to x: the result must not see the write
    a = x * 1
    x[0] = 5.0
    return a, y * 1


WRITERS = [_old_value_returned, _scalar_write, _chained_view, _transpose_view, _slice_view,
           _view_sees_write, _write_then_return_input, _second_input_only, _both_inputs,
           _masked_write, _branch_write, _two_writes_same_place, _assign_value,
           _assign_value_other_shape, _set_dtype, _assign_value_keeps_old_view]


def _inputs(offset):
    x = np.arange(6, dtype=np.float32).reshape(2, 3) + offset
    return Tensor(x), Tensor(np.full((2, 3), 2.0, np.float32))


def _run(call, offset):
    x, y = _inputs(offset)
    out = call(x, y)
    outs = out if isinstance(out, tuple) else (out,)
    return ([(t.dtype, t.asnumpy().copy()) for t in outs], (x.dtype, x.asnumpy()),
            (y.dtype, y.asnumpy()))


def _assert_same(eager, graph):
    for a, b in zip(eager, graph):
        if isinstance(a, (list, tuple)):
            _assert_same(a, b)
        elif isinstance(a, np.ndarray):
            assert a.dtype == b.dtype
            np.testing.assert_array_equal(a, b)
        else:
            assert a == b


@pytest.mark.parametrize("fn", WRITERS + [_no_write], ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("offset", [0.0, -3.0])  # -3: the tensor-dependent branch not taken
def test_cell_writes_into_its_input_in_both_modes(fn, offset):
    net = FnCell(fn)
    eager = _run(net, offset)
    ms.set_context(mode=ms.GRAPH_MODE)
    for _ in range(2):  # the compiling call and the cached (fast path) call
        _assert_same(eager, _run(net, offset))


@pytest.mark.parametrize("fn", WRITERS, ids=lambda f: f.__name__.strip("_"))
def test_jit_function_writes_into_its_input(fn):
    eager = _run(fn, 0.0)
    jitted = ms.jit(fn)
    for _ in range(2):
        _assert_same(eager, _run(jitted, 0.0))


def test_written_inputs_are_extra_outputs_only_when_written():
    def writes(x):
        x[0] = 1.0
        return x * 2

    def reads(x):
        return x * 2
    compiled = {}
    for fn in (writes, reads):
        jitted = ms.jit(fn)
        jitted(Tensor(np.zeros(3, np.float32)))
        compiled[fn.__name__] = jitted.cache.last_compiled.graph
    assert compiled["writes"].written_inputs == (0,)
    assert len(compiled["writes"].outputs) == 2
    assert compiled["reads"].written_inputs == ()
    assert len(compiled["reads"].outputs) == 1


def test_read_only_input_gets_a_fresh_buffer_like_eager():
    def fn(x):
        x[0] = 9.0
        return x * 1
    results = []
    for call in (fn, ms.jit(fn)):
        arr = np.zeros(3, np.float32)
        arr.flags.writeable = False
        x = ms.from_numpy(arr)
        call(x)
        results.append(x.asnumpy())
        assert arr[0] == 0.0  # the caller's read-only numpy array is untouched
    np.testing.assert_array_equal(*results)


def test_write_into_input_keeps_gradients_equal_across_modes():
    def loss(x, w):
        x[0] = x[1] * w
        return (x * x).sum()
    grad = ops.grad(loss, grad_position=(0, 1))
    x0 = np.array([1.0, 2.0, 3.0], np.float32)
    eager = [g.asnumpy() for g in grad(Tensor(x0), Tensor(np.float32(3.0)))]
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = [g.asnumpy() for g in grad(Tensor(x0), Tensor(np.float32(3.0)))]
    _assert_same(eager, graph)


def test_caller_view_of_input_keeps_old_storage_after_assign_value():
    def fn(x):
        x.assign_value(x * 0 + 4.0)
        return x * 1
    for call in (fn, ms.jit(fn)):
        x = Tensor(np.ones(3, np.float32))
        before = x[0:2]  # shares the old storage, eagerly and after the compiled run
        call(x)
        np.testing.assert_array_equal(x.asnumpy(), [4.0, 4.0, 4.0])
        np.testing.assert_array_equal(before.asnumpy(), [1.0, 1.0])


class _ParamWriter(nn.Cell):
    def __init__(self, write):
        super().__init__()
        self.p = ms.Parameter(Tensor(np.zeros(3, np.float32)), "p")
        self.write = write

    def construct(self, x):
        self.write(self.p, x)
        return x * 1


@pytest.mark.parametrize("write", [lambda p, x: p.assign_value(x),
                                   lambda p, x: p.set_dtype(ms.float64)],
                         ids=["assign_value", "set_dtype"])
def test_parameter_storage_writes_in_construct_raise_naming_the_line(write):
    net = _ParamWriter(write)
    net(Tensor(np.ones(3, np.float32)))  # PYNATIVE_MODE replaces the Parameter's storage
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(GraphModeError, match=r"(?s)test_input_writes.py:\d+: .*Parameter.*"
                                             r"Instead: use ops.assign"):
        _ParamWriter(write)(Tensor(np.ones(3, np.float32)))


def test_assign_value_python_data_that_does_not_fit_raises_in_both_modes():
    def fn(x):
        y = x * 1
        y.assign_value([300.0, 1.0, 2.0])
        return y
    x = Tensor(np.zeros(3, np.int8))
    for call in (fn, ms.jit(fn)):
        with pytest.raises(ValueError, match="assign_value.*does not fit"):
            call(x)


def test_assign_value_python_float_rounds_into_a_float_tensor_in_both_modes():
    def fn(x):  # as Tensor(1e6, float16) is inf (MindSpore 2.10 converts so)
        y = x * 1
        y.assign_value(1e6)
        return y
    x = Tensor(np.zeros(3, np.float16))
    for call in (fn, ms.jit(fn)):
        assert np.isinf(call(x).asnumpy()).all()
