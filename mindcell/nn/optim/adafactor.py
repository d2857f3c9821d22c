"""AdaFactor: Adam-like steps with a factored (row and column) second moment for matrices,
update clipping and a relative step size."""
import numbers

import numpy as np

from mindcell import _checkparam as validator
from mindcell import dtype as mstype
from mindcell.common.parameter import Parameter, ParameterTuple
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register
from mindcell.ops import functional as F


def _rms(x):
    return F.sqrt(F.reduce_mean(F.square(x)))


class AdaFactor(Optimizer):
    r"""AdaFactor(params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0,
    decay_rate=0.8, beta1=0.9, weight_decay=0.0, scale_parameter=True, relative_step=True,
    warmup_init=False, compression=False, loss_scale=1.0): the Adafactor optimizer (Shazeer and
    Stern, 2018).

    At step :math:`t`, with :math:`\hat\beta_2 = 1 - t^{-decay\_rate}`: the second moment of
    :math:`g^2 + eps_1` is kept per row and per column for a parameter of 2 or more dimensions
    (``exp_avg_sq_row_<p>``, ``exp_avg_sq_col_<p>``), per element otherwise
    (``exp_avg_sq_<p>``); the update :math:`u = g / \sqrt{\hat v}` is divided by
    :math:`\max(1, RMS(u) / clip\_threshold)` and scaled by the rate; with ``beta1`` > 0 it is
    averaged into ``exp_avg.<p>``; then :math:`w = w - w \cdot weight\_decay \cdot rate - u`.
    The rate is ``learning_rate``, or with ``relative_step`` :math:`\min(0.01, 1/\sqrt t)`
    (``warmup_init``: :math:`\min(10^{-6} t, 1/\sqrt t)`), times :math:`\max(eps_2, RMS(w))`
    with ``scale_parameter``. The step count is the Parameter ``afactor_step``.

    As in MindSpore, weight decay applies to every parameter, and a ``learning_rate`` that is
    not a number (a Tensor, list or schedule) turns off the relative step and the parameter
    scaling. As in MindSpore 2.10, the gradients are not divided by ``loss_scale`` (AdaFactor's
    update is normalised by its RMS, so a scale changes only the ``eps`` terms).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`; a group cannot set its own 'lr' or 'weight_decay').
        learning_rate (Union[float, int, Tensor, LearningRateSchedule, None]): a fixed rate
            (needs ``relative_step=False``), or None for the relative step. Default: ``None``.
        eps (tuple[float, float]): ``(eps1, eps2)``, non-negative: added to :math:`g^2`, and
            the least parameter scale. Default: ``(1e-30, 1e-3)``.
        clip_threshold (float): the update's RMS threshold, non-negative. Default: ``1.0``.
        decay_rate (float): in (0, 1). Default: ``0.8``.
        beta1 (Union[float, int, None]): the first moment's decay; 0 or None keeps no first
            moment. Default: ``0.9``.
        weight_decay (float): in [0, 1). Default: ``0.0``.
        scale_parameter (bool): scale the rate by the parameter's RMS. Default: ``True``.
        relative_step (bool): the step-dependent rate. Default: ``True``.
        warmup_init (bool): the warm-up form of the relative step. Default: ``False``.
        compression (bool): keep the per-element second moment in float16. Default:
            ``False``.
        loss_scale (float): positive; see above. Default: ``1.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        TypeError: an argument has the wrong type (``eps`` not a tuple or list of floats,
            ``clip_threshold`` or ``decay_rate`` not a float, a flag not a bool).
        ValueError: ``learning_rate`` is given with ``relative_step``, neither is given,
            ``warmup_init`` is set without ``relative_step``, ``eps`` does not have 2 values,
            a value is out of its range, or a parameter group sets 'lr' or 'weight_decay'.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.ones((2, 2), np.float32)), name="w")
        >>> opt = ms.nn.AdaFactor([w], learning_rate=0.1, relative_step=False,
        ...                       scale_parameter=False, beta1=None)
        >>> _ = opt((ms.Tensor(np.array([[1.0, -1.0], [2.0, 0.5]], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [[0.9262 1.1475]
         [0.8988 0.9494]]
        >>> sorted(p.name for p in opt.exp_avg_sq_row)
        ['exp_avg_sq_row_w']
    """

    _filter_decay = False  # the decay is AdaFactor's own, on every parameter

    @opt_init_args_register
    def __init__(self, params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0,
                 decay_rate=0.8, beta1=0.9, weight_decay=0.0, scale_parameter=True,
                 relative_step=True, warmup_init=False, compression=False, loss_scale=1.0):
        if learning_rate is not None and relative_step:
            raise ValueError("AdaFactor: cannot combine a manual learning_rate (%r) with "
                             "relative_step=True" % (learning_rate,))
        if warmup_init and not relative_step:
            raise ValueError("AdaFactor: warmup_init requires relative_step=True")
        if learning_rate is None and not relative_step:
            raise ValueError("AdaFactor: learning_rate is None and relative_step=False: give "
                             "one of them")
        if learning_rate is None:
            learning_rate = 0.0
        if beta1 is None:
            beta1 = 0.0
        self.scale_lr = isinstance(learning_rate, numbers.Real) and \
            not isinstance(learning_rate, bool)
        owner = type(self).__name__
        validator.check_float_range(weight_decay, 0, 1, validator.INC_LEFT, "weight_decay",
                                    owner) if isinstance(weight_decay, numbers.Real) else None
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        for group in (params if self.is_group else ()):
            own = sorted(k for k in ("lr", "weight_decay") if k in group)
            if own:
                # MindSpore 2.10 fails at the first step with a group 'lr' and ignores a group
                # 'weight_decay' (its own weight_decay applies to every parameter)
                raise ValueError("AdaFactor: a parameter group cannot set %s: AdaFactor uses its "
                                 "learning_rate (or relative step) and its weight_decay for "
                                 "every parameter" % " or ".join(repr(k) for k in own))
        validator.check_value_type("eps", eps, [list, tuple], owner)
        if len(eps) != 2:
            raise ValueError("eps must have 2 value: (eps1, eps2).")
        for i, e in enumerate(eps):
            validator.check_value_type("eps{}".format(i), e, [float], owner)
            validator.check_non_negative_float(e, "eps{}".format(i), owner)
        validator.check_value_type("clip_threshold", clip_threshold, [float], owner)
        validator.check_non_negative_float(clip_threshold, "clip_threshold", owner)
        validator.check_value_type("decay_rate", decay_rate, [float], owner)
        validator.check_float_range(decay_rate, 0, 1, validator.INC_NEITHER, "decay_rate", owner)
        validator.check_float_range(weight_decay, 0, 1, validator.INC_LEFT, "weight_decay", owner)
        for name, flag in (("scale_parameter", scale_parameter), ("relative_step", relative_step),
                           ("compression", compression)):
            validator.check_value_type(name, flag, [bool], owner)
        validator.check_value_type("beta1", beta1, [int, float], owner)
        validator.check_non_negative_float(float(beta1), "beta1", owner)
        self.eps = tuple(float(e) for e in eps)
        self.clip_threshold, self.decay_rate = float(clip_threshold), float(decay_rate)
        self.beta1 = float(beta1)
        self.weight_decay_value = float(weight_decay)
        self.scale_parameter = scale_parameter and self.scale_lr
        self.relative_step, self.warmup_init = relative_step, warmup_init
        self.compression = compression
        self.use_first_moment = self.beta1 > 0
        self._init_state()
        self.step = Parameter(Tensor(np.zeros((1,), np.float32)), name="afactor_step")

    def _init_state(self):
        """exp_avg.<p> (with a first moment), and per parameter exp_avg_sq_row_<p>,
        exp_avg_sq_col_<p> and exp_avg_sq_<p>: the factored moments of a parameter of 2+
        dimensions, the per-element moment otherwise (the unused ones of shape (1,))."""
        # MindSpore keeps an unnamed placeholder when there is no first moment; nothing here
        self.exp_avg = self.clone_state("exp_avg") if self.use_first_moment else ()
        rows, cols, full = [], [], []

        def zeros(shape, dtype, name):
            return Parameter(Tensor(np.zeros(shape, dtype)), name=name)
        for p in self.parameters:
            shape, dt, name = tuple(p.shape), p._np_dtype, p.name
            if len(shape) > 1:
                rows.append(zeros(shape[:-1], dt, "exp_avg_sq_row_" + name))
                cols.append(zeros(shape[:-2] + shape[-1:], dt, "exp_avg_sq_col_" + name))
                full.append(zeros((1,), dt, "exp_avg_sq_" + name))
            else:
                rows.append(zeros((1,), dt, "exp_avg_sq_row_" + name))
                cols.append(zeros((1,), dt, "exp_avg_sq_col_" + name))
                full.append(zeros(shape, np.float16 if self.compression else dt,
                                  "exp_avg_sq_" + name))
        self.exp_avg_sq_row = ParameterTuple(rows)
        self.exp_avg_sq_col = ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(full)

    @Optimizer.target.setter
    def target(self, value):
        """'CPU' (the only target here); see Optimizer._set_base_target."""
        self._set_base_target(value)

    def construct(self, gradients):
        owner = type(self).__name__
        if not isinstance(gradients, (tuple, list)) or len(gradients) != len(self.parameters):
            self._check_grads(gradients)  # raises, naming what is wrong
        self._check_each_grad(gradients, owner)
        lr = self._lr_tensor(self.group_lr[0])
        self._step_done()
        F.assign_add(self.step, Tensor(np.ones((1,), np.float32)))
        step = F.reshape(self.step, ())
        if self.scale_lr and self.relative_step:
            least = F.mul(step, 1e-6) if self.warmup_init else 0.01
            lr = F.minimum(least, F.div(1.0, F.sqrt(step)))
        beta2t = F.sub(1.0, F.pow(step, -self.decay_rate))
        for i, (p, g) in enumerate(zip(self.parameters, gradients)):
            self._update(p, g, lr, beta2t, i)
        return True

    def _update(self, p, g, lr, beta2t, i):
        """One parameter's AdaFactor step (computed in float32 for float16 tensors)."""
        g = F.cast(g, mstype.float32) if g.dtype == mstype.float16 else g
        w = F.cast(p, mstype.float32) if p.dtype == mstype.float16 else p
        rate = F.mul(lr, F.maximum(_rms(w), self.eps[1])) if self.scale_parameter else lr
        sq = F.add(F.square(g), self.eps[0])
        keep = F.sub(1.0, beta2t)
        if len(p.shape) >= 2:
            row, col = self.exp_avg_sq_row[i], self.exp_avg_sq_col[i]
            new_row = F.add(F.mul(F.cast(row, g.dtype), beta2t),
                            F.mul(F.reduce_mean(sq, -1), keep))
            new_col = F.add(F.mul(F.cast(col, g.dtype), beta2t),
                            F.mul(F.reduce_mean(sq, -2), keep))
            F.assign(row, F.cast(new_row, row.dtype))
            F.assign(col, F.cast(new_col, col.dtype))
            r = F.rsqrt(F.div(new_row, F.reduce_mean(new_row, -1, True)))
            u = F.mul(F.mul(F.expand_dims(r, -1), F.expand_dims(F.rsqrt(new_col), -2)), g)
        else:
            full = self.exp_avg_sq[i]
            new = F.add(F.mul(F.cast(full, g.dtype), beta2t), F.mul(sq, keep))
            F.assign(full, F.cast(new, full.dtype))
            u = F.mul(F.rsqrt(new), g)
        clip = F.maximum(F.div(_rms(u), self.clip_threshold), 1.0)
        u = F.mul(F.div(u, clip), rate)
        if self.use_first_moment:
            m = self.exp_avg[i]
            new_m = F.add(F.mul(F.cast(m, g.dtype), self.beta1), F.mul(u, 1.0 - self.beta1))
            F.assign(m, F.cast(new_m, m.dtype))
            u = new_m
        if self.weight_decay_value:
            w = F.sub(w, F.mul(F.mul(w, self.weight_decay_value), rate))
        F.assign(p, F.cast(F.sub(w, u), p.dtype))
