"""``mindcell.parallel.shard`` (MindSpore's ``mindspore.parallel.shard``): :class:`Layout`, the
description of how a tensor is split over a device matrix, and :func:`shard`. One CPU process
runs every cell unsharded: layouts are built, checked and reported as in MindSpore 2.10, and
``shard`` returns what it is given, so programs written for several devices run on one."""
import copy

import numpy as np

__all__ = ["Layout", "shard"]

_INTERLEAVED = "interleaved_parallel"


class Layout:
    """Layout(device_matrix, alias_name, rank_list=None): a device matrix with a name per axis;
    calling it with one name (or a tuple of names, or ``"None"``) per tensor dimension gives the
    layout of a tensor, used as a sharding strategy by ``Primitive.shard`` / ``Cell.shard``.

    Args:
        device_matrix (tuple[int]): the number of devices along each axis.
        alias_name (tuple[str]): one distinct name per axis (``"None"`` is reserved; an axis
            named ``"interleaved_parallel"`` must be the last).
        rank_list (list[int]): the device ranks in the matrix, in row-major order. Default:
            ``None`` (0, 1, ..., the product of ``device_matrix`` - 1).

    Raises:
        TypeError: ``device_matrix``/``alias_name`` not tuples of int/str, ``rank_list`` not a
            list of int.
        ValueError: lengths that differ, repeated or reserved names, a ``rank_list`` whose
            length is not the number of devices; at the call, an unknown or repeated name.

    Examples:
        >>> from mindcell.parallel import Layout
        >>> layout = Layout((2, 4), ("dp", "mp"))
        >>> layout("dp", "None").to_dict()["tensor_map"]
        (1, -1)
    """

    def __init__(self, device_matrix, alias_name, rank_list=None):
        if not isinstance(device_matrix, tuple):
            raise TypeError("device_matrix must be tuple type, but got:%s" % type(device_matrix))
        for dim in device_matrix:
            if not isinstance(dim, int):
                raise TypeError("The element of device_matrix must be int type, but got:%s"
                                % type(dim))
        if not isinstance(alias_name, tuple):
            raise TypeError("alias_name must be tuple type, but got:%s" % type(alias_name))
        for name in alias_name:
            if not isinstance(name, str):
                raise TypeError("The element of alias_name must be str type, but got:%s"
                                % type(name))
            if name == "None":
                raise ValueError("The element of alias_name can not set 'None', because 'None' "
                                 "means no sharding.")
        if len(device_matrix) != len(alias_name):
            raise ValueError("device_matrix length should be equal to alias_name length")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError("Each element of alias_name %s should be different" % (alias_name,))
        if _INTERLEAVED in alias_name and alias_name[-1] != _INTERLEAVED:
            raise ValueError("When alias_name %s contains keyword 'interleaved_parallel', it "
                             "should be at the last dim of alias_name, which means the virtual "
                             "sharding." % (alias_name,))
        devices = int(np.prod(device_matrix)) if device_matrix else 1
        if rank_list is None:
            rank_list = list(range(devices))
        else:
            if not isinstance(rank_list, list):
                raise TypeError("The rank_list should be a list, but got %s."
                                % type(rank_list).__name__)
            for rank in rank_list:
                if not isinstance(rank, int):
                    raise TypeError("The element of rank_list should be int, but got %s."
                                    % type(rank).__name__)
            if len(rank_list) != devices:
                raise ValueError("The length of rank_list should be equal to the product of "
                                 "device_matrix, but got %d and %d." % (len(rank_list), devices))
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._rank_list = list(rank_list)
        self._tensor_map = None

    def _axis(self, name, used):
        if name == "None":
            return -1
        if name not in self._alias_name:
            raise ValueError("The axis %s is not found in %s" % (name, self._alias_name))
        if name in used:
            raise ValueError("The axis %s has been set more than one in %s"
                             % (name, self._alias_name))
        used.add(name)
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map):
        """The layout of a tensor: one axis name, ``"None"`` or tuple of names per dimension.
        Also sets this layout's own tensor map, as MindSpore does."""
        used = set()
        mapped = []
        for item in tensor_map:
            if isinstance(item, tuple):
                mapped.append(tuple(self._axis(name, used) for name in item))
            else:
                mapped.append(self._axis(item, used))
        self._tensor_map = tuple(mapped)
        return copy.deepcopy(self)

    def to_dict(self):
        """The layout as a dict: device_matrix, tensor_map, interleaved_parallel, alias_name,
        rank_list.

        Raises:
            ValueError: the layout has not been called with a tensor map yet.
        """
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_shape, "tensor_map": self._tensor_map,
                "interleaved_parallel": _INTERLEAVED in self._alias_name,
                "alias_name": self._alias_name, "rank_list": self._rank_list}


def shard(fn, in_strategy, out_strategy=None, parameter_plan=None):
    """shard(fn, in_strategy, out_strategy=None, parameter_plan=None): give a Cell or function
    sharding strategies for parallel training.

    One process runs it unsharded: a Cell records the strategies (``Cell.shard``) and is
    returned; a function is returned as it is (as MindSpore 2.10 does stand-alone).

    Args:
        fn (Union[Cell, function]): what to shard.
        in_strategy (tuple): one strategy (tuple of ints, or a :class:`Layout`) per input.
        out_strategy (tuple): the outputs' strategies. Default: ``None``.
        parameter_plan (dict): parameter name -> strategy. Default: ``None``.

    Returns:
        ``fn``.

    Examples:
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(3, 2)
        >>> ms.shard(net, in_strategy=((1, 1),)) is net
        True
    """
    if callable(getattr(fn, "shard", None)) and hasattr(fn, "construct"):  # a Cell
        return fn.shard(in_strategy, out_strategy, parameter_plan)
    return fn
