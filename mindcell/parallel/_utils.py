"""``mindspore.parallel._utils``: the parallel-context queries that custom training cells
of the model zoos import (``_get_parallel_mode``, ``_get_gradients_mean``, ``_get_device_num``
...), answered from :mod:`mindcell.parallel._context`."""
from mindcell.parallel._context import ParallelMode, _ctx, _get_parallel_mode  # noqa: F401

__all__ = []  # private helpers: MindSpore's module lists none either


def _get_device_num():
    """The number of devices (``device_num``) training runs on; 1 when standalone."""
    return _ctx["device_num"]


def _get_global_rank():
    """This process's rank (``global_rank``)."""
    return _ctx["global_rank"]


def _get_gradients_mean():
    """Whether data-parallel gradients are averaged (``gradients_mean``)."""
    return _ctx["gradients_mean"]


def _get_parameter_broadcast():
    """Whether rank 0's parameters are broadcast before training (``parameter_broadcast``)."""
    return _ctx["parameter_broadcast"]


def _get_full_batch():
    """Whether each rank loads the full batch (``full_batch``)."""
    return _ctx["full_batch"]


def _get_enable_parallel_optimizer():
    """Whether the optimizer is sharded (``enable_parallel_optimizer``)."""
    return _ctx["enable_parallel_optimizer"]


def _get_pipeline_stages():
    """The number of pipeline stages (``pipeline_stages``): 1 on mindcell."""
    return _ctx["pipeline_stages"]


def _get_stage_device_num():
    """The devices per pipeline stage (device_num // pipeline_stages)."""
    return _ctx["device_num"] // _ctx["pipeline_stages"]


def _get_grad_accumulation_shard():
    """Whether accumulated gradients are sharded: never on mindcell (data parallel only)."""
    return False


def _is_in_data_parallel_mode():
    return _ctx["parallel_mode"] == ParallelMode.DATA_PARALLEL


def _is_in_auto_parallel_mode():
    return _ctx["parallel_mode"] in (ParallelMode.SEMI_AUTO_PARALLEL, ParallelMode.AUTO_PARALLEL)


def _is_in_hybrid_parallel_mode():
    return _ctx["parallel_mode"] == ParallelMode.HYBRID_PARALLEL


def _is_parallel_mode():
    """Whether training is distributed in any mode (not standalone)."""
    return _ctx["parallel_mode"] != ParallelMode.STAND_ALONE


def _is_sharding_propagation():
    """Whether operator strategies are propagated: never on mindcell (data parallel only)."""
    return False
