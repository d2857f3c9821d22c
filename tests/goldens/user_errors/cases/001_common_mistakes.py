"""Common user mistakes (a Cell given to an optimizer, PyTorch keywords and methods, Keras-style
strings, numpy arrays where a dataset belongs, mixed float dtypes through a layer ...): the
exception type MindSpore 2.10 raises for each. The rows are tests/train/_user_errors_table.py,
inlined here so the case runs under MindSpore alone."""
import os
import sys

from _target import ms, nn, ops, Tensor, emit

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(_HERE, "..", "..", "..", "train"))
import _user_errors_table as table  # noqa: E402

ms.set_context(mode=ms.PYNATIVE_MODE)
for key in table.ROWS:
    err = table.call(key, ms, nn, ops, Tensor)
    emit(key, err if err is not None else "no error")
