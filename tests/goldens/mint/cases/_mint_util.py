"""Shared by the mint cases: emit a result's value, dtype and shape (or the exception's type).

MindSpore reports a kernel error when a result is read, and a failed op can make the next read
fail too; ``show`` reads every result inside its guard and, after an error, drains the pending
one and runs the call again, so each key records its own call's behaviour."""
import sys

import numpy as np
from _target import ms, Tensor, emit

X = Tensor(np.array([[1., -2., 3.], [4., 5., -6.]], np.float32))
XI = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
XB = Tensor(np.array([[True, False, True], [False, False, True]]))
V = Tensor(np.array([0.25, 0.5, 0.75], np.float32))


def _emit_one(key, r):
    if hasattr(r, "dtype") and hasattr(r, "shape"):
        emit(key, r)
        emit(key + ".dtype", str(r.dtype))
        emit(key + ".shape", list(r.shape))
    else:
        emit(key, r)


def _call(fn):
    r = fn()
    for t in (r if isinstance(r, (tuple, list)) else (r,)):
        if hasattr(t, "asnumpy"):
            t.asnumpy()
    return r


def _drain():
    for _ in range(10):
        try:
            (Tensor(np.ones(1, np.float32)) + 1).asnumpy()
            return
        except Exception:
            pass


def show(key, fn):
    """Emit fn()'s tensors (each with dtype and shape), or the class of what it raised."""
    try:
        r = _call(fn)
    except Exception:
        _drain()
        try:
            try:
                r = _call(fn)
            except Exception:
                _drain()
                r = _call(fn)
        except Exception as e:  # the type is the recorded behaviour
            if "unregistered" in str(e) or "Unsupported data type" in str(e):
                sys.stderr.write("NOKERNEL %s %s\n" % (key, str(e).split("\n")[0][:80]))
            _drain()
            emit(key, type(e).__name__)
            return
    if isinstance(r, (tuple, list)):
        emit(key + ".len", len(r))
        for i, t in enumerate(r):
            _emit_one("%s[%d]" % (key, i), t)
    else:
        _emit_one(key, r)


__all__ = ["ms", "Tensor", "np", "X", "XI", "XB", "V", "show", "emit"]
