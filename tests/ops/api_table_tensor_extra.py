"""api_table rows for the Tensor methods and properties of mindcell/ops/tensor_methods_extra.py
(paired reductions, index writes, shape helpers, byte/storage views, random fills, the CPU's
device no-ops) and ops.move_to. Byte and storage views exist only eagerly: their rows are
"datadep" (GRAPH_MODE gives the eager result or refuses naming the line)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import Op, R, M, S

NG = dict(grad=False)
Z = dict(z=True)


def _on_copy(name, *args, **kw):
    """``y = x * 1; y.<name>(*args, **kw)``: the written copy and the returned self."""
    def fn(x, *ts):
        y = x * 1
        out = getattr(y, name)(*ts, *args, **kw)
        return y, out
    return fn


def _index_copy(x, t):
    y = x * 1
    out = y.index_copy_(0, ms.Tensor(np.array([2, 0], np.int64)), t)
    return y, out


def _index_put(accumulate):
    def fn(x, v):
        rows = ms.Tensor(np.array([0, 1, 0], np.int32))
        cols = ms.Tensor(np.array([2, 0, 2], np.int32)) if accumulate else \
            ms.Tensor(np.array([2, 0, 1], np.int32))
        return x.index_put((rows, cols), v, accumulate)
    return fn


def _bytes_round_trip(x):
    return ms.Tensor.convert_bytes_to_tensor(x.get_bytes(), x.shape, x.dtype) * 2


def _data(x):
    """``data`` reads in both modes (MindSpore 2.10 compiles ``a.data * 3``); the setter is
    eager only (tests/compat/test_ms_examples_rest_r7.py)."""
    y = x * 1
    return y.data * 3, y.data.sum(axis=0)


def _const_arg(x):
    y = x * 2
    out = y.set_const_arg(False)
    return out * int(not y.const_arg)


ROWS = [
    R("Tensor.H", lambda x: x.H, S), R("Tensor.mH", lambda x: x.mH, (2, 3, 4)),
    R("Tensor.mH", lambda x: x.mH, S),
    M("argmax_with_value", S), M("argmax_with_value", S, kw=dict(axis=1, keep_dims=True)),
    M("argmax_with_value", S, kw=dict(axis=None), **Z),
    M("argmin_with_value", S), M("argmin_with_value", S, kw=dict(axis=-1)),
    M("argmin_with_value", S, kw=dict(axis=None), **Z),
    M("median", S), M("median", (3, 4), kw=dict(axis=0, keepdims=True)),
    M("median", (3, 4), kw=dict(dim=1)),
    R("Tensor.choose", lambda i, a, b: i.choose((a, b)), ("int", S, 2), S, S),
    R("Tensor.choose", lambda i, a, b: i.choose([a, b], mode="wrap"), ("int", S, 5), S, (3,)),
    M("fill_diagonal", (3, 3), args=(7.0,)), M("fill_diagonal", (5, 2), args=(-1.0, True)),
    M("fill_diagonal", (3, 3, 3), args=(0.5,)), M("fill_diagonal", ("int", S, 7), args=(9,)),
    R("Tensor.index_put", _index_put(False), S, (3,)),
    R("Tensor.index_put", _index_put(True), S, (1,)),
    R("Tensor.index_copy_", _index_copy, (3, 2), (2, 2)),
    M("itemset", S, args=(4, 2.5)), M("itemset", S, args=((1, 0), -0.5)),
    M("itemset", ("int", S, 7), args=(0, 3)), M("itemset", (1,), args=(1.5,)),
    M("resize", S, args=(2, 2)), M("resize", S, args=((4, 2),)), M("resize", S, args=(7,)),
    M("sum_to_size", (2, 3, 4), args=(3, 1)), M("sum_to_size", S, args=((1, 3),)),
    M("sum_to_size", S, args=(2, 3)),
    R("Tensor.data", _data, S, fd="detached: MindSpore 2.10 gives x.data no gradient in either "
      "mode (ms-oracle), so the gradient is zero, not the derivative"),
    M("move_to", S, args=("CPU",), **Z), Op("move_to", S, kw=dict(to="CPU"), **Z),
    R("Tensor.is_pinned", lambda x: x * int(x.is_pinned() + 1), S),
    R("Tensor.is_shared", lambda x: x * int(x.is_shared() + 2), S),
    R("Tensor.set_const_arg", _const_arg, S),
    R("Tensor.get_bytes", lambda x: x * len(x.get_bytes()), S, kind="datadep"),
    R("Tensor.convert_bytes_to_tensor", _bytes_round_trip, S, kind="datadep"),
    R("Tensor.storage_offset", lambda x: x * (x[1:].storage_offset() + 1), S, kind="datadep"),
    R("Tensor.cauchy", lambda x: x.cauchy(), S, kind="random"),
    R("Tensor.cauchy", lambda x: x.cauchy(2, 0.5), ("int", S, 7), kind="random"),
    R("Tensor.log_normal", lambda x: x.log_normal(), S, kind="random"),
    R("Tensor.log_normal", lambda x: x.log_normal(0.0, 0.5), S, kind="random"),
    R("Tensor.random_", _on_copy("random_", 0, 5), S, kind="random"),
    R("Tensor.random_", _on_copy("random_", -3, 3), ("int", S, 7), kind="random"),
]
