"""``mindcell.parallel``: data-parallel training support (parallel context, launcher)."""
from mindcell.parallel._context import (ParallelMode, set_auto_parallel_context,  # noqa: F401
                                        get_auto_parallel_context, reset_auto_parallel_context)
