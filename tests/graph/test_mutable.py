"""ms.mutable: marked scalars (alone or in a tuple/list) are variable graph inputs, fed as 0-d
tensors: a GRAPH_MODE Cell or ms.jit function compiles once for all their values and gives
PYNATIVE_MODE's results; unmarked scalars stay constants (one compile per value)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import nn, ops
from mindcell.common.mutable import MutableBool, MutableFloat, MutableInt


class _Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.seen = []

    def construct(self, x, s):
        self.seen.append((isinstance(s, ms.Tensor), getattr(s, "dtype", type(s))))
        return x * s


class _Pair(nn.Cell):
    def construct(self, x, pair):
        return x * pair[0] + pair[1]


X = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def _compiles(cell):
    return cell.__dict__["_graph_cache"].compiles


@pytest.mark.parametrize("values, dtype", [((2, 3, -7), ms.int64),
                                           ((0.5, 2.25, -1.0), ms.float32),
                                           ((True, False), ms.bool_)])
def test_cell_compiles_once_per_dtype(graph, values, dtype):
    net = _Scale()
    for v in values:
        out = net(X, ms.mutable(v))
        np.testing.assert_array_equal(out.asnumpy(), X.asnumpy() * v)
    assert _compiles(net) == 1
    assert net.seen == [(True, dtype)]  # traced once, the scalar a 0-d tensor in the graph


def test_unmarked_scalars_stay_constants(graph):
    net = _Scale()
    for v in (2, 3, 4):
        net(X, v)
    assert _compiles(net) == 3 and net.seen == [(False, int)] * 3


@pytest.mark.parametrize("make", [tuple, list])
def test_sequence_of_scalars(graph, make):
    net = _Pair()
    for a, b in ((2.0, 1.0), (3.5, -1.0), (0.0, 4.0)):
        out = net(X, ms.mutable(make((a, b))))
        np.testing.assert_allclose(out.asnumpy(), X.asnumpy() * a + b)
    assert _compiles(net) == 1


def test_int_and_float_compile_separately(graph):
    net = _Scale()
    net(X, ms.mutable(2))
    net(X, ms.mutable(2.0))
    net(X, ms.mutable(5))
    assert _compiles(net) == 2


def test_jit_function_compiles_once():
    @ms.jit
    def f(x, n):
        return ops.exp(x) * n
    for n in (1.0, 2.0, 3.5):
        np.testing.assert_allclose(f(X, ms.mutable(n)).asnumpy(), np.exp(X.asnumpy()) * n,
                                   rtol=1e-6)
    assert f.cache.compiles == 1


@settings(max_examples=25, deadline=None)
@given(st.one_of(st.integers(-1000, 1000), st.floats(-1e3, 1e3, allow_nan=False)))
def test_graph_equals_pynative(v):
    net = _Scale()
    old = ms.get_context("mode")
    try:
        ms.set_context(mode=ms.PYNATIVE_MODE)
        eager = net(X, ms.mutable(v)).asnumpy()
        ms.set_context(mode=ms.GRAPH_MODE)
        compiled = net(X, ms.mutable(v)).asnumpy()
    finally:
        ms.set_context(mode=old)
    np.testing.assert_allclose(compiled, eager, rtol=1e-6)


def test_marked_values_behave_as_numbers_in_pynative():
    i, f, b = ms.mutable(3), ms.mutable(1.5), ms.mutable(True)
    assert (type(i), type(f), type(b)) == (MutableInt, MutableFloat, MutableBool)
    assert i == 3 and i + 1 == 4 and f * 2 == 3.0 and b == 1 and bool(b)
    assert ms.mutable((1, 2.0)) == (1, 2.0) and ms.mutable([1, (2,)]) == [1, (2,)]
    assert ms.mutable({"a": 1})["a"] == 1
    t = ms.Tensor([1.0])
    assert ms.mutable(t) is t


@pytest.mark.parametrize("bad", ["x", None, 1j, (1, "a"), [None]])
def test_bad_inputs(bad):
    with pytest.raises(TypeError, match="mutable: 'input_data'"):
        ms.mutable(bad)
