"""``mindspore.common.generator``: Generator objects (a seed and an offset) and the default one.

In MindSpore 2.10 on the CPU no op draws from a Generator (``ops.rand`` and the initializers
follow ``set_seed``; the ``mint`` ops that take one have no CPU kernel), so mindcell's random
ops do not draw from it either, except the in-place fills given one (``Tensor.uniform_``,
``normal_``, ``random_``), which draw from its seed and offset and advance the offset: ``manual_seed`` and the state functions set and read the
generator's state exactly as MindSpore's do, and reseeding mindcell's random ops stays
``set_seed``'s job.
"""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell import dtype as mstype

__all__ = ["Generator", "default_generator", "seed", "manual_seed", "initial_seed",
           "get_rng_state", "set_rng_state"]

_STATE_BYTES = 16  # int64 seed, then int64 offset, little-endian (MindSpore's layout)


class Generator:
    """Generator(): a random-number generator state, a seed and an offset.

    Examples:
        >>> import mindcell as ms
        >>> g = ms.Generator().manual_seed(3)
        >>> print(g.initial_seed())
        3
    """

    def __init__(self):
        self._seed = 0
        self._offset = 0

    def set_state(self, state):
        """Restore a state returned by :meth:`get_state` (a UInt8 Tensor of 16 bytes).

        Raises:
            RuntimeError: ``state`` is not such a Tensor (MindSpore's error type).
        """
        if (not isinstance(state, Tensor) or state.dtype != mstype.uint8
                or state.shape != (_STATE_BYTES,)):
            raise RuntimeError("Invalid tensor input: State (expected the UInt8 Tensor of "
                               "shape (16,) that get_state returned, got %r)" % (state,))
        self._seed, self._offset = (int(v) for v in state.asnumpy().view("<i8"))

    def get_state(self):
        """The state: a UInt8 Tensor of shape (16,) (seed and offset as int64)."""
        return Tensor(np.array([self._seed, self._offset], "<i8").view(np.uint8).copy())

    def seed(self):
        """Seed with a fresh random number and return it."""
        new = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        self.manual_seed(new)
        return new

    def manual_seed(self, seed):  # pylint: disable=redefined-outer-name
        """Set the seed (and restart the offset); returns the generator.

        Raises:
            TypeError: ``seed`` is not an int.
        """
        if not isinstance(seed, int):
            raise TypeError("Seed must be an integer.")
        self._seed = int(np.int64(np.uint64(seed % 2 ** 64)))  # wraps as MindSpore's int64
        self._offset = 0
        return self

    def initial_seed(self):
        """The seed the generator was last seeded with."""
        return self._seed

    def _step(self, step):
        """The current (seed, offset); advances the offset by ``step``."""
        current = (self._seed, self._offset)
        self._offset += int(step)
        return current


default_generator = Generator()
default_generator.seed()


def seed():  # pylint: disable=redefined-outer-name
    """seed(): seed the default generator with a random number.

    Returns:
        int, the seed used.

    Examples:
        >>> import mindcell as ms
        >>> isinstance(ms.seed(), int)
        True
    """
    return default_generator.seed()


def manual_seed(seed):  # pylint: disable=redefined-outer-name
    """manual_seed(seed): set the default generator's seed.

    Args:
        seed (int): the seed.

    Raises:
        TypeError: ``seed`` is not an int.

    Examples:
        >>> import mindcell as ms
        >>> ms.manual_seed(14)
        >>> print(ms.initial_seed())
        14
    """
    default_generator.manual_seed(seed)


def initial_seed():
    """initial_seed(): the default generator's seed.

    Returns:
        int.

    Examples:
        >>> import mindcell as ms
        >>> ms.manual_seed(2)
        >>> ms.initial_seed()
        2
    """
    return default_generator.initial_seed()


def get_rng_state():
    """get_rng_state(): the default generator's state.

    Returns:
        Tensor, UInt8 of shape (16,).

    Examples:
        >>> import mindcell as ms
        >>> ms.get_rng_state().shape
        (16,)
    """
    return default_generator.get_state()


def set_rng_state(state):
    """set_rng_state(state): restore the default generator's state.

    Args:
        state (Tensor): a state returned by :func:`get_rng_state`.

    Raises:
        RuntimeError: ``state`` is not such a Tensor.

    Examples:
        >>> import mindcell as ms
        >>> state = ms.get_rng_state()
        >>> ms.set_rng_state(state)
    """
    default_generator.set_state(state)
