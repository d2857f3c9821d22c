"""``load_param_into_net``: copy a dict of Parameters into a network, all-or-nothing.

Every value is checked (shape, dtype) and copied before any Parameter changes, so when it
raises, the network is exactly as it was.
"""
import difflib
import logging

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor

logger = logging.getLogger("mindcell.train.serialization")

# dtypes load_param_into_net converts between when strict_load=False (as MindSpore does)
_FLOAT_TYPES = frozenset((mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16))
_INT_TYPES = frozenset((mstype.int8, mstype.int16, mstype.int32, mstype.int64))


def _cell_class():
    from mindcell.nn.cell import Cell
    return Cell


def _check_bool(name, value, func):
    if not isinstance(value, bool):
        raise TypeError("For '%s', the argument '%s' must be a bool, but got %s."
                        % (func, name, type(value).__name__))
    return value


# =============================================================================================
# load_param_into_net
# =============================================================================================
def _new_value(param, new_param, strict_load, notes):
    """The array ``param`` will hold: validated (shape, dtype) and already copied.
    Raises RuntimeError (nothing has been changed yet)."""
    src = new_param._data
    shape = tuple(param.shape)
    if src.shape != shape:
        n = len(shape)
        # MindSpore accepts extra trailing dims of 1, e.g. (12, 2048, 1, 1) -> (12, 2048)
        if not (src.ndim > n and src.shape[:n] == shape and all(d == 1 for d in src.shape[n:])):
            raise RuntimeError(
                "For 'load_param_into_net', %s in the argument 'net' should have the same shape "
                "as %s in the argument 'parameter_dict'. But got its shape %s in the argument "
                "'net' and shape %s in the argument 'parameter_dict'. Nothing was loaded."
                % (param.name, param.name, shape, src.shape))
        src = src.reshape(shape)
    dst_dtype, src_dtype = param.dtype, new_param.dtype
    if src_dtype != dst_dtype:
        pair = {src_dtype, dst_dtype}
        if strict_load or not (pair <= _FLOAT_TYPES or pair <= _INT_TYPES):
            raise RuntimeError(
                "For 'load_param_into_net', %s in the argument 'net' should have the same type as "
                "%s in the argument 'parameter_dict'. But got its type %s in the argument 'net' "
                "and type %s in the argument 'parameter_dict'.%s Nothing was loaded."
                % (param.name, param.name, dst_dtype, src_dtype,
                   " (strict_load=True converts no types.)" if strict_load and
                   (pair <= _FLOAT_TYPES or pair <= _INT_TYPES) else ""))
        notes.append("The type of %s:%s in 'parameter_dict' is different from the type of it in "
                     "'net':%s, then the type convert from %s to %s in the network."
                     % (new_param.name, src_dtype, dst_dtype, src_dtype, dst_dtype))
        return src.astype(dst_dtype.np_dtype)
    return np.array(src, copy=True)


def _loadable(value):
    """Entries load_param_into_net can put into a Parameter (str / map entries are skipped)."""
    return isinstance(value, Parameter)


def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False)

    Copy the values of ``parameter_dict`` (name -> Parameter, as ``load_checkpoint`` returns)
    into the Parameters of ``net`` with the same ``name``; the Parameters stay the same objects.

    With ``strict_load=False``, float values convert to the Parameter's float type and int
    values to its int type (logged), and a network parameter missing from the dict is looked
    for under a common prefix (``"net." + name``); ``strict_load=True`` does neither.

    Args:
        net (Cell): the network.
        parameter_dict (dict): name -> Parameter.
        strict_load (bool): no type conversion and no prefix search. Default: ``False``.
        remove_redundancy (bool): MindSpore's redundancy-removed checkpoints (one process
            holds everything here). Default: ``False``.

    Returns:
        tuple: ``(param_not_load, ckpt_not_load)``: the names of the network's parameters that
        got no value, and the dict's keys that were not loaded.

    Raises:
        TypeError: ``net`` is not a Cell, ``parameter_dict`` is not a dict of str -> Parameter.
        RuntimeError: a shape or type does not match. Everything is checked before anything
            is copied, so after an error the network is unchanged.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> net = nn.Dense(2, 1)
        >>> values = {"weight": ms.Parameter(ms.Tensor(np.ones((1, 2), np.float32)), name="weight")}
        >>> ms.load_param_into_net(net, values)
        (['bias'], [])
    """
    if not isinstance(net, _cell_class()):
        raise TypeError("For 'load_param_into_net', the argument 'net' should be a Cell, but got "
                        "%s." % type(net).__name__)
    if not isinstance(parameter_dict, dict):
        raise TypeError("For 'load_param_into_net', the argument 'parameter_dict' should be a "
                        "dict, but got %s." % type(parameter_dict).__name__)
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError("For 'load_param_into_net', the items of 'parameter_dict' should be "
                            "str -> Parameter, but got %s -> %s%s."
                            % (type(key).__name__, type(value).__name__,
                               " (wrap Tensors in ms.Parameter)" if isinstance(value, Tensor)
                               else ""))
    _check_bool("strict_load", strict_load, "load_param_into_net")
    _check_bool("remove_redundancy", remove_redundancy, "load_param_into_net")

    net_params = [p for _, p in net.parameters_and_names()]
    plan = []       # (param, new array): applied only after everything validated
    notes = []      # conversion messages, logged once the load goes ahead
    param_not_load = []
    ckpt_not_load = list(parameter_dict.keys())
    for param in net_params:
        name = param.name
        if name in parameter_dict:
            value = parameter_dict[name]
            if not _loadable(value):
                continue
            plan.append((param, _new_value(param, value, strict_load, notes)))
            if name in ckpt_not_load:
                ckpt_not_load.remove(name)
        else:
            if name.startswith("accu_grads"):
                continue
            param_not_load.append(name)

    if param_not_load and not strict_load:
        _plan_prefixed(net_params, parameter_dict, param_not_load, strict_load, plan, notes)

    for param, arr in plan:
        param.set_data(Tensor._make(arr))
    for note in notes:
        logger.warning(note)
    if param_not_load:
        _report_not_loaded(param_not_load, ckpt_not_load, parameter_dict)
    return param_not_load, ckpt_not_load


def _plan_prefixed(net_params, parameter_dict, param_not_load, strict_load, plan, notes):
    """MindSpore's fallback: when a dict key is ``<prefix> + <net name>`` for some parameter
    that did not load, load every missing parameter found under that prefix; repeat."""
    keys = [k for k, v in parameter_dict.items() if _loadable(v)]
    tried = set()
    while param_not_load:
        prefix = None
        for net_name in param_not_load:
            for key in keys:
                if len(key) > len(net_name) and key.endswith(net_name) and \
                        key[:-len(net_name)] not in tried:
                    prefix = key[:-len(net_name)]
                    break
            if prefix is not None:
                break
        if prefix is None:
            return
        tried.add(prefix)
        logger.warning("For 'load_param_into_net', remove parameter prefix name: %s, continue "
                       "to load.", prefix)
        for param in net_params:
            full = prefix + param.name
            if param.name in param_not_load and full in parameter_dict and \
                    _loadable(parameter_dict[full]):
                plan.append((param, _new_value(param, parameter_dict[full], strict_load, notes)))
                param_not_load.remove(param.name)


def _report_not_loaded(param_not_load, ckpt_not_load, parameter_dict):
    candidates = [k for k in ckpt_not_load if _loadable(parameter_dict.get(k))]
    lines = []
    for name in param_not_load:
        close = difflib.get_close_matches(name, candidates, n=3, cutoff=0.6)
        lines.append("  %s%s" % (name, " (close checkpoint keys: %s)" % ", ".join(close)
                                 if close else ""))
    logger.warning("For 'load_param_into_net', %d parameters in the 'net' are not loaded, because "
                   "they are not in the 'parameter_dict'; check whether the network structure is "
                   "the one the checkpoint was saved from:\n%s", len(param_not_load),
                   "\n".join(lines))
