"""api_table rows for the ops functions generated from Tensor methods
(mindcell/ops/function/method_func.py): each face called as ``ops.<name>(x, ...)``, in-place faces
on a copy (so both modes and gradients see the write)."""

import numpy as np

from mindcell import Tensor, ops

from api_table import M, R, Op, S

NG = dict(grad=False)


def _copy_then(name, *args):
    def fn(x):
        y = x * 1
        return y, getattr(ops, name)(y, *args)
    return fn


ROWS = [
    R("ops.addbmm", lambda i, a, b: ops.addbmm(i, a, b, beta=0.5, alpha=2), (2, 2),
      (3, 2, 4), (3, 4, 2)),
    R("ops.addmm", lambda i, a, b: ops.addmm(i, a, b, beta=0.5), (2, 2), (2, 3), (3, 2)),
    R("ops.addmv", lambda i, a, v: ops.addmv(i, a, v, alpha=2), (2,), (2, 3), (3,)),
    R("ops.baddbmm", lambda i, a, b: ops.baddbmm(i, a, b, 0.5, 2), (3, 2, 2), (3, 2, 4),
      (3, 4, 2)),
    R("ops.bincount", lambda x: ops.bincount(x, minlength=5), ("int", (6,), 4), kind="datadep"),
    R("ops.clamp_", _copy_then("clamp_", -0.5, 0.5), S, **NG),
    R("ops.count_nonzero", lambda x: ops.count_nonzero(x, axis=1), ("int", S, 2), **NG),
    R("ops.diagonal", lambda x: ops.diagonal(x, 1, 2, 0), (3, 2, 4)),
    R("ops.erfinv_", _copy_then("erfinv_"), ("prob", S), **NG),
    R("ops.expand", lambda x: ops.expand(x, (2, 4, 3)), (4, 1)),
    R("ops.expand_as", lambda x, y: ops.expand_as(x, y), (1, 3), (2, 3), probe=1),
    Op("fliplr", S), Op("flipud", S),
    R("ops.histc", lambda x: ops.histc(x, 4, -1.0, 1.0), S, **NG),
    R("ops.hsplit", lambda x: ops.hsplit(x, [1]), (2, 3)),
    R("ops.index_fill", lambda x, i: ops.index_fill(x, 1, i, -1.0), S, ("int", (2,), 3)),
    R("ops.index_select", lambda x, i: ops.index_select(x, 0, i), (3, 4), ("int", (5,), 3)),
    Op("inner", S, S),
    R("ops.is_complex", lambda x: x * int(ops.is_complex(x) + 1), S),
    R("ops.is_floating_point", lambda x: x * int(ops.is_floating_point(x) + 1), S),
    R("ops.isneginf", lambda x: ops.isneginf(-1 / (x * 0)), S, **NG),
    R("ops.isposinf", lambda x: ops.isposinf(1 / (x * 0)), S, **NG),
    R("ops.isreal", lambda x: ops.isreal(x), S, **NG),
    R("ops.moveaxis", lambda x: ops.moveaxis(x, (0, 1), (2, 0)), (2, 3, 4)),
    R("ops.msort", lambda x: ops.msort(x), (4, 3), **NG),
    R("ops.nansum", lambda x: ops.nansum(x, 1, True), S),
    R("ops.normal_", _copy_then("normal_", 1.0, 0.5), S, kind="random"),
    R("ops.numel", lambda x: x * ops.numel(x), S),
    R("ops.rot90", lambda x: ops.rot90(x, 3, [1, 0]), S),
    Op("t", S),
    R("ops.tanh_", _copy_then("tanh_"), S, **NG),
    R("ops.type_as", lambda x, i: ops.type_as(i, x), S, ("int", S, 3), **NG),
    R("ops.unbind", lambda x: ops.unbind(x, 1), S),
    R("ops.uniform_", _copy_then("uniform_", -1.0, 1.0), S, kind="random"),
    R("ops.view_as", lambda x, y: ops.view_as(x, y), (2, 3), (3, 2), probe=1),
    R("ops.vsplit", lambda x: ops.vsplit(x, 2), (4, 3)),
    R("ops.zero_", _copy_then("zero_"), S, **NG),
]

# Tensor methods generated from ops functions (method_func.FUNCTIONS_AS_METHODS)
ROWS += [
    R("Tensor.aminmax", lambda x: x.aminmax(axis=1), ("away", S)),
    R("Tensor.dsplit", lambda x: x.dsplit([1]), (2, 2, 3)),
    M("fmax", ("away", S), ("away", S)), M("fmin", ("away", S), ("away", S)),
    R("Tensor.fold", lambda x: x.fold((3, 3), 2), (1, 4, 4)),
    M("hardshrink", ("away", S), kw=dict(lambd=0.2)),
    R("Tensor.igamma", lambda a, x: a.igamma(x), ("pos", S), ("pos", S), grad=False, f16=False),
    M("imag", S, **NG), M("real", S),
    R("Tensor.ldexp", lambda x: x.ldexp(Tensor(np.array([1, 0, -1], np.int32))), S),
    R("Tensor.multinomial", lambda p: p.multinomial(2, False), ("prob", S), kind="random"),
    R("Tensor.top_k", lambda x: x.top_k(2)[0], ("away", S)),
]
