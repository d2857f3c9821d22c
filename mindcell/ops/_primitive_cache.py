"""``mindspore.ops._primitive_cache``: ``_get_cache_prim(cls)(*args, **kwargs)`` gives one
shared instance of a Primitive class per set of constructor arguments. Private in MindSpore, but
model code (mindnlp's layers, mindediting) builds its primitives inside ``construct`` this way.
As in MindSpore 2.10, the arguments are the key as written: ``ReduceSum(True)`` and
``ReduceSum(keep_dims=True)`` are two instances."""
_PRIM_CACHE = {}


def _get_cache_prim(cls):
    """_get_cache_prim(cls): a function making (once) and returning the instance of ``cls`` for
    the constructor arguments it is called with.

    Args:
        cls (type): a Primitive class (``ops.ReduceSum``).

    Returns:
        function: ``(*args, **kwargs) -> cls(*args, **kwargs)``, the same object for the same
        arguments (unhashable arguments give a new instance each call).

    Examples:
        >>> from mindcell import ops
        >>> from mindcell.ops._primitive_cache import _get_cache_prim
        >>> _get_cache_prim(ops.ReduceSum)(keep_dims=True) is _get_cache_prim(ops.ReduceSum)(keep_dims=True)
        True
    """
    def _new_prim_for_graph(*args, **kwargs):
        key = (cls, args, tuple(sorted(kwargs.items())))
        try:
            prim = _PRIM_CACHE.get(key)
        except TypeError:  # an unhashable argument (a list): no sharing
            return cls(*args, **kwargs)
        if prim is None:
            prim = _PRIM_CACHE[key] = cls(*args, **kwargs)
        return prim
    return _new_prim_for_graph
