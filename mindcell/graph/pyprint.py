"""``print`` inside construct: as in MindSpore's GRAPH_MODE it becomes a Print node, so it
prints the values of every call (each argument on its own line), not the placeholders of the
trace. While a trace runs, ``builtins.print`` is a wrapper that binds ``Print`` when the
calling thread is tracing a graph and is the plain ``print`` otherwise (other threads, the
executor's own printing, mindcell's code, ``print(..., file=f)`` and other keywords)."""
import builtins
import contextlib
import os
import sys
import threading

_plain_print = builtins.print
_lock = threading.Lock()
_active = 0  # traces running (any thread) while the wrapper is installed


def graph_print(*args, **kwargs):
    """print(*args): a Print node while tracing a graph, the plain print otherwise."""
    from mindcell.graph.tracer import current_graph_trace
    if kwargs or current_graph_trace() is None or _from_mindcell(sys._getframe(1)):
        return _plain_print(*args, **kwargs)
    from mindcell.common.tensor import Tensor
    from mindcell.ops.function.misc_func import print_
    items = []
    for a in args:
        if isinstance(a, (tuple, list, dict)) and _holds_tensor(a):
            items.extend(_leaves(a))  # MindSpore's graph Print: each element on its own line
        else:
            items.append(a)
    print_(*[a if isinstance(a, (Tensor, str)) else str(a) for a in items])
    return None


def _leaves(obj):
    """The elements of a tuple/list (a dict's values), nested ones flattened in order, as
    MindSpore 2.10's GRAPH_MODE print writes a container holding tensors (ms-oracle)."""
    if isinstance(obj, dict):
        obj = list(obj.values())
    if isinstance(obj, (tuple, list)):
        return [leaf for o in obj for leaf in _leaves(o)]
    return [obj]


def _from_mindcell(frame):
    from mindcell.graph.symbolic import _PACKAGE_DIR
    return os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE_DIR)


def _holds_tensor(obj):
    from mindcell.common.tensor import Tensor
    if isinstance(obj, Tensor):
        return True
    if isinstance(obj, dict):
        obj = list(obj.values())
    return isinstance(obj, (tuple, list)) and any(_holds_tensor(o) for o in obj)


@contextlib.contextmanager
def print_as_graph_node():
    """Install :func:`graph_print` as ``builtins.print`` for the duration of a trace."""
    global _active
    with _lock:
        _active += 1
        if _active == 1:
            builtins.print = graph_print
    try:
        yield
    finally:
        with _lock:
            _active -= 1
            if _active == 0:
                builtins.print = _plain_print
