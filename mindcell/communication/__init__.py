"""``mindcell.communication``: MindSpore's collective communication API over MPI (see
docs/distributed.md)."""
from mindcell.communication.management import *  # noqa: F401,F403
from mindcell.communication.management import __all__  # noqa: F401
