"""Reading a MINDIR file (MindSpore's ``mind_ir.proto`` ModelProto) for ``nn.GraphCell``: the
messages are decoded with the protobuf wire decoder of ``mindcell._wire`` (no ``protobuf``
package), and the graph's nodes run through ``_mindir_ops``'s table of MindSpore primitives
(``MINDIR_RUNNERS``), which is the export table read the other way.

Read: the main graph's parameters (weights, named by their ``ref_key`` as in the exported
network), inputs, Constant nodes (numbers, tuples, tensors, monads, None), nodes that call a
primitive of the file's ``primitives`` list, a graph of its ``functions`` list, or a graph
value (a ``Partial`` closure, the branch a ``Switch`` picks: MindSpore's tensor-dependent
``if``), and its outputs. Every primitive is checked at load time: one mindcell cannot run is a
ValueError naming it and the file. Not read: encrypted or compressed weights, weights stored
outside the file (MindSpore's ``external_data`` for models over 1 GB), primitives used as
values (a node input naming a primitive rather than a graph or a computed value)."""
import struct

import numpy as np

from mindcell._export import _mindir_proto as pb
from mindcell._export._mindir_ops import MINDIR_CHECKS, MINDIR_RUNNERS, MONAD, Closure, \
    Unrunnable
from mindcell._wire import WireError, decode_message, packed_varints, signed64
from mindcell.common.tensor import Tensor
from mindcell.nn.graph_cell import LoadedGraph


class NotMindir(ValueError):
    """Bytes that are not a MINDIR model mindcell can read (corrupt, truncated, or a form that
    is not a graph of tensors)."""


def _text(value):
    return bytes(value).decode("utf-8")


def _field(msg, number, what, default=None):
    """The single value of field ``number`` (the last one, as protobuf reads it)."""
    values = msg.get(number)
    if not values:
        if default is None:
            raise NotMindir("%s has no field %d" % (what, number))
        return default
    return values[-1]


def _message(value, what):
    if not isinstance(value, memoryview):
        raise NotMindir("%s is not a message" % what)
    return decode_message(value)


def _floats(values, fmt):
    out = []
    size = struct.calcsize(fmt)
    for v in values:
        raw = bytes(v)
        out.extend(struct.unpack("<%d%s" % (len(raw) // size, fmt), raw))
    return out


# ----- values ---------------------------------------------------------------------------------
def tensor_value(t, what):
    """A TensorProto as a numpy array (raw_data, or the typed repeated fields)."""
    dims = tuple(signed64(d) for d in packed_varints(t.get(1, [])))
    code = _field(t, 2, what, 0)
    dtype = pb.TENSOR_DTYPES.get(code)
    if dtype is None:
        raise NotMindir("%s has data type %d, which mindcell does not read" % (what, code))
    if t.get(12):
        raise NotMindir("%s keeps its data outside the file (external_data), which mindcell "
                        "does not read" % what)
    if _field(t, 16, what, 0):
        raise NotMindir("%s is compressed, which mindcell does not read" % what)
    count = int(np.prod(dims, dtype=np.int64))
    if t.get(9):
        raw = bytes(t[9][-1])
        if len(raw) != count * dtype.itemsize:
            raise NotMindir("%s has %d bytes of data for shape %s and dtype %s (%d expected)"
                            % (what, len(raw), dims, dtype, count * dtype.itemsize))
        return np.frombuffer(raw, dtype).reshape(dims).copy()
    for number, fmt in ((3, "f"), (10, "d")):
        if t.get(number):
            return np.asarray(_floats(t[number], fmt), dtype).reshape(dims)
    for number in (4, 6, 11):
        if t.get(number):
            ints = packed_varints(t[number])
            ints = [signed64(v) for v in ints] if number == 6 else ints
            return np.asarray(ints).astype(dtype).reshape(dims)
    if count:
        raise NotMindir("%s (shape %s) has no data" % (what, dims))
    return np.zeros(dims, dtype)


def _tensor_dims(t, what):
    return (tuple(signed64(d) for d in packed_varints(t.get(1, []))),
            pb.TENSOR_DTYPES.get(_field(t, 2, what, 0)))


class _Undecodable:
    def __init__(self, kind):
        self.kind = kind


def attribute_value(a, what):
    """An AttributeProto's value as Python: numbers, str, numpy arrays, tuples/lists, None,
    MONAD; an _Undecodable for a kind mindcell does not read."""
    kind = _field(a, 16, what, 0)
    if kind in pb.A_INTEGERS or kind == pb.A_BOOL:
        value = a[3][-1] if a.get(3) else (packed_varints(a[10])[0] if a.get(10) else 0)
        value = signed64(value)
        return bool(value) if kind == pb.A_BOOL else value
    if kind in (pb.A_FLOAT, 10):  # FLOAT, FLOAT16
        return (_floats(a[2], "f") or _floats(a.get(8, []), "f") or [0.0])[-1] \
            if a.get(2) or a.get(8) else 0.0
    if kind == pb.A_DOUBLE:
        return (_floats(a.get(4, []), "d") or _floats(a.get(9, []), "d") or [0.0])[-1]
    if kind == pb.A_STRING:
        return _text(a[5][-1]) if a.get(5) else (_text(a[11][0]) if a.get(11) else "")
    if kind == pb.A_TENSORS:
        arrays = [tensor_value(_message(t, what), what) for t in a.get(12, [])]
        return arrays[0] if len(arrays) == 1 else tuple(arrays)
    if kind == pb.A_TENSOR:
        return tensor_value(_message(_field(a, 6, what), what), what)
    if kind in (pb.A_TUPLE, pb.A_LIST):
        items = [attribute_value(_message(v, what), what) for v in a.get(17, [])]
        return tuple(items) if kind == pb.A_TUPLE else list(items)
    if kind in (pb.A_UMONAD, pb.A_IOMONAD):
        return MONAD
    if kind == pb.A_NONE:
        return None
    return _Undecodable(kind)


def _attributes(values, what):
    out = {}
    for raw in values:
        a = _message(raw, what)
        name = _text(_field(a, 1, what, b""))
        out[name] = attribute_value(a, "%s attribute '%s'" % (what, name))
    return out


# ----- graphs ---------------------------------------------------------------------------------
class _Body:
    """One GraphProto: input names, constants, nodes (kind, target, inputs, output, attrs) and
    output names. ``kind`` is "prim" (target: a MindSpore primitive's op_type) or "call"
    (target: a graph of the model's ``functions``)."""

    def __init__(self, name):
        self.name = name
        self.inputs = []
        self.constants = {}
        self.nodes = []
        self.outputs = []


class MindirGraph(LoadedGraph):
    """A loaded MINDIR model, decoded: what :func:`mindcell.load` returns for a '.mindir' file.

    Attributes:
        inputs: [(name, shape, numpy dtype)] of the graph inputs (-1: any size).
        outputs: the output names.
        initializers: {name: numpy array} of the parameters.
        parameters: the parameter names (their ``ref_key``, the exported network's names).
        primitives: the MindSpore primitives the graph calls (sorted).
    """

    def __init__(self, data, file_name):
        self.file_name = file_name
        model = decode_message(data)
        if not model.get(7):
            raise NotMindir("it has no graph (a ModelProto's field 7)")
        if not _field(model, 10, "the model", 1):
            raise NotMindir("it is big-endian (little_endian is false)")
        self._prims = {}
        for raw in model.get(12, []):
            p = _message(raw, "a primitive")
            name = _text(_field(p, 1, "a primitive"))
            op_type = _text(_field(p, 2, "primitive '%s'" % name))
            self._prims[name] = (op_type, _attributes(p.get(3, []), "primitive '%s'" % name))
        graph = _message(model[7][-1], "the graph")
        self.functions = {}
        bodies = [_message(raw, "a function graph") for raw in model.get(8, [])]
        names = [_text(_field(g, 2, "a function graph")) for g in bodies]
        self._function_names = set(names)
        self.name = _text(_field(graph, 2, "the graph", b""))
        self.initializers, self._param_keys = {}, {}
        for raw in graph.get(3, []):
            self._parameter(_message(raw, "a parameter"))
        self.parameters = list(self.initializers)
        self._main = self._body(graph, self.name, check=True)
        for name, g in zip(names, bodies):
            self.functions[name] = self._body(g, name, check=False)
        self.inputs = []
        for raw in graph.get(5, []):
            vi = _message(raw, "a graph input")
            name = _text(_field(vi, 1, "a graph input"))
            if not vi.get(2):
                raise NotMindir("graph input '%s' is not a tensor" % name)
            shape, dtype = _tensor_dims(_message(vi[2][-1], name), name)
            if dtype is None:
                raise NotMindir("graph input '%s' has a data type mindcell does not read" % name)
            self.inputs.append((name, shape, dtype))
        self.outputs = list(self._main.outputs)
        self.primitives = sorted({n[1] for b in [self._main, *self.functions.values()]
                                  for n in b.nodes if n[0] == "prim"})

    def _parameter(self, t):
        full = _text(_field(t, 7, "a parameter"))
        key = _text(t[13][-1]) if t.get(13) else full
        if not t.get(13) and full.startswith(self.name + ":"):
            key = full[len(self.name) + 1:]
        self.initializers[key] = tensor_value(t, "parameter '%s'" % key)
        self._param_keys[full] = key

    def _unsupported(self, op_type, node):
        return ValueError("For 'load', the MindSpore primitive '%s' (node '%s') in '%s' cannot "
                          "be run by mindcell; supported: %s."
                          % (op_type, node, self.file_name, ", ".join(sorted(MINDIR_RUNNERS))))

    def _check(self, op_type, attrs, node):
        check = MINDIR_CHECKS.get(op_type)
        if check is None:
            return
        try:
            check(attrs)
        except Unrunnable as e:
            raise ValueError("For 'load', the MindSpore primitive '%s' (node '%s') in '%s' "
                             "cannot be run by mindcell in this form: %s."
                             % (op_type, node, self.file_name, e)) from None

    def _body(self, g, name, check):
        body = _Body(name)
        for raw in g.get(5, []):
            body.inputs.append(_text(_field(_message(raw, "an input"), 1, "an input")))
        known = set(body.inputs) | set(self._param_keys) | self._function_names
        for raw in g.get(1, []):
            n = _message(raw, "a node")
            out = _text(_field(n, 2, "a node"))
            op = _text(_field(n, 4, "node '%s'" % out))
            ins = [_text(v) for v in n.get(1, [])]
            if check:
                missing = [i for i in ins if i not in known]
                if missing:
                    raise NotMindir("node '%s' uses '%s', which the graph does not define (a "
                                    "graph or primitive used as a value, as control flow does, "
                                    "is not supported)" % (out, missing[0]))
            known.add(out)
            if op == "Constant":
                attrs = _attributes(n.get(5, []), "constant '%s'" % out)
                value = attrs.get("value")
                if isinstance(value, _Undecodable) or "value" not in attrs:
                    raise NotMindir("constant '%s' has a value of attribute type %s, which "
                                    "mindcell does not read"
                                    % (out, getattr(value, "kind", "(none)")))
                body.constants[out] = value
                continue
            ref = op[5:] if op.startswith("REF::") else op
            if ref in self._prims:
                op_type, attrs = self._prims[ref]
                if op_type not in MINDIR_RUNNERS:
                    raise self._unsupported(op_type, out)
                self._check(op_type, attrs, out)
                body.nodes.append(("prim", op_type, ins, out, attrs))
            elif ref in self._function_names:
                body.nodes.append(("call", ref, ins, out, None))
            elif ref in known:  # calls a value: a Closure (Partial, Switch's pick)
                body.nodes.append(("call_value", ref, ins, out, None))
            elif op in MINDIR_RUNNERS:  # a primitive named directly, attributes on the node
                attrs = _attributes(n.get(5, []), "node '%s'" % out)
                self._check(op, attrs, out)
                body.nodes.append(("prim", op, ins, out, attrs))
            else:
                raise self._unsupported(ref, out)
        for raw in g.get(6, []):
            body.outputs.append(_text(_field(_message(raw, "an output"), 1, "an output")))
        if not body.outputs:
            raise NotMindir("graph '%s' has no output" % name)
        return body

    def evaluate(self, env, static):
        values = {name: Closure(name) for name in self._function_names}
        values.update((full, env[key]) for full, key in self._param_keys.items())
        values.update(env)
        return _result(self._run(self._main, values))

    def _run(self, body, env):
        values = dict(env)
        values.update(body.constants)
        for kind, target, ins, out, attrs in body.nodes:
            try:
                args = [values[name] for name in ins]
            except KeyError as e:
                raise ValueError("For 'GraphCell', the MINDIR node '%s' uses %s, which is not "
                                 "defined where it runs." % (out, e)) from None
            if kind in ("call", "call_value"):
                closure = Closure(target) if kind == "call" else values[target]
                if not isinstance(closure, Closure):
                    raise ValueError("For 'GraphCell', the MINDIR node '%s' calls '%s', which "
                                     "is not a graph." % (out, target))
                values[out] = self._call(closure, args, values)
                continue
            try:
                values[out] = MINDIR_RUNNERS[target](target, args, attrs)
            except Unrunnable as e:
                raise ValueError("For 'GraphCell', the MINDIR node '%s' (%s) cannot be run: %s."
                                 % (out, target, e)) from None
        outs = [values[name] for name in body.outputs]
        return outs[0] if len(outs) == 1 else tuple(outs)

    def _call(self, closure, args, values):
        sub = self.functions[closure.graph]
        args = closure.args + tuple(args)
        if len(args) != len(sub.inputs):
            raise ValueError("For 'GraphCell', the MINDIR graph '%s' takes %d arguments, but "
                             "got %d." % (closure.graph, len(sub.inputs), len(args)))
        child = dict(values)
        child.update(zip(sub.inputs, args))
        return self._run(sub, child)

    def __repr__(self):
        return "MindirGraph(%s: %d nodes, inputs %s, outputs %s)" % (
            self.name, len(self._main.nodes), [i[0] for i in self.inputs], self.outputs)


def _result(value):
    if isinstance(value, (tuple, list)):
        return tuple(_result(v) for v in value)
    if isinstance(value, np.ndarray):
        return Tensor(value)
    if isinstance(value, (bool, int, float)):
        return Tensor(np.asarray(value))
    if value is MONAD or isinstance(value, _Undecodable) or not isinstance(value, Tensor):
        raise ValueError("For 'GraphCell', the MINDIR graph returns %r, which is not a tensor."
                         % (value,))
    return value


def load_mindir(file_name):
    """The MindirGraph of the file ``file_name`` (ValueError naming 'load' if it cannot be
    read)."""
    with open(file_name, "rb") as f:
        data = f.read()
    try:
        return MindirGraph(data, file_name)
    except (NotMindir, WireError) as e:
        raise ValueError("For 'load', '%s' is not a MINDIR file mindcell can read: %s."
                         % (file_name, e)) from None
    except (UnicodeDecodeError, struct.error, TypeError, IndexError) as e:
        raise ValueError("For 'load', '%s' is not a valid MINDIR file (%s: %s)."
                         % (file_name, type(e).__name__, e)) from None
