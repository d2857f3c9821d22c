"""PyTorch-signature optimizers as in ``mindspore.experimental.optim``: ``opt(grads)`` applies
one step; hyper-parameters live in ``param_groups``."""
import collections
import warnings

import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import Optimizer as _Base
from mindcell.ops import functional as F
from mindcell.ops.defs.state import adam_update_p, sgd_update_p

__all__ = ["Optimizer", "AdamW", "SGD", "Adam", "Adadelta", "Adagrad", "ASGD", "Adamax", "RMSprop",
           "Rprop", "RAdam", "NAdam"]


class Optimizer(_Base):
    """Base class of the PyTorch-style optimizers, as ``mindspore.experimental.optim.Optimizer``.

    ``param_groups`` is a list of dicts, one per group: its ``'params'``, its own
    hyper-parameters, then the ``defaults`` it lacks (MindSpore 2.10's key order); each group's
    ``'lr'`` is a float32 Parameter ``learning_rate_group_<i>`` (also in ``lrs``), which the
    lr schedulers write. ``parameters`` holds every group's parameters in order, and
    ``group_start_id[i]`` is the index of group ``i``'s first one (a subclass's ``construct``
    indexes the gradients with it). ``parameters_and_names()`` lists the parameters and the
    subclass's state Parameters only (the checkpoint keys MindSpore has).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups
            (dicts with ``'params'`` and optional hyper-parameters).
        defaults (dict): the default hyper-parameters; ``'lr'`` is required.

    Raises:
        ValueError: ``params`` is None or empty, or a parameter is in two groups.
        TypeError: ``params`` is not an iterable, or a group's ``'lr'`` is not a number or
            Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> from mindcell.experimental import optim
        >>> class PlainSGD(optim.Optimizer):
        ...     def __init__(self, params, lr):
        ...         super().__init__(params, dict(lr=lr))
        ...     def construct(self, gradients):
        ...         for i, group in enumerate(self.param_groups):
        ...             first = self.group_start_id[i]
        ...             for j, p in enumerate(group["params"]):
        ...                 ops.assign(p, p - gradients[first + j] * group["lr"])
        ...         return True
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = PlainSGD([w], lr=0.5)
        >>> _ = opt((ms.Tensor(np.array([1.0, 2.0], np.float32)),))
        >>> w.asnumpy()
        array([0.5, 0. ], dtype=float32)
    """

    _filter_decay = False  # PyTorch-style: weight decay applies to every parameter
    _group_keys = None  # PyTorch-style groups carry each optimizer's own hyper-parameters

    def __init__(self, params, defaults):
        name = type(self).__name__
        if params is None:
            raise ValueError("For '%s', the argument params can not be None." % name)
        if isinstance(params, (Parameter, Tensor)) or not hasattr(params, "__iter__"):
            raise TypeError("For '%s', the argument params must be an iterable of Parameters or "
                            "of group dicts, but got %s." % (name, type(params).__name__))
        params = list(params)
        if not params:
            raise ValueError("For '%s', the argument params must not be empty." % name)
        for group in params:
            lr = group.get("lr", defaults.get("lr")) if isinstance(group, dict) else None
            if isinstance(lr, bool) or (lr is not None and
                                        not isinstance(lr, (int, float, Tensor))):
                raise TypeError("For '%s', a group's 'lr' must be int, float or Tensor, but got "
                                "%s." % (name, type(lr).__name__))
        groups = params if params and isinstance(params[0], dict) else [{"params": params}]
        self.defaults = dict(defaults)
        super().__init__(defaults["lr"], [dict(g, lr=g.get("lr", defaults["lr"]),
                                               weight_decay=g.get("weight_decay",
                                                                  defaults.get("weight_decay", 0.0)))
                                          for g in groups])
        # a group without weight_decay (none in the defaults either) gets 0.0, as in MindSpore
        self.param_groups = [_make_group(g, self.defaults) for g in groups]
        # Each group's learning rate is a Parameter (learning_rate_group_<i>, also in `lrs`, as
        # MindSpore's) that schedulers write. As in MindSpore 2.10, a step reads each group's
        # hyper-parameters from its dict: `group["lr"] = <float>` overrides the Parameter for
        # the next steps, while a Tensor or int put there is not used (the step keeps reading
        # the Parameter; a warning says so).
        self._unregister_base_state()
        # MindSpore 2.10 has PyTorch's per-parameter state dict; its optimizers keep their
        # state in Parameters instead, so it stays empty
        self.state = collections.defaultdict(dict)
        self.lrs = []
        self._group_of_param = []
        # the index of each group's first parameter in `parameters`, and their total last (as
        # MindSpore's group_start_id, which custom optimizers index gradients with)
        self.group_start_id = [0]
        for group in self.param_groups:
            self.group_start_id.append(self.group_start_id[-1] + len(list(group["params"])))
        for i, group in enumerate(self.param_groups):
            lr = Parameter(Tensor(np.asarray(_lr_value(group["lr"]), np.float32)),
                           name="learning_rate_group_%d" % i, requires_grad=False)
            dict.__setitem__(group, "lr", lr)
            self.lrs.append(lr)
            self._group_of_param += [i] * len(list(group["params"]))

    def __repr__(self):
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += "\nParameter Group %d\n" % i
            for key in sorted(group):
                if key == "params":
                    continue
                value = group[key]
                if key == "lr" and isinstance(value, Parameter):
                    value = value.value()
                text += "    %s: %s\n" % (key, value)
        return text + ")"

    def _unregister_base_state(self):
        """MindSpore 2.10's experimental optimizers hold no 'global_step', 'learning_rate' or
        'learning_rate_group_<i>' among their Cell parameters (parameters_and_names() and
        checkpoints list the parameters and the state only; the groups' learning-rate
        Parameters live in ``lrs`` and ``param_groups``): the ones the nn.Optimizer base
        registers stay attributes but leave the registry."""
        d = self.__dict__
        for key in ("global_step", "learning_rate"):
            if key in d["_params"]:
                d[key] = d["_params"].pop(key)
        groups = d["_params_list"].pop("learning_rate_groups", None)
        if groups is not None:
            for p in groups:
                for key in [k for k, v in d["_params"].items() if v is p]:
                    del d["_params"][key]
            d["learning_rate_groups"] = groups

    def _group_lr(self, index):
        """The learning rate group ``index`` steps with: a float written to its ``"lr"``
        entry, otherwise its learning-rate Parameter (MindSpore 2.10's rule)."""
        value = self.param_groups[index].get("lr")
        if isinstance(value, float):
            return Tensor._make(np.asarray(value, np.float32))
        return self.lrs[index]

    def _step_lrs(self):
        lrs = [self._group_lr(i) for i in range(len(self.param_groups))]
        return [lrs[i] for i in self._group_of_param]

    def _group_slices(self):
        """(group, first, end) for each parameter group, ``first:end`` its parameters."""
        ids = self.group_start_id
        return [(g, ids[i], ids[i + 1]) for i, g in enumerate(self.param_groups)]

    # the per-parameter state ParameterTuples a subclass keeps (extended by add_param_group)
    _state_names = ()
    _ones_states = ()  # the state ParameterTuples that start at one (SGD's first-step flags)

    def _state_fill(self, state):
        """The start value of the state ParameterTuple ``state`` (for add_param_group)."""
        return "ones" if state in self._ones_states else "zeros"

    def _add_scalar_states(self, params):
        """Give ``params`` (a group being added) their per-parameter 0-d states, if any."""

    def add_param_group(self, param_group):
        """add_param_group(param_group): adds a group of parameters (a dict with ``'params'``
        and optionally its own hyper-parameters; the others are the optimizer's defaults). The
        group gets its own learning-rate Parameter, its parameters join ``parameters`` (the
        gradients of a step follow that order) and get fresh optimizer state.

        Args:
            param_group (dict): ``{'params': Parameter or list of Parameters, 'lr': ...}``.

        Raises:
            TypeError: ``param_group`` is not a dict or a parameter not a Parameter.
            ValueError: a parameter is in another group already.

        Examples:
            >>> import numpy as np
            >>> import mindcell as ms
            >>> from mindcell.experimental import optim
            >>> opt = optim.SGD(ms.nn.Dense(2, 1).trainable_params(), 0.1)
            >>> opt.add_param_group({"params": ms.Parameter(ms.Tensor([1.0]), "extra"), "lr": 0.5})
            >>> [p.name for p in opt.parameters], opt.group_start_id
            (['weight', 'bias', 'extra'], [0, 2, 3])
        """
        from mindcell.common.parameter import ParameterTuple
        name = type(self).__name__
        if not isinstance(param_group, dict):
            raise TypeError("%s.add_param_group: the param group must be a dict, but got %s"
                            % (name, type(param_group).__name__))
        params = param_group.get("params")
        params = [params] if isinstance(params, Parameter) else list(params or ())
        for p in params:
            if not isinstance(p, Parameter):
                raise TypeError("%s.add_param_group: parameters must be Parameters, but got %s"
                                % (name, type(p).__name__))
        known = {id(p) for p in self.parameters}
        if len({id(p) for p in params}) != len(params) or any(id(p) in known for p in params):
            raise ValueError("%s.add_param_group: some parameters appear in more than one "
                             "parameter group" % name)
        group = _make_group(dict(param_group, params=params), self.defaults)
        index = len(self.param_groups)
        dict.__setitem__(group, "lr", Parameter(
            Tensor(np.asarray(_lr_value(group["lr"]), np.float32)),
            name="learning_rate_group_%d" % index, requires_grad=False))
        self.lrs.append(group["lr"])
        wd = float(group["weight_decay"])
        self.param_groups.append(group)
        self.group_start_id.append(self.group_start_id[-1] + len(params))
        self._group_of_param += [index] * len(params)
        self.group_lr += [group["lr"]] * len(params)
        self.group_wd += [wd] * len(params)
        new = ParameterTuple(params)
        for state in self._state_names:
            setattr(self, state, ParameterTuple(list(getattr(self, state)) + list(
                new.clone(state, self._state_fill(state)))))
        self._add_scalar_states(params)
        self.parameters = ParameterTuple(list(self.parameters) + params)
        self.__dict__["parameters"] = self._params_list["parameters"]
        self.param_length = len(self.parameters)
        self.optim_filter = (True,) * self.param_length
        self.decay_flags = tuple(self.decay_flags) + (wd > 0,) * len(params)
        self.__dict__.pop("_grads_checked", None)


def _lr_value(value):
    """A group's learning rate as a float (a number or a one-element Tensor)."""
    if hasattr(value, "asnumpy"):
        value = value.asnumpy()
    arr = np.asarray(value)
    if arr.size != 1 or not np.issubdtype(arr.dtype, np.number) or arr.dtype == np.bool_:
        raise TypeError("experimental.optim: a group's 'lr' must be a number or a one-element "
                        "Tensor, but got %r" % (value,))
    return float(arr.reshape(()))


def _make_group(group, defaults):
    """A parameter group with MindSpore 2.10's key order: the user's keys as given, then the
    defaults it lacks in the defaults' order, then 'weight_decay' (0.0) if still missing."""
    out = _Group()
    for key, value in group.items():
        dict.__setitem__(out, key, value)
    for key, value in defaults.items():
        if key not in out:
            dict.__setitem__(out, key, value)
    if "weight_decay" not in out:
        dict.__setitem__(out, "weight_decay", 0.0)
    return out


class _Group(dict):
    """A parameter group. Writing ``"lr"`` follows MindSpore 2.10: a float is what the next
    steps use; a Tensor or an int is stored but not used (the step reads the group's
    learning-rate Parameter), which a warning says; anything else is a TypeError."""

    def __setitem__(self, key, value):
        if key == "lr" and not isinstance(value, float):
            _lr_value(value)  # TypeError for a value that is no learning rate at all
            if not isinstance(value, Parameter):
                warnings.warn(
                    "experimental.optim: param_group['lr'] = %s is stored but not used, as in "
                    "MindSpore 2.10: the step keeps the group's learning-rate Parameter (%s); "
                    "write a Python float, or assign the Parameter (ops.assign / set_data) or use "
                    "an lr scheduler" % (type(value).__name__, "learning_rate_group_<i>"),
                    stacklevel=2)
        super().__setitem__(key, value)


def _flag(name, key, value):
    if not isinstance(value, bool):
        raise TypeError("%s: '%s' must be a bool, but got %s" % (name, key, type(value).__name__))
    return value


def _nonneg(name, key, value, types=(int, float)):
    if isinstance(value, bool) or not isinstance(value, types):
        raise TypeError("%s: '%s' must be %s, but got %s"
                        % (name, key, " or ".join(t.__name__ for t in types), type(value).__name__))
    if value < 0:
        raise ValueError("%s: invalid %s value: %s (must be >= 0)" % (name, key, value))
    return float(value)


def _check_adam_args(name, lr, betas, eps, weight_decay):
    if not isinstance(lr, Tensor):
        _nonneg(name, "lr", lr)
    elif float(_lr_value(lr)) < 0:
        raise ValueError("%s: invalid learning rate: %s" % (name, _lr_value(lr)))
    _nonneg(name, "eps", eps)
    _nonneg(name, "weight_decay", weight_decay)
    betas = tuple(betas)
    if len(betas) != 2:
        raise ValueError("%s: 'betas' must have 2 values, but got %d" % (name, len(betas)))
    for i, b in enumerate(betas):
        if not 0.0 <= b < 1.0:
            raise ValueError("%s: invalid beta parameter at index %d: %s (must be in [0, 1))"
                             % (name, i, b))
    return betas


class SGD(Optimizer):
    r"""Stochastic gradient descent (with momentum, Nesterov momentum, weight decay) with
    PyTorch's signature, as ``mindspore.experimental.optim.SGD``.

    With :math:`g` the gradient (negated with ``maximize``, plus ``weight_decay * param``) and
    the momentum buffer :math:`b` (set to :math:`g` at a parameter's first step, flags
    ``stat.<name>``): :math:`b \leftarrow \mu b + (1 - dampening) g`, then
    :math:`param \leftarrow param - lr \cdot (g + \mu b)` with ``nesterov``, else
    :math:`param - lr \cdot b` (:math:`b = g` without momentum). Each step reads every group's
    ``lr``, ``momentum``, ``dampening``, ``weight_decay``, ``nesterov`` and ``maximize`` from
    its dict, as MindSpore 2.10 does. The state Parameters are ``accum.<name>`` and
    ``stat.<name>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, >= 0.
        momentum (Union[int, float]): momentum factor, >= 0. Default: ``0``.
        dampening (Union[int, float]): dampening of the momentum, >= 0. Default: ``0``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        nesterov (bool): Nesterov momentum (needs momentum > 0 and dampening 0).
            Default: ``False``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: a negative argument, or ``nesterov`` without momentum or with dampening.
        TypeError: ``nesterov`` or ``maximize`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.SGD([w], lr=0.1, momentum=0.9)
        >>> g = (ms.Tensor(np.array([1.0, -1.0], np.float32)),)
        >>> _ = opt(g)
        >>> _ = opt(g)
        >>> np.round(w.asnumpy(), 4)
        array([0.71, 1.29], dtype=float32)
    """

    _state_names = ("accum", "stat")
    _ones_states = ("stat",)

    def __init__(self, params, lr, momentum=0.0, dampening=0.0, weight_decay=0.0,
                 nesterov=False, *, maximize=False):
        if not isinstance(lr, Tensor):
            _nonneg("SGD", "lr", lr)
        _nonneg("SGD", "momentum", momentum)
        _flag("SGD", "nesterov", nesterov)
        _flag("SGD", "maximize", maximize)
        super().__init__(params, dict(lr=lr, momentum=float(momentum), dampening=dampening,
                                      weight_decay=weight_decay, nesterov=nesterov,
                                      maximize=maximize, grad_centralization=False))
        for group in self.param_groups:
            dict.__setitem__(group, "dampening", _nonneg("SGD", "dampening", group["dampening"]))
            if group.get("grad_centralization"):
                warnings.warn("experimental.optim.SGD: a group's 'grad_centralization' is not "
                              "used, as in MindSpore 2.10 (its experimental SGD only lists "
                              "it among the defaults)", stacklevel=2)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("SGD: nesterov=True needs momentum > 0 and dampening 0, but got "
                             "momentum %s, dampening %s" % (momentum, dampening))
        self.momentum, self.dampening, self.nesterov = float(momentum), float(dampening), nesterov
        self.maximize = maximize
        self.accum = self.clone_state("accum")
        self.stat = self.clone_state("stat", init="ones")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = self._group_lr(index)
            momentum, maximize = float(group["momentum"]), group["maximize"]
            for i in range(first, end):
                p, g = self.parameters[i], gradients[i]
                g = F.neg(g) if maximize else g
                sgd_update_p.bind(p, F.cast(g, p.dtype), self.accum[i], lr, self.stat[i],
                                  momentum=momentum, dampening=float(group["dampening"]),
                                  weight_decay=float(group["weight_decay"]),
                                  nesterov=bool(group["nesterov"]), clear_stat=True)
        self._step_done()
        return True


class Adam(Optimizer):
    r"""Adam with PyTorch's signature, as ``mindspore.experimental.optim.Adam``.

    L2 weight decay is added to the gradient :math:`g` (negated with ``maximize``); then, with
    :math:`t` the step count (Parameter ``state_step``), MindSpore 2.10's update (``ops.Adam``):

    .. math::
        m \leftarrow \beta_1 m + (1-\beta_1) g,\quad v \leftarrow \beta_2 v + (1-\beta_2) g^2,
        \quad param \leftarrow param - lr \frac{\sqrt{1-\beta_2^t}}{1-\beta_1^t}
        \frac{m}{\sqrt{v} + \epsilon}

    Each step reads every group's ``lr``, ``betas``, ``eps``,
    ``weight_decay`` and ``maximize`` from its dict. The state Parameters are
    ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>`` and ``state_step``.

    MindSpore 2.10's experimental Adam takes ``amsgrad`` and does not use it (its update is the
    plain Adam one); mindcell computes the same and warns when ``amsgrad=True``
    (:class:`AdamW` implements it).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, >= 0. Default: ``1e-3``.
        betas (tuple[float, float]): the decay rates, each in [0, 1). Default: ``(0.9, 0.999)``.
        eps (float): added to the denominator, >= 0. Default: ``1e-8``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        amsgrad (bool): not used (see above). Default: ``False``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: an argument outside its bound above.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.Adam([w], lr=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> np.round(w.asnumpy(), 4)
        array([0.9, 1.1], dtype=float32)
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, *, maximize=False):
        name = type(self).__name__
        betas = _check_adam_args(name, lr, betas, eps, weight_decay)
        if amsgrad and not self._decoupled:
            warnings.warn("experimental.optim.Adam: amsgrad=True is not used by MindSpore 2.10's "
                          "experimental Adam (its update is plain Adam), so mindcell does not use "
                          "it either; experimental.optim.AdamW implements amsgrad", stacklevel=2)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      amsgrad=amsgrad, maximize=maximize))
        self.beta1, self.beta2 = float(betas[0]), float(betas[1])
        self.eps, self.maximize = float(eps), maximize
        self.exp_avg = self.clone_state("exp_avg")
        self.exp_avg_sq = self.clone_state("exp_avg_sq")
        self.max_exp_avg_sq = self.clone_state("max_exp_avg_sq")
        self.state_step = Parameter(Tensor(np.zeros((), np.int32)), name="state_step",
                                    requires_grad=False)

    _state_names = ("exp_avg", "exp_avg_sq", "max_exp_avg_sq")
    _decoupled = False

    def _powers(self, group):
        beta1, beta2 = (float(b) for b in group["betas"])
        step = F.cast(self.state_step, np.float32)
        return beta1, beta2, F.pow(beta1, step), F.pow(beta2, step)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        F.assign_add(self.state_step, Tensor._make(np.ones((), np.int32)))
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = self._group_lr(index)
            beta1, beta2, power1, power2 = self._powers(group)
            maximize, eps = group["maximize"], float(group["eps"])
            wd = float(group["weight_decay"])
            if self._decoupled:
                self._adamw_group(group, first, end, gradients, lr, beta1, beta2, power1,
                                  power2, eps, wd, maximize)
                continue
            lr_t = F.mul(lr, F.div(F.sqrt(F.sub(1.0, power2)), F.sub(1.0, power1)))
            for i in range(first, end):
                p, g = self.parameters[i], gradients[i]
                g = F.neg(g) if maximize else g
                adam_update_p.bind(p, self.exp_avg[i], self.exp_avg_sq[i], F.cast(g, p.dtype),
                                   lr, lr_t, beta1=beta1, beta2=beta2, epsilon=eps,
                                   weight_decay=wd, decoupled=False, use_nesterov=False)
        self._step_done()
        return True


class AdamW(Adam):
    r"""Adam with decoupled weight decay (Loshchilov and Hutter) and PyTorch's signature, as
    ``mindspore.experimental.optim.AdamW``.

    .. math::
        param \leftarrow param (1 - lr \cdot weight\_decay),\quad
        param \leftarrow param - \frac{lr}{1-\beta_1^t}
        \frac{m}{\sqrt{v}/\sqrt{1-\beta_2^t} + \epsilon}

    with :math:`m, v` Adam's moments (with ``amsgrad``, :math:`v` is the running maximum
    ``max_exp_avg_sq.<name>``), as MindSpore 2.10's. Each step reads every
    group's ``lr``, ``betas``, ``eps``, ``weight_decay``, ``amsgrad`` and ``maximize`` from its
    dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, >= 0. Default: ``1e-3``.
        betas (tuple[float, float]): the decay rates, each in [0, 1). Default: ``(0.9, 0.999)``.
        eps (float): added to the denominator, >= 0. Default: ``1e-8``.
        weight_decay (float): the decoupled decay, >= 0. Default: ``1e-2``.
        amsgrad (bool): use the running maximum of :math:`v`. Default: ``False``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: an argument outside its bound above.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.AdamW([w], lr=0.1, weight_decay=0.5)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> np.round(w.asnumpy(), 4)
        array([0.85, 1.05], dtype=float32)
    """

    _decoupled = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)

    def _adamw_group(self, group, first, end, gradients, lr, beta1, beta2, power1, power2, eps,
                     wd, maximize):
        keep = F.sub(1.0, F.mul(lr, wd))
        step_size = F.div(lr, F.sub(1.0, power1))
        root2 = F.sqrt(F.sub(1.0, power2))
        amsgrad = bool(group["amsgrad"])
        for i in range(first, end):
            p, m, v = self.parameters[i], self.exp_avg[i], self.exp_avg_sq[i]
            g = F.cast(gradients[i], p.dtype)
            g = F.neg(g) if maximize else g
            decayed = F.mul(p, F.cast(keep, p.dtype))
            F.assign(m, F.add(F.mul(m, beta1), F.mul(g, 1.0 - beta1)))
            F.assign(v, F.add(F.mul(v, beta2), F.mul(F.mul(g, g), 1.0 - beta2)))
            second = v
            if amsgrad:
                second = F.maximum(self.max_exp_avg_sq[i], v)
                F.assign(self.max_exp_avg_sq[i], second)
            denom = F.add(F.div(F.sqrt(second), F.cast(root2, p.dtype)), eps)
            F.assign(p, F.sub(decayed, F.mul(F.div(m, denom), F.cast(step_size, p.dtype))))


from mindcell.experimental.optim.adadelta import Adadelta  # noqa: E402
from mindcell.experimental.optim.adagrad import Adagrad  # noqa: E402
from mindcell.experimental.optim.asgd import ASGD  # noqa: E402
from mindcell.experimental.optim.adamax import Adamax  # noqa: E402
from mindcell.experimental.optim.rmsprop import RMSprop  # noqa: E402
from mindcell.experimental.optim.rprop import Rprop  # noqa: E402
from mindcell.experimental.optim.radam import RAdam  # noqa: E402
from mindcell.experimental.optim.nadam import NAdam  # noqa: E402
from mindcell.experimental.optim import lr_scheduler  # noqa: E402,F401
