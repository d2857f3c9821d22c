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


# the layers swept, with their required arguments and a fixed input
CONV_DENSE_NORM = [
    ("Dense", (4, 3), {}, [x(2, 4)]),
    ("Conv1d", (2, 3, 3), {}, [x(1, 2, 7)]),
    ("Conv2d", (2, 3, 3), {}, [x(1, 2, 6, 5)]),
    ("Conv3d", (2, 2, 2), {}, [x(1, 2, 4, 4, 3)]),
    ("Conv2dTranspose", (2, 3, 3), {}, [x(1, 2, 4, 4)]),
    ("Conv1dTranspose", (2, 3, 3), {}, [x(1, 2, 5)]),
    ("BatchNorm1d", (3,), {}, [x(4, 3)]),
    ("BatchNorm2d", (3,), {}, [x(2, 3, 2, 2)]),
    ("BatchNorm3d", (3,), {}, [x(2, 3, 2, 2, 2)]),
    ("LayerNorm", ((4,),), {}, [x(2, 3, 4)]),
    ("GroupNorm", (2, 4), {}, [x(2, 4, 3, 3)]),
    ("Embedding", (6, 3), {}, [ids(2, 4)]),
    ("Dropout", (), {}, [x(2, 3)]),
    ("Flatten", (), {}, [x(2, 3, 2)]),
]

POOL_ACT_RNN_LOSS = [
    ("MaxPool2d", (), {"kernel_size": 2}, [x(1, 2, 5, 5)]),
    ("AvgPool2d", (), {"kernel_size": 2}, [x(1, 2, 5, 5)]),
    ("MaxPool1d", (), {"kernel_size": 2}, [x(1, 2, 7)]),
    ("AvgPool1d", (), {"kernel_size": 2}, [x(1, 2, 7)]),
    ("AdaptiveAvgPool2d", ((2, 2),), {}, [x(1, 2, 5, 4)]),
    ("AdaptiveMaxPool2d", ((2, 2),), {}, [x(1, 2, 5, 4)]),
    ("ReLU", (), {}, [x(2, 3)]),
    ("LeakyReLU", (), {}, [x(2, 3)]),
    ("PReLU", (), {}, [x(2, 3)]),
    ("GELU", (), {}, [x(2, 3)]),
    ("ELU", (), {"alpha": 1.0}, [x(2, 3)]),
    ("Softmax", (), {}, [x(2, 3)]),
    ("LogSoftmax", (), {}, [x(2, 3)]),
    ("HSwish", (), {}, [x(2, 3)]),
    ("SiLU", (), {}, [x(2, 3)]),
    ("LSTM", (3, 4), {}, [x(2, 5, 3)]),
    ("GRU", (3, 4), {}, [x(2, 5, 3)]),
    ("RNN", (3, 4), {}, [x(2, 5, 3)]),
    ("SoftmaxCrossEntropyWithLogits", (), {},
     [x(4, 3), (ids(4, high=3) == 1).astype("float32")]),
    ("CrossEntropyLoss", (), {}, [x(4, 3), ids(4, high=3)]),
    ("MSELoss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
    ("L1Loss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
    ("SmoothL1Loss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
    ("BCEWithLogitsLoss", (), {}, [x(2, 3), (x(2, 3, seed=1) > 0).astype("float32")]),
    ("NLLLoss", (), {}, [x(4, 3), ids(4, high=3)]),
    ("KLDivLoss", (), {}, [x(2, 3), abs(x(2, 3, seed=1))]),
    ("HuberLoss", (), {}, [x(2, 3), x(2, 3, seed=1)]),
]


def _as_dtype(dtype):
    def change(inputs):
        floats = [a for a in inputs if a.dtype.kind == "f"]
        if not floats:
            return None
        return [np.round(a).astype(dtype) if a.dtype.kind == "f" and dtype == np.int32
                else a.astype(dtype) if a.dtype.kind == "f" else a for a in inputs]
    return change


def _lead_axis(inputs):
    """Every input with one more leading axis (the input and its negative, or twice an int)."""
    return [np.stack([a, -a if a.dtype.kind == "f" else a]) for a in inputs]


def _unbatched(inputs):
    if any(a.ndim < 2 for a in inputs):
        return None
    return [a[0] for a in inputs]


# the input variants real programs feed a layer besides its documented form
INPUT_VARIANTS = {
    "float16": _as_dtype(np.float16), "float64": _as_dtype(np.float64),
    "int32": _as_dtype(np.int32), "lead_axis": _lead_axis, "unbatched": _unbatched,
    "numpy": lambda inputs: inputs, "train": lambda inputs: inputs,
}
RANDOM_IN_TRAINING = {"Dropout"}


def sweep_inputs(layers):
    """Each layer of ``layers`` (constructed with its required arguments, weights at
    fixed_values) called on each variant of its input; ``numpy`` passes the arrays themselves,
    ``train`` runs in training mode."""
    for name, args, kwargs, inputs in layers:
        cls = getattr(nn, name, None)
        if cls is None:
            emit(name, "missing")
            continue
        for variant, change in INPUT_VARIANTS.items():
            if variant == "train" and name in RANDOM_IN_TRAINING:
                continue
            changed = change(list(inputs))
            if changed is None:
                continue
            key = "%s|input=%s" % (name, variant)
            for _ in range(3):
                try:
                    cell = cls(*args, **kwargs)
                    fixed_values(cell)
                    cell.set_train(variant == "train")
                    feed = changed if variant == "numpy" else [Tensor(a) for a in changed]
                    emit(key, {"out": summary(cell(*feed))})
                    break
                except Exception as e:  # noqa: BLE001 - the exception's class is recorded
                    err = type(e).__name__
                    _drain()
            else:
                emit(key, {"error": err})
