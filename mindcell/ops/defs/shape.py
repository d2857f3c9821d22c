"""Shape and indexing primitives. Views are returned where numpy makes them: tensors are never
mutated in place except through Assign-like ops and optimizers, and ``__setitem__`` rebinds a
fresh array."""
import numpy as np

from mindcell._arrays import c_contiguous
from numpy.lib.stride_tricks import as_strided

from mindcell._core.primitive import DataDependentShape, data_dependent, defprim
from mindcell._core.views import ViewRule, strided_layout
from mindcell.ops._errors import public_name
from mindcell.ops.defs import _grad_ops as G


# ----- reshape / transpose / broadcast ------------------------------------------------------
def _reshape_impl(x, shape):
    """A view of a C-contiguous ``x`` (so ``r = x.reshape(..); x[0] = 5`` changes ``r``, as in
    MindSpore's PyNative), a copy of any other: numpy would view some non-contiguous layouts
    too, but a graph trace can only tell contiguity (``ViewRule.contiguous_only``)."""
    if not x.flags.c_contiguous:
        x = np.array(x, order="C")
    return np.reshape(x, shape)


# reshape, view, squeeze, expand_dims, flatten, ravel: all Reshape nodes
# aliases_input: in a graph these own no bytes, the memory plan places them on input 0
reshape_p = defprim("Reshape", _reshape_impl, aliases_input=True,
                    infer=lambda x, shape: (tuple(shape), x[1]),
                    view=ViewRule(lambda base, view, shape: reshape_p.bind(view,
                                                                            shape=base.shape),
                                  contiguous_only=True,
                                  layout=lambda d, shape: strided_layout(shape, d.dtype)),
                    bprop=lambda x, out, dout, shape: (G.reshape(dout, x.shape),))
transpose_p = defprim("Transpose", lambda x, perm: np.transpose(x, perm), aliases_input=True,
                      view=ViewRule(lambda base, view, perm: transpose_p.bind(
                          view, perm=tuple(int(i) for i in np.argsort(perm))),
                          layout=lambda d, perm: np.transpose(d, perm)),
                      infer=lambda x, perm: (tuple(x[0][p] for p in perm), x[1]),
                      bprop=lambda x, out, dout, perm: (
                          G.transpose(dout, tuple(int(i) for i in np.argsort(perm))),))
broadcast_to_p = defprim("BroadcastTo", lambda x, shape: np.broadcast_to(x, shape),
                         aliases_input=True,
                         infer=lambda x, shape: (tuple(shape), x[1]),
                         bprop=lambda x, out, dout, shape: (dout,))  # autodiff unbroadcasts
identity_p = defprim("Identity", lambda x: x, infer=lambda x: x, aliases_input=True,
                     view=ViewRule(lambda base, view: view, layout=lambda d: d),
                     bprop=lambda x, out, dout: (dout,))
# Tensor.copy(): a new buffer eagerly (a later in-place write to either must not show in the
# other); in a graph the same value.
copy_p = defprim("TensorCopy", lambda x: np.array(x, copy=True), infer=lambda x: x,
                 bprop=lambda x, out, dout: (dout,))


def _bitcast_infer(x, dtype):
    shape, src = x
    dtype = np.dtype(dtype)
    if src.itemsize == dtype.itemsize:
        return (shape, dtype)
    last = shape[-1] * src.itemsize if shape else src.itemsize
    return (tuple(shape[:-1]) + (last // dtype.itemsize,), dtype)


# Tensor.view(dtype): the same bytes read as another dtype (the last dim scales with the sizes).
bitcast_p = defprim("BitCast", lambda x, dtype: c_contiguous(x).view(dtype),
                    infer=_bitcast_infer)
# Indices of the non-zero elements: the output's shape depends on the values, so a graph cannot
# hold it (GRAPH_MODE raises naming the user's line).
nonzero_p = defprim("NonZero", lambda x: np.argwhere(x).astype(np.int64),
                    infer=data_dependent("NonZero"))


def _tile_bprop(x, out, dout, multiples):
    shape = x.shape
    lead = len(multiples) - len(shape)
    full = (1,) * lead + tuple(shape)
    split = []
    for m, n in zip(multiples, full):
        split.extend((m, n))
    g = G.reduce_sum(G.reshape(dout, tuple(split)), tuple(range(0, 2 * len(full), 2)), False)
    return (G.reshape(g, shape),)


def _tile_infer(x, multiples):
    shape, reps = tuple(x[0]), tuple(multiples)
    n = max(len(shape), len(reps))
    shape, reps = (1,) * (n - len(shape)) + shape, (1,) * (n - len(reps)) + reps
    return (tuple(d * r for d, r in zip(shape, reps)), x[1])


tile_p = defprim("Tile", lambda x, multiples: np.tile(x, multiples), infer=_tile_infer,
                 bprop=_tile_bprop)
reverse_p = defprim("ReverseV2", lambda x, axis: c_contiguous(np.flip(x, axis)),
                    infer=lambda x, axis: x,
                    bprop=lambda x, out, dout, axis: (G.flip(dout, axis),))


# ----- concat -------------------------------------------------------------------------------
def _concat_infer(*xs, axis):
    shape = list(xs[0][0])
    shape[axis] = sum(s[0][axis] for s in xs)
    return (tuple(shape), xs[0][1])


def _concat_bprop(*xs, out, dout, axis):
    grads, start = [], 0
    for x in xs:
        n = x.shape[axis]
        grads.append(slice_along(dout, axis, start, start + n))
        start += n
    return tuple(grads)


concat_p = defprim("Concat", lambda *xs, axis: np.concatenate(xs, axis=axis),
                   infer=_concat_infer, bprop=_concat_bprop)


# ----- indexing -----------------------------------------------------------------------------
# An index is normalised into a hashable ``spec``: a tuple of ('i', n) ints, ('s', start, stop,
# step) slices, ('e',) ellipsis, ('n',) newaxis and ('t', k) for the k-th index-tensor input.
def build_index(spec, arrays):
    out = []
    for item in spec:
        kind = item[0]
        if kind == "i":
            out.append(item[1])
        elif kind == "s":
            out.append(slice(item[1], item[2], item[3]))
        elif kind == "e":
            out.append(Ellipsis)
        elif kind == "n":
            out.append(None)
        elif kind == "b":
            out.append(item[1])
        else:
            out.append(arrays[item[1]])
    return tuple(out)


class index_errors:
    """``with index_errors(op):`` names numpy's errors of an indexing op (an index tensor out of
    range, a value that does not broadcast to the indexed shape) after the op the user called;
    the values are known only when it runs. (A class, not a generator: ``public_name`` walks the
    stack from the raise and stops at the first frame outside mindcell.)"""

    def __init__(self, op):
        self.op = op

    def __enter__(self):
        return self

    def __exit__(self, kind, e, tb):
        if kind is not None and issubclass(kind, (IndexError, ValueError)):
            raise kind("%s: %s" % (public_name(self.op), e)) from None
        return False


def _basic_key(spec, idx):
    """The numpy key of ``spec``; basic indexing that selects one element gets a trailing
    ``...`` so numpy returns a 0-d view instead of a scalar copy: MindSpore 2.10's ``v = x[1]``
    of a 1-D tensor (``x[1, 2]`` of a 2-D one) shares memory with ``x`` in PyNative, as a row
    does (ms-oracle: ``x[1] = 10`` afterwards changes ``v``)."""
    key = build_index(spec, idx)
    if not idx and all(item[0] in "isn" for item in spec):
        key += (Ellipsis,)
    return key


def _index_impl(x, *idx, spec):
    with index_errors("getitem"):
        out = x[_basic_key(spec, idx)]
    if not isinstance(out, np.ndarray):
        return np.asarray(out)
    return out


def _index_bprop(x, *idx, out, dout, spec):
    return (index_grad_p.bind(dout, *idx, spec=spec, shape=x.shape),) + (None,) * len(idx)


def _index_grad_impl(dout, *idx, spec, shape):
    grad = np.zeros(shape, dout.dtype)
    key = build_index(spec, idx)
    if any(k[0] == "t" for k in spec):
        np.add.at(grad, key, dout)  # repeated indices accumulate
    else:
        grad[key] = dout
    return grad


def _index_infer(x, *idx, spec):
    if any(np.dtype(dtype) == np.bool_ for _, dtype in idx):
        raise DataDependentShape("indexing with a bool tensor mask")
    shape = tuple(x[0])
    dummy = as_strided(np.zeros(1, np.int8), shape, (0,) * len(shape))
    arrays = [np.broadcast_to(np.zeros((), np.intp), s) for s, _ in idx]
    return (dummy[build_index(spec, arrays)].shape, x[1])


# Basic indexing (no index tensors) returns a view of x eagerly.
index_p = defprim("Index", _index_impl, infer=_index_infer, bprop=_index_bprop,
                  view=ViewRule(lambda base, view, spec: index_put_p.bind(base, view, spec=spec),
                                applies=lambda inputs: len(inputs) == 1,
                                layout=lambda d, spec: d[_basic_key(spec, ())]))
index_grad_p = defprim("IndexGrad", _index_grad_impl,
                       infer=lambda g, *idx, spec, shape: (tuple(shape), g[1]),
                       bprop=lambda g, *idx, out, dout, spec, shape: (
                           (index_p.bind(dout, *idx, spec=spec),) + (None,) * len(idx)))


def _index_put_impl(x, value, *idx, spec):
    out = np.array(x, copy=True)
    with index_errors("setitem"):
        out[build_index(spec, idx)] = value
    return out


def _index_put_bprop(x, value, *idx, out, dout, spec):
    dx = index_put_p.bind(dout, G.zeros((), dout._np_dtype), *idx, spec=spec)
    if (len(spec) == len(idx) == 1 and idx[0]._np_dtype == np.bool_
            and value.ndim <= x.ndim - idx[0].ndim):
        # x[mask] = value, value shared by every selected element: its gradient is dout summed
        # over the mask, kept at x's shape here (unbroadcast sums it) because dout[mask] has a
        # data-dependent shape that GRAPH_MODE cannot build
        dvalue = G.sub(dout, dx)
    else:
        dvalue = index_p.bind(dout, *idx, spec=spec)
    return (dx, dvalue) + (None,) * len(idx)


index_put_p = defprim("IndexPut", _index_put_impl, infer=lambda x, *rest, spec: x,
                      bprop=_index_put_bprop)


def slice_along(x, axis, start, stop):
    """x[..., start:stop, ...] along one axis (used by concat/split backward)."""
    spec = (("s", None, None, None),) * axis + (("s", start, stop, None),)
    return index_p.bind(x, spec=spec)


# ----- gather / scatter ---------------------------------------------------------------------
def _segment_sum(dout, indices, axis, dim_size):
    """Sum slices of ``dout`` into ``dim_size`` rows along ``axis`` (the backward of take)."""
    lead, trail = dout.shape[:axis], dout.shape[axis + indices.ndim:]
    out = np.zeros(lead + (dim_size,) + trail, dout.dtype)
    flat = np.moveaxis(dout.reshape(lead + (indices.size,) + trail), axis, 0)
    idx = indices.ravel().astype(np.int64)
    if idx.size:
        # Sorted segments summed with reduceat (deterministic): np.add.at's row-at-a-time loop
        # was 3 ms for an embedding's 2048 rows of 256.
        idx = np.where(idx < 0, idx + dim_size, idx)
        order = np.argsort(idx, kind="stable")
        ordered = idx[order]
        starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
        np.moveaxis(out, axis, 0)[ordered[starts]] = np.add.reduceat(flat[order], starts, axis=0)
    return out


def _gather_bprop(x, indices, out, dout, axis):
    return (gather_grad_p.bind(dout, indices, axis=axis, dim_size=x.shape[axis]), None)


def check_index_range(op, indices, n):
    """Index values are only known when the op runs (in either mode): check them there."""
    if indices.size and (indices.min() < -n or indices.max() >= n):
        raise ValueError("%s: indices must be in [%d, %d), but got values in [%d, %d]"
                         % (public_name(op), -n, n, indices.min(), indices.max()))


def _gather_impl(x, indices, axis):
    check_index_range("gather", indices, x.shape[axis])
    return np.take(x, indices, axis=axis)


def _gather_infer(x, indices, axis):
    return (x[0][:axis] + tuple(indices[0]) + x[0][axis + 1:], x[1])


gather_p = defprim("Gather", _gather_impl, infer=_gather_infer,
                   bprop=_gather_bprop, checks_values=True)
gather_grad_p = defprim("UnsortedSegmentSum", _segment_sum,
                        infer=lambda g, indices, axis, dim_size: (
                            g[0][:axis] + (dim_size,) + g[0][axis + len(indices[0]):], g[1]),
                        bprop=lambda g, indices, out, dout, axis, dim_size: (
                            G.gather(dout, indices, axis), None))


def _full_index(index, axis):
    grids = list(np.indices(index.shape, sparse=True))
    grids[axis] = index
    return tuple(grids)


def _scatter_elements_impl(x, index, src, axis, reduction="none"):
    check_index_range("scatter_add" if reduction == "add" else "scatter", index, x.shape[axis])
    out = np.array(x, copy=True)
    src = np.broadcast_to(src[_leading(index.shape)] if src.ndim else src, index.shape)
    if reduction == "add":
        np.add.at(out, _full_index(index, axis), src)
    else:
        out[_full_index(index, axis)] = src
    return out


def _gather_d_bprop(x, index, out, dout, axis):
    zeros = G.zeros_like(x)
    return (scatter_elements_p.bind(zeros, index, dout, axis=axis, reduction="add"), None)


def _scatter_elements_bprop(x, index, src, out, dout, axis, reduction="none"):
    dsrc = gather_d_p.bind(dout, index, axis=axis)
    if reduction == "add":
        return (dout, None, dsrc)
    dx = scatter_elements_p.bind(dout, index, G.zeros((), dout._np_dtype), axis=axis,
                                 reduction="none")
    return (dx, None, dsrc)


def _leading(shape):
    """The index that keeps the leading ``shape`` of a larger array (an index of
    gather_elements/scatter may be smaller than its input off the axis)."""
    return tuple(slice(0, n) for n in shape)


def _gather_d_impl(x, index, axis):
    check_index_range("gather_elements", index, x.shape[axis])
    key = list(_leading(index.shape))
    key[axis] = slice(None)
    return np.take_along_axis(x[tuple(key)], index, axis)


gather_d_p = defprim("GatherD", _gather_d_impl, infer=lambda x, index, axis: (index[0], x[1]),
                     bprop=_gather_d_bprop, checks_values=True)
scatter_elements_p = defprim("ScatterElements", _scatter_elements_impl,
                             infer=lambda x, *rest, **kw: x, bprop=_scatter_elements_bprop,
                             checks_values=True)


def _index_add_impl(x, indices, y, axis):
    check_index_range("index_add", indices, x.shape[axis])
    out = np.array(x, copy=True)
    np.add.at(np.moveaxis(out, axis, 0), indices, np.moveaxis(y, axis, 0))
    return out


index_add_p = defprim("IndexAdd", _index_add_impl, infer=lambda x, *rest, **kw: x,
                      bprop=lambda x, indices, y, out, dout, axis: (
                          dout, None, G.gather(dout, indices, axis)), checks_values=True)


def _one_hot_impl(indices, depth, on_value, off_value, axis, dtype):
    eye = (np.arange(depth) == indices[..., None])
    out = np.where(eye, on_value, off_value).astype(dtype)
    if axis != -1 and axis != out.ndim - 1:
        out = np.moveaxis(out, -1, axis)
    return c_contiguous(out)


def _one_hot_infer(indices, depth, on_value, off_value, axis, dtype):
    shape = list(indices[0])
    shape.insert(len(shape) if axis == -1 else axis, depth)
    return (tuple(shape), np.dtype(dtype))


one_hot_p = defprim("OneHot", _one_hot_impl, infer=_one_hot_infer)


def _pad_bprop(x, out, dout, paddings, value=0.0):
    spec = tuple(("s", b, b + n, None) for (b, _), n in zip(paddings, x.shape))
    return (index_p.bind(dout, spec=spec),)


pad_p = defprim("PadV3", lambda x, paddings, value=0.0: np.pad(x, paddings, constant_values=value),
                infer=lambda x, paddings, value=0.0: (
                    tuple(d + b + a for d, (b, a) in zip(x[0], paddings)), x[1]),
                bprop=_pad_bprop)


# ----- sorting ------------------------------------------------------------------------------
def _argsort(x, axis, descending):
    """Stable argsort (equal values keep their order) in either direction. NaN counts as the
    largest value: last ascending, first descending. Descending flips instead of negating,
    which would wrap unsigned ints and INT_MIN."""
    if x.ndim == 0:
        return np.zeros((), np.int64)
    if not descending:
        return np.argsort(x, axis=axis, kind="stable")
    idx = np.argsort(np.flip(x, axis), axis=axis, kind="stable")
    return (x.shape[axis] - 1) - np.flip(idx, axis)


def _topk_impl(x, k, dim, largest, sorted):
    idx = _argsort(x, dim, largest)
    if x.ndim:
        idx = np.take(idx, np.arange(k), axis=dim)
        if not sorted and k == x.shape[dim]:  # MindSpore 2.10 gives the input's order then
            idx = np.sort(idx, axis=dim)  # (ms-oracle, any dim); for k < n, its selection's order
    return np.take_along_axis(x, idx, dim) if x.ndim else x.copy(), idx.astype(np.int32)


def _sort_impl(x, axis, descending):
    idx = _argsort(x, axis, descending)
    return np.take_along_axis(x, idx, axis) if x.ndim else x.copy(), idx.astype(np.int64)


def _sorted_values_bprop(x, out, dout, **attrs):
    axis = attrs.get("dim", attrs.get("axis"))
    zeros = G.zeros_like(x)
    return (scatter_elements_p.bind(zeros, out[1], dout[0], axis=axis, reduction="add"),)


def _topk_infer(x, k, dim, largest, sorted):
    shape = tuple(x[0][:dim]) + (k,) + tuple(x[0][dim + 1:])
    return ((shape, x[1]), (shape, np.dtype(np.int32)))


topk_p = defprim("TopK", _topk_impl, nout=2, infer=_topk_infer, bprop=_sorted_values_bprop)
sort_p = defprim("Sort", _sort_impl, nout=2,
                 infer=lambda x, axis, descending: (x, (x[0], np.dtype(np.int64))),
                 bprop=_sorted_values_bprop)
