"""Layers."""
from mindcell.nn.layer.activation import *  # noqa: F401,F403
from mindcell.nn.layer.activation import get_activation  # noqa: F401
from mindcell.nn.layer.basic import Dense, Flatten, Dropout, Identity  # noqa: F401
from mindcell.nn.layer.container import SequentialCell, CellList, CellDict  # noqa: F401
