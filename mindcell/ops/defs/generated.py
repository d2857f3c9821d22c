"""Primitives generated from their formula records (mindcell/ops/spec/elementwise.py): each
record with a ``numpy`` reference becomes a fusable elementwise primitive whose impl is that
expression, whose backward rule is its ``grad`` expression over the ops of ``_grad_ops``, and
whose compiled kernel and fused-VM opcode are the record's formula."""
import numpy as np

from mindcell.ops.defs import _grad_ops as G
from mindcell.ops.defs.elementwise import _unary
from mindcell.ops.spec import elementwise as spec

# What a grad expression may call: the differentiable ops of _grad_ops.
_GRAD_OPS = {n: f for n, f in vars(G).items() if callable(f) and not n.startswith("_")}


def _impl(formula):
    code = compile(formula.numpy, "<%s numpy reference>" % formula.name, "eval")

    def impl(x):
        return np.asarray(eval(code, {"np": np}, {"x": x}), dtype=x.dtype)
    impl.__name__ = formula.name.lower() + "_impl"
    return impl


def _bprop(formula):
    code = compile(formula.grad, "<%s gradient>" % formula.name, "eval")

    def bprop(x, out, dout):
        return (eval(code, dict(_GRAD_OPS), {"x": x, "out": out, "dout": dout}),)
    bprop.__name__ = formula.name.lower() + "_bprop"
    return bprop


def _primitives():
    made = {}
    for formula in spec.FORMULAS:
        if formula.numpy is None:
            continue
        if formula.grad is None or formula.opcode < spec.BINARY_LIMIT:
            raise ValueError("%s: a generated primitive needs a grad and one operand"
                             % formula.name)
        made[formula.name] = _unary(formula.name, _impl(formula), _bprop(formula), vm=True)
    return made


PRIMITIVES = _primitives()  # name -> Prim
