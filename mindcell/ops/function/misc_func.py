"""State and control ops: assign, stop_gradient, depend, print_."""
from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import check_tensor, to_tensor, cast_to, is_scalar, _promoted
from mindcell.ops.defs import state as ST


def _check_variable(variable, op):
    from mindcell.common.parameter import Parameter
    if not isinstance(variable, Parameter):
        raise TypeError("%s: 'variable' must be a Parameter, but got %s"
                        % (op, type(variable).__name__))


def _is_plain_tensor(variable):
    from mindcell.common.parameter import Parameter
    return isinstance(variable, Tensor) and not isinstance(variable, Parameter)


def _write_tensor(variable, value, op, combine):
    """MindSpore 2.10's assign family on a plain Tensor (ms-oracle): the Tensor itself takes
    the new value, in PYNATIVE_MODE at once and in GRAPH_MODE as the traced program's write."""
    from mindcell.ops.tensor_methods_more import _inplace
    if op != "assign" and variable._np_dtype.kind == "b":
        raise TypeError("%s: 'variable' must be a numeric Tensor, but got Bool" % op)
    new = _value_for(variable, value, op)
    return _inplace(variable, lambda old: combine(old, new), op, new)


def _check_inplace_dtype(variable, value, op):
    """MindSpore 2.10 writes into a Parameter (or in place into a Tensor) only values whose
    promotion with the variable's dtype is that dtype: a Float32 value into an Int32 variable,
    Float32 into Float16, Int64 into Int32, a Python float into an integer variable are
    TypeErrors, not silent casts (ms-oracle: assign, assign_add, assign_sub, ParameterUpdate,
    both modes); Int32 into Float32, Bool into Float32 and a float into Float16 are written."""
    if not (isinstance(value, Tensor) or is_scalar(value)):
        return
    if isinstance(value, Tensor) and value._np_dtype == variable._np_dtype:
        return
    promoted = _promoted(variable, value)
    if promoted != variable._np_dtype:
        from mindcell.common import dtype as mstype
        raise TypeError("For '%s', data type conversion is not supported for a 'Parameter', nor "
                        "for the input tensor of an in-place operator, so data type %s, which "
                        "cannot be converted to data type %s automatically."
                        % (op, mstype.from_numpy_dtype(variable._np_dtype),
                           mstype.from_numpy_dtype(promoted)))


def _value_for(variable, value, op):
    _check_inplace_dtype(variable, value, op)
    v = cast_to(to_tensor(value, op, "value"), variable._np_dtype)
    try:
        import numpy as np
        np.broadcast_shapes(v.shape, variable.shape)
    except ValueError:
        raise ValueError("%s: value of shape %s cannot be written into a variable of shape %s"
                         % (op, v.shape, variable.shape)) from None
    return v


def assign(variable, value):
    """Writes ``value`` into the Parameter (or plain Tensor, as MindSpore) ``variable`` in place.

    Args:
        variable (Union[Parameter, Tensor]): the variable to update.
        value (Union[Tensor, number]): the new values, cast to ``variable``'s dtype and
            broadcast to its shape.

    Returns:
        Tensor, the new value of ``variable``.

    Raises:
        TypeError: ``variable`` is not a Tensor, or ``value`` is not a Tensor or number.
        ValueError: ``value`` does not broadcast to ``variable``'s shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> p = Parameter(Tensor(np.zeros(2, np.float32)), name="p")
        >>> _ = ops.assign(p, Tensor(np.array([1.0, 2.0], np.float32)))
        >>> print(p.asnumpy())
        [1. 2.]
    """
    if _is_plain_tensor(variable):
        return _write_tensor(variable, value, "assign", lambda old, v: v)
    _check_variable(variable, "assign")
    return ST.assign_p.bind(variable, _value_for(variable, value, "assign"))


def assign_add(variable, value):
    """Adds ``value`` to the Parameter (or plain Tensor) ``variable`` in place:
    ``variable += value``.

    Args:
        variable (Union[Parameter, Tensor]): the variable to update.
        value (Union[Tensor, number]): cast to ``variable``'s dtype and broadcast to its shape.

    Returns:
        Tensor, the new value of ``variable``.

    Raises:
        TypeError: ``variable`` is not a Tensor, or ``value`` is not a Tensor or number.
        ValueError: ``value`` does not broadcast to ``variable``'s shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> step = Parameter(Tensor(np.array([5], np.int32)), name="step")
        >>> print(ops.assign_add(step, Tensor(np.array([1], np.int32))))
        [6]
    """
    if _is_plain_tensor(variable):
        return _write_tensor(variable, value, "assign_add", lambda old, v: old + v)
    _check_variable(variable, "assign_add")
    return ST.assign_add_p.bind(variable, _value_for(variable, value, "assign_add"))


def assign_sub(variable, value):
    """Subtracts ``value`` from the Parameter (or plain Tensor) ``variable`` in place:
    ``variable -= value``.

    Args:
        variable (Union[Parameter, Tensor]): the variable to update.
        value (Union[Tensor, number]): cast to ``variable``'s dtype and broadcast to its shape.

    Returns:
        Tensor, the new value of ``variable``.

    Raises:
        TypeError: ``variable`` is not a Tensor, or ``value`` is not a Tensor or number.
        ValueError: ``value`` does not broadcast to ``variable``'s shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> w = Parameter(Tensor(np.array([1.0, 1.0], np.float32)), name="w")
        >>> _ = ops.assign_sub(w, 0.25)
        >>> print(w.asnumpy())
        [0.75 0.75]
    """
    if _is_plain_tensor(variable):
        return _write_tensor(variable, value, "assign_sub", lambda old, v: old - v)
    _check_variable(variable, "assign_sub")
    return ST.assign_sub_p.bind(variable, _value_for(variable, value, "assign_sub"))


def stop_gradient(value):
    """Returns ``value`` unchanged, with no gradient flowing back through it.

    Args:
        value (Union[Tensor, tuple, list, number]): a tensor, or a tuple/list of them (each is
            stopped); anything else (a Python number) is returned as it is, as in MindSpore.

    Returns:
        The same values as ``value``, of the same structure.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> f = lambda x: x * x + ops.stop_gradient(x * x)
        >>> print(ops.grad(f)(Tensor(np.array([3.0], np.float32))))
        [6.]
    """
    if isinstance(value, (tuple, list)):
        return type(value)(stop_gradient(v) for v in value)
    if not isinstance(value, Tensor):
        return value        # a Python number (or other constant) has no gradient to stop
    return ST.stop_gradient_p.bind(value)


def depend(value, expr):
    """Returns ``value``, ordered after ``expr``: in GRAPH_MODE the tensors in ``expr`` are
    computed before ``value`` is used (in PYNATIVE_MODE everything already runs in order).

    Args:
        value (Union[Tensor, tuple, list, bool, int, float]): the result; tuples and lists of
            tensors (such as gradients) are handled item by item, and a Python number (the
            ``F.depend(True, F.assign(...))`` idiom) is returned as it is.
        expr (Union[Tensor, tuple, list]): what must run first (its tensors; anything else is
            ignored).

    Returns:
        ``value``.

    Raises:
        TypeError: ``value`` is none of the types above.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> p = Parameter(Tensor(np.zeros(1, np.float32)), name="p")
        >>> x = Tensor(np.array([2.0], np.float32))
        >>> print(ops.depend(x, ops.assign(p, x)), p.asnumpy())
        [2.] [2.]
    """
    if isinstance(value, (tuple, list)):
        return type(value)(depend(v, expr) for v in value)
    if isinstance(value, (bool, int, float)):
        return value
    check_tensor(value, "depend", "value")
    for e in _tensors_in(expr):
        value = ST.depend_p.bind(value, e)
    return value


def _tensors_in(expr):
    if isinstance(expr, Tensor):
        return [expr]
    if isinstance(expr, (tuple, list)):
        return [t for e in expr for t in _tensors_in(e)]
    return []


def print_(*input_x):
    """Prints strings, tensors and other values, one per line, when it runs (also inside
    GRAPH_MODE graphs, at run time).

    Args:
        input_x (Union[Tensor, str, Any]): the items to print; tensors print their repr,
            other values their ``str``.

    Returns:
        Tensor, a 0-D Int32 zero.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> _ = ops.print_("step", 3, Tensor(np.array([1, 2], np.int32)))
        step
        3
        Tensor(shape=[2], dtype=Int32, value= [1, 2])
    """
    template, tensors = [], []
    for item in input_x:
        if isinstance(item, Tensor):
            template.append(None)
            tensors.append(item)
        elif isinstance(item, str):
            template.append(item)
        else:
            template.append(str(item))
    # inside a compiled graph MindSpore's C++ Print formats tensors, not the Python repr
    return ST.print_p.bind(*tensors, template=tuple(template), graph=_trace.current().is_graph)


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
