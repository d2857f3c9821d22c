"""MindSpore 2.10's random functions with tensor parameters: random_gamma, gamma,
random_poisson, poisson, laplace, multinomial_with_replacement, random_categorical and the
candidate samplers log_uniform_candidate_sampler / uniform_candidate_sampler.

They draw from mindcell's streams (``ms.set_seed`` restarts them; an op ``seed`` gives the op a
stream of its own that later calls continue, as MindSpore's do), so the numbers are not
MindSpore's (its Philox streams are not reproduced) but the distributions, shapes, dtypes and
argument rules are, recorded with ms-oracle. None has a gradient (neither has MindSpore's)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.defs import random_dist as RD
from mindcell.ops.function._opdoc import array, example, opdoc
from mindcell.ops.function.creation_func import _seed_stream

_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))


def _F():
    from mindcell.ops import functional
    return functional


def _shape_tensor(shape, op):
    """MindSpore's ``shape`` argument of random_gamma/random_poisson: a 1-D Int32/Int64 Tensor."""
    check_tensor(shape, op, "shape")
    if shape._np_dtype not in (np.int32, np.int64) or shape.ndim != 1:
        raise TypeError("%s: 'shape' must be a 1-D Int32 or Int64 Tensor, but got %s of shape %s"
                        % (public_name(op), shape.dtype, shape.shape))
    dims = tuple(int(v) for v in shape.asnumpy())
    if any(d < 0 for d in dims):
        raise ValueError("%s: 'shape' must not be negative, but got %s" % (public_name(op), dims))
    return dims


def _shape_tuple(shape, op):
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v >= 0
            for v in shape):
        raise TypeError("%s: 'shape' must be a tuple of non-negative ints, but got %r"
                        % (public_name(op), shape))
    return tuple(int(v) for v in shape)


def _float_param(x, op, arg, dtypes=_FLOATS):
    check_tensor(x, op, arg)
    if x._np_dtype not in dtypes:
        raise TypeError("%s: '%s' must be a %s Tensor, but got %s"
                        % (public_name(op), arg, "/".join(str(mstype.from_numpy_dtype(d))
                                                         for d in dtypes), x.dtype))
    return x


def random_gamma(shape, alpha, seed=None):
    op = "random_gamma"
    dims = _shape_tensor(shape, op)
    _float_param(alpha, op, "alpha")
    return RD.random_gamma_p.bind(alpha, shape=dims, stream=_seed_stream(seed, op))


random_gamma.__doc__ = opdoc(
    "Samples of the Gamma distributions of shapes ``alpha`` (scale 1): ``shape`` samples of each.",
    ["shape (Tensor): 1-D Int32/Int64, the sample shape.",
     "alpha (Tensor): Float16/Float32/Float64, the shape parameters (> 0).",
     "seed (int, optional): the op seed. Default: ``None``."],
    "Tensor of shape ``shape + alpha.shape`` and ``alpha``'s dtype.",
    ["TypeError: ``shape`` is not a 1-D integer Tensor, ``alpha`` not a float Tensor or "
     "``seed`` not an int.", "ValueError: ``seed`` or a dimension is negative."],
    example("ops.random_gamma(Tensor(np.array([7, 5], np.int32)), a, seed=5).shape",
            "(7, 5, 2)", ["a = " + array([0.5, 1.5])]))


def gamma(shape, alpha, beta, seed=None):
    op = "gamma"
    dims = _shape_tuple(shape, op)
    _float_param(alpha, op, "alpha", (np.dtype(np.float32),))
    _float_param(beta, op, "beta", (np.dtype(np.float32),))
    try:
        out_shape = np.broadcast_shapes(dims, alpha.shape, beta.shape)
    except ValueError:
        raise ValueError("%s: 'shape' %s, alpha's shape %s and beta's shape %s do not broadcast"
                         % (public_name(op), dims, alpha.shape, beta.shape)) from None
    F = _F()
    a = F.broadcast_to(alpha, out_shape)
    draws = RD.random_gamma_p.bind(a, shape=(), stream=_seed_stream(seed, op))
    return draws / F.broadcast_to(beta, out_shape)


gamma.__doc__ = opdoc(
    "Samples of the Gamma distributions of shapes ``alpha`` and rates ``beta`` (mean "
    "``alpha / beta``).",
    ["shape (tuple[int]): the sample shape, broadcast with ``alpha``'s and ``beta``'s.",
     "alpha (Tensor): Float32, the shape parameters (> 0).",
     "beta (Tensor): Float32, the rate parameters (> 0).",
     "seed (int, optional): the op seed. Default: ``None``."],
    "Float32 Tensor of the broadcast shape.",
    ["TypeError: ``shape`` is not a tuple of ints or a parameter not a Float32 Tensor.",
     "ValueError: the shapes do not broadcast."],
    example("ops.gamma((3, 1, 2), a, b, seed=5).shape", "(3, 2, 2)",
            ["a = " + array([[3.0, 4.0], [5.0, 6.0]]), "b = " + array([1.0])]))

_POISSON_DTYPES = (mstype.int64, mstype.int32, mstype.float16, mstype.float32, mstype.float64)


def random_poisson(shape, rate, seed=None, dtype=mstype.float32):
    op = "random_poisson"
    dims = _shape_tensor(shape, op)
    check_tensor(rate, op, "rate")
    if rate._np_dtype.kind not in "iuf":
        raise TypeError("%s: 'rate' must be a number Tensor, but got %s"
                        % (public_name(op), rate.dtype))
    if not any(dtype is d for d in _POISSON_DTYPES):
        raise TypeError("%s: 'dtype' must be one of Int64, Int32, Float16, Float32, Float64, but "
                        "got %r" % (public_name(op), dtype))
    return RD.random_poisson_p.bind(rate, shape=dims, dtype=np.dtype(dtype.np_dtype),
                                    stream=_seed_stream(seed, op))


random_poisson.__doc__ = opdoc(
    "Samples of the Poisson distributions of rates ``rate``: ``shape`` samples of each (0 for "
    "a non-positive rate).",
    ["shape (Tensor): 1-D Int32/Int64, the sample shape.",
     "rate (Tensor): the rates, of any number dtype.",
     "seed (int, optional): the op seed. Default: ``None``.",
     "dtype (mindspore.dtype): Int64, Int32, Float16, Float32 or Float64. Default: "
     "``mindspore.float32``."],
    "Tensor of shape ``shape + rate.shape`` and ``dtype``.",
    ["TypeError: ``shape`` is not a 1-D integer Tensor, ``rate`` not a number Tensor or "
     "``dtype`` not one of the above."],
    example("ops.random_poisson(Tensor(np.array([2, 2], np.int64)), r, seed=5).shape",
            "(2, 2, 2)", ["r = " + array([5.0, 10.0])]))


def poisson(shape, mean, seed=None):
    op = "poisson"
    dims = _shape_tuple(shape, op)
    _float_param(mean, op, "mean", (np.dtype(np.float32),))
    try:
        out_shape = np.broadcast_shapes(dims, mean.shape)
    except ValueError:
        raise ValueError("%s: 'shape' %s and mean's shape %s do not broadcast"
                         % (public_name(op), dims, mean.shape)) from None
    rate = _F().broadcast_to(mean, out_shape)
    return RD.random_poisson_p.bind(rate, shape=(), dtype=np.dtype(np.float32),
                                    stream=_seed_stream(seed, op))


poisson.__doc__ = opdoc(
    "Samples of the Poisson distributions of means ``mean``, of the broadcast shape of "
    "``shape`` and ``mean``'s.",
    ["shape (tuple[int]): the sample shape.", "mean (Tensor): Float32, the means (> 0).",
     "seed (int, optional): the op seed. Default: ``None``."],
    "Float32 Tensor of the broadcast shape.",
    ["TypeError: ``shape`` is not a tuple of ints or ``mean`` not a Float32 Tensor.",
     "ValueError: the shapes do not broadcast."],
    example("ops.poisson((4, 1), m, seed=5).shape", "(4, 2)", ["m = " + array([5.0, 10.0])]))


def laplace(shape, mean, lambda_param, seed=None):
    op = "laplace"
    dims = _shape_tuple(shape, op)
    _float_param(mean, op, "mean", (np.dtype(np.float32),))
    _float_param(lambda_param, op, "lambda_param", (np.dtype(np.float32),))
    try:
        out_shape = np.broadcast_shapes(dims, mean.shape, lambda_param.shape)
    except ValueError:
        raise ValueError("%s: 'shape' %s, mean's shape %s and lambda_param's shape %s do not "
                         "broadcast" % (public_name(op), dims, mean.shape,
                                        lambda_param.shape)) from None
    F = _F()
    stream = _seed_stream(seed, op)
    from mindcell.ops.defs import state as ST
    u = ST.uniform_p.bind(shape=tuple(out_shape), dtype=np.dtype(np.float32), minval=-0.5,
                          maxval=0.5, stream=stream)
    # inverse CDF: mean - b * sign(u) * log(1 - 2|u|)
    std = F.neg(F.mul(F.sign(u), F.log1p(F.mul(F.abs(u), -2.0))))
    return mean + lambda_param * std


laplace.__doc__ = opdoc(
    "Samples of the Laplace distributions of locations ``mean`` and scales ``lambda_param``.",
    ["shape (tuple[int]): the sample shape, broadcast with the parameters' shapes.",
     "mean (Tensor): Float32, the locations.", "lambda_param (Tensor): Float32, the scales.",
     "seed (int, optional): the op seed. Default: ``None``."],
    "Float32 Tensor of the broadcast shape.",
    ["TypeError: ``shape`` is not a tuple of ints or a parameter not a Float32 Tensor.",
     "ValueError: the shapes do not broadcast."],
    example("ops.laplace((2, 3), m, m, seed=5).shape", "(2, 3)", ["m = " + array(1.0)]))


def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False):
    op = "multinomial_with_replacement"
    _float_param(x, op, "x")
    seed, offset = (int(v.asnumpy().reshape(-1)[0]) if isinstance(v, Tensor) and v.size == 1
                    else v for v in (seed, offset))
    check_int(seed, op, "seed", 0)
    check_int(offset, op, "offset", 0)
    n = check_int(numsamples, op, "numsamples", 1, 2 ** 31 - 1)
    check_bool(replacement, op, "replacement")
    stream = None if seed == 0 and offset == 0 else (seed << 32) + offset
    if x.ndim not in (1, 2):
        raise ValueError("%s: 'x' must be 1-D or 2-D, but got shape %s" % (public_name(op),
                                                                           x.shape))
    w = x.asnumpy().astype(np.float64).reshape(-1, x.shape[-1])
    if not np.all(np.isfinite(w)) or np.any(w < 0) or np.any(w.sum(-1) <= 0):
        raise ValueError("%s: the weights in 'x' must be finite and non-negative with a positive "
                         "sum in every row" % public_name(op))
    out = _F().multinomial(x, n, replacement, stream)
    return _F().cast(out, mstype.int64)


multinomial_with_replacement.__doc__ = opdoc(
    "Draws ``numsamples`` category indices from each row of ``x`` (non-negative weights, not "
    "necessarily normalized).",
    ["x (Tensor): float weights, 1-D or 2-D.",
     "seed (Union[int, Tensor]): with ``offset``, the stream to draw from (both 0: the global "
     "one).", "offset (Union[int, Tensor]): see ``seed``.",
     "numsamples (int): the draws per row, positive.",
     "replacement (bool): draw with replacement. Default: ``False``."],
    "Int64 Tensor of shape ``(numsamples,)`` or ``(rows, numsamples)``.",
    ["TypeError: ``x`` is not a float Tensor or an argument of a wrong type.",
     "ValueError: too many draws without replacement."],
    example("ops.multinomial_with_replacement(x, 2, 5, 2, True)", "[[1 1]]",
            ["x = " + array([[0.0, 9.0, 0.0, 0.0]])]))


def random_categorical(logits, num_sample, seed=0, dtype=mstype.int64):
    op = "random_categorical"
    _float_param(logits, op, "logits")
    if logits.ndim != 2:
        raise ValueError("%s: 'logits' must be 2-D (batch, classes), but got shape %s"
                         % (public_name(op), logits.shape))
    n = check_int(num_sample, op, "num_sample", 1, 2 ** 31 - 1)
    check_int(seed, op, "seed")
    if not any(dtype is d for d in (mstype.int16, mstype.int32, mstype.int64)):
        raise TypeError("%s: 'dtype' must be Int16, Int32 or Int64, but got %r"
                        % (public_name(op), dtype))
    lv = logits.asnumpy()
    if np.any(np.isnan(lv)) or np.any(lv == np.inf) or np.any(np.all(lv == -np.inf, -1)):
        raise ValueError("%s: 'logits' must hold no NaN or +inf and a finite value in every row"
                         % public_name(op))
    F = _F()
    probs = F.softmax(F.cast(logits, mstype.float32), -1)
    out = F.multinomial(probs, n, True, seed if seed else None)
    return F.cast(out, dtype)


random_categorical.__doc__ = opdoc(
    "Draws ``num_sample`` category indices from each row of unnormalized log-probabilities "
    "``logits``.",
    ["logits (Tensor): float, (batch, classes).", "num_sample (int): the draws per row.",
     "seed (int): the op seed, 0 for the global stream. Default: ``0``.",
     "dtype (mindspore.dtype): Int16, Int32 or Int64. Default: ``mindspore.int64``."],
    "Tensor of shape ``(batch, num_sample)`` and ``dtype``.",
    ["TypeError: ``logits`` is not a float Tensor or ``dtype`` not an integer dtype.",
     "ValueError: ``logits`` is not 2-D or ``num_sample`` is not positive."],
    example("ops.random_categorical(x, 3)", "[[1 1 1]]",
            ["x = " + array([[-1e9, 0.0, -1e9]])]))


def _candidate(op, true_classes, num_true, num_sampled, unique, range_max, seed, log_uniform):
    check_tensor(true_classes, op, "true_classes")
    # the uniform sampler takes Int32 too, and its candidates have true_classes' dtype
    # (MindSpore 2.10, ms-oracle); the log-uniform one takes Int64 only
    kinds = (np.int64,) if log_uniform else (np.int32, np.int64)
    if true_classes._np_dtype not in kinds or true_classes.ndim != 2:
        raise TypeError("%s: 'true_classes' must be a 2-D %s Tensor, but got %s of shape %s"
                        % (public_name(op), " or ".join(str(mstype.from_numpy_dtype(k))
                                                        for k in kinds),
                           true_classes.dtype, true_classes.shape))
    num_true = check_int(num_true, op, "num_true", 1, 2 ** 31 - 1)
    num_sampled = check_int(num_sampled, op, "num_sampled", 1, 2 ** 31 - 1)
    range_max = check_int(range_max, op, "range_max", 1, 2 ** 31 - 1)
    check_bool(unique, op, "unique")
    check_int(seed, op, "seed")
    if true_classes.shape[1] != num_true:
        raise ValueError("%s: 'true_classes' must have num_true = %d columns, but got shape %s"
                         % (public_name(op), num_true, true_classes.shape))
    if unique and num_sampled > range_max:
        raise ValueError("%s: with unique=True 'num_sampled' (%d) must not exceed 'range_max' "
                         "(%d)" % (public_name(op), num_sampled, range_max))
    return RD.candidate_sampler_p.bind(true_classes, num_true=num_true, num_sampled=num_sampled,
                                       unique=unique, range_max=range_max,
                                       log_uniform=log_uniform,
                                       stream=_seed_stream(seed if seed else None, op))


def log_uniform_candidate_sampler(true_classes, num_true=1, num_sampled=5, unique=True,
                                  range_max=5, seed=0):
    return _candidate("log_uniform_candidate_sampler", true_classes, num_true, num_sampled,
                      unique, range_max, seed, True)


log_uniform_candidate_sampler.__doc__ = opdoc(
    "Samples ``num_sampled`` classes from [0, range_max) with the log-uniform (Zipfian) "
    "distribution :math:`P(k) = \\log((k + 2) / (k + 1)) / \\log(range\\_max + 1)`, and the "
    "expected counts of the true and the sampled classes.",
    ["true_classes (Tensor): Int64, (batch, num_true), the target classes.",
     "num_true (int): the targets per example. Default: ``1``.",
     "num_sampled (int): the classes to sample. Default: ``5``.",
     "unique (bool): sample without repeats (by rejection). Default: ``True``.",
     "range_max (int): the number of classes. Default: ``5``.",
     "seed (int): the op seed, 0 for the global stream. Default: ``0``."],
    "Tuple of (sampled_candidates Int64 (num_sampled,), true_expected_count Float32 "
    "(batch, num_true), sampled_expected_count Float32 (num_sampled,)); an expected count is "
    "``num_sampled * P(k)``, or with ``unique`` :math:`1 - (1 - P(k))^{tries}`.",
    ["TypeError: ``true_classes`` is not a 2-D Int64 Tensor or an argument of a wrong type.",
     "ValueError: ``true_classes`` has not ``num_true`` columns, or ``unique`` with "
     "``num_sampled > range_max``."],
    example("ops.log_uniform_candidate_sampler(t, 1, 5, False, 5)[2].shape", "(5,)",
            ["t = Tensor(np.array([[1], [3]], np.int64))"]))


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=0,
                              remove_accidental_hits=False):
    op = "uniform_candidate_sampler"
    check_bool(remove_accidental_hits, op, "remove_accidental_hits")
    if remove_accidental_hits:
        raise NotImplementedError("%s: remove_accidental_hits=True is not implemented by "
                                  "mindcell" % public_name(op))
    return _candidate(op, true_classes, num_true, num_sampled, unique, range_max, seed, False)


uniform_candidate_sampler.__doc__ = opdoc(
    "Samples ``num_sampled`` classes uniformly from [0, range_max), and the expected counts of "
    "the true and the sampled classes.",
    ["true_classes (Tensor): Int32 or Int64, (batch, num_true), the target classes.",
     "num_true (int): the targets per example.", "num_sampled (int): the classes to sample.",
     "unique (bool): sample without repeats (by rejection).",
     "range_max (int): the number of classes.",
     "seed (int): the op seed, 0 for the global stream. Default: ``0``.",
     "remove_accidental_hits (bool): only False is implemented. Default: ``False``."],
    "Tuple of (sampled_candidates (num_sampled,) of true_classes' dtype, "
    "true_expected_count Float32 (batch, num_true), sampled_expected_count Float32 (num_sampled,)); an expected count is "
    "``num_sampled / range_max``, or with ``unique`` :math:`1 - (1 - 1/range\\_max)^{tries}`.",
    ["TypeError: ``true_classes`` is not a 2-D Int32 or Int64 Tensor or an argument of a wrong "
     "type.",
     "ValueError: ``true_classes`` has not ``num_true`` columns, or ``unique`` with "
     "``num_sampled > range_max``.", "NotImplementedError: ``remove_accidental_hits`` is True."],
    example("ops.uniform_candidate_sampler(t, 1, 3, False, 4)[1]", "[[0.75]\n [0.75]]",
            ["t = Tensor(np.array([[1], [3]], np.int64))"]))

__all__ = ["random_gamma", "gamma", "random_poisson", "poisson", "laplace",
           "multinomial_with_replacement", "random_categorical", "log_uniform_candidate_sampler",
           "uniform_candidate_sampler"]
