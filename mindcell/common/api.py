"""``mindcell.common.api`` (MindSpore's module path for ``jit``): ``from mindspore.common.api
import jit`` works unchanged, and so do MindSpore 1.x's names ``ms_function`` and ``ms_class``,
which MindSpore 2.x removed. It sits in the top layer (docs/architecture.md): ``jit`` belongs to
the graph layer above ``common``."""
from mindcell.graph.jit import jit, JitConfig  # noqa: F401
from mindcell.program_api import jit_class
from mindcell.common._pynative import _pynative_executor, cells_compile_cache  # noqa: F401
from mindcell.graph.cell_executor import _CellGraphExecutor, _cell_graph_executor  # noqa: F401

__all__ = ["jit", "JitConfig", "ms_function", "ms_class"]


def ms_function(fn=None, input_signature=None, hash_args=None, jit_config=None,
                compile_once=False):
    """ms_function(fn=None, input_signature=None, hash_args=None, jit_config=None,
    compile_once=False): MindSpore 1.x's name of :func:`jit` (removed in MindSpore 2.x; kept
    so that older programs run unchanged).

    Args:
        fn (Callable, optional): the function to compile; None returns a decorator.
        input_signature (Tensor, optional): MindSpore's input signature; accepted as :func:`jit`
            accepts it (mindcell compiles per input shape and dtype).
        hash_args (object, optional): values MindSpore adds to its compile-cache key; mindcell
            keys its cache by the traced values themselves.
        jit_config (JitConfig, optional): compile settings, as for :func:`jit`.
        compile_once (bool): MindSpore's cache switch; results are the same.

    Returns:
        The compiled function, as :func:`jit` returns it.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> @ms.ms_function
        ... def double(x):
        ...     return x * 2
        >>> double(ms.Tensor(np.array([1.0, 2.0], np.float32))).asnumpy().tolist()
        [2.0, 4.0]
    """
    if not isinstance(compile_once, bool):
        raise TypeError("ms_function: 'compile_once' must be a bool, but got %s"
                        % type(compile_once).__name__)
    options = {k: v for k, v in (("input_signature", input_signature),
                                 ("jit_config", jit_config)) if v is not None}
    return jit(fn, **options) if fn is not None else jit(**options)


def ms_class(cls):
    """ms_class(cls): MindSpore 1.x's name of :func:`mindcell.jit_class` (removed in MindSpore
    2.x; kept so that older programs run unchanged).

    Args:
        cls (type): a class that is not an ``nn.Cell``.

    Returns:
        The class itself, marked.

    Raises:
        TypeError: ``cls`` is not a class, or is a subclass of ``nn.Cell``.

    Examples:
        >>> import mindcell as ms
        >>> @ms.ms_class
        ... class Scale:
        ...     k = 2
        >>> Scale.__ms_class__
        True
    """
    return jit_class(cls)
