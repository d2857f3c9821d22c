"""``mindcell.dataset.config``: the seed of the dataset pipeline's randomness (shuffles, random
splits, random transforms) and a few accepted-for-compatibility settings."""
import enum
import random
import threading

import numpy as np

from mindcell import context as _context
from mindcell.context import get_seed as _global_seed

__all__ = ["set_seed", "get_seed", "set_num_parallel_workers", "get_num_parallel_workers",
           "ErrorSamplesMode", "INT32_MAX", "UINT32_MAX"]

_DEFAULT_SEED = 5489  # std::mt19937's default seed, what MindSpore reports when none was set
_state = {"seed": None, "workers": 8, "eager_rng": None}
_local = threading.local()  # the running map's generator, per worker thread


def set_seed(seed):
    """set_seed(seed): seed every shuffle, random split and random transform of the pipeline
    (also Python's ``random`` and numpy's global generator, as MindSpore does). A pipeline
    built again after the same ``set_seed`` yields the same rows, epoch after epoch.

    Args:
        seed (int): the seed, in [0, 2**32 - 1].

    Raises:
        TypeError: ``seed`` is not an int.
        ValueError: ``seed`` is outside [0, 2**32 - 1].

    Examples:
        >>> import mindcell.dataset as ds
        >>> def order():
        ...     data = ds.NumpySlicesDataset({"x": list(range(6))}, shuffle=True)
        ...     return [int(r[0]) for r in data]
        >>> ds.config.set_seed(3)
        >>> first = order()
        >>> ds.config.set_seed(3)
        >>> order() == first, ds.config.get_seed()
        (True, 3)
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError("config.set_seed: 'seed' must be an int, but got %s"
                        % type(seed).__name__)
    if not 0 <= seed <= 2 ** 32 - 1:
        raise ValueError("config.set_seed: 'seed' must be in [0, 2**32 - 1], but got %d" % seed)
    _state["seed"] = int(seed)
    _state["eager_rng"] = None
    random.seed(int(seed))
    np.random.seed(int(seed))


_context._SEED_LISTENERS.append(set_seed)  # mindcell.set_seed seeds the pipeline too


def get_seed():
    """get_seed(): the seed given to :func:`set_seed` (or ``mindcell.set_seed``).

    Returns:
        int, the seed, or 5489 (MindSpore's default report) when none was set.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_seed(11)
        >>> ds.config.get_seed()
        11
    """
    seed = base_seed()
    return _DEFAULT_SEED if seed is None else seed


def set_num_parallel_workers(num):
    """set_num_parallel_workers(num): accepted for compatibility and reported by
    :func:`get_num_parallel_workers`; an operation given no ``num_parallel_workers`` of its
    own still runs in the calling thread.

    Args:
        num (int): the number of workers, > 0.

    Raises:
        ValueError: ``num`` is not a positive int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_num_parallel_workers(4)
        >>> ds.config.get_num_parallel_workers()
        4
        >>> ds.config.set_num_parallel_workers(8)
    """
    if isinstance(num, bool) or not isinstance(num, int) or num <= 0:
        raise ValueError("config.set_num_parallel_workers: 'num' must be a positive int, "
                         "but got %r" % (num,))
    _state["workers"] = num


def get_num_parallel_workers():
    """get_num_parallel_workers(): the value given to :func:`set_num_parallel_workers`.

    Returns:
        int, 8 unless set.

    Examples:
        >>> import mindcell.dataset as ds
        >>> isinstance(ds.config.get_num_parallel_workers(), int)
        True
    """
    return _state["workers"]


def base_seed():
    """The pipeline's seed: ``config.set_seed``'s, else ``mindcell.set_seed``'s, else None
    (then every run differs)."""
    return _state["seed"] if _state["seed"] is not None else _global_seed()


def rng_for(*key):
    """A numpy Generator for one random decision of the pipeline, a function of the seed and
    ``key`` (epoch, node ...); fresh entropy when no seed was set."""
    seed = base_seed()
    if seed is None:
        return np.random.default_rng()
    return np.random.default_rng([seed, *key])


def transform_rng():
    """The generator random transforms draw from: the running ``map``'s, or outside a
    pipeline one that follows the current seed."""
    slot = getattr(_local, "slot", None)
    if slot is not None:
        if slot[1] is None:
            slot[1] = slot[0]()
        return slot[1]
    seed = base_seed()
    cached = _state["eager_rng"]
    if cached is None or cached[0] != seed or seed is None:
        cached = (seed, np.random.default_rng(None if seed is None else [seed, 7]))
        _state["eager_rng"] = cached
    return cached[1]


class map_random:
    """``with map_random(make):`` random transforms called inside (in this thread) draw from
    the generator ``make()`` returns, made on the first draw."""

    def __init__(self, make):
        self.make, self.saved = make, None

    def __enter__(self):
        self.saved, _local.slot = getattr(_local, "slot", None), [self.make, None]

    def __exit__(self, *exc):
        _local.slot = self.saved


# ----- the pipeline's tuning settings ---------------------------------------------------------
# MindSpore's dataset.config holds, besides the seed and the worker count, settings that tune how
# its C++ pipeline runs (queue sizes, timeouts, shared memory, autotuning, NUMA binding ...). None
# of them changes the rows a pipeline yields. mindcell's pipeline has no such machinery: each
# setter checks its value as MindSpore does (same error types) and stores it for its getter.
# The settings that would change what a pipeline yields or how it fails (error_samples_mode other
# than RETURN, debug mode, an autotune file, the Ascend video backend) raise NotImplementedError.

INT32_MAX = 2147483647
UINT32_MAX = 4294967295


class ErrorSamplesMode(enum.IntEnum):
    """What a pipeline does with a row whose transform fails: RETURN raises the error (the
    default and the only mode mindcell runs), REPLACE and SKIP are MindSpore's other modes."""
    RETURN = 0
    REPLACE = 1
    SKIP = 2


_tuning = {"prefetch_size": 16, "callback_timeout": 60, "monitor_sampling_interval": 1000,
           "autotune_interval": 0, "multiprocessing_timeout_interval": 300,
           "auto_num_workers": False, "auto_offload": False, "enable_shared_mem": True,
           "enable_watchdog": True, "fast_recovery": True, "numa_enable": False,
           "dynamic_shape": False, "enable_autotune": False, "multiprocessing_start_method": "fork",
           "video_backend": "CPU", "iterator_mode": (False, False), "sending_batches": 0,
           "error_samples_mode": ErrorSamplesMode.RETURN, "debug_mode": False}


def _int_setting(api, arg, value, low, high, low_open=True, high_open=False):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("config.%s: '%s' must be an int, but got %s"
                        % (api, arg, type(value).__name__))
    above = value > low if low_open else value >= low
    below = value < high if high_open else value <= high
    if not (above and below):
        raise ValueError("config.%s: '%s' must be in %s%d, %d%s, but got %d"
                         % (api, arg, "(" if low_open else "[", low, high,
                            ")" if high_open else "]", value))
    return int(value)


def _bool_setting(api, arg, value):
    if not isinstance(value, bool):
        raise TypeError("config.%s: '%s' must be a bool, but got %s"
                        % (api, arg, type(value).__name__))
    return value


def _str_setting(api, arg, value, choices):
    if not isinstance(value, str):
        raise TypeError("config.%s: '%s' must be a str, but got %s"
                        % (api, arg, type(value).__name__))
    if value not in choices:
        raise ValueError("config.%s: '%s' must be one of %s, but got %r"
                         % (api, arg, list(choices), value))
    return value


def set_prefetch_size(size):
    """set_prefetch_size(size): the queue size between pipeline operations in MindSpore's
    pipeline; mindcell checks and stores it (it changes no row).

    Args:
        size (int): in (0, 2147483647].

    Raises:
        TypeError: ``size`` is not an int.
        ValueError: ``size`` is out of range.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_prefetch_size(64)
        >>> ds.config.get_prefetch_size()
        64
        >>> ds.config.set_prefetch_size(16)
    """
    _tuning["prefetch_size"] = _int_setting("set_prefetch_size", "size", size, 0, INT32_MAX)


def get_prefetch_size():
    """get_prefetch_size(): the value given to :func:`set_prefetch_size` (16 unless set).

    Returns:
        int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> isinstance(ds.config.get_prefetch_size(), int)
        True
    """
    return _tuning["prefetch_size"]


def set_callback_timeout(timeout):
    """set_callback_timeout(timeout): seconds a sink-mode dataset callback waits; checked and
    stored.

    Args:
        timeout (int): > 0 seconds.

    Raises:
        TypeError: ``timeout`` is not an int.
        ValueError: ``timeout`` is not positive.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_callback_timeout(100)
        >>> ds.config.get_callback_timeout()
        100
        >>> ds.config.set_callback_timeout(60)
    """
    _tuning["callback_timeout"] = _int_setting("set_callback_timeout", "timeout", timeout,
                                               0, INT32_MAX)


def get_callback_timeout():
    """get_callback_timeout(): the value given to :func:`set_callback_timeout` (60 unless set).

    Returns:
        int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_callback_timeout() > 0
        True
    """
    return _tuning["callback_timeout"]


def set_monitor_sampling_interval(interval):
    """set_monitor_sampling_interval(interval): the profiler's sampling interval in ms; checked
    and stored.

    Args:
        interval (int): in (0, 2147483647].

    Raises:
        TypeError: ``interval`` is not an int.
        ValueError: ``interval`` is out of range.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_monitor_sampling_interval(100)
        >>> ds.config.get_monitor_sampling_interval()
        100
        >>> ds.config.set_monitor_sampling_interval(1000)
    """
    _tuning["monitor_sampling_interval"] = _int_setting(
        "set_monitor_sampling_interval", "interval", interval, 0, INT32_MAX)


def get_monitor_sampling_interval():
    """get_monitor_sampling_interval(): the value given to
    :func:`set_monitor_sampling_interval` (1000 unless set).

    Returns:
        int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_monitor_sampling_interval() > 0
        True
    """
    return _tuning["monitor_sampling_interval"]


def set_autotune_interval(interval):
    """set_autotune_interval(interval): the autotuner's interval in steps (0: every epoch);
    checked and stored.

    Args:
        interval (int): in [0, 2147483647].

    Raises:
        TypeError: ``interval`` is not an int.
        ValueError: ``interval`` is negative.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_autotune_interval(5)
        >>> ds.config.get_autotune_interval()
        5
        >>> ds.config.set_autotune_interval(0)
    """
    _tuning["autotune_interval"] = _int_setting("set_autotune_interval", "interval", interval,
                                                0, INT32_MAX, low_open=False)


def get_autotune_interval():
    """get_autotune_interval(): the value given to :func:`set_autotune_interval` (0 unless set).

    Returns:
        int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_autotune_interval() >= 0
        True
    """
    return _tuning["autotune_interval"]


def set_multiprocessing_timeout_interval(interval):
    """set_multiprocessing_timeout_interval(interval): seconds between warnings while a worker
    process is slow; checked and stored.

    Args:
        interval (int): in (0, 2147483647].

    Raises:
        TypeError: ``interval`` is not an int.
        ValueError: ``interval`` is out of range.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_multiprocessing_timeout_interval(30)
        >>> ds.config.get_multiprocessing_timeout_interval()
        30
        >>> ds.config.set_multiprocessing_timeout_interval(300)
    """
    _tuning["multiprocessing_timeout_interval"] = _int_setting(
        "set_multiprocessing_timeout_interval", "interval", interval, 0, INT32_MAX)


def get_multiprocessing_timeout_interval():
    """get_multiprocessing_timeout_interval(): the value given to
    :func:`set_multiprocessing_timeout_interval` (300 unless set).

    Returns:
        int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_multiprocessing_timeout_interval() > 0
        True
    """
    return _tuning["multiprocessing_timeout_interval"]


def _bool_pair(name, arg, doc_default):
    def setter(value):
        _tuning[name] = _bool_setting("set_" + name, arg, value)

    def getter():
        return _tuning[name]

    setter.__name__, getter.__name__ = "set_" + name, "get_" + name
    setter.__qualname__, getter.__qualname__ = setter.__name__, getter.__name__
    setter.__doc__ = """set_%s(%s): a tuning switch of MindSpore's pipeline that changes no row;
    checked and stored for :func:`get_%s`.

    Args:
        %s (bool): the switch.

    Raises:
        TypeError: ``%s`` is not a bool.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_%s(%s)
        >>> ds.config.get_%s()
        %s
        >>> ds.config.set_%s(%s)
    """ % (name, arg, name, arg, arg, name, not doc_default, name, not doc_default, name,
           doc_default)
    getter.__doc__ = """get_%s(): the value given to :func:`set_%s` (%s unless set).

    Returns:
        bool.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_%s()
        %s
    """ % (name, name, doc_default, name, doc_default)
    return setter, getter


set_auto_num_workers, get_auto_num_workers = _bool_pair("auto_num_workers", "enable", False)
set_auto_offload, get_auto_offload = _bool_pair("auto_offload", "offload", False)
set_enable_shared_mem, get_enable_shared_mem = _bool_pair("enable_shared_mem", "enable", True)
set_enable_watchdog, get_enable_watchdog = _bool_pair("enable_watchdog", "enable", True)
set_fast_recovery, get_fast_recovery = _bool_pair("fast_recovery", "fast_recovery", True)
set_numa_enable, get_numa_enable = _bool_pair("numa_enable", "numa_enable", False)
set_dynamic_shape, get_dynamic_shape = _bool_pair("dynamic_shape", "is_dynamic", False)


def set_enable_autotune(enable, filepath_prefix=None):
    """set_enable_autotune(enable, filepath_prefix=None): MindSpore's pipeline autotuner (it
    tunes worker counts and queue sizes, no row changes); checked and stored. mindcell writes no
    tuned-configuration file.

    Args:
        enable (bool): the switch.
        filepath_prefix (str): where MindSpore saves the tuned configuration. Default: ``None``.

    Raises:
        TypeError: ``enable`` is not a bool.
        NotImplementedError: ``filepath_prefix`` is given.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_enable_autotune(True)
        >>> ds.config.get_enable_autotune()
        True
        >>> ds.config.set_enable_autotune(False)
    """
    enable = _bool_setting("set_enable_autotune", "enable", enable)
    if filepath_prefix is not None:
        raise NotImplementedError("config.set_enable_autotune: mindcell does not write the "
                                  "autotuned configuration file, 'filepath_prefix' must be None, "
                                  "but got %r" % (filepath_prefix,))
    _tuning["enable_autotune"] = enable


def get_enable_autotune():
    """get_enable_autotune(): the value given to :func:`set_enable_autotune` (False unless set).

    Returns:
        bool.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_enable_autotune()
        False
    """
    return _tuning["enable_autotune"]


def set_sending_batches(batch_num):
    """set_sending_batches(batch_num): how many batches MindSpore's sink mode sends to an Ascend
    device; checked and stored (mindcell has no device queue).

    Args:
        batch_num (int): the number of batches.

    Raises:
        TypeError: ``batch_num`` is not an int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_sending_batches(10)
    """
    if isinstance(batch_num, bool) or not isinstance(batch_num, (int, np.integer)):
        raise TypeError("config.set_sending_batches: 'batch_num' must be an int, but got %s"
                        % type(batch_num).__name__)
    _tuning["sending_batches"] = int(batch_num)


def set_multiprocessing_start_method(start_method="fork"):
    """set_multiprocessing_start_method(start_method='fork'): how MindSpore starts worker
    processes; checked and stored.

    Args:
        start_method (str): 'fork' or 'spawn'. Default: ``'fork'``.

    Raises:
        TypeError: ``start_method`` is not a str.
        ValueError: ``start_method`` is neither.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_multiprocessing_start_method("spawn")
        >>> ds.config.get_multiprocessing_start_method()
        'spawn'
        >>> ds.config.set_multiprocessing_start_method("fork")
    """
    _tuning["multiprocessing_start_method"] = _str_setting(
        "set_multiprocessing_start_method", "start_method", start_method, ("fork", "spawn"))


def get_multiprocessing_start_method():
    """get_multiprocessing_start_method(): the value given to
    :func:`set_multiprocessing_start_method` ('fork' unless set).

    Returns:
        str.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_multiprocessing_start_method() in ("fork", "spawn")
        True
    """
    return _tuning["multiprocessing_start_method"]


def set_video_backend(backend):
    """set_video_backend(backend): the device that decodes video; mindcell decodes on the CPU.

    Args:
        backend (str): 'CPU' or 'Ascend'.

    Raises:
        TypeError: ``backend`` is not a str.
        ValueError: ``backend`` is neither.
        NotImplementedError: ``backend`` is 'Ascend'.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_video_backend("CPU")
        >>> ds.config.get_video_backend()
        'CPU'
    """
    backend = _str_setting("set_video_backend", "backend", backend, ("CPU", "Ascend"))
    if backend != "CPU":
        raise NotImplementedError("config.set_video_backend: mindcell decodes video on the CPU "
                                  "only, but got %r" % backend)
    _tuning["video_backend"] = backend


def get_video_backend():
    """get_video_backend(): 'CPU'.

    Returns:
        str.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_video_backend()
        'CPU'
    """
    return _tuning["video_backend"]


def set_iterator_mode(do_copy=False, parallel_convert=False):
    """set_iterator_mode(do_copy=False, parallel_convert=False): how MindSpore's iterators hand
    rows to Python (copying them, converting in parallel); the rows are the same either way.
    Checked and stored.

    Args:
        do_copy (bool): copy each row's arrays. Default: ``False``.
        parallel_convert (bool): convert in a thread pool. Default: ``False``.

    Raises:
        TypeError: either is not a bool.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_iterator_mode(do_copy=True)
        >>> ds.config.get_iterator_mode()
        {'do_copy': True, 'parallel_convert': False}
        >>> ds.config.set_iterator_mode()
    """
    _tuning["iterator_mode"] = (_bool_setting("set_iterator_mode", "do_copy", do_copy),
                                _bool_setting("set_iterator_mode", "parallel_convert",
                                              parallel_convert))


def get_iterator_mode():
    """get_iterator_mode(): the values given to :func:`set_iterator_mode`.

    Returns:
        dict, with keys 'do_copy' and 'parallel_convert'.

    Examples:
        >>> import mindcell.dataset as ds
        >>> sorted(ds.config.get_iterator_mode())
        ['do_copy', 'parallel_convert']
    """
    do_copy, parallel_convert = _tuning["iterator_mode"]
    return {"do_copy": do_copy, "parallel_convert": parallel_convert}


def set_error_samples_mode(error_samples_mode):
    """set_error_samples_mode(error_samples_mode): what a pipeline does with a row whose
    transform fails. mindcell raises the error (ErrorSamplesMode.RETURN).

    Args:
        error_samples_mode (ErrorSamplesMode): the mode.

    Raises:
        TypeError: ``error_samples_mode`` is not an ErrorSamplesMode.
        NotImplementedError: it is REPLACE or SKIP.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_error_samples_mode(ds.config.ErrorSamplesMode.RETURN)
        >>> ds.config.get_error_samples_mode()
        <ErrorSamplesMode.RETURN: 0>
    """
    if not isinstance(error_samples_mode, ErrorSamplesMode):
        raise TypeError("config.set_error_samples_mode: 'error_samples_mode' must be an "
                        "ErrorSamplesMode, but got %s" % type(error_samples_mode).__name__)
    if error_samples_mode is not ErrorSamplesMode.RETURN:
        raise NotImplementedError("config.set_error_samples_mode: mindcell raises a failing "
                                  "row's error (ErrorSamplesMode.RETURN) only, but got %s"
                                  % error_samples_mode)
    _tuning["error_samples_mode"] = error_samples_mode


def get_error_samples_mode():
    """get_error_samples_mode(): ErrorSamplesMode.RETURN.

    Returns:
        ErrorSamplesMode.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_error_samples_mode()
        <ErrorSamplesMode.RETURN: 0>
    """
    return _tuning["error_samples_mode"]


def set_debug_mode(debug_mode_flag, debug_hook_list=None):
    """set_debug_mode(debug_mode_flag, debug_hook_list=None): MindSpore's pipeline debug mode
    (one thread, hooks around every transform). mindcell runs without it.

    Args:
        debug_mode_flag (bool): the switch; only False runs.
        debug_hook_list (list): hooks. Default: ``None``; only None runs.

    Raises:
        TypeError: ``debug_mode_flag`` is not a bool.
        NotImplementedError: debug mode is turned on or hooks are given.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_debug_mode(False)
        >>> ds.config.get_debug_mode()
        False
    """
    flag = _bool_setting("set_debug_mode", "debug_mode_flag", debug_mode_flag)
    if flag or debug_hook_list is not None:
        raise NotImplementedError("config.set_debug_mode: mindcell has no pipeline debug mode; "
                                  "'debug_mode_flag' must be False and 'debug_hook_list' None, "
                                  "but got %r and %r" % (debug_mode_flag, debug_hook_list))
    _tuning["debug_mode"] = flag


def get_debug_mode():
    """get_debug_mode(): False.

    Returns:
        bool.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.get_debug_mode()
        False
    """
    return _tuning["debug_mode"]


__all__ += [name for name in list(globals()) if name.startswith(("set_", "get_"))
            and name not in __all__]
