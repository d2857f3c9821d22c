"""How a Cell registers what is assigned to it: Parameters, ParameterTuples, lists of
Parameters, child Cells and buffers, with MindSpore's naming rules."""
import re

import numpy as np

from mindcell.common.parameter import Parameter, ParameterTuple
from mindcell.common.tensor import Tensor

_RESERVED = ()  # attribute names a Cell subclass may not assign

# Methods mindcell's Cell adds for PyTorch users that MindSpore 2.10's Cell does not have. In
# MindSpore these names are free: ``self.modules = nn.CellList(...)`` or an optimizer subclass's
# ``self.parameters = other.parameters`` is read back as the assigned value. A registered child,
# Parameter or ParameterTuple is kept in the Cell's stores and found by ``__getattr__`` only, which
# a class attribute of the same name would hide, so under these names it is also put in the
# instance ``__dict__`` (which takes precedence over a method).
FREE_IN_MINDSPORE = frozenset((
    "add_module", "children", "compile_report", "double", "eval", "extra_repr", "float",
    "get_parameter", "get_submodule", "half", "modules", "named_children", "named_modules",
    "named_parameters", "parameters", "register_full_backward_hook",
    "register_full_backward_pre_hook", "register_module", "register_parameter",
    "requires_grad_", "train", "zero_grad"))
_UNNAMED = re.compile(r"^Parameter(#\d+)?$")


def _is_taken(cell, name):
    """True when ``name`` is an attribute of ``cell`` in MindSpore's sense (a mindcell-only
    method's name is free until something is assigned to it)."""
    return hasattr(cell, name) and not (name in FREE_IN_MINDSPORE and name not in cell.__dict__)


def is_unnamed(param):
    """True for a Parameter created without a name (it takes its attribute's name)."""
    return bool(_UNNAMED.match(param.name))


def _check_name(name, what, check_dot=True):
    if not isinstance(name, str):
        raise TypeError("%s: the name must be a str, but got %s" % (what, type(name).__name__))
    if not name:
        raise KeyError("%s: the name must not be empty" % what)
    if check_dot and "." in name:
        raise KeyError("%s: the name must not contain '.', but got %r" % (what, name))


def _tracing():
    from mindcell.graph.tracer import is_tracing
    return is_tracing()


def _journal_write(cell, name, value):
    """``self.name = value`` (a plain Python value) inside a compiled construct: one of the
    compiled graph's effects, run on every call as MindSpore does (graph/attr_effects.py)."""
    from mindcell.graph.attr_effects import journaled
    from mindcell.graph.symbolic import graph_error
    from mindcell.graph.tracer import current_graph_trace
    gt = current_graph_trace()
    if gt is None or not journaled(value):
        return
    if gt.attr_journal is None:  # a tensor-dependent loop body or branch, traced once
        raise graph_error("write the Python attribute self.%s inside a tensor-dependent loop "
                          "or branch" % name,
                          "write it outside the loop or branch, or keep the value in a tensor")
    gt.attr_journal.record(cell, name, value)


def _rebind_traced(cell, name, value):
    """``self.name = tensor`` inside a compiled construct (GRAPH_MODE, ``@jit``): as in MindSpore,
    the attribute holds the computed value after each call, and the next call reads it. The
    attribute becomes a concrete holder tensor (a copy of its old value when that is a tensor
    of the same shape and dtype) that the graph writes like ``self.buf[...] = v`` (a state
    tensor, read and written back on every call). Returns False when ``value`` is not traced."""
    from mindcell.graph.symbolic import SymbolicTensor
    from mindcell.graph.tracer import current_graph_trace
    gt = current_graph_trace()
    if gt is None or not isinstance(value, SymbolicTensor):
        return False
    holder = cell.__dict__.get(name)
    if not (getattr(holder, "_mc_attr_holder", False) and holder.shape == value.shape
            and holder.dtype == value.dtype):
        old = holder
        if (isinstance(old, Tensor) and not isinstance(old, (SymbolicTensor, Parameter))
                and old.shape == value.shape and old.dtype == value.dtype):
            data = old.asnumpy().copy()
        else:
            data = np.zeros(value.shape, value._np_dtype)
        holder = Tensor(data)
        holder._mc_attr_holder = True
        object.__setattr__(cell, name, holder)
    gt._assign(holder, value)
    return True


def _write_parameter(param, name, value):
    """``self.p = x`` (or ``self.p += 1``) for a Parameter attribute. While GRAPH_MODE traces
    construct this is an Assign in the graph, run at every call as in MindSpore; set_data would
    change the value once, while tracing, and never again."""
    from mindcell.graph.tracer import is_tracing
    if not is_tracing():
        param.set_data(value)
        return
    if tuple(value.shape) != tuple(param.shape):
        raise ValueError("Cell: in GRAPH_MODE construct, 'self.%s = value' writes the Parameter %r "
                         "in place, so value must have its shape %s, but got %s"
                         % (name, param.name, tuple(param.shape), tuple(value.shape)))
    from mindcell.ops.function.misc_func import assign
    from mindcell.ops._helpers import cast_to
    # the attribute write converts to the Parameter's dtype (MindSpore 2.10, ms-oracle: an Int32
    # Parameter += a Float32 tensor in GRAPH_MODE construct), unlike ops.assign, which refuses
    assign(param, cast_to(value, param._np_dtype))


class RegistrationMixin:
    """Attribute assignment and the explicit insert_*/register_* methods."""

    def _set_parameter(self, name, value):
        if is_unnamed(value):
            value.name = name
        self.__dict__.pop(name, None)
        self._params[name] = value

    def _set_parameter_tuple(self, name, value):
        seen, names = set(), set()
        for p in value:
            if id(p) in seen:
                continue
            seen.add(id(p))
            if is_unnamed(p):
                p.name = "Parameter$%d" % self._param_tuple_id
                self.__dict__["_param_tuple_id"] += 1
            if p.name in names:
                raise ValueError("Cell: the ParameterTuple %r has two Parameters named %r; "
                                 "Parameter names must be unique" % (name, p.name))
            names.add(p.name)
            self._params[p.name] = p
        self.__dict__.pop(name, None)
        self._params_list[name] = value

    def _set_parameter_sequence(self, name, value):
        # a plain list/tuple keeps its Parameters' names ("Parameter#N" for unnamed ones) and
        # does not advance the "Parameter$N" numbering, which only ParameterTuples take
        # (MindSpore 2.10, ms-oracle): a later ParameterTuple's checkpoint keys depend on it
        for p in value:
            if id(p) in self._seq_param_ids:
                continue
            self._seq_param_ids.add(id(p))
            if p.name in self._seq_param_names:
                raise ValueError("Cell: attribute %r holds a Parameter named %r, a name already "
                                 "used by another Parameter in a list or tuple of this Cell"
                                 % (name, p.name))
            self._seq_param_names.add(p.name)
        object.__setattr__(self, name, value)

    def _set_child(self, name, value):
        # named from the attribute alone, not this cell's own place in a tree (naming.py)
        if self._auto_prefix:
            value.update_parameters_name(name + ".")
        self.__dict__.pop(name, None)
        self._cells[name] = value
        self._hooks_changed()

    def __setattr__(self, name, value):
        self._register_attr(name, value)
        if name in FREE_IN_MINDSPORE:
            self._shadow_method(name)

    def _shadow_method(self, name):
        """Make the value registered under ``name`` (a mindcell-only method's name) the one
        attribute lookup finds; a plain value is in ``__dict__`` already."""
        d = self.__dict__
        for store in ("_params", "_cells", "_buffers", "_params_list"):
            s = d.get(store)
            if s is not None and name in s:
                d[name] = s[name]
                return

    def _register_attr(self, name, value):
        d = self.__dict__
        if "_params" not in d:
            # a plain Tensor is a plain attribute then (MindSpore 2.10 keeps it: its
            # tests/st/ops/cpu/test_batch_matmul.py nets set inputs before super().__init__())
            if isinstance(value, Parameter) or _is_cell(value):
                raise AttributeError("Cell: assign %r only after calling super().__init__() in "
                                     "%s.__init__" % (name, type(self).__name__))
            object.__setattr__(self, name, value)
            return
        if name in _RESERVED:
            raise TypeError("Cell: the attribute name %r is reserved by mindcell" % name)
        params, cells, buffers = self._params, self._cells, self._buffers
        if isinstance(value, Parameter):
            if name in cells:  # (also a child set to None: MindSpore's KeyError)
                raise KeyError("Cell: %r is a child cell of the network; a Parameter cannot be "
                               "assigned to that name" % name)
            self._set_parameter(name, value)
        elif isinstance(value, ParameterTuple):
            self._set_parameter_tuple(name, value)
        elif (isinstance(value, (list, tuple)) and value
              and all(isinstance(v, Parameter) for v in value)):
            self._set_parameter_sequence(name, value)
        elif _is_cell(value):
            if name in params:  # (also a Parameter set to None: MindSpore's KeyError)
                raise KeyError("Cell: %r is a Parameter of the network; a Cell cannot be "
                               "assigned to that name" % name)
            self._set_child(name, value)
        elif name in params:
            if value is None:
                params[name] = None
            elif isinstance(value, Tensor):
                _write_parameter(params[name], name, value)
            elif isinstance(value, (bool, int, float)) and _tracing():
                # MindSpore's GRAPH_MODE: an Assign of the number in the Parameter's dtype
                param = params[name]
                _write_parameter(param, name, Tensor(np.array(value, param._np_dtype)))
            else:
                raise TypeError("Cell: the Parameter %r can only be set to a Parameter, a Tensor "
                                "or None, but got %s" % (name, type(value).__name__))
        elif name in cells:
            if value is not None:
                raise TypeError("Cell: the child cell %r can only be replaced by a Cell or None, "
                                "but got %s" % (name, type(value).__name__))
            cells[name] = None
        elif name in buffers:
            if value is not None:
                raise TypeError("Cell: %r is a buffer; replace it with register_buffer(%r, ...)"
                                % (name, name))
            buffers[name] = None
        else:
            if name in self._params_list:
                del self._params_list[name]
            if isinstance(value, Tensor) and _tracing() and _rebind_traced(self, name, value):
                return
            if _tracing():
                _journal_write(self, name, value)
            object.__setattr__(self, name, value)

    def __getattr__(self, name):
        d = self.__dict__
        params = d.get("_params")
        if params is not None and name in params:
            return params[name]  # (a typed cell's ops cast it where it is used)
        for store in ("_cells", "_buffers", "_params_list"):
            s = d.get(store)
            if s is not None and name in s:
                return s[name]
        raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))

    def __delattr__(self, name):
        for store in (self._params, self._cells, self._buffers, self._params_list):
            if name in store:
                del store[name]
                self._buffers_non_persistent.discard(name)
                if name in FREE_IN_MINDSPORE:
                    self.__dict__.pop(name, None)
                return
        object.__delattr__(self, name)

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        """insert_param_to_cell(param_name, param, check_name_contain_dot=True): register a
        Parameter under ``param_name``; an unnamed Parameter takes that name."""
        _check_name(param_name, "insert_param_to_cell", check_name_contain_dot)
        if param_name in self._cells or (_is_taken(self, param_name)
                                         and param_name not in self._params):
            raise KeyError("insert_param_to_cell: %r is already an attribute of the cell"
                           % param_name)
        if param is None:
            return
        if not isinstance(param, Parameter):
            raise TypeError("insert_param_to_cell: 'param' must be a Parameter, but got %s"
                            % type(param).__name__)
        if is_unnamed(param):
            param.name = param_name
        self._params[param_name] = param
        if param_name in FREE_IN_MINDSPORE:
            self._shadow_method(param_name)

    def insert_child_to_cell(self, child_name, child_cell):
        """insert_child_to_cell(child_name, child_cell): add a child Cell without renaming its
        parameters; an existing child of that name is replaced."""
        _check_name(child_name, "insert_child_to_cell")
        if _is_taken(self, child_name) and child_name not in self._cells:
            raise KeyError("insert_child_to_cell: %r is already an attribute of the cell"
                           % child_name)
        if child_cell is not None and not _is_cell(child_cell):
            raise TypeError("insert_child_to_cell: 'child_cell' must be a Cell, but got %s"
                            % type(child_cell).__name__)
        self._cells[child_name] = child_cell
        if child_name in FREE_IN_MINDSPORE:
            self._shadow_method(child_name)
        self._hooks_changed()

    def register_buffer(self, name, tensor, persistent=True):
        """register_buffer(name, tensor, persistent=True): a non-trainable Tensor saved in
        state_dict (unless ``persistent=False``)."""
        _check_name(name, "register_buffer")
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError("register_buffer: %r is already an attribute of the cell" % name)
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError("register_buffer: 'tensor' must be a Tensor or None, but got %s"
                            % type(tensor).__name__)
        self._buffers[name] = tensor
        if persistent:
            self._buffers_non_persistent.discard(name)
        else:
            self._buffers_non_persistent.add(name)

    def register_parameter(self, name, param):
        """PyTorch-style: register ``param`` (or None) under ``name``."""
        if param is None:
            _check_name(name, "register_parameter")
            self._params[name] = None
            return
        self.insert_param_to_cell(name, param)

    def add_module(self, name, module):
        """PyTorch-style: add a child Cell (same as insert_child_to_cell)."""
        self.insert_child_to_cell(name, module)

    register_module = add_module


def _is_cell(value):
    from mindcell.nn.cell import Cell
    return isinstance(value, Cell)
