"""The discrete distributions: Bernoulli, Geometric, Poisson and Categorical."""
import numpy as np

from mindcell import ops
from mindcell.common import dtype as mstype
from mindcell.nn.probability import _sampling as S
from mindcell.nn.probability import _utils as U
from mindcell.nn.probability.distribution._common import (ParamsMixin, full, init_distribution,
                                                          param_property, sample_shape, where)
from mindcell.nn.probability.distribution.distribution import Distribution

_DISCRETE_TYPES = U.INT_TYPES + U.UINT_TYPES + U.FLOAT_TYPES
_FLOAT64_TINY = float(np.finfo(np.float32).tiny)


class _OneParam(ParamsMixin, Distribution):
    """A distribution of a single parameter (probabilities or a rate): ``_repr_names`` holds
    its constructor name, ``_names`` its name in the methods."""

    def _init_param(self, param, check=None, scalar=True):
        """``Distribution.__init__`` from the constructor's ``locals()`` ``param``, then the
        parameter (``self._p``; TypeError for a Python number unless ``scalar``), checked by
        ``check`` when given."""
        name = self._repr_names[0]
        init_distribution(self, param, (name,), _DISCRETE_TYPES)
        if not scalar and isinstance(param[name], (int, float)):
            raise TypeError("Input %s can't be scalar" % name)
        self._p = self._add_parameter(param[name], name)
        if self._p is not None and check is not None:
            check(self._p)

    def _value(self, value):
        value = self._check_value(value, "value")
        return value if value.dtype == self.parameter_type else \
            ops.cast(value, self.parameter_type)

    def _other(self, dist, p_b, name):
        U.check_distribution_name(dist, self._type)
        U.check_tensor(p_b, name)
        return p_b if p_b.dtype == self.parameter_type else ops.cast(p_b, self.parameter_type)


class Bernoulli(_OneParam):
    r"""The Bernoulli distribution: 1 with probability :math:`p`, else 0.

    Args:
        probs (float, list, numpy.ndarray, Tensor): :math:`p`, in (0, 1). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): the dtype of the samples (an int, uint or float type).
            Default: ``mstype.int32``.
        name (str): the name. Default: ``'Bernoulli'``.

    Inputs of the methods: ``value`` (Tensor) for ``prob`` ... ``log_survival``;
    ``dist`` (``'Bernoulli'``) and ``probs1_b`` for ``kl_loss``/``cross_entropy``; ``shape``
    (tuple) for ``sample``; then optionally ``probs1`` (Tensor) replacing the construction value.

    Raises:
        ValueError: an element of ``probs`` is not in (0, 1).
        TypeError: ``dtype`` is not a number type; as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> b = msd.Bernoulli(0.3)
        >>> print(b.prob(ms.Tensor(np.array([0, 1], np.int32))))
        [0.7        0.29999998]
        >>> print(b.entropy(), b.sample((4,)).dtype)
        0.61086434 Int32
    """

    _repr_names = ("probs",)
    _names = ("probs1",)  # the parameter's name in the methods
    _type = "Bernoulli"

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Bernoulli"):
        self._init_param(dict(locals()), U.check_prob)

    probs = param_property("_p", """The probability of 1.""")

    def _mean(self, probs1=None):
        return self._check_param_type(probs1)

    def _mode(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return ops.cast(0.5 < probs1, self.dtype)

    def _var(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return ops.exp(ops.log(1.0 - probs1) + ops.log(probs1))

    def _entropy(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        probs0 = 1.0 - probs1
        return -(probs0 * ops.log(probs0)) - (probs1 * ops.log(probs1))

    def _cross_entropy(self, dist, probs1_b, probs1=None):
        U.check_distribution_name(dist, "Bernoulli")
        return self._entropy(probs1) + self._kl_loss(dist, probs1_b, probs1)

    def _log_prob(self, value, probs1=None):
        value = self._value(value)
        probs1 = self._check_param_type(probs1)
        eps = ops.eps(probs1)
        probs1 = ops.clip_by_value(probs1, eps, 1 - eps)
        return ops.log(probs1) * value + ops.log(1.0 - probs1) * (1.0 - value)

    def _cdf(self, value, probs1=None):
        value = ops.floor(self._value(value))
        probs1 = self._check_param_type(probs1)
        shape = U.broadcast_shapes(value.shape, probs1.shape)
        value = ops.broadcast_to(value, shape)
        probs0 = ops.broadcast_to(1.0 - probs1, shape)
        return where(value < 1.0, where(value < 0.0, 0.0, probs0), 1.0)

    def _kl_loss(self, dist, probs1_b, probs1=None):
        probs1_b = self._other(dist, probs1_b, "probs1_b")
        probs1_a = self._check_param_type(probs1)
        probs0_a, probs0_b = 1.0 - probs1_a, 1.0 - probs1_b
        return (probs1_a * ops.log(probs1_a / probs1_b)
                + probs0_a * ops.log(probs0_a / probs0_b))

    def _sample(self, shape=(), probs1=None):
        U.check_tuple(shape, "shape")
        probs1 = self._check_param_type(probs1)
        u = S.uniform(sample_shape(shape, probs1), self.seed)
        return ops.cast(u < probs1, self.dtype)


class Geometric(_OneParam):
    r"""The geometric distribution: the number of failures before the first success of
    Bernoulli trials of success probability :math:`p`, :math:`P(k) = (1-p)^k p`.

    Args:
        probs (float, list, numpy.ndarray, Tensor): :math:`p`, in (0, 1). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): the dtype of the samples. Default: ``mstype.int32``.
        name (str): the name. Default: ``'Geometric'``.

    Inputs of the methods as :class:`Bernoulli`'s (``'Geometric'``, ``probs1_b`` for
    ``kl_loss``).

    Raises:
        ValueError: an element of ``probs`` is not in (0, 1).
        TypeError: as :class:`Bernoulli`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> g = msd.Geometric(0.5)
        >>> print(g.prob(ms.Tensor(np.array([0, 1, 2], np.int32))))
        [0.5   0.25  0.125]
        >>> print(g.mean(), g.var())
        1.0 2.0
    """

    _repr_names = ("probs",)
    _names = ("probs1",)  # the parameter's name in the methods
    _type = "Geometric"

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Geometric"):
        self._init_param(dict(locals()), U.check_prob)

    probs = param_property("_p", """The success probability.""")

    def _mean(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return (1. - probs1) / probs1

    def _mode(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return full(probs1.shape, 0., self.dtype)

    def _var(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        return (1.0 - probs1) / ops.square(probs1)

    def _entropy(self, probs1=None):
        probs1 = self._check_param_type(probs1)
        probs0 = 1.0 - probs1
        return (-probs0 * ops.log(probs0) - probs1 * ops.log(probs1)) / probs1

    def _cross_entropy(self, dist, probs1_b, probs1=None):
        U.check_distribution_name(dist, "Geometric")
        return self._entropy(probs1) + self._kl_loss(dist, probs1_b, probs1)

    def _prob(self, value, probs1=None):
        value = ops.floor(self._value(value))
        probs1 = self._check_param_type(probs1)
        pmf = ops.exp(ops.log(1.0 - probs1) * value + ops.log(probs1))
        return where(value < 0.0, 0.0, pmf)

    def _cdf(self, value, probs1=None):
        value = ops.floor(self._value(value))
        probs1 = self._check_param_type(probs1)
        cdf = 1.0 - ops.pow(1.0 - probs1, value + 1.0)
        return where(value < 0.0, 0.0, cdf)

    def _kl_loss(self, dist, probs1_b, probs1=None):
        probs1_b = self._other(dist, probs1_b, "probs1_b")
        probs1_a = self._check_param_type(probs1)
        probs0_a, probs0_b = 1.0 - probs1_a, 1.0 - probs1_b
        return ops.log(probs1_a / probs1_b) + (probs0_a / probs1_a) * ops.log(probs0_a / probs0_b)

    def _sample(self, shape=(), probs1=None):
        U.check_tuple(shape, "shape")
        probs1 = self._check_param_type(probs1)
        u = S.uniform(sample_shape(shape, probs1), self.seed, _FLOAT64_TINY)
        return ops.cast(ops.floor(ops.log(u) / ops.log(1.0 - probs1)), self.dtype)


class Poisson(_OneParam):
    r"""The Poisson distribution of rate :math:`\lambda`: :math:`P(k) = \lambda^k e^{-\lambda}/k!`.

    Args:
        rate (list, numpy.ndarray, Tensor): :math:`\lambda` (> 0; not a Python number).
            Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): the dtype of the samples. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Poisson'``.

    Inputs of the methods as :class:`Bernoulli`'s with ``rate`` (it has no ``entropy``,
    ``kl_loss`` or ``cross_entropy``: NotImplementedError).

    Raises:
        TypeError: ``rate`` is a Python number; as :class:`Bernoulli`.
        ValueError: an element of ``rate`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> p = msd.Poisson(np.array([2.0], np.float32))
        >>> print(p.prob(ms.Tensor(np.array([0.0, 1.0, 2.0], np.float32))))
        [0.13533528 0.27067056 0.27067056]
    """

    _repr_names = ("rate",)
    _names = ("rate",)  # the parameter's name in the methods
    _type = "Poisson"

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Poisson"):
        self._init_param(dict(locals()), lambda p: U.check_greater_zero(p, "rate"), False)

    rate = param_property("_p", """The rate.""")

    def _mean(self, rate=None):
        return self._check_param_type(rate)

    def _mode(self, rate=None):
        return ops.floor(self._check_param_type(rate))

    def _var(self, rate=None):
        return self._check_param_type(rate)

    def _value(self, value):
        return self._check_value(value, "value")

    def _log_prob(self, value, rate=None):
        value = self._value(value)
        rate = self._check_param_type(rate)
        log_rate = ops.log(rate)
        safe_x = where(value < 0.0, 0.0, value)
        y = log_rate * safe_x - ops.lgamma(safe_x + 1.)
        return where(value == safe_x, y, -np.inf) - ops.exp(log_rate)

    def _cdf(self, value, rate=None):
        value = self._value(value)
        rate = self._check_param_type(rate)
        negative = value < 0.0
        safe_x = where(negative, 0.0, value)
        a = (1. + safe_x) * ops.ones_like(rate)
        cdf = 1. - ops.igamma(a, rate * ops.ones_like(a))
        return where(negative, 0.0, cdf)

    def _sample(self, shape=(), rate=None):
        U.check_tuple(shape, "shape")
        rate = self._check_param_type(rate)
        out = S.poisson(sample_shape(shape, rate), rate, self.seed)
        return ops.cast(out, self.dtype)


class Categorical(_OneParam):
    r"""The categorical distribution over :math:`0, \ldots, K-1` of probabilities ``probs``
    (its last axis; the other axes are the batch).

    Args:
        probs (list, numpy.ndarray, Tensor): the probabilities, each in (0, 1), summing to 1
            over the last axis. Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): the dtype of the samples and of ``mode``. Default:
            ``mstype.int32``.
        name (str): the name. Default: ``'Categorical'``.

    Inputs of the methods as :class:`Bernoulli`'s (``'Categorical'``, ``probs_b`` for
    ``kl_loss``; ``probs`` at call time). ``log_prob`` of a value outside ``0..K-1`` is NaN.

    Raises:
        ValueError: ``probs`` is a scalar, has an element outside (0, 1), or a row not summing
            to 1.
        TypeError: as :class:`Bernoulli`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> c = msd.Categorical([0.2, 0.3, 0.5])
        >>> print(c.prob(ms.Tensor(np.array([0, 2], np.int32))))
        [0.19999999 0.5       ]
        >>> print(c.mean(), c.mode())
        [1.3] 2
        >>> print(c.sample((2, 3)).shape)
        (2, 3)
    """

    _repr_names = ("probs",)
    _names = ("probs",)  # the parameter's name in the methods
    _type = "Categorical"

    def __init__(self, probs=None, seed=None, dtype=mstype.int32, name="Categorical"):
        self._init_param(dict(locals()))
        if self._p is not None:
            U.check_rank(self._p)
            U.check_prob(self._p)
            U.check_sum_equal_one(probs)
            if tuple(self._p.shape[:-1]) == ():
                self._is_scalar_batch = True
            self._broadcast_shape = tuple(self._broadcast_shape[:-1])

    probs = param_property("_p", """The probabilities.""")

    def _mean(self, probs=None):
        probs = self._check_param_type(probs)
        index = ops.arange(0., probs.shape[-1], 1., dtype=probs.dtype)
        return ops.reduce_sum(index * probs, -1, keep_dims=True)

    def _mode(self, probs=None):
        probs = self._check_param_type(probs)
        return ops.cast(ops.argmax(probs, -1), self.dtype)

    def _var(self, probs=None):
        probs = self._check_param_type(probs)
        index = ops.arange(0., probs.shape[-1], 1., dtype=probs.dtype)
        return (ops.reduce_sum(ops.square(index) * probs, -1, keep_dims=True)
                - ops.square(ops.reduce_sum(index * probs, -1, keep_dims=True)))

    @staticmethod
    def _squeeze(x):
        return ops.squeeze(x) if 1 in tuple(x.shape) else x

    def _entropy(self, probs=None):
        probs = self._check_param_type(probs)
        return self._squeeze(-ops.reduce_sum(ops.log(probs) * probs, -1))

    def _kl_loss(self, dist, probs_b, probs=None):
        probs_b = self._other(dist, probs_b, "probs_b")
        probs_a = self._check_param_type(probs)
        logits_a, logits_b = ops.log(probs_a), ops.log(probs_b)
        log_softmax_a = ops.log_softmax(logits_a, -1)
        return self._squeeze(ops.reduce_sum(
            ops.softmax(logits_a, -1) * (log_softmax_a - ops.log_softmax(logits_b, -1)), -1))

    def _cross_entropy(self, dist, probs_b, probs=None):
        U.check_distribution_name(dist, "Categorical")
        return self._entropy(probs) + self._kl_loss(dist, probs_b, probs)

    def _index(self, value, table):
        """Gather ``table`` (``[..., K]``) at the class of ``value`` (floored; values in (-1,
        0) count as 0): returns the gathered values, a mask of values below 0 and a mask of
        values above K - 1."""
        value = self._check_value(value, "value")
        value = ops.cast(value, table.dtype)
        value = where((value < 0) & (value > -1.), 0.0, ops.floor(value))
        drop_dim = tuple(value.shape) == () and tuple(table.shape[:-1]) == ()
        value = ops.expand_dims(value, -1)
        shape = U.broadcast_shapes(table.shape, value.shape)
        num_classes = shape[-1]
        table = ops.broadcast_to(table, shape)
        value = ops.broadcast_to(value, shape[:-1] + (1,))
        index = ops.cast(ops.clip_by_value(value, 0.0, float(num_classes - 1)), mstype.int32)
        out = ops.squeeze(ops.gather_elements(table, -1, index), -1)
        below = ops.squeeze(value < 0.0, -1)
        above = ops.squeeze(value > float(num_classes - 1), -1)
        return out, below, above, drop_dim

    def _log_prob(self, value, probs=None):
        probs = self._check_param_type(probs)
        out, below, above, _ = self._index(value, ops.log(probs))
        return where(below | above, np.nan, out)

    def _cdf(self, value, probs=None):
        probs = self._check_param_type(probs)
        out, below, _, _ = self._index(value, ops.cumsum(probs, -1))
        return where(below, 0.0, out)

    def _sample(self, shape=(), probs=None):
        U.check_tuple(shape, "shape")
        probs = self._check_param_type(probs)
        num_classes = probs.shape[-1]
        batch_shape = tuple(probs.shape[:-1])
        num_sample = int(np.prod(shape)) if shape else 1
        probs_2d = ops.reshape(ops.stop_gradient(probs), (-1, num_classes))
        samples = ops.multinomial(probs_2d, num_sample, True, self.seed)
        samples = ops.transpose(samples, (1, 0))
        return ops.cast(ops.reshape(samples, tuple(shape) + batch_shape), self.dtype)
