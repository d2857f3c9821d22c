"""mindspore.numpy's creation functions: the dtype each makes from Python numbers, lists,
numpy arrays and dtype= arguments, with shapes and values (random ones: dtype and shape)."""
import numpy as np
from _np_table import DTYPES, mnp, record

DT = {d: getattr(mnp, d) for d in DTYPES if d != "bool"}
DT["bool"] = mnp.bool_

for src, obj in (("int", 3), ("float", 2.5), ("bool", True), ("int_list", [1, 2, 3]),
                 ("float_list", [1.0, 2.0]), ("mixed_list", [1, 2.5]),
                 ("bool_list", [True, False]), ("np_int64", np.array([1, 2])),
                 ("np_float64", np.array([1.5, 2.0])), ("np_int8", np.array([1], np.int8)),
                 ("big_int_list", [1, 2 ** 40])):
    for name in ("array", "asarray", "asfarray"):
        record("%s|%s" % (name, src), getattr(mnp, name), obj)
for d, dtype in DT.items():
    for name in ("array", "asarray", "asfarray"):
        record("%s|int_list,dtype=%s" % (name, d), getattr(mnp, name), [1, 0, 2], dtype=dtype)
    for name in ("ones", "zeros", "empty"):
        fn = getattr(mnp, name)
        if name == "empty":  # values are not defined
            fn = (lambda f: lambda *a: [str(f(*a).dtype), list(f(*a).shape)])(fn)
        record("%s|dtype=%s" % (name, d), fn, (2, 3), dtype)
    record("full|int,dtype=%s" % d, mnp.full, (2,), 3, dtype)
    record("eye|dtype=%s" % d, mnp.eye, 2, 3, 0, dtype)
    record("identity|dtype=%s" % d, mnp.identity, 2, dtype)
    record("tri|dtype=%s" % d, mnp.tri, 2, 2, 0, dtype)
    record("arange|dtype=%s" % d, mnp.arange, 0, 4, 1, dtype)
    record("linspace|dtype=%s" % d, mnp.linspace, 0, 4, 3, dtype=dtype)
    record("logspace|dtype=%s" % d, mnp.logspace, 0, 2, 3, dtype=dtype)
    for name in ("ones_like", "zeros_like"):
        record("%s|float32,dtype=%s" % (name, d), getattr(mnp, name),
               mnp.ones((2,), mnp.float32), dtype=dtype)
    record("full_like|int32,dtype=%s" % d, mnp.full_like, mnp.ones((2,), mnp.int32), 2.5,
           dtype=dtype)
for src, value in (("int", 3), ("float", 2.5), ("bool", True)):
    record("full|%s" % src, mnp.full, (2,), value)
    record("full_like|int32,%s" % src, mnp.full_like, mnp.ones((2,), mnp.int32), value)
    record("full_like|float16,%s" % src, mnp.full_like, mnp.ones((2,), mnp.float16), value)
for args in ((5,), (1, 4), (0, 2, 0.5), (1.0, 3), (0, 5, 2), (3, 0, -1)):
    record("arange|%s" % (args,), mnp.arange, *args)
for args in ((0, 1, 5), (0, 10, 4), (1, 2, 3)):
    record("linspace|%s" % (args,), mnp.linspace, *args)
    record("logspace|%s" % (args,), mnp.logspace, *args)
record("linspace|retstep", mnp.linspace, 0, 1, 5, retstep=True)
record("linspace|endpoint=false", mnp.linspace, 0, 1, 4, endpoint=False)
record("eye|default", mnp.eye, 3)
record("eye|k=1", mnp.eye, 3, 4, 1)
record("tri|default", mnp.tri, 3)
record("meshgrid|int32,float32", mnp.meshgrid, mnp.arange(3), mnp.linspace(0, 1, 2))
record("meshgrid|ij", mnp.meshgrid, mnp.arange(3), mnp.arange(2), indexing="ij")
record("broadcast_arrays|int32,float32", mnp.broadcast_arrays, mnp.ones((2, 1), mnp.int32),
       mnp.ones((3,), mnp.float32))
for name in ("rand", "randn"):
    for d in ("float16", "float32", "float64", "int32"):
        record("%s|dtype=%s" % (name, d),
               (lambda f: lambda *a, **k: [str(f(*a, **k).dtype), list(f(*a, **k).shape)])(
                   getattr(mnp, name)), 2, 3, dtype=DT[d])
for d in ("int8", "int32", "int64", "float32"):
    record("randint|dtype=%s" % d,
           lambda *a, **k: [str(mnp.randint(*a, **k).dtype), list(mnp.randint(*a, **k).shape)],
           0, 5, (2, 3), dtype=DT[d])
