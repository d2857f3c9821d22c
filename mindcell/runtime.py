"""``mindcell.runtime`` (MindSpore's ``mindspore.runtime``): every op has finished when it
returns on the CPU, so there is nothing to wait for."""

__all__ = ["synchronize", "launch_blocking"]


def synchronize():
    """synchronize(): wait for all queued work; returns at once (execution is synchronous)."""


def launch_blocking():
    """launch_blocking(): make every op run synchronously; it already does."""
