"""The generator of ``mindcell.mint``'s functions: one :class:`Face` record per mint name (the
mindcell op it calls, MindSpore's signature, keyword renames, checks, a summary) and
:func:`build`, which turns records into real named module functions.

A built function is compiled from source with MindSpore's exact parameter list, so Python itself
rejects a wrong argument count or keyword, ``inspect.signature`` reads the real signature, and
``pickle`` finds the function by ``__module__`` and ``__qualname__``. Its body hands the bound
arguments to :func:`_run`, which applies the record."""
import inspect

from mindcell.ops import _errors

_NOT_GIVEN = inspect.Parameter.empty

# Argument descriptions shared by every record; a record's ``args`` overrides them.
ARG_DOCS = {
    "input": "Tensor, the input.",
    "other": "Union[Tensor, number], the second operand (broadcast against ``input``).",
    "dim": "int, the dimension to work along (negative counts from the end).",
    "keepdim": "bool, whether the reduced dimensions are kept with size 1.",
    "dtype": "mindspore.dtype, the dtype of the result (None: the default for the inputs).",
    "tensors": "Union[tuple[Tensor], list[Tensor]], the tensors to join.",
    "size": "Union[int, tuple[int], list[int], Tensor], the shape of the result.",
    "alpha": "number, the factor ``other`` is multiplied by first.",
    "diagonal": "int, the offset of the diagonal (positive: above the main one).",
    "exponent": "Union[Tensor, number], the power.",
    "index": "Tensor, integer indices.",
    "mat2": "Tensor, the right-hand matrix (batch).",
}


class Face:
    """One mint name: ``op`` (a mindcell op called with the renamed keywords) or ``impl`` (a
    function taking the mint parameter names, for semantics the op does not share), MindSpore's
    ``sig``, ``rename`` (mint keyword -> op keyword), ``checks`` (parameter -> ``f(value, api,
    arg)`` returning the value to use), ``only`` (parameter -> the one value the op can honour:
    any other raises instead of being ignored), ``summary``, ``returns``, ``args`` (extra
    argument docs), ``example`` (lines of a doctest; the last one's value is shown)."""

    __slots__ = ("name", "sig", "op", "impl", "rename", "checks", "only", "summary", "returns",
                 "args", "example")

    def __init__(self, name, sig, op=None, *, impl=None, rename=None, checks=None, only=None,
                 summary="", returns="Tensor.", args=None, example=None):
        if (op is None) == (impl is None):
            raise ValueError("Face %r: give exactly one of op and impl" % name)
        self.name, self.sig, self.op, self.impl = name, sig, op, impl
        self.rename, self.checks, self.only = rename or {}, checks or {}, only or {}
        self.summary, self.returns, self.args = summary, returns, args or {}
        self.example = example


def _run(face, api, args):
    for arg, check in face.checks.items():
        args[arg] = check(args[arg], api, arg)
    for arg, allowed in face.only.items():
        value = args.pop(arg)
        if value is not allowed and value != allowed:
            raise NotImplementedError("%s: '%s'=%r is not supported by mindcell (only %r)"
                                      % (api, arg, value, allowed))
    try:
        if face.impl is not None:
            return face.impl(**args)
        return face.op(**{face.rename.get(k, k): v for k, v in args.items()})
    except (TypeError, ValueError, IndexError, RuntimeError) as e:
        renamed = _with_mint_names(e, _message_names(face, args))
        if renamed is None:
            raise
        raise renamed from None


def _message_names(face, args):
    """mint name -> the op's name for it, as an op's error message may spell it: the record's
    renames and MindSpore ops' usual spellings of ``dim``/``keepdim``."""
    names = dict(face.rename)
    if "dim" in args and "axis" not in args:
        names.setdefault("dim", "axis")
    if "keepdim" in args:
        names.setdefault("keepdim", "keep_dims")
    return names


def _with_mint_names(error, rename):
    """``error`` with the op's argument names (``'axis'``) replaced by mint's (``'dim'``), or
    None when the message names none of them."""
    msg = str(error)
    new = msg
    for mint_name, op_name in rename.items():
        new = new.replace("'%s'" % op_name, "'%s'" % mint_name)
    if new == msg or len(error.args) != 1:
        return None
    try:
        return type(error)(new)
    except Exception:  # an exception type that takes other arguments: keep the original
        return None


def _signature(sig):
    """``inspect.Signature`` of a signature string such as ``"(input, dim=None, *, dtype=None)"``;
    a default written ``mindspore.int64`` shows as MindSpore shows it."""
    ns = {"mindspore": _Spellings()}
    exec("def f%s: pass" % sig, ns)  # noqa: S102 (a signature of our own table, not user input)
    return inspect.signature(ns["f"])


class _Spelled:
    """A signature default whose repr is its MindSpore spelling (``mindspore.int64``)."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


class _Spellings:
    def __getattr__(self, name):
        return _Spelled("mindspore." + name)


class _DtypeNamespace:
    """Resolves ``mindspore.<dtype>`` defaults in a generated function's source."""

    def __init__(self, module):
        self.__dict__.update({k: getattr(module, k) for k in dir(module)
                              if not k.startswith("_")})


def _real_dtypes():
    from mindcell import dtype
    return _DtypeNamespace(dtype)


def _source(face, api, sig):
    call = ", ".join("%r: %s" % (p, p) for p in sig.parameters)
    return ("def {n}{s}:\n"
            "    name = {api!r}  # read by ops._errors.public_name: errors name this API\n"
            "    return _run(_face, name, {{{c}}})\n").format(
                n=face.name, s=face.sig.replace("mindspore.", "_ms."), api=api, c=call)


def _doc(face, api, sig, example_output):
    lines = ["%s%s" % (face.name, sig), "", face.summary, ""]
    if sig.parameters:
        lines.append("Args:")
        for p in sig.parameters.values():
            text = face.args.get(p.name) or ARG_DOCS.get(p.name, "")
            if p.default is not _NOT_GIVEN:
                text += " Default: ``%r``." % (p.default,)
            star = "*" if p.kind is p.VAR_POSITIONAL else ""
            kind, desc = _split_type(text.strip())
            lines.append("    %s%s (%s): %s" % (star, p.name, kind, desc))
        lines.append("")
    lines += ["Returns:", "    " + face.returns, ""]
    if face.only:
        lines += ["Raises:", "    NotImplementedError: %s." % ", ".join(
            "``%s`` other than ``%r``" % kv for kv in face.only.items()), ""]
    if face.example:
        lines += ["Examples:", "    >>> import numpy as np",
                  "    >>> import mindcell as ms", "    >>> from mindcell import Tensor, mint"]
        if "F." in face.example:
            lines.append("    >>> from mindcell.mint.nn import functional as F")
        lines += ["    >>> " + line for line in face.example.strip().splitlines()]
        if example_output is not None:
            lines += ["    " + (out if out.strip() else "<BLANKLINE>")
                      for out in example_output.splitlines()]
    return "\n".join(lines).rstrip() + "\n"


def _split_type(text):
    """``("Union[Tensor, number]", "the second operand.")`` from ``"Union[Tensor, number], the
    second operand."``: the type ends at the first comma outside brackets."""
    depth = 0
    for i, c in enumerate(text):
        depth += (c == "[") - (c == "]")
        if c == "," and depth == 0:
            return text[:i], text[i + 1:].strip()
    return "Any", text


def example_outputs(faces, module_name, errors):
    """What each record's example shows (``repr`` of its last line's value), for the doctests
    in the generated docstrings; written to ``_example_output.py`` by ``_write_examples``.
    An example that raises is put in ``errors`` instead."""
    import contextlib
    import importlib
    import io
    import numpy as np
    import mindcell
    module = importlib.import_module(module_name)
    out = {}
    for face in faces:
        if not face.example:
            continue
        *setup, last = face.example.strip().splitlines()
        ns = {"np": np, "ms": mindcell, "Tensor": mindcell.Tensor, "mint": mindcell.mint,
              "F": module}
        try:
            for line in setup:
                exec(line, ns)  # noqa: S102 (our own table's examples)
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                value = eval(last, ns)  # noqa: S307
            # an example ending in print(...) shows what it printed, not the call's None
            out[face.name] = printed.getvalue().rstrip("\n") if value is None and \
                printed.getvalue() else repr(value)
        except Exception as e:  # reported by the writer, which then fails
            errors[face.name] = "%s: %s" % (type(e).__name__, e)
    return out


def build(faces, module_name, namespace, examples=None):
    """Define one function per record of ``faces`` in ``namespace`` (a module's globals) with
    ``__module__ = module_name``; ``examples`` maps a name to its example's printed output.
    Returns the names defined."""
    api_prefix = module_name.replace("mindcell.", "", 1)
    examples = examples or {}
    names = []
    for face in faces:
        api = "%s.%s" % (api_prefix, face.name)
        sig = _signature(face.sig)
        ns = {"_run": _run, "_face": face, "_ms": _real_dtypes(), "__name__": module_name}
        exec(_source(face, api, sig), ns)  # noqa: S102 (source built from our own table)
        fn = ns[face.name]
        fn.__module__ = module_name
        fn.__qualname__ = face.name
        fn.__doc__ = _doc(face, api, sig, examples.get(face.name))
        if "mindspore." in face.sig:  # the real default is a dtype; MindSpore spells it so
            fn.__signature__ = sig
        _errors._SHARED.add(fn.__code__)
        namespace[face.name] = fn
        names.append(face.name)
    return names
