"""Tensor reductions and scans (sum, mean, prod, var, std, max, min, amax, amin, all, any,
argmax, argmin, cumsum, cumprod, cummax, cummin, logsumexp, logcumsumexp, nansum,
count_nonzero, norm, diff, ...) over bool, int8, int32, int64, uint8 and float16/32/64 inputs,
with axis/keepdims/dtype/ddof variants: result dtype, shape and values, or the exception's
class."""
from _tm_table import DTYPES, describe, first, method, ms, record

VARIANTS = {
    "sum": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}, {"dtype": ms.float32}],
    "mean": [{}, {"axis": 0}, {"axis": 1, "keep_dims": True}],
    "prod": [{}, {"axis": 0}, {"axis": -1, "keep_dims": True}],
    "nansum": [{}, {"axis": 1}, {"axis": 0, "keepdims": True}],
    "var": [{}, {"axis": 0}, {"ddof": 1}, {"axis": 1, "keepdims": True}],
    "std": [{}, {"axis": 1}, {"ddof": 1}],
    "max": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}],
    "min": [{}, {"axis": 1}, {"axis": 0, "keepdims": True}],
    "amax": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}],
    "amin": [{}, {"axis": 1}],
    "all": [{}, {"axis": 0}, {"axis": 1, "keep_dims": True}],
    "any": [{}, {"axis": 1}, {"axis": 0, "keep_dims": True}],
    "argmax": [{}, {"axis": 0}, {"axis": 1, "keepdims": True}],
    "argmin": [{}, {"axis": 1}],
    "cumsum": [{}, {"axis": 0}, {"axis": 1}, {"axis": 1, "dtype": ms.float32}],
    "cumprod": [{"dim": 0}, {"dim": 1}],
    "cummax": [{"axis": 0}, {"axis": 1}],
    "cummin": [{"axis": 1}],
    "logsumexp": [{"axis": 0}, {"axis": 1, "keepdims": True}],
    "logcumsumexp": [{"axis": 1}],
    "count_nonzero": [{}, {"axis": 0}, {"axis": 1, "keep_dims": True}],
    "norm": [{}, {"dim": 1}],
    "diff": [{}, {"axis": 0}],
    "softmax": [{"axis": 1}],
    "trace": [{}],
    "ptp": [{}, {"axis": 1}, {"axis": 0, "keepdims": True}],
    "diagonal": [{}, {"offset": 1}],
    "argsort": [{}, {"axis": 0}, {"descending": True}],
    "sort": [{}, {"axis": 0}, {"descending": True}],
    "msort": [{}],
    "topk": [{"k": 2}],
    "kthvalue": [{"k": 2, "dim": 1}],
}

for name, variants in VARIANTS.items():
    for dt in DTYPES:
        for kw in variants:
            key = "%s|%s" % (name, dt) + ("|" + describe(kw) if kw else "")
            record(key, method(first(dt), name, **kw))
