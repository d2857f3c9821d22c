"""The ONNX side of ``export``: the optional ``onnx`` import and a small builder that collects
nodes and initializers under unique names while primitive nodes are converted."""
import numpy as np

from mindcell._arrays import c_contiguous
OPSET = 17  # LayerNormalization is opset 17; onnxruntime >= 1.14 runs it
IR_VERSION = 8  # the IR version that opset 17 needs


def import_onnx(api="export"):
    """The ``onnx`` module; an ImportError that says how to install it when it is missing."""
    try:
        import onnx
    except ImportError:
        raise ImportError("For '%s', file_format='ONNX' needs the 'onnx' package, which is not "
                          "installed: pip install mindcell[onnx]" % api) from None
    return onnx


class Builder:
    """Nodes and initializers of an ONNX graph in the making.

    ``op`` appends a node and returns its output name(s); ``const`` adds an initializer.
    Names are unique: a hint gets a counter suffix when it is taken.
    """

    def __init__(self, onnx):
        self.onnx = onnx
        self.nodes = []
        self.initializers = []
        self._taken = set()

    def fresh(self, hint):
        name, k = hint, 0
        while name in self._taken:
            k += 1
            name = "%s_%d" % (hint, k)
        self._taken.add(name)
        return name

    def reserve(self, name):
        """Claim ``name`` as is (inputs, parameters); returns the unique name given."""
        return self.fresh(name)

    def op(self, op_type, inputs, nout=1, outputs=None, **attrs):
        """Append ``op_type(inputs)``; returns its output name (or a list when nout > 1)."""
        if outputs is None:
            outputs = [self.fresh(op_type) for _ in range(nout)]
        attrs = {k: v for k, v in attrs.items() if v is not None}
        self.nodes.append(self.onnx.helper.make_node(
            op_type, list(inputs), list(outputs), name=self.fresh("node_" + op_type), **attrs))
        return outputs[0] if len(outputs) == 1 and nout == 1 else list(outputs)

    def const(self, array, hint="const", dtype=None):
        """An initializer holding ``array`` (``dtype``: numpy dtype to cast it to first)."""
        arr = np.asarray(array, dtype=dtype)
        name = self.fresh(hint)
        self.initializers.append(self.onnx.numpy_helper.from_array(c_contiguous(arr),
                                                                   name))
        return name

    def ints(self, values, hint="ints"):
        return self.const(np.asarray(values, np.int64).reshape(-1), hint)

    def scalar(self, value, dtype, hint="scalar"):
        return self.const(np.asarray(value, dtype=dtype), hint)

    def onnx_type(self, dtype):
        return self.onnx.helper.np_dtype_to_tensor_dtype(np.dtype(dtype))

    def cast(self, name, from_dtype, to_dtype):
        if np.dtype(from_dtype) == np.dtype(to_dtype):
            return name
        return self.op("Cast", [name], to=self.onnx_type(to_dtype))


class Unconvertible(ValueError):
    """A primitive whose attributes (or operands) a converter cannot express in ONNX."""


# primitive name -> converter(builder, node, input names) -> output names (one per node output;
# None for an output ONNX cannot give, which must then be unused)
CONVERTERS = {}


def converts(*names):
    def register(fn):
        for name in names:
            CONVERTERS[name] = fn
        return fn
    return register
