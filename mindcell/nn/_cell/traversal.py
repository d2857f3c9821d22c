"""Walking a Cell tree: cells, parameters and buffers, in MindSpore's order, plus the
PyTorch-style aliases."""
from collections import OrderedDict

import re

from mindcell.common.parameter import ParameterTuple
from mindcell.nn._cell.naming import refresh_if_duplicated

_VALID_PREFIX = re.compile(r"^[A-Za-z0-9_./\-]*$")


class TraversalMixin:
    """cells / cells_and_names / parameters_and_names / get_parameters / buffers ..."""

    def cells(self):
        """The direct children, in insertion order."""
        return [c for c in self._cells.values() if c is not None]

    def name_cells(self):
        """OrderedDict of the direct children keyed by attribute name."""
        return OrderedDict((n, c) for n, c in self._cells.items() if c is not None)

    def cells_and_names(self, cells=None, name_prefix=""):
        """Yield ``(name, cell)`` for this cell and every descendant (each once). As in
        MindSpore, a child that is false (None, or an empty container) is left out."""
        seen = cells if cells is not None else set()
        if id(self) in seen:
            return
        seen.add(id(self))
        yield name_prefix, self
        for name, cell in self._cells.items():
            if not cell:
                continue
            child_prefix = name_prefix + "." + name if name_prefix else name
            yield from cell.cells_and_names(seen, child_prefix)

    def get_sub_cell(self, target):
        """get_sub_cell(target): the descendant at the dotted path ``target`` ('' is self)."""
        if not isinstance(target, str):
            raise TypeError("get_sub_cell: 'target' must be a str, but got %s"
                            % type(target).__name__)
        from mindcell.nn.cell import Cell
        cell = self
        if not target:
            return cell
        for atom in target.split("."):
            if atom not in cell._cells or cell._cells[atom] is None:
                raise AttributeError("get_sub_cell: %s has no child cell %r (in %r)"
                                     % (type(cell).__name__, atom, target))
            cell = cell._cells[atom]
            if not isinstance(cell, Cell):
                raise AttributeError("get_sub_cell: %r is not a Cell" % atom)
        return cell

    get_submodule = get_sub_cell

    def parameters_and_names(self, name_prefix="", expand=True):
        """Yield ``(attribute path, Parameter)`` for own parameters then descendants'."""
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix,
                                                                                self)]
        seen = set()
        for cell_name, cell in cells:
            for par_name, par in cell._params.items():
                if par is None or id(par) in seen:
                    continue
                seen.add(id(par))
                yield (cell_name + "." + par_name if cell_name else par_name), par

    def get_parameters(self, expand=True):
        """Yield the parameters (recursively unless ``expand=False``)."""
        for _, p in self.parameters_and_names(expand=expand):
            yield p

    def trainable_params(self, recurse=True):
        """List of parameters with ``requires_grad=True``."""
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse=True):
        """List of parameters with ``requires_grad=False``."""
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse=True):
        """OrderedDict of the parameters keyed by their names."""
        return OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse))

    def update_parameters_name(self, prefix="", recurse=True):
        """Rename every parameter to ``prefix + attribute path``."""
        if not isinstance(prefix, str):
            raise TypeError("update_parameters_name: 'prefix' must be a str, but got %s"
                            % type(prefix).__name__)
        if not _VALID_PREFIX.match(prefix):
            raise ValueError("update_parameters_name: 'prefix' may contain letters, digits and "
                             "'_', '.', '/', '-' only, but got %r" % prefix)
        for name, p in self.parameters_and_names(expand=recurse):
            p.name = prefix + name

    def check_names_and_refresh_name(self):
        """If two parameters share a name, rename every parameter to its attribute path from
        this cell (then check the names are unique). MindSpore does this on a cell's first
        call; names given when cells were added can collide (see nn/_cell/naming.py)."""
        refresh_if_duplicated(self)

    def check_names(self):
        """Raise ValueError if two parameters share a name."""
        names = set()
        for p in self.get_parameters():
            if p.name in names:
                raise ValueError("check_names: the parameter name %r is used more than once; "
                                 "names must be unique" % p.name)
            names.add(p.name)

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        """Yield ``(path, Tensor)`` for buffers (own first, then children's)."""
        cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
        seen = set()
        for cell_name, cell in cells:
            for name, buf in cell._buffers.items():
                if buf is None or (remove_duplicate and id(buf) in seen):
                    continue
                seen.add(id(buf))
                yield (cell_name + "." + name if cell_name else name), buf

    def buffers(self, recurse=True):
        """Yield the buffers."""
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def get_buffer(self, target):
        """get_buffer(target): the buffer at the dotted path ``target``."""
        path, _, name = target.rpartition(".")
        cell = self.get_sub_cell(path)
        if name not in cell._buffers:
            raise AttributeError("get_buffer: %s has no buffer %r" % (type(cell).__name__, name))
        return cell._buffers[name]

    # ----- PyTorch-style aliases --------------------------------------------------------
    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        """PyTorch-style: ``(path, Parameter)`` pairs; with ``remove_duplicate=False`` a shared
        Parameter (or one in a shared cell) comes once per path that reaches it."""
        if remove_duplicate:
            return self.parameters_and_names(name_prefix=prefix, expand=recurse)
        cells = self._every_path(prefix) if recurse else [(prefix, self)]
        return ((cell_name + "." + name if cell_name else name, par)
                for cell_name, cell in cells for name, par in cell._params.items()
                if par is not None)

    def _every_path(self, prefix):
        """``(path, cell)`` for self and descendants, a shared cell once per path."""
        yield prefix, self
        for name, cell in self._cells.items():
            if cell:
                yield from cell._every_path(prefix + "." + name if prefix else name)

    def parameters(self, recurse=True):
        """PyTorch-style: iterate the parameters."""
        return self.get_parameters(expand=recurse)

    def named_children(self):
        """PyTorch-style: ``(name, child)`` for direct children."""
        return iter(self.name_cells().items())

    def children(self):
        """PyTorch-style: iterate the direct children."""
        return iter(self.cells())

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        """PyTorch-style: ``(path, cell)`` for self and all descendants; with
        ``remove_duplicate=False`` a shared cell comes once per path (``memo`` unused then)."""
        if remove_duplicate:
            return self.cells_and_names(memo, prefix)
        return self._every_path(prefix)

    def modules(self):
        """PyTorch-style: iterate self and all descendants."""
        for _, c in self.cells_and_names():
            yield c

    def get_parameter(self, target):
        """PyTorch-style: the parameter at the dotted path ``target``."""
        path, _, name = target.rpartition(".")
        cell = self.get_sub_cell(path)
        p = cell._params.get(name)
        if p is None:
            raise AttributeError("get_parameter: %s has no parameter %r"
                                 % (type(cell).__name__, name))
        return p

    def _param_tuples(self):
        return [v for v in self._params_list.values() if isinstance(v, ParameterTuple)]
