"""Scheduling for memory: a pure node whose output is larger than the intermediate values it
reads is emitted just before its first user instead of where tracing put it, so its output
is born late (autodiff, for one, emits a product's input gradient long before it is
consumed). Side-effecting nodes (assignments, optimizer updates, random draws, Print) are
barriers: nothing moves across them, and they never move."""


def sink_to_first_use(graph):
    deferred = {}  # node id -> node, waiting for its first user
    emitted = []
    produced_by = {o.id: n for n in graph.nodes for o in n.outputs}
    out_ids = {v.id for v in graph.outputs}

    def emit(node):
        for v in node.inputs:  # deferred producers first, in their original order
            p = produced_by.get(v.id)
            if p is not None and p.id in deferred:
                emit(deferred.pop(p.id))
        emitted.append(node)

    def flush():
        for node in list(deferred.values()):
            if node.id in deferred:
                emit(deferred.pop(node.id))

    for node in graph.nodes:
        if node.prim.has_side_effect:
            flush()
            emit(node)
        elif _worth_deferring(node, deferred, produced_by, out_ids):
            deferred[node.id] = node
        else:
            emit(node)
    flush()
    graph.nodes = emitted
    return graph


def _worth_deferring(node, deferred, produced_by, out_ids):
    if any(o.id in out_ids for o in node.outputs):
        return False
    if node.prim.aliases_input:  # owns no bytes: follows its input
        return bool(node.inputs) and getattr(produced_by.get(node.inputs[0].id), "id",
                                             None) in deferred
    out_bytes = sum(o.nbytes for o in node.outputs)
    # intermediate inputs may live longer when this node moves: they must be smaller
    held = sum(v.nbytes for v in node.inputs if v.id in produced_by)
    return out_bytes > held
