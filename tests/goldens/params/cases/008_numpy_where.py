"""mindspore.numpy amax/amin with ``where`` and ``initial``."""
import importlib

import numpy as np
from _target import ms, ops, Tensor, emit

mnp = importlib.import_module(ms.__name__ + ".numpy")  # (ms.numpy: MindSpore only)
x = Tensor(np.array([[1., 5., 2.], [-1., -3., -2.]], np.float32))
w = np.array([[True, False, True], [False, False, True]])
emit("amax.axis1", mnp.amax(x, axis=1, initial=-100., where=w))
emit("amax.all", mnp.amax(x, initial=-100., where=w))
emit("amax.tensor_mask", mnp.amax(x, axis=0, initial=-100., where=Tensor(w)))
emit("amin.axis1", mnp.amin(x, axis=1, initial=100., where=w))
emit("amax.initial", mnp.amax(x, axis=1, initial=0.0))
