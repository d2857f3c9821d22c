"""The constructor-parameter sweep of nn layers (issue 16): for each layer of LAYERS, its
constructor is called with the required arguments given there and every other parameter at its
default, then with one defaulted parameter at a time at the non-default values CANDIDATES
derives from the default. Each construction records the layer's parameters (names, shapes:
checkpoint keys), then every parameter is set to fixed values (MindSpore's random initialisers
are not mindcell's) and the layer runs on a fixed input in inference mode; the output's dtype,
shape and values, or the exception's class, are recorded under ``<layer>|<param>=<value>``.

The signatures are read from the target framework itself; the values come from the rules
below, so MindSpore and mindcell sweep the same keys when their signatures agree (a parameter
that only one of them has is itself a recorded difference)."""
import inspect
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "numpy_dtypes", "cases"))
from _np_table import summary, _drain  # noqa: E402
from _target import ms, nn, Tensor, emit  # noqa: E402

# str parameters: alternatives by name (values MindSpore documents)
STR_ALTS = {
    "pad_mode": ["same", "valid", "pad"], "reduction": ["sum", "none", "mean"],
    "padding_mode": ["reflect", "replicate", "circular"], "data_format": ["NHWC"],
    "nonlinearity": ["relu"], "activation": ["relu", "gelu"], "approximate": ["tanh", "none"],
    "mode": ["bilinear", "linear", "area"], "dtype": [], "weight_init": ["ones"],
    "bias_init": ["ones"], "gamma_init": ["zeros"], "beta_init": ["ones"],
    "moving_mean_init": ["ones"], "moving_var_init": ["zeros"], "embedding_table": ["ones"],
}
SKIP = {"dtype", "weight_init", "bias_init", "gamma_init", "beta_init", "moving_mean_init",
        "moving_var_init", "embedding_table", "param_init_type", "compute_type", "seed",
        "seed0", "seed1", "device", "dtype_", "comm_fusion"}


def candidates(name, default):
    """Non-default values for a parameter with default ``default``."""
    if name in SKIP:
        return []
    if isinstance(default, bool):
        return [not default]
    if isinstance(default, int):
        return [v for v in (default + 1, 0 if default not in (0, 1) else 2) if v != default]
    if isinstance(default, float):
        return [0.5] if default in (0.0, 1.0) else [default * 2, 0.0]
    if isinstance(default, str):
        return [v for v in STR_ALTS.get(name, []) if v != default][:2]
    if isinstance(default, tuple) and default and all(isinstance(v, int) for v in default):
        return [tuple(v + 1 for v in default)]
    return []


def fixed_values(cell):
    """Every parameter (in name order) set to a fixed pattern: sin of its flat position,
    positive for variances and scales."""
    rows = []
    for name, p in sorted(cell.parameters_and_names(), key=lambda kv: kv[0]):
        shape = tuple(p.shape)
        rows.append([name.split(".")[-1] if "." not in name else name, list(shape)])
        n = int(np.prod(shape)) if shape else 1
        base = np.sin(np.arange(1, n + 1, dtype=np.float64) * 0.7).reshape(shape)
        if "var" in name or "gamma" in name:
            base = np.abs(base) + 0.5
        p.set_data(Tensor(base.astype(np.float32)).astype(p.dtype))
    return rows


def run(key, cls, args, kwargs, inputs):
    for _ in range(3):
        try:
            cell = cls(*args, **kwargs)
            params = fixed_values(cell)
            cell.set_train(False)
            out = cell(*[Tensor(x) for x in inputs])
            emit(key, {"params": params, "out": summary(out)})
            return
        except Exception as e:  # noqa: BLE001 - the exception's class is recorded
            err = type(e).__name__
            _drain()
    emit(key, {"error": err})


def sweep(layers):
    for name, args, kwargs, inputs in layers:
        cls = getattr(nn, name, None)
        if cls is None:
            emit(name, "missing")
            continue
        run(name + "|defaults", cls, args, kwargs, inputs)
        try:
            sig = inspect.signature(cls.__init__)
        except (TypeError, ValueError):
            continue
        for p in sig.parameters.values():
            if p.name in kwargs or p.default is inspect.Parameter.empty or p.kind in (
                    p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            for v in candidates(p.name, p.default):
                run("%s|%s=%r" % (name, p.name, v), cls, args, dict(kwargs, **{p.name: v}),
                    inputs)


def x(*shape, seed=0):
    """A fixed float32 input."""
    n = int(np.prod(shape))
    return (np.cos(np.arange(n) * 1.3 + seed) * 2).astype(np.float32).reshape(shape)


def ids(*shape, high=5):
    return (np.arange(int(np.prod(shape))) % high).astype(np.int32).reshape(shape)
