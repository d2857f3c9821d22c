"""How Parameters get their names, as MindSpore 2.10 gives them (observed with its oracle,
recorded in tests/goldens/naming).

A name is written at the moment a cell is put somewhere, from what is known locally, and never
from the path of the whole tree:

- ``parent.key = cell`` (``parent`` has ``auto_prefix``): every parameter of ``cell`` becomes
  ``key + '.' + its path inside cell``. Where ``parent`` itself hangs plays no part, so a cell
  assigned to an already-attached child is named ``extra.weight``, not ``body.extra.weight``;
  the full path appears only when an ancestor is (re)assigned later.
- ``parent.key = Parameter``: a Parameter with a generated name takes ``key``; an explicit name
  stays (until an ancestor assignment renames it to its path).
- A container (SequentialCell, CellList, CellDict) does not know its own attribute name either:
  it reads its prefix off the current name of the first parameter among its children
  (:func:`container_prefix`). An empty container, or one whose children hold no parameter,
  infers '' and names an appended Dense ``0.weight``.
- Removing or inserting renumbers the moved cells by rewriting the name component at the
  position found that way (:func:`renumber`).
- Names can collide (two empty containers each given a cell: ``0.weight`` twice). The first
  call of a cell (and Model.train/build) then renames everything to its path from that cell
  (:func:`refresh_if_duplicated`). Until then saving keeps one entry per name.
"""


def first_parameter(cell):
    """The first Parameter of ``cell`` in traversal order, or None."""
    for _, param in cell.parameters_and_names():
        return param
    return None


def container_prefix(cells):
    """``(prefix, position)`` of a container whose children are the mapping ``cells``.

    The prefix is read from the name of the first parameter held by a child: it is what comes
    before that child's key in the name; ``position`` is the index of the key among the name's
    dotted components. When the key occurs several times, the occurrence where the second
    parameter-holding child also has its key is taken, and without such a child the last one.
    ``('', 0)`` when no child holds a parameter or the key is not in the name.
    """
    holders = []
    for key, cell in cells.items():
        if cell is None:
            continue
        param = first_parameter(cell)
        if param is not None:
            holders.append((key, param.name.split(".")))
            if len(holders) == 2:
                break
    if not holders:
        return "", 0
    key, parts = holders[0]
    prefix, position = "", 0
    for i, part in enumerate(parts):
        if part != key:
            continue
        prefix, position = ".".join(parts[:i] + [""]) if i else "", i
        if len(holders) == 2:
            other = holders[1]
            if i < len(other[1]) and other[1][i] == other[0]:
                break
    return prefix, position


def renumber(cell, prefix, position, key):
    """Rename the parameters of ``cell`` (moved to ``key`` in a container whose names have the
    key at ``position``) by replacing everything up to that component with ``prefix + key``."""
    for _, param in cell.parameters_and_names():
        rest = param.name.split(".")[position + 1:]
        param.name = prefix + key + "." + ".".join(rest)


def refresh_if_duplicated(cell):
    """If two distinct Parameters of ``cell`` share a name, rename all of them to their paths
    from ``cell`` (MindSpore does this on a cell's first call)."""
    names = [p.name for _, p in cell.parameters_and_names()]
    if len(set(names)) < len(names):
        cell.update_parameters_name()
        cell.check_names()
