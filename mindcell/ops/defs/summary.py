"""The summary-recording primitive behind ops.ScalarSummary/ImageSummary/TensorSummary/
HistogramSummary: a side effect that stores a copy of the value under (kind, name) when it runs,
eagerly or as a step of a compiled graph, for summary writers (train/summary) to collect."""
import numpy as np

from mindcell._core.primitive import defprim

# (kind, name) -> the latest recorded value (a Tensor); summary writers read and clear it.
RECORDED = {}


def _summary_impl(value, kind, name):
    from mindcell.common.tensor import Tensor
    # a copy: a compiled graph reuses its buffers for later values
    RECORDED[(kind, name)] = Tensor._make(np.array(value, copy=True))
    return np.zeros((), np.int32)


summary_p = defprim("Summary", _summary_impl,
                    infer=lambda value, kind, name: ((), np.dtype(np.int32)),
                    has_side_effect=True)
