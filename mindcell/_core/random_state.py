"""The random streams of mindcell's random ops: which numpy Generator a random primitive draws
from, given its op seed and the global seed (``set_seed``).

MindSpore 2.10's observable rule, which :class:`RandomStream` follows:

- a functional op with op seed ``s`` (``ops.rand(3, seed=s)``; None counts as 0) draws from one
  stream per (op, s) started from (global seed, s): later calls with the same op and seed
  continue it, ``set_seed`` restarts it, and without a global seed a non-zero ``s`` still gives
  the same numbers in every process (``s`` = 0 then is unseeded);
- a Primitive instance created with ``seed``/``seed2`` not both 0 (``ops.UniformReal(1, 2)``)
  owns a stream started from (seed, seed2), continued call after call and unaffected by
  ``set_seed``; with both 0 it draws like its functional op without a seed;
- ``ops.bernoulli`` with a seed is the exception: every call restarts from that seed alone.

Streams started from the same seeds give the same bits (``ops.rand(3, seed=1)`` equals
``ops.uniform((3,), 0., 1., seed=1)``, as in MindSpore). The bits are numpy's PCG64, not
MindSpore's Philox: reproducibility is the contract, not MindSpore's exact numbers.
"""
import numpy as np

from mindcell import context

# (op name, op seed) -> Generator; restarted when set_seed installs a new global generator
_streams = {}
_epoch = [None]


def _functional_streams():
    """The stream table, emptied whenever set_seed ran since the last look (set_seed always
    installs a new global Generator object, so its identity marks the epoch)."""
    current = context.global_rng()
    if _epoch[0] is not current:
        _streams.clear()
        _epoch[0] = current
    return _streams


class RandomStream:
    """RandomStream: where a random primitive draws from, looked up each time the primitive runs
    (a compiled graph draws anew at every run and ``set_seed`` restarts it). A value attribute
    of the primitive: shared and fixed streams compare by key, owned streams by identity."""
    __slots__ = ("key", "_own")

    def __init__(self, key, own=None):
        self.key = key
        self._own = own

    @classmethod
    def of_op(cls, op, seed=None):
        """The stream of functional op ``op`` with op seed ``seed`` (None or an int >= 0)."""
        return cls((op, int(seed or 0)))

    @classmethod
    def of_instance(cls, op, seed, seed2):
        """A new stream owned by one Primitive instance created with ``seed``/``seed2``."""
        if not seed and not seed2:
            return cls.of_op(op)
        own = np.random.default_rng([int(seed), int(seed2), 2 ** 32])
        return cls((op, int(seed), int(seed2)), own)

    @classmethod
    def fixed(cls, op, seed):
        """Draws that restart from ``seed`` alone at every run: MindSpore's ``ops.bernoulli``
        with a seed gives the same numbers at every call, whatever the global seed."""
        return cls((op, int(seed), "fixed"))

    def generator(self):
        """The numpy Generator to draw from now."""
        if self._own is not None:
            return self._own
        if len(self.key) == 3:
            return np.random.default_rng([self.key[1], 2 ** 33])
        table = _functional_streams()
        gen = table.get(self.key)
        if gen is None:
            g, s = context.get_seed(), self.key[1]
            gen = np.random.default_rng(None if g is None and s == 0 else
                                        [s, 0 if g is None else g + 1])
            table[self.key] = gen
        return gen

    def __eq__(self, other):
        if self._own is not None or not isinstance(other, RandomStream):
            return self is other
        return other._own is None and self.key == other.key

    def __hash__(self):
        return id(self) if self._own is not None else hash(self.key)

    def __repr__(self):
        return "RandomStream(%s)" % ", ".join(str(k) for k in self.key)


def draw_rng(stream):
    """The Generator a random primitive's ``stream`` attribute names (None: the global one)."""
    return context.global_rng() if stream is None else stream.generator()
