"""mindspore.profiler: the names, parameters and defaults of Profiler/profile/schedule/
tensorboard_trace_handler, the enums' members, schedule's actions, and the attributes of a
Profiler made with start_profile=False."""
import inspect
import tempfile

from _target import ms, emit

P = ms.profiler


def params(fn):
    return [[p.name, str(p.kind), repr(p.default) if p.default is not p.empty else "<none>"]
            for p in inspect.signature(fn).parameters.values() if p.name != "self"]


emit("profiler_names", sorted(n for n in ["Profiler", "profile", "schedule",
                                          "tensorboard_trace_handler", "ProfilerLevel",
                                          "ProfilerActivity", "AicoreMetrics", "ExportType",
                                          "HostSystem"] if hasattr(P, n)))
emit("top_level_profiler_is_same", ms.Profiler is P.Profiler)
emit("Profiler_init", params(P.Profiler.__init__))
emit("profile_init", [p[0] for p in params(P.profile.__init__)])
emit("schedule_init", params(P.schedule.__init__))
emit("handler_params", params(P.tensorboard_trace_handler))
emit("Profiler_analyse", params(P.Profiler.analyse))
for name in ("start", "stop", "step", "add_metadata", "add_metadata_json", "__enter__",
             "__exit__"):
    emit("Profiler_has_" + name, callable(getattr(P.Profiler, name, None)))
for enum in ("ProfilerLevel", "ProfilerActivity", "AicoreMetrics", "ExportType", "HostSystem"):
    emit(enum, [[m.name, m.value] for m in getattr(P, enum)])

s = P.schedule(wait=1, warmup=1, active=2, repeat=1, skip_first=1)
emit("schedule_repr", repr(s))
emit("schedule_dict", s.to_dict())
emit("schedule_actions", [s(i).name for i in range(8)])
emit("schedule_actions_repeat0", [P.schedule(wait=0, active=2)(i).name for i in range(5)])
try:
    s(-1)
    emit("schedule_negative_step", "ok")
except Exception as e:  # noqa: BLE001
    emit("schedule_negative_step", e)

prof = P.Profiler(output_path=tempfile.mkdtemp(), start_profile=False)
emit("step_num", prof.step_num)
emit("current_action", prof.current_action.name)
prof.stop()  # not started: a logged message, no exception
emit("stop_unstarted", "ok")
emit("class_names", [P.schedule.__name__, P.profile.__name__, P.Profiler.__name__,
                     type(s).__name__])

# DynamicProfilerMonitor writes its default config file on construction
import json  # noqa: E402
import os  # noqa: E402

cfg = tempfile.mkdtemp()
P.DynamicProfilerMonitor(cfg_path=cfg, output_path=cfg)
with open(os.path.join(cfg, "profiler_config.json")) as f:
    emit("dynamic_default_config", json.load(f))
emit("dynamic_init", params(P.DynamicProfilerMonitor.__init__))
