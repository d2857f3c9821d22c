"""bfloat16 arithmetic: the one rule for every primitive (called from ``Prim.compute``).

numpy has no bfloat16 and the kernels cover float32/float64 only, so a primitive with bfloat16
inputs runs in float32 (the kernel or ``impl``) and its float results are rounded once to the
dtypes its ``infer`` gives, as MindSpore computes bfloat16 on the CPU. Going through float32 is
exact (every bfloat16 is a float32), so casts, comparisons and data movement are unaffected.
"""
import numpy as np

from mindcell.dtype import BF16_NP

_F32 = np.dtype(np.float32)


def compute_bf16(prim, arrays, attrs):
    """``prim.compute`` for inputs of which some are bfloat16."""
    if prim.view is not None:  # the result shares the input's memory: no copies
        with np.errstate(all="ignore"):
            return prim.impl(*arrays, **attrs)
    wide = [a.astype(_F32) if a.dtype == BF16_NP else a for a in arrays]
    out = prim.compute(wide, attrs)
    if prim.has_side_effect:  # in-place updates went to the float32 copies: write them back
        for a, w in zip(arrays, wide):
            if w is not a and a.flags.writeable:
                np.copyto(a, w, casting="unsafe")
    single = prim.nout == 1
    outs = (out,) if single else tuple(out)
    targets = _out_dtypes(prim, arrays, attrs, len(outs))
    res = tuple(_narrow(o, arrays, wide, t) for o, t in zip(outs, targets))
    return res[0] if single else res


def _out_dtypes(prim, arrays, attrs, n):
    """The output dtypes ``infer`` gives (what GRAPH_MODE uses too); for an op whose shape
    depends on values, every float32 result of the float32 computation becomes bfloat16."""
    from mindcell._core.primitive import DataDependentShape
    try:
        out = prim.infer([(a.shape, a.dtype) for a in arrays], attrs)
    except DataDependentShape:
        return (BF16_NP,) * n
    return tuple(np.dtype(o[1]) for o in (out if prim.nout != 1 else (out,)))


def _narrow(o, arrays, wide, target):
    for a, w in zip(arrays, wide):
        if o is w:  # an op returning its (updated) input returns the bfloat16 original
            return a
    o = np.asarray(o)
    if target == BF16_NP and o.dtype.kind == "f":
        return o.astype(BF16_NP)
    return o
