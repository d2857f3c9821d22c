"""Epilogue fusion: a binary op over rows (``x + bias`` of a Dense layer: a broadcast operand,
which ``fuse_elementwise`` cannot take) whose only user is a unary op (its activation) becomes
one ``BinaryUnary`` node; the executor applies the activation to each result row while it is
in L1 (csrc/_epilogue.pxd) instead of making a second pass over the whole result. Every value
is computed by the same kernels as the two ops apart: a program gives the same bits with and
without this pass.

Tried and not kept: the same for a binary op whose result is summed over its leading axes
(ReluGrad and the bias gradient, the sum made as each row piece is written): bit-identical but
no faster (1.01-1.02x, interleaved, 1024 x 512)."""
from mindcell._core.kernels import elementwise as ew_kernels
from mindcell._core.primitive import REGISTRY, defprim


def _binary_unary_impl(a, b, *, binary, unary):
    r = REGISTRY[binary].compute([a, b], {})
    return REGISTRY[unary].compute([r], {})


def _binary_unary_infer(a, b, *, binary, unary):
    return REGISTRY[unary].infer([REGISTRY[binary].infer([a, b], {})], {})


binary_unary_p = defprim("BinaryUnary", _binary_unary_impl, infer=_binary_unary_infer,
                         lowering="binary_unary")


def _plain(node, lowering):
    """An elementwise node of the kind ``lowering`` with no attributes, one float result and
    operands of its dtype."""
    if node.prim.lowering != lowering or node.prim.opcode is None or node.attrs \
            or len(node.outputs) != 1:
        return False
    out = node.outputs[0]
    return out.dtype.kind == "f" and all(v.dtype == out.dtype for v in node.inputs)


def _row_binary(node):
    """A binary node the executor runs over rows of its result (no general broadcast)."""
    if not _plain(node, "binary") or len(node.inputs) != 2:
        return False
    a, b = node.inputs
    return ew_kernels.binary_layout(a.shape, b.shape) is not None


def fuse_epilogues(graph):
    users = graph.users()
    out_ids = {v.id for v in graph.outputs}
    replace, drop = {}, set()
    for unary in graph.nodes:
        if not _plain(unary, "unary"):
            continue
        v = unary.inputs[0]
        binary = v.producer
        if binary is None or binary.id in drop or not _row_binary(binary) \
                or binary.tag != unary.tag or v.id in out_ids \
                or len(users.get(v.id, ())) != 1 or v.shape != unary.outputs[0].shape:
            continue
        replace[unary.id] = _fused(binary, unary)
        drop.add(binary.id)
    if replace:
        graph.nodes = [replace.get(n.id, n) for n in graph.nodes if n.id not in drop]
    return graph


def _fused(binary, unary):
    """BinaryUnary over the binary's operands, at the unary's place, producing the unary's
    result (its users keep reading it)."""
    from mindcell.graph.ir import Node
    node = Node(binary_unary_p, binary.inputs,
                {"binary": binary.prim.name, "unary": unary.prim.name},
                [(o.shape, o.dtype) for o in unary.outputs],
                tag=unary.tag, phase=unary.phase, source=unary.source)
    node.outputs = list(unary.outputs)
    node.outputs[0].producer = node
    return node
