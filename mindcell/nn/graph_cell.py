"""``nn.GraphCell``: run a graph loaded by ``mindcell.load`` as a Cell. An ONNX graph is
evaluated node by node with mindcell primitives (``_onnx_eval``), a MINDIR graph likewise
(``mindcell._export._mindir_load``), so it runs in both modes: eagerly, or traced and compiled
like any construct in GRAPH_MODE."""
import json

import numpy as np

from mindcell.common.parameter import Parameter, ParameterTuple
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell

# model metadata written by export: JSON list of the initializers that are Parameters
PARAMS_KEY = "mindcell.parameters"


class LoadedGraph:
    """What :func:`mindcell.load` returns (an ONNX or a MINDIR model): ``name``, ``inputs``
    [(name, shape, numpy dtype)], ``initializers`` {name: numpy array}, ``parameters`` (the
    initializer names that become the GraphCell's Parameters) and ``evaluate(env, static)``,
    which runs the graph on ``env`` (the values by name: inputs, Parameters, constant
    initializers as Tensors; ``static``: the initializers as numpy arrays) and returns the
    result (a Tensor or a tuple)."""

    def evaluate(self, env, static):
        raise NotImplementedError


class OnnxGraph(LoadedGraph):
    """A loaded ONNX model, decoded: what :func:`mindcell.load` returns for a '.onnx' file.

    Attributes:
        inputs: [(name, shape, numpy dtype)] of the graph inputs (initializers excluded).
        outputs: the output names.
        nodes: [(op_type, input names, output names, attrs)].
        initializers: {name: numpy array}.
        parameters: the initializer names that were Parameters of the exported network.
    """

    def __init__(self, model, onnx):
        from mindcell.nn import _onnx_eval_nn  # noqa: F401  (registers the evaluators)
        from mindcell.nn._onnx_eval import EVALUATORS
        g = model.graph
        self.name = g.name
        self.initializers = {t.name: onnx.numpy_helper.to_array(t) for t in g.initializer}
        self.inputs = [(v.name, tuple(d.dim_value for d in v.type.tensor_type.shape.dim),
                        np.dtype(onnx.helper.tensor_dtype_to_np_dtype(
                            v.type.tensor_type.elem_type)))
                       for v in g.input if v.name not in self.initializers]
        self.outputs = [v.name for v in g.output]
        self.nodes = []
        for n in g.node:
            if n.domain not in ("", "ai.onnx") or n.op_type not in EVALUATORS and \
                    n.op_type != "Constant":
                raise ValueError("For 'load', the ONNX operator '%s' (node '%s') cannot be run "
                                 "by mindcell; supported: %s." % (
                                     n.op_type, n.name, ", ".join(sorted(EVALUATORS))))
            attrs = {a.name: onnx.helper.get_attribute_value(a) for a in n.attribute}
            if n.op_type == "Constant":  # a value, not a computation: kept as an initializer
                self.initializers[n.output[0]] = onnx.numpy_helper.to_array(attrs["value"])
                continue
            self.nodes.append((n.op_type, list(n.input), list(n.output), attrs))
        props = {p.key: p.value for p in model.metadata_props}
        if PARAMS_KEY in props:
            self.parameters = list(json.loads(props[PARAMS_KEY]))
        else:  # a model from elsewhere: its floating-point initializers are the weights
            self.parameters = [t.name for t in g.initializer
                               if self.initializers[t.name].dtype.kind == "f"]

    def evaluate(self, env, static):
        from mindcell.nn._onnx_eval import EVALUATORS
        from mindcell.nn._onnx_eval_nn import UnsupportedOnnx
        for op, ins, outs, attrs in self.nodes:
            args = [env[n] if n else None for n in ins]
            consts = [static.get(n) if n else None for n in ins]
            try:
                results = EVALUATORS[op](op, args, consts, attrs)
            except UnsupportedOnnx as e:
                raise ValueError("For 'GraphCell', the ONNX node %s (%s) cannot be run: %s."
                                 % (outs[0] if outs else "", op, e)) from None
            for name, value in zip(outs, results):
                if name:
                    env[name] = value
        outputs = tuple(env[n] for n in self.outputs)
        return outputs[0] if len(outputs) == 1 else outputs

    def __repr__(self):
        return "OnnxGraph(%s: %d nodes, inputs %s, outputs %s)" % (
            self.name, len(self.nodes), [i[0] for i in self.inputs], self.outputs)


class GraphCell(Cell):
    """Run a graph loaded by :func:`mindcell.load` (an ONNX or MINDIR file written by
    :func:`mindcell.export`, or a MINDIR file written by MindSpore's ``export``) as a Cell.

    The graph's parameters become the cell's Parameters, named as in the exported network, so
    checkpoints of that network load into it. The input shapes and dtypes are the exported
    ones (static; a MINDIR file's dynamic axes, -1, take any size).

    Args:
        graph (Union[OnnxGraph, MindirGraph]): The graph returned by :func:`mindcell.load`.
        params_init (dict): Values to replace parameters with, {name: Tensor or Parameter}.
            Default: ``None``.
        obf_random_seed (int): Obfuscation is not supported; must be ``None``.

    Inputs:
        - **inputs** (Tensor) - the graph's inputs, in order.

    Outputs:
        Tensor, or a tuple of Tensors when the graph has several outputs.

    Raises:
        TypeError: If ``graph`` is not a graph loaded by ``mindcell.load``.
        ValueError: If ``params_init`` names a parameter the graph does not have or gives a
            value of another shape; if ``obf_random_seed`` is not None; if the inputs do not
            match the graph's in number, shape or dtype; if a node's arguments take a form
            mindcell does not run (the error names the node and the form).

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn, Tensor
        >>> net = nn.SequentialCell([nn.Dense(4, 3), nn.Softmax()])
        >>> x = Tensor(np.arange(8, dtype=np.float32).reshape(2, 4))
        >>> path = os.path.join(tempfile.mkdtemp(), "net")
        >>> ms.export(net, x, file_name=path, file_format="ONNX")
        >>> graph_net = nn.GraphCell(ms.load(path + ".onnx"))
        >>> graph_net(x).shape
        (2, 3)
        >>> ms.export(net, x, file_name=path, file_format="MINDIR")
        >>> nn.GraphCell(ms.load(path + ".mindir"))(x).shape
        (2, 3)
    """

    def __init__(self, graph, params_init=None, obf_random_seed=None):
        super().__init__()
        if not isinstance(graph, LoadedGraph):
            raise TypeError("For 'GraphCell', the argument 'graph' must be a graph loaded by "
                            "mindcell.load, but got type %s." % type(graph))
        if obf_random_seed is not None:
            raise ValueError("For 'GraphCell', 'obf_random_seed' is not supported by mindcell "
                             "(no obfuscated models); it must be None.")
        values = dict(graph.initializers)
        for name, value in _checked_init(graph, params_init).items():
            values[name] = value
        self.graph = graph
        self.params = ParameterTuple([Parameter(Tensor(np.array(values[k])), name=k)
                                      for k in graph.parameters])
        params = set(graph.parameters)
        self._consts = {k: Tensor(np.array(v)) for k, v in values.items() if k not in params}
        self._static = {k: np.array(v) for k, v in values.items()}
        self.set_train(False)

    def construct(self, *inputs):
        return self.graph.evaluate(self._environment(inputs), self._static)

    def _environment(self, inputs):
        expected = self.graph.inputs
        if len(inputs) != len(expected):
            raise ValueError("For 'GraphCell', the graph takes %d inputs (%s), but got %d."
                             % (len(expected), ", ".join(e[0] for e in expected), len(inputs)))
        env = dict(self._consts)
        env.update((p.name, p) for p in self.params)
        for (name, shape, dtype), x in zip(expected, inputs):
            if not isinstance(x, Tensor) or not _shape_fits(x.shape, shape) or \
                    x._np_dtype != dtype:
                got = ("%s %s" % (tuple(x.shape), x._np_dtype) if isinstance(x, Tensor)
                       else type(x).__name__)
                raise ValueError("For 'GraphCell', input '%s' must be a Tensor of shape %s and "
                                 "dtype %s (as exported), but got %s." % (name, shape, dtype, got))
            env[name] = x
        return env


def _shape_fits(got, want):
    """``got`` is ``want``, where a -1 in ``want`` (a MINDIR file's dynamic axis) fits any size."""
    return len(got) == len(want) and all(w in (g, -1) for g, w in zip(got, want))


def _checked_init(graph, params_init):
    if params_init is None:
        return {}
    if not isinstance(params_init, dict):
        raise TypeError("For 'GraphCell', 'params_init' must be a dict, but got %s."
                        % type(params_init).__name__)
    out = {}
    for name, value in params_init.items():
        if name not in graph.parameters:
            raise ValueError("For 'GraphCell', 'params_init' names '%s', which is not a "
                             "parameter of the graph (parameters: %s)."
                             % (name, ", ".join(graph.parameters)))
        arr = value.asnumpy() if isinstance(value, Tensor) else np.asarray(value)
        want = graph.initializers[name]
        if arr.shape != want.shape:
            raise ValueError("For 'GraphCell', 'params_init[%r]' has shape %s, but the graph's "
                             "parameter has shape %s." % (name, arr.shape, want.shape))
        out[name] = arr.astype(want.dtype)
    return out
