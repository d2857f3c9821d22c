"""JIT Fallback: Python reading a traced tensor's value (``int(x)``, ``float(x)``,
``x.asnumpy()``, ``x.item()``, ``x.tolist()``) inside construct.

MindSpore runs such code on the call's values (at compile time for constants, at run time
otherwise). mindcell computes the value while tracing from the call's actual inputs (the
nodes producing it run on their kernels) and *guards* the compiled graph on the values it
read: every input, parameter or written tensor the value came from is recorded with its bytes
(``Graph.value_guards``), and a later call whose guarded values differ is traced again for
them (``jit.compile_for``), so no value of a previous call is ever baked in. A value that
cannot be computed while tracing (a random op, an input of a loop body or branch region, an
in-place write) raises :class:`GraphModeError` naming the line."""
import numpy as np

from mindcell.graph.symbolic import graph_error

INSTEAD = ("keep the computation in tensors (ops.select / ops.where for choices, ops.maximum "
           "for bounds), or pass the number as a Python argument, or run this cell in "
           "PYNATIVE_MODE")


class _NoValue(Exception):
    """The value cannot be computed while tracing (args[0]: why)."""


def read_value(t, what):
    """The numpy value of traced tensor ``t`` for this call (a fresh array), recording the
    guards it depends on; raises GraphModeError (``what`` names the Python read) when it
    cannot be computed."""
    from mindcell.graph.tracer import current_graph_trace
    gt = current_graph_trace()
    try:
        if gt is None:
            raise _NoValue("no graph trace is active")
        return np.array(_evaluate(gt, t._value))
    except _NoValue as e:
        raise graph_error("%s: its value %s" % (what, e.args[0]), INSTEAD) from None


def readable(t):
    """Whether ``read_value(t)`` would succeed (a failed try may leave guards on the inputs it
    read: at worst an extra trace, never a wrong value)."""
    from mindcell.graph.tracer import current_graph_trace
    gt = current_graph_trace()
    if gt is None:
        return False
    try:
        _evaluate(gt, t._value)
    except _NoValue:
        return False
    return True


def _evaluate(gt, value):
    """``value``'s array, computing the producers it needs (iteratively: chains are long)."""
    memo = gt.fallback_memo
    stack = [value]
    while stack:
        v = stack[-1]
        if v.id in memo:
            stack.pop()
            continue
        if v.kind != "node":
            memo[v.id] = _leaf(gt, v)
            stack.pop()
            continue
        node = v.producer
        todo = [i for i in node.inputs if i.id not in memo]
        if todo:
            stack.extend(todo)
            continue
        _check_computable(node)
        out = node.prim.compute([memo[i.id] for i in node.inputs], node.attrs)
        outs = out if node.prim.nout != 1 else (out,)
        for o, arr in zip(node.outputs, outs):
            memo[o.id] = np.asarray(arr)
        stack.pop()
    return memo[value.id]


def _check_computable(node):
    if node.prim.has_side_effect:
        raise _NoValue("comes from %s, which has a side effect (a random draw or an in-place "
                       "write) that cannot run while tracing" % node.prim.name)
    if node.prim.impl is None or any(type(a).__name__ == "Graph" for a in node.attrs.values()):
        raise _NoValue("comes from %s (structured control flow), which only runs in the "
                       "compiled graph" % node.prim.name)


def _leaf(gt, v):
    """An input, parameter or constant's array; inputs and parameters become guards."""
    if v.kind == "const":
        return v.const
    if v.kind == "param":
        source, data = ("tensor", v.param), v.param._data
    else:
        source = gt.concrete_inputs.get(v.id)
        if source is None:
            raise _NoValue("depends on an input of a loop body or branch that is traced as a "
                           "region (its values are not known while tracing)")
        data = source[1]._data if source[0] == "tensor" else gt.input_arrays[source[1]]
    key = (source[0], id(source[1]) if source[0] == "tensor" else source[1])
    gt.value_guards.setdefault(key, (source, np.array(data)))
    return data


class Guards:
    """The values a compiled graph read while tracing: a call may use it only when they hold.

    ``guards``: ((source, array), ...) with source ("arg", leaf index) or ("tensor", tensor).
    """

    def __init__(self, guards):
        self.guards = tuple(guards)

    def __bool__(self):
        return bool(self.guards)

    @staticmethod
    def _current(source, leaves):
        return leaves[source[1]]._data if source[0] == "arg" else source[1]._data

    def hold(self, leaves):
        for source, expected in self.guards:
            now = self._current(source, leaves)
            if now.dtype != expected.dtype or now.shape != expected.shape \
                    or now.tobytes() != expected.tobytes():
                return False
        return True

    def key(self, leaves):
        """The cache-key part naming the current guarded values (readable for small ones)."""
        out = []
        for source, _ in self.guards:
            now = np.asarray(self._current(source, leaves))
            name = "arg%d" % source[1] if source[0] == "arg" else \
                getattr(source[1], "name", None) or "tensor@%x" % id(source[1])
            out.append(("value of " + name, now.dtype.str, now.shape, now.tobytes()))
        return ("fallback values",) + tuple(out)
