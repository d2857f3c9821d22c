"""MultitypeFuncGraph.register with every kind of MindSpore type name model code uses: the basic
names, RowTensor (mindocr's gradient-scale wrappers register ("Tensor", "RowTensor")), scalar
dtype names ('Int64', 'Float64': a Python int is Int64, a float Float64, a numpy scalar its own
dtype), 'Tensor[<dtype>]', TypeType; which implementation a call picks, and the error for an
unknown name. (MindSpore 2.10 cannot pass a RowTensor to such a function in PYNATIVE mode: only
its registration is compared here.)"""
import numpy as np
from _target import ms, Tensor, emit

C = ms.ops.composite
f = C.MultitypeFuncGraph("f")
for t in ["Tensor[Float32]", "Tensor[Int32]", "Int64", "Int32", "Float32", "Float64", "Bool",
          "TypeType", "RowTensor", "Tensor", "String", "Tuple"]:
    f.register(t)(lambda x, t=t: t)
values = {"t_f32": Tensor(np.ones(2, np.float32)), "t_i32": Tensor(np.ones(2, np.int32)),
          "t_f16": Tensor(np.ones(2, np.float16)), "int": 3, "float": 2.5, "bool": True,
          "dtype": ms.float32, "np_i32": np.int32(3), "np_f64": np.float64(1.0),
          "np_f32": np.float32(1.0), "str": "a", "tuple": (1, 2)}
for k, v in values.items():
    try:
        emit(k, f(v))
    except Exception as e:  # noqa: BLE001
        emit(k, e)

scale = C.MultitypeFuncGraph("grad_scale")


@scale.register("Tensor", "Tensor")
def _tensor(s, g):
    return g * s


@scale.register("Tensor", "RowTensor")
def _row(s, g):
    return ms.RowTensor(g.indices, g.values * s, g.dense_shape)


s = Tensor(np.float32(0.5))
emit("scale_tensor", scale(s, Tensor(np.array([2.0, 4.0], np.float32))))
for bad in ["Foo", "Scalar", "Any"]:
    try:
        f.register(bad)(lambda x: x)
        emit("register_" + bad, "accepted")
    except Exception as e:  # noqa: BLE001
        emit("register_" + bad, "refused")
