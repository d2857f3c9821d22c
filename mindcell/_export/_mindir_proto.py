"""The messages of MindSpore's ``mind_ir.proto`` that a MINDIR file of a traced graph needs,
encoded without the ``protobuf`` package. Field numbers and enum values are the schema's
(``ModelProto``, ``GraphProto``, ``NodeProto``, ``AttributeProto``, ``TensorProto``,
``ValueInfoProto``, ``PrimitiveProto``); repeated scalars are written unpacked (proto2)."""
import struct

import numpy as np

from mindcell._wire import encode_varint, field_key, len_field

# AttributeProto.AttributeType
A_FLOAT, A_INT64, A_STRING, A_BOOL, A_TENSORS, A_TUPLE, A_LIST = 1, 7, 8, 9, 19, 20, 21
A_DOUBLE, A_TENSOR, A_UMONAD, A_IOMONAD, A_NONE = 11, 17, 23, 24, 25
# the integer AttributeTypes (UINT8, INT8, UINT16, INT16, INT32, INT64, UINT32, UINT64)
A_INTEGERS = (2, 3, 4, 5, 6, 7, 12, 13)
# TensorProto.DataType of numpy dtypes
_TENSOR_TYPE = {np.dtype(np.float32): 1, np.dtype(np.uint8): 2, np.dtype(np.int8): 3,
                np.dtype(np.uint16): 4, np.dtype(np.int16): 5, np.dtype(np.int32): 6,
                np.dtype(np.int64): 7, np.dtype(np.bool_): 9, np.dtype(np.float16): 10,
                np.dtype(np.float64): 11, np.dtype(np.uint32): 12, np.dtype(np.uint64): 13}
# ... and back (reading a file)
TENSOR_DTYPES = {code: dtype for dtype, code in _TENSOR_TYPE.items()}
PRIMITIVE, PRIMITIVE_FUNCTION = 1, 2


def tensor_type(dtype):
    code = _TENSOR_TYPE.get(np.dtype(dtype))
    if code is None:
        raise ValueError("MINDIR: dtype %s is not supported" % np.dtype(dtype))
    return code


_varint = encode_varint
_key = field_key


def varint_field(number, value):
    return _key(number, 0) + _varint(int(value))


bytes_field = len_field


def float_field(number, value):
    return _key(number, 5) + struct.pack("<f", value)


# ----- messages ---------------------------------------------------------------------------------
def tensor(dims, dtype, name=None, raw=None, ref_key=None):
    """TensorProto: dims=1, data_type=2, name=7, raw_data=9, ref_key=13."""
    out = b"".join(varint_field(1, d) for d in dims) + varint_field(2, tensor_type(dtype))
    if name is not None:
        out += bytes_field(7, name)
    if raw is not None:
        out += bytes_field(9, raw)
    if ref_key is not None:
        out += bytes_field(13, ref_key)
    return out


def attribute(name=None, kind=None, i=None, f=None, s=None, tensors=(), values=(),
              strings=None, ints=None):
    """AttributeProto: name=1, f=2, i=3, s=5, tensors=12, type=16, values=17; the items of a
    LIST/TUPLE hold their value in ``ints`` (10) or ``strings`` (11)."""
    out = b"" if name is None else bytes_field(1, name)
    if ints is not None:
        out += varint_field(10, ints)
    if f is not None:
        out += float_field(2, f)
    if i is not None:
        out += varint_field(3, i)
    if s is not None:
        out += bytes_field(5, s)
    if strings is not None:
        out += bytes_field(11, strings)
    out += b"".join(bytes_field(12, t) for t in tensors)
    out += varint_field(16, kind)
    out += b"".join(bytes_field(17, v) for v in values)
    return out


def int_tuple(values, name=None, kind=A_TUPLE):
    return attribute(name, kind, values=[attribute(kind=A_INT64, ints=int(v)) for v in values])


def string_list(values, name):
    return attribute(name, A_LIST, values=[attribute(kind=A_STRING, strings=v) for v in values])


def node(inputs, output, op_type, attributes=()):
    """NodeProto: input=1, output=2, name=3, op_type=4, attribute=5."""
    return (b"".join(bytes_field(1, i) for i in inputs) + bytes_field(2, output)
            + bytes_field(3, output) + bytes_field(4, op_type)
            + b"".join(bytes_field(5, a) for a in attributes))


def value_info(name, dims, dtype):
    """ValueInfoProto: name=1, tensor=2."""
    return bytes_field(1, name) + bytes_field(2, tensor(dims, dtype))


def primitive(name, op_type, prim_type, attributes=()):
    """PrimitiveProto: name=1, op_type=2, attribute=3, instance_name=4, prim_type=5."""
    return (bytes_field(1, name) + bytes_field(2, op_type)
            + b"".join(bytes_field(3, a) for a in attributes) + bytes_field(4, "")
            + varint_field(5, prim_type))


def graph(name, nodes, parameters, inputs, outputs):
    """GraphProto: node=1, name=2, parameter=3, input=5, output=6."""
    return (b"".join(bytes_field(1, n) for n in nodes) + bytes_field(2, name)
            + b"".join(bytes_field(3, p) for p in parameters)
            + b"".join(bytes_field(5, i) for i in inputs)
            + b"".join(bytes_field(6, o) for o in outputs))


def model(graph_bytes, primitives):
    """ModelProto: ir_version=1, producer_name=2, model_version=5, graph=7, little_endian=10,
    primitives=12, mind_ir_version=13."""
    return (bytes_field(1, "1.1") + bytes_field(2, "mindcell") + bytes_field(5, "2.10.0")
            + bytes_field(7, graph_bytes) + varint_field(10, 1)
            + b"".join(bytes_field(12, p) for p in primitives) + varint_field(13, 3))
