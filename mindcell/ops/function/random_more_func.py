"""MindSpore 2.10 random functions mindcell composes from its uniform sampler: ``randperm``,
``randint_like``, ``shuffle``, ``standard_laplace``, ``gumbel_softmax`` and ``rrelu``. They draw
from mindcell's streams (``ms.set_seed`` restarts them, an op ``seed`` gives the op its own
stream), so the numbers are not MindSpore's (its Philox streams are not reproduced) but the
distributions, shapes, dtypes and argument rules are, recorded with ms-oracle."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.defs import state as ST
from mindcell.ops.function._opdoc import array, example, opdoc
from mindcell._core.random_state import RandomStream


def _F():
    from mindcell.ops import functional
    return functional


def _stream(seed, op, offset=0):
    if seed is not None:
        check_int(seed, op, "seed")
        if seed < 0:
            raise ValueError("%s: 'seed' must be >= 0, but got %d" % (public_name(op), seed))
    check_int(offset, op, "offset")
    if offset < 0:
        raise ValueError("%s: 'offset' must be >= 0, but got %d" % (public_name(op), offset))
    if offset:      # a seed and an offset name one stream of their own
        return RandomStream.of_op(op, (int(seed or 0) << 32) + offset)
    return RandomStream.of_op(op, seed)


def _uniform(shape, stream, dtype=mstype.float32):
    return ST.uniform_p.bind(shape=tuple(shape), dtype=np.dtype(dtype.np_dtype), minval=0.0,
                             maxval=1.0, stream=stream)


def _permutation(n, stream):
    return _F().argsort(_uniform((n,), stream))


_INT_LIMITS = {mstype.uint8: 2 ** 8, mstype.int8: 2 ** 7, mstype.int16: 2 ** 15,
               mstype.int32: 2 ** 31, mstype.int64: 2 ** 63, mstype.float16: 2 ** 11}


def randperm(n, seed=0, offset=0, dtype=mstype.int64):
    op = "randperm"
    check_int(n, op, "n")
    check_int(seed, op, "seed")
    _numeric_dtypes = tuple(_INT_LIMITS) + (mstype.float32, mstype.float64)
    if not any(dtype is d for d in _numeric_dtypes):
        raise TypeError("%s: 'dtype' must be an integer or float dtype, but got %r"
                        % (public_name(op), dtype))
    if n < 0:
        raise ValueError("%s: 'n' must be >= 0, but got %d" % (public_name(op), n))
    if n > _INT_LIMITS.get(dtype, 2 ** 63):
        raise ValueError("%s: 'n' (%d) is too large for dtype %s" % (public_name(op), n, dtype))
    return _permutation(n, _stream(seed or None, op, offset)).astype(dtype)


randperm.__doc__ = opdoc(
    "A random permutation of ``0 .. n - 1``.",
    ["n (int): the length, >= 0.", "seed (int): the op seed; 0 draws from the global stream. "
     "Default: ``0``.", "offset (int): with ``seed``, names another stream. Default: ``0``.",
     "dtype (mindcell.dtype): the result's dtype. Default: ``mstype.int64``."],
    "Tensor of shape ``(n,)``.",
    ["TypeError: an argument is not an int.", "ValueError: ``n`` is negative or too large for "
     "``dtype``, or ``seed``/``offset`` negative."],
    example("sorted(ops.randperm(4).asnumpy().tolist())", "[0, 1, 2, 3]"))


def randint_like(input, low, high, seed=None, *, dtype=None):
    op = "randint_like"
    check_tensor(input, op, "input")
    dtype = input.dtype if dtype is None else dtype
    if not any(dtype is d for d in (mstype.int8, mstype.int16, mstype.int32, mstype.int64,
                                    mstype.uint8)):
        raise ValueError("%s: 'dtype' must be an integer dtype, but got %s"
                         % (public_name(op), dtype))
    for name, v in (("low", low), ("high", high)):
        check_int(v, op, name)
    if low >= high:
        raise ValueError("%s: 'low' (%d) must be less than 'high' (%d)" % (public_name(op), low,
                                                                          high))
    return _F().randint(low, high, input.shape, seed, dtype=dtype)


randint_like.__doc__ = opdoc(
    "Random integers from ``[low, high)`` of ``input``'s shape.",
    ["input (Tensor): gives the shape (and the dtype unless ``dtype``).",
     "low (int): the lowest value.", "high (int): the bound, excluded.",
     "seed (int, optional): the op seed. Default: ``None``.",
     "dtype (mindcell.dtype, optional): (keyword-only) an integer dtype. Default: ``None``."],
    "Tensor of ``input``'s shape.",
    ["TypeError: ``input`` is not a Tensor.", "ValueError: the dtype is not an integer dtype "
     "or ``low >= high``."],
    example("ops.randint_like(x, 5, 6)", "[5 5]", ["x = " + array([1, 2], "int32")]))


def shuffle(x, seed=None):
    op = "shuffle"
    check_tensor(x, op, "x")
    if x.ndim == 0:
        return x * 1
    return _F().gather(x, _permutation(x.shape[0], _stream(seed, op)), 0)


shuffle.__doc__ = opdoc(
    "``x`` with its slices along axis 0 in a random order.",
    ["x (Tensor): the input.", "seed (int, optional): the op seed. Default: ``None``."],
    "Tensor of ``x``'s shape and dtype.", ["TypeError: ``x`` is not a Tensor."],
    example("sorted(ops.shuffle(x).asnumpy().tolist())", "[1.0, 2.0, 3.0]",
            ["x = " + array([3.0, 1.0, 2.0])]))


def standard_laplace(shape, seed=None):
    op = "standard_laplace"
    if isinstance(shape, Tensor):
        if shape.dtype not in (mstype.int32, mstype.int64) or shape.ndim != 1:
            raise TypeError("%s: a Tensor 'shape' must be 1-D Int32/Int64, but got %s of shape "
                            "%s" % (public_name(op), shape.dtype, shape.shape))
        shape = tuple(int(v) for v in shape.asnumpy())
    if isinstance(shape, int) and not isinstance(shape, bool):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in shape):
        raise TypeError("%s: 'shape' must be a tuple of non-negative ints or a Tensor, but got "
                        "%r" % (public_name(op), shape))
    if int(np.prod([float(v) for v in shape])) > 2 ** 31:
        raise ValueError("%s: 'shape' %s has too many elements" % (public_name(op), shape))
    F = _F()
    u = F.sub(_uniform(shape, _stream(seed, op)), 0.5)
    # inverse CDF: -sign(u) * log(1 - 2|u|), with u in [-0.5, 0.5)
    return F.neg(F.mul(F.sign(u), F.log1p(F.mul(F.abs(u), -2.0))))


standard_laplace.__doc__ = opdoc(
    "Samples of the standard Laplace distribution (location 0, scale 1).",
    ["shape (Union[tuple[int], Tensor]): the shape.", "seed (int, optional): the op seed. "
     "Default: ``None``."], "Tensor of Float32, of ``shape``.",
    ["TypeError: ``shape`` is not a shape or ``seed`` not an int."],
    example("ops.standard_laplace((2, 3)).shape", "(2, 3)"))


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    op = "gumbel_softmax"
    check_tensor(logits, op, "logits")
    if logits.dtype not in (mstype.float16, mstype.float32):
        raise TypeError("%s: 'logits' must be a Float16/Float32 Tensor, but got %s"
                        % (public_name(op), logits.dtype))
    if isinstance(tau, bool) or not isinstance(tau, numbers.Real) or tau <= 0:
        raise ValueError("%s: 'tau' must be a positive float, but got %r" % (public_name(op),
                                                                            tau))
    check_bool(hard, op, "hard")
    check_int(dim, op, "dim")
    F = _F()
    u = _uniform(logits.shape, _stream(None, op), logits.dtype)
    tiny = float(np.finfo(logits.dtype.np_dtype).tiny)
    gumbel = F.neg(F.log(F.neg(F.log(F.add(u, tiny)))))
    y = F.softmax(F.div(F.add(logits, gumbel), tau), dim)
    if not hard:
        return y
    index = F.argmax(y, dim, keepdim=True)
    one_hot = F.zeros_like(y).scatter(dim, index, F.ones_like(index).astype(y.dtype))
    return F.add(F.sub(one_hot, F.stop_gradient(y)), y)     # the soft gradient, hard values


gumbel_softmax.__doc__ = opdoc(
    "Samples of the Gumbel-softmax distribution: ``softmax((logits + g) / tau)`` with Gumbel "
    "noise ``g``; ``hard`` gives one-hot vectors whose gradient is the soft sample's.",
    ["logits (Tensor): Float16 or Float32, unnormalized log probabilities.",
     "tau (float): the temperature, > 0. Default: ``1.0``.", "hard (bool): one-hot samples. "
     "Default: ``False``.", "dim (int): the axis of the categories. Default: ``-1``."],
    "Tensor of ``logits``'s shape and dtype.",
    ["TypeError: ``logits`` is not a Float16/Float32 Tensor, or ``hard``/``dim`` has the wrong "
     "type.", "ValueError: ``tau`` is not positive."],
    example("ops.gumbel_softmax(x, hard=True).sum(-1)", "[1. 1.]",
            ["x = " + array([[-0.1, 0.3, 3.6], [0.4, 0.5, -3.2]])]))


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3):
    op = "rrelu"
    check_tensor(input, op, "input")
    for name, v in (("lower", lower), ("upper", upper)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError("%s: '%s' must be a float, but got %s"
                            % (public_name(op), name, type(v).__name__))
    if upper < lower:
        raise ValueError("%s: 'upper' must be >= 'lower', but got upper %r and lower %r"
                         % (public_name(op), upper, lower))
    F = _F()
    slope = F.add(F.mul(_uniform(input.shape, _stream(None, op)), float(upper - lower)),
                  float(lower))
    x = input if input.dtype.is_floating_point else input.astype(mstype.float32)
    out = F.where(x >= 0, x, F.mul(x, slope.astype(x.dtype)))
    return out if out.dtype == input.dtype else out.astype(input.dtype)


rrelu.__doc__ = opdoc(
    "The randomized leaky ReLU: negative elements are multiplied by slopes drawn uniformly "
    "from ``[lower, upper]``.",
    ["input (Tensor): the input.", "lower (float): the smallest slope. Default: ``1/8``.",
     "upper (float): the largest slope. Default: ``1/3``."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a Tensor or a bound not a number.",
     "ValueError: ``upper < lower``."],
    example("ops.rrelu(x, 0.2, 0.2)", "[-0.2 -0.4  3. ]", ["x = " + array([-1.0, -2.0, 3.0])]))


__all__ = ["randperm", "randint_like", "shuffle", "standard_laplace", "gumbel_softmax", "rrelu"]
