"""``DatasetCache``: MindSpore's client of a dataset cache server (``cache=`` of the sources and
of ``map``). mindcell has no cache server: a cache is a performance setting (rows read or
mapped once are served from memory on later epochs), never a change in the rows, so a pipeline
given a ``DatasetCache`` reads and maps its rows as without one, which is what MindSpore yields
with a running server. The arguments are checked as MindSpore 2.10 checks them."""
__all__ = ["DatasetCache", "check_cache"]


def _check_int(arg, value, low, high):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("Argument %s with value %r is not of type [<class 'int'>], but got %s."
                        % (arg, value, type(value)))
    if not low <= value <= high:
        raise ValueError("Input %s is not within the required interval of [%d, %d]."
                         % (arg, low, high))


class DatasetCache:
    """DatasetCache(session_id, size=0, spilling=False, hostname=None, port=None,
    num_connections=None, prefetch_size=None): a dataset cache session, passed as ``cache=``
    to a source or to ``map``.

    mindcell runs no cache server: the pipeline runs uncached and yields the rows MindSpore
    yields with a server running (the cache only saves work on later epochs).

    Args:
        session_id (int): the session (from ``cache_admin -g``), in [1, 2**32 - 1].
        size (int): the memory limit in MB (0: none), >= 0.
        spilling (bool): spill to disk when memory is full.
        hostname (str): the server's host: only ``'127.0.0.1'`` (the server runs on the same
            host), or None.
        port (int): the server's port, in [1025, 65535] (None: 50052).
        num_connections (int): connections to the server, >= 1 (None: 12).
        prefetch_size (int): rows fetched at a time, >= 1 (None: 20).

    Raises:
        TypeError: an argument of another type. ValueError: a value out of its range.
        RuntimeError: another ``hostname``.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> cache = ds.DatasetCache(session_id=1, size=0)
        >>> data = ds.NumpySlicesDataset(np.arange(3), ["x"], shuffle=False)
        >>> data = data.map(lambda x: x * 2, "x", cache=cache)
        >>> [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
        [0, 2, 4]
    """

    def __init__(self, session_id, size=0, spilling=False, hostname=None, port=None,
                 num_connections=None, prefetch_size=None):
        _check_int("session_id", session_id, 1, 4294967295)
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError("Argument size with value %r is not of type [<class 'int'>], but "
                            "got %s." % (size, type(size)))
        if size < 0:
            raise ValueError("Input size must be greater than 0.")
        if not isinstance(spilling, bool):
            raise TypeError("Argument spilling with value %r is not of type [<class 'bool'>], "
                            "but got %s." % (spilling, type(spilling)))
        if hostname is not None:
            if not isinstance(hostname, str):
                raise TypeError("Argument hostname with value %r is not of type "
                                "[<class 'str'>], but got %s." % (hostname, type(hostname)))
            if hostname != "127.0.0.1":
                raise RuntimeError("DatasetCache: now cache client has to be on the same host "
                                   "with cache server (hostname '127.0.0.1'), but got %r"
                                   % hostname)
        if port is not None:
            _check_int("port", port, 1025, 65535)
        if num_connections is not None:
            _check_int("num_connections", num_connections, 1, 2147483647)
        if prefetch_size is not None:
            _check_int("prefetch_size", prefetch_size, 1, 2147483647)
        self.session_id, self.size, self.spilling = session_id, size, spilling
        self.hostname, self.port = hostname, port
        self.prefetch_size, self.num_connections = prefetch_size, num_connections

    def get_stat(self):
        """get_stat(): the cache server's statistics.

        Raises:
            RuntimeError: always: mindcell has no cache server, so the cache is never in use
            (MindSpore raises the same before a pipeline has used the cache).
        """
        raise RuntimeError("DatasetCache.get_stat: GetStat called but the cache is not in use "
                           "(mindcell runs no cache server; pipelines run uncached)")


def check_cache(op, cache):
    """``cache=`` of a source or of ``map``: None or a :class:`DatasetCache`."""
    if cache is not None and not isinstance(cache, DatasetCache):
        raise TypeError("%s: Argument cache with value %r is not of type [DatasetCache], but "
                        "got %s." % (op, cache, type(cache)))
    return cache
