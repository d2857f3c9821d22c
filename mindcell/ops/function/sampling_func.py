"""multinomial: index draws from the framework generator (``ms.set_seed``)."""
from mindcell.ops._errors import check_bool, check_int, public_name, show
from mindcell.ops._helpers import check_float
from mindcell.ops.defs import special as X
from mindcell.ops.function.creation_func import _seed_stream


def multinomial(input, num_samples, replacement=True, seed=None):
    """Draws category indices from the distributions given by the rows of ``input``.

    Row ``i`` of ``input`` holds non-negative weights (not necessarily normalized); each draw
    picks index ``j`` with probability ``input[i, j] / sum(input[i])``.

    Args:
        input (Tensor): float weights, 1-D or 2-D.
        num_samples (int): the draws per row, positive.
        replacement (bool): draw with replacement; without it ``num_samples`` must not exceed
            the number of categories. Default: ``True``.
        seed (int, optional): as in :func:`ops.rand`: the calls with one seed continue one
            random stream that ``set_seed`` restarts. Default: ``None``.

    Returns:
        Tensor of Int32 indices, of shape (num_samples,) or (rows, num_samples).

    Raises:
        TypeError: ``input`` is not a float tensor, ``num_samples`` is not an int, or
            ``replacement`` is not a bool.
        ValueError: ``input`` is not 1-D or 2-D or has no categories, ``num_samples`` is not
            positive, or too many draws without replacement.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> w = Tensor(np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]], np.float32))
        >>> print(ops.multinomial(w, 2))
        [[1 1]
         [0 0]]
        >>> print(sorted(ops.multinomial(w[0] + 1.0, 3, replacement=False).asnumpy().tolist()))
        [0, 1, 2]
    """
    op = "multinomial"
    check_float(input, op)
    if input.ndim not in (1, 2):
        raise ValueError("%s: 'input' must be 1-D or 2-D, but got shape %s"
                         % (public_name(op), input.shape))
    n = check_int(num_samples, op, "num_samples", 1, 2 ** 31 - 1)
    check_bool(replacement, op, "replacement")
    stream = _seed_stream(seed, op)
    if not replacement and n > input.shape[-1]:
        raise ValueError("%s: without replacement 'num_samples' (%d) must not exceed the "
                         "number of categories (%d)" % (public_name(op), n, input.shape[-1]))
    if input.shape[-1] == 0:
        raise ValueError("%s: 'input' has no categories: %s" % (public_name(op), show(input)))
    return X.multinomial_p.bind(input, num_samples=n, replacement=replacement, stream=stream)


__all__ = ["multinomial"]
