"""Parallel configurations of MindSpore's transformer layers (``mindspore.parallel._transformer``).

On one device the data/model/expert parallel ways are recorded and readable, as MindSpore keeps
them, but no sharding follows from them: MindSpore's own single-device run ignores the sharding
strategies the layers set from these values.
"""
from mindcell import _checkparam as Validator
from mindcell import context

__all__ = ["OpParallelConfig"]


def _checked_property(name, check, on_set=None):
    """A property stored as ``_<name>``: every assignment is validated by ``check(value, name)``
    (the constructor's too), then ``on_set(value)`` runs if given."""
    key = "_" + name

    def setter(self, value):
        check(value, name)
        setattr(self, key, value)
        if on_set is not None:
            on_set(value)
    return property(lambda self: getattr(self, key), setter)


def _delegated_property(name, *parts):
    """A property kept by inner configurations (attribute names ``parts``): read from the first,
    assigned to every one (their own properties validate it)."""

    def setter(self, value):
        for part in parts:
            setattr(getattr(self, part), name, value)
    return property(lambda self: getattr(getattr(self, parts[0]), name), setter)


def _positive(name):
    return _checked_property(name, Validator.check_positive_int)


class _Config:
    """Base of the configurations: ``str()`` lists the stored attributes."""

    def __str__(self):
        lines = ["[ParallelConfig]"]
        lines.extend("{}:{}".format(key, value) for key, value in self.__dict__.items())
        return "\n".join(lines) + "\n"


class OpParallelConfig(_Config):
    r"""
    The data and model parallel ways of an operator (recorded; one device runs unsharded).

    Args:
        data_parallel (int): The data parallel way, a positive int. Default: ``1``.
        model_parallel (int): The model parallel way, a positive int. Default: ``1``.

    Raises:
        TypeError: A way is not an int.
        ValueError: A way is not positive.

    Examples:
        >>> from mindcell.parallel._transformer import OpParallelConfig
        >>> config = OpParallelConfig(data_parallel=1, model_parallel=1)
        >>> config.data_parallel, config.model_parallel
        (1, 1)
    """

    data_parallel = _positive("data_parallel")
    model_parallel = _positive("model_parallel")

    def __init__(self, data_parallel=1, model_parallel=1):
        self.data_parallel = data_parallel
        self.model_parallel = model_parallel


class MoEParallelConfig(_Config):
    r"""
    The data, model and expert parallel ways of a mixture-of-experts layer (recorded).

    Args:
        data_parallel (int): The data parallel way. Default: ``1``.
        model_parallel (int): The model parallel way. Default: ``1``.
        expert_parallel (int): The expert parallel way. Default: ``1``.

    Raises:
        TypeError: A way is not an int.
        ValueError: A way is not positive.

    Examples:
        >>> from mindcell.parallel._transformer.op_parallel_config import MoEParallelConfig
        >>> MoEParallelConfig(expert_parallel=1).dpmp.model_parallel
        1
    """

    def __init__(self, data_parallel=1, model_parallel=1, expert_parallel=1):
        Validator.check_positive_int(data_parallel, "data_parallel")
        Validator.check_positive_int(model_parallel, "model_parallel")
        Validator.check_positive_int(expert_parallel, "expert_parallel")
        self._dpmp = OpParallelConfig(data_parallel=data_parallel, model_parallel=model_parallel)
        self.expert_parallel = expert_parallel

    data_parallel = _delegated_property("data_parallel", "_dpmp")
    model_parallel = _delegated_property("model_parallel", "_dpmp")
    expert_parallel = _positive("expert_parallel")

    @property
    def dpmp(self):
        """The data/model parallel part, an :class:`OpParallelConfig`."""
        return self._dpmp


class _PipeLineConfig(_Config):
    """Pipeline stages, segments and micro batches; like MindSpore, setting the stages also sets
    them in the auto-parallel context (the segments are recorded here only: MindSpore's context
    cannot report them either)."""

    pipeline_stage = _checked_property(
        "pipeline_stage", Validator.check_positive_int,
        lambda value: context.set_auto_parallel_context(pipeline_stages=value))
    pipeline_segment = _positive("pipeline_segment")
    micro_batch_num = _positive("micro_batch_num")

    def __init__(self, pipeline_stage=1, micro_batch_num=1, pipeline_segment=1):
        Validator.check_positive_int(pipeline_stage, "pipeline_stage")
        Validator.check_positive_int(micro_batch_num, "micro_batch_num")
        self.pipeline_stage = pipeline_stage
        self.pipeline_segment = pipeline_segment
        self.micro_batch_num = micro_batch_num


default_dpmp_config = OpParallelConfig()
default_moeparallel_config = MoEParallelConfig()


def _check_config(config):
    """The pipeline stages of ``config`` must equal the auto-parallel context's (ValueError, as
    MindSpore). The device-count checks of MindSpore's (semi-)auto parallel mode do not apply to
    one process."""
    pipeline_stage = context.get_auto_parallel_context("pipeline_stages")
    if hasattr(config, "pipeline_stage") and pipeline_stage != config.pipeline_stage:
        raise ValueError(
            "The pipeline stage {} in auto_parallel_context is not equal to the pipeline_stage {} "
            "in the config.".format(pipeline_stage, config.pipeline_stage))
