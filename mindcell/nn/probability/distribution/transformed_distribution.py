"""TransformedDistribution: a distribution pushed through a bijector."""
import numpy as np

from mindcell import ops
from mindcell._checkparam import check_value_type
from mindcell.nn.probability import _utils as U
from mindcell.nn.probability.distribution._common import where
from mindcell.nn.probability.distribution.distribution import Distribution


class TransformedDistribution(Distribution):
    r"""The distribution of :math:`Y = f(X)` for a bijector :math:`f` and a distribution of
    :math:`X`.

    ``log_prob(y) = base.log_prob(f^{-1}(y)) + f.inverse_log_jacobian(y)`` (kept at ``-inf``
    where the base's is ``-inf``), ``cdf(y) = base.cdf(f^{-1}(y))`` (for an increasing ``f``),
    ``sample = f(base.sample)``, and ``mean = f(base.mean)`` only for a bijector with a constant
    Jacobian (ValueError otherwise). The base distribution's parameters are passed through the
    methods' extra arguments.

    Args:
        bijector (Bijector): the transformation.
        distribution (Distribution): the base distribution (of a float dtype).
        seed (int): the seed of the sampling ops. Default: ``None`` (0).
        name (str): the name. Default: ``'transformed_distribution'``.

    Raises:
        TypeError: ``bijector`` is not a Bijector, ``distribution`` not a Distribution, or its
            dtype not a float type.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.bijector as msb
        >>> import mindcell.nn.probability.distribution as msd
        >>> t = msd.TransformedDistribution(msb.Exp(), msd.Normal(0.0, 1.0))
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> print(t.log_prob(x))
        [-0.9189385 -1.8523122]
        >>> print(t.sample((3, 2)).shape)
        (3, 2)
    """

    def __init__(self, bijector, distribution, seed=None, name="transformed_distribution"):
        from mindcell.nn.probability.bijector.bijector import Bijector
        param = dict(locals())
        check_value_type("bijector", bijector, [Bijector], type(self).__name__)
        check_value_type("distribution", distribution, [Distribution], type(self).__name__)
        U.check_dtype(distribution.dtype, U.FLOAT_TYPES, type(self).__name__)
        super().__init__(seed, distribution.dtype, name, param)
        self._bijector = bijector
        self._distribution = distribution
        self._is_linear_transformation = bijector.is_constant_jacobian
        self._is_scalar_batch = distribution.is_scalar_batch and bijector.is_scalar_batch
        self._batch_shape = distribution.batch_shape
        self.default_parameters = distribution.default_parameters
        self.parameter_names = distribution.parameter_names
        self.parameter_type = distribution.parameter_type
        if self._batch_shape is None or bijector.batch_shape is None:
            self._broadcast_shape = None
        else:
            self._broadcast_shape = U.broadcast_shapes(self._batch_shape, bijector.batch_shape)

    @property
    def bijector(self):
        """The transformation."""
        return self._bijector

    @property
    def distribution(self):
        """The base distribution."""
        return self._distribution

    @property
    def is_linear_transformation(self):
        """True when the bijector's Jacobian is constant (then ``mean`` is defined)."""
        return self._is_linear_transformation

    def _cdf(self, value, *args, **kwargs):
        return self.distribution("cdf", self.bijector("inverse", value), *args, **kwargs)

    def _log_cdf(self, value, *args, **kwargs):
        return ops.log(self._cdf(value, *args, **kwargs))

    def _survival_function(self, value, *args, **kwargs):
        return 1.0 - self._cdf(value, *args, **kwargs)

    def _log_survival(self, value, *args, **kwargs):
        return ops.log(self._survival_function(value, *args, **kwargs))

    def _log_prob(self, value, *args, **kwargs):
        unadjusted = self.distribution("log_prob", self.bijector("inverse", value),
                                       *args, **kwargs)
        log_jacobian = self.bijector("inverse_log_jacobian", value)
        return where(unadjusted == -np.inf, unadjusted, unadjusted + log_jacobian)

    def _prob(self, value, *args, **kwargs):
        return ops.exp(self._log_prob(value, *args, **kwargs))

    def _sample(self, *args, **kwargs):
        return self.bijector("forward", self.distribution("sample", *args, **kwargs))

    def _mean(self, *args, **kwargs):
        if not self.is_linear_transformation:
            raise ValueError("mean function must be implemented for non-linear transformation")
        return self.bijector("forward", self.distribution("mean", *args, **kwargs))
