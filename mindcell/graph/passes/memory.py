"""Memory planning: liveness intervals of intermediate values, packed into reusable buffers
(first fit by decreasing size). Views (Reshape, Transpose, BroadcastTo, Identity) own no
bytes and extend the lifetime of what they view. The plan reports the arena's peak bytes."""

VIEW_PRIMS = frozenset(("Reshape", "Transpose", "BroadcastTo", "Identity", "Depend",
                        "StopGradient"))


class MemoryPlan:
    """offsets {value id: byte offset}, peak_bytes (arena size), naive_bytes (no reuse),
    last_use {value id: node index after which the value is dead}."""

    def __init__(self, offsets, peak_bytes, naive_bytes, last_use):
        self.offsets = offsets
        self.peak_bytes = peak_bytes
        self.naive_bytes = naive_bytes
        self.last_use = last_use

    def __repr__(self):
        return "MemoryPlan(peak_bytes=%d, naive_bytes=%d, buffers=%d)" % (
            self.peak_bytes, self.naive_bytes, len(self.offsets))


def _root(v, alias):
    while v.id in alias:
        v = alias[v.id]
    return v


def liveness(graph):
    """{value id: [first, last]} node-index intervals of the values that own memory."""
    alias = {}
    for n in graph.nodes:
        if n.prim.name in VIEW_PRIMS and n.inputs:
            alias[n.outputs[0].id] = n.inputs[0]
    intervals = {}
    for i, n in enumerate(graph.nodes):
        for o in n.outputs:
            if o.id not in alias:
                intervals[o.id] = [i, i, o]
        for v in n.inputs:
            r = _root(v, alias)
            if r.id in intervals:
                intervals[r.id][1] = i
    end = len(graph.nodes)
    for v in graph.outputs:
        r = _root(v, alias)
        if r.id in intervals:
            intervals[r.id][1] = end
    return intervals


def plan_memory(graph, alignment=64):
    intervals = liveness(graph)
    order = sorted(intervals.values(), key=lambda t: -t[2].nbytes)
    placed = []  # (offset, size, first, last)
    offsets = {}
    for first, last, v in order:
        size = -(-v.nbytes // alignment) * alignment
        offset = 0
        for o, s, f, l in sorted(p for p in placed if not (p[3] < first or p[2] > last)):
            if offset + size <= o:
                break
            offset = max(offset, o + s)
        placed.append((offset, size, first, last))
        offsets[v.id] = offset
    peak = max((o + s for o, s, _, _ in placed), default=0)
    naive = sum(-(-v.nbytes // alignment) * alignment for _, _, v in intervals.values())
    last_use = {vid: t[1] for vid, t in intervals.items()}
    graph.memory_plan = MemoryPlan(offsets, peak, naive, last_use)
    return graph
