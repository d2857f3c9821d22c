"""Lowering: an optimised graph with its memory plan becomes the executor's program.

Every value gets a slot. A node whose kernel the executor runs natively (elementwise ops with
a Cython kernel, fused programs, row softmax and its gradient, 2-D and batched matrix
products, sums, all over float operands) becomes
a native instruction writing to an arena offset from the memory plan; a native result that
the graph returns is allocated fresh for each run instead, so callers never hold arena views.
An in-place update of parameters (the SGD step) is native too: its result is the parameter's
own array, and it keeps a Python step that the executor runs instead when a parameter's
array is not one the native loop can write.
Every other node is a Python step calling the primitive's ``compute``. Which instruction a
primitive lowers to is declared on it (``Prim.lowering``, a kind such as "binary" or
"matmul"; ``Prim.opcode`` for the elementwise ones); this module maps kinds to selectors.
"""
from collections import defaultdict
from functools import partial

import numpy as np

from mindcell._core.kernels import elementwise as ew_kernels
from mindcell._core.kernels import nn as nn_kernels
from mindcell._core.primitive import REGISTRY
from mindcell.graph.passes.memory import plan_memory

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
_ALIGN = 64


class Lowered:
    """The executor's constructor arguments; ``new_bindings()`` makes the memory of one
    executor (a fresh arena with its views)."""

    def __init__(self, n_slots, instrs, py_steps, frees, memory, slot):
        self.n_slots = n_slots
        self.instrs = instrs
        self.py_steps = py_steps
        self.frees = frees
        self.memory = memory
        self.slot = slot

    @property
    def native_count(self):
        return sum(1 for i in self.instrs if i["kind"] != "py")

    @property
    def arena_bytes(self):
        return self.memory.arena_bytes

    def new_bindings(self):
        return self.memory.new_bindings()


def lower(graph):
    """Lowered program of ``graph`` (planned first if no pass pipeline planned it)."""
    if getattr(graph, "memory_plan", None) is None:
        plan_memory(graph)
    slot = {}
    for v in graph.inputs + graph.params + graph.consts:
        slot[v.id] = len(slot)
    for n in graph.nodes:
        for o in n.outputs:
            slot[o.id] = len(slot)
    instrs, py_steps, native_in = [], [], {}
    native_outs = []
    for n in graph.nodes:
        spec = native_spec(n, slot)
        in_place = spec is not None and spec.pop("in_place", False)
        # a Python step; a native instruction that validates values (labels in range) or
        # updates in place keeps one: to raise the op's error, or when it cannot write
        if spec is None or in_place or spec.pop("checks_values", False):
            spec = spec or {"kind": "py"}
            spec["py"] = len(py_steps)
            compute = n.prim.compute if n.source is None else _naming(n.prim.compute, n.source)
            py_steps.append((compute, tuple(slot[v.id] for v in n.inputs), n.attrs,
                             tuple(slot[o.id] for o in n.outputs), n.prim.nout != 1,
                             n.prim.aliases_input))
        instrs.append(spec)
        if spec["kind"] != "py":
            if not in_place:  # an update's result is its parameter's array (the executor's)
                native_outs.extend(n.outputs)
            for v in n.inputs:
                native_in[slot[v.id]] = (v.shape, v.dtype)
    memory = _Memory(graph, slot, native_outs, native_in)
    frees = _python_frees(graph, slot, memory.arena_slots)
    return Lowered(len(slot), instrs, py_steps, frees, memory, slot)


class _Memory:
    """Where native results live: arena offsets from the memory plan, or, for results the
    graph returns, arrays allocated fresh for each run."""

    def __init__(self, graph, slot, native_outs, native_in):
        plan = graph.memory_plan
        end = len(graph.nodes)
        self.placed, self.fresh = [], []
        for v in native_outs:
            if plan.last_use.get(v.id, end) >= end:
                self.fresh.append((slot[v.id], v.shape, v.dtype))
            else:
                self.placed.append((slot[v.id], v.shape, v.dtype, plan.offsets[v.id]))
        self.arena_bytes = max((off + int(np.prod(shape)) * dt.itemsize
                                for _, shape, dt, off in self.placed), default=0)
        self.arena_slots = {p[0] for p in self.placed} | {f[0] for f in self.fresh}
        self.n_slots = len(slot)
        self.consts = [(slot[v.id], v.const) for v in graph.consts]
        self.native_in = native_in
        self.slots = {"input_slots": [slot[v.id] for v in graph.inputs],
                      "param_slots": [slot[v.id] for v in graph.params],
                      "output_slots": [slot[v.id] for v in graph.outputs]}

    def new_bindings(self):
        raw = np.empty(self.arena_bytes + _ALIGN, np.uint8)
        base = (-raw.ctypes.data) % _ALIGN
        arena = raw[base:base + self.arena_bytes]
        template = [None] * self.n_slots
        for s, array in self.consts:
            template[s] = array
        for s, shape, dtype, off in self.placed:
            template[s] = np.ndarray(shape, dtype, buffer=arena, offset=off)
        return dict(self.slots, template=template, fresh=self.fresh,
                    native_in=self.native_in, arena=arena)


def _python_frees(graph, slot, arena_slots):
    """Per node, the slots of Python-produced values whose last use it is."""
    n_fixed = len(graph.inputs) + len(graph.params) + len(graph.consts)
    keep = {slot[v.id] for v in graph.outputs} | arena_slots
    last = {}
    for i, n in enumerate(graph.nodes):
        for v in n.inputs:
            last[slot[v.id]] = i
    frees = [[] for _ in graph.nodes]
    for s, i in last.items():
        if s >= n_fixed and s not in keep:
            frees[i].append(s)
    return [tuple(f) for f in frees]


# ----- native instruction selection ------------------------------------------------------------
_IN_PLACE_KINDS = frozenset(("unary", "binary", "fused", "softmax", "softmax_grad",
                             "binary_unary"))


def runs_in_place(node):
    """Whether the executor runs ``node`` as a native instruction that may write over an input
    of its own size (elementwise and row-softmax kernels: the memory planner's in-place rule)."""
    spec = native_spec(node, defaultdict(int))
    return spec is not None and spec["kind"] in _IN_PLACE_KINDS


def native_spec(node, slot):
    """The native instruction for ``node``, or None when it runs as a Python step."""
    out = node.outputs[0]
    select = _SELECTORS.get(node.prim.lowering)
    if select is None or out.dtype not in _FLOATS or out.nbytes == 0:
        return None
    if node.prim.lowering in _OWN_OPERANDS:  # the selector checks outputs and dtypes
        spec = select(node, [slot[v.id] for v in node.inputs],
                      [slot[o.id] for o in node.outputs])
        if spec is not None:
            spec["is32"] = out.dtype == _FLOATS[0]
        return spec
    if len(node.outputs) != 1 or any(v.dtype != out.dtype for v in node.inputs):
        return None
    spec = select(node, [slot[v.id] for v in node.inputs], slot[out.id])
    if spec is not None:
        spec["is32"] = out.dtype == _FLOATS[0]
    return spec


def _binary(node, ins, out, op=None):
    a, b = node.inputs
    layout = ew_kernels.binary_layout(a.shape, b.shape)
    if layout is None:
        return None
    ra, ca, rb, cb, rows, cols = layout
    if op is None:
        op = ew_kernels.OPCODES[node.prim.opcode]
    return {"kind": "binary", "op": op, "a": ins[0],
            "b": ins[1], "out": out, "ra": ra, "ca": ca, "rb": rb, "cb": cb, "rows": rows,
            "cols": cols}


def _unary(node, ins, out, op=None):
    if op is None:
        op = ew_kernels.OPCODES[node.prim.opcode]
    return {"kind": "unary", "op": op, "a": ins[0], "out": out,
            "cols": int(np.prod(node.outputs[0].shape))}


def _binary_unary(node, ins, out):
    """BinaryUnary (passes/epilogue.py): the binary op's row layout, then the unary op."""
    spec = _binary(node, ins, out, ew_kernels.OPCODES[REGISTRY[node.attrs["binary"]].opcode])
    if spec is not None:
        spec.update(kind="binary_unary",
                    op2=ew_kernels.OPCODES[REGISTRY[node.attrs["unary"]].opcode])
    return spec


def _gelu(node, ins, out):
    return _unary(node, ins, out, ew_kernels.gelu_opcode(node.attrs.get("approximate", "tanh")))


def _gelu_grad(node, ins, out):
    op = ew_kernels.gelu_grad_opcode(node.attrs.get("approximate", "tanh"))
    return _binary(node, ins, out, op)


def _fused(node, ins, out):
    n = int(np.prod(node.outputs[0].shape))
    sizes = [int(np.prod(v.shape)) for v in node.inputs]
    if any(s != n and s != 1 for s in sizes):
        return None
    program = ew_kernels.compiled_program(node.attrs["program"])
    return {"kind": "fused", "program": [tuple(int(x) for x in row) for row in program],
            "in_slots": ins, "scalar": [s == 1 and n != 1 for s in sizes], "out": out,
            "cols": n}


def _softmax(node, ins, out, log=False):
    shape = node.outputs[0].shape
    if not shape or node.attrs.get("axis", -1) not in (-1, len(shape) - 1):
        return None
    if any(v.shape != shape for v in node.inputs):
        return None
    cols = shape[-1]
    spec = {"kind": "softmax_grad" if len(ins) == 2 else "softmax", "a": ins[0], "out": out,
            "op": int(log), "rows": int(np.prod(shape)) // cols,
            "cols": cols}
    if len(ins) == 2:
        spec["b"] = ins[1]
    return spec


def _matmul(node, ins, out, batched=True):
    a, b = node.inputs
    if len(a.shape) < 2 or len(a.shape) != len(b.shape) or a.shape[:-2] != b.shape[:-2]:
        return None
    if not batched and len(a.shape) != 2:
        return None
    ta = bool(node.attrs.get("transpose_a", False))
    tb = bool(node.attrs.get("transpose_b", False))
    m, n = node.outputs[0].shape[-2:]
    k = a.shape[-2] if ta else a.shape[-1]
    item = a.dtype.itemsize
    return {"kind": "gemm", "a": ins[0], "b": ins[1], "out": out, "ta": ta, "tb": tb,
            "batch": int(np.prod(a.shape[:-2])), "m": m, "n": n, "k": k,
            "lda": a.shape[-1], "ldb": b.shape[-1], "ldc": n,
            "sa": a.shape[-2] * a.shape[-1] * item, "sb": b.shape[-2] * b.shape[-1] * item,
            "sc": m * n * item}


_SUM_MODES = {"rows": 0, "cols": 1, "middle": 2}


def _sum(node, ins, out):
    x = node.inputs[0]
    if x.nbytes == 0:
        return None
    layout = nn_kernels.sum_layout(x.shape, node.attrs.get("axis", ()))
    if layout is None:
        return None
    spec = {"kind": "sum", "a": ins[0], "out": out, "op": _SUM_MODES[layout[0]]}
    spec.update(zip(("d0", "d1", "d2"), layout[1:]))
    return spec


def _sgd(node, ins, out):
    """SGDUpdate in place: when its parameter, momentum buffer and first-step flag are
    parameters of the graph (bound before the run, never the result of another node), the
    gradient and buffer have the parameter's shape and the rate is one number."""
    param, grad, accum, lr, stat = node.inputs
    if any(v.kind != "param" for v in (param, accum, stat)) \
            or grad.shape != param.shape or accum.shape != param.shape \
            or int(np.prod(lr.shape)) != 1 or int(np.prod(stat.shape)) < 1:
        return None
    a = node.attrs
    return {"kind": "sgd", "in_slots": ins, "out": out, "a": ins[0], "in_place": True,
            "d0": int(np.prod(param.shape)), "d1": int(np.prod(stat.shape)),
            "f0": float(a["momentum"]), "f1": float(a["dampening"]),
            "f2": float(a["weight_decay"]), "ta": bool(a["nesterov"]),
            "tb": bool(a.get("clear_stat", False))}


def _sparse_xent(node, ins, outs):
    """SparseSoftmaxCrossEntropy's loss and gradient in one instruction: float logits (rows,
    classes), int32/int64 labels (rows,); a label out of range makes its Python step raise."""
    logits, labels = node.inputs
    loss, grad = node.outputs
    if len(logits.shape) != 2 or labels.shape != logits.shape[:1] \
            or labels.dtype not in _LABELS or loss.dtype != logits.dtype \
            or grad.dtype != logits.dtype or grad.nbytes == 0:
        return None
    return {"kind": "sparse_xent", "a": ins[0], "b": ins[1], "out": outs[0], "out2": outs[1],
            "op": int(labels.dtype == _LABELS[1]), "rows": logits.shape[0],
            "cols": logits.shape[1], "checks_values": True}


_LABELS = (np.dtype(np.int32), np.dtype(np.int64))
_OWN_OPERANDS = frozenset(("sparse_xent",))  # selectors of several outputs or mixed dtypes

# Prim.lowering -> selector (softmax kinds cover the gradients: two inputs)
_SELECTORS = {"binary": _binary, "unary": _unary, "gelu": _gelu, "gelu_grad": _gelu_grad,
              "fused": _fused, "softmax": _softmax, "log_softmax": partial(_softmax, log=True),
              "matmul": partial(_matmul, batched=False), "batch_matmul": _matmul,
              "sum": _sum, "sgd": _sgd, "sparse_xent": _sparse_xent,
              "binary_unary": _binary_unary}


def _naming(compute, source):
    """``compute`` whose value errors (an index out of range, known only at run time) name the
    public op ``source`` the user called, when it is not the op that raised."""
    def run(arrays, attrs):
        try:
            return compute(arrays, attrs)
        except ValueError as e:
            message = str(e)
            if message.split(":", 1)[0] == source:
                raise
            raise ValueError("%s: %s" % (source, message)) from None
    return run
