"""Program-level switches and decorators of ``mindspore``/``mindspore.common``: ``jit_class``,
``lazy_inline``, ``no_inline``, ``set_recursion_limit``, ``set_deterministic``, ``run_check``,
``ms_memory_recycle`` and ``_no_grad``."""
import contextlib
import functools
import inspect
import sys

import numpy as np

from mindcell.common._pynative import _pynative_executor

__all__ = ["jit_class", "lazy_inline", "no_inline", "set_recursion_limit", "set_deterministic", "run_check",
           "_no_grad", "ms_memory_recycle"]


def jit_class(cls):
    """jit_class(cls): mark a user-defined class whose objects GRAPH_MODE code uses.

    mindcell traces Python objects' attributes and methods in GRAPH_MODE without the mark; it
    sets ``cls.__ms_class__ = True`` as MindSpore does and checks the argument.

    Args:
        cls (type): a class that is not an ``nn.Cell``.

    Returns:
        The class itself.

    Raises:
        TypeError: ``cls`` is not a class, or is a subclass of ``nn.Cell``.

    Examples:
        >>> import mindcell as ms
        >>> @ms.jit_class
        ... class Scale:
        ...     def __init__(self):
        ...         self.k = 2
        >>> Scale.__ms_class__
        True
    """
    from mindcell.nn.cell import Cell
    if not inspect.isclass(cls):
        raise TypeError("Decorator jit_class can only be used for class type, but got %r." % (cls,))
    if issubclass(cls, Cell):
        raise TypeError("Decorator jit_class is used for user-defined classes and cannot be used "
                        "for nn.Cell: %r." % (cls,))
    cls.__ms_class__ = True
    return cls


def _init_args_key(cell, fn, args, kwargs, attrs):
    """MindSpore's ``cell_init_args``: the key under which identical cells share one graph."""
    if attrs is None:
        bound = dict(inspect.signature(fn).bind(cell, *args, **kwargs).arguments)
        bound.pop(next(iter(inspect.signature(fn).parameters)))  # self
        # MindSpore formats the arguments' dict view: 'lazy_inline_Block' + "dict_values([3])"
        return "lazy_inline_" + type(cell).__name__ + str(bound.values())
    if isinstance(attrs, list):
        values = []
        for attr in attrs:
            if not isinstance(attr, str):
                raise ValueError("lazy_inline: each of 'attrs' must be a string, but got %r"
                                 % (attr,))
            if hasattr(cell, attr):
                values.append(getattr(cell, attr))
    elif isinstance(attrs, str):
        values = getattr(cell, attrs) if hasattr(cell, attrs) else []
    else:
        raise ValueError("lazy_inline: 'attrs' must be a list or a string, but got %s"
                         % type(attrs).__name__)
    return "lazy_inline_" + type(cell).__name__ + str(values)


def lazy_inline(fn=None, attrs=None, policy=None):
    """lazy_inline(fn=None, attrs=None, policy=None): decorate a Cell's ``__init__`` so that
    cells built with the same arguments may share one compiled graph.

    mindcell compiles each cell's graph inline; the decorator changes no result. It runs
    ``__init__``, checks ``attrs`` and ``policy`` as MindSpore does and records the same
    ``cell_init_args`` key (and ``no_inline = False`` for ``policy="front"``).

    Args:
        fn (function): the ``__init__`` to decorate. Default: ``None`` (used as
            ``@lazy_inline(attrs=...)``).
        attrs (Union[list[str], str]): attribute names whose values form the key instead of
            the ``__init__`` arguments. Default: ``None``.
        policy (str): ``None`` or ``"front"``. Default: ``None``.

    Returns:
        The decorated ``__init__`` (or a decorator when ``fn`` is None).

    Raises:
        ValueError: ``policy`` is not None or "front"; ``attrs`` is not a list of str or a str.

    Examples:
        >>> from mindcell import nn, lazy_inline
        >>> class Block(nn.Cell):
        ...     @lazy_inline
        ...     def __init__(self, width):
        ...         super().__init__()
        ...         self.dense = nn.Dense(width, width)
        >>> Block(4).cell_init_args
        'lazy_inline_Blockdict_values([4])'
    """
    def wrap(init):
        @functools.wraps(init)
        def lazy_inline_init(self, *args, **kwargs):
            init(self, *args, **kwargs)
            if policy == "front":
                self.no_inline = False
            elif policy is not None:
                raise ValueError("lazy_inline: 'policy' must be None or 'front', but got %r"
                                 % (policy,))
            self.cell_init_args = _init_args_key(self, init, args, kwargs, attrs)
        return lazy_inline_init

    if fn is not None:
        return wrap(fn)
    return wrap


def no_inline(fn=None):
    """no_inline(fn=None): mark a function whose compiled subgraph is reused at every call
    instead of being inlined.

    mindcell's compiled graphs give the same results either way; as MindSpore does, the
    decorator sets ``fn.no_inline = True`` and returns ``fn`` itself.

    Args:
        fn (function): the function to mark. Default: ``None`` (used as ``@no_inline()``).

    Returns:
        ``fn`` itself (or a decorator when ``fn`` is None).

    Examples:
        >>> from mindcell import no_inline
        >>> @no_inline
        ... def triple_plus_two(x):
        ...     return x * 3 + 2
        >>> triple_plus_two.no_inline, triple_plus_two(10)
        (True, 32)
    """
    def mark(function):
        function.no_inline = True
        return function

    if fn is not None:
        return mark(fn)
    return mark


_recursion = {"limit": 1000}


def set_recursion_limit(recursion_limit=1000):
    """set_recursion_limit(recursion_limit=1000): the depth to which graph compilation may
    recurse (nested calls traced in GRAPH_MODE).

    mindcell traces with the Python interpreter, so the limit is the interpreter's: it is raised
    to ``recursion_limit`` when lower (never lowered, as other code may rely on it).

    Args:
        recursion_limit (int): a positive depth. Default: ``1000``.

    Raises:
        TypeError: ``recursion_limit`` is not an int (or is a bool).
        ValueError: ``recursion_limit`` is not positive.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_recursion_limit(2000)
    """
    if isinstance(recursion_limit, bool):
        raise TypeError("The input value must be int and must > 0, but got '%r' with type "
                        "'bool'." % recursion_limit)
    if not isinstance(recursion_limit, (int, np.integer)):
        raise TypeError("The input value must be int, but got '%s'"
                        % type(recursion_limit).__name__)
    if recursion_limit <= 0:
        raise ValueError("The input value must be int and must > 0, but got '%d' with type "
                         "'int'." % recursion_limit)
    _recursion["limit"] = int(recursion_limit)
    if sys.getrecursionlimit() < recursion_limit:
        sys.setrecursionlimit(int(recursion_limit))


_deterministic = {"set": False}


def set_deterministic(deterministic):
    """set_deterministic(deterministic): ask for deterministic computation; may be called once.

    Recorded as the context's ``deterministic`` ("ON"/"OFF") as MindSpore does. ``True`` keeps
    the thread count of every kernel and of the BLAS fixed: otherwise it follows the machine's
    load, and the BLAS's products can differ in the last bits between thread counts.

    Args:
        deterministic (bool): whether to run deterministically.

    Raises:
        TypeError: ``deterministic`` is not a bool.
        RuntimeError: it was already set.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_deterministic(True)  # doctest: +SKIP
    """
    from mindcell import context
    if _deterministic["set"]:
        raise RuntimeError("The 'mindspore.set_deterministic' can not be set repeatedly.")
    if not isinstance(deterministic, bool):
        raise TypeError("The parameter 'deterministic' must be %s, but got %s"
                        % (bool, type(deterministic)))
    context.set_context(deterministic="ON" if deterministic else "OFF")
    _deterministic["set"] = True


def run_check():
    """run_check(): check the installation by multiplying two tensors; prints the result.

    Examples:
        >>> import mindcell as ms
        >>> ms.run_check()  # doctest: +ELLIPSIS
        mindcell version: ...
    """
    import mindcell
    from mindcell import ops
    print("mindcell version: ", mindcell.__version__)
    a = mindcell.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    got = ops.mul(a, a).asnumpy()
    if np.array_equal(got, np.array([1.0, 4.0, 9.0], np.float32)):
        print("The result of multiplication calculation is correct, mindcell has been installed "
              "on platform [CPU] successfully!")
    else:
        print("The result of multiplication calculation is wrong (got %s): the mindcell "
              "installation is broken." % got)


class _no_grad(contextlib.ContextDecorator):
    """_no_grad(): a context manager (and decorator) under which operations record nothing for
    automatic differentiation: their results are constants to any gradient being taken.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops, Tensor
        >>> def f(x):
        ...     with ms._no_grad():
        ...         c = x * x
        ...     return x * c
        >>> print(ops.grad(f)(Tensor(3.0)))
        9.0
    """

    def __init__(self):
        self.prev_state = True

    def __enter__(self):
        # the executor's switch: gradients made inside raise, as MindSpore's (ops.grad.py)
        self.prev_state = _pynative_executor.enable_grad()
        _pynative_executor.set_enable_grad(False)

    def __exit__(self, exc_type, exc_val, exc_tb):
        _pynative_executor.set_enable_grad(self.prev_state)
        return False


def ms_memory_recycle():
    """ms_memory_recycle(): give back the memory cached for models that are no longer used,
    as MindSpore's (called between the trainings of several models in one process).

    mindcell collects unreachable Python objects (the tensors, graphs and caches of models
    that are gone) and, on glibc, returns the free heap that :mod:`mindcell._malloc` keeps
    for reuse to the operating system (``malloc_trim``).

    Returns:
        None.

    Examples:
        >>> import mindcell as ms
        >>> ms.ms_memory_recycle() is None
        True
    """
    import gc
    from mindcell import _malloc
    gc.collect()
    _malloc.trim()
