"""FnCell: a Cell whose construct calls a function, to run any function through Cell calls
(GRAPH_MODE compiles it; grad takes it). Importable from every test directory: pytest puts
tests/ on sys.path when it loads tests/conftest.py."""
from mindcell import nn


class FnCell(nn.Cell):
    """FnCell(fn): ``construct(*args)`` returns ``fn(*args)``."""

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        return self.fn(*args)
