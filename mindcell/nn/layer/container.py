"""Containers: SequentialCell, CellList, CellDict."""
from collections import OrderedDict

from mindcell.nn._cell.naming import container_prefix, renumber
from mindcell.nn.cell import Cell


def _check_cell(value, owner):
    if not isinstance(value, Cell):
        raise TypeError("%s: elements must be Cells, but got %s" % (owner, type(value).__name__))


class SequentialCell(Cell):
    """SequentialCell(*args): run cells in order; built from a list of cells, an OrderedDict
    (keys become names), one cell, or positional cells. Children are named by index ('0', '1',
    ...). ``cell_list`` is the list of the children in order, as in MindSpore.

    Parameter names follow MindSpore (nn/_cell/naming.py): the cells given here are named
    ``'0.weight'`` ... until the container is assigned to an attribute; cells appended later
    take the prefix read off their siblings' names (none for an empty container).

    Args:
        args (Union[list[Cell], OrderedDict, Cell]): the cells: one list of them, an
            OrderedDict from names to cells, or the cells as positional arguments.

    Inputs:
        input_data (Any): the first cell's input; each cell's output is the next one's input.

    Outputs:
        The last cell's output (the input itself for an empty container).

    Raises:
        TypeError: an element is not a Cell.

    Examples:
        >>> from mindcell import nn
        >>> seq = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU()])
        >>> seq.append(nn.Dense(3, 1))
        >>> [p.name for p in seq.get_parameters()]
        ['0.weight', '0.bias', '2.weight', '2.bias']
    """

    @property
    def cell_list(self):
        """The child cells in order (a new list at each read)."""
        return list(self._cells.values())

    def __init__(self, *args):
        super().__init__()
        # per child: named by its index (renumbered on delete) or by an OrderedDict key
        self.__dict__["_is_dynamic_name"] = []
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            for name, cell in args[0].items():
                _check_cell(cell, "SequentialCell")
                self.insert_child_to_cell(name, cell)
                cell.update_parameters_name(name + ".")
                self._is_dynamic_name.append(False)
            return
        cells = args[0] if len(args) == 1 and isinstance(args[0], list) else args
        for i, cell in enumerate(cells):
            _check_cell(cell, "SequentialCell")
            self.insert_child_to_cell(str(i), cell)
            cell.update_parameters_name(str(i) + ".")
            self._is_dynamic_name.append(True)

    def __getitem__(self, index):
        if isinstance(index, slice):  # a new container: it renames the cells, as MindSpore's
            return self.__class__(OrderedDict(list(self._cells.items())[index]))
        if isinstance(index, str):
            return self._cells[index]
        return list(self._cells.values())[_index(index, len(self), "SequentialCell")]

    def __setitem__(self, index, cell):
        _check_cell(cell, "SequentialCell")
        prefix, _ = container_prefix(self._cells)
        key = list(self._cells.keys())[_index(index, len(self), "SequentialCell")]
        self._cells[key] = cell
        cell.update_parameters_name(prefix + key + ".")
        self._hooks_changed()

    def __delitem__(self, index):
        keys = list(self._cells.keys())
        if isinstance(index, slice):
            targets = keys[index]
            del self._is_dynamic_name[index]
        else:
            i = _index(index, len(self), "SequentialCell")
            targets = [keys[i]]
            del self._is_dynamic_name[i]
        for key in targets:
            del self._cells[key]
        prefix, position = container_prefix(self._cells)
        items = list(self._cells.items())
        self._cells.clear()
        for i, (key, cell) in enumerate(items):
            if self._is_dynamic_name[i]:
                key = str(i)
                renumber(cell, prefix, position, key)
            self._cells[key] = cell
        self._hooks_changed()

    def __len__(self):
        return len(self._cells)

    def __bool__(self):
        return len(self._cells) != 0

    def __iter__(self):
        return iter(self._cells.values())

    def append(self, cell):
        """append(cell): add a cell at the end; it is named under the prefix its siblings'
        parameter names show (none when no sibling holds a parameter)."""
        _check_cell(cell, "SequentialCell")
        prefix, _ = container_prefix(self._cells)
        key = str(len(self))
        cell.update_parameters_name(prefix + key + ".")
        self._is_dynamic_name.append(True)
        self._cells[key] = cell
        self._hooks_changed()

    def construct(self, input_data):
        for cell in self._cells.values():
            input_data = cell(input_data)
        return input_data


def _index(index, n, owner):
    if not isinstance(index, int):
        raise TypeError("For '%s', the type of 'index' must be int, but got %s."
                        % (owner, type(index).__name__))
    if not -n <= index < n:
        raise IndexError("For '%s', the value of 'index' must be a number in range [%d, %d), "
                         "but got %d." % (owner, -n, n, index))
    return index % n


def _check_no_more_keywords(kwargs, owner):
    """Containers take ``auto_prefix`` only: any other keyword would be ignored."""
    if kwargs:
        raise TypeError("%s: unexpected keyword arguments %s (only 'auto_prefix')"
                        % (owner, sorted(kwargs)))


class CellList(Cell):
    """CellList(args=None, auto_prefix=True): a list of cells (children named '0', '1', ...).

    Parameter names follow MindSpore (nn/_cell/naming.py): with ``auto_prefix`` a cell added by
    append/extend/insert/setitem is named ``prefix + index``, the prefix read off the names of
    the cells already in the list ('' when none holds a parameter, so a list that was empty
    when assigned as ``self.layers`` names its first Dense ``0.weight``).

    A CellList is not called: a cell's ``construct`` iterates or indexes it.

    Args:
        args (Union[list[Cell], tuple[Cell]], optional): the initial cells (or the cells as
            positional arguments). Default: ``None``.
        auto_prefix (bool): name the added cells' parameters by their index. Default:
            ``True``.

    Raises:
        TypeError: an element is not a Cell (or is a CellDict), or a keyword other than
            ``auto_prefix`` is given.
        IndexError: an index is out of range.

    Examples:
        >>> from mindcell import nn
        >>> layers = nn.CellList([nn.Dense(2, 2)])
        >>> layers.append(nn.Dense(2, 2))
        >>> [p.name for p in layers.get_parameters()]
        ['0.weight', '0.bias', '1.weight', '1.bias']
    """

    def __init__(self, *args, **kwargs):
        auto_prefix = kwargs.pop("auto_prefix", True)
        _check_no_more_keywords(kwargs, "CellList")
        super().__init__(auto_prefix)
        cells = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) \
            else list(args)
        self.extend(cells)

    def __getitem__(self, index):
        if isinstance(index, slice):  # a new list: it renames the cells, as MindSpore's
            return CellList(list(self._cells.values())[index])
        if isinstance(index, int):
            return self._cells[str(_index(index, len(self), "CellList"))]
        raise TypeError("For 'CellList', the type of 'index' must be int or slice, but got %s."
                        % type(index).__name__)

    def __setitem__(self, index, cell):
        _check_cell(cell, "CellList")
        key = str(_index(index, len(self), "CellList"))
        if self._auto_prefix:
            prefix, _ = container_prefix(self._cells)
            cell.update_parameters_name(prefix + key + ".")
        self._cells[key] = cell
        self._hooks_changed()

    def __delitem__(self, index):
        if isinstance(index, slice):
            targets = list(self._cells.keys())[index]
        elif isinstance(index, int):
            targets = [str(_index(index, len(self), "CellList"))]
        else:
            raise TypeError("For 'CellList', the type of 'index' must be int or slice, but got "
                            "%s." % type(index).__name__)
        for key in targets:
            del self._cells[key]
        prefix, position = container_prefix(self._cells)
        items = list(self._cells.values())
        self._cells.clear()
        for i, cell in enumerate(items):
            if self._auto_prefix:
                renumber(cell, prefix, position, str(i))
            self._cells[str(i)] = cell
        self._hooks_changed()

    def __len__(self):
        return len(self._cells)

    def __bool__(self):
        return len(self._cells) != 0

    def __iter__(self):
        return iter(self._cells.values())

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def append(self, cell):
        """append(cell): add a cell at the end."""
        _check_cell(cell, "CellList")
        key = str(len(self))
        if self._auto_prefix:
            prefix, _ = container_prefix(self._cells)
            cell.update_parameters_name(prefix + key + ".")
        self._cells[key] = cell
        self._hooks_changed()

    def extend(self, cells):
        """extend(cells): append every cell of the list ``cells`` (no CellDict)."""
        if not isinstance(cells, list):
            raise TypeError("For 'CellList', the new cells wanted to append should be instance "
                            "of list, but got %s." % type(cells).__name__)
        prefix, _ = container_prefix(self._cells)
        for cell in cells:
            if isinstance(cell, CellDict):
                raise TypeError("For 'CellList', the type of cell can not be CellDict, but got "
                                "CellDict.")
            _check_cell(cell, "CellList")
            key = str(len(self))
            if self._auto_prefix:
                cell.update_parameters_name(prefix + key + ".")
            self._cells[key] = cell
        self._hooks_changed()
        return self

    def insert(self, index, cell):
        """insert(index, cell): insert a cell before ``index`` (``-len <= index <= len``); the
        cells after it move up one place and are renamed to their new index."""
        n = len(self)
        if not isinstance(index, int):
            raise TypeError("For 'CellList', the type of 'index' must be int, but got %s."
                            % type(index).__name__)
        if not -n <= index <= n:
            raise IndexError("For 'CellList', the value of 'index' must be a number in range "
                             "[%d, %d], but got %d." % (-n, n, index))
        _check_cell(cell, "CellList")
        at = index % n if n and index != n else index
        prefix, position = container_prefix(self._cells)
        for i in range(n, at, -1):
            moved = self._cells[str(i - 1)]
            if self._auto_prefix:
                renumber(moved, prefix, position, str(i))
            self._cells[str(i)] = moved
        self._cells[str(at)] = cell
        if self._auto_prefix:
            cell.update_parameters_name(prefix + str(at) + ".")
        self._hooks_changed()

    def construct(self, *inputs):
        raise NotImplementedError("CellList has no construct; iterate it inside your cell")


class CellDict(Cell):
    """CellDict(args=None, auto_prefix=True): an ordered dict of cells keyed by name (no
    containers as values, as in MindSpore). With ``auto_prefix`` a cell set under ``key`` is
    named ``prefix + key``, the prefix read off the names of the cells already held ('' when
    none holds a parameter; see nn/_cell/naming.py).

    A CellDict is not called: a cell's ``construct`` indexes it.

    Args:
        args (Union[dict, list[tuple[str, Cell]]], optional): the initial cells by key.
            Default: ``None``.
        auto_prefix (bool): name the added cells' parameters by their key. Default: ``True``.

    Raises:
        TypeError: more than one mapping, a key not a str, a cell None or a container, or a
            keyword other than ``auto_prefix``.
        KeyError: a key is empty, holds '.', or is the name of a Cell attribute.

    Examples:
        >>> from mindcell import nn
        >>> heads = nn.CellDict({"cls": nn.Dense(2, 3)})
        >>> [p.name for p in heads.get_parameters()]
        ['cls.weight', 'cls.bias']
    """

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
        if not isinstance(key, str):
            raise TypeError("For 'CellDict', the type of key should be string but got %s."
                            % type(key).__name__)
        if not key or "." in key:
            raise KeyError("CellDict: keys must be non-empty str without '.', but got %r" % (key,))
        if hasattr(self, key) and key not in self._cells:
            raise KeyError("For 'CellDict', the key can not be same with the attributes of Cell, "
                           "but got key %s." % key)
        if cell is None:
            raise TypeError("For 'CellDict', cell can not be None.")
        _check_cell(cell, "CellDict")
        if isinstance(cell, (CellDict, CellList, SequentialCell)):
            raise TypeError("For 'CellDict', the type of cell can not be CellDict, CellList or "
                            "SequentialCell, but got %s." % type(cell).__name__)
        if self._auto_prefix:
            prefix, _ = container_prefix(self._cells)
            cell.update_parameters_name(prefix + key + ".")
        self._cells[key] = cell
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
