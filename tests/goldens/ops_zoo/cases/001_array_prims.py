"""Array primitives and their functional forms: ReverseV2, ReverseSequence, Slice, Flatten, AddN,
Eye, CumSum, TupleToArray, ScalarToTensor, ScalarCast, GatherV2, ArgMin/MaxWithValue,
DepthToSpace, SpaceToDepth (values, dtypes, attributes and argument errors)."""
import numpy as np
from _target import ms, ops, Tensor, emit

P = ms.ops.operations


def _force(out):
    """Tensors as numpy arrays, so that a lazily raised error is raised here."""
    if isinstance(out, Tensor):
        return out.asnumpy()
    if isinstance(out, (tuple, list)):
        return type(out)(_force(v) for v in out)
    return out


def run(key, fn):
    try:
        out = _force(fn())
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
xi = Tensor(np.arange(12, dtype=np.int32).reshape(3, 4))
run("ReverseV2", lambda: P.ReverseV2((0, 2))(x))
run("ReverseV2.neg", lambda: ops.ReverseV2(axis=(-1,))(xi))
run("ReverseV2.attrs", lambda: ops.ReverseV2([1]).axis)
run("ReverseV2.dup", lambda: ops.ReverseV2((0, 0))(x))
run("ReverseV2.range", lambda: ops.ReverseV2((3,))(x))
run("ReverseV2.type", lambda: ops.ReverseV2(1))
run("reverse", lambda: ops.reverse(x, (1,)))
seq = Tensor(np.array([1, 3, 4], np.int32))
run("ReverseSequence", lambda: ops.ReverseSequence(seq_dim=1)(xi, seq))
run("ReverseSequence.b1", lambda: ops.ReverseSequence(0, 1)(xi[:, :3].T, seq))
run("ReverseSequence.3d", lambda: ops.ReverseSequence(2, 1)(x, seq))
run("ReverseSequence.i64", lambda: ops.ReverseSequence(1)(xi, Tensor(np.array([0, 2, 4]))))
run("ReverseSequence.attrs", lambda: (ops.ReverseSequence(1).seq_dim,
                                     ops.ReverseSequence(1).batch_dim))
run("ReverseSequence.long", lambda: ops.ReverseSequence(1)(xi, Tensor(np.array([1, 5, 2],
                                                                               np.int32))))
run("reverse_sequence", lambda: ops.reverse_sequence(xi, seq, 1))
run("Slice", lambda: ops.Slice()(x, (0, 1, 1), (2, 2, -1)))
run("Slice.list", lambda: P.Slice()(xi, [1, 0], [1, 3]))
run("Slice.oob", lambda: ops.Slice()(xi, (2, 0), (2, 1)))
run("slice", lambda: ops.slice(x, (1, 0, 2), (1, 3, 2)))
run("Flatten", lambda: ops.Flatten()(x).shape)
run("Flatten.1d", lambda: ops.Flatten()(Tensor(np.arange(3.0))).shape)
run("Flatten.0d", lambda: ops.Flatten()(Tensor(1.0)))
run("AddN", lambda: ops.AddN()((x, x, x)))
run("AddN.list", lambda: ops.AddN()([xi, xi]))
run("AddN.mixed", lambda: ops.AddN()((xi, Tensor(np.ones((3, 4), np.float32)))))
run("AddN.shape", lambda: ops.AddN()((x, x[0])))
run("addn", lambda: ops.addn([xi, xi, xi]))
run("Eye", lambda: ops.Eye()(2, 3, ms.float32))
run("Eye.int", lambda: ops.Eye()(3, 3, ms.int32).dtype)
run("CumSum", lambda: ops.CumSum()(x, 1))
run("CumSum.excl", lambda: ops.CumSum(exclusive=True)(xi, 1))
run("CumSum.rev", lambda: ops.CumSum(reverse=True)(xi, 0))
run("CumSum.both", lambda: ops.CumSum(True, True)(xi, -1))
run("CumSum.tensoraxis", lambda: ops.CumSum()(xi, Tensor(1)))
run("TupleToArray", lambda: ops.TupleToArray()((1, 2, 3)))
run("TupleToArray.f", lambda: ops.TupleToArray()((1.5, 2.0)))
run("TupleToArray.dtype", lambda: ops.TupleToArray()((1.5, 2.0)).dtype)
run("TupleToArray.idtype", lambda: ops.TupleToArray()((1, 2)).dtype)
run("ScalarToTensor", lambda: ops.ScalarToTensor()(3))
run("ScalarToTensor.dt", lambda: ops.ScalarToTensor()(3, ms.int32).dtype)
run("ScalarToTensor.f", lambda: ops.ScalarToTensor()(2.5).dtype)
run("ScalarCast", lambda: ops.ScalarCast()(3.7, ms.int32))
run("ScalarCast.i64", lambda: ops.ScalarCast()(-2.7, ms.int64))
run("ScalarCast.f64", lambda: ops.ScalarCast()(True, ms.float64))
run("ScalarCast.f", lambda: ops.ScalarCast()(3, ms.float32))
run("ScalarCast.b", lambda: ops.ScalarCast()(0, ms.bool_))
run("scalar_cast", lambda: ops.scalar_cast(2.9, ms.int64))
run("ArgMinWithValue", lambda: ops.ArgMinWithValue()(x))
run("ArgMinWithValue.ax", lambda: ops.ArgMinWithValue(axis=-1, keep_dims=True)(
    Tensor(np.array([[3, 1, 2], [0, 5, 0]], np.float32))))
run("ArgMaxWithValue.ax", lambda: ops.ArgMaxWithValue(axis=1)(
    Tensor(np.array([[3, 1, 3], [0, 5, 0]], np.float32))))
run("ArgMinWithValue.dtype", lambda: [t.dtype for t in ops.ArgMinWithValue()(xi)])
run("ArgMaxWithValue.dtype", lambda: [t.dtype for t in ops.ArgMaxWithValue()(xi)])
run("ArgMinWithValue.nan", lambda: ops.ArgMinWithValue(1)(Tensor(np.array([[np.nan, 1, 0], [2, 0, 0]], np.float32))))
run("ArgMinWithValue.attrs", lambda: [ops.ArgMinWithValue(-1, True).axis, ops.ArgMinWithValue(-1, True).keep_dims])
d = Tensor(np.arange(32, dtype=np.float32).reshape(1, 8, 2, 2))
run("DepthToSpace", lambda: ops.DepthToSpace(2)(d))
run("DepthToSpace.bad", lambda: ops.DepthToSpace(3)(d))
run("DepthToSpace.bs1", lambda: ops.DepthToSpace(1))
s = Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4))
run("SpaceToDepth", lambda: ops.SpaceToDepth(2)(s))
run("SpaceToDepth.bad", lambda: ops.SpaceToDepth(3)(s))
run("roundtrip", lambda: ops.DepthToSpace(2)(ops.SpaceToDepth(2)(s)))
