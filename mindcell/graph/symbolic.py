"""Symbolic tensors seen by ``construct`` while it is traced, and the error raised when Python
tries to read a traced value."""
import os
import sys

from mindcell.common.tensor import Tensor

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def user_code_frame():
    """The innermost frame outside mindcell (the user's code), or None."""
    frame = sys._getframe(1)
    while frame is not None:
        if not os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE_DIR):
            return frame
        frame = frame.f_back
    return None


def user_frame():
    """(filename, lineno, line) of the innermost frame outside mindcell (the user's code)."""
    frame = user_code_frame()
    if frame is None:
        return "<unknown>", 0, ""
    import linecache
    fname = os.path.abspath(frame.f_code.co_filename)
    return fname, frame.f_lineno, linecache.getline(fname, frame.f_lineno).strip()


class GraphModeError(RuntimeError):
    """Python in ``construct`` that a GRAPH_MODE trace cannot hold."""


def graph_error(what, instead):
    fname, line, text = user_frame()
    return GraphModeError(
        "%s:%d: GRAPH_MODE cannot %s while tracing construct: a traced tensor has no value "
        "until the compiled graph runs.\n    %s\nInstead: %s"
        % (fname, line, what, text, instead))


def _no_data(self):
    self._no_value("read a traced tensor's values")


def _refuse_data(self, value):
    self._no_value("overwrite a traced tensor's storage in place")


class SymbolicTensor(Tensor):
    """A tensor known only by shape and dtype while tracing: it has no data. Every read of its
    values (``asnumpy``, ``item``, ``bool``, numpy conversion, or internal code touching
    ``_data``) raises :class:`GraphModeError` naming the user's file and line, so nothing is
    ever computed on a placeholder."""

    __slots__ = ("_value",)

    _data = property(_no_data, _refuse_data)
    _traced = True

    @classmethod
    def of(cls, value):
        t = object.__new__(cls)
        t._value = value
        return t

    @property
    def shape(self):
        return self._value.shape

    @property
    def ndim(self):
        return len(self._value.shape)

    @property
    def size(self):
        n = 1
        for d in self._value.shape:
            n *= d
        return n

    @property
    def dtype(self):
        from mindcell import dtype as mstype
        return mstype.from_numpy_dtype(self._value.dtype)

    @property
    def _np_dtype(self):
        return self._value.dtype

    @property
    def itemsize(self):
        return self._value.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self._value.dtype.itemsize

    @property
    def strides(self):
        """Byte strides of the C-contiguous layout every traced value has."""
        out, step = [], self._value.dtype.itemsize
        for d in reversed(self._value.shape):
            out.append(step)
            step *= d
        return tuple(reversed(out))

    def is_contiguous(self):
        return True

    def contiguous(self):
        return self

    def _no_value(self, what):
        raise graph_error(
            what, "keep the computation in tensors (ops.select / ops.where for choices, "
                  "ops.maximum for bounds), or make the decision from a Python value or a "
                  "Cell flag, or run this cell in PYNATIVE_MODE")

    def _read(self, what):
        """This call's value as a concrete Tensor (JIT Fallback, graph/fallback.py)."""
        from mindcell.graph.fallback import read_value
        return Tensor._make(read_value(self, what))

    def asnumpy(self):
        return self._read("convert a tensor to numpy (asnumpy)").asnumpy()

    def item(self, index=None):
        return self._read("convert a tensor to a Python number (item)").item(index)

    def tolist(self):
        return self._read("convert a tensor to a list (tolist)").tolist()

    def __bool__(self):
        from mindcell.graph.tracer import current_graph_trace
        gt = current_graph_trace()
        if gt is None:
            self._no_value("use a tensor as a Python bool (if/while/and/or on a tensor)")
        return gt.decide(self)

    def __float__(self):
        return float(self._read("convert a tensor to float"))

    def __int__(self):
        return int(self._read("convert a tensor to int"))

    def __index__(self):
        from mindcell.graph import rewrite
        rewrite.rewrite_loop_here()  # range(tensor) heading a for loop: becomes a While node
        return self._read("use a tensor as a Python index").__index__()

    def __array__(self, dtype=None, copy=None):
        out = self._read("convert a tensor to a numpy array").asnumpy()
        return out if dtype is None else out.astype(dtype)

    def data_ptr(self):
        self._no_value("take a traced tensor's data pointer")

    # str()/format()/repr() in the user's construct give the values, as MindSpore's graph
    # mode does (JIT Fallback); mindcell's own messages keep the placeholder's description
    def __format__(self, spec):
        if _user_caller():
            value = self._read("format a tensor as a string")
            return str(value) if not spec else format(value, spec)
        return format(self._describe(), spec)

    def __str__(self):
        if _user_caller():
            return str(self._read("convert a tensor to a string (str)"))
        return self._describe()

    def __repr__(self):
        if _user_caller():
            from mindcell.graph.fallback import readable
            if readable(self):
                return repr(self._read("convert a tensor to a string (repr)"))
        return self._describe()

    def _describe(self):
        return "SymbolicTensor(shape=%s, dtype=%s)" % (list(self.shape), self.dtype)


def _user_caller():
    """Whether the code calling the caller of this function is the user's (not mindcell's)."""
    frame = sys._getframe(2)
    return not os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE_DIR)
