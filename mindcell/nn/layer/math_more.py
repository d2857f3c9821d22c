"""Math cells with MindSpore 2.10's names and signatures: L1Regularizer, LGamma, DiGamma,
MatrixDiag, MatrixDiagPart, MatrixSetDiag, MatDet and MatInverse, composed from mindcell's
functional ops (so both modes and gradients work)."""
import math
import numbers

import numpy as np

from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P

_HALF_TYPES = (mstype.float16, mstype.float32)


def _check_tensor(op, arg, x):
    if not isinstance(x, Tensor):
        raise TypeError("For '%s', '%s' must be a Tensor, but got %s"
                        % (op, arg, type(x).__name__))


def _check_f16_f32(op, arg, x):
    _check_tensor(op, arg, x)
    if x.dtype not in _HALF_TYPES:
        raise TypeError("For '%s', the dtype of '%s' must be float16 or float32, but got %s"
                        % (op, arg, x.dtype))


def _eye_mask(m, n):
    return Tensor(np.eye(m, n, dtype=np.bool_))


def _select_diag(mask, on, off):
    """``on`` on the diagonal, ``off`` elsewhere (a select, not a product: an inf or nan off
    the diagonal must not leak into it, and zeros stay +0)."""
    shape = np.broadcast_shapes(tuple(on.shape), tuple(off.shape), tuple(mask.shape))
    return F.where(F.broadcast_to(mask, shape), F.broadcast_to(on, shape),
                   F.broadcast_to(off, shape))


class L1Regularizer(Cell):
    r"""L1Regularizer(scale): :math:`scale \cdot \sum |w|`, the L1 penalty of ``weights``.

    Args:
        scale (Union[int, float]): the factor, above 0 and finite; kept as a float32 Tensor
            (attribute ``scale``).

    Inputs:
        - **weights** (Tensor) - a numeric Tensor.

    Outputs:
        Tensor, a float32 scalar.

    Raises:
        TypeError: ``scale`` is not an int or float, or ``weights`` not a numeric Tensor.
        ValueError: ``scale`` is not above 0, or is inf or nan.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Tensor(np.array([[1.0, -2.5], [0.5, -0.25]], np.float32))
        >>> print(ms.nn.L1Regularizer(0.5)(w))
        2.125
    """

    def __init__(self, scale):
        super().__init__()
        if not isinstance(scale, numbers.Real) or isinstance(scale, (bool, np.bool_)):
            raise TypeError("For 'L1Regularizer', 'scale' must be an int or float, but got %s"
                            % type(scale).__name__)
        if scale <= 0:
            raise ValueError("For 'L1Regularizer', the 'scale' must be greater than 0, but got "
                             "%r." % scale)
        if math.isinf(scale) or math.isnan(scale):
            raise ValueError("For 'L1Regularizer', the 'scale' can not be INF or NAN, but got "
                             "%r." % scale)
        self.scale = Tensor(float(scale), mstype.float32)
        self.abs, self.reduce_sum = P.Abs(), P.ReduceSum()  # MindSpore's primitives

    def construct(self, weights):
        _check_tensor("L1Regularizer", "weights", weights)
        if weights.dtype == mstype.bool_:
            raise TypeError("For 'L1Regularizer', 'weights' must be a numeric Tensor, but got "
                            "%s" % weights.dtype)
        return self.scale * F.cast(F.reduce_sum(F.abs(weights)), mstype.float32)


class LGamma(Cell):
    r"""LGamma(): :math:`\log|\Gamma(x)|` element-wise (``inf`` at 0 and the negative
    integers).

    Inputs:
        - **x** (Tensor) - a float16 or float32 Tensor.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a float16 or float32 Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.LGamma()(ms.Tensor(np.array([0.5, 3.0, 4.5], np.float32))))
        [0.5723649 0.6931472 2.4537365]
    """

    def construct(self, x):
        _check_f16_f32("LGamma", "x", x)
        if x.dtype == mstype.float16:
            return F.cast(F.lgamma(F.cast(x, mstype.float32)), mstype.float16)
        return F.lgamma(x)


class DiGamma(Cell):
    r"""DiGamma(): the digamma function :math:`\psi(x) = \Gamma'(x) / \Gamma(x)` element-wise
    (``nan`` at the negative integers).

    Inputs:
        - **x** (Tensor) - a float16 or float32 Tensor.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a float16 or float32 Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.DiGamma()(ms.Tensor(np.array([1.0, 2.0, 0.5], np.float32))))
        [-0.5772157   0.42278433 -1.96351   ]
    """

    def construct(self, x):
        _check_f16_f32("DiGamma", "x", x)
        if x.dtype == mstype.float16:
            return F.cast(F.digamma(F.cast(x, mstype.float32)), mstype.float16)
        return F.digamma(x)


class MatrixDiag(Cell):
    """MatrixDiag(): square matrices with the input's last axis on their diagonals: shape
    :math:`(..., N)` to :math:`(..., N, N)`.

    MindSpore 2.10's CPU build has no kernel for this cell (RuntimeError when called);
    mindcell computes the documented result.

    Inputs:
        - **input_x** (Tensor) - a Tensor of shape :math:`(..., N)`.

    Outputs:
        Tensor, :math:`(..., N, N)`, ``input_x``'s dtype.

    Raises:
        TypeError: ``input_x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.MatrixDiag()(ms.Tensor(np.array([1.0, -2.0], np.float32))))
        [[ 1.  0.]
         [ 0. -2.]]
    """

    def construct(self, input_x):
        _check_tensor("MatrixDiag", "input_x", input_x)
        n = input_x.shape[-1]
        x = F.expand_dims(input_x, -1)
        return _select_diag(_eye_mask(n, n), x, F.zeros_like(x))


def _check_matrix(op, x):
    _check_tensor(op, "input_x", x)
    if len(x.shape) < 2:
        raise ValueError("For '%s', 'input_x' must have at least 2 dimensions, but got %d"
                         % (op, len(x.shape)))


class MatrixDiagPart(Cell):
    """MatrixDiagPart(): the main diagonals of the matrices in the last two axes: shape
    :math:`(..., M, N)` to :math:`(..., \\min(M, N))`.

    MindSpore 2.10's CPU build has no kernel for this cell (RuntimeError when called);
    mindcell computes the documented result.

    Inputs:
        - **input_x** (Tensor) - a Tensor with at least 2 dimensions.

    Outputs:
        Tensor, :math:`(..., \\min(M, N))`, ``input_x``'s dtype.

    Raises:
        TypeError: ``input_x`` is not a Tensor.
        ValueError: ``input_x`` has fewer than 2 dimensions.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(1, 7, dtype=np.float32).reshape(2, 3))
        >>> print(ms.nn.MatrixDiagPart()(x))
        [1. 5.]
    """

    def construct(self, input_x):
        _check_matrix("MatrixDiagPart", input_x)
        m, n = input_x.shape[-2], input_x.shape[-1]
        masked = _select_diag(_eye_mask(m, n), input_x, F.zeros_like(input_x))
        return F.reduce_sum(masked, -1) if m <= n else F.reduce_sum(masked, -2)


class MatrixSetDiag(Cell):
    """MatrixSetDiag(): the matrices in the last two axes of ``input_x`` with their main
    diagonals replaced by ``diagonal``.

    MindSpore 2.10's CPU build has no kernel for this cell (RuntimeError when called);
    mindcell computes the documented result.

    Inputs:
        - **input_x** (Tensor) - a Tensor :math:`(..., M, N)`.
        - **diagonal** (Tensor) - the new diagonals :math:`(..., \\min(M, N))`.

    Outputs:
        Tensor, the shape and dtype of ``input_x``.

    Raises:
        TypeError: an input is not a Tensor.
        ValueError: ``input_x`` has fewer than 2 dimensions, or ``diagonal``'s shape is not
            :math:`(..., \\min(M, N))`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.ones((2, 2), np.float32))
        >>> print(ms.nn.MatrixSetDiag()(x, ms.Tensor(np.array([5.0, 7.0], np.float32))))
        [[5. 1.]
         [1. 7.]]
    """

    def construct(self, input_x, diagonal):
        _check_matrix("MatrixSetDiag", input_x)
        _check_tensor("MatrixSetDiag", "diagonal", diagonal)
        m, n = input_x.shape[-2], input_x.shape[-1]
        want = tuple(input_x.shape[:-2]) + (min(m, n),)
        if tuple(diagonal.shape) != want:
            raise ValueError("For 'MatrixSetDiag', 'diagonal' must have shape %s for an "
                             "'input_x' of shape %s, but got %s"
                             % (want, tuple(input_x.shape), tuple(diagonal.shape)))
        d = F.cast(diagonal, input_x.dtype)
        d = F.expand_dims(d, -1) if m <= n else F.expand_dims(d, -2)
        return _select_diag(_eye_mask(m, n), d, input_x)


class MatDet(Cell):
    """MatDet(): the determinants of the symmetric positive definite matrices in the last two
    axes: shape :math:`(..., N, N)` to :math:`(...)`.

    MindSpore computes it through a Cholesky factorisation, so it is defined for symmetric
    positive definite matrices only; its 2.10 CPU build has no kernel for it (RuntimeError when
    called). mindcell computes the determinant.

    Inputs:
        - **a** (Tensor) - a float16 or float32 Tensor :math:`(..., N, N)`.

    Outputs:
        Tensor, :math:`(...)`, ``a``'s dtype.

    Raises:
        TypeError: ``a`` is not a float16 or float32 Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([[4.0, 1.0], [1.0, 3.0]], np.float32))
        >>> print(ms.nn.MatDet()(a))
        11.0
    """

    def construct(self, a):
        _check_f16_f32("MatDet", "input_a", a)
        if a.dtype == mstype.float16:
            return F.cast(F.det(F.cast(a, mstype.float32)), mstype.float16)
        return F.det(a)


class MatInverse(Cell):
    """MatInverse(): the inverses of the symmetric positive definite matrices in the last two
    axes.

    MindSpore computes it through a Cholesky factorisation, so it is defined for symmetric
    positive definite matrices only; its 2.10 CPU build has no kernel for it (RuntimeError when
    called). mindcell computes the inverse.

    Inputs:
        - **a** (Tensor) - a float16 or float32 Tensor :math:`(..., N, N)`.

    Outputs:
        Tensor, the shape and dtype of ``a``.

    Raises:
        TypeError: ``a`` is not a float16 or float32 Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([[2.0, 0.0], [0.0, 4.0]], np.float32))
        >>> print(ms.nn.MatInverse()(a))
        [[0.5  0.  ]
         [0.   0.25]]
    """

    def construct(self, a):
        _check_f16_f32("MatInverse", "input_a", a)
        if a.dtype == mstype.float16:
            return F.cast(F.inverse(F.cast(a, mstype.float32)), mstype.float16)
        return F.inverse(a)
