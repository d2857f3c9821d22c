"""Bad-input fuzz over every public op: functions in ``mindcell.ops``, the Primitive classes
(constructed validly, bad call inputs) and Tensor methods.

Each op is first called with plausible valid arguments (by parameter name, or an override in
``BASE``); then each argument in turn is replaced by every value of ``BAD`` (wrong types, bad
ints, bad axes, empty / 0-d / int / bool / NaN / mismatched tensors), and each tensor input of
a method's ``self`` likewise. A call may succeed (the op accepted the input) or raise TypeError,
ValueError, KeyError or RuntimeError (IndexError only for tensor indexing) whose message names
the op the user called (its public name, the name of the op it is an alias of, or an entry in
``ALIASES``). Anything else -- another exception type, a message without the op name, a result
with a negative dimension, a hang -- is a failure.

The fuzz is deterministic (a fixed table, a fixed seed) and runs in a subprocess, so a crash
cannot take pytest down (faulthandler prints where it died) and each call is bounded by a
``setitimer`` alarm. Run ``python tests/ops/test_bad_input_fuzz.py [op ...]`` to see the failures
of some ops directly."""
import importlib
import inspect
import json
import os
import signal
import subprocess
import sys
import time
import warnings

import numpy as np

import fuzz_new_ops
import api_table_exprim
import api_table_exprim7
import api_table_prim_from_functions
import api_table_composed
import api_table_scatter_reduce
import fuzz_exfn7
import fuzz_tail
import fuzz_zoo_prims

CALL_TIMEOUT = 2.0  # seconds per call
ALLOWED = (TypeError, ValueError, KeyError, RuntimeError)
# Not ops: helpers that the functional namespace re-exports.
SKIP = {"binary_operands", "check_tensor", "check_matmul_shapes", "normalize_axis",
        "same_padding", "print_", "Print", "Primitive", "PrimitiveWithInfer",
        "PrimitiveWithCheck", "constexpr", "prim_attr_register",  # decorators, base classes
        "partial",  # functools.partial: binds any arguments, checked when the result is called
        # ops.functional helpers on Python values (tuples, numbers), at ops.* as in MindSpore
        "scalar_cast", "make_tuple", "tuple_getitem", "shape_mul", "is_tensor",
        # Tensor methods that are not ops (conversions, introspection, init)
        "asnumpy", "numpy", "tolist", "data_ptr", "init_data", "has_init", "const_arg",
        "set_dtype", "is_contiguous", "contiguous", "element_size", "dim", "numel",
        "nelement", "is_floating_point", "is_signed", "clone", "copy", "size", "item",
        "register_hook"}  # valid only inside a differentiated function: test_tensor_methods_more
SKIP |= fuzz_zoo_prims.SKIP | fuzz_tail.SKIP
# MindSpore's Python-value primitives (scalar_add, tuple_setitem, augassign_add ...): Python's
# operators on numbers and sequences, checked by tests/goldens/ops_r10 instead
SKIP |= set(importlib.import_module("mindcell.ops.function.scalar_seq_func").__all__)
SKIP |= set(importlib.import_module("mindcell.ops.composite_augassign").__all__)
# User-facing name -> other names an error message may use instead (documented aliases).
ALIASES = {"getitem": ("tensor index",), "setitem": ("tensor index",),
           "clip": ("clamp",), "clip_by_value": ("clamp",), "where": ("select",),
           "absolute": ("abs",), "fast_gelu": ("gelu",), "gather_d": ("gather_elements",),
           "reduce_sum": ("sum",), "reduce_mean": ("mean",), "reduce_max": ("max", "amax"),
           "Cast": ("cast",), "Fill": ("fill",), "astype": ("cast",), "to": ("cast",),
           "float": ("cast",), "double": ("cast",), "half": ("cast",), "int": ("cast",),
           "long": ("cast",), "bool": ("cast",), "view": ("reshape",), "ravel": ("reshape",),
           "expand": ("broadcast_to",), "expand_as": ("broadcast_to",),
           "view_as": ("reshape",), "reshape_as": ("reshape",),
           "addbmm": ("bmm",), "baddbmm": ("bmm",),
           "logsigmoid": ("softplus",), "mish": ("softplus",),
           "CTCLossV2": ("ctc_loss",), "tensor_range": ("Range",),  # a Range instance there
           # MindSpore 2.10's message names the primitive Tensor.to_csr runs
           "to_csr": ("DenseToCSRSparseMatrix",)}


def _t(a):
    from mindcell import Tensor
    return Tensor(np.asarray(a))


def _tensors():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 3)).astype(np.float32)
    return {
        "X": x, "X4": rng.standard_normal((2, 3, 4, 4)).astype(np.float32),
        "W4": rng.standard_normal((2, 3, 2, 2)).astype(np.float32),
        "I": np.array([0, 2, 1], np.int64), "B": x > 0,
        "EMPTY": np.zeros((0, 3), np.float32), "SCALAR": np.float32(1.5),
        "INT": np.arange(6, dtype=np.int64).reshape(2, 3), "BOOL": np.eye(2, 3, dtype=bool),
        "NAN": np.array([[np.nan, np.inf, -np.inf], [1, 0, -1]], np.float32),
        "MISMATCH": rng.standard_normal((5, 7)).astype(np.float32),
        "BIG3D": rng.standard_normal((2, 3, 4)).astype(np.float32),
        "SPD": (np.eye(4) * 3 + 0.5).astype(np.float32),  # symmetric positive definite
    }


def bad_values():
    """(label, factory) pairs: a factory makes a fresh value per call (ops may mutate)."""
    arrs = _tensors()
    vals = [("None", lambda: None), ("str", lambda: "a"), ("list_of_str", lambda: ["a"]),
            ("dict", lambda: {"k": 1}), ("float", lambda: 1.5), ("neg", lambda: -1),
            ("zero", lambda: 0), ("huge", lambda: 2 ** 70), ("neg_huge", lambda: -2 ** 70),
            ("neg_axis", lambda: -7), ("axis_9", lambda: 9), ("tuple0", lambda: (0, 0)),
            ("empty_tuple", lambda: ()), ("tuple_neg", lambda: (1, -1)),
            ("tuple_huge", lambda: (2, 2 ** 70)), ("nan", lambda: float("nan")),
            ("inf", lambda: float("inf")), ("bool", lambda: True),
            ("ndarray", lambda: np.ones((2, 3), np.float32))]
    for k in ("EMPTY", "SCALAR", "INT", "BOOL", "NAN", "MISMATCH", "BIG3D"):
        vals.append(("T_" + k, lambda a=arrs[k]: _t(a.copy())))
    return vals


TENSOR_NAMES = {"input", "x", "input_x", "logits", "other", "y", "tensor", "a", "b", "x1",
                "x2", "self", "target", "labels", "end_weight", "tensor1", "tensor2", "vec1",
                "vec2", "value", "mat1", "mat2", "end", "weight", "src", "inputs", "source",
                "input_params", "base", "exponent", "mask", "condition", "t", "index"}


def _base_arg(name, op):
    """A plausible valid value for a parameter, or inspect._empty to leave it out."""
    from mindcell import Tensor
    import mindcell as ms
    arrs = _tensors()
    table = {"axis": 1, "dim": 1, "dims": (1,), "shape": (2, 3), "size": (2, 3),
             "kernel_size": 2, "stride": 1, "num_classes": 3, "depth": 3, "dtype": ms.float32,
             "k": 1, "start": 0, "length": 1, "num": 3, "n": 2, "p": 0.5, "multiples": (1, 2),
             "input_perm": (1, 0), "axis0": 0, "axis1": 1, "dim0": 0, "dim1": 1,
             "sections": 3, "split_size_or_sections": 1, "chunks": 1, "output_size": 1,
             "normalized_shape": (3,), "repeats": 2, "fill_value": 1.0, "high": 3, "low": 0,
             "padding": 0, "on_value": 1.0, "off_value": 0.0, "indices_or_sections": 1,
             "perm": (1, 0), "source": 0, "destination": 1, "min": -0.5, "max": 0.5,
             "alpha": 0.2, "rate": 0.5, "keep_prob": 0.5, "index": _t(np.array([0, 1])),
             "indices": _t(arrs["I"][:2])}
    if name in table:
        return table[name]
    if name in TENSOR_NAMES:
        return Tensor(arrs["X"].copy())
    return inspect._empty


def _square(t):
    return t * t


def _zoo_overrides(a, x4):
    """Base calls of the zoo-layer ops (tests/ops/api_table_zoo_layers.py)."""
    x5 = lambda: _t(np.ones((1, 2, 3, 3, 3), np.float32))  # noqa: E731
    return {
        "adaptive_max_pool2d": lambda: ([_t(x4), 2], {}),
        "conv3d": lambda: ([x5(), _t(np.ones((2, 2, 2, 2, 2), np.float32))], {}),
        "cosine_embedding_loss": lambda: ([_t(a["X"]), _t(a["X"]),
                                           _t(np.array([1.0, -1.0], np.float32))], {}),
        "dropout2d": lambda: ([_t(x4)], {}), "glu": lambda: ([_t(a["X"]), 0], {}),
        "dropout3d": lambda: ([x5()], {}), "unfold": lambda: ([_t(x4), 2], {}),
        "fold": lambda: ([_t(np.ones((1, 8, 9), np.float32)), (4, 4), 2], {}),
        "mm": lambda: ([_t(a["X"]), _t(a["X"].T)], {}),
        "get_grad": lambda: ([((0, _t(a["X"])), (1, _t(a["X"]))), 1], {}),
        "jacfwd": lambda: ([_square], {}), "jacrev": lambda: ([_square], {}),
        "interpolate": lambda: ([_t(x4), (3, 3)], {}), "upsample": lambda: ([_t(x4), (3, 3)], {}),
        "multi_margin_loss": lambda: ([_t(a["X"]), _t(np.array([0, 2]))], {}),
        "pixel_shuffle": lambda: ([_t(np.ones((1, 4, 2, 2), np.float32)), 2], {}),
        "pixel_unshuffle": lambda: ([_t(x4[:, :, :2, :2]), 2], {}),
        "prelu": lambda: ([_t(a["X"]), _t(np.full(3, 0.25, np.float32))], {}),
    }


def _zoo_ops_overrides(a):
    """Base calls of the linear-algebra, n-d scatter, slicing and transform ops
    (tests/ops/api_table_zoo_ops.py)."""
    import mindcell as ms
    sq = lambda: _t(a["X4"][0, 0] + 3 * np.eye(4, dtype=np.float32))  # noqa: E731
    nd = lambda: _t(np.array([[0], [1]], np.int64))  # noqa: E731
    return {
        **{n: lambda: ([sq()], {}) for n in ("inverse", "matrix_inverse", "det",
                                              "matrix_determinant", "cholesky")},
        "bias_add": lambda: ([_t(a["X"]), _t(a["X"][0])], {}),
        "einsum": lambda: (["ij,jk->ik", _t(a["X"]), _t(a["X"].T)], {}),
        "Einsum": lambda: ([(_t(a["X"]), _t(a["X"]))], {}),
        "jvp": lambda: ([lambda v: v * v, _t(a["X"]), _t(a["X"])], {}),
        "meshgrid": lambda: ([_t(a["I"]), _t(a["I"])], {}),
        "multinomial": lambda: ([_t(np.abs(a["X"])), 2], {}),
        "roll": lambda: ([_t(a["X"]), 1, 0], {}),
        "strided_slice": lambda: ([_t(a["X"]), (0, 0), (2, 3), (1, 1)], {}),
        "tensor_scatter_add": lambda: ([_t(a["X"]), nd(), _t(a["X"])], {}),
        "tensor_scatter_update": lambda: ([_t(a["X"]), nd(), _t(a["X"])], {}),
        "scatter_nd": lambda: ([nd(), _t(a["X"]), (2, 3)], {}),
        "scatter_nd_add": lambda: ([ms.Parameter(_t(a["X"])), nd(), _t(a["X"])], {}),
        "scatter_nd_update": lambda: ([ms.Parameter(_t(a["X"])), nd(), _t(a["X"])], {}),
    }


def _family_overrides(a, kind):
    """The ``base_overrides(a, t)`` (kind "base": functions' valid calls) or
    ``ctor_overrides(a, t)`` (kind "ctor": Primitive classes' constructor and call arguments)
    of every ``api_table_<family>.py`` beside this file that defines one (a family module
    registers its ops' valid base calls there, not here)."""
    import glob
    import importlib
    out = {}
    here = os.path.dirname(os.path.abspath(__file__))
    for path in sorted(glob.glob(os.path.join(here, "api_table_*.py"))):
        module = importlib.import_module(os.path.basename(path)[:-3])
        if hasattr(module, kind + "_overrides"):
            out.update(getattr(module, kind + "_overrides")(a, _t))
    return out


def _family_base_overrides(a):
    return _family_overrides(a, "base")


def _base_overrides():
    """Ops whose arguments need shapes or types the name heuristic cannot guess."""
    import mindcell as ms
    a = _tensors()
    x4, w4, i = a["X4"], a["W4"], a["I"]
    idx = lambda: _t(np.array([[0, 1, 0], [1, 0, 1]]))  # noqa: E731
    return {
        "conv2d": lambda: ([_t(x4), _t(w4)], {}), "max_pool2d": lambda: ([_t(x4), 2], {}),
        "avg_pool2d": lambda: ([_t(x4), 2], {}),
        "adaptive_avg_pool2d": lambda: ([_t(x4), 2], {}),
        **_zoo_overrides(a, x4), **_zoo_ops_overrides(a), **fuzz_zoo_prims.base_overrides(a, _t),
        **fuzz_tail.base_overrides(a, _t), **fuzz_new_ops.base_overrides(a, _t),
        **fuzz_exfn7.base_overrides(a, _t),
        **api_table_composed.base_overrides(a, _t), **_family_base_overrides(a),
        **api_table_scatter_reduce.base_overrides(a, _t),
        "tuple_to_array": lambda: ([(1.0, 2.0)], {}),
        "tensor_sub": lambda: ([_t(a["X"]), _t(a["X"])], {}),  # positional only (*args)
        "scalar_to_tensor": lambda: ([2.0], {}),
        "ctc_loss": lambda: ([_t(np.zeros((4, 2, 3), np.float32)),
                              _t(np.array([[1, 2], [2, 0]], np.int32)), (4, 3), (2, 1)], {}),
        "ctc_greedy_decoder": lambda: ([_t(np.zeros((4, 2, 3), np.float32)),
                                        _t(np.array([4, 3], np.int32))], {}),
        "one_hot": lambda: ([_t(i), 3], {}), "embedding": lambda: ([_t(i), _t(a["X4"][0, 0])], {}),
        "gather": lambda: ([_t(a["X"]), _t(i[:2]), 0], {}),
        "gather_elements": lambda: ([_t(a["X"]), 1, idx()], {}),
        "gather_d": lambda: ([_t(a["X"]), 1, idx()], {}),
        "scatter": lambda: ([_t(a["X"]), 1, idx(), _t(a["X"])], {}),
        "index_add": lambda: ([_t(a["X"]), _t(np.array([0, 2])), _t(a["X"][:, :2]), 1], {}),
        "cross_entropy": lambda: ([_t(a["X"]), _t(np.array([0, 2]))], {}),
        "nll_loss": lambda: ([_t(a["X"]), _t(np.array([0, 2]))], {}),
        "sparse_softmax_cross_entropy": lambda: ([_t(a["X"]), _t(np.array([0, 2]))], {}),
        "batch_norm": lambda: ([_t(x4)] + [ms.Parameter(_t(np.ones(3, np.float32)))
                                           for _ in range(4)], {}),
        "layer_norm": lambda: ([_t(a["X"]), (3,)], {}),
        "rms_norm": lambda: ([_t(a["X"]), _t(np.ones(3, np.float32))], {}),
        "rms_norm_clamped": lambda: ([_t(a["X"]), _t(np.ones(3, np.float32)), 1e-6], {}),
        "matmul": lambda: ([_t(a["X"]), _t(a["X"].T)], {}),
        "bmm": lambda: ([_t(a["BIG3D"]), _t(a["BIG3D"].transpose(0, 2, 1))], {}),
        "dense": lambda: ([_t(a["X"]), _t(a["X"])], {}),
        "assign": lambda: ([ms.Parameter(_t(a["X"])), _t(a["X"])], {}),
        "assign_add": lambda: ([ms.Parameter(_t(a["X"])), _t(a["X"])], {}),
        "assign_sub": lambda: ([ms.Parameter(_t(a["X"])), _t(a["X"])], {}),
        "getitem": lambda: ([_t(a["X"]), 1], {}), "setitem": lambda: ([_t(a["X"]), 1, 0.0], {}),
        "where": lambda: ([_t(a["B"]), _t(a["X"]), _t(a["X"])], {}),
        "select": lambda: ([_t(a["B"]), _t(a["X"]), _t(a["X"])], {}),
        "masked_fill": lambda: ([_t(a["X"]), _t(a["B"]), 0.0], {}),
        "concat": lambda: ([[_t(a["X"]), _t(a["X"])]], {}),
        "cat": lambda: ([[_t(a["X"]), _t(a["X"])]], {}),
        "stack": lambda: ([[_t(a["X"]), _t(a["X"])]], {}),
        "grad": lambda: ([lambda v: v.sum()], {}), "value_and_grad": lambda: ([lambda v: v.sum()],
                                                                               {}),
        "vjp": lambda: ([lambda v: v * 2, _t(a["X"])], {}),
        "pad": lambda: ([_t(a["X"]), (1, 1)], {}),
        "arange": lambda: ([0, 5], {}), "linspace": lambda: ([0.0, 1.0, 3], {}),
        "eye": lambda: ([3], {}), "randint": lambda: ([0, 5, (2, 3)], {}),
        "narrow": lambda: ([_t(a["X"]), 1, 0, 2], {}),
        "Partial": lambda: ([lambda u, v: u + v, _t(a["X"])], {}),
        "clip_by_global_norm": lambda: ([(_t(a["X"]), _t(a["X"]))], {}),
        "gather": lambda: ([_t(a["X"]), _t(i[:2] // 2), 0], {}),
        "Gather": lambda: ([_t(a["X"]), _t(i[:2] // 2), 0], {}),
        "AvgPool": lambda: ([_t(x4)], {}), "MaxPool": lambda: ([_t(x4)], {}),
        "MatMul": lambda: ([_t(a["X"]), _t(a["X"].T)], {}),
        "dot": lambda: ([_t(a["X"]), _t(a["X"].T)], {}),
        "BatchMatMul": lambda: ([_t(a["BIG3D"]), _t(a["BIG3D"].transpose(0, 2, 1))], {}),
        "Concat": lambda: ([[_t(a["X"]), _t(a["X"])]], {}),
        "Stack": lambda: ([[_t(a["X"]), _t(a["X"])]], {}),
        "fill": lambda: ([ms.float32, (2, 3), 1.0], {}),
        "Fill": lambda: ([ms.float32, (2, 3), 1.0], {}),
        # loop bodies that accept any value: the fuzz tests the ops' own checks
        "WhileLoop": lambda: ([lambda v: False, lambda v: v, _t(a["X"])], {}),
        "ForiLoop": lambda: ([0, 3, lambda i, v: v, _t(a["X"])], {}),
        "Scan": lambda: ([lambda c, e: (c, e), _t(a["X"]), [_t(a["X"])]], {}),
        "uniform": lambda: ([(2, 3), _t(np.float32(0)), _t(np.float32(1))], {}),
        "LayerNorm": lambda: ([_t(a["X"]), _t(np.ones(3, np.float32)),
                               _t(np.zeros(3, np.float32))], {}),
        "RmsNorm": lambda: ([_t(a["X"]), _t(np.ones(3, np.float32))], {}),
        "SparseSoftmaxCrossEntropyWithLogits": lambda: ([_t(a["X"]), _t(np.array([0, 2]))], {}),
        "clamp": lambda: ([_t(a["X"]), -0.5, 0.5], {}),
        "clip": lambda: ([_t(a["X"]), -0.5, 0.5], {}),
        "clip_by_value": lambda: ([_t(a["X"]), -0.5, 0.5], {}),
        "permute": lambda: ([_t(a["X"]), (1, 0)], {}),
        "transpose": lambda: ([_t(a["X"]), (1, 0)], {}),
        "reshape": lambda: ([_t(a["X"]), (3, 2)], {}),
        "view": lambda: ([_t(a["X"]), (3, 2)], {}),
        "expand": lambda: ([_t(a["X"]), (2, 3)], {}),
        "tile": lambda: ([_t(a["X"]), (1, 2)], {}),
        "repeat_elements": lambda: ([_t(a["X"]), 2, 0], {}),
        **{n: (lambda: ([_t(a["INT"]), _t(a["INT"])], {}))
           for n in ("bitwise_and", "bitwise_or", "bitwise_xor")},
        **{n: (lambda: ([_t(a["INT"])], {})) for n in ("invert", "bitwise_not")},
        **{n: (lambda: ([_t(a["INT"]), _t(a["INT"] + 1)], {})) for n in ("gcd", "lcm")},
        "renorm": lambda: ([_t(a["X"]), 2, 0, 1.0], {}),
        **_method_face_overrides(a),
    }


def _method_face_overrides(a):
    """The ops faces of Tensor methods (mindcell/ops/function/method_func.py) take their method's
    valid call, with the method's ``self`` as the first argument."""
    from mindcell.ops.function import method_func
    methods = _method_overrides()

    def base(face):
        args, kwargs = methods[face.method]() if face.method in methods else ([], {})
        return [_t(a[SELF_ARRAY.get(face.method, "X")]), *args], kwargs
    return {face.name: (lambda face=face: base(face)) for face in method_func.FACES
            if (face.method in methods or face.method in SELF_ARRAY) and not face.rename}


def _method_overrides():
    """Tensor methods whose arguments differ from the functional form's (``self`` excluded)."""
    import mindcell as ms
    a = _tensors()
    return {**fuzz_new_ops.method_overrides(a, _t),
            "where": lambda: ([_t(a["B"]), _t(a["X"])], {}), "unfold": lambda: ([2], {}),
            # tests/ops/api_table_tensor_more.py's methods
            "clamp_": lambda: ([-0.5, 0.5], {}), "fill": lambda: ([1.5], {}),
            "from_numpy": lambda: ([a["X"]], {}), "select": lambda: ([1, 0], {}),
            "index_add_": lambda: ([1, _t(a["I"][:2]), _t(a["X"][:, :2])], {}),
            "masked_fill_": lambda: ([_t(a["B"]), 0.5], {}),
            "masked_select": lambda: ([_t(a["B"])], {}), "mm": lambda: ([_t(a["X"].T)], {}),
            "bmm": lambda: ([_t(a["BIG3D"].transpose(0, 2, 1))], {}),
            **{n: lambda: ([_t(a["BIG3D"][:, :2]), _t(a["BIG3D"].transpose(0, 2, 1))], {})
               for n in ("addbmm", "baddbmm")},
            "addmm": lambda: ([_t(a["X"]), _t(a["BIG3D"][0, :, :3])], {}),
            "masked_scatter": lambda: ([_t(a["B"]), _t(a["X"])], {}),
            "rot90": lambda: ([1, (0, 1)], {}),
            "dsplit": lambda: ([2], {}), "fold": lambda: ([(2, 4), (1, 3)], {}),
            "multinomial": lambda: ([2], {}),
            **{"scatter_" + k: (lambda: ([_t(np.array([1, 0], np.int32)), _t(np.abs(a["X"]) + 0.5)],
                                         {})) for k in ("div", "max", "min", "mul")},
            **{"unsorted_segment_" + k: (lambda: ([_t(np.array([1, 0], np.int32)), 3], {}))
               for k in ("max", "min", "prod")},
            "addmv": lambda: ([_t(a["X"].T), _t(a["X"][0, :2])], {}),
            # tests/ops/api_table_tensor_extra.py's methods
            "convert_bytes_to_tensor": lambda: ([a["X"].tobytes(), (2, 3), ms.float32], {}),
            "index_copy_": lambda: ([0, _t(np.array([1, 0])), _t(a["X"])], {}),
            "index_put": lambda: ([(_t(np.array([0, 1])), _t(np.array([2, 0]))),
                                   _t(a["X"][0, :1])], {}),
            "itemset": lambda: ([1, 2.5], {}), "move_to": lambda: (["CPU"], {}),
            **{n: lambda: ([1, _t(a["I"][:2, None]), _t(a["X"][:, :1])], {})
               for n in ("scatter_", "scatter_add")}}


def _ctor_overrides():
    """Primitive classes whose construction needs arguments: (ctor args, valid call args)."""
    a = _tensors()
    return {**fuzz_zoo_prims.ctor_overrides(a, _t), **fuzz_tail.ctor_overrides(a, _t),
            **fuzz_new_ops.ctor_overrides(a, _t), **api_table_exprim.ctor_overrides(a, _t),
            **api_table_exprim7.ctor_overrides(a, _t),
            **api_table_prim_from_functions.ctor_overrides(a, _t),
            **api_table_scatter_reduce.ctor_overrides(a, _t), **_family_overrides(a, "ctor"),
            "BroadcastTo": lambda: ([(2, 3)], [_t(a["X"])]),
            "Pad": lambda: ([((1, 1), (0, 2))], [_t(a["X"])]),
            "Conv2D": lambda: ([2, 2], [_t(a["X4"]), _t(a["W4"])]),
            "Einsum": lambda: (["ij,kj->ik"], [(_t(a["X"]), _t(a["X"]))]),
            "HookBackward": lambda: ([lambda g: None], [_t(a["X"])]),
            "Roll": lambda: ([1, 0], [_t(a["X"])]),
            "Meshgrid": lambda: (["xy"], [(_t(a["I"]), _t(a["I"]))]),
            "StridedSlice": lambda: ([], [_t(a["X"]), (0, 0), (2, 3), (1, 1)]),
            "BiasAdd": lambda: ([], [_t(a["X"]), _t(a["X"][0])]),
            "Broadcast": lambda: ([0], [(_t(a["X"]),)]),
            **{n: lambda: ([1], [_t(a["X"])]) for n in ("Cummax", "Cummin")},
            "CTCLoss": lambda: ([], [_t(a["BIG3D"].transpose(2, 0, 1)),
                                     _t(np.array([[0, 0], [1, 0], [1, 1]], np.int64)),
                                     _t(np.array([1, 0, 0], np.int32)),
                                     _t(np.array([4, 4], np.int32))]),
            "CTCGreedyDecoder": lambda: ([], [_t(a["BIG3D"].transpose(2, 0, 1)),
                                              _t(np.array([4, 3], np.int32))]),
            "CTCLossV2": lambda: ([], [_t(np.log(np.full((4, 2, 3), 1 / 3, np.float32))),
                                       _t(np.array([[1, 2], [2, 0]], np.int32)),
                                       _t(np.array([4, 3], np.int32)),
                                       _t(np.array([2, 1], np.int32))]),
            **{n: lambda: ([], [_t(a["INT"]), _t(a["INT"] + 1)]) for n in ("Gcd", "Lcm")},
            **{n: lambda: ([], [_t(a["X4"][0, 0] + 3 * np.eye(4, dtype=np.float32))])
               for n in ("Cholesky", "MatrixInverse")}}


def _signature_call(fn, name, overrides):
    """(args, kwargs, params) of the base call; params lists (key, is_positional) to mutate."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    params = [p for p in sig.parameters.values()
              if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if name in overrides:
        args, kwargs = overrides[name]()
    else:
        args, kwargs = [], {}
        for p in params:
            if p.default is not p.empty or p.kind == p.KEYWORD_ONLY:
                break
            v = _base_arg(p.name, name)
            args.append(_t(_tensors()["X"]) if v is inspect._empty else v)
    keys = [(i, True) for i in range(len(args))]
    keys += [(p.name, False) for p in params[len(args):] if p.kind != p.POSITIONAL_ONLY]
    return args, kwargs, keys


def targets():
    """(public name, accepted message names, callable factory) for every op under test."""
    import mindcell as ms
    from mindcell import ops, Tensor
    out = []
    for name in sorted(dir(ops)):
        obj = getattr(ops, name)
        if name.startswith("_") or name in SKIP or not callable(obj):
            continue
        if (getattr(obj, "__module__", None) or "").startswith("mindcell.mint"):
            continue  # a mint function also at ops (ops.baddbmm_ext): tested by tests/mint
        if inspect.isclass(obj):
            if not issubclass(obj, ops.Primitive):
                continue
            # errors raised under a Primitive's __call__ name the class (ops/_errors.py); a
            # class that runs a function (ops.operations._simple) shares its base call
            names = {name, getattr(getattr(obj, "__call__", None), "__name__", name)}
            function = getattr(obj, "_function", None)
            if function is not None:  # the function, or its name (ops.auto_generate)
                names.add(getattr(function, "__name__", function))
            out.append((name, names, lambda o=obj: o))
        else:
            out.append((name, {name, getattr(obj, "__name__", name)}, lambda o=obj: o))
    for name in sorted(dir(Tensor)):
        attr = inspect.getattr_static(Tensor, name)
        if name.startswith("_") or name in SKIP or isinstance(attr, property) \
                or not callable(attr):
            continue
        fname = getattr(attr, "__name__", name)
        names = {name, fname.strip("_")} | ({fname} if fname != "<lambda>" else set())
        out.append(("Tensor." + name, names, lambda n=name: n))
    del ms
    return out


class _Timeout(BaseException):
    pass


def _alarm(signum, frame):
    raise _Timeout()


def _check(label, names, call):
    """None when the call behaves, else a failure description."""
    signal.setitimer(signal.ITIMER_REAL, CALL_TIMEOUT)
    try:
        out = call()
    except _Timeout:
        return "hang (> %.0f s)" % CALL_TIMEOUT
    except ALLOWED + (IndexError,) as e:
        msg = str(e).lower()
        pub = label.split(".")[-1]
        # an index out of range: IndexError, as Python and MindSpore 2.10 (itemset: ms-oracle)
        if isinstance(e, IndexError) and pub not in ("getitem", "setitem", "stride", "itemset"):
            return "IndexError: %s" % e
        want = set(names) | set(ALIASES.get(pub, ()))
        if not any(n.lower() in msg for n in want):
            return "%s without the op name: %s" % (type(e).__name__, e)
        return None
    except Exception as e:  # noqa: BLE001 (that is the point)
        return "%s: %s" % (type(e).__name__, e)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    from mindcell import Tensor
    for o in (out if isinstance(out, (tuple, list)) else (out,)):
        if isinstance(o, Tensor) and any(d < 0 for d in o.shape):
            return "returned a tensor with negative dims %s" % (o.shape,)
    return None


def _override_key(label, names, overrides):
    """A class's own override, else that of the op it forwards to (``Assign`` -> ``assign``)."""
    if label in overrides:
        return label
    return next((n for n in sorted(names) if n in overrides), label)


def _ctor_cases(cls, ctor_args, call_args, bad):
    """Bad values for each constructor argument (``name`` excepted), called on valid inputs."""
    params = [p for p in inspect.signature(cls.__init__).parameters.values()
              if p.name not in ("self", "name") and p.kind not in (p.VAR_POSITIONAL,
                                                                   p.VAR_KEYWORD)]
    cases = []
    for pos, p in enumerate(params):
        for lbl, f in bad:
            def call(pos=pos, p=p, f=f):
                a, kw = list(ctor_args), {}
                if pos < len(a):
                    a[pos] = f()
                else:
                    kw[p.name] = f()
                return cls(*a, **kw)(*call_args)
            cases.append(("init.%s=%s" % (p.name, lbl), call))
    return cases


def base_call_failures():
    """Ops whose valid base call raises: their fuzz would test nothing, so this must be empty."""
    import mindcell as ms
    from mindcell import Tensor
    ms.set_context(mode=ms.PYNATIVE_MODE)
    overrides, method_overrides = _base_overrides(), _method_overrides()
    ctor_overrides = _ctor_overrides()
    out = []
    for label, names, factory in targets():
        try:
            if label.startswith("Tensor."):
                meth = factory()
                base = _signature_call(getattr(Tensor, meth), meth, overrides)
                if base is None:
                    continue
                args, kwargs = (base[0][1:], base[1])
                if meth in method_overrides:
                    args, kwargs = method_overrides[meth]()
                self_arr = _self_array(meth, base[0])
                getattr(_self(meth, self_arr), meth)(*args, **kwargs)
            elif inspect.isclass(factory()):
                ctor_args, call_args = ctor_overrides.get(label, lambda: ([], None))()
                obj = factory()(*ctor_args)
                if call_args is None:
                    base = _signature_call(obj.__call__, _override_key(label, names, overrides),
                                           overrides)
                    call_args = base[0] if base else []
                obj(*call_args)
            else:
                base = _signature_call(factory(), label, overrides)
                if base is not None:
                    factory()(*base[0], **base[1])
        except Exception as e:  # noqa: BLE001
            out.append("%s: %s: %s" % (label, type(e).__name__, str(e)[:150]))
    return out


INT_METHODS = {"bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not", "invert", "gcd",
               "lcm", "bitwise_left_shift", "bitwise_right_shift"}
# methods whose self is updated in place and must be a Parameter (as in MindSpore)
PARAMETER_SELF = {"scatter_" + k for k in ("div", "max", "min", "mul")}


def _self(meth, arr):
    import mindcell as ms
    return ms.Parameter(_t(arr.copy())) if meth in PARAMETER_SELF else _t(arr)


SELF_ARRAY = {**{m: "INT" for m in INT_METHODS}, "bmm": "BIG3D",  # the method's self
              "bincount": "I", "unfold": "X4", "dsplit": "BIG3D", "fold": "BIG3D",
              "multinomial": "SPD",
              **{m: "X4" for m in ("inverse", "det", "matrix_determinant")}, "cholesky": "SPD"}


def _self_array(meth, base_args):
    """The array a method's self is made of: a method generated from an ops function
    (method_func.FUNCTIONS_AS_METHODS) takes that function's first base input."""
    from mindcell import Tensor
    generated = getattr(getattr(Tensor, meth, None), "_ops_function", None) is not None
    if meth not in SELF_ARRAY and generated and base_args and isinstance(base_args[0], Tensor):
        return base_args[0].asnumpy()
    return _tensors()[SELF_ARRAY.get(meth, "X")]


def _describe(v):
    from mindcell import Tensor
    if isinstance(v, Tensor):
        return "Tensor(shape=%s, %s)" % (v.shape, v.dtype)
    s = repr(v)
    return s if len(s) < 60 else s[:57] + "..."


def run(only=None):
    """Fuzz every target (or those named in ``only``); returns (failures, n_calls)."""
    import mindcell as ms
    from mindcell import Tensor
    ms.set_context(mode=ms.PYNATIVE_MODE)
    overrides, bad = _base_overrides(), bad_values()
    method_overrides, ctor_overrides = _method_overrides(), _ctor_overrides()
    failures, calls = [], 0
    for label, names, factory in targets():
        if only and label not in only and label.split(".")[-1] not in only:
            continue
        ms.set_seed(0)
        sys.stderr.write("FUZZ %s\n" % label)
        sys.stderr.flush()
        if label.startswith("Tensor."):
            meth = factory()
            fn = getattr(Tensor, meth)
            base = _signature_call(fn, meth, overrides)
            if base is None:
                continue
            args, kwargs, keys = base
            self_arr = _self_array(meth, args)
            args = args[1:]
            keys = [(k - 1 if p else k, p) for k, p in keys if not (p and k == 0)]
            if meth in method_overrides:
                args, kwargs = method_overrides[meth]()
                keys = [(k, p) for k, p in keys if not p or k < len(args)]
            self_vals = [("self=" + lbl, f) for lbl, f in bad if lbl.startswith("T_")]
            cases = [(lbl, lambda f=f, a=args, kw=kwargs: getattr(f(), meth)(*a, **kw))
                     for lbl, f in self_vals]
            target = lambda *a, m=meth, s=self_arr, **kw: getattr(_self(m, s), m)(*a, **kw)  # noqa
        elif inspect.isclass(factory()):
            cls = factory()
            ctor_args, call_args = ctor_overrides.get(label, lambda: ([], None))()
            if call_args is None:
                base = _signature_call(cls().__call__, _override_key(label, names, overrides),
                                       overrides)
                call_args = base[0] if base else []
            cases = _ctor_cases(cls, ctor_args, call_args, bad)
            target = lambda *a, c=cls, ca=ctor_args, **kw: c(*ca)(*a, **kw)  # noqa: E731
            base = _signature_call(cls(*ctor_args).__call__,
                                   _override_key(label, names, overrides), overrides)
            if base is None:
                continue
            args, kwargs, keys = base
            args = call_args
            # the keys may come from the function's override (GLU -> glu(x, axis)), whose
            # attributes the class takes in its constructor: mutate only the call's inputs
            keys = [(k, p) for k, p in keys if not p or k < len(args)]
        else:
            target = factory()
            base = _signature_call(target, label.split(".")[-1], overrides)
            if base is None:
                continue
            args, kwargs, keys = base
            cases = []
        for key, positional in keys:
            for lbl, f in bad:
                def call(key=key, positional=positional, f=f, args=args, kwargs=kwargs):
                    a, kw = list(args), dict(kwargs)
                    if positional:
                        a[key] = f()
                    else:
                        kw[key] = f()
                    return target(*a, **kw)
                cases.append(("%s=%s" % (key, lbl), call))
        for desc, call in cases:
            calls += 1
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                err = _check(label, names, call)
            if err:
                failures.append("%s(%s): %s" % (label, desc, err.splitlines()[0][:200]))
    return failures, calls


def main(argv):
    import faulthandler
    import resource
    faulthandler.enable()
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, resource.RLIM_INFINITY))
    signal.signal(signal.SIGALRM, _alarm)
    t0 = time.time()
    update = "--update" in argv
    failures, calls = run(set(a for a in argv if a != "--update") or None)
    if update:  # rewrite the entries of the ops that ran; keep the others' entries
        ran = set(argv) - {"--update"}
        keep = {k for k in _known() if ran and k.split("(")[0] not in ran
                and k.split("(")[0].split(".")[-1] not in ran}
        tmp = KNOWN + ".%d.tmp" % os.getpid()
        with open(tmp, "w") as f:  # written aside, then renamed: a concurrent reader never
            f.write("# Known bad-input failures (see test_bad_input_fuzz.py); fix, then delete.\n")
            f.write("".join(k + "\n" for k in sorted(keep | {_key(x) for x in failures})))
        os.replace(tmp, KNOWN)  # sees a half-written list
    print(json.dumps({"failures": failures, "calls": calls, "seconds": time.time() - t0}))


KNOWN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bad_input_fuzz_known.txt")


def _known():
    """Failures found but not fixed yet, one ``op(arg=value)`` key a line: the test fails only
    on failures not listed (regressions, new ops). Shrink it as ops are fixed; regenerate with
    ``python tests/ops/test_bad_input_fuzz.py --update``."""
    with open(KNOWN) as f:
        return {ln.strip() for ln in f if ln.strip() and not ln.startswith("#")}


def _key(failure):
    return failure.split("): ", 1)[0] + ")"


def test_every_base_call_is_valid():
    """The fuzz mutates one argument of a valid call; an invalid base call would hide bugs."""
    assert base_call_failures() == []


def test_bad_inputs_raise_clear_errors():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run([sys.executable, os.path.abspath(__file__)], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        last = [ln for ln in proc.stderr.splitlines() if ln.startswith("FUZZ ")][-1:]
        raise AssertionError("the fuzz process died (code %d) in %s:\n%s"
                             % (proc.returncode, last, proc.stderr[-3000:]))
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["calls"] > 5000
    known = _known()
    new = [f for f in report["failures"] if _key(f) not in known]
    assert not new, "%d bad-input failures (not in %s):\n%s" % (
        len(new), os.path.basename(KNOWN), "\n".join(new[:60]))


if __name__ == "__main__":
    main(sys.argv[1:])
