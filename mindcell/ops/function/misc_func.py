"""State and control ops: assign, stop_gradient, depend, print_."""
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import check_tensor, to_tensor, cast_to
from mindcell.ops.defs import state as ST


def _check_variable(variable, op):
    from mindcell.common.parameter import Parameter
    if not isinstance(variable, Parameter):
        raise TypeError("%s: 'variable' must be a Parameter, but got %s"
                        % (op, type(variable).__name__))


def _value_for(variable, value, op):
    v = cast_to(to_tensor(value, op, "value"), variable._np_dtype)
    try:
        import numpy as np
        np.broadcast_shapes(v.shape, variable.shape)
    except ValueError:
        raise ValueError("%s: value of shape %s cannot be written into a variable of shape %s"
                         % (op, v.shape, variable.shape)) from None
    return v


def assign(variable, value):
    """assign(variable, value): write ``value`` into the Parameter ``variable`` in place."""
    _check_variable(variable, "assign")
    return ST.assign_p.bind(variable, _value_for(variable, value, "assign"))


def assign_add(variable, value):
    """assign_add(variable, value): ``variable += value`` in place."""
    _check_variable(variable, "assign_add")
    return ST.assign_add_p.bind(variable, _value_for(variable, value, "assign_add"))


def assign_sub(variable, value):
    """assign_sub(variable, value): ``variable -= value`` in place."""
    _check_variable(variable, "assign_sub")
    return ST.assign_sub_p.bind(variable, _value_for(variable, value, "assign_sub"))


def stop_gradient(value):
    """stop_gradient(value): the same values, with no gradient flowing back."""
    if isinstance(value, (tuple, list)):
        return type(value)(stop_gradient(v) for v in value)
    return ST.stop_gradient_p.bind(check_tensor(value, "stop_gradient", "value"))


def depend(value, expr):
    """depend(value, expr): ``value`` (a Tensor or a tuple/list of them, as the gradients in
    training steps), ordered after ``expr`` (the Tensors in it; matters in GRAPH_MODE). A
    Python bool/int/float ``value`` (the ``success = F.depend(True, F.assign(...))`` idiom of
    MindSpore's tutorials) is returned as it is: a constant has nothing to order."""
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
    """print_(*input_x): print strings and tensors (at run time, also inside graphs)."""
    template, tensors = [], []
    for item in input_x:
        if isinstance(item, Tensor):
            template.append(None)
            tensors.append(item)
        elif isinstance(item, str):
            template.append(item)
        else:
            template.append(str(item))
    return ST.print_p.bind(*tensors, template=tuple(template))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
