"""``mindcell.parallel``: data-parallel training support (parallel context, launcher), and the
auto-parallel API of ``mindspore.parallel`` that one process accepts: :class:`Layout`,
:func:`shard`, the strategy-search parameters."""
from mindcell.parallel._context import (ParallelMode, set_auto_parallel_context,  # noqa: F401
                                        get_auto_parallel_context, reset_auto_parallel_context)
from mindcell.parallel.algo_parameter_config import (set_algo_parameters,  # noqa: F401
                                                     get_algo_parameters, reset_algo_parameters)
# the function shard is bound over its module's name, as in MindSpore (the module stays
# importable: ``from mindspore.parallel.shard import Layout``)
from mindcell.parallel.shard import Layout, shard  # noqa: F401
