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
        return var, m, v


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
        return var, accum


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
        return var, accum


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


__all__ = ["ApplyAdaMax", "ApplyProximalAdagrad", "SparseApplyProximalAdagrad",
           "ApplyMomentum"]
