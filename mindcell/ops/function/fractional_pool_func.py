"""The computation behind ops.fractional_max_pool2d/3d and nn.FractionalMaxPool2d/3d:
argument checks, the pseudo-random window samples and the primitive call."""
import numbers

from mindcell import _checkparam as validator
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.ops.defs.fractional_pool import fractional_max_pool_p


def _tuple(value, n, owner, name):
    if isinstance(value, bool) or not isinstance(value, (int, tuple, list)):
        raise TypeError("For %s, '%s' must be an int or a tuple of %d ints, but got %s"
                        % (owner, name, n, type(value).__name__))
    out = (value,) * n if isinstance(value, int) else tuple(value)
    if len(out) != n or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0
                                for v in out):
        raise ValueError("For %s, '%s' must be a positive int or a tuple of %d positive ints, "
                         "but got %s" % (owner, name, n, value))
    return out


def _fractional(owner, x, kernel_size, output_size, output_ratio, return_indices, samples, nd):
    """The pooling of ``nd`` spatial axes (a leading (N, C) or, unbatched, (C,))."""
    if output_size is None and output_ratio is None:
        raise ValueError("For %s, 'output_size' and 'output_ratio' can not be None at the same "
                         "time, but got None and None." % owner)
    validator.check_value_type("return_indices", return_indices, [bool], owner)
    if not isinstance(x, Tensor):
        raise TypeError("For %s, 'input' must be a Tensor, but got %s" % (owner,
                                                                         type(x).__name__))
    if x.ndim not in (nd + 1, nd + 2):
        raise ValueError("For %s, 'input' must be %d-D or %d-D, but got %d-D"
                         % (owner, nd + 1, nd + 2, x.ndim))
    unbatched = x.ndim == nd + 1
    if unbatched:
        x = F.expand_dims(x, 0)
    n, c = x.shape[:2]
    spatial = tuple(x.shape[2:])
    if samples is None:
        dtype = x.dtype if mstype.is_floating(x.dtype) else mstype.float32
        samples = F.rand(n, c, nd, dtype=dtype)
    elif not isinstance(samples, Tensor):
        raise TypeError("For %s, '_random_samples' must be a Tensor, but got %s"
                        % (owner, type(samples).__name__))
    if nd == 3 and samples.dtype != x.dtype:
        raise TypeError("For '%s', 'input' and '_random_samples' must be same dtype, but got "
                        "Tensor[%s] and Tensor[%s]." % (owner, x.dtype, samples.dtype))
    if tuple(samples.shape) != (n, c, nd):
        raise ValueError("For %s, '_random_samples' must have shape (N, C, %d) = %s, but got %s"
                         % (owner, nd, (n, c, nd), tuple(samples.shape)))
    if output_size is None:
        if isinstance(output_ratio, numbers.Number):
            validator.check_value_type("output_ratio", output_ratio, [float], owner)
            output_ratio = (output_ratio,) * nd
        for d, r in enumerate(output_ratio):
            validator.check_float_range(r, 0.0, 1.0, validator.INC_NEITHER,
                                        "output_ratio[%d]" % d, owner)
        output_size = tuple(int(s * r) for s, r in zip(spatial, output_ratio))
    ksize = _tuple(kernel_size, nd, owner, "kernel_size")
    out_size = _tuple(output_size, nd, owner, "output_size")
    for d, (k, o, s) in enumerate(zip(ksize, out_size, spatial)):
        if k + o - 1 > s:
            raise ValueError("For %s, kernel_size[%d] %d + output_size[%d] %d is too large for "
                             "the input's size %d: need kernel_size + output_size - 1 <= input "
                             "size" % (owner, d, k, d, o, s))
    sample_axes = (1, 0) if nd == 2 else (0, 1, 2)  # MindSpore's order: (w, h), (d, h, w)
    out, arg = fractional_max_pool_p.bind(x, samples, ksize=ksize, output_shape=out_size,
                                          sample_axes=sample_axes)
    if unbatched:
        out, arg = F.squeeze(out, 0), F.squeeze(arg, 0)
    return (out, arg) if return_indices else out
