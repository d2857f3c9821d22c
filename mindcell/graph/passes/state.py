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
    if (_is_version_step(node) or node.prim.writes or node.prim is copy_p
            or node.prim.fresh_outputs):
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
    """Reads of an overwritten version placed after its writer read a copy made before it.
    All the hazards found in one scan are fixed in one pass over the nodes (a value read
    after several writers of its buffer is copied once, before the first); the scan is
    repeated only to check (copies add no hazard)."""
    for _ in range(len(graph.nodes) + 1):
        hazards = state_hazards(graph)
        if not hazards:
            break
        first = {}  # value id -> (writer position, value): the earliest writer per value
        for k, value in hazards:
            if value.id not in first or k < first[value.id][0]:
                first[value.id] = (k, value)
        _copy_before(graph, sorted(first.values(), key=lambda kv: kv[0]))
    else:
        raise AssertionError("protect_overwritten_values did not converge")
    graph.state_ordered = True
    return graph


def _copy_before(graph, copies):
    """Insert a copy of each ``value`` just before its writer ``graph.nodes[k]``; nodes after
    the writer (but the version step of ``value`` itself) and the outputs read the copy."""
    before = {}  # writer position -> copies made just before it
    for k, value in copies:
        copy = Node(copy_p, [value], {}, [(value.shape, value.dtype)],
                    phase=graph.nodes[k].phase)
        before.setdefault(k, []).append(copy)
    nodes, renamed = [], {}
    for j, node in enumerate(graph.nodes):
        if renamed:
            keep = node.inputs[0] if _is_version_step(node) else None
            node.inputs = [v if v is keep else renamed.get(v.id, v) for v in node.inputs]
        copies = before.get(j, ())
        nodes.extend(copies)
        nodes.append(node)
        renamed.update((c.inputs[0].id, c.outputs[0]) for c in copies)  # after the writer
    graph.outputs = [renamed.get(v.id, v) for v in graph.outputs]
    graph.nodes = nodes


__all__ = ["update_state_p", "copy_p", "new_version", "state_hazards",
           "protect_overwritten_values"]
