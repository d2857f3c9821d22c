"""PyTorch-signature optimizers as in ``mindspore.experimental.optim``: ``opt(grads)`` applies
one step; hyper-parameters live in ``param_groups``."""
import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.adam import beta_powers
from mindcell.nn.optim.optimizer import Optimizer as _Base
from mindcell.ops import functional as F
from mindcell.ops.defs.state import adam_update_p, sgd_update_p

__all__ = ["Optimizer", "SGD", "Adam", "AdamW"]


class Optimizer(_Base):
    """Base: ``Optimizer(params, defaults)``; ``param_groups`` is a list of dicts."""

    _filter_decay = False  # PyTorch-style: weight decay applies to every parameter
    _group_keys = None  # PyTorch-style groups carry each optimizer's own hyper-parameters

    def __init__(self, params, defaults):
        params = list(params)
        groups = params if params and isinstance(params[0], dict) else [{"params": params}]
        self.defaults = dict(defaults)
        super().__init__(defaults["lr"], [dict(g, lr=g.get("lr", defaults["lr"]),
                                               weight_decay=g.get("weight_decay",
                                                                  defaults.get("weight_decay", 0.0)))
                                          for g in groups])
        # a group without weight_decay (none in the defaults either) gets 0.0, as in MindSpore
        self.param_groups = [_Group({"weight_decay": 0.0}, **dict(self.defaults, **g))
                             for g in groups]
        # Each group's learning rate is a Parameter (learning_rate_group_<i>, as MindSpore's)
        # the step reads, so `group["lr"] = x` (what schedulers and training loops write)
        # changes the next steps' learning rate in both modes.
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
            self._group_of_param += [i] * len(list(group["params"]))

    def _step_lrs(self):
        lrs = [g["lr"] for g in self.param_groups]
        return [lrs[i] for i in self._group_of_param]

    # the per-parameter state ParameterTuples a subclass keeps (extended by add_param_group)
    _state_names = ()

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
        group = _Group({"weight_decay": 0.0},
                       **dict(self.defaults, **dict(param_group, params=params)))
        index = len(self.param_groups)
        dict.__setitem__(group, "lr", Parameter(
            Tensor(np.asarray(_lr_value(group["lr"]), np.float32)),
            name="learning_rate_group_%d" % index, requires_grad=False))
        wd = float(group["weight_decay"])
        self.param_groups.append(group)
        self.group_start_id.append(self.group_start_id[-1] + len(params))
        self._group_of_param += [index] * len(params)
        self.group_lr += [group["lr"]] * len(params)
        self.group_wd += [wd] * len(params)
        new = ParameterTuple(params)
        for state in self._state_names:
            setattr(self, state, ParameterTuple(list(getattr(self, state))
                                                + list(new.clone(state, "zeros"))))
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


class _Group(dict):
    """A parameter group: setting ``"lr"`` writes the group's learning-rate Parameter."""

    def __setitem__(self, key, value):
        current = self.get(key)
        if key == "lr" and isinstance(current, Parameter):
            current.set_data(Tensor(np.asarray(_lr_value(value), np.float32)))
            return
        super().__setitem__(key, value)


class SGD(Optimizer):
    """SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
    maximize=False)."""

    _state_names = ("accum",)

    def __init__(self, params, lr, momentum=0.0, dampening=0.0, weight_decay=0.0,
                 nesterov=False, *, maximize=False):
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening,
                                      weight_decay=weight_decay, nesterov=nesterov,
                                      maximize=maximize))
        self.momentum, self.dampening, self.nesterov = float(momentum), float(dampening), nesterov
        self.maximize = maximize
        self.accum = self.clone_state("accum")
        self.stat = Parameter(Tensor(np.ones(1, np.float32)), name="stat", requires_grad=False)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for p, g, a, lr, wd in zip(self.parameters, gradients, self.accum, self._step_lrs(),
                                   self.group_wd):
            g = F.neg(g) if self.maximize else g
            sgd_update_p.bind(p, F.cast(g, p.dtype), a, lr, self.stat,
                              momentum=self.momentum, dampening=self.dampening,
                              weight_decay=wd, nesterov=self.nesterov)
        F.assign(self.stat, Tensor._make(np.zeros(1, np.float32)))
        self._step_done()
        return True


class Adam(Optimizer):
    """Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
    maximize=False): L2 weight decay added to the gradient."""

    _decoupled = False
    _state_names = ("exp_avg", "exp_avg_sq")

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, *, maximize=False):
        if amsgrad:
            raise ValueError("%s: amsgrad=True is not supported" % type(self).__name__)
        super().__init__(params, dict(lr=lr, betas=tuple(betas), eps=eps,
                                      weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize))
        self.beta1, self.beta2 = float(betas[0]), float(betas[1])
        self.eps, self.maximize = float(eps), maximize
        self.beta1_power, self.beta2_power = beta_powers()
        self.exp_avg = self.clone_state("exp_avg")
        self.exp_avg_sq = self.clone_state("exp_avg_sq")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        F.assign(self.beta1_power, F.mul(self.beta1_power, self.beta1))
        F.assign(self.beta2_power, F.mul(self.beta2_power, self.beta2))
        correction = F.div(F.sqrt(F.sub(1.0, self.beta2_power)), F.sub(1.0, self.beta1_power))
        for p, g, m, v, lr_t, wd in zip(self.parameters, gradients, self.exp_avg,
                                        self.exp_avg_sq, lrs, self.group_wd):
            g = F.neg(g) if self.maximize else g
            adam_update_p.bind(p, m, v, F.cast(g, p.dtype), lr_t, F.mul(lr_t, correction),
                               beta1=self.beta1, beta2=self.beta2, epsilon=self.eps,
                               weight_decay=wd, decoupled=self._decoupled, use_nesterov=False)
        self._step_done()
        return True


class AdamW(Adam):
    """AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False,
    *, maximize=False): decoupled weight decay (param -= lr * weight_decay * param)."""

    _decoupled = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize)
