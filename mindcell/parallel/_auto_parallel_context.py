"""``mindspore.parallel._auto_parallel_context``: ``auto_parallel_context()``, the object behind
``set_auto_parallel_context``, which model-zoo training scripts query directly
(``auto_parallel_context().get_device_num_is_set()``,
``auto_parallel_context().set_all_reduce_fusion_split_indices([85, 160])``)."""
from mindcell.parallel import _context

__all__ = ["auto_parallel_context"]


class _AutoParallelContext:
    """get_<key>() / set_<key>(value) for every key of set_auto_parallel_context, and
    get_<key>_is_set() for whether a key was given since the last reset. Methods for keys
    mindcell does not have (model parallelism, pipelines) raise AttributeError naming them."""

    def get_all_reduce_fusion_split_indices(self, group=""):
        return list(_context.get_auto_parallel_context("all_reduce_fusion_config"))

    def set_all_reduce_fusion_split_indices(self, indices, group=""):
        """Records the gradient fusion split points (``all_reduce_fusion_config``)."""
        if not isinstance(indices, (list, tuple)) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in indices):
            raise TypeError("set_all_reduce_fusion_split_indices: 'indices' must be a list of "
                            "ints, but got %r" % (indices,))
        _context.set_auto_parallel_context(all_reduce_fusion_config=list(indices))

    def reset(self):
        _context.reset_auto_parallel_context()

    def __getattr__(self, name):
        if name.startswith("get_") and name.endswith("_is_set"):
            key = name[4:-7]
            if key in _context._DEFAULTS:
                return lambda: _context.is_set(key)
        elif name.startswith("get_") and name[4:] in _context._DEFAULTS:
            key = name[4:]
            return lambda: _context.get_auto_parallel_context(key)
        elif name.startswith("set_") and name[4:] in _context._DEFAULTS:
            key = name[4:]
            return lambda value: _context.set_auto_parallel_context(**{key: value})
        raise AttributeError("auto_parallel_context().%s is not implemented by mindcell (it "
                             "has the data-parallel keys %s)"
                             % (name, ", ".join(sorted(_context._DEFAULTS))))


_CONTEXT = _AutoParallelContext()


def auto_parallel_context():
    """auto_parallel_context(): the process's auto-parallel context object (one per process).

    Returns:
        _AutoParallelContext: ``get_<key>()``, ``set_<key>(value)`` and ``get_<key>_is_set()``
        for the keys of :func:`mindcell.set_auto_parallel_context`.

    Examples:
        >>> from mindcell.parallel._auto_parallel_context import auto_parallel_context
        >>> ctx = auto_parallel_context()
        >>> ctx.get_parallel_mode(), ctx.get_device_num(), ctx.get_device_num_is_set()
        ('stand_alone', 1, False)
    """
    return _CONTEXT
