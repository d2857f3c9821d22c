"""Shared by the graph_syntax cases: run one construct, emit what it returned with its Python
types (a Tensor as ["Tensor", dtype, values], a Python value as [type name, value], containers
recursively), or the class name of the exception it raised."""
import numpy as np
from _target import ms, Tensor, emit


def describe(v):
    """``v`` with the types kept: what GRAPH_MODE returned matters as much as the numbers."""
    if isinstance(v, Tensor):
        return ["Tensor", str(v.dtype), v.asnumpy().tolist()]
    if isinstance(v, (tuple, list)):
        return [type(v).__name__, [describe(x) for x in v]]
    if isinstance(v, dict):
        return ["dict", [[str(k), describe(x)] for k, x in v.items()]]
    if isinstance(v, np.ndarray):
        return ["ndarray", str(v.dtype), v.tolist()]
    if v is None or isinstance(v, (bool, int, float, str)):
        return [type(v).__name__, v]
    return [type(v).__name__, str(v)]


def run(key, fn, *args, **kwargs):
    """Call ``fn`` and emit its described result, or the exception's class name."""
    try:
        out = describe(fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the class is the recorded result
        out = type(e).__name__
    emit(key, out)


def f32(*values):
    return Tensor(np.array(values, np.float32))


def i32(*values):
    return Tensor(np.array(values, np.int32))


__all__ = ["ms", "Tensor", "emit", "np", "describe", "run", "f32", "i32"]
