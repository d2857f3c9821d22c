"""The attributes MindSpore's public classes hold, enumerated (issue: subclasses read them).

For every public class of a module (``classes(module)``), one instance is built with sample
arguments (SPECIAL below, then the required arguments of layer_sweep's tables, then the rules of
SAMPLE by parameter name). Two keys are recorded per class:

* ``<module>.<Class>|attrs``: the public attribute names the instance holds (``vars()`` plus the
  Parameters and sub-cells a Cell keeps in its own dictionaries), less those of the base
  (``nn.Cell()`` for cells), each with its kind: ``Prim:<class>`` for a primitive,
  ``Parameter:<name>:<shape>:<dtype>``, ``Tensor:<dtype>:<shape>``, ``Cell:<class>``, a dtype, a
  small plain value, or ``<python type>`` for anything else; ``{"error": <exception class>}``
  when the sample construction raises, ``"not constructed: <reason>"`` for NOT_BUILT.
* ``<module>.<Class>|methods``: the public names of ``dir(Class)`` less those of its base
  (``nn.Cell`` for cells, ``object`` otherwise).

The names come from the target framework itself, so MindSpore and mindcell enumerate the same
keys when their module contents agree (a class only one of them has is itself a difference)."""
import atexit
import inspect
import os
import shutil
import sys
import tempfile
import types

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                                "layer_sweep", "cases"))
from _target import ms, nn, ops, Tensor, Parameter, emit  # noqa: E402
from _layer_sweep import CONV_DENSE_NORM, POOL_ACT_RNN_LOSS  # noqa: E402

SWEPT = {name: (args, kwargs) for name, args, kwargs, _ in CONV_DENSE_NORM + POOL_ACT_RNN_LOSS}
TMP = tempfile.mkdtemp(prefix="attrs_r10_")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)


def net():
    return nn.Dense(3, 4)


def params():
    return net().trainable_params()


def loss_net():
    return nn.WithLossCell(net(), nn.MSELoss())


def optimizer():
    return nn.Momentum(params(), 0.1, 0.9)


# required arguments by parameter name: candidates tried in order (one attempt per index)
SAMPLE = {
    "in_channels": [2], "out_channels": [4], "kernel_size": [3, (3, 3)], "num_features": [3],
    "in_features": [3], "out_features": [4], "in1_channels": [2], "in2_channels": [3],
    "in1_features": [2], "in2_features": [3], "input_size": [3], "hidden_size": [4],
    "vocab_size": [10], "embedding_size": [4], "num_embeddings": [10], "embedding_dim": [4],
    "normalized_shape": [(4,), 4], "num_groups": [2], "num_channels": [4], "d_model": [8],
    "nhead": [2], "embed_dim": [8], "num_heads": [2], "output_size": [2, (2, 2), (2, 2, 2)],
    "padding": [1, (1, 1), (1, 1, 1, 1), (1, 1, 1, 1, 1, 1)], "value": [0.5],
    "upscale_factor": [2], "downscale_factor": [2], "groups": [2], "depth": [3],
    "learning_rate": [0.1], "decay_rate": [0.9], "decay_steps": [4], "end_learning_rate": [0.01],
    "power": [0.5], "warmup_steps": [2], "min_lr": [0.01], "max_lr": [0.1],
    "params": [None], "network": [None], "backbone": [None], "loss_fn": [None],
    "optimizer": [None], "net": [None], "net_with_loss": [None], "scale_sense": [None],
    "momentum": [0.9], "beta": [1.0], "start": [1], "limit": [5], "delta": [1],
    "axis": [0], "threshold": [0.5], "lambd": [0.5], "dim": [1], "shifts": [1], "k": [1],
    "size": [(4, 4)], "scale": [1.0], "shape": [(2, 3)], "seed": [1], "num_sampled": [2],
    "num_classes": [3], "num_true": [1], "loss_scale_value": [1024.0], "scale_factor": [2.0],
    "scale_window": [10], "reduction": ["mean"], "l1_regularizer": [], "unflattened_size": [(2, 2)],
    "ksizes": [(1, 2, 2, 1)], "strides": [(1, 1, 1, 1)], "rates": [(1, 1, 1, 1)],
    "central_fraction": [0.5], "field_size": [2], "target_shape": [(2, 3)], "min_val": [0.0],
    "max_val": [1.0], "norm_type": [2.0], "layer": [None], "time_axis": [1], "micro_size": [2],
    "interleave_num": [2], "parameters": [None], "p": [0.5], "encoder_layer": [None],
    "decoder_layer": [None], "num_layers": [1], "output_shape": [(2, 3)], "directory": [None],
    "bijector": [None], "distribution": [None], "state_dict": [{}], "file_name": [None],
    "summary_dir": [None], "monitor": ["loss"], "learning_rate_function": [None],
    "epoch_begin": [None], "epoch_end": [None], "ckpt_path": [None], "ckpt_config": [None],
    "backup_dir": [None], "original_params": [{}], "save_checkpoint_steps": [1], "fn": [None],
}


def _made(name):
    """Fresh objects for the arguments that need them."""
    fresh = {
        "params": params, "parameters": params, "network": loss_net, "net_with_loss": loss_net,
        "backbone": net, "net": net, "loss_fn": lambda: nn.MSELoss(), "optimizer": optimizer,
        "scale_sense": lambda: Tensor(np.array(1024.0, np.float32)),
        "layer": net, "encoder_layer": lambda: nn.TransformerEncoderLayer(8, 2, 16),
        "decoder_layer": lambda: nn.TransformerDecoderLayer(8, 2, 16),
        "directory": lambda: TMP, "summary_dir": lambda: os.path.join(TMP, "summary"),
        "backup_dir": lambda: os.path.join(TMP, "backup"),
        "ckpt_path": lambda: os.path.join(TMP, "x.ckpt"),
        "bijector": lambda: ms.nn.probability.bijector.Exp(),
        "distribution": lambda: ms.nn.probability.distribution.Normal(0.0, 1.0,
                                                                     dtype=ms.float32),
        "learning_rate_function": lambda: (lambda lr, cur_step_num: lr),
        "epoch_begin": lambda: (lambda run_context: None),
        "epoch_end": lambda: (lambda run_context: None),
        "file_name": lambda: os.path.join(TMP, "f"),
        "ckpt_config": lambda: None, "fn": net,
    }
    return fresh[name]()


# classes built with given arguments (args, kwargs) instead of the rules; callables are called
SPECIAL = {
    "nn.TrainOneStepCell": ((loss_net, optimizer), {}),
    "nn.TrainOneStepWithLossScaleCell": ((loss_net, optimizer), {"scale_sense": lambda: Tensor(
        np.array(1024.0, np.float32))}),
    "nn.DynamicLossScaleUpdateCell": ((), {"loss_scale_value": 1024.0, "scale_factor": 2,
                                           "scale_window": 10}),
    "nn.FixedLossScaleUpdateCell": ((), {"loss_scale_value": 1024.0}),
    "nn.WithGradCell": ((net, lambda: nn.MSELoss()), {}),
    "nn.WithEvalCell": ((net, lambda: nn.MSELoss()), {}),
    "nn.ForwardValueAndGrad": ((loss_net,), {}),
    "nn.TimeDistributed": ((net,), {"time_axis": 1}),
    "nn.SequentialCell": (([nn.ReLU(), nn.Dense(2, 2)],), {}),
    "nn.CellList": (([nn.ReLU(), nn.Dense(2, 2)],), {}),
    "nn.ELU": ((), {"alpha": 1.0}),
    "nn.Fbeta": ((1.0,), {}),
    "nn.FocalLoss": ((), {}),
    "nn.MultiheadAttention": ((8, 2), {}),
    "nn.Transformer": ((), {"d_model": 8, "nhead": 2, "num_encoder_layers": 1,
                            "num_decoder_layers": 1, "dim_feedforward": 16}),
    "nn.TransformerEncoderLayer": ((8, 2, 16), {}),
    "nn.TransformerDecoderLayer": ((8, 2, 16), {}),
    "nn.TransformerEncoder": ((lambda: nn.TransformerEncoderLayer(8, 2, 16), 1), {}),
    "nn.TransformerDecoder": ((lambda: nn.TransformerDecoderLayer(8, 2, 16), 1), {}),
    "nn.Range": ((1, 5), {}),
    "nn.Norm": ((), {"axis": 1}),
    "nn.Moments": ((), {"axis": 0}),
    "nn.OneHot": ((), {"depth": 3}),
    "nn.CentralCrop": ((0.5,), {}),
    "nn.Pad": ((((1, 1), (2, 2)),), {}),
    "nn.Unfold": (([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1]), {}),
    "nn.EmbeddingLookup": ((10, 4), {}),
    "nn.MultiFieldEmbeddingLookup": ((10, 4, 2), {}),
    "nn.SampledSoftmaxLoss": ((2, 3), {}),
    "nn.LRN": ((), {}),
    "nn.ClipByNorm": ((), {}),
    "nn.Roll": ((1, 0), {}),
    "nn.PipelineCell": ((loss_net, 2), {}),
    "nn.MicroBatchInterleaved": ((loss_net, 2), {}),
    "nn.GradAccumulationCell": ((loss_net, 2), {}),
    "nn.WarmUpLR": ((0.1, 2), {}),
    "nn.CosineDecayLR": ((0.01, 0.1, 4), {}),
    "nn.ExponentialDecayLR": ((0.1, 0.9, 4), {}),
    "nn.NaturalExpDecayLR": ((0.1, 0.9, 4), {}),
    "nn.InverseDecayLR": ((0.1, 0.9, 4), {}),
    "nn.PolynomialDecayLR": ((0.1, 0.01, 4, 0.5), {}),
    "nn.Upsample": ((), {"scale_factor": 2.0, "recompute_scale_factor": True}),
    "nn.ConfusionMatrix": ((3,), {}),
    "nn.ConfusionMatrixMetric": ((), {}),
    "nn.TopKCategoricalAccuracy": ((2,), {}),
    "nn.ROC": ((), {}),
    "nn.Dice": ((), {}),
    "nn.DistributedGradReducer": ((params,), {}),
    "train.Model": ((net,), {"loss_fn": lambda: nn.MSELoss(), "optimizer": optimizer,
                             "metrics": lambda: {"mae"}}),
    "train.LossMonitor": ((), {}),
    "train.TimeMonitor": ((), {}),
    "train.ModelCheckpoint": ((), {"prefix": "net", "directory": lambda: TMP}),
    "train.CheckpointConfig": ((), {}),
    "train.RunContext": (({"epoch_num": 1},), {}),
    "train.LambdaCallback": ((), {}),
    "train.EarlyStopping": ((), {}),
    "train.ReduceLROnPlateau": ((), {}),
    "train.History": ((), {}),
    "train.FixedLossScaleManager": ((), {}),
    "train.DynamicLossScaleManager": ((), {}),
    "train.LearningRateScheduler": ((lambda: (lambda lr, step: lr),), {}),
    "train.BackupAndRestore": ((lambda: os.path.join(TMP, "backup"),), {}),
    "train.TopKCategoricalAccuracy": ((2,), {}),
    "train.ConfusionMatrix": ((3,), {}),
    "train.Fbeta": ((1.0,), {}),
    "distribution.Normal": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.LogNormal": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.Uniform": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.Bernoulli": ((0.5,), {"dtype": lambda: ms.int32}),
    "distribution.Geometric": ((0.5,), {"dtype": lambda: ms.int32}),
    "distribution.Categorical": (([0.2, 0.8],), {"dtype": lambda: ms.int32}),
    "distribution.Exponential": ((0.5,), {"dtype": lambda: ms.float32}),
    "distribution.Poisson": ((np.array([0.5], np.float32),), {"dtype": lambda: ms.float32}),
    "distribution.Gamma": ((np.array([1.0], np.float32), np.array([2.0], np.float32)),
                           {"dtype": lambda: ms.float32}),
    "distribution.Beta": ((np.array([1.0], np.float32), np.array([2.0], np.float32)),
                          {"dtype": lambda: ms.float32}),
    "distribution.Cauchy": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.Gumbel": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.Logistic": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.Laplace": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.HalfNormal": ((0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.StudentT": ((3.0, 0.0, 1.0), {"dtype": lambda: ms.float32}),
    "distribution.TransformedDistribution": ((lambda: ms.nn.probability.bijector.Exp(),
                                              lambda: ms.nn.probability.distribution.Normal(
                                                  0.0, 1.0, dtype=ms.float32)), {}),
    "bijector.PowerTransform": ((0.5,), {}),
    "bijector.ScalarAffine": ((2.0, 1.0), {}),
    "bijector.GumbelCDF": ((0.0, 1.0), {}),
    "bijector.Softplus": ((2.0,), {}),
    "bijector.Invert": ((lambda: ms.nn.probability.bijector.Exp(),), {}),
}

# classes not built, with the reason
NOT_BUILT = {
    "Bijector": "abstract base class (forward, inverse, ...)",
    "Distribution": "abstract base class (prob, log_prob, ...)",
    "Metric": "abstract base class (update, eval, clear)",
    "GraphCell": "wraps a compiled MindIR graph (needs an exported file)",
    "GetNextSingleOp": "reads a device data queue",
    "VirtualDatasetCellTriple": "parallel-mode wrapper",
    "AdaSumByDeltaWeightWrapCell": "needs a distributed process group",
    "AdaSumByGradWrapCell": "needs a distributed process group",
    "PipelineGradReducer": "needs a pipeline-parallel context",
    "OptTFTWrapper": "needs the Ascend fault-tolerance service",
    "Conv2dThor": "THOR second-order layers (Ascend)",
    "DenseThor": "THOR second-order layers (Ascend)",
    "EmbeddingThor": "THOR second-order layers (Ascend)",
    "EmbeddingLookupThor": "THOR second-order layers (Ascend)",
    "ParameterUpdate": "wraps one Parameter for parameter-server updates",
    "AdamOffload": "host-offload optimizer of distributed training",
    "SummaryCollector": "writes summary files",
    "SummaryLandscape": "writes summary files",
    "SummaryRecord": "writes summary files",
    "FlopsUtilizationCollector": "needs the profiler service",
    "TrainFaultTolerance": "needs the Ascend fault-tolerance service",
    "OnRequestExit": "installs signal handlers",
    "DatasetHelper": "needs a dataset",
    "ConvertModelUtils": "THOR conversion helpers",
    "ConvertNetUtils": "THOR conversion helpers",
}


def classes(module):
    return [n for n in sorted(dir(module)) if not n.startswith("_")
            and inspect.isclass(getattr(module, n))]


def _fresh(v):
    """SPECIAL's functions are called for a fresh object per construction."""
    return v() if isinstance(v, types.FunctionType) else v


def sample_args(cls, attempt):
    """Required arguments of ``cls`` from SAMPLE (attempt-th candidate), or None."""
    try:
        sig = inspect.signature(cls.__init__)
    except (TypeError, ValueError):
        return (), {}
    kwargs = {}
    for p in list(sig.parameters.values())[1:]:
        if p.default is not inspect.Parameter.empty or p.kind in (p.VAR_POSITIONAL,
                                                                   p.VAR_KEYWORD):
            continue
        cands = SAMPLE.get(p.name)
        if not cands:
            raise LookupError("no sample for required parameter %r" % p.name)
        v = cands[min(attempt, len(cands) - 1)]
        kwargs[p.name] = _made(p.name) if v is None else v
    return (), kwargs


def build(full, cls):
    short = full.split(".")[-1]
    if full in SPECIAL:
        args, kwargs = SPECIAL[full]
        return cls(*[_fresh(a) for a in args], **{k: _fresh(v) for k, v in kwargs.items()})
    if full.startswith("nn.") and short in SWEPT:
        args, kwargs = SWEPT[short]
        return cls(*args, **kwargs)
    if issubclass(cls, nn.Optimizer):
        # optimizers' __init__ is wrapped (*args, **kwargs): parameters and rate given here
        extra = {"Momentum": {"momentum": 0.9}, "LARS": {"optimizer": optimizer()}}.get(short)
        if short in ("LARS", "Optimizer", "AdaFactor"):
            return {"LARS": lambda: cls(**extra), "Optimizer": lambda: cls(0.1, params()),
                    "AdaFactor": lambda: cls(params())}[short]()
        return cls(params(), 0.1, **(extra or {}))
    err = None
    for attempt in range(4):
        args, kwargs = sample_args(cls, attempt)
        try:
            return cls(*args, **kwargs)
        except Exception as e:  # noqa: BLE001 - the next candidates are tried
            err = e
    raise err


def _scalar_list(v):
    return all(isinstance(i, (bool, int, float, str, type(None))) for i in v)


def kind(v):
    """What subclasses find under an attribute, in a form both frameworks print alike."""
    if isinstance(v, Parameter):
        return "Parameter:%s:%s:%s" % (v.name, list(v.shape), v.dtype)
    if isinstance(v, Tensor):
        return "Tensor:%s:%s" % (v.dtype, list(v.shape))
    if isinstance(v, nn.Cell):
        return "Cell:" + type(v).__name__
    if isinstance(v, ops.Primitive):
        return "Prim:" + type(v).__name__
    if type(v).__name__ in ("Float", "Int", "UInt", "Bool", "DType", "TensorType", "Complex",
                            "BFloat"):
        return "dtype:" + str(v)
    if isinstance(v, float):
        return round(v, 6)
    if isinstance(v, str):
        v = v.replace(TMP, "<tmp>")  # the case's temporary directory
        return v if len(v) < 60 else "str"
    if isinstance(v, (bool, int, type(None))):
        return v
    if isinstance(v, (tuple, list)):
        if not v:
            return "%s:empty" % type(v).__name__
        if len(v) <= 8 and _scalar_list(v):
            return [round(i, 6) if isinstance(i, float) else i for i in v]
        if all(isinstance(i, Parameter) for i in v):
            return "Parameters:" + ",".join(p.name for p in v)
        return "%s[%d]:%s" % (type(v).__name__, len(v), ",".join(
            sorted({type(i).__name__ for i in v})))
    if isinstance(v, dict):
        return "dict:" + ",".join(sorted(str(k) for k in v))[:200]
    if inspect.isclass(v):
        return "class:" + v.__name__
    if callable(v):
        return "callable"
    return "type:" + type(v).__name__


def _public(names):
    return {n for n in names if not n.startswith("_")}


def held(obj):
    """{name: value} of the public attributes ``obj`` holds: its ``vars()``, the dictionaries a
    Cell keeps Parameters, ParameterTuples, sub-cells and buffers in, and the properties its
    class defines (where a framework keeps a value is its own business; the name is not)."""
    out = {}
    d = vars(obj)
    for store in ("_params", "_cells", "_buffers", "_primitives", "_params_list"):
        if isinstance(d.get(store), dict):
            out.update(d[store])
    out.update(d)
    for name in _public(dir(type(obj))):
        static = inspect.getattr_static(type(obj), name, None)
        described = isinstance(static, property) or inspect.isdatadescriptor(static)
        if not described and not callable(static) and not isinstance(
                static, (staticmethod, classmethod)) and name not in BASE_CLASS_DATA:
            out[name] = static  # a class-level value (a default the instance reads)
            continue
        if described:  # a property (or another data descriptor, e.g. a compiled class's)
            try:
                out[name] = getattr(obj, name)
            except Exception as e:  # noqa: BLE001 - a property that raises: its error class
                out[name] = "raises " + type(e).__name__
    # the members of a ParameterTuple attribute are not attributes of their own
    members = {id(p) for v in out.values() if isinstance(v, (tuple, list))
               for p in v if isinstance(p, Parameter)}
    params = d.get("_params") if isinstance(d.get("_params"), dict) else {}
    return {k: v for k, v in out.items() if k in _public(out) and not (
        k in params and k not in d and id(v) in members)}


BASE_CLASS_DATA = {n for n in dir(nn.Cell) if not callable(getattr(nn.Cell, n, None))}
CELL_NAMES = set(held(nn.Cell()))
OBJECT_NAMES = set()
CELL_METHODS = _public(dir(nn.Cell))
OBJECT_METHODS = _public(dir(object))


def record(prefix, module, names=None):
    for short in names or classes(module):
        full = "%s.%s" % (prefix, short)
        cls = getattr(module, short)
        is_cell = issubclass(cls, nn.Cell)
        base = CELL_METHODS if is_cell else OBJECT_METHODS
        emit(full + "|methods", sorted(_public(dir(cls)) - base))
        if short in NOT_BUILT:
            emit(full + "|attrs", "not constructed: " + NOT_BUILT[short])
            continue
        try:
            obj = build(full, cls)
        except Exception as e:  # noqa: BLE001 - the exception's class is recorded
            emit(full + "|attrs", {"error": type(e).__name__})
            continue
        attrs = held(obj)
        base_names = CELL_NAMES if is_cell else OBJECT_NAMES
        emit(full + "|attrs", {k: kind(attrs[k]) for k in sorted(set(attrs) - base_names)})
