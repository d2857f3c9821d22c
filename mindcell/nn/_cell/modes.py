"""Training mode, flags, mixed precision, recompute, compile declarations and the members that
matter only for distributed training (recorded; on one machine they change nothing)."""
from collections import OrderedDict

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
# the float type of the innermost running typed cell (to_float, or an fp16/fp32/bf16 flag), per
# thread: while it is set, every primitive call casts its float inputs to it
from mindcell._core.mixed_precision import (running_float_type, enter_float_type,  # noqa: F401
                                            exit_float_type)
from mindcell.common.tensor import Tensor

_BOOST_TYPES = ("O0", "O1", "O2")
# Cell flags that choose the float type a cell runs in (MindSpore's mixed precision flags).
_PRECISION_FLAGS = (("fp16", mstype.float16), ("fp32", mstype.float32), ("bf16", mstype.bfloat16))
_RECOMPUTE_KEYS = ("mp_comm_recompute", "parallel_optimizer_comm_recompute",
                   "recompute_slice_activation")


def _check_cpu(device, op):
    if device is not None and not (isinstance(device, str) and device in ("CPU", "cpu")):
        raise RuntimeError("%s: the device %r is not available: mindcell runs on the CPU"
                           % (op, device))


class _CompileCacheView:
    """``Cell.compile_cache``: the cell's compiled programs, as MindSpore's set of phases."""

    def __init__(self, cell):
        self._cell = cell

    def _entries(self):
        return self._cell.__dict__["_compile_cache"]

    def __len__(self):
        return len(self._entries())

    def __iter__(self):
        return iter(list(self._entries()))

    def __contains__(self, key):
        return key in self._entries()

    def clear(self):
        self._cell._drop_compiled()

    def __repr__(self):
        return "{%s}" % ", ".join(repr(k) for k in self._entries()) if self else "set()"


class ModesMixin:
    """set_train / set_grad / to_float / apply / flags / recompute / parallel settings."""

    # ----- training mode ----------------------------------------------------------------
    @property
    def training(self):
        return self.__dict__.get("_training", False)

    @training.setter
    def training(self, value):
        self.__dict__["_training"] = bool(value)

    def set_train(self, mode=True):
        """set_train(mode=True): set training mode on this cell and all descendants."""
        for _, cell in self.cells_and_names():
            cell.__dict__["_training"] = bool(mode)
        self.__dict__["_phase"] = "train" if mode else "predict"  # this cell only, as MindSpore
        return self

    def train(self, mode=True):
        """PyTorch-style alias of set_train."""
        return self.set_train(mode)

    def eval(self):
        """PyTorch-style: set_train(False)."""
        return self.set_train(False)

    @property
    def phase(self):
        """MindSpore's phase string: ``'train'`` at first and after ``set_train(True)`` on this
        cell, ``'predict'`` after ``set_train(False)`` on it (not on its children, as in
        MindSpore), or the string a program assigned (``self.phase = 'train'`` in
        RetinaFace's ``__init__``)."""
        return self.__dict__.get("_phase", "train")

    @phase.setter
    def phase(self, value):
        if not isinstance(value, str):
            raise TypeError("For 'Cell', the property 'phase' must be string type, but got type "
                            "%s." % type(value))
        self.__dict__["_phase"] = value

    def set_grad(self, requires_grad=True):
        """set_grad(requires_grad=True): mark the cell as needing gradients (returns self)."""
        self.__dict__["requires_grad"] = bool(requires_grad)
        return self

    def requires_grad_(self, requires_grad=True):
        """PyTorch-style: set requires_grad on every parameter."""
        for p in self.get_parameters():
            p.requires_grad = bool(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        """PyTorch-style no-op: mindcell computes gradients functionally and keeps none on the
        parameters, so there is nothing to zero or to set to None (``set_to_none``)."""
        return None

    # ----- dtype ------------------------------------------------------------------------
    def to_float(self, dst_type):
        """to_float(dst_type): run this cell and its children in float16/bfloat16/float32
        (float inputs are cast when the cell is called, and trainable float Parameters when
        a cell reads them while it runs; stored parameters keep their dtype)."""
        if dst_type not in (mstype.float16, mstype.bfloat16, mstype.float32):
            raise ValueError("to_float: 'dst_type' must be float16, bfloat16 or float32, but got %s"
                             % (dst_type,))
        for _, cell in self.cells_and_names():  # every cell casts its inputs, as in MindSpore
            cell.__dict__["_mixed_precision_type"] = dst_type
        return self

    def _cast_to_mixed(self, args, kwargs):
        """A typed cell's float inputs (positional and keyword) cast to its type when a graph
        is traced (MindSpore's GRAPH_MODE casts them on entry; its PYNATIVE_MODE casts at each
        primitive call only, so a cell returning its input returns it uncast)."""
        dst = self.__dict__.get("_mixed_precision_type")
        if dst is None or not _trace.current().is_graph:
            return args, kwargs
        from mindcell.ops.function.math_func import cast

        def to_dst(a):
            return cast(a, dst) if isinstance(a, Tensor) and a.dtype.is_floating_point \
                and a.dtype is not dst else a
        return (tuple(to_dst(a) for a in args),
                {k: to_dst(v) for k, v in kwargs.items()} if kwargs else kwargs)

    def cast_inputs(self, inputs, dst_type):
        """cast_inputs(inputs, dst_type): cast float tensors in ``inputs`` to ``dst_type``."""
        from mindcell.ops.function.math_func import cast
        return tuple(cast(a, dst_type) if isinstance(a, Tensor) and a.dtype.is_floating_point
                     else a for a in inputs)

    def _cast_params(self, dtype):
        for p in self.get_parameters():
            if p.dtype.is_floating_point:
                p._data = p._data.astype(dtype.np_dtype)  # set_data would keep the old dtype
        return self

    def float(self):
        """PyTorch-style: cast floating parameters to float32."""
        return self._cast_params(mstype.float32)

    def double(self):
        """PyTorch-style: cast floating parameters to float64."""
        return self._cast_params(mstype.float64)

    def half(self):
        """PyTorch-style: cast floating parameters to float16."""
        return self._cast_params(mstype.float16)

    def to(self, *args, **kwargs):
        """to(device=None, dtype=None, non_blocking=False), to(dtype, non_blocking=False) or
        to(tensor, non_blocking=False): cast the floating parameters to ``dtype`` (or the
        tensor's dtype). ``device`` must be the CPU; ``non_blocking`` changes nothing here (the
        cast is done when this returns).

        Raises:
            TypeError: an unknown keyword or argument, a non-floating ``dtype``.
            RuntimeError: a ``device`` other than the CPU.
        """
        unknown = set(kwargs) - {"device", "dtype", "non_blocking"}
        if unknown:
            raise TypeError("Cell.to: unexpected keyword arguments %s" % sorted(unknown))
        device, dtype = kwargs.get("device"), kwargs.get("dtype")
        non_blocking = kwargs.get("non_blocking", False)
        for a in args:
            if isinstance(a, str):
                device = a
            elif isinstance(a, mstype.DType):
                dtype = a
            elif isinstance(a, Tensor):
                dtype = a.dtype
            elif isinstance(a, bool):
                non_blocking = a
            else:
                raise TypeError("Cell.to: expected a device str, a dtype or a Tensor, but got %s"
                                % type(a).__name__)
        if not isinstance(non_blocking, bool):
            raise TypeError("Cell.to: 'non_blocking' must be a bool, but got %s"
                            % type(non_blocking).__name__)
        _check_cpu(device, "Cell.to")
        if dtype is None:
            return self
        if not isinstance(dtype, mstype.DType) or not dtype.is_floating_point:
            raise TypeError("Cell.to only accepts floating point dtypes, but got %s" % (dtype,))
        return self._cast_params(dtype)

    def to_empty(self, *, device=None, recurse=True):
        """to_empty(*, device=None, recurse=True): storage for the parameters on ``device``
        (the CPU, where they already are: nothing to reallocate). Returns self.

        Raises:
            RuntimeError: a ``device`` other than the CPU.
        """
        _check_cpu(device, "Cell.to_empty")
        return self

    def apply(self, fn):
        """apply(fn): call ``fn(cell)`` on every child (post-order) then on self."""
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    # ----- flags ------------------------------------------------------------------------
    def add_flags(self, **flags):
        """add_flags(**flags): set flags (also readable as attributes); returns self.

        As in MindSpore, a true ``fp16``, ``fp32`` or ``bf16`` flag also makes this cell run
        in that float type (its float inputs are cast when it is called, as :meth:`to_float`
        does); ``add_flags_recursive(fp16=True)`` is how older programs ask for float16. A
        false value leaves the cell's float type as it was."""
        self._flags.update(flags)
        for k, v in flags.items():
            object.__setattr__(self, k, v)
        for flag, dtype in _PRECISION_FLAGS:  # checked in MindSpore's order: the last true wins
            if flags.get(flag, False):
                self.__dict__["_mixed_precision_type"] = dtype
        return self

    def add_flags_recursive(self, **flags):
        """add_flags_recursive(**flags): add_flags on this cell and all descendants."""
        for _, cell in self.cells_and_names():
            cell.add_flags(**flags)
        return self

    def get_flags(self):
        """The flags set on this cell (a dict)."""
        return self._flags

    # ----- recompute / compile declarations ---------------------------------------------
    def recompute(self, **kwargs):
        """recompute(**kwargs): in GRAPH_MODE the backward pass recomputes this cell's forward
        values instead of keeping them (lower peak memory); no effect in PYNATIVE_MODE. The
        keywords ``mp_comm_recompute``, ``parallel_optimizer_comm_recompute`` and
        ``recompute_slice_activation`` (bools) choose what model-parallel communication is
        recomputed: one CPU process has none.

        Raises:
            ValueError: another keyword (as MindSpore).
            TypeError: a non-bool value.
        """
        unknown = set(kwargs) - set(_RECOMPUTE_KEYS)
        if unknown:
            raise ValueError("recompute: keywords %s are not recognized; the keywords must be %s"
                             % (sorted(unknown), ", ".join(_RECOMPUTE_KEYS)))
        for key in _RECOMPUTE_KEYS:
            if not isinstance(kwargs.get(key, True), bool):
                raise TypeError("recompute: '%s' must be a bool, but got %s"
                                % (key, type(kwargs.get(key)).__name__))
        for _, cell in self.cells_and_names():
            cell.__dict__["_recompute"] = True
        return self

    def set_inputs(self, *inputs, **kwargs):
        """set_inputs(*inputs): declare input shapes/dtypes (None dims are dynamic).

        Raises:
            NotImplementedError: keyword inputs (MindSpore's incremental mode) are given.
        """
        if kwargs:
            raise NotImplementedError("set_inputs: keyword inputs (incremental mode: %s) are not "
                                      "supported by mindcell; declare every input positionally"
                                      % sorted(kwargs))
        self.__dict__["_input_spec"] = inputs
        self._hooks_changed()

    def get_inputs(self):
        """The inputs declared by set_inputs (or None)."""
        return self.__dict__.get("_input_spec")

    @property
    def compiled(self):
        return bool(self.__dict__.get("_compile_cache"))

    @property
    def compile_cache(self):
        """What GRAPH_MODE compiled for this cell (MindSpore: the set of its compiled phases):
        ``len``, iteration, and ``clear()``, which makes the next call compile again."""
        return _CompileCacheView(self)

    def _drop_compiled(self):
        """Forget this cell's compiled programs (hooks changed, compile_cache.clear())."""
        self.__dict__["_compile_cache"] = {}
        self.__dict__.pop("_fast_programs", None)

    @property
    def jit_config_dict(self):
        """The settings of the JitConfig given to :meth:`set_jit_config` (``{}`` before)."""
        config = self.__dict__.get("_jit_config")
        return {} if config is None else config.jit_config_dict

    def set_jit_config(self, jit_config):
        """set_jit_config(jit_config): record a JitConfig for GRAPH_MODE compilation."""
        self.__dict__["_jit_config"] = jit_config

    def set_boost(self, boost_type):
        """set_boost(boost_type): accepted levels are 'O0', 'O1', 'O2' (recorded)."""
        if boost_type not in _BOOST_TYPES:
            raise ValueError("set_boost: 'boost_type' must be one of %s, but got %r"
                             % (_BOOST_TYPES, boost_type))
        self.__dict__["_boost_type"] = boost_type
        return self

    # ----- distributed-training members (single machine: recorded only) -----------------
    def set_comm_fusion(self, fusion_type, recurse=True):
        """set_comm_fusion(fusion_type, recurse=True): set comm_fusion on the parameters. On one
        machine there is no communication; the value is stored for checkpoints."""
        for p in self.get_parameters(expand=recurse):
            p.comm_fusion = fusion_type
        return self

    def set_data_parallel(self):
        """Mark the cell data parallel (recorded; one machine runs it as is)."""
        self.__dict__["_data_parallel"] = True
        return self

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None):
        """shard(...): record a sharding strategy (one machine runs the cell unsharded)."""
        self.__dict__["_shard"] = (in_strategy, out_strategy, parameter_plan)
        return self

    def set_broadcast_flag(self, mode=True):
        self.__dict__["_broadcast_flag"] = mode
        return self

    def offload(self, backward_prefetch="Auto"):
        """offload(backward_prefetch='Auto'): MindSpore offloads this cell's activations to the
        host on Ascend (GRAPH_MODE); on the CPU they are in host memory already, so only the
        argument is checked ('Auto' or an int >= 0). Returns self."""
        if isinstance(backward_prefetch, str):
            if backward_prefetch != "Auto":
                raise ValueError("offload: 'backward_prefetch' must be 'Auto' or an int >= 0, but "
                                 "got %r" % (backward_prefetch,))
        elif isinstance(backward_prefetch, bool) or not isinstance(backward_prefetch, int) \
                or backward_prefetch < 0:
            raise ValueError("offload: 'backward_prefetch' must be 'Auto' or an int >= 0, but got "
                             "%r" % (backward_prefetch,))
        return self

    @property
    def pipeline_stage(self):
        return self.__dict__.get("_pipeline_stage", -1)

    @pipeline_stage.setter
    def pipeline_stage(self, value):
        self.__dict__["_pipeline_stage"] = value

    @property
    def pipeline_segment(self):
        return self.__dict__.get("_pipeline_segment", -1)

    @pipeline_segment.setter
    def pipeline_segment(self, value):
        self.__dict__["_pipeline_segment"] = value

    @property
    def parameter_layout_dict(self):
        return self.__dict__.setdefault("_parameter_layout_dict", {})

    def init_parameters_data(self, auto_parallel_mode=False):
        """Initialise deferred parameter data (mindcell initialises at creation): returns
        {Parameter: Parameter}. ``auto_parallel_mode`` (slice the data for model parallelism)
        has no effect in one process."""
        return {p: p.init_data() for p in self.get_parameters()}

    def parameters_broadcast_dict(self, recurse=True):
        """Parameters to broadcast in data parallel training, or None if there are none."""
        d = OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse)
                        if not p.layerwise_parallel)
        return d or None

    def remove_redundant_parameters(self):
        """Distributed-training cleanup; nothing to remove on one machine."""
        return None

    def update_cell_type(self, cell_type):
        """update_cell_type(cell_type): record the cell type used for quantisation exports."""
        self.__dict__["cell_type"] = cell_type

    def get_func_graph_proto(self):
        return None

    @property
    def param_prefix(self):
        return self.__dict__.get("_param_prefix", "")

    def update_cell_prefix(self):
        """Set every descendant's param_prefix to its attribute path."""
        for name, cell in self.cells_and_names():
            cell.__dict__["_param_prefix"] = name

    def generate_scope(self):
        """Set every descendant's scope ('Default/<name>-<Type>/...')."""
        for name, cell in self.cells_and_names():
            if not name:
                continue
            parts = []
            path = ""
            for atom in name.split("."):
                path = path + "." + atom if path else atom
                parts.append("%s-%s" % (atom, type(self.get_sub_cell(path)).__name__))
            cell.__dict__["_scope"] = "Default/" + "/".join(parts)

    def get_scope(self):
        """The scope set by generate_scope (None for the root)."""
        return self.__dict__.get("_scope")
