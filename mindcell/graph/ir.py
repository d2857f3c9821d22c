"""The IR: a Graph of Nodes over Values. One node per primitive call; values are SSA.

``print(graph)`` shows one node per line with shapes and dtypes; ``graph.verify()`` checks
that every value is defined before use and that node outputs match their avals.
"""
import itertools
import math

import numpy as np

_ids = itertools.count()


class Value:
    """An SSA value: a graph input, a parameter, a constant, or a node output."""

    __slots__ = ("id", "shape", "dtype", "kind", "const", "param", "producer")

    def __init__(self, shape, dtype, kind="node", const=None, param=None, producer=None):
        self.id = next(_ids)
        self.shape = tuple(shape)
        self.dtype = np.dtype(dtype)
        self.kind = kind  # "input" | "param" | "const" | "node"
        self.const = const
        self.param = param
        self.producer = producer

    @property
    def nbytes(self):
        return math.prod(self.shape) * self.dtype.itemsize

    def __repr__(self):
        return "%%%d" % self.id


class Node:
    """One primitive call. ``tag`` marks a recompute group, ``phase`` 'fwd' or 'bwd'."""

    __slots__ = ("id", "prim", "inputs", "attrs", "outputs", "tag", "phase", "source")

    def __init__(self, prim, inputs, attrs, out_avals, tag=None, phase="fwd", source=None):
        self.id = next(_ids)
        self.prim = prim
        self.inputs = list(inputs)
        self.attrs = dict(attrs)
        self.outputs = [Value(s, d, producer=self) for s, d in out_avals]
        self.tag = tag
        self.phase = phase
        self.source = source

    @property
    def name(self):
        return self.prim.name

    def __repr__(self):
        return "Node(%s)" % self.prim.name


def _fmt_attr(v):
    if isinstance(v, Graph):
        return "{%s}" % v.name
    if isinstance(v, np.dtype):
        return str(v)
    if callable(v) or hasattr(v, "__dict__"):
        return "<%s>" % type(v).__name__
    return repr(v)


class Graph:
    """inputs (positional tensors), params (bound by reference), nodes, outputs."""

    def __init__(self, name="graph"):
        self.name = name
        self.inputs = []
        self.params = []
        self.consts = []
        self.nodes = []
        self.outputs = []
        # construct wrote these inputs (x[i] = v): their final values are the last outputs,
        # copied back into the caller's tensors after each run (as PYNATIVE writes in place)
        self.written_inputs = ()
        self.new_storage_inputs = frozenset()  # of those, given new storage (assign_value ...)
        # tensors that are not arguments but construct writes (self.buf[0] = v, a closure's
        # tensor): the inputs after the arguments, passed by the compiled function each call
        self.state_tensors = ()
        # {input index: strides or None (C-contiguous)}: layouts the trace relied on (whether
        # a reshape of the input is a view); a call with another layout must not reuse it
        self.input_layouts = {}
        # set by protect_overwritten_values: verify() then checks that in-place writes of
        # parameters keep program order (passes/state.py)
        self.state_ordered = False
        # a control-flow region's: ids of the Parameters it writes in place (graph.control)
        self.written_params = frozenset()

    def add_input(self, shape, dtype):
        v = Value(shape, dtype, kind="input")
        self.inputs.append(v)
        return v

    def add_param(self, param):
        v = Value(param.shape, param._data.dtype, kind="param", param=param)
        self.params.append(v)
        return v

    def add_const(self, array):
        v = Value(array.shape, array.dtype, kind="const", const=array)
        self.consts.append(v)
        return v

    def add_node(self, prim, inputs, attrs, out_avals, **kw):
        node = Node(prim, inputs, attrs, out_avals, **kw)
        self.nodes.append(node)
        return node

    # ----- inspection -------------------------------------------------------------------
    def __str__(self):
        lines = ["graph %s(%s) {" % (self.name, ", ".join(
            "%r: %s %s" % (v, v.shape, v.dtype) for v in self.inputs))]
        for v in self.params:
            lines.append("  %r = param %s : %s %s" % (v, v.param.name, v.shape, v.dtype))
        for v in self.consts:
            text = np.array2string(v.const, threshold=4) if v.const.size <= 4 else "..."
            lines.append("  %r = const %s : %s %s" % (v, text, v.shape, v.dtype))
        for n in self.nodes:
            outs = ", ".join("%r" % o for o in n.outputs)
            types = ", ".join("%s %s" % (o.shape, o.dtype) for o in n.outputs)
            attrs = ", ".join("%s=%s" % (k, _fmt_attr(v)) for k, v in n.attrs.items())
            flags = "".join([" [bwd]" if n.phase == "bwd" else "",
                             " [recompute]" if n.tag is not None else ""])
            lines.append("  %s = %s(%s)%s : %s%s" % (
                outs, n.prim.name, ", ".join(repr(i) for i in n.inputs),
                "{%s}" % attrs if attrs else "", types, flags))
            for sub in n.attrs.values():  # a structured node's regions (While, If)
                if isinstance(sub, Graph):
                    lines.extend("    " + line for line in str(sub).splitlines())
        lines.append("  return %s" % ", ".join(repr(o) for o in self.outputs))
        if self.state_tensors:
            lines.append("  inputs %d.. are tensors construct writes (not arguments)"
                         % (len(self.inputs) - len(self.state_tensors)))
        if self.written_inputs:
            lines.append("  writes back inputs %s (the last %d outputs)"
                         % (list(self.written_inputs), len(self.written_inputs)))
        lines.append("}")
        return "\n".join(lines)

    def node_count(self):
        return len(self.nodes)

    def verify(self):
        """Raise AssertionError if a value is used before it is defined, or twice defined."""
        defined = set()
        for v in self.inputs + self.params + self.consts:
            assert v.id not in defined, "value %r defined twice" % v
            defined.add(v.id)
        for n in self.nodes:
            for v in n.inputs:
                assert v.id in defined, "%s uses %r before it is defined" % (n.prim.name, v)
            check = getattr(n.prim, "check_node", None)  # structured nodes check their regions
            if check is not None:
                check(n)
            for o in n.outputs:
                assert o.id not in defined, "value %r defined twice" % o
                assert o.producer is n, "value %r has the wrong producer" % o
                defined.add(o.id)
        for v in self.outputs:
            assert v.id in defined, "output %r is not defined" % v
        if self.state_ordered:  # no read of a parameter's old version after its overwrite
            from mindcell.graph.passes.state import state_hazards
            hazards = state_hazards(self)
            assert not hazards, "%r is read after %s overwrote it" % (
                hazards[0][1], self.nodes[hazards[0][0]].prim.name)
        return True

    def users(self):
        """{value id: [nodes using it]}."""
        uses = {}
        for n in self.nodes:
            for v in n.inputs:
                uses.setdefault(v.id, []).append(n)
        return uses
