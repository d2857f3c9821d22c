"""Mixed precision at op level: inside a cell whose float type is set (``cell.to_float``,
``amp.auto_mixed_precision`` ...), every primitive call casts its float inputs to that type.

This is MindSpore 2.10's PYNATIVE_MODE rule (ms-oracle): the cast is applied per primitive call,
whatever made the input (the cell's inputs, tensors created in construct, float64 tensors,
Parameters in lists, ParameterTuples or plain objects, outputs of other ops), not to the cell's
inputs on entry (a cell returning its input unchanged returns it in its own dtype). Integer and
bool inputs are left alone, and so are the calls that do not compute on float values:

* Cast, BitCast and the copies (``ops.cast(x, ms.float32)`` stays float32);
* views and layout ops (reshape, transpose, indexing, broadcast_to: MindSpore's view ops);
* Depend/Identity and the autodiff plumbing (hooks, custom bprops, stop markers);
* in-place writers (Assign, the optimizer updates: a Parameter keeps its dtype);
* everything run by a backward walk (gradients keep the dtype of what they differentiate).

The rule lives in one place, :meth:`mindcell._core.primitive.Prim.bind`, which both the eager
trace (PYNATIVE_MODE) and the graph tracer (GRAPH_MODE) go through, so a compiled graph holds
the casts as nodes. ``bind`` pays for it only while a mixed-precision cell runs somewhere
(:data:`mindcell._core.primitive.HOOKED`); the float type itself is per thread.
"""
import threading

from mindcell.dtype import BF16_NP as _BF16

_RUNNING = threading.local()  # .dtype: the float type of the innermost running typed cell
_lock = threading.Lock()
_active = [0]  # running typed cells over all threads (bind's hook is on while > 0)

# primitives whose calls are never cast (see the module docstring)
EXEMPT = frozenset((
    "Cast", "BitCast", "Copy", "TensorCopy",
    "Reshape", "Transpose", "Index", "IndexPut", "BroadcastTo",
    "Identity", "Depend", "UpdateState", "HookBackward", "InsertGradientOf",
    "CellBackwardHookInput", "CellBackwardHookOutput", "CellCustomBprop",
    "Print", "Summary",
))


def running_float_type():
    """The float type the innermost running mixed-precision cell of this thread runs in, or
    None."""
    return getattr(_RUNNING, "dtype", None)


def enter_float_type(dtype):
    """Make ``dtype`` (a mindcell dtype, or None: no casting) this thread's running float type;
    returns what to pass to :func:`exit_float_type`."""
    previous = getattr(_RUNNING, "dtype", None)
    _RUNNING.dtype = dtype
    with _lock:
        _active[0] += 1
        _update_hook()
    return previous


def exit_float_type(previous):
    _RUNNING.dtype = previous
    with _lock:
        _active[0] -= 1
        _update_hook()


def _update_hook():
    from mindcell._core import primitive
    primitive.update_hook(_active[0] > 0)


def cast_inputs(prim, inputs):
    """``inputs`` of a call of ``prim`` as the running float type computes them (the inputs
    themselves when no typed cell runs in this thread, or the call is exempt)."""
    dtype = getattr(_RUNNING, "dtype", None)
    if dtype is None or prim.name in EXEMPT or prim.writes:
        return inputs
    from mindcell._core import autodiff
    if autodiff._state.backward_depth > 0:
        return inputs
    target = dtype.np_dtype
    cast = None
    for i, t in enumerate(inputs):
        np_dtype = getattr(t, "_np_dtype", None)
        if np_dtype is None or np_dtype == target or not (np_dtype.kind == "f"
                                                           or np_dtype == _BF16):
            continue
        if cast is None:
            from mindcell._core.primitive import REGISTRY
            from mindcell._core.trace import _local
            inputs = list(inputs)
            cast = REGISTRY["Cast"]  # ops.defs registers it (a higher layer: no import)
        inputs[i] = _local.top.process(cast, (t,), {"dtype": target})
    return inputs if cast is None else tuple(inputs)


def as_one_primitive(tensors, run):
    """For a composite op that MindSpore runs as ONE primitive (and computes internally in a
    precision of its own, e.g. batch_norm's float32 statistics of float16 input): inside a
    mixed-precision cell, its float ``tensors`` cast to the cell's type on entry, as that
    primitive's call casts them, then ``run(*cast_tensors)`` with no casting of its inner
    primitive calls. Returns None when no typed cell runs (the caller goes on as usual)."""
    dtype = getattr(_RUNNING, "dtype", None)
    if dtype is None:
        return None
    from mindcell._core.primitive import REGISTRY
    from mindcell._core.trace import _local
    cast_p = REGISTRY["Cast"]  # ops.defs registers it (a higher layer: no import)
    target = dtype.np_dtype
    cast = []
    for t in tensors:
        np_dtype = getattr(t, "_np_dtype", None)
        if np_dtype is not None and np_dtype != target and (np_dtype.kind == "f"
                                                            or np_dtype == _BF16):
            t = _local.top.process(cast_p, (t,), {"dtype": target})
        cast.append(t)
    previous = enter_float_type(None)
    try:
        return run(*cast)
    finally:
        exit_float_type(previous)
