"""``mindcell.hal`` (MindSpore's ``mindspore.hal``): the device, stream, event and memory
queries of MindSpore's hardware layer, for mindcell's one device, the CPU.

Every op has finished when it returns, so a stream is a name for that one sequential order:
waiting and synchronizing return at once, a stream's or event's work is always done, and an
event measures no device time (``elapsed_time`` is 0.0, as MindSpore's CPU backend gives).
mindcell's tensors are numpy buffers outside any device memory pool: the memory counters are 0,
as MindSpore 2.10 CPU reports them. ``'GPU'`` and ``'Ascend'`` are known targets that are not
available (``is_available`` is False, the other queries raise ValueError).
"""

__all__ = ["Stream", "Event", "StreamCtx", "communication_stream", "current_stream",
           "default_stream", "set_cur_stream", "synchronize", "device_count",
           "get_arch_list", "get_device_capability", "get_device_name",
           "get_device_properties", "is_available", "is_initialized", "empty_cache",
           "max_memory_allocated", "max_memory_reserved", "memory_allocated",
           "memory_reserved", "memory_stats", "memory_summary", "reset_max_memory_allocated",
           "reset_max_memory_reserved", "reset_peak_memory_stats"]

_TARGETS = ("CPU", "GPU", "Ascend")


def _target(device_target, api):
    """The device target (None: the context's, which is the CPU); a known target other than
    the CPU is not available."""
    if device_target is None:
        return "CPU"
    if not isinstance(device_target, str) or device_target not in _TARGETS:
        raise ValueError("hal.%s: 'device_target' must be one of %s, but got %r"
                         % (api, list(_TARGETS), device_target))
    if device_target != "CPU":
        raise ValueError("hal.%s: the %s backend is not available in mindcell (it runs on the "
                         "CPU only; hal.is_available(%r) is False)"
                         % (api, device_target, device_target))
    return device_target


def _device_id(device_id, api):
    if isinstance(device_id, bool) or not isinstance(device_id, int):
        raise TypeError("hal.%s: 'device_id' must be an int, but got %s"
                        % (api, type(device_id).__name__))
    if not 0 <= device_id < 1:
        raise ValueError("hal.%s: 'device_id' must be less than the device count 1, but got %d"
                         % (api, device_id))
    return device_id


class Event:
    """Event(enable_timing=False, blocking=False): a point in a stream's work; on the CPU all
    work before it is done when it is recorded.

    Args:
        enable_timing (bool): whether :meth:`elapsed_time` may be asked. Default: ``False``.
        blocking (bool): whether :meth:`synchronize` blocks. Default: ``False``.

    Examples:
        >>> import mindcell as ms
        >>> start, end = ms.hal.Event(enable_timing=True), ms.hal.Event(enable_timing=True)
        >>> start.record(); end.record()
        >>> end.synchronize()
        >>> start.elapsed_time(end), end.query()
        (0.0, True)
    """

    def __init__(self, enable_timing=False, blocking=False):
        for name, flag in (("enable_timing", enable_timing), ("blocking", blocking)):
            if not isinstance(flag, bool):
                raise TypeError("hal.Event: '%s' must be a bool, but got %s"
                                % (name, type(flag).__name__))
        self.enable_timing, self.blocking = enable_timing, blocking
        self._recorded = False

    def record(self, stream=None):
        """record(stream=None): mark the point after the work queued so far (all done)."""
        if stream is not None and not isinstance(stream, Stream):
            raise TypeError("hal.Event.record: 'stream' must be a Stream, but got %s"
                            % type(stream).__name__)
        self._recorded = True

    def wait(self, stream=None):
        """wait(stream=None): make ``stream`` wait for this event (nothing to wait for)."""
        if stream is not None and not isinstance(stream, Stream):
            raise TypeError("hal.Event.wait: 'stream' must be a Stream, but got %s"
                            % type(stream).__name__)

    def synchronize(self):
        """synchronize(): wait until the event's work is done (it is)."""

    def query(self):
        """query() -> bool: whether the event's work is done: True."""
        return True

    def elapsed_time(self, end_event):
        """elapsed_time(end_event) -> float: the device milliseconds between the two events:
        0.0 on the CPU (no device time is measured)."""
        if not isinstance(end_event, Event):
            raise TypeError("hal.Event.elapsed_time: 'end_event' must be an Event, but got %s"
                            % type(end_event).__name__)
        return 0.0

    def __repr__(self):
        return "Event(enable_timing=%d, blocking:%d, is_created:1, event:0)" % (
            self.enable_timing, self.blocking)


class Stream:
    """Stream(priority=0, **kwargs): a device stream; the CPU has one sequential order, so
    every stream is it (all compare equal) and its work is always done.

    Args:
        priority (int): the stream priority (no effect). Default: ``0``.

    Examples:
        >>> import mindcell as ms
        >>> s = ms.hal.Stream()
        >>> with ms.hal.StreamCtx(s):
        ...     y = ms.ops.add(ms.Tensor([1.0]), 1.0)
        >>> s.synchronize(); s.query()
        True
    """

    device_name, device_id, id = "CPU", 0, 0

    def __init__(self, priority=0, **kwargs):
        if isinstance(priority, bool) or not isinstance(priority, int):
            raise TypeError("hal.Stream: 'priority' must be an int, but got %s"
                            % type(priority).__name__)
        unknown = set(kwargs) - {"stream"}
        if unknown:
            raise TypeError("hal.Stream: unexpected keyword arguments %s" % sorted(unknown))
        self.priority = priority

    def query(self):
        """query() -> bool: whether the stream's work is done: True."""
        return True

    def synchronize(self):
        """synchronize(): wait for the stream's work (done)."""

    def wait_event(self, event):
        """wait_event(event): make later work wait for ``event`` (nothing to wait for)."""
        if not isinstance(event, Event):
            raise TypeError("hal.Stream.wait_event: 'event' must be an Event, but got %s"
                            % type(event).__name__)

    def wait_stream(self, stream):
        """wait_stream(stream): make later work wait for ``stream``'s (done)."""
        if not isinstance(stream, Stream):
            raise TypeError("hal.Stream.wait_stream: 'stream' must be a Stream, but got %s"
                            % type(stream).__name__)

    def record_event(self, event=None):
        """record_event(event=None) -> Event: ``event`` (or a new one) recorded here."""
        event = Event() if event is None else event
        event.record(self)
        return event

    def __eq__(self, other):
        return isinstance(other, Stream)

    def __hash__(self):
        return 0

    def __repr__(self):
        return "Stream(device_name=CPU, device_id:0, stream id:0)"


_current = [None]


def default_stream():
    """default_stream() -> Stream: the default stream.

    Examples:
        >>> import mindcell as ms
        >>> ms.hal.current_stream() == ms.hal.default_stream()
        True
    """
    return Stream()


def current_stream():
    """current_stream() -> Stream: the stream set by :func:`set_cur_stream` (the default one
    unless set)."""
    return _current[0] if _current[0] is not None else default_stream()


def communication_stream():
    """communication_stream() -> Stream: the stream of collective communication (the CPU's
    one stream)."""
    return Stream()


def set_cur_stream(stream):
    """set_cur_stream(stream): make ``stream`` the current stream.

    Raises:
        TypeError: ``stream`` is not a Stream.
    """
    if not isinstance(stream, Stream):
        raise TypeError("hal.set_cur_stream: 'stream' must be a Stream, but got %s"
                        % type(stream).__name__)
    _current[0] = stream


class StreamCtx:
    """StreamCtx(ctx_stream): a ``with`` block whose work goes to ``ctx_stream`` (None: the
    current stream stays).

    Raises:
        TypeError: ``ctx_stream`` is neither a Stream nor None.
    """

    def __init__(self, ctx_stream):
        if ctx_stream is not None and not isinstance(ctx_stream, Stream):
            raise TypeError("hal.StreamCtx: 'ctx_stream' must be a Stream, but got %s"
                            % type(ctx_stream).__name__)
        self.stream = ctx_stream
        self._prev = None

    def __enter__(self):
        self._prev = _current[0]
        if self.stream is not None:
            _current[0] = self.stream
        return self.stream

    def __exit__(self, *exc):
        _current[0] = self._prev
        return False


def synchronize():
    """synchronize(): wait for the work of every stream (returns at once: it is done)."""


def device_count(device_target=None):
    """device_count(device_target=None) -> int: the number of devices: 1 CPU.

    Raises:
        ValueError: ``device_target`` is not 'CPU', 'GPU' or 'Ascend', or is not available.

    Examples:
        >>> import mindcell as ms
        >>> ms.hal.device_count("CPU")
        1
    """
    _target(device_target, "device_count")
    return 1


def is_available(device_target):
    """is_available(device_target) -> bool: whether the target can run: True for 'CPU' only.

    Raises:
        ValueError: ``device_target`` is not 'CPU', 'GPU' or 'Ascend'.

    Examples:
        >>> import mindcell as ms
        >>> ms.hal.is_available("CPU"), ms.hal.is_available("GPU")
        (True, False)
    """
    if not isinstance(device_target, str) or device_target not in _TARGETS:
        raise ValueError("hal.is_available: 'device_target' must be one of %s, but got %r"
                         % (list(_TARGETS), device_target))
    return device_target == "CPU"


def is_initialized(device_target):
    """is_initialized(device_target) -> bool: whether a device backend was initialized: False
    (mindcell has no device backend to start), as MindSpore 2.10 CPU answers."""
    if not isinstance(device_target, str) or device_target not in _TARGETS:
        raise ValueError("hal.is_initialized: 'device_target' must be one of %s, but got %r"
                         % (list(_TARGETS), device_target))
    return False


def get_device_name(device_id, device_target=None):
    """get_device_name(device_id, device_target=None) -> str: 'CPU'.

    Raises:
        ValueError: ``device_id`` is not 0, or the target is not available.
    """
    _target(device_target, "get_device_name")
    _device_id(device_id, "get_device_name")
    return "CPU"


def get_device_capability(device_id, device_target=None):
    """get_device_capability(device_id, device_target=None): None (a GPU's compute capability
    has no CPU counterpart)."""
    _target(device_target, "get_device_capability")
    _device_id(device_id, "get_device_capability")


def get_device_properties(device_id, device_target=None):
    """get_device_properties(device_id, device_target=None): None on the CPU."""
    _target(device_target, "get_device_properties")
    _device_id(device_id, "get_device_properties")


def get_arch_list(device_target=None):
    """get_arch_list(device_target=None): None on the CPU."""
    _target(device_target, "get_arch_list")


def empty_cache():
    """empty_cache(): release the cached device memory (there is none)."""


def _zero(name):
    def query(device_target=None):
        _target(device_target, name)
        return 0
    query.__name__ = name
    query.__doc__ = ("%s(device_target=None) -> int: bytes of the device memory pool: 0 "
                     "(mindcell's tensors are numpy buffers outside any pool)" % name)
    return query


def _reset(name):
    def reset(device_target=None):
        _target(device_target, name)
    reset.__name__ = name
    reset.__doc__ = "%s(device_target=None): reset a peak counter (always 0)" % name
    return reset


memory_allocated = _zero("memory_allocated")
memory_reserved = _zero("memory_reserved")
max_memory_allocated = _zero("max_memory_allocated")
max_memory_reserved = _zero("max_memory_reserved")
reset_max_memory_allocated = _reset("reset_max_memory_allocated")
reset_max_memory_reserved = _reset("reset_max_memory_reserved")
reset_peak_memory_stats = _reset("reset_peak_memory_stats")


def memory_stats(device_target=None):
    """memory_stats(device_target=None) -> dict: the memory pool counters (all 0), with
    MindSpore 2.10's keys.

    Examples:
        >>> import mindcell as ms
        >>> ms.hal.memory_stats()["total_allocated_memory"]
        0
    """
    _target(device_target, "memory_stats")
    pool = {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}}
    return {"total_reserved_memory": 0, "total_allocated_memory": 0, "total_idle_memory": 0,
            "total_eager_free_memory": 0, "max_reserved_memory": 0, "max_allocated_memory": 0,
            "common_mem_pool_stats": dict(pool),
            "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0,
                                          "blocks_info": {}}}


def memory_summary(device_target=None):
    """memory_summary(device_target=None) -> str: :func:`memory_stats` as a table."""
    _target(device_target, "memory_summary")
    rule = "|" + "-" * 45 + "|\n"
    top = "|" + "=" * 45 + "|\n"
    rows = ["Reserved memory", "Allocated memory", "Idle memory", "Eager free memory",
            "Max reserved memory", "Max allocated memory"]
    out = top + "|%s|\n" % (" " * 15 + "Memory summary").ljust(45) + top
    out += "| %-20s | %-20s |\n" % ("Metric", "Data") + rule
    out += rule.join("| %-20s | %-20s |\n" % (r, "     0 B") for r in rows)
    return out + top
