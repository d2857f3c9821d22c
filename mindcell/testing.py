"""Testing helpers: ``assert_modes_agree`` checks that PYNATIVE_MODE and GRAPH_MODE agree."""
import numpy as np

from mindcell import context
from mindcell.common.tensor import Tensor

# Fused elementwise programs may reorder float arithmetic: this is the documented tolerance.
FUSED_RTOL = 1e-5
FUSED_ATOL = 1e-6


def _leaves(obj):
    if isinstance(obj, Tensor):
        return [obj]
    if isinstance(obj, (tuple, list)):
        return [leaf for o in obj for leaf in _leaves(o)]
    return []


def _run(mode, fn, inputs):
    saved = context.get_context("mode")
    context.set_context(mode=mode)
    try:
        return [t.asnumpy() for t in _leaves(fn(*inputs))]
    finally:
        context.set_context(mode=saved)


def _reference(node, args):
    """What eager execution computes for one graph node: the primitive's numpy reference, or
    for a fused node its program evaluated op by op with the eager kernels."""
    if node.prim.name == "FusedElementwise":
        from mindcell._core.primitive import REGISTRY
        regs = list(args)
        for name, dst, a, b in node.attrs["program"]:
            ins = [regs[a]] if b < 0 else [regs[a], regs[b]]
            regs.append(REGISTRY[name].compute(ins, {}))
        return np.broadcast_to(regs[-1], node.outputs[0].shape)
    return node.prim.impl(*args, **node.attrs)


def _first_differing_op(cell, inputs, rtol, atol):
    """Name the first node of the compiled graph whose output differs from what eager
    execution computes for it from the same inputs."""
    from mindcell.graph.compile import CompileReport, optimize
    from mindcell.graph.executor import run_node
    from mindcell.graph.tracer import trace
    graph, _, _ = trace(lambda *a: cell(*a), list(inputs), {}, type(cell).__name__)
    optimize(graph, CompileReport(type(cell).__name__))
    env = {}
    for v, t in zip(graph.inputs, inputs):
        env[v.id] = t._data
    for v in graph.params:
        env[v.id] = v.param._data
    for v in graph.consts:
        env[v.id] = v.const
    for node in graph.nodes:
        args = [env[v.id] for v in node.inputs]
        outs = run_node(node, args)
        ref = _reference(node, args)
        refs = (ref,) if node.prim.nout == 1 else ref
        for o, r, v in zip(outs, refs, node.outputs):
            if not np.allclose(o, r, rtol=rtol, atol=atol, equal_nan=True):
                return "%s (output %r, shape %s)" % (node.prim.name, v, v.shape)
            env[v.id] = o
    return None


def assert_modes_agree(cell, *inputs, grads=True, rtol=FUSED_RTOL, atol=FUSED_ATOL):
    """assert_modes_agree(cell, *inputs, grads=True): run ``cell`` (and, with ``grads``, its
    gradients with respect to the float inputs and trainable parameters) in PYNATIVE_MODE and
    GRAPH_MODE; raise AssertionError naming the first op whose results differ.

    Args:
        cell (Cell): the network (or any callable of Tensors) to check.
        inputs (Tensor): the inputs it is called with in both modes.
        grads (bool): also compare the gradients.
        rtol (float): relative tolerance (:data:`FUSED_RTOL` by default).
        atol (float): absolute tolerance (:data:`FUSED_ATOL` by default).

    Raises:
        AssertionError: an output or gradient differs beyond the tolerances; the message names
            the first graph node whose result differs from eager execution.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.testing import assert_modes_agree
        >>> assert_modes_agree(ms.nn.Dense(4, 2), ms.Tensor(np.ones((3, 4), np.float32)))
    """
    from mindcell.ops.grad import grad
    checks = [("outputs", lambda *a: cell(*a))]
    if grads:
        positions = tuple(i for i, t in enumerate(inputs)
                          if isinstance(t, Tensor) and t.dtype.is_floating_point)
        weights = cell.trainable_params() if hasattr(cell, "trainable_params") else None
        if positions or weights:
            checks.append(("gradients", grad(cell, positions or None, weights or None)))
    for what, fn in checks:
        eager = _run(context.PYNATIVE_MODE, fn, inputs)
        graph = _run(context.GRAPH_MODE, fn, inputs)
        for i, (a, b) in enumerate(zip(eager, graph)):
            if a.shape != b.shape or not np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True):
                where = _first_differing_op(cell, inputs, rtol, atol) if what == "outputs" \
                    else "the backward graph"
                raise AssertionError(
                    "PYNATIVE_MODE and GRAPH_MODE disagree on %s[%d] of %s (max abs diff %s); "
                    "first differing op: %s" % (what, i, type(cell).__name__,
                                                np.max(np.abs(a - b)) if a.shape == b.shape
                                                else "shape %s vs %s" % (a.shape, b.shape),
                                                where))


def numeric_grad(f, arrays, i, eps=1e-6):
    """numeric_grad(f, arrays, i, eps=1e-6): central finite differences of the scalar
    ``f(arrays)`` with respect to the numpy array ``arrays[i]`` (changed in place, restored)."""
    x, grad = arrays[i], np.zeros_like(arrays[i])
    for idx in np.ndindex(x.shape):
        orig = x[idx]
        x[idx] = orig + eps
        up = f(arrays)
        x[idx] = orig - eps
        down = f(arrays)
        x[idx] = orig
        grad[idx] = (up - down) / (2 * eps)
    return grad
