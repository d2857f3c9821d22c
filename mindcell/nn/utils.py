"""``mindcell.nn.utils`` (MindSpore's module path): ``no_init_parameters``."""
import contextlib

__all__ = ["no_init_parameters"]


@contextlib.contextmanager
def no_init_parameters():
    """Context manager under which MindSpore defers filling new Parameters until
    ``Cell.init_parameters_data()`` or their first use, to save time and memory when a
    checkpoint will overwrite them anyway.

    mindcell fills a Parameter when it is created (its ``init_data`` and
    ``init_parameters_data`` have nothing left to do), so under this context Parameters get
    the same values they would get without it; the values a program sees are unchanged.

    Returns:
        A context manager (it yields nothing).

    Examples:
        >>> import mindcell as ms
        >>> with ms.nn.no_init_parameters():
        ...     net = ms.nn.Dense(3, 2, weight_init="ones")
        >>> net.init_parameters_data() is not None
        True
        >>> float(net.weight.asnumpy().sum())
        6.0
    """
    yield
