"""The parameterless Cells of ``mindcell.mint.nn`` as records: each stores its constructor
arguments as attributes (MindSpore's names) and runs a ``mint.nn.functional`` face on its inputs.
:func:`build` makes real classes from them, with MindSpore's constructor signature and class name
(``AvgPool2dExt`` for ``mint.nn.AvgPool2d``, as MindSpore's repr shows)."""
from mindcell.mint._face import ARG_DOCS, _split_type
from mindcell.nn.cell import Cell
from mindcell.ops._errors import check_int


class CellFace:
    """``name`` (the mint.nn name), ``cls_name`` (the class's own name), ``sig`` (the
    constructor's parameters), ``inputs`` (construct's), ``forward(self, *inputs)``, ``norm``
    (parameter -> ``f(value, owner)`` giving the stored attribute), ``shown`` (attributes the
    repr lists), ``summary``, ``args`` (argument docs), ``example`` (doctest lines)."""

    __slots__ = ("name", "cls_name", "sig", "inputs", "forward", "norm", "fixed", "hidden",
                 "shown", "summary", "args", "example")

    def __init__(self, name, sig, forward, *, cls_name=None, inputs="input", norm=None,
                 fixed=None, hidden=(), shown=(), summary="", args=None, example=None):
        self.name, self.cls_name, self.sig = name, cls_name or name, sig
        self.inputs, self.forward, self.norm, self.shown = inputs, forward, norm or {}, shown
        self.fixed, self.hidden = fixed or {}, hidden
        self.summary, self.args, self.example = summary, args or {}, example


def reduction(value, owner):
    """A loss's ``reduction``: 'mean', 'sum' or 'none' (ValueError naming the class otherwise,
    as MindSpore's losses)."""
    if not (isinstance(value, str) and value in ("mean", "sum", "none")):
        raise ValueError("%s: 'reduction' must be one of 'mean', 'sum', 'none', but got %r"
                         % (owner, value))
    return value


def padding(n):
    """An int or 2n ints -> the 2n-tuple of per-side pads, as MindSpore stores it."""
    def norm(value, owner):
        if isinstance(value, int) and not isinstance(value, bool):
            return (check_int(value, owner, "padding", 0),) * (2 * n)
        if not isinstance(value, (tuple, list)) or len(value) != 2 * n:
            raise TypeError("%s: 'padding' must be an int or a tuple of %d ints, but got %r"
                            % (owner, 2 * n, value))
        return tuple(check_int(v, owner, "padding", 0) for v in value)
    return norm


def _init(self, face, args):
    Cell.__init__(self)
    owner = face.cls_name  # the class name errors show (L1LossExt, as MindSpore's)
    for name, value in args.items():
        norm = face.norm.get(name)
        attr = "_" + name if name in face.hidden else name
        setattr(self, attr, norm(value, owner) if norm else value)
    for name, value in face.fixed.items():
        setattr(self, name, value(args) if callable(value) else value)


def _extend_repr(self):
    return ", ".join("%s=%r" % (a, getattr(self, a)) for a in type(self)._face.shown)


def _doc(face, params, example_output):
    lines = ["%s(%s): %s" % (face.name, ", ".join(params), face.summary), ""]
    if params:
        lines.append("Args:")
        for p in params:
            name = p.split("=")[0]
            kind, desc = _split_type(face.args.get(name) or ARG_DOCS.get(name, "Any, "))
            lines.append("    %s (%s): %s" % (name, kind, desc))
        lines.append("")
    lines += ["Inputs:"] + ["    %s (Tensor)." % i.split("=")[0].strip()
                            for i in face.inputs.split(",")]
    lines += ["", "Outputs:", "    Tensor (or a tuple of Tensors), as :mod:`mint.nn.functional`'s "
              "function gives.", ""]
    if face.example:
        lines += ["Examples:", "    >>> import numpy as np", "    >>> import mindcell as ms",
                  "    >>> from mindcell import Tensor, mint"]
        lines += ["    >>> " + line for line in face.example.strip().splitlines()]
        if example_output is not None:
            lines += ["    " + (o if o.strip() else "<BLANKLINE>")
                      for o in example_output.splitlines()]
    return "\n".join(lines).rstrip() + "\n"


def build(faces, module_name, namespace, examples=None):
    """Define each record's class in ``namespace`` under its class name and its mint name;
    returns the mint names."""
    names = []
    examples = examples or {}
    for face in faces:
        params = [p.strip() for p in face.sig.split(",") if p.strip()]
        names_only = [p.split("=")[0].strip() for p in params]
        ns = {"_init": _init, "_face": face, "__name__": module_name}
        src = ("def __init__(self%s):\n    _init(self, _face, {%s})\n\n"
               "def construct(self, %s):\n    return _face.forward(self, %s)\n") % (
            "".join(", " + p for p in params), ", ".join("%r: %s" % (n, n) for n in names_only),
            face.inputs, ", ".join(i.split("=")[0].strip() for i in face.inputs.split(",")))
        exec(src, ns)  # noqa: S102 (source built from our own table)
        cls = type(face.cls_name, (Cell,), {
            "__init__": ns["__init__"], "construct": ns["construct"], "_face": face,
            "extend_repr": _extend_repr, "__module__": module_name,
            "__doc__": _doc(face, params, examples.get(face.name))})
        cls.__qualname__ = face.cls_name
        namespace[face.cls_name] = cls
        namespace[face.name] = cls
        names.append(face.name)
    return names
