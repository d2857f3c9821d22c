"""Every Example in the docstring of a public callable runs and prints what it shows (the
public names of mindcell, ops, nn, numpy, mint, amp, communication, train, dataset ...), and
the share of public callables documented with Args and an Example may only grow."""
import contextlib
import doctest
import importlib
import inspect
import io

import pytest

MODULES = ["mindcell", "mindcell.ops", "mindcell.nn", "mindcell.numpy", "mindcell.mint",
           "mindcell.mint.nn", "mindcell.mint.nn.functional", "mindcell.amp",
           "mindcell.communication", "mindcell.train", "mindcell.train.callback",
           "mindcell.dataset", "mindcell.dataset.vision", "mindcell.dataset.transforms",
           "mindcell.dataset.text",
           "mindcell.profiler"]
# Floors of the documentation ratchet (raise them as docs land; never lower them).
MIN_WITH_EXAMPLE = 1436
MIN_WITH_ARGS = 1401
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def _public(module_name):
    """(qualified name, object) of the module's public functions and classes, first path
    wins for objects exported at several paths."""
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
    for name in names:
        obj = getattr(module, name, None)
        if obj is not None and (inspect.isclass(obj) or inspect.isfunction(obj)
                                or inspect.isbuiltin(obj) or callable(obj)) \
                and not inspect.ismodule(obj):
            yield "%s.%s" % (module_name, name), obj


def _all_public():
    seen, out = set(), []
    for module_name in MODULES:
        for qualname, obj in _public(module_name):
            if id(obj) not in seen:
                seen.add(id(obj))
                out.append((qualname, obj))
    return out


@pytest.mark.parametrize("module_name", MODULES)
def test_every_public_example_runs(module_name):
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    failed = []
    for qualname, obj in _public(module_name):
        for test in finder.find(obj, qualname, globs={}):
            if not test.examples:
                continue
            out = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()):
                result = runner.run(test, out=out.write)
            if result.failed:
                failed.append("%s\n%s" % (qualname, out.getvalue()[-1500:]))
    assert not failed, "examples that do not run as shown:\n" + "\n".join(failed[:5])


def test_documentation_does_not_shrink():
    docs = [inspect.getdoc(obj) or "" for _, obj in _all_public()]
    with_example = sum(">>>" in d for d in docs)
    # a Primitive class without constructor attributes documents its call's "Inputs:" instead
    with_args = sum("Args:" in d or "Inputs:" in d for d in docs)
    assert with_example >= MIN_WITH_EXAMPLE, (with_example, len(docs))
    assert with_args >= MIN_WITH_ARGS, (with_args, len(docs))
