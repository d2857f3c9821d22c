"""A GRAPH_MODE Cell called again with plain tensors of a compiled signature runs its program from
C (csrc/executor.pyx cell_call / FastCall, issue 19 W1). Every call must give what the full
Python path gives: new shapes, dtypes and training flags compile, Parameter updates are seen,
hooks, PYNATIVE_MODE, traces, gradients, the profiler and other threads take their own paths."""
import threading

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
import mindcell.graph.executor as executor_module
import mindcell.nn.cell as cell_module


@pytest.fixture(autouse=True)
def graph_mode():
    saved = ms.get_context("mode")
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=saved)


def _t(a, dtype=np.float32):
    return ms.Tensor(np.asarray(a, dtype))


class Add(nn.Cell):
    def __init__(self):
        super().__init__()
        self.traced = []  # a list: a Python attribute construct assigns is a graph effect

    def construct(self, a, b):
        self.traced.append(1)  # Python code runs when construct is traced (or in PYNATIVE_MODE)
        return ops.add(a, b)

    @property
    def traces(self):
        return len(self.traced)


class Scaled(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(_t([2.0, 3.0]), name="w")

    def construct(self, x):
        if self.training:
            return x * self.w + 1
        return x * self.w


@pytest.fixture
def python_path_calls(monkeypatch):
    """The number of calls that took nn.Cell._call's fast-key lookup (not the C path)."""
    calls = []
    real = cell_module._fast_key
    monkeypatch.setattr(cell_module, "_fast_key", lambda *a: calls.append(a) or real(*a))
    return calls


def test_repeated_call_runs_from_c_and_gives_new_tensors(python_path_calls):
    cell = Add()
    a, b = _t([1.0, 2.0]), _t([10.0, 20.0])
    first = cell(a, b)
    assert first.asnumpy().tolist() == [11.0, 22.0] and cell.traces == 1
    n = len(python_path_calls)
    outs = [cell(a, b) for _ in range(3)]
    assert len(python_path_calls) == n  # the C path: no Python key computed
    assert all(type(o) is ms.Tensor and o.asnumpy().tolist() == [11.0, 22.0] for o in outs)
    assert len({id(o._data) for o in outs}) == 3  # each call's result is its own array
    outs[0][0] = 5.0  # writing one result leaves the others
    assert outs[1].asnumpy().tolist() == [11.0, 22.0]
    a[0] = 2.0  # an input written between calls is read again
    assert cell(a, b).asnumpy().tolist() == [12.0, 22.0]
    assert cell.traces == 1


def test_new_shapes_and_dtypes_compile_and_old_ones_still_run():
    cell = Add()
    assert cell(_t([1.0]), _t([2.0])).asnumpy().tolist() == [3.0]
    out = cell(_t([[1.0, 2.0]]), _t([[3.0, 4.0]]))
    assert out.shape == (1, 2) and out.asnumpy().tolist() == [[4.0, 6.0]]
    out = cell(_t([1.0], np.float64), _t([2.0], np.float64))
    assert out.dtype == ms.float64 and out.asnumpy().tolist() == [3.0]
    out = cell(_t([1], np.int32), _t([2], np.int32))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [3]
    assert cell.traces == 4
    for _ in range(2):  # back and forth between signatures: no new compile
        assert cell(_t([1.0]), _t([2.0])).asnumpy().tolist() == [3.0]
        assert cell(_t([1], np.int32), _t([5], np.int32)).asnumpy().tolist() == [6]
    assert cell.traces == 4


def test_other_layouts_parameters_keywords_and_bad_arity():
    cell = Add()
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert cell(_t(a), _t(a)).asnumpy().tolist() == (2 * a).tolist()
    fortran = ms.Tensor._make(np.asfortranarray(a))
    assert cell(fortran, _t(a)).asnumpy().tolist() == (2 * a).tolist()
    p = ms.Parameter(_t(a), name="p")
    assert cell(p, _t(a)).asnumpy().tolist() == (2 * a).tolist()
    assert cell(a=_t(a), b=_t(a)).asnumpy().tolist() == (2 * a).tolist()
    with pytest.raises(TypeError):
        cell(_t(a))


def test_training_flag_and_parameter_updates():
    cell = Scaled()
    x = _t([1.0, 1.0])
    assert cell(x).asnumpy().tolist() == [2.0, 3.0]
    cell.w.set_data(_t([4.0, 5.0]))
    assert cell(x).asnumpy().tolist() == [4.0, 5.0]
    ops.assign(cell.w, _t([6.0, 7.0]))
    assert cell(x).asnumpy().tolist() == [6.0, 7.0]
    cell.set_train(True)
    assert cell(x).asnumpy().tolist() == [7.0, 8.0]
    cell.set_train(False)
    assert cell(x).asnumpy().tolist() == [6.0, 7.0]


def test_hooks_added_later_run():
    cell = Add()
    a, b = _t([1.0]), _t([2.0])
    cell(a, b)
    cell(a, b)
    seen = []
    handle = cell.register_forward_hook(lambda c, inputs, out: seen.append(out.asnumpy()[0]))
    assert cell(a, b).asnumpy().tolist() == [3.0] and seen == [3.0]
    handle.remove()
    cell(a, b)
    assert seen == [3.0]


def test_pynative_mode_runs_construct_each_call():
    cell = Add()
    a, b = _t([1.0]), _t([2.0])
    cell(a, b)
    cell(a, b)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    cell(a, b)
    cell(a, b)
    assert cell.traces == 3
    ms.set_context(mode=ms.GRAPH_MODE)
    assert cell(a, b).asnumpy().tolist() == [3.0] and cell.traces == 3


def test_inside_a_traced_cell_and_under_gradients():
    inner = Scaled()
    x = _t([1.0, 2.0])
    inner(x)
    inner(x)

    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = inner

        def construct(self, x):
            return self.inner(x) * 2

    assert Outer()(x).asnumpy().tolist() == [4.0, 12.0]
    grad = ms.grad(lambda v: inner(v).sum())(x)
    assert grad.asnumpy().tolist() == [2.0, 3.0]
    loss, grads = ms.value_and_grad(lambda v: inner(v).sum(), None, inner.trainable_params())(x)
    assert loss.asnumpy().tolist() == 8.0 and grads[0].asnumpy().tolist() == [1.0, 2.0]
    assert inner(x).asnumpy().tolist() == [2.0, 6.0]


def test_profiler_sees_each_run(monkeypatch):
    cell = Add()
    a, b = _t([1.0]), _t([2.0])
    cell(a, b)
    cell(a, b)
    runs = []

    class Recorder:
        def run_program(self, program, arrays):
            runs.append(program.name)
            return program._idle[0].run(arrays, [])

    monkeypatch.setattr(executor_module, "PROFILER", Recorder())
    assert cell(a, b).asnumpy().tolist() == [3.0]
    assert runs == ["Add"]


def test_threads_each_get_their_results():
    cell = Add()
    results, errors = {}, []

    def work(k):
        try:
            a, b = _t([float(k)] * 3), _t([1.0] * 3)
            results[k] = [cell(a, b).asnumpy().tolist() for _ in range(200)]
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for k in range(4):
        assert all(r == [k + 1.0] * 3 for r in results[k])


def test_fast_call_checks_its_signature():
    cell = Add()
    a, b = _t([1.0, 2.0]), _t([3.0, 4.0])
    cell(a, b)
    call = cell._fast_programs.last
    assert call((a, b), False).asnumpy().tolist() == [4.0, 6.0]
    assert call((a, b), True) is NotImplemented  # the training flag of its key
    assert call((a,), False) is NotImplemented
    assert call((a, _t([1.0])), False) is NotImplemented
    assert call((a, _t([1, 2], np.int32)), False) is NotImplemented
    assert call((a, ms.Parameter(b, name="q")), False) is NotImplemented
    assert call((a, 1.0), False) is NotImplemented
