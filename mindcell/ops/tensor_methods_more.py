"""More Tensor methods: MindSpore 2.10's aliases, ``new_*`` constructors, views and the in-place
family (``add_``, ``mul_``, ``copy_``, ``scatter_``, ``uniform_`` ...).

An in-place method writes ``self`` as ``__setitem__`` does: eagerly into its buffer (views and
tensors sharing it see the change); while a graph is traced (GRAPH_MODE) or gradients of ``self``
are taped, as a recorded functional update, so both modes give the same values and gradients
flow through the new value.
"""
import weakref

import numpy as np

from mindcell import dtype as mstype
from mindcell._core import autodiff, trace as _trace
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor, numpy_backed
from mindcell.ops import functional as F
from mindcell.ops._errors import check_bool, check_int
from mindcell.ops._helpers import cast_to, check_scalar_arg, check_tensor, to_tensor
from mindcell.ops.function.creation_func import (_float_dtype, _normal_samples, _seed_stream,
                                                 _uniform_samples)
from mindcell.ops.defs.shape import copy_p
from mindcell.ops.defs.special import hook_backward_p
from mindcell.ops.function.indexing import _recorded


def _ops():
    """mindcell.ops, complete only once it has imported (this module loads inside it)."""
    from mindcell import ops
    return ops


def _scatter_add_ext(*args):
    from mindcell.ops.function.array_func import scatter_add_ext
    return scatter_add_ext(*args)


# ----- in-place machinery -------------------------------------------------------------------
def _fit(value, x, api):
    """``value`` as ``x``'s new content: ``x``'s dtype, broadcast to (never beyond) its shape."""
    if tuple(value.shape) != tuple(x.shape):
        try:
            np.broadcast_shapes(tuple(value.shape), tuple(x.shape))
            ok = np.broadcast_shapes(tuple(value.shape), tuple(x.shape)) == tuple(x.shape)
        except ValueError:
            ok = False
        if not ok:
            raise RuntimeError("Tensor.%s: the result of shape %s cannot be written into self of "
                               "shape %s (in-place ops keep self's shape)"
                               % (api, tuple(value.shape), tuple(x.shape)))
        value = F.broadcast_to(value, tuple(x.shape))
    return cast_to(value, x._np_dtype)


def _inplace(x, compute, api, *inputs):
    """``x`` takes ``compute(old value of x)`` and is returned."""
    check_tensor(x, "Tensor." + api, "self")
    current = _trace.current()
    if current.is_graph and isinstance(x, Parameter):  # a graph's side effect, as ops.assign
        _ops().assign(x, _fit(compute(x), x, api))
        return x
    if _recorded(current, x, *(t for t in inputs if isinstance(t, Tensor))):
        current.update(x, lambda old: _fit(compute(old), x, api))
        return x
    new = _fit(compute(x), x, api)
    if not x._data.flags.writeable:
        x._data = x._data.copy()
    x._data[...] = new._data
    return x


def _draw_stream(generator, api):
    """Where an in-place random fill draws from: the ``set_seed`` stream of ``Tensor.<api>``,
    or, with a ``Generator``, a stream started from its (seed, offset), whose offset then
    advances (so the same generator state gives the same draws, and the next call new ones)."""
    from mindcell._core.random_state import RandomStream
    from mindcell.common.generator import Generator
    if generator is None:
        return _seed_stream(None, "Tensor." + api)
    if not isinstance(generator, Generator):
        raise TypeError("Tensor.%s: 'generator' must be a mindcell.Generator or None, but got %s"
                        % (api, type(generator).__name__))
    own = np.random.default_rng([generator._seed & (2 ** 63 - 1), generator._offset, 2 ** 34])
    generator._offset += 1
    return RandomStream(("Tensor." + api, "generator", id(own)), own)


def _alpha_other(other, alpha, api):
    check_scalar_arg(alpha, "Tensor." + api, "alpha")
    if alpha == 1:
        return other
    return F.mul(other, alpha)


# ----- in-place methods ---------------------------------------------------------------------
def add_(self, other, *, alpha=1):
    """add_(other, *, alpha=1) -> Tensor

    In place: ``self = self + alpha * other`` (``other`` broadcast to ``self``'s shape, the
    result cast to ``self``'s dtype).

    Args:
        other (Union[Tensor, number]): the addend.
        alpha (number): its multiplier. Default: ``1``.

    Returns:
        Tensor, ``self``.

    Raises:
        RuntimeError: If the result's shape is not ``self``'s.

    Examples:
        >>> x = Tensor([1., 2.]); _ = x.add_(1, alpha=2); print(x)
        [3. 4.]
    """
    return _inplace(self, lambda old: F.add(old, _alpha_other(other, alpha, "add_")), "add_",
                    other)


def sub_(self, other, *, alpha=1):
    """sub_(other, *, alpha=1) -> Tensor

    In place: ``self = self - alpha * other``; as :meth:`add_`.

    Args:
        other (Union[Tensor, number]): the subtrahend.
        alpha (number): its multiplier. Default: ``1``.

    Returns:
        Tensor, ``self``.

    Examples:
        >>> x = Tensor([3., 4.]); _ = x.sub_(1); print(x)
        [2. 3.]
    """
    return _inplace(self, lambda old: F.sub(old, _alpha_other(other, alpha, "sub_")), "sub_",
                    other)


def mul_(self, other):
    """mul_(other) -> Tensor

    In place: ``self = self * other``; as :meth:`add_`.

    Args:
        other (Union[Tensor, number]): the factor.

    Returns:
        Tensor, ``self``.

    Examples:
        >>> x = Tensor([1., 2.]); _ = x.mul_(3); print(x)
        [3. 6.]
    """
    return _inplace(self, lambda old: F.mul(old, other), "mul_", other)


def div_(self, other, *, rounding_mode=None):
    """div_(other, *, rounding_mode=None) -> Tensor

    In place: ``self = self / other`` (``rounding_mode`` as :func:`ops.div`); as :meth:`add_`.

    Args:
        other (Union[Tensor, number]): the divisor.
        rounding_mode (str, optional): None, ``'floor'`` or ``'trunc'``. Default: ``None``.

    Returns:
        Tensor, ``self``.

    Examples:
        >>> x = Tensor([3., 4.]); _ = x.div_(2); print(x)
        [1.5 2. ]
    """
    return _inplace(self, lambda old: F.div(old, other, rounding_mode=rounding_mode), "div_",
                    other)


def clamp_(self, min=None, max=None):  # pylint: disable=redefined-builtin
    """clamp_(min=None, max=None) -> Tensor

    In place: ``self`` clamped to [min, max] (see :func:`ops.clamp`).

    Args:
        min (Union[Tensor, number], optional): the lower bound. Default: ``None``.
        max (Union[Tensor, number], optional): the upper bound. Default: ``None``.

    Returns:
        Tensor, ``self``.

    Raises:
        ValueError: If both bounds are None.

    Examples:
        >>> x = Tensor([0., 5.]); _ = x.clamp_(1, 3); print(x)
        [1. 3.]
    """
    return _inplace(self, lambda old: F.clamp(old, min, max), "clamp_", min, max)


def _unary_(name, fn):
    def method(self):
        return _inplace(self, fn, name)
    method.__name__ = name
    method.__doc__ = ("%s() -> Tensor\n\n    In place: ``self`` takes :func:`ops.%s` of itself.\n\n"
                      "    Returns:\n        Tensor, ``self``.\n\n    Examples:\n"
                      "        >>> x = Tensor([0.5]); _ = x.%s()\n" % (name, name[:-1], name))
    return method


def masked_fill_(self, mask, value):
    """masked_fill_(mask, value) -> Tensor

    In place: ``self``'s elements where ``mask`` (Bool, broadcast) is True take ``value``.

    Args:
        mask (Tensor): a Bool tensor.
        value (Union[Tensor, number]): the fill value.

    Returns:
        Tensor, ``self``.

    Examples:
        >>> x = Tensor([1., 2.]); _ = x.masked_fill_(x > 1, 0.); print(x)
        [1. 0.]
    """
    return _inplace(self, lambda old: F.masked_fill(old, mask, value), "masked_fill_", mask,
                    value)


def index_add_(self, dim, index, source, *, alpha=1):
    """index_add_(dim, index, source, *, alpha=1) -> Tensor

    In place: ``self[..., index[i], ...] += alpha * source[..., i, ...]`` along ``dim``.

    Args:
        dim (int): the axis ``index`` selects along.
        index (Tensor): 1-D Int32/Int64 indices.
        source (Tensor): the addends, ``self``'s shape with ``len(index)`` at ``dim``.
        alpha (number): the multiplier of ``source``. Default: ``1``.

    Returns:
        Tensor, ``self``.

    Examples:
        >>> x = Tensor(np.zeros((2, 2), np.float32))
        >>> _ = x.index_add_(1, Tensor([0, 0]), Tensor(np.ones((2, 2), np.float32)))
        >>> print(x)
        [[2. 0.]
         [2. 0.]]
    """
    check_int(dim, "Tensor.index_add_", "dim")
    check_tensor(source, "Tensor.index_add_", "source")
    return _inplace(self, lambda old: F.index_add(
        old, index, _alpha_other(source, alpha, "index_add_"), dim), "index_add_", index, source)




def scatter_(self, dim, index, src, *, reduce=None):
    """scatter_(dim, index, src, *, reduce=None) -> Tensor

    In place: ``self[index[i][j]][j] = src[i][j]`` along ``dim`` (see :func:`ops.scatter`);
    ``src`` may be a number. ``reduce='add'`` adds instead of replacing.

    Args:
        dim (int): the axis.
        index (Tensor): Int32/Int64 indices, ``self``'s rank.
        src (Union[Tensor, number]): the values.
        reduce (str, optional): None or ``'add'`` (``'multiply'`` is not supported: ValueError).
            Default: ``None``.

    Returns:
        Tensor, ``self``.

    Raises:
        ValueError: If ``reduce`` is another value.

    Examples:
        >>> x = Tensor(np.zeros((2, 3), np.float32))
        >>> _ = x.scatter_(1, Tensor([[0], [2]]), 7.)
        >>> print(x)
        [[7. 0. 0.]
         [0. 0. 7.]]
    """
    check_int(dim, "Tensor.scatter_", "dim")
    if not (reduce is None or isinstance(reduce, str) and reduce == "add"):
        raise ValueError("Tensor.scatter_: 'reduce' must be None or 'add' (mindcell does not "
                         "support 'multiply'), but got %r" % (reduce,))
    check_tensor(index, "Tensor.scatter_", "index")

    def compute(old):
        values = src
        if not isinstance(values, Tensor):
            check_scalar_arg(values, "Tensor.scatter_", "src")
            values = F.fill(old.dtype, tuple(index.shape), values)
        values = cast_to(values, old._np_dtype)
        if reduce is None:
            return F.scatter(old, dim, index, values)
        return F.tensor_scatter_elements(old, index, values, dim, "add")
    return _inplace(self, compute, "scatter_", index, src)


def copy_(self, src, non_blocking=False):
    """copy_(src, non_blocking=False) -> Tensor

    In place: ``self`` takes ``src``'s values (broadcast to ``self``'s shape, cast to its
    dtype).

    Args:
        src (Tensor): the values.
        non_blocking (bool): must be False (a CPU copy is synchronous). Default: ``False``.

    Returns:
        Tensor, ``self``.

    Raises:
        TypeError: If ``src`` is not a Tensor.
        ValueError: If ``non_blocking`` is True.
        RuntimeError: If ``src`` does not broadcast to ``self``'s shape.

    Examples:
        >>> x = Tensor(np.zeros(2, np.float32)); _ = x.copy_(Tensor([1, 2])); print(x)
        [1. 2.]
    """
    check_tensor(src, "Tensor.copy_", "src")
    if non_blocking is not False:
        raise ValueError("Tensor.copy_: 'non_blocking' must be False on CPU (the copy is "
                         "synchronous), but got %r" % (non_blocking,))
    return _inplace(self, lambda old: copy_p.bind(src), "copy_", src)


def uniform_(self, from_=0, to=1, *, generator=None):
    """uniform_(from_=0, to=1, *, generator=None) -> Tensor

    In place: ``self`` (a float tensor) takes samples of U[from_, to) from the default
    generator (``ms.set_seed`` makes them reproducible).

    Args:
        from_ (number): the lower bound. Default: ``0``.
        to (number): the upper bound. Default: ``1``.
        generator (mindcell.Generator): draws from this generator's seed and offset
            (advancing it) instead of the ``set_seed`` stream. Default: ``None``.

    Returns:
        Tensor, ``self``.

    Raises:
        TypeError: If ``self`` is not a float tensor.
        ValueError: If ``from_ > to``.

    Examples:
        >>> x = Tensor(np.zeros(3, np.float32)); _ = x.uniform_(2, 3)
    """
    return _inplace(self, lambda old: _uniform(old, from_, to, generator, "uniform_"), "uniform_")


def normal_(self, mean=0, std=1, *, generator=None):
    """normal_(mean=0, std=1, *, generator=None) -> Tensor

    In place: ``self`` (a float tensor) takes samples of N(mean, std**2) from the default
    generator.

    Args:
        mean (number): the mean. Default: ``0``.
        std (number): the standard deviation (>= 0). Default: ``1``.
        generator (mindcell.Generator): draws from this generator's seed and offset
            (advancing it) instead of the ``set_seed`` stream. Default: ``None``.

    Returns:
        Tensor, ``self``.

    Raises:
        TypeError: If ``self`` is not a float tensor.
        ValueError: If ``std < 0``.

    Examples:
        >>> x = Tensor(np.zeros(3, np.float32)); _ = x.normal_(0, 0.1)
    """
    stream = _draw_stream(generator, "normal_")
    m = check_scalar_arg(mean, "Tensor.normal_", "mean")
    s = check_scalar_arg(std, "Tensor.normal_", "std")
    if s < 0:
        raise ValueError("Tensor.normal_: 'std' must be >= 0, but got %r" % (s,))
    dtype = _float_dtype(self.dtype, "Tensor.normal_")

    def compute(old):
        z = _normal_samples(tuple(old.shape), dtype, stream)
        return F.add(F.mul(z, s), m)
    return _inplace(self, compute, "normal_")


# ----- new tensors --------------------------------------------------------------------------
def uniform(self, from_=0.0, to=1.0, generator=None):
    """uniform(from_=0.0, to=1.0, generator=None) -> Tensor

    A new tensor of ``self``'s shape and (float) dtype with samples of U[from_, to).

    Args:
        from_ (number): the lower bound. Default: ``0.0``.
        to (number): the upper bound. Default: ``1.0``.
        generator (mindcell.Generator): draws from this generator's seed and offset
            (advancing it) instead of the ``set_seed`` stream. Default: ``None``.

    Returns:
        Tensor.

    Raises:
        TypeError: If ``self`` is not a float tensor.
        ValueError: If ``from_ > to``.

    Examples:
        >>> Tensor(np.zeros(3, np.float32)).uniform(2, 3).shape
        (3,)
    """
    return _uniform(self, from_, to, generator, "uniform")


def _uniform(self, from_, to, generator, _api):
    op = "Tensor." + _api
    lo = check_scalar_arg(from_, op, "from_")
    hi = check_scalar_arg(to, op, "to")
    if lo > hi:
        raise ValueError("%s: 'from_' (%r) must not exceed 'to' (%r)" % (op, lo, hi))
    return _uniform_samples(tuple(self.shape), _float_dtype(self.dtype, op),
                            _draw_stream(generator, _api), float(lo), float(hi))


def fill(self, value):
    """fill(value) -> Tensor

    A new tensor of ``self``'s shape and dtype, every element ``value`` (``self`` unchanged).

    Args:
        value (Union[Tensor, number]): the value (a 0-d tensor or a number).

    Returns:
        Tensor.

    Examples:
        >>> print(Tensor([1, 2]).fill(3))
        [3 3]
    """
    if isinstance(value, Tensor):
        if value.size != 1:
            raise ValueError("Tensor.fill: 'value' must be a number or a one-element Tensor, "
                             "but got a Tensor of shape %s" % (tuple(value.shape),))
        return F.broadcast_to(cast_to(F.reshape(value, ()), self._np_dtype), tuple(self.shape))
    check_scalar_arg(value, "Tensor.fill", "value", finite=False)
    return Tensor._make(np.full(tuple(self.shape), value).astype(self._np_dtype))


def _new(self, size, dtype, fn, api):
    if isinstance(size, int) and not isinstance(size, bool):
        size = (size,)
    return fn(size, self.dtype if dtype is None else dtype)


def new_zeros(self, size, dtype=None):
    """new_zeros(size, dtype=None) -> Tensor

    A tensor of zeros of shape ``size``, ``self``'s dtype unless ``dtype`` is given.

    Args:
        size (Union[int, tuple[int], list[int]]): the shape.
        dtype (mindspore.dtype, optional): the dtype. Default: ``None``.

    Returns:
        Tensor.

    Examples:
        >>> print(Tensor([1, 2]).new_zeros((2, 2)).dtype)
        Int64
    """
    return _new(self, size, dtype, F.zeros, "new_zeros")


def new_ones(self, size, dtype=None):
    """new_ones(size, dtype=None) -> Tensor

    A tensor of ones of shape ``size``, ``self``'s dtype unless ``dtype`` is given.

    Args:
        size (Union[int, tuple[int], list[int]]): the shape.
        dtype (mindspore.dtype, optional): the dtype. Default: ``None``.

    Returns:
        Tensor.

    Examples:
        >>> Tensor([1., 2.]).new_ones(3)
        Tensor(shape=[3], dtype=Float32, value= [ 1.00000000e+00,  1.00000000e+00,  1.00000000e+00])
    """
    return _new(self, size, dtype, F.ones, "new_ones")


def new_full(self, size, fill_value, *, dtype=None):
    """new_full(size, fill_value, *, dtype=None) -> Tensor

    A tensor of shape ``size`` filled with ``fill_value``, ``self``'s dtype unless ``dtype``.

    Args:
        size (Union[int, tuple[int], list[int]]): the shape.
        fill_value (number): the value.
        dtype (mindspore.dtype, optional): the dtype. Default: ``None``.

    Returns:
        Tensor.

    Examples:
        >>> print(Tensor([1, 2]).new_full((2,), 7))
        [7 7]
    """
    return _new(self, size, dtype, lambda s, d: F.full(s, fill_value, dtype=d), "new_full")


# ----- views, aliases and attributes --------------------------------------------------------
def value(self):
    """value() -> Tensor

    The tensor itself (``Parameter.value()`` gives the Parameter's current value).

    Returns:
        Tensor, ``self``.

    Examples:
        >>> x = Tensor([1.]); x.value() is x
        True
    """
    return self


def t(self):
    """t() -> Tensor

    A 2-D tensor transposed; a tensor of another rank as it is (as MindSpore 2.10).

    Returns:
        Tensor.

    Examples:
        >>> Tensor(np.zeros((2, 3))).t().shape
        (3, 2)
    """
    if self.ndim != 2:
        return self
    return F.transpose(self, (1, 0))


def take(self, indices, axis=None, mode="clip"):
    """take(indices, axis=None, mode='clip') -> Tensor

    Elements at ``indices`` along ``axis`` (of the flattened tensor when None), out-of-range
    indices clipped (``'clip'``) or wrapped (``'wrap'``).

    Args:
        indices (Tensor): Int indices.
        axis (int, optional): the axis. Default: ``None``.
        mode (str): ``'clip'`` or ``'wrap'``. Default: ``'clip'``.

    Returns:
        Tensor.

    Raises:
        NotImplementedError: If ``mode`` is ``'raise'`` (as MindSpore).
        ValueError: If ``mode`` is another value.

    Examples:
        >>> print(Tensor([[0, 1, 2], [3, 4, 5]]).take(Tensor([0, 5])))
        [0 5]
    """
    if isinstance(mode, str) and mode == "raise":
        raise NotImplementedError("Tensor.take: mode 'raise' is not implemented (as MindSpore)")
    if not isinstance(mode, str) or mode not in ("clip", "wrap"):
        raise ValueError("Tensor.take: 'mode' must be 'clip' or 'wrap', but got %r" % (mode,))
    indices = to_tensor(indices, "Tensor.take", "indices")
    if indices._np_dtype.kind not in "iu":
        raise TypeError("Tensor.take: 'indices' must be an int Tensor, but got %s"
                        % indices.dtype)
    x = F.reshape(self, (-1,)) if axis is None else self
    ax = 0 if axis is None else check_int(axis, "Tensor.take", "axis", -self.ndim, self.ndim - 1)
    n = x.shape[ax]
    if n == 0:
        raise ValueError("Tensor.take: cannot take from an empty axis")
    idx = F.floor_mod(indices, n) if mode == "wrap" else F.clamp(indices, 0, n - 1)
    return F.gather(x, cast_to(idx, np.dtype(np.int64)), ax)


def type_(self, dtype=None):
    """type(dtype=None) -> Union[str, Tensor]

    The dtype's name (``'Float32'``) without ``dtype``; with it, ``self`` converted.

    Args:
        dtype (mindspore.dtype, optional): the target dtype. Default: ``None``.

    Returns:
        str or Tensor.

    Examples:
        >>> Tensor([1.]).type()
        'Float32'
    """
    if dtype is None:
        return str(self.dtype)
    return F.cast(self, dtype)


def type_as(self, other):
    """type_as(other) -> Tensor

    ``self`` converted to ``other``'s dtype.

    Args:
        other (Tensor): the tensor whose dtype is taken.

    Returns:
        Tensor.

    Raises:
        TypeError: If ``other`` is not a Tensor.

    Examples:
        >>> print(Tensor([1.5]).type_as(Tensor([1])).dtype)
        Int64
    """
    check_tensor(other, "Tensor.type_as", "other")
    return F.cast(self, other.dtype)


def select(self, dim, index):
    """select(dim, index) -> Tensor

    The slice at ``index`` along ``dim`` (that dimension removed).

    Args:
        dim (int): the dimension.
        index (int): the position in it.

    Returns:
        Tensor.

    Raises:
        ValueError: If ``index`` is out of range (as MindSpore).

    Examples:
        >>> print(Tensor([[0, 1], [2, 3]]).select(1, 0))
        [0 2]
    """
    d = check_int(dim, "Tensor.select", "dim", -self.ndim, self.ndim - 1) % self.ndim
    n = self.shape[d]
    i = check_int(index, "Tensor.select", "index")
    if not -n <= i < n:
        raise ValueError("Tensor.select: 'index' %d is out of range [%d, %d) of dim %d"
                         % (i, -n, n, d))
    return self[(slice(None),) * d + (i,)]


def index_select(self, axis, index):
    """index_select(axis, index) -> Tensor

    The slices at ``index`` (a 1-D int Tensor) along ``axis``.

    Args:
        axis (int): the axis.
        index (Tensor): 1-D Int32/Int64 indices.

    Returns:
        Tensor.

    Raises:
        TypeError: If ``index`` is not a Tensor.

    Examples:
        >>> print(Tensor([[0, 1, 2]]).index_select(1, Tensor([2, 0])))
        [[2 0]]
    """
    check_tensor(index, "Tensor.index_select", "index")
    if index.ndim > 1:
        raise ValueError("Tensor.index_select: 'index' must be 1-D, but got shape %s"
                         % (tuple(index.shape),))
    return F.gather(self, index, check_int(axis, "Tensor.index_select", "axis"))


def diagonal(self, offset=0, axis1=0, axis2=1):
    """diagonal(offset=0, axis1=0, axis2=1) -> Tensor

    The diagonal of the (axis1, axis2) planes at ``offset``, as the last dimension.

    Args:
        offset (int): above (> 0) or below (< 0) the main diagonal. Default: ``0``.
        axis1 (int): the first axis. Default: ``0``.
        axis2 (int): the second axis. Default: ``1``.

    Returns:
        Tensor.

    Examples:
        >>> print(Tensor([[0, 1], [2, 3]]).diagonal())
        [0 3]
    """
    off = check_int(offset, "Tensor.diagonal", "offset", -2 ** 62, 2 ** 62)
    a1 = check_int(axis1, "Tensor.diagonal", "axis1", -self.ndim, self.ndim - 1) % self.ndim
    a2 = check_int(axis2, "Tensor.diagonal", "axis2", -self.ndim, self.ndim - 1) % self.ndim
    if a1 == a2:
        raise ValueError("Tensor.diagonal: 'axis1' and 'axis2' must differ, but both are %d" % a1)
    rest = [i for i in range(self.ndim) if i not in (a1, a2)]
    x = F.transpose(self, tuple(rest) + (a1, a2))
    n1, n2 = self.shape[a1], self.shape[a2]
    rows = np.arange(max(0, -off), n1)
    rows = rows[rows + off < n2]
    flat = F.reshape(x, tuple(x.shape[:-2]) + (n1 * n2,))
    return F.gather(flat, Tensor._make((rows * n2 + rows + off).astype(np.int64)), flat.ndim - 1)


def masked_select(self, mask):
    """masked_select(mask) -> Tensor

    The 1-D tensor of ``self``'s elements where ``mask`` (Bool; the two broadcast) is True.
    Its shape depends on the mask's values: GRAPH_MODE refuses it (GraphModeError).

    Args:
        mask (Tensor): a Bool tensor.

    Returns:
        Tensor, 1-D.

    Raises:
        TypeError: If ``mask`` is not a Bool Tensor.

    Examples:
        >>> x = Tensor([1., 2., 3.]); print(x.masked_select(x > 1))
        [2. 3.]
    """
    check_tensor(mask, "Tensor.masked_select", "mask")
    if mask.dtype != mstype.bool_:
        raise TypeError("Tensor.masked_select: 'mask' must be a Bool Tensor, but got %s"
                        % mask.dtype)
    try:
        shape = np.broadcast_shapes(tuple(self.shape), tuple(mask.shape))
    except ValueError:
        raise ValueError("Tensor.masked_select: 'mask' of shape %s does not broadcast with self "
                         "of shape %s" % (tuple(mask.shape), tuple(self.shape))) from None
    return F.broadcast_to(self, shape)[F.broadcast_to(mask, shape)]


def mm(self, mat2):
    """mm(mat2) -> Tensor

    The matrix product of 2-D ``self`` and 2-D ``mat2``.

    Args:
        mat2 (Tensor): a 2-D tensor.

    Returns:
        Tensor.

    Raises:
        ValueError: If either is not 2-D.

    Examples:
        >>> Tensor(np.ones((2, 3))).mm(Tensor(np.ones((3, 4)))).shape
        (2, 4)
    """
    check_tensor(mat2, "Tensor.mm", "mat2")
    if self.ndim != 2 or mat2.ndim != 2:
        raise ValueError("Tensor.mm: both inputs must be 2-D, but got shapes %s and %s"
                         % (tuple(self.shape), tuple(mat2.shape)))
    return F.matmul(self, mat2)


def view_as(self, other):
    """view_as(other) -> Tensor

    ``self`` with ``other``'s shape (same number of elements).

    Args:
        other (Tensor): the tensor whose shape is taken.

    Returns:
        Tensor.

    Examples:
        >>> Tensor(np.arange(6)).view_as(Tensor(np.zeros((2, 3)))).shape
        (2, 3)
    """
    check_tensor(other, "Tensor.view_as", "other")
    return F.reshape(self, tuple(other.shape))


def reshape_as(self, other):
    """reshape_as(other) -> Tensor

    As :meth:`view_as`.

    Args:
        other (Tensor): the tensor whose shape is taken.

    Returns:
        Tensor.

    Examples:
        >>> Tensor(np.arange(6)).reshape_as(Tensor(np.zeros((3, 2)))).shape
        (3, 2)
    """
    check_tensor(other, "Tensor.reshape_as", "other")
    return F.reshape(self, tuple(other.shape))


def searchsorted(self, v, side="left", sorter=None):
    """searchsorted(v, side='left', sorter=None) -> Tensor

    Int32 insertion points of ``v`` in 1-D sorted ``self`` (see :func:`ops.searchsorted`).

    Args:
        v (Tensor): the values.
        side (str): ``'left'`` or ``'right'``. Default: ``'left'``.
        sorter (Tensor, optional): indices sorting ``self``. Default: ``None``.

    Returns:
        Tensor, Int32.

    Examples:
        >>> print(Tensor([1., 3., 5.]).searchsorted(Tensor([3., 4.])))
        [1 2]
    """
    check_tensor(v, "Tensor.searchsorted", "v")
    return _ops().searchsorted(self, v, out_int32=True, side=side, sorter=sorter)


def stride(self, dim=None):
    """stride(dim=None) -> Union[tuple[int], int]

    The element strides of ``self``'s (contiguous) layout, or that of ``dim``.

    Args:
        dim (int, optional): one dimension. Default: ``None``.

    Returns:
        tuple[int] or int.

    Raises:
        IndexError: If ``dim`` is out of range.

    Examples:
        >>> Tensor(np.zeros((2, 3))).stride()
        (3, 1)
    """
    out, acc = [], 1
    for n in reversed(self.shape):
        out.append(acc)
        acc *= max(n, 1)
    out = tuple(reversed(out))
    if dim is None:
        return out
    d = check_int(dim, "Tensor.stride", "dim")
    if not -len(out) <= d < len(out):
        raise IndexError("Tensor.stride: 'dim' %d is out of range for a %d-D tensor"
                         % (d, len(out)))
    return out[d]


def requires_grad_(self, requires_grad=True):
    """requires_grad_(requires_grad=True) -> None

    On a Parameter, sets ``requires_grad``; on a Tensor it has no effect (as MindSpore 2.10,
    whose gradients are of function inputs). Returns None as MindSpore.

    Args:
        requires_grad (bool): the flag. Default: ``True``.

    Examples:
        >>> Tensor([1.]).requires_grad_()
    """
    flag = check_bool(requires_grad, "Tensor.requires_grad_", "requires_grad")
    if hasattr(type(self), "requires_grad"):
        self.requires_grad = flag


def flush_from_cache(self):
    """flush_from_cache() -> None

    Nothing to flush: a CPU tensor has no device cache (MindSpore returns None too).

    Examples:
        >>> Tensor([1.]).flush_from_cache()
    """
    check_tensor(self, "Tensor.flush_from_cache", "self")


def data_sync(self, wait=True):
    """data_sync(wait=True) -> None

    Nothing to wait for: CPU results are ready when an op returns (MindSpore returns None).

    Args:
        wait (bool): whether to wait. Default: ``True``.

    Examples:
        >>> Tensor([1.]).data_sync()
    """
    check_bool(wait, "Tensor.data_sync", "wait")
    if wait:
        self.asnumpy()


def from_numpy(array):
    """from_numpy(array) -> Tensor

    A Tensor sharing ``array``'s memory (writes to either are seen by the other).

    Args:
        array (numpy.ndarray): the array.

    Returns:
        Tensor.

    Raises:
        TypeError: If ``array`` is not a numpy array.

    Examples:
        >>> a = np.ones(2, np.float32); x = Tensor.from_numpy(a); a[0] = 5; print(x)
        [5. 1.]
    """
    if not isinstance(array, np.ndarray):
        raise TypeError("Tensor.from_numpy: 'array' must be a numpy.ndarray, but got %s"
                        % type(array).__name__)
    return numpy_backed(Tensor._make(np.require(array, requirements="C")))  # 0-d stays 0-d


# id(tensor) -> (a weak reference to it, the tape it was hooked under, its hooks in order); by
# id because a Tensor's == is elementwise
_HOOKS = {}




class TensorHookHandle:
    """The handle :meth:`Tensor.register_hook` returns: ``remove()`` unregisters the hook."""

    def __init__(self, hooks, hook):
        self._hooks, self._hook = hooks, hook

    def remove(self):
        """Unregister the hook (later backward passes no longer call it)."""
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)


def register_hook(self, hook):
    """register_hook(hook) -> TensorHookHandle

    Call ``hook(grad)`` with the gradient of ``self`` in the backward pass of the function being
    differentiated (``ops.grad``/``value_and_grad`` in PYNATIVE_MODE); a Tensor it returns
    replaces the gradient, None keeps it. Several hooks run in registration order. Only a
    tensor the gradient flows through can be hooked (as MindSpore). It covers the uses of
    ``self`` after the registration.

    Args:
        hook (Callable): ``hook(grad) -> Union[Tensor, None]``.

    Returns:
        TensorHookHandle, whose ``remove()`` unregisters the hook.

    Raises:
        TypeError: If ``hook`` is not callable.
        ValueError: In GRAPH_MODE (as MindSpore; a GraphModeError too).
        RuntimeError: If no gradient flows through ``self``, or ``self`` is a Parameter
            (mindcell does not hook Parameters).

    Examples:
        >>> def f(x):
        ...     y = x * 2
        ...     y.register_hook(lambda g: g * 10)
        ...     return (y * y).sum()
        >>> print(ops.grad(f)(Tensor([1., 2.])))
        [ 80. 160.]
    """
    if not callable(hook):
        raise TypeError("Tensor.register_hook: 'hook' must be callable, but got %s"
                        % type(hook).__name__)
    current = _trace.current()
    if current.is_graph:  # MindSpore raises ValueError too
        raise current.refusal("register a tensor hook (Tensor.register_hook)",
                              "use ops.HookBackward, or differentiate in PYNATIVE_MODE",
                              ValueError)
    if isinstance(self, Parameter):
        raise RuntimeError("Tensor.register_hook: mindcell does not hook a Parameter's gradient; "
                           "hook the tensor computed from it in the differentiated function")
    tapes = autodiff._state.tapes
    if not (tapes and autodiff.is_tracked(self)):
        raise RuntimeError("Tensor.register_hook: no gradient flows through this tensor (it "
                           "is not computed from an input of a function being differentiated), "
                           "so no hook can be registered")
    key = id(self)
    entry = _HOOKS.get(key)
    if entry is None or entry[0]() is not self or entry[1] is not tapes[-1]:
        hooks = []
        entry = _HOOKS[key] = (weakref.ref(self, lambda _, k=key, d=_HOOKS: d.pop(k, None)),
                               tapes[-1], hooks)

        def run(grads):
            grad = grads[0]
            for h in list(hooks):
                new = h(grad)
                grad = grad if new is None else new
            return (grad,)
        current.update(self, lambda old: hook_backward_p.bind(old, hook_fn=run))
    entry[2].append(hook)
    return TensorHookHandle(entry[2], hook)


METHODS = {
    "add_": add_, "sub_": sub_, "mul_": mul_, "div_": div_, "clamp_": clamp_,
    "exp_": _unary_("exp_", F.exp), "log_": _unary_("log_", F.log),
    "floor_": _unary_("floor_", F.floor), "tanh_": _unary_("tanh_", F.tanh),
    "sigmoid_": _unary_("sigmoid_", F.sigmoid), "sign_": _unary_("sign_", F.sign),
    "masked_fill_": masked_fill_, "index_add_": index_add_, "scatter_": scatter_,
    "copy_": copy_, "uniform_": uniform_, "normal_": normal_,
    "uniform": uniform, "fill": fill, "new_zeros": new_zeros, "new_ones": new_ones,
    "new_full": new_full, "value": value, "t": t, "take": take, "type": type_,
    "type_as": type_as, "select": select, "index_select": index_select, "diagonal": diagonal,
    "mm": mm, "view_as": view_as, "reshape_as": reshape_as, "searchsorted": searchsorted,
    "stride": stride, "requires_grad_": requires_grad_, "flush_from_cache": flush_from_cache,
    "data_sync": data_sync, "register_hook": register_hook, "from_numpy": staticmethod(from_numpy),
    "absolute": F.abs, "negative": F.neg, "eq": F.equal, "ne": F.not_equal,
    "ge": F.greater_equal, "gt": F.greater, "lt": F.less, "le": F.less_equal,
    "greater_equal": F.greater_equal, "less_equal": F.less_equal, "multiply": F.mul,
    "inverse": lambda self: _ops().inverse(self),
    "masked_select": masked_select,
    "tril": lambda self, diagonal=0: _ops().tril(self, diagonal),
    "triu": lambda self, diagonal=0: _ops().triu(self, diagonal),
}

# MindSpore's Tensor spellings of existing ops (see each op for its arguments and errors)
METHODS.update({
    "bmm": lambda self, mat2: _ops().bmm(self, mat2),
    "det": lambda self: _ops().det(self),
    "matrix_determinant": lambda self: _ops().matrix_determinant(self),
    "diag": lambda self: _ops().diag(self),
    "divide": lambda self, other, *, rounding_mode=None: F.div(self, other,
                                                              rounding_mode=rounding_mode),
    "subtract": lambda self, other, *, alpha=1: self.sub(other, alpha=alpha),  # as MindSpore
    "gather_nd": lambda self, indices: _ops().gather_nd(self, indices),
    "invert": lambda self: _ops().invert(self),
    "logical_xor": lambda self, other: _ops().logical_xor(self, other),
    "movedim": lambda self, source, destination: _ops().movedim(self, source, destination),
    "moveaxis": lambda self, source, destination: _ops().movedim(self, source, destination),
    "swapdims": lambda self, dim0, dim1: _ops().swapdims(self, dim0, dim1),
    "reverse": lambda self, axis: _ops().reverse(self, axis),
    "roll": lambda self, shifts, dims=None: _ops().roll(self, shifts, dims),
    "scatter_add": lambda self, dim, index, src: _scatter_add_ext(self, dim, index, src),
    "tensor_split": lambda self, indices_or_sections, axis=0: _ops().tensor_split(
        self, indices_or_sections, axis),
    "cholesky": lambda self, upper=False: _ops().cholesky(self, upper),
    "svd": lambda self, full_matrices=False, compute_uv=True: _ops().svd(
        self, full_matrices, compute_uv),
    "reverse_sequence": lambda self, seq_lengths, seq_dim=0, batch_dim=0: _ops(
        ).reverse_sequence(self, seq_lengths, seq_dim, batch_dim),
    "msort": lambda self: _ops().sort(self, axis=0)[0],
    "ndimension": lambda self: self.ndim,
    "byte": lambda self: F.cast(self, mstype.uint8),
    "short": lambda self: F.cast(self, mstype.int16),
    "isposinf": lambda self: F.logical_and(F.isinf(self), F.greater(self, 0)),
    "isneginf": lambda self: F.logical_and(F.isinf(self), F.less(self, 0)),
})






def rot90(self, k, dims):
    """rot90(k, dims) -> Tensor

    ``self`` rotated by 90 degrees ``k`` times in the plane of ``dims`` (from the first axis
    towards the second, as numpy.rot90).

    Args:
        k (int): the number of rotations (any int; negative turns the other way).
        dims (Union[list[int], tuple[int]]): two different axes.

    Returns:
        Tensor.

    Raises:
        ValueError: If ``dims`` is not two different axes of ``self``.

    Examples:
        >>> print(Tensor([[0, 1], [2, 3]]).rot90(1, [0, 1]))
        [[1 3]
         [0 2]]
    """
    k = check_int(k, "Tensor.rot90", "k") % 4
    if not isinstance(dims, (list, tuple)) or len(dims) != 2:
        raise ValueError("Tensor.rot90: 'dims' must be a list or tuple of two axes, but got %r"
                         % (dims,))
    d0, d1 = (check_int(d, "Tensor.rot90", "dims", -self.ndim, self.ndim - 1) % self.ndim
              for d in dims)
    if d0 == d1:
        raise ValueError("Tensor.rot90: the two 'dims' must differ, but got %r" % (dims,))
    if k == 0:
        return self
    if k == 2:
        return F.flip(self, (d0, d1))
    perm = list(range(self.ndim))
    perm[d0], perm[d1] = perm[d1], perm[d0]
    if k == 1:
        return F.transpose(F.flip(self, (d1,)), tuple(perm))
    return F.flip(F.transpose(self, tuple(perm)), (d1,))


def masked_scatter(self, mask, source):
    """masked_scatter(mask, source) -> Tensor

    ``self`` with the positions where ``mask`` (Bool, broadcast to ``self``'s shape) is True
    taking ``source``'s elements in order (row-major).

    Args:
        mask (Tensor): a Bool tensor.
        source (Tensor): at least as many elements as ``mask`` has True values.

    Returns:
        Tensor, ``self``'s shape and dtype.

    Raises:
        TypeError: If ``mask`` is not a Bool Tensor or ``source`` not a Tensor.

    Examples:
        >>> x = Tensor([1., 2., 3.]); print(x.masked_scatter(x > 1, Tensor([8., 9.])))
        [1. 8. 9.]
    """
    check_tensor(mask, "Tensor.masked_scatter", "mask")
    check_tensor(source, "Tensor.masked_scatter", "source")
    if mask.dtype != mstype.bool_:
        raise TypeError("Tensor.masked_scatter: 'mask' must be a Bool Tensor, but got %s"
                        % mask.dtype)
    m = F.broadcast_to(mask, tuple(self.shape))
    flat = F.reshape(source, (-1,))
    if flat.shape[0] == 0:
        return F.select(m, self, self)
    pos = F.cumsum(F.reshape(F.cast(m, mstype.int64), (-1,)), 0) - 1
    pos = F.clamp(pos, 0, flat.shape[0] - 1)
    picked = F.reshape(F.gather(cast_to(flat, self._np_dtype), pos, 0), tuple(self.shape))
    return F.select(m, picked, self)


def _index_mask(self, axis, index, api):
    """A Bool tensor, True on the slices ``index`` selects along ``axis``, broadcastable."""
    check_tensor(index, "Tensor." + api, "index")
    if index._np_dtype.kind not in "iu":
        raise TypeError("Tensor.%s: 'index' must be an int Tensor, but got %s"
                        % (api, index.dtype))
    ax = check_int(axis, "Tensor." + api, "axis", -self.ndim, self.ndim - 1) % max(self.ndim, 1)
    n = self.shape[ax] if self.ndim else 1
    idx = F.reshape(index, (1, -1))
    idx = F.select(F.less(idx, 0), idx + n, idx)
    hit = F.any(F.equal(Tensor._make(np.arange(n).reshape(n, 1)), idx), 1)
    shape = [1] * self.ndim
    if self.ndim:
        shape[ax] = n
    return F.reshape(hit, tuple(shape))


def index_fill(self, axis, index, value):
    """index_fill(axis, index, value) -> Tensor

    ``self`` with the slices at ``index`` along ``axis`` set to ``value``.

    Args:
        axis (int): the axis.
        index (Tensor): int indices (negative count from the end).
        value (Union[Tensor, number]): the fill value.

    Returns:
        Tensor.

    Examples:
        >>> print(Tensor([[1., 2., 3.]]).index_fill(1, Tensor([0, 2]), 0.))
        [[0. 2. 0.]]
    """
    return F.masked_fill(self, _index_mask(self, axis, index, "index_fill"),
                         cast_to(to_tensor(value, "Tensor.index_fill", "value"), self._np_dtype))


def index_fill_(self, dim, index, value):
    """index_fill_(dim, index, value) -> Tensor

    In place: as :meth:`index_fill`.

    Args:
        dim (int): the axis.
        index (Tensor): int indices.
        value (Union[Tensor, number]): the fill value.

    Returns:
        Tensor, ``self``.

    Examples:
        >>> x = Tensor([[1., 2., 3.]]); _ = x.index_fill_(1, Tensor([1]), 0.); print(x)
        [[1. 0. 3.]]
    """
    mask = _index_mask(self, dim, index, "index_fill_")
    v = cast_to(to_tensor(value, "Tensor.index_fill_", "value"), self._np_dtype)
    return _inplace(self, lambda old: F.masked_fill(old, mask, v), "index_fill_", index, v)


def fill_diagonal_(self, fill_value, wrap=False):
    """fill_diagonal_(fill_value, wrap=False) -> Tensor

    In place: the main diagonal (all indices equal) of ``self`` (at least 2-D, every dimension
    equal beyond 2-D) set to ``fill_value``; a tall matrix's diagonal restarts below the square
    part with ``wrap`` (numpy.fill_diagonal's rule).

    Args:
        fill_value (number): the value.
        wrap (bool): restart the diagonal in tall matrices. Default: ``False``.

    Returns:
        Tensor, ``self``.

    Raises:
        ValueError: If ``self`` is under 2-D, or over 2-D with unequal dimensions.

    Examples:
        >>> x = Tensor(np.zeros((2, 2), np.float32)); _ = x.fill_diagonal_(5.); print(x)
        [[5. 0.]
         [0. 5.]]
    """
    wrap = check_bool(wrap, "Tensor.fill_diagonal_", "wrap")
    check_scalar_arg(fill_value, "Tensor.fill_diagonal_", "fill_value", finite=False)
    if self.ndim < 2 or (self.ndim > 2 and len(set(self.shape)) != 1):
        raise ValueError("Tensor.fill_diagonal_: self must be 2-D, or have equal dimensions, but "
                         "got shape %s" % (tuple(self.shape),))
    mask = np.zeros(tuple(self.shape), bool)
    np.fill_diagonal(mask, True, wrap=wrap)
    m = Tensor._make(mask)
    return _inplace(self, lambda old: F.masked_fill(old, m, fill_value), "fill_diagonal_")


def new_empty(self, size, *, dtype=None, device=None):
    """new_empty(size, *, dtype=None, device=None) -> Tensor

    A tensor of shape ``size`` (its values are zeros: a CPU tensor has no uninitialised
    memory to show), ``self``'s dtype unless ``dtype``.

    Args:
        size (Union[int, tuple[int], list[int]]): the shape.
        dtype (mindspore.dtype, optional): the dtype. Default: ``None``.
        device (str, optional): None or ``'CPU'``. Default: ``None``.

    Returns:
        Tensor.

    Raises:
        ValueError: If ``device`` is another value.

    Examples:
        >>> Tensor([1., 2.]).new_empty((2, 3)).shape
        (2, 3)
    """
    if device is not None and not (isinstance(device, str) and device == "CPU"):
        raise ValueError("Tensor.new_empty: 'device' must be None or 'CPU', but got %r"
                         % (device,))
    return _new(self, size, dtype, F.zeros, "new_empty")


METHODS.update({
    "rot90": rot90, "masked_scatter": masked_scatter, "index_fill": index_fill,
    "index_fill_": index_fill_, "fill_diagonal_": fill_diagonal_, "new_empty": new_empty,
    "floor_divide_": lambda self, other: _inplace(
        self, lambda old: F.floor_divide(old, other), "floor_divide_", other),
    "remainder_": lambda self, other: _inplace(
        self, lambda old: F.remainder(old, other), "remainder_", other),
    "erfinv_": _unary_("erfinv_", F.erfinv),
    "is_complex": lambda self: self._np_dtype.kind == "c",
    "isreal": lambda self: F.equal(_ops().imag(self), 0) if self._np_dtype.kind == "c"
    else F.ones_like(F.cast(self, mstype.bool_)),
})



def _flip_dim(dim, name):
    def method(self):
        if self.ndim < dim + 1:
            raise ValueError("Tensor.%s: the input must be at least %d-D, but got %d-D"
                             % (name, dim + 1, self.ndim))
        return F.flip(self, (dim,))
    method.__name__ = name
    method.__doc__ = ("%s() -> Tensor\n\n    ``self`` flipped along dimension %d.\n\n"
                      "    Returns:\n        Tensor.\n\n    Raises:\n        ValueError: If "
                      "``self`` has fewer than %d dimensions.\n" % (name, dim, dim + 1))
    return method


METHODS.update({"fliplr": _flip_dim(1, "fliplr"), "flipud": _flip_dim(0, "flipud")})

PROPERTIES = {"device": property(lambda self: "CPU", doc="The device: always ``'CPU'``.")}


def unique(self, sorted=True, return_inverse=False,  # pylint: disable=redefined-builtin
           return_counts=False, dim=None):
    """unique(sorted=True, return_inverse=False, return_counts=False, dim=None)

    The distinct elements (or, with ``dim``, distinct slices along ``dim``): ascending when
    ``sorted``, else in order of first occurrence. Computed from the values (a data-dependent
    shape): eager only, no gradient. (MindSpore 2.10's CPU build has no kernel for it.)

    Args:
        sorted (bool): ascending order, else first-occurrence order. Default: ``True``.
        return_inverse (bool): also return each element's position in the output.
            Default: ``False``.
        return_counts (bool): also return each output element's count. Default: ``False``.
        dim (int, optional): unique slices along ``dim``. Default: ``None``.

    Returns:
        Tensor, or a tuple of it with the Int64 inverse and/or counts.

    Examples:
        >>> print(Tensor([3, 1, 3]).unique())
        [1 3]
    """
    op = "Tensor.unique"
    srt = check_bool(sorted, op, "sorted")
    inv = check_bool(return_inverse, op, "return_inverse")
    cnt = check_bool(return_counts, op, "return_counts")
    a = self.asnumpy()
    if dim is not None:
        dim = check_int(dim, op, "dim", -a.ndim, a.ndim - 1)
    vals, first, inverse, counts = np.unique(a, return_index=True, return_inverse=True,
                                             return_counts=True, axis=dim)
    if not srt:
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        vals = np.take(vals, order, axis=0 if dim is None else dim)
        counts, inverse = counts[order], rank[inverse.reshape(-1)]
    inverse = inverse.reshape(a.shape if dim is None else (a.shape[dim],))
    out = [Tensor._make(np.ascontiguousarray(vals))]
    if inv:
        out.append(Tensor._make(inverse.astype(np.int64)))
    if cnt:
        out.append(Tensor._make(counts.astype(np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


METHODS["unique"] = unique


def unfold(self, kernel_size, dilation=1, padding=0, stride=1):
    """unfold(kernel_size, dilation=1, padding=0, stride=1) -> Tensor

    The sliding windows of a 4-D (N, C, H, W) tensor as columns (N, C*kH*kW, L), as
    :func:`mindcell.ops.unfold`.

    Args:
        kernel_size (Union[int, tuple[int]]): the window size.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default: 1.
        padding (Union[int, tuple[int]]): zeros added on both sides of H and W. Default: 0.
        stride (Union[int, tuple[int]]): the step between windows. Default: 1.

    Returns:
        Tensor.

    Raises:
        ValueError: ``self`` is not 4-D or a size is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> Tensor(np.ones((1, 2, 4, 4), np.float32)).unfold(2, stride=2).shape
        (1, 8, 4)
    """
    return F.unfold(self, kernel_size, dilation, padding, stride)


METHODS["unfold"] = unfold
