"""mindspore.numpy's shape, joining, splitting, indexing, sorting and product functions over
each input dtype (and mixed dtypes where there are two inputs): result dtype, shape and
values, or the exception's class. Also take's modes with negative and out-of-range indices,
unique's order, where, clip and pad."""
from _np_table import DTYPES, first, second, mnp, record, tensor

ONE = {
    "reshape": ((3, 2),), "ravel": (), "transpose": (), "swapaxes": (0, 1),
    "moveaxis": (0, 1), "expand_dims": (1,), "squeeze": (), "flip": (), "fliplr": (),
    "flipud": (), "roll": (1,), "tile": ((1, 2),), "repeat": (2,),
    "broadcast_to": ((2, 2, 3),), "atleast_1d": (), "atleast_2d": (), "atleast_3d": (),
    "split": (2, 1), "array_split": (2, 1), "hsplit": (3,), "vsplit": (2,), "tril": (),
    "triu": (), "diag": (), "copy": (), "sort": (), "argsort": (), "unique": (),
    "take": (tensor([0, 4], "int32"),), "clip": (1, 3), "pad": (((1, 0), (0, 1)),),
    "where": (), "nonzero": (), "array": (), "asarray": (), "asfarray": (),
    "empty_like": (), "ones_like": (), "zeros_like": (), "full_like": (2,),
}
JOIN = ["concatenate", "stack", "hstack", "vstack", "dstack", "column_stack"]
PRODUCT = {"matmul": True, "dot": True, "inner": False, "outer": False, "kron": False,
           "vdot": False, "tensordot": "axes=1", "cross": None}

for name, args in ONE.items():
    if not hasattr(mnp, name):
        continue
    fn = name
    for dt in DTYPES:
        record("%s|%s" % (name, dt), fn, first(dt), *args)
for dt in DTYPES:
    record("sort|%s|axis=0" % dt, "sort", first(dt), axis=0)
    record("argsort|%s|axis=none" % dt, "argsort", first(dt), axis=None)
    record("unique|%s|return_inverse" % dt, "unique", first(dt), return_inverse=True)
    record("take|%s|axis=1" % dt, "take", first(dt), tensor([2, 0], "int32"), axis=1)
    record("take_along_axis|%s" % dt, "take_along_axis", first(dt),
           tensor([[2, 0, 1], [1, 1, 0]], "int32"), 1)
    record("where|%s|xy" % dt, "where", first("bool"), first(dt), second(dt))
    record("diag|%s|1d" % dt, "diag", first(dt)[0])

for name in JOIN:
    fn = name
    for dt in DTYPES:
        record("%s|%s,%s" % (name, dt, dt), fn, (first(dt), second(dt)))
    for a, b in (("int32", "float32"), ("bool", "int32"), ("int32", "int64"),
                 ("float16", "float32"), ("uint8", "int8")):
        record("%s|%s,%s" % (name, a, b), fn, (first(a), second(b)))

for name, transpose in PRODUCT.items():
    fn = name
    for dt in DTYPES:
        a, b = first(dt), second(dt)
        if transpose:
            b = b.T
        if transpose is None:
            a, b = a[:, :3], b[:, :3]
        record("%s|%s,%s" % (name, dt, dt), fn, a, b, *([1] if transpose == "axes=1" else []))
    for x, y in (("int32", "float32"), ("bool", "int32"), ("float16", "float32")):
        a, b = first(x), second(y)
        record("%s|%s,%s" % (name, x, y), fn, a, b.T if transpose else b,
               *([1] if transpose == "axes=1" else []))
for dt in ("int32", "float32"):
    record("tensordot|%s|axes=2" % dt, "tensordot", first(dt), second(dt), 2)
    record("tensordot|%s|axes=pairs" % dt, "tensordot", first(dt), second(dt).T, ((0,), (1,)))
# contracted axes of different lengths (2, 3) and (3, 2): numpy refuses them
record("tensordot|mismatched_axes", "tensordot", first("float32"), second("float32").T, 2)

record("where|mixed", "where", first("bool"), first("int32"), second("float32"))
record("where|scalars", "where", first("bool"), 1, 2.5)
record("clip|int32,float_bounds", "clip", first("int32"), 0.5, 2.5)
record("clip|float32,none_max", "clip", first("float32"), 0, None)
for mode in ("clip", "wrap", "raise"):
    for idx in ([-1, 0], [5, -7], [[0, -2], [1, 9]]):
        record("take|mode=%s|%s" % (mode, idx), "take", tensor([10, 20, 30, 40, 50], "int32"),
               tensor(idx, "int32"), mode=mode)
    record("take|mode=%s|axis=0" % mode, "take", first("float32"), tensor([-1, 3], "int32"),
           axis=0, mode=mode)
record("take|list_indices", "take", first("int32"), [0, 4])
record("unique|order", "unique", tensor([3, 1, 2, 3, 1, 0], "int32"))
record("unique|order_inverse", "unique", tensor([3, 1, 2, 3, 1, 0], "int32"),
       return_inverse=True)
record("unique|float_order", "unique", tensor([[2.5, -1.0], [2.5, 0.5]], "float32"))
record("unique|list", "unique", [5, 3, 5, 1])
