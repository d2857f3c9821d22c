"""``break`` and ``continue`` in construct's loops on tensors: GRAPH_MODE lowers them into
loop-carried flags (``graph.rewrite``) and gives PYNATIVE_MODE's results, gradients included."""
import contextlib
import gc
import importlib.util
import weakref

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


class WhileBreak(nn.Cell):
    def construct(self, x):
        n = 0
        while x.sum() < 100:
            x = x * 2
            if x.max() <= 20:
                n = n + 1
            else:
                break
        return x, n


class WhileContinue(nn.Cell):
    def construct(self, x):
        s = x * 0
        while x.sum() < 60:
            x = x + 1
            if x.min() < 4:
                continue
            s = s + x
        return x, s


class BreakAndContinue(nn.Cell):
    def construct(self, x):
        n = 0
        while x.sum() < 100:
            x = x * 2
            if x.max() > 20:
                break
            n = n + 1
            if x.min() < 3:
                continue
            x = x + 1
        return x, n


class WhileTrue(nn.Cell):
    def construct(self, x):
        while True:
            x = x * 1.5
            if x.sum() > 50:
                break
        return x


class ForTensorRange(nn.Cell):
    def construct(self, x, k):
        s = x * 0
        for i in range(k):
            if s.sum() > 10:
                break
            s = s + x * i
        return s, i


class ForPythonRange(nn.Cell):
    def construct(self, x, k):
        for i in range(6):
            if i % 2 == 1:
                continue  # a Python condition: plain Python
            x = x + i
            if x.sum() > k.sum():
                break  # a tensor condition: later iterations do nothing
        return x, i


class Nested(nn.Cell):
    def construct(self, x):
        n = 0
        while x.sum() < 80:
            while x.max() < 10:
                x = x + 3
                if x.min() > 4:
                    break
            x = x * 2
            n = n + 1
            if n > 2:
                break
        return x, n


CASES = [  # (cell, arguments)
    (WhileBreak, ([1.0, 2.0],)), (WhileBreak, ([0.1, 0.2],)), (WhileBreak, ([90.0, 20.0],)),
    (WhileContinue, ([1.0, 2.0],)), (WhileContinue, ([9.0, 2.0],)),
    (BreakAndContinue, ([1.0, 2.0],)), (BreakAndContinue, ([0.5, 0.25],)),
    (WhileTrue, ([1.0, 2.0],)), (WhileTrue, ([40.0, 20.0],)),
    (ForTensorRange, ([1.0, 2.0], 6)), (ForTensorRange, ([1.0, 2.0], 3)),
    (ForTensorRange, ([5.0, 9.0], 1)),
    (ForPythonRange, ([1.0, 2.0], [5.0])), (ForPythonRange, ([1.0, 2.0], [50.0])),
    (Nested, ([1.0, 2.0],)), (Nested, ([0.0, 0.5],)), (Nested, ([70.0, 20.0],)),
]


def _tensors(args):
    return [ms.Tensor(np.array(a)) for a in args]


def _flat(out):
    out = out if isinstance(out, tuple) else (out,)
    return [np.asarray(o.asnumpy() if isinstance(o, ms.Tensor) else o) for o in out]


@pytest.mark.parametrize("make,args", CASES)
def test_graph_mode_equals_pynative(make, args):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    eager = _flat(make()(*_tensors(args)))
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = _flat(make()(*_tensors(args)))
    assert len(graph) == len(eager)
    for g, e in zip(graph, eager):
        np.testing.assert_array_equal(g, e)


def test_tensor_dependent_break_makes_one_while_node():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = BreakAndContinue()
    net(*_tensors(([1.0, 2.0],)))
    names = [n.prim.name for n in net._compile_cache["graph"].last_compiled.graph.nodes]
    assert names.count("While") == 1


class LossBreak(nn.Cell):
    def construct(self, x, w):
        while x.sum() < 100:
            x = x * w
            if x.max() > 30:
                break
            x = x + 1
        return (x * x).sum()


@pytest.mark.parametrize("x", [[1.0, 2.0], [5.0, 1.0], [200.0, 1.0]])
def test_gradient_through_break_equals_pynative(x):
    grads = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        g = ops.grad(LossBreak(), (0, 1))(*_tensors((x, [1.5, 2.5])))
        grads.append([t.asnumpy() for t in g])
    for g, e in zip(grads[1], grads[0]):
        np.testing.assert_allclose(g, e, rtol=1e-12)


class BreakInWith(nn.Cell):  # a jump inside ``with`` is not lowered: traced by value
    def construct(self, x):
        while x.sum() < 100:
            x = x + 1
            with contextlib.nullcontext():
                if x.max() > 50:
                    break
        return x


class ReturnInLoop(nn.Cell):
    def construct(self, x):
        while x.sum() < 10:
            x = x * 2
            if x.max() > 3:
                return x
        return x


@pytest.mark.parametrize("make", [BreakInWith, ReturnInLoop])
def test_jumps_the_loop_lowering_skips_are_traced_by_value(make):
    # Jumps inside ``with`` or a ``return`` in a loop are not lowered to loop nodes: the
    # tracer follows the branches the call's values take, guards the compiled graph on them
    # and traces again for other values (176e479), so the results are PYNATIVE_MODE's.
    inputs = ([1.0, 2.0], [30.0, 40.0], [0.5, 0.1])
    want = [make()(ms.Tensor(np.array(x))).asnumpy() for x in inputs]
    ms.set_context(mode=ms.GRAPH_MODE)
    cell = make()
    for x, w in zip(inputs, want):
        np.testing.assert_array_equal(cell(ms.Tensor(np.array(x))).asnumpy(), w)


_DOUBLING = """
from mindcell import nn


class Doubling(nn.Cell):
    def construct(self, x):
        while x.sum() < 100:
            x = x * 2
        return x
"""


def test_rewrite_leaves_the_users_function_unchanged_and_is_not_cached_for_ever(tmp_path):
    path = tmp_path / "doubling_cell.py"
    path.write_text(_DOUBLING)
    spec = importlib.util.spec_from_file_location("doubling_cell", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    ms.set_context(mode=ms.GRAPH_MODE)
    code = module.Doubling.construct.__code__
    for shape in (2, 3):  # a second signature rewrites again
        out = module.Doubling()(ms.Tensor(np.ones(shape)))
        np.testing.assert_array_equal(out.asnumpy(), np.full(shape, 64.0))
        assert module.Doubling.construct.__code__ is code
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(module.Doubling()(ms.Tensor(np.ones(2))).asnumpy(), [64, 64])
    ref = weakref.ref(code)
    del module, spec, code
    gc.collect()
    assert ref() is None
