"""Writes that PYNATIVE_MODE makes in place reach the same tensors in GRAPH_MODE, over three
cached calls: (1) tensors that are neither construct's arguments nor Parameters (a plain
Tensor attribute, a registered buffer, a tensor a ``ms.jit`` function captured), which the
compiled graph takes as extra inputs each call instead of freezing their first values; (2)
Parameters written inside tensor-dependent ``if`` / ``while`` regions, versioned so reads
before, inside and after the region see the right values."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor


def _modes(run):
    """``run()`` in PYNATIVE_MODE and in GRAPH_MODE; the two results."""
    results = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            results.append(run())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    return results


def _assert_same(eager, graph):
    assert len(eager) == len(graph)
    for i, (a, b) in enumerate(zip(eager, graph)):
        np.testing.assert_allclose(b, a, rtol=1e-6, err_msg="result %d" % i)


# ----- (1) tensors construct writes ---------------------------------------------------------
class _Holder(nn.Cell):
    def __init__(self, body, register):
        super().__init__()
        buf = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        if register:
            self.register_buffer("buf", buf)
        else:
            self.buf = buf
        self.body = body

    def construct(self, x):
        return self.body(self, x)


def _write_then_read(s, x):
    a = s.buf * 1
    s.buf[0] = s.buf[0] + x[0]
    return a, s.buf * 1


def _view_write(s, x):
    v = s.buf[1]
    v[1:] = x[1, 1:] * 2
    return s.buf + 0


def _reshape_view_write(s, x):
    r = s.buf.reshape(-1)
    r[0] = r[5] + x[0, 0]
    return s.buf * 1, r * 1


def _accumulate(s, x):
    s.buf[...] = s.buf * 0.5 + x
    return s.buf.sum()


def _write_only(s, x):
    s.buf[1, 2] = x[0, 0]
    return x * 2


BODIES = {f.__name__.lstrip("_"): f for f in (
    _write_then_read, _view_write, _reshape_view_write, _accumulate, _write_only)}


@pytest.mark.parametrize("register", [False, True], ids=["attribute", "buffer"])
@pytest.mark.parametrize("name", sorted(BODIES))
def test_writes_into_cell_tensors_agree_across_modes(name, register):
    def run():
        cell = _Holder(BODIES[name], register)
        out = []
        for k in range(3):
            res = cell(Tensor(np.full((2, 3), 1.0 + k, np.float32)))
            out += [o.asnumpy().copy() for o in (res if isinstance(res, tuple) else (res,))]
        return out + [cell.buf.asnumpy().copy()]
    _assert_same(*_modes(run))


def test_writes_into_a_closure_tensor_of_a_jit_function_agree_across_modes():
    def run():
        t = Tensor(np.ones(3, np.float32))
        other_view = t[1:]  # made outside: still a view of t after the compiled writes

        @ms.jit
        def f(x):
            y = t * 1
            t[1] = t[1] + x[0]
            return y + t

        out = [f(Tensor(np.full(3, k, np.float32))).asnumpy() for k in range(3)]
        return out + [t.asnumpy().copy(), other_view.asnumpy().copy()]
    _assert_same(*_modes(run))


def test_written_cell_tensor_is_a_graph_input_not_a_constant():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        cell = _Holder(_accumulate, False)
        cell(Tensor(np.ones((2, 3), np.float32)))
        graph = cell._compile_cache["graph"].last_compiled.graph
        assert graph.state_tensors == (cell.buf,)
        assert not any(np.shares_memory(c.const, cell.buf._data) for c in graph.consts)
        cell.buf[...] = 10.0  # an eager write between calls is read by the next call
        out = cell(Tensor(np.zeros((2, 3), np.float32)))
        assert float(out.asnumpy()) == pytest.approx(30.0)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_tensors_created_in_construct_are_not_state():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        def body(s, x):
            y = ops.zeros((2, 3), ms.float32)
            y[0] = x[0]
            return y
        cell = _Holder(body, False)
        for k in range(2):
            out = cell(Tensor(np.full((2, 3), k, np.float32)))
            np.testing.assert_array_equal(out.asnumpy(), [[k] * 3, [0] * 3])
        assert cell._compile_cache["graph"].last_compiled.graph.state_tensors == ()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_reshape_of_a_non_contiguous_argument_is_a_copy_in_both_modes():
    class Net(nn.Cell):
        def construct(self, x):
            r = x.reshape(-1)
            r[0] = 100.0
            return r * 1

    def run():
        net, out = Net(), []
        for transposed in (False, True, False):
            base = np.arange(6, dtype=np.float32).reshape(2, 3)
            x = Tensor(base.T.copy().T if transposed else base.copy())
            out += [net(x).asnumpy(), x.asnumpy().copy()]
        return out
    _assert_same(*_modes(run))


# ----- (2) Parameters written in tensor-dependent regions -----------------------------------
class _OneParameter(nn.Cell):
    """A cell with one Parameter ``p`` of three ``fill`` values."""
    fill = 0.0

    def __init__(self):
        super().__init__()
        self.p = Parameter(Tensor(np.full(3, self.fill, np.float32)), name="p")


class _IfAssign(_OneParameter):
    fill = 1.0

    def construct(self, x):
        before = self.p * 1
        if x.sum() > 0:
            ops.assign(self.p, x * 2)
            inside = self.p + 1
        else:
            inside = self.p - 1
        return before, inside, self.p * 1


class _WhileAccumulate(_OneParameter):
    def construct(self, x):
        before = self.p * 1
        i = ops.zeros((), ms.int32)
        while i < x.sum():
            ops.assign_add(self.p, x)
            i = i + 1
        return before, self.p * 1


@pytest.mark.parametrize("make, signs", [(_IfAssign, (1, -1, 1)),
                                         (_WhileAccumulate, (1, 2, 1))],
                         ids=["if_assign", "while_assign_add"])
def test_parameter_writes_in_regions_agree_across_modes(make, signs):
    def run():
        cell, out = make(), []
        for s in signs:
            out += [o.asnumpy().copy() for o in cell(Tensor(np.full(3, s, np.float32)))]
        return out + [cell.p.asnumpy().copy()]
    _assert_same(*_modes(run))


def test_region_write_versions_the_parameter_in_the_enclosing_graph():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        cell = _IfAssign()
        cell(Tensor(np.ones(3, np.float32)))
        graph = cell._compile_cache["graph"].last_compiled.graph
        (node,) = [n for n in graph.nodes if n.prim.name == "If"]
        assert node.prim.writes and graph.verify()
        assert any(n.prim.name == "UpdateState" for n in node.attrs["then"].nodes)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
