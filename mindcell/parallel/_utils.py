"""``mindspore.parallel._utils``: the parallel-context queries that custom training cells
of the model zoos import (``_get_parallel_mode``, ``_get_gradients_mean``, ``_get_device_num``
...), answered from :mod:`mindcell.parallel._context`."""
from mindcell.parallel._context import ParallelMode, _ctx, _get_parallel_mode, is_set  # noqa: F401

__all__ = []  # private helpers: MindSpore's module lists none either


def _get_device_num():
    """The number of devices training runs on: 1 stand-alone (as MindSpore, whatever
    ``device_num`` says); otherwise ``device_num`` when it was set, else the size of the
    communication world."""
    if _ctx["parallel_mode"] == ParallelMode.STAND_ALONE:
        return 1
    if not is_set("device_num") and _comm_initialized():
        from mindcell.communication.management import get_group_size
        return get_group_size()
    return _ctx["device_num"]


def _get_global_rank():
    """This process's rank: ``global_rank`` when set, else the communication world's rank
    (0 before ``init``)."""
    if not is_set("global_rank") and _comm_initialized():
        from mindcell.communication.management import get_rank
        return get_rank()
    return _ctx["global_rank"]


def _comm_initialized():
    from mindcell.communication.management import GlobalComm
    return GlobalComm.INITED


def _get_gradients_mean():
    """Whether data-parallel gradients are averaged (``gradients_mean``)."""
    return _ctx["gradients_mean"]


def _get_parameter_broadcast():
    """Whether rank 0's parameters are broadcast before training (``parameter_broadcast``;
    never stand-alone)."""
    if _ctx["parallel_mode"] == ParallelMode.STAND_ALONE:
        return False
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
    return _get_device_num() // _ctx["pipeline_stages"]


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


def _need_to_full():
    """Whether dataset batches must be enlarged to the global batch: only under operator
    sharding, which mindcell does not do."""
    return False


def _check_full_batch():
    """``full_batch`` is only meaningful under (semi-)auto parallelism (RuntimeError)."""
    if _ctx["full_batch"] and not _is_in_auto_parallel_mode():
        raise RuntimeError("full_batch can only be used under semi_auto_parallel or "
                           "auto_parallel, but the parallel mode is %r" % _ctx["parallel_mode"])


def _device_number_check(parallel_mode, device_number):
    """Stand-alone training runs on exactly one device (ValueError otherwise)."""
    if parallel_mode == ParallelMode.STAND_ALONE and device_number != 1:
        raise ValueError("in stand_alone mode the device number must be 1, but got %r"
                         % (device_number,))


def _to_full_shapes(shapes, device_num):
    """Each shape with its (static, positive) batch dimension multiplied by ``device_num``:
    the global batch that the per-device batches make up."""
    return [[d * device_num if i == 0 and d > 0 else d for i, d in enumerate(shape)]
            for shape in shapes]
