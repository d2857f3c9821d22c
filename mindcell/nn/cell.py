"""``nn.Cell``: the base class of every network. Subclass it, define ``construct``, call it.

The implementation is split into mixins (DESIGN.md section 6): registration of attributes,
traversal, state_dict, hooks, and modes/flags. This module holds construction, ``__call__``
(hooks, mixed precision, custom bprop) and ``repr``.
"""
from mindcell._c_expression import Cell_
from mindcell._core import autodiff
from mindcell._core.primitive import defprim
from mindcell.common.tensor import Tensor
from mindcell.nn._cell.hooks import (HooksMixin, new_hook_dicts, run_forward_pre_hooks,
                                     run_forward_hooks, has_backward_hooks, wrap_inputs,
                                     wrap_output)
from mindcell.nn._cell.modes import ModesMixin, enter_float_type, exit_float_type
from mindcell.nn._cell.registration import RegistrationMixin
from mindcell.nn._cell.state import StateDictMixin
from mindcell.nn._cell.traversal import TraversalMixin
import threading
from collections import OrderedDict

from mindcell.graph.compile import CompileCache
from mindcell.graph.executor import FastPrograms, cell_call, configure_cell_calls
from mindcell.graph.jit import compile_for, should_compile
from mindcell.graph.tracer import current_graph_trace
from mindcell._core import trace as _trace
from mindcell.context import _context, GRAPH_MODE

_traces = _trace._local  # this thread's trace stack (its innermost trace is .top)
_Eager = _trace.EagerTrace
_CACHE_LOCK = threading.Lock()  # makes a cell's compile cache once under concurrent calls


def _custom_bprop_rule(*inputs, out, dout, cell, args):
    full = list(args)
    it = iter(inputs)
    full = [next(it) if a is None else a for a in full]
    grads = cell.bprop(*full, out, dout)
    if not isinstance(grads, tuple):
        grads = (grads,)
    return tuple(g for g, a in zip(grads, args) if a is None)


def _custom_bprop_infer(*avals, **attrs):
    raise RuntimeError("CellCustomBprop is a tape record only; it is never traced")


custom_bprop_p = defprim("CellCustomBprop", None, infer=_custom_bprop_infer,
                         bprop=_custom_bprop_rule)


def _fast_key(training, args):
    """The compiled-call cache key of plain tensor arguments: training flag, shapes, dtypes
    (unrolled for one and two arguments: this runs on every compiled call)."""
    if len(args) == 1:
        x = args[0]._data
        return training, x.shape, x.dtype
    if len(args) == 2:
        x, y = args[0]._data, args[1]._data
        return training, x.shape, x.dtype, y.shape, y.dtype
    key = [training]
    for a in args:
        key += (a._data.shape, a._data.dtype)
    return tuple(key)


class Cell(RegistrationMixin, TraversalMixin, StateDictMixin, HooksMixin, ModesMixin, Cell_):
    """Cell(auto_prefix=True, flags=None)

    The base class of networks and layers. Assigning a Parameter, a Cell or a buffer to an
    attribute registers it; with ``auto_prefix`` a child's parameters are renamed to their
    attribute path (``fc.weight``). A subclass defines ``construct`` (or PyTorch's
    ``forward``); calling the cell runs it, eagerly in PYNATIVE_MODE and compiled in
    GRAPH_MODE. A new cell is in evaluation mode (``set_train()`` turns training on).

    Args:
        auto_prefix (bool): rename the parameters of child cells to their attribute path.
            Default: ``True``.
        flags (dict, optional): flags set with ``add_flags(**flags)`` (e.g. ``fp16=True``).
            Default: ``None``.

    Inputs:
        args, kwargs: the positional and keyword arguments of ``construct``.

    Outputs:
        What ``construct`` returns.

    Raises:
        AttributeError: the subclass defines neither ``construct`` nor ``forward``, or its
            ``__init__`` did not call ``super().__init__()`` before the cell is used.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import nn, ops
        >>> class Net(nn.Cell):
        ...     def __init__(self):
        ...         super().__init__()
        ...         self.relu = ops.ReLU()
        ...     def construct(self, x):
        ...         return self.relu(x)
        >>> Net()(ms.Tensor([-1.0, 2.0]))
        Tensor(shape=[2], dtype=Float32, value= [ 0.00000000e+00,  2.00000000e+00])
    """

    # True on cells whose construct keeps Python state between calls (never compiled whole)
    _keeps_python_state = False

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # mindcell's own layers that define no __init__ take no arguments, as MindSpore's do
        # (nn.SiLU(), nn.Tril()): Cell's (auto_prefix, flags) would be accepted and ignored
        if cls.__module__.startswith("mindcell.") and cls.__init__ is Cell.__init__:
            def __init__(self):
                Cell.__init__(self)
            __init__.__qualname__ = cls.__qualname__ + ".__init__"  # named in TypeErrors
            cls.__init__ = __init__

    def __init__(self, auto_prefix=True, flags=None):
        d = self.__dict__
        d["_params"] = OrderedDict()
        d["_cells"] = OrderedDict()
        d["_buffers"] = OrderedDict()
        d["_buffers_non_persistent"] = set()
        d["_params_list"] = OrderedDict()
        d["_param_tuple_id"] = 1
        d["_names_checked"] = False  # the first call renames colliding parameter names
        d["_seq_param_ids"] = set()
        d["_seq_param_names"] = set()
        d["_auto_prefix"] = bool(auto_prefix)
        d["_flags"] = {}
        d["_training"] = False
        d["_compile_cache"] = {}
        d["requires_grad"] = False
        d["bprop_debug"] = False
        d.update(new_hook_dicts())
        if flags:
            self.add_flags(**flags)

    # ----- calling ----------------------------------------------------------------------
    def construct(self, *args, **kwargs):
        """The computation of the cell; subclasses define it."""
        forward = getattr(type(self), "forward", None)
        if forward is not None:  # PyTorch-style subclasses define forward
            return forward(self, *args, **kwargs)
        raise AttributeError("%s must define construct(self, ...)" % type(self).__name__)

    def _jit_in_place(self):
        """``ms.jit(cell)``: this cell compiles on every call, whatever the mode."""
        self.__dict__["_force_graph"] = True
        return self

    # A call: in GRAPH_MODE, plain tensors of the latest compiled signature run its program
    # from C (csrc/executor.pyx cell_call); every other call is _call's.
    __call__ = cell_call

    def _call(self, args, kwargs):
        d = self.__dict__
        if "_params" not in d:
            raise AttributeError("%s.__init__ must call super().__init__() before the cell is "
                                 "used" % type(self).__name__)
        top = _traces.top  # this thread's innermost trace: eager, and no tape recording?
        if (_context["mode"] == GRAPH_MODE or d.get("_force_graph")) and type(top) is _Eager \
                and not top.tapes and not type(self)._keeps_python_state:
            fast = d.get("_fast_programs")
            if fast is not None and not kwargs and d.get("_input_spec") is None:
                # hot path: plain tensor arguments, signature = shapes, dtypes, training flag
                try:
                    compiled = fast.get(_fast_key(d["_training"], args))
                except AttributeError:
                    compiled = None
                if compiled is not None:
                    out = compiled.call_tensors(args)
                    if out is not NotImplemented:  # else: another layout, keyed by the slow path
                        return out
            return self._compiled_call(args, kwargs)
        if (d["requires_grad"] and d["_training"] or top.is_graph) and not kwargs \
                and not autodiff._state.tapes:
            # a call outside gradients that a gradient of this cell may reuse (forward once;
            # PyNative: only in training, where the forward has effects to run once)
            from mindcell.ops.grad import kept_forward
            return kept_forward(self, args)
        return self._eager_call(args, kwargs)

    def _first_call(self):
        """MindSpore's check at a cell's first call: colliding parameter names (which adding
        cells to attached containers can give) become attribute paths from this cell."""
        self.__dict__["_names_checked"] = True
        self.check_names_and_refresh_name()

    def _compiled_call(self, args, kwargs):
        d = self.__dict__
        if not d.get("_names_checked", True):
            self._first_call()
        spec = d.get("_input_spec")
        if spec is not None:
            check_inputs_match(self, spec, args)
        cache = self._graph_cache_now()
        compiled, leaves = self._compiled_for(cache, args, kwargs)
        if not kwargs and all(type(a) is Tensor for a in args) and compiled.layouts_match(args) \
                and d["_compile_cache"].get("graph") is cache:  # not invalidated meanwhile
            fast = d.get("_fast_programs")
            if fast is None:
                fast = d["_fast_programs"] = FastPrograms()
            fast.add(_fast_key(d["_training"], args), compiled, d["_training"],
                     [a._data for a in args])
        return compiled(leaves)

    def _graph_cache_now(self):
        """This cell's compile cache; one is made after an invalidation (hooks.py empties
        ``_compile_cache``). Concurrent first calls all get the same one."""
        d = self.__dict__
        cache = d["_compile_cache"].get("graph")
        if cache is None:
            with _CACHE_LOCK:
                holder = d["_compile_cache"]
                cache = holder.get("graph")
                if cache is None:
                    cache = holder["graph"] = d["_graph_cache"] = CompileCache(
                        type(self).__name__)
        return cache

    def _compiled_for(self, cache, args, kwargs):
        return compile_for(cache, lambda *a, **k: self._eager_call(a, k), args, kwargs,
                           type(self).__name__, (self.training,))

    def _eager_call(self, args, kwargs):
        if not self.__dict__.get("_names_checked", True):
            self._first_call()
        if self._forward_pre_hooks:
            args, kwargs = run_forward_pre_hooks(self, args, kwargs)
        args, kwargs = self._cast_to_mixed(args, kwargs)
        state = None
        taping = autodiff._state.tapes  # this thread's tapes (hot path: not the property)
        if taping and has_backward_hooks(self):
            args, state = wrap_inputs(self, args)
        gt = current_graph_trace() if self.__dict__.get("_recompute") else None
        if gt is not None:  # nested cells stay in the outermost recompute group
            gt.recompute_tags.append(gt.recompute_tags[-1] if gt.recompute_tags
                                     else gt.new_recompute_group())
        float_type = self.__dict__.get("_mixed_precision_type")
        if float_type is not None:  # its primitive calls (and its children's) cast to it
            previous_type = enter_float_type(float_type)
        try:
            if taping and hasattr(type(self), "bprop"):
                output = self._construct_with_custom_bprop(args, kwargs)
            else:
                output = self.construct(*args, **kwargs)
        finally:
            if float_type is not None:
                exit_float_type(previous_type)
            if gt is not None:
                gt.recompute_tags.pop()
        if self._forward_hooks:
            output = run_forward_hooks(self, args, kwargs, output)
        if state is not None:  # after the forward hooks: backward hooks see the gradient of
            output = wrap_output(output, state)  # the output they return (MindSpore 2.10)
        return output

    def run_construct(self, *inputs, **kwargs):
        """run_construct(*inputs, **kwargs): construct with the forward hooks applied."""
        args, kwargs = run_forward_pre_hooks(self, inputs, kwargs)
        return run_forward_hooks(self, args, kwargs, self.construct(*args, **kwargs))

    def _construct_with_custom_bprop(self, args, kwargs):
        """Run construct unrecorded, then record one entry whose backward is ``self.bprop``."""
        saved = list(autodiff.tapes)
        autodiff.tapes.clear()
        try:
            output = self.construct(*args, **kwargs)
        finally:
            autodiff.tapes[:] = saved
        inputs = tuple(a for a in args if isinstance(a, Tensor))
        template = tuple(None if isinstance(a, Tensor) else a for a in args)
        outputs = output if isinstance(output, tuple) else (output,)
        # an output that is an input object (an identity construct) needs its own identity
        outputs = tuple(_fresh_alias(o) if any(o is a for a in inputs) else o for o in outputs)
        output = outputs if isinstance(output, tuple) else outputs[0]
        if all(isinstance(o, Tensor) for o in outputs):
            autodiff.record(custom_bprop_p, inputs, {"cell": self, "args": template}, outputs)
        return output

    def compile(self, *args, **kwargs):
        """compile(*args): in GRAPH_MODE, trace and compile the cell for these inputs (later
        calls with the same signature replay it). Returns None, like MindSpore."""
        if should_compile():
            self._compiled_for(self._graph_cache_now(), args, kwargs)
        return None

    def compile_report(self):
        """The compile reports of this cell's compiled signatures (GRAPH_MODE)."""
        cache = self.__dict__.get("_graph_cache")
        return [] if cache is None else [c.report for c in list(cache.entries.values())]

    def compile_and_run(self, *args, **kwargs):
        """compile_and_run(*args): compile for these inputs and run."""
        self.compile(*args, **kwargs)
        return self(*args, **kwargs)

    # ----- description ------------------------------------------------------------------
    @property
    def cls_name(self):
        return type(self).__name__

    def extend_repr(self):
        """Extra text shown inside this cell's repr (override in layers)."""
        return ""

    def extra_repr(self):
        """PyTorch-style alias of extend_repr."""
        return self.extend_repr()

    def __repr__(self):
        extra = self.extend_repr()
        children = []
        for name, cell in self._cells.items():
            if cell is None:
                continue
            child = repr(cell).replace("\n", "\n  ")
            children.append("(%s): %s" % (name, child))
        if not children:
            return "%s(%s)" % (type(self).__name__, extra)
        lines = ([extra] if extra else []) + children
        return "%s(\n  %s\n)" % (type(self).__name__, "\n  ".join(lines))

    def __str__(self):
        return self.__repr__()

    def __hash__(self):
        return id(self)

    def __bool__(self):
        # a cell is true even when it has a length (an empty CellDict); CellList and
        # SequentialCell redefine this, and cells_and_names leaves the false ones out
        return True

    def __eq__(self, other):
        return self is other

    def __getstate__(self):
        state = self.__dict__.copy()  # compiled programs are not copied: a copy recompiles
        state["_compile_cache"] = {}
        state.pop("_graph_cache", None)
        state.pop("_fast_programs", None)
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)


configure_cell_calls(Cell._call)


def _fresh_alias(t):
    from mindcell.ops.defs.shape import identity_p
    saved = list(autodiff.tapes)
    autodiff.tapes.clear()
    try:
        return identity_p.bind(t)  # a node in graphs, a new object sharing data in eager mode
    finally:
        autodiff.tapes[:] = saved


def check_inputs_match(cell, spec, args):
    """Inputs must match set_inputs: ValueError for shapes, TypeError for dtypes."""
    if len(spec) != len(args):
        raise ValueError("%s: set_inputs declared %d inputs, but the call gave %d"
                         % (type(cell).__name__, len(spec), len(args)))
    for i, (s, a) in enumerate(zip(spec, args)):
        if not isinstance(s, Tensor) or not isinstance(a, Tensor):
            continue
        if s.dtype != a.dtype:
            raise TypeError("%s: input %d has dtype %s, but set_inputs declared %s"
                            % (type(cell).__name__, i, a.dtype, s.dtype))
        dims = getattr(s, "_dyn_shape", s.shape)
        if len(dims) != a.ndim or any(d is not None and d != -1 and d != n
                                      for d, n in zip(dims, a.shape)):
            raise ValueError("%s: input %d has shape %s, but set_inputs declared %s"
                             % (type(cell).__name__, i, a.shape, tuple(dims)))
