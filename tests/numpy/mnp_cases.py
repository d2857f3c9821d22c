"""The table of mindcell.numpy calls for tests/numpy/test_mnp.py: each case names the function,
its arguments (numpy arrays become Tensors of the dtype under test) and the numpy reference."""
import numpy as np

import mindcell as _ms

_rng = np.random.default_rng(0)


def A(*shape, low=-2.0, high=2.0):
    """A random float array (the dtype under test is applied later)."""
    return _rng.uniform(low, high, shape)


def P(*shape):
    """Positive values (logs, roots, powers)."""
    return A(*shape, low=0.5, high=2.0)


def U(*shape):
    """Values in (-0.9, 0.9) (arctanh)."""
    return A(*shape, low=-0.9, high=0.9)


def Idx(values):
    """An integer array kept as it is (indices)."""
    return ("int", np.asarray(values, np.int64))


def _vander(x, **kwargs):
    """numpy's vander in the input's dtype (numpy promotes float32 with its int powers)."""
    return np.vander(x, **kwargs).astype(x.dtype)


def _in_dtype(fn):
    """numpy's ``fn`` in the first input's dtype (numpy promotes float32 with its int
    arrays; MindSpore keeps float32)."""
    return lambda x, *args, **kwargs: fn(x, *args, **kwargs).astype(x.dtype)


def _int32(fn):
    """numpy's ``fn`` as Int32 (mindspore.numpy's index dtype)."""
    return lambda *args, **kwargs: np.asarray(fn(*args, **kwargs)).astype(np.int32)


def _counts_f32(a, bins, **kwargs):
    """numpy's histogram with Float32 counts (mindspore.numpy's) and the edges as they are."""
    hist, edges = np.histogram(a, bins, **kwargs)
    return hist.astype(np.float32), edges


def _with_nan(a):
    """``a`` with NaNs at fixed places (the nan reductions)."""
    a = a.copy()
    a.flat[::5] = np.nan
    return a


class Case:
    """``mnp.<name>(*args, **kwargs)`` against ``ref(*args, **kwargs)`` (numpy's function of the
    same name by default). ``grad``: differentiate with respect to the float array args.
    ``graph``: also compare a GRAPH_MODE run."""

    def __init__(self, name, args, kwargs=None, ref=None, grad=True, graph=True, tag=""):
        self.name, self.args, self.kwargs = name, list(args), kwargs or {}
        self.ref = ref if ref is not None else getattr(np, name)
        self.grad, self.graph, self.tag = grad, graph, tag

    @property
    def id(self):
        return self.name + (("-" + self.tag) if self.tag else "")


CASES = [
    # math, binary
    Case("add", [A(3, 4), A(4)]), Case("subtract", [A(3, 4), 1.5]),
    Case("multiply", [A(2, 3), A(2, 1)]), Case("divide", [A(3), P(3)]),
    Case("true_divide", [A(3), P(3)]), Case("floor_divide", [A(5) * 3, P(5)], grad=False),
    Case("power", [P(4), A(4)]), Case("remainder", [A(5) * 3, P(5)], grad=False),
    Case("mod", [A(5) * 3, P(5)], grad=False), Case("fmod", [A(6) * 3, P(6)], grad=False),
    Case("maximum", [A(5), A(5)]), Case("minimum", [A(5), A(5)]),
    Case("hypot", [A(4), A(4)]), Case("heaviside", [np.array([-1.0, 0.0, 2.0]), 0.5],
                                      grad=False),
    Case("logaddexp", [A(4), A(4)]),
    # math, unary
    Case("negative", [A(4)]), Case("positive", [A(4)]), Case("absolute", [A(4)]),
    Case("abs", [A(4)]), Case("fabs", [A(4)]), Case("square", [A(4)]),
    Case("sign", [A(4)], grad=False),
    Case("sqrt", [P(4)]), Case("cbrt", [A(4)]), Case("reciprocal", [P(4)]),
    Case("exp", [A(4)]), Case("exp2", [A(4)]), Case("expm1", [A(4)]), Case("log", [P(4)]),
    Case("log2", [P(4)]), Case("log10", [P(4)]), Case("log1p", [P(4)]),
    Case("sin", [A(4)]), Case("cos", [A(4)]), Case("tan", [U(4)]), Case("tanh", [A(4)]),
    Case("sinh", [A(4)]), Case("cosh", [A(4)]), Case("arcsinh", [A(4) * 3]),
    Case("arccosh", [P(4) + 1]), Case("arctanh", [U(4)]),
    Case("arcsin", [U(4)]), Case("arccos", [U(4)]), Case("arctan", [A(4) * 3]),
    Case("arctan2", [A(4), A(4)]), Case("arctan2", [A(2, 3), np.array([-1.0, 0.5, 2.0])],
                                        tag="broadcast"),
    Case("deg2rad", [A(3)]), Case("radians", [A(3)]), Case("rad2deg", [A(3)]),
    Case("degrees", [A(3)]), Case("floor", [A(4)], grad=False), Case("ceil", [A(4)], grad=False),
    Case("trunc", [A(4)], grad=False), Case("fix", [A(4)], grad=False),
    Case("rint", [A(4) * 3], grad=False),
    Case("around", [A(4) * 3], {"decimals": 1}, grad=False),
    Case("round", [A(4) * 3], grad=False),
    Case("clip", [A(6), -0.5, 0.5]),
    # reductions
    Case("sum", [A(3, 4)]), Case("sum", [A(3, 4)], {"axis": 1, "keepdims": True}, tag="axis"),
    Case("sum", [A(3, 4)], {"axis": 0, "initial": 2.0}, tag="initial"),
    Case("mean", [A(3, 4)], {"axis": (0, 1)}), Case("prod", [P(3, 2)], {"axis": 0}),
    Case("amax", [A(3, 4)], {"axis": 1}), Case("amin", [A(3, 4)]),
    Case("max", [A(3, 4)], {"axis": 0}), Case("min", [A(3, 4)], {"axis": -1}),
    Case("argmax", [A(3, 4)], grad=False), Case("argmin", [A(3, 4)], {"axis": 1}, grad=False),
    Case("var", [A(3, 4)], {"axis": 1, "ddof": 1}), Case("std", [A(3, 4)]),
    Case("average", [A(3, 4)], {"axis": 1, "weights": P(4)}),
    Case("nansum", [np.array([1.0, np.nan, 2.0])], grad=False),
    Case("nanmean", [np.array([[1.0, np.nan], [2.0, 4.0]])], {"axis": 1}, grad=False),
    Case("ptp", [A(3, 4)], {"axis": 1}), Case("count_nonzero", [np.array([0.0, 1.0, 2.0])],
                                              grad=False),
    Case("cumsum", [A(3, 4)], {"axis": 1}), Case("diff", [A(3, 5)], {"n": 2}),
    Case("diff", [A(5)], {"prepend": 0.0, "append": 1.0}, tag="pad",  # Python floats: the
         ref=lambda a, **k: np.diff(a, **k).astype(a.dtype)),  # tensor's dtype, not float64
    # products
    Case("matmul", [A(2, 3, 4), A(4, 2)]), Case("dot", [A(2, 3, 4), A(5, 4, 2)]),
    Case("dot", [A(3, 4), A(4)], tag="2d1d"), Case("vdot", [A(2, 3), A(3, 2)]),
    Case("inner", [A(2, 3), A(4, 3)]), Case("outer", [A(3), A(2, 2)]),
    Case("tensordot", [A(2, 3, 4), A(3, 4, 5)]),
    Case("tensordot", [A(2, 3, 4), A(4, 2)], {"axes": ((0, 2), (1, 0))}, tag="pairs"),
    Case("kron", [A(2, 2), A(2, 3)]), Case("trace", [A(3, 4)], {"offset": 1}),
    # shapes
    Case("reshape", [A(2, 6), (3, -1)]), Case("ravel", [A(2, 3)]),
    Case("transpose", [A(2, 3, 4)]), Case("transpose", [A(2, 3, 4), (1, 2, 0)], tag="axes"),
    Case("swapaxes", [A(2, 3, 4), 0, 2]), Case("moveaxis", [A(2, 3, 4), 0, -1]),
    Case("expand_dims", [A(2, 3), 1]), Case("squeeze", [A(2, 1, 3, 1)]),
    Case("concatenate", [[A(2, 3), A(1, 3)]]),
    Case("concatenate", [[A(2, 3), A(2, 2)]], {"axis": None}, tag="flat"),
    Case("stack", [[A(2, 3), A(2, 3)]], {"axis": 1}), Case("hstack", [[A(2, 3), A(2, 1)]]),
    Case("vstack", [[A(3), A(3)]]), Case("dstack", [[A(2, 3), A(2, 3)]]),
    Case("column_stack", [[A(3), A(3)]]),
    Case("split", [A(6, 2), 3]), Case("split", [A(6, 2), [1, 4]], tag="indices"),
    Case("array_split", [A(7), 3]), Case("hsplit", [A(2, 4), 2]), Case("vsplit", [A(4, 2), 2]),
    Case("tile", [A(2, 3), (2, 1, 2)]), Case("repeat", [A(2, 3), 2], {"axis": 1}),
    Case("repeat", [A(3), [1, 0, 2]], tag="counts"), Case("repeat", [A(2, 2), 2], tag="flat"),
    Case("broadcast_to", [A(3), (2, 3)]), Case("broadcast_arrays", [A(3, 1), A(4)]),
    Case("flip", [A(2, 3)]), Case("flip", [A(2, 3)], {"axis": 1}, tag="axis"),
    Case("fliplr", [A(2, 3)]), Case("flipud", [A(2, 3)]),
    Case("roll", [A(2, 5), 2], {"axis": 1}), Case("roll", [A(2, 3), -1], tag="flat"),
    Case("atleast_1d", [A()]), Case("atleast_2d", [A(3)]), Case("atleast_3d", [A(2, 3)]),
    # indexing and sorting
    Case("where", [np.array([True, False, True]), A(3), A(3)]),
    Case("where", [np.array([True, False]), A(2, 2), 0.0], tag="scalar"),
    Case("take", [A(3, 4), Idx([[0, 2], [1, 3]])], {"axis": 1}),
    Case("take", [A(6), Idx([0, 7, -9])], {"mode": "clip"}, tag="clip"),
    Case("take", [A(6), Idx([0, 7, -1])], {"mode": "wrap"}, tag="wrap"),
    Case("take_along_axis", [A(3, 4), Idx([[0], [3], [1]]), 1]),
    Case("sort", [A(3, 4)]), Case("sort", [A(3, 4)], {"axis": None}, tag="flat"),
    Case("argsort", [A(3, 4)], {"axis": 0}, grad=False),
    # logic
    Case("equal", [np.array([1.0, 2.0]), np.array([1.0, 3.0])], grad=False),
    Case("not_equal", [np.array([1.0, 2.0]), 2.0], grad=False),
    Case("less", [A(4), A(4)], grad=False), Case("less_equal", [A(4), 0.0], grad=False),
    Case("greater", [A(4), A(4)], grad=False), Case("greater_equal", [A(4), A(4)], grad=False),
    Case("logical_and", [A(4), A(4)], grad=False), Case("logical_or", [A(4), 0.0], grad=False),
    Case("logical_xor", [A(4), A(4)], grad=False), Case("logical_not", [A(4)], grad=False),
    Case("isnan", [np.array([1.0, np.nan, np.inf])], grad=False),
    Case("isinf", [np.array([1.0, np.nan, -np.inf])], grad=False),
    Case("isfinite", [np.array([1.0, np.nan, np.inf])], grad=False),
    Case("isposinf", [np.array([1.0, np.inf, -np.inf])], grad=False),
    Case("isneginf", [np.array([1.0, np.inf, -np.inf])], grad=False),
    # MindSpore's signbit is x < 0 (ms-oracle): False at -0.0, unlike numpy's bit test
    Case("signbit", [np.array([1.0, -0.0, -2.0, 0.0])], ref=lambda a: np.less(a, 0), grad=False),
    Case("isclose", [np.array([1.0, 2.0, np.inf, np.nan]),
                     np.array([1.0 + 1e-9, 2.1, np.inf, np.nan])], grad=False),
    Case("isclose", [np.array([1.0, np.nan]), np.array([1.0, np.nan])], {"equal_nan": True},
         grad=False, tag="nan"),
    Case("allclose", [np.array([1.0, 2.0]), np.array([1.0, 2.0 + 1e-9])], grad=False),
    Case("array_equal", [np.array([1.0, 2.0]), np.array([1.0, 2.0])], grad=False),
    Case("array_equiv", [np.array([1.0, 2.0]), np.array([[1.0, 2.0], [1.0, 2.0]])],
         grad=False),
    Case("all", [np.array([[1.0, 0.0], [2.0, 3.0]])], {"axis": 1}, grad=False),
    Case("any", [np.array([[1.0, 0.0], [0.0, 0.0]])], {"axis": 0}, grad=False),
    # creation from tensors
    Case("tril", [A(3, 4)], {"k": -1}), Case("triu", [A(4, 3)], {"k": 1}),
    Case("diag", [A(3)], {"k": -1}), Case("diag", [A(3, 4)], {"k": 1}, tag="extract"),
    Case("meshgrid", [A(3), A(2)]), Case("meshgrid", [A(3), A(2)], {"indexing": "ij"},
                                         tag="ij"),
    Case("full_like", [A(2, 3), 7.0], grad=False), Case("ones_like", [A(2, 3)], grad=False),
    Case("zeros_like", [A(2, 3)], grad=False),
    Case("empty_like", [A(2, 3)], ref=np.zeros_like, grad=False),
    Case("array", [A(2, 3)], {"ndmin": 3}), Case("asarray", [A(3)]),
    Case("linspace", [A(2), A(2) + 3, 4], {"axis": 1}, tag="tensor"),
]

# Creation from Python arguments: (call, numpy reference, the mindcell dtype name expected).
CREATION = [
    ("ones", ((2, 3),), {}, np.ones((2, 3)), "Float32"),
    ("ones", (4,), {"dtype": "int32"}, np.ones(4), "Int32"),
    ("zeros", ((2,),), {}, np.zeros(2), "Float32"),
    ("empty", ((2, 2),), {}, np.zeros((2, 2)), "Float32"),
    ("full", ((2, 2), 3), {}, np.full((2, 2), 3), "Int32"),
    ("full", ((2, 2), 1.5), {}, np.full((2, 2), 1.5), "Float32"),
    ("full", ((2, 2), [1, 2]), {}, np.full((2, 2), [1, 2]), "Int32"),
    ("full", ((2,), True), {}, np.full(2, True), "Bool"),
    ("arange", (5,), {}, np.arange(5), "Int32"),
    ("arange", (1, 2, 0.25), {}, np.arange(1, 2, 0.25), "Float32"),
    ("arange", (5, 0, -2), {}, np.arange(5, 0, -2), "Int32"),
    ("arange", (3,), {"dtype": "float64"}, np.arange(3.0), "Float64"),
    ("linspace", (0, 1, 5), {}, np.linspace(0, 1, 5), "Float32"),
    ("linspace", (0, 1, 4), {"endpoint": False}, np.linspace(0, 1, 4, endpoint=False),
     "Float32"),
    ("logspace", (0, 2, 3), {}, np.logspace(0, 2, 3), "Float32"),
    ("logspace", (1, 3, 3), {"base": 2.0}, np.logspace(1, 3, 3, base=2.0), "Float32"),
    ("eye", (3,), {"k": 1}, np.eye(3, k=1), "Float32"),
    ("eye", (2, 4), {"dtype": "int32"}, np.eye(2, 4), "Int32"),
    ("identity", (3,), {}, np.identity(3), "Float32"),
    ("tri", (3, 4), {"k": 1}, np.tri(3, 4, 1), "Float32"),
    ("asarray", ([1, 2, 3],), {}, np.array([1, 2, 3]), "Int32"),
    ("asarray", ([[1.0, 2.0]],), {}, np.array([[1.0, 2.0]]), "Float32"),
    ("asarray", (np.arange(3.0),), {}, np.arange(3.0), "Float64"),
    ("asarray", (np.arange(3),), {}, np.arange(3), "Int64"),
    ("asarray", (2.5,), {}, np.asarray(2.5), "Float32"),
    ("asarray", ([True, False],), {}, np.array([True, False]), "Bool"),
    ("array", ([1, 2],), {"dtype": "float64"}, np.array([1.0, 2.0]), "Float64"),
    ("asfarray", ([1, 2],), {}, np.array([1.0, 2.0]), "Float32"),
    ("asfarray", ([1, 2],), {"dtype": "int32"}, np.array([1.0, 2.0]), "Float32"),
    # integer and bool sums are Int64 and integer means truncate, as mindspore.numpy 2.10
    ("sum", ([1, 2, 3],), {}, np.asarray(6), "Int64"),
    ("sum", ([True, True],), {}, np.asarray(2), "Int64"),
    ("mean", ([1, 2],), {}, np.asarray(1), "Int32"),
    ("mean", ([-1, -2, -2],), {}, np.asarray(-1), "Int32"),
    ("var", ([[1, 2], [3, 4]],), {}, np.asarray(1.5), "Float32"),
    ("divide", ([1, 2], 2), {}, np.array([0.5, 1.0]), "Float32"),
    ("add", (1, 2), {}, np.asarray(3), "Int32"),
    # windows (Float32) and float_power (every dtype computes in Float32, as MindSpore 2.10)
    ("bartlett", (6,), {}, np.bartlett(6), "Float32"),
    ("geomspace", (1, 1000, 4), {}, np.geomspace(1, 1000, 4), "Float32"),
    ("geomspace", (-2, -32, 5), {"dtype": "int32"}, np.geomspace(-2, -32, 5), "Int32"),
    ("geomspace", ([1.0, 2.0], [8.0, 32.0], 3), {"axis": 1},
     np.geomspace([1.0, 2.0], [8.0, 32.0], 3, axis=1), "Float32"),
    ("blackman", (7,), {}, np.blackman(7), "Float32"),
    ("hamming", (6,), {}, np.hamming(6), "Float32"),
    ("hanning", (5,), {}, np.hanning(5), "Float32"),
    ("hanning", (0,), {}, np.hanning(0), "Float32"),
    ("float_power", (_ms.Tensor(np.array([1.5, 2.0, 4.0])), _ms.Tensor(np.array([2.0, -1.0, 0.5]))),
     {}, np.float_power([1.5, 2.0, 4.0], [2.0, -1.0, 0.5]), "Float32"),
    ("sqrt", ([4, 9],), {}, np.array([2.0, 3.0]), "Float32"),
    ("exp", ([0.0],), {"dtype": "float64"}, np.array([1.0]), "Float64"),
    ("equal", ([1, 2], [1, 3]), {}, np.array([True, False]), "Bool"),
    ("isnan", ([1, 2],), {}, np.array([False, False]), "Bool"),
    ("argmax", ([1, 3, 2],), {}, np.asarray(1), "Int64"),
    ("argmin", ([1, 3, 2],), {}, np.asarray(0), "Int32"),
    ("cumsum", ([[1, 2], [3, 4]],), {}, np.array([1, 3, 6, 10]), "Int32"),
    ("trace", ([[1, 2], [3, 4]],), {}, np.asarray(5), "Int64"),
    ("trace", ([[True, False], [False, True]],), {}, np.asarray(True), "Bool"),
    ("count_nonzero", ([[1, 0], [3, 4]],), {}, np.asarray(3), "Int32"),
    # element-wise dtype rules of mindspore.numpy 2.10 (tests/goldens/numpy_dtypes)
    ("add", (np.array([1.0], np.float16), 1.5), {}, np.array([2.5]), "Float32"),
    ("add", ([True, False], 2), {}, np.array([3, 2]), "Int32"),
    ("maximum", ([1, 3], 2.5), {}, np.array([2, 3]), "Int32"),
    ("minimum", (np.array([1.0, 3.0], np.float16), 2.5), {}, np.array([1.0, 2.5]), "Float16"),
    ("heaviside", ([-1, 0, 2], 5), {}, np.array([0, 5, 1]), "Int32"),
    ("sin", (np.array([0, 1], np.int8),), {}, np.sin([0.0, 1.0]).astype(np.float16),
     "Float16"),
    ("sin", ([0, 1],), {}, np.sin([0.0, 1.0]), "Float32"),
    ("arctan2", (np.array([1], np.uint8), np.array([1], np.uint8)), {},
     np.float16([np.pi / 4]), "Float16"),
    ("sign", ([-3, 0, 2],), {}, np.array([-1.0, 0.0, 1.0]), "Float32"),
    ("reciprocal", ([1, 2, -1, 0],), {}, np.array([1, 0, -1, 2 ** 31 - 1]), "Int32"),
    ("exp2", ([3, -1],), {}, np.array([8, 0]), "Int32"),
    ("exp2", ([3.0, -1.0],), {}, np.array([8.0, 0.5]), "Float32"),
    ("around", ([12, -7], 1), {}, np.array([12, -7]), "Int64"),  # Python ints: Int64 here
    ("around", (np.array([12, -7], np.int32), 1), {}, np.array([12, -7]), "Int32"),
    ("ceil", (np.array([1.5], np.float16),), {}, np.array([2.0]), "Float32"),
    ("cbrt", (np.array([-8.0], np.float16),), {}, np.array([-2.0]), "Float32"),
    ("cumsum", (np.array([1, -2], np.int8),), {}, np.array([1, -1]), "Int32"),
    ("nansum", ([1, 2],), {}, np.asarray(3), "Int32"),
    ("average", ([1, 2, 4], None, [1, 1, 1]), {}, np.asarray(2), "Int32"),
]

# norm, pad, cross, cumprod, copy (mindcell/numpy/tail_ops.py; random arrays:
# tests/compat/test_tail_names.py)
CASES += [
    Case("norm", [A(3, 4)], ref=np.linalg.norm),
    Case("norm", [A(3, 4), 1], ref=np.linalg.norm, tag="ord1"),
    Case("norm", [A(3, 4), np.inf], {"axis": 1}, ref=np.linalg.norm, tag="inf-axis"),
    Case("norm", [A(3, 4), 3], {"axis": 0, "keepdims": True}, ref=np.linalg.norm, tag="ord3"),
    Case("pad", [A(3, 4), ((1, 2), (2, 0))], {"constant_values": 2}, tag="constant"),
    Case("pad", [A(3, 4), 2], {"mode": "reflect"}, tag="reflect"),
    Case("pad", [A(3, 4), ((2, 3), (1, 1))], {"mode": "symmetric", "reflect_type": "odd"},
         tag="symmetric-odd"),
    Case("pad", [A(3, 4), 3], {"mode": "wrap"}, tag="wrap"),
    Case("pad", [A(3, 4), 2], {"mode": "edge"}, tag="edge"),
    Case("pad", [A(3, 4), 2], {"mode": "mean", "stat_length": 2}, tag="mean"),
    Case("pad", [A(3, 4), 1], {"mode": "maximum"}, tag="maximum"),
    Case("pad", [A(3, 4), 2], {"mode": "linear_ramp", "end_values": 1}, tag="linear-ramp"),
    Case("cross", [A(4, 3), A(4, 3)]),
    Case("cross", [A(3, 4), A(3, 4)], {"axis": 0}, tag="axis0"),
    Case("cumprod", [A(2, 3)]), Case("cumprod", [A(2, 3)], {"axis": 1}, tag="axis1"),
    Case("copy", [A(2, 3)]),
    # more_ops: bitwise (integer inputs), gcd/lcm, copysign, divmod
    Case("bitwise_and", [Idx([12, -7, 5]), Idx([8, 3, -4])], grad=False),
    Case("bitwise_or", [Idx([12, -7, 5]), Idx([8, 3, -4])], grad=False),
    Case("bitwise_xor", [Idx([12, -7, 5]), Idx([8, 3, -4])], grad=False),
    Case("bitwise_not", [Idx([0, 5, -3])], ref=np.invert, grad=False),
    Case("invert", [Idx([0, 5, -3])], grad=False),
    Case("gcd", [Idx([12, -7, 6, 0, 9]), Idx([8, 3, -4, 5, 0])], grad=False),
    Case("lcm", [Idx([12, -7, 6, 0, 9]), Idx([8, 3, -4, 5, 0])], grad=False),
    Case("copysign", [A(5), A(5)]),
    Case("divmod", [A(5) * 3, P(5)], grad=False),
    # more_arrays (size, isscalar and the index tables: tests/numpy/test_more_ops.py)
    Case("append", [A(2, 3), A(1, 3)], {"axis": 0}), Case("append", [A(2, 3), A(4)], tag="flat"),
    Case("diagonal", [A(2, 3, 4)], {"offset": 1, "axis1": 2, "axis2": 0}),
    Case("diagonal", [A(3, 4)], {"offset": -1}, tag="below"),
    Case("diagflat", [A(2, 2)], {"k": 1}),
    Case("rot90", [A(2, 3, 4)], {"k": 1, "axes": (2, 0)}),
    Case("rot90", [A(3, 4)], {"k": 3}, tag="k3"), Case("rot90", [A(3, 4)], {"k": -2}, tag="k-2"),
    Case("rollaxis", [A(2, 3, 4)], {"axis": 2, "start": 1}),
    Case("rollaxis", [A(2, 3, 4)], {"axis": 0, "start": 3}, tag="last"),
    Case("dsplit", [A(1, 2, 4), 2]), Case("dsplit", [A(1, 2, 4), [1, 3]], tag="indices"),
    Case("sometrue", [np.array([[1.0, 0.0], [0.0, 0.0]])], {"axis": 1}, ref=np.any,
         grad=False),
    Case("ediff1d", [A(2, 3)], {"to_begin": 1.0, "to_end": [2.0, 3.0]}),
    Case("vander", [A(4)], {"N": 3}, ref=_vander),
    Case("vander", [A(3)], {"increasing": True}, ref=_vander, tag="inc"),
    # more_math (promote_types, result_type, array_str: tests/numpy/test_more_ops.py)
    Case("nanmax", [_with_nan(A(3, 4))], {"axis": 1}), Case("nanmin", [_with_nan(A(3, 4))]),
    Case("nancumsum", [_with_nan(A(3, 4))], {"axis": 0}),
    Case("nanvar", [_with_nan(A(3, 4))], {"axis": 1, "ddof": 1}),
    Case("nanstd", [_with_nan(A(3, 4))], {"axis": (0, 1), "keepdims": True}),
    Case("polyadd", [A(3), A(2)]), Case("polysub", [A(2), A(4)]), Case("polymul", [A(3), A(2)]),
    Case("polyval", [A(3), A(4)]),
    Case("polyder", [A(4)], {"m": 2}, ref=_in_dtype(np.polyder)),
    Case("polyint", [A(3)], {"m": 2, "k": [1.0, 2.0]}, ref=_in_dtype(np.polyint)),
    Case("trapz", [A(3, 4)], ref=np.trapezoid),
    Case("trapz", [A(3, 4), np.sort(A(3))], {"axis": 0}, ref=np.trapezoid, tag="x"),
    Case("multi_dot", [[A(2, 3), A(3, 4), A(4)]], ref=np.linalg.multi_dot),
    Case("searchsorted", [np.sort(A(6)), A(4)], {"side": "right"}, grad=False),
    # more_index (unravel_index, ravel_multi_index, ix_, apply_*: tests/numpy/test_more_ops.py)
    Case("isin", [np.array([[1.0, 5.0], [4.0, 2.0]]), np.array([1.0, 2.0, 9.0])], grad=False),
    Case("in1d", [np.array([[1.0, 5.0], [4.0, 2.0]]), np.array([1.0, 2.0])], grad=False,
         ref=lambda a, b: np.isin(a.ravel(), b)),
    Case("digitize", [A(6), np.array([-1.0, 0.0, 1.5])], ref=_int32(np.digitize), grad=False),
    Case("digitize", [A(6), np.array([1.5, 0.0, -1.0])], {"right": True},
         ref=_int32(np.digitize), grad=False, tag="decreasing"),
    Case("select", [[A(4) > 0, A(4) > 0.5], [A(4), A(4)]], {"default": 0.5}, grad=False,
         ref=lambda conds, choices, **kw: np.select([c != 0 for c in conds], choices, **kw)),
    Case("choose", [Idx([0, 2, 1, 1]), [A(4), A(4), A(4)]], grad=False),
    Case("unwrap", [A(6) * 4]), Case("unwrap", [A(3, 4) * 4], {"axis": 0}, tag="axis0"),
    Case("convolve", [A(5), A(3)]), Case("convolve", [A(3), A(5)], {"mode": "same"},
                                         tag="same"),
    Case("convolve", [A(5), A(3)], {"mode": "valid"}, tag="valid"),
    Case("correlate", [A(5), A(3)]), Case("correlate", [A(3), A(5)], {"mode": "full"},
                                          tag="full"),
    Case("correlate", [A(2), A(5)], {"mode": "same"}, tag="same"),
    Case("logaddexp2", [A(4), A(4)]),
    Case("piecewise", [A(6), [np.array([1.0, 0, 0, 1, 0, 0]), np.array([0.0, 1, 0, 0, 1, 0])],
                       [lambda v: v * v, lambda v: 2 * v + 1, lambda v: v * 0.5]],
         ref=lambda x, conds, funcs: np.piecewise(x, [c != 0 for c in conds], funcs)),
    # more_stats (bincount, mgrid, ogrid: tests/numpy/test_more_ops.py)
    Case("cov", [A(3, 5)], ref=_in_dtype(np.cov)),
    Case("cov", [A(5, 3)], {"rowvar": False, "bias": True}, ref=_in_dtype(np.cov), tag="cols"),
    Case("corrcoef", [A(3, 5)], ref=_in_dtype(np.corrcoef)),
    Case("interp", [A(6) * 2, np.sort(A(4)), A(4)], ref=_in_dtype(np.interp)),
    Case("gradient", [A(3, 4)]), Case("gradient", [A(5)], {"axis": 0}, tag="axis"),
    Case("histogram_bin_edges", [A(3, 4)], {"bins": 4}, grad=False),
    Case("histogram", [A(20)], {"bins": 5, "range": (-2.0, 2.0)}, ref=_counts_f32,
         grad=False),
    Case("histogram", [A(20), np.array([-2.0, -0.5, 0.0, 2.0])], {"weights": None,
                                                                  "density": True},
         ref=_counts_f32, grad=False, tag="edges"),
]
