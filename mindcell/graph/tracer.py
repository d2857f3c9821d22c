"""GraphTrace: while active, ``Prim.bind`` appends nodes to a Graph and returns symbolic
tensors. Parameters become inputs bound by reference; other concrete tensors constants,
except those construct writes (``self.buf[0] = v``, a closure's tensor in ``ms.jit``): the
trace is retaken with them as extra inputs that the compiled function passes and writes back
on every call (``Graph.state_tensors``), as PYNATIVE_MODE's in-place writes change them."""
import numpy as np

import types
import weakref

from mindcell._core import autodiff, trace as _trace
from mindcell._core.primitive import DataDependentShape
from mindcell._core.views import strided_layout
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.graph.ir import Graph
from mindcell.graph.attr_effects import AttrEffects, AttrJournal, same_writes
from mindcell.graph.fallback import Guards
from mindcell.graph.symbolic import SymbolicTensor, graph_error, user_frame
from mindcell.ops.defs.shape import broadcast_to_p


MAX_PATHS = 16
MAX_REWRITES = 16


class _BranchPoint(Exception):
    """Raised at an undecided tensor-dependent branch: the tracer retraces both ways."""


class _CannotMerge(Exception):
    """Paths of a tensor-dependent branch whose results cannot be merged with select."""

    def __init__(self, what, instead):
        super().__init__(what)
        self.error = graph_error(what, instead)


class _DecideByValue(Exception):
    """Trace again deciding each tensor condition by this call's values (JIT Fallback: the
    graph is guarded on them); ``error``: the merge error to raise when that is impossible."""

    def __init__(self, error):
        super().__init__(str(error))
        self.error = error


_COMBINED = {}


def _with_type(also):
    """GraphModeError combined with the exception class ``also`` (one class per ``also``)."""
    if also not in _COMBINED:
        _COMBINED[also] = type("GraphMode" + also.__name__, (type(graph_error("", "")), also), {})
    return _COMBINED[also]


class GraphTrace(_trace.Trace):
    is_graph = True
    decide_by_value = None  # the merge error, when conditions are decided by values

    @staticmethod
    def refusal(what, instead, also=None):
        """The GraphModeError naming the user's line for something GRAPH_MODE cannot do (for
        lower layers, which cannot import the graph's errors); with ``also``, an exception class,
        the error is an instance of that class too (the type MindSpore raises)."""
        error = graph_error(what, instead)
        return error if also is None else _with_type(also)(str(error))

    def __init__(self, name="graph"):
        self.forced = []       # decisions replayed at the branch points of this path
        self.conditions = []   # the condition tensors met on this path
        self.sites = set()     # code objects of the functions holding those conditions
        self.graph = Graph(name)
        self._params = {}  # id(Parameter) -> Value
        self._consts = {}  # id(Tensor) -> (Tensor, Value)
        self._rebound = {}  # id(concrete Tensor) -> (Tensor, Value) after a traced setitem
        self._init_views()
        self.recompute_tags = []  # stack of recompute group ids
        self.backward_depth = 0
        self.input_strides = {}  # input value id -> strides of a non-C-contiguous argument
        self.layout_inputs = set()  # ids of input values whose layout the trace relied on
        self._state = {}  # id(concrete Tensor construct writes) -> its input Value
        self.state_tensors = []  # those tensors, in input order (after the arguments)
        self.written_concrete = {}  # id -> concrete tensors some path wrote (not yet inputs)
        # JIT Fallback (graph/fallback.py): where input values come from, computed values,
        # and the values read, which the compiled graph is guarded on
        self.concrete_inputs = {}  # input Value id -> ("arg", leaf index) | ("tensor", t)
        self.input_arrays = {}  # leaf index -> the call's array
        self.fallback_memo = {}  # Value id -> array
        self.value_guards = {}  # source key -> (source, array read)
        # forward once (ops/grad.py): per path, id(Cell) -> its calls outside gradients; the
        # cells whose calls are recorded for a gradient, and those whose runs are not shared
        self.forward_calls = {}
        self.forward_cells = set()
        self.forward_shared = set()
        # Python attributes construct writes (graph/attr_effects.py): a compiled call's trace
        self.attr_journal = None
        self.path_attr_writes = []

    def value_of(self, t):
        if isinstance(t, SymbolicTensor):
            return t._value
        if self._rebound:
            entry = self._rebound.get(id(t))
            if entry is not None:
                return entry[1]
        if isinstance(t, Parameter):
            v = self._params.get(id(t))
            if v is None:
                v = self._params[id(t)] = self.graph.add_param(t)
            return v
        if self._state:
            v = self._state.get(id(t))
            if v is not None:
                return v
        entry = self._consts.get(id(t))
        if entry is None:
            entry = self._consts[id(t)] = (t, self.graph.add_const(t._data))
        return entry[1]

    def process(self, prim, inputs, attrs):
        if prim.impl is None:
            raise RuntimeError("%s cannot be traced into a graph" % prim.name)
        values = [self.value_of(t) for t in inputs]
        avals = [(v.shape, v.dtype) for v in values]
        try:
            out = prim.infer(avals, attrs)
        except DataDependentShape as e:
            raise graph_error("run %s, whose output shape depends on the input values (%s)"
                              % (prim.name, e.args[0] if e.args else prim.name),
                              "compute it outside construct, or use a fixed-shape form "
                              "(ops.select / ops.masked_fill with a mask)") from None
        multi = prim.nout != 1
        out_avals = list(out) if multi else [out]
        node = self.graph.add_node(
            prim, values, attrs, out_avals,
            tag=self.recompute_tags[-1] if self.recompute_tags else None,
            phase="bwd" if autodiff.in_backward() else "fwd",
            source=_checked_source(prim))
        outputs = tuple(SymbolicTensor.of(v) for v in node.outputs)
        if prim.writes:
            self._version_writes(prim, inputs, node)
        if prim.view is not None:
            self.record_views(prim, inputs, attrs, outputs)
        if autodiff.tapes and prim.bprop is not None:
            autodiff.record(prim, inputs, attrs, outputs)
        return outputs if multi else outputs[0]

    def _version_writes(self, prim, inputs, node):
        """``node`` wrote Parameters in place: from here on they name their new versions
        (reads before it keep naming the old ones), and their views (index, transpose,
        identity: shared memory eagerly) are rebound to views of the new version."""
        from mindcell.graph.passes.state import new_version
        for i in prim.writes:
            t = inputs[i]
            if not isinstance(t, Parameter):
                raise graph_error("write in place with %s into a %s that is not a Parameter"
                                  % (prim.name, type(t).__name__),
                                  "make it a Parameter, or compute the new value under a "
                                  "new name")
            self._params[id(t)] = new_version(self.graph, node.inputs[i], node)
            self._refresh_views(t, skip=None)

    def is_c_contiguous(self, t):
        """Whether ``t`` is C-contiguous eagerly, worked out from the view links (a view's
        layout from its base's, ``ViewRule.layout``) and the values' producers."""
        return self._layout(t).flags.c_contiguous

    def _layout(self, t):
        link = self._view_of.get(id(t))
        if link is not None and link[2].view.layout is not None:
            _, base, prim, attrs = link
            return prim.view.layout(self._layout(base), **attrs)
        if isinstance(t, SymbolicTensor):
            return self._value_layout(t._value, 0)
        return strided_layout(t.shape, t._np_dtype, t._data.strides)

    def _value_layout(self, v, depth):
        """A value's eager layout: an input's as the caller passed it, a node output's as the
        eager kernel makes it (views follow their input, BroadcastTo has zero strides,
        elementwise kernels keep the layout of same-shaped inputs that agree: numpy's K
        order; everything else is a new C-contiguous array)."""
        if v.kind == "input":
            self.layout_inputs.add(v.id)
            return strided_layout(v.shape, v.dtype, self.input_strides.get(v.id))
        if v.kind in ("param", "const"):
            data = v.param._data if v.kind == "param" else v.const
            return strided_layout(v.shape, v.dtype, data.strides)
        node = v.producer
        if node is None or depth > 64:
            return strided_layout(v.shape, v.dtype)
        prim, ins = node.prim, node.inputs
        if prim is broadcast_to_p:
            return np.broadcast_to(strided_layout(ins[0].shape, v.dtype), v.shape)
        rule = prim.view
        if rule is not None and rule.layout is not None and rule.applies(ins):
            base = self._value_layout(ins[0], depth + 1)
            if base.flags.c_contiguous or not rule.contiguous_only:
                return rule.layout(strided_layout(base.shape, v.dtype, base.strides),
                                   **node.attrs)
        elif prim.fusable:  # elementwise, Cast included
            shaped = [i for i in ins if i.shape != ()]
            orders = {_axis_order(self._value_layout(i, depth + 1)) for i in shaped}
            if len(orders) == 1 and all(i.shape == v.shape for i in shaped):
                perm = orders.pop()
                dense = strided_layout([v.shape[a] for a in perm], v.dtype)
                return np.transpose(dense, tuple(int(a) for a in np.argsort(perm)))
        return strided_layout(v.shape, v.dtype)

    def snapshot(self, t):
        """``t``'s current value as a separate tensor (later rebinds of ``t`` do not move it)."""
        return SymbolicTensor.of(self.value_of(t))

    alias = snapshot  # a traced value is never written in place: no copy either way

    def _assign(self, t, new):
        if isinstance(t, SymbolicTensor):
            t._value = new._value
        elif isinstance(t, Parameter):
            raise graph_error("write into a Parameter with x[index] = value, assign_value or "
                              "set_dtype", "use ops.assign(param, new_value) or "
                              "ops.scatter_nd_update; change a dtype outside construct")
        else:
            self._rebound[id(t)] = (t, new._value)

    def new_recompute_group(self):
        self._groups = getattr(self, "_groups", 0) + 1
        return self._groups

    def decide(self, cond):
        """``bool()`` of a traced tensor: replay a forced decision or stop at a new branch."""
        from mindcell.graph.symbolic import graph_error
        if cond.size != 1:  # ValueError, as eagerly and in MindSpore's graph mode
            raise ValueError(str(graph_error("use a tensor with %d elements as a bool"
                                             % cond.size, "reduce it first (ops.all / ops.any) "
                                             "or use ops.select")))
        if self.decide_by_value is not None:
            return self._decide_by_value(cond)
        k = len(self.conditions)
        self.conditions.append(cond)
        if k < len(self.forced):
            return self.forced[k]
        from mindcell.graph import rewrite
        rewrite.rewrite_loop_here()  # a while on a tensor: rewritten into a While node
        self.sites.add(rewrite.user_code()[0])
        raise _BranchPoint()

    def _decide_by_value(self, cond):
        from mindcell.graph.fallback import _NoValue, _evaluate
        try:
            return bool(_evaluate(self, cond._value))
        except _NoValue:
            raise self.decide_by_value from None

    def input_tensor(self, shape, dtype):
        return SymbolicTensor.of(self.graph.add_input(shape, dtype))

    def while_loop(self, cond_fn, body_fn, init_val):
        from mindcell.graph import loops
        return loops.while_loop(self, cond_fn, body_fn, init_val)

    def scan_loop(self, loop_func, init, xs):
        from mindcell.graph import scan
        return scan.scan_loop(loop_func, init, xs)

    def cond(self, pred, then_fn, else_fn, operands):
        from mindcell.graph import control
        return control.cond(self, pred, then_fn, else_fn, operands)


def _axis_order(layout):
    """The axes from the outermost (largest stride) in: a dense result of numpy's K order."""
    return tuple(sorted(range(layout.ndim), key=lambda k: -abs(layout.strides[k])))


def is_tracing():
    return isinstance(_trace.current(), GraphTrace)


def current_graph_trace():
    t = _trace.current()
    return t if isinstance(t, GraphTrace) else None


def _flatten(obj, leaves, keep=frozenset(), params_by_ref=False):
    """Structure of nested tuples/lists/dicts with tensors replaced by leaf indices; the
    containers whose ids are in ``keep`` stay themselves (constants), and so do Parameters
    with ``params_by_ref``."""
    if params_by_ref and isinstance(obj, Parameter):
        return ("C", obj)
    if isinstance(obj, Tensor):
        leaves.append(obj)
        return ("T", len(leaves) - 1)
    if keep and id(obj) in keep:
        return ("C", obj)
    if hasattr(type(obj), "_graph_flatten"):  # a structure of tensors (COOTensor, CSRTensor):
        # its tensors are leaves, its static part (hashable, compared by value) is in the kind
        static, tensors = obj._graph_flatten()
        return (("node", type(obj), static),
                tuple(_flatten(t, leaves, keep, params_by_ref) for t in tensors))
    if isinstance(obj, (tuple, list)):
        return (type(obj).__name__,
                tuple(_flatten(o, leaves, keep, params_by_ref) for o in obj))
    if isinstance(obj, dict):  # rebuilt per call too (unless kept): results never alias
        # the kind carries the keys so that the payload stays a tuple of subtrees
        return (("dict",) + tuple(obj),
                tuple(_flatten(v, leaves, keep, params_by_ref) for v in obj.values()))
    return ("C", obj)


_LAZY = (types.GeneratorType, map, filter, zip, enumerate, range)
_DICT_KEYS, _DICT_VALUES, _DICT_ITEMS = type({}.keys()), type({}.values()), type({}.items())
_VIEWS = (_DICT_KEYS, _DICT_VALUES, _DICT_ITEMS)


def _generators_as_lists(obj):
    """A result with its lazy iterables as MindSpore's graph compiler builds them (ms-oracle):
    a generator expression or ``filter(...)`` as a list, ``map(...)`` as a list over lists and
    a tuple otherwise, ``zip``/``enumerate`` as a tuple of tuples, ``range`` as a tuple (kept
    lazy they would be constants of the compiled graph, exhausted after the first call); numpy
    scalars as Python scalars; a dict's ``keys()`` and ``values()`` as tuples and ``items()`` as a
    list of (key, value) tuples, as MindSpore 2.10 returns them (not live views of the dict)."""
    if isinstance(obj, (_DICT_KEYS, _DICT_VALUES)):
        return tuple(_generators_as_lists(o) for o in obj)
    if isinstance(obj, _DICT_ITEMS):
        return [(k, _generators_as_lists(v)) for k, v in obj]
    if isinstance(obj, _LAZY):
        kind = list
        if isinstance(obj, (map, zip, enumerate, range)):
            kind = tuple
            if isinstance(obj, map):
                sources = obj.__reduce__()[1][1:]
                if sources and all(type(it).__name__ == "list_iterator" for it in sources):
                    kind = list
        items = [_generators_as_lists(o) for o in obj]
        return kind(items)
    if isinstance(obj, np.generic):  # a numpy scalar is a Python scalar of the graph
        return obj.item()
    if isinstance(obj, (tuple, list)) and any(isinstance(o, _LAZY + _VIEWS + (
            tuple, list, dict, np.generic)) for o in obj):
        items = [_generators_as_lists(o) for o in obj]
        return type(obj)(items) if type(obj) in (tuple, list) else obj
    if isinstance(obj, dict) and any(isinstance(v, _LAZY + _VIEWS) for v in obj.values()):
        return {k: _generators_as_lists(v) for k, v in obj.items()}
    return obj


def _unflatten(tree, leaves):
    kind, payload = tree
    if kind == "T":
        return leaves[payload]
    if kind == "C":
        return payload
    items = [_unflatten(t, leaves) for t in payload]
    if isinstance(kind, tuple) and kind[0] == "node":  # ("node", class, static)
        return kind[1]._graph_unflatten(kind[2], items)
    if isinstance(kind, tuple):  # a dict: ("dict", *keys)
        return dict(zip(kind[1:], items))
    if kind in _MUTABLE_KINDS:  # a mutable-marked sequence stays marked inside the graph
        return _MUTABLE_KINDS[kind](items)
    return tuple(items) if kind == "tuple" else items


def _mutable_kinds():
    from mindcell.common.mutable import MutableList, MutableTuple
    return {"MutableTuple": MutableTuple, "MutableList": MutableList}


_MUTABLE_KINDS = _mutable_kinds()


def trace(fn, args, kwargs, name="graph", gt=None):
    """Trace ``fn(*args, **kwargs)``: returns (graph, input tree, output tree).

    A tensor-dependent branch (``if`` on a traced tensor) is traced both ways by re-running
    ``fn`` with each decision forced; the paths' outputs are merged with ``select`` on the
    conditions (shared work is merged again by CSE). A ``while`` on a traced tensor (or an
    ``if`` whose branches have side effects) has its function rewritten into structured
    control flow (``graph.rewrite``) and the trace starts again. ``gt``: the trace to use
    (a control-flow region's).
    """
    from mindcell.graph.rewrite import (NeedsRewrite, installed, rewrite_for_attribute_error,
                                        rewrite_for_value_error)
    if gt is not None:  # a region: a rewrite restarts the outermost trace
        try:
            return _trace_paths(fn, args, kwargs, gt)
        except _DecideByValue as e:
            raise e.error from None
    from mindcell.graph.pyprint import print_as_graph_node
    with installed(), print_as_graph_node():  # rewritten code runs only during the trace
        for _ in range(MAX_REWRITES):
            try:
                return _trace_with_state(fn, args, kwargs, name)
            except NeedsRewrite:
                continue
            except AttributeError as e:  # d.has_key(k): rewritten, then traced again
                if not rewrite_for_attribute_error(e):
                    raise
            except ValueError as e:  # a, b = x.shape on 4-D x: the same
                if not rewrite_for_value_error(e):
                    raise
    raise RuntimeError("%s: tracing did not settle after %d source rewrites" % (name,
                                                                              MAX_REWRITES))


def _trace_with_state(fn, args, kwargs, name):
    """Trace; if construct wrote concrete tensors (``self.buf[0] = v``, a closure's tensor),
    trace again with those that outlive the trace as extra inputs (``Graph.state_tensors``):
    each call then reads their current values and writes their new ones back, instead of
    baking the first call's values in as constants. Tensors construct creates itself (fresh
    each call: ``y = ops.zeros(..); y[0] = v``) die with the first trace and stay constants."""
    gt = GraphTrace(name)
    try:
        result = _trace_paths(fn, args, kwargs, gt, True)
    except _DecideByValue as e:  # branches that cannot merge: decided by this call's values
        gt = GraphTrace(name)
        gt.decide_by_value = e.error
        result = _trace_paths(fn, args, kwargs, gt, True)
    if not gt.written_concrete:
        return result
    refs = [weakref.ref(t) for t in gt.written_concrete.values()]
    decide_by_value = gt.decide_by_value
    del gt, result  # drop the first trace's references: only pre-existing tensors stay alive
    state = [t for t in (r() for r in refs) if t is not None]
    gt = GraphTrace(name)
    gt.state_tensors, gt.decide_by_value = state, decide_by_value
    return _trace_paths(fn, args, kwargs, gt, True)


def _trace_paths(fn, args, kwargs, gt, params_by_ref=False):
    """_trace_body; a compiled call's trace (``params_by_ref``) journals the Python attributes
    construct writes, leaves them as they were and gives them to the graph as its effects."""
    if not params_by_ref:
        return _trace_body(fn, args, kwargs, gt, params_by_ref)
    gt.attr_journal, gt.path_attr_writes = AttrJournal(), []
    try:
        result = _trace_body(fn, args, kwargs, gt, params_by_ref)
        writes = gt.path_attr_writes
        if any(not same_writes(w, writes[0]) for w in writes[1:]):
            # the paths of a tensor-dependent branch write different values: the branch is
            # decided by this call's values (a call with others is traced again)
            from mindcell.graph.symbolic import graph_error
            names = sorted({"self." + e[1] for w in writes for e in w})
            raise _DecideByValue(graph_error(
                "write Python attributes (%s) differently on the paths of a "
                "tensor-dependent branch" % ", ".join(names),
                "write the attribute outside the branch, or keep the value in a tensor"))
        result[0].attr_effects = AttrEffects(writes[0] if writes else ())
        return result
    finally:
        gt.attr_journal.undo()


def _trace_body(fn, args, kwargs, gt, params_by_ref=False):
    """``params_by_ref`` (a compiled call's own trace, not a control-flow region's): a
    Parameter argument stays itself (a constant of the signature, see compile._signature), so
    the trace binds it by reference: GradOperation(get_by_list) takes it as 'weights' and an
    assign into it writes the Parameter, as MindSpore's Ref arguments do."""
    from mindcell.ops.grad import Retrace
    leaves = []
    in_tree = _flatten(list(args), leaves, params_by_ref=params_by_ref)
    sym = [gt.input_tensor(t.shape, t._np_dtype) for t in leaves]
    # eager layouts of non-C-contiguous arguments (whether a reshape of them is a view)
    gt.input_strides = {v.id: t._data.strides for v, t in zip(gt.graph.inputs, leaves)
                        if not isinstance(t, SymbolicTensor) and not t._data.flags.c_contiguous}
    for i, (v, t) in enumerate(zip(gt.graph.inputs, leaves)):
        if not isinstance(t, SymbolicTensor):  # a region's inputs have no values
            gt.concrete_inputs[v.id], gt.input_arrays[i] = ("arg", i), t._data
    for t in gt.state_tensors:  # the inputs after the arguments
        v = gt._state[id(t)] = gt.graph.add_input(t.shape, t._np_dtype)
        gt.concrete_inputs[v.id] = ("tensor", t)
        if not t._data.flags.c_contiguous:
            gt.input_strides[v.id] = t._data.strides
    sym_args = _unflatten(in_tree, sym)
    paths, pending, new_storage = [], [[]], set()
    while pending:
        gt.forced, gt.conditions = pending.pop(), []
        _start_path(gt, sym)
        started = len(gt.graph.nodes)
        _trace.push(gt)
        try:
            out = _generators_as_lists(fn(*sym_args, **kwargs))
        except Retrace:  # a gradient asked to record a call of a cell: this path again,
            del gt.graph.nodes[started:]  # without the nodes of this attempt (its draws and
            pending.append(gt.forced)     # writes would run too)
            continue
        except _BranchPoint:
            if len(paths) + len(pending) + 2 > MAX_PATHS:
                # too many paths to trace them all (an `if` on a tensor in a 100-step loop,
                # MindSpore's static-graph tutorial): the branches are decided by this call's
                # values instead, the compiled graph guarded on them (a call with other
                # values is traced again); the error stands where values are unknown
                from mindcell.graph.symbolic import graph_error
                raise _DecideByValue(graph_error(
                    "follow more than %d paths of tensor-dependent control flow" % MAX_PATHS,
                    "a while loop on a tensor cannot be unrolled: bound it with a Python "
                    "range, or use ops.select for data-dependent choices")) from None
            pending.extend([gt.forced + [False], gt.forced + [True]])
            continue
        finally:
            _trace.pop(gt)
        if gt.conditions:  # this path's values of the tensors it wrote, not the last path's
            out = _path_values(gt, out)
        finals = [SymbolicTensor.of(s._value) for s in sym]
        finals += [SymbolicTensor.of(gt.value_of(t)) for t in gt.state_tensors]
        paths.append((list(zip(gt.conditions, gt.forced)), (out, finals)))
        if gt.attr_journal is not None:
            gt.path_attr_writes.append(gt.attr_journal.snapshot())
        new_storage.update(i for i, s in enumerate(sym + gt.state_tensors)
                           if id(s) in gt.new_storage)
        gt.written_concrete.update((k, t) for k, (t, _) in gt._rebound.items()
                                   if k not in gt._state)
    written = _written_inputs(gt.graph, paths)
    paths = [(d, (out, [finals[i] for i in written])) for d, (out, finals) in paths]
    out_leaves = []
    keep = _long_lived(paths[0][1][0])
    out_tree = _flatten(paths[0][1], out_leaves, keep)
    if len(paths) > 1:
        try:
            out_leaves = _merge_paths(gt, paths, out_tree, keep)
        except _CannotMerge as e:
            raise _DecideByValue(e.error) from None
    gt.graph.outputs = [gt.value_of(t) for t in out_leaves]
    gt.graph.written_inputs = tuple(written)
    gt.graph.new_storage_inputs = frozenset(new_storage.intersection(written))
    gt.graph.state_tensors = tuple(gt.state_tensors)
    gt.graph.value_guards = Guards(gt.value_guards.values())
    # the inputs whose layout the trace relied on (None: C-contiguous; else strides)
    gt.graph.input_layouts = {i: gt.input_strides.get(v.id)
                              for i, v in enumerate(gt.graph.inputs) if v.id in gt.layout_inputs}
    return gt.graph, in_tree, out_tree[1][0]  # (out, written finals): the user's tree first


def _start_path(gt, sym):
    """Each path is traced from the inputs as the caller passed them: writes (x[i] = v) and
    view links made by the previous path are forgotten."""
    for s, v in zip(sym, gt.graph.inputs):
        s._value = v
    gt._params = {id(v.param): v for v in gt.graph.params}  # and parameters unwritten
    gt._rebound = {}
    if gt.attr_journal is not None:  # and the Python attributes the previous path wrote
        gt.attr_journal.undo()
    gt._init_views()
    gt.forward_calls = {}


def _written_inputs(graph, paths):
    """Indices of the inputs some path rebound (a write in construct, through any view)."""
    n = len(paths[0][1][1])  # a control-flow region's captured values come after them
    return [i for i, v in enumerate(graph.inputs[:n])
            if any(finals[i]._value is not v for _, (_, finals) in paths)]


def _path_values(gt, obj):
    """``obj`` with each concrete tensor a path wrote into (``flags = ops.zeros_like(x)``, a
    constant, then ``flags[0] = v`` under a tensor ``if``) replaced by its value at the end of
    this path: the tensor object is shared by all the paths, and the merge would otherwise
    read the last traced path's value for every path. Containers are rebuilt only where a
    tensor in them was replaced."""
    if isinstance(obj, Tensor):
        if not isinstance(obj, SymbolicTensor) and id(obj) in gt._rebound:
            return gt.snapshot(obj)
        return obj
    if isinstance(obj, (tuple, list)):
        items = [_path_values(gt, o) for o in obj]
        if all(a is b for a, b in zip(items, obj)):
            return obj
        return type(obj)(items) if isinstance(obj, list) or type(obj) is tuple \
            else type(obj)(*items)
    if isinstance(obj, dict):
        items = {k: _path_values(gt, v) for k, v in obj.items()}
        return obj if all(items[k] is obj[k] for k in obj) else items
    return obj


def _long_lived(out):
    """ids of the tensor-free lists and dicts in ``out`` that a dict outside it (a module's
    globals, an object's attributes) or a closure cell also holds: construct returns them
    themselves, as MindSpore keeps a global's identity; lists construct builds are rebuilt
    for each call, so changing one result never changes the next."""
    import gc
    import types
    found, inside = [], set()

    def walk(o):
        if isinstance(o, (list, tuple, dict)):
            inside.add(id(o))
            items = list(o.values()) if isinstance(o, dict) else o
            if isinstance(o, (list, dict)) and not _holds_tensor(items):
                found.append(o)
            for x in items:
                walk(x)
    walk(out)
    if found:
        gc.collect()  # a dict in uncollected garbage (a rewritten loop's locals()) is no holder
    keep = set()
    for o in found:
        for r in gc.get_referrers(o):
            if isinstance(r, types.CellType) or (isinstance(r, dict) and id(r) not in inside):
                keep.add(id(o))
                break
    return frozenset(keep)


def _holds_tensor(items):
    for x in items:
        if isinstance(x, Tensor):
            return True
        if isinstance(x, (list, tuple, dict)) and \
                _holds_tensor(x.values() if isinstance(x, dict) else x):
            return True
    return False


def _merge_paths(gt, paths, out_tree, keep=frozenset()):
    from mindcell.graph.symbolic import graph_error
    if any(n.prim.has_side_effect for n in gt.graph.nodes):
        from mindcell.graph.rewrite import NeedsRewrite, rewrite_function
        if any([rewrite_function(code) for code in gt.sites if code is not None]):
            raise NeedsRewrite()  # the ifs become If nodes whose branches keep their effects
        raise _CannotMerge("combine tensor-dependent branches with side effects (Assign, "
                           "optimizer updates, random ops, Print)",
                           "move the side effect out of the branch, or use ops.select")
    flat = []
    for _, out in paths:
        leaves = []
        if _flatten(out, leaves, keep) != out_tree or \
                len(leaves) != len(flat[0] if flat else leaves):
            raise _CannotMerge("merge branches that return different structures",
                              "return the same tensors (same shapes and dtypes) from both "
                              "branches of the tensor-dependent if")
        flat.append(leaves)
    _trace.push(gt)
    try:
        return _select_tree([(decisions, leaves) for (decisions, _), leaves
                             in zip(paths, flat)], 0)
    finally:
        _trace.pop(gt)


def _select_tree(paths, depth):
    from mindcell.graph.symbolic import graph_error
    from mindcell.ops import functional as F
    if len(paths) == 1:
        return paths[0][1]
    cond = paths[0][0][depth][0]
    taken = _select_tree([p for p in paths if p[0][depth][1]], depth + 1)
    other = _select_tree([p for p in paths if not p[0][depth][1]], depth + 1)
    if cond.dtype.name != "Bool":
        cond = F.not_equal(cond, 0)
    cond = F.reshape(cond, ())
    merged = []
    for a, b in zip(taken, other):
        if a.shape != b.shape or a.dtype != b.dtype:
            raise _CannotMerge("merge branches whose results differ in shape or dtype (%s %s "
                               "vs %s %s)" % (a.shape, a.dtype, b.shape, b.dtype),
                               "make both branches return tensors of the same shape and dtype")
        merged.append(F.select(cond, a, b))
    return merged


__all__ = ["GraphTrace", "trace", "is_tracing", "user_frame", "_unflatten"]



def _checked_source(prim):
    """The public op the user called, for a node whose kernel validates values at run time."""
    if not prim.checks_values:
        return None
    from mindcell.ops._errors import public_name
    return public_name(None)
