"""Structured control flow: ``While`` and ``If`` nodes whose bodies are ordinary Graphs
(regions). A region is traced on its own; tensors it uses from the enclosing trace (traced
values, Parameters) are *captured*: they become extra region inputs and operands of the node,
so gradients reach them and a Parameter assigned in a branch is the real one. The executor
runs the node as one Python step that runs the regions' compiled programs.

Entry points: ``GraphTrace.cond`` (here) and ``GraphTrace.while_loop`` (``graph.loops``);
``ops.WhileLoop``, ``ops.ForiLoop`` and construct's rewritten statements reach them."""
import threading

import numpy as np

from mindcell import dtype as mstype
from mindcell._core import autodiff, trace as _trace
from mindcell._core.backward import backward, zeros_like
from mindcell._core.primitive import Prim
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.graph.symbolic import SymbolicTensor, graph_error
from mindcell.graph.tracer import GraphTrace, _flatten, _unflatten, trace


class RegionTrace(GraphTrace):
    """Traces a loop condition, loop body or branch into its own Graph, capturing what it uses
    from the enclosing trace (``captured``: the outer tensors, in region-input order after the
    region's own arguments)."""

    def __init__(self, outer, name):
        super().__init__(name)
        self.outer = outer
        self.captured = []
        self._captures = {}  # id(outer tensor) -> region input Value
        self._own = set()  # ids of the values of this region's graph

    def input_tensor(self, shape, dtype):
        t = super().input_tensor(shape, dtype)
        self._own.add(t._value.id)
        return t

    def value_of(self, t):
        if isinstance(t, SymbolicTensor):
            return t._value if t._value.id in self._own else self._capture(t)
        if isinstance(t, Parameter) and id(t) in self._params:
            return self._params[id(t)]  # its version after this region's latest write
        if id(t) not in self._rebound and (isinstance(t, Parameter) or self._outer_rebound(t)):
            return self._capture(t)
        v = super().value_of(t)
        self._own.add(v.id)
        return v

    def process(self, prim, inputs, attrs):
        first = len(self.graph.nodes)  # a write adds an UpdateState after the op's node
        out = super().process(prim, inputs, attrs)
        self._own.update(o.id for n in self.graph.nodes[first:] for o in n.outputs)
        return out

    def _capture(self, t):
        v = self._captures.get(id(t))
        if v is None:
            v = self._captures[id(t)] = self.graph.add_input(t.shape, t._np_dtype)
            self._own.add(v.id)
            self.captured.append(t)
        return v

    def _outer_rebound(self, t):
        tr = self.outer
        while tr is not None:
            if id(t) in tr._rebound:
                return True
            tr = getattr(tr, "outer", None)
        return False

    def _assign(self, t, new):
        if not isinstance(t, Parameter) and not (isinstance(t, SymbolicTensor)
                                                 and t._value.id in self._own):
            raise graph_error("write in place (x[i] = v) into a tensor from outside a "
                              "tensor-dependent loop or branch",
                              "compute the new value and carry it out of the loop (assign it "
                              "to the name: x = ops.tensor_scatter_elements(...) / ops.select)")
        super()._assign(t, new)


def trace_region(outer, fn, args, name):
    """``(graph, captured outer tensors, output tree)`` of ``fn(*args)`` traced as a region.
    The enclosing tapes are set aside meanwhile: the region's ops are recorded only through
    the structured node built from it."""
    rt = RegionTrace(outer, name)
    tapes = autodiff._state.tapes
    saved = tapes[:]
    del tapes[:]
    try:
        graph, _, out_tree = trace(fn, args, {}, name, gt=rt)
    finally:
        tapes[:] = saved
    if graph.written_inputs:
        raise graph_error("write in place (x[i] = v) into a value carried into a "
                          "tensor-dependent loop or branch",
                          "compute the new value under a new name and return it")
    # a write into a captured Parameter is versioned in the region as outside (``_params``
    # holds exactly the written ones: reads capture); the node then writes it outside
    graph.written_params = frozenset(rt._params)
    return graph, rt.captured, out_tree


def _writes(inputs, *regions):
    """The operand positions of the Parameters the regions write in place (one per
    Parameter): the node writes them, so the enclosing trace versions them after it."""
    written = frozenset().union(*(g.written_params for g in regions))
    seen, writes = set(), []
    for i, t in enumerate(inputs):
        if isinstance(t, Parameter) and id(t) in written and id(t) not in seen:
            seen.add(id(t))
            writes.append(i)
    return tuple(writes)


class ControlPrim(Prim):
    """The primitive of one structured node (its outputs vary per node; never registered)."""

    def __init__(self, name, impl, bprop, out_avals, effect, writes=(), rebuild=None):
        super().__init__(name, impl, infer=self._infer, bprop=bprop, nout=len(out_avals),
                         has_side_effect=effect or bool(writes), writes=writes)
        self.out_avals = list(out_avals)
        self.rebuild = rebuild  # (trace, inputs, **attrs) -> outputs: how replay adds the node

    def _infer(self, *avals, **attrs):
        return tuple(self.out_avals) if self.nout != 1 else self.out_avals[0]

    def check_node(self, node):
        """verify(): the regions' input and output counts fit the node."""
        for key, g in node.attrs.items():
            if key in ("cond", "body", "then", "else_"):
                g.verify()
        a = node.attrs
        if self.name == "WhileGrad":
            return
        if self.name == "While":
            n = a["n_carry"]
            assert len(a["body"].outputs) == n, "While: body returns %d values for %d carried" \
                % (len(a["body"].outputs), n)
            assert len(a["cond"].outputs) == 1, "While: the condition returns one value"
            assert len(node.inputs) == len(a["cond"].inputs) + len(a["body"].inputs) - n
        else:
            assert len(node.inputs) == 1 + len(a["then"].inputs) + len(a["else_"].inputs) \
                - a["n_ops"], "If: operand count"
            assert len(a["then"].outputs) == len(a["else_"].outputs), "If: branch outputs"


def _has_effect(graph):
    return any(n.prim.has_side_effect for n in graph.nodes)


_compile_lock = threading.Lock()


def program(graph):
    """The compiled program of a region (optimised and lowered on first run)."""
    prog = getattr(graph, "program", None)
    if prog is None:
        from mindcell.graph.compile import CompileReport, optimize
        from mindcell.graph.executor import Program
        with _compile_lock:
            prog = getattr(graph, "program", None)
            if prog is None:
                optimize(graph, CompileReport(graph.name))
                prog = graph.program = Program(graph)
    return prog


def _results(outs, arrays, nout, token):
    """A node's result arrays: never one of its input arrays (the caller's storage)."""
    outs = [o.copy() if any(o is a for a in arrays) else o for o in outs]
    if token:
        return np.zeros((), np.bool_)
    return outs[0] if nout == 1 else tuple(outs)


def as_bool_tensor(c, what):
    from mindcell.ops import functional as F
    if isinstance(c, (bool, np.bool_)):
        return Tensor._make(np.asarray(bool(c)))
    if not isinstance(c, Tensor) or c.size != 1:
        raise graph_error("use %r as a %s" % (c, what),
                          "a one-element tensor or a Python bool")
    if c._np_dtype != np.bool_:
        c = F.not_equal(c, 0)
    return F.reshape(c, ())


# ----- If ----------------------------------------------------------------------------------
def _run_if(pred, *arrays, then, else_, n_ops, n_then, token):
    ops_ = list(arrays[:n_ops])
    if pred:
        graph, caps = then, arrays[n_ops:n_ops + n_then]
    else:
        graph, caps = else_, arrays[n_ops + n_then:]
    outs = program(graph).run(ops_ + list(caps))
    return _results(outs, arrays, len(outs), token)


def cond(gt, pred, then_fn, else_fn, operands):
    """``then_fn(*operands)`` or ``else_fn(*operands)``: a Python choice when ``pred`` is not a
    traced tensor, else one If node whose branches are regions."""
    if not isinstance(pred, SymbolicTensor):
        return then_fn(*operands) if pred else else_fn(*operands)
    pred = as_bool_tensor(pred, "branch condition")
    operands = list(operands)
    leaves = []
    _flatten(operands, leaves)
    then, then_caps, tree = trace_region(gt, lambda ops: then_fn(*ops), (operands,), "if_then")
    else_, else_caps, etree = trace_region(gt, lambda ops: else_fn(*ops), (operands,),
                                           "if_else")
    plan = _merge_plan(tree, etree, then.outputs, else_.outputs, ())
    if plan:  # Python numbers that differ between the branches: both return tensors
        then, then_caps, tree = trace_region(
            gt, lambda ops: _tensorize(then_fn(*ops), plan, ()), (operands,), "if_then")
        else_, else_caps, etree = trace_region(
            gt, lambda ops: _tensorize(else_fn(*ops), plan, ()), (operands,), "if_else")
    if tree != etree:
        raise graph_error("merge branches of a tensor-dependent if that return different "
                          "structures or Python values",
                          "return the same tensors (same shapes and dtypes) from both branches")
    for a, b in zip(then.outputs, else_.outputs):
        if a.shape != b.shape or a.dtype != b.dtype:
            raise graph_error("merge branches whose results differ in shape or dtype (%s %s vs "
                              "%s %s)" % (a.shape, a.dtype, b.shape, b.dtype),
                              "make both branches return tensors of the same shape and dtype")
    avals = [(v.shape, v.dtype) for v in then.outputs]
    token = not avals  # a node has at least one output
    operands = [pred] + leaves + then_caps + else_caps
    prim = ControlPrim("If", _run_if, _if_bprop, avals or [((), np.dtype(np.bool_))],
                       _has_effect(then) or _has_effect(else_), _writes(operands, then, else_))
    outs = gt.process(prim, operands,
                      dict(then=then, else_=else_, n_ops=len(leaves), n_then=len(then_caps),
                           token=token))
    outs = [] if token else (list(outs) if len(avals) != 1 else [outs])
    return _unflatten(tree, outs)


def _merge_plan(a, b, outs_a, outs_b, path):
    """{path in the result: dtype} of the Python numbers (bool, int, float) that one branch
    returns where the other returns another number or a tensor; None if the structures
    differ otherwise (reported by the caller)."""
    if a == b or a[0] == b[0] == "T":
        return {}
    if a[0] == b[0] and a[0] in ("tuple", "list") and len(a[1]) == len(b[1]):
        plan = {}
        for i, (x, y) in enumerate(zip(a[1], b[1])):
            sub = _merge_plan(x, y, outs_a, outs_b, path + (i,))
            if sub is None:
                return None
            plan.update(sub)
        return plan
    kinds = [type(p) if k == "C" else outs[p].dtype
             for (k, p), outs in ((a, outs_a), (b, outs_b))]
    if not all(isinstance(t, np.dtype) or t in (bool, int, float) for t in kinds):
        return None
    tensors = [t for t in kinds if isinstance(t, np.dtype)]
    return {path: tensors[0] if tensors else np.dtype(
        np.float32 if float in kinds else np.int64 if int in kinds else np.bool_)}


def _tensorize(obj, plan, path):
    if path in plan:
        return obj if isinstance(obj, Tensor) else Tensor._make(np.asarray(obj, plan[path]))
    if isinstance(obj, (tuple, list)) and any(p[:len(path)] == path for p in plan):
        return type(obj)(_tensorize(o, plan, path + (i,)) for i, o in enumerate(obj))
    return obj


def _if_bprop(pred, *inputs, out, dout, then, else_, n_ops, n_then, token):
    """Gradients of an If: an If of the branches' backward regions (each replays its branch
    under a tape and walks it back; the other branch's captures get zeros)."""
    if _has_effect(then) or _has_effect(else_):
        raise graph_error("differentiate a tensor-dependent if whose branches have side "
                          "effects (assignments, optimizer updates, random ops)",
                          "take gradients outside the branch, or move the side effect out")
    douts = list(dout) if isinstance(dout, tuple) else [dout]
    floats = [mstype.is_float_np(t._np_dtype) for t in inputs]
    n_caps = len(inputs) - n_ops

    def branch(graph, lo, hi):
        def fn(*args):
            ins, ds = list(args[:len(inputs)]), list(args[len(inputs):])
            region_ins = ins[:n_ops] + ins[n_ops + lo:n_ops + hi]
            grads = dict(zip(list(range(n_ops)) + list(range(n_ops + lo, n_ops + hi)),
                             vjp_graph(graph, region_ins, ds)))
            return [grads.get(i) if grads.get(i) is not None else zeros_like(ins[i])
                    for i in range(len(ins)) if floats[i]]
        return fn

    operands = list(inputs) + douts
    grads = iter(_trace.current().cond(pred, branch(then, 0, n_then),
                                       branch(else_, n_then, n_caps), operands))
    return (None,) + tuple(next(grads) if f else None for f in floats)


def replay(graph, inputs):
    """Bind ``graph``'s nodes again on ``inputs`` in the current trace (recorded by tapes);
    returns its output tensors."""
    env = {v.id: t for v, t in zip(graph.inputs, inputs)}
    env.update((v.id, Tensor._make(v.const)) for v in graph.consts)
    env.update((v.id, v.param) for v in graph.params)
    for n in graph.nodes:
        ins = [env[v.id] for v in n.inputs]
        rebuild = getattr(n.prim, "rebuild", None)  # a While: records for its own backward
        if rebuild is not None:
            outs = rebuild(_trace.current(), ins, **n.attrs)
        else:
            outs = n.prim.bind(*ins, **n.attrs)
            outs = outs if n.prim.nout != 1 else (outs,)
        for v, t in zip(n.outputs, outs):
            env[v.id] = t
    return [env[v.id] for v in graph.outputs]


def vjp_graph(graph, inputs, douts):
    """Gradients of ``sum(graph(inputs) * douts)`` for each input (None where none flows)."""
    trace_ = _trace.current()
    ins = [trace_.alias(t) for t in inputs]
    tape = autodiff.Tape()
    for t in ins:
        tape.track(t)
    tapes = autodiff._state.tapes
    tapes.append(tape)
    try:
        outs = replay(graph, ins)
    finally:
        tapes.remove(tape)
    pairs = [(o, d) for o, d in zip(outs, douts) if d is not None]
    grads = backward(tape, [o for o, _ in pairs], [d for _, d in pairs])
    return [grads.get(id(t)) for t in ins]
