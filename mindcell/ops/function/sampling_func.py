"""multinomial: index draws from the framework generator (``ms.set_seed``)."""
from mindcell.ops._errors import check_bool, check_int, public_name, show
from mindcell.ops._helpers import check_float
from mindcell.ops.defs import special as X
from mindcell.ops.function.creation_func import _seed_stream


def multinomial(input, num_samples, replacement=True, seed=None):
    """multinomial(input, num_samples, replacement=True, seed=None): ``num_samples`` indices
    per row of the 1-D or 2-D non-negative weights ``input`` (Int32); ``seed`` as in
    :func:`ops.rand` (the calls with one seed continue one stream that ``set_seed`` restarts)."""
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
