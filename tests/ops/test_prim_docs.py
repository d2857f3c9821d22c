"""The docs of the attribute-free Primitive classes made by ``operations._simple``: derived from
the functional op's documented Args/Returns when it has them, else their record in
``ops/_prim_docs.py``; either way they document the call's Inputs and have an Example calling
the Primitive (issue 16)."""
import inspect
import re

import mindcell.ops as ops
from mindcell.ops import _prim_docs
from mindcell.ops.operations import _simple


def _simple_classes():
    return [getattr(ops, name) for name in dir(ops)
            if inspect.isclass(getattr(ops, name))
            and getattr(getattr(ops, name).__call__, "__signature__", None) is not None
            and issubclass(getattr(ops, name), ops.Primitive)]


def test_every_simple_class_documents_inputs_and_an_example_calling_it():
    classes = _simple_classes()
    assert len(classes) > 90
    for cls in classes:
        doc = inspect.getdoc(cls)
        assert "Inputs:" in doc and "Outputs:" in doc, cls.__name__
        # the Example builds the class (with its attributes, if any) and calls it
        assert re.search(r"ops\.%s\([^()]*\)\(" % cls.__name__, doc), cls.__name__
    # the first line names the functional op the call forwards to
    assert inspect.getdoc(ops.Add).startswith(
        "Add()(input, other): calls ``ops.add(input, other)``.")
    assert inspect.getdoc(ops.FloorMod).startswith(
        "FloorMod()(x, y): calls ``ops.floor_mod(x, y)``.")
    # Mod is MindSpore's truncated remainder, documented by its own record (_prim_docs)
    assert "truncated division" in inspect.getdoc(ops.Mod)


def _fn(input, other, scale=1, *, mode=None):
    """Scales a sum.

    Args:
        input (Tensor): the first term.
        other (Tensor): the second term.
        scale (int): the scale. Default: ``1``.
        mode (str): a keyword-only option. Default: ``None``.

    Returns:
        Tensor, ``(input + other) * scale``.

    Examples:
        >>> print(ops._fn(1, 2))
        3
    """
    return (input + other) * scale


def test_doc_is_derived_from_the_function_and_keeps_positional_inputs_only():
    doc = inspect.getdoc(_simple("ScaledSum", _fn))
    assert "Scales a sum." in doc
    inputs = doc.split("Inputs:")[1].split("Outputs:")[0]
    assert "**input** (Tensor) - the first term." in inputs
    assert "**scale** (int)" in inputs and "mode" not in inputs  # the call takes no keywords
    # the head names the call; ops has no ``_fn``, so it names no ops function
    assert doc.startswith("ScaledSum()(input, other, scale=1). The call takes no keywords")
    assert "``mode`` stays at its default" in " ".join(doc.split("Inputs:")[0].split())
    assert "``(input + other) * scale``" in doc.split("Outputs:")[1]
    # the function's Example, rewritten to call the Primitive
    assert ">>> print(ops.ScaledSum()(1, 2))" in doc and "ops._fn(" not in doc


def test_an_example_passing_keywords_is_not_derived():
    def kw(input, *, mode=None):
        """Returns input.

        Args:
            input (Tensor): the input.

        Returns:
            Tensor, ``input``.

        Examples:
            >>> ops.kw(1, mode="x")
            1
        """
        return input
    doc = inspect.getdoc(_simple("Kw", kw))
    assert "Inputs:" in doc and ">>>" not in doc


def test_the_record_serves_until_the_function_documents_args(monkeypatch):
    def undocumented(x):
        return x
    monkeypatch.setitem(_prim_docs.DOCS, "Undoc", "Returns x.\n\nInputs:\n    - **x** (Tensor)"
                        " - the input.\n\nOutputs:\n    Tensor.\n\nExamples:\n    >>> 1\n    1\n")
    assert inspect.getdoc(_simple("Undoc", undocumented)).startswith("Undoc()(x).\n\nReturns x.")
    undocumented.__doc__ = """Identity.

    Args:
        x (Tensor): the value returned.

    Returns:
        Tensor, ``x``.
    """
    doc = inspect.getdoc(_simple("Undoc", undocumented))
    assert "Identity." in doc and "the value returned" in doc and ">>> 1" in doc
