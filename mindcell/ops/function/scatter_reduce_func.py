"""Scatters that combine instead of add: ``tensor_scatter_max/min/mul/div`` (a copy), their
in-place forms on a Parameter (``scatter_nd_*`` by N-D index, ``scatter_*`` by row), and the
segment reductions ``unsorted_segment_sum/max/min/prod``. All run on the one TensorScatter
primitive (mindcell/ops/defs/scatter_nd.py), whose reductions apply every update in turn, so
repeated indices combine, and whose gradients route to the operands that made the result."""
import inspect

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function import scatter_func as S
from mindcell.ops.function._opdoc import array, example, opdoc

_WHAT = {"add": "the sum of", "max": "the maximum of", "min": "the minimum of", "mul": "the product of",
         "div": "the quotient of", "sub": "the difference of"}
_X = array([[1.0, 2.0], [3.0, 4.0]])
_IDX = array([[0, 1], [0, 1]], "int32")
_U = array([5.0, 0.5])
_OUT = {"add": "[[1.  7.5]\n [3.  4. ]]", "max": "[[1. 5.]\n [3. 4.]]", "min": "[[1.  0.5]\n [3.  4. ]]",
        "mul": "[[1. 5.]\n [3. 4.]]", "div": "[[1.  0.8]\n [3.  4. ]]",
        "sub": "[[ 1.  -3.5]\n [ 3.   4. ]]"}


def _tensor_scatter(kind):
    name = "tensor_scatter_" + kind

    def fn(input_x, indices, updates):
        return S._scatter(input_x, indices, updates, name, kind)

    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    fn.__doc__ = opdoc(
        "A copy of ``input_x`` where each slice at ``indices`` is %s it and the ``updates`` "
        "scattered there (repeated indices combine every update)." % _WHAT[kind],
        ["input_x (Tensor): the tensor combined with.",
         "indices (Tensor): int32 or int64, its last axis addressing ``input_x``'s first axes.",
         "updates (Tensor): ``indices.shape[:-1] + input_x.shape[indices.shape[-1]:]``, "
         "``input_x``'s dtype."],
        "Tensor of ``input_x``'s shape and dtype.",
        ["TypeError: an argument is not a Tensor, ``indices`` is not int, or ``updates`` has "
         "another dtype.", "ValueError: the shapes do not fit, or an index is out of range."],
        example("ops.%s(x, idx, u)" % name, _OUT[kind],
                ["x = " + _X, "idx = " + _IDX, "u = " + _U]))
    return fn


def _scatter_nd_in_place(kind):
    name = "scatter_nd_" + kind

    def fn(input_x, indices, updates, use_locking=False):
        if kind == "sub":
            check_tensor(updates, name, "updates")
            if updates.dtype == mstype.bool_:
                raise TypeError("%s: 'updates' must not be bool" % public_name(name))
            return S._in_place(input_x, indices, -updates, use_locking, name, "add")
        return S._in_place(input_x, indices, updates, use_locking, name, kind)

    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    fn.__doc__ = opdoc(
        "Sets the slices of the Parameter ``input_x`` at ``indices`` to %s them and the "
        "``updates`` scattered there, in place (repeated indices combine every update)."
        % _WHAT[kind],
        ["input_x (Parameter): the Parameter updated.",
         "indices (Tensor): int32 or int64, its last axis addressing ``input_x``'s first axes.",
         "updates (Tensor): ``indices.shape[:-1] + input_x.shape[indices.shape[-1]:]``, "
         "``input_x``'s dtype.",
         "use_locking (bool): a lock around concurrent updates on MindSpore's devices; "
         "mindcell's updates run in call order. Default: ``False``."],
        "Tensor, the updated value of ``input_x`` (it shares the Parameter's data).",
        ["TypeError: ``input_x`` is not a Parameter, ``indices`` not an int Tensor, or "
         "``use_locking`` not a bool.",
         "ValueError: the shapes do not fit, or an index is out of range."],
        example("ops.%s(p, idx, u).asnumpy()" % name, _OUT[kind],
                ["import mindcell as ms", "p = ms.Parameter(%s)" % _X, "idx = " + _IDX,
                 "u = " + _U]))
    return fn


def _scatter_rows_in_place(kind):
    name = "scatter_" + kind
    nd = _scatter_nd_in_place(kind)

    def fn(input_x, indices, updates):
        check_tensor(indices, name, "indices")
        return nd(input_x, indices.reshape(tuple(indices.shape) + (1,)), updates)

    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    fn.__doc__ = opdoc(
        "Sets the rows of the Parameter ``input_x`` at ``indices`` (its first axis) to %s them "
        "and the ``updates``, in place (repeated indices combine every update)." % _WHAT[kind],
        ["input_x (Parameter): the Parameter updated.",
         "indices (Tensor): int32 or int64 row indices, any shape.",
         "updates (Tensor): ``indices.shape + input_x.shape[1:]``, ``input_x``'s dtype."],
        "Tensor, the updated value of ``input_x`` (it shares the Parameter's data).",
        ["TypeError: ``input_x`` is not a Parameter or ``indices`` not an int Tensor.",
         "ValueError: the shapes do not fit, or an index is out of range."],
        example("ops.%s(p, idx, u).asnumpy()" % name,
                {"add": "[[6.  7. ]\n [3.5 4.5]]", "max": "[[5. 5.]\n [3. 4.]]", "min": "[[1.  2. ]\n [0.5 0.5]]",
                 "mul": "[[ 5.  10. ]\n [ 1.5  2. ]]", "div": "[[0.2 0.4]\n [6.  8. ]]"}[kind],
                ["import mindcell as ms", "p = ms.Parameter(%s)" % _X,
                 "idx = " + array([0, 1], "int32"),
                 "u = " + array([[5.0, 5.0], [0.5, 0.5]])]))
    return fn


# the value of an empty segment: MindSpore's kernels start a sum at 0, max at the dtype's lowest
# value, min at its highest, prod at 1
def _start(kind, np_dtype):
    if kind in ("sum", "prod"):
        return int(kind == "prod")
    info = np.finfo(np_dtype) if np.issubdtype(np_dtype, np.floating) else np.iinfo(np_dtype)
    return info.min if kind == "max" else info.max


def _segment_count(num_segments, name):
    if isinstance(num_segments, Tensor) and num_segments.size == 1 and \
            not num_segments.dtype.is_floating_point:
        num_segments = int(num_segments.asnumpy().item())
    if not isinstance(num_segments, (int, np.integer)) or isinstance(num_segments, bool) \
            or not 0 < num_segments < 2 ** 31:
        raise ValueError("%s: 'num_segments' must be a positive int, but got %r"
                         % (public_name(name), num_segments))
    return int(num_segments)


_SEGMENT_WHAT = {"sum": ("sum", "0"), "max": ("maximum", "the dtype's lowest value"),
                 "min": ("minimum", "the dtype's highest value"), "prod": ("product", "1")}
_SEGMENT_OUT = {"sum": "[4. 2.]", "max": "[3. 2.]", "min": "[1. 2.]", "prod": "[3. 2.]"}


def _unsorted_segment(kind):
    name = "unsorted_segment_" + kind
    reduction = {"sum": "add", "max": "max", "min": "min", "prod": "mul"}[kind]
    x_name = "input_x" if kind == "sum" else "x"  # MindSpore's parameter names
    signature = inspect.Signature(
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD)
         for n in (x_name, "segment_ids", "num_segments")])

    def fn(*args, **kwargs):
        from mindcell.ops import functional as F
        try:
            x, segment_ids, num_segments = signature.bind(*args, **kwargs).args
        except TypeError as e:
            raise TypeError("%s: %s" % (public_name(name), e)) from None
        check_tensor(x, name, x_name)
        if x.dtype == mstype.bool_:
            raise TypeError("%s: '%s' must be a number Tensor, but got Bool"
                            % (public_name(name), x_name))
        ids = check_tensor(segment_ids, name, "segment_ids")
        count = _segment_count(num_segments, name)
        if tuple(x.shape[:ids.ndim]) != tuple(ids.shape):
            raise ValueError("%s: 'segment_ids' of shape %s must be a prefix of '%s''s shape %s"
                             % (public_name(name), ids.shape, x_name, x.shape))
        start = _start(kind, x._np_dtype)
        # MindSpore's CPU kernels skip negative ids (their rows combine as the start value) and
        # reject ids >= num_segments (the scatter's range check does)
        skipped = ids < 0
        x = F.where(F.reshape(skipped, tuple(ids.shape) + (1,) * (x.ndim - ids.ndim)),
                    F.full_like(x, start), x)
        ids = F.where(skipped, F.zeros_like(ids), ids)
        out = F.full((count,) + tuple(x.shape[ids.ndim:]), start, dtype=x.dtype)
        return S._scatter(out, F.expand_dims(ids, -1), x, name, reduction)

    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    fn.__signature__ = signature
    what, empty = _SEGMENT_WHAT[kind]
    fn.__doc__ = opdoc(
        "The %s of the slices of ``%s`` that share a segment id: output row ``i`` combines the "
        "``%s[j]`` with ``segment_ids[j] == i``; an empty segment holds %s, and rows with a "
        "negative id are skipped." % (what, x_name, x_name, empty),
        ["%s (Tensor): the values." % x_name,
         "segment_ids (Tensor): int ids below ``num_segments``, a prefix of ``%s``'s shape."
         % x_name,
         "num_segments (Union[int, Tensor]): the number of output rows, > 0."],
        "Tensor of shape ``(num_segments,) + %s.shape[segment_ids.ndim:]``, ``%s``'s dtype."
        % (x_name, x_name),
        ["TypeError: ``%s`` or ``segment_ids`` is not a Tensor, or ``%s`` is bool."
         % (x_name, x_name),
         "ValueError: ``num_segments`` is not a positive int, ``segment_ids``' shape is not a "
         "prefix, or an id is ``num_segments`` or more."],
        example("ops.%s(x, ids, 2)" % name, _SEGMENT_OUT[kind],
                ["x = " + array([1.0, 2.0, 3.0]), "ids = " + array([0, 1, 0], "int32")]))
    return fn


_made = {}
for _kind in ("max", "min", "mul", "div"):
    for _fn in (_tensor_scatter(_kind), _scatter_nd_in_place(_kind), _scatter_rows_in_place(_kind)):
        _made[_fn.__name__] = _fn
_made["scatter_nd_sub"] = _scatter_nd_in_place("sub")
_made["scatter_add"] = _scatter_rows_in_place("add")
for _kind in ("sum", "max", "min", "prod"):
    _made["unsorted_segment_" + _kind] = _unsorted_segment(_kind)
globals().update(_made)
__all__ = sorted(_made)
del _made
