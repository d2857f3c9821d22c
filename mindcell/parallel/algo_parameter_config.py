"""``mindcell.parallel.algo_parameter_config`` (MindSpore's
``mindspore.parallel.algo_parameter_config``): the settings of the strategy-search algorithm of
auto-parallel training. One CPU process never searches a strategy; the settings are kept,
checked and reported as MindSpore 2.10 does, so programs that set them run unchanged."""
import numpy as np

__all__ = ["set_algo_parameters", "get_algo_parameters", "reset_algo_parameters"]

# key -> (type, default) as MindSpore 2.10 reports them on CPU
_DEFAULTS = {
    "fully_use_devices": (bool, False),
    "elementwise_op_strategy_follow": (bool, False),
    "tensor_slice_align_enable": (bool, False),
    "tensor_slice_align_size": (int, 16),
    "enable_algo_approxi": (bool, False),
    "algo_approxi_epsilon": (float, float(np.float32(0.1))),
}
_values = {key: default for key, (_, default) in _DEFAULTS.items()}


def set_algo_parameters(**kwargs):
    """set_algo_parameters(**kwargs): set the strategy-search parameters of auto-parallel.

    One process runs every operator unsharded, so no strategy is searched; the values are kept
    for :func:`get_algo_parameters`.

    Args:
        fully_use_devices (bool): only search strategies that use every device.
        elementwise_op_strategy_follow (bool): element-wise ops follow their inputs' strategy.
        tensor_slice_align_enable (bool): align the shapes of MatMul's slices.
        tensor_slice_align_size (int): the alignment, in [1, 1024].
        enable_algo_approxi (bool): approximate the search.
        algo_approxi_epsilon (float): the approximation's epsilon, in (0, 1].

    Raises:
        ValueError: an unknown keyword, or tensor_slice_align_size outside [1, 1024].
        TypeError: a value of another type than the keyword's.
        RuntimeError: algo_approxi_epsilon outside (0, 1].

    Examples:
        >>> from mindcell.parallel import set_algo_parameters, get_algo_parameters
        >>> set_algo_parameters(elementwise_op_strategy_follow=True)
        >>> get_algo_parameters("elementwise_op_strategy_follow")
        True
        >>> from mindcell.parallel import reset_algo_parameters
        >>> reset_algo_parameters()
    """
    checked = {}
    for key, value in kwargs.items():
        if key not in _DEFAULTS:
            raise ValueError("Set context keyword %s is not recognized!" % key)
        kind = _DEFAULTS[key][0]
        if not isinstance(value, kind):  # (True is an int, as in MindSpore)
            raise TypeError("The parameter '%s' must be %s, but got %s" % (key, kind, type(value)))
        if key == "tensor_slice_align_size":
            if not 1 <= value <= 1024:
                raise ValueError("Align_size must be in [1, 1024], but got %s" % value)
            value = int(value)
        if key == "algo_approxi_epsilon":
            if not 0 < value <= 1:
                raise RuntimeError("'epsilon' must be in (0, 1]")
            value = float(np.float32(value))
        checked[key] = value
    _values.update(checked)


def get_algo_parameters(attr_key):
    """get_algo_parameters(attr_key): the value of one strategy-search parameter.

    Args:
        attr_key (str): a keyword of :func:`set_algo_parameters`.

    Returns:
        bool, int or float: its value (the default until set).

    Raises:
        ValueError: an unknown key.

    Examples:
        >>> from mindcell.parallel import get_algo_parameters
        >>> get_algo_parameters("tensor_slice_align_size")
        16
    """
    if not isinstance(attr_key, str) or attr_key not in _DEFAULTS:
        raise ValueError("Get context keyword %s is not recognized!" % (attr_key,))
    return _values[attr_key]


def reset_algo_parameters():
    """reset_algo_parameters(): every strategy-search parameter back to its default.

    Examples:
        >>> from mindcell.parallel import reset_algo_parameters, get_algo_parameters
        >>> reset_algo_parameters()
        >>> get_algo_parameters("fully_use_devices")
        False
    """
    _values.update({key: default for key, (_, default) in _DEFAULTS.items()})
