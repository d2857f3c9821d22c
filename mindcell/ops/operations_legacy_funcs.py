"""The computations of small MindSpore 2.10 Primitives with no functional name of their own:
``ConjugateTranspose`` (deprecated since 2.8), ``MatrixLogarithm`` (deprecated in 2.10) and
``TensorToTuple``. The classes are generated from records in ``operations_from_functions``."""
import numpy as np
import scipy.linalg

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import show
from mindcell.ops.function import array_func as A
from mindcell.ops.function import complex_func as X


def _tensor(op, arg, value):
    if not isinstance(value, Tensor):
        raise TypeError("For Primitive[%s], the type of input argument[%s] must be Tensor but "
                        "got %s." % (op, arg, show(value)))
    return value


def conjugate_transpose(x, perm):
    """The conjugate of ``x`` with its axes permuted by ``perm`` (a plain transpose for real
    dtypes): ``output[i, j, ...] = conj(x[perm-permuted index])``.

    Args:
        x (Tensor): the input, any dtype.
        perm (tuple[int]): a permutation of ``range(x.ndim)`` (a tuple, as MindSpore requires).

    Returns:
        Tensor of ``x``'s dtype, shape ``tuple(x.shape[i] for i in perm)``.

    Raises:
        TypeError: ``x`` is not a Tensor, or ``perm`` is not a tuple.
        ValueError: ``perm`` has another length than ``x.ndim`` or repeats an axis.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1 + 2j, 3 - 1j], [1j, 2]], np.complex64))
        >>> print(ops.ConjugateTranspose()(x, (1, 0)))
        [[1.-2.j 0.-1.j]
         [3.+1.j 2.-0.j]]
    """
    _tensor("ConjugateTranspose", "x", x)
    if not isinstance(perm, tuple):
        raise TypeError("For primitive[ConjugateTranspose], the input argument[perm] must be a "
                        "type of {Tuple}, but got %s." % show(perm))
    if len(perm) != x.ndim:
        raise ValueError("For 'ConjugateTranspose', the dimension of x %d and perm %d must be "
                         "equal, but got the dimension of x %d and perm %d ."
                         % (x.ndim, len(perm), x.ndim, len(perm)))
    if len(set(perm)) != len(perm):
        raise ValueError("For 'ConjugateTranspose', the value of perm must be different.")
    out = A.transpose(x, perm)
    return X.conj(out) if mstype.is_complex_np(x._np_dtype) else out


def matrix_logarithm(x):
    """The principal matrix logarithm of each square matrix in the last two axes of ``x``:
    the ``L`` with ``expm(L) = x`` (``scipy.linalg.logm``; computed in complex128).

    MindSpore 2.10's CPU kernel returns the complex conjugate of this for complex64 inputs
    (its complex128 results agree with it); mindcell returns the logarithm for both.

    Args:
        x (Tensor): complex64 or complex128, shape ``(*, n, n)``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a complex64/complex128 Tensor.
        ValueError: ``x`` has rank below 2 or its last two axes differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[np.e, 0], [0, 1]], np.complex128))
        >>> print(ops.MatrixLogarithm()(x))
        [[1.+0.j 0.+0.j]
         [0.+0.j 0.+0.j]]
    """
    _tensor("MatrixLogarithm", "x", x)
    if x.dtype not in (mstype.complex64, mstype.complex128):
        raise TypeError("For primitive[MatrixLogarithm], the input argument[x] must be a type "
                        "of {Tensor[Complex128], Tensor[Complex64]}, but got %s." % show(x))
    if x.ndim < 2:
        raise ValueError("For primitive[MatrixLogarithm], the x rank must be greater than or "
                         "equal to 2, but got %d." % x.ndim)
    if x.shape[-1] != x.shape[-2]:
        raise ValueError("For MatrixLogarithm, the last two dimensions of input 'x' must be "
                         "equal, but got x.shape = %s." % (tuple(x.shape),))
    a = x.asnumpy().astype(np.complex128)
    flat = a.reshape((-1,) + a.shape[-2:])
    out = np.stack([scipy.linalg.logm(m) for m in flat]) if flat.shape[0] else flat
    return Tensor(out.reshape(a.shape).astype(x._np_dtype))


def tensor_to_tuple(x):
    """The elements of a 1-D Tensor as a tuple of Python numbers (ints, floats or bools).

    MindSpore 2.10 returns ``None`` for a Tensor of rank 2 or more and for a non-Tensor;
    mindcell raises instead of returning a value that is not the conversion.

    Args:
        x (Tensor): a 1-D Tensor.

    Returns:
        tuple.

    Raises:
        TypeError: ``x`` is not a Tensor, or is 0-D.
        ValueError: ``x`` has rank 2 or more.

    Examples:
        >>> from mindcell import Tensor, ops
        >>> ops.TensorToTuple()(Tensor([1.5, 2.0]))
        (1.5, 2.0)
    """
    _tensor("TensorToTuple", "x", x)
    if x.ndim == 0:
        raise TypeError("For 'TensorToTuple', a 0-D Tensor is not iterable (%s)" % show(x))
    if x.ndim != 1:
        raise ValueError("For 'TensorToTuple', the input must be a 1-D Tensor (MindSpore "
                         "returns None for others), but got %s" % show(x))
    return tuple(x.asnumpy().tolist())


def dynamic_shape(tensor, dtype=9):
    """The shape of ``tensor`` as a 1-D int64 Tensor (``ops.TensorShape``): what MindSpore's
    deprecated ``DynamicShape`` computes, which its 2.10 CPU build can no longer run in either
    mode (MindSpore points to ``ops.shape``).

    Args:
        tensor (Tensor): the input.
        dtype (int): MindSpore's type id of the output; ``9`` (the default) only.

    Returns:
        Tensor of shape ``(tensor.ndim,)``, int64.

    Raises:
        TypeError: ``tensor`` is not a Tensor.
        ValueError: ``dtype`` is not 9.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.DynamicShape()(Tensor(np.ones((2, 3), np.float32))))
        [2 3]
    """
    from mindcell.ops.operations import TensorShape  # defined with the other shape classes
    _tensor("DynamicShape", "tensor", tensor)
    if dtype != 9 or not isinstance(dtype, int) or isinstance(dtype, bool):
        raise ValueError("For 'DynamicShape', 'dtype' must be 9 (its default, the only value "
                         "mindcell supports), but got %s" % show(dtype))
    return TensorShape()(tensor)
