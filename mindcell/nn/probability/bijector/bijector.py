"""Bijectors: invertible transformations with their log-Jacobians (MindSpore's
``mindspore.nn.probability.bijector``)."""
import numpy as np

from mindcell import ops
from mindcell._checkparam import check_value_type
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.probability import _utils as U
from mindcell.nn.probability.distribution._common import where

_THRESHOLD = float(np.log(np.finfo(np.float32).eps) + 1)  # where softplus is exp(x) or x


class Bijector(Cell):
    """Base class of the bijectors: an invertible map ``forward`` with its ``inverse`` and the
    log-determinants of their Jacobians.

    Call the methods directly (``b.forward(x)``) or through the Cell (``b("forward", x)``);
    calling a bijector on a Distribution returns the :class:`TransformedDistribution`. The
    bijector's parameters are Tensors; each method casts them to the dtype of its input, which
    must be a float Tensor (of ``dtype`` when given).

    Args:
        is_constant_jacobian (bool): whether the Jacobian is constant. Default: ``False``.
        is_injective (bool): whether the map is injective. Default: ``True``.
        name (str): the name. Default: ``None``.
        dtype (mindcell.dtype): the dtype of the inputs (a float type), or ``None`` for any
            float type. Default: ``None``.
        param (dict): the subclass's construction arguments. Default: ``None``.

    Raises:
        TypeError: ``name`` is not a string, a flag not a bool, or ``dtype`` not a float type.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> b = msb.ScalarAffine(2.0, 1.0)
        >>> print(b("forward", ms.Tensor(np.array([1.0, 2.0], np.float32))))
        [3. 5.]
    """

    def __init__(self, is_constant_jacobian=False, is_injective=True, name=None, dtype=None,
                 param=None):
        super().__init__()
        check_value_type("name", name, [str], type(self).__name__)
        check_value_type("is_constant_jacobian", is_constant_jacobian, [bool], name)
        check_value_type("is_injective", is_injective, [bool], name)
        if dtype is not None:
            U.check_dtype(dtype, U.FLOAT_TYPES, type(self).__name__)
        self._name = name
        self._dtype = dtype
        param = param or {}
        self._parameters = {k: v for k, v in param.items()
                            if k != "param" and not (k == "self" or k.startswith("_"))}
        if "bijector" not in param:
            values = self._parameters.get("param_dict")
            self._batch_shape = None if values is None else U.batch_shape_of(values.values())
            self._is_scalar_batch = values is not None and all(
                v is None or isinstance(v, (int, float)) for v in values.values())
        self._is_constant_jacobian = is_constant_jacobian
        self._is_injective = is_injective
        self.default_parameters = []
        self.parameter_names = []
        self.common_dtype = None

    @property
    def name(self):
        """The bijector's name."""
        return self._name

    @property
    def dtype(self):
        # (undocumented in the reference: a second documented ``dtype`` would make Sphinx's
        # cross-references to Tensor.dtype ambiguous)
        return self._dtype

    @property
    def parameters(self):
        """The construction arguments (a dict)."""
        return self._parameters

    @property
    def is_constant_jacobian(self):
        """Whether the Jacobian is constant."""
        return self._is_constant_jacobian

    @property
    def is_injective(self):
        """Whether the map is injective."""
        return self._is_injective

    @property
    def batch_shape(self):
        """The broadcast shape of the parameters (None without parameters)."""
        return self._batch_shape

    @property
    def is_scalar_batch(self):
        """True when every parameter is a Python number."""
        return self._is_scalar_batch

    def _add_parameter(self, value, name):
        """Register parameter ``name`` as a Tensor (float; all parameters of one dtype)."""
        if isinstance(value, (bool, np.bool_)) or value is None:
            raise TypeError("%s cannot be type %s" % (name, type(value)))
        value_t = value if isinstance(value, Tensor) else Tensor(value)
        if self.dtype is None:
            if self.common_dtype is None:
                self.common_dtype = value_t.dtype
            elif value_t.dtype != self.common_dtype:
                raise TypeError("%s should have the same dtype as other arguments." % name)
            U.check_dtype(value_t.dtype, U.FLOAT_TYPES, type(self).__name__)
        elif value_t.dtype != self.dtype:
            raise TypeError("%s should have the same dtype as the bijector's dtype." % name)
        self.default_parameters.append(value)
        self.parameter_names.append(name)
        return value_t

    def _check_value_dtype(self, value):
        U.check_tensor(value, "input value of bijector")
        if self.dtype is None:
            if value.dtype not in U.FLOAT_TYPES:
                raise TypeError("For input value of bijector, the type must be or be subclass of "
                                "Float, but got %s" % value.dtype)
        elif value.dtype != self.dtype:
            raise TypeError("For %s, the input value must be of dtype %s, but got %s"
                            % (self.name, self.dtype, value.dtype))
        return value

    def cast_param_by_value(self, value, para):
        """``para`` cast to ``value``'s dtype."""
        return para if para.dtype == value.dtype else ops.cast(para, value.dtype)

    def _checked(self, value, *params):
        """``value`` checked (:meth:`_check_value_dtype`), then each of ``params`` cast to its
        dtype."""
        value = self._check_value_dtype(value)
        return (value,) + tuple(self.cast_param_by_value(value, p) for p in params)

    def shape_mapping(self, shape):
        """The broadcast of ``shape`` with the bijector's batch shape."""
        return U.broadcast_shapes(shape, self.batch_shape)

    def forward(self, value, *args, **kwargs):
        """The map ``y = f(x)``.

        Args:
            value (Tensor): ``x`` (a float Tensor).

        Returns:
            Tensor.
        """
        return self._forward(value, *args, **kwargs)

    def inverse(self, value, *args, **kwargs):
        """The inverse map ``x = f^{-1}(y)`` of ``value`` (a float Tensor)."""
        return self._inverse(value, *args, **kwargs)

    def forward_log_jacobian(self, value, *args, **kwargs):
        """``log|df/dx|`` at ``value`` (a float Tensor)."""
        return self._forward_log_jacobian(value, *args, **kwargs)

    def inverse_log_jacobian(self, value, *args, **kwargs):
        """``log|df^{-1}/dy|`` at ``value`` (a float Tensor)."""
        return self._inverse_log_jacobian(value, *args, **kwargs)

    def _forward(self, value, *args, **kwargs):
        raise NotImplementedError("forward is not implemented for %s." % self.name)

    _inverse = _forward_log_jacobian = _inverse_log_jacobian = _forward

    def __call__(self, *args, **kwargs):
        from mindcell.nn.probability.distribution.distribution import Distribution
        from mindcell.nn.probability.distribution.transformed_distribution import \
            TransformedDistribution
        if args and isinstance(args[0], Distribution):
            return TransformedDistribution(self, args[0])
        return super().__call__(*args, **kwargs)

    def construct(self, name, *args, **kwargs):
        """Call the method ``name`` (``'forward'``, ``'inverse'``, ``'forward_log_jacobian'``
        or ``'inverse_log_jacobian'``)."""
        if name in ("forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian"):
            return getattr(self, name)(*args, **kwargs)
        raise Exception("Invalid name")  # pylint: disable=broad-exception-raised


class PowerTransform(Bijector):
    r"""The power transform :math:`y = (1 + c x)^{1/c}` (:math:`y = e^x` for :math:`c = 0`).

    Args:
        power (float, list, numpy.ndarray, Tensor): :math:`c` (>= 0, of a float type).
            Default: ``0.0``.
        name (str): the name. Default: ``'PowerTransform'``.

    Raises:
        ValueError: ``power`` is negative.
        TypeError: ``power`` is not of a float type.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> b = msb.PowerTransform(power=2.0)
        >>> x = ms.Tensor(np.array([2.0, 3.0, 4.0], np.float32))
        >>> print(b.forward(x))
        [2.236068  2.6457515 3.       ]
        >>> print(b.inverse_log_jacobian(x))
        [0.6931472 1.0986123 1.3862944]
    """

    def __init__(self, power=0., name="PowerTransform"):
        param = dict(locals())
        param["param_dict"] = {"power": power}
        super().__init__(name=name, param=param)
        self._power = self._add_parameter(power, "power")
        U.check_greater_equal_zero(self._power, "Power")

    @property
    def power(self):
        """The power :math:`c`."""
        return self._power

    def _broadcast(self, x):
        power = self.cast_param_by_value(x, self.power)
        shape = U.broadcast_shapes(x.shape, power.shape)
        return ops.broadcast_to(x, shape), ops.broadcast_to(power, shape)

    def _forward(self, x):
        x = self._check_value_dtype(x)
        x, power = self._broadcast(x)
        zero = power == 0
        safe = where(zero, 1.0, power)
        # the branch not taken sees harmless inputs, so its gradient is 0, not NaN
        x_pow = where(zero, 0.0, x)
        return where(zero, ops.exp(x), ops.exp(ops.log1p(x_pow * safe) / safe))

    def _inverse(self, y):
        y = self._check_value_dtype(y)
        y, power = self._broadcast(y)
        zero = power == 0
        safe = where(zero, 1.0, power)
        return where(zero, ops.log(y), ops.expm1(ops.log(y) * safe) / safe)

    def _forward_log_jacobian(self, x):
        x = self._check_value_dtype(x)
        x, power = self._broadcast(x)
        zero = power == 0
        safe = where(zero, 1.0, power)
        return where(zero, x, (1. / safe - 1) * ops.log1p(where(zero, 0.0, x) * safe))

    def _inverse_log_jacobian(self, y):
        y, power = self._checked(y, self.power)
        return (power - 1) * ops.log(y)


class Exp(PowerTransform):
    r"""The exponential bijector :math:`y = e^x` (:class:`PowerTransform` with power 0).

    Args:
        name (str): the name. Default: ``'Exp'``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> b = msb.Exp()
        >>> x = ms.Tensor(np.array([0.0, 1.0], np.float32))
        >>> print(b.forward(x), b.inverse_log_jacobian(b.forward(x)))
        [1.        2.7182817] [-0. -1.]
    """

    def __init__(self, name="Exp"):
        super().__init__(name=name)


class ScalarAffine(Bijector):
    r"""The affine map :math:`y = a x + b`.

    Args:
        scale (float, list, numpy.ndarray, Tensor): :math:`a` (of a float type). Default: ``1.0``.
        shift (float, list, numpy.ndarray, Tensor): :math:`b` (the dtype of ``scale``).
            Default: ``0.0``.
        name (str): the name. Default: ``'ScalarAffine'``.

    Raises:
        TypeError: ``scale`` or ``shift`` is not of a float type, or they differ in dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> b = msb.ScalarAffine(scale=2.0, shift=1.0)
        >>> y = ms.Tensor(np.array([3.0, 5.0], np.float32))
        >>> print(b.inverse(y), b.forward_log_jacobian(y))
        [1. 2.] 0.6931472
    """

    def __init__(self, scale=1.0, shift=0.0, name="ScalarAffine"):
        param = dict(locals())
        param["param_dict"] = {"scale": scale, "shift": shift}
        super().__init__(is_constant_jacobian=True, is_injective=True, name=name, dtype=None,
                         param=param)
        self._scale = self._add_parameter(scale, "scale")
        self._shift = self._add_parameter(shift, "shift")

    @property
    def scale(self):
        """The slope :math:`a`."""
        return self._scale

    @property
    def shift(self):
        """The intercept :math:`b`."""
        return self._shift

    def _forward(self, x):
        x, scale, shift = self._checked(x, self.scale, self.shift)
        return scale * x + shift * ops.ones_like(x)

    def _inverse(self, y):
        y, scale, shift = self._checked(y, self.scale, self.shift)
        return (y - shift) / scale

    def _forward_log_jacobian(self, x):
        _, scale = self._checked(x, self.scale)
        return ops.log(ops.abs(scale))

    def _inverse_log_jacobian(self, y):
        _, scale = self._checked(y, self.scale)
        return -1. * ops.log(ops.abs(scale))


def _softplus(x):
    """log(1 + e^x), exact to float32 rounding at both tails."""
    small = x < _THRESHOLD
    large = x > -_THRESHOLD
    safe = where(small | large, 1.0, x)
    return where(small, ops.exp(x), where(large, x, ops.log(ops.exp(safe) + 1.0)))


def _inverse_softplus(x):
    """log(e^x - 1), the inverse of :func:`_softplus`."""
    small = x < float(np.exp(_THRESHOLD))
    large = x > -_THRESHOLD
    safe = where(small | large, 1.0, x)
    return where(small, ops.log(x),
                 where(large, x, safe + ops.log(ops.abs(ops.expm1(-safe)))))


class Softplus(Bijector):
    r"""The softplus map :math:`y = \log(1 + e^{k x}) / k`.

    Args:
        sharpness (float, list, numpy.ndarray, Tensor): :math:`k` (of a float type).
            Default: ``1.0``.
        name (str): the name. Default: ``'Softplus'``.

    Raises:
        TypeError: ``sharpness`` is not of a float type.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> b = msb.Softplus(2.0)
        >>> x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
        >>> print(b.forward(x))
        [1.063464  2.009075  3.0012379]
    """

    def __init__(self, sharpness=1.0, name="Softplus"):
        param = dict(locals())
        param["param_dict"] = {"sharpness": sharpness}
        super().__init__(name=name, dtype=None, param=param)
        self._sharpness = self._add_parameter(sharpness, "sharpness")

    @property
    def sharpness(self):
        """The sharpness :math:`k`."""
        return self._sharpness

    def _forward(self, x):
        x, k = self._checked(x, self.sharpness)
        return _softplus(k * x) / k

    def _inverse(self, y):
        y, k = self._checked(y, self.sharpness)
        return _inverse_softplus(k * y) / k

    def _forward_log_jacobian(self, x):
        x, k = self._checked(x, self.sharpness)
        return ops.logsigmoid(k * x)

    def _inverse_log_jacobian(self, y):
        y, k = self._checked(y, self.sharpness)
        scaled = k * y
        return scaled - _inverse_softplus(scaled)


class GumbelCDF(Bijector):
    r"""The Gumbel cumulative distribution function :math:`y = \exp(-e^{-(x - \mu)/\beta})`.

    Args:
        loc (float, list, numpy.ndarray, Tensor): :math:`\mu`. Default: ``0.0``.
        scale (float, list, numpy.ndarray, Tensor): :math:`\beta` (> 0, the dtype of ``loc``).
            Default: ``1.0``.
        name (str): the name. Default: ``'GumbelCDF'``.

    Raises:
        ValueError: an element of ``scale`` is not positive.
        TypeError: ``loc`` or ``scale`` is not of a float type, or they differ in dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> b = msb.GumbelCDF(1.0, 2.0)
        >>> x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
        >>> print(b.forward(x))
        [0.36787945 0.5452392  0.6922006 ]
    """

    def __init__(self, loc=0.0, scale=1.0, name="GumbelCDF"):
        param = dict(locals())
        param["param_dict"] = {"loc": loc, "scale": scale}
        super().__init__(name=name, param=param)
        self._loc = self._add_parameter(loc, "loc")
        self._scale = self._add_parameter(scale, "scale")
        U.check_greater_zero(self._scale, "scale")

    @property
    def loc(self):
        r"""The location :math:`\mu`."""
        return self._loc

    @property
    def scale(self):
        r"""The scale :math:`\beta`."""
        return self._scale

    def _z(self, x):
        x, loc, scale = self._checked(x, self.loc, self.scale)
        return (x - loc) / scale, scale

    def _forward(self, x):
        z, _ = self._z(x)
        return ops.exp(-1 * ops.exp(-z))

    def _inverse(self, y):
        y, loc, scale = self._checked(y, self.loc, self.scale)
        return loc - scale * ops.log(-1 * ops.log(y))

    def _forward_log_jacobian(self, x):
        z, scale = self._z(x)
        return -z - ops.exp(-z) - ops.log(scale)

    def _inverse_log_jacobian(self, y):
        y, scale = self._checked(y, self.scale)
        return ops.log(scale / (-1. * y * ops.log(y)))


class Invert(Bijector):
    """The inverse of a bijector: ``forward`` is its ``inverse`` and the other way round, and
    the log-Jacobians swap likewise.

    Args:
        bijector (Bijector): the bijector to invert.
        name (str): the name. Default: ``''`` (``'Invert' + bijector.name``).

    Raises:
        TypeError: ``bijector`` is not a Bijector.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> b = msb.Invert(msb.Exp())
        >>> print(b.name, b.forward(ms.Tensor(np.array([1.0, np.e], np.float32))))
        InvertExp [0. 1.]
    """

    def __init__(self, bijector, name=""):
        param = dict(locals())
        check_value_type("bijector", bijector, [Bijector], "Invert")
        name = name or ("Invert" + bijector.name)
        param["name"] = name
        super().__init__(is_constant_jacobian=bijector.is_constant_jacobian,
                         is_injective=bijector.is_injective, name=name, dtype=bijector.dtype,
                         param=param)
        self._bijector = bijector
        self._batch_shape = bijector.batch_shape
        self._is_scalar_batch = bijector.is_scalar_batch

    @property
    def bijector(self):
        """The inverted bijector."""
        return self._bijector

    def inverse(self, y):
        """The wrapped bijector's ``forward``."""
        return self.bijector("forward", y)

    def forward(self, x):
        """The wrapped bijector's ``inverse``."""
        return self.bijector("inverse", x)

    def inverse_log_jacobian(self, y):
        """The wrapped bijector's ``forward_log_jacobian``."""
        return self.bijector("forward_log_jacobian", y)

    def forward_log_jacobian(self, x):
        """The wrapped bijector's ``inverse_log_jacobian``."""
        return self.bijector("inverse_log_jacobian", x)
