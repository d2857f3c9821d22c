"""The continuous distributions: Normal, Uniform, Exponential, Cauchy, Logistic, Gamma, Beta,
LogNormal and Gumbel."""
import inspect

import numpy as np

from mindcell import ops
from mindcell.common import dtype as mstype
from mindcell.nn.layer.extra_cells import LBeta
from mindcell.nn.probability import _sampling as S
from mindcell.nn.probability import _utils as U
from mindcell.nn.probability.distribution._common import (ParamsMixin, const, full,
                                                          init_distribution, param_property,
                                                          sample_shape, where)
from mindcell.nn.probability.distribution.distribution import Distribution
from mindcell.nn.probability.distribution.transformed_distribution import \
    TransformedDistribution

_LOG_SQRT_2PI = float(0.5 * np.log(2. * np.pi))
_FLOAT64_TINY = float(np.finfo(np.float32).tiny)  # MindSpore's float64 tiny, as a float32
_lbeta = LBeta()


class _Continuous(Distribution):
    """A distribution of a float dtype: ``value`` arguments are cast to it."""

    def _value(self, value):
        value = self._check_value(value, "value")
        return value if value.dtype == self.dtype else ops.cast(value, self.dtype)


class _TwoParams(ParamsMixin, _Continuous):
    """A distribution of two parameters ``_names`` (their defaults are the attributes
    ``_p0``, ``_p1``)."""

    def _init_params(self, a, b):
        self._p0 = self._add_parameter(a, self._names[0])
        self._p1 = self._add_parameter(b, self._names[1])

    def _other(self, dist, a_b, b_b):
        """Distribution b's parameters of ``kl_loss``: checked Tensors of the parameter type."""
        U.check_distribution_name(dist, self._type)
        out = []
        for v, n in ((a_b, self._names[0] + "_b"), (b_b, self._names[1] + "_b")):
            U.check_tensor(v, n)
            out.append(v if v.dtype == self.parameter_type else ops.cast(v, self.parameter_type))
        return out

    def _cross_entropy(self, dist, *args, **kwargs):
        # bound against this class's own _kl_loss so that keywords keep their public names
        # (mean_b=, sd_b= for Normal; low_b=, high_b= for Uniform ...)
        U.check_distribution_name(dist, self._type)
        try:
            bound = inspect.signature(self._kl_loss).bind(dist, *args, **kwargs)
        except TypeError as e:
            raise TypeError("%s.cross_entropy: %s" % (type(self).__name__, e)) from None
        own = [bound.arguments.get(name) for name in self._names]
        return self._entropy(*own) + self._kl_loss(*bound.args, **bound.kwargs)


class Normal(_TwoParams):
    r"""The normal (Gaussian) distribution :math:`N(\mu, \sigma^2)`.

    Args:
        mean (int, float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: ``None`` (then
            every call passes it).
        sd (int, float, list, numpy.ndarray, Tensor): :math:`\sigma` (> 0). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Normal'``.

    Inputs of the methods: ``value`` (Tensor) for ``prob``, ``log_prob``, ``cdf``, ``log_cdf``,
    ``survival_function`` and ``log_survival``; ``dist`` (str, ``'Normal'``), ``mean_b``,
    ``sd_b`` (Tensors) for ``kl_loss`` and ``cross_entropy``; ``shape`` (tuple) for ``sample``;
    then optionally ``mean`` and ``sd`` (Tensors) replacing the construction values.

    Raises:
        ValueError: an element of ``sd`` is not positive.
        TypeError: ``dtype`` is not a float type; a method is called without a parameter given
            at construction or call, or with a non-Tensor argument.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> n = msd.Normal(0.0, 1.0)
        >>> x = ms.Tensor(np.array([0.0, 1.0], np.float32))
        >>> print(n.log_prob(x))
        [-0.9189385 -1.4189385]
        >>> print(n.cdf(x, ms.Tensor(1.0), ms.Tensor(2.0)))
        [0.30853754 0.5       ]
        >>> print(n.kl_loss('Normal', ms.Tensor(1.0), ms.Tensor(2.0)))
        0.44314718
        >>> print(n.sample((2, 3)).shape)
        (2, 3)
    """

    _names = ("mean", "sd")
    _repr_names = ("mean", "standard deviation")
    _type = "Normal"

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Normal"):
        init_distribution(self, dict(locals()), ("mean", "sd"))
        self._init_params(mean, sd)
        if self._p1 is not None:
            U.check_greater_zero(self._p1, "Standard deviation")

    @property
    def _mean_value(self):
        """The mean given at construction (MindSpore's attribute name; its bnn_layers read it)."""
        return self._p0

    @property
    def _sd_value(self):
        """The standard deviation given at construction (MindSpore's attribute name)."""
        return self._p1

    def _mean(self, mean=None, sd=None):
        return self._check_param_type(mean, sd)[0]

    def _mode(self, mean=None, sd=None):
        return self._check_param_type(mean, sd)[0]

    def _sd(self, mean=None, sd=None):
        return self._check_param_type(mean, sd)[1]

    def _entropy(self, mean=None, sd=None):
        _, sd = self._check_param_type(mean, sd)
        return float(np.log(np.sqrt(np.e * 2. * np.pi))) + ops.log(sd)

    def _log_prob(self, value, mean=None, sd=None):
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        return -0.5 * ops.square((value - mean) / sd) - _LOG_SQRT_2PI - ops.log(sd)

    def _cdf(self, value, mean=None, sd=None):
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        return 0.5 * (1.0 + ops.erf((value - mean) / (sd * float(np.sqrt(2.0)))))

    def _kl_loss(self, dist, mean_b, sd_b, mean=None, sd=None):
        mean_b, sd_b = self._other(dist, mean_b, sd_b)
        mean_a, sd_a = self._check_param_type(mean, sd)
        diff_log_scale = ops.log(sd_a) - ops.log(sd_b)
        squared_diff = ops.square(mean_a / sd_b - mean_b / sd_b)
        return 0.5 * squared_diff + 0.5 * ops.expm1(2 * diff_log_scale) - diff_log_scale

    def _sample(self, shape=(), mean=None, sd=None):
        U.check_tuple(shape, "shape")
        mean, sd = self._check_param_type(mean, sd)
        out_shape = sample_shape(shape, mean, sd)
        z = S.standard_normal(out_shape, self.seed)
        return ops.cast(z * ops.cast(sd, mstype.float32) + ops.cast(mean, mstype.float32),
                        self.dtype)


class Uniform(_TwoParams):
    r"""The continuous uniform distribution on :math:`[a, b]`.

    Args:
        low (int, float, list, numpy.ndarray, Tensor): :math:`a`. Default: ``None``.
        high (int, float, list, numpy.ndarray, Tensor): :math:`b` (> ``low``). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Uniform'``.

    Inputs of the methods as :class:`Normal`'s, with ``low``, ``high`` (``'Uniform'``,
    ``low_b``, ``high_b`` for ``kl_loss``; infinite where b does not cover a).

    Raises:
        ValueError: an element of ``low`` is not less than ``high``.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> u = msd.Uniform(0.0, 2.0)
        >>> print(u.prob(ms.Tensor(np.array([-1.0, 0.5, 2.0, 3.0], np.float32))))
        [0.  0.5 0.5 0. ]
        >>> print(u.var(), u.entropy())
        0.33333334 0.6931472
    """

    _names = ("low", "high")
    _type = "Uniform"

    def __init__(self, low=None, high=None, seed=None, dtype=mstype.float32, name="Uniform"):
        init_distribution(self, dict(locals()), ("low", "high"))
        self._init_params(low, high)
        if self._p0 is not None and self._p1 is not None:
            U.check_greater(self._p0, self._p1, "low", "high")

    low = param_property("_p0", """The lower bound.""")

    high = param_property("_p1", """The upper bound.""")

    def _range(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return high - low

    def _mean(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return (low + high) / 2.

    def _var(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return ops.square(high - low) / 12.0

    def _entropy(self, low=None, high=None):
        low, high = self._check_param_type(low, high)
        return ops.log(high - low)

    def _prob(self, value, low=None, high=None):
        value = self._value(value)
        low, high = self._check_param_type(low, high)
        prob = ops.exp(-1.0 * ops.log(high - low)) * ops.ones_like(value)
        return where(value <= high, where(value < low, 0.0, prob), 0.0)

    def _cdf(self, value, low=None, high=None):
        value = self._value(value)
        low, high = self._check_param_type(low, high)
        prob = (value - low) / (high - low)
        return where(value < high, where(value < low, 0.0, prob), 1.0)

    def _kl_loss(self, dist, low_b, high_b, low=None, high=None):
        low_b, high_b = self._other(dist, low_b, high_b)
        low_a, high_a = self._check_param_type(low, high)
        kl = ops.log(high_b - low_b) - ops.log(high_a - low_a)
        return where((low_b <= low_a) & (high_a <= high_b), kl, np.inf)

    def _sample(self, shape=(), low=None, high=None):
        U.check_tuple(shape, "shape")
        low, high = self._check_param_type(low, high)
        u = S.uniform(sample_shape(shape, low, high), self.seed)
        return ops.cast((high - low) * u + low, self.dtype)


class Exponential(ParamsMixin, _Continuous):
    r"""The exponential distribution of rate :math:`\lambda`: density
    :math:`\lambda e^{-\lambda x}` on :math:`x \geq 0`.

    Args:
        rate (int, float, list, numpy.ndarray, Tensor): :math:`\lambda` (> 0). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Exponential'``.

    Inputs of the methods as :class:`Normal`'s, with ``rate`` (``'Exponential'``, ``rate_b``
    for ``kl_loss``).

    Raises:
        ValueError: an element of ``rate`` is not positive.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> e = msd.Exponential(2.0)
        >>> print(e.log_prob(ms.Tensor(np.array([-1.0, 0.5], np.float32))))
        [       -inf -0.30685282]
        >>> print(e.mean(), e.entropy())
        0.5 0.30685282
    """

    _names = ("rate",)
    _type = "Exponential"

    def __init__(self, rate=None, seed=None, dtype=mstype.float32, name="Exponential"):
        init_distribution(self, dict(locals()), ("rate",))
        self._rate = self._add_parameter(rate, "rate")
        if self._rate is not None:
            U.check_greater_zero(self._rate, "rate")

    rate = param_property("_rate", """The rate.""")

    def _mean(self, rate=None):
        return 1.0 / self._check_param_type(rate)

    def _mode(self, rate=None):
        rate = self._check_param_type(rate)
        return full(rate.shape, 0., self.dtype)

    def _sd(self, rate=None):
        return 1.0 / self._check_param_type(rate)

    def _entropy(self, rate=None):
        return 1.0 - ops.log(self._check_param_type(rate))

    def _cross_entropy(self, dist, rate_b, rate=None):
        U.check_distribution_name(dist, "Exponential")
        return self._entropy(rate) + self._kl_loss(dist, rate_b, rate)

    def _log_prob(self, value, rate=None):
        value = self._value(value)
        rate = self._check_param_type(rate)
        prob = ops.log(rate) - rate * value
        return where(value < 0.0, -np.inf, prob)

    def _cdf(self, value, rate=None):
        value = self._value(value)
        rate = self._check_param_type(rate)
        cdf = 1.0 - ops.exp(-1. * rate * value)
        return where(value < 0.0, 0.0, cdf)

    def _log_survival(self, value, rate=None):
        value = self._value(value)
        rate = self._check_param_type(rate)
        sf = -1. * rate * value
        return where(value < 0.0, 0.0, sf)

    def _kl_loss(self, dist, rate_b, rate=None):
        U.check_distribution_name(dist, "Exponential")
        U.check_tensor(rate_b, "rate_b")
        rate_b = ops.cast(rate_b, self.parameter_type)
        rate_a = self._check_param_type(rate)
        return ops.log(rate_a) - ops.log(rate_b) + rate_b / rate_a - 1.0

    def _sample(self, shape=(), rate=None):
        U.check_tuple(shape, "shape")
        rate = self._check_param_type(rate)
        u = S.uniform(sample_shape(shape, rate), self.seed, _FLOAT64_TINY)
        return ops.cast(-(ops.log(u) / rate), self.dtype)


class Cauchy(_TwoParams):
    r"""The Cauchy distribution of location :math:`x_0` and scale :math:`\gamma`. Its mean,
    variance and standard deviation are undefined (ValueError).

    Args:
        loc (int, float, list, numpy.ndarray, Tensor): :math:`x_0`. Default: ``None``.
        scale (int, float, list, numpy.ndarray, Tensor): :math:`\gamma` (> 0). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Cauchy'``.

    Inputs of the methods as :class:`Normal`'s, with ``loc``, ``scale``.

    Raises:
        ValueError: an element of ``scale`` is not positive; ``mean``, ``sd`` or ``var`` is
            called.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> c = msd.Cauchy(0.0, 1.0)
        >>> print(c.cdf(ms.Tensor(np.array([-1.0, 0.0, 1.0], np.float32))))
        [0.25 0.5  0.75]
    """

    _names = ("loc", "scale")
    _type = "Cauchy"

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Cauchy"):
        init_distribution(self, dict(locals()), ("loc", "scale"))
        self._init_params(loc, scale)
        if self._p1 is not None:
            U.check_greater_zero(self._p1, "scale")

    loc = param_property("_p0", """The location.""")

    scale = param_property("_p1", """The scale.""")

    def _mode(self, loc=None, scale=None):
        return self._check_param_type(loc, scale)[0]

    def _mean(self, *args, **kwargs):
        return U.raise_not_defined("mean", "Cauchy")

    def _sd(self, *args, **kwargs):
        return U.raise_not_defined("standard deviation", "Cauchy")

    def _var(self, *args, **kwargs):
        return U.raise_not_defined("variance", "Cauchy")

    def _entropy(self, loc=None, scale=None):
        _, scale = self._check_param_type(loc, scale)
        return ops.log(scale) + float(np.log(4 * np.pi))

    def _log_prob(self, value, loc=None, scale=None):
        value = self._value(value)
        loc, scale = self._check_param_type(loc, scale)
        z = (value - loc) / scale
        return -ops.log1p(ops.square(z)) - ops.log(np.pi * scale)

    def _cdf(self, value, loc=None, scale=None):
        value = self._value(value)
        loc, scale = self._check_param_type(loc, scale)
        return ops.atan((value - loc) / scale) / np.pi + 0.5

    def _log_cdf(self, value, loc=None, scale=None):
        value = self._value(value)
        loc, scale = self._check_param_type(loc, scale)
        z = (value - loc) / scale
        return ops.log1p(2. * ops.atan(z) / np.pi) - float(np.log(2.0))

    def _quantile(self, p, loc=None, scale=None):
        loc, scale = self._check_param_type(loc, scale)
        return loc + scale * ops.tan(np.pi * (p - 0.5))

    def _kl_loss(self, dist, loc_b, scale_b, loc=None, scale=None):
        loc_b, scale_b = self._other(dist, loc_b, scale_b)
        loc_a, scale_a = self._check_param_type(loc, scale)
        return (ops.log(ops.square(scale_a + scale_b) + ops.square(loc_a - loc_b))
                - float(np.log(4.0)) - ops.log(scale_a) - ops.log(scale_b))

    def _sample(self, shape=(), loc=None, scale=None):
        U.check_tuple(shape, "shape")
        loc, scale = self._check_param_type(loc, scale)
        u = S.uniform(sample_shape(shape, loc, scale), self.seed)
        return ops.cast(self._quantile(u, loc, scale), self.dtype)


def _softplus(x):
    from mindcell.nn.probability.bijector.bijector import _softplus as f
    return f(x)


class Logistic(_TwoParams):
    r"""The logistic distribution of location :math:`\mu` and scale :math:`s`.

    Args:
        loc (int, float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: ``None``.
        scale (int, float, list, numpy.ndarray, Tensor): :math:`s` (> 0). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Logistic'``.

    Inputs of the methods as :class:`Normal`'s, with ``loc``, ``scale`` (it has no
    ``kl_loss`` or ``cross_entropy``: NotImplementedError).

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> d = msd.Logistic(0.0, 1.0)
        >>> print(d.cdf(ms.Tensor(np.array([0.0, 2.0], np.float32))))
        [0.5      0.880797]
    """

    _names = ("loc", "scale")
    _type = "Logistic"

    def __init__(self, loc=None, scale=None, seed=None, dtype=mstype.float32, name="Logistic"):
        init_distribution(self, dict(locals()), ("loc", "scale"))
        self._init_params(loc, scale)
        if self._p1 is not None:
            U.check_greater_zero(self._p1, "scale")
        # MindSpore 2.10's Logistic has neither kl_loss nor cross_entropy
        self._call_cross_entropy = self._not_implemented("cross_entropy")

    loc = param_property("_p0", """The location.""")

    scale = param_property("_p1", """The scale.""")

    def _mean(self, loc=None, scale=None):
        return self._check_param_type(loc, scale)[0]

    def _mode(self, loc=None, scale=None):
        return self._check_param_type(loc, scale)[0]

    def _sd(self, loc=None, scale=None):
        _, scale = self._check_param_type(loc, scale)
        return scale * const(np.pi / np.sqrt(3), scale)

    def _entropy(self, loc=None, scale=None):
        _, scale = self._check_param_type(loc, scale)
        return ops.log(scale) + 2.

    def _z(self, value, loc, scale):
        value = self._value(value)
        loc, scale = self._check_param_type(loc, scale)
        return (value - loc) / scale, scale

    def _log_prob(self, value, loc=None, scale=None):
        z, scale = self._z(value, loc, scale)
        return -z - 2. * _softplus(-z) - ops.log(scale)

    def _cdf(self, value, loc=None, scale=None):
        return ops.sigmoid(self._z(value, loc, scale)[0])

    def _log_cdf(self, value, loc=None, scale=None):
        return -1 * _softplus(-self._z(value, loc, scale)[0])

    def _survival_function(self, value, loc=None, scale=None):
        return ops.sigmoid(-self._z(value, loc, scale)[0])

    def _log_survival(self, value, loc=None, scale=None):
        return -1 * _softplus(self._z(value, loc, scale)[0])

    def _sample(self, shape=(), loc=None, scale=None):
        U.check_tuple(shape, "shape")
        loc, scale = self._check_param_type(loc, scale)
        u = S.uniform(sample_shape(shape, loc, scale), self.seed, _FLOAT64_TINY)
        return ops.cast((ops.log(u) - ops.log1p(-u)) * scale + loc, self.dtype)


class Gamma(_TwoParams):
    r"""The gamma distribution of concentration :math:`\alpha` and rate :math:`\beta`: density
    :math:`\beta^\alpha x^{\alpha-1} e^{-\beta x} / \Gamma(\alpha)`.

    Args:
        concentration (list, numpy.ndarray, Tensor): :math:`\alpha` (> 0; not a Python
            number). Default: ``None``.
        rate (list, numpy.ndarray, Tensor): :math:`\beta` (> 0; not a Python number).
            Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Gamma'``.

    Inputs of the methods as :class:`Normal`'s, with ``concentration``, ``rate``. Samples are
    not reparameterised (no gradient flows through them, as in MindSpore).

    Raises:
        TypeError: ``concentration`` or ``rate`` is a Python number; as :class:`Normal`.
        ValueError: an element of ``concentration`` or ``rate`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> g = msd.Gamma(np.array([3.0]), np.array([1.0]))
        >>> print(g.mean(), g.var(), g.mode())
        [3.] [3.] [2.]
        >>> print(g.cdf(ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [0.0803014  0.32332358]
    """

    _names = ("concentration", "rate")
    _type = "Gamma"

    def __init__(self, concentration=None, rate=None, seed=None, dtype=mstype.float32,
                 name="Gamma"):
        init_distribution(self, dict(locals()), ("concentration", "rate"))
        if isinstance(concentration, (int, float)):
            raise TypeError("Input concentration can't be scalar")
        if isinstance(rate, (int, float)):
            raise TypeError("Input rate can't be scalar")
        self._init_params(concentration, rate)
        if self._p0 is not None:
            U.check_greater_zero(self._p0, "concentration")
        if self._p1 is not None:
            U.check_greater_zero(self._p1, "rate")

    concentration = param_property("_p0", """The concentration.""")

    rate = param_property("_p1", """The rate.""")

    def _mean(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return concentration / rate

    def _var(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return concentration / ops.square(rate)

    def _sd(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return ops.sqrt(concentration) / rate

    def _mode(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return where(concentration > 1., (concentration - 1.) / rate, np.nan)

    def _entropy(self, concentration=None, rate=None):
        concentration, rate = self._check_param_type(concentration, rate)
        return (concentration - ops.log(rate) + ops.lgamma(concentration)
                + (1. - concentration) * ops.digamma(concentration))

    def _log_prob(self, value, concentration=None, rate=None):
        value = self._value(value)
        concentration, rate = self._check_param_type(concentration, rate)
        unnormalized = (concentration - 1.) * ops.log(value) - rate * value
        return unnormalized - (ops.lgamma(concentration) - concentration * ops.log(rate))

    def _cdf(self, value, concentration=None, rate=None):
        value = self._value(value)
        concentration, rate = self._check_param_type(concentration, rate)
        x = rate * value
        a = concentration * ops.ones_like(x)
        return ops.igamma(a, x * ops.ones_like(a))

    def _kl_loss(self, dist, concentration_b, rate_b, concentration=None, rate=None):
        concentration_b, rate_b = self._other(dist, concentration_b, rate_b)
        concentration_a, rate_a = self._check_param_type(concentration, rate)
        return ((concentration_a - concentration_b) * ops.digamma(concentration_a)
                + ops.lgamma(concentration_b) - ops.lgamma(concentration_a)
                + concentration_b * ops.log(rate_a) - concentration_b * ops.log(rate_b)
                + concentration_a * (rate_b / rate_a - 1.))

    def _sample(self, shape=(), concentration=None, rate=None):
        U.check_tuple(shape, "shape")
        concentration, rate = self._check_param_type(concentration, rate)
        out = S.gamma(sample_shape(shape, concentration, rate), concentration, rate, self.seed)
        return ops.cast(out, self.dtype)


class Beta(_TwoParams):
    r"""The beta distribution on :math:`(0, 1)`: density
    :math:`x^{\alpha-1}(1-x)^{\beta-1} / B(\alpha, \beta)`.

    Args:
        concentration1 (int, list, numpy.ndarray, Tensor): :math:`\alpha` (> 0; not a Python
            float). Default: ``None``.
        concentration0 (int, list, numpy.ndarray, Tensor): :math:`\beta` (> 0; not a Python
            float). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Beta'``.

    Inputs of the methods as :class:`Normal`'s, with ``concentration1``, ``concentration0``
    (MindSpore's Beta has no ``cdf``: NotImplementedError).

    Raises:
        TypeError: a concentration is a Python float; as :class:`Normal`.
        ValueError: an element of a concentration is not positive.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> b = msd.Beta(np.array([2.0]), np.array([3.0]))
        >>> print(b.mean(), b.var())
        [0.4] [0.04]
        >>> print(b.prob(ms.Tensor(np.array([0.5], np.float32))))
        [1.5]
    """

    _names = ("concentration1", "concentration0")
    _type = "Beta"

    def __init__(self, concentration1=None, concentration0=None, seed=None, dtype=mstype.float32,
                 name="Beta"):
        init_distribution(self, dict(locals()), ("concentration1", "concentration0"))
        if isinstance(concentration0, float):
            raise TypeError("Input concentration0 can't be scalar")
        if isinstance(concentration1, float):
            raise TypeError("Input concentration1 can't be scalar")
        self._init_params(concentration1, concentration0)
        if self._p0 is not None:
            U.check_greater_zero(self._p0, "concentration1")
        if self._p1 is not None:
            U.check_greater_zero(self._p1, "concentration0")

    concentration1 = param_property("_p0", """The first concentration.""")

    concentration0 = param_property("_p1", """The second concentration.""")

    def _mean(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        return c1 / (c1 + c0)

    def _var(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        total = c1 + c0
        return c1 * c0 / (ops.pow(total, 2) * (total + 1.))

    def _mode(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        return where((c1 > 1.) & (c0 > 1.), (c1 - 1.) / (c1 + c0 - 2.), np.nan)

    def _entropy(self, concentration1=None, concentration0=None):
        c1, c0 = self._check_param_type(concentration1, concentration0)
        total = c1 + c0
        return (_lbeta(c1, c0) - (c1 - 1.) * ops.digamma(c1) - (c0 - 1.) * ops.digamma(c0)
                + (total - 2.) * ops.digamma(total))

    def _log_prob(self, value, concentration1=None, concentration0=None):
        value = self._value(value)
        c1, c0 = self._check_param_type(concentration1, concentration0)
        unnormalized = (c1 - 1.) * ops.log(value) + (c0 - 1.) * ops.log1p(-value)
        return unnormalized - _lbeta(c1, c0)

    def _kl_loss(self, dist, concentration1_b, concentration0_b, concentration1=None,
                 concentration0=None):
        c1_b, c0_b = self._other(dist, concentration1_b, concentration0_b)
        c1_a, c0_a = self._check_param_type(concentration1, concentration0)
        total_a, total_b = c1_a + c0_a, c1_b + c0_b
        return (_lbeta(c1_b, c0_b) - _lbeta(c1_a, c0_a)
                - ops.digamma(c1_a) * (c1_b - c1_a) - ops.digamma(c0_a) * (c0_b - c0_a)
                + ops.digamma(total_a) * (total_b - total_a))

    def _sample(self, shape=(), concentration1=None, concentration0=None):
        U.check_tuple(shape, "shape")
        c1, c0 = self._check_param_type(concentration1, concentration0)
        out_shape = sample_shape(shape, c1, c0)
        one = const(1.0, mstype.float32)
        g1 = S.gamma(out_shape, c1, one, self.seed)
        g0 = S.gamma(out_shape, c0, one, self.seed)
        return ops.cast(g1 / (g1 + g0), self.dtype)


class _LocScale(ParamsMixin, TransformedDistribution):
    """A transformed distribution of parameters ``loc`` and ``scale``."""

    _names = ("loc", "scale")

    def _init_loc_scale(self, loc, scale):
        """Make ``loc`` and ``scale`` the distribution's parameters (after the transformed
        distribution's own)."""
        self._parameters = dict(self._parameters, loc=loc, scale=scale)
        self._reset_parameters()
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")


class LogNormal(_LocScale):
    r"""The log-normal distribution: :math:`e^X` for :math:`X \sim N(\mu, \sigma^2)`.

    Args:
        loc (int, float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: ``None``.
        scale (int, float, list, numpy.ndarray, Tensor): :math:`\sigma` (> 0). Default: ``None``.
        seed (int): the seed of ``sample``. Default: ``0``.
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'LogNormal'``.

    Inputs of the methods as :class:`Normal`'s, with ``loc``, ``scale`` (``'LogNormal'``,
    ``loc_b``, ``scale_b`` for ``kl_loss``).

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> d = msd.LogNormal(0.0, 1.0)
        >>> print(d.mean(), d.mode())
        1.6487212 0.36787945
        >>> print(d.log_prob(ms.Tensor(np.array([1.0], np.float32))))
        [-0.9189385]
    """

    _type = "LogNormal"

    def __init__(self, loc=None, scale=None, seed=0, dtype=mstype.float32, name="LogNormal"):
        from mindcell.nn.probability.bijector.bijector import Exp
        super().__init__(distribution=Normal(loc, scale, dtype=dtype), bijector=Exp(),
                         seed=seed, name=name)
        self._init_loc_scale(loc, scale)

    loc = param_property("_loc", """The mean of the underlying normal distribution.""")

    scale = param_property("_scale",
                           """The standard deviation of the underlying normal distribution.""")

    def _mean(self, loc=None, scale=None):
        mean, sd = self._check_param_type(loc, scale)
        return ops.exp(mean + 0.5 * ops.square(sd))

    def _mode(self, loc=None, scale=None):
        mean, sd = self._check_param_type(loc, scale)
        return ops.exp(mean - ops.square(sd))

    def _var(self, loc=None, scale=None):
        mean, sd = self._check_param_type(loc, scale)
        var = ops.square(sd)
        return ops.expm1(var) * ops.exp(2. * mean + var)

    def _entropy(self, loc=None, scale=None):
        mean, sd = self._check_param_type(loc, scale)
        return mean + 0.5 + ops.log(sd) + float(0.5 * np.log(2 * np.pi))

    def _cdf(self, value, loc=None, scale=None):
        mean, sd = self._check_param_type(loc, scale)
        cdf = self.distribution("cdf", self.bijector("inverse", value), mean, sd)
        return where(value > 0., cdf, 0.0)

    def _log_prob(self, value, loc=None, scale=None):
        mean, sd = self._check_param_type(loc, scale)
        unadjusted = self.distribution("log_prob", self.bijector("inverse", value), mean, sd)
        return unadjusted + self.bijector("inverse_log_jacobian", value)

    def _cross_entropy(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_distribution_name(dist, "LogNormal")
        return self._entropy(loc, scale) + self._kl_loss(dist, loc_b, scale_b, loc, scale)

    def _kl_loss(self, dist, loc_b, scale_b, loc=None, scale=None):
        U.check_distribution_name(dist, "LogNormal")
        return self.distribution("kl_loss", "Normal", loc_b, scale_b, loc, scale)

    def _sample(self, shape=(), loc=None, scale=None):
        U.check_tuple(shape, "shape")
        mean, sd = self._check_param_type(loc, scale)
        org = ops.cast(self.distribution("sample", shape, mean, sd), self.dtype)
        return self.bijector("forward", org)


class Gumbel(_LocScale):
    r"""The Gumbel distribution of location :math:`\mu` and scale :math:`\beta`. Its
    parameters are fixed at construction (the methods take none).

    Args:
        loc (int, float, list, numpy.ndarray, Tensor): :math:`\mu`.
        scale (int, float, list, numpy.ndarray, Tensor): :math:`\beta` (> 0).
        seed (int): the seed of ``sample``. Default: ``0``.
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Gumbel'``.

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: ``dtype`` is not a float type.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> g = msd.Gumbel(0.0, 1.0)
        >>> print(g.mean(), g.cdf(ms.Tensor(np.array([0.0], np.float32))))
        0.5772157 [0.36787945]
    """

    _type = "Gumbel"

    def __init__(self, loc, scale, seed=0, dtype=mstype.float32, name="Gumbel"):
        from mindcell.nn.probability.bijector.bijector import GumbelCDF, Invert
        U.check_dtype(dtype, U.FLOAT_TYPES, type(self).__name__)
        gumbel_cdf = GumbelCDF(loc, scale)
        super().__init__(distribution=Uniform(0.0, 1.0, dtype=dtype),
                         bijector=Invert(gumbel_cdf), seed=seed, name=name)
        self._init_loc_scale(loc, scale)
        self._gumbel_bijector = gumbel_cdf

    loc = param_property("_loc", """The location.""")

    scale = param_property("_scale", """The scale.""")

    def _ones(self):
        return full(self.broadcast_shape, 1.0, self.parameter_type)

    def _mean(self):
        return self._loc + self._scale * np.euler_gamma

    def _mode(self):
        return self._loc * full(self._scale.shape, 1.0, self.parameter_type)

    def _sd(self):
        return self._scale * self._ones() * np.pi / float(np.sqrt(6.))

    def _entropy(self):
        return 1. + ops.log(self._scale * self._ones()) + np.euler_gamma

    def _log_prob(self, value):
        value = self._check_value(value, "value")
        z = (value - self._loc) / self._scale
        return -(z + ops.exp(-z)) - ops.log(self._scale)

    def _cdf(self, value):
        value = self._check_value(value, "value")
        return self._gumbel_bijector("forward", value)

    def _cross_entropy(self, dist, loc_b, scale_b):
        U.check_distribution_name(dist, "Gumbel")
        return self._entropy() + self._kl_loss(dist, loc_b, scale_b)

    def _kl_loss(self, dist, loc_b, scale_b):
        U.check_distribution_name(dist, "Gumbel")
        U.check_tensor(loc_b, "loc_b")
        U.check_tensor(scale_b, "scale_b")
        loc_b = ops.cast(loc_b, self.parameter_type)
        scale_b = ops.cast(scale_b, self.parameter_type)
        return (ops.log(scale_b / self._scale) + np.euler_gamma * (self._scale / scale_b - 1.)
                + (self._loc - loc_b) / scale_b
                + ops.expm1((loc_b - self._loc) / scale_b
                            + ops.lgamma(self._scale / scale_b + 1.)))

    def _sample(self, shape=()):
        U.check_tuple(shape, "shape")
        u = ops.cast(self.distribution("sample", tuple(shape) + tuple(self._broadcast_shape)),
                     self.dtype)
        return self.bijector("forward", u)


class _MeanSd(_Continuous):
    """HalfNormal and Laplace: parameters ``mean`` and ``sd`` (> 0), density methods only."""

    def __init__(self, mean, sd, param):
        init_distribution(self, param, ("mean", "sd"))
        self._mean_value = self._add_parameter(mean, "mean")
        self._sd_value = self._add_parameter(sd, "sd")
        if self._sd_value is not None:
            U.check_greater_zero(self._sd_value, "Standard deviation")


class HalfNormal(_MeanSd):
    r"""The half-normal distribution: density
    :math:`\sqrt{2/\pi} / \sigma \, e^{-(x-\mu)^2 / (2\sigma^2)}` for :math:`x \geq 0`, else 0.
    Only ``prob`` and ``log_prob`` are defined (the other methods raise NotImplementedError).

    Args:
        mean (int, float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: ``None``.
        sd (int, float, list, numpy.ndarray, Tensor): :math:`\sigma` (> 0). Default: ``None``.
        seed (int): the seed. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'HalfNormal'``.

    Raises:
        ValueError: an element of ``sd`` is not positive.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> d = msd.HalfNormal(0.0, 1.0)
        >>> print(d.prob(ms.Tensor(np.array([-1.0, 0.0, 1.0], np.float32))))
        [0.         0.7978846  0.48394147]
    """

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="HalfNormal"):
        super().__init__(mean, sd, dict(locals()))

    def _prob(self, value, mean=None, sd=None):
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        pdf = float(np.sqrt(2. / np.pi)) / sd * ops.exp(-0.5 * ops.square((value - mean) / sd))
        return pdf * ops.cast(value >= 0, self.dtype)


class Laplace(_MeanSd):
    r"""The Laplace distribution of location :math:`\mu` and scale :math:`b` (``sd``): density
    :math:`e^{-|x-\mu|/b} / (2b)`. Only ``log_prob`` and ``prob`` are defined.

    Args:
        mean (int, float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: ``None``.
        sd (int, float, list, numpy.ndarray, Tensor): :math:`b` (> 0). Default: ``None``.
        seed (int): the seed. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'Laplace'``.

    Raises:
        ValueError: an element of ``sd`` is not positive.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> d = msd.Laplace(0.0, 1.0)
        >>> print(d.log_prob(ms.Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-1.6931472 -0.6931472 -2.6931472]
    """

    def __init__(self, mean=None, sd=None, seed=None, dtype=mstype.float32, name="Laplace"):
        super().__init__(mean, sd, dict(locals()))

    def _log_prob(self, value, mean=None, sd=None):
        value = self._value(value)
        mean, sd = self._check_param_type(mean, sd)
        return -1.0 * ops.abs((value - mean) / sd) - ops.log(2. * sd)


class StudentT(_Continuous):
    r"""Student's t distribution of ``df`` degrees of freedom :math:`\nu`, location :math:`\mu`
    and scale :math:`\sigma`. Only ``log_prob`` and ``prob`` are defined.

    Args:
        df (int, float, list, numpy.ndarray, Tensor): :math:`\nu` (> 0). Default: ``None``.
        mean (int, float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: ``None``.
        sd (int, float, list, numpy.ndarray, Tensor): :math:`\sigma` (> 0). Default: ``None``.
        seed (int): the seed. Default: ``None`` (0).
        dtype (mindcell.dtype): a float type. Default: ``mstype.float32``.
        name (str): the name. Default: ``'StudentT'``.

    Raises:
        ValueError: an element of ``df`` or ``sd`` is not positive.
        TypeError: as :class:`Normal`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> d = msd.StudentT(3.0, 0.0, 1.0)
        >>> print(d.log_prob(ms.Tensor(np.array([0.0, 2.0], np.float32))))
        [-1.0008888 -2.6954846]
    """

    def __init__(self, df=None, mean=None, sd=None, seed=None, dtype=mstype.float32,
                 name="StudentT"):
        init_distribution(self, dict(locals()), ("df", "mean", "sd"))
        self._df_value = self._add_parameter(df, "df")
        self._mean_value = self._add_parameter(mean, "mean")
        self._sd_value = self._add_parameter(sd, "sd")
        if self._sd_value is not None:
            U.check_greater_zero(self._sd_value, "Standard deviation")
        if self._df_value is not None:
            U.check_greater_zero(self._df_value, "Degrees of freedom")

    def _log_prob(self, value, df=None, mean=None, sd=None):
        value = self._value(value)
        df, mean, sd = self._check_param_type(df, mean, sd)
        y = (value - mean) / sd
        log_unnormalized = -0.5 * (df + 1.) * ops.log1p(y ** 2. / df)
        log_normalization = (ops.log(ops.abs(sd)) + 0.5 * ops.log(df)
                             + float(0.5 * np.log(np.pi)) + ops.lgamma(0.5 * df)
                             - ops.lgamma(0.5 * (df + 1.)))
        return log_unnormalized - log_normalization
