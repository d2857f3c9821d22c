"""Program order of in-place writes (Assign, AssignAdd/Sub, optimizer updates).

The IR states every write explicitly, as MindSpore's UpdateState does: a node that writes a
Parameter in place (``prim.writes``) reads the parameter's current *version* (an SSA value),
and the tracer makes the next version ``UpdateState(old version, writer output)``, so every
later read names the new version and depends on the writer, while every earlier read names
the old one. Passes therefore only need data dependencies: CSE cannot merge a read before a
write with one after it, and nothing that reads the new version can move before the write.

At run time both versions live in the parameter's one buffer (it is bound by reference).
So a read of the old version that a pass placed after the write (a fused chain rooted after
it, a recomputed value, ``p * 1`` simplified to ``p`` and returned) would see the new values.
``protect_overwritten_values`` runs after the passes that move or replace nodes and makes
such a read take a copy made just before the write. ``state_hazards`` is the invariant
``Graph.verify`` checks. (Outputs sharing a parameter's or constant's memory are copied when
the program returns them: ``graph.executor``.)
"""
import numpy as np

from mindcell._core.primitive import defprim
from mindcell.graph.ir import Node

update_state_p = defprim("UpdateState", lambda state, effect: state,
                         infer=lambda state, effect: state, aliases_input=True)
copy_p = defprim("Copy", lambda x: np.array(x, copy=True), infer=lambda x: x)


def new_version(graph, old, writer):
    """The value of the buffer ``old`` after ``writer`` wrote it in place."""
    node = graph.add_node(update_state_p, [old, writer.outputs[0]], {},
                          [(old.shape, old.dtype)], phase=writer.phase)
    return node.outputs[0]


def _is_version_step(node):
    return node.prim is update_state_p


def _may_alias(node):
    """Whether ``node``'s outputs may share memory with its inputs at run time: views, and any
    Python step (numpy returns views for indexing, reshapes, same-dtype casts ...); native
    instructions always write their own buffer. A new version is not an alias of the old
    contents."""
    from mindcell.graph.lower import native_spec
    if _is_version_step(node) or node.prim.writes or node.prim is copy_p:
        return False
    return (node.prim.aliases_input or node.prim.view is not None
            or native_spec(node, _ANY_SLOT) is None)


class _AnySlot(dict):
    def __missing__(self, key):
        return 0


_ANY_SLOT = _AnySlot()


def _view_children(graph):
    """{value id: [(position, output)]}: outputs that may share memory with that value."""
    children = {}
    for j, n in enumerate(graph.nodes):
        if _may_alias(n):
            for v in n.inputs:
                children.setdefault(v.id, []).extend((j, o) for o in n.outputs)
    return children


def state_hazards(graph):
    """[(writer position, value)]: a value sharing the written buffer's old contents (the
    old version, or a view of it made before the write) that is read after the write or
    returned; empty when the program order of writes is respected."""
    children = _view_children(graph)
    last = {}
    for j, node in enumerate(graph.nodes):
        for k, v in enumerate(node.inputs):
            if not (k == 0 and _is_version_step(node)):
                last[v.id] = j
    for v in graph.outputs:
        last[v.id] = len(graph.nodes)
    hazards = []
    for k, node in enumerate(graph.nodes):
        for i in node.prim.writes:
            for v in _old_aliases(children, node.inputs[i], k):
                if last.get(v.id, -1) > k:
                    hazards.append((k, v))
    return hazards


def _old_aliases(children, written, k):
    """The written value and the values that may share its memory defined before ``k``."""
    found, todo = {}, [written]
    while todo:
        v = todo.pop()
        if v.id not in found:
            found[v.id] = v
            todo.extend(o for j, o in children.get(v.id, ()) if j < k)
    return list(found.values())


def protect_overwritten_values(graph):
    """Reads of an overwritten version placed after its writer read a copy made before it."""
    for _ in range(len(graph.nodes) + 1):  # each copy removes a hazard; none comes back
        hazards = state_hazards(graph)
        if not hazards:
            break
        k, value = hazards[0]
        _copy_before(graph, k, value)
    else:
        raise AssertionError("protect_overwritten_values did not converge")
    graph.state_ordered = True
    return graph


def _copy_before(graph, k, value):
    writer = graph.nodes[k]
    copy = Node(copy_p, [value], {}, [(value.shape, value.dtype)], phase=writer.phase)
    later = graph.nodes[k + 1:]
    for node in later:
        if not (_is_version_step(node) and node.inputs[0] is value):
            node.inputs = [copy.outputs[0] if v is value else v for v in node.inputs]
    graph.outputs = [copy.outputs[0] if v is value else v for v in graph.outputs]
    graph.nodes = graph.nodes[:k] + [copy, writer] + later


__all__ = ["update_state_p", "copy_p", "new_version", "state_hazards",
           "protect_overwritten_values"]
