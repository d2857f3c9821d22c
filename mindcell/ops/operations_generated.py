"""The Primitive classes of the generated elementwise primitives (``ops.Softsign()`` ...), built
from their formula records (mindcell/ops/spec/elementwise.py): attribute-free classes whose
call is the functional face."""
from mindcell.ops.function.generated_func import FACES
from mindcell.ops.operations import _simple
from mindcell.ops.spec import elementwise as spec


def _classes():
    made = {}
    for formula in spec.FORMULAS:
        if formula.primitive and formula.function in FACES:
            cls = _simple(formula.primitive, FACES[formula.function],
                          "%s()(x): calls ``ops.%s(x)``. %s" % (
                              formula.primitive, formula.function, formula.summary))
            cls.__module__ = "mindcell.ops"  # where pickle and repr find it
            made[formula.primitive] = cls
    return made


CLASSES = _classes()
globals().update(CLASSES)
__all__ = sorted(CLASSES)
