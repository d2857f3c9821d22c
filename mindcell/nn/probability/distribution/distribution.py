"""The base class of the probability distributions (MindSpore's
``mindspore.nn.probability.distribution.Distribution``)."""
from mindcell import ops
from mindcell._checkparam import check_non_negative_int, check_value_type
from mindcell.nn.cell import Cell
from mindcell.nn.probability import _utils as U


class Distribution(Cell):
    """Base class of the probability distributions.

    A distribution is a Cell: call its methods directly (``d.log_prob(x)``) or through the Cell
    (``d("log_prob", x)``), in PYNATIVE_MODE or inside a ``construct`` compiled in GRAPH_MODE.
    The parameters given at construction are converted to Tensors of one float type and become
    the defaults of every method; a method also accepts them as Tensors at call time (then they
    replace the defaults for that call and are broadcast with each other). A parameter missing
    in both places raises TypeError.

    The methods a subclass does not define are derived when possible: ``prob`` from
    ``log_prob`` (and back), ``sd`` from ``var`` (and back), ``cdf`` from ``log_cdf``,
    ``survival_function`` or ``log_survival``, ``survival_function`` and ``log_survival`` from
    ``cdf``, ``log_cdf`` from ``cdf``; the rest raise NotImplementedError naming the method.

    Args:
        seed (int): the seed of the sampling ops (``None`` means 0; an int >= 0).
        dtype (mindcell.dtype): the dtype of the samples and of the results.
        name (str): the distribution's name.
        param (dict): the subclass's construction arguments, with ``param_dict`` mapping each
            parameter's name to its value.

    Raises:
        TypeError: ``name`` is not a string or ``seed`` not an int.
        ValueError: ``seed`` is negative.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.nn.probability.distribution as msd
        >>> n = msd.Normal(0.0, 1.0)
        >>> isinstance(n, msd.Distribution), n.name, n.dtype
        (True, 'Normal', mindspore.float32)
    """

    def __init__(self, seed, dtype, name, param):
        super().__init__()
        if seed is None:
            seed = 0
        check_value_type("name", name, [str], type(self).__name__)
        check_non_negative_int(seed, "seed", name)
        self._name = name
        self._seed = seed
        self._dtype = dtype
        self._parameters = {k: v for k, v in param.items()
                            if not (k == "self" or k.startswith("_"))}
        self.default_parameters = []
        self.parameter_names = []
        if "distribution" not in self._parameters:
            self.parameter_type = U.param_type(self._parameters.get("param_dict", {}), dtype)
            self._batch_shape = U.batch_shape_of(self._parameters["param_dict"].values())
            self._is_scalar_batch = all(v is None or isinstance(v, (int, float))
                                        for v in self._parameters["param_dict"].values())
            self._broadcast_shape = self._batch_shape
        self._set_derived()

    # ----- properties --------------------------------------------------------------------------
    @property
    def name(self):
        """The distribution's name."""
        return self._name

    @property
    def dtype(self):
        # (undocumented in the reference: a second documented ``dtype`` would make Sphinx's
        # cross-references to Tensor.dtype ambiguous)
        return self._dtype

    @property
    def seed(self):
        """The seed of the sampling ops."""
        return self._seed

    @property
    def parameters(self):
        """The construction arguments (a dict, with ``param_dict``)."""
        return self._parameters

    @property
    def is_scalar_batch(self):
        """True when every construction parameter is a Python number (or missing)."""
        return self._is_scalar_batch

    @property
    def batch_shape(self):
        """The broadcast shape of the construction parameters (None when one is missing)."""
        return self._batch_shape

    @property
    def broadcast_shape(self):
        """The batch shape the distribution broadcasts to."""
        return self._broadcast_shape

    # ----- parameters --------------------------------------------------------------------------
    def _reset_parameters(self):
        self.default_parameters = []
        self.parameter_names = []

    def _add_parameter(self, value, name):
        """Register construction parameter ``name`` (its value as a Tensor of the parameter
        type, or None) and return it."""
        value_t = None if value is None else U.cast_to_tensor(value, self.parameter_type)
        self.default_parameters.append(value_t)
        self.parameter_names.append(name)
        return value_t

    def _check_value(self, value, name):
        return U.check_tensor(value, name)

    def _check_param_type(self, *args):
        """The parameters of one call: each argument given (a Tensor) or its construction
        default (TypeError when neither exists), broadcast together (ValueError when their
        shapes do not broadcast; TypeError when the given ones differ in dtype) and cast to the
        parameter type. One parameter is returned as a Tensor, several as a tuple."""
        shape, common, out = None, None, []
        for arg, name, default in zip(args, self.parameter_names, self.default_parameters):
            if arg is not None:
                U.check_tensor(arg, name)
            elif default is not None:
                arg = default
            else:
                U.raise_none_error(name)
            if shape is None:
                shape, common = tuple(arg.shape), arg.dtype
            else:
                shape = U.broadcast_shapes(arg.shape, shape)
                if arg.dtype != common:
                    raise TypeError("For '%s', the parameter '%s' has dtype %s, which differs "
                                    "from the dtype %s of the first parameter."
                                    % (self.name, name, arg.dtype, common))
            if arg.dtype != self.parameter_type:
                arg = ops.cast(arg, self.parameter_type)
            out.append(arg)
        if len(out) == 1:
            return out[0]
        return tuple(a if tuple(a.shape) == shape else ops.broadcast_to(a, shape) for a in out)

    # ----- derived methods ---------------------------------------------------------------------
    def _not_implemented(self, func_name):
        name = self.name

        def raise_error(*args, **kwargs):
            return U.raise_not_implemented(func_name, name)
        return raise_error

    # each dispatch slot of __init__: the public method's name, then in order of preference
    # (the method a subclass defines, or _ANY_CDF for any of _CDF_METHODS; the method serving)
    _ANY_CDF = None
    _CDF_METHODS = ("_cdf", "_log_cdf", "_survival_function", "_log_survival")
    _DERIVED = (
        ("_call_prob", "prob", (("_prob", "_prob"), ("_log_prob", "_calc_prob_from_log_prob"))),
        ("_call_log_prob", "log_prob", (("_log_prob", "_log_prob"),
                                        ("_prob", "_calc_log_prob_from_prob"))),
        ("_call_sd", "sd", (("_sd", "_sd"), ("_var", "_calc_sd_from_var"))),
        ("_call_var", "var", (("_var", "_var"), ("_sd", "_calc_var_from_sd"))),
        ("_call_cdf", "cdf", (("_cdf", "_cdf"), ("_log_cdf", "_calc_cdf_from_log_cdf"),
                              ("_survival_function", "_calc_cdf_from_survival"),
                              ("_log_survival", "_calc_cdf_from_log_survival"))),
        ("_call_survival", "survival_function", (
            ("_survival_function", "_survival_function"),
            ("_log_survival", "_calc_survival_from_log_survival"),
            (_ANY_CDF, "_calc_survival_from_call_cdf"))),
        ("_call_log_cdf", "log_cdf", (("_log_cdf", "_log_cdf"),
                                      (_ANY_CDF, "_calc_log_cdf_from_call_cdf"))),
        ("_call_log_survival", "log_survival", (
            ("_log_survival", "_log_survival"),
            (_ANY_CDF, "_calc_log_survival_from_call_survival"))),
        ("_call_cross_entropy", "cross_entropy", (("_cross_entropy", "_cross_entropy"),)),
    )

    def _set_derived(self):
        """Set each slot of ``_DERIVED`` to the first method the subclass makes available, else
        to a function raising NotImplementedError naming the public method."""
        any_cdf = any(hasattr(self, n) for n in self._CDF_METHODS)
        for slot, public, choices in self._DERIVED:
            for needed, method in choices:
                if any_cdf if needed is self._ANY_CDF else hasattr(self, needed):
                    setattr(self, slot, getattr(self, method))
                    break
            else:
                setattr(self, slot, self._not_implemented(public))

    def _calc_prob_from_log_prob(self, value, *args, **kwargs):
        return ops.exp(self._log_prob(value, *args, **kwargs))

    def _calc_log_prob_from_prob(self, value, *args, **kwargs):
        return ops.log(self._prob(value, *args, **kwargs))

    def _calc_cdf_from_log_cdf(self, value, *args, **kwargs):
        return ops.exp(self._log_cdf(value, *args, **kwargs))

    def _calc_cdf_from_survival(self, value, *args, **kwargs):
        return 1.0 - self._survival_function(value, *args, **kwargs)

    def _calc_cdf_from_log_survival(self, value, *args, **kwargs):
        return 1.0 - ops.exp(self._log_survival(value, *args, **kwargs))

    def _calc_log_cdf_from_call_cdf(self, value, *args, **kwargs):
        return ops.log(self._call_cdf(value, *args, **kwargs))

    def _calc_survival_from_call_cdf(self, value, *args, **kwargs):
        return 1.0 - self._call_cdf(value, *args, **kwargs)

    def _calc_survival_from_log_survival(self, value, *args, **kwargs):
        return ops.exp(self._log_survival(value, *args, **kwargs))

    def _calc_log_survival_from_call_survival(self, value, *args, **kwargs):
        return ops.log(self._call_survival(value, *args, **kwargs))

    def _calc_sd_from_var(self, *args, **kwargs):
        return ops.sqrt(self._var(*args, **kwargs))

    def _calc_var_from_sd(self, *args, **kwargs):
        return ops.square(self._sd(*args, **kwargs))

    def _calc_cross_entropy(self, dist, *args, **kwargs):
        return self._entropy(*args, **kwargs) + self._kl_loss(dist, *args, **kwargs)

    # ----- the public methods ------------------------------------------------------------------
    def get_dist_args(self, *args, **kwargs):
        """The distribution's parameters: the given Tensors, else the construction defaults
        (a tuple in the order of the constructor's arguments)."""
        return self._get_dist_args(*args, **kwargs)

    def _get_dist_args(self, *args, **kwargs):
        return U.raise_not_implemented("get_dist_args", self.name)

    def get_dist_type(self):
        """The distribution's type name (``'Normal'`` ...), for ``kl_loss``/``cross_entropy``."""
        return self._get_dist_type()

    def _get_dist_type(self):
        return U.raise_not_implemented("get_dist_type", self.name)

    def log_prob(self, value, *args, **kwargs):
        """The log of the probability (density or mass) of ``value``.

        Args:
            value (Tensor): the values.
            *args: the distribution's parameters (Tensors) replacing the defaults.
            **kwargs: the same, by name.

        Returns:
            Tensor, ``value`` broadcast with the batch shape.
        """
        return self._call_log_prob(value, *args, **kwargs)

    def prob(self, value, *args, **kwargs):
        """The probability (density or mass) of ``value`` (arguments as :meth:`log_prob`)."""
        return self._call_prob(value, *args, **kwargs)

    def cdf(self, value, *args, **kwargs):
        """The cumulative distribution function at ``value`` (arguments as :meth:`log_prob`)."""
        return self._call_cdf(value, *args, **kwargs)

    def log_cdf(self, value, *args, **kwargs):
        """The log of :meth:`cdf` (arguments as :meth:`log_prob`)."""
        return self._call_log_cdf(value, *args, **kwargs)

    def survival_function(self, value, *args, **kwargs):
        """``1 - cdf(value)`` (arguments as :meth:`log_prob`)."""
        return self._call_survival(value, *args, **kwargs)

    def log_survival(self, value, *args, **kwargs):
        """The log of :meth:`survival_function` (arguments as :meth:`log_prob`)."""
        return self._call_log_survival(value, *args, **kwargs)

    def kl_loss(self, dist, *args, **kwargs):
        """The KL divergence KL(a || b) of this distribution (a) from one of the same type (b).

        Args:
            dist (str): the type of b (``get_dist_type()``); another type raises ValueError.
            *args: b's parameters (Tensors), then optionally a's replacing the defaults.

        Returns:
            Tensor.
        """
        return self._kl_loss(dist, *args, **kwargs)

    def _kl_loss(self, *args, **kwargs):
        return U.raise_not_implemented("kl_loss", self.name)

    def mean(self, *args, **kwargs):
        """The mean (parameters as Tensors replacing the defaults)."""
        return self._mean(*args, **kwargs)

    def _mean(self, *args, **kwargs):
        return U.raise_not_implemented("mean", self.name)

    def mode(self, *args, **kwargs):
        """The mode (parameters as Tensors replacing the defaults)."""
        return self._mode(*args, **kwargs)

    def _mode(self, *args, **kwargs):
        return U.raise_not_implemented("mode", self.name)

    def sd(self, *args, **kwargs):
        """The standard deviation (parameters as Tensors replacing the defaults)."""
        return self._call_sd(*args, **kwargs)

    def var(self, *args, **kwargs):
        """The variance (parameters as Tensors replacing the defaults)."""
        return self._call_var(*args, **kwargs)

    def entropy(self, *args, **kwargs):
        """The entropy (parameters as Tensors replacing the defaults)."""
        return self._entropy(*args, **kwargs)

    def _entropy(self, *args, **kwargs):
        return U.raise_not_implemented("entropy", self.name)

    def cross_entropy(self, dist, *args, **kwargs):
        """The cross entropy of this distribution (a) and one of the same type (b): entropy(a)
        + KL(a || b) (arguments as :meth:`kl_loss`)."""
        return self._call_cross_entropy(dist, *args, **kwargs)

    def sample(self, *args, **kwargs):
        """Draw samples.

        Args:
            shape (tuple): the sample shape, prepended to the batch shape. Default: ``()``.
            *args: the distribution's parameters (Tensors) replacing the defaults.
            **kwargs: the same, by name.

        Returns:
            Tensor of shape ``shape + batch_shape`` and the distribution's dtype.
        """
        return self._sample(*args, **kwargs)

    def _sample(self, *args, **kwargs):
        return U.raise_not_implemented("sample", self.name)

    _METHODS = {"log_prob": "_call_log_prob", "prob": "_call_prob", "cdf": "_call_cdf",
                "log_cdf": "_call_log_cdf", "survival_function": "_call_survival",
                "log_survival": "_call_log_survival", "kl_loss": "_kl_loss", "mean": "_mean",
                "mode": "_mode", "sd": "_call_sd", "var": "_call_var", "entropy": "_entropy",
                "cross_entropy": "_call_cross_entropy", "sample": "_sample",
                "get_dist_args": "_get_dist_args", "get_dist_type": "_get_dist_type"}

    def construct(self, name, *args, **kwargs):
        """Call the method ``name`` (``'log_prob'``, ``'sample'`` ...) with the arguments."""
        method = self._METHODS.get(name) if isinstance(name, str) else None
        if method is None:
            return U.raise_not_implemented(name, self.name)
        if name == "get_dist_type":  # the parameters a caller passes along are not needed
            return self._get_dist_type()
        return getattr(self, method)(*args, **kwargs)
