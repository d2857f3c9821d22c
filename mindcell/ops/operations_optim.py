"""Primitive classes of the optimizer updates nn.AdaMax and nn.ProximalAdagrad use
(``ops.ApplyAdaMax``, ``ops.ApplyProximalAdagrad``, ``ops.SparseApplyProximalAdagrad``): they
update their Parameter inputs in place with the same rules as the optimizers."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.ops._errors import check_bool, show
from mindcell.ops._prim_attrs import AttrPrimitive


def _state(op, names, tensors, params):
    """Float Tensors of one shape (the first is the reference); the first ``params`` are the
    Parameters the step updates in place."""
    for k, (name, t) in enumerate(zip(names, tensors)):
        if k < params and not isinstance(t, Parameter):
            raise TypeError("For '%s', '%s' must be a Parameter (it is updated in place), but "
                            "got %s" % (op, name, show(t)))
        if not isinstance(t, Tensor):
            raise TypeError("For '%s', '%s' must be a Tensor, but got %s" % (op, name, show(t)))
        if not mstype.is_floating(t.dtype):
            raise TypeError("For '%s', '%s' must be a float tensor, but got %s"
                            % (op, name, t.dtype))
    want = tuple(tensors[0].shape)
    for name, t in zip(names[1:], tensors[1:]):
        if tuple(t.shape) != want:
            raise ValueError("For '%s', '%s' must have the shape of '%s' %s, but got %s"
                             % (op, name, names[0], want, tuple(t.shape)))


def _scalar(op, name, value, dtype, max_rank=1):
    """A float or a Tensor of rank <= ``max_rank`` holding one value, as a 0-d Tensor."""
    if isinstance(value, Tensor):
        if value.ndim > max_rank or value.size != 1:
            raise ValueError("For primitive[%s], '%s' must be a scalar (rank <= %d, one value), "
                             "but got shape %s" % (op, name, max_rank, tuple(value.shape)))
        return F.cast(F.reshape(value, ()), dtype)
    if isinstance(value, bool) or not isinstance(value, (float, int)):
        raise TypeError("For primitive[%s], '%s' must be a float or a Tensor, but got %s"
                        % (op, name, show(value)))
    return Tensor(np.array(value, np.float32)).astype(dtype)


class ApplyAdaMax(AttrPrimitive):
    r"""ApplyAdaMax()(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad): one AdaMax step
    that updates the Parameters ``var``, ``m`` and ``v`` in place:

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \max(\beta_2 v, |g|), \quad
        var = var - \frac{lr}{1 - \beta_1^t} \frac{m}{v + \epsilon}

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **m** (Parameter) - the first moment, var's shape.
        - **v** (Parameter) - the infinity norm, var's shape.
        - **beta1_power** (Union[float, Tensor]) - :math:`\beta_1^t` (a Tensor of rank 0 or 1
          with one value).
        - **lr** (Union[float, Tensor]) - the learning rate.
        - **beta1** (Union[float, Tensor]) - the first moment's decay.
        - **beta2** (Union[float, Tensor]) - the norm's decay.
        - **epsilon** (Union[float, Tensor]) - added to the denominator.
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, m, v)``.

    Raises:
        TypeError: a state input is not a float Tensor, or a scalar is not a float or Tensor.
        ValueError: ``m``, ``v`` or ``grad`` does not have var's shape, or a scalar Tensor has
            more than one value.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> m = Parameter(Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = Parameter(Tensor(np.zeros(2, np.float32)), name="v")
        >>> _ = ops.ApplyAdaMax()(var, m, v, 0.9, 0.1, 0.9, 0.999, 1e-8,
        ...                       Tensor(np.array([0.5, -1.0], np.float32)))
        >>> print(np.round(var.asnumpy(), 4))
        [0.9 2.1]
    """

    def __init__(self):
        super().__init__()
        self.set_attrs(flags={"side_effect_mem": True})

    def __call__(self, var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
        op = "ApplyAdaMax"
        _state(op, ("var", "m", "v", "grad"), (var, m, v, grad), 3)
        dt = var.dtype
        b1p, lr, b1, b2, eps = (_scalar(op, n, x, dt) for n, x in (
            ("beta1_power", beta1_power), ("lr", lr), ("beta1", beta1), ("beta2", beta2),
            ("epsilon", epsilon)))
        adamax_step(var, m, v, b1p, lr, b1, b2, eps, F.cast(grad, dt))
        return tuple(F.mul(t, 1) for t in (var, m, v))  # copies of the new values


def adamax_step(var, m, v, beta1_power, lr, beta1, beta2, eps, grad):
    """One AdaMax step on the Parameters ``var``, ``m`` and ``v`` (see ApplyAdaMax; nn.AdaMax
    uses it too)."""
    F.assign(m, F.add(F.mul(m, beta1), F.mul(grad, F.sub(1.0, beta1))))
    F.assign(v, F.maximum(F.mul(v, beta2), F.abs(grad)))
    step = F.div(F.mul(F.div(lr, F.sub(1.0, beta1_power)), m), F.add(v, eps))
    F.assign_sub(var, F.cast(step, var.dtype))


def proximal_adagrad_values(var, accum, lr, l1, l2, grad):
    """(var, accum) after one proximal Adagrad step (see ApplyProximalAdagrad; nn.ProximalAdagrad
    uses it too)."""
    accum = F.add(accum, F.square(grad))
    rate = F.div(lr, F.sqrt(accum))
    prox = F.sub(var, F.mul(rate, grad))
    shrunk = F.maximum(F.sub(F.abs(prox), F.mul(rate, l1)), F.zeros_like(prox))
    return F.div(F.mul(F.sign(prox), shrunk), F.add(F.mul(rate, l2), 1.0)), accum


_PROXIMAL_DOC = r"""

    .. math::
        accum = accum + g^2, \quad a = \frac{lr}{\sqrt{accum}}, \quad p = var - a g, \quad
        var = \frac{\mathrm{sign}(p)}{1 + a \cdot l2} \max(|p| - a \cdot l1, 0)
"""


class ApplyProximalAdagrad(AttrPrimitive):
    __doc__ = r"""ApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad): one
    proximal Adagrad step that updates the Parameters ``var`` and ``accum`` in place:""" + \
        _PROXIMAL_DOC + r"""
    Args:
        use_locking (bool): MindSpore's lock flag (one process updates serially). Default:
            ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a 0-d Tensor).
        - **l1** (Union[float, Tensor]) - the L1 strength (0-d).
        - **l2** (Union[float, Tensor]) - the L2 strength (0-d).
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, accum)``.

    Raises:
        TypeError: ``use_locking`` is not a bool, a state input is not a float Tensor or a
            scalar is not a float or Tensor.
        ValueError: ``accum`` or ``grad`` does not have var's shape, or ``lr``, ``l1`` or
            ``l2`` is a Tensor that is not 0-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 0.01], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.zeros(2, np.float32)), name="accum")
        >>> _ = ops.ApplyProximalAdagrad()(var, accum, 0.1, 0.05, 0.0,
        ...                                Tensor(np.array([2.0, 0.1], np.float32)))
        >>> print(np.round(var.asnumpy(), 4))
        [ 0.8975 -0.04  ]
    """

    def __init__(self, use_locking=False):
        super().__init__()
        self.set_attrs(use_locking=check_bool(use_locking, "ApplyProximalAdagrad",
                                              "use_locking"),
                       flags={"side_effect_mem": True})

    def __call__(self, var, accum, lr, l1, l2, grad):
        op = "ApplyProximalAdagrad"
        _state(op, ("var", "accum", "grad"), (var, accum, grad), 2)
        lr, l1, l2 = (_scalar(op, n, x, var.dtype, 0) for n, x in (("lr", lr), ("l1", l1),
                                                                  ("l2", l2)))
        new_var, new_accum = proximal_adagrad_values(var, accum, lr, l1, l2,
                                                     F.cast(grad, var.dtype))
        F.assign(accum, new_accum)
        F.assign(var, new_var)
        return F.mul(var, 1), F.mul(accum, 1)  # copies of the new values


class SparseApplyProximalAdagrad(AttrPrimitive):
    __doc__ = r"""SparseApplyProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad,
    indices): the proximal Adagrad step of :class:`ApplyProximalAdagrad` on the rows
    ``indices`` of ``var`` and ``accum`` only (``grad`` holds one row per index):""" + \
        _PROXIMAL_DOC + r"""
    MindSpore 2.10's CPU build has no kernel for this primitive (it raises RuntimeError
    'Unsupported op'); the rule here is the one of its documentation. The indices must be
    distinct (eagerly, repeated indices raise ValueError).

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float, rank >= 1.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (0-d).
        - **l1** (Union[float, Tensor]) - the L1 strength (0-d).
        - **l2** (Union[float, Tensor]) - the L2 strength (0-d).
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d, in ``[0, var.shape[0])``.

    Outputs:
        Tuple of the updated ``(var, accum)``.

    Raises:
        TypeError: ``use_locking`` is not a bool, ``indices`` is not an int Tensor.
        ValueError: shapes that do not match, an index out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([[1.0], [0.01], [3.0]], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.zeros((3, 1), np.float32)), name="accum")
        >>> _ = ops.SparseApplyProximalAdagrad()(var, accum, 0.1, 0.05, 0.0,
        ...     Tensor(np.array([[2.0], [0.1]], np.float32)), Tensor(np.array([0, 1], np.int32)))
        >>> print(np.round(var.asnumpy(), 4).ravel())
        [ 0.8975 -0.04    3.    ]
    """

    def __init__(self, use_locking=False):
        super().__init__()
        self.set_attrs(use_locking=check_bool(use_locking, "SparseApplyProximalAdagrad",
                                              "use_locking"),
                       flags={"side_effect_mem": True})

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        op = "SparseApplyProximalAdagrad"
        _state(op, ("var", "accum"), (var, accum), 2)
        if not isinstance(grad, Tensor) or not mstype.is_floating(grad.dtype):
            raise TypeError("For '%s', 'grad' must be a float Tensor, but got %s"
                            % (op, show(grad)))
        if not isinstance(indices, Tensor) or indices.dtype not in (mstype.int32, mstype.int64):
            raise TypeError("For '%s', 'indices' must be an int32 or int64 Tensor, but got %s"
                            % (op, show(indices)))
        if var.ndim < 1 or indices.ndim != 1 or tuple(grad.shape) != \
                (indices.shape[0],) + tuple(var.shape[1:]):
            raise ValueError("For '%s', 'indices' must be 1-d and 'grad' of shape (len(indices),)"
                             " + var.shape[1:] = %s, but got indices %s and grad %s"
                             % (op, (indices.shape[0] if indices.ndim == 1 else "?",)
                                + tuple(var.shape[1:]), tuple(indices.shape),
                                tuple(grad.shape)))
        if not _trace.current().is_graph:
            idx = indices.asnumpy()
            if idx.size and (idx.min() < 0 or idx.max() >= var.shape[0]):
                raise ValueError("For '%s', 'indices' must be in [0, %d), but got %s"
                                 % (op, var.shape[0], idx.tolist()))
            if len(np.unique(idx)) != len(idx):
                raise ValueError("For '%s', 'indices' must be distinct, but got %s"
                                 % (op, idx.tolist()))
        lr, l1, l2 = (_scalar(op, n, x, var.dtype, 0) for n, x in (("lr", lr), ("l1", l1),
                                                                  ("l2", l2)))
        rows_var, rows_acc = F.gather(var, indices, 0), F.gather(accum, indices, 0)
        new_var, new_acc = proximal_adagrad_values(rows_var, rows_acc, lr, l1, l2,
                                                   F.cast(grad, var.dtype))
        where = F.expand_dims(indices, -1)
        F.assign(accum, F.tensor_scatter_update(accum, where, new_acc))
        F.assign(var, F.tensor_scatter_update(var, where, new_var))
        return F.mul(var, 1), F.mul(accum, 1)  # copies of the new values


class ApplyMomentum(AttrPrimitive):
    r"""ApplyMomentum(use_nesterov=False, use_locking=False, gradient_scale=1.0)(variable,
    accumulation, learning_rate, gradient, momentum): one momentum step that updates the
    Parameters ``variable`` and ``accumulation`` in place (the step nn.Momentum takes):

    .. math::
        accum = momentum \cdot accum + g, \quad var = var - lr \cdot accum

    With ``use_nesterov`` it takes ``var = var - lr (g + momentum \cdot accum)``.

    Args:
        use_nesterov (bool): take Nesterov's step. Default: ``False``.
        use_locking (bool): MindSpore's lock flag (one process updates serially). Default:
            ``False``.
        gradient_scale (float): multiplies the gradient first. Default: ``1.0``.

    Inputs:
        - **variable** (Parameter) - the weights, float.
        - **accumulation** (Parameter) - the momentum buffer, variable's shape.
        - **learning_rate** (Union[float, Tensor]) - the learning rate.
        - **gradient** (Tensor) - the gradient, variable's shape.
        - **momentum** (Union[float, Tensor]) - the momentum.

    Outputs:
        Tensor, the updated ``variable``.

    Raises:
        TypeError: a flag is not a bool, ``gradient_scale`` is not a float, a state input is not
            a float Tensor (variable and accumulation Parameters), or a scalar is not a float or
            Tensor.
        ValueError: the shapes differ, or a scalar Tensor has more than one value.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> acc = Parameter(Tensor(np.array([0.5, 0.5], np.float32)), name="acc")
        >>> out = ops.ApplyMomentum()(var, acc, 0.1, Tensor(np.ones(2, np.float32)), 0.9)
        >>> print(out, acc.asnumpy())
        [0.855 1.855] [1.45 1.45]
    """

    def __init__(self, use_nesterov=False, use_locking=False, gradient_scale=1.0):
        super().__init__()
        self.use_nesterov = check_bool(use_nesterov, "ApplyMomentum", "use_nesterov")
        self.use_locking = check_bool(use_locking, "ApplyMomentum", "use_locking")
        if isinstance(gradient_scale, bool) or not isinstance(gradient_scale, float):
            raise TypeError("For 'ApplyMomentum', the type of 'gradient_scale' should be "
                            "'float', but got type '%s'." % type(gradient_scale).__name__)
        self.gradient_scale = gradient_scale
        self.set_attrs(flags={"side_effect_mem": True})

    def __call__(self, variable, accumulation, learning_rate, gradient, momentum):
        op = "ApplyMomentum"
        _state(op, ("variable", "accumulation", "gradient"),
               (variable, accumulation, gradient), 2)
        dt = variable.dtype
        lr, mom = (_scalar(op, n, x, dt) for n, x in (("learning_rate", learning_rate),
                                                       ("momentum", momentum)))
        g = F.cast(gradient, dt)
        if self.gradient_scale != 1.0:
            g = F.mul(g, self.gradient_scale)
        F.assign(accumulation, F.add(F.mul(accumulation, mom), g))
        step = F.add(g, F.mul(mom, accumulation)) if self.use_nesterov else accumulation
        F.assign_sub(variable, F.mul(lr, step))
        return F.identity(variable)  # the new value as a Tensor, as MindSpore returns it



# ---------------------------------------------------------------------------------------------
# The other optimizer updates of MindSpore 2.10 (ApplyAdagrad, ApplyFtrl, SGD ...). Their state
# inputs are updated in place: Parameters always, plain Tensors too when the call runs eagerly
# (MindSpore's CPU kernels write into any Tensor handed to them); each returns the new values as
# Tensors, in MindSpore's order.


def _inplace(op, names, tensors, params):
    """Checks the state inputs like ``_state``, but the first ``params`` may be plain Tensors
    when the call runs eagerly (they are written in place then)."""
    graph = _trace.current().is_graph
    for k, (name, t) in enumerate(zip(names, tensors)):
        if k < params and graph and not isinstance(t, Parameter):
            raise TypeError("For '%s', '%s' must be a Parameter inside a compiled function (it "
                            "is updated in place), but got %s" % (op, name, show(t)))
    _state(op, names, tensors, 0)


def _snapshot(t):
    """The Tensor's values now, in memory of their own (MindSpore 2.10's optimizer primitives
    return such copies: a later step does not change them)."""
    return F.mul(t, 1)


def _write(t, value):
    """``t`` takes ``value`` in its own memory (ops.assign, Parameter or plain Tensor): a view
    such as the row ``vmap`` hands each example writes through to its base, as MindSpore's
    kernels write into the Tensor's memory."""
    F.assign(t, F.cast(value, t.dtype))


def _scalars(op, dtype, pairs, max_rank=1):
    return [_scalar(op, n, x, dtype, max_rank) for n, x in pairs]


def _float_attr(op, name, value):
    if isinstance(value, bool) or not isinstance(value, (float, int)):
        raise TypeError("For '%s', '%s' must be a float, but got %s" % (op, name, show(value)))
    return float(value)


class _OptimPrimitive(AttrPrimitive):
    """An in-place optimizer step: ``_inputs`` names the call's inputs, the first ``_params`` of
    them are the state written in place, ``_shaped`` more have var's shape (the gradient), and
    ``_rule`` maps (state, scalars, gradient) to the new state; the call returns the first
    ``_returns`` new values."""
    _inputs, _params, _shaped, _returns = (), 1, (), 1

    def __call__(self, *args):
        op = self.name
        if len(args) != len(self._inputs):
            raise TypeError("For '%s', the call takes %d inputs (%s), but got %d"
                            % (op, len(self._inputs), ", ".join(self._inputs), len(args)))
        named = dict(zip(self._inputs, args))
        state_names = self._inputs[:self._params] + tuple(self._shaped)
        _inplace(op, state_names, [named[n] for n in state_names], self._params)
        var = args[0]
        dt = var.dtype
        scalars = {n: _scalar(op, n, v, dt) for n, v in named.items()
                   if n not in state_names and n not in self._extra}
        state = [named[n] for n in self._inputs[:self._params]]
        shaped = {n: F.cast(named[n], dt) for n in self._shaped}
        new = self._rule(state, scalars, shaped, named)
        for t, value in zip(state, new):
            if value is not None:
                _write(t, value)
        out = tuple(_snapshot(t) for t in state[:self._returns])
        return out[0] if self._returns == 1 and self._single else out

    _extra = ()
    _single = True


def _locking(self, op, use_locking):
    _step_attrs(self, op, (), (("use_locking", use_locking),))


class ApplyGradientDescent(_OptimPrimitive):
    r"""ApplyGradientDescent()(var, alpha, delta): one gradient-descent step that updates
    ``var`` in place, :math:`var = var - \alpha \cdot \delta`.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **alpha** (Union[float, Tensor]) - the learning rate (a scalar).
        - **delta** (Tensor) - the change, var's shape.

    Outputs:
        Tensor, the updated ``var``.

    Raises:
        TypeError: ``var`` or ``delta`` is not a float Tensor, ``alpha`` is not a float or
            Tensor.
        ValueError: ``delta`` does not have var's shape, ``alpha`` holds more than one value.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> print(ops.ApplyGradientDescent()(var, 0.5, Tensor(np.array([1.0, -2.0], np.float32))))
        [0.5 3. ]
    """
    _inputs, _params, _shaped = ("var", "alpha", "delta"), 1, ("delta",)

    def __init__(self):
        super().__init__()
        self.set_attrs(flags={"side_effect_mem": True})

    @staticmethod
    def _rule(state, s, g, named):
        return [state[0] - s["alpha"] * g["delta"]]


def _prox(p, rate, l1, l2):
    return F.sign(p) * F.maximum(F.abs(p) - rate * l1, F.zeros_like(p)) / (1.0 + rate * l2)


class ApplyProximalGradientDescent(_OptimPrimitive):
    r"""ApplyProximalGradientDescent()(var, alpha, l1, l2, delta): one proximal gradient-descent
    step that updates ``var`` in place:

    .. math::
        p = var - \alpha \delta, \quad
        var = \frac{\mathrm{sign}(p)}{1 + \alpha \cdot l2} \max(|p| - \alpha \cdot l1, 0)

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **alpha** (Union[float, Tensor]) - the learning rate (a scalar).
        - **l1** (Union[float, Tensor]) - the L1 strength (a scalar).
        - **l2** (Union[float, Tensor]) - the L2 strength (a scalar).
        - **delta** (Tensor) - the change, var's shape.

    Outputs:
        Tensor, the updated ``var``.

    Raises:
        TypeError: ``var`` or ``delta`` is not a float Tensor, a scalar is not a float or
            Tensor.
        ValueError: ``delta`` does not have var's shape, a scalar holds more than one value.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 0.05], np.float32)), name="var")
        >>> out = ops.ApplyProximalGradientDescent()(var, 0.5, 0.2, 0.0,
        ...                                          Tensor(np.array([1.0, 0.0], np.float32)))
        >>> print(out)
        [0.4 0. ]
    """
    _inputs, _params, _shaped = ("var", "alpha", "l1", "l2", "delta"), 1, ("delta",)

    def __init__(self):
        super().__init__()
        self.set_attrs(flags={"side_effect_mem": True})

    @staticmethod
    def _rule(state, s, g, named):
        a = s["alpha"]
        return [_prox(state[0] - a * g["delta"], a, s["l1"], s["l2"])]


class ApplyAdagrad(_OptimPrimitive):
    r"""ApplyAdagrad(update_slots=True)(var, accum, lr, grad): one Adagrad
    step that updates ``var`` and ``accum`` in place:

    .. math::
        accum = accum + g^2, \quad var = var - lr \frac{g}{\sqrt{accum}}

    With ``update_slots=False`` ``accum`` is left as given, as MindSpore documents it (and as
    its SparseApplyAdagradV2 CPU kernel does); MindSpore 2.10's ApplyAdagrad CPU kernel
    updates ``accum`` regardless (ms-oracle).

    Args:
        update_slots (bool): whether ``accum`` takes :math:`g^2` (``False``: the step divides
            by the accumulator as given). Default: ``True``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, accum)``.

    Raises:
        TypeError: a flag is not a bool, a state input is not a float Tensor, ``lr`` is not a
            float or Tensor.
        ValueError: ``accum`` or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([0.0, 3.0], np.float32)), name="accum")
        >>> var_new, accum_new = ops.ApplyAdagrad()(var, accum, 0.1,
        ...                                         Tensor(np.array([2.0, -1.0], np.float32)))
        >>> print(var_new, accum_new)
        [0.9  2.05] [4. 4.]
    """
    _inputs, _params, _shaped, _returns, _single = ("var", "accum", "lr", "grad"), 2, \
        ("grad",), 2, False

    def __init__(self, update_slots=True):
        super().__init__()
        self.set_attrs(update_slots=check_bool(update_slots, self.name, "update_slots"))
        self.set_attrs(flags={"side_effect_mem": True})

    _eps = None

    def _rule(self, state, s, g, named):
        var, accum = state
        grad = g["grad"]
        if self.update_slots:
            accum = accum + grad * grad
        denom = F.sqrt(accum) if self._eps is None else F.sqrt(accum) + self._eps
        return [var - s["lr"] * grad / denom, accum if self.update_slots else None]


class ApplyAdagradV2(ApplyAdagrad):
    r"""ApplyAdagradV2(epsilon, update_slots=True)(var, accum, lr, grad):
    the Adagrad step of :class:`ApplyAdagrad` with ``epsilon`` added to the denominator,
    :math:`var = var - lr \frac{g}{\sqrt{accum} + \epsilon}`; ``var`` and ``accum`` are updated
    in place.

    Args:
        epsilon (float): added to the denominator.
        update_slots (bool): whether ``accum`` takes :math:`g^2`. Default: ``True``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, accum)``.

    Raises:
        TypeError: ``epsilon`` is not a float, a flag is not a bool, a state input is not a
            float Tensor.
        ValueError: ``accum`` or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([0.0, 3.0], np.float32)), name="accum")
        >>> var_new, _ = ops.ApplyAdagradV2(epsilon=1.0)(var, accum, 0.1,
        ...                                             Tensor(np.array([2.0, -1.0], np.float32)))
        >>> print(var_new)
        [0.93333334 2.0333333 ]
    """

    def __init__(self, epsilon, update_slots=True):
        AttrPrimitive.__init__(self)
        self.set_attrs(epsilon=_float_attr(self.name, "epsilon", epsilon),
                       update_slots=check_bool(update_slots, self.name, "update_slots"))
        self.set_attrs(flags={"side_effect_mem": True})
        self._eps = self.epsilon


class ApplyAdagradDA(_OptimPrimitive):
    r"""ApplyAdagradDA(use_locking=False)(var, gradient_accumulator,
    gradient_squared_accumulator, grad, lr, l1, l2, global_step): one Adagrad dual-averaging
    step that updates the three state inputs in place:

    .. math::
        ga = ga + g, \quad gs = gs + g^2, \quad
        t = \mathrm{sign}(ga) \max(|ga| - l1 \cdot step, 0) \text{ (} ga \text{ if } l1 \le 0),
        \quad var = \frac{-lr \cdot t}{l2 \cdot step \cdot lr + \sqrt{gs}}

    This is MindSpore's documented rule; its 2.10 CPU kernel (ms-oracle) computes
    :math:`t = \mathrm{sign}(ga) |ga - l1 \cdot step|` instead, which differs when ``l1 > 0``
    and :math:`ga < l1 \cdot step`.

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **gradient_accumulator** (Parameter) - ``ga``, var's shape.
        - **gradient_squared_accumulator** (Parameter) - ``gs``, var's shape.
        - **grad** (Tensor) - the gradient, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **l1** (Union[float, Tensor]) - the L1 strength (a scalar).
        - **l2** (Union[float, Tensor]) - the L2 strength (a scalar).
        - **global_step** (Union[int, Tensor]) - the step number (a scalar).

    Outputs:
        Tensor, the updated ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool, a state input is not a float Tensor.
        ValueError: a state input or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> ga = Parameter(Tensor(np.array([1.0, -1.0], np.float32)), name="ga")
        >>> gs = Parameter(Tensor(np.array([3.0, 0.0], np.float32)), name="gs")
        >>> print(ops.ApplyAdagradDA()(var, ga, gs, Tensor(np.array([1.0, -2.0], np.float32)),
        ...                            0.1, 0.0, 0.0, 1))
        [-0.1   0.15]
    """
    _inputs = ("var", "gradient_accumulator", "gradient_squared_accumulator", "grad", "lr",
               "l1", "l2", "global_step")
    _params, _shaped = 3, ("grad",)

    def __init__(self, use_locking=False):
        super().__init__()
        _locking(self, self.name, use_locking)

    @staticmethod
    def _rule(state, s, g, named):
        _, ga, gs = state
        grad = g["grad"]
        ga, gs = ga + grad, gs + grad * grad
        lr, l1, l2, step = s["lr"], s["l1"], s["l2"], s["global_step"]
        shrunk = F.sign(ga) * F.maximum(F.abs(ga) - l1 * step, F.zeros_like(ga))
        t = F.where(F.broadcast_to(l1 > 0, ga.shape), shrunk, ga)
        return [-t * lr / (l2 * step * lr + F.sqrt(gs)), ga, gs]


class ApplyAdamWithAmsgradV2(_OptimPrimitive):
    r"""ApplyAdamWithAmsgradV2(use_locking=False)(var, m, v, vhat, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, grad): one AMSGrad Adam step that updates ``var``, ``m``, ``v`` and
    ``vhat`` in place:

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \beta_2 v + (1 - \beta_2) g^2, \quad
        \hat v = \max(\hat v, v), \quad
        var = var - lr \frac{\sqrt{1 - \beta_2^t}}{1 - \beta_1^t}
        \frac{m}{\sqrt{\hat v} + \epsilon}

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **m** (Parameter) - the first moment, var's shape.
        - **v** (Parameter) - the second moment, var's shape.
        - **vhat** (Parameter) - the largest second moment so far, var's shape.
        - **beta1_power** (Union[float, Tensor]) - :math:`\beta_1^t` (a scalar).
        - **beta2_power** (Union[float, Tensor]) - :math:`\beta_2^t` (a scalar).
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **beta1** (Union[float, Tensor]) - the first moment's decay.
        - **beta2** (Union[float, Tensor]) - the second moment's decay.
        - **epsilon** (Union[float, Tensor]) - added to the denominator.
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, m, v, vhat)``.

    Raises:
        TypeError: ``use_locking`` is not a bool, a state input is not a float Tensor.
        ValueError: a state input or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var, m, v, vhat = (Parameter(Tensor(np.full(2, k, np.float32)), name=n)
        ...                    for k, n in ((1.0, "var"), (0.0, "m"), (0.0, "v"), (0.0, "vhat")))
        >>> out = ops.ApplyAdamWithAmsgradV2()(var, m, v, vhat, 0.9, 0.99, 0.1, 0.9, 0.99, 0.0,
        ...                                    Tensor(np.array([1.0, -1.0], np.float32)))
        >>> print(np.round(out[0].asnumpy(), 4))
        [0.9 1.1]
    """
    _inputs = ("var", "m", "v", "vhat", "beta1_power", "beta2_power", "lr", "beta1", "beta2",
               "epsilon", "grad")
    _params, _shaped, _returns, _single = 4, ("grad",), 4, False

    def __init__(self, use_locking=False):
        super().__init__()
        _locking(self, self.name, use_locking)

    @staticmethod
    def _rule(state, s, g, named):
        var, m, v, vhat = state
        grad, b1, b2 = g["grad"], s["beta1"], s["beta2"]
        m = b1 * m + (1.0 - b1) * grad
        v = b2 * v + (1.0 - b2) * grad * grad
        vhat = F.maximum(vhat, v)
        rate = s["lr"] * F.sqrt(1.0 - s["beta2_power"]) / (1.0 - s["beta1_power"])
        return [var - rate * m / (F.sqrt(vhat) + s["epsilon"]), m, v, vhat]


class ApplyAddSign(_OptimPrimitive):
    r"""ApplyAddSign()(var, m, lr, alpha, sign_decay, beta, grad): one AddSign
    step that updates ``var`` and ``m`` in place:

    .. math::
        m = \beta m + (1 - \beta) g, \quad
        var = var - lr (\alpha + d \cdot \mathrm{sign}(g) \mathrm{sign}(m)) g

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **m** (Parameter) - the moving average of the gradient, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **alpha** (Union[float, Tensor]) - :math:`\alpha` (a scalar).
        - **sign_decay** (Union[float, Tensor]) - :math:`d` (a scalar).
        - **beta** (Union[float, Tensor]) - the average's decay (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, m)``.

    Raises:
        TypeError: a state input is not a float Tensor.
        ValueError: ``m`` or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> m = Parameter(Tensor(np.array([1.0, 1.0], np.float32)), name="m")
        >>> var_new, m_new = ops.ApplyAddSign()(var, m, 0.1, 1.0, 0.5, 0.5,
        ...                                     Tensor(np.array([1.0, -4.0], np.float32)))
        >>> print(var_new, m_new)
        [0.85 2.6 ] [ 1.  -1.5]
    """
    _inputs = ("var", "m", "lr", "alpha", "sign_decay", "beta", "grad")
    _params, _shaped, _returns, _single = 2, ("grad",), 2, False

    def __init__(self):
        super().__init__()
        self.set_attrs(flags={"side_effect_mem": True})

    def _factor(self, s, agree):
        return s["alpha"] + s["sign_decay"] * agree

    def _rule(self, state, s, g, named):
        var, m = state
        grad, beta = g["grad"], s["beta"]
        m = beta * m + (1.0 - beta) * grad
        return [var - s["lr"] * self._factor(s, F.sign(grad) * F.sign(m)) * grad, m]


class ApplyPowerSign(ApplyAddSign):
    r"""ApplyPowerSign()(var, m, lr, logbase, sign_decay, beta, grad): one
    PowerSign step that updates ``var`` and ``m`` in place:

    .. math::
        m = \beta m + (1 - \beta) g, \quad
        var = var - lr \exp(logbase \cdot d \cdot \mathrm{sign}(g) \mathrm{sign}(m)) g

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **m** (Parameter) - the moving average of the gradient, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **logbase** (Union[float, Tensor]) - the log of the base (a scalar).
        - **sign_decay** (Union[float, Tensor]) - :math:`d` (a scalar).
        - **beta** (Union[float, Tensor]) - the average's decay (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, m)``.

    Raises:
        TypeError: a state input is not a float Tensor.
        ValueError: ``m`` or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> m = Parameter(Tensor(np.array([1.0, 1.0], np.float32)), name="m")
        >>> var_new, m_new = ops.ApplyPowerSign()(var, m, 0.1, 0.0, 0.5, 0.5,
        ...                                       Tensor(np.array([1.0, -4.0], np.float32)))
        >>> print(var_new, m_new)
        [0.9 2.4] [ 1.  -1.5]
    """
    _inputs = ("var", "m", "lr", "logbase", "sign_decay", "beta", "grad")

    def _factor(self, s, agree):
        return F.exp(s["logbase"] * s["sign_decay"] * agree)


class ApplyRMSProp(_OptimPrimitive):
    r"""ApplyRMSProp(use_locking=False)(var, mean_square, moment, learning_rate, grad, decay,
    momentum, epsilon): one RMSProp step that updates ``var``, ``mean_square`` and ``moment``
    in place:

    .. math::
        s = \rho s + (1 - \rho) g^2, \quad
        mom = momentum \cdot mom + lr \frac{g}{\sqrt{s + \epsilon}}, \quad var = var - mom

    (MindSpore 2.10's CPU kernel returns a Tensor of zeros while it updates ``var``; mindcell
    returns the updated ``var``, as its documentation says.)

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **mean_square** (Parameter) - :math:`s`, var's shape.
        - **moment** (Parameter) - :math:`mom`, var's shape.
        - **learning_rate** (Union[float, Tensor]) - the learning rate (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.
        - **decay** (float) - :math:`\rho`.
        - **momentum** (float) - the momentum.
        - **epsilon** (float) - added under the root.

    Outputs:
        Tensor, the updated ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool, a state input is not a float Tensor.
        ValueError: a state input or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> ms_ = Parameter(Tensor(np.array([0.0, 1.0], np.float32)), name="mean_square")
        >>> mom = Parameter(Tensor(np.zeros(2, np.float32)), name="moment")
        >>> print(ops.ApplyRMSProp()(var, ms_, mom, 0.1, Tensor(np.array([2.0, 1.0], np.float32)),
        ...                          0.0, 0.0, 0.0))
        [0.9 1.9]
    """
    _inputs = ("var", "mean_square", "moment", "learning_rate", "grad", "decay", "momentum",
               "epsilon")
    _params, _shaped = 3, ("grad",)

    def __init__(self, use_locking=False):
        super().__init__()
        _locking(self, self.name, use_locking)

    @staticmethod
    def _rule(state, s, g, named):
        var, msq, mom = state
        grad, rho = g["grad"], s["decay"]
        msq = rho * msq + (1.0 - rho) * grad * grad
        mom = s["momentum"] * mom + s["learning_rate"] * grad / F.sqrt(msq + s["epsilon"])
        return [var - mom, msq, mom]


class ApplyCenteredRMSProp(_OptimPrimitive):
    r"""ApplyCenteredRMSProp(use_locking=False)(var, mean_gradient, mean_square, moment, grad,
    learning_rate, decay, momentum, epsilon): one centered RMSProp step that updates ``var``,
    ``mean_gradient``, ``mean_square`` and ``moment`` in place:

    .. math::
        \bar g = \rho \bar g + (1 - \rho) g, \quad s = \rho s + (1 - \rho) g^2, \quad
        mom = momentum \cdot mom + lr \frac{g}{\sqrt{s - \bar g^2 + \epsilon}}, \quad
        var = var - mom

    Where :math:`s - \bar g^2 + \epsilon` is not positive, ``var`` and ``moment`` keep their
    values (as MindSpore 2.10's CPU kernel does). MindSpore's CPU kernel returns a Tensor of
    zeros while it updates ``var``; mindcell returns the updated ``var``, as MindSpore's
    documentation says.

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **mean_gradient** (Parameter) - :math:`\bar g`, var's shape.
        - **mean_square** (Parameter) - :math:`s`, var's shape.
        - **moment** (Parameter) - :math:`mom`, var's shape.
        - **grad** (Tensor) - the gradient, var's shape.
        - **learning_rate** (Union[float, Tensor]) - the learning rate (a scalar).
        - **decay** (float) - :math:`\rho`.
        - **momentum** (float) - the momentum.
        - **epsilon** (float) - added under the root.

    Outputs:
        Tensor, the updated ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool, a state input is not a float Tensor.
        ValueError: a state input or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> mg = Parameter(Tensor(np.zeros(2, np.float32)), name="mean_gradient")
        >>> msq = Parameter(Tensor(np.array([0.0, 3.0], np.float32)), name="mean_square")
        >>> mom = Parameter(Tensor(np.zeros(2, np.float32)), name="moment")
        >>> print(ops.ApplyCenteredRMSProp()(var, mg, msq, mom,
        ...                                  Tensor(np.array([2.0, 1.0], np.float32)),
        ...                                  0.1, 0.5, 0.0, 0.0))
        [0.8       1.9244071]
    """
    _inputs = ("var", "mean_gradient", "mean_square", "moment", "grad", "learning_rate",
               "decay", "momentum", "epsilon")
    _params, _shaped = 4, ("grad",)

    def __init__(self, use_locking=False):
        super().__init__()
        _locking(self, self.name, use_locking)

    @staticmethod
    def _rule(state, s, g, named):
        var, mg, msq, mom = state
        grad, rho = g["grad"], s["decay"]
        mg = rho * mg + (1.0 - rho) * grad
        msq = rho * msq + (1.0 - rho) * grad * grad
        denom = msq - mg * mg + s["epsilon"]
        new_mom = s["momentum"] * mom + s["learning_rate"] * grad / F.sqrt(denom)
        # where the centred variance is not positive MindSpore's kernel leaves var and moment
        ok = denom > 0
        return [F.where(ok, var - new_mom, var), mg, msq, F.where(ok, new_mom, mom)]


class ApplyAdadelta(_OptimPrimitive):
    r"""ApplyAdadelta()(var, accum, accum_update, lr, rho, epsilon, grad): one
    Adadelta step that updates ``var``, ``accum`` and ``accum_update`` in place:

    .. math::
        accum = \rho \cdot accum + (1 - \rho) g^2, \quad
        u = \frac{\sqrt{accum\_update + \epsilon}}{\sqrt{accum + \epsilon}} g, \quad
        accum\_update = \rho \cdot accum\_update + (1 - \rho) u^2, \quad var = var - lr \cdot u

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **accum** (Parameter) - the average of squared gradients, var's shape.
        - **accum_update** (Parameter) - the average of squared updates, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **rho** (Union[float, Tensor]) - the decay (a scalar).
        - **epsilon** (Union[float, Tensor]) - added under the roots (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, accum, accum_update)``.

    Raises:
        TypeError: a state input is not a float Tensor.
        ValueError: a state input or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.zeros(2, np.float32)), name="accum")
        >>> update = Parameter(Tensor(np.array([4.0, 1.0], np.float32)), name="accum_update")
        >>> out = ops.ApplyAdadelta()(var, accum, update, 0.5, 0.0, 0.0,
        ...                           Tensor(np.array([1.0, -2.0], np.float32)))
        >>> print(out[0], out[1], out[2])
        [0.  2.5] [1. 4.] [4. 1.]
    """
    _inputs = ("var", "accum", "accum_update", "lr", "rho", "epsilon", "grad")
    _params, _shaped, _returns, _single = 3, ("grad",), 3, False

    def __init__(self):
        super().__init__()
        self.set_attrs(flags={"side_effect_mem": True})

    @staticmethod
    def _rule(state, s, g, named):
        var, accum, update = state
        grad, rho, eps = g["grad"], s["rho"], s["epsilon"]
        accum = rho * accum + (1.0 - rho) * grad * grad
        u = F.sqrt(update + eps) / F.sqrt(accum + eps) * grad
        update = rho * update + (1.0 - rho) * u * u
        return [var - s["lr"] * u, accum, update]


def _ftrl(var, accum, linear, grad, lr, l1, l2, lr_power, l2_shrinkage=None):
    """(var, accum, linear) after one FTRL-proximal step; with ``l2_shrinkage`` the linear term
    takes ``grad + 2 * l2_shrinkage * var`` in place of ``grad``."""
    new_accum = accum + grad * grad
    power_new, power_old = F.pow(new_accum, -lr_power), F.pow(accum, -lr_power)
    shrunk = grad if l2_shrinkage is None else grad + 2.0 * l2_shrinkage * var
    linear = linear + shrunk - (power_new - power_old) / lr * var
    quadratic = power_new / lr + 2.0 * l2
    var = F.where(F.abs(linear) > l1, (F.sign(linear) * l1 - linear) / quadratic,
                  F.zeros_like(linear))
    return var, new_accum, linear


class ApplyFtrl(_OptimPrimitive):
    r"""ApplyFtrl(use_locking=False)(var, accum, linear, grad, lr, l1, l2, lr_power): one
    FTRL-proximal step that updates ``var``, ``accum`` and ``linear`` in place:

    .. math::
        a' = a + g^2, \quad linear = linear + g - \frac{a'^{-p} - a^{-p}}{lr} var, \quad
        var = \frac{\mathrm{sign}(linear) \cdot l1 - linear}{a'^{-p} / lr + 2 l2}
        \text{ if } |linear| > l1 \text{ else } 0

    with :math:`p` = ``lr_power``.

    This is MindSpore's documented rule, which its SparseApplyFtrl CPU kernel follows; its
    ApplyFtrl CPU kernel (2.10, ms-oracle) takes ``l1 - linear`` where ``linear < -l1``, i.e. a
    different value whenever ``l1 > 0`` and ``linear`` is negative.

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **accum** (Parameter) - :math:`a`, var's shape.
        - **linear** (Parameter) - the linear coefficient, var's shape.
        - **grad** (Tensor) - the gradient, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **l1** (Union[float, Tensor]) - the L1 strength (a scalar).
        - **l2** (Union[float, Tensor]) - the L2 strength (a scalar).
        - **lr_power** (Union[float, Tensor]) - :math:`p`, <= 0 (a scalar).

    Outputs:
        Tensor, the updated ``var``.

    Raises:
        TypeError: ``use_locking`` is not a bool, a state input is not a float Tensor.
        ValueError: a state input or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([1.0, 1.0], np.float32)), name="accum")
        >>> linear = Parameter(Tensor(np.zeros(2, np.float32)), name="linear")
        >>> print(ops.ApplyFtrl()(var, accum, linear, Tensor(np.array([0.0, 1.0], np.float32)),
        ...                       0.5, 0.0, 0.0, -0.5))
        [0.         0.23223302]
    """
    _inputs = ("var", "accum", "linear", "grad", "lr", "l1", "l2", "lr_power")
    _params, _shaped = 3, ("grad",)

    def __init__(self, use_locking=False):
        super().__init__()
        _locking(self, self.name, use_locking)

    @staticmethod
    def _rule(state, s, g, named):
        return list(_ftrl(*state, g["grad"], s["lr"], s["l1"], s["l2"], s["lr_power"]))


class SGD(_OptimPrimitive):
    r"""SGD(dampening=0.0, weight_decay=0.0, nesterov=False)(parameters, gradient,
    learning_rate, accum, momentum, stat): one step of stochastic gradient descent with
    momentum that updates ``parameters``, ``accum`` and ``stat`` in place, elementwise:

    .. math::
        g = gradient + wd \cdot p, \quad
        accum = g \text{ where } stat > 0 \text{, else } momentum \cdot accum + (1 - dampening) g,
        \quad p = p - lr \cdot accum \text{ (Nesterov: } p - lr (g + momentum \cdot accum))

    Args:
        dampening (float): scales the gradient added to ``accum``. Default: ``0.0``.
        weight_decay (float): :math:`wd`. Default: ``0.0``.
        nesterov (bool): take Nesterov's step (``dampening`` must then be 0). Default:
            ``False``.

    Inputs:
        - **parameters** (Parameter) - :math:`p`, float.
        - **gradient** (Tensor) - the gradient, the parameters' shape.
        - **learning_rate** (Union[float, Tensor]) - the learning rate (a scalar).
        - **accum** (Parameter) - the momentum buffer, the parameters' shape.
        - **momentum** (Union[float, Tensor]) - the momentum (a scalar).
        - **stat** (Parameter) - positive where the buffer starts (the first step), the
          parameters' shape.

    Outputs:
        Tensor, the updated ``parameters``.

    Raises:
        TypeError: ``dampening`` or ``weight_decay`` is not a float, ``nesterov`` is not a
            bool, a state input is not a float Tensor.
        ValueError: ``nesterov`` with a non-zero ``dampening``, or a shape differs.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> p = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="p")
        >>> accum = Parameter(Tensor(np.array([1.0, 1.0], np.float32)), name="accum")
        >>> stat = Parameter(Tensor(np.array([1.0, 0.0], np.float32)), name="stat")
        >>> print(ops.SGD()(p, Tensor(np.array([1.0, 1.0], np.float32)), 0.1, accum, 0.5, stat))
        [0.9  1.85]
    """
    _inputs = ("parameters", "gradient", "learning_rate", "accum", "momentum", "stat")
    _params, _shaped = 1, ("gradient", "accum", "stat")

    def __init__(self, dampening=0.0, weight_decay=0.0, nesterov=False):
        super().__init__()
        dampening = _float_attr("SGD", "dampening", dampening)
        weight_decay = _float_attr("SGD", "weight_decay", weight_decay)
        nesterov = check_bool(nesterov, "SGD", "nesterov")
        if nesterov and dampening != 0.0:
            raise ValueError("For 'SGD', the 'dampening' must be 0 when 'nesterov' is True, but "
                             "got %r" % (dampening,))
        self.set_attrs(dampening=dampening, weight_decay=weight_decay, nesterov=nesterov,
                       flags={"side_effect_mem": True})

    def __call__(self, parameters, gradient, learning_rate, accum, momentum, stat):
        _inplace("SGD", ("parameters", "accum", "stat"), (parameters, accum, stat), 3)
        return super().__call__(parameters, gradient, learning_rate, accum, momentum, stat)

    def _rule(self, state, s, g, named):
        p = state[0]
        grad = g["gradient"] + self.weight_decay * p
        mom = s["momentum"]
        accum = F.where(g["stat"] > 0, grad, mom * g["accum"] + (1.0 - self.dampening) * grad)
        step = grad + mom * accum if self.nesterov else accum
        _write(named["accum"], accum)
        _write(named["stat"], F.where(g["stat"] > 0, F.zeros_like(g["stat"]), g["stat"]))
        return [p - s["learning_rate"] * step]


def _check_rows(op, var, grad, indices):
    """Checks a sparse step's ``grad`` (float, one row of var's per index) and ``indices``
    (1-d int32/int64)."""
    if not isinstance(grad, Tensor) or not mstype.is_floating(grad.dtype):
        raise TypeError("For '%s', 'grad' must be a float Tensor, but got %s" % (op, show(grad)))
    if not isinstance(indices, Tensor) or indices.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("For '%s', 'indices' must be an int32 or int64 Tensor, but got %s"
                        % (op, show(indices)))
    if var.ndim < 1 or indices.ndim != 1 or tuple(grad.shape) != \
            (indices.shape[0],) + tuple(var.shape[1:]):
        raise ValueError("For '%s', 'indices' must be 1-d and 'grad' of shape (len(indices),) + "
                         "var.shape[1:], but got var %s, indices %s and grad %s"
                         % (op, tuple(var.shape), tuple(indices.shape), tuple(grad.shape)))


def _rows(op, var, grad, indices):
    """Checks a sparse step's ``grad`` / ``indices`` and returns its rounds: pairs
    ``(dense_grad, touched)`` of the rows of ``grad`` written into var's shape and a bool mask
    of the rows they name, no row twice in a round. A repeated index takes its gradients one
    after the other, in order, as MindSpore 2.10's CPU kernels do (eagerly the rounds hold
    distinct indices; in a compiled function each index is its own round). Eagerly, an index
    outside ``[0, var.shape[0])`` is skipped with a warning, as MindSpore's CPU kernels skip it
    (they log an error)."""
    _check_rows(op, var, grad, indices)
    grad = F.cast(grad, var.dtype)
    n = indices.shape[0]
    if _trace.current().is_graph:
        rounds = [[k] for k in range(n)]
    else:
        idx = indices.asnumpy()
        keep = (idx >= 0) & (idx < var.shape[0])
        if not keep.all():
            import warnings
            warnings.warn("%s: indices %s are outside [0, %d) and are skipped"
                          % (op, idx[~keep].tolist(), var.shape[0]), stacklevel=3)
        seen, rounds = {}, []
        for k in np.nonzero(keep)[0].tolist():
            r = seen.get(idx[k], 0)
            seen[idx[k]] = r + 1
            if r == len(rounds):
                rounds.append([])
            rounds[r].append(k)
    shape = (var.shape[0],) + (1,) * (var.ndim - 1)
    out = []
    for ks in rounds:
        pick = Tensor(np.array(ks, np.int32))
        where = F.expand_dims(F.gather(indices, pick, 0), -1)
        dense = F.tensor_scatter_update(F.zeros_like(var), where, F.gather(grad, pick, 0))
        hits = F.tensor_scatter_update(F.zeros(var.shape[:1], mstype.float32), where,
                                       F.ones((len(ks),), mstype.float32))
        out.append((dense, F.broadcast_to(F.reshape(hits > 0, shape), var.shape)))
    return out


def _step_attrs(self, op, floats, bools):
    """Records a step's float attributes ``floats`` and bool ones ``bools`` (pairs of name and
    value, checked in that order) with MindSpore's side-effect flag."""
    attrs = {name: _float_attr(op, name, value) for name, value in floats}
    attrs.update((name, check_bool(value, op, name)) for name, value in bools)
    self.set_attrs(flags={"side_effect_mem": True}, **attrs)


class _SparseStep(AttrPrimitive):
    """A step on the rows ``indices`` of its state only, in place: ``_state`` names the state
    inputs, ``_scalar_inputs`` the scalar ones, ``_summed`` whether a repeated index sums its
    rows first (else they are applied one after the other) and ``_rule(state, scalars, grad)``
    gives the new state; the call returns it all."""
    _state, _scalar_inputs, _summed = (), (), False

    def _apply(self, state, scalars, grad, indices):
        op = self.name
        var = state[0]
        _inplace(op, self._state, state, len(state))
        # float16 state steps in float32, rounded to float16 once per step (MindSpore 2.10's CPU
        # kernels, ms-oracle: SparseApplyFtrl's float16 linear was up to 0.07 off in float16)
        work = mstype.float32 if var.dtype == mstype.float16 else var.dtype
        scalars = _scalars(op, work, zip(self._scalar_inputs, scalars))
        rounds = [_summed_rows(op, var, grad, indices)] if self._summed else \
            _rows(op, var, grad, indices)
        for g, touched in rounds:
            current = [F.cast(t, work) for t in state]
            for t, value in zip(state, self._rule(current, scalars, F.cast(g, work))):
                _write(t, F.where(touched, F.cast(value, t.dtype), t))
        return tuple(_snapshot(t) for t in state)


class SparseApplyAdagradV2(_SparseStep):
    r"""SparseApplyAdagradV2(lr, epsilon, use_locking=False, update_slots=True)(var, accum,
    grad, indices): an Adagrad step on the rows ``indices`` of ``var`` and ``accum`` only, in
    place (``grad`` holds one row per index; the rows of a repeated index are applied one after
    the other, in order):

    .. math::
        accum = accum + g^2, \quad var = var - lr \frac{g}{\sqrt{accum + \epsilon}}

    (the root holds ``epsilon``, as MindSpore 2.10's CPU kernel takes it).

    Args:
        lr (float): the learning rate.
        epsilon (float): added to the denominator, > 0.
        use_locking (bool): MindSpore's lock flag. Default: ``False``.
        update_slots (bool): whether ``accum`` takes :math:`g^2`. Default: ``True``.

    Inputs:
        - **var** (Parameter) - the weights, float, rank >= 1.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d.

    Outputs:
        Tuple of the updated ``(var, accum)``.

    Raises:
        TypeError: an attribute of the wrong type, ``indices`` not an int Tensor.
        ValueError: ``epsilon`` <= 0, or shapes that do not fit.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([[1.0], [2.0]], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([[0.0], [0.0]], np.float32)), name="accum")
        >>> out = ops.SparseApplyAdagradV2(0.1, 1e-6)(var, accum,
        ...     Tensor(np.array([[2.0]], np.float32)), Tensor(np.array([1], np.int32)))
        >>> print(out[0].asnumpy().ravel(), out[1].asnumpy().ravel())
        [1.  1.9] [0. 4.]
    """

    def __init__(self, lr, epsilon, use_locking=False, update_slots=True):
        super().__init__()
        op = "SparseApplyAdagradV2"
        if _float_attr(op, "epsilon", epsilon) <= 0:
            raise ValueError("For '%s', 'epsilon' must be a positive float, but got %r"
                             % (op, epsilon))
        _step_attrs(self, op, (("lr", lr), ("epsilon", epsilon)),
                    (("use_locking", use_locking), ("update_slots", update_slots)))

    _state = ("var", "accum")

    def __call__(self, var, accum, grad, indices):
        return self._apply((var, accum), (), grad, indices)

    def _rule(self, state, scalars, g):
        var, accum = state
        new_accum = accum + g * g if self.update_slots else accum
        return var - self.lr * g / F.sqrt(new_accum + self.epsilon), new_accum


_SPARSE_FTRL_DOC = r"""%(head)s

    Args:
        lr (float): the learning rate.
        l1 (float): the L1 strength.
        l2 (float): the L2 strength.
%(shrinkage)s        lr_power (float): the power of the accumulator, <= 0.
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float, rank >= 1.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **linear** (Parameter) - the linear coefficient, var's shape.
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d.

    Outputs:
        Tuple of the updated ``(var, accum, linear)``.

    Raises:
        TypeError: an attribute of the wrong type, ``indices`` not an int Tensor.
        ValueError: shapes that do not fit.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([[1.0], [2.0]], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([[1.0], [1.0]], np.float32)), name="accum")
        >>> linear = Parameter(Tensor(np.zeros((2, 1), np.float32)), name="linear")
        >>> out = ops.%(call)s(var, accum, linear,
        ...     Tensor(np.array([[1.0]], np.float32)), Tensor(np.array([1], np.int32)))
        >>> print(out[0].asnumpy().ravel())
        [1.         0.23223302]
    """


class SparseApplyFtrl(_SparseStep):
    __doc__ = _SPARSE_FTRL_DOC % dict(
        head="""\
SparseApplyFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad,
    indices): the FTRL-proximal step of :class:`ApplyFtrl` on the rows ``indices`` of ``var``,
    ``accum`` and ``linear`` only, in place (``grad`` holds one row per index; the rows of a
    repeated index are applied one after the other, in order).""",
        shrinkage="", call="SparseApplyFtrl(0.5, 0.0, 0.0, -0.5)")

    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        super().__init__()
        op = self.name
        _step_attrs(self, op, (("lr", lr), ("l1", l1), ("l2", l2), ("lr_power", lr_power)),
                    (("use_locking", use_locking),))

    _state = ("var", "accum", "linear")

    def __call__(self, var, accum, linear, grad, indices):
        return self._apply((var, accum, linear), (), grad, indices)

    def _rule(self, state, scalars, g):
        return _ftrl(*state, g, self.lr, self.l1, self.l2, self.lr_power,
                     self.attrs.get("l2_shrinkage"))


def _summed_rows(op, var, grad, indices):
    """Checks a fused sparse step's ``grad`` / ``indices`` and returns ``(dense_grad,
    touched)``: the rows of ``grad`` added into var's shape (a repeated index sums its rows, as
    MindSpore 2.10's CPU kernels of the Fused* and SparseApplyAdagrad steps do) and a bool mask
    of the rows named. Eagerly, an index outside ``[0, var.shape[0])`` raises."""
    _check_rows(op, var, grad, indices)
    if not _trace.current().is_graph and indices.size:
        idx = indices.asnumpy()
        if idx.min() < 0 or idx.max() >= var.shape[0]:
            raise ValueError("For '%s', 'indices' must be in [0, %d), but got %s"
                             % (op, var.shape[0], idx.tolist()))
    where = F.expand_dims(indices, -1)
    dense = F.tensor_scatter_add(F.zeros_like(var), where, F.cast(grad, var.dtype))
    hits = F.tensor_scatter_add(F.zeros(var.shape[:1], mstype.float32), where,
                                F.ones((indices.shape[0],), mstype.float32))
    shape = (var.shape[0],) + (1,) * (var.ndim - 1)
    return dense, F.broadcast_to(F.reshape(hits > 0, shape), var.shape)


def _adam_step(b1p, b2p, lr, b1, b2, eps, m, v, grad, nesterov):
    """The new moments ``m`` and ``v`` of one Adam step and the change it takes off the
    weights (with ``nesterov`` the numerator is ``b1 * m + (1 - b1) * grad``)."""
    new_m = b1 * m + (1.0 - b1) * grad
    new_v = b2 * v + (1.0 - b2) * grad * grad
    rate = lr * F.sqrt(1.0 - b2p) / (1.0 - b1p)
    top = b1 * new_m + (1.0 - b1) * grad if nesterov else new_m
    return new_m, new_v, rate * top / (F.sqrt(new_v) + eps)


def _adam_attrs(self, op, use_locking, use_nesterov):
    _step_attrs(self, op, (), (("use_locking", use_locking), ("use_nesterov", use_nesterov)))


class ApplyAdamWithAmsgrad(_OptimPrimitive):
    r"""ApplyAdamWithAmsgrad(beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False)(var, m,
    v, vhat, beta1_power, beta2_power, lr, grad): the AMSGrad Adam step of
    :class:`ApplyAdamWithAmsgradV2` with ``beta1``, ``beta2`` and ``epsilon`` given as
    attributes; updates ``var``, ``m``, ``v`` and ``vhat`` in place.

    Args:
        beta1 (float): the first moment's decay. Default: ``0.9``.
        beta2 (float): the second moment's decay. Default: ``0.999``.
        epsilon (float): added to the denominator. Default: ``1e-8``.
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **m** (Parameter) - the first moment, var's shape.
        - **v** (Parameter) - the second moment, var's shape.
        - **vhat** (Parameter) - the largest second moment so far, var's shape.
        - **beta1_power** (Union[float, Tensor]) - :math:`\beta_1^t` (a scalar).
        - **beta2_power** (Union[float, Tensor]) - :math:`\beta_2^t` (a scalar).
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.

    Outputs:
        Tuple of the updated ``(var, m, v, vhat)``.

    Raises:
        TypeError: an attribute is not a float / bool, a state input not a float Tensor.
        ValueError: a state input or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var, m, v, vhat = (Parameter(Tensor(np.full(2, k, np.float32)), name=n)
        ...                    for k, n in ((1.0, "var"), (0.0, "m"), (0.0, "v"), (0.0, "vhat")))
        >>> g = Tensor(np.array([1.0, -1.0], np.float32))
        >>> out = ops.ApplyAdamWithAmsgrad(0.9, 0.99, 0.0)(var, m, v, vhat, 0.9, 0.99, 0.1, g)
        >>> print(np.round(out[0].asnumpy(), 4))
        [0.9 1.1]
    """
    _inputs = ("var", "m", "v", "vhat", "beta1_power", "beta2_power", "lr", "grad")
    _params, _shaped, _returns, _single = 4, ("grad",), 4, False

    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False):
        super().__init__()
        op = "ApplyAdamWithAmsgrad"
        self.set_attrs(beta1=_float_attr(op, "beta1", beta1),
                       beta2=_float_attr(op, "beta2", beta2),
                       epsilon=_float_attr(op, "epsilon", epsilon))
        _locking(self, op, use_locking)

    def _rule(self, state, s, g, named):
        return ApplyAdamWithAmsgradV2._rule(state, dict(s, beta1=self.beta1, beta2=self.beta2,
                                                        epsilon=self.epsilon), g, named)


class ApplyKerasMomentum(_OptimPrimitive):
    r"""ApplyKerasMomentum(use_locking=False, use_nesterov=False)(var, accum, lr, grad,
    momentum): Keras' momentum step, updating ``var`` and ``accum`` in place:

    .. math::
        accum = momentum \cdot accum - lr \cdot g, \quad var = var + accum

    or, with ``use_nesterov``, :math:`var = var + momentum \cdot accum - lr \cdot g`.

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.
        use_nesterov (bool): take the Nesterov step. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **accum** (Parameter) - the accumulated velocity, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **grad** (Tensor) - the gradient, var's shape.
        - **momentum** (Union[float, Tensor]) - the momentum (a scalar).

    Outputs:
        Tuple of the updated ``(var, accum)``.

    Raises:
        TypeError: a flag is not a bool, a state input not a float Tensor.
        ValueError: ``accum`` or ``grad`` does not have var's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([0.5, 0.0], np.float32)), name="accum")
        >>> out = ops.ApplyKerasMomentum()(var, accum, 0.1, Tensor(np.array([1.0, -1.0],
        ...                                np.float32)), 0.9)
        >>> print(out[0], out[1])
        [1.35 2.1 ] [0.35 0.1 ]
    """
    _inputs = ("var", "accum", "lr", "grad", "momentum")
    _params, _shaped, _returns, _single = 2, ("grad",), 2, False

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        _adam_attrs(self, "ApplyKerasMomentum", use_locking, use_nesterov)

    def _rule(self, state, s, g, named):
        var, accum = state
        grad, lr, mom = g["grad"], s["lr"], s["momentum"]
        accum = mom * accum - lr * grad
        var = var + (mom * accum - lr * grad if self.use_nesterov else accum)
        return [var, accum]


class AdamNoUpdateParam(AttrPrimitive):
    r"""AdamNoUpdateParam(use_locking=False, use_nesterov=False)(m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, gradient): one Adam step that updates the moments
    ``m`` and ``v`` in place and returns the change of the weights instead of applying it:

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \beta_2 v + (1 - \beta_2) g^2, \quad
        \Delta = -lr \frac{\sqrt{1 - \beta_2^t}}{1 - \beta_1^t} \frac{m}{\sqrt{v} + \epsilon}

    (with ``use_nesterov`` the numerator is :math:`\beta_1 m + (1 - \beta_1) g`).

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.
        use_nesterov (bool): take the Nesterov step. Default: ``False``.

    Inputs:
        - **m** (Parameter) - the first moment, float32.
        - **v** (Parameter) - the second moment, m's shape.
        - **beta1_power** (Tensor) - :math:`\beta_1^t` (a scalar).
        - **beta2_power** (Tensor) - :math:`\beta_2^t` (a scalar).
        - **lr** (Tensor) - the learning rate (a scalar).
        - **beta1** (Tensor) - the first moment's decay (a scalar).
        - **beta2** (Tensor) - the second moment's decay (a scalar).
        - **epsilon** (Tensor) - added to the denominator (a scalar).
        - **gradient** (Tensor) - the gradient, m's shape.

    Outputs:
        Tensor of m's shape, the change to add to the weights.

    Raises:
        TypeError: a flag is not a bool, a state input not a float Tensor.
        ValueError: ``v`` or ``gradient`` does not have m's shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> m = Parameter(Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = Parameter(Tensor(np.zeros(2, np.float32)), name="v")
        >>> f = lambda a: Tensor(np.array(a, np.float32))
        >>> out = ops.AdamNoUpdateParam()(m, v, f(0.9), f(0.99), f(0.1), f(0.9), f(0.99), f(0.0),
        ...                               f([1.0, -1.0]))
        >>> print(np.round(out.asnumpy(), 4))
        [-0.1  0.1]
    """

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        _adam_attrs(self, "AdamNoUpdateParam", use_locking, use_nesterov)

    def __call__(self, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        op = "AdamNoUpdateParam"
        _inplace(op, ("m", "v", "gradient"), (m, v, gradient), 2)
        dt = m.dtype
        b1p, b2p, lr, b1, b2, eps = _scalars(op, dt, (
            ("beta1_power", beta1_power), ("beta2_power", beta2_power), ("lr", lr),
            ("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon)))
        new_m, new_v, step = _adam_step(b1p, b2p, lr, b1, b2, eps, m, v, F.cast(gradient, dt),
                                        self.use_nesterov)
        _write(m, new_m)
        _write(v, new_v)
        return -step


class SparseApplyAdagrad(_SparseStep):
    r"""SparseApplyAdagrad(lr, update_slots=True, use_locking=False)(var, accum, grad,
    indices): an Adagrad step on the rows ``indices`` of ``var`` and ``accum`` only, in place
    (the rows of a repeated index are added first, as MindSpore 2.10's CPU kernel does):

    .. math::
        accum = accum + g^2, \quad var = var - lr \frac{g}{\sqrt{accum}}

    Args:
        lr (float): the learning rate.
        update_slots (bool): whether ``accum`` takes :math:`g^2`. Default: ``True``.
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float, rank >= 1.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d, in ``[0, var.shape[0])``.

    Outputs:
        Tuple of the updated ``(var, accum)``.

    Raises:
        TypeError: an attribute of the wrong type, ``indices`` not an int Tensor.
        ValueError: shapes that do not fit or an index out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([[1.0], [2.0]], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([[0.0], [0.0]], np.float32)), name="accum")
        >>> out = ops.SparseApplyAdagrad(0.1)(var, accum, Tensor(np.array([[1.0], [1.0]],
        ...                                   np.float32)), Tensor(np.array([1, 1], np.int32)))
        >>> print(out[0].asnumpy().ravel(), out[1].asnumpy().ravel())
        [1.  1.9] [0. 4.]
    """

    def __init__(self, lr, update_slots=True, use_locking=False):
        super().__init__()
        op = "SparseApplyAdagrad"
        _step_attrs(self, op, (("lr", lr),),
                    (("update_slots", update_slots), ("use_locking", use_locking)))

    _state, _summed = ("var", "accum"), True

    def __call__(self, var, accum, grad, indices):
        return self._apply((var, accum), (), grad, indices)

    def _rule(self, state, scalars, g):
        var, accum = state
        new_accum = accum + g * g if self.update_slots else accum
        return var - self.lr * g / F.sqrt(new_accum), new_accum


class SparseApplyRMSProp(_SparseStep):
    r"""SparseApplyRMSProp(rho, momentum, epsilon, use_locking=False)(var, ms, mom, lr, grad,
    indices): an RMSProp step on the rows ``indices`` of ``var``, ``ms`` and ``mom`` only, in
    place (the rows of a repeated index are applied one after the other, in order):

    .. math::
        ms = \rho\, ms + (1 - \rho) g^2, \quad
        mom = momentum \cdot mom + lr \frac{g}{\sqrt{ms + \epsilon}}, \quad var = var - mom

    Args:
        rho (float): the decay of the mean square.
        momentum (float): the momentum.
        epsilon (float): added inside the root, > 0.
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float, rank >= 1.
        - **ms** (Parameter) - the mean square, var's shape.
        - **mom** (Parameter) - the momentum term, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d.

    Outputs:
        Tuple of the updated ``(var, ms, mom)``.

    Raises:
        TypeError: an attribute of the wrong type, ``indices`` not an int Tensor.
        ValueError: ``epsilon`` <= 0, or shapes that do not fit.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var, ms, mom = (Parameter(Tensor(np.full((2, 1), k, np.float32)), name=n)
        ...                 for k, n in ((1.0, "var"), (0.0, "ms"), (0.0, "mom")))
        >>> out = ops.SparseApplyRMSProp(0.75, 0.5, 0.0)(var, ms, mom, 0.1,
        ...     Tensor(np.array([[2.0]], np.float32)), Tensor(np.array([1], np.int32)))
        >>> print(out[0].asnumpy().ravel())
        [1.  0.8]
    """

    def __init__(self, rho, momentum, epsilon, use_locking=False):
        super().__init__()
        op = "SparseApplyRMSProp"
        if _float_attr(op, "epsilon", epsilon) < 0:
            raise ValueError("For '%s', 'epsilon' must be >= 0, but got %r" % (op, epsilon))
        _step_attrs(self, op, (("rho", rho), ("momentum", momentum), ("epsilon", epsilon)),
                    (("use_locking", use_locking),))

    _state, _scalar_inputs = ("var", "ms", "mom"), ("lr",)

    def __call__(self, var, ms, mom, lr, grad, indices):
        return self._apply((var, ms, mom), (lr,), grad, indices)

    def _rule(self, state, scalars, g):
        var, ms, mom = state
        new_ms = self.rho * ms + (1.0 - self.rho) * g * g
        new_mom = self.momentum * mom + scalars[0] * g / F.sqrt(new_ms + self.epsilon)
        return var - new_mom, new_ms, new_mom


class SparseApplyAdadelta(_SparseStep):
    r"""SparseApplyAdadelta(epsilon, use_locking=False)(var, accum, accum_update, lr, rho, grad,
    indices): an Adadelta step on the rows ``indices`` of ``var``, ``accum`` and
    ``accum_update`` only, in place (the rows of a repeated index one after the other):

    .. math::
        accum = \rho\, accum + (1 - \rho) g^2, \quad
        u = \frac{\sqrt{accum\_update + \epsilon}}{\sqrt{accum + \epsilon}} g, \quad
        accum\_update = \rho\, accum\_update + (1 - \rho) u^2, \quad var = var - lr \cdot u

    (MindSpore 2.10 has no CPU kernel for it; this is the documented rule.)

    Args:
        epsilon (float): added inside the roots, >= 0.
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float, rank >= 1.
        - **accum** (Parameter) - the mean square gradient, var's shape.
        - **accum_update** (Parameter) - the mean square update, var's shape.
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **rho** (Union[float, Tensor]) - the decay (a scalar).
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d.

    Outputs:
        Tuple of the updated ``(var, accum, accum_update)``.

    Raises:
        TypeError: an attribute of the wrong type, ``indices`` not an int Tensor.
        ValueError: ``epsilon`` < 0, or shapes that do not fit.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var, acc, upd = (Parameter(Tensor(np.full((2, 1), k, np.float32)), name=n)
        ...                  for k, n in ((1.0, "var"), (0.0, "acc"), (1.0, "upd")))
        >>> out = ops.SparseApplyAdadelta(0.0)(var, acc, upd, 1.0, 0.0,
        ...     Tensor(np.array([[2.0]], np.float32)), Tensor(np.array([1], np.int32)))
        >>> print(out[0].asnumpy().ravel())
        [1. 0.]
    """

    def __init__(self, epsilon, use_locking=False):
        super().__init__()
        op = "SparseApplyAdadelta"
        if _float_attr(op, "epsilon", epsilon) < 0:
            raise ValueError("For '%s', 'epsilon' must be >= 0, but got %r" % (op, epsilon))
        _step_attrs(self, op, (("epsilon", epsilon),), (("use_locking", use_locking),))

    _state, _scalar_inputs = ("var", "accum", "accum_update"), ("lr", "rho")

    def __call__(self, var, accum, accum_update, lr, rho, grad, indices):
        return self._apply((var, accum, accum_update), (lr, rho), grad, indices)

    def _rule(self, state, scalars, g):
        var, accum, accum_update = state
        (lr, rho), eps = scalars, self.epsilon
        new_accum = rho * accum + (1.0 - rho) * g * g
        update = F.sqrt(accum_update + eps) / F.sqrt(new_accum + eps) * g
        new_upd = rho * accum_update + (1.0 - rho) * update * update
        return var - lr * update, new_accum, new_upd


class SparseApplyFtrlV2(SparseApplyFtrl):
    __doc__ = _SPARSE_FTRL_DOC % dict(
        head="""\
SparseApplyFtrlV2(lr, l1, l2, l2_shrinkage, lr_power, use_locking=False)(var, accum,
    linear, grad, indices): the FTRL-proximal step of :class:`SparseApplyFtrl` with an L2
    shrinkage: the linear term takes ``grad + 2 * l2_shrinkage * var`` in place of ``grad``
    (the accumulator still takes ``grad ** 2``). (MindSpore 2.10 has no CPU kernel for it; this
    is the documented rule.)""",
        shrinkage="        l2_shrinkage (float): the L2 shrinkage strength.\n",
        call="SparseApplyFtrlV2(0.5, 0.0, 0.0, 0.0, -0.5)")

    def __init__(self, lr, l1, l2, l2_shrinkage, lr_power, use_locking=False):
        AttrPrimitive.__init__(self)
        _step_attrs(self, "SparseApplyFtrlV2", (("lr", lr), ("l1", l1), ("l2", l2),
                                                ("l2_shrinkage", l2_shrinkage),
                                                ("lr_power", lr_power)),
                    (("use_locking", use_locking),))


class _FusedSparseAdam(AttrPrimitive):
    _lazy = False

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        _adam_attrs(self, type(self).__name__, use_locking, use_nesterov)

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad,
                 indices):
        op = type(self).__name__
        _inplace(op, ("var", "m", "v"), (var, m, v), 3)
        b1p, b2p, lr, b1, b2, eps = _scalars(op, var.dtype, (
            ("beta1_power", beta1_power), ("beta2_power", beta2_power), ("lr", lr),
            ("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon)))
        g, touched = _summed_rows(op, var, grad, indices)
        new_m, new_v, step = _adam_step(b1p, b2p, lr, b1, b2, eps, m, v, g, self.use_nesterov)
        new_var = var - step
        rows = touched if (self._lazy or self.use_nesterov) else None
        _write(m, F.where(touched, new_m, m) if self._lazy else new_m)
        _write(v, F.where(touched, new_v, v) if self._lazy else new_v)
        _write(var, new_var if rows is None else F.where(rows, new_var, var))
        return _snapshot(var), _snapshot(m), _snapshot(v)


_FUSED_ADAM_DOC = r"""%s(use_locking=False, use_nesterov=False)(var, m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, grad, indices): an Adam step with a gradient given
    for the rows ``indices`` only (a repeated index sums its rows), updating ``var``, ``m`` and
    ``v`` in place. %s

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \beta_2 v + (1 - \beta_2) g^2, \quad
        var = var - lr \frac{\sqrt{1 - \beta_2^t}}{1 - \beta_1^t} \frac{m}{\sqrt{v} + \epsilon}

    With ``use_nesterov`` the numerator is :math:`\beta_1 m + (1 - \beta_1) g` and only the rows
    ``indices`` of ``var`` move (as MindSpore 2.10's CPU kernel does).

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.
        use_nesterov (bool): take the Nesterov step. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float32, rank >= 1.
        - **m** (Parameter) - the first moment, var's shape.
        - **v** (Parameter) - the second moment, var's shape.
        - **beta1_power** (Union[float, Tensor]) - :math:`\beta_1^t` (a scalar).
        - **beta2_power** (Union[float, Tensor]) - :math:`\beta_2^t` (a scalar).
        - **lr** (Union[float, Tensor]) - the learning rate (a scalar).
        - **beta1** (Union[float, Tensor]) - the first moment's decay (a scalar).
        - **beta2** (Union[float, Tensor]) - the second moment's decay (a scalar).
        - **epsilon** (Union[float, Tensor]) - added to the denominator (a scalar).
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d, in ``[0, var.shape[0])``.

    Outputs:
        Tuple of the updated ``(var, m, v)`` (MindSpore documents its outputs as unused; the
        Parameters hold the result).

    Raises:
        TypeError: a flag is not a bool, ``indices`` not an int Tensor.
        ValueError: shapes that do not fit or an index out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var, m, v = (Parameter(Tensor(np.full((2, 1), k, np.float32)), name=n)
        ...              for k, n in ((1.0, "var"), (0.0, "m"), (0.0, "v")))
        >>> _ = ops.%s()(var, m, v, 0.9, 0.99, 0.1, 0.9, 0.99, 1e-8,
        ...     Tensor(np.array([[1.0]], np.float32)), Tensor(np.array([1], np.int32)))
        >>> print(np.round(var.asnumpy().ravel(), 4))
        [1.  0.9]
"""


class FusedSparseAdam(_FusedSparseAdam):
    __doc__ = _FUSED_ADAM_DOC % ("FusedSparseAdam", "Every row of ``m`` and ``v`` decays (the "
                                 "rows without a gradient take 0) and, without Nesterov, every "
                                 "row of ``var`` moves:", "FusedSparseAdam")


class FusedSparseLazyAdam(_FusedSparseAdam):
    __doc__ = _FUSED_ADAM_DOC % ("FusedSparseLazyAdam", "Only the rows ``indices`` of ``var``, "
                                 "``m`` and ``v`` change (lazy Adam):", "FusedSparseLazyAdam")
    _lazy = True


class FusedSparseFtrl(SparseApplyFtrl):
    r"""FusedSparseFtrl(lr, l1, l2, lr_power, use_locking=False)(var, accum, linear, grad,
    indices): the FTRL-proximal step of :class:`ApplyFtrl` on the rows ``indices`` of ``var``,
    ``accum`` and ``linear`` only, in place (a repeated index sums its rows first).

    Args:
        lr (float): the learning rate, > 0.
        l1 (float): the L1 strength, >= 0.
        l2 (float): the L2 strength, >= 0.
        lr_power (float): the power of the accumulator, <= 0.
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float32, rank >= 1.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **linear** (Parameter) - the linear coefficient, var's shape.
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d, in ``[0, var.shape[0])``.

    Outputs:
        Tuple of the updated ``(var, accum, linear)`` (MindSpore documents its outputs as
        unused; the Parameters hold the result).

    Raises:
        TypeError: an attribute of the wrong type, ``indices`` not an int Tensor.
        ValueError: shapes that do not fit or an index out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([[1.0], [2.0]], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.array([[1.0], [1.0]], np.float32)), name="accum")
        >>> linear = Parameter(Tensor(np.zeros((2, 1), np.float32)), name="linear")
        >>> _ = ops.FusedSparseFtrl(0.5, 0.0, 0.0, -0.5)(var, accum, linear,
        ...     Tensor(np.array([[0.5], [0.5]], np.float32)), Tensor(np.array([1, 1], np.int32)))
        >>> print(var.asnumpy().ravel())
        [1.         0.23223302]
    """

    _summed = True


class FusedSparseProximalAdagrad(_SparseStep):
    r"""FusedSparseProximalAdagrad(use_locking=False)(var, accum, lr, l1, l2, grad, indices):
    the proximal Adagrad step of :class:`ApplyProximalAdagrad` on the rows ``indices`` of
    ``var`` and ``accum`` only, in place (a repeated index sums its rows first).

    Args:
        use_locking (bool): MindSpore's lock flag. Default: ``False``.

    Inputs:
        - **var** (Parameter) - the weights, float32, rank >= 1.
        - **accum** (Parameter) - the accumulator, var's shape.
        - **lr** (Tensor) - the learning rate (a scalar).
        - **l1** (Tensor) - the L1 strength (a scalar).
        - **l2** (Tensor) - the L2 strength (a scalar).
        - **grad** (Tensor) - the rows' gradients, shape ``(len(indices),) + var.shape[1:]``.
        - **indices** (Tensor) - int32/int64 row indices, 1-d, in ``[0, var.shape[0])``.

    Outputs:
        Tuple of the updated ``(var, accum)`` (MindSpore documents its outputs as unused; the
        Parameters hold the result).

    Raises:
        TypeError: ``use_locking`` is not a bool, ``indices`` not an int Tensor.
        ValueError: shapes that do not fit or an index out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([[1.0], [2.0]], np.float32)), name="var")
        >>> accum = Parameter(Tensor(np.zeros((2, 1), np.float32)), name="accum")
        >>> _ = ops.FusedSparseProximalAdagrad()(var, accum, 0.1, 0.0, 0.0,
        ...     Tensor(np.array([[2.0]], np.float32)), Tensor(np.array([1], np.int32)))
        >>> print(var.asnumpy().ravel(), accum.asnumpy().ravel())
        [1.  1.9] [0. 4.]
    """

    def __init__(self, use_locking=False):
        super().__init__()
        _locking(self, "FusedSparseProximalAdagrad", use_locking)

    _state, _scalar_inputs, _summed = ("var", "accum"), ("lr", "l1", "l2"), True

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        return self._apply((var, accum), (lr, l1, l2), grad, indices)

    def _rule(self, state, scalars, g):
        return proximal_adagrad_values(*state, *scalars, g)


_NEW = ["ApplyAdadelta", "ApplyGradientDescent", "ApplyProximalGradientDescent", "ApplyAdagrad",
        "ApplyAdagradV2",
        "ApplyAdagradDA", "ApplyAdamWithAmsgradV2", "ApplyAddSign", "ApplyPowerSign",
        "ApplyRMSProp", "ApplyCenteredRMSProp", "ApplyFtrl", "SGD", "SparseApplyAdagradV2",
        "SparseApplyFtrl", "ApplyAdamWithAmsgrad", "ApplyKerasMomentum", "AdamNoUpdateParam",
        "SparseApplyAdagrad", "SparseApplyRMSProp", "SparseApplyAdadelta", "SparseApplyFtrlV2",
        "FusedSparseAdam", "FusedSparseLazyAdam", "FusedSparseFtrl", "FusedSparseProximalAdagrad"]
__all__ = ["ApplyAdaMax", "ApplyProximalAdagrad", "SparseApplyProximalAdagrad",
           "ApplyMomentum"] + _NEW
