"""The hot paths read the calling thread's tapes as ``autodiff._state.tapes``; the public
``autodiff.tapes`` property is the same list, per thread, and both see what ``grad`` records
(a Cell with a custom bprop and a setitem on a tracked tensor take their taping paths)."""
import threading

import numpy as np

import mindcell as ms
from mindcell import nn, ops
from mindcell._core import autodiff
from mindcell.ops.defs._util import records_backward


def test_property_is_the_threads_state_list():
    assert autodiff.tapes is autodiff._state.tapes
    seen = {}

    def run():
        seen["lists"] = (autodiff.tapes, autodiff._state.tapes)

    t = threading.Thread(target=run)
    t.start()
    t.join()
    assert seen["lists"][0] is seen["lists"][1]
    assert seen["lists"][0] is not autodiff.tapes


class _Doubled(nn.Cell):
    """Forward x * 3, custom bprop 2 * dout: the bprop is used only while taping."""

    def construct(self, x):
        return x * 3.0

    def bprop(self, x, out, dout):
        return (dout * 2.0,)


def test_taping_paths_follow_the_state():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    flags = []

    def fn(v):
        flags.append((bool(autodiff._state.tapes), records_backward()))
        y = _Doubled()(v)
        y[0] = y[0] * 5.0  # setitem on a tracked tensor is recorded
        return y.sum()

    g = ops.grad(fn)(x)
    np.testing.assert_allclose(g.asnumpy(), [10.0, 2.0])
    assert flags == [(True, True)]
    assert not autodiff._state.tapes and not records_backward()
    np.testing.assert_allclose(_Doubled()(x).asnumpy(), [3.0, 6.0])
