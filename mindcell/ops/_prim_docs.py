"""Docstrings of the attribute-free Primitive classes made by ``operations._simple`` (``ops.Add()``,
``ops.Exp()`` ...), one record per class.

``simple_doc`` builds a class's doc. Its first line names the call and the functional op it
forwards to (``Add()(input, other): calls ``ops.add(input, other)``.``). When that op
documents its ``Args:``, the summary, ``Inputs:`` (its positional Args: the call takes no
keywords) and ``Outputs:`` (its Returns) are derived from its doc, so the two faces stay one
text; the ``Examples:`` always call the Primitive (the record's, or the function's Example
with ``ops.fn(`` rewritten to ``ops.Name()(`` when the record has none and the rewrite is
safe). Without a documented function the record below is the rest of the doc.
"""
import inspect
import re
import sys
import textwrap

_SECTIONS = ("Args:", "Keyword Args:", "Returns:", "Raises:", "Examples:", "Inputs:",
             "Outputs:", "Note:", "Supported Platforms:", "Tutorial Examples:")


def _sections(doc):
    """{header: [lines]} of a dedented Google-style docstring, plus '' for the summary part."""
    out, key = {"": []}, ""
    for line in doc.split("\n"):
        if line.strip() in _SECTIONS and not line.startswith(" "):
            key = line.strip()
            out[key] = []
        else:
            out[key].append(line)
    return {k: "\n".join(v).strip("\n") for k, v in out.items()}


def _entries(args_text):
    """[(name, text)] of an Args section: entries start at its least indentation."""
    lines = [ln for ln in args_text.split("\n")]
    indents = [len(ln) - len(ln.lstrip()) for ln in lines if ln.strip()]
    if not indents:
        return []
    base, out = min(indents), []
    for ln in lines:
        if not ln.strip():
            continue
        if len(ln) - len(ln.lstrip()) == base:
            m = re.match(r"\s*\*{0,2}(\w+)\*{0,2}", ln)
            out.append([m.group(1) if m else "", ln.strip()])
        elif out:
            out[-1][1] += " " + ln.strip()
    return out


def _as_input(text):
    """``name (type): meaning`` -> MindSpore's Inputs line ``- **name** (type) - meaning``."""
    m = re.match(r"(\w+)\s*(\([^)]*(?:\)[^):]*\))?[^)]*\))?\s*:\s*(.*)", text)
    if not m:
        return "- " + text
    return "- **%s** %s- %s" % (m.group(1), (m.group(2) + " ") if m.group(2) else "", m.group(3))


def _params(fn):
    """(positional parameters, keyword-only parameter names) of ``fn``'s signature."""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return [], []
    return ([p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD,
                                             p.VAR_POSITIONAL)],
            [p.name for p in params if p.kind == p.KEYWORD_ONLY])


def _derived_example(name, fn_name, example):
    """The function's Example calling the Primitive instead, or None when a call of it passes
    keywords (the Primitive's call takes positional inputs only) or it is not called."""
    call = "ops.%s(" % fn_name
    if call not in example:
        return None
    for line in example.split("\n"):
        at = line.find(call)
        if at >= 0 and re.search(r"[(,]\s*\w+\s*=(?!=)", line[at:]):
            return None
    return example.replace(call, "ops.%s()(" % name)


def _head(name, fn, params, keyword_only):
    """``Name()(inputs): calls ``ops.fn(inputs)``.`` (the function named only when ``ops``
    has it), plus a note on the function's keyword-only parameters."""
    call = "%s()(%s)" % (name, ", ".join(str(p) for p in params))
    functional = sys.modules.get("mindcell.ops.functional")
    if functional is not None and hasattr(functional, fn.__name__):
        names = ["*" + p.name if p.kind == p.VAR_POSITIONAL else p.name for p in params]
        head = "%s: calls ``ops.%s(%s)``." % (call, fn.__name__, ", ".join(names))
    else:
        head = call + "."
    if keyword_only:  # the Primitive's call passes its inputs positionally
        head += " The call takes no keywords: the function's %s stays at its default." % (
            ", ".join("``%s``" % k for k in keyword_only))
    return textwrap.fill(head, 96)


def simple_doc(name, fn, doc=None):
    """The docstring of the ``_simple`` Primitive class ``name`` forwarding to ``fn``."""
    record = DOCS.get(name)
    fdoc = inspect.getdoc(fn) or ""
    fsec = _sections(fdoc) if "Args:" in fdoc else None
    params, keyword_only = _params(fn)
    head = _head(name, fn, params, keyword_only)
    if fsec is None:
        if record:
            return head + "\n\n" + inspect.cleandoc(record) + "\n"
        return doc or head
    positional = [p.name for p in params]
    inputs = [_as_input(text) for arg, text in _entries(fsec["Args:"]) if arg in positional]
    rsec = _sections(inspect.cleandoc(record)) if record else {}
    if not inputs and rsec.get("Inputs:"):  # the function's Args name none of its inputs
        inputs = None
    parts = [head, fsec[""].strip()]
    if inputs is None:
        parts.append("Inputs:\n" + rsec["Inputs:"])
    elif inputs:
        parts.append("Inputs:\n" + "\n".join(textwrap.fill(i, 96, initial_indent="    ",
                                                           subsequent_indent="      ")
                                             for i in inputs))
    if not fsec.get("Returns:") and rsec.get("Outputs:"):
        parts.append("Outputs:\n" + rsec["Outputs:"])
    elif fsec.get("Returns:"):
        parts.append("Outputs:\n" + "\n".join("    " + ln.strip() for ln in
                                               fsec["Returns:"].split("\n") if ln.strip()))
    if fsec.get("Raises:"):
        parts.append("Raises:\n" + fsec["Raises:"])
    example = None
    if rsec.get("Examples:"):
        example = rsec["Examples:"]
    elif fsec.get("Examples:"):
        example = _derived_example(name, fn.__name__, fsec["Examples:"])
    if example:
        parts.append("Examples:\n" + example)
    return "\n\n".join(parts) + "\n"


DOCS = {}

DOCS["Add"] = """Adds two tensors (or a tensor and a number) elementwise, with broadcasting.

Inputs:
    - **input** (Union[Tensor, number, bool]) - the first addend.
    - **other** (Union[Tensor, number, bool]) - the second addend.

Outputs:
    Tensor of the broadcast shape, in the promoted dtype of the operands.

Examples:
    >>> import numpy as np
    >>> import mindcell as ms
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([1, 2, 3]), ms.int32)
    >>> print(ops.Add()(x, Tensor(np.array([10, 20, 30]), ms.int32)))
    [11 22 33]
    >>> print(ops.Add()(x, 0.5))
    [1.5 2.5 3.5]
"""

DOCS["Sub"] = """Subtracts ``other`` from ``input`` elementwise, with broadcasting.

Inputs:
    - **input** (Union[Tensor, number, bool]) - the minuend.
    - **other** (Union[Tensor, number, bool]) - the subtrahend.

Outputs:
    Tensor of the broadcast shape, in the promoted dtype of the operands.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([[5.0, 7.0], [9.0, 11.0]], np.float32))
    >>> print(ops.Sub()(x, Tensor(np.array([1.0, 2.0], np.float32))))
    [[4. 5.]
     [8. 9.]]
"""

DOCS["Mul"] = """Multiplies two tensors (or a tensor and a number) elementwise, with broadcasting.

Inputs:
    - **input** (Union[Tensor, number, bool]) - the first factor.
    - **other** (Union[Tensor, number, bool]) - the second factor.

Outputs:
    Tensor of the broadcast shape, in the promoted dtype of the operands.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([1.5, -2.0, 4.0], np.float32))
    >>> print(ops.Mul()(x, Tensor(np.array([2.0, 3.0, 0.5], np.float32))))
    [ 3. -6.  2.]
"""

_DIV = """%s

Inputs:
    - **input** (Union[Tensor, number, bool]) - the dividend.
    - **other** (Union[Tensor, number, bool]) - the divisor.

Outputs:
    Tensor of the broadcast shape; integer and bool operands give Float32.

Examples:
    >>> import numpy as np
    >>> import mindcell as ms
    >>> from mindcell import Tensor, ops
%s"""

DOCS["Div"] = _DIV % (
    "Divides ``input`` by ``other`` elementwise (true division), with broadcasting.",
    """\
    >>> x = Tensor(np.array([1, 2, 7]), ms.int32)
    >>> y = ops.Div()(x, Tensor(np.array([2, 4, 2]), ms.int32))
    >>> print(y, y.dtype)
    [0.5 0.5 3.5] Float32
""")

DOCS["RealDiv"] = _DIV % (
    "Divides ``input`` by ``other`` elementwise (true division, as ``ops.div``), with "
    "broadcasting.",
    """\
    >>> x = Tensor(np.array([[3.0, -6.0], [1.0, 0.0]]), ms.float32)
    >>> print(ops.RealDiv()(x, 4.0))
    [[ 0.75 -1.5 ]
     [ 0.25  0.  ]]
""")

DOCS["FloorDiv"] = """Divides ``x`` by ``y`` elementwise and rounds the quotient down (toward -inf).

Inputs:
    - **x** (Union[Tensor, number, bool]) - the dividend.
    - **y** (Union[Tensor, number, bool]) - the divisor.

Outputs:
    Tensor of the broadcast shape, in the promoted dtype of the operands.

Examples:
    >>> import numpy as np
    >>> import mindcell as ms
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([7, -7, 6]), ms.int32)
    >>> print(ops.FloorDiv()(x, Tensor(np.array([2, 2, -4]), ms.int32)))
    [ 3 -4 -2]
"""

_FLOORMOD = """%s

Inputs:
    - **x** (Union[Tensor, number, bool]) - the dividend.
    - **y** (Union[Tensor, number, bool]) - the divisor.

Outputs:
    Tensor of the broadcast shape, in the promoted dtype of the operands; the remainder has
    the sign of ``y``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
%s"""

DOCS["FloorMod"] = _FLOORMOD % (
    "The remainder of the floor division ``x - floor(x / y) * y``, elementwise.",
    """\
    >>> x = Tensor(np.array([7, -7, 5], np.int32))
    >>> print(ops.FloorMod()(x, Tensor(np.array([3, 3, -3], np.int32))))
    [ 1  2 -1]
""")

DOCS["Mod"] = (_FLOORMOD % (
    "The remainder of the truncated division ``x - trunc(x / y) * y``, elementwise (C's "
    "``fmod``, as ``ops.fmod``; ``ops.FloorMod`` rounds the quotient down instead); a zero "
    "remainder is +0.",
    """\
    >>> x = Tensor(np.array([-4.0, 5.0, 6.0], np.float32))
    >>> print(ops.Mod()(x, Tensor(np.array([3.0, -2.0, 3.0], np.float32))))
    [-1.  1.  0.]
""")).replace("the remainder has\n    the sign of ``y``", "the remainder has\n    the sign of ``x``")

DOCS["Pow"] = """Raises ``input`` to the power ``exponent`` elementwise, with broadcasting.

Inputs:
    - **input** (Union[Tensor, number, bool]) - the base.
    - **exponent** (Union[Tensor, number, bool]) - the exponent.

Outputs:
    Tensor of the broadcast shape, in the promoted dtype of the operands.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([1.0, 2.0, 4.0], np.float32))
    >>> print(ops.Pow()(x, 3.0))
    [ 1.  8. 64.]
    >>> print(ops.Pow()(x, Tensor(np.array([0.5, -1.0, 0.5], np.float32))))
    [1.  0.5 2. ]
"""


def _u(name, summary, outputs, example, arg="input", itype="Tensor"):
    DOCS[name] = """%s

Inputs:
    - **%s** (%s) - the input.

Outputs:
    %s

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
%s""" % (summary, arg, itype, outputs, example)


_SAME = "Tensor of the shape and dtype of ``{}``."
_FLT = ("Tensor of the shape of ``{}``; a float input keeps its dtype, an integer or bool one "
        "gives Float32.")

_u("Neg", "Negates a tensor elementwise: ``-input``.", _SAME.format("input"), """\
    >>> print(ops.Neg()(Tensor(np.array([1, -2, 0], np.int32))))
    [-1  2  0]
""")
_u("Abs", "The absolute value of a tensor, elementwise.", _SAME.format("input"), """\
    >>> print(ops.Abs()(Tensor(np.array([-1.5, 0.0, 2.25], np.float32))))
    [1.5  0.   2.25]
""")
_u("Exp", "The exponential ``e ** input``, elementwise.", _FLT.format("input"), """\
    >>> print(ops.Exp()(Tensor(np.array([0.0, 1.0, 2.0], np.float32))))
    [1.        2.7182817 7.389056 ]
""")
_u("Log", "The natural logarithm, elementwise (``-inf`` at 0, NaN below 0).",
   _FLT.format("input"), """\
    >>> print(ops.Log()(Tensor(np.array([1.0, 2.718282, 10.0], np.float32))))
    [0.        1.0000001 2.3025851]
""")
_u("Log1p", "``log(1 + input)``, elementwise, accurate for small ``input``.",
   _FLT.format("input"), """\
    >>> print(ops.Log1p()(Tensor(np.array([0.0, 1e-6, 1.0], np.float32))))
    [0.000000e+00 9.999995e-07 6.931472e-01]
""")
_u("Sqrt", "The square root, elementwise (NaN for negative values).", _FLT.format("x"), """\
    >>> print(ops.Sqrt()(Tensor(np.array([4.0, 9.0, 2.0], np.float32))))
    [2.        3.        1.4142135]
""", arg="x")
_u("Rsqrt", "The reciprocal square root ``1 / sqrt(input)``, elementwise.",
   _FLT.format("input"), """\
    >>> print(ops.Rsqrt()(Tensor(np.array([1.0, 4.0, 0.25], np.float32))))
    [1.  0.5 2. ]
""")
_u("Square", "The square ``input * input``, elementwise.", _SAME.format("input"), """\
    >>> print(ops.Square()(Tensor(np.array([[1, -2], [3, 4]], np.int32))))
    [[ 1  4]
     [ 9 16]]
""")
_u("Sin", "The sine (radians), elementwise.", _FLT.format("input"), """\
    >>> print(ops.Sin()(Tensor(np.array([0.0, np.pi / 6, np.pi / 2], np.float32))))
    [0.  0.5 1. ]
""")
_u("Cos", "The cosine (radians), elementwise.", _FLT.format("input"), """\
    >>> print(ops.Cos()(Tensor(np.array([0.0, np.pi / 3, np.pi], np.float32))))
    [ 1.          0.49999997 -1.        ]
""")
_u("Tan", "The tangent (radians), elementwise.", _FLT.format("input"), """\
    >>> print(ops.Tan()(Tensor(np.array([0.0, np.pi / 4, -1.0], np.float32))))
    [ 0.         1.        -1.5574077]
""")
_u("Tanh", "The hyperbolic tangent, elementwise.", _FLT.format("input"), """\
    >>> print(ops.Tanh()(Tensor(np.array([-1.0, 0.0, 0.5], np.float32))))
    [-0.7615942   0.          0.46211717]
""")
_u("Sinh", "The hyperbolic sine, elementwise.", _FLT.format("input"), """\
    >>> print(ops.Sinh()(Tensor(np.array([0.0, 1.0, -2.0], np.float32))))
    [ 0.         1.1752012 -3.6268604]
""")
_u("Cosh", "The hyperbolic cosine, elementwise.", _FLT.format("input"), """\
    >>> print(ops.Cosh()(Tensor(np.array([0.0, 1.0, -2.0], np.float32))))
    [1.        1.5430807 3.7621956]
""")
_u("Sigmoid", "The logistic function ``1 / (1 + exp(-input))``, elementwise.",
   _FLT.format("input"), """\
    >>> print(ops.Sigmoid()(Tensor(np.array([-2.0, 0.0, 3.0], np.float32))))
    [0.11920291 0.5        0.95257413]
""")
_u("Erf", "The Gauss error function, elementwise.", _FLT.format("input"), """\
    >>> print(ops.Erf()(Tensor(np.array([-1.0, 0.0, 0.5], np.float32))))
    [-0.8427008  0.         0.5204999]
""")
_u("Erfc", "The complementary error function ``1 - erf(input)``, elementwise.",
   _FLT.format("input"), """\
    >>> print(ops.Erfc()(Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
    [1.8427008  1.         0.00467773]
""")
_u("Erfinv", "The inverse error function, elementwise (defined on (-1, 1); +-inf at +-1).",
   _FLT.format("input"), """\
    >>> print(ops.Erfinv()(Tensor(np.array([0.0, 0.5, -0.9], np.float32))))
    [ 0.          0.47693628 -1.1630871 ]
""")
_u("Asin", "The arcsine (radians), elementwise (NaN outside [-1, 1]).", _FLT.format("input"),
   """\
    >>> print(ops.Asin()(Tensor(np.array([0.0, 0.5, 1.0], np.float32))))
    [0.        0.5235988 1.5707964]
""")
_u("ACos", "The arccosine (radians), elementwise (NaN outside [-1, 1]).",
   _FLT.format("input"), """\
    >>> print(ops.ACos()(Tensor(np.array([1.0, 0.0, -0.5], np.float32))))
    [0.        1.5707964 2.0943952]
""")
_u("Atan", "The arctangent (radians), elementwise.", _FLT.format("input"), """\
    >>> print(ops.Atan()(Tensor(np.array([0.0, 1.0, -10.0], np.float32))))
    [ 0.         0.7853982 -1.4711276]
""")
_u("Asinh", "The inverse hyperbolic sine, elementwise.", _FLT.format("input"), """\
    >>> print(ops.Asinh()(Tensor(np.array([0.0, 1.0, -3.0], np.float32))))
    [ 0.         0.8813736 -1.8184465]
""")
_u("Acosh", "The inverse hyperbolic cosine, elementwise (NaN below 1).", _FLT.format("input"),
   """\
    >>> print(ops.Acosh()(Tensor(np.array([1.0, 2.0, 10.0], np.float32))))
    [0.       1.316958 2.993223]
""")
_u("Atanh", "The inverse hyperbolic tangent, elementwise (+-inf at +-1, NaN beyond).",
   _FLT.format("input"), """\
    >>> print(ops.Atanh()(Tensor(np.array([0.0, 0.5, -0.9], np.float32))))
    [ 0.          0.54930615 -1.4722193 ]
""")
_u("Expm1", "``exp(input) - 1``, elementwise, accurate for small ``input``.",
   _FLT.format("input"), """\
    >>> print(ops.Expm1()(Tensor(np.array([0.0, 1e-6, 1.0], np.float32))))
    [0.0000000e+00 1.0000005e-06 1.7182819e+00]
""")
_u("Lgamma", "The natural logarithm of the absolute value of the gamma function, elementwise.",
   _FLT.format("input"), """\
    >>> print(ops.Lgamma()(Tensor(np.array([0.5, 1.0, 5.0], np.float32))))
    [0.5723649 0.        3.1780539]
""")
_u("Digamma", "The digamma function (the derivative of lgamma), elementwise.",
   _FLT.format("input"), """\
    >>> print(ops.Digamma()(Tensor(np.array([1.0, 2.0, 0.5], np.float32))))
    [-0.5772157   0.42278433 -1.96351   ]
""")
_u("Trunc", "Rounds toward zero, elementwise.", _SAME.format("input"), """\
    >>> print(ops.Trunc()(Tensor(np.array([2.7, -2.7, 0.4], np.float32))))
    [ 2. -2.  0.]
""")
_u("Rint", "Rounds to the nearest integer, halves to the even one, elementwise.",
   _SAME.format("input"), """\
    >>> print(ops.Rint()(Tensor(np.array([0.5, 1.5, 2.5, -1.7], np.float32))))
    [ 0.  2.  2. -2.]
""")
_u("Sign", "The sign (-1, 0 or 1) of each element.", _SAME.format("input"), """\
    >>> print(ops.Sign()(Tensor(np.array([-3.5, 0.0, 2.0], np.float32))))
    [-1.  0.  1.]
""")
_u("Floor", "Rounds down (toward -inf), elementwise.", _SAME.format("input"), """\
    >>> print(ops.Floor()(Tensor(np.array([1.5, -1.5, 2.0], np.float32))))
    [ 1. -2.  2.]
""")
_u("Ceil", "Rounds up (toward +inf), elementwise.", _SAME.format("input"), """\
    >>> print(ops.Ceil()(Tensor(np.array([1.2, -1.8, 3.0], np.float32))))
    [ 2. -1.  3.]
""")
_u("Round", "Rounds to the nearest integer, halves to the even one, elementwise.",
   _SAME.format("input"), """\
    >>> print(ops.Round()(Tensor(np.array([0.5, 1.5, -2.6], np.float32))))
    [ 0.  2. -3.]
""")
_u("Reciprocal", "The reciprocal ``1 / input``, elementwise.", _FLT.format("input"), """\
    >>> print(ops.Reciprocal()(Tensor(np.array([2.0, -4.0, 0.5], np.float32))))
    [ 0.5  -0.25  2.  ]
""")
_u("LogicalNot", "The logical negation of a bool tensor, elementwise.",
   "Bool tensor of the shape of ``input``.", """\
    >>> print(ops.LogicalNot()(Tensor(np.array([True, False, True]))))
    [False  True False]
""")
_u("IsNan", "Whether each element is NaN.", "Bool tensor of the shape of ``input``.", """\
    >>> print(ops.IsNan()(Tensor(np.array([np.nan, 1.0, np.inf], np.float32))))
    [ True False False]
""")
_u("IsInf", "Whether each element is +inf or -inf.", "Bool tensor of the shape of ``input``.",
   """\
    >>> print(ops.IsInf()(Tensor(np.array([np.nan, -np.inf, 3.0], np.float32))))
    [False  True False]
""")
_u("IsFinite", "Whether each element is finite (neither inf nor NaN).",
   "Bool tensor of the shape of ``input``.", """\
    >>> print(ops.IsFinite()(Tensor(np.array([np.nan, np.inf, -2.0], np.float32))))
    [False False  True]
""")
_u("Trace", "The sum of the main diagonal of a 2-D tensor.", "0-D Tensor.", """\
    >>> print(ops.Trace()(Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))))
    5.0
""")
_u("ReLU", "The rectified linear unit ``max(input, 0)``, elementwise.",
   _SAME.format("input"), """\
    >>> print(ops.ReLU()(Tensor(np.array([[-1.0, 4.0], [2.5, -0.5]], np.float32))))
    [[0.  4. ]
     [2.5 0. ]]
""")
_u("ReLU6", "``min(max(x, 0), 6)``, elementwise.", _SAME.format("x"), """\
    >>> print(ops.ReLU6()(Tensor(np.array([-1.0, 3.0, 7.5], np.float32))))
    [0. 3. 6.]
""", arg="x")
_u("SiLU", "The sigmoid linear unit ``input * sigmoid(input)``, elementwise.",
   _SAME.format("input"), """\
    >>> print(ops.SiLU()(Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
    [-0.26894143  0.          1.761594  ]
""")
_u("HSwish", "The hard swish ``input * relu6(input + 3) / 6``, elementwise.",
   _SAME.format("input"), """\
    >>> print(ops.HSwish()(Tensor(np.array([-4.0, -1.0, 0.5, 3.0], np.float32))))
    [-0.         -0.33333334  0.29166666  3.        ]
""")
_u("Identity", "Returns a new tensor equal to ``x``.", _SAME.format("x"), """\
    >>> x = Tensor(np.array([1, 2], np.int32))
    >>> y = ops.Identity()(x)
    >>> print(y, y is x)
    [1 2] False
""", arg="x")
_u("StopGradient", "Returns ``value`` with its gradient stopped: nothing flows back through it.",
   "The same value, treated as a constant by differentiation.", """\
    >>> def f(x):
    ...     return x * ops.StopGradient()(x)
    >>> print(ops.grad(f)(Tensor(np.array([3.0], np.float32))))
    [3.]
""", arg="value", itype="Union[Tensor, tuple, list]")

DOCS["Softplus"] = """The softplus ``log(1 + exp(input))``, elementwise.

With ``beta`` the function is ``log(1 + exp(beta * input)) / beta``; where ``beta * input``
exceeds ``threshold`` the input is returned as is.

Inputs:
    - **input** (Tensor) - a float tensor.
    - **beta** (number) - optional, the scale. Default: ``1``.
    - **threshold** (number) - optional, where the function becomes linear. Default: ``20``.

Outputs:
    Tensor of the shape and dtype of ``input``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.Softplus()(Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
    [0.31326163 0.6931472  2.1269279 ]
"""


def _b(name, summary, outputs, example, a="input", b="other",
       atype="Union[Tensor, number, bool]", btype="Union[Tensor, number, bool]",
       adesc="the first operand.", bdesc="the second operand."):
    DOCS[name] = """%s

Inputs:
    - **%s** (%s) - %s
    - **%s** (%s) - %s

Outputs:
    %s

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
%s""" % (summary, a, atype, adesc, b, btype, bdesc, outputs, example)


_BCAST = "Tensor of the broadcast shape, in the promoted dtype of the operands."
_BOOL = "Bool tensor of the broadcast shape of the operands."

_b("Atan2", "The angle (radians) of the point ``(other, input)``: ``atan(input / other)`` in the "
   "right quadrant, elementwise.", "Tensor of the broadcast shape; integer operands give Float32.",
   """\
    >>> y = Tensor(np.array([1.0, 1.0, -1.0], np.float32))
    >>> print(ops.Atan2()(y, Tensor(np.array([1.0, -1.0, 0.0], np.float32))))
    [ 0.7853981  2.3561945 -1.5707964]
""", adesc="the y coordinate.", bdesc="the x coordinate.")
_b("Hypot", "The hypotenuse ``sqrt(input ** 2 + other ** 2)``, elementwise.",
   "Tensor of the broadcast shape; integer operands give Float32.", """\
    >>> a = Tensor(np.array([3.0, 5.0, 1.0], np.float32))
    >>> print(ops.Hypot()(a, Tensor(np.array([4.0, 12.0, 1.0], np.float32))))
    [ 5.        13.         1.4142135]
""", adesc="one leg.", bdesc="the other leg.")
_b("Xdivy", "``x / y``, and 0 where ``x`` is 0 (even when ``y`` is 0), elementwise.",
   _BCAST, """\
    >>> x = Tensor(np.array([0.0, 3.0, 1.0], np.float32))
    >>> print(ops.Xdivy()(x, Tensor(np.array([0.0, 2.0, 4.0], np.float32))))
    [0.   1.5  0.25]
""", a="x", b="y", adesc="the dividend.", bdesc="the divisor.")
_b("Heaviside", "The Heaviside step: 0 where ``input < 0``, 1 where ``input > 0`` and ``values`` "
   "where ``input == 0``.", "Tensor of the broadcast shape of the operands.", """\
    >>> x = Tensor(np.array([-1.5, 0.0, 2.0], np.float32))
    >>> print(ops.Heaviside()(x, Tensor(np.array([0.5], np.float32))))
    [0.  0.5 1. ]
""", b="values", atype="Tensor", btype="Tensor", adesc="the input.",
   bdesc="the value taken where ``input`` is 0.")
_b("Maximum", "The larger of two operands, elementwise, with broadcasting (NaN wins).", _BCAST,
   """\
    >>> x = Tensor(np.array([1.0, 5.0, 3.0], np.float32))
    >>> print(ops.Maximum()(x, Tensor(np.array([4.0, 2.0, 3.0], np.float32))))
    [4. 5. 3.]
""")
_b("Minimum", "The smaller of two operands, elementwise, with broadcasting (NaN wins).", _BCAST,
   """\
    >>> x = Tensor(np.array([1.0, 5.0, 3.0], np.float32))
    >>> print(ops.Minimum()(x, 2.0))
    [1. 2. 2.]
""")
_b("Equal", "Whether ``input == other``, elementwise, with broadcasting.", _BOOL, """\
    >>> x = Tensor(np.array([1, 2, 3], np.int32))
    >>> print(ops.Equal()(x, Tensor(np.array([1, 0, 3], np.int32))))
    [ True False  True]
""")
_b("NotEqual", "Whether ``input != other``, elementwise, with broadcasting.", _BOOL, """\
    >>> x = Tensor(np.array([1, 2, 3], np.int32))
    >>> print(ops.NotEqual()(x, 2))
    [ True False  True]
""")
_b("Less", "Whether ``input < other``, elementwise, with broadcasting.", _BOOL, """\
    >>> x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    >>> print(ops.Less()(x, Tensor(np.array([2.0, 2.0, 2.0], np.float32))))
    [ True False False]
""")
_b("LessEqual", "Whether ``input <= other``, elementwise, with broadcasting.", _BOOL, """\
    >>> x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    >>> print(ops.LessEqual()(x, 2.0))
    [ True  True False]
""")
_b("Greater", "Whether ``input > other``, elementwise, with broadcasting.", _BOOL, """\
    >>> x = Tensor(np.array([[1, 4], [6, 2]], np.int32))
    >>> print(ops.Greater()(x, Tensor(np.array([3, 3], np.int32))))
    [[False  True]
     [ True False]]
""")
_b("GreaterEqual", "Whether ``input >= other``, elementwise, with broadcasting.", _BOOL, """\
    >>> x = Tensor(np.array([1, 3, 5], np.int32))
    >>> print(ops.GreaterEqual()(x, 3))
    [False  True  True]
""")
_b("LogicalAnd", "The logical AND of two bool tensors, elementwise, with broadcasting.", _BOOL,
   """\
    >>> x = Tensor(np.array([True, True, False]))
    >>> print(ops.LogicalAnd()(x, Tensor(np.array([True, False, False]))))
    [ True False False]
""", atype="Union[Tensor, bool]", btype="Union[Tensor, bool]")
_b("LogicalOr", "The logical OR of two bool tensors, elementwise, with broadcasting.", _BOOL,
   """\
    >>> x = Tensor(np.array([True, False, False]))
    >>> print(ops.LogicalOr()(x, Tensor(np.array([False, True, False]))))
    [ True  True False]
""", atype="Union[Tensor, bool]", btype="Union[Tensor, bool]")
_b("Xlogy", "``input * log(other)``, and 0 where ``input`` is 0, elementwise.",
   "Tensor of the broadcast shape; integer operands give Float32.", """\
    >>> x = Tensor(np.array([0.0, 1.0, 2.0], np.float32))
    >>> print(ops.Xlogy()(x, Tensor(np.array([0.0, 2.718282, 4.0], np.float32))))
    [0.        1.0000001 2.7725887]
""")
_b("DivNoNan", "``x / y``, and 0 where ``y`` is 0, elementwise.", _BCAST, """\
    >>> x = Tensor(np.array([1.0, 2.0, -3.0], np.float32))
    >>> print(ops.DivNoNan()(x, Tensor(np.array([0.0, 4.0, 2.0], np.float32))))
    [ 0.   0.5 -1.5]
""", a="x", b="y", adesc="the dividend.", bdesc="the divisor.")
_b("TruncateDiv", "``x / y`` rounded toward zero, elementwise (integer operands stay exact "
   "integers).", _BCAST, """\
    >>> x = Tensor(np.array([7, -7, 9], np.int32))
    >>> print(ops.TruncateDiv()(x, Tensor(np.array([2, 2, -4], np.int32))))
    [ 3 -3 -2]
""", a="x", b="y", adesc="the dividend.", bdesc="the divisor.")
_b("TruncateMod", "The remainder of the truncated division ``input - trunc(input / other) * "
   "other``, elementwise: it has the sign of ``input`` (see ``ops.fmod``).", _BCAST, """\
    >>> x = Tensor(np.array([7, -7, 5], np.int32))
    >>> print(ops.TruncateMod()(x, Tensor(np.array([3, 3, -3], np.int32))))
    [ 1 -1  2]
""", adesc="the dividend.", bdesc="the divisor.")
_b("Gcd", "The greatest common divisor of two integer tensors, elementwise.", _BCAST, """\
    >>> x = Tensor(np.array([12, 18, 7], np.int32))
    >>> print(ops.Gcd()(x, Tensor(np.array([8, 27, 0], np.int32))))
    [4 9 7]
""", atype="Tensor", btype="Tensor")
_b("Lcm", "The least common multiple of two integer tensors, elementwise.", _BCAST, """\
    >>> x = Tensor(np.array([4, 6, 5], np.int32))
    >>> print(ops.Lcm()(x, Tensor(np.array([6, 8, 0], np.int32))))
    [12 24  0]
""", atype="Tensor", btype="Tensor")

_u("Invert", "The bitwise NOT of an integer tensor, elementwise.", _SAME.format("x"), """\
    >>> print(ops.Invert()(Tensor(np.array([0, 1, -6], np.int16))))
    [-1 -2  5]
""", arg="x")
_u("Inv", "The reciprocal ``1 / x``, elementwise.", _SAME.format("x"), """\
    >>> print(ops.Inv()(Tensor(np.array([0.25, 2.0, -0.5], np.float32))))
    [ 4.   0.5 -2. ]
""", arg="x")

DOCS["Lerp"] = """Linear interpolation ``input + weight * (end - input)``, elementwise, with
broadcasting.

Inputs:
    - **input** (Tensor) - the start points.
    - **end** (Tensor) - the end points.
    - **weight** (Union[Tensor, float]) - the interpolation weight.

Outputs:
    Tensor of the broadcast shape of the operands.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> start = Tensor(np.array([0.0, 1.0, 2.0], np.float32))
    >>> print(ops.Lerp()(start, Tensor(np.array([10.0, 3.0, 2.0], np.float32)), 0.25))
    [2.5 1.5 2. ]
"""

_ADDC = """%s

Inputs:
    - **input** (Tensor) - the tensor added to.
    - **tensor1** (Tensor) - the first factor.
    - **tensor2** (Tensor) - the %s.
    - **value** (Union[Tensor, number]) - optional, the scale of the term. Default: ``1``.

Outputs:
    Tensor of the broadcast shape of the operands.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([1.0, 1.0, 1.0], np.float32))
    >>> t1 = Tensor(np.array([2.0, 4.0, 6.0], np.float32))
    >>> t2 = Tensor(np.array([1.0, 2.0, 4.0], np.float32))
%s"""

DOCS["Addcmul"] = _ADDC % ("``input + value * tensor1 * tensor2``, elementwise, with broadcasting.",
                           "second factor", """\
    >>> print(ops.Addcmul()(x, t1, t2, Tensor(np.array([0.5], np.float32))))
    [ 2.  5. 13.]
""")
DOCS["Addcdiv"] = _ADDC % ("``input + value * tensor1 / tensor2``, elementwise, with broadcasting.",
                           "divisor", """\
    >>> print(ops.Addcdiv()(x, t1, t2, Tensor(np.array([2.0], np.float32))))
    [5. 5. 4.]
""")

DOCS["Select"] = """Picks ``input`` where ``condition`` is True and ``other`` elsewhere,
elementwise.

Inputs:
    - **condition** (Tensor) - a bool tensor.
    - **input** (Union[Tensor, number]) - the values taken where ``condition`` is True.
    - **other** (Union[Tensor, number]) - the values taken where it is False.

Outputs:
    Tensor of the broadcast shape of the inputs.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> cond = Tensor(np.array([True, False, True]))
    >>> x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    >>> print(ops.Select()(cond, x, Tensor(np.array([-1.0, -2.0, -3.0], np.float32))))
    [ 1. -2.  3.]
"""

DOCS["Cast"] = """Converts a tensor to another dtype.

Inputs:
    - **input** (Union[Tensor, number]) - the value to convert.
    - **dtype** (mindcell.dtype) - the target dtype, e.g. ``ms.float16``.

Outputs:
    Tensor of the shape of ``input`` and dtype ``dtype``.

Examples:
    >>> import numpy as np
    >>> import mindcell as ms
    >>> from mindcell import Tensor, ops
    >>> y = ops.Cast()(Tensor(np.array([1.7, -2.2], np.float32)), ms.int32)
    >>> print(y, y.dtype)
    [ 1 -2] Int32
"""

DOCS["Reshape"] = """Gives a tensor a new shape with the same number of elements.

Inputs:
    - **input** (Tensor) - the tensor to reshape.
    - **shape** (Union[tuple[int], list[int]]) - the new shape; one entry may be -1 (inferred).

Outputs:
    Tensor of shape ``shape`` with the elements of ``input`` in row-major order.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.Reshape()(Tensor(np.arange(6, dtype=np.float32)), (2, -1)))
    [[0. 1. 2.]
     [3. 4. 5.]]
"""

DOCS["Transpose"] = """Permutes the dimensions of a tensor.

Inputs:
    - **input** (Tensor) - the tensor.
    - **dims** (tuple[int]) - the new order of the dimensions, a permutation of
      ``range(input.ndim)``.

Outputs:
    Tensor whose dimension ``i`` is dimension ``dims[i]`` of ``input``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.zeros((2, 3, 4), np.float32))
    >>> print(ops.Transpose()(x, (2, 0, 1)).shape)
    (4, 2, 3)
"""

DOCS["Tile"] = """Repeats a tensor along each dimension.

Inputs:
    - **input** (Tensor) - the tensor.
    - **dims** (tuple[int]) - the repetitions per dimension (leading ones are added when it is
      longer than ``input.ndim``).

Outputs:
    Tensor whose dimension ``i`` is ``dims[i]`` times that of ``input``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.Tile()(Tensor(np.array([[1, 2]], np.int32)), (2, 2)))
    [[1 2 1 2]
     [1 2 1 2]]
"""

DOCS["ExpandDims"] = """Inserts a dimension of size 1 at ``axis``.

Inputs:
    - **input_x** (Tensor) - the tensor.
    - **axis** (int) - the position of the new dimension, in ``[-input_x.ndim - 1,
      input_x.ndim]``.

Outputs:
    Tensor with one more dimension than ``input_x``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.ones((2, 3), np.float32))
    >>> print(ops.ExpandDims()(x, 1).shape, ops.ExpandDims()(x, -1).shape)
    (2, 1, 3) (2, 3, 1)
"""

DOCS["GatherD"] = """Gathers values along ``dim`` at ``index``:
``out[i][j] = input[index[i][j]][j]`` for
``dim=0`` (and likewise for the other dims).

Inputs:
    - **input** (Tensor) - the source tensor.
    - **dim** (int) - the dimension to gather along.
    - **index** (Tensor) - int32/int64 indices, of the rank of ``input``.

Outputs:
    Tensor of the shape of ``index`` and the dtype of ``input``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([[1, 2], [3, 4]], np.int32))
    >>> print(ops.GatherD()(x, 1, Tensor(np.array([[0, 0], [1, 0]], np.int32))))
    [[1 1]
     [4 3]]
"""

_ASSIGN = """%s

Inputs:
    - **variable** (Parameter) - the parameter to update.
    - **value** (Tensor) - the value%s, of the shape of ``variable``.

Outputs:
    Tensor, the updated value of ``variable``.

Examples:
    >>> import numpy as np
    >>> import mindcell as ms
    >>> from mindcell import Tensor, ops
    >>> p = ms.Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="p")
%s"""

DOCS["Assign"] = _ASSIGN % ("Sets a Parameter to a value, in place.", " to store", """\
    >>> _ = ops.Assign()(p, Tensor(np.array([5.0, 6.0], np.float32)))
    >>> print(p.value())
    [5. 6.]
""")
DOCS["AssignAdd"] = _ASSIGN % ("Adds a value to a Parameter, in place: ``variable += value``.",
                               " to add", """\
    >>> _ = ops.AssignAdd()(p, Tensor(np.array([0.5, 0.5], np.float32)))
    >>> print(p.value())
    [1.5 2.5]
""")
DOCS["AssignSub"] = _ASSIGN % ("Subtracts a value from a Parameter, in place: "
                               "``variable -= value``.", " to subtract", """\
    >>> _ = ops.AssignSub()(p, Tensor(np.array([1.0, 3.0], np.float32)))
    >>> print(p.value())
    [ 0. -1.]
""")

DOCS["Depend"] = """Returns ``value``, ordered after ``expr`` has been computed (a side-effect order
in graphs; in PyNative ``expr`` is already done).

Inputs:
    - **value** (Union[Tensor, tuple, list]) - the value returned.
    - **expr** (Any) - the computation it depends on.

Outputs:
    ``value``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([1.0, 2.0], np.float32))
    >>> print(ops.Depend()(x, ops.Print()("computed first")))
    computed first
    [1. 2.]
"""

DOCS["MaskedFill"] = """Writes ``value`` where ``mask`` is True.

Inputs:
    - **input_x** (Tensor) - the tensor.
    - **mask** (Tensor) - a bool tensor broadcastable to ``input_x``.
    - **value** (Union[Tensor, number]) - the fill value.

Outputs:
    Tensor of the shape and dtype of ``input_x``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    >>> print(ops.MaskedFill()(x, Tensor(np.array([True, False, True])), 0.0))
    [0. 2. 0.]
"""

DOCS["ZerosLike"] = """A tensor of zeros with the shape and dtype of ``input``.

Inputs:
    - **input** (Tensor) - the tensor whose shape and dtype are used.

Outputs:
    Tensor of zeros.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> y = ops.ZerosLike()(Tensor(np.ones((2, 2), np.int32)))
    >>> print(y, y.dtype)
    [[0 0]
     [0 0]] Int32
"""

DOCS["OnesLike"] = """A tensor of ones with the shape and dtype of ``input``.

Inputs:
    - **input** (Tensor) - the tensor whose shape and dtype are used.

Outputs:
    Tensor of ones.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> y = ops.OnesLike()(Tensor(np.zeros(3, np.float16)))
    >>> print(y, y.dtype)
    [1. 1. 1.] Float16
"""

DOCS["Print"] = """Prints strings and tensors (also inside graphs).

Inputs:
    - **input_x** (Union[Tensor, str, number]) - the values to print, any number of them.

Outputs:
    A 0-D Int32 tensor holding 0 (the printing is the effect).

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> _ = ops.Print()("x:", Tensor(np.array([1, 2], np.int32)))
    x:
    Tensor(shape=[2], dtype=Int32, value= [1, 2])
"""

DOCS["Shape"] = """The shape of a tensor, as a tuple of ints.

Inputs:
    - **input_x** (Tensor) - the tensor.

Outputs:
    tuple[int].

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.Shape()(Tensor(np.zeros((3, 2, 1), np.float32))))
    (3, 2, 1)
"""

DOCS["Rank"] = """The number of dimensions of a tensor.

Inputs:
    - **input_x** (Tensor) - the tensor.

Outputs:
    int.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.Rank()(Tensor(np.zeros((3, 2, 1), np.float32))))
    3
"""

DOCS["Size"] = """The number of elements of a tensor.

Inputs:
    - **input_x** (Tensor) - the tensor.

Outputs:
    int.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.Size()(Tensor(np.zeros((3, 2, 4), np.float32))))
    24
"""

DOCS["DType"] = """The dtype of a tensor.

Inputs:
    - **x** (Tensor) - the tensor.

Outputs:
    mindcell.dtype.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.DType()(Tensor(np.zeros(2, np.int16))))
    Int16
"""

DOCS["Unique"] = """The distinct values of a tensor, in order of first occurrence (as MindSpore
2.10), and for each element the index of its value among them.

Inputs:
    - **input** (Tensor) - the tensor (flattened).

Outputs:
    Tuple ``(output, indices)``: the 1-D tensor of distinct values and the int tensor of the
    shape of ``input`` with ``input == output[indices]``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> out, idx = ops.Unique()(Tensor(np.array([3, 1, 3, 2], np.int32)))
    >>> print(out, idx)
    [3 1 2] [0 1 0 2]
"""

DOCS["Diag"] = """A tensor with ``input`` on its diagonal: a 1-D input of length n gives an n x n
matrix (in general, shape ``input.shape + input.shape``).

Inputs:
    - **input** (Tensor) - the diagonal values.

Outputs:
    Tensor of rank ``2 * input.ndim`` and the dtype of ``input``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> print(ops.Diag()(Tensor(np.array([1, 2, 3], np.int32))))
    [[1 0 0]
     [0 2 0]
     [0 0 3]]
"""

DOCS["GatherNd"] = """Gathers slices of ``input_x`` at N-D indices: the last dimension of
``indices`` indexes the leading dimensions of ``input_x``.

Inputs:
    - **input_x** (Tensor) - the source tensor.
    - **indices** (Tensor) - int32/int64 indices of shape ``(..., N)``.

Outputs:
    Tensor of shape ``indices.shape[:-1] + input_x.shape[N:]``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([[1, 2], [3, 4]], np.int32))
    >>> print(ops.GatherNd()(x, Tensor(np.array([[0, 1], [1, 0]], np.int32))))
    [2 3]
"""

DOCS["ScatterNd"] = """Scatters ``updates`` into a zero tensor of ``shape`` at N-D ``indices``
(updates at repeated indices are summed).

Inputs:
    - **indices** (Tensor) - int32/int64 indices of shape ``(..., N)``.
    - **updates** (Tensor) - the values, of shape ``indices.shape[:-1] + shape[N:]``.
    - **shape** (tuple[int]) - the shape of the output.

Outputs:
    Tensor of shape ``shape`` and the dtype of ``updates``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> idx = Tensor(np.array([[0], [2], [0]], np.int32))
    >>> print(ops.ScatterNd()(idx, Tensor(np.array([1.0, 2.0, 3.0], np.float32)), (4,)))
    [4. 0. 2. 0.]
"""

_TSCAT = """%s

Inputs:
    - **input_x** (Tensor) - the tensor.
    - **indices** (Tensor) - int32/int64 indices of shape ``(..., N)`` into its leading
      dimensions.
    - **updates** (Tensor) - the values, of shape ``indices.shape[:-1] + input_x.shape[N:]``.

Outputs:
    Tensor of the shape and dtype of ``input_x`` (``input_x`` itself is unchanged).

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.zeros((2, 3), np.float32))
    >>> idx = Tensor(np.array([[0, 1], [1, 2]], np.int32))
%s"""

DOCS["TensorScatterUpdate"] = _TSCAT % ("A copy of ``input_x`` with ``updates`` written at "
                                        "``indices``.", """\
    >>> print(ops.TensorScatterUpdate()(x, idx, Tensor(np.array([5.0, 7.0], np.float32))))
    [[0. 5. 0.]
     [0. 0. 7.]]
""")
DOCS["TensorScatterAdd"] = _TSCAT % ("A copy of ``input_x`` with ``updates`` added at ``indices`` "
                                     "(repeated indices add up).", """\
    >>> print(ops.TensorScatterAdd()(x + 1, idx, Tensor(np.array([5.0, 7.0], np.float32))))
    [[1. 6. 1.]
     [1. 1. 8.]]
""")

DOCS["MatrixDeterminant"] = """The determinant of each square matrix of a batch.

Inputs:
    - **input** (Tensor) - a float tensor of shape ``(..., M, M)``.

Outputs:
    Tensor of shape ``input.shape[:-2]``.

Examples:
    >>> import numpy as np
    >>> from mindcell import Tensor, ops
    >>> x = Tensor(np.array([[[1.0, 2.0], [3.0, 4.0]], [[2.0, 0.0], [0.0, 3.0]]], np.float32))
    >>> print(ops.MatrixDeterminant()(x))
    [-2.  6.]
"""
