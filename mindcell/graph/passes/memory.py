"""Memory planning: liveness intervals of intermediate values, packed into reusable buffers
(first fit by decreasing size). Views (the outputs of primitives declaring ``aliases_input``:
Reshape, Transpose, BroadcastTo, Identity ...) own no bytes and extend the lifetime of what
they view. An elementwise op that the executor runs
natively writes in place over an input of its size that dies at that op (each element is read
before it is written), so the two values share one buffer. The plan reports the arena's peak
bytes."""


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


def view_sources(graph):
    """{view value id: the value it views} for the outputs of view primitives."""
    alias = {}
    for n in graph.nodes:
        if n.prim.aliases_input and n.inputs:
            alias[n.outputs[0].id] = n.inputs[0]
    return alias


def liveness(graph):
    """{value id: [first, last, value]} node-index intervals of the values that own memory."""
    alias = view_sources(graph)
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


def _inplace_buffers(graph, intervals):
    """Group values into buffers: {value id: buffer}, buffer = [first, last, size, value]."""
    from mindcell.graph.lower import runs_in_place
    alias = view_sources(graph)
    buffer_of = {vid: [f, l, v.nbytes, v] for vid, (f, l, v) in intervals.items()}
    for i, node in enumerate(graph.nodes):
        out = node.outputs[0]
        if out.id not in buffer_of or not runs_in_place(node):
            continue
        for v in node.inputs:
            buf = buffer_of.get(_root(v, alias).id)
            if buf is not None and buf[1] == i and buf[2] == out.nbytes and v.dtype == out.dtype:
                buf[1] = buffer_of[out.id][1]
                buffer_of[out.id] = buf
                break
    return buffer_of


def plan_memory(graph, alignment=64):
    intervals = liveness(graph)
    buffer_of = _inplace_buffers(graph, intervals)
    buffers = list({id(b): b for b in buffer_of.values()}.values())
    placed = []  # (offset, size, first, last)
    where = {}
    for buf in sorted(buffers, key=lambda b: -b[2]):
        first, last, nbytes, _ = buf
        size = -(-nbytes // alignment) * alignment
        offset = 0
        for o, s, f, l in sorted(p for p in placed if not (p[3] < first or p[2] > last)):
            if offset + size <= o:
                break
            offset = max(offset, o + s)
        placed.append((offset, size, first, last))
        where[id(buf)] = offset
    offsets = {vid: where[id(b)] for vid, b in buffer_of.items()}
    peak = max((o + s for o, s, _, _ in placed), default=0)
    naive = sum(-(-v.nbytes // alignment) * alignment for _, _, v in intervals.values())
    last_use = {vid: t[1] for vid, t in intervals.items()}
    graph.memory_plan = MemoryPlan(offsets, peak, naive, last_use)
    return graph
