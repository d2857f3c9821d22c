"""A Cell as a MINDIR file (MindSpore's ``mind_ir.proto`` ModelProto) that MindSpore 2.10 loads
with ``mindspore.load`` + ``nn.GraphCell``: the inference-mode trace (``_trace``), each primitive
converted to MindSpore primitives by ``_mindir_ops``. Parameters are graph parameters named as
the network's (``ref_key``), so MindSpore's GraphCell exposes them under the same names."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._export import _mindir_proto as pb
from mindcell._export._onnx_builder import Unconvertible
from mindcell._export._trace import leaf_names, trace_for_export, unsupported

MINDIR_CONVERTERS = {}


def mindir_converts(*names):
    def register(fn):
        for name in names:
            MINDIR_CONVERTERS[name] = fn
        return fn
    return register


class MindirBuilder:
    """Nodes and primitives of a MINDIR graph in the making. ``op`` appends a primitive call
    and returns its output name; ``ints``/``int``/``bool``/``float``/``tensor`` add Constant
    nodes (MindSpore's primitives take most of their arguments as constant inputs)."""

    def __init__(self, graph_name):
        self.graph_name = graph_name
        self.nodes = []
        self.primitives = []
        self._prims = {}
        self._count = 0

    def fresh(self, hint):
        self._count += 1
        return "%s:%s_%d" % (self.graph_name, hint, self._count)

    def _prim(self, op_type, prim_type, attrs):
        key = (op_type, prim_type, tuple(attrs))
        ref = self._prims.get(key)
        if ref is None:
            ref = "%s:%d" % (op_type, len(self._prims) + 1)
            self._prims[key] = ref
            self.primitives.append(pb.primitive(ref, op_type, prim_type, attrs))
        return "REF::" + ref

    def op(self, op_type, inputs, prim_type=pb.PRIMITIVE_FUNCTION, attrs=()):
        out = self.fresh(op_type)
        self.nodes.append(pb.node(inputs, out, self._prim(op_type, prim_type, attrs)))
        return out

    def _const(self, value_attr):
        out = self.fresh("const")
        self.nodes.append(pb.node([], out, "Constant", [value_attr]))
        return out

    def int(self, value):
        return self._const(pb.attribute("value", pb.A_INT64, i=int(value)))

    def bool(self, value):
        return self._const(pb.attribute("value", pb.A_BOOL, i=int(bool(value))))

    def float(self, value):
        return self._const(pb.attribute("value", pb.A_FLOAT, f=float(value)))

    def ints(self, values):
        return self._const(pb.int_tuple(values, "value"))

    def tensor(self, array):
        arr = c_contiguous(array)
        return self._const(pb.attribute("value", pb.A_TENSORS, tensors=[pb.tensor(
            arr.shape, arr.dtype, name="value0", raw=arr.tobytes())]))

    def item(self, tup, index):
        """Element ``index`` of a tuple-valued node (LayerNorm's outputs ...)."""
        return self.op("TupleGetItem", [tup, self.int(index)], pb.PRIMITIVE)

    def make_tuple(self, names):
        return self.op("MakeTuple", names, pb.PRIMITIVE)


def build_mindir(net, args):
    """The bytes of the MINDIR file of ``net(*args)``."""
    from mindcell._export import _mindir_ops  # noqa: F401  (registers the converters)
    graph = trace_for_export(net, args)
    gname = type(net).__name__
    b = MindirBuilder(gname)
    names, inputs, params = {}, [], []
    for name, v in zip(leaf_names(net, args), graph.inputs):
        names[v.id] = "%s:%s" % (gname, name)
        inputs.append(pb.value_info(names[v.id], v.shape, v.dtype))
    for k, v in enumerate(graph.params):
        names[v.id] = "%s:%s" % (gname, v.param.name)
        data = c_contiguous(v.param._data)
        params.append(pb.tensor(data.shape, data.dtype, name=names[v.id], raw=data.tobytes(),
                                ref_key=v.param.name))
    for v in graph.consts:
        names[v.id] = b.tensor(v.const)
    for node in graph.nodes:
        _convert(net, b, node, names)
    outs = [_output_name(net, b, graph, v, names) for v in graph.outputs]
    if len(outs) == 1:
        infos = [pb.value_info(outs[0], graph.outputs[0].shape, graph.outputs[0].dtype)]
    else:  # several results: one tuple, as MindSpore returns them
        infos = [pb.bytes_field(1, b.make_tuple(outs))]
    body = pb.graph(gname, b.nodes, params, inputs, infos)
    return pb.model(body, b.primitives)


def _output_name(net, b, graph, v, names):
    name = names.get(v.id)
    if name is None:
        raise unsupported(net, v.producer, MINDIR_CONVERTERS, "MINDIR",
                          "an output that MINDIR cannot give is returned")
    if v.kind in ("input", "param", "const"):  # a result must be computed by a node
        name = b.op("Identity", [name])
    return name


def _convert(net, b, node, names):
    converter = MINDIR_CONVERTERS.get(node.name)
    if converter is None:
        raise unsupported(net, node, MINDIR_CONVERTERS, "MINDIR")
    ins = []
    for v in node.inputs:
        if v.id not in names:
            raise unsupported(net, v.producer, MINDIR_CONVERTERS, "MINDIR",
                              "an output MINDIR cannot give is used by %s" % node.name)
        ins.append(names[v.id])
    try:
        outs = converter(b, node, ins)
    except Unconvertible as e:
        raise unsupported(net, node, MINDIR_CONVERTERS, "MINDIR", str(e)) from None
    for v, name in zip(node.outputs, outs):
        if name is not None:
            names[v.id] = name
