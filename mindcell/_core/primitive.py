"""Primitives: every op defined once (numpy reference, shape/dtype inference, backward rule,
kernel) and the single dispatch point ``Prim.bind``, which hands each call to the active trace.
"""
import numpy as np

from mindcell._core import bf16 as _bf16
from mindcell._core import trace as _trace
from mindcell.dtype import BF16_NP as _BF16

REGISTRY = {}
_local = _trace._local
PROFILER = None  # mindcell.profiler's recorder while one records (set with set_profiler)
# None unless a profiler records or a mixed-precision cell runs (bind's one check): then
# bind takes _hooked_bind, which casts inputs (_core/mixed_precision.py) and profiles
HOOKED = None
_MIXED = [False]


def set_profiler(recorder):
    """Install ``recorder`` as the dispatch point's profiler (None: stop)."""
    global PROFILER
    PROFILER = recorder
    _refresh_hook()


def update_hook(mixed_active):
    """Called by _core/mixed_precision.py when the first typed cell starts or the last ends."""
    _MIXED[0] = mixed_active
    _refresh_hook()


def _refresh_hook():
    global HOOKED
    HOOKED = True if (PROFILER is not None or _MIXED[0]) else None


def _hooked_bind(prim, inputs, attrs):
    if _MIXED[0]:
        inputs = _mixed.cast_inputs(prim, inputs)
    if PROFILER is None:
        return _local.top.process(prim, inputs, attrs)
    return PROFILER.bind(prim, inputs, attrs)


class Prim:
    """One primitive op. Create with :func:`defprim`; call with ``prim.bind(*tensors, **attrs)``.

    ``impl(*arrays, **attrs)`` is the numpy reference (and the oracle in tests);
    ``infer(*avals, **attrs)`` maps input ``(shape, dtype)`` pairs to output ones;
    ``bprop(*inputs, out, dout, **attrs)`` returns one gradient (or None) per input, written with
    mindcell ops so that it can itself be differentiated or traced into a graph.

    What the graph compiler needs to know is declared here too (no pass keeps a table of
    primitive names): ``aliases_input``, the output is input 0's buffer in a graph's memory
    plan (it owns no bytes); ``lowering``, the kind of native instruction the executor runs
    for it (``"unary"``, ``"binary"``, ``"gelu"``, ``"gelu_grad"``, ``"softmax"``,
    ``"log_softmax"``, ``"matmul"`` (2-D), ``"batch_matmul"``, ``"fused"``, ``"sum"``,
    ``"sgd"`` (an in-place update of parameters), ``"sparse_xent"``; None: a Python step); ``opcode``, its name in the elementwise opcode enum (``csrc/_common.pxd``) when the
    fused-program VM and the unary/binary kernels run it; ``neutral``, the value ``e`` with
    ``op(x, e) == x`` (and ``op(e, x) == x`` when ``commutative``); ``fresh_outputs``, a
    Python step whose outputs never share memory with its inputs (its kernel and impl return
    new arrays), so a graph need not copy them to protect them from later in-place writes of
    those inputs (graph/passes/state.py assumes any other Python step may return a view);
    ``checks_values``, a kernel that validates input values (indices in range), which a graph
    knows only when it runs: its graph node remembers the public op the user called, so the
    error names that op (cross_entropy, not the gather_elements it is built from);
    ``complex_rule``, whether the op takes complex64/complex128 inputs: None (the default) it
    does not, and a complex input is a TypeError naming the public op, never a silent cast;
    ``"holomorphic"``, its values are numpy's and its bprop, written for real numbers, is the
    analytic derivative, which the backward walk conjugates into MindSpore's convention
    (:func:`mindcell._core.backward.backward`); ``"own"``, its bprop (or its lack of one)
    already follows that convention (abs, real, imag, conj, angle, the fft family).
    """

    __slots__ = ("name", "impl", "infer_fn", "bprop", "nout", "fusable", "has_side_effect",
                 "view", "writes", "kernel", "_kernel_resolved", "aliases_input", "lowering",
                 "opcode", "neutral", "commutative", "fresh_outputs", "checks_values",
                 "complex_rule")

    def __init__(self, name, impl, infer=None, bprop=None, nout=1, fusable=False,
                 has_side_effect=False, view=None, writes=(), aliases_input=False, lowering=None,
                 opcode=None, neutral=None, commutative=False, fresh_outputs=False,
                 checks_values=False, complex_rule=None):
        self.name = name
        self.impl = impl
        self.infer_fn = infer
        self.bprop = bprop
        self.nout = nout
        self.fusable = fusable
        self.has_side_effect = has_side_effect
        self.view = view  # a ViewRule when the eager result shares input 0's memory
        # indices of the inputs written in place (Assign's variable, an optimizer's parameter
        # and state): a graph gives each written Parameter a new version (graph/state.py)
        self.writes = tuple(writes)
        self.aliases_input = aliases_input
        self.lowering = lowering
        self.opcode = opcode
        self.neutral = neutral
        self.commutative = commutative
        self.fresh_outputs = fresh_outputs
        self.checks_values = checks_values
        self.complex_rule = complex_rule
        self.kernel = None
        self._kernel_resolved = False

    def __repr__(self):
        return "Prim(%s)" % self.name

    def bind(self, *inputs, **attrs):
        """Run (eager) or record (graph) this op on Tensor inputs; returns Tensor(s)."""
        if HOOKED is None:
            return _local.top.process(self, inputs, attrs)  # this thread's innermost trace
        return _hooked_bind(self, inputs, attrs)

    def compute(self, arrays, attrs):
        """Evaluate on numpy arrays with the compiled kernel when there is one, else ``impl``."""
        if not self._kernel_resolved:
            self.resolve_kernel()
        kernel = self.kernel
        if kernel is not None:
            out = kernel(*arrays, **attrs)  # NotImplemented for bfloat16 (kernels/__init__.py)
            if out is not NotImplemented:
                return out
        for a in arrays:  # after the kernel: float32 calls, the common case, skip this loop
            if a.dtype is _BF16:  # computed in float32, rounded once (_core/bf16.py)
                return _bf16.compute_bf16(self, arrays, attrs)
            if a.dtype.kind == "c" and complex_rule(self) is None:
                raise no_complex(self, a.dtype)
        with np.errstate(all="ignore"):  # nan/inf results, as MindSpore gives them, not warnings
            return self.impl(*arrays, **attrs)

    def resolve_kernel(self):
        from mindcell._core.kernels import KERNELS
        self.kernel = KERNELS.get(self.name)
        self._kernel_resolved = True

    def infer(self, avals, attrs):
        """Output ``(shape, dtype)`` (a tuple of them for multi-output prims) from input avals;
        raises :class:`DataDependentShape` when values decide the shape."""
        if complex_rule(self) is None:
            for a in avals:
                if type(a) is tuple and len(a) == 2 and isinstance(a[1], np.dtype) \
                        and a[1].kind == "c":
                    raise no_complex(self, a[1])
        return self.infer_fn(*avals, **attrs)


# name -> complex_rule for primitives defined before the complex table (ops/defs/cplx.py) was
# written: their own modules declare nothing, the table does, read on first use
COMPLEX_RULES = {}


def complex_rule(prim):
    """``prim.complex_rule``, or the rule the table gives its name."""
    rule = getattr(prim, "complex_rule", None)  # (tape entries of other kinds have none)
    if rule is None and isinstance(prim, Prim):
        rule = prim.complex_rule = COMPLEX_RULES.get(prim.name)
    return rule


# how an error names the op the user called (the ops layer installs its stack walk here)
PUBLIC_NAME = [lambda name: name]


def no_complex(prim, np_dtype):
    """The TypeError of a primitive given a complex input it does not take (see
    ``Prim.complex_rule``), naming the public op the user called."""
    name = "Complex64" if np_dtype == np.complex64 else "Complex128"
    return TypeError("%s: complex tensors are not supported (got %s); take ops.real / ops.imag "
                     "/ ops.abs first if a real result is meant" % (PUBLIC_NAME[0](prim.name),
                                                                    name))


def defprim(name, impl, infer=None, bprop=None, nout=1, fusable=False, has_side_effect=False,
            view=None, writes=(), aliases_input=False, lowering=None, opcode=None, neutral=None,
            commutative=False, fresh_outputs=False, checks_values=False, complex_rule=None):
    """Declare and register a primitive (see :class:`Prim`)."""
    if name in REGISTRY:
        raise ValueError("primitive %r is defined twice" % name)
    if infer is None:
        raise TypeError("primitive %r needs an infer function (shapes and dtypes only)" % name)
    if writes and not has_side_effect:
        raise ValueError("primitive %r writes inputs in place: declare has_side_effect" % name)
    if lowering in ("unary", "binary") and opcode is None:
        raise ValueError("primitive %r is lowered to an elementwise kernel: declare its opcode"
                         % name)
    if fresh_outputs and (view is not None or aliases_input or writes):
        raise ValueError("primitive %r cannot return views or write inputs and declare "
                         "fresh_outputs" % name)
    prim = Prim(name, impl, infer, bprop, nout, fusable, has_side_effect, view, writes,
                aliases_input, lowering, opcode, neutral, commutative, fresh_outputs,
                checks_values, complex_rule)
    REGISTRY[name] = prim
    return prim


class DataDependentShape(Exception):
    """Raised by an ``infer`` whose output shape depends on input values: such an op runs
    eagerly but cannot be traced into a graph (the tracer reports the user's line)."""


def data_dependent(name):
    """The ``infer`` of a primitive whose output shape depends on its input values."""
    def infer(*avals, **attrs):
        raise DataDependentShape(name)
    return infer


def elementwise_infer(*avals, **attrs):
    """infer for broadcasting elementwise ops whose output dtype is the first input's."""
    shape = np.broadcast_shapes(*[a[0] for a in avals])
    return (shape, avals[0][1])


def compare_infer(*avals, **attrs):
    return (np.broadcast_shapes(*[a[0] for a in avals]), np.dtype(np.bool_))


from mindcell._core import mixed_precision as _mixed  # noqa: E402  (imports this module lazily)
