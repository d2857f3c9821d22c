"""GraphTrace: while active, ``Prim.bind`` appends nodes to a Graph and returns symbolic
tensors. Parameters become inputs bound by reference; other concrete tensors constants."""
from mindcell._core import autodiff, trace as _trace
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.graph.ir import Graph
from mindcell.graph.symbolic import SymbolicTensor, user_frame


class GraphTrace:
    def __init__(self, name="graph"):
        self.graph = Graph(name)
        self._params = {}  # id(Parameter) -> Value
        self._consts = {}  # id(Tensor) -> (Tensor, Value)
        self.recompute_tags = []  # stack of recompute group ids
        self.backward_depth = 0

    def value_of(self, t):
        if isinstance(t, SymbolicTensor):
            return t._value
        if isinstance(t, Parameter):
            v = self._params.get(id(t))
            if v is None:
                v = self._params[id(t)] = self.graph.add_param(t)
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
        out = prim.infer(avals, attrs)
        multi = prim.nout != 1
        out_avals = list(out) if multi else [out]
        node = self.graph.add_node(
            prim, values, attrs, out_avals,
            tag=self.recompute_tags[-1] if self.recompute_tags else None,
            phase="bwd" if autodiff.in_backward() else "fwd",
            source=None)
        outputs = tuple(SymbolicTensor.of(v) for v in node.outputs)
        if autodiff.tapes and prim.bprop is not None:
            autodiff.record(prim, inputs, attrs, outputs)
        return outputs if multi else outputs[0]

    def input_tensor(self, shape, dtype):
        return SymbolicTensor.of(self.graph.add_input(shape, dtype))


def is_tracing():
    return isinstance(_trace.current(), GraphTrace)


def current_graph_trace():
    t = _trace.current()
    return t if isinstance(t, GraphTrace) else None


def _flatten(obj, leaves):
    """Structure of nested tuples/lists/dicts with tensors replaced by leaf indices."""
    if isinstance(obj, Tensor):
        leaves.append(obj)
        return ("T", len(leaves) - 1)
    if isinstance(obj, (tuple, list)):
        return (type(obj).__name__, tuple(_flatten(o, leaves) for o in obj))
    return ("C", obj)


def _unflatten(tree, leaves):
    kind, payload = tree
    if kind == "T":
        return leaves[payload]
    if kind == "C":
        return payload
    items = [_unflatten(t, leaves) for t in payload]
    return tuple(items) if kind == "tuple" else items


def trace(fn, args, kwargs, name="graph"):
    """Trace ``fn(*args, **kwargs)``: returns (graph, input tree, output tree)."""
    gt = GraphTrace(name)
    leaves = []
    in_tree = _flatten(list(args), leaves)
    sym = [gt.input_tensor(t.shape, t._data.dtype) for t in leaves]
    sym_args = _unflatten(in_tree, sym)
    _trace.push(gt)
    try:
        out = fn(*sym_args, **kwargs)
    finally:
        _trace.pop(gt)
    out_leaves = []
    out_tree = _flatten(out, out_leaves)
    gt.graph.outputs = [gt.value_of(t) for t in out_leaves]
    return gt.graph, in_tree, out_tree


__all__ = ["GraphTrace", "trace", "is_tracing", "user_frame", "_unflatten"]
