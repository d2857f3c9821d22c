"""Summary ops (ScalarSummary, ImageSummary, TensorSummary, HistogramSummary), the overflow-status
family (FloatStatus, NPUAllocFloatStatus, NPUGetFloatStatus, NPUClearFloatStatus) and the
``DataType`` constants of custom-op registration."""
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import check_float
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.defs.summary import RECORDED as _RECORDED, summary_p as _summary_p
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R

def recorded_summaries():
    """A copy of the summary values recorded so far: {(kind, name): Tensor}."""
    return dict(_RECORDED)


class _Summary(AttrPrimitive):
    _kind = None

    def __init__(self):
        super().__init__()
        flags = {"side_effect_io": True, "channel_name": "ms_%s_summary" % self._kind}
        if self._kind != "tensor":
            flags["dyn_input_sizes"] = [-1, 1]
        self.set_attrs(given={}, flags=flags)

    def __call__(self, name, value):
        # MindSpore's PyNative summaries check nothing and return None; mindcell records a
        # string-named Tensor value (in a compiled graph, each time the graph runs) and never
        # fails the step.
        if isinstance(name, str) and isinstance(value, Tensor):
            _summary_p.bind(value, kind=self._kind, name=name)
        return None


class ScalarSummary(_Summary):
    """Records a scalar tensor under ``name``; a ``SummaryRecord`` writes it at its next
    ``record(step)``. It records in PYNATIVE_MODE and each time a compiled graph runs.

    MindSpore's PyNative summaries check nothing and return None; mindcell records a
    string-named Tensor value and never fails the step (other values are not recorded).

    Inputs:
        - **name** (str) - the tag of the value.
        - **value** (Tensor) - a scalar (0-D or one-element) tensor.

    Outputs:
        None.

    Examples:
        >>> import tempfile
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> from mindcell.train import SummaryRecord
        >>> from mindcell.ops.operations_debug import recorded_summaries
        >>> with tempfile.TemporaryDirectory() as d, SummaryRecord(d) as record:
        ...     ops.ScalarSummary()("loss", Tensor(0.25, np.float32))
        ...     print(recorded_summaries()[("scalar", "loss")])
        ...     record.record(1)  # writes, and takes, the recorded values
        0.25
        True
    """
    _kind = "scalar"


class ImageSummary(_Summary):
    """Records a NCHW image tensor under ``name``; a ``SummaryRecord`` writes it at its next
    ``record(step)``. It records in PYNATIVE_MODE and each time a compiled graph runs.

    MindSpore's PyNative summaries check nothing and return None; mindcell records a
    string-named Tensor value and never fails the step (other values are not recorded).

    Inputs:
        - **name** (str) - the tag of the value.
        - **value** (Tensor) - an NCHW image tensor.

    Outputs:
        None.

    Examples:
        >>> import tempfile
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> from mindcell.train import SummaryRecord
        >>> from mindcell.ops.operations_debug import recorded_summaries
        >>> with tempfile.TemporaryDirectory() as d, SummaryRecord(d) as record:
        ...     ops.ImageSummary()("img", Tensor(np.zeros((1, 3, 2, 2), np.float32)))
        ...     print(recorded_summaries()[("image", "img")].shape)
        ...     record.record(1)  # writes, and takes, the recorded values
        (1, 3, 2, 2)
        True
    """
    _kind = "image"


class TensorSummary(_Summary):
    """Records a tensor under ``name``; a ``SummaryRecord`` writes it at its next
    ``record(step)``. It records in PYNATIVE_MODE and each time a compiled graph runs.

    MindSpore's PyNative summaries check nothing and return None; mindcell records a
    string-named Tensor value and never fails the step (other values are not recorded).

    Inputs:
        - **name** (str) - the tag of the value.
        - **value** (Tensor) - the tensor.

    Outputs:
        None.

    Examples:
        >>> import tempfile
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> from mindcell.train import SummaryRecord
        >>> from mindcell.ops.operations_debug import recorded_summaries
        >>> with tempfile.TemporaryDirectory() as d, SummaryRecord(d) as record:
        ...     print(ops.TensorSummary()("w", Tensor(np.ones(2, np.float32))))
        ...     print(recorded_summaries()[("tensor", "w")])
        ...     record.record(1)  # writes, and takes, the recorded values
        None
        [1. 1.]
        True
    """
    _kind = "tensor"


class HistogramSummary(_Summary):
    """Records a tensor for a histogram under ``name``; a ``SummaryRecord`` writes it at its next
    ``record(step)``. It records in PYNATIVE_MODE and each time a compiled graph runs.

    MindSpore's PyNative summaries check nothing and return None; mindcell records a
    string-named Tensor value and never fails the step (other values are not recorded).

    Inputs:
        - **name** (str) - the tag of the value.
        - **value** (Tensor) - the tensor whose values are binned.

    Outputs:
        None.

    Examples:
        >>> import tempfile
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> from mindcell.train import SummaryRecord
        >>> from mindcell.ops.operations_debug import recorded_summaries
        >>> with tempfile.TemporaryDirectory() as d, SummaryRecord(d) as record:
        ...     ops.HistogramSummary()("h", Tensor(np.array([1.0, 2.0, 2.0], np.float32)))
        ...     print(recorded_summaries()[("histogram", "h")])
        ...     record.record(1)  # writes, and takes, the recorded values
        [1. 2. 2.]
        True
    """
    _kind = "histogram"


class FloatStatus(AttrPrimitive):
    """Whether a float tensor holds an inf or a NaN, as a (1,) tensor holding 1 or 0.

    (MindSpore 2.10 has this kernel on GPU only: on CPU it raises RuntimeError. mindcell
    computes it everywhere.)

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of shape (1,) and the dtype of ``x``.

    Raises:
        TypeError: ``x`` is not a float tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.FloatStatus()(Tensor(np.array([1.0, np.inf], np.float32))).asnumpy().tolist()
        [1.0]
        >>> print(ops.FloatStatus()(Tensor(np.array([1.0, 2.0], np.float16))))
        [0.]
    """

    def __call__(self, x):
        check_float(x, "FloatStatus", "x")
        bad = R.any(M.logical_not(M.isfinite(x)))
        return A.reshape(M.cast(bad, x.dtype), (1,))


class _NPUStatus(AttrPrimitive):
    def __call__(self, *args):
        raise RuntimeError(
            "%s: Ascend's float-status register does not exist on CPU (MindSpore raises this "
            "error on CPU too); detect overflow with ops.FloatStatus or amp.all_finite"
            % type(self).__name__)


class NPUAllocFloatStatus(_NPUStatus):
    """Allocates Ascend's float-status buffer (an (8,) Float32 tensor on Ascend).

    Ascend only: every call raises RuntimeError on CPU, as MindSpore does there; detect overflow
    with ``ops.FloatStatus`` or ``amp.all_finite``.

    Inputs:
        None.

    Outputs:
        None: the call raises.

    Raises:
        RuntimeError: always, on CPU.

    Examples:
        >>> from mindcell import ops
        >>> try:
        ...     ops.NPUAllocFloatStatus()()
        ... except RuntimeError as e:
        ...     print(str(e).split(":")[0])
        NPUAllocFloatStatus
    """


class NPUGetFloatStatus(_NPUStatus):
    """Reads Ascend's float-status register into ``x``.

    Ascend only: every call raises RuntimeError on CPU, as MindSpore does there; detect overflow
    with ``ops.FloatStatus`` or ``amp.all_finite``.

    Inputs:
        - **x** (Tensor) - the status buffer from ``NPUAllocFloatStatus``.

    Outputs:
        None: the call raises.

    Raises:
        RuntimeError: always, on CPU.

    Examples:
        >>> from mindcell import ops
        >>> try:
        ...     ops.NPUGetFloatStatus()(None)
        ... except RuntimeError as e:
        ...     print(str(e).split(":")[0])
        NPUGetFloatStatus
    """


class NPUClearFloatStatus(_NPUStatus):
    """Clears Ascend's float-status register.

    Ascend only: every call raises RuntimeError on CPU, as MindSpore does there; detect overflow
    with ``ops.FloatStatus`` or ``amp.all_finite``.

    Inputs:
        - **x** (Tensor) - the status buffer from ``NPUAllocFloatStatus``.

    Outputs:
        None: the call raises.

    Raises:
        RuntimeError: always, on CPU.

    Examples:
        >>> from mindcell import ops
        >>> try:
        ...     ops.NPUClearFloatStatus()(None)
        ... except RuntimeError as e:
        ...     print(str(e).split(":")[0])
        NPUClearFloatStatus
    """


_DTYPE_CODES = {"None": "", "BOOL": "bool", "I8": "int8", "U8": "uint8", "I16": "int16",
                "U16": "uint16", "I32": "int32", "U32": "uint32", "I64": "int64",
                "U64": "uint64", "F16": "float16", "F32": "float32", "F64": "float64",
                "BF16": "bfloat16", "C64": "complex64", "C128": "complex128"}
_FORMATS = {"None": "", "Default": "DefaultFormat", "Default_Tuple": "DefaultFormat",
            "Default_List": "DefaultFormat", "5HD": "NC1HWC0", "FracZ": "FRACTAL_Z",
            "FracNZ": "FRACTAL_NZ", "C1HWNCoC0": "C1HWNCoC0", "NCHW": "NCHW", "NHWC": "NHWC",
            "HWCN": "HWCN", "NDHWC": "NDHWC", "ChannelLast": "ChannelLast", "NCDHW": "NCDHW",
            "NDC1HWC0": "NDC1HWC0", "NC1HWC0": "NC1HWC0", "DHWCN": "DHWCN",
            "FRACTAL_Z_3D": "FRACTAL_Z_3D", "FracZNLSTM": "FRACTAL_ZN_LSTM",
            "FracZNRNN": "FRACTAL_ZN_RNN", "ND_RNNBIAS": "ND_RNN_BIAS"}
_COMMON = ("None", "Default", "Default_Tuple", "Default_List", "5HD", "FracZ", "FracNZ",
           "C1HWNCoC0", "NCHW", "NHWC", "HWCN", "NDHWC", "ChannelLast")
_FLOAT_EXTRA = ("NCDHW", "NDC1HWC0", "DHWCN", "FRACTAL_Z_3D", "FracZNLSTM", "FracZNRNN",
                "ND_RNNBIAS")
# which formats MindSpore defines for each dtype code
_TABLE = dict({c: _COMMON for c in ("BOOL", "I16", "U16", "U32", "I64", "U64", "F64")},
              I8=_COMMON + ("NC1HWC0", "NCDHW", "NDC1HWC0"),
              U8=_COMMON + ("NC1HWC0", "NCDHW", "NDC1HWC0"),
              I32=_COMMON + ("NCDHW", "NDC1HWC0"),
              F16=_COMMON + _FLOAT_EXTRA, F32=_COMMON + _FLOAT_EXTRA, BF16=_COMMON + _FLOAT_EXTRA,
              C64=("Default", "Default_Tuple"), C128=("Default", "Default_Tuple"),
              **{"None": ("None", "Default")})


class DataType:
    """``(dtype, format)`` string pairs naming the input/output types of a custom operator's
    registration (``DataType.F32_Default == ('float32', 'DefaultFormat')``). mindcell runs
    custom ops from their Python definitions, so these are descriptive only.

    The attributes are ``<code>_<format>``: codes ``None``, ``BOOL``, ``I8`` ... ``I64``,
    ``U8`` ... ``U64``, ``F16``, ``F32``, ``F64``, ``BF16``, ``C64``, ``C128``; formats such
    as ``Default``, ``5HD``, ``FracZ``, ``NCHW``, ``NHWC`` (the pairs MindSpore defines).

    Examples:
        >>> from mindcell import ops
        >>> print(ops.DataType.F16_5HD, ops.DataType.I32_Default)
        ('float16', 'NC1HWC0') ('int32', 'DefaultFormat')
    """


for _code, _formats in _TABLE.items():
    for _fmt in _formats:
        setattr(DataType, "%s_%s" % (_code, _fmt), (_DTYPE_CODES[_code], _FORMATS[_fmt]))
del _code, _formats, _fmt

__all__ = ["ScalarSummary", "ImageSummary", "TensorSummary", "HistogramSummary", "FloatStatus",
           "NPUAllocFloatStatus", "NPUGetFloatStatus", "NPUClearFloatStatus", "DataType"]
