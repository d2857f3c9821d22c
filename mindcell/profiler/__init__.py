"""``mindcell.profiler`` (MindSpore's ``mindspore.profiler``): time every op of PYNATIVE_MODE
and every instruction of GRAPH_MODE programs, write a Chrome trace, print the slowest ops.
See docs/profiler_and_summaries.md."""
from mindcell.profiler._options import (ProfilerLevel, ProfilerActivity, AicoreMetrics,  # noqa
                                        ExportType, HostSystem, ProfilerAction)  # noqa: F401
from mindcell.profiler.profiler import (Profiler, profile, schedule,  # noqa: F401
                                        tensorboard_trace_handler, _ExperimentalConfig)
from mindcell.profiler._mstx import mstx  # noqa: F401
from mindcell.profiler.dynamic import DynamicProfilerMonitor  # noqa: F401

__all__ = ["tensorboard_trace_handler", "schedule", "Profiler", "ProfilerLevel",
           "ProfilerActivity", "AicoreMetrics", "ExportType", "HostSystem", "profile",
           "_ExperimentalConfig", "mstx", "DynamicProfilerMonitor"]
