"""``mindcell.communication.management``: MindSpore's communication service API, over MPI.

Start several processes with ``python -m mindcell.run -n 4 train.py`` (or ``mpiexec -n 4``);
without a launcher the world is this one process and mpi4py is not needed.
"""
from mindcell._docsections import shared_sections
from mindcell.communication import _comm

__all__ = ["GlobalComm", "init", "release", "get_rank", "get_group_size", "get_local_rank",
           "get_local_rank_size", "create_group", "get_group_rank_from_world_rank",
           "get_world_rank_from_group_rank", "get_process_group_ranks", "barrier",
           "destroy_group", "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP",
           "MCCL_WORLD_COMM_GROUP"]

# The world group's names in MindSpore 2.10 (Ascend's HCCL, GPU's NCCL, CPU's MCCL backends);
# each names mindcell's world.
HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"


class GlobalComm:
    """The communication settings: the backend (``BACKEND``), the world group's name
    (``WORLD_COMM_GROUP``) and whether :func:`init` ran (``INITED``).

    mindcell's backend is MPI under MindSpore's CPU name ``"mccl"``; the world group is
    ``"hccl_world_group"`` (MindSpore's default spelling); ``"mccl_world_group"`` and
    ``"nccl_world_group"`` also name it, so scripts written for any backend run unchanged.

    Attributes:
        BACKEND (str): ``"mccl"``.
        WORLD_COMM_GROUP (str): ``"hccl_world_group"``.
        INITED (bool): True between :func:`init` and :func:`release`.
        CHECK_ENVS (bool): MindSpore's flag for checking launcher environment variables; True.

    Examples:
        >>> from mindcell.communication import GlobalComm
        >>> print(GlobalComm.BACKEND, GlobalComm.WORLD_COMM_GROUP)
        mccl hccl_world_group
    """
    BACKEND = "mccl"
    WORLD_COMM_GROUP = _comm.WORLD
    INITED = False
    CHECK_ENVS = True


def init(backend_name=None):
    """init(backend_name=None): join the process world (MPI's when started by a launcher).

    Args:
        backend_name (str): None, ``"mccl"`` or ``"mpi"`` (all the same MPI backend).

    Raises:
        TypeError: ``backend_name`` is not a str.
        ValueError: another backend (``"hccl"``, ``"nccl"``) was asked for.
        RuntimeError: started by an MPI launcher but mpi4py is missing (the message says
            what to install).

    Examples:
        >>> from mindcell.communication import init, get_rank, get_group_size
        >>> init()
        >>> get_rank(), get_group_size()
        (0, 1)
    """
    _comm.init(backend_name)
    GlobalComm.INITED = True


def release():
    """Frees the groups made by :func:`create_group` and leaves the world (``GlobalComm.INITED``
    becomes False).

    Returns:
        None.

    Examples:
        >>> from mindcell.communication import init, create_group, get_group_size, release
        >>> init()
        >>> create_group("pair_tmp", [0])
        >>> release()
        >>> get_group_size("pair_tmp")
        Traceback (most recent call last):
        ...
        ValueError: get_group_size: unknown group 'pair_tmp'; create it with create_group first
    """
    _comm.release()
    GlobalComm.INITED = False


def _checked_group(group, op):
    if group is None:
        group = GlobalComm.WORLD_COMM_GROUP
    _comm.group(group, op)
    return group


def get_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """Returns this process's rank in a group: 0 to the group's size - 1 (0 in a world of one
    process, as when a script runs without a launcher).

    Args:
        group (str): the group's name; the world is ``"hccl_world_group"`` (also spelled
            ``"mccl_world_group"`` or ``"nccl_world_group"``). Default:
            ``GlobalComm.WORLD_COMM_GROUP``.

    Returns:
        int, the rank.

    Raises:
        TypeError: ``group`` is not a str.
        ValueError: ``group`` is unknown, or this process is not in it.
        RuntimeError: this process is one of several started by an MPI launcher and
            :func:`init` has not been called.

    Examples:
        >>> from mindcell.communication import init, get_rank
        >>> init()
        >>> get_rank()
        0
    """
    return _comm.group_rank(_checked_group(group, "get_rank"), "get_rank")


def get_group_size(group=GlobalComm.WORLD_COMM_GROUP):
    """Returns the number of ranks in a group (1 for the world of a process started without a
    launcher).

    Args:
        group (str): the group's name; the world is ``"hccl_world_group"`` (also spelled
            ``"mccl_world_group"`` or ``"nccl_world_group"``). Default:
            ``GlobalComm.WORLD_COMM_GROUP``.

    Returns:
        int, the group's size.

    Raises:
        TypeError: ``group`` is not a str.
        ValueError: ``group`` is unknown.
        RuntimeError: this process is one of several started by an MPI launcher and
            :func:`init` has not been called.

    Examples:
        >>> from mindcell.communication import init, get_group_size
        >>> init()
        >>> get_group_size(), get_group_size("nccl_world_group")
        (1, 1)
    """
    return _comm.group_size(_checked_group(group, "get_group_size"), "get_group_size")


def get_local_rank(group=GlobalComm.WORLD_COMM_GROUP):
    """Returns this process's rank among the processes of its machine (world group only).

    Args:
        group (str): the group's name; the world is ``"hccl_world_group"`` (also spelled
            ``"mccl_world_group"`` or ``"nccl_world_group"``). Default:
            ``GlobalComm.WORLD_COMM_GROUP``.

    Returns:
        int, the local rank.

    Raises:
        ValueError: ``group`` is not the world group.
        RuntimeError: this process is one of several started by an MPI launcher and
            :func:`init` has not been called.

    Examples:
        >>> from mindcell.communication import init, get_local_rank
        >>> init()
        >>> get_local_rank()
        0
    """
    _check_world(group, "get_local_rank")
    return _comm.require("get_local_rank").local_rank


@shared_sections(get_local_rank, ("Args:", "Raises:"))
def get_local_rank_size(group=GlobalComm.WORLD_COMM_GROUP):
    """Returns the number of the world's processes running on this machine (world group only).

    Returns:
        int, the local size.

    Examples:
        >>> from mindcell.communication import init, get_local_rank_size
        >>> init()
        >>> get_local_rank_size()
        1
    """
    _check_world(group, "get_local_rank_size")
    return _comm.require("get_local_rank_size").local_size


def _check_world(group, op):
    if group not in _comm.WORLD_ALIASES:
        raise ValueError("%s: only the world group is supported, but got %r" % (op, group))


_HCCL_CONFIG_KEYS = ("hccl_buffer_size", "hccl_comm", "hccl_op_expansion_mode")


def _check_group_options(options):
    """MindSpore's ``GroupOptions`` only carries ``hccl_config``, settings of Ascend's HCCL
    backend that the backend in use ignores when it is not HCCL (mindcell's is MPI)."""
    if options is None:
        return
    config = getattr(options, "hccl_config", None)
    if not isinstance(config, dict):
        raise TypeError("create_group: 'options' must be None or a GroupOptions with an "
                        "'hccl_config' dict, but got %r" % (options,))
    unknown = sorted(set(config) - set(_HCCL_CONFIG_KEYS))
    if unknown:
        raise ValueError("create_group: 'options.hccl_config' supports %s, but got %s"
                         % (list(_HCCL_CONFIG_KEYS), unknown))


def create_group(group, rank_ids, options=None):
    """create_group(group, rank_ids, options=None): a named group of world ranks; every rank of
    the world must call it (it is collective over the world).

    Args:
        group (str): the group's name.
        rank_ids (list[int]): the world ranks in it (distinct).
        options (GroupOptions): MindSpore's backend settings (``hccl_config``, applied by its
            HCCL backend only): checked, with no effect on mindcell's MPI backend, as on
            MindSpore's CPU backend.

    Raises:
        TypeError: ``options`` without an ``hccl_config`` dict.
        ValueError: an ``hccl_config`` key MindSpore does not know, bad ``rank_ids``.

    Examples:
        >>> from mindcell.communication import init, create_group, get_group_size
        >>> init()
        >>> create_group("solo", [0])
        >>> get_group_size("solo")
        1
    """
    _check_group_options(options)
    _comm.create_group(group, rank_ids)


def destroy_group(group):
    """destroy_group(group): removes a group made by :func:`create_group`; every rank of the
    world calls it, as create_group.

    Args:
        group (str): the group's name.

    Raises:
        TypeError: ``group`` is not a str.
        ValueError: ``group`` is the world group or does not exist.
        RuntimeError: :func:`init` has not run.

    Examples:
        >>> from mindcell.communication import init, create_group, destroy_group
        >>> init()
        >>> create_group("pair", [0])
        >>> destroy_group("pair")
    """
    _comm.destroy_group(group)


def get_group_rank_from_world_rank(world_rank_id, group):
    """Returns the rank in ``group`` of the process whose world rank is ``world_rank_id``.

    Args:
        world_rank_id (int): a world rank that belongs to ``group``.
        group (str): the group's name (a group of :func:`create_group`, or the world).

    Returns:
        int, the rank within ``group``.

    Raises:
        TypeError: ``group`` is not a str.
        ValueError: ``group`` is unknown, or ``world_rank_id`` is not in it.
        RuntimeError: this process is one of several started by an MPI launcher and
            :func:`init` has not been called.

    Examples:
        >>> from mindcell.communication import init, get_group_rank_from_world_rank
        >>> init()
        >>> get_group_rank_from_world_rank(0, "hccl_world_group")
        0
    """
    ranks = _comm.group(group, "get_group_rank_from_world_rank")[1]
    if world_rank_id not in ranks:
        raise ValueError("get_group_rank_from_world_rank: world rank %r is not in group %r"
                         % (world_rank_id, group))
    return ranks.index(world_rank_id)


def get_world_rank_from_group_rank(group, group_rank_id):
    """Returns the world rank of the process whose rank in ``group`` is ``group_rank_id``.

    Args:
        group (str): the group's name (a group of :func:`create_group`, or the world).
        group_rank_id (int): a rank in ``group``, in [0, group size).

    Returns:
        int, the world rank.

    Raises:
        TypeError: ``group`` is not a str.
        ValueError: ``group`` is unknown, or ``group_rank_id`` is not an int in range.
        RuntimeError: this process is one of several started by an MPI launcher and
            :func:`init` has not been called.

    Examples:
        >>> from mindcell.communication import init, get_world_rank_from_group_rank
        >>> init()
        >>> get_world_rank_from_group_rank("hccl_world_group", 0)
        0
    """
    ranks = _comm.group(group, "get_world_rank_from_group_rank")[1]
    if (isinstance(group_rank_id, bool) or not isinstance(group_rank_id, int)
            or not 0 <= group_rank_id < len(ranks)):
        raise ValueError("get_world_rank_from_group_rank: 'group_rank_id' must be in [0, %d), "
                         "but got %r" % (len(ranks), group_rank_id))
    return ranks[group_rank_id]


def get_process_group_ranks(group=GlobalComm.WORLD_COMM_GROUP):
    """Returns the world ranks of the processes in a group, in group-rank order.

    Args:
        group (str): the group's name; the world is ``"hccl_world_group"`` (also spelled
            ``"mccl_world_group"`` or ``"nccl_world_group"``). Default:
            ``GlobalComm.WORLD_COMM_GROUP``.

    Returns:
        list[int], the world ranks.

    Raises:
        TypeError: ``group`` is not a str.
        ValueError: ``group`` is unknown.
        RuntimeError: this process is one of several started by an MPI launcher and
            :func:`init` has not been called.

    Examples:
        >>> from mindcell.communication import init, get_process_group_ranks
        >>> init()
        >>> get_process_group_ranks()
        [0]
    """
    return list(_comm.group(_checked_group(group, "get_process_group_ranks"),
                            "get_process_group_ranks")[1])


def barrier(group=GlobalComm.WORLD_COMM_GROUP):
    """Waits until every rank of a group has called it (as
    ``mindspore.communication.comm_func.barrier``); in a world of one process it returns at
    once.

    Args:
        group (str): the group's name; the world is ``"hccl_world_group"`` (also spelled
            ``"mccl_world_group"`` or ``"nccl_world_group"``). Default:
            ``GlobalComm.WORLD_COMM_GROUP``.

    Returns:
        None.

    Raises:
        TypeError: ``group`` is not a str.
        ValueError: ``group`` is unknown.
        RuntimeError: this process is one of several started by an MPI launcher and
            :func:`init` has not been called, or (``CommTimeout``) the other ranks did not
            arrive within ``MINDCELL_COMM_TIMEOUT`` seconds (default 120).

    Examples:
        >>> from mindcell.communication import init, barrier
        >>> init()
        >>> barrier()
    """
    _comm.barrier(_checked_group(group, "barrier"))
