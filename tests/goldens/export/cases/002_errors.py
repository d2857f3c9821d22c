"""ms.export / ms.load / nn.GraphCell argument errors: exception types (file_format checked
first; AIR is Ascend-only; a non-Cell net; a non-str file_name; a missing file_format; load of a
non-str, a missing file, a file of another type; GraphCell of something not loaded)."""
import os
import tempfile

import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

ms.set_context(mode=ms.PYNATIVE_MODE)
d = tempfile.mkdtemp()
x = Tensor(np.ones((1, 3), np.float32))
path = os.path.join(d, "n")


def attempt(key, fn):
    try:
        fn()
        emit(key, "ok")
    except Exception as e:  # noqa: BLE001  (the class is what is recorded)
        emit(key, e)


attempt("lower_case_format", lambda: ms.export(nn.Dense(3, 2), x, file_name=path,
                                               file_format="onnx"))
attempt("unknown_format", lambda: ms.export(nn.Dense(3, 2), x, file_name=path,
                                            file_format="XYZ"))
attempt("air", lambda: ms.export(nn.Dense(3, 2), x, file_name=path, file_format="AIR"))
attempt("not_a_cell", lambda: ms.export(3, x, file_name=path, file_format="ONNX"))
attempt("int_file_name", lambda: ms.export(nn.Dense(3, 2), x, file_name=3, file_format="ONNX"))
attempt("no_file_format", lambda: ms.export(nn.Dense(3, 2), x, file_name=path))
attempt("numpy_input", lambda: ms.export(nn.Dense(3, 2), np.ones((1, 3), np.float32),
                                         file_name=path, file_format="ONNX"))
attempt("load_int", lambda: ms.load(3))
attempt("load_missing_mindir", lambda: ms.load(os.path.join(d, "missing.mindir")))
attempt("load_ckpt_name", lambda: ms.load(os.path.join(d, "n.ckpt")))
attempt("graph_cell_int", lambda: nn.GraphCell(3))
emit("nothing_written", sorted(os.listdir(d)))
