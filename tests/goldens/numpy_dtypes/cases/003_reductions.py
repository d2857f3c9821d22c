"""mindspore.numpy's reductions and scans (sum, prod, cumsum, cumprod, nansum, nanmean,
amax/amin/max/min, argmax/argmin, count_nonzero, trace, mean, var, std, average, ptp, all,
any, diff, norm) over each input dtype, with axis/keepdims/dtype/ddof variants: result dtype,
shape and values, or the exception's class."""
from _np_table import DTYPES, first, mnp, record, tensor

VARIANTS = {
    "sum": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}, {"dtype": mnp.float32},
            {"initial": 2}],
    "prod": [{}, {"axis": 0}, {"axis": -1, "keepdims": True}],
    "cumsum": [{}, {"axis": 0}, {"axis": 1, "dtype": mnp.float32}],
    "cumprod": [{}, {"axis": 0}],
    "nansum": [{}, {"axis": 1}],
    "nanmean": [{}, {"axis": 1}],
    "amax": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}],
    "amin": [{}, {"axis": 0}],
    "max": [{}, {"axis": 1}],
    "min": [{}, {"axis": 1}],
    "argmax": [{}, {"axis": 0}, {"axis": -1}],
    "argmin": [{}, {"axis": 1}],
    "count_nonzero": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}],
    "trace": [{}, {"offset": 1}, {"dtype": mnp.float32}],
    "mean": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}, {"dtype": mnp.float32}],
    "var": [{}, {"axis": 0}, {"ddof": 1}],
    "std": [{}, {"axis": 1}, {"ddof": 1}],
    "average": [{}, {"axis": 0}],
    "ptp": [{}, {"axis": 1}],
    "all": [{}, {"axis": 0}],
    "any": [{}, {"axis": 1, "keepdims": True}],
    "diff": [{}, {"axis": 0}, {"n": 2}],
    "norm": [{}, {"axis": 1}],
}


def describe(kwargs):
    return ",".join("%s=%s" % (k, str(v).lower()) for k, v in kwargs.items())


for name, variants in VARIANTS.items():
    if not hasattr(mnp, name):  # mindcell's extras (prod) are not in the table
        continue
    fn = name
    for dt in DTYPES:
        for kw in variants:
            key = "%s|%s" % (name, dt) + ("|" + describe(kw) if kw else "")
            record(key, fn, first(dt), **kw)
    record("%s|list" % name, fn, [[1, 2], [3, 4]])

for dt in ("int32", "float32"):
    w = tensor([[1, 2, 3], [3, 2, 1]], dt)
    record("average|int32|weights=%s" % dt, "average", first("int32"), weights=w)
    record("average|float32|weights=%s,axis=1" % dt, "average", first("float32"), axis=1,
           weights=w)
record("average|float32|returned", "average", first("float32"), axis=0, returned=True)
record("mean|2x2_int", "mean", [[1, 2], [3, 4]])
record("var|2x2_int", "var", [[1, 2], [3, 4]])
record("std|2x2_int", "std", [[1, 2], [3, 4]])
record("mean|int32_halves", "mean", tensor([1, 2, 4, 8, 1, 1, 1, 1, 1, 1, 1, 1], "int32"))
