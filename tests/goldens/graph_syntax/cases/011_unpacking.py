"""Tuple unpacking with more values than targets in GRAPH_MODE: MindSpore's graph compiler takes
the first values (``h, w = x.shape`` on a 4-D ``x``; lists, Tensors along their first axis,
nested targets, ``for`` targets), where Python raises ValueError (PYNATIVE_MODE does too).
Fewer values than targets still raise (MindSpore: IndexError, mindcell: Python's ValueError;
the class is not recorded)."""
from _syntax_util import ms, np, run, f32, Tensor
from _target import nn

ms.set_context(mode=ms.GRAPH_MODE)
X4 = Tensor(np.arange(120, dtype=np.float32).reshape(2, 3, 4, 5))
X2 = Tensor(np.arange(6, dtype=np.float32).reshape(3, 2))


class ShapePrefix(nn.Cell):
    def construct(self, x):
        n, c = x.shape
        return n, c, x.sum() * n + c


class SlicedShape(nn.Cell):
    def construct(self, x):
        n, c, = x.shape[:3]
        return n * 10 + c


class TensorRows(nn.Cell):
    def construct(self, x):
        a, b = x
        return a * 10 + b


class ListValues(nn.Cell):
    def construct(self, x):
        [a, b] = [x, x + 1, x + 2]
        return a + b


class Nested(nn.Cell):
    def construct(self, x):
        (a, b), c = (x, x + 1, x + 2), x * 3
        return a + b + c


class ForTargets(nn.Cell):
    def construct(self, x):
        out = x * 0
        for a, b in ((x, x * 2, x * 3), (x + 1, x + 2, x + 3)):
            out = out + a * b
        return out


class ExactStillFine(nn.Cell):
    def construct(self, x):
        a, *rest = x.shape
        p, q = (x, x * 2)
        return a, len(rest), p + q


@ms.jit
def jit_function(x):
    h, w = x.shape
    return x.reshape(h * w, -1).shape


run("unpack.shape_prefix", ShapePrefix(), X4)
run("unpack.sliced_shape", SlicedShape(), X4)
run("unpack.tensor_rows", TensorRows(), X2)
run("unpack.list_values", ListValues(), X2)
run("unpack.nested", Nested(), X2)
run("unpack.for_targets", ForTargets(), X2)
run("unpack.exact_still_fine", ExactStillFine(), X4)
run("unpack.jit_function", jit_function, X4)
