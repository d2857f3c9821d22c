"""Function transforms of ``ops``/``ops.composite``: ``vmap`` (vectorizing map) and
``add_flags``."""
import numpy as np

from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor

__all__ = ["vmap", "add_flags"]


def _is_axis(a):
    return a is None or (isinstance(a, (int, np.integer)) and not isinstance(a, bool))


def _check_axes(axes, what):
    if isinstance(axes, (tuple, list)):
        for a in axes:
            _check_axes(a, what)
    elif not _is_axis(axes):
        raise RuntimeError("The axis in vmap`s '%s' can only be of type Int or None, but got %r."
                           % (what, axes))


def _pair(axes, value, what):
    """Pairs (leaf value, axis) of ``value`` under ``axes`` (an axis or a matching nest)."""
    if isinstance(axes, (tuple, list)):
        if not isinstance(value, (tuple, list)) or len(value) != len(axes):
            raise RuntimeError("vmap's '%s' %r does not match the structure of %r"
                               % (what, axes, value))
        return [p for a, v in zip(axes, value) for p in _pair(a, v, what)]
    if isinstance(value, (tuple, list)):
        return [p for v in value for p in _pair(axes, v, what)]
    return [(value, axes)]


def _batch_size(pairs):
    sizes = []
    for value, axis in pairs:
        if axis is None:
            continue
        if not isinstance(value, Tensor):
            raise RuntimeError("The orig_abs should be AbstractTensor when corresponding axis is "
                               "%d, but got %r. Tip: Please check the correspondence between "
                               "vmap's 'in_axes' and inputs." % (axis, value))
        if not -value.ndim <= axis < value.ndim:
            raise RuntimeError("The axis: %d in 'in_axes' is out of bounds for array of "
                               "dimension [%d,%d)." % (axis, -value.ndim, value.ndim))
        sizes.append(value.shape[axis])
    if not sizes:
        raise RuntimeError("The 'in_axes' of 'vmap' cannot be all None while 'fn' is not a "
                           "'CellList'.")
    if any(s != sizes[0] for s in sizes):
        raise RuntimeError("The 'axis_size' of each argument in the scope of 'vmap' should be "
                           "equal, but got %s." % " and ".join(str(s) for s in sorted(set(sizes))))
    if sizes[0] == 0:
        raise ValueError("vmap: the mapped axis has size 0; there is no example to run 'fn' on")
    return sizes[0]


def _take(value, axis, i):
    if axis is None:
        return value
    return value[(slice(None),) * (axis % value.ndim) + (i,)]


def _slice_args(args, in_axes, i):
    if isinstance(in_axes, (tuple, list)):
        return tuple(_slice_nest(v, a, i) for v, a in zip(args, in_axes))
    return tuple(_slice_nest(v, in_axes, i) for v in args)


def _slice_nest(value, axes, i):
    if isinstance(axes, (tuple, list)):
        return type(value)(_slice_nest(v, a, i) for v, a in zip(value, axes))
    if isinstance(value, (tuple, list)):
        return type(value)(_slice_nest(v, axes, i) for v in value)
    return _take(value, axes, i)


def _as_tensor(v):
    if isinstance(v, Tensor):
        return v
    if isinstance(v, (bool, int, float, np.number, np.bool_)):
        return Tensor(v)
    raise RuntimeError("The outputs of vmap's 'fn' should be consisting of tensors or constants,"
                       " but got %r." % (v,))


def _same(leaves):
    first = leaves[0]
    if all(leaf is first for leaf in leaves):
        return True
    if not _trace.current().is_graph:
        ref = first.asnumpy()
        return all(leaf.shape == first.shape and np.array_equal(leaf.asnumpy(), ref)
                   for leaf in leaves[1:])
    return False


def _stack(results, out_axes):
    """Combine the per-example outputs ``results`` (same structure) under ``out_axes``."""
    from mindcell.ops.function.array_func import stack
    first = results[0]
    if isinstance(first, dict):
        raise RuntimeError("The outputs of vmap's 'fn' should be consisting of tensors or "
                           "constants, but got a dict.")
    if isinstance(first, (tuple, list)):
        axes = out_axes if isinstance(out_axes, (tuple, list)) else [out_axes] * len(first)
        if len(axes) != len(first):
            raise RuntimeError("vmap's 'out_axes' %r does not match the %d outputs of 'fn'"
                               % (out_axes, len(first)))
        return tuple(_stack([r[k] for r in results], a) for k, a in enumerate(axes))
    if isinstance(out_axes, (tuple, list)):
        raise RuntimeError("vmap's 'out_axes' %r is a sequence but 'fn' returns one value"
                           % (out_axes,))
    leaves = [_as_tensor(r) for r in results]
    if out_axes is None:
        if not _same(leaves):
            raise RuntimeError("It is invalid that source is not None and dst is None: an "
                               "output of 'fn' varies along the mapped axis, so its out_axes "
                               "cannot be None.")
        return results[0]
    nd = leaves[0].ndim + 1
    if not -nd <= out_axes < nd:
        raise RuntimeError("The axis: %d in 'out_axes' is out of bounds for array of dimension "
                           "[%d,%d)." % (out_axes, -nd, nd))
    return stack(leaves, axis=int(out_axes))


def vmap(fn, in_axes=0, out_axes=0):
    """vmap(fn, in_axes=0, out_axes=0): map ``fn`` over an axis of its inputs, stacking the
    results along ``out_axes``.

    mindcell runs ``fn`` once per example and stacks the outputs (with ``ops.stack``), so any
    ``fn`` works, gradients flow, and results equal the per-example calls exactly.

    Args:
        fn (Union[Cell, Function]): the function of one example; positional arguments only.
        in_axes (Union[int, None, tuple, list]): the mapped axis of each argument (None: not
            mapped); a nest of them matching the arguments. Default: ``0``.
        out_axes (Union[int, None, tuple, list]): where the mapped axis goes in each output
            (None: the output must not vary along it). Default: ``0``.

    Returns:
        Function, the vectorized ``fn``.

    Raises:
        RuntimeError: (MindSpore's error type for each) ``fn`` is not callable, an axis is not an
            int or None or is out of range, ``in_axes`` does not match the arguments, the mapped
            sizes differ, every axis is None, a mapped argument is not a Tensor, an output is
            not a tensor or number, or a keyword argument is given.
        ValueError: the mapped axis has size 0.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> def f(a, b):
        ...     return a * b
        >>> x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        >>> ops.vmap(f, in_axes=(0, None))(x, Tensor(np.ones(3, np.float32))).shape
        (2, 3)
    """
    def vectorized(*args, **kwargs):
        # checked at the call, as MindSpore checks when it compiles the vectorized function
        if not callable(fn):
            raise RuntimeError("'VmapOperation' arg0 must be a 'Function' or 'Cell', but got "
                               "%r." % (fn,))
        _check_axes(in_axes, "in_axes")
        _check_axes(out_axes, "out_axes")
        if kwargs:
            raise RuntimeError("Got an unexpected keyword argument '%s' (vmap passes positional "
                               "arguments only)" % next(iter(kwargs)))
        if isinstance(in_axes, (tuple, list)):
            if len(in_axes) != len(args):
                raise RuntimeError("When vmap`s 'in_axes' is a tuple or list, and its size must "
                                   "be equal to the number of arguments of 'fn': %d, but got "
                                   "size: %d." % (len(args), len(in_axes)))
            pairs = [p for a, v in zip(in_axes, args) for p in _pair(a, v, "in_axes")]
        else:
            pairs = [p for v in args for p in _pair(in_axes, v, "in_axes")]
        size = _batch_size(pairs)
        results = [fn(*_slice_args(args, in_axes, i)) for i in range(size)]
        return _stack(results, out_axes)

    vectorized.__name__ = "vmap_" + getattr(fn, "__name__", type(fn).__name__)
    return vectorized


def add_flags(fn=None, **flags):
    """add_flags(fn=None, **flags): record ``flags`` in ``fn._func_graph_flags`` (a dict, updated
    on every call) and return ``fn``; with ``fn`` None, a decorator.

    mindcell's compiler reads no function flags; the dict is kept for code that inspects it.

    Args:
        fn (Union[Function, Cell]): the function or cell. Default: ``None``.
        flags: the flags, by keyword.

    Returns:
        ``fn`` itself, or a decorator.

    Examples:
        >>> from mindcell.ops import composite as C
        >>> def f(x):
        ...     return x
        >>> C.add_flags(f, predict=True)._func_graph_flags
        {'predict': True}
    """
    def deco(target):
        current = getattr(target, "_func_graph_flags", None)
        merged = dict(current) if isinstance(current, dict) else {}
        merged.update(flags)
        target._func_graph_flags = merged
        return target

    if fn is None:
        return deco
    return deco(fn)

