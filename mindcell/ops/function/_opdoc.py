"""MindSpore-style docstrings of the functional ops that factories make (``math_func._bin``,
``_unary_float``, ``_compare``, ``bitwise_func._bitwise`` ...), built from one short record per
op: its summary, what its factory knows about the arguments, and its own Example (an input and
the output it prints, run by tests/test_public_examples.py)."""
import textwrap

_WIDTH = 92


def _item(text, indent, hanging="    "):
    """One ``name (type): meaning`` entry, wrapped with a hanging indent."""
    return textwrap.fill(" ".join(text.split()), _WIDTH, initial_indent=indent,
                         subsequent_indent=indent + hanging)


def opdoc(summary, args, returns, raises, example, note=""):
    """The docstring: ``summary``, an optional ``note`` paragraph, then ``Args:`` (entries
    ``name (type): meaning``), ``Returns:`` (text), ``Raises:`` (entries ``Error: when``) and
    ``Examples:`` (the doctest lines: ``>>> code`` and the printed output)."""
    parts = [textwrap.fill(" ".join(summary.split()), _WIDTH)]
    if note:
        parts.append(textwrap.fill(" ".join(note.split()), _WIDTH))
    parts.append("Args:\n" + "\n".join(_item(a, "    ") for a in args))
    # one paragraph: napoleon reads a hanging indent as a description apart from the first
    # line, which cuts inline markup wrapped across the two (``K =`` / ``min(M, N)``)
    parts.append("Returns:\n" + _item(returns, "    ", hanging=""))
    parts.append("Raises:\n" + "\n".join(_item(r, "    ") for r in raises))
    parts.append("Examples:\n" + "\n".join("    " + line for line in example))
    return "\n\n".join(parts) + "\n"


def array(values, dtype="float32"):
    """The source of an example's input: ``Tensor(np.array(values, np.dtype))``."""
    return "Tensor(np.array(%s, np.%s))" % (values, dtype)


def example(call, out, inputs=()):
    """The lines of an Example: the imports, ``inputs`` (``name = source`` lines), then
    ``print(call)`` and its printed output ``out`` (one or more lines)."""
    lines = [">>> import numpy as np", ">>> from mindcell import Tensor, ops"]
    lines += [">>> " + line for line in inputs]
    lines.append(">>> print(%s)" % call)
    lines += out.split("\n")
    return lines
