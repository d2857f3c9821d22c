"""``mutable``: MindSpore's mark for a graph input whose value may change between calls."""
import numbers

from mindcell.common.tensor import Tensor

__all__ = ["mutable"]


def mutable(input_data, dynamic_len=False):
    """mutable(input_data, dynamic_len=False): ``input_data`` marked as a variable graph input.

    Accepted so that MindSpore code runs; the value is returned as it is (GRAPH_MODE here
    compiles once per distinct value of a Python scalar or sequence input).

    Args:
        input_data (Union[Tensor, scalar, tuple, list, dict]): the value.
        dynamic_len (bool): whether a sequence may change length; a bool.

    Raises:
        TypeError: ``input_data`` is of another type, or ``dynamic_len`` is not a bool or is
            True for a non-sequence.

    Examples:
        >>> import mindcell as ms
        >>> ms.mutable((1, 2))
        (1, 2)
    """
    if not isinstance(dynamic_len, bool):
        raise TypeError("mutable: 'dynamic_len' must be a bool, but got %s"
                        % type(dynamic_len).__name__)
    ok = (Tensor, numbers.Number, tuple, list, dict)
    if not isinstance(input_data, ok):
        raise TypeError("mutable: 'input_data' must be a Tensor, scalar, tuple, list or dict, "
                        "but got %s" % type(input_data).__name__)
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError("mutable: dynamic_len=True needs a tuple or list, but got %s"
                        % type(input_data).__name__)
    return input_data
