"""Entry points into GRAPH_MODE: compiled calls of Cells and functions, and ``ms.jit``."""
import functools

from mindcell._core import autodiff, trace as _trace
from mindcell._core.mixed_precision import running_float_type, enter_float_type, exit_float_type
from mindcell._core.trace import should_compile  # noqa: F401  (re-exported for nn.cell)
from mindcell.common.mutable import graph_inputs
from mindcell.common.tensor import Tensor
from mindcell.graph.compile import CompileCache, compile_function, flatten_args
from mindcell.graph.tracer import is_tracing


def compile_for(cache, fn, args, kwargs, name, extra_key=()):
    """``(compiled, tensor leaves)`` for this call's signature, compiling ``fn`` on a miss
    (once, also when several threads make the first call together). ``mutable`` scalars enter
    as 0-d tensors, so they are keyed by dtype, not value."""
    args = graph_inputs(args)
    leaves, spec = flatten_args(args)
    kw_key = tuple(sorted((k, repr(v)) for k, v in kwargs.items()))
    key = (spec, kw_key, extra_key)
    build = lambda: _compile(fn, args, kwargs, name)  # noqa: E731
    compiled = cache.entries.get(key)
    if compiled is None:
        compiled = cache.get_or_compile(key, build)
    while True:
        if compiled.guards and not compiled.guards.hold(leaves):
            # the trace read values (int(x), x.asnumpy()) that differ now: the entry for
            # these values (a fresh trace reads the current ones, so its guards hold)
            key = key + (compiled.guards.key(leaves),)
        elif compiled.attr_effects and not compiled.attr_effects.hold():
            # construct writes Python attributes that hold other values now (a counter):
            # the entry traced from these values (graph/attr_effects.py)
            key = key + (compiled.attr_effects.key(),)
            cache.forget_old_attribute_variants(key)
        else:
            break
        compiled = cache.entries.get(key) or cache.get_or_compile(key, build)
    cache.last_compiled = compiled
    return compiled, leaves


def _compile(fn, args, kwargs, name):
    """compile_function; if it fails, this thread's traces and tapes are as before it."""
    saved = _trace.checkpoint()
    try:
        return compile_function(fn, args, kwargs, name)
    except AttributeError as e:
        _trace.restore(saved)
        better = _graph_only_method(e)
        if better is None:
            raise
        raise better from e
    except BaseException:
        _trace.restore(saved)
        raise


# methods MindSpore's graph syntax adds to Python types -> what to write in Python
_GRAPH_ONLY_METHODS = {("dict", "has_key"): "key in d"}


def _graph_only_method(error):
    """A GraphModeError naming the user's line for a method only MindSpore's graph syntax
    has (``d.has_key(k)``), or None for any other AttributeError."""
    import linecache
    import os
    import re
    from mindcell.graph.symbolic import GraphModeError, _PACKAGE_DIR
    m = re.match(r"'(\w+)' object has no attribute '(\w+)'", str(error))
    instead = m and _GRAPH_ONLY_METHODS.get(m.groups())
    if not instead:
        return None
    tb, where = error.__traceback__, None
    while tb is not None:
        fname = os.path.abspath(tb.tb_frame.f_code.co_filename)
        if not fname.startswith(_PACKAGE_DIR):
            where = (fname, tb.tb_lineno)
        tb = tb.tb_next
    fname, line = where or ("<unknown>", 0)
    return GraphModeError("%s:%d: %s.%s() is a method of MindSpore's graph syntax only; "
                          "mindcell traces construct as Python, where %s has no %s.\n    %s\n"
                          "Instead: write %s" % (fname, line, m.group(1), m.group(2),
                                                 m.group(1), m.group(2),
                                                 linecache.getline(fname, line).strip(),
                                                 instead))


def compiled_call(cache, fn, args, kwargs, name, extra_key=()):
    """Run ``fn`` compiled for this call's signature."""
    compiled, leaves = compile_for(cache, fn, args, kwargs, name, extra_key)
    return compiled(leaves)


def compile_per_signature(fn):
    """``fn`` compiled into one graph per input signature (the compiler that
    ``trace.graph_mode_aware`` uses, e.g. for ``ops.grad`` in GRAPH_MODE): a
    :class:`JitFunction`, with its fast path for Tensor arguments."""
    jitted = JitFunction(fn)
    jitted.compile_cache = jitted.cache
    return jitted


_trace.register_graph_compiler(compile_per_signature)


def _tensors_key(args):
    """The shapes and dtypes of ``args`` when all are plain Tensors, else None: the key of a
    compiled call's fast path (the full signature, ``flatten_args``, also covers nested
    arguments, constants, layouts, and subclasses such as a dynamic-shape Tensor, whose
    signature shape is not its array's)."""
    key = []
    for a in args:
        if type(a) is not Tensor:
            return None
        data = a._data
        key.append(data.shape)
        key.append(data.dtype)
    return tuple(key)


class JitFunction:
    """A function compiled on first call for each input signature (``ms.jit``).

    Calls with plain Tensor arguments only (a training step's ``(data, label)``) look their
    program up by the tensors' shapes and dtypes, as a GRAPH_MODE Cell's calls do; the program
    checks the layouts and the values its trace read (else the full signature is looked up)."""

    def __init__(self, fn):
        self.fn = fn
        self.cache = CompileCache(getattr(fn, "__name__", "function"))
        self._fast = {}  # _tensors_key -> Compiled
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        if is_tracing():
            return self.fn(*args, **kwargs)
        if running_float_type() is not None:
            # called from a PYNATIVE_MODE mixed-precision cell: MindSpore 2.10 runs the
            # function's primitives uncast (ms-oracle); its program is shared with uncast calls
            previous = enter_float_type(None)
            try:
                return self._call(args, kwargs)
            finally:
                exit_float_type(previous)
        return self._call(args, kwargs)

    def _call(self, args, kwargs):
        if autodiff.tapes:
            return self.fn(*args, **kwargs)
        if not kwargs:
            key = _tensors_key(args)
            compiled = self._fast.get(key) if key is not None else None
            if compiled is not None:
                out = compiled.call_tensors(args)
                if out is not NotImplemented:  # else: another layout or other values read
                    self.cache.last_compiled = compiled
                    return out
        else:
            key = None
        compiled, leaves = compile_for(self.cache, self.fn, args, kwargs, self.cache.owner_name)
        if key is not None and compiled.layouts_match(args):
            self._fast[key] = compiled
        return compiled(leaves)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self.__call__, obj)


_CAPTURE_MODES = ("ast", "bytecode", "trace")
_JIT_LEVELS = ("O0", "O1")


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False,
        backend="", **options):
    """Compile ``function`` (or a Cell) into a graph on its first call per input signature;
    later calls replay the compiled program.

    Args:
        function (Callable, optional): the function or Cell; None returns a decorator.
        capture_mode (str): ``'ast'``, ``'bytecode'`` or ``'trace'``. mindcell traces the
            function by running it (every mode gives the same graph and results).
        jit_level (str): ``'O0'`` or ``'O1'``: MindSpore's optimisation level; mindcell runs
            its one pass pipeline for both (results are the same).
        dynamic (int): MindSpore's dynamic-shape switch; mindcell traces each new shape.
        fullgraph (bool): in MindSpore's bytecode mode, raise instead of splitting the graph;
            mindcell never splits a graph (a Python read of a value is JIT Fallback).
        backend (str): MindSpore's compile backend name; mindcell has one CPU backend.
        **options: MindSpore's further options (``jit_config``, ``input_signature``, ...),
            accepted as MindSpore 2.10 accepts them; none of them changes results.

    Returns:
        The compiled function (or the Cell, now compiled in every mode).

    Raises:
        ValueError: ``capture_mode`` or ``jit_level`` is not one of the values above.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> @ms.jit
        ... def double(x):
        ...     return x * 2
        >>> double(ms.Tensor(np.array([1.0, 2.0], np.float32)))
        Tensor(shape=[2], dtype=Float32, value= [ 2.00000000e+00,  4.00000000e+00])
    """
    if not isinstance(capture_mode, str) or capture_mode not in _CAPTURE_MODES:
        raise ValueError("For 'jit', the 'capture_mode' must be str and must be in %r, but got "
                         "%r." % (list(_CAPTURE_MODES), capture_mode))
    if not isinstance(jit_level, str) or jit_level not in _JIT_LEVELS:
        raise ValueError("For 'jit', the 'jit_level' must be str and must be in %r, but got "
                         "%r." % (list(_JIT_LEVELS), jit_level))

    def wrap(fn):
        jit_in_place = getattr(fn, "_jit_in_place", None)  # a Cell compiles itself
        if jit_in_place is not None:
            return jit_in_place()
        return JitFunction(fn)
    if function is None:
        return wrap
    return wrap(function)


class JitConfig:
    """JitConfig(jit_level='', exc_mode='auto', jit_syntax_level='', debug_level='RELEASE',
    infer_boost='off', **kwargs): recorded settings for GRAPH_MODE compilation, given to
    ``Model`` or ``ms.jit``.

    The settings are kept in ``jit_config_dict``. ``debug_level`` ('RELEASE' or 'DEBUG':
    MindSpore's compile-time debug information; mindcell's traced code always keeps Python's
    tracebacks) and ``infer_boost`` ('on' or 'off': Ascend inference kernels) are checked and
    recorded.

    Args:
        jit_level (str): MindSpore's optimization level (``'O0'``, ``'O1'`` ...). Default:
            ``''``.
        exc_mode (str): MindSpore's execution mode of the graph. Default: ``'auto'``.
        jit_syntax_level (str): MindSpore's syntax support level. Default: ``''``.
        debug_level (str): ``'RELEASE'`` or ``'DEBUG'``. Default: ``'RELEASE'``.
        infer_boost (str): ``'on'`` or ``'off'``. Default: ``'off'``.
        kwargs: further settings, recorded.

    Raises:
        ValueError: ``debug_level`` or ``infer_boost`` is not one of its values.

    Examples:
        >>> import mindcell as ms
        >>> config = ms.JitConfig(jit_level="O1", infer_boost="on")
        >>> config.jit_config_dict["jit_level"], config.jit_config_dict["debug_level"]
        ('O1', 'RELEASE')
    """

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="", debug_level="RELEASE",
                 infer_boost="off", **kwargs):
        for arg, value, allowed in (("debug_level", debug_level, ["RELEASE", "DEBUG"]),
                                    ("infer_boost", infer_boost, ["on", "off"])):
            if value not in allowed:
                raise ValueError("For '%s' must be one of '%s', but got %r."
                                 % (arg, allowed, value))
        self.jit_config_dict = dict(jit_level=jit_level, exc_mode=exc_mode,
                                    jit_syntax_level=jit_syntax_level, debug_level=debug_level,
                                    infer_boost=infer_boost, **kwargs)
