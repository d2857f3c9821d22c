"""The functional faces of the generated elementwise primitives (``ops.softsign`` ...), built
from their formula records (mindcell/ops/spec/elementwise.py): real named functions with
MindSpore's signature and a MindSpore-style docstring, picklable by reference."""
from mindcell.ops._helpers import check_float, float_operand
from mindcell.ops.defs.generated import PRIMITIVES
from mindcell.ops.spec import elementwise as spec

_DOC = """{summary}

    Args:
        x (Tensor): the input{dtypes}.

    Returns:
        Tensor, of the shape and dtype of `x`.

    Raises:
        TypeError: `x` is not a Tensor{raises}.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.Tensor(np.array({example_in}, np.float32))
        >>> print(ops.{name}(x))
        {example_out}
    """
_INPUTS = {
    # rule -> (checks the input, the Args note, the extra Raises clause)
    "float": (check_float, ", of float16, float32 or float64", ", or not of a float dtype"),
    "promote": (lambda x, op, arg: float_operand(x, op),
                "; integer and bool inputs compute in Float32", ""),
}


def _face(formula):
    prim = PRIMITIVES[formula.name]
    check, dtypes, raises = _INPUTS[formula.inputs]
    name = formula.function

    def face(x):
        return prim.bind(check(x, name, "x"))
    face.__name__ = face.__qualname__ = name
    face.__module__ = "mindcell.ops"  # where pickle and repr find it
    example_in, example_out = formula.example
    face.__doc__ = _DOC.format(summary=formula.summary, dtypes=dtypes, raises=raises,
                               name=name, example_in=example_in, example_out=example_out)
    return face


FACES = {f.function: _face(f) for f in spec.FORMULAS if f.function and f.name in PRIMITIVES}
globals().update(FACES)
# Tensor method -> function
TENSOR_METHODS = {m: FACES[f.function] for f in spec.FORMULAS if f.function in FACES
                  for m in f.tensor}
__all__ = sorted(FACES)
# doctest finds objects by their __module__ ("mindcell.ops"): list the faces for it here
__test__ = dict(FACES)
