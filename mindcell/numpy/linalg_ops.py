"""Products: matmul, dot, vdot, inner, outer, tensordot, kron, trace. ``dot`` and ``tensordot``
contract as numpy does (``dot`` of N-D tensors sums over the last axis of ``a`` and the
second-to-last of ``b``; it does not broadcast like ``matmul``)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.numpy import _utils as U


def _pair(a, b, name):
    ts = U.tensor_seq([a, b], name, "operands")
    return ts[0], ts[1]


def matmul(x1, x2, dtype=None):
    """matmul(x1, x2, dtype=None): the matrix product of ``x1`` and ``x2``, broadcasting
    the batch dimensions (the inputs are first promoted to one dtype).

    A 1-D ``x1`` acts as a row vector and a 1-D ``x2`` as a column vector, and that axis is
    dropped from the result, as in numpy.

    Args:
        x1 (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the left operand, at
            least 1-D.
        x2 (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the right operand, at
            least 1-D.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor of shape ``batch + (n, p)`` for ``x1`` of shape ``(..., n, k)`` and ``x2`` of
        shape ``(..., k, p)``.

    Raises:
        ValueError: an operand is 0-D (use :func:`multiply`).
        RuntimeError: the contracted dimensions differ, or the batch dimensions do not
            broadcast (as MindSpore's).
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.matmul([[1, 2], [3, 4]], [[5], [6]]))
        [[17]
         [39]]
        >>> print(mnp.matmul(mnp.ones((4, 1, 2, 3)), mnp.ones((5, 3, 6))).shape)
        (4, 5, 2, 6)
    """
    a, b = _pair(x1, x2, "matmul")
    if a.ndim == 0 or b.ndim == 0:
        raise U.fail("matmul", "operands must not be scalars (use multiply)", ValueError)
    return U.apply_dtype(ops.matmul(a, b), dtype, "matmul")


def _contract(a, b, axes_a, axes_b, name):
    """Sum over ``axes_a`` of ``a`` paired with ``axes_b`` of ``b`` (transpose, reshape,
    one matmul)."""
    for i, j in zip(axes_a, axes_b):
        if a.shape[i] != b.shape[j]:
            raise U.fail(name, "shape mismatch for sum: %s and %s (axes %s and %s)"
                         % (a.shape, b.shape, axes_a, axes_b), ValueError)
    free_a = [i for i in range(a.ndim) if i not in axes_a]
    free_b = [j for j in range(b.ndim) if j not in axes_b]
    k = int(np.prod([a.shape[i] for i in axes_a], dtype=np.int64))
    m = int(np.prod([a.shape[i] for i in free_a], dtype=np.int64))
    n = int(np.prod([b.shape[j] for j in free_b], dtype=np.int64))
    am = ops.reshape(ops.transpose(a, tuple(free_a) + tuple(axes_a)), (m, k))
    bm = ops.reshape(ops.transpose(b, tuple(axes_b) + tuple(free_b)), (k, n))
    out_shape = tuple(a.shape[i] for i in free_a) + tuple(b.shape[j] for j in free_b)
    return ops.reshape(ops.matmul(am, bm), out_shape)


def tensordot(a, b, axes=2):
    """tensordot(a, b, axes=2): the sum of products over chosen axes of ``a`` and ``b``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first operand.
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second operand.
        axes (Union[int, tuple, list]): an int ``n`` sums over the last ``n`` axes of ``a``
            and the first ``n`` of ``b``; a pair of axis sequences ``(axes_a, axes_b)`` (or of
            single ints) pairs those axes. Default: ``2``.

    Returns:
        Tensor: the free axes of ``a`` followed by the free axes of ``b``.

    Raises:
        TypeError: ``axes`` is neither an int nor a pair, or an input is not a Tensor, a
            number, a list/tuple or a numpy array of numbers.
        ValueError: ``axes`` is out of range or the two sequences differ in length, or the
            paired axes differ in length.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.tensordot(mnp.ones((3, 4, 5)), mnp.ones((4, 5, 2))).shape)
        (3, 2)
        >>> a, b = mnp.arange(6).reshape(2, 3), mnp.arange(6).reshape(3, 2)
        >>> print(mnp.tensordot(a, b, axes=([0], [1])))
        [[ 3  9 15]
         [ 4 14 24]
         [ 5 19 33]]
    """
    a, b = _pair(a, b, "tensordot")
    if isinstance(axes, (tuple, list)):
        if len(axes) != 2:
            raise U.fail("tensordot", "'axes' must be an int or a pair of axis sequences, "
                         "but got %r" % (axes,), ValueError)
        xa, xb = [list(x) if isinstance(x, (tuple, list)) else [x] for x in axes]
        if len(xa) != len(xb):
            raise U.fail("tensordot", "'axes' sequences differ in length: %r" % (axes,),
                         ValueError)
        xa = [U.axis_arg(i, a.ndim, "tensordot") for i in xa]
        xb = [U.axis_arg(j, b.ndim, "tensordot") for j in xb]
    else:
        n = U.check_int(axes, "tensordot", "axes")
        if not 0 <= n <= min(a.ndim, b.ndim):
            raise U.fail("tensordot", "'axes' %d is out of range for shapes %s and %s"
                         % (n, a.shape, b.shape), ValueError)
        xa, xb = list(range(a.ndim - n, a.ndim)), list(range(n))
    return _contract(a, b, xa, xb, "tensordot")


def dot(a, b):
    """dot(a, b): numpy's dot product of ``a`` and ``b``.

    A 0-D operand multiplies element-wise; 1-D and 2-D operands give the inner or matrix
    product; N-D operands sum over the last axis of ``a`` and the second-to-last axis of
    ``b`` (no broadcasting, unlike :func:`matmul`).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first operand.
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second operand.

    Returns:
        Tensor: ``a.shape[:-1] + b.shape[:-2] + b.shape[-1:]`` for N-D operands.

    Raises:
        ValueError: the contracted axes differ in length.
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.dot([1, 2, 3], [4, 5, 6]), mnp.dot(2.0, [1.0, 2.0]))
        32 [2. 4.]
        >>> print(mnp.dot(mnp.ones((2, 3, 4)), mnp.ones((5, 4, 6))).shape)
        (2, 3, 5, 6)
    """
    a, b = _pair(a, b, "dot")
    if a.ndim == 0 or b.ndim == 0:
        return ops.mul(a, b)
    if a.ndim <= 2 and b.ndim <= 2:
        if a.shape[-1] != b.shape[0]:
            raise U.fail("dot", "shapes %s and %s not aligned" % (a.shape, b.shape),
                         ValueError)
        return ops.matmul(a, b)
    return _contract(a, b, [a.ndim - 1], [max(b.ndim - 2, 0)], "dot")


def vdot(a, b):
    """vdot(a, b): the dot product of the flattened inputs.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first operand.
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second operand, with
            as many elements as ``a``.

    Returns:
        0-D Tensor.

    Raises:
        ValueError: the inputs have different sizes.
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.vdot([[1, 2], [3, 4]], [1, 0, 0, 1]))
        5
    """
    a, b = _pair(a, b, "vdot")
    if a.size != b.size:
        raise U.fail("vdot", "inputs must have the same size, but got %s and %s"
                     % (a.shape, b.shape), ValueError)
    return ops.sum(ops.mul(ops.reshape(a, (-1,)), ops.reshape(b, (-1,))))


def inner(a, b):
    """inner(a, b): the sum of products over the last axes of ``a`` and ``b`` (a 0-D
    operand multiplies element-wise).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first operand.
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second operand, with
            the same last dimension as ``a``.

    Returns:
        Tensor of shape ``a.shape[:-1] + b.shape[:-1]``.

    Raises:
        ValueError: the last dimensions differ.
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.inner([[1, 2], [3, 4]], [1, 10]))
        [21 43]
    """
    a, b = _pair(a, b, "inner")
    if a.ndim == 0 or b.ndim == 0:
        return ops.mul(a, b)
    return _contract(a, b, [a.ndim - 1], [b.ndim - 1], "inner")


def outer(a, b):
    """outer(a, b): the outer product, ``a.ravel()[:, None] * b.ravel()[None, :]``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first operand
            (flattened).
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second operand
            (flattened).

    Returns:
        2-D Tensor of shape ``(a.size, b.size)``.

    Raises:
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.outer([1, 2], [1, 10, 100]))
        [[  1  10 100]
         [  2  20 200]]
    """
    a, b = _pair(a, b, "outer")
    return ops.mul(ops.reshape(a, (-1, 1)), ops.reshape(b, (1, -1)))


def kron(a, b):
    """kron(a, b): the Kronecker product, blocks of ``b`` scaled by the elements of ``a``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first operand.
        b (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the second operand.

    Returns:
        Tensor whose shape is the element-wise product of the two shapes (the shorter one
        padded with leading 1s).

    Raises:
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.kron([1, 10], [[1, 2], [3, 4]]))
        [[ 1  2 10 20]
         [ 3  4 30 40]]
    """
    a, b = _pair(a, b, "kron")
    nd = max(a.ndim, b.ndim)
    a = ops.reshape(a, (1,) * (nd - a.ndim) + a.shape)
    b = ops.reshape(b, (1,) * (nd - b.ndim) + b.shape)
    inter_a = sum(((s, 1) for s in a.shape), ())
    inter_b = sum(((1, s) for s in b.shape), ())
    out = ops.mul(ops.reshape(a, inter_a), ops.reshape(b, inter_b))
    return ops.reshape(out, tuple(x * y for x, y in zip(a.shape, b.shape)))


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """trace(a, offset=0, axis1=0, axis2=1, dtype=None): the sum along a diagonal of ``a``.
    As mindspore.numpy in MindSpore 2.10, integer traces are Int64 and a bool trace is
    whether any diagonal element is True; with ``dtype`` the diagonal is summed in that dtype.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input, at least 2-D.
        offset (int): the diagonal: 0 the main one, > 0 above it, < 0 below. Default: ``0``.
        axis1 (int): the first axis of the 2-D planes. Default: ``0``.
        axis2 (int): the second axis of the 2-D planes. Default: ``1``.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor: ``a``'s shape without ``axis1`` and ``axis2`` (0-D for a 2-D ``a``).

    Raises:
        TypeError: ``offset`` or an axis is not an int, ``dtype`` is not a dtype, or ``a`` is
            not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: ``a`` is less than 2-D, an axis is out of range, or the axes are equal.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2], [3, 4]])
        >>> print(mnp.trace(x), mnp.trace(x, offset=1))
        5 2
        >>> print(mnp.trace(mnp.arange(8).reshape(2, 2, 2), axis1=1, axis2=2))
        [ 3 11]
    """
    a = U.asarray(a, "trace")
    if a.ndim < 2:
        raise U.fail("trace", "'a' must be at least 2-D, but got shape %s" % (a.shape,),
                     ValueError)
    offset = U.check_int(offset, "trace", "offset")
    ax1, ax2 = U.axis_arg(axis1, a.ndim, "trace"), U.axis_arg(axis2, a.ndim, "trace")
    if ax1 == ax2:
        raise U.fail("trace", "'axis1' and 'axis2' must differ", ValueError)
    rest = [i for i in range(a.ndim) if i not in (ax1, ax2)]
    m = ops.transpose(a, tuple(rest) + (ax1, ax2))
    rows, cols = m.shape[-2:]
    mask = U.asarray(np.eye(rows, cols, offset, dtype=bool), "trace")
    if dtype is not None:  # the diagonal is summed in the dtype asked for
        m = U.apply_dtype(m, dtype, "trace")
    r = ops.sum(ops.where(mask, m, ops.zeros_like(m)), (m.ndim - 2, m.ndim - 1))
    if dtype is None and m._np_dtype.kind == "b":  # whether any diagonal entry is True
        r = ops.ne(r, 0)
    elif dtype is None and a._np_dtype.kind in "iu" and r._np_dtype != np.int64:
        r = ops.cast(r, mstype.int64)  # integer traces are Int64
    return U.apply_dtype(r, dtype, "trace")


__all__ = ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "trace"]
