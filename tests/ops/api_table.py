"""The public-API table: one row per public op, Primitive class, Tensor method and operator,
driving tests/ops/test_api_table.py (both modes agree, gradients agree, completeness).

A row is a name ("ops.add", "ops.Add", "Tensor.add", "Tensor.__add__"), a callable taking
Tensors, and input specs: a shape (standard normal floats), ("pos", shape) values in [0.5, 2],
("away", shape) |values| in [0.3, 2], ("prob", shape) values in [0.1, 0.9], ("int", shape,
high[, dtype]) integers in [0, high), ("bool", shape). Float specs take the dtype under test
(float32, float16, float64). Flags: grad (differentiable in its float inputs), z (also run with
every input 0-d), f16 (also run in float16), probe (how many leading float outputs are
differentiable), fd (why finite differences do not apply), kind ("value": compare outputs;
"random": shape and dtype only; "datadep": must raise GraphModeError in GRAPH_MODE)."""
import numpy as np

from mindcell import ops

FLOAT_KINDS = ("f", "pos", "away", "prob")
# Row.fd of the softmax cross-entropy faces (MindSpore's bprop is not the derivative)
XENT_BPROP = ("MindSpore's softmax cross-entropy backpropagates softmax - labels (no gradient to "
              "the labels), the derivative only for label rows summing to 1")


class Row:
    def __init__(self, name, fn, specs, grad=True, z=False, f16=True, kind="value", probe=None,
                 fd=None):
        self.name, self.fn, self.specs = name, fn, [_norm(s) for s in specs]
        self.has_float = any(s[0] in FLOAT_KINDS for s in self.specs)
        self.grad = grad and self.has_float and kind == "value"
        self.z, self.f16, self.kind = z, f16 and self.has_float, kind
        self.probe = probe  # probe only the first ``probe`` float outputs (the rest have no bprop)
        self.fd = fd  # None, or why float64 finite differences do not apply

    def __repr__(self):
        return self.name


def _norm(spec):
    return ("f", spec) if not spec or isinstance(spec[0], int) else spec


def make_inputs(row, dtype, zero_d=False, seed=0):
    """numpy arrays for ``row``'s specs, float ones in ``dtype``; every shape () if zero_d."""
    rng = np.random.default_rng(seed)
    out = []
    for spec in row.specs:
        kind, shape = spec[0], (() if zero_d else spec[1])
        if kind == "f":
            a = rng.standard_normal(shape)
        elif kind == "pos":
            a = rng.uniform(0.5, 2.0, shape)
        elif kind == "away":
            a = rng.uniform(0.3, 2.0, shape) * rng.choice([-1.0, 1.0], shape)
        elif kind == "prob":
            a = rng.uniform(0.1, 0.9, shape)
        elif kind == "int":
            a = rng.integers(0, spec[2], shape).astype(spec[3] if len(spec) > 3 else np.int32)
        elif kind == "bool":
            a = rng.integers(0, 2, shape).astype(bool)
        else:
            raise ValueError(spec)
        out.append(np.asarray(a, dtype) if kind in FLOAT_KINDS else np.asarray(a))
    return out


# ----- row builders -------------------------------------------------------------------------
def R(name, fn, *specs, **flags):
    """A row for ``name`` whose sample call is ``fn(*tensors)``."""
    return Row(name, fn, specs, **flags)


def Op(name, *specs, kw=None, **flags):
    """A row for ``ops.<name>(*tensors, **kw)``."""
    fn = getattr(ops, name)
    kw = kw or {}
    return Row("ops." + name, lambda *ts: fn(*ts, **kw), specs, **flags)


def P(cls, args, *specs, call=(), **flags):
    """A row for ``ops.<cls>(*args)(*tensors, *call)`` (a Primitive class)."""
    klass = getattr(ops, cls)
    return Row("ops." + cls, lambda *ts: klass(*args)(*ts, *call), specs, **flags)


def M(name, *specs, args=(), kw=None, **flags):
    """A row for ``tensor.<name>(*other_tensors, *args, **kw)`` (a Tensor method or operator)."""
    kw = kw or {}
    return Row("Tensor." + name, lambda x, *ts: getattr(x, name)(*ts, *args, **kw), specs,
               **flags)


S = (2, 3)
X4 = (1, 2, 4, 4)
UNARY = dict(z=True)


def unary(names, spec=S, **flags):
    return [Op(n, spec, **dict(UNARY, **flags)) for n in names]


def binary(names, a=S, b=S, **flags):
    return [Op(n, a, b, **dict(UNARY, **flags)) for n in names]
