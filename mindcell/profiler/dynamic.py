"""``DynamicProfilerMonitor``: start and stop profiling a running training from a JSON file."""
import json
import os
import time

from mindcell import log
from mindcell.profiler import _options as O
from mindcell.profiler.profiler import Profile, _ExperimentalConfig, tensorboard_trace_handler
from mindcell.profiler.schedule import Schedule
from mindcell.train._callback_base import Callback

__all__ = ["DynamicProfilerMonitor"]

CONFIG_FILE = "profiler_config.json"
DEFAULT_CONFIG = {
    "start_step": -1, "stop_step": -1, "aic_metrics": "AiCoreNone", "profiler_level": "Level0",
    "analyse_mode": -1, "activities": ["CPU", "NPU"], "export_type": ["text"],
    "profile_memory": False, "mstx": False, "parallel_strategy": False, "with_stack": False,
    "data_simplification": True, "l2_cache": False, "analyse": False, "record_shapes": False,
    "prof_path": "./", "mstx_domain_include": [], "mstx_domain_exclude": [], "host_sys": [],
    "sys_io": False, "sys_interconnection": False}
# the integer spellings the file may use
_LEVELS = {-1: "LevelNone", 0: "Level0", 1: "Level1", 2: "Level2"}
_METRICS = ["PipeUtilization", "ArithmeticUtilization", "Memory", "MemoryL0", "MemoryUB",
            "ResourceConflictRatio", "L2Cache", "MemoryAccess"]
_ACTIVITIES = {0: ["CPU", "NPU"], 1: ["CPU"], 2: ["NPU"]}
_EXPORTS = {0: ["text"], 1: ["db"], 2: ["text", "db"]}


def _profile_options(cfg):
    """Profile keyword arguments (but schedule and handler) from a config dict.

    Raises:
        TypeError / ValueError / KeyError: a field of the wrong type or value.
    """
    level = cfg["profiler_level"]
    metrics = cfg["aic_metrics"]
    if isinstance(metrics, int) and not isinstance(metrics, bool):
        metrics = _METRICS[metrics] if 0 <= metrics < len(_METRICS) else "AiCoreNone"
    activities = cfg["activities"]
    activities = _ACTIVITIES[activities] if isinstance(activities, int) else activities
    exports = cfg["export_type"]
    exports = _EXPORTS[exports] if isinstance(exports, int) else exports
    experimental = _ExperimentalConfig(
        profiler_level=_LEVELS.get(level, level) if isinstance(level, int) else level,
        aic_metrics=metrics, l2_cache=cfg["l2_cache"], mstx=cfg["mstx"],
        data_simplification=cfg["data_simplification"],
        export_type=[O.ExportType(e) for e in exports],
        mstx_domain_include=cfg["mstx_domain_include"] or None,
        mstx_domain_exclude=cfg["mstx_domain_exclude"] or None, sys_io=cfg["sys_io"],
        sys_interconnection=cfg["sys_interconnection"],
        host_sys=[O.HostSystem(h) for h in cfg["host_sys"]] or None)
    return dict(activities=[O.ProfilerActivity(a) for a in activities],
                with_stack=cfg["with_stack"], profile_memory=cfg["profile_memory"],
                parallel_strategy=cfg["parallel_strategy"], record_shapes=cfg["record_shapes"],
                experimental_config=experimental)


class DynamicProfilerMonitor(Callback):
    """DynamicProfilerMonitor(cfg_path, output_path='./dyn_profile_data', poll_interval=2)

    Profiles the steps a JSON file asks for, while training runs: ``<cfg_path>/
    profiler_config.json`` (written with defaults if missing) is re-read at most every
    ``poll_interval`` seconds; setting its ``start_step``/``stop_step`` (counted from 1, in
    the future of the run) records those steps with a :class:`profile` built from the file's
    other fields (MindSpore's names and their integer spellings) and writes the trace to
    ``<prof_path or output_path>/rank<r>_start<a>_stop<b>/``. Call :meth:`step` once per
    training step, or pass the monitor to ``Model.train`` as a callback.

    mindcell writes each finished trace whatever ``analyse``/``analyse_mode`` say (its
    analysis is the writing); MindSpore's daemon mode (``MSMONITOR_USE_DAEMON``) is not
    supported.

    Args:
        cfg_path (str): the folder of ``profiler_config.json`` (created if missing);
            required, although its default is None as in MindSpore's signature.
        output_path (str): where the traces go unless the file's ``prof_path`` says
            otherwise. Default: ``'./dyn_profile_data'``.
        poll_interval (Union[int, float]): the seconds between two reads of the file,
            non-negative. Default: ``2``.

    Raises:
        TypeError: ``cfg_path`` or ``output_path`` not a str, ``poll_interval`` not a
            non-negative number, or an unknown keyword argument.

    Examples:
        >>> import json, os, tempfile
        >>> from mindcell.profiler import DynamicProfilerMonitor
        >>> cfg = tempfile.mkdtemp()
        >>> monitor = DynamicProfilerMonitor(cfg_path=cfg, output_path=cfg, poll_interval=0)
        >>> with open(os.path.join(cfg, "profiler_config.json")) as f:
        ...     json.load(f)["start_step"]
        -1
    """

    def __init__(self, cfg_path=None, output_path="./dyn_profile_data", poll_interval=2,
                 **kwargs):
        api = "DynamicProfilerMonitor"
        if kwargs:
            raise TypeError("%s got unexpected arguments %s" % (api, sorted(kwargs)))
        for name, value in (("cfg_path", cfg_path), ("output_path", output_path)):
            if not isinstance(value, str):
                raise TypeError("%s: '%s' must be a str, but got %s"
                                % (api, name, type(value).__name__))
        if isinstance(poll_interval, bool) or not isinstance(poll_interval, (int, float)) \
                or poll_interval < 0:
            raise TypeError("%s: 'poll_interval' must be a non-negative number, but got %r"
                            % (api, poll_interval))
        self._cfg_file = os.path.join(cfg_path, CONFIG_FILE)
        self._output_path = output_path
        self._poll_interval = poll_interval
        os.makedirs(cfg_path, exist_ok=True)
        if not os.path.exists(self._cfg_file):
            with open(self._cfg_file, "w") as f:
                json.dump(DEFAULT_CONFIG, f, indent=4)
        self._step_num = 0
        self._window = None  # (start_step, stop_step) of the profile being recorded
        self._profiler = None
        self._remaining = 0
        self._read_at = None
        self._config = None

    def step(self):
        """End one training step: re-read the file when due, start, advance or finish the
        requested profile."""
        self._step_num += 1
        cfg = self._poll()
        if cfg is not None:
            self._setup(cfg)
        if self._profiler is not None:
            self._profiler.step()
            self._remaining -= 1
            if self._remaining < 0:
                self._profiler.stop()
                self._profiler = None

    def on_train_step_end(self, run_context):
        self.step()

    def on_train_end(self, run_context):
        if self._profiler is not None:  # training ended inside the window: write what ran
            self._profiler.stop()
            self._profiler = None

    def _poll(self):
        now = time.monotonic()
        if self._read_at is None or now - self._read_at >= self._poll_interval:
            self._read_at = now
            try:
                with open(self._cfg_file) as f:
                    self._config = dict(DEFAULT_CONFIG, **json.load(f))
            except (OSError, ValueError, TypeError) as e:
                log.error("DynamicProfilerMonitor: cannot read %s: %s", self._cfg_file, e)
                self._config = None
        return self._config

    def _setup(self, cfg):
        start, stop = cfg.get("start_step"), cfg.get("stop_step")
        if not (isinstance(start, int) and isinstance(stop, int)) or start < 0 or stop < 0:
            return
        if self._step_num < start or (start, stop) == self._window:
            return
        if self._step_num > stop:
            log.warning("DynamicProfilerMonitor: stop_step %d is already past (step %d)",
                        stop, self._step_num)
            return
        self._window = (start, stop)
        try:
            options = _profile_options(cfg)
        except (KeyError, TypeError, ValueError, IndexError, NotImplementedError) as e:
            log.error("DynamicProfilerMonitor: invalid config %s: %s", self._cfg_file, e)
            return
        root = cfg.get("prof_path") if cfg.get("prof_path") not in (None, "./") \
            else self._output_path
        folder = os.path.join(root, "rank%d_start%d_stop%d" % (_rank(), start, stop))
        if self._profiler is not None:
            self._profiler.stop()
        self._profiler = Profile(
            schedule=Schedule(wait=0, warmup=0, active=stop - start + 1, repeat=1,
                              skip_first=1),
            on_trace_ready=tensorboard_trace_handler(folder), **options)
        self._remaining = stop - start + 1


def _rank():
    try:
        from mindcell.communication.management import get_rank
        return get_rank()
    except (RuntimeError, ValueError):
        return 0
