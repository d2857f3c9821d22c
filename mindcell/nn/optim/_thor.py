"""``nn.thor``: the name of MindSpore's THOR second-order optimizer, which mindcell does not
implement (train/_thor.py has the model conversion entry points that go with it)."""


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
