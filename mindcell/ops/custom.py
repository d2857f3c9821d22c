"""``ops.Custom``: user operators. mindcell runs the ``pyfunc`` kind (a Python function on numpy
arrays) in both modes, as a Python step of a compiled graph; the compiled kinds (``aot``,
``hybrid``, ``akg``, ``tbe``, ``aicpu``, ``julia``) need MindSpore's device toolchains and raise
an error naming the kind."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core.primitive import defprim
from mindcell.common.tensor import Tensor
from mindcell.ops.primitive import Primitive

__all__ = ["Custom"]

_KINDS = ("hybrid", "akg", "tbe", "aicpu", "aot", "pyfunc")
_PRIMS = {}  # number of outputs -> the primitive running pyfunc Customs with that many


def _impl(*arrays, func, shapes, dtypes, bprop, name):
    out = func(*arrays)
    outs = out if len(shapes) > 1 else (out,)
    if len(shapes) > 1 and (not isinstance(out, (tuple, list)) or len(out) != len(shapes)):
        raise ValueError("Custom %s: 'func' must return %d arrays (out_shape declares them), but "
                         "returned %r" % (name, len(shapes), type(out).__name__))
    result = []
    for k, (o, shape, dtype) in enumerate(zip(outs, shapes, dtypes)):
        o = np.asarray(o)
        if tuple(o.shape) != shape:
            raise ValueError("Custom %s: output %d of 'func' has shape %s, but out_shape declares "
                             "%s" % (name, k, tuple(o.shape), shape))
        if o.dtype != dtype:
            raise TypeError("Custom %s: output %d of 'func' has dtype %s, but out_dtype declares "
                            "%s" % (name, k, o.dtype, dtype))
        result.append(o)
    return result[0] if len(shapes) == 1 else tuple(result)


def _infer(*avals, func, shapes, dtypes, bprop, name):
    pairs = tuple(zip(shapes, dtypes))
    return pairs[0] if len(pairs) == 1 else pairs


def _bprop(*inputs, out, dout, func, shapes, dtypes, bprop, name):
    if bprop is None:
        raise RuntimeError("Illegal primitive Custom's bprop not defined: give ops.Custom(%s) a "
                           "'bprop' to differentiate through it" % name)
    grads = bprop(*inputs, out, dout)
    if not isinstance(grads, (tuple, list)) or len(grads) != len(inputs):
        raise ValueError("Custom %s: 'bprop' must return a tuple of %d gradients (one per "
                         "input), but returned %r" % (name, len(inputs), grads))
    return tuple(grads)


def _prim(nout):
    if nout not in _PRIMS:
        _PRIMS[nout] = defprim("CustomPyFunc" if nout == 1 else "CustomPyFunc%d" % nout, _impl,
                               infer=_infer, bprop=_bprop, nout=nout)
    return _PRIMS[nout]


def _as_shape(s, name):
    if not isinstance(s, (tuple, list)) or not all(
            isinstance(n, (int, np.integer)) and not isinstance(n, bool) and n >= 0 for n in s):
        raise TypeError("For 'Custom' %s, an output shape must be a tuple or list of "
                        "non-negative ints, but got %r" % (name, s))
    return tuple(int(n) for n in s)


def _as_dtype(d, name):
    if not isinstance(d, mstype.DType):
        raise TypeError("For 'Custom' %s, an output dtype must be a mindcell dtype, but got %r"
                        % (name, d))
    return d.np_dtype


class Custom(Primitive):
    """Custom(func, out_shape=None, out_dtype=None, func_type='pyfunc', bprop=None,
    reg_info=None): an operator defined by the user.

    mindcell supports ``func_type="pyfunc"``: ``func`` takes the inputs as numpy arrays and
    returns one array (or a tuple of them); it runs eagerly in PYNATIVE_MODE and as a Python
    step of the compiled program in GRAPH_MODE. Its outputs must have the declared shapes and
    dtypes (MindSpore's PYNATIVE_MODE returns whatever ``func`` gave; mindcell raises, as a
    compiled graph relies on the declaration).

    Args:
        func (function): the Python function (for other kinds MindSpore takes a str path).
        out_shape (Union[function, tuple, list]): the output shape, a tuple of shapes for
            several outputs, or a function of the input shapes giving it.
        out_dtype (Union[function, DType, tuple]): the output dtype(s), or a function of the
            input dtypes giving them.
        func_type (str): one of "hybrid", "akg", "tbe", "aicpu", "aot", "pyfunc"; only
            "pyfunc" runs on mindcell. Default: ``"pyfunc"``.
        bprop (function): ``bprop(*inputs, out, dout)`` returning one gradient per input,
            written with mindcell ops. Without it, differentiating raises. Default: ``None``.
        reg_info (Union[str, dict, list]): kernel registration info of compiled kinds; pyfunc
            does not use it. Default: ``None``.

    Raises:
        TypeError: ``func`` is not a function or str, or ``out_shape``/``out_dtype`` is missing
            or of the wrong type.
        ValueError: ``func_type`` is not one of MindSpore's kinds.
        NotImplementedError: ``func_type`` is a compiled kind (not "pyfunc").

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops, Tensor
        >>> def add(a, b):
        ...     return a + b
        >>> op = ops.Custom(add, out_shape=lambda a, b: a, out_dtype=lambda a, b: a,
        ...                 func_type="pyfunc")
        >>> op(Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32))).asnumpy().tolist()
        [2.0, 2.0]
    """

    def __init__(self, func, out_shape=None, out_dtype=None, func_type="pyfunc", bprop=None,
                 reg_info=None):
        super().__init__("Custom")
        if not (callable(func) or isinstance(func, str)):
            raise TypeError("For 'Custom', 'func' must be of type function or str, but got %s"
                            % type(func))
        if not isinstance(func_type, str) or func_type not in _KINDS:
            raise ValueError("For 'Custom', 'func_type' must be one of %s, but got %s"
                             % (list(_KINDS), func_type))
        if func_type != "pyfunc":
            raise NotImplementedError(
                "For 'Custom', func_type=%r needs MindSpore's %s toolchain, which mindcell does "
                "not have: only func_type='pyfunc' (a Python function on numpy arrays) runs"
                % (func_type, func_type))
        if not callable(func):
            raise TypeError("For 'Custom' with func_type='pyfunc', 'func' must be a function, "
                            "but got %r" % (func,))
        if out_shape is None or not (callable(out_shape) or isinstance(out_shape, (tuple, list))):
            raise TypeError("For 'Custom', 'out_shape' must be one of [tuple, list, function], "
                            "but got %s" % type(out_shape))
        if out_dtype is None or not (callable(out_dtype) or isinstance(out_dtype, (tuple, list))
                                     or isinstance(out_dtype, mstype.DType)):
            raise TypeError("For 'Custom', 'out_dtype' must be one of [mindcell dtype, tuple, "
                            "function], but got %s" % type(out_dtype))
        if bprop is not None and not callable(bprop):
            raise TypeError("For 'Custom', 'bprop' must be a function, but got %s" % type(bprop))
        self.func, self.func_type = func, func_type
        self.out_shape, self.out_dtype, self.bprop, self.reg_info = (out_shape, out_dtype,
                                                                     bprop, reg_info)
        self.func_name = getattr(func, "__name__", "func")
        self.add_prim_attr("func_name", self.func_name)
        self.add_prim_attr("func_type", func_type)

    def _declared(self, inputs):
        shapes = [t.shape for t in inputs]
        dtypes = [t.dtype for t in inputs]
        shape = self.out_shape(*shapes) if callable(self.out_shape) else self.out_shape
        dtype = (self.out_dtype(*dtypes) if callable(self.out_dtype)
                 and not isinstance(self.out_dtype, mstype.DType) else self.out_dtype)
        several = isinstance(shape, (tuple, list)) and len(shape) > 0 and all(
            isinstance(s, (tuple, list)) for s in shape)
        shapes = ([_as_shape(s, self.func_name) for s in shape] if several
                  else [_as_shape(shape, self.func_name)])
        dtypes = list(dtype) if isinstance(dtype, (tuple, list)) else [dtype] * len(shapes)
        if len(dtypes) != len(shapes):
            raise ValueError("For 'Custom' %s, out_dtype gives %d dtypes for %d outputs"
                             % (self.func_name, len(dtypes), len(shapes)))
        return tuple(shapes), tuple(_as_dtype(d, self.func_name) for d in dtypes)

    def __call__(self, *inputs):
        for k, t in enumerate(inputs):
            if not isinstance(t, Tensor):
                raise TypeError("For 'Custom' %s, input %d must be a Tensor, but got %s"
                                % (self.func_name, k, type(t).__name__))
        shapes, dtypes = self._declared(inputs)
        return _prim(len(shapes)).bind(*inputs, func=self.func, shapes=shapes, dtypes=dtypes,
                                       bprop=self.bprop, name=self.func_name)

    def __repr__(self):
        return "Prim[Custom]<func_name=%s, func_type=%s>" % (self.func_name, self.func_type)

