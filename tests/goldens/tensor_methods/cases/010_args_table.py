"""Tensor methods that take shapes, indices, masks or other tensors (reshape ... scatter,
clamp, lerp, addmm, matmul, where, masked_fill, casts to a dtype ...) over bool, int8, int32,
int64, uint8 and float16/32/64 inputs: result dtype, shape and values, or the exception's
class."""
import numpy as np

from _tm_table import DTYPES, Tensor, first, ms, record, second, tensor

I32 = lambda v: Tensor(np.array(v, np.int32))  # noqa: E731
I64 = lambda v: Tensor(np.array(v, np.int64))  # noqa: E731
MASK = Tensor(np.array([[True, False, True], [False, False, True]]))


def calls(x, y, dt):
    """name|variant -> a call of a method of ``x`` (a 2x3 ``dt`` input; ``y`` another)."""
    sq = tensor([[1, 2], [3, 0]], dt)
    b3 = tensor(np.ones((2, 2, 2)), dt)
    return {
        "reshape": lambda: x.reshape(3, 2),
        "reshape|tuple": lambda: x.reshape((-1,)),
        "view": lambda: x.view(3, 2),
        "view_as": lambda: x.view_as(y.reshape(3, 2)),
        "reshape_as": lambda: x.reshape_as(y.reshape(3, 2)),
        "transpose": lambda: x.transpose(1, 0),
        "permute": lambda: x.permute(1, 0),
        "swapaxes": lambda: x.swapaxes(0, 1),
        "swapdims": lambda: x.swapdims(0, 1),
        "moveaxis": lambda: x.moveaxis(0, 1),
        "movedim": lambda: x.movedim(0, 1),
        "squeeze": lambda: x.reshape(1, 2, 3).squeeze(),
        "squeeze|axis": lambda: x.reshape(1, 2, 3).squeeze(0),
        "unsqueeze": lambda: x.unsqueeze(1),
        "expand_dims": lambda: x.expand_dims(0),
        "expand": lambda: x[0:1].expand(3, 3),
        "expand_as": lambda: x[0:1].expand_as(y),
        "broadcast_to": lambda: x[0:1].broadcast_to((2, 3)),
        "tile": lambda: x.tile((2, 1)),
        "repeat": lambda: x.repeat(2),
        "repeat|axis": lambda: x.repeat(2, 1),
        "repeat_interleave": lambda: x.repeat_interleave(2, 0),
        "roll": lambda: x.roll(1, 1),
        "flip": lambda: x.flip((1,)),
        "rot90": lambda: x.rot90(1, (0, 1)),
        "tril": lambda: x.tril(),
        "triu": lambda: x.triu(1),
        "narrow": lambda: x.narrow(1, 1, 2),
        "split": lambda: x.split(1, 1),
        "chunk": lambda: x.chunk(3, 1),
        "tensor_split": lambda: x.tensor_split(3, 1),
        "hsplit": lambda: x.hsplit(3),
        "vsplit": lambda: x.vsplit(2),
        "unbind": lambda: x.unbind(0),
        "select": lambda: x.select(1, 2),
        "take": lambda: x.take(I32([0, 5, 2])),
        "gather": lambda: x.gather(I32([2, 0]), 1),
        "gather_elements": lambda: x.gather_elements(1, I32([[0, 2, 1], [1, 1, 0]])),
        "gather_nd": lambda: x.gather_nd(I32([[0, 1], [1, 2]])),
        "index_select": lambda: x.index_select(1, I32([2, 0])),
        "masked_fill": lambda: x.masked_fill(MASK, 1),
        "masked_fill|float": lambda: x.masked_fill(MASK, 0.5),
        "masked_select": lambda: x.masked_select(MASK),
        "masked_scatter": lambda: x.masked_scatter(MASK, y),
        "where": lambda: x.where(MASK, y),
        "clamp": lambda: x.clamp(0, 2),
        "clamp|float": lambda: x.clamp(0.5, 2.5),
        "clip": lambda: x.clip(1, 3),
        "clamp_": lambda: Tensor(x.asnumpy()).clamp_(0, 2),
        "lerp": lambda: x.lerp(y, 0.5),
        "addcdiv": lambda: x.addcdiv(y, y, value=2),
        "addcmul": lambda: x.addcmul(y, y, value=2),
        "addmm": lambda: sq.addmm(sq, sq),
        "addmv": lambda: sq[0].addmv(sq, sq[1]),
        "addbmm": lambda: b3[0].addbmm(b3, b3),
        "baddbmm": lambda: b3.baddbmm(b3, b3),
        "bmm": lambda: b3.bmm(b3),
        "matmul": lambda: x.matmul(y.T),
        "mm": lambda: x.mm(y.T),
        "dot": lambda: x[0].dot(y[0]),
        "inner": lambda: x.inner(y),
        "outer": lambda: x[0].outer(y[1]),
        "cross": lambda: x.cross(y, 1),
        "fill": lambda: x.fill(2),
        "fill_": lambda: Tensor(x.asnumpy()).fill_(2),
        "zero_": lambda: Tensor(x.asnumpy()).zero_(),
        "fill_diagonal_": lambda: Tensor(sq.asnumpy()).fill_diagonal_(5),
        "searchsorted": lambda: x[1].sort()[0].searchsorted(y[0]),
        "histc": lambda: x.histc(4, 0, 4),
        "scatter": lambda: x.scatter(1, I64([[0], [2]]), y[:, :1]),
        "scatter_add": lambda: x.scatter_add(1, I32([[0], [2]]), y[:, :1]),
        "index_add": lambda: x.index_add(1, I32([0, 2]), y[:, :2]),
        "index_fill": lambda: x.index_fill(1, I32([0, 2]), 1),
        "renorm": lambda: x.renorm(2, 0, 1.0),
        "astype": lambda: x.astype(ms.float16),
        "astype|str": lambda: x.astype("int32"),
        "to": lambda: x.to(ms.int64),
        "type": lambda: x.type(ms.float64),
        "type|none": lambda: x.type(),
        "type_as": lambda: x.type_as(Tensor(np.ones(1, np.int8))),
        "new_zeros": lambda: x.new_zeros((2,)),
        "new_ones": lambda: x.new_ones((2, 1)),
        "new_full": lambda: x.new_full((2,), 3),
        "new_zeros|dtype": lambda: x.new_zeros((2,), dtype=ms.float64),
        "reverse": lambda: x.reverse([1]),
        "reverse_sequence": lambda: x.reverse_sequence(I32([1, 3]), 1, 0),
        "diag": lambda: x[0].diag(),
        "diff|n2": lambda: x.diff(n=2),
        "isclose|scalar_other": lambda: x.isclose(Tensor(np.ones((2, 3), np.float32))),
        "equal|tensor_int": lambda: x.equal(I32([[1, -2, 3], [0, 5, -6]])),
        "xlogy|int": lambda: x.xlogy(2),
    }


# fresh inputs for every call: MindSpore 2.10's Tensor.index_add and scatter_add write into
# ``self`` as well as returning the result
for dt in DTYPES:
    for key in calls(first(dt), second(dt), dt):
        name, _, variant = key.partition("|")
        fn = calls(first(dt), second(dt), dt)[key]
        record("%s|%s" % (name, dt) + ("|" + variant if variant else ""), fn)
