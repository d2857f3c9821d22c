"""A Cell as an ONNX model: trace ``construct`` in inference mode into a graph of primitives
(GRAPH_MODE's tracer), then convert node by node with the converter table. Parameters become
initializers named as the parameters; inputs are named after ``construct``'s arguments."""
import json

from mindcell._export import _onnx_elementwise, _onnx_nn, _onnx_shape  # noqa: F401 (converters)
from mindcell._export._onnx_builder import (CONVERTERS, IR_VERSION, OPSET, Builder,
                                           Unconvertible)
from mindcell._export._trace import leaf_names, trace_for_export, unsupported
from mindcell.nn.graph_cell import PARAMS_KEY


def _value_info(onnx, name, value):
    dtype = onnx.helper.np_dtype_to_tensor_dtype(value.dtype)
    return onnx.helper.make_tensor_value_info(name, dtype, list(value.shape))


def build_model(net, args, onnx):
    """The ONNX ModelProto of ``net(*args)``."""
    graph = trace_for_export(net, args)
    b = Builder(onnx)
    names, inputs, params = {}, [], []
    for name, v in zip(leaf_names(net, args), graph.inputs):
        names[v.id] = b.reserve(name)
        inputs.append(_value_info(onnx, names[v.id], v))
    for v in graph.params:
        names[v.id] = b.const(v.param._data, v.param.name)
        params.append(names[v.id])
    for v in graph.consts:
        names[v.id] = b.const(v.const, "const")
    for node in graph.nodes:
        _convert(net, b, node, names)
    outputs = _outputs(net, onnx, b, graph, names, {i.name for i in inputs})
    onnx_graph = onnx.helper.make_graph(b.nodes, type(net).__name__, inputs, outputs,
                                        initializer=b.initializers)
    model = onnx.helper.make_model(onnx_graph, producer_name="mindcell",
                                   opset_imports=[onnx.helper.make_opsetid("", OPSET)])
    model.ir_version = IR_VERSION
    # which initializers are parameters: GraphCell makes those Parameters again
    onnx.helper.set_model_props(model, {PARAMS_KEY: json.dumps(params)})
    onnx.checker.check_model(model)
    return model


def _unsupported(net, node, reason=None):
    return unsupported(net, node, CONVERTERS, "ONNX", reason)


def _convert(net, b, node, names):
    converter = CONVERTERS.get(node.name)
    if converter is None:
        raise _unsupported(net, node)
    ins = []
    for v in node.inputs:
        name = names.get(v.id)
        if name is None:
            producer = v.producer
            raise _unsupported(net, producer, "its output %d (used by %s) has no ONNX "
                               "equivalent" % (producer.outputs.index(v), node.name))
        ins.append(name)
    try:
        outs = converter(b, node, ins)
    except Unconvertible as e:
        raise _unsupported(net, node, str(e)) from None
    for v, name in zip(node.outputs, outs):
        if name is not None:
            names[v.id] = name


def _outputs(net, onnx, b, graph, names, input_names):
    """Value infos of the graph outputs; an output that is an input, an initializer or an
    earlier output gets its own name through an Identity node (ONNX names must be unique)."""
    fixed = {init.name for init in b.initializers} | input_names
    seen, infos = set(), []
    for k, v in enumerate(graph.outputs):
        name = names.get(v.id)
        if name is None:
            raise _unsupported(net, v.producer, "an output that ONNX cannot give is returned")
        if name in fixed or name in seen:
            name = b.op("Identity", [name], outputs=[b.fresh("output_%d" % k)])
        seen.add(name)
        infos.append(_value_info(onnx, name, v))
    return infos
