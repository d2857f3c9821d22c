"""A Cell as an ONNX model: trace ``construct`` in inference mode into a graph of primitives
(GRAPH_MODE's tracer), then convert node by node with the converter table. Parameters become
initializers named as the parameters; inputs are named after ``construct``'s arguments."""
import inspect
import json
import sys

from mindcell.common.tensor import Tensor
from mindcell._export import _onnx_elementwise, _onnx_nn, _onnx_shape  # noqa: F401 (converters)
from mindcell._export._onnx_builder import (CONVERTERS, IR_VERSION, OPSET, Builder,
                                           Unconvertible)
from mindcell.nn.graph_cell import PARAMS_KEY
from mindcell.graph import passes
from mindcell.graph.tracer import GraphTrace, MAX_REWRITES, _flatten, _trace_paths


class _ExportTrace(GraphTrace):
    """Notes in each node the innermost cell whose ``construct`` called it: an error about a
    node then names the user's cell, not just the top one."""

    def process(self, prim, inputs, attrs):
        out = super().process(prim, inputs, attrs)
        if self.graph.nodes:
            self.graph.nodes[-1].source = _calling_cell()
        return out


def _calling_cell():
    from mindcell.nn.cell import Cell
    frame = sys._getframe(2)
    while frame is not None:
        owner = frame.f_locals.get("self") if frame.f_code.co_name == "construct" else None
        if isinstance(owner, Cell):
            return owner
        frame = frame.f_back
    return None


def trace_for_export(net, args):
    """The graph of ``net(*args)`` in inference mode (each cell's training flag restored)."""
    from mindcell.graph.rewrite import NeedsRewrite, installed
    cells = [cell for _, cell in net.cells_and_names()]
    flags = [cell.training for cell in cells]
    net.set_train(False)
    try:
        with installed():
            for _ in range(MAX_REWRITES):
                try:
                    graph, _, _ = _trace_paths(lambda *a: net._eager_call(a, {}), args, {},
                                               _ExportTrace(type(net).__name__))
                    break
                except NeedsRewrite:
                    continue
            else:
                raise RuntimeError("For 'export', tracing %s did not settle after %d source "
                                   "rewrites" % (type(net).__name__, MAX_REWRITES))
    finally:
        for cell, flag in zip(cells, flags):  # pre-order: each cell's own flag wins
            cell.set_train(flag)
    for fn in (passes.eliminate_dead_code, passes.fold_constants, passes.eliminate_dead_code):
        fn(graph)
    return graph


def _input_names(net, count):
    """``construct``'s argument names (x, y, ...); ``name_k`` for the tensors of a tuple argument
    or of ``*args``."""
    try:
        params = list(inspect.signature(net.construct).parameters.values())
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return names + ["input_%d" % k for k in range(len(names), count)]


def _leaf_names(net, args):
    """One name per tensor leaf of ``args``."""
    names = _input_names(net, len(args))
    out = []
    for name, arg in zip(names, args):
        leaves = []
        _flatten(arg, leaves)
        out.extend([name] if isinstance(arg, Tensor) else
                   ["%s_%d" % (name, k) for k in range(len(leaves))])
    return out


def _cell_names(net):
    return {id(cell): name for name, cell in net.cells_and_names()}


def _unsupported(net, node, reason=None):
    cell = node.source if node.source is not None else net
    where = _cell_names(net).get(id(cell)) or "the top cell"
    what = ("has no ONNX converter" if reason is None
            else "cannot be exported to ONNX here: %s" % reason)
    return RuntimeError("For 'export', the primitive '%s' %s. It was called in %s (%s, "
                        "%s.construct). Supported primitives: %s."
                        % (node.name, what, "'%s'" % where if where != "the top cell" else where,
                           type(cell).__name__, type(cell).__name__,
                           ", ".join(sorted(CONVERTERS))))


def _value_info(onnx, name, value):
    dtype = onnx.helper.np_dtype_to_tensor_dtype(value.dtype)
    return onnx.helper.make_tensor_value_info(name, dtype, list(value.shape))


def build_model(net, args, onnx):
    """The ONNX ModelProto of ``net(*args)``."""
    graph = trace_for_export(net, args)
    b = Builder(onnx)
    names, inputs, params = {}, [], []
    for name, v in zip(_leaf_names(net, args), graph.inputs):
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
