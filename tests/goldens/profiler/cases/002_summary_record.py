"""mindspore.train.summary.SummaryRecord: parameters, return values and errors."""
import inspect
import tempfile

import numpy as np
from _target import ms, Tensor, emit

SummaryRecord = ms.train.summary.SummaryRecord


def params(fn):
    return [[p.name, repr(p.default) if p.default is not p.empty else "<none>"]
            for p in inspect.signature(fn).parameters.values() if p.name != "self"]


def attempt(key, fn):
    try:
        fn()
        emit(key, "ok")
    except Exception as e:  # noqa: BLE001
        emit(key, e)


emit("init", params(SummaryRecord.__init__))
for name in ("add_value", "record", "set_mode", "flush", "close"):
    emit(name, params(getattr(SummaryRecord, name)))
emit("top_level_same", ms.SummaryRecord is SummaryRecord)
emit("callback_same", ms.train.callback.SummaryCollector is ms.SummaryCollector)

d = tempfile.mkdtemp()
attempt("log_dir_int", lambda: SummaryRecord(3))
attempt("prefix_int", lambda: SummaryRecord(d, file_prefix=1))
attempt("max_file_size_float", lambda: SummaryRecord(d, max_file_size=1.5))
attempt("raise_exception_int", lambda: SummaryRecord(d, raise_exception=1))
attempt("export_bad_key", lambda: SummaryRecord(d, export_options={"x": "npy"}))
attempt("export_bad_format", lambda: SummaryRecord(d, export_options={"tensor_format": "txt"}))

sr = SummaryRecord(d)
attempt("second_instance", lambda: SummaryRecord(d))
attempt("bad_plugin", lambda: sr.add_value("bad", "x", Tensor(1.0)))
attempt("scalar_float", lambda: sr.add_value("scalar", "x", 1.0))
attempt("scalar_two_elements", lambda: sr.add_value("scalar", "x", Tensor([1.0, 2.0])))
attempt("scalar_one_element", lambda: sr.add_value("scalar", "x", Tensor([1.0])))
attempt("scalar_int", lambda: sr.add_value("scalar", "x", Tensor(3)))
attempt("name_int", lambda: sr.add_value("scalar", 3, Tensor(1.0)))
attempt("name_empty", lambda: sr.add_value("scalar", "", Tensor(1.0)))
attempt("histogram_0d", lambda: sr.add_value("histogram", "h", Tensor(1.0)))
attempt("histogram_1d", lambda: sr.add_value("histogram", "h", Tensor([1.0, 2.0])))
attempt("image_3d", lambda: sr.add_value("image", "i", Tensor(np.zeros((3, 4, 4), np.float32))))
attempt("image_4d", lambda: sr.add_value("image", "i",
                                         Tensor(np.zeros((1, 3, 4, 4), np.float32))))
attempt("tensor", lambda: sr.add_value("tensor", "t", Tensor(np.zeros((2, 2), np.float32))))
emit("record", sr.record(1))
attempt("record_str", lambda: sr.record("1"))
emit("record_filter", sr.record(2, plugin_filter=lambda p: p == "scalar"))
attempt("set_mode_bad", lambda: sr.set_mode("x"))
attempt("set_mode_eval", lambda: sr.set_mode("eval"))
emit("record_eval", sr.record(3))
sr.flush()
sr.close()
sr.close()
emit("record_after_close", sr.record(4))
with SummaryRecord(d) as again:
    emit("context_manager_type", type(again).__name__)
