"""More pairs of ops functions and Tensor methods MindSpore 2.10 has both of: ``ops.move_to``
(the function of ``Tensor.move_to``), and the Tensor methods of ops functions whose parameters
after the first are the method's (made by :func:`method_func._method_from_function`, the one
mechanism of ``method_func.FUNCTIONS_AS_METHODS``)."""
from mindcell.common.tensor import Tensor

__all__ = ["move_to"]

# MindSpore 2.10's Tensor methods of this round whose ops function mindcell has with the same
# parameters (MindSpore's signatures checked with ms-oracle)
FUNCTIONS_AS_METHODS_MORE = ("col2im", "cov", "geqrf", "i0", "log_matrix_determinant",
                             "lu_solve", "nanmean", "nanquantile", "nextafter", "orgqr",
                             "quantile", "random_categorical", "sgn", "soft_shrink",
                             # complex numbers (issue 16, complex8)
                             "conj", "angle", "adjoint")


def install_methods():
    """Called by ``mindcell.ops`` once it is complete; a method Tensor has already is kept."""
    from mindcell.ops.function.method_func import _method_from_function
    for name in FUNCTIONS_AS_METHODS_MORE:
        if not hasattr(Tensor, name):
            setattr(Tensor, name, _method_from_function(name))


def move_to(input, to="CPU", blocking=True):  # noqa: A002 - MindSpore's parameter name
    """A copy of ``input`` on device ``to``; mindcell runs on the CPU, so ``to`` must be
    ``'CPU'`` (as :meth:`mindcell.Tensor.move_to`).

    Args:
        input (Tensor): the tensor.
        to (str): ``'Ascend'``, ``'GPU'`` or ``'CPU'``. Default: ``'CPU'``.
        blocking (bool): wait for the copy (it is always synchronous here). Default: ``True``.

    Returns:
        Tensor.

    Raises:
        TypeError: ``input`` is not a Tensor or ``blocking`` not a bool.
        ValueError: ``to`` is not one of the device names.
        RuntimeError: ``to`` is a device other than the CPU.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.ops.move_to(ms.Tensor([1, 2]), "CPU"))
        [1 2]
    """
    if not isinstance(input, Tensor):
        raise TypeError("ops.move_to: 'input' must be a Tensor, but got %s" % type(input).__name__)
    return input.move_to(to, blocking)
