"""``Profiler``, ``profile`` and ``tensorboard_trace_handler`` (MindSpore's
``mindspore.profiler`` API) over mindcell's recorder."""
import json
import os
import warnings

from mindcell import log
from mindcell.profiler import _export
from mindcell.profiler._base import _ProfilerBase
from mindcell.profiler._options import ProfilerLevel, AicoreMetrics, check_options
from mindcell.profiler.schedule import Schedule, schedule  # noqa: F401  (also here)

__all__ = ["Profiler", "profile", "schedule", "tensorboard_trace_handler"]


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
    (device-only on the CPU, except ``mstx`` and ``export_type``: Text only).

    Args:
        profiler_level (ProfilerLevel): device detail. Default: ``ProfilerLevel.Level0``.
        aic_metrics (AicoreMetrics): Ascend counters. Default: ``AicoreMetrics.AiCoreNone``.
        l2_cache (bool): device knob. Default: ``False``.
        mstx (bool): record :class:`mstx` marks and ranges. Default: ``False``.
        data_simplification (bool): device knob. Default: ``True``.
        export_type (list[ExportType], optional): ``ExportType.Text`` only. Default:
            ``None`` (Text).
        mstx_domain_include (list[str], optional): record only these mstx domains.
            Default: ``None``.
        mstx_domain_exclude (list[str], optional): leave out these mstx domains. Default:
            ``None``.
        sys_io (bool): device knob. Default: ``False``.
        sys_interconnection (bool): device knob. Default: ``False``.
        host_sys (list[HostSystem], optional): msprof samplers, no effect. Default:
            ``None``.

    Raises:
        TypeError: a value of the wrong type.
        ValueError: an enum option given as an unknown string.
        NotImplementedError: ``export_type`` holds ``ExportType.Db``.

    Examples:
        >>> from mindcell.profiler import ExportType, _ExperimentalConfig
        >>> config = _ExperimentalConfig(mstx=True, export_type=[ExportType.Text])
        >>> config.options["mstx"], config.options["export_type"]
        (True, [<ExportType.Text: 'text'>])
    """

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

    Args:
        activities (list[ProfilerActivity], optional): accepted; the host ops are recorded
            for any activity. Default: ``None`` (CPU and NPU).
        with_stack (bool): add the calling Python frames to each event. Default: ``False``.
        profile_memory (bool): sample the resident memory after each op. Default: ``False``.
        data_process (bool): ``True`` raises NotImplementedError. Default: ``False``.
        parallel_strategy (bool): device knob, no meaning on the CPU. Default: ``False``.
        start_profile (bool): start recording at once. Default: ``True``.
        hbm_ddr (bool): device knob. Default: ``False``.
        pcie (bool): device knob. Default: ``False``.
        sync_enable (bool): device knob. Default: ``True``.
        record_shapes (bool): accepted; input shapes are always recorded. Default:
            ``False``.
        schedule (schedule, optional): which steps to record. Default: ``None`` (all).
        on_trace_ready (Callable, optional): called with the profiler when a trace is
            complete. Default: ``None``.
        experimental_config (_ExperimentalConfig, optional): the device options and
            ``export_type``. Default: ``None``.

    Raises:
        TypeError, NotImplementedError, RuntimeError: as :class:`Profiler`;
            ``experimental_config`` not an _ExperimentalConfig is a TypeError.

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
