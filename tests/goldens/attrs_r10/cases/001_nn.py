"""Attributes and methods of every public class of mindspore.nn (see _attrs.py)."""
from _attrs import nn, emit, record, CELL_NAMES, CELL_METHODS

emit("Cell|attrs", sorted(CELL_NAMES))
record("nn", nn)
