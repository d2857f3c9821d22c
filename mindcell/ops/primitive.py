"""``mindcell.ops.primitive`` (MindSpore's module path): the ``Primitive`` base classes that the
built-in primitive classes and user primitives derive from, ``prim_attr_register`` and
``constexpr``."""
import functools
import inspect

__all__ = ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck", "prim_attr_register",
           "constexpr"]


class Primitive:
    """The base class of the primitive classes (``ops.ReLU()`` ...) and of user primitives.

    Attributes are recorded with ``add_prim_attr`` (also readable as ``self.<name>``). A user
    subclass computes its result in ``__call__`` or ``construct`` from mindcell ops; it is traced
    like any other code in GRAPH_MODE. There are no backend kernels registered by name, so a
    subclass without either raises NotImplementedError when called.

    Args:
        name (str): the primitive's name; None gives the class name. Default: ``None``.

    Inputs:
        - **args** - the inputs of the subclass's ``construct``.

    Outputs:
        What ``construct`` returns.

    Raises:
        NotImplementedError: at the call, a subclass defines neither ``__call__`` nor
            ``construct``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> class Scale(ops.Primitive):
        ...     def __init__(self, k):
        ...         super().__init__("Scale")
        ...         self.add_prim_attr("k", k)
        ...     def construct(self, x):
        ...         return x * self.k
        >>> op = Scale(3.0)
        >>> print(op(Tensor(np.array([1.0, 2.0], np.float32))), op.attrs, op)
        [3. 6.] {'k': 3.0} Prim[Scale]
    """

    def __init__(self, name=None):
        self.name = name or type(self).__name__
        self.attrs = {}
        self.init_attrs = {}
        self.instance_name = ""

    def add_prim_attr(self, name, value):
        """add_prim_attr(name, value): record an attribute; returns self."""
        self.attrs[name] = value
        if name not in ("name", "attrs", "init_attrs", "instance_name"):
            self.__dict__[name] = value
        return self

    def del_prim_attr(self, name):
        """del_prim_attr(name): remove an attribute; returns self."""
        self.attrs.pop(name, None)
        return self

    def init_prim_io_names(self, inputs, outputs):
        """init_prim_io_names(inputs, outputs): record the input and output names."""
        self.add_prim_attr("input_names", list(inputs))
        self.add_prim_attr("output_names", list(outputs))

    def set_device(self, device_target):
        """set_device(device_target): record the device this primitive runs on ("CPU", "GPU" or
        "Ascend", MindSpore's ``primitive_target`` attribute); mindcell runs every primitive on
        the CPU, and the values do not depend on it. Returns self.

        Raises:
            RuntimeError: ``device_target`` is not "CPU", "GPU" or "Ascend" (MindSpore's type).
        """
        if device_target not in ("CPU", "GPU", "Ascend"):
            raise RuntimeError("Call 'add_attr' to add attribute to primitive '%s' failed, value "
                               "of attribute 'primitive_target' must be CPU|GPU|Ascend but got %s"
                               % (self.name, device_target))
        return self.add_prim_attr("primitive_target", device_target)

    def set_prim_instance_name(self, instance_name):
        """set_prim_instance_name(instance_name): the name shown for this instance."""
        self.instance_name = instance_name
        return self

    def shard(self, *args, **kwargs):
        """Parallel sharding strategies have no effect on one CPU process; returns self."""
        return self

    def __call__(self, *args):
        construct = getattr(self, "construct", None)
        if construct is None:
            raise NotImplementedError(
                "%s: a Primitive subclass must define __call__ or construct to be called on "
                "mindcell (there are no backend kernels registered by name)" % self.name)
        return construct(*args)

    def __repr__(self):
        return "Prim[%s]" % self.name


class PrimitiveWithInfer(Primitive):
    """A Primitive with Python ``infer_shape``/``infer_dtype``/``infer_value``.

    Without ``__call__``/``construct``, calling it returns ``infer_value`` of the inputs
    (MindSpore folds such primitives into constants).

    Args:
        name (str): the primitive's name; None gives the class name. Default: ``None``.

    Inputs:
        - **args** - the inputs of ``construct``, or of ``infer_value``.

    Outputs:
        What ``construct`` (or ``infer_value``) returns.

    Raises:
        NotImplementedError: ``infer_value`` returns None (and there is no ``construct``).

    Examples:
        >>> from mindcell import ops
        >>> class ShapeProduct(ops.PrimitiveWithInfer):
        ...     def infer_value(self, shape):
        ...         n = 1
        ...         for d in shape:
        ...             n *= d
        ...         return n
        >>> print(ShapeProduct()((2, 3, 4)))
        24
    """

    def __call__(self, *args):
        if getattr(self, "construct", None) is None and hasattr(self, "infer_value"):
            out = self.infer_value(*args)
            if out is None:
                raise NotImplementedError("%s: infer_value returned None for these inputs"
                                          % self.name)
            return out
        return super().__call__(*args)


class PrimitiveWithCheck(Primitive):
    """A Primitive whose ``check_shape``/``check_dtype`` (if defined) run on the
    inputs' shapes and dtypes before ``construct``/``__call__``.

    Args:
        name (str): the primitive's name; None gives the class name. Default: ``None``.

    Inputs:
        - **args** - the inputs of ``construct``.

    Outputs:
        What ``construct`` returns.

    Raises:
        Exception: whatever ``check_shape``/``check_dtype`` raise.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> class Square(ops.PrimitiveWithCheck):
        ...     def check_shape(self, shape):
        ...         if len(shape) != 1:
        ...             raise ValueError("Square: expected a 1-D input, got %s" % (shape,))
        ...     def construct(self, x):
        ...         return x * x
        >>> print(Square()(Tensor(np.array([2.0, 3.0], np.float32))))
        [4. 9.]
        >>> try:
        ...     Square()(Tensor(np.ones((2, 2), np.float32)))
        ... except ValueError as e:
        ...     print(e)
        Square: expected a 1-D input, got (2, 2)
    """

    def __call__(self, *args):
        shapes = [getattr(a, "shape", None) for a in args]
        dtypes = [getattr(a, "dtype", None) for a in args]
        if hasattr(self, "check_shape"):
            self.check_shape(*shapes)
        if hasattr(self, "check_dtype"):
            self.check_dtype(*dtypes)
        return super().__call__(*args)


def prim_attr_register(fn):
    """Decorator for a Primitive subclass's ``__init__``: initialises the Primitive (named after
    the class) and records every argument, defaults included, as an attribute (in ``attrs``,
    ``init_attrs`` and as ``self.<name>``) before the body runs.

    Args:
        fn (function): the ``__init__`` to decorate.

    Returns:
        function, the wrapped ``__init__``.

    Raises:
        TypeError: ``fn`` is not callable, or (at construction) the instance is not a
            Primitive.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> from mindcell.ops import prim_attr_register
        >>> class AddScalar(ops.Primitive):
        ...     @prim_attr_register
        ...     def __init__(self, value=1.0):
        ...         pass
        ...     def construct(self, x):
        ...         return x + self.value
        >>> op = AddScalar(2.5)
        >>> print(op.name, op.init_attrs, op(Tensor(np.array([1.0], np.float32))))
        AddScalar {'value': 2.5} [3.5]
    """
    if not callable(fn):
        raise TypeError("prim_attr_register: expects the __init__ function, but got %s"
                        % type(fn).__name__)
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def deco(self, *args, **kwargs):
        if not isinstance(self, Primitive):
            raise TypeError("prim_attr_register: %s is not a Primitive subclass"
                            % type(self).__name__)
        Primitive.__init__(self, type(self).__name__)
        bound = sig.bind(self, *args, **kwargs)
        bound.apply_defaults()
        for name, value in list(bound.arguments.items())[1:]:
            self.add_prim_attr(name, value)
            self.init_attrs[name] = value
        fn(self, *args, **kwargs)

    return deco


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True): marks a
    function of Python constants (shapes, dtypes, numbers). mindcell traces GRAPH_MODE by running
    Python, so such a function simply runs; the decorator exists so MindSpore code keeps working.
    ``get_instance``, ``reuse_result`` and ``check`` steer MindSpore's graph-compile constant
    folding and have no effect here.

    Args:
        fn (Callable): the function (None: returns the decorator).
        name (str): the marked function's ``name`` attribute (MindSpore's primitive name);
            default: the function's ``__name__``.

    Raises:
        TypeError: ``fn`` is not callable, ``name`` is not a str.

    Examples:
        >>> from mindcell.ops import constexpr
        >>> @constexpr(name="twice")
        ... def double(n):
        ...     return 2 * n
        >>> double(3), double.name
        (6, 'twice')
    """
    if name is not None and not isinstance(name, str):
        raise TypeError("constexpr: 'name' must be a str, but got %s" % type(name).__name__)

    def wrap(f):
        if not callable(f):
            raise TypeError("constexpr: expects a function, but got %s" % type(f).__name__)

        @functools.wraps(f)
        def const_fn(*args, **kwargs):
            return f(*args, **kwargs)
        const_fn.name = name or f.__name__
        return const_fn

    return wrap if fn is None else wrap(fn)


def _primexpr(fn=None, get_instance=True, name=None, reuse_result=True):
    """_primexpr(fn=None, get_instance=True, name=None, reuse_result=True): MindSpore's internal
    variant of :func:`constexpr` whose function also accepts traced tensors (compiled as a graph
    then). mindcell traces GRAPH_MODE by running Python, so the function simply runs, for
    constants and tensors alike (mindformers' activation.py decorates its helpers with it).

    Examples:
        >>> from mindcell.ops.primitive import _primexpr
        >>> @_primexpr
        ... def double(n):
        ...     return 2 * n
        >>> double(3)
        6
    """
    return constexpr(fn, get_instance, name, reuse_result)
