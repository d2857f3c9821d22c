"""Shape manipulation, indexing, gather/scatter and sorting ops."""
import itertools
import math

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import (check_tensor, check_shape, normalize_axis, normalize_dim,
                                   normalize_perm, check_rank, to_tensor, cast_to,
                                   binary_operands, INT64_MAX, check_numel, fill_scalar,
                                   tensor_item)
from mindcell.ops._errors import (check_bool, check_choice, check_int, check_ints, check_number,
                                  check_positive_int, public_name)
from mindcell.ops.defs import shape as S
from mindcell.ops.function import math_func as M
from mindcell.ops.function.pad_func import mirror_pad
from mindcell.ops._helpers import is_scalar, scalar_tensor
from mindcell.ops._errors import show


def _resolve_shape(shape, size, op):
    shape = check_shape(shape, op)
    if shape.count(-1) > 1:
        raise ValueError("%s: at most one -1 is allowed in shape, but got %s" % (op, shape))
    known = 1
    for n in shape:
        if n != -1:
            if n < 0:
                raise ValueError("%s: shape entries must be >= -1, but got %s" % (op, shape))
            known *= n
    if -1 in shape:
        if known == 0 or size % known:
            raise ValueError("%s: cannot reshape a tensor of %d elements into %s"
                             % (op, size, shape))
        shape = tuple(size // known if n == -1 else n for n in shape)
    elif known != size:
        raise ValueError("%s: cannot reshape a tensor of %d elements into %s" % (op, size, shape))
    return shape


def reshape(input, shape):
    """reshape(input, shape): same data, new shape; one dim may be -1."""
    check_tensor(input, "reshape")
    shape = _resolve_shape(shape, input.size, "reshape")
    if shape == input.shape:
        return input
    return S.reshape_p.bind(input, shape=shape)


def transpose(input, dims):
    """transpose(input, dims): permute the axes (``dims[i]`` is the input axis of output axis i)."""
    check_tensor(input, "transpose")
    perm = normalize_perm(dims, input.ndim, "transpose")
    if perm == tuple(range(input.ndim)):
        return input
    return S.transpose_p.bind(input, perm=perm)


def permute(input, axis):
    """permute(input, axis): same as transpose."""
    return transpose(input, axis)


def swapaxes(input, axis0, axis1):
    """swapaxes(input, axis0, axis1): ``input`` with dimensions ``axis0`` and ``axis1`` swapped."""
    check_tensor(input, "swapaxes")
    perm = list(range(input.ndim))
    a, b = normalize_dim(axis0, input.ndim, "swapaxes"), normalize_dim(axis1, input.ndim, "swapaxes")
    perm[a], perm[b] = perm[b], perm[a]
    return transpose(input, tuple(perm))


def swapdims(input, dim0, dim1):
    """swapdims(input, dim0, dim1): ``input`` with dimensions ``dim0`` and ``dim1`` swapped."""
    return swapaxes(input, dim0, dim1)


def movedim(x, source, destination):
    """movedim(x, source, destination): ``x`` with dimension ``source`` moved to ``destination``
    (the others keep their order)."""
    check_tensor(x, "movedim", "x")
    src = normalize_dim(source, x.ndim, "movedim")
    dst = normalize_dim(destination, x.ndim, "movedim")
    perm = [i for i in range(x.ndim) if i != src]
    perm.insert(dst, src)
    return transpose(x, tuple(perm))


def _check_tensor_seq(tensors, op):
    if not isinstance(tensors, (list, tuple)) or not tensors:
        raise TypeError("%s: expected a non-empty tuple or list of Tensors, but got %s"
                        % (op, type(tensors).__name__))
    for t in tensors:
        check_tensor(t, op, "tensors")


def concat(tensors, axis=0):
    """concat(tensors, axis=0): join tensors along an existing axis."""
    _check_tensor_seq(tensors, "concat")
    first = tensors[0]
    ax = normalize_dim(axis, first.ndim, "concat")
    for t in tensors[1:]:
        if t.ndim != first.ndim or any(a != b for i, (a, b) in enumerate(zip(t.shape, first.shape))
                                       if i != ax):
            raise ValueError("concat: shapes %s and %s differ outside axis %d"
                             % (first.shape, t.shape, ax))
    tensors = _promote_all(tensors, "concat")
    if len(tensors) == 1:
        return tensors[0]
    return S.concat_p.bind(*tensors, axis=ax)


def _promote_all(tensors, op):
    out = list(tensors)
    for i in range(1, len(out)):
        out[0], out[i] = binary_operands(out[0], out[i], op)
    return [cast_to(t, out[0]._np_dtype) for t in out]


cat = concat


def stack(tensors, axis=0):
    """stack(tensors, axis=0): join tensors along a new axis."""
    _check_tensor_seq(tensors, "stack")
    shape = tensors[0].shape
    for t in tensors:
        if t.shape != shape:
            raise ValueError("stack: all tensors must have the same shape, but got %s and %s"
                             % (shape, t.shape))
    ax = normalize_dim(axis, len(shape) + 1, "stack")
    return concat([expand_dims(t, ax) for t in tensors], ax)


def split(tensor, split_size_or_sections, axis=0):
    """split(tensor, split_size_or_sections, axis=0): a tuple of pieces along ``axis``;
    an int gives pieces of that size (the last may be smaller), a list gives the sizes."""
    check_rank(check_tensor(tensor, "split", "tensor"), "split", 1, "tensor")
    ax = normalize_dim(axis, tensor.ndim, "split")
    n = tensor.shape[ax]
    s = split_size_or_sections
    if isinstance(s, (list, tuple)):
        sizes = check_ints(s, "split", "split_size_or_sections", low=0, high=INT64_MAX)
        if sum(sizes) != n:
            raise ValueError("%s: sections %s do not add up to the axis length %d"
                             % (public_name("split"), s, n))
    else:
        s = check_int(s, "split", "split_size_or_sections", 1)
        sizes = ([s] * (n // s) + ([n % s] if n % s else [])) or [0]  # empty axis: one piece
    return _pieces(tensor, ax, itertools.accumulate(sizes[:-1]))


def _pieces(x, ax, cuts):
    """The slices of ``x`` along ``ax`` between consecutive ``cuts`` (Python slice semantics:
    negative cuts count from the end, cuts beyond the axis are clamped)."""
    bounds = [0, *cuts, x.shape[ax]]
    out = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        start, stop, _ = slice(a, b).indices(x.shape[ax])
        out.append(S.slice_along(x, ax, start, max(start, stop)))
    return tuple(out)


def chunk(input, chunks, axis=0):
    """chunk(input, chunks, axis=0): split into ``chunks`` pieces of equal size (the last
    smaller)."""
    check_rank(check_tensor(input, "chunk"), "chunk", 1)
    chunks = check_positive_int(chunks, "chunk", "chunks")
    n = input.shape[normalize_dim(axis, input.ndim, "chunk")]
    return split(input, max(1, -(-n // chunks)), axis)


def tensor_split(input, indices_or_sections, axis=0):
    """tensor_split(input, indices_or_sections, axis=0): ``k`` pieces of nearly equal size
    (the first ``n % k`` one longer; empty ones when k > n), or the pieces between the given
    indices (Python slice semantics)."""
    check_rank(check_tensor(input, "tensor_split"), "tensor_split", 1)
    ax = normalize_dim(axis, input.ndim, "tensor_split")
    s = indices_or_sections
    if isinstance(s, (list, tuple)):
        return _pieces(input, ax, check_ints(s, "tensor_split", "indices_or_sections",
                                             low=-INT64_MAX, high=INT64_MAX))
    k = check_positive_int(s, "tensor_split", "indices_or_sections")
    n = input.shape[ax]
    sizes = [n // k + (1 if i < n % k else 0) for i in range(k - 1)]
    return _pieces(input, ax, itertools.accumulate(sizes))


def squeeze(input, axis=None):
    """squeeze(input, axis=None): drop size-1 axes (all, or the given ones)."""
    check_tensor(input, "squeeze")
    if axis is None or (isinstance(axis, (tuple, list)) and not axis):  # () = all, as Squeeze
        return reshape(input, tuple(n for n in input.shape if n != 1))
    axes = normalize_axis(axis, input.ndim, "squeeze")
    for a in axes:
        if input.shape[a] != 1:
            raise ValueError("squeeze: axis %d has size %d, expected 1" % (a, input.shape[a]))
    return reshape(input, tuple(n for i, n in enumerate(input.shape) if i not in axes))


def expand_dims(input_x, axis):
    """expand_dims(input_x, axis): insert a size-1 axis at ``axis``."""
    check_tensor(input_x, "expand_dims", "input_x")
    ax = normalize_dim(axis, input_x.ndim + 1, "expand_dims")
    shape = input_x.shape[:ax] + (1,) + input_x.shape[ax:]
    return S.reshape_p.bind(input_x, shape=shape)


def unsqueeze(input, dim):
    """unsqueeze(input, dim): same as expand_dims."""
    return expand_dims(input, dim)


def broadcast_to(input, shape):
    """broadcast_to(input, shape): broadcast to ``shape``; -1 keeps that dim."""
    check_tensor(input, "broadcast_to")
    target = check_shape(shape, "broadcast_to", low=-1)
    lead = len(target) - input.ndim
    shape = tuple(input.shape[i - lead] if n == -1 and i >= lead else n
                  for i, n in enumerate(target))
    if lead < 0 or -1 in shape or any(d not in (1, n) for d, n in zip(input.shape,
                                                                       shape[lead:])):
        raise ValueError("%s: cannot broadcast shape %s to %s (-1 keeps an existing dim)"
                         % (public_name("broadcast_to"), input.shape, target))
    check_numel(shape, "broadcast_to")
    if shape == input.shape:
        return input
    return S.broadcast_to_p.bind(input, shape=shape)


def tile(input, dims):
    """tile(input, dims): repeat the tensor ``dims[i]`` times along axis i."""
    check_tensor(input, "tile")
    dims = check_shape(dims, "tile", "dims", low=0)
    if len(dims) < input.ndim:
        dims = (1,) * (input.ndim - len(dims)) + dims
    shape = (1,) * (len(dims) - input.ndim) + input.shape
    check_numel(tuple(a * b for a, b in zip(shape, dims)), "tile", "the result")
    return S.tile_p.bind(input, multiples=dims)


def flatten(input, order="C", *, start_dim=1, end_dim=-1):
    """flatten(input, order='C', *, start_dim=1, end_dim=-1): merge dims start..end."""
    check_tensor(input, "flatten")
    check_choice(order, "flatten", "order", ("C", "F"))
    if input.ndim == 0:
        return reshape(input, (1,))
    s = normalize_dim(start_dim, input.ndim, "flatten", "start_dim")
    e = normalize_dim(end_dim, input.ndim, "flatten", "end_dim")
    if s > e:
        raise ValueError("flatten: start_dim %d is after end_dim %d" % (start_dim, end_dim))
    x = input if order == "C" else transpose(input, tuple(range(input.ndim - 1, -1, -1)))
    return reshape(x, x.shape[:s] + (math.prod(x.shape[s:e + 1]),) + x.shape[e + 1:])


def flip(input, dims):
    """flip(input, dims): reverse the order of elements along ``dims``."""
    check_tensor(input, "flip")
    if not isinstance(dims, (int, tuple, list)) or isinstance(dims, bool):
        raise TypeError("flip: 'dims' must be an int or a tuple of ints, but got %s"
                        % type(dims).__name__)
    if isinstance(dims, (tuple, list)) and not dims:
        return S.copy_p.bind(input)
    axes = normalize_axis(dims, input.ndim, "flip")
    return S.reverse_p.bind(input, axis=axes)


def narrow(input, axis, start, length):
    """narrow(input, axis, start, length): ``length`` elements from ``start`` along ``axis``."""
    check_tensor(input, "narrow")
    if input.ndim == 0:
        raise ValueError("narrow: 'input' must be at least 1-D, but got a 0-D tensor")
    ax = normalize_dim(axis, input.ndim, "narrow")
    n = input.shape[ax]
    start = check_int(start, "narrow", "start", -n, n)
    start = start + n if start < 0 else start
    length = check_int(length, "narrow", "length", 0, n - start)
    return S.slice_along(input, ax, start, start + length)


def _index_tensor(indices, op):
    idx = to_tensor(indices, op, "indices")
    if idx._np_dtype.kind not in "iu":
        raise TypeError("%s: indices must be an integer tensor, but got %s"
                        % (public_name(op), idx.dtype))
    return idx


def gather(input_params, input_indices, axis, batch_dims=0):
    """gather(input_params, input_indices, axis, batch_dims=0): take slices along ``axis``.

    Args:
        input_params (Tensor): the tensor to take from, rank at least 1.
        input_indices (Tensor): integer indices into ``axis`` (negative ones count from the end).
        axis (int): the axis of ``input_params`` to index.
        batch_dims (int): the leading dims shared by ``input_params`` and ``input_indices``;
            each batch element takes from its own slice (negative: counted from the rank of
            ``input_indices``). ``axis`` must not be below it. Default: 0.

    Returns:
        Tensor of shape ``params.shape[:axis] + indices.shape[batch_dims:] +
        params.shape[axis + 1:]``.

    Raises:
        TypeError: a non-Tensor input, non-integer indices, or a non-int ``batch_dims``.
        ValueError: ``axis`` or ``batch_dims`` out of range, or ``axis < batch_dims``.
        RuntimeError: the batch dims of the two inputs differ.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.Tensor(np.arange(8).reshape(2, 4).astype(np.float32))
        >>> ops.gather(x, ms.Tensor(np.array([[0, 3], [1, 2]], np.int32)), 1, batch_dims=1)
        Tensor(shape=[2, 2], dtype=Float32, value=
        [[ 0.00000000e+00,  3.00000000e+00],
         [ 5.00000000e+00,  6.00000000e+00]])
    """
    check_rank(check_tensor(input_params, "gather", "input_params"), "gather", 1, "input_params")
    idx = _index_tensor(input_indices, "gather")
    ax = normalize_dim(axis, input_params.ndim, "gather")
    b = check_int(batch_dims, "gather", "batch_dims", -input_params.ndim, input_params.ndim - 1)
    b = b + idx.ndim if b < 0 else b
    if b == 0:
        return S.gather_p.bind(input_params, idx, axis=ax)
    return _batch_gather(input_params, idx, ax, b)


def _batch_gather(params, idx, axis, b):
    """gather with ``b`` batch dims: each of the B = prod(shape[:b]) batch elements takes from
    its own slice, as one gather_elements over params viewed as (B, M, A, N)."""
    if axis < b or b > idx.ndim:
        raise ValueError("gather: 'axis' (%d) must be >= 'batch_dims' (%d) and 'batch_dims' "
                         "<= the rank of 'input_indices' (%d)" % (axis, b, idx.ndim))
    p, i = tuple(params.shape), tuple(idx.shape)
    if p[:b] != i[:b]:
        raise RuntimeError("gather: with batch_dims=%d the leading dims of 'input_params' %s and "
                           "'input_indices' %s must be equal" % (b, p, i))
    nb, m, a = math.prod(p[:b]), math.prod(p[b:axis]), p[axis]
    n, k = math.prod(p[axis + 1:]), math.prod(i[b:])
    index = broadcast_to(idx.reshape((nb, 1, k, 1)), (nb, m, k, n))
    out = S.gather_d_p.bind(params.reshape((nb, m, a, n)), index, axis=2)
    return out.reshape(p[:axis] + i[b:] + p[axis + 1:])


def gather_elements(input, dim, index):
    """gather_elements(input, dim, index): out[i][j] = input[index[i][j]][j] (dim 0) etc."""
    check_tensor(input, "gather_elements")
    idx = _index_tensor(index, "gather_elements")
    d = normalize_dim(dim, input.ndim, "gather_elements", "dim")
    _check_index_shape(input, idx, d, "gather_elements")
    return S.gather_d_p.bind(input, idx, axis=d)


def _check_index_shape(input, index, axis, op, src=None):
    """gather_elements/scatter: ``index`` has ``input``'s rank (at least 1) and is no larger
    than ``input`` off ``axis``, nor than ``src`` (unless a 0-d ``src`` is broadcast)."""
    check_rank(input, op, 1)
    bounds = [(input.shape[:axis] + (None,) + input.shape[axis + 1:], "input")]
    if src is not None and src.ndim:
        bounds.append((src.shape, "src"))
    for shape, arg in bounds:
        if index.ndim != len(shape) or any(n is not None and i > n
                                           for i, n in zip(index.shape, shape)):
            raise ValueError("%s: 'index' must have the rank of '%s' and be no larger than it%s,"
                             " but got index %s and %s %s"
                             % (public_name(op), arg, " off the axis" if arg == "input" else "",
                                index.shape, arg, tuple(n for n in shape)))


def gather_d(x, dim, index):
    """gather_d(x, dim, index): same as :func:`gather_elements`."""
    return gather_elements(x, dim, index)


def scatter(input, axis, index, src):
    """scatter(input, axis, index, src): copy of input with src written at index along axis."""
    return _scatter(input, axis, index, src, "scatter", "none")


def scatter_add(input, axis, index, src):
    """scatter_add(input, axis, index, src): copy of input with src added at index along axis."""
    return _scatter(input, axis, index, src, "scatter_add", "add")


def _scatter(input, axis, index, src, op, reduction):
    check_tensor(input, op)
    idx = _index_tensor(index, op)
    src = cast_to(to_tensor(src, op, "src"), input._np_dtype)
    ax = normalize_dim(axis, input.ndim, op)
    _check_index_shape(input, idx, ax, op, src)
    return S.scatter_elements_p.bind(input, idx, src, axis=ax, reduction=reduction)


def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True):
    """index_add(x, indices, y, axis, use_lock=True, check_index_bound=True): copy of x with
    rows of y added at ``indices``. ``use_lock`` (a lock around concurrent device updates) has
    no effect in one CPU process; indices are always bounds-checked (MindSpore's CPU kernel
    also raises for out-of-range indices with ``check_index_bound=False``)."""
    check_tensor(x, "index_add", "x")
    idx = _index_tensor(indices, "index_add")
    check_rank(x, "index_add", 1, "x")
    ax = normalize_dim(axis, x.ndim, "index_add")
    y = cast_to(check_tensor(y, "index_add", "y"), x._np_dtype)
    want = x.shape[:ax] + idx.shape[:1] + x.shape[ax + 1:]
    if idx.ndim != 1 or y.shape != want:
        raise ValueError("%s: 'indices' must be 1-D and 'y' of shape %s (x's shape with "
                         "len(indices) along axis), but got indices %s and y %s"
                         % (public_name("index_add"), want, idx.shape, y.shape))
    return S.index_add_p.bind(x, idx, y, axis=ax)


def one_hot(indices, depth, on_value=1, off_value=0, axis=-1):
    """one_hot(indices, depth, on_value=1, off_value=0, axis=-1)."""
    idx = _index_tensor(indices, "one_hot")
    depth = check_int(depth, "one_hot", "depth", 0, 2 ** 31 - 1)
    axis = check_int(axis, "one_hot", "axis", -1, idx.ndim)
    on, dtype = _one_hot_value(on_value, "on_value")
    off = _one_hot_value(off_value, "off_value")[0]
    return S.one_hot_p.bind(idx, depth=int(depth), on_value=on, off_value=off,
                            axis=int(axis), dtype=dtype)


def _one_hot_value(v, arg):
    """``on_value``/``off_value`` (a number or a one-element tensor) as (scalar, dtype)."""
    if isinstance(v, Tensor):
        return tensor_item(v, "one_hot", arg), v._np_dtype
    check_number(v, "one_hot", arg)
    v = to_tensor(v, "one_hot", arg)  # ValueError when an int does not fit in Int64
    return v.item(), v._np_dtype


def pad(input_x, padding, mode="constant", value=None):
    """pad(input_x, padding, mode='constant', value=None): torch-style ``padding``
    (last dim first: (left, right, top, bottom, ...)); mode 'constant' (``value``, default 0),
    'reflect', 'replicate' or 'circular'."""
    check_tensor(input_x, "pad", "input_x")
    padding = check_shape(padding, "pad", "padding")
    if len(padding) % 2 or len(padding) // 2 > input_x.ndim:
        raise ValueError("%s: 'padding' must have an even length of at most 2*ndim, but got %s"
                         % (public_name("pad"), padding))
    check_choice(mode, "pad", "mode", ("constant", "reflect", "replicate", "circular"))
    if mode != "constant" and value is not None:
        raise ValueError("%s: 'value' is only used in 'constant' mode, but mode is %r"
                         % (public_name("pad"), mode))
    value = 0 if value is None else fill_scalar(value, "pad", "value", input_x._np_dtype)[0]
    pairs = [(0, 0)] * input_x.ndim
    for i in range(len(padding) // 2):
        pairs[input_x.ndim - 1 - i] = (padding[2 * i], padding[2 * i + 1])
    if any(a < 0 or b < 0 for a, b in pairs):
        raise ValueError("%s: negative padding is not supported, but got %s"
                         % (public_name("pad"), padding))
    check_numel(tuple(n + a + b for n, (a, b) in zip(input_x.shape, pairs)), "pad", "the result")
    if mode != "constant":
        return mirror_pad(input_x, pairs, mode, "pad")
    return S.pad_p.bind(input_x, paddings=tuple(pairs), value=value)


def masked_fill(input_x, mask, value):
    """masked_fill(input_x, mask, value): ``value`` where ``mask`` is True."""
    check_tensor(input_x, "masked_fill", "input_x")
    mask = to_tensor(mask, "masked_fill", "mask")
    if mask._np_dtype != np.bool_:
        raise TypeError("masked_fill: 'mask' must be a Bool tensor, but got %s" % mask.dtype)
    if not isinstance(value, Tensor):
        if not is_scalar(value):
            raise TypeError("%s: 'value' must be a number or a Tensor, but got %s"
                            % (public_name("masked_fill"), show(value)))
        value = scalar_tensor(value, input_x._np_dtype, "masked_fill", "value")
    return M.select(mask, cast_to(value, input_x._np_dtype), input_x)


def topk(input, k, dim=None, largest=True, sorted=True):
    """topk(input, k, dim=None, largest=True, sorted=True): ``(values, indices)``."""
    check_tensor(input, "topk")
    if input.ndim == 0:
        raise ValueError("topk: 'input' must be at least 1-D, but got a 0-D tensor")
    k = check_int(k, "topk", "k")
    d = input.ndim - 1 if dim is None else normalize_dim(dim, input.ndim, "topk", "dim")
    if not 0 <= k <= input.shape[d]:
        raise ValueError("topk: k must be in [0, %d], but got %d" % (input.shape[d], k))
    return S.topk_p.bind(input, k=int(k), dim=d, largest=check_bool(largest, "topk", "largest"),
                         sorted=check_bool(sorted, "topk", "sorted"))


def sort(input_x, axis=-1, descending=False):
    """sort(input_x, axis=-1, descending=False): ``(values, indices)``."""
    check_tensor(input_x, "sort", "input_x")
    ax = normalize_dim(axis, input_x.ndim, "sort")
    values, indices = S.sort_p.bind(input_x, axis=ax,
                                    descending=check_bool(descending, "sort", "descending"))
    return values, cast_to(indices, np.dtype(np.int32))  # Int32 indices, as in MindSpore


def argsort(input, axis=-1, descending=False):
    """argsort(input, axis=-1, descending=False): the Int32 indices that sort ``input`` along
    ``axis`` (see :func:`sort`)."""
    return sort(input, axis, descending)[1]


def identity(x):
    """identity(x): a tensor with the same values as ``x``."""
    return S.identity_p.bind(check_tensor(x, "identity", "x"))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
