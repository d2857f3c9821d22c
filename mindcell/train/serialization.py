"""Checkpoints: ``save_checkpoint``, ``load_checkpoint`` and ``load_param_into_net`` in
MindSpore's ``.ckpt`` format (shared with MindSpore in both directions) and in safetensors.
Writes are atomic: a temporary file in the same directory, then a rename."""
import difflib
import logging
import numbers
import os
import tempfile

import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.train import _ckpt_format as fmt

logger = logging.getLogger("mindcell")
_FORMATS = ("ckpt", "safetensors")


def _entries_from(save_obj, choice_func):
    """(name, array) pairs of what to save, in MindSpore's order."""
    from mindcell.nn.cell import Cell
    if isinstance(save_obj, Cell):
        pairs = [(p.name, p._data) for _, p in save_obj.parameters_and_names()]
    elif isinstance(save_obj, dict):
        pairs = [(k, _array(v, k)) for k, v in save_obj.items()]
    elif isinstance(save_obj, (list, tuple)):
        pairs = []
        for item in save_obj:
            if not isinstance(item, dict) or "name" not in item or "data" not in item:
                raise TypeError("save_checkpoint: list items must be {'name': ..., 'data': ...}")
            pairs.append((item["name"], _array(item["data"], item["name"])))
    else:
        raise TypeError("save_checkpoint: 'save_obj' must be a Cell, a dict or a list of dicts, "
                        "but got %s" % type(save_obj).__name__)
    if choice_func is not None:
        pairs = [(n, a) for n, a in pairs if choice_func(n)]
    return pairs


def _array(value, name):
    if isinstance(value, Tensor):
        return value._data
    if isinstance(value, np.ndarray):
        return value
    raise TypeError("save_checkpoint: the value of %r must be a Tensor, but got %s"
                    % (name, type(value).__name__))


def _append_entries(append_dict):
    out = []
    for k, v in (append_dict or {}).items():
        if isinstance(v, bool):
            out.append((k, np.asarray(v, np.bool_), None))
        elif isinstance(v, numbers.Integral):
            out.append((k, np.asarray(v, np.int64), None))
        elif isinstance(v, numbers.Real):
            out.append((k, np.asarray(v, np.float32), None))
        elif isinstance(v, str):
            out.append((k, None, v))
        elif isinstance(v, Tensor):
            out.append((k, v._data, None))
        else:
            raise TypeError("save_checkpoint: append_dict values must be int, float, bool, str "
                            "or Tensor, but %r is %s" % (k, type(v).__name__))
    return out


def _atomic_write(path, data):
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".tmp_", suffix=".ckpt")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False,
                    append_dict=None, enc_key=None, enc_mode="AES-GCM", choice_func=None,
                    crc_check=False, format="ckpt", **kwargs):
    """save_checkpoint(save_obj, ckpt_file_name, ..., append_dict=None, choice_func=None,
    crc_check=False, format='ckpt'): write parameters (of a Cell, a dict or a list of
    ``{'name', 'data'}``) to a MindSpore checkpoint. Returns None."""
    if format not in _FORMATS:
        raise ValueError("save_checkpoint: 'format' must be 'ckpt' or 'safetensors', but got %r"
                         % (format,))
    if enc_key is not None:
        raise NotImplementedError("save_checkpoint: encrypted checkpoints are MindSpore-specific "
                                  "and not supported by mindcell")
    if not isinstance(ckpt_file_name, (str, os.PathLike)):
        raise TypeError("save_checkpoint: 'ckpt_file_name' must be a path")
    path = os.fspath(ckpt_file_name)
    if not path.endswith("." + format):
        path += "." + format
    entries = _entries_from(save_obj, choice_func)
    extra = _append_entries(append_dict)
    if format == "safetensors":
        _save_safetensors(path, entries, extra, crc_check)
        return None
    data = b"".join(fmt.encode_value(n, a) for n, a in entries if a.size)
    data += b"".join(fmt.encode_value(n, a, t) for n, a, t in extra)
    if crc_check:
        data += fmt.crc_trailer(data)
    _atomic_write(path, data)
    return None


def _save_safetensors(path, entries, extra, crc_check):
    from safetensors.numpy import save
    tensors = {n: np.ascontiguousarray(a) for n, a in entries}
    metadata = {"format": "ms"}
    for name, arr, text in extra:
        if text is not None:
            metadata[name] = text
        else:
            tensors[name] = np.ascontiguousarray(arr).reshape(arr.shape)
    data = save(tensors, metadata=metadata)
    if crc_check:
        import zlib
        metadata["crc_num"] = str(zlib.crc32(data) & 0xFFFFFFFF)
        data = save(tensors, metadata=metadata)
    _atomic_write(path, data)


def _read_entries(path, format, crc_check):
    if not isinstance(path, (str, os.PathLike)) or not os.path.isfile(path):
        raise ValueError("load_checkpoint: the checkpoint file %r does not exist" % (path,))
    if format == "safetensors":
        from safetensors.numpy import load
        try:
            with open(path, "rb") as f:
                return list(load(f.read()).items())
        except Exception as e:
            raise ValueError("load_checkpoint: %r is not a valid safetensors file (%s)"
                             % (path, e)) from None
    with open(path, "rb") as f:
        data = f.read()
    try:
        return fmt.decode(data, crc_check)
    except (ValueError, UnicodeDecodeError) as e:
        raise ValueError("load_checkpoint: %r is not a valid MindSpore checkpoint (%s)"
                         % (os.fspath(path), e)) from None


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None,
                    dec_key=None, dec_mode="AES-GCM", specify_prefix=None, choice_func=None,
                    crc_check=False, remove_redundancy=False, format="ckpt"):
    """load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, ...,
    format='ckpt'): a dict name -> Parameter (strings from append_dict stay str); loaded into
    ``net`` as well when given."""
    if format not in _FORMATS:
        raise ValueError("load_checkpoint: 'format' must be 'ckpt' or 'safetensors', but got %r"
                         % (format,))
    if dec_key is not None:
        raise NotImplementedError("load_checkpoint: encrypted checkpoints are not supported")
    prefixes = (filter_prefix,) if isinstance(filter_prefix, str) else tuple(filter_prefix or ())
    keep = (specify_prefix,) if isinstance(specify_prefix, str) else tuple(specify_prefix or ())
    result = {}
    for name, value in _read_entries(ckpt_file_name, format, crc_check):
        if prefixes and name.startswith(prefixes):
            continue
        if keep and not name.startswith(keep):
            continue
        if choice_func is not None and not choice_func(name):
            continue
        result[name] = value if isinstance(value, str) else Parameter(Tensor._make(value),
                                                                       name=name)
    if net is not None:
        load_param_into_net(net, result, strict_load)
    return result


def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """load_param_into_net(net, parameter_dict, strict_load=False): copy checkpoint values into
    the net's Parameters (matched by name). Returns ``(param_not_load, ckpt_not_load)``.
    Everything is checked before anything is copied: on error no parameter changes."""
    from mindcell.nn.cell import Cell
    if not isinstance(net, Cell):
        raise TypeError("load_param_into_net: 'net' must be a Cell, but got %s"
                        % type(net).__name__)
    if not isinstance(parameter_dict, dict):
        raise TypeError("load_param_into_net: 'parameter_dict' must be a dict, but got %s"
                        % type(parameter_dict).__name__)
    for k, v in parameter_dict.items():
        if not isinstance(v, (Parameter, str)):
            raise TypeError("load_param_into_net: the value of %r must be a Parameter, but got "
                            "%s" % (k, type(v).__name__))
    plan, param_not_load, used = [], [], set()
    for p in net.get_parameters():
        key = _match(p.name, parameter_dict, strict_load)
        if key is None:
            param_not_load.append(p.name)
            continue
        used.add(key)
        value = parameter_dict[key]._data
        if value.shape != p.shape:
            raise RuntimeError("load_param_into_net: the shape of %r is %s in the checkpoint "
                               "but %s in the net" % (p.name, value.shape, p.shape))
        if value.dtype != p._data.dtype:
            if strict_load or value.dtype.kind != "f" or p._data.dtype.kind != "f":
                raise RuntimeError("load_param_into_net: %r has dtype %s in the checkpoint but "
                                   "%s in the net" % (p.name, value.dtype, p._data.dtype))
            logger.warning("load_param_into_net: %r converted from %s to %s", p.name,
                           value.dtype, p._data.dtype)
        plan.append((p, value))
    for p, value in plan:
        p.set_data(Tensor._make(value.astype(p._data.dtype, copy=True)))
    ckpt_not_load = [k for k, v in parameter_dict.items()
                     if k not in used and not isinstance(v, str)]
    if param_not_load:
        for name in param_not_load:
            close = difflib.get_close_matches(name, ckpt_not_load, n=2)
            logger.warning("load_param_into_net: %r was not loaded%s", name,
                           " (close checkpoint names: %s)" % ", ".join(close) if close else "")
    return param_not_load, ckpt_not_load


def _match(name, parameter_dict, strict_load):
    if name in parameter_dict and isinstance(parameter_dict[name], Parameter):
        return name
    if strict_load:
        return None
    # a parameter saved under a longer prefixed name (e.g. 'network.fc.weight') still matches
    for key, value in parameter_dict.items():
        if isinstance(value, Parameter) and key.endswith("." + name):
            return key
    return None
