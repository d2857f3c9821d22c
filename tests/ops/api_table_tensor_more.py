"""api_table rows for the Tensor methods of mindcell/ops/tensor_methods_more.py: in-place
methods (written on a copy, so both modes and gradients see the recorded update), aliases,
constructors and views."""
import numpy as np

import mindcell as ms

from api_table import R, M, S

NG = dict(grad=False)
Z = dict(z=True)
IDX2 = ("int", (2, 1), 3, np.int64)


def _on_copy(name, *args, **kw):
    """``y = x * 1; y.<name>(*tensors, *args, **kw)``: the written copy and the returned self."""
    def fn(x, *ts):
        y = x * 1
        out = getattr(y, name)(*ts, *args, **kw)
        return y, out
    return fn


def _view_write(x):
    """A view taken before an in-place write sees it, in both modes."""
    y = x * 1
    v = y[0]
    y.mul_(2)
    v.add_(1)
    return y, v


def _copy_into(x):
    y = ms.ops.zeros((2, 3), x.dtype)
    y.copy_(x)
    return y * x


def _in(name, *specs, args=(), kw=None, **flags):
    return R("Tensor." + name, _on_copy(name, *args, **(kw or {})), *specs, **flags)


ROWS = [
    # in place
    _in("add_", S, S, **Z), _in("add_", S, (3,), kw=dict(alpha=2)), _in("add_", S, args=(1.5,)),
    _in("sub_", S, S, kw=dict(alpha=0.5), **Z), _in("mul_", S, S, **Z),
    _in("mul_", ("int", S, 7), args=(3,)),
    _in("div_", S, ("away", S), **Z), _in("div_", S, args=(4,), kw=dict(rounding_mode="floor"),
                                          **NG),
    _in("clamp_", S, args=(-0.5, 0.5), **Z), _in("exp_", S, **Z), _in("log_", ("pos", S), **Z),
    _in("tanh_", S, **Z), _in("sigmoid_", S, **Z), _in("floor_", S, **NG), _in("sign_", S, **NG),
    _in("masked_fill_", S, ("bool", S), args=(0.5,)),
    R("Tensor.index_add_", lambda x, i, s: _on_copy("index_add_", alpha=2)(x, 1, i, s), (3, 2),
      ("int", (2,), 2), (3, 2)),
    R("Tensor.scatter_", lambda x, i, s: _on_copy("scatter_")(x, 1, i, s), S, IDX2, (2, 1)),
    R("Tensor.scatter_", lambda x, i: _on_copy("scatter_")(x, 1, i, 7.0), S, IDX2),
    R("Tensor.scatter_", lambda x, i, s: _on_copy("scatter_", reduce="add")(x, 1, i, s), S,
      IDX2, (2, 1)),
    R("Tensor.copy_", _copy_into, S), R("Tensor.copy_", _copy_into, (3,)),
    R("Tensor.mul_", _view_write, S), R("Tensor.add_", _view_write, S),
    R("Tensor.uniform_", _on_copy("uniform_", 2, 3), S, kind="random"),
    R("Tensor.normal_", _on_copy("normal_", 1, 0.5), S, kind="random"),
    R("Tensor.uniform", lambda x: x.uniform(-1, 1), S, kind="random"),
    # new tensors, aliases, views
    M("fill", S, args=(2.5,), **Z), M("fill", ("int", S, 7), args=(2.5,)),
    M("new_zeros", S, args=((2, 2),), **NG), M("new_ones", S, args=(3,), kw=dict(dtype=ms.int32)),
    M("new_full", S, args=((2,), 4)), M("value", S, **Z), M("t", S), M("t", (3,)),
    M("take", S, ("int", (4,), 6)), M("take", S, ("int", (2,), 9), kw=dict(axis=1, mode="wrap")),
    M("type", S, args=(ms.float64,), **Z), R("Tensor.type", lambda x: x * len(x.type()), S),
    M("type_as", S, ("int", S, 7)), M("type_as", ("int", S, 7), S),
    M("select", (2, 3, 4), args=(1, -1)),
    R("Tensor.index_select", lambda x, i: x.index_select(0, i), (3, 4), ("int", (5,), 3)),
    M("diagonal", (3, 4)), M("diagonal", (3, 4), args=(1,)), M("diagonal", (2, 3, 3),
                                                                 args=(-1, 1, 2)),
    M("mm", S, (3, 4)), M("view_as", (6,), S), M("reshape_as", (6,), (3, 2)),
    *[M(n, S, S, **Z) for n in ("eq", "ne", "ge", "gt", "lt", "le", "greater_equal",
                                "less_equal", "multiply")],
    M("absolute", ("away", S), **Z), M("negative", S, **Z),
    R("Tensor.inverse", lambda x: (x + ms.ops.eye(3, 3, ms.float32) * 4).inverse(), (3, 3)),
    M("tril", S), M("tril", (3, 3), args=(-1,)), M("triu", S, args=(1,)),
    R("Tensor.masked_select", lambda x, m: x.masked_select(m), S, ("bool", S), kind="datadep"),
    R("Tensor.unique", lambda x: x.unique(return_inverse=True, return_counts=True),
      ("int", (6,), 4), kind="datadep"),
    R("Tensor.searchsorted", lambda x, v: ms.ops.sort(x)[0].searchsorted(v), (5,), (3,), **NG),
    R("Tensor.stride", lambda x: x.stride(), S, **NG),
    R("Tensor.requires_grad_", lambda x: (x.requires_grad_(), x * 2)[1], S),
    R("Tensor.flush_from_cache", lambda x: (x.flush_from_cache(), x * 2)[1], S),
    R("Tensor.data_sync", lambda x: (x.data_sync(), x * 2)[1], S, kind="datadep"),
    R("Tensor.from_numpy", lambda x: x * ms.Tensor.from_numpy(np.ones((2, 3), np.float32)), S),
    R("Tensor.device", lambda x: x * len(x.device), S),
]


def _hooked(x):
    y = x * 2
    y.register_hook(lambda g: g * 10)
    handle = y.register_hook(lambda g: g + 1)
    z = y * y
    handle.remove()
    return z.sum()


ROWS.append(R("Tensor.register_hook", lambda x: ms.ops.grad(_hooked)(x), S, kind="datadep"))

# MindSpore's Tensor spellings of existing ops
SQ = ("pos", (3, 3))
ROWS += [
    M("bmm", (2, 3, 4), (2, 4, 2)),
    R("Tensor.det", lambda x: (x * x.mT + x.mT).det(), (3, 3), f16=False),
    R("Tensor.matrix_determinant", lambda x: (x * x.mT).matrix_determinant(), (3, 3),
      f16=False),
    M("diag", (3,)), M("divide", S, ("away", S)),
    M("divide", S, args=(0.7,), kw=dict(rounding_mode="floor"), **NG),
    M("subtract", S, S, kw=dict(alpha=2), **Z), M("gather_nd", S, ("int", (4, 2), 2)),
    M("invert", ("int", S, 7), **Z), M("logical_xor", ("bool", S), ("bool", S), **Z),
    M("movedim", (2, 3, 4), args=(0, 2)), M("moveaxis", (2, 3, 4), args=(-1, 0)),
    M("swapdims", (2, 3, 4), args=(0, 2)), M("reverse", S, args=([1],)),
    M("roll", S, args=(1, 1)), M("roll", S, args=(2,)),
    R("Tensor.scatter_add", lambda x, i, s: x.scatter_add(1, i, s), S, IDX2, (2, 1)),
    M("tensor_split", (4, 3), args=(2,)), M("tensor_split", (4, 3), args=([1, 2], 1)),
    R("Tensor.cholesky", lambda x: (x.mm(x.t()) + ms.ops.eye(3, 3, x.dtype)).cholesky(), (3, 3),
      f16=False),
    R("Tensor.svd", lambda x: x.svd(compute_uv=False), (3, 2), f16=False),
    R("Tensor.reverse_sequence", lambda x, n: x.reverse_sequence(n, 1), S,
      ("int", (2,), 3, np.int64)),
    M("msort", S, **NG), R("Tensor.ndimension", lambda x: x * x.ndimension(), S),
    M("byte", ("int", S, 7)), M("short", ("int", S, 7)), M("short", S, **NG),
    M("isposinf", S), M("isneginf", S), M("fliplr", S), M("flipud", S),
]

# MindSpore's Tensor spellings of mint functions
ROWS += [
    M("addbmm", (2, 2), (3, 2, 4), (3, 4, 2), kw=dict(beta=2, alpha=0.5)),
    M("addmm", (2, 2), (2, 3), (3, 2), kw=dict(alpha=2)),
    M("addmv", (2,), (2, 3), (3,), kw=dict(beta=0.5)),
    M("baddbmm", (3, 2, 2), (3, 2, 4), (3, 4, 2)),
    R("Tensor.allclose", lambda x, y: x.allclose(y), S, S, kind="datadep"),
    M("count_nonzero", ("int", S, 3)), M("count_nonzero", ("int", S, 3), args=(1,)),
    R("Tensor.histc", lambda x: x.histc(4, -1, 1), S, **NG),
    M("nansum", S, args=(1,)), M("unbind", S, args=(1,)),
    M("ptp", S), M("ptp", S, args=(1,)),
]


def _fill_diag(x):
    y = x * 1
    y.fill_diagonal_(2.5, wrap=True)
    return y


ROWS += [
    M("rot90", (2, 3, 4), args=(1, [0, 2])), M("rot90", S, args=(-1, (1, 0))),
    M("rot90", S, args=(2, [0, 1])),
    R("Tensor.masked_scatter", lambda x, m, s: x.masked_scatter(m, s), S, ("bool", S), (6,)),
    R("Tensor.index_fill", lambda x, i: x.index_fill(1, i, 0.5), S, ("int", (2,), 3)),
    R("Tensor.index_fill_", lambda x, i: _on_copy("index_fill_")(x, 0, i, -1.0), S,
      ("int", (1,), 2)),
    R("Tensor.fill_diagonal_", _fill_diag, (5, 3)),
    M("new_empty", S, args=((2, 2),), **NG),
    _in("floor_divide_", S, args=(0.7,), **NG), _in("remainder_", S, args=(0.7,), **NG),
    _in("erfinv_", ("prob", S)),
    R("Tensor.is_complex", lambda x: x * int(x.is_complex() + 1), S),
    M("isreal", S, **Z),
]

ROWS += [
    M("bincount", ("int", (6,), 4)),
    M("bincount", ("int", (6,), 4), (6,), fd="Float32 result (as MindSpore) for any weights"),
    M("kthvalue", S, args=(2, 1)), M("hsplit", (2, 4), args=(2,)),
    M("vsplit", (4, 3), args=(2,)),
    M("inner", S, (4, 3)),
]
