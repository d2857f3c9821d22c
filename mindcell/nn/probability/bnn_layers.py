"""``mindcell.nn.probability.bnn_layers``: Bayesian layers trained by variational inference
(MindSpore's ``mindspore.nn.probability.bnn_layers``).

A variational layer keeps a Normal posterior (trainable mean and untransformed standard
deviation per weight) and a Normal prior; each forward pass samples the weights from the
posterior (reparameterised, so gradients reach the posterior's parameters), and
:class:`WithBNNLossCell` adds the layers' KL divergences from their priors to the data loss.
"""
import numpy as np

from mindcell import ops
from mindcell._checkparam import check_bool, check_positive_int
from mindcell.common import dtype as mstype
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer import Conv2d, get_activation
from mindcell.nn.probability.distribution import Normal

__all__ = ["ConvReparam", "DenseReparam", "DenseLocalReparam", "NormalPrior", "NormalPosterior",
           "WithBNNLossCell"]


class NormalPrior(Cell):
    """A fixed Normal prior of a Bayesian layer's weights: calling it calls the method of its
    Normal distribution (``prior("kl_loss", "Normal", mean, sd)``).

    Args:
        dtype (mindcell.dtype): the dtype. Default: ``mstype.float32``.
        mean (int, float): the prior mean. Default: ``0``.
        std (int, float): the prior standard deviation (> 0). Default: ``0.1``.

    Raises:
        ValueError: ``std`` is not positive.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.nn.probability.bnn_layers import NormalPrior
        >>> prior = NormalPrior(mean=0.0, std=1.0)
        >>> print(prior("kl_loss", "Normal", ms.Tensor(0.0), ms.Tensor(1.0)))
        0.0
    """

    def __init__(self, dtype=mstype.float32, mean=0, std=0.1):
        super().__init__()
        self.normal = Normal(mean, std, dtype=dtype)

    def construct(self, *inputs):
        return self.normal(*inputs)


class NormalPosterior(Cell):
    r"""A trainable Normal posterior of a Bayesian layer's weights: Parameters
    ``<name>_mean`` and ``<name>_untransformed_std`` (initialised from normal draws), with
    :math:`\sigma = 10^{-6} + \log(1 + e^{u})`. Calling it calls the method of its Normal
    distribution with these (``posterior("sample")``).

    Args:
        name (str): the prefix of the Parameters' names.
        shape (Union[tuple, list]): the weights' shape.
        dtype (mindcell.dtype): the dtype. Default: ``mstype.float32``.
        loc_mean (int, float): the mean of the initial means. Default: ``0``.
        loc_std (int, float): the spread of the initial means (>= 0). Default: ``0.1``.
        untransformed_scale_mean (int, float): the mean of the initial untransformed standard
            deviations. Default: ``-5``.
        untransformed_scale_std (int, float): their spread (>= 0). Default: ``0.1``.

    Raises:
        TypeError: ``name`` is not a string, ``shape`` not a tuple or list, or a number argument
            not an int or float (or a spread negative).

    Examples:
        >>> from mindcell.nn.probability.bnn_layers import NormalPosterior
        >>> post = NormalPosterior("w", (2, 3))
        >>> print([p.name for p in post.trainable_params()], post("sample").shape)
        ['w_mean', 'w_untransformed_std'] (2, 3)
    """

    def __init__(self, name, shape, dtype=mstype.float32, loc_mean=0, loc_std=0.1,
                 untransformed_scale_mean=-5, untransformed_scale_std=0.1):
        super().__init__()
        if not isinstance(name, str):
            raise TypeError("The type of `name` must be `str`")
        if not isinstance(shape, (tuple, list)):
            raise TypeError("The type of `shape` must be `tuple` or `list`")
        for arg, value, non_negative in (("loc_mean", loc_mean, False),
                                         ("untransformed_scale_mean", untransformed_scale_mean,
                                          False),
                                         ("loc_std", loc_std, True),
                                         ("untransformed_scale_std", untransformed_scale_std,
                                          True)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or (
                    non_negative and value < 0):
                raise TypeError("The type of `%s` must be `int` or `float`%s, but got %r"
                                % (arg, " and its value must be >= 0" if non_negative else "",
                                   value))
        self.mean = Parameter(Tensor(np.random.normal(loc_mean, loc_std, shape), dtype=dtype),
                              name=name + "_mean")
        self.untransformed_std = Parameter(
            Tensor(np.random.normal(untransformed_scale_mean, untransformed_scale_std, shape),
                   dtype=dtype), name=name + "_untransformed_std")
        self.normal = Normal()

    def _std_trans(self, std_pre):
        return 1e-6 + ops.log(ops.exp(std_pre) + 1)

    def construct(self, *inputs):
        return self.normal(*inputs, mean=self.mean, sd=self._std_trans(self.untransformed_std))


def _normal_post_fn(name, shape):
    return NormalPosterior(name=name, shape=shape)


def _check_prior(prior_fn, arg_name):
    prior = prior_fn if isinstance(prior_fn, Cell) else prior_fn()
    for prior_name, prior_dist in prior.name_cells().items():
        if prior_name != "normal":
            raise TypeError("The type of distribution of `%s` must be `normal`" % arg_name)
        if not (isinstance(getattr(prior_dist, "_p0", None), Tensor)
                and isinstance(getattr(prior_dist, "_p1", None), Tensor)):
            raise TypeError("The input form of `%s` is incorrect: its Normal needs a mean and "
                            "a standard deviation" % arg_name)
    return prior


def _check_posterior(posterior_fn, shape, param_name, arg_name):
    try:
        posterior = posterior_fn(shape=shape, name=param_name)
    except TypeError:
        raise TypeError("The type of `%s` must be `NormalPosterior`" % arg_name) from None
    for posterior_name in posterior.name_cells():
        if posterior_name != "normal":
            raise TypeError("The type of distribution of `%s` must be `normal`" % arg_name)
    return posterior


class _Variational:
    """The KL term shared by the dense and convolutional variational layers."""

    def _init_posteriors(self, weight_shape, has_bias, weight_prior_fn, weight_posterior_fn,
                         bias_prior_fn, bias_posterior_fn):
        self.weight_prior = _check_prior(weight_prior_fn, "weight_prior_fn")
        self.weight_posterior = _check_posterior(weight_posterior_fn, shape=weight_shape,
                                                 param_name="bnn_weight",
                                                 arg_name="weight_posterior_fn")
        if has_bias:
            self.bias_prior = _check_prior(bias_prior_fn, "bias_prior_fn")
            self.bias_posterior = _check_posterior(bias_posterior_fn, shape=[weight_shape[0]],
                                                   param_name="bnn_bias",
                                                   arg_name="bias_posterior_fn")

    def apply_variational_bias(self, inputs):
        """``inputs`` plus a bias sampled from the bias posterior."""
        return ops.bias_add(inputs, self.bias_posterior("sample"))

    def compute_kl_loss(self):
        """The KL divergence of the posteriors from the priors, summed over the weights (and
        biases)."""
        args = self.weight_posterior("get_dist_args")
        kl_loss = ops.reduce_sum(self.weight_prior(
            "kl_loss", self.weight_posterior("get_dist_type"), *args))
        if self.has_bias:
            args = self.bias_posterior("get_dist_args")
            kl_loss += ops.reduce_sum(self.bias_prior(
                "kl_loss", self.bias_posterior("get_dist_type"), *args))
        return kl_loss


class _DenseVariational(_Variational, Cell):
    def __init__(self, in_channels, out_channels, activation=None, has_bias=True,
                 weight_prior_fn=NormalPrior, weight_posterior_fn=_normal_post_fn,
                 bias_prior_fn=NormalPrior, bias_posterior_fn=_normal_post_fn):
        Cell.__init__(self)
        self.in_channels = check_positive_int(in_channels, "in_channels", type(self).__name__)
        self.out_channels = check_positive_int(out_channels, "out_channels",
                                               type(self).__name__)
        self.has_bias = check_bool(has_bias, "has_bias", type(self).__name__)
        self._init_posteriors([self.out_channels, self.in_channels], self.has_bias,
                              weight_prior_fn, weight_posterior_fn, bias_prior_fn,
                              bias_posterior_fn)
        self.activation_flag = bool(activation)
        if isinstance(activation, str):
            activation = get_activation(activation)
        elif activation and not isinstance(activation, Cell):
            raise ValueError("The type of `activation` is wrong: expected a str or a Cell, but "
                             "got %s" % type(activation).__name__)
        self.activation = activation

    def construct(self, x):
        outputs = self._apply_variational_weight(x)
        if self.has_bias:
            outputs = self.apply_variational_bias(outputs)
        if self.activation_flag:
            outputs = self.activation(outputs)
        return outputs


class DenseReparam(_DenseVariational):
    r"""A dense layer with Bayesian weights, trained by the reparameterisation trick: each call
    samples the weight (and bias) from its Normal posterior and computes
    ``activation(x @ W^T + b)``.

    Args:
        in_channels (int): the input features (> 0).
        out_channels (int): the output features (> 0).
        activation (Union[str, Cell]): the activation, or ``None``. Default: ``None``.
        has_bias (bool): whether to add a sampled bias. Default: ``True``.
        weight_prior_fn (Union[Cell, type]): the weight prior. Default: :class:`NormalPrior`.
        weight_posterior_fn (callable): ``f(name, shape)`` making the weight posterior.
            Default: a :class:`NormalPosterior`.
        bias_prior_fn (Union[Cell, type]): the bias prior. Default: :class:`NormalPrior`.
        bias_posterior_fn (callable): as ``weight_posterior_fn``, for the bias.

    Inputs:
        - **x** (Tensor) - of shape :math:`(N, in\_channels)`.

    Outputs:
        Tensor of shape :math:`(N, out\_channels)`.

    Raises:
        TypeError: a prior or posterior is not a Normal one.
        ValueError: a channel count is not a positive int, or ``activation`` of a wrong type.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.probability.bnn_layers import DenseReparam
        >>> net = DenseReparam(3, 4, activation="relu")
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))).shape, net.compute_kl_loss().shape)
        (2, 4) ()
    """

    def _apply_variational_weight(self, inputs):
        return ops.matmul(inputs, ops.transpose(self.weight_posterior("sample"), (1, 0)))


class DenseLocalReparam(_DenseVariational):
    r"""A dense layer with Bayesian weights, trained by the local reparameterisation trick: the
    pre-activations are sampled from :math:`N(x W_\mu^T, \sqrt{x^2 (W_\sigma^2)^T})`.

    Args, Inputs, Outputs and Raises: as :class:`DenseReparam`.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.probability.bnn_layers import DenseLocalReparam
        >>> net = DenseLocalReparam(3, 4)
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))).shape)
        (2, 4)
    """

    def __init__(self, in_channels, out_channels, activation=None, has_bias=True,
                 weight_prior_fn=NormalPrior, weight_posterior_fn=_normal_post_fn,
                 bias_prior_fn=NormalPrior, bias_posterior_fn=_normal_post_fn):
        super().__init__(in_channels, out_channels, activation=activation, has_bias=has_bias,
                         weight_prior_fn=weight_prior_fn, weight_posterior_fn=weight_posterior_fn,
                         bias_prior_fn=bias_prior_fn, bias_posterior_fn=bias_posterior_fn)
        self.normal = Normal()

    def _apply_variational_weight(self, inputs):
        mean = ops.matmul(inputs, ops.transpose(self.weight_posterior("mean"), (1, 0)))
        std = ops.sqrt(ops.matmul(ops.square(inputs),
                                  ops.transpose(ops.square(self.weight_posterior("sd")), (1, 0))))
        return self.normal("sample", mean=mean, sd=std)


def _twice(value):
    return tuple(value) if isinstance(value, (tuple, list)) else (value, value)


class ConvReparam(_Variational, Conv2d):
    r"""A 2-D convolution with Bayesian kernels, trained by the reparameterisation trick: each
    call samples the kernel (and bias) from its Normal posterior. The ``weight`` (and ``bias``)
    Parameters of the underlying Conv2d are kept, not trainable and unused, as in MindSpore.

    Args:
        in_channels (int): the input channels.
        out_channels (int): the output channels.
        kernel_size (Union[int, tuple[int]]): the kernel's height and width.
        stride (Union[int, tuple[int]]): the stride. Default: ``1``.
        pad_mode (str): ``'same'``, ``'valid'`` or ``'pad'``. Default: ``'same'``.
        padding (Union[int, tuple[int]]): the padding of ``'pad'`` mode. Default: ``0``.
        dilation (Union[int, tuple[int]]): the dilation. Default: ``1``.
        group (int): the groups. Default: ``1``.
        has_bias (bool): whether to add a sampled bias. Default: ``False``.
        weight_prior_fn, weight_posterior_fn, bias_prior_fn, bias_posterior_fn: as
            :class:`DenseReparam`'s.

    Inputs:
        - **x** (Tensor) - of shape :math:`(N, C_{in}, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.

    Raises:
        ValueError: ``pad_mode`` is not one of the three.
        TypeError: a prior or posterior is not a Normal one.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.probability.bnn_layers import ConvReparam
        >>> net = ConvReparam(1, 2, 3, has_bias=True)
        >>> print(net(ms.Tensor(np.ones((1, 1, 5, 5), np.float32))).shape)
        (1, 2, 5, 5)
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_prior_fn=NormalPrior,
                 weight_posterior_fn=_normal_post_fn, bias_prior_fn=NormalPrior,
                 bias_posterior_fn=_normal_post_fn):
        if pad_mode not in ("valid", "same", "pad"):
            raise ValueError("Attr 'pad_mode' of 'Conv2d' Op passed %s, should be one of values "
                             "in 'valid', 'same', 'pad'." % (pad_mode,))
        kernel_size, stride, dilation = _twice(kernel_size), _twice(stride), _twice(dilation)
        Conv2d.__init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                        dilation, group, has_bias, weight_init="normal", bias_init="zeros")
        self.weight.requires_grad = False
        if has_bias:
            self.bias.requires_grad = False
        self.shape = [out_channels, in_channels // group, *kernel_size]
        self._init_posteriors(self.shape, has_bias, weight_prior_fn, weight_posterior_fn,
                              bias_prior_fn, bias_posterior_fn)
        self._conv_args = dict(stride=stride, pad_mode=pad_mode, padding=padding,
                               dilation=dilation, groups=group)

    def _apply_variational_weight(self, inputs):
        return ops.conv2d(inputs, self.weight_posterior("sample"), **self._conv_args)

    def construct(self, inputs):
        outputs = self._apply_variational_weight(inputs)
        if self.has_bias:
            outputs = self.apply_variational_bias(outputs)
        return outputs


class WithBNNLossCell(Cell):
    """A loss Cell of a Bayesian network: ``dnn_factor * loss_fn(backbone(x), label) +
    bnn_factor * (sum of the KL losses of the backbone's variational layers)``.

    Args:
        backbone (Cell): the network.
        loss_fn (Cell): the data loss.
        dnn_factor (Union[int, float]): the data loss's weight (>= 0). Default: ``1``.
        bnn_factor (Union[int, float]): the KL loss's weight (>= 0). Default: ``1``.

    Inputs:
        - **x** (Tensor) - the network's input.
        - **label** (Tensor) - the labels.

    Outputs:
        Tensor, a scalar loss.

    Raises:
        TypeError: a factor is not an int or float.
        ValueError: a factor is negative.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> from mindcell.nn.probability.bnn_layers import DenseReparam, WithBNNLossCell
        >>> net = WithBNNLossCell(DenseReparam(3, 2), nn.MSELoss(), 1, 0.001)
        >>> x, y = ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.zeros((4, 2), np.float32))
        >>> loss = net(x, y)
        >>> print(loss.shape, float(loss) > 0)
        () True
    """

    def __init__(self, backbone, loss_fn, dnn_factor=1, bnn_factor=1):
        super().__init__(auto_prefix=False)
        for name, value in (("dnn_factor", dnn_factor), ("bnn_factor", bnn_factor)):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError("The type of `%s` must be `int` or `float`, but got %s"
                                % (name, type(value).__name__))
            if value < 0:
                raise ValueError("The value of `%s` must be >= 0, but got %r" % (name, value))
        self._backbone = backbone
        self._loss_fn = loss_fn
        self.dnn_factor = dnn_factor
        self.bnn_factor = bnn_factor
        self.kl_loss = []
        self._add_kl_loss(self._backbone)

    def construct(self, x, label):
        backbone_loss = self._loss_fn(self._backbone(x), label)
        kl_loss = 0
        for kl_loss_func in self.kl_loss:
            kl_loss += kl_loss_func()
        return backbone_loss * self.dnn_factor + kl_loss * self.bnn_factor

    def _add_kl_loss(self, net):
        for layer in net.name_cells().values():
            if isinstance(layer, _Variational):
                self.kl_loss.append(layer.compute_kl_loss)
            else:
                self._add_kl_loss(layer)

    @property
    def backbone_network(self):
        """The backbone network."""
        return self._backbone
