"""``mindspore.common.api._pynative_executor`` and ``cells_compile_cache``: private objects of
MindSpore's that public libraries use (mindnlp's ``no_grad``/``enable_grad`` save and restore
``_pynative_executor.enable_grad()``; test scripts call ``sync()``). mindcell runs eagerly and
synchronously, and records operations for a gradient only while one is being taken, so the
executor's switches map onto that: turning gradients off sets the calling thread's active
gradient tapes aside until they are turned on again (as ``mindcell._no_grad`` does)."""
import threading

from mindcell._core import autodiff

__all__ = []


def _check_bool(method, value):
    if not isinstance(value, bool):
        raise TypeError("_pynative_executor.%s: the flag must be a bool, but got %s"
                        % (method, type(value).__name__))


class _PyNativeExecutor:
    """The PyNative executor's Python face (MindSpore's ``_PyNativeExecutor``), the methods public
    code calls:

    - ``enable_grad()`` -> bool: whether operations are recorded for gradients (True unless
      ``set_enable_grad(False)`` is in force on this thread).
    - ``set_enable_grad(flag)``: turn that recording off (the gradients being taken see what
      follows as constants) or back on.
    - ``requires_grad()`` -> bool: whether a gradient is being taken on this thread now.
    - ``grad_flag()`` / ``set_grad_flag(flag)``: MindSpore's flag telling its executor to build
      a backward graph; mindcell records whenever a gradient is taken, so the flag is kept and
      read back and changes nothing else.
    - ``sync()``, ``set_async_for_graph(flag)``: mindcell's execution is synchronous; they
      return None (the flag is checked).
    """

    def __init__(self):
        self._local = threading.local()
        self._grad_flag = False

    def enable_grad(self):
        return getattr(self._local, "stashed", None) is None

    def set_enable_grad(self, flag):
        _check_bool("set_enable_grad", flag)
        stashed = getattr(self._local, "stashed", None)
        tapes = autodiff._state.tapes
        if not flag and stashed is None:
            self._local.stashed = list(tapes)
            tapes.clear()
        elif flag and stashed is not None:
            tapes[:0] = stashed
            self._local.stashed = None

    def requires_grad(self):
        return bool(autodiff._state.tapes)

    def grad_flag(self):
        return self._grad_flag

    def set_grad_flag(self, flag):
        _check_bool("set_grad_flag", flag)
        self._grad_flag = flag

    def sync(self):
        return None

    def set_async_for_graph(self, flag):
        _check_bool("set_async_for_graph", flag)


_pynative_executor = _PyNativeExecutor()

# MindSpore's per-cell compile caches by id(cell); mindcell's compiled graphs live on the cells
# and jit functions themselves, so the dict is only kept for code that writes into it.
cells_compile_cache = {}
