"""MindSpore's Tensor methods that are mint or mindcell.numpy functions with ``self`` first
(Tensor.addbmm, Tensor.bincount, Tensor.hsplit ...). They live with mint, the layer of the functions they call, and are
installed on Tensor when mint is imported (a name Tensor defines itself keeps its own)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.ops import tensor_methods
from mindcell.ops._errors import check_bool, check_int
from mindcell.ops._helpers import check_tensor


class _Mint:
    """mindcell.mint, looked up at call time (mint finishes importing after this module)."""

    def __getattr__(self, name):
        from mindcell import mint
        return getattr(mint, name)


class _Numpy:
    """mindcell.numpy, looked up at call time."""

    def __getattr__(self, name):
        from mindcell import numpy as mnp
        return getattr(mnp, name)


M, NP = _Mint(), _Numpy()
METHODS = {}


def _either(name, primary, value, alias, alias_value, default):
    """One of two spellings of an argument (MindSpore 2.10's Tensor methods take both the
    mint spelling and the older one, e.g. ``dim``/``axis``); both given is an error."""
    if alias_value is not default:
        if value is not default:
            raise TypeError("%s: give '%s' or '%s', not both" % (name, primary, alias))
        return alias_value
    return value


def _count_nonzero(self, dim=None, *, axis=None, keep_dims=False, dtype=None):
    """count_nonzero(dim=None) or count_nonzero(axis=(), keep_dims=False, dtype=int32): the
    number of nonzero elements, Int32 (or ``dtype``) as MindSpore 2.10's Tensor method gives it
    (mint's is Int64)."""
    dim = _either("Tensor.count_nonzero", "dim", dim, "axis", axis, None)
    check_bool(keep_dims, "Tensor.count_nonzero", "keep_dims")
    if isinstance(dim, (tuple, list)) and not dim:
        dim = None
    out = M.count_nonzero(self, dim)
    if keep_dims:
        axes = range(self.ndim) if dim is None else (
            (dim,) if isinstance(dim, int) else tuple(dim))
        for ax in sorted(a % self.ndim for a in axes):
            out = F.expand_dims(out, ax)
    return F.cast(out, mstype.int32 if dtype is None else dtype)


def _nansum(self, dim=None, keepdim=False, *, dtype=None, axis=None, keepdims=False):
    """nansum(dim=None, keepdim=False, *, dtype=None), also spelled with ``axis``/``keepdims``
    (MindSpore 2.10 takes both)."""
    dim = _either("Tensor.nansum", "dim", dim, "axis", axis, None)
    keepdim = _either("Tensor.nansum", "keepdim", keepdim, "keepdims", keepdims, False)
    return M.nansum(self, dim, keepdim, dtype=dtype)


# MindSpore's Tensor spellings of mint functions (the same arguments after self)
METHODS.update({
    "addbmm": lambda self, batch1, batch2, *, beta=1, alpha=1: M.addbmm(
        self, batch1, batch2, beta=beta, alpha=alpha),
    "addmm": lambda self, mat1, mat2, *, beta=1, alpha=1: M.addmm(
        self, mat1, mat2, beta=beta, alpha=alpha),
    "addmv": lambda self, mat, vec, *, beta=1, alpha=1: M.addmv(
        self, mat, vec, beta=beta, alpha=alpha),
    # Tensor.baddbmm (and so ops.baddbmm) is MindSpore 2.10's matmul form: any operands of
    # at least 2-D that broadcast (mint.baddbmm alone insists on 3-D batches)
    "baddbmm": lambda self, batch1, batch2, *, beta=1, alpha=1: _impl_more()._scaled_sum(
        F.matmul(batch1, batch2), self, beta, alpha, "baddbmm"),
    "allclose": lambda self, other, rtol=1e-05, atol=1e-08, equal_nan=False: M.allclose(
        self, other, rtol, atol, equal_nan),
    "count_nonzero": _count_nonzero,
    # MindSpore 2.10's Tensor.histc counts a Float16 input in Float32
    "histc": lambda self, bins=100, min=0, max=0: M.histc(
        F.cast(self, mstype.float32) if self.dtype == mstype.float16 else self, bins, min, max),
    "nansum": _nansum,
    "unbind": lambda self, dim=0: M.unbind(self, dim),
})


def bincount(self, weights=None, minlength=0):
    """bincount(weights=None, minlength=0) -> Tensor

    The count (or the sum of ``weights``) of each value of 1-D non-negative int ``self``, as
    Float32 (as MindSpore 2.10's Tensor method), length ``max(self) + 1`` or ``minlength``.

    Args:
        weights (Tensor, optional): one weight per element of ``self``. Default: ``None``.
        minlength (int): the least output length. Default: ``0``.

    Returns:
        Tensor, Float32.

    Raises:
        TypeError: If ``weights`` is not a Tensor or None, or ``minlength`` not an int.

    Examples:
        >>> print(Tensor([1, 1, 3]).bincount())
        [0. 2. 0. 1.]
    """
    if weights is not None:
        check_tensor(weights, "Tensor.bincount", "weights")
    n = check_int(minlength, "Tensor.bincount", "minlength", 0, 2 ** 31 - 1)
    # a bool input counts its False and True (MindSpore 2.10 and numpy alike)
    x = F.cast(self, mstype.int32) if self.dtype == mstype.bool_ else self
    return F.cast(M.bincount(x, weights, n), mstype.float32)


def kthvalue(self, k, dim=-1, keepdim=False):
    """kthvalue(k, dim=-1, keepdim=False) -> tuple[Tensor]

    The ``k``-th smallest values along ``dim`` and their Int64 indices (see
    :func:`mint.kthvalue`). (MindSpore 2.10's CPU build raises ValueError for every call.)

    Args:
        k (int): 1-based rank.
        dim (int): the axis. Default: ``-1``.
        keepdim (bool): keep ``dim`` with length 1. Default: ``False``.

    Returns:
        tuple(Tensor, Tensor), the values and their indices.

    Examples:
        >>> Tensor([[3., 1., 2.]]).kthvalue(2)[0]
        Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])
    """
    kk = check_int(k, "Tensor.kthvalue", "k")
    d = check_int(dim, "Tensor.kthvalue", "dim")
    return M.kthvalue(self, kk, d, check_bool(keepdim, "Tensor.kthvalue", "keepdim"))


def _impl_more():
    from mindcell.mint import _impl_more
    return _impl_more


def _split_method(name, least, axis):
    """Tensor.hsplit/vsplit as MindSpore 2.10 has them: ops.tensor_split along ``axis`` (parts
    may differ in size or be empty, unlike mindspore.numpy's)."""
    def method(self, indices_or_sections):
        if self.ndim < least:
            raise ValueError("Tensor.%s: self must be at least %d-D, but got %d-D"
                             % (name, least, self.ndim))
        return tuple(F.tensor_split(self, indices_or_sections, axis))
    method.__name__ = name
    method.__doc__ = ("%s(indices_or_sections) -> tuple[Tensor]\n\n    ``self`` split along "
                      "axis %d, as :func:`mindcell.ops.tensor_split` (see also numpy.%s).\n\n"
                      "    Args:\n"
                      "        indices_or_sections (Union[int, list[int], tuple[int]]): the number"
                      " of equal parts, or the split positions.\n\n    Returns:\n"
                      "        tuple[Tensor].\n" % (name, axis, name))
    return method


def inner(self, other):
    """inner(other) -> Tensor

    The inner product over the last axes of ``self`` and ``other`` (numpy.inner).

    Args:
        other (Union[Tensor, numpy.number]): the other tensor, the same last dimension; a 0-d
            tensor or a numpy number multiplies ``self``.

    Returns:
        Tensor.

    Examples:
        >>> print(Tensor([1., 2.]).inner(Tensor([3., 4.])))
        11.0
    """
    if isinstance(other, np.generic) and not isinstance(other, np.bool_):
        other = other.item()  # a numpy number: MindSpore 2.10 multiplies by it (ms-oracle)
    else:
        check_tensor(other, "Tensor.inner", "other")
    if not isinstance(other, Tensor) or self.ndim == 0 or other.ndim == 0:
        # with a 0-d operand MindSpore's inner is the product, with Mul's dtypes (Float32
        # tensor inner Tensor(2.0, Float64) is Float32)
        return F.mul(self, other)
    return NP.inner(self, other)


METHODS.update({
    "hsplit": _split_method("hsplit", 2, 1),
    "vsplit": _split_method("vsplit", 2, 0), "inner": inner,
})


METHODS.update({"bincount": bincount, "kthvalue": kthvalue})


def install():
    for name, fn in METHODS.items():
        if not hasattr(Tensor, name):
            setattr(Tensor, name, fn)
    # Tensor.index_add(dim, index, source, *, alpha) is mint's index_add with self first
    tensor_methods.MINT_FORMS["index_add"] = lambda *args, **kwargs: M.index_add(*args, **kwargs)
