"""mindcell: MindSpore's Cell programming model on the CPU, with an eager mode (PYNATIVE_MODE)
and a compiled mode (GRAPH_MODE) over Cython kernels."""
from mindcell import _threads  # noqa: F401  (first: thread settings for OpenMP and the BLAS)
from mindcell import _malloc  # noqa: F401  (large buffers reused across steps)
from mindcell.dtype import (bool_, int8, int16, int32, int64, uint8, uint16, uint32,  # noqa: F401
                            uint64, float16, float32, float64, bfloat16, half, single,
                            double, DType)
from mindcell.common.dtype_classes import Int  # noqa: F401  (isinstance(x.dtype, ms.Int))
from mindcell.context import (GRAPH_MODE, PYNATIVE_MODE, set_context, get_context,  # noqa: F401
                              set_seed, get_seed, STRICT, COMPATIBLE, LAX)
from mindcell.context import set_ps_context, get_ps_context, reset_ps_context  # noqa: F401
from mindcell.parallel import (ParallelMode, set_auto_parallel_context,  # noqa: F401
                               get_auto_parallel_context, reset_auto_parallel_context)
from mindcell.common.tensor import Tensor, tensor, from_numpy, frombuffer, is_tensor  # noqa: F401
from mindcell.common.parameter import Parameter, ParameterTuple  # noqa: F401
from mindcell.common.symbol import Symbol  # noqa: F401
from mindcell import common  # noqa: F401
from mindcell import ops  # noqa: F401
from mindcell import nn  # noqa: F401
from mindcell.ops.grad import grad, value_and_grad, vjp  # noqa: F401

__version__ = "0.1.0"
from mindcell.graph.jit import jit, JitConfig  # noqa: E402,F401
from mindcell import train  # noqa: E402,F401
from mindcell.train.serialization import (save_checkpoint, load_checkpoint,  # noqa: E402,F401
                                          load_param_into_net)
from mindcell.train.serialization import *  # noqa: E402,F401,F403
from mindcell import dataset, experimental  # noqa: E402,F401
from mindcell import mindrecord  # noqa: E402,F401  (ms.mindrecord)
from mindcell.train.model import Model  # noqa: E402,F401
from mindcell.train.dataset_helper import DatasetHelper  # noqa: E402,F401
# MindSpore exports mindspore.train's callbacks at the top level (ms.LossMonitor, ...).
from mindcell.train.callback import (Callback, RunContext, LossMonitor, TimeMonitor,  # noqa: E402,F401
                                     ModelCheckpoint, CheckpointConfig, EarlyStopping,
                                     LearningRateScheduler)
# MindSpore module paths and helpers that scripts import (docs/porting.md).
from mindcell.context import set_device  # noqa: E402,F401
from mindcell.common.row_tensor import RowTensor  # noqa: E402,F401
from mindcell.common.mutable import mutable  # noqa: E402,F401
from mindcell.common import api as _api  # noqa: E402,F401  (mindcell.common.api)
from mindcell import log, runtime  # noqa: E402,F401
from mindcell import amp  # noqa: E402,F401
from mindcell.train.loss_scale_manager import (LossScaleManager,  # noqa: E402,F401
                                               FixedLossScaleManager, DynamicLossScaleManager)
from mindcell import profiler  # noqa: E402,F401
from mindcell.profiler import Profiler  # noqa: E402,F401
from mindcell.train.callback import (History, LambdaCallback, ReduceLROnPlateau,  # noqa: E402,F401
                                     OnRequestExit, SummaryCollector)
from mindcell.train.summary import SummaryRecord  # noqa: E402,F401
from mindcell import mint  # noqa: E402,F401  (mindspore.mint: the PyTorch-style API)
from mindcell.program_api import (jit_class, lazy_inline, no_inline, set_recursion_limit,  # noqa
                                         set_deterministic, run_check, _no_grad,
                                         ms_memory_recycle)
from mindcell.common.api import ms_function, ms_class  # noqa: E402,F401 (MindSpore 1.x names)
# MindSpore's common binds these functions over its modules common.lazy_inline/no_inline
common.lazy_inline, common.no_inline = lazy_inline, no_inline
from mindcell.common.generator import (Generator, default_generator, seed,  # noqa: E402,F401
                                       manual_seed, initial_seed, get_rng_state, set_rng_state)
from mindcell.sparse_tensor import COOTensor, CSRTensor, SparseTensor  # noqa: E402,F401
from mindcell.train.sink import data_sink  # noqa: E402,F401
from mindcell import numpy  # noqa: E402,F401  (ms.numpy, as MindSpore)
# Last: bind every name at each further module path where MindSpore 2.10 has the same object
# (ops.operations.Shape, ops.functional.partial, common.set_seed ...), recorded from MindSpore.
from mindcell import _faces  # noqa: E402
_faces.install()
# ``mindspore.dtype`` is the module ``mindspore.common.dtype`` (``from mindspore import dtype as
# mstype; mstype.dtype_to_nptype(...)``): ``mindcell.dtype`` (the internal module, imported by
# name across the package) also serves every public name of ``mindcell.common.dtype``.
for _n in common.dtype.__dict__:  # noqa: E402
    if not _n.startswith("_") and not hasattr(dtype, _n):
        setattr(dtype, _n, getattr(common.dtype, _n))
del _n
# Every kernel's and the BLAS's threads: OMP_NUM_THREADS, else the cores this process may use.
_threads.set_num_threads()
