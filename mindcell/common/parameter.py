"""Parameter: a named, trainable Tensor, and ParameterTuple."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor

_MAX_NAME_LEN = 1024


def _initial_array(default_input):
    """The array a Parameter starts from (MindSpore: int -> Int32, float -> Float32). A Tensor
    (or Parameter) is copied, as in MindSpore: two Parameters built from one tensor train apart,
    and a later write to the tensor does not reach the Parameter (``set_data`` shares instead)."""
    if isinstance(default_input, Tensor):
        return np.array(default_input._data, copy=True)
    if isinstance(default_input, (bool, np.bool_)):
        raise ValueError("Parameter: 'default_input' cannot be a bool")
    if isinstance(default_input, numbers.Integral):
        return np.asarray(default_input, np.int32)
    if isinstance(default_input, numbers.Real):
        return np.asarray(default_input, np.float32)
    if isinstance(default_input, (np.ndarray, list, tuple)):
        return Tensor(default_input)._data
    raise TypeError("Parameter: 'default_input' must be a Tensor, numpy array, list or number, "
                    "but got %s" % type(default_input).__name__)


class ParamInfo:
    """The descriptor MindSpore keeps per Parameter (``param.param_info``): its name and flags,
    read and written through to the Parameter it describes (``info.name = "x"`` renames the
    Parameter), plus the parallel-training fields one process leaves at their defaults.
    ``clone()`` gives a detached copy of the fields; assigning it to another Parameter
    (``state.param_info = weight.param_info.clone()``, the optimizers' clone_state pattern)
    gives that Parameter the fields and attaches the info to it. Other attributes set on an
    info (``cloned_obj``) stay on that info object.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w", requires_grad=False)
        >>> state = ms.Parameter(ms.Tensor(np.zeros(2, np.float32)))
        >>> state.param_info = w.param_info.clone()
        >>> state.name, state.requires_grad, state.param_info.obj is state
        ('w', False, True)
    """

    _LIVE = ("name", "requires_grad", "layerwise_parallel", "parallel_optimizer", "comm_fusion",
             "key")
    _DEFAULTS = {"alias_name": [], "cache_enable": False, "cache_shape": [], "device_matrix": [],
                 "interleaved_parallel": False, "is_in_pynative_shard": False,
                 "is_param_init": False, "is_pipeline_shared_param": False,
                 "is_quant_int4": False, "origin_shape": [], "param_strategy": [],
                 "parallel_optimizer_comm_recompute": False, "quant_shape": [],
                 "requires_aggr": True, "storage_format": "", "tensor_map": [],
                 "use_persistent_storage": False}

    def __init__(self, obj=None, values=None, shape=None):
        object.__setattr__(self, "_obj", obj)
        object.__setattr__(self, "_values", dict(values or {}))
        object.__setattr__(self, "_shape", shape)
        for key, value in self._DEFAULTS.items():
            object.__setattr__(self, key, list(value) if isinstance(value, list) else value)

    @property
    def obj(self):
        """The Parameter this info describes (AttributeError for a detached clone)."""
        if self._obj is None:
            raise AttributeError("'ParamInfo' object has no attribute 'obj'")
        return self._obj

    @property
    def parameter_shape(self):
        """The described Parameter's shape, as a list."""
        return list(self._obj.shape) if self._obj is not None else list(self._shape or [])

    def __getattr__(self, name):
        if name in ParamInfo._LIVE:
            return getattr(self._obj, name) if self._obj is not None else self._values[name]
        raise AttributeError("'ParamInfo' object has no attribute '%s'" % name)

    def __setattr__(self, name, value):
        if name in ParamInfo._LIVE:
            if self._obj is not None:
                setattr(self._obj, name, value)
            else:
                self._values[name] = value
        else:
            object.__setattr__(self, name, value)

    def clone(self):
        """A detached ParamInfo with this one's name, flags and parallel fields."""
        info = ParamInfo(values={k: getattr(self, k) for k in ParamInfo._LIVE},
                         shape=self.parameter_shape)
        for key in self._DEFAULTS:
            value = getattr(self, key)
            object.__setattr__(info, key, list(value) if isinstance(value, list) else value)
        return info

    def _attach(self, param):
        """Give ``param`` this info's fields and make this info describe it."""
        if self._obj is not param:
            for key, value in [(k, getattr(self, k)) for k in ParamInfo._LIVE]:
                setattr(param, key, value)
            object.__setattr__(self, "_obj", param)


def _flag_property(name, doc):
    """A settable bool attribute of Parameter: MindSpore's TypeError (and message) for any
    other value, np.bool_ included, at construction and when set."""
    attr = "_" + name

    def set_flag(self, value):
        if type(value) is not bool:
            raise TypeError("The argument `%s` must be bool type." % name)
        setattr(self, attr, value)

    return property(lambda self: getattr(self, attr), set_flag, doc=doc)


def _check_name(name):
    if name is None:
        return None
    if not isinstance(name, str):
        raise ValueError("Parameter: 'name' must be a str, but got %s" % type(name).__name__)
    if len(name) > _MAX_NAME_LEN:
        raise ValueError("Parameter: 'name' is longer than %d characters" % _MAX_NAME_LEN)
    return name


class Parameter(Tensor):
    """Parameter(default_input, name=None, requires_grad=True, layerwise_parallel=False,
    parallel_optimizer=True, storage_format='', device=None)

    A Tensor that a Cell owns and optimizers update in place. ``name`` defaults to the
    attribute name the Parameter gets in its Cell.

    Args:
        default_input (Union[Tensor, numpy.ndarray, list, int, float]): the initial value
            (a Tensor made with an initializer is filled at once).
        name (str, optional): the name; checkpoints and optimizer states use it. Default:
            ``None``.
        requires_grad (bool): whether gradients are taken for it (``trainable_params``).
            Default: ``True``.
        layerwise_parallel (bool): MindSpore's model-parallel flag, recorded. Default:
            ``False``.
        parallel_optimizer (bool): MindSpore's optimizer-sharding flag, recorded. Default:
            ``True``.
        storage_format (str): an Ascend storage format; accepted, no effect on the CPU.
            Default: ``''``.
        device (str, optional): MindSpore's offload device; accepted, no effect (the data is
            in host memory). Default: ``None``.

    Raises:
        ValueError: ``default_input`` is a bool, ``name`` is not a str or is too long.
        TypeError: ``default_input`` is not a Tensor, numpy array, list or number.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ms.Parameter(ms.Tensor(np.zeros((2, 3), np.float32)), name="w")
        Parameter (name=w, shape=(2, 3), dtype=Float32, requires_grad=True)
    """

    # MindSpore 2.10 makes one unnamed Parameter while importing, so a program's first is #2.
    _auto_count = 1
    has_init = property(lambda self: False,
                        doc="False: a Parameter is initialised when made (MindSpore 2.10 PyNative)")

    def __init__(self, default_input, name=None, requires_grad=True, layerwise_parallel=False,
                 parallel_optimizer=True, storage_format="", device=None):
        self._data = _initial_array(default_input)
        self.init = getattr(default_input, "init", None) if isinstance(default_input,
                                                                        Tensor) else None
        self.const_arg = False
        self._name = _check_name(name)
        if self._name is None:
            # numbered when made, as MindSpore does: names follow construction order
            Parameter._auto_count += 1
            self._name = "Parameter#%d" % Parameter._auto_count
        self._requires_grad = True
        self.requires_grad = requires_grad
        self.layerwise_parallel = layerwise_parallel
        self.parallel_optimizer = parallel_optimizer
        self._comm_fusion = 1
        self.sliced = False
        self.unique = False
        self.inited_param = None
        self.cache_enable = False
        self.is_init = False
        self.key = -1
        self._param_info = None

    @property
    def param_info(self):
        """The :class:`ParamInfo` of this Parameter (its name and flags, shared with it); assign
        another Parameter's ``param_info.clone()`` to take that one's name and flags."""
        if self._param_info is None:
            self._param_info = ParamInfo(self)
        return self._param_info

    @param_info.setter
    def param_info(self, info):
        if not isinstance(info, ParamInfo):
            raise AttributeError("'%s' object has no attribute 'obj'" % type(info).__name__)
        info._attach(self)
        self._param_info = info

    # ----- naming -----------------------------------------------------------------------
    @property
    def name(self):
        """The name checkpoints and optimizers use (``fc1.weight``); settable."""
        return self._name

    @name.setter
    def name(self, value):
        self._name = _check_name(value)

    @property
    def has_user_name(self):
        return self._name is not None

    # ----- flags ------------------------------------------------------------------------
    @property
    def requires_grad(self):
        """Whether the Parameter is trainable (a bool; settable)."""
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value):
        if not isinstance(value, bool):
            raise TypeError("Parameter.requires_grad must be a bool, but got %r" % (value,))
        self._requires_grad = value

    layerwise_parallel = _flag_property("layerwise_parallel",
                                        "MindSpore's model-parallel flag (a bool), recorded.")
    parallel_optimizer = _flag_property("parallel_optimizer",
                                        "MindSpore's optimizer-sharding flag (a bool), recorded.")

    @property
    def comm_fusion(self):
        return self._comm_fusion

    @comm_fusion.setter
    def comm_fusion(self, value):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError("Parameter.comm_fusion must be an int, but got %r" % (value,))
        if value < 0:
            raise ValueError("Parameter.comm_fusion must be >= 0, but got %d" % value)
        self._comm_fusion = value

    # ----- values -----------------------------------------------------------------------
    @property
    def data(self):
        return self

    def value(self):
        """The parameter's current value as a plain Tensor, as MindSpore's ``Parameter.value()``
        loads it: a snapshot in its own buffer (a later assign to the parameter does not show
        in it, nor a write into it in the parameter) that is still the parameter for autodiff:
        gradients flow through it to the parameter in both modes (a model reading a tied
        embedding table through ``value()`` trains it through every use)."""
        return Tensor.copy(self)  # Tensor's copy (TensorCopy): Parameter.copy clones a Parameter

    def init_data(self, layout=None, set_sliced=False):
        """Initialise deferred data (mindcell initialises at creation) and return self."""
        return self

    def set_data(self, data, slice_shape=False):
        """set_data(data, slice_shape=False): replace the value, keeping identity and dtype.

        A Tensor of the same dtype is shared (not copied); other dtypes are cast. Python
        numbers become 0-d values; a float into an integer Parameter raises TypeError.
        Returns self.
        """
        if isinstance(data, Tensor):
            arr = data._data
            if arr.dtype != self._data.dtype:
                arr = arr.astype(self._data.dtype)
        elif isinstance(data, numbers.Number) and not isinstance(data, bool):
            if self._data.dtype.kind in "iu" and not isinstance(data, numbers.Integral):
                raise TypeError("Parameter.set_data: cannot put the float %r into the %s "
                                "Parameter %r" % (data, self.dtype, self.name))
            arr = np.asarray(data, self._data.dtype)
        else:
            raise TypeError("Parameter.set_data: 'data' must be a Tensor or a number, but got %s"
                            % type(data).__name__)
        self._data = arr
        return self

    def clone(self, init="same"):
        """clone(init='same'): a new Parameter with the same name and flags; values copied,
        or filled by ``init`` ('zeros', 'ones', a number, an Initializer)."""
        if isinstance(init, str) and init == "same":
            arr = self._data.copy()
        else:
            from mindcell.common.initializer import initializer
            arr = initializer(init, self.shape, self.dtype)._data
        p = Parameter(Tensor._make(arr), name=self._name, requires_grad=self.requires_grad,
                      layerwise_parallel=self.layerwise_parallel,
                      parallel_optimizer=self.parallel_optimizer)
        p._comm_fusion = self._comm_fusion
        return p

    def copy(self):
        """An independent copy (same name and flags)."""
        return self.clone()

    def __repr__(self):
        return "Parameter (name=%s, shape=%s, dtype=%s, requires_grad=%s)" % (
            self.name, self.shape, self.dtype, self.requires_grad)

    __str__ = __repr__

    def __reduce__(self):
        return (_rebuild, (self.asnumpy(), self._name, self.requires_grad))

    def __deepcopy__(self, memo):
        return self.clone()

    def __copy__(self):
        return self.clone()


def _rebuild(array, name, requires_grad):
    return Parameter(Tensor(array), name=name, requires_grad=requires_grad)


class ParameterTuple(tuple):
    """ParameterTuple(iterable): an immutable tuple of Parameters, with
    ``clone(prefix, init='same')`` making new Parameters named ``prefix + '.' + name``
    (optimizers make their states this way).

    Args:
        iterable (Iterable[Parameter]): the Parameters.

    Raises:
        TypeError: an element is not a Parameter (or, in ``clone``, ``prefix`` not a str).

    Examples:
        >>> import mindcell as ms
        >>> params = ms.ParameterTuple(ms.nn.Dense(2, 1).get_parameters())
        >>> [p.name for p in params.clone("moment", init="zeros")]
        ['moment.weight', 'moment.bias']
    """

    def __new__(cls, iterable):
        items = tuple(iterable)
        for p in items:
            if not isinstance(p, Parameter):
                raise TypeError("ParameterTuple: elements must be Parameters, but got %s"
                                % type(p).__name__)
        return tuple.__new__(cls, items)

    def clone(self, prefix, init="same"):
        """clone(prefix, init='same'): new Parameters named ``prefix + '.' + name``."""
        if not isinstance(prefix, str):
            raise TypeError("ParameterTuple.clone: 'prefix' must be a str")
        out = []
        for p in self:
            c = p.clone(init)
            c.name = prefix + "." + p.name
            out.append(c)
        return ParameterTuple(out)
