"""Algebraic simplification: x*1, x+0, x-0, x/1, identities, casts to the same dtype,
transpose of transpose, reshape chains, no-op reshapes, and a swap of the last two axes feeding
a matrix product folded into its transpose flag (the BLAS reads the operand transposed; no
copy is made)."""
from mindcell.graph.passes._rewrite import replace_value

_PASS_THROUGH = ("Identity", "StopGradient")


def _const_equals(v, scalar):
    """A constant whose every element equals ``scalar`` (e.g. the ones seeding a backward)."""
    if v.kind != "const" or v.const.size == 0 or v.const.size > 1 << 16:
        return False
    return bool((v.const == scalar).all())


def _neutral_operand(node):
    """The operand that the node returns unchanged, or None."""
    name = node.prim.name
    if len(node.inputs) != 2:
        return None
    a, b = node.inputs
    out = node.outputs[0]
    candidates = []
    if name in ("Mul",):
        candidates = [(a, b), (b, a)]
        neutral = 1.0
    elif name == "Add":
        candidates = [(a, b), (b, a)]
        neutral = 0.0
    elif name in ("Sub", "RealDiv"):
        candidates = [(a, b)]
        neutral = 0.0 if name == "Sub" else 1.0
    else:
        return None
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
        if v.kind == "node" and v.producer.prim.name == "Transpose" and \
                _swaps_last_two(v.producer):
            inputs[i] = v.producer.inputs[0]
            attrs[flag] = not attrs.get(flag, False)
    node.inputs, node.attrs = inputs, attrs


def simplify_algebra(graph):
    kept = []
    for node in graph.nodes:
        name = node.prim.name
        out = node.outputs[0] if node.outputs else None
        src = node.inputs[0] if node.inputs else None
        replacement = None
        if name in _PASS_THROUGH:
            replacement = src
        elif name == "Depend":
            replacement = src
        elif name == "Cast" and src.dtype == out.dtype:
            replacement = src
        elif name == "Reshape" and src.shape == out.shape:
            replacement = src
        elif name == "Reshape" and src.kind == "node" and src.producer.prim.name == "Reshape":
            node.inputs = [src.producer.inputs[0]]
            if node.inputs[0].shape == out.shape:
                replacement = node.inputs[0]
        elif name == "Transpose" and src.kind == "node" and src.producer.prim.name == "Transpose":
            inner = src.producer.attrs["perm"]
            perm = tuple(inner[p] for p in node.attrs["perm"])
            node.inputs = [src.producer.inputs[0]]
            node.attrs = dict(node.attrs, perm=perm)
            if perm == tuple(range(len(perm))):
                replacement = node.inputs[0]
        elif name in ("Mul", "Add", "Sub", "RealDiv"):
            replacement = _neutral_operand(node)
        elif name in ("MatMul", "BatchMatMul"):
            _fold_transposes_into_product(node)
        if replacement is not None and not node.prim.has_side_effect:
            replace_value(graph, out, replacement)
            continue
        kept.append(node)
    graph.nodes = kept
    return graph

