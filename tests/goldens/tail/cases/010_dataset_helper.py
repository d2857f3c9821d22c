"""DatasetHelper without sink mode: batches as lists of Tensors, epochs up to epoch_num, sink_size
ignored, argument errors; sink mode fails on the CPU."""
import numpy as np
from _target import ms, emit, emit_err

ds = ms.dataset


def data():
    return ds.NumpySlicesDataset({"x": np.arange(10, dtype=np.float32).reshape(5, 2),
                                  "y": np.arange(5, dtype=np.int32)}, shuffle=False).batch(2)


def read(helper):
    return [[type(item).__name__, [[str(t.dtype), list(t.shape), t.asnumpy().tolist()]
                                   for t in item]] for item in helper]


emit("same_object", ms.train.DatasetHelper is ms.DatasetHelper)
helper = ms.DatasetHelper(data(), dataset_sink_mode=False)
emit("one_epoch", read(helper))
emit_err("past_epoch_num", lambda: read(helper))
helper = ms.DatasetHelper(data().map(lambda x: x * 2, "x"), dataset_sink_mode=False,
                          epoch_num=3)
emit("three_epochs", [read(helper) for _ in range(3)])
emit_err("fourth_epoch", lambda: read(helper))
emit("sink_size_ignored", read(ms.DatasetHelper(data(), dataset_sink_mode=False, sink_size=2)))
emit("one_column", read(ms.DatasetHelper(ds.NumpySlicesDataset({"x": np.arange(3.0)},
                                                               shuffle=False),
                                         dataset_sink_mode=False)))
for name in ("types_shapes", "sink_size", "stop_send", "continue_send", "release",
             "get_data_info", "get_mbuf_queue_size"):
    emit_err("non_sink_" + name, getattr(ms.DatasetHelper(data(), dataset_sink_mode=False), name))
emit_err("sink_mode", ms.DatasetHelper, data(), dataset_sink_mode=True)
emit_err("sink_mode_default", ms.DatasetHelper, data())
emit_err("mode_int", ms.DatasetHelper, data(), dataset_sink_mode=1)
emit_err("sink_size_0", ms.DatasetHelper, data(), dataset_sink_mode=False, sink_size=0)
emit_err("sink_size_-2", ms.DatasetHelper, data(), dataset_sink_mode=False, sink_size=-2)
emit_err("epoch_num_0", ms.DatasetHelper, data(), dataset_sink_mode=False, epoch_num=0)
