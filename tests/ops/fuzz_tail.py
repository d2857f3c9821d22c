"""Base calls of the long-tail ops (mindcell/ops/function/functional_extra_func.py,
ops/custom.py, ops/composite_extra.py) for test_bad_input_fuzz.py."""
import numpy as np

# ops.functional helpers on Python values (tuples, ints) and function transforms: no tensor
# arguments to fuzz (tests/goldens/tail and tests/compat/test_tail_names.py check them)
SKIP = {"make_range", "tuple_len", "add_flags", "vmap"}


def _np_double(a):
    return a * 2


def base_overrides(a, t):
    """Functional ops: name -> () -> (args, kwargs)."""
    import mindcell as ms
    return {
        "mixed_precision_cast": lambda: ([ms.float16, t(a["X"])], {}),
        "range": lambda: ([t(np.array(0, np.int64)), t(np.array(5, np.int64)),
                           t(np.array(2, np.int64))], {}),
        "tensor_dot": lambda: ([t(a["X"]), t(a["X"].T.copy()), 1], {}),
        "tensor_scatter_elements": lambda: ([t(a["X"]), t(np.array([[0, 2], [1, 0]], np.int32)),
                                             t(a["X"][:, :2].copy()), 1], {}),
    }


def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (constructor args, valid call args)."""
    return {
        "Custom": lambda: ([_np_double, lambda s: s, lambda d: d, "pyfunc"], [t(a["X"])]),
    }
