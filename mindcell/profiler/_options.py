"""The profiler's enums and option checks: which MindSpore options are recorded, which are
device-only knobs (accepted, meaningless on the CPU) and which would change what is recorded
in a way mindcell does not implement (an error naming the option)."""
import enum
import warnings

__all__ = ["ProfilerLevel", "ProfilerActivity", "AicoreMetrics", "ExportType", "HostSystem",
           "ProfilerAction", "check_options"]


class ProfilerLevel(enum.Enum):
    """ProfilerLevel: how much device detail a profile holds (MindSpore's levels).

    On the CPU every level records the same op timeline: Level1/Level2 add Ascend counters that
    do not exist here. Members: ``LevelNone``, ``Level0``, ``Level1``, ``Level2`` (values their
    names).

    Args:
        value (str): looking a member up by value, e.g. ``ProfilerLevel("Level1")``.

    Raises:
        ValueError: no member has that value.

    Examples:
        >>> from mindcell.profiler import ProfilerLevel
        >>> ProfilerLevel("Level1"), ProfilerLevel.Level0.value
        (<ProfilerLevel.Level1: 'Level1'>, 'Level0')
    """
    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class ProfilerActivity(enum.Enum):
    """ProfilerActivity: what to record; mindcell's kernels run on the host, so any activity
    records them. Members: ``NPU``, ``GPU``, ``CPU`` (values their names).

    Args:
        value (str): looking a member up by value, e.g. ``ProfilerActivity("CPU")``.

    Raises:
        ValueError: no member has that value.

    Examples:
        >>> from mindcell.profiler import ProfilerActivity
        >>> [a.name for a in ProfilerActivity]
        ['NPU', 'GPU', 'CPU']
    """
    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class AicoreMetrics(enum.Enum):
    """AicoreMetrics: the Ascend AI Core counters of a profile (device-only: accepted, no effect
    on the CPU). Members: ``PipeUtilization``, ``ArithmeticUtilization``, ``Memory``,
    ``MemoryL0``, ``MemoryUB``, ``ResourceConflictRatio``, ``L2Cache``, ``MemoryAccess`` and
    ``AiCoreNone`` (value ``"None"``).

    Args:
        value (str): looking a member up by value, e.g. ``AicoreMetrics("Memory")``.

    Raises:
        ValueError: no member has that value.

    Examples:
        >>> from mindcell.profiler import AicoreMetrics
        >>> AicoreMetrics("None")
        <AicoreMetrics.AiCoreNone: 'None'>
    """
    PipeUtilization = "PipeUtilization"
    ArithmeticUtilization = "ArithmeticUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    MemoryUB = "MemoryUB"
    ResourceConflictRatio = "ResourceConflictRatio"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"
    AiCoreNone = "None"


class ExportType(enum.Enum):
    """ExportType: the output formats of a profile: ``Text`` (value ``"text"``: JSON and CSV) is
    written; ``Db`` (``"db"``) raises NotImplementedError when asked for.

    Args:
        value (str): looking a member up by value, e.g. ``ExportType("text")``.

    Raises:
        ValueError: no member has that value.

    Examples:
        >>> from mindcell.profiler import ExportType
        >>> ExportType("text")
        <ExportType.Text: 'text'>
    """
    Db = "db"
    Text = "text"


class HostSystem(enum.Enum):
    """HostSystem: the host system samplers of Ascend's msprof (device-only: accepted, no effect).
    Members: ``CPU``, ``MEM``, ``DISK``, ``NETWORK``, ``OSRT`` (values their lower-case names).

    Args:
        value (str): looking a member up by value, e.g. ``HostSystem("mem")``.

    Raises:
        ValueError: no member has that value.

    Examples:
        >>> from mindcell.profiler import HostSystem
        >>> HostSystem("mem")
        <HostSystem.MEM: 'mem'>
    """
    CPU = "cpu"
    MEM = "mem"
    DISK = "disk"
    NETWORK = "network"
    OSRT = "osrt"


class ProfilerAction(enum.Enum):
    """What a step does under a schedule."""
    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


# option -> (type, default). "device": no meaning on the CPU (accepted, documented);
# "refuse": a truthy value would record something mindcell does not record.
OPTIONS = {
    "output_path": (str, "./data"),
    "profiler_level": (ProfilerLevel, ProfilerLevel.Level0),
    "activities": (list, None),
    "aic_metrics": (AicoreMetrics, AicoreMetrics.AiCoreNone),
    "with_stack": (bool, False),
    "profile_memory": (bool, False),
    "data_process": (bool, False),
    "parallel_strategy": (bool, False),
    "start_profile": (bool, True),
    "l2_cache": (bool, False),
    "hbm_ddr": (bool, False),
    "pcie": (bool, False),
    "sys_io": (bool, False),
    "sys_interconnection": (bool, False),
    "host_sys": (list, None),
    "sync_enable": (bool, True),
    "data_simplification": (bool, True),
    "record_shapes": (bool, False),
    "export_type": (list, None),
    "mstx": (bool, False),
    "mstx_domain_include": (list, None),
    "mstx_domain_exclude": (list, None),
    "schedule": (object, None),
    "on_trace_ready": (object, None),
}
DEVICE_ONLY = ("profiler_level", "aic_metrics", "parallel_strategy", "l2_cache", "hbm_ddr", "pcie",
               "sys_io", "sys_interconnection", "host_sys", "sync_enable", "data_simplification")
REFUSED = {"data_process": "dataset pipeline timing"}
# accepted with MindSpore's deprecation warning; they have no effect there either (the last
# ones are MindSpore 1.x options that 2.10 ignores)
DEPRECATED = ("profile_communication", "op_time", "profile_framework", "host_stack",
              "timeline_limit", "optypes_not_deal", "ascend_job_id", "is_detail",
              "is_show_op_path", "subgraph", "job_id", "aicore_metrics")


def check_options(api, kwargs):
    """``kwargs`` validated and completed with defaults (a new dict).

    Raises:
        TypeError: an unknown option, or a value of the wrong type.
        NotImplementedError: an option that would record what mindcell cannot record.
    """
    for key in kwargs:
        if key in DEPRECATED:
            warnings.warn("%s: the parameter '%s' is deprecated and has no effect"
                          % (api, key), UserWarning, stacklevel=3)
        elif key not in OPTIONS:
            raise TypeError("%s got an unexpected option '%s' (options: %s)"
                            % (api, key, ", ".join(OPTIONS)))
    opts = {}
    for key, (kind, default) in OPTIONS.items():
        value = kwargs.get(key)
        opts[key] = default if value is None else _checked(api, key, kind, value)
    for key, what in REFUSED.items():
        if opts[key]:
            raise NotImplementedError("%s: '%s=True' (%s) is not supported by mindcell's "
                                      "profiler" % (api, key, what))
    opts["activities"] = _members(api, "activities", opts["activities"], ProfilerActivity,
                                  [ProfilerActivity.CPU, ProfilerActivity.NPU])
    opts["host_sys"] = _members(api, "host_sys", opts["host_sys"], HostSystem, [])
    opts["export_type"] = _export_types(api, opts["export_type"])
    for key in ("mstx_domain_include", "mstx_domain_exclude"):
        opts[key] = _members(api, key, opts[key], str, [])
    if opts["schedule"] is not None and not callable(opts["schedule"]):
        raise TypeError("%s: 'schedule' must be a mindcell.profiler.schedule, but got %s"
                        % (api, type(opts["schedule"]).__name__))
    if opts["on_trace_ready"] is not None and not callable(opts["on_trace_ready"]):
        raise TypeError("%s: 'on_trace_ready' must be callable, but got %s"
                        % (api, type(opts["on_trace_ready"]).__name__))
    return opts


def _checked(api, key, kind, value):
    if kind is object:
        return value
    if kind is list and isinstance(value, (tuple, set)):
        value = list(value)
    if kind is list and (key == "export_type" and isinstance(value, (str, ExportType))
                         or key == "activities" and isinstance(value, ProfilerActivity)):
        return [value]
    if isinstance(value, kind) and not (kind is not bool and isinstance(value, bool)):
        return value
    if issubclass(kind, enum.Enum) and isinstance(value, str):
        for member in kind:
            if value in (member.value, member.name):
                return member
        raise ValueError("%s: '%s' must be one of %s, but got %r"
                         % (api, key, [m.name for m in kind], value))
    raise TypeError("%s: '%s' must be %s, but got %s"
                    % (api, key, kind.__name__, type(value).__name__))


def _members(api, key, values, kind, default):
    if values is None:
        return list(default)
    for v in values:
        if not isinstance(v, kind):
            raise TypeError("%s: every item of '%s' must be %s, but got %r"
                            % (api, key, kind.__name__, v))
    return list(dict.fromkeys(values))


def _export_types(api, values):
    if not values:
        return [ExportType.Text]
    out = [_checked(api, "export_type", ExportType, v) for v in values]
    if ExportType.Db in out:
        raise NotImplementedError("%s: 'export_type' ExportType.Db is not supported by "
                                  "mindcell's profiler (ExportType.Text is)" % api)
    return out
