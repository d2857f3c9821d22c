"""Optimizer base: parameter groups, learning rates (constant, per-step list or schedule Cell),
weight decay, and state Parameters named as MindSpore names them."""
import functools
import inspect
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell.common.parameter import Parameter, ParameterTuple
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.composite import HyperMap, Map
from mindcell.nn.optim.subclass_api import OptimizerSubclassAPI


class Optimizer(OptimizerSubclassAPI, Cell):
    """Optimizer(learning_rate, parameters, weight_decay=0.0, loss_scale=1.0): the base class of
    the optimizers.

    ``parameters`` is a list of Parameters or of group dicts ``{"params": [...], "lr": ...,
    "weight_decay": ...}``, optionally with a group ``{"order_params": [...]}`` that gives the
    order of the parameters (and of the gradients the optimizer takes). ``learning_rate`` is a
    float, a 0-d Tensor, a list (one value per step) or a LearningRateSchedule Cell called with
    the global step. A number or list learning rate is held as the Parameter ``learning_rate``
    (saved in checkpoints), a group's own number or list rate as the Parameter
    ``learning_rate_group_<i>`` (``i``: the group's position); ``global_step`` counts the steps.

    As in MindSpore, without parameter groups ``weight_decay`` skips the parameters whose
    names contain ``'beta'`` or ``'gamma'`` (normalisation scales and shifts); with groups
    each group's weight decay applies to all of its parameters. ``decay_flags`` says which
    parameters are decayed. The gradients are divided by ``loss_scale`` before the update.

    Args:
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): the rate,
            non-negative.
        parameters (Union[list[Parameter], list[dict]]): the parameters to update, or groups.
        weight_decay (float): the L2 penalty, non-negative. Default: ``0.0``.
        loss_scale (float): the gradients' scale, positive. Default: ``1.0``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter, in their order and shapes.

    Outputs:
        bool, ``True`` once the parameters are updated (a subclass's ``construct``).

    Raises:
        ValueError: ``parameters`` is None or empty, ``loss_scale`` is not positive, a learning
            rate or weight decay is negative, or the gradients do not match the parameters.
        TypeError: ``parameters`` is not an iterable of Parameters or group dicts, or a gradient
            is not a Tensor.
        KeyError: a group has a key other than params, lr, weight_decay, order_params and
            grad_centralization.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> class PlainGD(ms.nn.Optimizer):
        ...     def construct(self, gradients):
        ...         for p, g in zip(self.parameters, gradients):
        ...             ms.ops.assign_sub(p, g * self.get_lr())
        ...         return True
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")
        >>> _ = PlainGD(0.5, [w])((ms.Tensor(np.array([1.0, 1.0], np.float32)),))
        >>> print(w.asnumpy())
        [0.5 1.5]
    """

    # MindSpore's default decay_filter; an optimizer that decays every parameter sets False
    _filter_decay = True
    # the keys a parameter group may have (None: any, for PyTorch-style subclasses);
    # 'grad_centralization' is accepted and, as in MindSpore 2.10 on the CPU, changes nothing
    _group_keys = ("params", "lr", "weight_decay", "order_params", "grad_centralization")
    # MindSpore's flag for deduplicating the indices of sparse (RowTensor) gradients before an
    # update; mindcell's sparse gradients are dense, so it changes nothing (kept for programs
    # that read or set it, as MindSpore's own Optimizer example does)
    unique = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:
            cls.__init__ = _pytorch_keyword_hints(cls.__init__)

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            hint = _TORCH_METHODS.get(name)
            if hint is None:
                raise
            raise AttributeError("'%s' object has no attribute '%s': %s"
                                 % (type(self).__name__, name, hint)) from None

    def __init__(self, learning_rate, parameters, weight_decay=0.0, loss_scale=1.0):
        super().__init__(auto_prefix=False)
        name = type(self).__name__
        if parameters is None:
            raise ValueError("%s: 'parameters' must not be None" % name)
        if isinstance(parameters, (Cell, Parameter, Tensor)) or not hasattr(parameters,
                                                                            "__iter__"):
            hint = (" (pass its parameters: net.trainable_params())"
                    if isinstance(parameters, Cell) else "")
            raise TypeError("%s: 'parameters' must be an iterable of Parameters or of group "
                            "dicts, e.g. net.trainable_params(), but got %s%s"
                            % (name, type(parameters).__name__, hint))
        parameters = list(parameters)
        if not parameters:
            raise ValueError("%s: 'parameters' must not be empty" % name)
        if not isinstance(loss_scale, (int, float)) or loss_scale <= 0:
            raise ValueError("%s: 'loss_scale' must be a positive number" % name)
        self.loss_scale = float(loss_scale)
        groups = parameters if isinstance(parameters[0], dict) else [{"params": parameters}]
        params, self.group_lr, self.group_wd = [], [], []
        learning_rate = _lr_sequence(learning_rate)
        _check_lr(learning_rate, name)
        order = [g["order_params"] for g in groups if "order_params" in g]
        own_lrs = []  # Parameters of the groups' own number/list rates, as MindSpore names them
        for index, group in enumerate(groups):
            unknown = sorted(set(group) - set(self._group_keys or group))
            if unknown:
                raise KeyError("%s: the keys of a parameter group must be among %s, but got %s"
                               % (name, list(self._group_keys), unknown))
            if "order_params" in group:
                continue
            ps = list(group["params"])
            for p in ps:
                if not isinstance(p, Parameter):
                    raise TypeError("%s: parameters must be Parameters, but got %s"
                                    % (name, type(p).__name__))
            lr = group.get("lr", _DEFAULT)
            wd = group.get("weight_decay", weight_decay)
            if lr is not _DEFAULT:
                lr = _lr_sequence(lr)
                _check_lr(lr, name)
                lr = _group_lr_parameter(lr, index)
                if isinstance(lr, Parameter):
                    own_lrs.append(lr)
            if not isinstance(wd, numbers.Real) or wd < 0:
                raise ValueError("%s: 'weight_decay' must be a non-negative number, but got %r"
                                 % (name, wd))
            for p in ps:
                params.append(p)
                self.group_lr.append(lr)
                self.group_wd.append(float(wd))
        if order:
            params, self.group_lr, self.group_wd = _follow_order(
                name, order[-1], params, self.group_lr, self.group_wd)
        # MindSpore's order and flags (ms-oracle): 'global_step' and 'learning_rate' come before
        # the parameters in get_parameters() and checkpoints, and like every Parameter created
        # without requires_grad they are listed by trainable_params(). A number or list
        # learning rate is a Parameter (bound by reference in compiled steps, so assigning it
        # takes effect).
        self.global_step = Parameter(Tensor(np.zeros(1, np.int32)), name="global_step")
        if isinstance(learning_rate, Cell):
            self.learning_rate = learning_rate
        else:
            value = learning_rate._data if isinstance(learning_rate, Tensor) else learning_rate
            self.learning_rate = Parameter(Tensor(np.asarray(value, np.float32)),
                                           name="learning_rate")
        if own_lrs:  # 'learning_rate_group_<i>', saved in checkpoints as MindSpore saves them
            self.learning_rate_groups = ParameterTuple(own_lrs)
        self.parameters = ParameterTuple(params)
        # MindSpore's attribute name shadows the PyTorch-style Cell.parameters() method here
        self.__dict__["parameters"] = self._params_list["parameters"]
        self._mindspore_attrs(parameters, learning_rate, groups, bool(order))
        if not self.is_group and self._filter_decay:
            self.group_wd = [wd if flag else 0.0
                             for wd, flag in zip(self.group_wd, self.decay_flags)]
        # MindSpore's weight_decay attribute, times loss_scale: a 0-d float32 Tensor, or with
        # groups a tuple with one per parameter (custom optimizers map over it with hyper_map)
        if self.is_group:
            self.weight_decay = tuple(_wd_tensor(wd * self.loss_scale) for wd in self.group_wd)
        else:
            self.weight_decay = _wd_tensor(float(weight_decay) * self.loss_scale)

    def _mindspore_attrs(self, parameters, learning_rate, groups, ordered):
        """The configuration attributes MindSpore's optimizers hold (subclasses read them)."""
        # as opt_init_args_register records them (an __init__ it decorates has set them already)
        if not hasattr(self, "init_params"):
            self.init_params = {"params": parameters}
        if not hasattr(self, "init_learning_rate"):
            self.init_learning_rate = _recorded_lr(learning_rate)
        self.is_group = isinstance(parameters[0], dict)
        self.is_group_lr = self.is_group and any("lr" in g for g in groups)
        self.is_group_params_ordered = ordered
        # a per-step rate of the optimizer's or of any group's makes every rate dynamic
        self.dynamic_lr = any(
            isinstance(lr, (list, tuple, Cell)) or (isinstance(lr, Tensor) and lr.ndim == 1)
            for lr in [learning_rate] + [_lr_sequence(g["lr"]) for g in groups if "lr" in g])
        if self.is_group:  # each group decays all its parameters when its decay is set
            self.decay_flags = tuple(wd > 0 for wd in self.group_wd)
        else:
            self.decay_flags = tuple("beta" not in p.name and "gamma" not in p.name
                                     for p in self.parameters)
        self.exec_weight_decay = any(wd > 0 for wd in self.group_wd)
        self.param_length = len(self.parameters)
        self.optim_filter = (True,) * self.param_length
        self.need_scale = self.loss_scale != 1.0
        self.reciprocal_scale = Tensor(np.asarray(1.0 / self.loss_scale, np.float32))
        self.global_step_increase_tensor = Tensor(np.ones(1, np.int32))
        self.assignadd = P.AssignAdd()
        self.param_rank, self.use_parallel = None, False
        self.dynamic_weight_decay = self.dynamic_decay_flags = False
        self.grad_centralization = any(bool(g.get("grad_centralization")) for g in groups)
        if self.is_group:  # MindSpore's per-parameter records of the groups (ms-oracle)
            gc = {id(p): bool(g.get("grad_centralization", False))
                  for g in groups if "params" in g for p in g["params"]}
            self.group_params = list(self.parameters)
            self.group_weight_decay = list(self.group_wd)
            self.group_grad_centralization = [gc.get(id(p), False) for p in self.parameters]
            self.grad_centralization_flags = tuple(self.group_grad_centralization)
            self.dynamic_decay_flags = (False,) * self.param_length
        self.enable_tuple_broaden = self.skip_auto_parallel_compile = True
        self.map_, self.map_reverse = Map(), Map(None, True)
        self.hyper_map, self.hyper_map_reverse = HyperMap(), HyperMap(None, True)

    def construct(self, *hyper_params):
        """The update; subclasses define it (MindSpore's NotImplementedError otherwise)."""
        if getattr(type(self), "forward", None) is not None:
            return super().construct(*hyper_params)
        raise NotImplementedError("%s.construct: an Optimizer subclass must define construct"
                                  % type(self).__name__)

    def _lr_tensor(self, lr):
        """The learning rate of the current step as a 0-d float32 tensor."""
        if lr is _DEFAULT:
            lr = self.learning_rate
            if isinstance(lr, Parameter) and lr.ndim == 1:
                return self._lr_of_step(lr, lr.shape[0])
            if isinstance(lr, Parameter):
                return lr
        if isinstance(lr, Parameter):  # a group's own rate (learning_rate_group_<i>)
            return lr if lr.ndim == 0 else self._lr_of_step(lr, lr.shape[0])
        if isinstance(lr, Cell):
            return F.cast(F.reshape(lr(self.global_step), ()), np.float32)
        if isinstance(lr, (list, tuple)):
            return self._lr_of_step(Tensor(np.asarray(lr, np.float32)), len(lr))
        if isinstance(lr, Tensor):
            return F.reshape(F.cast(lr, np.float32), ())
        return Tensor._make(np.asarray(lr, np.float32))

    def _lr_of_step(self, table, count):
        """Entry ``global_step`` of a per-step learning-rate list. As in MindSpore, a run
        longer than the list is an error (it does not keep the last value): eagerly a
        RuntimeError naming the optimizer, in a graph gather's index error at run time."""
        step = F.reshape(self.global_step, ())
        if not _trace.current().is_graph:
            current = int(step.asnumpy())
            if current >= count:
                raise RuntimeError(
                    "%s: the dynamic learning rate has %d values, one per step, but this is step "
                    "%d (global_step %d); make the list as long as the training run"
                    % (type(self).__name__, count, current + 1, current))
        return F.gather(table, step, 0)

    def _step_lrs(self):
        """Each parameter's learning-rate tensor for this step, computed before any update.
        Each distinct learning rate (the optimizer's, or a group's) is computed once: a
        LearningRateSchedule runs once per step, not once per parameter (its tensor-dependent
        ``if global_step > warmup`` is then one branch of a GRAPH_MODE step, not one per
        parameter)."""
        done = {}
        for lr in self.group_lr:
            if id(lr) not in done:
                done[id(lr)] = self._lr_tensor(lr)
        return [done[id(lr)] for lr in self.group_lr]

    def get_lr(self):
        """The learning rate of the current step: one tensor, or with group learning rates
        (``is_group_lr``) a tuple with each parameter's, in ``parameters`` order, as
        MindSpore's custom optimizers zip it with the parameters. Reading it does not advance
        ``global_step`` (MindSpore 2.10 does not either)."""
        if self.is_group_lr:
            return tuple(self._step_lrs())
        return self._lr_tensor(self.group_lr[0])

    def clone_state(self, prefix, init="zeros"):
        """ParameterTuple of state tensors named ``prefix.<parameter name>``."""
        return self.parameters.clone(prefix, init)

    def _check_grads(self, gradients):
        """Validate every gradient before any parameter is touched (GRAPH_MODE: at trace
        time), so a bad gradient leaves all parameters and state unchanged."""
        name = type(self).__name__
        if not isinstance(gradients, (tuple, list)):
            raise TypeError("%s: 'gradients' must be a tuple or list of Tensors, but got %s"
                            % (name, type(gradients).__name__))
        if len(gradients) != len(self.parameters):
            raise ValueError("%s: got %d gradients for %d parameters"
                             % (name, len(gradients), len(self.parameters)))
        # Eager steps repeat one structure: the per-gradient checks run again only when the
        # (class, shape, dtype) of a gradient or a parameter's shape differs from the last
        # validated step (about half the cost of the checks on a 100-parameter model).
        # Traced tensors have no data: a graph checks fully, once, while it is traced.
        signature = None
        if not _trace.current().is_graph:
            try:
                signature = [(g.__class__, g._data.shape, g._data.dtype, p._data.shape)
                             for g, p in zip(gradients, self.parameters)]
            except AttributeError:  # not a Tensor: the full check names it
                pass
        if signature is None or signature != self.__dict__.get("_grads_checked"):
            self._check_each_grad(gradients, name)
            self.__dict__["_grads_checked"] = signature
        if self.loss_scale != 1.0:
            gradients = tuple(F.div(g, self.loss_scale) for g in gradients)
        return gradients

    def _check_each_grad(self, gradients, name):
        for i, (p, g) in enumerate(zip(self.parameters, gradients)):
            if not isinstance(g, Tensor):
                raise TypeError("%s: the gradient of parameter '%s' (position %d) must be a "
                                "Tensor, but got %s" % (name, p.name, i, type(g).__name__))
            if tuple(g.shape) != tuple(p.shape):
                raise ValueError("%s: the gradient of parameter '%s' (position %d) has shape %s,"
                                 " but the parameter has shape %s"
                                 % (name, p.name, i, tuple(g.shape), tuple(p.shape)))
            if not mstype.is_float_np(g._np_dtype):
                raise TypeError("%s: the gradient of parameter '%s' (position %d) must have a "
                                "float dtype, but got %s" % (name, p.name, i, g.dtype))

    def _step_done(self):
        F.assign_add(self.global_step, Tensor._make(np.ones(1, np.int32)))


_DEFAULT = object()  # a group that uses the optimizer's learning_rate


def _group_lr_parameter(lr, index):
    """A group's own number, 0-d or 1-d Tensor, or list rate as the float32 Parameter
    'learning_rate_group_<index>' (``index``: the group's position in the list, as MindSpore
    counts it); a LearningRateSchedule stays as it is."""
    if isinstance(lr, Cell):
        return lr
    value = lr._data if isinstance(lr, Tensor) else lr
    return Parameter(Tensor(np.asarray(value, np.float32)), name="learning_rate_group_%d" % index)


def _wd_tensor(value):
    return Tensor(np.asarray(value, np.float32))

# PyTorch habits on a MindSpore optimizer, and what to write instead
_GRAD_STEP = ("compute gradients with grad_fn = ms.value_and_grad(forward_fn, None, "
              "optimizer.parameters) and apply them with optimizer(grads)")
_TORCH_METHODS = {
    "step": "MindSpore optimizers have no step(); " + _GRAD_STEP,
    "param_groups": "the parameters are optimizer.parameters and the learning rate "
                    "optimizer.learning_rate (pass group dicts to the constructor for groups)",
}
_TORCH_KEYWORDS = {"lr": "learning_rate", "params": "params (a list of Parameters) as the "
                   "first argument", "betas": "beta1 and beta2", "eps": "eps"}


def _pytorch_keyword_hints(init):
    """Wrap an optimizer's ``__init__`` so an unknown keyword from PyTorch (``lr=``) raises
    TypeError naming MindSpore's keyword; the signature stays the original's."""
    sig = inspect.signature(init)
    takes_any = any(p.kind is p.VAR_KEYWORD for p in sig.parameters.values())

    @functools.wraps(init)
    def wrapper(self, *args, **kwargs):
        if not takes_any:
            unknown = [k for k in kwargs if k not in sig.parameters]
            if unknown:
                k = unknown[0]
                hint = ("; MindSpore's keyword is %r" % _TORCH_KEYWORDS[k]
                        if k in _TORCH_KEYWORDS and _TORCH_KEYWORDS[k] in sig.parameters else "")
                if k in ("lr",):
                    hint = ("; MindSpore's keyword is 'learning_rate', e.g. %s(net."
                            "trainable_params(), learning_rate=0.1)" % type(self).__name__)
                raise TypeError("%s got an unexpected keyword argument %r%s (accepted: %s)"
                                % (type(self).__name__, k, hint,
                                   ", ".join(list(sig.parameters)[1:])))
        return init(self, *args, **kwargs)
    return wrapper


def _follow_order(owner, order, params, lrs, wds):
    """The grouped parameters (and their lr / weight decay) in the order of the group
    ``{"order_params": [...]}``, which must name exactly the grouped parameters."""
    where = {id(p): i for i, p in enumerate(params)}
    order = list(order)
    for p in order:
        if not isinstance(p, Parameter):
            raise TypeError("%s: 'order_params' must hold Parameters, but got %s"
                            % (owner, type(p).__name__))
        if id(p) not in where:
            raise ValueError("%s: the parameter '%s' in 'order_params' is in no group's 'params'"
                             % (owner, p.name))
    if len({id(p) for p in order}) != len(order) or len(order) != len(params):
        missing = sorted({p.name for p in params} - {p.name for p in order})
        raise ValueError("%s: 'order_params' must list each grouped parameter once; %d listed "
                         "for %d grouped parameters (missing: %s)"
                         % (owner, len(order), len(params), missing))
    idx = [where[id(p)] for p in order]
    return [params[i] for i in idx], [lrs[i] for i in idx], [wds[i] for i in idx]


def _lr_sequence(lr):
    """A per-step learning rate given as any iterable (a 1-d numpy array from np.linspace or a
    cosine schedule, a range, a generator) as the list MindSpore makes of it; other values
    unchanged."""
    if isinstance(lr, (Cell, Tensor, list, tuple, str, bytes)) or not hasattr(lr, "__iter__"):
        return lr
    if isinstance(lr, np.ndarray) and lr.ndim != 1:
        return lr  # _check_lr names it
    return [float(v) if isinstance(v, (np.floating, np.integer)) else v for v in lr]


def _check_lr(lr, owner):
    if isinstance(lr, (Cell, Tensor)):
        return
    if isinstance(lr, (list, tuple)):
        if not lr or not all(isinstance(v, numbers.Real) and v >= 0 for v in lr):
            raise ValueError("%s: a learning-rate list must hold non-negative numbers" % owner)
        return
    if not isinstance(lr, numbers.Real) or isinstance(lr, bool) or lr < 0:
        raise ValueError("%s: 'learning_rate' must be a non-negative number, a list, a Tensor or a"
                         " LearningRateSchedule, but got %r" % (owner, lr))


def in_param_dtype(grad, param):
    """``grad`` in ``param``'s dtype. ``F.cast`` copies even when the dtype already matches (as
    MindSpore's Cast does); an optimizer only reads the gradient, so it skips that copy."""
    return grad if grad.dtype == param.dtype else F.cast(grad, param.dtype)


def trust_ratio(w_norm, u_norm, coefficient=1.0, weight_decay=0.0, eps=0.0):
    """``coefficient * w_norm / (u_norm + weight_decay * w_norm + eps)`` where both norms are
    positive, else 1: Lamb's layer-wise trust ratio (the defaults) and LARS's local learning
    rate."""
    both = F.logical_and(F.greater(w_norm, 0.0), F.greater(u_norm, 0.0))
    den = u_norm
    if weight_decay:
        den = F.add(den, F.mul(w_norm, weight_decay))
    if eps:
        den = F.add(den, eps)
    num = F.mul(w_norm, coefficient) if coefficient != 1.0 else w_norm
    ones = F.ones_like(u_norm)
    return F.select(both, F.div(num, F.select(both, den, ones)), ones)


def _recorded_lr(lr):
    """init_learning_rate as MindSpore records it: a Tensor as a list, a schedule Cell as None."""
    if isinstance(lr, Tensor):
        return lr.asnumpy().tolist()
    return None if isinstance(lr, Cell) else lr


def opt_init_args_register(fn):
    """Decorator for an optimizer's ``__init__`` (MindSpore's ``nn.optim.optimizer`` helper, which
    custom optimizers in model code use): before ``__init__`` runs, it records the call's
    arguments, with defaults filled in, on the optimizer: ``init_params`` (``{"params": params}``,
    or the wrapped ``optimizer``'s), ``init_learning_rate`` (a Tensor rate as a list, None for a
    schedule Cell) and ``init_args`` (every other argument by name).

    Args:
        fn (function): the ``__init__`` to decorate.

    Returns:
        function: ``__init__`` that records its arguments, then runs ``fn``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> from mindcell.nn.optim.optimizer import opt_init_args_register
        >>> class MySGD(nn.Optimizer):
        ...     @opt_init_args_register
        ...     def __init__(self, params, learning_rate=0.1, momentum=0.0):
        ...         super().__init__(learning_rate, params)
        >>> opt = MySGD(nn.Dense(2, 2).trainable_params(), momentum=0.9)
        >>> opt.init_args
        {'momentum': 0.9}
    """
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        arguments = signature.bind(self, *args, **kwargs)
        arguments.apply_defaults()
        arguments = dict(arguments.arguments)
        arguments.pop("self")
        if "params" in arguments:
            self.init_params = {"params": arguments.pop("params")}
        if "optimizer" in arguments:
            inner = arguments.pop("optimizer")
            if hasattr(inner, "init_params"):  # else __init__ says it is not an optimizer
                self.init_params = {"params": inner.init_params["params"]}
        if "learning_rate" in arguments:
            self.init_learning_rate = _recorded_lr(arguments.pop("learning_rate"))
        self.init_args = arguments
        fn(self, *args, **kwargs)

    return deco
