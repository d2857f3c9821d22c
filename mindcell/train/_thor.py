"""THOR (MindSpore's second-order optimizer) entry points that scripts call whatever optimizer
they chose. mindcell has no THOR optimizer: ``ConvertModelUtils.convert_to_thor_model`` hands back
the model it is given for every other optimizer, as MindSpore does; building a THOR optimizer
or THOR layers raises NotImplementedError naming the API."""

_THOR_OPTIMIZERS = ("ThorAscend", "ThorGpu")


class ConvertModelUtils:
    """Turns a ``Model`` whose optimizer is THOR into MindSpore's THOR model; a model with any
    other optimizer is returned unchanged (what MindSpore's BERT pretraining script relies on).

    Examples:
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(3, 2)
        >>> opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
        >>> model = ms.train.Model(net, ms.nn.MSELoss(), opt)
        >>> ms.train.ConvertModelUtils.convert_to_thor_model(model, network=net,
        ...                                                  optimizer=opt) is model
        True
    """

    @staticmethod
    def convert_to_thor_model(model, network, loss_fn=None, optimizer=None, metrics=None,
                              amp_level="O0", loss_scale_manager=None,
                              keep_batchnorm_fp32=False):
        """convert_to_thor_model(model, network, loss_fn=None, optimizer=None, metrics=None,
        amp_level="O0", loss_scale_manager=None, keep_batchnorm_fp32=False): ``model`` itself
        unless ``optimizer`` is a THOR optimizer.

        Args:
            model (Model): the model to convert.
            network (Cell): its training network.
            loss_fn (Cell): the loss. Default: ``None``.
            optimizer (Cell): the optimizer; only a THOR optimizer converts. Default: ``None``.
            metrics (Union[dict, set]): the metrics. Default: ``None``.
            amp_level (str): the mixed-precision level. Default: ``"O0"``.
            loss_scale_manager (LossScaleManager): the loss scale. Default: ``None``.
            keep_batchnorm_fp32 (bool): keep BatchNorm in float32. Default: ``False``.

        Returns:
            Model, ``model``.

        Raises:
            NotImplementedError: ``optimizer`` is a THOR optimizer (mindcell has none).

        Examples:
            >>> import mindcell as ms
            >>> net = ms.nn.Dense(3, 2)
            >>> model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params()))
            >>> ms.train.ConvertModelUtils.convert_to_thor_model(model, net) is model
            True
        """
        if type(optimizer).__name__ in _THOR_OPTIMIZERS:
            raise NotImplementedError("ConvertModelUtils.convert_to_thor_model: mindcell has no "
                                      "THOR optimizer to convert a model for")
        return model


class ConvertNetUtils:
    """Replaces a network's Dense/Conv2d/Embedding layers with MindSpore's THOR layers; mindcell
    has no THOR layers.

    Examples:
        >>> import mindcell as ms
        >>> try:
        ...     ms.train.ConvertNetUtils().convert_to_thor_net(ms.nn.Dense(2, 2))
        ... except NotImplementedError as e:
        ...     print("NotImplementedError")
        NotImplementedError
    """

    def convert_to_thor_net(self, net):
        """convert_to_thor_net(net): not in mindcell.

        Args:
            net (Cell): the network.

        Raises:
            NotImplementedError: always; mindcell has no THOR layers.

        Examples:
            >>> import mindcell as ms
            >>> ms.train.ConvertNetUtils  # doctest: +ELLIPSIS
            <class '...ConvertNetUtils'>
        """
        raise NotImplementedError("ConvertNetUtils.convert_to_thor_net: mindcell has no THOR "
                                  "layers (DenseThor, Conv2dThor, EmbeddingThor) to convert %s to"
                                  % type(net).__name__)


def thor(net, learning_rate, damping, momentum, weight_decay=0.0, loss_scale=1.0, batch_size=32,
         use_nesterov=False, decay_filter=lambda x: x.name not in [], split_indices=None,
         enable_clip_grad=False, frequency=100):
    """thor(net, learning_rate, damping, momentum, ...): MindSpore's THOR second-order optimizer,
    which mindcell does not implement. The name exists so that scripts importing it for an
    optional branch run; calling it raises.

    Args:
        net (Cell): the network.
        learning_rate (Tensor): the learning rate per step.
        damping (Tensor): the damping per step.
        momentum (float): the momentum.
        weight_decay (float): Default: ``0.0``.
        loss_scale (float): Default: ``1.0``.
        batch_size (int): Default: ``32``.
        use_nesterov (bool): Default: ``False``.
        decay_filter (function): Default: every parameter.
        split_indices (list): Default: ``None``.
        enable_clip_grad (bool): Default: ``False``.
        frequency (int): Default: ``100``.

    Raises:
        NotImplementedError: always.

    Examples:
        >>> import mindcell as ms
        >>> try:
        ...     ms.nn.thor(ms.nn.Dense(2, 2), 0.1, 0.1, 0.9)
        ... except NotImplementedError:
        ...     print("NotImplementedError")
        NotImplementedError
    """
    raise NotImplementedError("nn.thor: mindcell does not implement the THOR optimizer; use "
                              "another optimizer (Momentum, Lamb, AdamWeightDecay ...)")
