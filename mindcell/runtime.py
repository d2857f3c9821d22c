"""``mindcell.runtime`` (MindSpore's ``mindspore.runtime``): every op has finished when it
returns on the CPU, so there is nothing to wait for."""

__all__ = ["synchronize", "launch_blocking"]


def synchronize():
    """synchronize(): wait for all queued work; returns at once (execution is synchronous).

    Returns:
        None.

    Examples:
        >>> import mindcell as ms
        >>> y = ms.ops.add(ms.Tensor([1.0]), 1.0)
        >>> ms.runtime.synchronize()
        >>> print(y)
        [2.]
    """


def launch_blocking():
    """launch_blocking(): make every op run synchronously; it already does, so this changes
    nothing.

    Returns:
        None.

    Examples:
        >>> import mindcell as ms
        >>> ms.runtime.launch_blocking()
    """
