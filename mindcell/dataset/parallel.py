"""``num_parallel_workers``: a pool of threads that computes the items of a stream out of order
and hands them back in order, so a parallel pipeline yields exactly the serial rows (numpy
releases the GIL in its loops, decoders and file reads, which is where the time goes)."""
import collections
import concurrent.futures
import numbers

__all__ = ["check_workers", "ordered_map"]


def check_workers(op, value, multiprocessing=None):
    """``num_parallel_workers`` (None: the calling thread) as a thread count; also checks the
    ``python_multiprocessing`` flag, which runs threads too."""
    if multiprocessing is not None and not isinstance(multiprocessing, bool):
        raise TypeError("%s: 'python_multiprocessing' must be a bool, but got %r"
                        % (op, multiprocessing))
    if value is None:
        return 1
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError("%s: 'num_parallel_workers' must be an int or None, but got %r"
                        % (op, value))
    if value < 1:
        raise ValueError("%s: 'num_parallel_workers' must be >= 1, but got %d" % (op, value))
    return int(value)


def ordered_map(fn, items, workers):
    """``fn(item)`` for each item of the iterable, in order. With ``workers`` > 1 up to
    ``2 * workers`` items are computed ahead by a pool of threads; an exception is raised when
    its item's turn comes, and closing the generator cancels what is still queued."""
    if workers <= 1:
        for item in items:
            yield fn(item)
        return
    pool = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="mindcell-data")
    pending = collections.deque()
    try:
        items = iter(items)
        for item in items:
            pending.append(pool.submit(fn, item))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for f in pending:
            f.cancel()
        pool.shutdown(wait=True)
