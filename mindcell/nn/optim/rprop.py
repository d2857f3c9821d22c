"""Rprop: resilient back-propagation, a per-element step size driven by the gradient's sign."""
from mindcell import _checkparam as validator
from mindcell import dtype as mstype
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F


class Rprop(Optimizer):
    r"""Rprop(params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.0),
    weight_decay=0.0): the resilient back-propagation optimizer.

    Each element has a step size (the learning rate at the first step). Where the gradient has
    the sign of the previous step's it grows by ``etaplus``, where the sign flips it shrinks by
    ``etaminus`` and that element is not moved (its gradient counts as 0 at the next step);
    the step size is clipped to ``step_sizes``, and :math:`w = w - \mathrm{sign}(g) \cdot
    step`. State Parameters: ``prev.<param name>`` (the previous gradient) and
    ``step_size.<param name>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): the first step
            size. Default: ``0.1``.
        etas (tuple[float, float]): ``(etaminus, etaplus)``, with 0 < etaminus < 1 < etaplus.
            Default: ``(0.5, 1.2)``.
        step_sizes (tuple[float, float]): the smallest and the largest step size. Default:
            ``(1e-6, 50.0)``.
        weight_decay (Union[float, int]): the L2 penalty added to the gradient (without groups
            not to 'beta'/'gamma' parameters). Default: ``0.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        TypeError: ``etas`` or ``step_sizes`` is not a tuple, or an element is not a float.
        ValueError: ``etas`` or ``step_sizes`` does not have 2 elements, etaminus is not in
            (0, 1), etaplus is not above 1 or the smallest step size is above the largest.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 1.0], np.float32)), name="w")
        >>> opt = ms.nn.Rprop([w], learning_rate=0.1)
        >>> for g in ([1.0, 1.0], [1.0, -1.0]):
        ...     _ = opt((ms.Tensor(np.array(g, np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [0.78 0.9 ]
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.0),
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        owner = type(self).__name__
        if not isinstance(etas, tuple):
            raise TypeError("For Rprop, etas must be a tuple, but got {}.".format(type(etas)))
        if len(etas) != 2:
            raise ValueError("For Rprop, etas must be a tuple with the size of 2, but got {}."
                             .format(len(etas)))
        if not isinstance(step_sizes, tuple):
            raise TypeError("For Rprop, step_sizes must be a tuple, but got {}."
                            .format(type(step_sizes)))
        if len(step_sizes) != 2:
            raise ValueError("For Rprop, step_sizes must be a tuple with the size of 2, but got "
                             "{}.".format(len(step_sizes)))
        if step_sizes[0] > step_sizes[1]:
            raise ValueError("For Rprop, maximal step size should not be less than minimal step "
                             "size, but got {} > {}.".format(step_sizes[0], step_sizes[1]))
        validator.check_float_range(etas[0], 0.0, 1.0, validator.INC_NEITHER, "etaminus", owner)
        validator.check_value_type("etaplus", etas[1], [float], owner)
        if etas[1] <= 1.0:
            raise ValueError("For Rprop, etaplus must be greater than 1.0, but got etaplus {}."
                             .format(etas[1]))
        validator.check_value_type("min_step_sizes", step_sizes[0], [float], owner)
        validator.check_value_type("max_step_sizes", step_sizes[1], [float], owner)
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = self.clone_state("prev")
        self.step_size = self.clone_state("step_size")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        self._step_done()
        first = F.equal(F.reshape(self.global_step, ()), 1)
        for p, g, prev, size, lr, wd in zip(self.parameters, gradients, self.prev,
                                            self.step_size, lrs, self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            # float16/bfloat16 parameters are updated in their dtype, others in float32
            dt = p.dtype if p.dtype in (mstype.float16, mstype.bfloat16) else mstype.float32
            g32, size32 = F.cast(g, dt), F.cast(size, dt)
            size32 = F.select(F.broadcast_to(first, size32.shape),
                              F.mul(F.ones_like(size32), F.cast(lr, dt)), size32)
            agree = F.sign(F.mul(g32, F.cast(prev, dt)))
            ones = F.ones_like(agree)
            factor = F.select(F.greater(agree, 0.0), ones * self.etaplus,
                              F.select(F.less(agree, 0.0), ones * self.etaminus, ones))
            size32 = F.clip_by_value(F.mul(size32, factor), self.step_size_min,
                                     self.step_size_max)
            flipped = F.less(agree, 0.0)
            g32 = F.select(flipped, F.zeros_like(g32), g32)
            F.assign(p, F.cast(F.sub(F.cast(p, dt), F.mul(F.sign(g32), size32)), p.dtype))
            F.assign(prev, F.cast(g32, prev.dtype))
            F.assign(size, F.cast(size32, size.dtype))
        return True
