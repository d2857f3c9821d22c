"""Entry points into GRAPH_MODE: compiled calls of Cells and functions, and ``ms.jit``."""
import functools

from mindcell import context
from mindcell._core import autodiff, trace as _trace
from mindcell.graph.compile import CompileCache, compile_function, flatten_args
from mindcell.graph.tracer import is_tracing


def should_compile():
    """GRAPH_MODE, not already tracing, and no eager tape recording this call."""
    return context.is_graph_mode() and not is_tracing() and not autodiff.tapes


def compile_for(cache, fn, args, kwargs, name, extra_key=()):
    """``(compiled, tensor leaves)`` for this call's signature, compiling ``fn`` on a miss
    (once, also when several threads make the first call together)."""
    leaves, spec = flatten_args(args)
    kw_key = tuple(sorted((k, repr(v)) for k, v in kwargs.items()))
    key = (spec, kw_key, extra_key)
    compiled = cache.entries.get(key)
    if compiled is None:
        compiled = cache.get_or_compile(key, lambda: _compile(fn, args, kwargs, name))
    cache.last_compiled = compiled
    return compiled, leaves


def _compile(fn, args, kwargs, name):
    """compile_function; if it fails, this thread's traces and tapes are as before it."""
    saved = _trace.checkpoint()
    try:
        return compile_function(fn, args, kwargs, name)
    except BaseException:
        _trace.restore(saved)
        raise


def compiled_call(cache, fn, args, kwargs, name, extra_key=()):
    """Run ``fn`` compiled for this call's signature."""
    compiled, leaves = compile_for(cache, fn, args, kwargs, name, extra_key)
    return compiled(leaves)


class JitFunction:
    """A function compiled on first call for each input signature (``ms.jit``)."""

    def __init__(self, fn):
        self.fn = fn
        self.cache = CompileCache(getattr(fn, "__name__", "function"))
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        if is_tracing() or autodiff.tapes:
            return self.fn(*args, **kwargs)
        return compiled_call(self.cache, self.fn, args, kwargs, self.cache.owner_name)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self.__call__, obj)


def jit(function=None, *, mode="PSJit", input_signature=None, hash_args=None,
        jit_config=None, compile_once=False, capture_mode="ast", jit_level="O0", **kwargs):
    """jit(function=None, ...): compile ``function`` (or a Cell's construct) into a graph on
    first call per input signature; later calls replay the compiled program."""
    def wrap(fn):
        from mindcell.nn.cell import Cell
        if isinstance(fn, Cell):
            fn.__dict__["_force_graph"] = True
            return fn
        return JitFunction(fn)
    if function is None:
        return wrap
    return wrap(function)


class JitConfig:
    """JitConfig(jit_level='O1', exc_mode='auto', jit_syntax_level='', **kwargs): recorded
    settings for GRAPH_MODE compilation."""

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="", debug_level="",
                 infer_boost="", **kwargs):
        self.jit_config_dict = dict(jit_level=jit_level, exc_mode=exc_mode,
                                    jit_syntax_level=jit_syntax_level, **kwargs)
