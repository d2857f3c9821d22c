"""``mindspore.common.api._cell_graph_executor``: the private executor MindSpore's own tests and
some libraries call to compile a cell for given inputs without running it
(``_cell_graph_executor.compile(net, *inputs)``, which raises the shape and type errors a first
call would) and then to run what was compiled (``_cell_graph_executor(net, *inputs)``).

mindcell compiles a cell by tracing ``construct`` into the graph program GRAPH_MODE runs, in
either mode, as MindSpore compiles a graph whatever its mode; compiling runs nothing (parameters
keep their values). Phases are MindSpore's strings: ``compile`` returns ``(full phase, new)``,
the full phase being ``'<phase>.<cell serial>.<cell id>.<signature number>'``."""
import itertools
import weakref

__all__ = []

_SERIALS = itertools.count(1)


def _check_phase(method, phase):
    if not isinstance(phase, str):
        raise TypeError("_cell_graph_executor.%s: 'phase' must be a str, but got %s"
                        % (method, type(phase).__name__))


class _CellGraphExecutor:
    """MindSpore's ``_CellGraphExecutor``, the methods public code calls:

    - ``compile(obj, *args, phase='predict', do_convert=True, jit_config_dict=None, **kwargs)``
      -> ``(full_phase, new)``: compile the cell ``obj`` for these inputs (``new`` is False when
      this phase and input signature were compiled before). Raises AttributeError when ``obj``
      has no ``construct`` (a function), ValueError when two of its parameters share a name,
      and the errors tracing ``construct`` raises.
    - ``run(obj, *args, phase='predict')`` (also ``__call__``): run the program compiled last
      for ``obj`` under ``phase`` with these inputs; KeyError when nothing was compiled.
    - ``has_compiled(phase='predict')`` -> bool, for a full phase string.
    - ``del_net_res(obj, net_id)``: forget the phases compiled for ``obj``.
    """

    def __init__(self):
        self._compiled = set()
        self._last = weakref.WeakKeyDictionary()  # cell -> {phase: its last full phase}

    def compile(self, obj, *args, phase="predict", do_convert=True, jit_config_dict=None,
                **kwargs):
        _check_phase("compile", phase)
        if not callable(getattr(obj, "construct", None)):
            raise AttributeError("The class %s does not have method construct"
                                 % type(obj).__name__)
        if not hasattr(obj, "_compiled_for"):
            raise TypeError("_cell_graph_executor.compile: 'obj' must be a Cell, but got %s"
                            % type(obj).__name__)
        obj.check_names()
        cache = obj._graph_cache_now()
        compiled, _ = obj._compiled_for(cache, args, kwargs)
        d = obj.__dict__
        serial = d.get("_executor_serial")
        if serial is None:
            serial = d["_executor_serial"] = next(_SERIALS)
        signatures = d.setdefault("_executor_signatures", [])
        number = next((i for i, c in enumerate(signatures) if c is compiled), None)
        if number is None:
            signatures.append(compiled)
            number = len(signatures) - 1
        full = "%s.%d.%d.%d" % (phase, serial, id(obj), number)
        new = full not in self._compiled
        self._compiled.add(full)
        self._last.setdefault(obj, {})[phase] = full
        return full, new

    def has_compiled(self, phase="predict"):
        _check_phase("has_compiled", phase)
        return phase in self._compiled

    def run(self, obj, *args, phase="predict"):
        _check_phase("run", phase)
        full = self._last.get(obj, {}).get(phase) if _weakrefable(obj) else None
        if full is None or full not in self._compiled:
            raise KeyError("%s graph is not exist." % phase)
        return obj._compiled_call(args, {})

    __call__ = run

    def del_net_res(self, obj, net_id):
        """Forget the phases compiled for ``obj`` (``net_id`` is MindSpore's id set)."""
        phases = self._last.pop(obj, {}) if _weakrefable(obj) else {}
        self._compiled.difference_update(phases.values())


def _weakrefable(obj):
    try:
        weakref.ref(obj)
    except TypeError:
        return False
    return True


_cell_graph_executor = _CellGraphExecutor()
