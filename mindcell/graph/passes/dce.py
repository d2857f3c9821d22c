"""Dead-code elimination: keep nodes that reach an output or have a side effect
(Assign, optimizer updates, Print, random draws)."""


def eliminate_dead_code(graph):
    live = {v.id for v in graph.outputs}
    kept = []
    for node in reversed(graph.nodes):
        if node.prim.has_side_effect or any(o.id in live for o in node.outputs):
            kept.append(node)
            live.update(v.id for v in node.inputs)
    graph.nodes = kept[::-1]
    used = live | {v.id for v in graph.outputs}
    graph.consts = [v for v in graph.consts if v.id in used]
    return graph
