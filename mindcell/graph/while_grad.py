"""Gradients through a ``While`` node. When an operand of the loop is tracked by a tape, the
forward node records, besides the final carried values, a *stack*: the carried values at the
start of each iteration (its length is the trip count), held in one 0-d object value that
only the backward node reads. The tape entry's bprop adds one ``WhileGrad`` node that walks
the stack in reverse, running the compiled vjp of the loop body (a region: carried values,
body captures and the carried values' cotangents in; the cotangents of the previous carried
values and of the captures out) once per iteration and summing the captures' gradients."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import autodiff
from mindcell._core.backward import zeros_like
from mindcell.graph.symbolic import graph_error

STACK_AVAL = ((), np.dtype(object))


def _is_float(dtype):
    return mstype.is_float_np(np.dtype(dtype))


def kept(carry, arrays):
    """The carried arrays as they are now: copies of those sharing memory with the node's
    operands (the enclosing program may reuse or overwrite those buffers after the node)."""
    return [c.copy() if any(np.may_share_memory(c, a) for a in arrays) else c for c in carry]


def box(stack):
    """The stack of iteration inputs (``loops._run_while``) as the node's 0-d object value."""
    value = np.empty((), object)
    value[()] = stack
    return value


class _TapeEntry:
    """What a tape records for a recording While node (its node's prim has no bprop: the
    stack output must not take part in the backward walk)."""

    name = "While"

    @staticmethod
    def bprop(*inputs, out, dout, stack, cond, body, n_carry, n_cond):
        return while_bprop(inputs, dout, stack, cond, body, n_carry, n_cond)


def record(operands, outs, stack, attrs):
    """Put the While node on the tapes that track one of its operands."""
    autodiff.record(_TapeEntry, operands, dict(attrs, stack=stack), outs)


def is_tracked(operands):
    return any(autodiff.is_tracked(t) for t in operands)


def while_bprop(inputs, dout, stack, cond, body, n_carry, n_cond):
    from mindcell.graph.control import ControlPrim, _has_effect, trace_region, vjp_graph
    from mindcell.graph.tracer import current_graph_trace
    if _has_effect(body) or _has_effect(cond):
        raise graph_error("differentiate a tensor-dependent while loop whose body or condition "
                          "has side effects (assignments, optimizer updates, random ops)",
                          "take gradients outside the loop, or move the side effect out")
    n = n_carry
    douts = list(dout) if isinstance(dout, tuple) else [dout]
    carry, caps = list(inputs[:n]), list(inputs[n + n_cond:])
    fc = [i for i in range(n) if _is_float(body.inputs[i].dtype)]
    fcap = [j for j in range(len(caps)) if _is_float(body.inputs[n + j].dtype)]
    if not fc and not fcap:
        return (None,) * len(inputs)
    m = len(caps)

    def vjp(ins):
        d = [None] * n
        for k, i in enumerate(fc):
            d[i] = ins[n + m + k]
        grads = vjp_graph(body, ins[:n + m], d)
        return [grads[i] if grads[i] is not None else zeros_like(ins[i])
                for i in fc + [n + j for j in fcap]]

    templates = carry + caps + [douts[i] for i in fc]
    region, vjp_caps, _ = trace_region(current_graph_trace(), vjp, (templates,), "while_vjp")
    avals = [(body.inputs[i].shape, body.inputs[i].dtype) for i in fc + [n + j for j in fcap]]
    prim = ControlPrim("WhileGrad", _run_while_grad, _second_order, avals, False)
    operands = [stack] + caps + [douts[i] for i in fc] + vjp_caps
    outs = current_graph_trace().process(prim, operands, dict(
        vjp=region, n_carry=n, n_caps=m, n_float=len(fc)))
    outs = list(outs) if len(avals) != 1 else [outs]
    grads = [None] * len(inputs)
    for k, i in enumerate(fc):
        grads[i] = outs[k]
    for k, j in enumerate(fcap):
        grads[n + n_cond + j] = outs[len(fc) + k]
    return tuple(grads)


def _second_order(*inputs, out, dout, **attrs):
    raise graph_error("differentiate twice through a tensor-dependent while loop (higher-order "
                      "gradients of a While node are not supported)",
                      "bound the loop with a Python range to take higher-order gradients")


def _run_while_grad(stack, *arrays, vjp, n_carry, n_caps, n_float):
    from mindcell.graph.control import _results, program
    caps = list(arrays[:n_caps])
    d = list(arrays[n_caps:n_caps + n_float])
    vjp_caps = list(arrays[n_caps + n_float:])
    acc = None
    run = program(vjp).run
    for carry in reversed(stack[()]):
        outs = run(list(carry) + caps + d + vjp_caps)
        d, g = list(outs[:n_float]), outs[n_float:]
        acc = list(g) if acc is None else [a + b for a, b in zip(acc, g)]
    if acc is None:  # no iteration: the captures take no gradient
        acc = [np.zeros(v.shape, v.dtype) for v in vjp.outputs[n_float:]]
    outs = [np.asarray(a, v.dtype) for a, v in zip(d + acc, vjp.outputs)]
    return _results(outs, arrays, len(outs), False)
