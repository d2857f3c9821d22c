"""initializer(...) and Tensor(init=...) draw their seed at the first use of their data, not
when made: numpy draws in between come first; a Parameter made of them fills at once; an
initializer error surfaces at the first use."""
import numpy as np
from _target import ms, emit, emit_err

I = ms.common.initializer


def bits(t):
    return t.asnumpy().view(np.uint32).ravel().tolist()


ms.set_seed(2)
t = ms.Tensor(shape=(2, 3), dtype=ms.float32, init=I.Normal())
emit("tensor_init_numpy_between", int(np.random.randint(0, 1000)))
emit("tensor_init_values", bits(t.init_data()))

ms.set_seed(2)
w = I.initializer(I.Normal(), (2, 3), ms.float32)
emit("initializer_numpy_between", int(np.random.randint(0, 1000)))
emit("initializer_values", bits(w))

ms.set_seed(2)
a = I.initializer(I.Uniform(), (4,), ms.float32)
b = I.initializer(I.Uniform(), (4,), ms.float32)
emit("second_used_first", bits(b))
emit("first_used_second", bits(a))

ms.set_seed(2)
p = ms.Parameter(I.initializer(I.Normal(), (2, 3), ms.float32), name="p")
emit("parameter_numpy_after", int(np.random.randint(0, 1000)))
emit("parameter_values", bits(p))

ms.set_seed(2)
bad = emit_err("he_uniform_1d_made", I.initializer, I.HeUniform(), (4,), ms.float32)
