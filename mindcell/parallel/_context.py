"""The auto-parallel context: ``set_auto_parallel_context`` and friends. Only data
parallelism exists on mindcell; the model-parallel modes raise instead of being ignored."""


class ParallelMode:
    """ParallelMode: the names of the parallel modes, strings for ``set_auto_parallel_context``:
    ``STAND_ALONE`` (``'stand_alone'``), ``DATA_PARALLEL`` (``'data_parallel'``),
    ``HYBRID_PARALLEL``, ``SEMI_AUTO_PARALLEL`` and ``AUTO_PARALLEL``; ``MODE_LIST`` holds the
    five. mindcell runs the first two; the others are refused by ``set_auto_parallel_context``.

    Examples:
        >>> import mindcell as ms
        >>> ms.ParallelMode.DATA_PARALLEL, len(ms.ParallelMode.MODE_LIST)
        ('data_parallel', 5)
    """
    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


_SUPPORTED = (ParallelMode.STAND_ALONE, ParallelMode.DATA_PARALLEL)
_DEFAULTS = {"device_num": 1, "global_rank": 0, "gradients_mean": False,
             "gradient_fp32_sync": True, "loss_repeated_mean": True,
             "parallel_mode": ParallelMode.STAND_ALONE, "parameter_broadcast": False,
             "all_reduce_fusion_config": [], "comm_fusion": None, "dataset_strategy": "data_parallel",
             "search_mode": "recursive_programming", "strategy_ckpt_load_file": "",
             "strategy_ckpt_save_file": "", "full_batch": False, "enable_parallel_optimizer": False,
             "pipeline_stages": 1, "grad_accumulation_step": 1}
_BOOLS = ("gradients_mean", "gradient_fp32_sync", "loss_repeated_mean", "parameter_broadcast",
          "full_batch", "enable_parallel_optimizer")
_ctx = dict(_DEFAULTS)
_explicit = set()  # the keys set_auto_parallel_context was given since the last reset
DEFAULT_BUCKET_MB = 25


def set_auto_parallel_context(**kwargs):
    """set_auto_parallel_context(**kwargs): configure data-parallel training.

    Args:
        parallel_mode (str): ``ParallelMode.STAND_ALONE`` (default) or
            ``ParallelMode.DATA_PARALLEL``; the model-parallel modes are not supported.
        gradients_mean (bool): average the all-reduced gradients (default False: sum).
        device_num (int): the number of processes, in [1, 4096].
        global_rank (int): this process's rank, in [0, 4095].
        parameter_broadcast (bool): copy rank 0's parameters and optimizer state to every
            rank before the first training step.
        comm_fusion (dict): ``{"allreduce": {"mode": "size", "config": MB}}`` sets the size
            of the gradient buckets fused into one all-reduce (default 25 MB).
        kwargs: MindSpore's other keys are accepted and recorded.

    Raises:
        ValueError: an unknown key, a bad value, or a model-parallel mode.
        TypeError: a bool key given another type.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
        ...                              gradients_mean=True)
        >>> ms.get_auto_parallel_context("parallel_mode")
        'data_parallel'
        >>> ms.reset_auto_parallel_context()
    """
    for key, value in kwargs.items():
        _check(key, value)
    _ctx.update(kwargs)
    _explicit.update(kwargs)


def _check(key, value):
    name = "set_auto_parallel_context"
    if key not in _DEFAULTS:
        raise ValueError("%s: unknown key %r; valid keys are %s"
                         % (name, key, ", ".join(sorted(_DEFAULTS))))
    if key == "parallel_mode":
        if value not in ParallelMode.MODE_LIST:
            raise ValueError("%s: 'parallel_mode' must be one of %s, but got %r"
                             % (name, ParallelMode.MODE_LIST, value))
        if value not in _SUPPORTED:
            raise ValueError("%s: parallel_mode %r is not supported by mindcell (it shards "
                             "operators across devices); use ParallelMode.DATA_PARALLEL"
                             % (name, value))
    elif key in _BOOLS and not isinstance(value, bool):
        raise TypeError("%s: %r must be a bool, but got %s" % (name, key, type(value).__name__))
    elif key in ("device_num", "global_rank"):
        hi = 4096 if key == "device_num" else 4095
        lo = 1 if key == "device_num" else 0
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise ValueError("%s: %r must be an int in [%d, %d], but got %r"
                             % (name, key, lo, hi, value))
    elif key == "comm_fusion" and value is not None:
        bucket_mb(value)


def bucket_mb(fusion=None):
    """The all-reduce bucket size in MB from a ``comm_fusion`` dict (default 25)."""
    fusion = _ctx["comm_fusion"] if fusion is None else fusion
    if not fusion:
        return DEFAULT_BUCKET_MB
    cfg = fusion.get("allreduce") if isinstance(fusion, dict) else None
    if (not isinstance(cfg, dict) or cfg.get("mode", "size") != "size"
            or isinstance(cfg.get("config"), bool)
            or not isinstance(cfg.get("config"), (int, float)) or cfg["config"] <= 0):
        raise ValueError("set_auto_parallel_context: 'comm_fusion' must look like "
                         "{'allreduce': {'mode': 'size', 'config': <MB > 0>}}, but got %r"
                         % (fusion,))
    return cfg["config"]


def get_auto_parallel_context(attr_key):
    """get_auto_parallel_context(attr_key): the value of one key of the auto-parallel context.

    Args:
        attr_key (str): a key of :func:`set_auto_parallel_context` (``'parallel_mode'``,
            ``'device_num'``, ``'gradients_mean'`` ...).

    Returns:
        The value: the one set, or the key's default.

    Raises:
        ValueError: ``attr_key`` is unknown.

    Examples:
        >>> import mindcell as ms
        >>> ms.get_auto_parallel_context("parallel_mode")
        'stand_alone'
        >>> ms.get_auto_parallel_context("device_num")
        1
    """
    if attr_key not in _ctx:
        raise ValueError("get_auto_parallel_context: unknown key %r" % (attr_key,))
    return _ctx[attr_key]


def reset_auto_parallel_context():
    """reset_auto_parallel_context(): every key of the auto-parallel context back to its default
    (stand-alone, one device).

    Returns:
        None.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_auto_parallel_context(gradients_mean=True)
        >>> ms.reset_auto_parallel_context()
        >>> ms.get_auto_parallel_context("gradients_mean")
        False
    """
    _ctx.clear()
    _ctx.update(_DEFAULTS)
    _explicit.clear()


def is_set(attr_key):
    """Whether ``attr_key`` was given to set_auto_parallel_context since the last reset."""
    return attr_key in _explicit


def is_data_parallel():
    return _ctx["parallel_mode"] == ParallelMode.DATA_PARALLEL


def _get_parallel_mode():
    return _ctx["parallel_mode"]
