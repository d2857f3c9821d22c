"""``mindcell.runtime`` (MindSpore's ``mindspore.runtime``): every op has finished when it
returns on the CPU, so there is nothing to wait for."""

__all__ = ["synchronize", "launch_blocking"]


def synchronize():
    """synchronize(): wait for all queued work; returns at once (execution is synchronous).

    Returns:
        None.

    Examples:
        >>> import mindcell as ms
        >>> y = ms.ops.add(ms.Tensor([1.0]), 1.0)
        >>> ms.runtime.synchronize()
        >>> print(y)
        [2.]
    """


def launch_blocking():
    """launch_blocking(): make every op run synchronously; it already does, so this changes
    nothing.

    Returns:
        None.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.launch_blocking()
    """


# ----- MindSpore 2.10's runtime names for the CPU ---------------------------------------------
# Streams, events and the memory counters are mindcell.hal's (one sequential CPU order; tensors
# are numpy buffers outside any device memory pool, so the counters are 0 as MindSpore 2.10 CPU
# reports them). The settings below are validated as MindSpore validates them and, like
# MindSpore's, may be set once per process; those that configure Ascend hardware (cube/vector
# core limits, kernel-launch capture and groups, the device memory pool) have nothing to act on
# here and are recorded so that their getters return what was set.
import os as _os
import re as _re

from mindcell import hal as _hal
from mindcell.hal import (Event, Stream, StreamCtx, communication_stream,  # noqa: F401
                          current_stream, default_stream, set_cur_stream)

__all__ += ["Event", "Stream", "StreamCtx", "StreamLimitCtx", "communication_stream",
            "current_stream", "default_stream", "set_cur_stream", "empty_cache",
            "memory_allocated", "max_memory_allocated", "memory_reserved",
            "max_memory_reserved", "memory_stats", "memory_summary", "reset_peak_memory_stats",
            "reset_max_memory_allocated", "reset_max_memory_reserved", "set_memory",
            "set_cpu_affinity", "dispatch_threads_num", "get_device_limit", "set_device_limit",
            "get_stream_limit", "set_stream_limit", "reset_stream_limit",
            "set_kernel_launch_capture", "set_kernel_launch_group"]

_settings = {}


def _once(name):
    if name in _settings:
        raise RuntimeError("runtime.%s: it can not be set repeatedly (it was set to %r)"
                           % (name, _settings[name]))


def _check_type(api, arg, value, types, names):
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        raise TypeError("runtime.%s: '%s' must be %s, but got %s"
                        % (api, arg, names, type(value).__name__))
    return value


def _counter(name):
    hal_fn = getattr(_hal, name)

    def counter():
        return hal_fn()
    counter.__name__ = counter.__qualname__ = name
    counter.__doc__ = ("%s() -> %s: as :func:`mindcell.hal.%s` for the CPU (mindcell's tensors "
                       "are numpy buffers outside any device memory pool, so the counters are "
                       "0, as MindSpore 2.10 reports them on the CPU).\n\n    Examples:\n"
                       "        >>> import mindcell as ms\n        >>> _ = ms.runtime.%s()\n"
                       % (name, {"memory_stats": "dict", "memory_summary": "str"}.get(
                           name, "int" if "reset" not in name else "None"), name, name))
    return counter


memory_allocated = _counter("memory_allocated")
max_memory_allocated = _counter("max_memory_allocated")
memory_reserved = _counter("memory_reserved")
max_memory_reserved = _counter("max_memory_reserved")
memory_stats = _counter("memory_stats")
memory_summary = _counter("memory_summary")
reset_peak_memory_stats = _counter("reset_peak_memory_stats")
reset_max_memory_allocated = _counter("reset_max_memory_allocated")
reset_max_memory_reserved = _counter("reset_max_memory_reserved")
empty_cache = _counter("empty_cache")

_SIZE = _re.compile(r"[1-9][0-9]*(\.)?[0-9]*GB|0(\.[0-9]*)?GB", _re.ASCII)


def set_memory(init_size="2GB", increase_size="2GB", max_size="1024GB", optimize_level="O0",
               huge_page_reserve_size="0GB"):
    """set_memory(init_size='2GB', increase_size='2GB', max_size='1024GB', optimize_level='O0',
    huge_page_reserve_size='0GB'): the device memory pool's sizes, checked as MindSpore checks
    them and recorded; mindcell's CPU tensors are numpy buffers outside any pool, so they size
    nothing. Can be set once.

    Args:
        init_size (str): the initial pool size, e.g. ``'2GB'``.
        increase_size (str): the growth step.
        max_size (str): the largest pool.
        optimize_level (str): ``'O0'`` or ``'O1'``.
        huge_page_reserve_size (str): memory kept out of huge pages.

    Raises:
        TypeError: a size is not a str.
        ValueError: a size is not ``<number>GB`` or ``optimize_level`` not O0/O1.
        RuntimeError: it was set before.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.set_memory(max_size="8GB")  # doctest: +SKIP
    """
    _once("set_memory")
    sizes = dict(init_size=init_size, increase_size=increase_size, max_size=max_size,
                 huge_page_reserve_size=huge_page_reserve_size)
    for arg, value in sizes.items():
        _check_type("set_memory", arg, value, (str,), "a str")
        if not _SIZE.fullmatch(value):
            raise ValueError("runtime.set_memory: '%s' must be a size like '2GB' or '0.5GB', "
                             "but got %r" % (arg, value))
    if optimize_level not in ("O0", "O1"):
        raise ValueError("runtime.set_memory: 'optimize_level' must be one of ['O0', 'O1'], but "
                         "got %r" % (optimize_level,))
    _settings["set_memory"] = dict(sizes, optimize_level=optimize_level)


def _cpu_ranges(cpus):
    out = set()
    for item in cpus:
        m = _re.fullmatch(r"(\d+)(?:-(\d+))?", item) if isinstance(item, str) else None
        if m is None:
            raise ValueError("runtime.set_cpu_affinity: each CPU range must be a string like "
                             "'0-3' or '5', but got %r" % (item,))
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo:
            raise ValueError("runtime.set_cpu_affinity: the CPU range %r is empty" % item)
        out.update(range(lo, hi + 1))
    return out


def set_cpu_affinity(enable_affinity, affinity_cpu_list=None, module_to_cpu_dict=None,
                     bind_file=None):
    """set_cpu_affinity(enable_affinity, affinity_cpu_list=None, module_to_cpu_dict=None,
    bind_file=None): binds this process to CPUs. With ``enable_affinity`` and
    ``affinity_cpu_list`` (ranges as strings, ``['0-3', '8']``) the process (all its threads)
    may then run only on those CPUs; without a list the operating system's placement stays.
    Can be set once.

    Args:
        enable_affinity (bool): bind or not.
        affinity_cpu_list (list[str]): the CPUs. Default: ``None``.
        module_to_cpu_dict (dict): per-module CPUs (MindSpore binds its runtime, PyNative and
            data threads separately); not supported: mindcell's threads are one pool.
        bind_file (str): a binding file; not supported.

    Raises:
        TypeError: ``enable_affinity`` is not a bool or the list not a list.
        ValueError: a range is malformed.
        NotImplementedError: ``module_to_cpu_dict`` or ``bind_file`` is given.
        RuntimeError: it was set before, or the operating system refuses the CPUs.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.set_cpu_affinity(True, ["0"])  # doctest: +SKIP
    """
    _once("set_cpu_affinity")
    _check_type("set_cpu_affinity", "enable_affinity", enable_affinity, (bool,), "a bool")
    for arg, value in (("module_to_cpu_dict", module_to_cpu_dict), ("bind_file", bind_file)):
        if value is not None:
            raise NotImplementedError("runtime.set_cpu_affinity: '%s' is not supported by "
                                      "mindcell (its threads form one pool); give "
                                      "affinity_cpu_list" % arg)
    cpus = None
    if affinity_cpu_list is not None:
        _check_type("set_cpu_affinity", "affinity_cpu_list", affinity_cpu_list, (list,),
                    "a list of str")
        cpus = _cpu_ranges(affinity_cpu_list)
    if enable_affinity and cpus:
        try:
            _os.sched_setaffinity(0, cpus)
        except (OSError, AttributeError) as e:
            raise RuntimeError("runtime.set_cpu_affinity: cannot bind to CPUs %s: %s"
                               % (sorted(cpus), e)) from None
    _settings["set_cpu_affinity"] = (enable_affinity, affinity_cpu_list)


def dispatch_threads_num(threads_num):
    """dispatch_threads_num(threads_num): the number of threads of MindSpore's PyNative op
    dispatch pipeline. mindcell dispatches each op synchronously on the calling thread, so the
    number is checked and recorded only. Can be set once.

    Args:
        threads_num (int): the thread count.

    Raises:
        TypeError: ``threads_num`` is not an int.
        RuntimeError: it was set before.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.dispatch_threads_num(5)  # doctest: +SKIP
    """
    _once("dispatch_threads_num")
    _check_type("dispatch_threads_num", "threads_num", threads_num, (int,), "an int")
    _settings["dispatch_threads_num"] = threads_num


def _limit_args(api, cube_num, vector_num):
    for arg, value in (("cube_num", cube_num), ("vector_num", vector_num)):
        _check_type(api, arg, value, (int,), "an int")
    return {"cube_core_num": cube_num, "vector_core_num": vector_num}


_device_limits = {}
_stream_limits = {}


def set_device_limit(device, cube_num=-1, vector_num=-1):
    """set_device_limit(device, cube_num=-1, vector_num=-1): the Ascend cube/vector core
    counts the device's ops may use (-1: no limit); recorded (the CPU has no such cores).

    Args:
        device (int): the device id.
        cube_num (int): cube cores. Default: ``-1``.
        vector_num (int): vector cores. Default: ``-1``.

    Raises:
        TypeError: an argument is not an int.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.set_device_limit(0, 8, 8)
        >>> ms.runtime.get_device_limit(0)
        {'cube_core_num': 8, 'vector_core_num': 8}
    """
    _check_type("set_device_limit", "device", device, (int,), "an int")
    _device_limits[device] = _limit_args("set_device_limit", cube_num, vector_num)


def get_device_limit(device):
    """get_device_limit(device) -> dict: the limits :func:`set_device_limit` set for
    ``device`` (-1 each when none was set).

    Examples:
        >>> import mindcell as ms
        >>> sorted(ms.runtime.get_device_limit(3))
        ['cube_core_num', 'vector_core_num']
    """
    _check_type("get_device_limit", "device", device, (int,), "an int")
    return dict(_device_limits.get(device, {"cube_core_num": -1, "vector_core_num": -1}))


def _stream(api, stream):
    if not isinstance(stream, Stream):
        raise TypeError("runtime.%s: 'stream' must be a Stream, but got %s"
                        % (api, type(stream).__name__))
    return id(stream)


def set_stream_limit(stream, cube_num=-1, vector_num=-1):
    """set_stream_limit(stream, cube_num=-1, vector_num=-1): as :func:`set_device_limit` for
    the ops of one stream; recorded.

    Raises:
        TypeError: ``stream`` is not a Stream or a number not an int.

    Examples:
        >>> import mindcell as ms
        >>> s = ms.runtime.Stream()
        >>> ms.runtime.set_stream_limit(s, 4, 2)
        >>> ms.runtime.get_stream_limit(s)
        {'cube_core_num': 4, 'vector_core_num': 2}
    """
    _stream_limits[_stream("set_stream_limit", stream)] = (
        stream, _limit_args("set_stream_limit", cube_num, vector_num))


def get_stream_limit(stream):
    """get_stream_limit(stream) -> dict: the limits set for ``stream`` (the device's when none
    were).

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.get_stream_limit(ms.runtime.Stream())["cube_core_num"]
        -1
    """
    found = _stream_limits.get(_stream("get_stream_limit", stream))
    return dict(found[1]) if found else get_device_limit(0)


def reset_stream_limit(stream):
    """reset_stream_limit(stream): forget the limits set for ``stream``.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.reset_stream_limit(ms.runtime.Stream())
    """
    _stream_limits.pop(_stream("reset_stream_limit", stream), None)


class StreamLimitCtx:
    """StreamLimitCtx(stream, cube_num=-1, vector_num=-1): a ``with`` block during which
    ``stream`` has these limits (the previous ones come back after).

    Examples:
        >>> import mindcell as ms
        >>> s = ms.runtime.Stream()
        >>> with ms.runtime.StreamLimitCtx(s, 2, 2):
        ...     print(ms.runtime.get_stream_limit(s)["cube_core_num"])
        2
    """

    def __init__(self, stream, cube_num=-1, vector_num=-1):
        _stream("StreamLimitCtx", stream)
        self.stream, self._limits = stream, _limit_args("StreamLimitCtx", cube_num, vector_num)
        self._prev = None

    def __enter__(self):
        self._prev = _stream_limits.get(id(self.stream))
        _stream_limits[id(self.stream)] = (self.stream, dict(self._limits))

    def __exit__(self, *exc):
        if self._prev is None:
            _stream_limits.pop(id(self.stream), None)
        else:
            _stream_limits[id(self.stream)] = self._prev
        return False


def set_kernel_launch_capture(enable_capture_graph, op_capture_skip=None):
    """set_kernel_launch_capture(enable_capture_graph, op_capture_skip=None): capture kernel
    launches into device graphs (an Ascend feature; recorded). Cannot be combined with
    :func:`set_kernel_launch_group`.

    Args:
        enable_capture_graph (bool): capture or not.
        op_capture_skip (list[str]): ops left out of capture. Default: ``None``.

    Raises:
        TypeError: ``enable_capture_graph`` is not a bool.
        RuntimeError: a kernel launch group was set.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.set_kernel_launch_capture(True, ["matmul"])  # doctest: +SKIP
    """
    _check_type("set_kernel_launch_capture", "enable_capture_graph", enable_capture_graph,
                (bool,), "a bool")
    if op_capture_skip is not None:
        _check_type("set_kernel_launch_capture", "op_capture_skip", op_capture_skip, (list,),
                    "a list of str")
    if "set_kernel_launch_group" in _settings:
        raise RuntimeError("runtime.set_kernel_launch_capture: the kernel launch group and "
                           "kernel launch capture can not be set together")
    _settings["set_kernel_launch_capture"] = (enable_capture_graph, op_capture_skip)


def set_kernel_launch_group(thread_num=2, kernel_group_num=8):
    """set_kernel_launch_group(thread_num=2, kernel_group_num=8): launch kernels in groups
    from several threads (an Ascend feature; checked and recorded). Can be set once, and not
    with :func:`set_kernel_launch_capture`.

    Args:
        thread_num (int): the launch threads, >= 1. Default: ``2``.
        kernel_group_num (int): the groups, a multiple of ``thread_num``. Default: ``8``.

    Raises:
        TypeError: an argument is not an int.
        ValueError: ``kernel_group_num`` is not a multiple of ``thread_num``.
        RuntimeError: it was set before, or kernel launch capture was.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.set_kernel_launch_group(2, 8)  # doctest: +SKIP
    """
    if "set_kernel_launch_capture" in _settings:
        raise RuntimeError("runtime.set_kernel_launch_group: the kernel launch group and "
                           "kernel launch capture can not be set together")
    _once("set_kernel_launch_group")
    _check_type("set_kernel_launch_group", "thread_num", thread_num, (int,), "an int")
    _check_type("set_kernel_launch_group", "kernel_group_num", kernel_group_num, (int,), "an int")
    if thread_num < 1 or kernel_group_num < 1 or kernel_group_num % thread_num:
        raise ValueError("runtime.set_kernel_launch_group: kernel_group_num %d must be a "
                         "positive multiple of thread_num %d" % (kernel_group_num, thread_num))
    _settings["set_kernel_launch_group"] = (thread_num, kernel_group_num)
