"""Global execution context: ``set_context(mode=...)``, ``get_context``, ``set_seed``."""
import warnings

import random

import numpy as np

GRAPH_MODE = 0
PYNATIVE_MODE = 1
# jit_syntax_level values (MindSpore's ``mindspore.STRICT`` ...): how much Python GRAPH_MODE
# accepts. mindcell traces Python itself, so every level runs the same programs; the value is
# checked and recorded.
STRICT = 0
COMPATIBLE = 1
LAX = 2

_VALID = {
    "mode": (GRAPH_MODE, PYNATIVE_MODE),
}
# The device targets MindSpore knows. mindcell runs every one of them on the CPU, so a script
# written for a GPU or an Ascend chip runs unchanged (with a warning saying where it runs).
DEVICE_TARGETS = ("CPU", "GPU", "Ascend", "Davinci")
# Accepted for source compatibility with MindSpore scripts; recorded, no effect on a CPU build.
_FREE_KEYS = ("device_id", "save_graphs", "save_graphs_path", "max_call_depth",
              "pynative_synchronize", "inter_op_parallel_num",
              "enable_graph_kernel", "graph_kernel_flags", "jit_config", "jit_level",
              "max_device_memory", "memory_optimize_level", "deterministic",
              "print_file_path", "enable_reduce_precision", "check_bprop", "debug_level",
              # the rest of the keys MindSpore 2.10's set_context stores (ms-oracle): compiler,
              # profiler, tuning and distributed-communication switches with no effect on a CPU
              # run's values
              "enable_profiling", "profiling_options", "enable_parallel_split",
              "enable_compile_cache", "compile_cache_path", "aoe_tune_mode", "aoe_job_type",
              "aoe_config", "op_timeout", "conv_fprop_algo", "conv_dgrad_algo", "conv_wgrad_algo",
              "conv_allow_tf32", "matmul_allow_tf32", "recompute_allgather_overlap_fagrad",
              "infer_boost", "enable_task_opt", "enable_grad_comm_opt",
              "enable_opt_shard_comm_opt", "compute_communicate_fusion_level",
              "dataset_broadcast_opt_level", "interleaved_matmul_comm",
              "interleaved_layernorm_comm", "bias_add_comm_swap", "enable_begin_end_inline_opt",
              "enable_concat_eliminate_opt", "enable_fused_cast_add_opt", "topo_order",
              "exec_order", "cur_step_num", "need_ckpt", "save_checkpoint_steps",
              "last_triggered_step", "hccl_watchdog", "enable_flash_attention_load_balance",
              "enable_allreduce_slice_to_reducescatter", "enable_interleave_split_concat_branch",
              "enable_interleave_parallel_branch", "enable_offloading_packed_experts",
              "enable_debug_runtime", "reserve_class_name_in_scope", "support_binary",
              "env_config_path",
              # GPU/Ascend-only keys: MindSpore on the CPU logs that it ignores them
              "mempool_block_size", "variable_memory_max_size", "disable_format_transform",
              "ascend_config", "gpu_config")
# Keys MindSpore 2.10 accepts with a deprecation warning and drops (get_context does not know
# them afterwards).
_DROPPED_KEYS = ("enable_sparse", "auto_tune_mode", "enable_auto_mixed_precision")
# Keys MindSpore refuses at the top level: they belong in ascend_config.
_ASCEND_CONFIG_KEYS = ("precision_mode", "jit_compile", "atomic_clean_policy",
                       "matmul_allow_hf32", "conv_allow_hf32", "op_precision_mode",
                       "host_scheduling_max_threshold", "ge_options", "op_debug_option")
_CHOICES = {"exec_order": ("bfs", "dfs"), "aoe_tune_mode": ("online", "offline")}

_context = {"mode": PYNATIVE_MODE, "device_target": "CPU", "device_id": 0,
            "save_graphs": False, "max_call_depth": 1000, "jit_syntax_level": LAX}


def set_context(**kwargs):
    """set_context(**kwargs): set ``mode`` (GRAPH_MODE or PYNATIVE_MODE) and other keys.

    Args:
        mode (int): ``GRAPH_MODE`` (compile Cells and gradient functions) or
            ``PYNATIVE_MODE`` (run eagerly, the default).
        device_target (str): ``"CPU"``, ``"GPU"``, ``"Ascend"`` or ``"Davinci"``: mindcell runs
            all of them on the CPU (a target other than ``"CPU"`` warns once);
            ``get_context("device_target")`` then reports ``"CPU"``.
        runtime_num_threads (int): threads of every kernel and of the BLAS; 0 restores the
            default (``OMP_NUM_THREADS`` when set, else the cores this process may use).
            While other processes keep the cores busy, fewer are used (see
            docs/performance.md); ``deterministic="ON"`` keeps exactly this many.
        deterministic (str): ``"ON"`` keeps the thread count fixed, so that products give
            the same bits on every run whatever the machine's load; ``"OFF"`` (the default)
            lets it follow the load.
        jit_syntax_level (int): ``STRICT`` (0), ``COMPATIBLE`` (1) or ``LAX`` (2, the
            default): the Python GRAPH_MODE accepts in MindSpore. mindcell's tracer runs the
            same programs at every level; the value is checked and recorded.
        kwargs: the other keys of MindSpore's ``set_context`` (``device_id``,
            ``save_graphs``, ``jit_config``, ``max_call_depth``, ``mempool_block_size``,
            ``reserve_class_name_in_scope`` ...) are checked as MindSpore checks them and
            recorded so that MindSpore scripts run; they have no effect here.
            ``enable_sparse``, ``auto_tune_mode`` and ``enable_auto_mixed_precision`` are
            accepted and dropped, as MindSpore drops them.

    Raises:
        TypeError: ``runtime_num_threads`` is not an int.
        ValueError: an unknown key, a key that belongs in ``ascend_config``
            (``precision_mode``, ``jit_compile`` ...), or a value the key does not accept.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_context(mode=ms.GRAPH_MODE)
        >>> ms.get_context("mode") == ms.GRAPH_MODE
        True
        >>> ms.set_context(mode=ms.PYNATIVE_MODE)
    """
    for key, value in kwargs.items():
        if key in _VALID:
            if key == "mode" and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError("set_context: 'mode' must be an int, ms.GRAPH_MODE (0) or "
                                "ms.PYNATIVE_MODE (1), but got %s %r"
                                % (type(value).__name__, value))
            if key == "mode" and value not in _VALID[key]:
                raise ValueError("set_context: 'mode' must be GRAPH_MODE (0) or PYNATIVE_MODE "
                                 "(1), but got %r" % (value,))
        elif key == "device_target":
            _check_device_target(value, "set_context")
        elif key == "runtime_num_threads":
            _check_num_threads(value)
        elif key == "jit_syntax_level":
            _check_syntax_level(value)
        elif key in _ASCEND_CONFIG_KEYS:
            raise ValueError("set_context: Please set '%s' through parameter ascend_config"
                             % key)
        elif key in _FREE_KEYS:
            _check_free_key(key, value)
        elif key not in _DROPPED_KEYS:
            raise ValueError("set_context: unknown key %r; valid keys are %s"
                             % (key, ", ".join(sorted(set(_VALID) | set(_FREE_KEYS)
                                                      | {"runtime_num_threads", "device_target",
                                                         "jit_syntax_level"}))))
    kwargs = {key: value for key, value in kwargs.items() if key not in _DROPPED_KEYS}
    if "jit_syntax_level" in kwargs:
        kwargs["jit_syntax_level"] = int(kwargs["jit_syntax_level"])  # True is COMPATIBLE
    if "device_target" in kwargs:
        kwargs["device_target"] = "CPU"
    if "runtime_num_threads" in kwargs:
        from mindcell import _threads
        _threads.set_num_threads(int(kwargs["runtime_num_threads"]) or None)
    if "deterministic" in kwargs:  # "ON": the configured thread count, not the load's
        from mindcell import _threads
        _threads.set_deterministic(kwargs["deterministic"] == "ON")
    _context.update(kwargs)


def _check_free_key(key, value):
    """The checks MindSpore 2.10 makes on the recorded keys' values (ms-oracle)."""
    if key == "reserve_class_name_in_scope" and not isinstance(value, bool):
        raise ValueError("set_context: 'reserve_class_name_in_scope' must be a bool, but got %s"
                         % type(value).__name__)
    if key in _CHOICES and value not in _CHOICES[key]:
        raise ValueError("set_context: '%s' must be one of %s, but got %r"
                         % (key, list(_CHOICES[key]), value))
    if key == "profiling_options" and not isinstance(value, str):
        raise TypeError("set_context: 'profiling_options' must be a str, but got %s"
                        % type(value).__name__)
    if key == "op_timeout" and value < 0:
        raise ValueError("set_context: 'op_timeout' must be >= 0, but got %r" % (value,))
    if key == "env_config_path":
        import json
        import os
        path = os.path.realpath(value)
        try:
            with open(path, encoding="utf-8") as f:
                json.load(f)
        except (OSError, ValueError) as exc:
            raise ValueError("set_context: 'env_config_path' must name a readable JSON file, "
                             "but %r is not one (%s)" % (path, exc)) from exc


_warned_targets = set()


def _check_device_target(value, api):
    """MindSpore's rule for the name (a str among DEVICE_TARGETS, case-sensitive); a target
    other than the CPU warns once per target that the program runs on the CPU."""
    if not isinstance(value, str):
        raise TypeError("%s: 'device_target' must be a str, but got %s"
                        % (api, type(value).__name__))
    if value not in DEVICE_TARGETS:
        raise ValueError("%s: 'device_target' must be one of %s, but got %r"
                         % (api, list(DEVICE_TARGETS), value))
    if value != "CPU" and value not in _warned_targets:
        _warned_targets.add(value)
        warnings.warn("%s: mindcell runs on the CPU; device_target=%r runs there, with the "
                      "same results" % (api, value), UserWarning, stacklevel=3)


def _check_num_threads(value):
    """MindSpore's rule: an int (bools count as ints) >= 0; 0 means the default."""
    if not isinstance(value, (int, np.integer)):
        raise TypeError("set_context: 'runtime_num_threads' must be an int, but got %s"
                        % type(value).__name__)
    if value < 0:
        raise ValueError("set_context: 'runtime_num_threads' must be >= 0, but got %d" % value)


def _check_syntax_level(value):
    """MindSpore's rule: an int (bools count as ints) that is STRICT, COMPATIBLE or LAX."""
    if value is not None and not isinstance(value, int):
        raise TypeError("The parameter 'jit_syntax_level' must be <class 'int'>, but got %s"
                        % type(value))
    if value not in (STRICT, COMPATIBLE, LAX):
        raise ValueError("For 'jit_syntax_level', the value should be context.STRICT or "
                         "context.LAX, but got %r." % (value,))


def get_context(attr_key):
    """get_context(attr_key): the value of one context key.

    Args:
        attr_key (str): a key of ``set_context`` (``'mode'``, ``'device_target'``,
            ``'runtime_num_threads'`` ...).

    Returns:
        The value; None for a valid key that was never set.

    Raises:
        ValueError: ``attr_key`` is unknown (no KeyError).

    Examples:
        >>> import mindcell as ms
        >>> ms.get_context("device_target")
        'CPU'
        >>> ms.get_context("mode") in (ms.PYNATIVE_MODE, ms.GRAPH_MODE)
        True
    """
    if attr_key == "runtime_num_threads":
        from mindcell import _threads
        return _threads.get_num_threads()
    if attr_key in _context:
        return _context[attr_key]
    if attr_key in _VALID or attr_key in _FREE_KEYS:
        return None
    raise ValueError("get_context: unknown key %r" % (attr_key,))


def is_graph_mode():
    return _context["mode"] == GRAPH_MODE


_seed = {"value": None}
_rng = [np.random.default_rng()]


def set_seed(seed):
    """set_seed(seed): seed every random op and initializer of mindcell (the global numpy
    generator behind them is recreated from ``seed``), numpy's global generator
    (``np.random.seed``) and the dataset pipeline (``dataset.config.set_seed``, which also seeds
    Python's ``random``), as MindSpore does.

    Args:
        seed (int): a non-negative int.

    Raises:
        TypeError: ``seed`` is not an int.
        ValueError: ``seed`` is negative.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_seed(7)
        >>> a = ms.nn.Dense(3, 2).weight.asnumpy()
        >>> ms.set_seed(7)
        >>> bool((ms.nn.Dense(3, 2).weight.asnumpy() == a).all()), ms.get_seed()
        (True, 7)
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError("set_seed: seed must be an int, but got %s %r"
                        % (type(seed).__name__, seed))
    if seed < 0:
        raise ValueError("set_seed: seed must be a non-negative int, but got %r" % (seed,))
    _seed["value"] = int(seed)
    _rng[0] = np.random.default_rng(int(seed))
    # As MindSpore's set_seed: numpy's global generator and the dataset pipeline's seed (which
    # also seeds Python's ``random``) follow the global seed, so a program that initializes
    # weights with np.random after set_seed gets the same numbers as under MindSpore.
    np.random.seed(int(seed))
    random.seed(int(seed))
    for listener in _SEED_LISTENERS:  # dataset.config's seed (a higher layer registers it)
        listener(int(seed))


# functions called with the seed by set_seed: the dataset pipeline's (mindcell.dataset.config
# adds its set_seed when it is imported)
_SEED_LISTENERS = []


def get_seed():
    """get_seed(): the global seed, or None if set_seed was never called.

    Returns:
        Union[int, None].

    Examples:
        >>> import mindcell as ms
        >>> ms.set_seed(3)
        >>> ms.get_seed()
        3
    """
    return _seed["value"]


def global_rng():
    """The numpy Generator behind random ops and initializers (reseeded by set_seed)."""
    return _rng[0]


def set_device(device_target, device_id=None):
    """set_device(device_target, device_id=None): the device to run on; mindcell runs on "CPU".

    Args:
        device_target (str): ``"CPU"``, ``"GPU"``, ``"Ascend"`` or ``"Davinci"``: mindcell runs
            all of them on the CPU (a target other than ``"CPU"`` warns once).
        device_id (int, optional): the device's index, non-negative (recorded as the
            context's ``device_id``). Default: ``None``.

    Raises:
        TypeError: ``device_target`` is not a str or ``device_id`` not an int.
        ValueError: ``device_target`` is not one of MindSpore's targets, or ``device_id`` is
            negative.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_device("CPU")
    """
    _check_device_target(device_target, "set_device")
    if device_id is not None:
        if isinstance(device_id, bool) or not isinstance(device_id, int):
            raise TypeError("set_device: 'device_id' must be an int, but got %s"
                            % type(device_id).__name__)
        if device_id < 0:
            raise ValueError("set_device: 'device_id' must be >= 0, but got %d" % device_id)
        _context["device_id"] = device_id
    _context["device_target"] = "CPU"

# ----- parameter-server context (MindSpore 2.10 keeps it, deprecated) -----------------------
_PS_TYPES = {"enable_ps": bool, "config_file_path": str, "enable_ssl": bool,
             "client_password": str, "server_password": str}
_PS_READABLE = ("enable_ps", "config_file_path", "enable_ssl")  # what get_ps_context answers
_PS_DEFAULTS = {"enable_ps": False, "config_file_path": "", "enable_ssl": False,
                "client_password": "", "server_password": ""}
_ps_context = dict(_PS_DEFAULTS)


def set_ps_context(**kwargs):
    """set_ps_context(**kwargs): the parameter-server training context, as MindSpore 2.10's
    (deprecated there).

    One process has no parameter server: ``enable_ps=False`` (the default) is accepted, and
    ``enable_ps=True`` is a NotImplementedError (parameter-server training needs scheduler,
    server and worker processes). The other keys are stored as given; they only matter for
    parameter-server training.

    Args:
        enable_ps (bool): parameter-server training; only ``False`` here. Default: ``False``.
        config_file_path (str): the recovery configuration file. Default: ``''``.
        enable_ssl (bool): SSL between the processes. Default: ``False``.
        client_password (str): the client certificate's password. Default: ``''``.
        server_password (str): the server certificate's password. Default: ``''``.

    Raises:
        ValueError: a key is not one of these (MindSpore's message).
        TypeError: a value has another type (MindSpore's message).
        NotImplementedError: ``enable_ps=True``.

    Examples:
        >>> import mindcell as ms
        >>> ms.set_ps_context(enable_ps=False, config_file_path="")
        >>> ms.get_ps_context("enable_ps")
        False
    """
    for key, value in kwargs.items():
        if key not in _PS_TYPES:
            raise ValueError("Set PS context keyword %s is not recognized!" % key)
        want = _PS_TYPES[key]
        if not isinstance(value, want) or (want is not bool and isinstance(value, bool)):
            raise TypeError("The parameter '%s' must be %s, but got %s" % (key, want, type(value)))
    if kwargs.get("enable_ps"):
        raise NotImplementedError(
            "set_ps_context: enable_ps=True (parameter-server training) needs scheduler, server "
            "and worker processes (MS_ROLE, MS_SCHED_HOST ...); mindcell runs one CPU process, "
            "where training keeps the parameters in the process (enable_ps=False)")
    _ps_context.update(kwargs)


def get_ps_context(attr_key):
    """get_ps_context(attr_key): a parameter-server context value set by
    :func:`set_ps_context`: ``'enable_ps'``, ``'config_file_path'`` or ``'enable_ssl'`` (as
    MindSpore 2.10, the passwords are not readable).

    Args:
        attr_key (str): the key.

    Returns:
        The value.

    Raises:
        ValueError: another key (MindSpore's message).

    Examples:
        >>> import mindcell as ms
        >>> ms.get_ps_context("enable_ssl")
        False
    """
    if attr_key not in _PS_READABLE:
        raise ValueError("Get PS context keyword %s is not recognized!" % attr_key)
    return _ps_context[attr_key]


def reset_ps_context():
    """reset_ps_context(): every parameter-server context key back to its default
    (``enable_ps=False``, ``config_file_path=''``, ``enable_ssl=False``, empty passwords).

    Examples:
        >>> import mindcell as ms
        >>> ms.context.reset_ps_context()
        >>> ms.get_ps_context("config_file_path")
        ''
    """
    _ps_context.clear()
    _ps_context.update(_PS_DEFAULTS)


# MindSpore also offers the auto-parallel context under mindspore.context.
from mindcell.parallel._context import (ParallelMode, set_auto_parallel_context,  # noqa: E402,F401
                                        get_auto_parallel_context, reset_auto_parallel_context)
