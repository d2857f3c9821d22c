"""Shared inputs and the recorder of the tensor_methods table cases (007 on): what a Tensor
method returns (dtype, shape, values) or raises (the exception's class) for each input dtype.
The recorder is numpy_dtypes' (each failing call retried after draining MindSpore's deferred
kernel errors, so that an error lands on its own call)."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "numpy_dtypes", "cases"))
from _np_table import first, second, summary, tensor, _drain  # noqa: E402,F401
from _target import ms, Tensor, emit  # noqa: E402,F401

DTYPES = ["bool", "int8", "int32", "int64", "uint8", "float16", "float32", "float64"]
FLOATS = ["float16", "float32", "float64"]


def record(key, fn, *args, **kwargs):
    """Emit what ``fn()`` gives; a method missing on the Tensor records nothing."""
    for _ in range(4):
        try:
            out = summary(fn(*args, **kwargs))
            break
        except Exception as e:  # noqa: BLE001 - the exception's class is recorded
            out = {"error": type(e).__name__}
            _drain()
    emit(key, out)


def method(x, name, *args, **kwargs):
    """A call of ``x.name(*args, **kwargs)`` for record()."""
    return lambda: getattr(x, name)(*args, **kwargs)


def square(dtype):
    """A 3x3 input of ``dtype`` (positive definite for the float types)."""
    if dtype == "bool":
        return tensor([[True, False, True], [False, True, False], [True, True, True]], dtype)
    return tensor([[4, 1, 2], [1, 3, 0], [2, 0, 5]], dtype)


def describe(kwargs):
    return ",".join("%s=%s" % (k, str(v).lower()) for k, v in kwargs.items())
