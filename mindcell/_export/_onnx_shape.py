"""ONNX converters of the shape, indexing and reduction primitives. Shapes are static in a
traced graph, so target shapes come from the node's output and indices are resolved here."""
import sys

import numpy as np

from mindcell._export._onnx_builder import Unconvertible, converts

_INT_MAX = sys.maxsize


def _out_shape(node, k=0):
    return node.outputs[k].shape


@converts("Reshape")
def _reshape(b, node, ins):
    return [b.op("Reshape", [ins[0], b.ints(_out_shape(node), "shape")])]


@converts("Transpose")
def _transpose(b, node, ins):
    return [b.op("Transpose", ins[:1], perm=[int(p) for p in node.attrs["perm"]])]


@converts("Concat")
def _concat(b, node, ins):
    return [b.op("Concat", ins, axis=int(node.attrs["axis"]))]


@converts("BroadcastTo")
def _broadcast_to(b, node, ins):
    return [b.op("Expand", [ins[0], b.ints(_out_shape(node), "shape")])]


@converts("Tile")
def _tile(b, node, ins):
    reps = tuple(node.attrs["multiples"])
    x, rank = ins[0], len(node.inputs[0].shape)
    if len(reps) > rank:  # numpy-style: the input gains leading axes first
        x = b.op("Reshape", [x, b.ints((1,) * (len(reps) - rank) + node.inputs[0].shape)])
    return [b.op("Tile", [x, b.ints(reps)])]


@converts("Gather")
def _gather(b, node, ins):
    return [b.op("Gather", ins[:2], axis=int(node.attrs["axis"]))]


@converts("GatherD")
def _gather_d(b, node, ins):
    return [b.op("GatherElements", ins[:2], axis=int(node.attrs["axis"]))]


@converts("PadV3")
def _pad(b, node, ins):
    pads = node.attrs["paddings"]
    flat = [int(p[0]) for p in pads] + [int(p[1]) for p in pads]
    value = b.scalar(node.attrs.get("value", 0.0), node.outputs[0].dtype)
    return [b.op("Pad", [ins[0], b.ints(flat, "pads"), value], mode="constant")]


@converts("ReverseV2")
def _reverse(b, node, ins):
    axes = [int(a) for a in node.attrs["axis"]]
    n = len(axes)
    return [b.op("Slice", [ins[0], b.ints([-1] * n), b.ints([-_INT_MAX] * n), b.ints(axes),
                           b.ints([-1] * n)])]


# ----- indexing -------------------------------------------------------------------------------
def _expand_spec(spec, rank):
    """The spec with its ellipsis (or the missing trailing axes) spelled out as full slices."""
    used = sum(1 for item in spec if item[0] in ("i", "s", "t"))
    fill = [("s", None, None, None)] * (rank - used)
    if ("e",) not in spec:
        return list(spec) + fill
    out = []
    for item in spec:
        out.extend(fill if item[0] == "e" else [item])
    return out


@converts("Index")
def _index(b, node, ins):
    """Basic indexing (ints, slices, ellipsis, newaxis, at most one index tensor): Slice over
    the sliced axes, Gather for an index tensor, then a Reshape to the output shape, which
    drops the int-indexed axes and adds the new ones."""
    shape = node.inputs[0].shape
    spec = _expand_spec(node.attrs["spec"], len(shape))
    kinds = [item[0] for item in spec]
    # numpy moves an index tensor's axes to the front when ints (also advanced indices) are
    # mixed with it: only a lone tensor index keeps the simple Gather layout
    if not set(kinds) <= {"i", "s", "n", "t"} or kinds.count("t") > 1 \
            or ("t" in kinds and "i" in kinds):
        raise Unconvertible("an index other than ints, slices, ... and None, or with an index "
                            "tensor next to other ints or tensors")
    starts, ends, axes, steps, gather = [], [], [], [], None
    axis = 0
    for item in spec:
        if item[0] == "n":
            continue
        dim = shape[axis]
        if item[0] == "i":
            i = item[1] + dim if item[1] < 0 else item[1]
            starts.append(i), ends.append(i + 1), axes.append(axis), steps.append(1)
        elif item[0] == "s":
            start, stop, step = slice(item[1], item[2], item[3]).indices(dim)
            if (start, stop, step) != (0, dim, 1):
                if step < 0 and stop < 0:
                    stop = -_INT_MAX
                starts.append(start), ends.append(stop), axes.append(axis), steps.append(step)
        else:
            gather = (axis, ins[1 + item[1]], node.inputs[1 + item[1]])
        axis += 1
    x = ins[0]
    if axes:
        x = b.op("Slice", [x, b.ints(starts), b.ints(ends), b.ints(axes), b.ints(steps)])
    if gather is not None:
        if gather[2].dtype.kind not in "iu":
            raise Unconvertible("a boolean mask index")
        x = b.op("Gather", [x, gather[1]], axis=gather[0])
    return [b.op("Reshape", [x, b.ints(_out_shape(node), "shape")])]


# ----- reductions -----------------------------------------------------------------------------
_REDUCE = {"ReduceSum": "ReduceSum", "ReduceMax": "ReduceMax", "ReduceMin": "ReduceMin",
           "ReduceProd": "ReduceProd"}


def _reduce_op(b, op, x, axis, keep_dims):
    axes = [int(a) for a in axis]
    keep = int(bool(keep_dims))
    if op == "ReduceSum":  # opset 13: axes is an input; none given reduces every axis
        return b.op(op, [x, b.ints(axes, "axes")] if axes else [x], keepdims=keep)
    return b.op(op, [x], keepdims=keep, axes=axes or None)


@converts(*_REDUCE)
def _reduce(b, node, ins):
    return [_reduce_op(b, _REDUCE[node.name], ins[0], node.attrs["axis"],
                       node.attrs["keep_dims"])]


@converts("ReduceAll", "ReduceAny")
def _reduce_bool(b, node, ins):
    as_int = b.cast(ins[0], node.inputs[0].dtype, np.int32)
    op = "ReduceMin" if node.name == "ReduceAll" else "ReduceMax"
    red = _reduce_op(b, op, as_int, node.attrs["axis"], node.attrs["keep_dims"])
    return [b.cast(red, np.int32, np.bool_)]


@converts("ArgMax", "ArgMin")
def _arg_extremum(b, node, ins):
    out = b.op(node.name, ins[:1], axis=int(node.attrs["axis"]),
               keepdims=int(bool(node.attrs["keep_dims"])))
    return [b.cast(out, np.int64, node.outputs[0].dtype)]


@converts("CumSum")
def _cumsum(b, node, ins):
    axis = b.const(np.int64(node.attrs["axis"]), "axis")
    return [b.op("CumSum", [ins[0], axis], exclusive=int(bool(node.attrs.get("exclusive"))),
                 reverse=int(bool(node.attrs.get("reverse"))))]


@converts("OneHot")
def _one_hot(b, node, ins):
    a = node.attrs
    dtype = node.outputs[0].dtype
    values = b.const(np.array([a["off_value"], a["on_value"]], dtype), "values")
    depth = b.const(np.int64(a["depth"]), "depth")
    indices = b.cast(ins[0], node.inputs[0].dtype, np.int64)  # onnxruntime's kernels: int64
    return [b.op("OneHot", [indices, depth, values], axis=int(a["axis"]))]


@converts("TopK")
def _topk(b, node, ins):
    a = node.attrs
    values, indices = b.op("TopK", [ins[0], b.ints([a["k"]], "k")], nout=2, axis=int(a["dim"]),
                           largest=int(bool(a["largest"])), sorted=int(bool(a["sorted"])))
    return [values, b.cast(indices, np.int64, node.outputs[1].dtype)]


@converts("Sort")
def _sort(b, node, ins):
    axis = int(node.attrs["axis"])
    n = node.inputs[0].shape[axis]
    values, indices = b.op("TopK", [ins[0], b.ints([n], "k")], nout=2, axis=axis,
                           largest=int(bool(node.attrs["descending"])), sorted=1)
    return [values, b.cast(indices, np.int64, node.outputs[1].dtype)]
