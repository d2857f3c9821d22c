"""MindSpore 2.10's vector and matrix products and decompositions-by-composition: ``addr``,
``ger``, ``mv``, ``vecdot``, ``batch_dot``, ``dist``, ``matrix_power``, ``slogdet``, ``logdet``,
``vector_norm`` and ``matrix_norm``. Each is made of mindcell's ops (matmul, det, norm ...), so
gradients, dtype rules and GRAPH_MODE come from those; each checks its own arguments first, with
MindSpore's rules (recorded with ms-oracle), so errors name it."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function._opdoc import array, example, opdoc
from mindcell.ops.function.linalg_func import half_via_float32


def _F():
    from mindcell.ops import functional
    return functional


def _float(x, op, arg, dtypes=(mstype.float16, mstype.float32, mstype.float64)):
    check_tensor(x, op, arg)
    if x.dtype not in dtypes:
        raise TypeError("%s: '%s' must be a Tensor of %s, but got %s"
                        % (public_name(op), arg, "/".join(str(d) for d in dtypes), x.dtype))
    return x


def _same_dtype(op, a, b, names):
    if a.dtype != b.dtype:
        raise TypeError("%s: '%s' and '%s' must have the same dtype, but got %s and %s"
                        % (public_name(op), names[0], names[1], a.dtype, b.dtype))


def _vector(x, op, arg):
    check_tensor(x, op, arg)
    if x.ndim != 1:
        raise ValueError("%s: '%s' must be 1-D, but got shape %s" % (public_name(op), arg, x.shape))
    return x


# ----- products ---------------------------------------------------------------------------------
def addr(x, vec1, vec2, *, beta=1, alpha=1):
    op = "addr"
    check_tensor(x, op, "x")
    _vector(vec1, op, "vec1")
    _vector(vec2, op, "vec2")
    for name, v in (("beta", beta), ("alpha", alpha)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError("%s: '%s' must be a number, but got %s"
                            % (public_name(op), name, type(v).__name__))
    F = _F()
    return F.add(F.mul(x, beta), F.mul(F.outer(vec1, vec2), alpha))


addr.__doc__ = opdoc(
    "``beta * x + alpha * outer(vec1, vec2)``: adds the outer product of two vectors to a "
    "matrix (``x`` broadcasts to ``(len(vec1), len(vec2))``).",
    ["x (Tensor): the matrix added to.", "vec1 (Tensor): 1-D, the rows.",
     "vec2 (Tensor): 1-D, the columns.",
     "beta (Union[int, float]): (keyword-only) the factor of ``x``. Default: ``1``.",
     "alpha (Union[int, float]): (keyword-only) the factor of the product. Default: ``1``."],
    "Tensor of shape ``(len(vec1), len(vec2))``, of the operands' promoted dtype.",
    ["TypeError: an operand is not a Tensor, or ``beta``/``alpha`` not a number.",
     "ValueError: ``vec1`` or ``vec2`` is not 1-D."],
    example("ops.addr(x, v1, v2)", "[[ 3.  0.]\n [ 5. -1.]]",
            ["x = " + array([[1.0, 1.0], [1.0, 1.0]]), "v1 = " + array([2.0, 4.0]),
             "v2 = " + array([1.0, -0.5])]))


def ger(input, vec2):
    op = "ger"
    _float(_vector(input, op, "input"), op, "input")
    _float(_vector(vec2, op, "vec2"), op, "vec2")
    _same_dtype(op, input, vec2, ("input", "vec2"))
    return _F().outer(input, vec2)


ger.__doc__ = opdoc(
    "The outer product of two float vectors: ``out[i, j] = input[i] * vec2[j]``.",
    ["input (Tensor): 1-D, Float16, Float32 or Float64.",
     "vec2 (Tensor): 1-D, of ``input``'s dtype."],
    "Tensor of shape ``(len(input), len(vec2))``.",
    ["TypeError: an operand is not a float Tensor, or their dtypes differ.",
     "ValueError: an operand is not 1-D."],
    example("ops.ger(a, b)", "[[ 1. -1.]\n [ 2. -2.]]",
            ["a = " + array([1.0, 2.0]), "b = " + array([1.0, -1.0])]))


def mv(mat, vec):
    op = "mv"
    check_tensor(mat, op, "mat")
    _vector(vec, op, "vec")
    if mat.ndim != 2:
        raise ValueError("%s: 'mat' must be 2-D, but got shape %s" % (public_name(op), mat.shape))
    if mat.shape[1] != vec.shape[0]:
        raise ValueError("%s: the columns of 'mat' must equal the length of 'vec', but got "
                         "shapes %s and %s" % (public_name(op), mat.shape, vec.shape))
    return _F().matmul(mat, vec)


mv.__doc__ = opdoc(
    "The product of a matrix and a vector.",
    ["mat (Tensor): 2-D, shape ``(n, m)``.", "vec (Tensor): 1-D, shape ``(m,)``."],
    "Tensor of shape ``(n,)``.",
    ["TypeError: an operand is not a Tensor.", "ValueError: the shapes do not fit."],
    example("ops.mv(m, v)", "[-1. -1.]",
            ["m = " + array([[1.0, 2.0], [3.0, 4.0]]), "v = " + array([1.0, -1.0])]))


def vecdot(x, y, *, axis=-1):
    op = "vecdot"
    check_tensor(x, op, "x")
    check_tensor(y, op, "y")
    check_int(axis, op, "axis")
    F = _F()
    return F.sum(F.mul(x, y), axis)


vecdot.__doc__ = opdoc(
    "The dot products of the vectors of ``x`` and ``y`` along ``axis`` (the operands "
    "broadcast): ``sum(x * y, axis)``. Integer operands sum in Int64.",
    ["x (Tensor): the first operand.", "y (Tensor): the second operand.",
     "axis (int): (keyword-only) the axis of the vectors. Default: ``-1``."],
    "Tensor: the broadcast shape without ``axis``.",
    ["TypeError: an operand is not a Tensor or ``axis`` not an int."],
    example("ops.vecdot(a, a)", "[ 5 25]", ["a = " + array([[1, 2], [3, 4]], "int32")]))


def _batch_axes(axes, n1, n2, op):
    if axes is None:
        return n1 - 1, (n2 - 2 if n2 > 2 else n2 - 1)
    if isinstance(axes, bool):
        raise TypeError("%s: 'axes' must be an int or a pair of ints, but got bool"
                        % public_name(op))
    if isinstance(axes, int):
        axes = (axes, axes)
    if not (isinstance(axes, (tuple, list)) and len(axes) == 2
            and all(isinstance(a, int) and not isinstance(a, bool) for a in axes)):
        raise TypeError("%s: 'axes' must be an int or a pair of ints, but got %r"
                        % (public_name(op), axes))
    out = []
    for a, n, name in ((axes[0], n1, "x1"), (axes[1], n2, "x2")):
        if not -n <= a < n:
            raise ValueError("%s: axis %d is out of range for the %d-D '%s'"
                             % (public_name(op), a, n, name))
        out.append(a % n)
    if 0 in out:
        raise ValueError("%s: 'axes' cannot name the batch axis 0, but got %r"
                         % (public_name(op), tuple(axes)))
    return tuple(out)


def batch_dot(x1, x2, axes=None):
    op = "batch_dot"
    _float(x1, op, "x1")
    _float(x2, op, "x2")
    _same_dtype(op, x1, x2, ("x1", "x2"))
    if x1.ndim < 2 or x2.ndim < 2:
        raise ValueError("%s: 'x1' and 'x2' must be at least 2-D, but got shapes %s and %s"
                         % (public_name(op), x1.shape, x2.shape))
    if x1.shape[0] != x2.shape[0]:
        raise ValueError("%s: 'x1' and 'x2' must have the same batch size, but got %d and %d"
                         % (public_name(op), x1.shape[0], x2.shape[0]))
    a1, a2 = _batch_axes(axes, x1.ndim, x2.ndim, op)
    if x1.shape[a1] != x2.shape[a2]:
        raise ValueError("%s: the contracted axes must have the same length, but got x1 axis "
                         "%d of %s and x2 axis %d of %s" % (public_name(op), a1, x1.shape, a2,
                                                            x2.shape))
    F = _F()
    b, k = x1.shape[0], x1.shape[a1]
    rest1 = [d for i, d in enumerate(x1.shape) if i not in (0, a1)]
    rest2 = [d for i, d in enumerate(x2.shape) if i not in (0, a2)]
    p1 = [0] + [i for i in range(1, x1.ndim) if i != a1] + [a1]
    p2 = [0, a2] + [i for i in range(1, x2.ndim) if i != a2]
    m1 = F.transpose(x1, tuple(p1)).reshape((b, int(np.prod(rest1, dtype=np.int64)), k))
    m2 = F.transpose(x2, tuple(p2)).reshape((b, k, int(np.prod(rest2, dtype=np.int64))))
    out = F.bmm(m1, m2)
    if not rest1 and not rest2:
        return out.reshape((b, 1))      # MindSpore keeps one axis for two 2-D operands
    return out.reshape(tuple([b] + rest1 + rest2))


batch_dot.__doc__ = opdoc(
    "The dot product of each batch (axis 0) of ``x1`` with the same batch of ``x2``, "
    "contracting one axis of each: the result has the batch axis, then ``x1``'s other axes, "
    "then ``x2``'s (two 2-D operands give shape ``(batch, 1)``).",
    ["x1 (Tensor): float, at least 2-D.", "x2 (Tensor): of ``x1``'s dtype and batch size, at "
     "least 2-D.", "axes (Union[int, tuple(int), list(int)], optional): the contracted axis "
     "of ``x1`` and of ``x2`` (one int names both); None takes the last axis of ``x1`` and the "
     "second-to-last of ``x2`` (its last when 2-D). Default: ``None``."],
    "Tensor of ``x1``'s dtype.",
    ["TypeError: an operand is not a float Tensor, the dtypes differ, or ``axes`` is not an "
     "int or a pair of ints.",
     "ValueError: an operand is below 2-D, the batch sizes or contracted lengths differ, or "
     "``axes`` names axis 0 or is out of range."],
    example("ops.batch_dot(a, b).shape", "(2, 3, 5)",
            ["a = Tensor(np.ones((2, 3, 4), np.float32))",
             "b = Tensor(np.ones((2, 4, 5), np.float32))"]))


def dist(input, other, p=2):
    op = "dist"
    check_tensor(input, op, "input")
    check_tensor(other, op, "other")
    from mindcell.ops.function.math_func import _operands
    input, other = _operands(input, other, op)  # promoted: Int32 with Float32 is Float32
    if input.dtype not in (mstype.float16, mstype.float32):
        raise TypeError("%s: 'input' and 'other' must promote to Float16 or Float32, but "
                        "promote to %s" % (public_name(op), input.dtype))
    if isinstance(p, bool) or not isinstance(p, int):
        raise TypeError("%s: 'p' must be an int, but got %s" % (public_name(op),
                                                               type(p).__name__))
    F = _F()
    diff = F.sub(input, other).reshape((-1,))
    return F.norm(diff, p)


dist.__doc__ = opdoc(
    "The p-norm of ``input - other`` (broadcast), over all elements.",
    ["input (Tensor): a tensor.", "other (Tensor): a tensor; the two are promoted by the "
     "usual rules, to Float16 or Float32.",
     "p (int): the order; 0 counts the nonzero differences. Default: ``2``."],
    "Tensor: a 0-D tensor.",
    ["TypeError: an operand is not a Tensor, they do not promote to Float16/Float32, or "
     "``p`` not an int."],
    example("ops.dist(a, b)", "5.0", ["a = " + array([[1.0, 1.0]]), "b = " + array([4.0, 5.0])]))


# ----- powers and determinants ------------------------------------------------------------------
def matrix_power(input, n):
    op = "matrix_power"
    check_tensor(input, op, "input")
    check_int(n, op, "n")
    if input.ndim < 2 or input.shape[-1] != input.shape[-2]:
        raise ValueError("%s: 'input' must be a (batch of) square matrices, but got shape %s"
                         % (public_name(op), input.shape))
    F = _F()
    if n < 0:
        if not input.dtype.is_floating_point:
            raise ValueError("%s: integral dtypes (%s) are not supported for n < 0"
                             % (public_name(op), input.dtype))
        input, n = F.inverse(input), -n
    if n == 0:
        eye = F.eye(input.shape[-1], input.shape[-1], input.dtype)
        return F.broadcast_to(eye, input.shape)
    result, base = None, input
    while n:
        if n & 1:
            result = base if result is None else F.matmul(result, base)
        n >>= 1
        if n:
            base = F.matmul(base, base)
    return result


matrix_power.__doc__ = opdoc(
    "The ``n``-th power of a (batch of) square matrices: the identity for ``n == 0``, powers "
    "of the inverse for ``n < 0`` (float only).",
    ["input (Tensor): shape ``(..., m, m)``.", "n (int): the exponent."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a Tensor or ``n`` not an int.",
     "ValueError: ``input`` is not square, or an integer tensor with ``n < 0``."],
    example("ops.matrix_power(m, 3)", "[[15. 20.]\n [20. 35.]]",
            ["m = " + array([[2.0, 1.0], [1.0, 3.0]])]))


def _det64(input, op):
    _float(input, op, "input")
    if input.ndim < 2 or input.shape[-1] != input.shape[-2]:
        raise ValueError("%s: 'input' must be a (batch of) square matrices, but got shape %s"
                         % (public_name(op), input.shape))
    # the determinant in Float64 so that log|det| of a large float32 matrix does not overflow
    return _F().det(input.astype(mstype.float64))


def slogdet(input):
    op = "slogdet"
    F = _F()
    d = _det64(input, op)
    sign = F.sign(d).astype(input.dtype)
    return sign, F.log(F.abs(d)).astype(input.dtype)


slogdet.__doc__ = opdoc(
    "The sign and the natural logarithm of the absolute value of the determinant of a (batch "
    "of) square matrices (a singular matrix gives sign 0 and ``-inf``).",
    ["input (Tensor): float, shape ``(..., m, m)``."],
    "tuple(Tensor, Tensor): the signs and the log-absolute determinants, shape ``(...)``.",
    ["TypeError: ``input`` is not a float Tensor.", "ValueError: ``input`` is not square."],
    example("ops.slogdet(m)[1]", "0.6931472", ["m = " + array([[1.0, 2.0], [3.0, 4.0]])]))


def logdet(input):
    F = _F()
    return F.log(_det64(input, "logdet")).astype(input.dtype)


logdet.__doc__ = opdoc(
    "The natural logarithm of the determinant of a (batch of) square matrices: NaN where the "
    "determinant is negative.",
    ["input (Tensor): float, shape ``(..., m, m)``."], "Tensor of shape ``(...)``.",
    ["TypeError: ``input`` is not a float Tensor.", "ValueError: ``input`` is not square."],
    example("ops.logdet(m)", "[1.9459101 0.6931472]",
            ["m = " + array([[[8.0, 9.0], [1.0, 2.0]], [[5.0, 6.0], [3.0, 4.0]]])]))


# ----- norms ------------------------------------------------------------------------------------
def _axes(axis, ndim, op):
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) and not isinstance(axis, bool) else axis
    if not (isinstance(axes, (tuple, list))
            and all(isinstance(a, int) and not isinstance(a, bool) for a in axes)):
        raise TypeError("%s: 'axis' must be None, an int or a tuple of ints, but got %r"
                        % (public_name(op), axis))
    out = []
    for a in axes:
        if not -max(ndim, 1) <= a < max(ndim, 1):
            raise ValueError("%s: axis %d is out of range for a %d-D input"
                             % (public_name(op), a, ndim))
        out.append(a % max(ndim, 1))
    if len(set(out)) != len(out):
        raise ValueError("%s: 'axis' repeats an axis: %r" % (public_name(op), axis))
    return tuple(out)


def vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):
    op = "vector_norm"
    check_tensor(x, op, "x")
    check_bool(keepdims, op, "keepdims")
    if isinstance(ord, bool) or not isinstance(ord, numbers.Real):
        raise ValueError("%s: 'ord' must be a number (0, inf and -inf included), but got %r"
                         % (public_name(op), ord))
    F = _F()
    axes = _axes(axis, x.ndim, op)
    if x.ndim == 0:
        flat, out_shape = x.reshape((1,)), ()
    else:
        rest = [i for i in range(x.ndim) if i not in axes]
        flat = F.transpose(x, tuple(rest + list(axes)))
        flat = flat.reshape(tuple(x.shape[i] for i in rest) + (-1,))
        out_shape = tuple(1 if i in axes else x.shape[i] for i in range(x.ndim)) \
            if keepdims else tuple(x.shape[i] for i in rest)
    out = F.norm(flat, ord, dim=-1, dtype=dtype)
    return out.reshape(out_shape)


vector_norm.__doc__ = opdoc(
    "The vector norm of ``x`` over ``axis`` (the axes named are flattened into one vector): "
    "``sum(|x| ** ord) ** (1 / ord)``; ``ord`` 0 counts the nonzeros, ``inf`` / ``-inf`` "
    "take the largest / smallest ``|x|``.",
    ["x (Tensor): the input (bool and integer tensors compute in Float32).",
     "ord (Union[int, float]): the order. Default: ``2``.",
     "axis (Union[int, tuple(int)], optional): the axes; None takes all. Default: ``None``.",
     "keepdims (bool): keep the reduced axes with length 1. Default: ``False``.",
     "dtype (mindcell.dtype, optional): (keyword-only) a float dtype ``x`` is cast to first. "
     "Default: ``None``."],
    "Tensor: ``x``'s float dtype (or ``dtype``).",
    ["TypeError: ``x`` is not a Tensor, ``keepdims`` not a bool or ``axis`` not ints.",
     "ValueError: ``ord`` is not a number, or an axis is out of range or repeated."],
    example("ops.vector_norm(x, 1, axis=(0, 1))", "10.0",
            ["x = " + array([[1.0, -2.0], [3.0, 4.0]])]))

_MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf)


def matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):
    op = "matrix_norm"
    check_tensor(A, op, "A")
    check_bool(keepdims, op, "keepdims")
    if isinstance(ord, bool) or not isinstance(ord, (str, numbers.Real)) \
            or ord not in _MATRIX_ORDS:
        raise ValueError("%s: 'ord' must be one of 'fro', 'nuc', 1, -1, 2, -2, inf, -inf, but "
                         "got %r" % (public_name(op), ord))
    if A.ndim < 2:
        raise ValueError("%s: 'A' must be at least 2-D, but got shape %s"
                         % (public_name(op), A.shape))
    axes = _axes(axis, A.ndim, op)
    if axis is None or len(axes) != 2:
        raise ValueError("%s: 'axis' must name two axes, but got %r" % (public_name(op), axis))
    return _F().norm(A, ord, dim=axes, keepdim=keepdims, dtype=dtype)


matrix_norm.__doc__ = opdoc(
    "The matrix norm of ``A`` over the two axes of ``axis``, batched over the others: "
    "``'fro'`` (Frobenius), ``'nuc'`` (the sum of the singular values), 1 / -1 (the largest / "
    "smallest column sum of ``|A|``), 2 / -2 (the largest / smallest singular value), "
    "``inf`` / ``-inf`` (the largest / smallest row sum).",
    ["A (Tensor): at least 2-D.", "ord (Union[int, float, str]): the order. Default: "
     "``'fro'``.", "axis (tuple(int)): the two matrix axes. Default: ``(-2, -1)``.",
     "keepdims (bool): keep the reduced axes with length 1. Default: ``False``.",
     "dtype (mindcell.dtype, optional): (keyword-only) a float dtype ``A`` is cast to first. "
     "Default: ``None``."],
    "Tensor: ``A``'s float dtype (or ``dtype``).",
    ["TypeError: ``A`` is not a Tensor or ``keepdims`` not a bool.",
     "ValueError: ``ord`` is not listed above, ``A`` is below 2-D or ``axis`` does not name "
     "two distinct axes."],
    example("ops.matrix_norm(a, 1)", "6.0", ["a = " + array([[1.0, -2.0], [3.0, 4.0]])]))


# ----- solves and inverses ----------------------------------------------------------------------
def _square(x, op, arg):
    _float(x, op, arg)
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError("%s: '%s' must be a (batch of) square matrices, but got shape %s"
                         % (public_name(op), arg, x.shape))
    return x


def _mT(x):
    return _F().swapaxes(x, -1, -2)


def _from_cholesky(factor, upper, op, arg):
    _square(factor, op, arg)
    check_bool(upper, op, "upper")
    F = _F()
    return F.matmul(_mT(factor), factor) if upper else F.matmul(factor, _mT(factor))


def cholesky_inverse(input_x, upper=False):
    _square(input_x, "cholesky_inverse", "input_x")
    return half_via_float32(
        lambda f: _F().inverse(_from_cholesky(f, upper, "cholesky_inverse", "input_x")), input_x)


cholesky_inverse.__doc__ = opdoc(
    "The inverse of the matrix ``A`` whose Cholesky factor is ``input_x``: ``A = L @ L.T`` "
    "(lower) or ``A = U.T @ U`` (``upper``).",
    ["input_x (Tensor): float, the triangular factor, shape ``(..., n, n)``.",
     "upper (bool): ``input_x`` is upper triangular. Default: ``False``."],
    "Tensor of ``input_x``'s shape and dtype.",
    ["TypeError: ``input_x`` is not a float Tensor or ``upper`` not a bool.",
     "ValueError: ``input_x`` is not square."],
    example("ops.cholesky_inverse(l)", "[[ 0.3125 -0.125 ]\n [-0.125   0.25  ]]",
            ["l = " + array([[2.0, 0.0], [1.0, 2.0]])]))


def cholesky_solve(input, input2, upper=False):
    op = "cholesky_solve"
    a = _from_cholesky(input2, upper, op, "input2")
    _float(input, op, "input")
    _same_dtype(op, input, input2, ("input", "input2"))
    if input.ndim < 2 or input.shape[-2] != input2.shape[-1]:
        raise ValueError("%s: 'input' must have %d rows, but got shape %s"
                         % (public_name(op), input2.shape[-1], input.shape))
    return _F().matmul(_F().inverse(a), input)


cholesky_solve.__doc__ = opdoc(
    "Solves ``A @ X = input`` for ``X`` given the Cholesky factor ``input2`` of ``A`` "
    "(``A = L @ L.T``, or ``U.T @ U`` when ``upper``).",
    ["input (Tensor): float, the right-hand sides, shape ``(..., n, k)``.",
     "input2 (Tensor): the triangular factor, shape ``(..., n, n)``, of ``input``'s dtype.",
     "upper (bool): ``input2`` is upper triangular. Default: ``False``."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: an operand is not a float Tensor, the dtypes differ, or ``upper`` is not a "
     "bool.", "ValueError: the shapes do not fit."],
    example("ops.cholesky_solve(b, l)", "[[ 0.1875]\n [-0.125 ]]",
            ["b = " + array([[0.5], [-0.25]]), "l = " + array([[2.0, 0.0], [1.0, 2.0]])]))


def matrix_solve(matrix, rhs, adjoint=False):
    op = "matrix_solve"
    _square(matrix, op, "matrix")
    _float(rhs, op, "rhs")
    check_bool(adjoint, op, "adjoint")
    _same_dtype(op, matrix, rhs, ("matrix", "rhs"))
    if rhs.ndim < 2 or rhs.shape[-2] != matrix.shape[-1]:
        raise ValueError("%s: 'rhs' must be (..., %d, K), but got shape %s"
                         % (public_name(op), matrix.shape[-1], rhs.shape))
    F = _F()
    return half_via_float32(lambda m, r: F.matmul(F.inverse(_mT(m) if adjoint else m), r),
                            matrix, rhs)


matrix_solve.__doc__ = opdoc(
    "Solves ``matrix @ X = rhs`` (``matrix.T @ X = rhs`` when ``adjoint``) for ``X``.",
    ["matrix (Tensor): float, shape ``(..., M, M)``.", "rhs (Tensor): of ``matrix``'s dtype, "
     "shape ``(..., M, K)``.", "adjoint (bool): solve with the transpose. Default: "
     "``False``."], "Tensor of ``rhs``'s shape.",
    ["TypeError: an operand is not a float Tensor, the dtypes differ, or ``adjoint`` is not a "
     "bool.", "ValueError: the shapes do not fit."],
    example("ops.matrix_solve(m, b)", "[[1.]\n [2.]]",
            ["m = " + array([[2.0, 0.0], [1.0, 1.0]]), "b = " + array([[2.0], [3.0]])]))


def pinv(x, *, atol=None, rtol=None, hermitian=False):
    op = "pinv"
    _float(x, op, "x")
    check_bool(hermitian, op, "hermitian")
    if x.ndim < 2:
        raise ValueError("%s: 'x' must be at least 2-D, but got shape %s" % (public_name(op),
                                                                           x.shape))
    F = _F()

    def _tol(v, name):
        if v is None:
            return None
        if isinstance(v, Tensor):
            return v.astype(x.dtype)
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError("%s: '%s' must be a float or a Tensor, but got %s"
                            % (public_name(op), name, type(v).__name__))
        return float(v)
    atol, rtol = _tol(atol, "atol"), _tol(rtol, "rtol")
    if hermitian:  # MindSpore reads only the lower triangle then (ms-oracle), as eigh does
        lower = F.tril(x)
        x = F.add(lower, _mT(F.tril(x, -1)))
    if rtol is None:
        eps = float(np.finfo(x.dtype.np_dtype).eps)
        rtol = 0.0 if atol is not None else eps * max(x.shape[-2:])
    try:
        s, u, v = F.svd(x)
    except np.linalg.LinAlgError as e:
        raise ValueError("%s: the singular value decomposition of 'x' failed (%s); does it hold "
                         "NaN or inf?" % (public_name(op), e)) from None
    smax = F.amax(s, -1, True)
    cutoff = F.mul(smax, rtol)
    if atol is not None:
        cutoff = F.maximum(cutoff, F.zeros_like(cutoff) + atol)
    keep = s > cutoff
    inv = F.where(keep, F.div(1.0, F.where(keep, s, F.ones_like(s))), F.zeros_like(s))
    return F.matmul(F.mul(v, F.expand_dims(inv, -2)), _mT(u))


pinv.__doc__ = opdoc(
    "The Moore-Penrose pseudo-inverse of (a batch of) matrices, from the singular value "
    "decomposition: singular values at most ``max(atol, rtol * largest)`` are treated as 0 "
    "(``rtol`` defaults to ``eps * max(M, N)`` when neither is given, to 0 with ``atol``).",
    ["x (Tensor): float, shape ``(..., M, N)``.", "atol (Union[float, Tensor], optional): "
     "(keyword-only) the absolute cutoff. Default: ``None``.", "rtol (Union[float, Tensor], "
     "optional): (keyword-only) the cutoff relative to the largest singular value. Default: "
     "``None``.", "hermitian (bool): (keyword-only) ``x`` is symmetric (the same result). "
     "Default: ``False``."], "Tensor of shape ``(..., N, M)``.",
    ["TypeError: ``x`` is not a float Tensor or a cutoff has the wrong type.",
     "ValueError: ``x`` is below 2-D."],
    example("ops.pinv(x)", "[[0.25 0.  ]\n [0.   0.2 ]]",
            ["x = " + array([[4.0, 0.0], [0.0, 5.0]])]))


def lstsq(input, A):
    op = "lstsq"
    _float(input, op, "input")
    _float(A, op, "A")
    _same_dtype(op, input, A, ("input", "A"))
    if input.ndim != 2 or A.ndim not in (1, 2) or A.shape[0] != input.shape[0]:
        raise ValueError("%s: 'input' must be 2-D (M, N) and 'A' (M,) or (M, K), but got %s "
                         "and %s" % (public_name(op), input.shape, A.shape))
    if A.ndim == 1:
        A = A.reshape((-1, 1))          # MindSpore returns (N, 1) for a 1-D A
    return half_via_float32(lambda x, a: _F().matmul(pinv(x), a), input, A)


lstsq.__doc__ = opdoc(
    "The least-squares solution ``X`` of ``input @ X = A`` (the minimum-norm one when it is "
    "not unique).",
    ["input (Tensor): float, shape ``(M, N)``.", "A (Tensor): of ``input``'s dtype, shape "
     "``(M,)`` or ``(M, K)``."], "Tensor of shape ``(N, K)`` (``(N, 1)`` for a 1-D ``A``).",
    ["TypeError: an operand is not a float Tensor, or the dtypes differ.",
     "ValueError: the shapes do not fit."],
    example("ops.lstsq(x, a)", "[[1.]\n [2.]]",
            ["x = " + array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
             "a = " + array([[1.0], [2.0], [3.0]])]))


def cond(A, p=None):
    op = "cond"
    _square(A, op, "A")
    F = _F()
    if p is not None and (isinstance(p, bool) or not isinstance(p, (str, numbers.Real))):
        raise TypeError("%s: 'p' must be None, a number or 'fro'/'nuc', but got %s"
                        % (public_name(op), type(p).__name__))
    if p is None or p == 2 or p == -2:
        if isinstance(p, bool):
            raise TypeError("%s: 'p' must be None, a number or 'fro'/'nuc', but got bool"
                            % public_name(op))
        s = F.svd(A, compute_uv=False)
        big, small = F.amax(s, -1), F.amin(s, -1)
        return F.div(small, big) if p == -2 else F.div(big, small)
    if p not in _MATRIX_ORDS or isinstance(p, bool):
        raise ValueError("%s: 'p' must be None, 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, but "
                         "got %r" % (public_name(op), p))
    return F.mul(matrix_norm(A, p), matrix_norm(F.inverse(A), p))


cond.__doc__ = opdoc(
    "The condition number of (a batch of) square matrices in the matrix norm ``p``: "
    "``norm(A) * norm(inverse(A))``; with ``p`` None or 2 the ratio of the largest to the "
    "smallest singular value (-2: its inverse).",
    ["A (Tensor): float, shape ``(..., n, n)``.", "p (Union[int, float, str], optional): "
     "the norm, as :func:`matrix_norm`. Default: ``None``."], "Tensor of shape ``(...)``.",
    ["TypeError: ``A`` is not a float Tensor.", "ValueError: ``A`` is not square or ``p`` "
     "not listed."],
    example("ops.cond(a, 'fro')", "3.1622777",
            ["a = " + array([[1.0, 0.0, -1.0], [0.0, 1.0, 0.0], [1.0, 0.0, 1.0]])]))


__all__ = ["addr", "ger", "mv", "vecdot", "batch_dot", "dist", "matrix_power", "slogdet",
           "logdet", "vector_norm", "matrix_norm", "cholesky_inverse", "cholesky_solve",
           "matrix_solve", "pinv", "lstsq", "cond"]
