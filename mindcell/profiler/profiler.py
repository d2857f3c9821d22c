"""``Profiler``, ``profile``, ``schedule`` and ``tensorboard_trace_handler`` (MindSpore's
``mindspore.profiler`` API) over mindcell's recorder."""
import os
import time

from mindcell import log
from mindcell.profiler import _export, _recorder
from mindcell.profiler._options import (ProfilerAction, ProfilerLevel, AicoreMetrics,
                                        check_options)

__all__ = ["Profiler", "profile", "schedule", "tensorboard_trace_handler"]

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


def tensorboard_trace_handler(dir_name=None, worker_name=None, analyse_flag=True,
                              async_mode=False):
    """An ``on_trace_ready`` callback that writes each finished trace under ``dir_name``.

    Args:
        dir_name (str): output folder. Default: ``None`` (``"./data"``).
        worker_name (str): prefix of the trace folder. Default: ``None`` (host name and pid).
        analyse_flag (bool): write (True) or drop (False) the traces. Default: ``True``.
        async_mode (bool): accepted; mindcell always writes synchronously (the output is the
            same). Default: ``False``.

    Returns:
        Callable[[Profiler], None], the handler.

    Raises:
        TypeError: an argument of the wrong type.

    Examples:
        >>> import os, tempfile
        >>> import mindcell as ms
        >>> from mindcell.profiler import profile, tensorboard_trace_handler
        >>> out = tempfile.mkdtemp()
        >>> with profile(on_trace_ready=tensorboard_trace_handler(out)) as prof:
        ...     y = ms.ops.add(ms.Tensor([1.0]), 1.0)  # doctest: +ELLIPSIS
        mindcell profiler: 1 calls, 1 op types -> ...
        >>> len(os.listdir(out))
        1
    """
    api = "tensorboard_trace_handler"
    for name, value in (("dir_name", dir_name), ("worker_name", worker_name)):
        if value is not None and not isinstance(value, str):
            raise TypeError("%s: '%s' must be a str, but got %s"
                            % (api, name, type(value).__name__))
    for name, value in (("analyse_flag", analyse_flag), ("async_mode", async_mode)):
        if not isinstance(value, bool):
            raise TypeError("%s: '%s' must be a bool, but got %s"
                            % (api, name, type(value).__name__))
    dir_name = os.path.abspath(dir_name or "./data")

    def handler_fn(prof):
        if analyse_flag:
            prof._write(dir_name, worker_name)
    return handler_fn


class _ProfilerBase:
    """What ``Profiler`` and ``profile`` share: recording, steps, metadata."""

    _api = "Profiler"

    def _setup(self, opts):
        self._opts = opts
        self._output_path = os.path.abspath(opts["output_path"])
        self._metadata = {}
        if opts["profile_memory"] and not _recorder.memory_supported():
            raise NotImplementedError("%s: 'profile_memory=True' needs /proc/self/statm "
                                      "(Linux)" % self._api)
        self._recorder = _recorder.Recorder(
            with_stack=opts["with_stack"], mstx=opts["mstx"],
            mstx_domains=(opts["mstx_domain_include"], opts["mstx_domain_exclude"]),
            profile_memory=opts["profile_memory"])
        self._kept = []  # (step, events) of kept steps not yet handed to on_trace_ready
        self._clock = (time.perf_counter_ns(), time.time_ns() / 1e3)
        self._has_started = False
        self._on_trace_ready = opts["on_trace_ready"]
        self._scheduled = opts["schedule"] is not None
        self.schedule = opts["schedule"] if self._scheduled else _record_always
        self.step_num = 0
        self.current_action = self.schedule(0)
        self.last_output_dir = None
        if opts["start_profile"]:
            self.start()

    def start(self):
        """Start recording (the current step's action decides what is kept).

        Raises:
            RuntimeError: another profiler is recording.
        """
        if self._has_started:
            log.warning("%s.start: the profiler has already started", self._api)
            return
        self._install(self.current_action)
        self._has_started = True

    def stop(self):
        """Stop recording; a trace still pending goes to ``on_trace_ready``."""
        if not self._has_started:
            log.warning("%s.stop: the profiler has not started", self._api)
            return
        self._collect()
        _recorder.install(None)
        self._has_started = False
        if self._kept and self._on_trace_ready is not None:
            self._trace_ready()

    def step(self):
        """End the current step: with a ``schedule``, move to the next step's action and,
        after the last active step of a cycle, hand the trace to ``on_trace_ready``."""
        if not self._has_started:
            log.warning("%s.step: the profiler has not started", self._api)
            return
        previous = self.current_action
        self._collect()
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        if previous is ProfilerAction.RECORD_AND_SAVE and self._on_trace_ready is not None:
            self._trace_ready()
        self._install(self.current_action)

    def add_metadata(self, key, value):
        """Record ``key: value`` (strings) in the profile's ``profiler_metadata.json``."""
        self._metadata[self._meta_key(key)] = self._meta_value(value, "add_metadata")

    def add_metadata_json(self, key, value):
        """Record ``key`` with ``value``, a JSON string, stored as the decoded JSON."""
        import json
        text = self._meta_value(value, "add_metadata_json")
        try:
            self._metadata[self._meta_key(key)] = json.loads(text)
        except ValueError as e:
            raise ValueError("%s.add_metadata_json: 'value' is not JSON: %s"
                             % (self._api, e)) from None

    def _meta_key(self, key):
        if not isinstance(key, str):
            raise TypeError("%s.add_metadata: 'key' must be a str, but got %s"
                            % (self._api, type(key).__name__))
        return key

    def _meta_value(self, value, name):
        if not isinstance(value, str):
            raise TypeError("%s.%s: 'value' must be a str, but got %s"
                            % (self._api, name, type(value).__name__))
        return value

    def __enter__(self):
        if not self._has_started:
            self.start()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if self._has_started:
            self.stop()

    def __del__(self):
        try:
            if self._has_started:
                self.stop()
        except Exception:  # noqa: BLE001  (interpreter shutdown: modules may be gone)
            pass

    def _install(self, action):
        _recorder.install(self._recorder if action in _RECORDING else None)

    def _collect(self):
        """Move what the recorder holds into the kept steps (warm-up steps are dropped)."""
        rec = self._recorder
        events, rec.events = rec.events, []
        if events and self.current_action in _KEPT:
            self._kept.append((self.step_num, events))

    def _trace_ready(self):
        try:
            self._on_trace_ready(self)
        finally:
            self._kept = []

    def _events(self, step_list=None):
        return [e for step, events in self._kept if step_list is None or step in step_list
                for e in events]

    def _write(self, dir_name, worker_name=None, pretty=False, step_list=None):
        """Write the kept trace under ``dir_name`` and print the slowest ops."""
        if self._has_started:
            self._collect()
        events = self._events(step_list)
        meta = dict(self._metadata)
        self.last_output_dir = _export.write_profile(dir_name, worker_name, events,
                                                     self._clock, meta, pretty)
        table = _export.op_table(events)
        print("mindcell profiler: %d calls, %d op types -> %s"
              % (len(events), len(table), self.last_output_dir))
        print(_export.format_table(table), flush=True)
        return self.last_output_dir


class Profiler(_ProfilerBase):
    """Profiler(**kwargs): records every op (PYNATIVE_MODE) and every instruction of compiled
    graphs (GRAPH_MODE) with its input shapes, duration and output bytes; ``analyse()``
    writes a Chrome trace and prints a summary table of the slowest ops.

    Output: ``<output_path>/<host>_<pid>_<time>_ascend_ms/ASCEND_PROFILER_OUTPUT/`` holds
    ``trace_view.json`` (``{"traceEvents": [...]}``: open it in https://ui.perfetto.dev or
    chrome://tracing) and ``op_statistic.csv``.

    Keyword Args:
        output_path (str): output folder. Default: ``"./data"``.
        start_profile (bool): start recording at once. Default: ``True``.
        schedule (schedule): which steps to record (with ``step()``). Default: ``None`` (all).
        on_trace_ready (Callable): called with the profiler when a trace is complete (the end
            of a schedule cycle, or ``stop()``), e.g. :func:`tensorboard_trace_handler`.
        with_stack (bool): add the calling Python frames to each event. Default: ``False``.
        activities (list[ProfilerActivity]): accepted; the ops are host (CPU) calls here and
            are recorded for any activity. Default: CPU and NPU.
        record_shapes (bool): accepted; input shapes are always recorded (cheap on the CPU).
        export_type (list[ExportType]): ``ExportType.Text`` only.
        profile_memory (bool): sample the process's resident memory after each op (a
            "Memory" counter track of the trace; Linux). Default: ``False``.
        data_process (bool): ``True`` raises NotImplementedError.
        mstx (bool): record :class:`mstx` marks and ranges. Default: ``False``.
        mstx_domain_include, mstx_domain_exclude (list[str]): only / not these mstx domains.
        profiler_level, aic_metrics, parallel_strategy, l2_cache, hbm_ddr, pcie, sys_io,
            sys_interconnection, host_sys, sync_enable, data_simplification: Ascend/GPU
            device knobs, accepted and without meaning on the CPU.

    Raises:
        TypeError: an unknown option or a value of the wrong type (MindSpore ignores unknown
            options and resets wrong values with a warning).
        NotImplementedError: ``data_process=True`` or ``ExportType.Db``.
        RuntimeError: starting while another profiler records.

    Examples:
        >>> import tempfile
        >>> import numpy as np
        >>> import mindcell as ms
        >>> prof = ms.Profiler(output_path=tempfile.mkdtemp())
        >>> x = ms.Tensor(np.ones((4, 4), np.float32))
        >>> y = ms.ops.matmul(x, x) + 1
        >>> prof.stop()
        >>> prof.analyse()  # doctest: +ELLIPSIS
        mindcell profiler: 2 calls, 2 op types -> ...
    """

    def __init__(self, **kwargs):
        self._setup(check_options("Profiler", kwargs))

    def analyse(self, offline_path=None, pretty=False, step_list=None, mode="sync"):
        """Write the recorded trace under ``output_path`` and print the slowest ops.

        Args:
            offline_path (str): not supported (mindcell has no raw data to parse later).
            pretty (bool): indent the JSON. Default: ``False``.
            step_list (list[int]): only these steps (with a ``schedule``). Default: all.
            mode (str): ``"sync"`` or ``"async"`` (both write before returning).

        Raises:
            NotImplementedError: ``offline_path`` given.
            TypeError / ValueError: a bad ``pretty``, ``step_list`` or ``mode``.
        """
        if offline_path is not None:
            raise NotImplementedError("Profiler.analyse: 'offline_path' is not supported: "
                                      "mindcell writes the trace at analyse(); use "
                                      "Profiler.offline_analyse(path) to summarise one")
        if not isinstance(pretty, bool):
            raise TypeError("Profiler.analyse: 'pretty' must be a bool, but got %s"
                            % type(pretty).__name__)
        if mode not in ("sync", "async"):
            raise ValueError("Profiler.analyse: 'mode' must be 'sync' or 'async', but got %r"
                             % (mode,))
        if step_list is not None:
            if not isinstance(step_list, list) or not all(
                    isinstance(s, int) and not isinstance(s, bool) for s in step_list):
                raise TypeError("Profiler.analyse: 'step_list' must be a list of ints, but "
                                "got %r" % (step_list,))
            if not self._scheduled:
                raise ValueError("Profiler.analyse: 'step_list' needs a schedule")
        self._write(self._output_path, pretty=pretty, step_list=step_list)

    def op_analyse(self, op_name, device_id=None):
        """Per-op statistics of the recorded calls of ``op_name`` (deprecated in MindSpore).

        Args:
            op_name (Union[str, list[str]]): primitive names, e.g. ``"MatMul"``.
            device_id (int): accepted (one device here). Default: ``None``.

        Returns:
            str, JSON ``{name: {"op_occurrences", "op_total_time(us)", "op_avg_time(us)",
            "op_max_time(us)", "proportion(%)", "output_bytes", "input_shapes": {shapes:
            calls}}}``; None (with a logged error, as MindSpore) when no name was recorded.

        Raises:
            TypeError: ``op_name`` not a str or list of str, ``device_id`` not an int.
        """
        import json
        import warnings
        warnings.warn("Profiler.op_analyse is deprecated (as in MindSpore)", UserWarning,
                      stacklevel=2)
        names = [op_name] if isinstance(op_name, str) else op_name
        if not isinstance(names, list) or not names or not all(
                isinstance(n, str) for n in names):
            raise TypeError("Profiler.op_analyse: 'op_name' must be a str or a list of str, "
                            "but got %r" % (op_name,))
        if device_id is not None and (isinstance(device_id, bool)
                                      or not isinstance(device_id, int)):
            raise TypeError("Profiler.op_analyse: 'device_id' must be an int, but got %s"
                            % type(device_id).__name__)
        if self._has_started:
            self._collect()
        events = self._events()
        rows = {r["op"]: r for r in _export.op_table(events)}
        found = {}
        for name in names:
            if name not in rows:
                continue
            r = rows[name]
            shapes = {}
            for e in events:
                if e.name == name and e.cat in ("eager", "graph"):
                    key = ";".join(",".join(map(str, s)) for s in e.shapes)
                    shapes[key] = shapes.get(key, 0) + 1
            found[name] = {"op_occurrences": r["calls"],
                           "op_total_time(us)": round(r["total_ns"] / 1e3, 3),
                           "op_avg_time(us)": round(r["avg_ns"] / 1e3, 3),
                           "op_max_time(us)": round(r["max_ns"] / 1e3, 3),
                           "proportion(%)": round(r["percent"], 3),
                           "output_bytes": r["out_bytes"], "input_shapes": shapes}
        if not found:
            log.error("Profiler.op_analyse: no recorded call of %s", names)
            return None
        return json.dumps(found)

    @staticmethod
    def offline_analyse(path, pretty=False, step_list=None, data_simplification=True):
        """Print the summary table of the newest trace written under ``path``.

        Raises:
            FileNotFoundError: no ``trace_view.json`` under ``path``.
        """
        events = [_TraceEvent(e) for e in _export.read_trace(path) if e.get("ph") == "X"]
        print(_export.format_table(_export.op_table(events)), flush=True)


class _TraceEvent:
    """A written "X" event read back, with what ``op_table`` reads."""

    def __init__(self, e):
        self.name, self.cat = e["name"], e.get("cat", "")
        self.dur_ns = int(round(float(e["dur"]) * 1e3))
        self.out_bytes = int(e.get("args", {}).get("Output Bytes", 0))


class _ExperimentalConfig:
    """_ExperimentalConfig(profiler_level=ProfilerLevel.Level0, aic_metrics=AiCoreNone,
    l2_cache=False, mstx=False, data_simplification=True, export_type=None,
    mstx_domain_include=None, mstx_domain_exclude=None, sys_io=False,
    sys_interconnection=False, host_sys=None): the device options of :class:`profile`
    (device-only on the CPU, except ``export_type``: Text only)."""

    def __init__(self, profiler_level=ProfilerLevel.Level0, aic_metrics=AicoreMetrics.AiCoreNone,
                 l2_cache=False, mstx=False, data_simplification=True, export_type=None,
                 mstx_domain_include=None, mstx_domain_exclude=None, sys_io=False,
                 sys_interconnection=False, host_sys=None):
        self.options = {k: v for k, v in locals().items() if k not in ("self", "__class__")}
        check_options("_ExperimentalConfig", self.options)


class Profile(_ProfilerBase):
    """profile(activities=None, with_stack=False, profile_memory=False, data_process=False,
    parallel_strategy=False, start_profile=True, hbm_ddr=False, pcie=False, sync_enable=True,
    record_shapes=False, schedule=None, on_trace_ready=None, experimental_config=None)

    The profiler in its newer form: the options of :class:`Profiler` as parameters, the
    output written by ``on_trace_ready`` (e.g. :func:`tensorboard_trace_handler`) when a
    trace is complete. Use it as a context manager, calling ``step()`` per training step
    with a ``schedule``.

    Raises:
        TypeError, NotImplementedError, RuntimeError: as :class:`Profiler`.

    Examples:
        >>> import tempfile
        >>> import mindcell as ms
        >>> from mindcell.profiler import profile, schedule, tensorboard_trace_handler
        >>> out = tempfile.mkdtemp()
        >>> with profile(schedule=schedule(wait=0, active=1),
        ...              on_trace_ready=tensorboard_trace_handler(out)) as prof:
        ...     for _ in range(2):
        ...         y = ms.ops.add(ms.Tensor([1.0]), 1.0)
        ...         prof.step()  # doctest: +ELLIPSIS
        mindcell profiler: ...
    """

    _api = "profile"

    def __init__(self, activities=None, with_stack=False, profile_memory=False,
                 data_process=False, parallel_strategy=False, start_profile=True, hbm_ddr=False,
                 pcie=False, sync_enable=True, record_shapes=False, schedule=None,
                 on_trace_ready=None, experimental_config=None):
        kwargs = {k: v for k, v in locals().items()
                  if k not in ("self", "experimental_config", "__class__")}
        if experimental_config is not None:
            if not isinstance(experimental_config, _ExperimentalConfig):
                raise TypeError("profile: 'experimental_config' must be an _ExperimentalConfig, "
                                "but got %s" % type(experimental_config).__name__)
            kwargs.update(experimental_config.options)
        if isinstance(activities, (list, tuple)) and not activities:
            kwargs["activities"] = None
        self._setup(check_options("profile", kwargs))


profile = Profile  # MindSpore's public name of the class
