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
    """matmul(x1, x2, dtype=None): the matrix product, broadcasting batch dimensions."""
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
    """tensordot(a, b, axes=2): sum of products over the last ``axes`` axes of ``a`` and the
    first of ``b``, or over the axes given as a pair of sequences."""
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
    """dot(a, b): numpy's dot product (scalars multiply; 1-D/2-D as matrix products; N-D sums
    over the last axis of ``a`` and the second-to-last of ``b``)."""
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
    """vdot(a, b): the dot product of the flattened inputs."""
    a, b = _pair(a, b, "vdot")
    if a.size != b.size:
        raise U.fail("vdot", "inputs must have the same size, but got %s and %s"
                     % (a.shape, b.shape), ValueError)
    return ops.sum(ops.mul(ops.reshape(a, (-1,)), ops.reshape(b, (-1,))))


def inner(a, b):
    """inner(a, b): sum of products over the last axes."""
    a, b = _pair(a, b, "inner")
    if a.ndim == 0 or b.ndim == 0:
        return ops.mul(a, b)
    return _contract(a, b, [a.ndim - 1], [b.ndim - 1], "inner")


def outer(a, b):
    """outer(a, b): ``a.ravel()[:, None] * b.ravel()[None, :]``."""
    a, b = _pair(a, b, "outer")
    return ops.mul(ops.reshape(a, (-1, 1)), ops.reshape(b, (1, -1)))


def kron(a, b):
    """kron(a, b): the Kronecker product."""
    a, b = _pair(a, b, "kron")
    nd = max(a.ndim, b.ndim)
    a = ops.reshape(a, (1,) * (nd - a.ndim) + a.shape)
    b = ops.reshape(b, (1,) * (nd - b.ndim) + b.shape)
    inter_a = sum(((s, 1) for s in a.shape), ())
    inter_b = sum(((1, s) for s in b.shape), ())
    out = ops.mul(ops.reshape(a, inter_a), ops.reshape(b, inter_b))
    return ops.reshape(out, tuple(x * y for x, y in zip(a.shape, b.shape)))


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """trace(a, offset=0, axis1=0, axis2=1, dtype=None): the sum along a diagonal."""
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
    r = ops.sum(ops.where(mask, m, ops.zeros_like(m)), (m.ndim - 2, m.ndim - 1))
    if a._np_dtype.kind in "iub" and r._np_dtype != a._np_dtype:
        r = ops.cast(r, a.dtype if a._np_dtype.kind != "b" else mstype.int32)
    return U.apply_dtype(r, dtype, "trace")


__all__ = ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "trace"]
