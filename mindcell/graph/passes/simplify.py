"""Algebraic simplification: x*1, x+0, x-0, x/1, identities, casts to the same dtype,
transpose of transpose, reshape chains, no-op reshapes, and a swap of the last two axes feeding
a matrix product folded into its transpose flag (the BLAS reads the operand transposed; no
copy is made). The neutral elements are declared on the primitives (``Prim.neutral``)."""
from mindcell.graph.passes._rewrite import replace_value
from mindcell.ops.defs.elementwise import cast_p
from mindcell.ops.defs.nn import batch_matmul_p, matmul_p
from mindcell.ops.defs.shape import identity_p, reshape_p, transpose_p
from mindcell.ops.defs.state import depend_p, stop_gradient_p

_PASS_THROUGH = (identity_p, stop_gradient_p, depend_p)
_PRODUCTS = (matmul_p, batch_matmul_p)


def _const_equals(v, scalar):
    """A constant whose every element equals ``scalar`` (e.g. the ones seeding a backward)."""
    if v.kind != "const" or v.const.size == 0 or v.const.size > 1 << 16:
        return False
    return bool((v.const == scalar).all())


def _produced_by(v, prim):
    return v.kind == "node" and v.producer.prim is prim


def _neutral_operand(node):
    """The operand that the node returns unchanged, or None."""
    neutral = node.prim.neutral
    if neutral is None or len(node.inputs) != 2:
        return None
    a, b = node.inputs
    out = node.outputs[0]
    candidates = [(a, b), (b, a)] if node.prim.commutative else [(a, b)]
    for keep, other in candidates:
        if (_const_equals(other, neutral) and keep.shape == out.shape
                and keep.dtype == out.dtype):
            return keep
    return None


def _swaps_last_two(node):
    perm = node.attrs.get("perm", ())
    n = len(perm)
    return n >= 2 and tuple(perm) == tuple(range(n - 2)) + (n - 1, n - 2)


def _fold_transposes_into_product(node):
    """MatMul/BatchMatMul(Transpose(x, swap last two), y) -> MatMul(x, y, transpose_a=...)."""
    inputs, attrs = list(node.inputs), dict(node.attrs)
    for i, flag in ((0, "transpose_a"), (1, "transpose_b")):
        v = inputs[i]
        if _produced_by(v, transpose_p) and _swaps_last_two(v.producer):
            inputs[i] = v.producer.inputs[0]
            attrs[flag] = not attrs.get(flag, False)
    node.inputs, node.attrs = inputs, attrs


def simplify_algebra(graph):
    kept = []
    for node in graph.nodes:
        prim = node.prim
        out = node.outputs[0] if node.outputs else None
        src = node.inputs[0] if node.inputs else None
        replacement = None
        if prim in _PASS_THROUGH:
            replacement = src
        elif prim is cast_p and src.dtype == out.dtype:
            replacement = src
        elif prim is reshape_p and src.shape == out.shape:
            replacement = src
        elif prim is reshape_p and _produced_by(src, reshape_p):
            node.inputs = [src.producer.inputs[0]]
            if node.inputs[0].shape == out.shape:
                replacement = node.inputs[0]
        elif prim is transpose_p and _produced_by(src, transpose_p):
            inner = src.producer.attrs["perm"]
            perm = tuple(inner[p] for p in node.attrs["perm"])
            node.inputs = [src.producer.inputs[0]]
            node.attrs = dict(node.attrs, perm=perm)
            if perm == tuple(range(len(perm))):
                replacement = node.inputs[0]
        elif prim.neutral is not None:
            replacement = _neutral_operand(node)
        elif prim in _PRODUCTS:
            _fold_transposes_into_product(node)
        if replacement is not None and not node.prim.has_side_effect:
            replace_value(graph, out, replacement)
            continue
        kept.append(node)
    graph.nodes = kept
    return graph

