"""Containers: SequentialCell, CellList, CellDict."""
from collections import OrderedDict

from mindcell.nn.cell import Cell


def _check_cell(value, owner):
    if not isinstance(value, Cell):
        raise TypeError("%s: elements must be Cells, but got %s" % (owner, type(value).__name__))


class SequentialCell(Cell):
    """SequentialCell(*args): run cells in order; built from a list of cells, an OrderedDict
    (keys become names) or positional cells. Children are named by index ('0', '1', ...).
    ``cell_list`` is the list of the children in order, as in MindSpore."""

    @property
    def cell_list(self):
        """The child cells in order (a new list at each read)."""
        return list(self._cells.values())

    def __init__(self, *args):
        super().__init__()
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, cell in args[0].items():
                _check_cell(cell, "SequentialCell")
                self.insert_child_to_cell(name, cell)
                cell.update_parameters_name(self._child_prefix(name))
        elif len(args) == 1 and isinstance(args[0], list):
            for i, cell in enumerate(args[0]):
                _check_cell(cell, "SequentialCell")
                self._append_named(str(i), cell)
        else:
            for i, cell in enumerate(args):
                _check_cell(cell, "SequentialCell")
                self._append_named(str(i), cell)

    def _append_named(self, name, cell):
        self._cells[name] = cell
        cell.update_parameters_name(self._child_prefix(name))
        self._hooks_changed()

    def _renumber(self):
        items = list(self._cells.values())
        self._cells.clear()
        for i, cell in enumerate(items):
            self._cells[str(i)] = cell
            cell.update_parameters_name(self._child_prefix(str(i)))

    def __getitem__(self, index):
        if isinstance(index, slice):  # a view: the cells keep their keys and names
            return _view(type(self), list(self._cells.items())[index])
        if isinstance(index, str):
            return self._cells[index]
        return list(self._cells.values())[_index(index, len(self))]

    def __setitem__(self, index, cell):
        _check_cell(cell, "SequentialCell")
        key = list(self._cells.keys())[_index(index, len(self))]
        self._cells[key] = cell
        cell.update_parameters_name(self._child_prefix(key))
        self._hooks_changed()

    def __delitem__(self, index):
        keys = list(self._cells.keys())
        if isinstance(index, slice):
            for key in keys[index]:
                del self._cells[key]
        else:
            del self._cells[keys[_index(index, len(self))]]
        if all(k.isdigit() for k in self._cells):
            self._renumber()
        self._hooks_changed()

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def append(self, cell):
        """append(cell): add a cell at the end."""
        _check_cell(cell, "SequentialCell")
        self._append_named(str(len(self)), cell)
        return self

    def construct(self, input_data):
        for cell in self._cells.values():
            input_data = cell(input_data)
        return input_data


def _view(cls, items):
    """A new container over ``items`` (key, cell) that leaves the cells' names alone."""
    view = cls()
    for key, cell in items:
        view._cells[key] = cell
    view._hooks_changed()
    return view


def _index(index, n):
    if not isinstance(index, int):
        raise TypeError("index must be an int or a slice, but got %s" % type(index).__name__)
    if not -n <= index < n:
        raise IndexError("index %d is out of range for %d cells" % (index, n))
    return index % n


def _check_no_more_keywords(kwargs, owner):
    """Containers take ``auto_prefix`` only: any other keyword would be ignored."""
    if kwargs:
        raise TypeError("%s: unexpected keyword arguments %s (only 'auto_prefix')"
                        % (owner, sorted(kwargs)))


class CellList(Cell):
    """CellList(args=None): a list of cells (children named '0', '1', ...)."""

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop("auto_prefix", True)
        _check_no_more_keywords(kwargs, "CellList")
        super().__init__(auto_prefix)
        cells = args[0] if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        for cell in cells:
            self.append(cell)

    def __getitem__(self, index):
        if isinstance(index, slice):  # a view: the cells keep their names
            return _view(type(self), _enumerate_keys(list(self._cells.values())[index]))
        return list(self._cells.values())[_index(index, len(self))]

    def __setitem__(self, index, cell):
        _check_cell(cell, "CellList")
        key = list(self._cells.keys())[_index(index, len(self))]
        self._cells[key] = cell
        if self._auto_prefix:
            cell.update_parameters_name(self._child_prefix(key))
        self._hooks_changed()

    def _renumber(self, items):
        """Store ``items`` as '0', '1', ... and name each cell under its new index."""
        self._cells.clear()
        for key, c in _enumerate_keys(items):
            self._cells[key] = c
            if self._auto_prefix:
                c.update_parameters_name(self._child_prefix(key))
        self._hooks_changed()

    def __delitem__(self, index):
        keys = list(self._cells.keys())
        targets = keys[index] if isinstance(index, slice) else [keys[_index(index, len(self))]]
        for key in targets:
            del self._cells[key]
        self._renumber(list(self._cells.values()))

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells.values())

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def append(self, cell):
        """append(cell): add a cell at the end."""
        _check_cell(cell, "CellList")
        key = str(len(self))
        self._cells[key] = cell
        if self._auto_prefix:
            cell.update_parameters_name(self._child_prefix(key))
        self._hooks_changed()
        return self

    def extend(self, cells):
        """extend(cells): append every cell of an iterable."""
        for cell in cells:
            self.append(cell)
        return self

    def insert(self, index, cell):
        """insert(index, cell): insert a cell before ``index``."""
        _check_cell(cell, "CellList")
        items = list(self._cells.values())
        items.insert(index, cell)
        self._renumber(items)

    def construct(self, *inputs):
        raise NotImplementedError("CellList has no construct; iterate it inside your cell")


def _enumerate_keys(cells):
    return [(str(i), c) for i, c in enumerate(cells)]


class CellDict(Cell):
    """CellDict(args=None): an ordered dict of cells keyed by name."""

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop("auto_prefix", True)
        _check_no_more_keywords(kwargs, "CellDict")
        if len(args) > 1:
            raise TypeError("CellDict: takes at most one mapping of cells, but got %d arguments"
                            % len(args))
        super().__init__(auto_prefix)
        if args and args[0] is not None:
            self.update(args[0])

    def __getitem__(self, key):
        return self._cells[key]

    def __setitem__(self, key, cell):
        _check_cell(cell, "CellDict")
        if not isinstance(key, str) or not key or "." in key:
            raise KeyError("CellDict: keys must be non-empty str without '.', but got %r" % (key,))
        self._cells[key] = cell
        if self._auto_prefix:
            cell.update_parameters_name(self._child_prefix(key))
        self._hooks_changed()

    def __delitem__(self, key):
        del self._cells[key]

    def __contains__(self, key):
        return key in self._cells

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells)

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def clear(self):
        self._cells.clear()

    def pop(self, key):
        return self._cells.pop(key)

    def update(self, cells):
        items = cells.items() if hasattr(cells, "items") else cells
        for key, cell in items:
            self[key] = cell

    def construct(self, *inputs):
        raise NotImplementedError("CellDict has no construct; index it inside your cell")
