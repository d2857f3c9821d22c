"""``schedule``: which steps a profiler records (MindSpore's ``mindspore.profiler.schedule``)."""
from mindcell.profiler._options import ProfilerAction

__all__ = ["Schedule", "schedule", "ProfilerAction"]

_RECORDING = (ProfilerAction.WARM_UP, ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)
_KEPT = (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)


def _check_count(api, name, value, least):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s: '%s' must be an int, but got %s" % (api, name, type(value).__name__))
    if value < least:
        raise ValueError("%s: '%s' must be >= %d, but got %d" % (api, name, least, value))


class Schedule:
    """schedule(*, wait, active, warmup=0, repeat=0, skip_first=0)

    Which steps a profiler records: after ``skip_first`` steps, cycles of ``wait`` idle steps,
    ``warmup`` steps recorded and dropped, and ``active`` steps kept; the trace is handed to
    ``on_trace_ready`` at the end of each cycle. ``repeat`` cycles (0: until stopped).

    Args:
        wait (int): idle steps per cycle, >= 0.
        active (int): recorded steps per cycle, >= 1.
        warmup (int): warm-up steps per cycle, >= 0. Default: ``0``.
        repeat (int): number of cycles, 0 for no limit. Default: ``0``.
        skip_first (int): steps skipped once at the start. Default: ``0``.

    Raises:
        TypeError: a count that is not an int. (MindSpore logs a warning and resets it.)
        ValueError: a count below its minimum.

    Examples:
        >>> from mindcell.profiler import schedule
        >>> s = schedule(wait=1, active=2)
        >>> [s(i).name for i in range(4)]
        ['NONE', 'RECORD', 'RECORD_AND_SAVE', 'NONE']
    """

    def __init__(self, *, wait, active, warmup=0, repeat=0, skip_first=0):
        for name, value, least in (("wait", wait, 0), ("active", active, 1),
                                   ("warmup", warmup, 0), ("repeat", repeat, 0),
                                   ("skip_first", skip_first, 0)):
            _check_count("schedule", name, value, least)
        self.wait, self.active, self.warmup = wait, active, warmup
        self.repeat, self.skip_first = repeat, skip_first

    def __call__(self, step):
        """The :class:`ProfilerAction` of step ``step`` (counted from 0)."""
        if step < 0:
            raise ValueError("schedule: 'step' must be >= 0, but got %d" % step)
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        cycle = self.wait + self.warmup + self.active
        if self.repeat and step // cycle >= self.repeat:
            return ProfilerAction.NONE
        at = step % cycle
        if at < self.wait:
            return ProfilerAction.NONE
        if at < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        return ProfilerAction.RECORD if at < cycle - 1 else ProfilerAction.RECORD_AND_SAVE

    def to_dict(self):
        return {"wait": self.wait, "active": self.active, "warmup": self.warmup,
                "repeat": self.repeat, "skip_first": self.skip_first}

    def __repr__(self):
        return ("Schedule(wait=%r, active=%r, warmup=%r, repeat=%r, skip_first=%r)"
                % (self.wait, self.active, self.warmup, self.repeat, self.skip_first))


schedule = Schedule  # MindSpore's public name of the class


def _record_always(step):
    return ProfilerAction.RECORD
