"""Recompute: backward nodes that use values computed inside a ``recompute()`` cell get a
fresh copy of that forward computation placed right before them, so the forward values can
die when the forward pass is done (lower peak memory, more compute)."""
from mindcell.graph.ir import Node


def apply_recompute(graph):
    if not any(n.tag is not None for n in graph.nodes):
        return graph
    clones = {}  # forward value id -> recomputed value
    new_nodes = []
    escaping = _escaping_values(graph)

    def recompute(v, out, group=None):
        """A recomputed copy of ``v`` if it comes from a recompute group; the group's own
        inputs (values from outside it) are kept, not recomputed."""
        p = v.producer
        if (p is None or p.tag is None or p.phase != "fwd" or p.prim.has_side_effect
                or (group is not None and p.tag != group) or v.id in escaping):
            return v
        if v.id in clones:
            return clones[v.id]
        ins = [recompute(i, out, p.tag) for i in p.inputs]
        clone = Node(p.prim, ins, p.attrs, [(o.shape, o.dtype) for o in p.outputs],
                     tag=None, phase="bwd")
        out.append(clone)
        for old, new in zip(p.outputs, clone.outputs):
            clones[old.id] = new
        return clones[v.id]

    for node in graph.nodes:
        if node.phase == "bwd":
            pre = []
            node.inputs = [recompute(v, pre) for v in node.inputs]
            new_nodes.extend(pre)
        new_nodes.append(node)
    graph.nodes = new_nodes
    return graph


def _escaping_values(graph):
    """Forward values of a recompute group that forward code outside the group uses (the
    group's outputs): they are kept, since the forward pass needs them anyway."""
    out = {v.id for v in graph.outputs}
    for n in graph.nodes:
        if n.phase != "fwd":
            continue
        for v in n.inputs:
            p = v.producer
            if p is not None and p.tag is not None and p.tag != n.tag:
                out.add(v.id)
    return out
