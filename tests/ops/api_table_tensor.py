"""api_table rows for public Tensor methods, properties and operators."""
import numpy as np

import mindcell as ms

from api_table import R, M, S

NG = dict(grad=False)
Z = dict(z=True)
BOOL_S, INT_S = ("bool", S), ("int", S, 7)

# Tensor names that are not ops: Python object protocol and Parameter/jit attributes.
EXEMPT_TENSOR = {
    "__init__", "__new__", "__repr__", "__str__", "__format__", "__hash__", "__copy__",
    "__deepcopy__", "__reduce__", "__getattr__", "__dict__", "__doc__", "__module__", "__slots__",
    "__weakref__", "__array_priority__",
    "init", "const_arg",  # attributes (initializer of a lazy Parameter; jit constant marker)
}


def _assign_then_write(x, v):
    """assign_value gives new storage: a view taken before it keeps the old values."""
    y = x * 1
    before = y[0]
    y.assign_value(v)
    y[1] = before * 2
    return y, before


def _setitem(index):
    def fn(x, *vs):
        y = x * 1
        y[index] = vs[0] if vs else 2.0
        return y
    return fn


def _fill(x):
    y = x * 1
    y.fill_(1.5)
    return y


def _zero(x):
    y = x + 1
    y.zero_()
    return y


def _meta(name):
    return R("Tensor." + name, lambda x: getattr(x, name), S, **NG)


def _meta_call(name):
    return R("Tensor." + name, lambda x: getattr(x, name)(), S, **NG)


TENSOR_ROWS = [
    # operators
    *[M(n, S, S, **Z) for n in ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__",
                                "__rmul__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__",
                                "__ge__")],
    *[M(n, S, ("away", S), **Z) for n in ("__truediv__", "__floordiv__", "__mod__")],
    *[M(n, ("away", S), S, **Z) for n in ("__rtruediv__", "__rfloordiv__", "__rmod__")],
    M("__pow__", ("pos", S), S, **Z), M("__rpow__", S, ("pos", S), **Z),
    M("__matmul__", S, (3, 4)), M("__rmatmul__", (3, 4), S),
    *[M(n, INT_S, INT_S, **Z) for n in ("__and__", "__rand__", "__or__", "__ror__", "__xor__",
                                        "__rxor__")],
    *[M(n, BOOL_S, BOOL_S, **Z) for n in ("__and__", "__or__", "__xor__")],
    M("__invert__", INT_S, **Z), M("__invert__", BOOL_S, **Z),
    *[M(n, ("away", S), **Z) for n in ("__neg__", "__abs__", "__pos__")],
    R("Tensor.__add__", lambda x: x + 1.5, S, **Z),
    R("Tensor.__radd__", lambda x: 2 + x, INT_S, **Z),
    R("Tensor.__rsub__", lambda x: 1.0 - x, S, **Z),
    R("Tensor.__rtruediv__", lambda x: 1.0 / x, ("away", S), **Z),
    R("Tensor.__pow__", lambda x: x ** 2, S, **Z),
    R("Tensor.__rpow__", lambda x: 2.0 ** x, S, **Z),
    # mixed dtypes: the promotion rule must be the same in both modes
    *[M(n, INT_S, S, **Z) for n in ("__add__", "__mul__", "__truediv__", "__lt__")],
    *[M(n, BOOL_S, S, **Z) for n in ("__add__", "__sub__")],
    M("__add__", S, ("int", S, 7, np.int64), **Z), M("__add__", INT_S, ("int", S, 7, np.int64)),
    R("Tensor.__add__", lambda x, y: x + y.double(), S, S, **Z),
    R("Tensor.__mul__", lambda x, y: x.half() * y, S, S, fd="x.half() rounds away the step", **Z),
    R("Tensor.__truediv__", lambda x: x / 2, INT_S, **Z),
    R("Tensor.__floordiv__", lambda x: -x // 4, INT_S),
    R("Tensor.__mod__", lambda x: -x % 4, INT_S), R("Tensor.__add__", lambda x: x + True, BOOL_S),
    R("Tensor.__getitem__", lambda x: x[1], S),
    R("Tensor.__getitem__", lambda x: x[:, ::2], S),
    R("Tensor.__getitem__", lambda x: x[None, ..., -1], S),
    R("Tensor.__getitem__", lambda x, i: x[i], (3, 2), ("int", (4,), 3)),
    R("Tensor.__getitem__", lambda x, i: x[:, i], (2, 3), ("int", (2, 2), 3)),
    R("Tensor.__setitem__", _setitem((0, 1)), S),
    R("Tensor.__setitem__", _setitem((slice(None), 1)), S, (2,)),
    R("Tensor.__setitem__", _setitem(Ellipsis), S, S),
    R("Tensor.__setitem__", lambda x, m: _setitem(m)(x), S, BOOL_S),
    R("Tensor.__setitem__", lambda x, m, v: _setitem(m)(x, v), S, BOOL_S, ()),
    R("Tensor.__setitem__", lambda x, i, v: _setitem(i)(x, v), (3, 2), ("int", (2,), 3),
      (2, 2)),
    R("Tensor.__len__", lambda x: len(x), S, **NG),
    R("Tensor.__iter__", lambda x: list(x), S),
    # value reading: GRAPH_MODE must refuse
    *[R("Tensor." + n, fn, a, kind="datadep") for n, fn, a in [
        ("__bool__", lambda x: bool(x), ()), ("__float__", lambda x: float(x), ()),
        ("__int__", lambda x: int(x), ()), ("__index__", lambda x: [0, 1, 2][x], ("int", (), 3)),
        ("__array__", lambda x: np.asarray(x), S), ("item", lambda x: x.item(), ()),
        ("asnumpy", lambda x: x.asnumpy(), S), ("numpy", lambda x: x.numpy(), S),
        ("tolist", lambda x: x.tolist(), S), ("data_ptr", lambda x: x.data_ptr(), S),
        ("nonzero", lambda x: x.nonzero(), S), ("argwhere", lambda x: x.argwhere(), S)]],
    # metadata
    *[_meta(n) for n in ("shape", "dtype", "ndim", "size", "itemsize", "nbytes", "strides",
                         "has_init")],
    *[_meta_call(n) for n in ("dim", "numel", "nelement", "element_size", "is_contiguous",
                              "is_floating_point", "is_signed")],
    R("Tensor.T", lambda x: x.T, S), R("Tensor.mT", lambda x: x.mT, (2, 3, 4)),
    M("init_data", S), M("contiguous", S), M("clone", S, **Z), M("copy", S, **Z),
    R("Tensor.set_dtype", lambda x: (x * 1).set_dtype(ms.float64), S),
    R("Tensor.set_dtype", lambda x: (x * 1).set_dtype(ms.float16) * 2, S,
      fd="rounds to Float16: float64 steps vanish below its precision"),
    R("Tensor.assign_value", lambda x, v: (x * 1).assign_value(v), S, S),
    R("Tensor.assign_value", lambda x: (x * 1).assign_value([[0.5] * 3] * 2) * x, S),
    R("Tensor.assign_value", lambda x, v: _assign_then_write(x, v), S, S),
    # in place
    R("Tensor.fill_", _fill, S, **Z), R("Tensor.zero_", _zero, S, **Z),
    # unary methods
    *[M(n, S, **Z) for n in ("ceil", "cos", "erf", "exp", "floor", "neg", "round", "sign", "sin",
                             "sigmoid", "square", "tanh")],
    *[M(n, ("away", S), **Z) for n in ("abs", "reciprocal", "relu")],
    *[M(n, ("pos", S), **Z) for n in ("log", "log1p", "rsqrt", "sqrt")],
    *[M(n, S, **Z) for n in ("isfinite", "isinf", "isnan")],
    M("logical_not", BOOL_S, **Z), M("bitwise_not", INT_S, **Z),
    *[M(n, S, **Z) for n in ("double", "int", "long", "bool")],
    *[M(n, S, fd="a narrowing cast rounds away the step", **Z) for n in ("float", "half")],
    M("astype", S, args=(ms.int32,), **Z),
    M("astype", S, args=("float16",), fd="a narrowing cast rounds away the step"),
    M("to", S, args=(ms.float64,), **Z),
    R("Tensor.view", lambda x: x.view(3, 2), S),
    R("Tensor.view", lambda x: x.view(ms.int32), (2, 4)),
    # binary methods
    *[M(n, S, S, **Z) for n in ("add", "sub", "mul", "maximum", "minimum", "equal", "not_equal",
                                "less", "greater")],
    M("div", S, ("away", S), **Z), M("pow", ("pos", S), S, **Z),
    *[M(n, BOOL_S, BOOL_S, **Z) for n in ("logical_and", "logical_or")],
    *[M(n, INT_S, INT_S, **Z) for n in ("bitwise_and", "bitwise_or", "bitwise_xor")],
    M("lerp", S, S, S, **Z), M("matmul", S, (3, 2)), M("dot", (3,), (3,)),
    M("outer", (2,), (3,)),
    R("Tensor.where", lambda x, c, y: x.where(c, y), S, BOOL_S, S, **Z),
    M("masked_fill", S, BOOL_S, args=(0.5,), **Z),
    M("clamp", S, args=(-0.5, 0.5), **Z), M("clip", S, args=(None, 0.2), **Z),
    # reductions
    *[M(n, S, **Z) for n in ("sum", "mean", "max", "min", "amax", "amin", "prod", "std", "var",
                             "norm", "argmax", "argmin")],
    *[M(n, S, args=(1,)) for n in ("sum", "mean", "max", "min", "amax", "amin", "prod", "std",
                                   "var", "logsumexp", "cumsum", "argmin")],
    M("sum", S, kw=dict(axis=0, keepdims=True)), M("argmax", S, kw=dict(axis=1, keepdims=True)),
    M("std_mean", S, kw=dict(axis=1)), M("var_mean", S, args=(0, 1)),
    M("cumsum", S), M("norm", S, args=(2, 1)),
    *[M(n, BOOL_S, **Z) for n in ("all", "any")], M("any", BOOL_S, args=(1, True)),
    M("softmax", S), M("softmax", S, args=(0,)),
    # shape
    M("reshape", S, args=(3, 2)), M("reshape", S, args=((-1,),)), M("ravel", S),
    M("transpose", (2, 3, 4)), M("transpose", (2, 3, 4), args=(1, 0, 2)),
    M("permute", (2, 3, 4), args=((2, 1, 0),)), M("swapaxes", (2, 3, 4), args=(0, 2)),
    M("flatten", (2, 3, 2)), M("flatten", (2, 3, 2), kw=dict(start_dim=1)),
    M("squeeze", (2, 1, 3)), M("squeeze", (2, 1, 3), args=(1,)),
    M("expand_dims", S, args=(-1,), **Z), M("unsqueeze", S, args=(0,), **Z),
    M("broadcast_to", S, args=((2, 2, 3),)), M("expand", (2, 1), args=(2, 3)),
    M("expand_as", (2, 1), S), M("tile", S, args=((2, 2),)), M("flip", S, args=(1,)),
    M("narrow", (4, 3), args=(0, 1, 2)), M("repeat", S, args=(2,)), M("repeat", S, args=(2, 1)),
    M("repeat_interleave", S, args=(2, 0)),
    M("split", (4, 3), args=(2,)), M("chunk", (4, 3), args=(2, 1)),
    M("sort", S), M("sort", S, args=(0, True)), M("argsort", S, **NG), M("topk", (2, 5), args=(2,)),
    M("gather", (3, 2), ("int", (4,), 3), args=(0,)),
    R("Tensor.gather_elements", lambda x, i: x.gather_elements(1, i), S, ("int", (2, 2), 3)),
    R("Tensor.index_add", lambda x, i, y: x.index_add(i, y, 0), (3, 2), ("int", (2,), 3),
      (2, 2)),
    R("Tensor.scatter", lambda x, i, s: x.scatter(1, i, s), (2, 3), ("int", (2, 1), 3, np.int64),
      (2, 1)),
]
