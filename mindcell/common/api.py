"""``mindcell.common.api`` (MindSpore's module path for ``jit``): ``from mindspore.common.api
import jit`` works unchanged. It sits in the top layer (docs/architecture.md): ``jit`` belongs to
the graph layer above ``common``."""
from mindcell.graph.jit import jit, JitConfig  # noqa: F401

__all__ = ["jit", "JitConfig"]
