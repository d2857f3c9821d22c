"""THOR (MindSpore's second-order optimizer) entry points that scripts call whatever optimizer
they chose. mindcell has no THOR optimizer: ``ConvertModelUtils.convert_to_thor_model`` hands back
the model it is given for every other optimizer, as MindSpore does; building a THOR optimizer
or THOR layers raises NotImplementedError naming the API."""

from mindcell.nn.optim._thor import thor  # noqa: F401  (train.train_thor's name too)

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
