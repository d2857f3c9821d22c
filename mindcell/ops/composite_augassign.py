"""``ops.composite``'s ``augassign_add`` ... ``augassign_mod``: what MindSpore's graph compiler
runs for ``x += y``, ``x -= y``, ``x *= y``, ``x /= y``, ``x //= y`` and ``x %= y``. They are
Python's binary operators on numbers, Tensors, sequences and strings (a Tensor takes a tuple
operand as a Tensor), except that a number divided (``/``, ``//``) by a zero number raises
ValueError, as MindSpore's do."""
import operator

from mindcell.common.tensor import Tensor

__all__ = []


def _zero_number(y):
    return not isinstance(y, Tensor) and isinstance(y, (int, float)) and y == 0


def _define(name, symbol, fn, example, shows, checked_zero):
    def augassign(*args):
        if len(args) != 2:
            raise TypeError("For '%s', expected 2 inputs, but got %d." % (name, len(args)))
        x, y = args
        if checked_zero and not isinstance(x, Tensor) and _zero_number(y):
            raise ValueError("division by zero")
        return fn(x, y)

    augassign.__name__ = augassign.__qualname__ = name
    augassign.__module__ = "mindcell.ops.composite"
    augassign.__doc__ = """%s(x, y): ``x %s y``, as the graph compiler runs ``x %s= y``.

    Args:
        x: a number, Tensor, sequence or string.
        y: the other operand.

    Returns:
        What Python's ``x %s y`` gives (Tensor arithmetic for Tensors).

    Raises:
        TypeError: the operator does not apply to the operands' types.
        ValueError: %s

    Examples:
        >>> from mindcell.ops import composite as C
        >>> C.%s
        %s
    """ % (name, symbol, symbol, symbol,
           "a number divided by a zero number." if checked_zero else "never.", example, shows)
    return augassign


for _args in [("augassign_add", "+", operator.add, "augassign_add([1], [2])", "[1, 2]", False),
              ("augassign_sub", "-", operator.sub, "augassign_sub(1, 2)", "-1", False),
              ("augassign_mul", "*", operator.mul, "augassign_mul([1], 2)", "[1, 1]", False),
              ("augassign_div", "/", operator.truediv, "augassign_div(7, 2)", "3.5", True),
              ("augassign_floordiv", "//", operator.floordiv, "augassign_floordiv(7, 2)", "3",
               True),
              ("augassign_mod", "%", operator.mod, "augassign_mod(-7, 3)", "2", False)]:
    globals()[_args[0]] = _define(*_args)
    __all__.append(_args[0])
del _args
