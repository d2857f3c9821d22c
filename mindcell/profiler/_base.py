"""What ``Profiler`` and ``profile`` share: recording, steps, metadata, writing."""
import json
import os
import time

from mindcell import log
from mindcell.profiler import _export, _recorder
from mindcell.profiler.schedule import ProfilerAction, _KEPT, _RECORDING, _record_always


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
