"""``ms.jit`` functions called with Tensor arguments only find their program by the tensors'
shapes and dtypes (the fast path, as a GRAPH_MODE Cell's calls): it must give what the full
signature lookup gives for new shapes and dtypes, other layouts, values the trace read
(guards), Parameters, and keep ``cache.last_compiled`` the program that ran."""
import numpy as np

import mindcell as ms
from mindcell import ops


def _t(a):
    return ms.Tensor(np.asarray(a))


def test_fast_path_is_taken_and_keys_on_shapes_and_dtypes(monkeypatch):
    fn = ms.jit(lambda x, y: x * 2 + y)
    x32, y32 = _t(np.arange(3, dtype=np.float32)), _t(np.ones(3, np.float32))
    np.testing.assert_array_equal(fn(x32, y32).asnumpy(), [1, 3, 5])
    # a second call with these shapes and dtypes compiles nothing and skips the full lookup
    import mindcell.graph.jit as jit_module
    calls = []
    real = jit_module.compile_for
    monkeypatch.setattr(jit_module, "compile_for", lambda *a: calls.append(a) or real(*a))
    np.testing.assert_array_equal(fn(y32, x32).asnumpy(), [2, 3, 4])
    assert calls == []
    # another dtype or shape: the full lookup compiles a program of its own
    x64 = _t(np.arange(3, dtype=np.float64))
    out = fn(x64, x64)
    assert out.dtype == ms.float64 and out.asnumpy().tolist() == [0, 3, 6]
    out = fn(_t(np.ones((2, 2), np.float32)), _t(np.ones((2, 2), np.float32)))
    assert out.shape == (2, 2) and out.asnumpy().tolist() == [[3, 3], [3, 3]]
    assert len(calls) == 2 and len(fn.cache.entries) == 3
    assert fn.cache.last_compiled.graph.inputs[0].shape == (2, 2)
    fn(x64, x64)  # a fast call: last_compiled follows the program that ran
    assert fn.cache.last_compiled.graph.inputs[0].dtype == np.float64


def test_fast_path_checks_the_values_the_trace_read():
    @ms.jit
    def scale(x, n):
        return x * int(n)  # JIT Fallback: the trace reads n's value
    x = _t(np.ones(2, np.float32))
    assert scale(x, _t(np.array(2, np.int32))).asnumpy().tolist() == [2, 2]
    assert scale(x, _t(np.array(3, np.int32))).asnumpy().tolist() == [3, 3]
    assert scale(x, _t(np.array(2, np.int32))).asnumpy().tolist() == [2, 2]


def test_fast_path_with_other_layouts_parameters_and_keywords():
    fn = ms.jit(lambda x: ops.reshape(x, (-1,)) + 1)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(fn(_t(a)).asnumpy(), a.reshape(-1) + 1)
    view = ms.Tensor._make(a.T.copy().T)  # Fortran order: the reshape reads another layout
    assert not view._data.flags.c_contiguous
    np.testing.assert_array_equal(fn(view).asnumpy(), a.reshape(-1) + 1)
    np.testing.assert_array_equal(fn(_t(a)).asnumpy(), a.reshape(-1) + 1)
    p = ms.Parameter(_t(a), name="p")
    np.testing.assert_array_equal(fn(p).asnumpy(), a.reshape(-1) + 1)
    kw = ms.jit(lambda x, y=1.0: x + y)
    one = _t(np.ones(2, np.float32))
    assert kw(one).asnumpy().tolist() == [2, 2]
    assert kw(one, y=5.0).asnumpy().tolist() == [6, 6]
    assert kw(one).asnumpy().tolist() == [2, 2]
