"""The ``>>>`` examples in public docstrings run and print what they show."""
import doctest
import importlib

import pytest

MODULES = ["mindcell.common.tensor", "mindcell.common.parameter", "mindcell.nn.cell",
           "mindcell.nn.layer.basic", "mindcell.ops.grad", "mindcell.nn.wrap.cell_wrapper",
           "mindcell.context", "mindcell.testing", "mindcell.benchmark", "mindcell.train.model",
           "mindcell.dataset", "mindcell.ops.function.generated_func"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0, "no examples in %s" % name
    assert result.failed == 0
