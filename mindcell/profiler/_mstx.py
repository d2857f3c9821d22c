"""``mstx``: user annotations (marks and ranges) in a profile."""
import itertools
import threading
import time

from mindcell.profiler import _recorder

__all__ = ["mstx"]

_ids = itertools.count(1)
_open_ranges = {}  # range id -> (message, domain, start_ns, tid)


def _check(api, message, domain):
    if not isinstance(message, str) or not message:
        raise TypeError("mstx.%s: 'message' must be a non-empty str, but got %r" % (api, message))
    if not isinstance(domain, str):
        raise TypeError("mstx.%s: 'domain' must be a str, but got %s"
                        % (api, type(domain).__name__))


def _recording(domain):
    """The active recorder when it takes annotations of ``domain`` (the profiler's
    ``mstx=True`` and its domain filters), else None."""
    rec = _recorder.active()
    if rec is None or not rec.mstx:
        return None
    include, exclude = rec.mstx_domains
    if include and domain not in include or domain in exclude:
        return None
    return rec


class mstx:  # noqa: N801  (MindSpore's name)
    """Annotations in a profile made with ``mstx=True``: ``mark`` adds an instant, a
    ``range_start``/``range_end`` pair a span, both on the calling thread's track of the
    Chrome trace (category ``mstx``). Without such a profiler recording they do nothing.
    The three are static methods: ``mark(message, stream=None, domain='default')``,
    ``range_start(message, stream=None, domain='default')`` (returns the range's id, 0 when
    nothing records) and ``range_end(range_id, domain='default')``.

    Args:
        message (str): the annotation's text, non-empty (``mark``, ``range_start``).
        stream (Any): an NPU stream, accepted and unused (``mark``, ``range_start``).
        domain (str): the mstx domain, filtered by the profiler's ``mstx_domain_include`` /
            ``mstx_domain_exclude``. Default: ``'default'``.
        range_id (int): the id ``range_start`` returned (``range_end``; 0 and unknown ids
            are ignored).

    Raises:
        TypeError: ``message`` is not a non-empty str, ``domain`` not a str or ``range_id``
            not an int.

    Examples:
        >>> from mindcell.profiler import mstx
        >>> range_id = mstx.range_start("data loading")
        >>> mstx.range_end(range_id)
        >>> mstx.mark("step done")
    """

    @staticmethod
    def mark(message, stream=None, domain="default"):
        """Add a marker ``message``. ``stream`` (an NPU stream) is accepted and unused."""
        _check("mark", message, domain)
        rec = _recording(domain)
        if rec is not None:
            now = time.perf_counter_ns()
            rec.events.append(_recorder.Event(message, "mstx", now, now,
                                              threading.get_native_id(), (), 0,
                                              {"domain": domain, "mstx": "mark"}))

    @staticmethod
    def range_start(message, stream=None, domain="default"):
        """Start a range; returns its id for :meth:`range_end` (0 when nothing records)."""
        _check("range_start", message, domain)
        if _recording(domain) is None:
            return 0
        range_id = next(_ids)
        _open_ranges[range_id] = (message, domain, time.perf_counter_ns(),
                                  threading.get_native_id())
        return range_id

    @staticmethod
    def range_end(range_id, domain="default"):
        """End the range ``range_id`` (0 and unknown ids are ignored)."""
        if isinstance(range_id, bool) or not isinstance(range_id, int):
            raise TypeError("mstx.range_end: 'range_id' must be an int, but got %s"
                            % type(range_id).__name__)
        started = _open_ranges.pop(range_id, None)
        rec = _recording(domain)
        if started is None or rec is None:
            return
        message, start_domain, start, tid = started
        rec.events.append(_recorder.Event(message, "mstx", start, time.perf_counter_ns(), tid,
                                          (), 0, {"domain": start_domain, "mstx": "range"}))
