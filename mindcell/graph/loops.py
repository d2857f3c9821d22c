"""Tensor-dependent while loops as one ``While`` node (``ops.WhileLoop``, ``ops.ForiLoop`` and
construct's rewritten ``while``/``for`` statements reach :func:`while_loop`): the condition
and the body are regions (``graph.control``) compiled once, whatever the trip count; Python
numbers the body changes are carried as 0-d tensors. Gradients: ``graph.while_grad``."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.graph.control import (ControlPrim, _has_effect, _results, _writes, as_bool_tensor,
                                    program, trace_region)
from mindcell.graph.symbolic import SymbolicTensor, graph_error
from mindcell.graph.tracer import _flatten, _unflatten


def _run_while(*arrays, cond, body, n_carry, n_cond, record=False):
    carry = list(arrays[:n_carry])
    cond_caps = list(arrays[n_carry:n_carry + n_cond])
    body_caps = list(arrays[n_carry + n_cond:])
    test, step = program(cond).run, program(body).run
    if record:  # differentiated: also the stack of iteration inputs (graph.while_grad)
        from mindcell.graph import while_grad
        stack = []
        while test(carry + cond_caps)[0]:
            stack.append(while_grad.kept(carry, arrays))
            carry = step(carry + body_caps)
        return tuple(_results(carry, arrays, 2, False)[:n_carry]) + (while_grad.box(stack),)
    while test(carry + cond_caps)[0]:
        carry = step(carry + body_caps)
    return _results(carry, arrays, n_carry, False)


def while_loop(gt, cond_fn, body_fn, init_val):
    """Python iterations while the condition is a Python value; from the first condition that
    is a traced tensor on, one While node carrying the current values."""
    val = init_val
    while True:
        c = cond_fn(val)
        if isinstance(c, SymbolicTensor):
            return _build_while(gt, cond_fn, body_fn, val)
        if not c:
            return val
        val = body_fn(val)


def _build_while(gt, cond_fn, body_fn, val):
    for _ in range(4):  # promote Python numbers the body changes, then retrace
        leaves = []
        tree = _flatten(val, leaves)
        body, body_caps, out_tree = trace_region(gt, body_fn, (val,), "while_body")
        val, promoted = _promote(val, tree, out_tree, body.outputs)
        if not promoted:
            break
    if not leaves:
        raise graph_error("run a tensor-dependent while loop that carries no tensor",
                          "carry the tensors the condition reads through the loop")
    n = len(leaves)
    for i, (a, b) in enumerate(zip(body.inputs[:n], body.outputs)):
        if a.shape != b.shape or a.dtype != b.dtype:
            raise graph_error("change the shape or dtype of a loop-carried value across "
                              "iterations of a tensor-dependent while loop (value %d: %s %s -> "
                              "%s %s)" % (i, a.shape, a.dtype, b.shape, b.dtype),
                              "keep every carried value's shape and dtype (cast or pad it "
                              "before the loop)")
    cond, cond_caps, _ = trace_region(gt, _as_bool(cond_fn), (val,), "while_cond")
    outs = emit_while(gt, leaves + cond_caps + body_caps, cond, body, n, len(cond_caps))
    return _unflatten(tree, outs)


def emit_while(gt, operands, cond, body, n_carry, n_cond):
    """Add a While node on ``operands`` (carried values, then the condition's and the body's
    captures); its carried outputs. Under a tape tracking an operand the node also records
    the iteration inputs and the tape gets its backward (``graph.while_grad``)."""
    from mindcell.graph import while_grad
    attrs = dict(cond=cond, body=body, n_carry=n_carry, n_cond=n_cond)
    record = while_grad.is_tracked(operands)
    avals = [(v.shape, v.dtype) for v in body.outputs]
    prim = ControlPrim("While", _run_while, None,
                       avals + ([while_grad.STACK_AVAL] if record else []),
                       _has_effect(body) or _has_effect(cond), _writes(operands, body, cond),
                       rebuild=_rebuild_while)
    outs = gt.process(prim, operands, dict(attrs, record=True) if record else attrs)
    outs = list(outs) if prim.nout != 1 else [outs]
    if record:
        while_grad.record(operands, outs[:n_carry], outs[n_carry], attrs)
    return outs[:n_carry]


def _rebuild_while(gt, operands, cond, body, n_carry, n_cond, record=False):
    return emit_while(gt, operands, cond, body, n_carry, n_cond)


def _promote(obj, tin, tout, out_values):
    """``obj`` with each Python number that the body changes made a 0-d tensor (of the dtype
    the body gives it); whether any was."""
    kin, pin = tin
    kout, pout = tout
    if kin == "C":
        if tout == tin:
            return obj, False
        if type(obj) in (bool, int, float):
            dtype = out_values[pout].dtype if kout == "T" else mstype.to_dtype(type(obj)).np_dtype
            return Tensor._make(np.asarray(obj, dtype)), True
    elif kin == kout == "T":
        return obj, False
    elif kin == kout and len(pin) == len(pout):
        items, changed = [], False
        for o, a, b in zip(obj, pin, pout):
            o, c = _promote(o, a, b, out_values)
            items.append(o)
            changed |= c
        return type(obj)(items), changed
    raise graph_error("carry values whose structure or Python values change across "
                      "iterations of a tensor-dependent while loop",
                      "return the same structure from the body (tensors for values "
                      "that change)")


def _as_bool(fn):
    """The condition as a 0-d bool tensor."""
    def test(val):
        return as_bool_tensor(fn(val), "loop condition")
    return test
