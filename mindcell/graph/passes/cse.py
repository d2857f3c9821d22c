"""Common-subexpression elimination: one node per (primitive, inputs, attributes)."""
from mindcell.graph.passes._rewrite import attrs_key, replace_value


def eliminate_common_subexpressions(graph):
    seen = {}
    kept = []
    for node in graph.nodes:
        akey = attrs_key(node.attrs)
        if node.prim.has_side_effect or akey is None:
            kept.append(node)
            continue
        key = (node.prim.name, tuple(v.id for v in node.inputs), akey)
        first = seen.get(key)
        if first is None:
            seen[key] = node
            kept.append(node)
            continue
        for old, new in zip(node.outputs, first.outputs):
            replace_value(graph, old, new)
        if node.tag is None or first.tag is None:
            first.tag = None
    graph.nodes = kept
    return graph
