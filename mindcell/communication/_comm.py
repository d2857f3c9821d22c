"""The process world and its collectives over MPI (mpi4py), on numpy buffers only.

Without a launcher the world is this one process and nothing imports mpi4py; started by
``mpiexec`` (or ``python -m mindcell.run -n N``) the world is MPI's COMM_WORLD. Every
collective waits at most ``MINDCELL_COMM_TIMEOUT`` seconds (default 120) for its peers, so
a rank that died or never arrives ends the job with an error instead of a hang.
"""
import os
import sys
import time

import numpy as np

from mindcell._arrays import c_contiguous
# MindSpore's default spelling (its GlobalComm.WORLD_COMM_GROUP); scripts may name the world
# group of any backend.
WORLD = "hccl_world_group"
WORLD_ALIASES = (WORLD, "mccl_world_group", "nccl_world_group")
BACKENDS = ("mccl", "mpi")
_SIZE_ENV = ("PMI_SIZE", "OMPI_COMM_WORLD_SIZE", "MPI_LOCALNRANKS")
INSTALL_HINT = 'pip install "mindcell[mpi]"  (brings mpi4py and an MPI runtime from PyPI)'


class CommTimeout(RuntimeError):
    """A collective waited longer than the timeout for the other ranks."""


class _State:
    def __init__(self):
        self.inited = False
        self.comm = None  # mpi4py COMM_WORLD when the world has more than one process
        self.mpi = None
        self.rank, self.size = 0, 1
        self.local_rank, self.local_size = 0, 1
        self.groups = {}  # create_group's: name -> (mpi4py communicator or None, world ranks)


_state = _State()


def launched_size():
    """The world size an MPI launcher announced in the environment (1 when none did)."""
    for key in _SIZE_ENV:
        value = os.environ.get(key)
        if value and value.isdigit():
            return int(value)
    return 1


def timeout():
    value = os.environ.get("MINDCELL_COMM_TIMEOUT", "120")
    try:
        return float(value)
    except ValueError:
        raise ValueError("MINDCELL_COMM_TIMEOUT must be a number of seconds, but got %r"
                         % value) from None


def init(backend_name=None):
    if backend_name is not None and not isinstance(backend_name, str):
        raise TypeError("init: 'backend_name' must be a str or None, but got %s"
                        % type(backend_name).__name__)
    if backend_name is not None and backend_name not in BACKENDS:
        raise ValueError("init: mindcell runs on the CPU and communicates over MPI; "
                         "'backend_name' must be None, 'mccl' or 'mpi', but got %r"
                         % backend_name)
    if _state.inited:
        return
    if launched_size() > 1:
        _init_mpi()
    _state.inited = True


def _init_mpi():
    try:
        from mpi4py import MPI
    except ImportError:
        raise RuntimeError("init: this process was started by an MPI launcher with %d "
                           "processes, but mpi4py is not installed; install it with: %s"
                           % (launched_size(), INSTALL_HINT)) from None
    comm = MPI.COMM_WORLD
    local = comm.Split_type(MPI.COMM_TYPE_SHARED)
    _state.mpi, _state.comm = MPI, comm
    _state.rank, _state.size = comm.Get_rank(), comm.Get_size()
    _state.local_rank, _state.local_size = local.Get_rank(), local.Get_size()
    local.Free()


def release():
    for comm, _ in _state.groups.values():
        if comm is not None:
            comm.Free()
    _state.groups.clear()
    _state.inited = False


def require(op):
    """The state, checking that a multi-process world called init() first."""
    if not _state.inited and launched_size() > 1:
        raise RuntimeError("%s: call mindcell.communication.init() before communicating "
                           "(this process is one of %d started by an MPI launcher)"
                           % (op, launched_size()))
    return _state


def group(name, op):
    """``(communicator or None, world ranks)`` of a group name."""
    st = require(op)
    if not isinstance(name, str):
        raise TypeError("%s: 'group' must be a str, but got %s" % (op, type(name).__name__))
    if name in WORLD_ALIASES:
        return st.comm, tuple(range(st.size))
    if name not in st.groups:
        raise ValueError("%s: unknown group %r; create it with create_group first" % (op, name))
    return st.groups[name]


def group_size(name, op):
    return len(group(name, op)[1])


def group_rank(name, op):
    ranks = group(name, op)[1]
    if _state.rank not in ranks:
        raise ValueError("%s: rank %d is not in group %r" % (op, _state.rank, name))
    return ranks.index(_state.rank)


def create_group(name, rank_ids):
    st = require("create_group")
    if not isinstance(name, str) or not isinstance(rank_ids, (list, tuple)):
        raise TypeError("create_group: 'group' must be a str and 'rank_ids' a list of ints")
    ranks = tuple(rank_ids)
    if (len(ranks) < 1 or len(set(ranks)) != len(ranks)
            or any(isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < st.size
                   for r in ranks)):
        raise ValueError("create_group: 'rank_ids' must be distinct ranks in [0, %d), but got "
                         "%r" % (st.size, list(rank_ids)))
    if name in WORLD_ALIASES or name in st.groups:
        raise ValueError("create_group: group %r already exists" % name)
    comm = None
    if st.comm is not None:  # collective over the world: every rank calls create_group
        color = 0 if st.rank in ranks else st.mpi.UNDEFINED
        key = ranks.index(st.rank) if st.rank in ranks else 0
        comm = st.comm.Split(color, key)
    st.groups[name] = (comm, ranks)


def destroy_group(name):
    st = require("destroy_group")
    if not isinstance(name, str):
        raise TypeError("For 'destroy_group', the argument 'group' must be type of string, but "
                        "got 'group' type : %s" % type(name))
    if name in WORLD_ALIASES:
        raise ValueError("destroy_group: the world group %r cannot be destroyed" % name)
    if name not in st.groups:
        raise ValueError("destroy_group: group %r does not exist (create it with create_group)"
                         % name)
    comm = st.groups.pop(name)[0]
    if comm is not None and comm != st.mpi.COMM_NULL:
        comm.Free()


# ----- collectives on numpy arrays ----------------------------------------------------------
_WIDEN = {np.dtype(np.float16): np.dtype(np.float32)}  # MPI has no half type


def _wait(req, op):
    """Poll a nonblocking request, or a list of them, (polling drives MPI's progress) until
    the timeout."""
    limit = timeout()
    deadline = time.monotonic() + limit
    spins = 0
    test = req.Test if not isinstance(req, list) else (lambda: _state.mpi.Request.Testall(req))
    while not test():
        spins += 1
        if spins % 256 == 0 and time.monotonic() > deadline:
            raise CommTimeout("%s: rank %d waited %g s for the other ranks (one of them "
                              "failed or is stuck); set MINDCELL_COMM_TIMEOUT to wait longer"
                              % (op, _state.rank, limit))


def _mpi_op(name):
    mpi = _state.mpi
    return {"sum": mpi.SUM, "max": mpi.MAX, "min": mpi.MIN, "prod": mpi.PROD}[name]


def _buffer(x, op):
    if x.dtype == np.bool_:
        raise TypeError("%s: bool tensors cannot be reduced; cast them to int32 first" % op)
    wide = _WIDEN.get(x.dtype)
    return c_contiguous(x, wide if wide is not None else x.dtype)


def all_reduce(x, reduce_op="sum", group_name=WORLD, out=None):
    """All-reduce of ``x`` over ``group_name``; the result is written to ``out`` if given."""
    comm, _ = group(group_name, "AllReduce")
    if comm is None or comm.Get_size() == 1:
        if out is None:
            return np.array(x, copy=True)
        np.copyto(out, x)
        return out
    send = _buffer(x, "AllReduce")
    recv = out if (out is not None and out.dtype == send.dtype
                   and out.flags.c_contiguous) else np.empty_like(send)
    _wait(comm.Iallreduce(send, recv, _mpi_op(reduce_op)), "AllReduce")
    if out is not None and recv is not out:
        np.copyto(out, recv, casting="unsafe")
        return out
    return recv.astype(x.dtype, copy=False)


_CHUNK_BYTES = 4 << 20  # of a bucket's concurrent all-reduces
_pool = {}  # (owner, slot) -> the persistent flat buffer of one gradient bucket


def _pooled(key, n, dtype):
    buf = _pool.get(key)
    # Reuse the buffer unless a view of its last result is still alive somewhere (then it
    # gets a new one): only this dict, `buf` and getrefcount's argument refer to a free one.
    if buf is None or buf.size != n or buf.dtype != dtype or sys.getrefcount(buf) > 3:
        buf = _pool[key] = np.empty(n, dtype)
    return buf


def drop_buffers(owner):
    """Free the persistent buffers of ``owner`` (a DistributedGradReducer's token)."""
    for key in [k for k in _pool if k[0] == owner]:
        del _pool[key]


def bucket_all_reduce(arrays, group_name, scale, key):
    """The sum over the group of the concatenated flattened ``arrays``, times ``scale``, in a
    persistent buffer of ``key`` (allocated once, so no page faults per step), reduced and
    scaled in place."""
    comm, _ = group(group_name, "AllReduce")
    send = [_buffer(a, "AllReduce") for a in arrays]
    buf = _pooled(key, sum(a.size for a in send), send[0].dtype)
    np.concatenate([a.reshape(-1) for a in send], out=buf)
    if comm is not None and comm.Get_size() > 1:
        # In place, in chunks all under way at once: MPICH then overlaps their phases; on
        # 64 MB (2 ranks, shared memory) this took about 0.6x a single blocking Allreduce.
        step = max(1, _CHUNK_BYTES // buf.itemsize)
        _wait([comm.Iallreduce(_state.mpi.IN_PLACE, buf[i:i + step], _state.mpi.SUM)
               for i in range(0, buf.size, step)], "AllReduce")
    if scale != 1.0:
        if buf.dtype.kind == "f":
            np.multiply(buf, scale, out=buf)
        else:
            buf = buf * scale
    return buf.astype(arrays[0].dtype, copy=False)


def all_gather(x, group_name=WORLD):
    """Concatenation along axis 0 of every rank's ``x`` (same shapes), in rank order."""
    comm, _ = group(group_name, "AllGather")
    if comm is None or comm.Get_size() == 1:
        return np.array(x, copy=True)
    send = c_contiguous(x)
    recv = np.empty((comm.Get_size() * send.shape[0],) + send.shape[1:] if send.ndim
                    else (comm.Get_size(),), send.dtype)
    _wait(comm.Iallgather(send, recv), "AllGather")
    return recv


def broadcast(x, root, group_name=WORLD, inplace=False):
    """``x`` of the group rank ``root`` on every rank (written into ``x`` when inplace)."""
    comm, _ = group(group_name, "Broadcast")
    if comm is None or comm.Get_size() == 1:
        return x if inplace else np.array(x, copy=True)
    buf = x if (inplace and x.flags.c_contiguous) else np.array(x, copy=True, order="C")
    _wait(comm.Ibcast(buf, root), "Broadcast")
    if inplace and buf is not x:
        np.copyto(x, buf)
        return x
    return buf


def barrier(group_name=None):
    """Wait for every rank of ``group_name`` (None: the world; a no-op before init)."""
    comm = _state.comm if group_name is None else group(group_name, "barrier")[0]
    if comm is not None:
        _wait(comm.Ibarrier(), "barrier")
