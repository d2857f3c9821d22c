"""Checkpoints in data parallel: rank 0 writes them, the other ranks skip the write."""
import os

from mindcell.communication import _comm
from mindcell.parallel import _context

ALL_RANKS_ENV = "MINDCELL_SAVE_ON_ALL_RANKS"


def rank0_only():
    """True in a data-parallel world of several ranks unless MINDCELL_SAVE_ON_ALL_RANKS=1."""
    st = _comm._state
    if not (st.inited and st.size > 1) or (_context.get_auto_parallel_context("parallel_mode")
                                           != _context.ParallelMode.DATA_PARALLEL):
        return False
    value = os.environ.get(ALL_RANKS_ENV, "0")
    if value not in ("0", "1"):
        raise ValueError("%s must be 0 (rank 0 writes checkpoints) or 1 (every rank writes "
                         "its own), but got %r" % (ALL_RANKS_ENV, value))
    return value == "0"


def writes_here():
    """Whether this process writes the checkpoints it is asked to save."""
    return not rank0_only() or _comm._state.rank == 0

