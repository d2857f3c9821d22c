"""Python attributes a compiled construct writes (``self.step = self.step + 1``).

MindSpore 2.10's GRAPH_MODE runs such a write on every call: the attribute is read at run time
(its value now, not the first call's) and holds the new value after each call, so
``self.n = self.n + 1; return x * self.n`` gives x, 2x, 3x. Attributes construct only reads
stay constants of the compiled graph, as in MindSpore.

mindcell traces construct once per signature, so the trace's writes are journaled instead of
left behind: every (re)start of the traced function puts the attributes back first, and the
compiled graph keeps the writes as its effects: the values the attributes held when the trace
began (a call whose current values differ is traced again for them, as fallback guards do) and
the values the trace left, which each run assigns. Only plain Python values are journaled
(numbers, strings, None and tuples/lists of them); ``self.x = tensor`` is a state tensor
(``nn/_cell/registration._rebind_traced``)."""
_MISSING = object()
_PLAIN = (bool, int, float, complex, str, bytes, type(None))


def journaled(value):
    """Whether a write of ``value`` is one of construct's effects (a plain Python value)."""
    if isinstance(value, _PLAIN):
        return True
    if type(value) in (tuple, list):
        return all(journaled(v) for v in value)
    return False


def _same(a, b):
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if type(a) in (tuple, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


class AttrJournal:
    """The attribute writes of one trace: (id(obj), name) -> [obj, name, before, after]."""

    def __init__(self):
        self.writes = {}

    def record(self, obj, name, value):
        entry = self.writes.get((id(obj), name))
        if entry is None:
            before = obj.__dict__.get(name, _MISSING)
            entry = self.writes[(id(obj), name)] = [obj, name, before, value]
        entry[3] = value

    def undo(self):
        """Put every attribute back as it was before the trace, and forget the writes."""
        for obj, name, before, _ in self.writes.values():
            _assign(obj, name, before)
        self.writes = {}

    def snapshot(self):
        return tuple((obj, name, before, after) for obj, name, before, after in
                     self.writes.values())


def _assign(obj, name, value):
    if value is _MISSING:
        obj.__dict__.pop(name, None)
    else:
        obj.__dict__[name] = value


def same_writes(a, b):
    """Whether two paths' snapshots write the same attributes with the same values."""
    return len(a) == len(b) and all(
        x[0] is y[0] and x[1] == y[1] and _same(x[2], y[2]) and _same(x[3], y[3])
        for x, y in zip(a, b))


class AttrEffects:
    """A compiled graph's attribute writes: valid while each attribute still holds the value
    the trace began with; each run assigns the traced values."""

    def __init__(self, writes):
        self.writes = tuple(writes)

    def __bool__(self):
        return bool(self.writes)

    def hold(self):
        return all(_same(obj.__dict__.get(name, _MISSING), before)
                   for obj, name, before, _ in self.writes)

    def apply(self):
        for obj, name, _, after in self.writes:
            _assign(obj, name, after)

    def key(self):
        """The cache-key part naming the attributes' current values."""
        return ("python attributes",) + tuple(
            (type(obj).__name__, name, repr(obj.__dict__.get(name, _MISSING)))
            for obj, name, _, _ in self.writes)
