"""Valid base calls for the bad-input fuzz (test_bad_input_fuzz.py) of the ops added with the nn
optimizers and layers of 2026-11-28 (the optimizer primitives update Parameters in place; the
fractional pools need an output size; Tensor.repeat needs its repetitions)."""
import numpy as np


def base_overrides(a, t):
    """Functional ops: name -> () -> (args, kwargs)."""
    return {
        "fractional_max_pool2d": lambda: ([t(a["X4"]), 2], {"output_size": (2, 2)}),
        "fractional_max_pool3d": lambda: ([t(a["X4"]), 2], {"output_size": (2, 2, 2)}),
    }


def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (constructor args, valid call args)."""
    import mindcell as ms

    def state():
        return [ms.Parameter(t(a["X"].copy())), ms.Parameter(t(np.abs(a["X"]) + 0.1))]

    return {
        "ApplyAdaMax": lambda: ([], [ms.Parameter(t(a["X"].copy())), *state(), 0.9, 0.01, 0.9,
                                     0.999, 1e-8, t(a["X"])]),
        "ApplyProximalAdagrad": lambda: ([], [*state(), 0.01, 0.001, 0.01, t(a["X"])]),
        "SparseApplyProximalAdagrad": lambda: ([], [*state(), 0.01, 0.001, 0.01, t(a["X"]),
                                                    t(np.array([1, 0], np.int32))]),
        # round 5 (docs5): ApplyMomentum updates Parameters; the channel dropouts take 4-D / 5-D
        "ApplyMomentum": lambda: ([], [*state(), 0.01, t(a["X"]), 0.9]),
        "Dropout2D": lambda: ([0.5], [t(a["X4"])]),
        "Dropout3D": lambda: ([0.5], [t(a["X4"][:, :, None])]),
    }


def method_overrides(a, t):
    """Tensor methods: name -> () -> (args, kwargs) (``self`` excluded)."""
    return {"repeat": lambda: ([2, 1], {})}
