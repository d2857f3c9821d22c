"""``mindcell.ops``: the functional API (``ops.add``), Primitive classes (``ops.ReLU()``) and
autodiff (``ops.grad``). Importing it also installs Tensor's operators and methods."""
import sys

from mindcell.ops import functional  # noqa: F401  (must come first: defines every op)
from mindcell.ops.functional import *  # noqa: F401,F403
from mindcell.ops.functional import abs, round, pow, sum, max, min, all, any  # noqa: F401
from mindcell.ops.operations import *  # noqa: F401,F403
from mindcell.ops.operations import Primitive, PrimitiveWithInfer  # noqa: F401
from mindcell.ops.comm_ops import *  # noqa: F401,F403
from mindcell.ops.operations_extra import *  # noqa: F401,F403
from mindcell.ops.operations_math import *  # noqa: F401,F403
from mindcell.ops.operations_ctc import *  # noqa: F401,F403
from mindcell.ops.operations_generated import *  # noqa: F401,F403
from mindcell.ops.operations_lstm import *  # noqa: F401,F403
from mindcell.ops.operations_sequence import *  # noqa: F401,F403
from mindcell.ops.operations_image import *  # noqa: F401,F403
from mindcell.ops.operations_detection import *  # noqa: F401,F403
from mindcell.ops.operations_loss import *  # noqa: F401,F403
from mindcell.ops.operations_debug import *  # noqa: F401,F403
from mindcell.ops.operations_optim import *  # noqa: F401,F403
from mindcell.ops.operations_special_pairs import *  # noqa: F401,F403
from mindcell.ops.operations_from_functions import *  # noqa: F401,F403
from mindcell.ops.operations_depthwise import *  # noqa: F401,F403
from mindcell.ops.operations_glimpse import *  # noqa: F401,F403
from mindcell.ops.operations_complex import *  # noqa: F401,F403
from mindcell.ops import operations_grad as _operations_grad  # noqa: F401,E402 (_grad_ops faces)
from mindcell.ops._f_compat import tuple_to_array, partial, scalar_to_tensor  # noqa: F401
from mindcell.ops.grad import grad, value_and_grad, get_grad, GradOperation, vjp  # noqa: F401
from mindcell.ops.primitive import PrimitiveWithCheck, constexpr, prim_attr_register  # noqa: F401
from mindcell.ops.composite import (HyperMap, Map, MultitypeFuncGraph, Partial,  # noqa: F401
                                    clip_by_global_norm)
from mindcell.ops.control_flow import WhileLoop, ForiLoop, Scan  # noqa: F401
from mindcell.ops.forward_ad import jvp  # noqa: F401
from mindcell.ops.taylor import derivative, jet  # noqa: F401
from mindcell.ops.jacobian import jacfwd, jacrev  # noqa: F401
from mindcell.ops import tensor_methods as _tensor_methods
from mindcell.ops import _errors
from mindcell.ops.function.misc_func import print_  # noqa: F401
from mindcell.ops.custom import Custom  # noqa: F401
from mindcell.ops.composite_extra import vmap  # noqa: F401

_tensor_methods.install()
from mindcell.ops.function import method_func as _method_func  # noqa: E402
_method_func.install_methods()
from mindcell.ops.function.method_func_more import move_to  # noqa: E402,F401
from mindcell.ops.function import method_func_more as _method_func_more  # noqa: E402
_method_func_more.install_methods()
# MindSpore's generated classes (some are also ops.* names: MaskedSelect, LogSoftmaxExt ...):
# imported here so ops has the same names whatever is imported later
from mindcell.ops import auto_generate as _auto_generate  # noqa: E402,F401
_errors.register_public_api(sys.modules[__name__])
