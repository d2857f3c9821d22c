"""mindspore.common.dtype's helpers: dtype_to_nptype, pytype_to_dtype, tensor_type, QuantDtype,
and the complex/int4 dtype objects (compared, printed; no tensors of them)."""
import numpy as np
from _target import ms, emit, emit_err

d = ms.common.dtype
for name in ("float16", "float32", "float64", "int8", "int32", "int64", "uint8", "bool_"):
    emit("dtype_to_nptype_" + name, np.dtype(d.dtype_to_nptype(getattr(ms, name))).name)
emit("dtype_to_nptype_complex64", d.dtype_to_nptype(ms.complex64).__name__)
emit("dtype_to_nptype_complex128", d.dtype_to_nptype(ms.complex128).__name__)
for bad in (3, "float32", np.float32, None, ms.qint4x2):
    emit_err("dtype_to_nptype_err_%s" % (bad,), d.dtype_to_nptype, bad)

for k, t in enumerate((int, float, bool, complex, np.float16, np.float32, np.int32, np.int64,
                       np.uint8, np.bool_, type(None), list, tuple, str)):
    emit("pytype_to_dtype_%d" % k, str(d.pytype_to_dtype(t)))
emit("pytype_to_dtype_dtype", str(ms.pytype_to_dtype(ms.int8)))
emit_err("pytype_to_dtype_err_value", ms.pytype_to_dtype, 3)
emit_err("pytype_to_dtype_err_str", ms.pytype_to_dtype, "int")
emit_err("pytype_to_dtype_err_ndarray", ms.pytype_to_dtype, np.ndarray)

emit("tensor_type_str", str(ms.tensor_type))
emit("tensor_type_repr", repr(ms.tensor_type))
emit("tensor_type_callable", callable(ms.tensor_type))

emit("quant_members", [m.name for m in ms.QuantDtype])
emit("quant_values", [m.value() for m in ms.QuantDtype])
emit("quant_str", str(ms.QuantDtype.INT8))
emit("quant_repr", repr(ms.QuantDtype.UINT4))
emit("quant_lookup", ms.QuantDtype["INT4"].name)
emit("quant_common_same", ms.common.dtype.QuantDtype is ms.QuantDtype)

emit("complex_str", [str(ms.complex64), str(ms.complex128)])
emit("complex_eq", [ms.complex64 == ms.complex64, ms.complex64 == ms.complex128,
                    ms.complex64 == ms.float32])
emit("complex_alias", [ms.common.dtype.cfloat is ms.complex64,
                       ms.common.dtype.cdouble is ms.complex128])
emit("qint4x2_str", str(ms.qint4x2))
