"""Checkpoints: ``save_checkpoint``, ``load_checkpoint``, ``load_param_into_net``,
``load_checkpoint_async``.

Files are MindSpore's: ``.ckpt`` (protobuf messages, see ``_ckpt_proto``) and ``.safetensors``
(through the ``safetensors`` package), so checkpoints move between MindSpore and mindcell in
both directions. Differences from MindSpore, all on the safe side:

* writes are atomic: the data goes to a unique temporary file in the target directory, is
  flushed to disk, then renamed over the target; a crash leaves the old file (or none), never a
  truncated one. (MindSpore deletes the old file first.) Like MindSpore, the finished file is
  made read-only for its owner. Temporary files are removed when a save fails, and those of
  killed saves are removed by the next save of the same file (``_ckpt_files``);
* loading verifies everything the format allows (``_ckpt_load``): the CRC whenever the file has
  one (``crc_check=True`` also demands one), every record's length against its dims and type,
  and only regular files are opened (a FIFO or ``/dev/urandom`` is refused, not read);
* ``load_param_into_net`` checks every value (shape, dtype) before it changes anything, so when
  it raises, the network is exactly as it was; loaded values are copied, never shared with the
  dictionary;
* bfloat16 tensors save and load as BFloat16 (ckpt ``tensor_type``) / BF16 (safetensors);
* Parameters loaded from a safetensors file are named after their keys (MindSpore leaves them
  unnamed);
* encryption (``enc_key`` / ``dec_key``) raises NotImplementedError.
"""
import atexit
import logging
import numbers
import os
import threading

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.train import _ckpt_proto as proto
from mindcell.train import _safetensors_io as st_io
from mindcell.train import _ckpt_files as files
from mindcell.train import _ckpt_load as ckpt_load
from mindcell.train import _rank0
from mindcell.train._ckpt_convert import ckpt_to_safetensors, safetensors_to_ckpt
from mindcell.train._param_load import _cell_class, _check_bool, load_param_into_net
from mindcell._export import export, load  # noqa: F401  (mindspore.train.serialization.export)

__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net", "load_checkpoint_async",
           "export", "load",
           "async_ckpt_thread_status", "ckpt_to_safetensors", "safetensors_to_ckpt"]

logger = logging.getLogger(__name__)

# MindSpore splits a tensor whose bytes exceed 512 MiB into consecutive Values of at most this
# many bytes (same tag, full dims in each); readers join them.
SLICE_BYTES = 512 * 1024 * 1024

_FORMATS = ("ckpt", "safetensors")

_STR_TYPE = ckpt_load.STR_TYPE



# =============================================================================================
# helpers
# =============================================================================================
def _file_name(value, func):
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise TypeError("For '%s', the argument 'ckpt_file_name' must be a str, but got %s."
                        % (func, type(value).__name__))
    return value


def _check_format(format, func):
    if format not in _FORMATS:
        raise ValueError("For '%s', the argument 'format' must be 'ckpt' or 'safetensors', but "
                         "got %r." % (func, format))


def _array_of(value):
    """The numpy array behind a Tensor/Parameter/ndarray (no copy)."""
    if isinstance(value, Tensor):
        return value._data
    return np.asarray(value)


def _tensor_type(arr):
    """MindSpore's ``tensor_type`` string (``str(dtype)``) for a numpy array."""
    try:
        return str(mstype.from_numpy_dtype(arr.dtype.newbyteorder("=")))
    except TypeError:
        raise TypeError("save_checkpoint: cannot save an array of numpy type %s" % arr.dtype) \
            from None


def _le_bytes(arr):
    """C-order little-endian bytes of ``arr`` as a flat uint8 memoryview (no copy when
    possible)."""
    arr = st_io.c_order(arr)
    if arr.dtype.byteorder == ">":
        arr = arr.astype(arr.dtype.newbyteorder("<"))
    return memoryview(arr.reshape(-1).view(np.uint8))


# =============================================================================================
# save_checkpoint
# =============================================================================================
def _entries_from_cell(cell, choice_func):
    out = []
    for _, param in cell.parameters_and_names():
        name = param.name
        if choice_func is not None and not choice_func(name):
            continue
        out.append((name, param))
    return out


def _entries_from_list(save_obj, choice_func):
    out = []
    if not save_obj:
        return out
    if isinstance(save_obj[0], dict):
        for item in save_obj:
            if not (isinstance(item, dict) and "name" in item and "data" in item):
                raise TypeError("For 'save_checkpoint', when save_obj is a list of dicts, each "
                                "dict must have the keys 'name' and 'data', but got %r." % (item,))
            if not isinstance(item["name"], str):
                raise TypeError("For 'save_checkpoint', the 'name' of a save_obj item must be a "
                                "str, but got %s." % type(item["name"]).__name__)
            if not isinstance(item["data"], Tensor):
                raise TypeError("For 'save_checkpoint', the 'data' of the save_obj item %r must "
                                "be a Parameter or Tensor, but got %s."
                                % (item["name"], type(item["data"]).__name__))
            if choice_func is not None and not choice_func(item["name"]):
                continue
            out.append((item["name"], item["data"]))
    else:
        for item in save_obj:
            if not isinstance(item, Parameter):
                raise TypeError("For 'save_checkpoint', a save_obj list must hold Parameters or "
                                "{'name', 'data'} dicts, but got %s." % type(item).__name__)
            if choice_func is not None and not choice_func(item.name):
                continue
            out.append((item.name, item))
    return out


def _entries_from_dict(save_obj, choice_func):
    out = []
    for key, value in save_obj.items():
        if not isinstance(key, str):
            raise TypeError("For 'save_checkpoint', the keys of a save_obj dict must be str, but "
                            "got %s." % type(key).__name__)
        if not isinstance(value, (Tensor, np.ndarray, str)):
            raise TypeError("For 'save_checkpoint', the value of %r in save_obj must be a "
                            "Parameter, Tensor, numpy array or str, but got %s."
                            % (key, type(value).__name__))
        if choice_func is not None and not choice_func(key):
            continue
        out.append((key, value))
    return out


def _check_append_dict(append_dict):
    if append_dict is None:
        return {}
    if not isinstance(append_dict, dict):
        raise TypeError("For 'save_checkpoint', the argument 'append_dict' must be a dict, but "
                        "got %s." % type(append_dict).__name__)
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (numbers.Number, str, Tensor)) \
                or isinstance(value, complex):
            raise TypeError("For 'save_checkpoint', 'append_dict' must map str to int, float, "
                            "bool, str, Parameter or Tensor, but got key %s, value %s."
                            % (type(key).__name__, type(value).__name__))
    return append_dict


def _append_value(value):
    if isinstance(value, (str, Tensor)):
        return value
    # int -> Int64, float -> Float32, bool -> Bool (0-d), as Tensor(value) does
    return Tensor(value)


def _collect(save_obj, append_dict, choice_func):
    """name -> numpy array or str, in the order MindSpore writes them."""
    if isinstance(save_obj, _cell_class()):
        items = _entries_from_cell(save_obj, choice_func)
    elif isinstance(save_obj, list):
        items = _entries_from_list(save_obj, choice_func)
    elif isinstance(save_obj, dict):
        items = _entries_from_dict(save_obj, choice_func)
    else:
        raise TypeError("For 'save_checkpoint', the argument 'save_obj' must be a Cell, list or "
                        "dict, but got %s." % type(save_obj).__name__)
    items.extend((k, _append_value(v)) for k, v in append_dict.items())
    data = {}
    for name, value in items:
        if isinstance(value, str):
            data[name] = value
        else:
            arr = _array_of(value)
            _tensor_type(arr)  # unsupported dtypes fail here, before any file is touched
            data[name] = arr
    return data


def _ckpt_pieces(name, value):
    """The byte pieces of ``name``'s Values: (header, content) pairs."""
    if isinstance(value, str):
        content = value.encode("utf-32-le") or b"\x00" * 4  # numpy's '<U1' for ''
        yield proto.value_header(name, [0], _STR_TYPE, len(content))
        yield content
        return
    arr = value
    if arr.size == 0:
        return  # MindSpore writes no Value for a zero-size tensor
    tensor_type = _tensor_type(arr)
    dims = list(arr.shape)
    raw = _le_bytes(arr)
    for start in range(0, len(raw), SLICE_BYTES):
        chunk = raw[start:start + SLICE_BYTES]
        yield proto.value_header(name, dims, tensor_type, len(chunk))
        yield chunk


def _write_ckpt(f, data, crc_check):
    crc = 0
    for name, value in data.items():
        for piece in _ckpt_pieces(name, value):
            f.write(piece)
            if crc_check:
                crc = proto.crc32(piece, crc)
    if crc_check:
        f.write(proto.crc_trailer(crc))


def _check_no_str(data, path):
    for name, value in data.items():
        if isinstance(value, str):
            raise TypeError("save_checkpoint: %r is the str %r, which the safetensors format "
                            "cannot store (while writing %s); save it with format='ckpt'."
                            % (name, value, path))


def _safetensors_payload(data, crc_check, remove_redundancy, path):
    _check_no_str(data, path)
    tensors = {name: st_io.c_order(data[name]) for name in sorted(data)}
    metadata = {"format": "ms"}
    if isinstance(remove_redundancy, bool):
        metadata["remove_redundancy"] = str(remove_redundancy)
    if crc_check:
        metadata["crc_num"] = str(st_io.crc_of(tensors))
    return tensors, metadata


def _exec_save(path, data, crc_check, format, remove_redundancy):
    try:
        if format == "ckpt":
            files.atomic_write(path, write_file=lambda f: _write_ckpt(f, data, crc_check))
        else:
            tensors, metadata = _safetensors_payload(data, crc_check, remove_redundancy, path)
            files.atomic_write(path, write_path=lambda p: st_io.save(p, tensors, metadata))
    except BaseException:
        logger.error("Failed to save the checkpoint file %s.", path)
        raise


_async_lock = threading.Lock()
_async_threads = []


def _wait_async_save():
    """Wait for every background save_checkpoint to finish."""
    with _async_lock:
        threads = list(_async_threads)
        _async_threads.clear()
    for t in threads:
        t.join()


atexit.register(_wait_async_save)


def async_ckpt_thread_status():
    """async_ckpt_thread_status(): whether a ``save_checkpoint(..., async_save=True)`` is still
    writing.

    Returns:
        bool, True while a background save runs.

    Examples:
        >>> import os, tempfile
        >>> import mindcell as ms
        >>> path = os.path.join(tempfile.mkdtemp(), "net.ckpt")
        >>> ms.save_checkpoint(ms.nn.Dense(2, 2), path, async_save=True)
        >>> while ms.async_ckpt_thread_status():
        ...     pass
        >>> os.path.exists(path)
        True
    """
    with _async_lock:
        return any(t.is_alive() for t in _async_threads)


def _async_worker(path, data, crc_check, format, remove_redundancy):
    try:
        _exec_save(path, data, crc_check, format, remove_redundancy)
    except Exception:  # the caller has gone on; the log is all it can get
        logger.exception("Asynchronous save of the checkpoint file %s failed.", path)


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False,
                    append_dict=None, enc_key=None, enc_mode="AES-GCM", choice_func=None,
                    crc_check=False, format="ckpt", **kwargs):
    """save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False,
    append_dict=None, enc_key=None, enc_mode='AES-GCM', choice_func=None, crc_check=False,
    format='ckpt', **kwargs)

    Save parameters to a MindSpore checkpoint file (``.ckpt``, or ``.safetensors`` with
    ``format='safetensors'``). The suffix ``.<format>`` is added when ``ckpt_file_name`` does
    not end with it. The write is atomic.

    Args:
        save_obj: a Cell (its parameters, keyed by ``Parameter.name``), a list of Parameters or
            of ``{"name": str, "data": Tensor}`` dicts, or a dict name -> Parameter/Tensor/str
            (for example what ``load_checkpoint`` returned).
        ckpt_file_name (str): the file to write (replaced if it exists).
        integrated_save (bool): accepted for compatibility (no model parallelism here).
        async_save (Union[bool, str]): write in a background thread (``True``, ``"thread"`` or
            ``"process"``, which also uses a thread); the values are copied first.
        append_dict (dict): extra entries: int (saved as Int64), float (Float32), bool, str,
            Tensor.
        enc_key: encryption is not supported (NotImplementedError).
        choice_func (callable): ``choice_func(name) -> bool`` keeps the parameters it accepts.
        crc_check (bool): append a CRC32 of the content (``.ckpt``: a 17-byte trailer;
            safetensors: the ``crc_num`` metadata); ``load_checkpoint`` always verifies it.
        format (str): ``'ckpt'`` or ``'safetensors'``.

    In data parallel on several ranks only rank 0 writes; the others return at once without
    waiting for it (call ``communication.barrier()`` before reading the file on another rank);
    ``MINDCELL_SAVE_ON_ALL_RANKS=1`` makes every rank write its own file.

    Examples:
        >>> import os, tempfile
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> path = os.path.join(tempfile.mkdtemp(), "dense.ckpt")
        >>> ms.save_checkpoint(nn.Dense(3, 2), path)
        >>> sorted(ms.load_checkpoint(path))
        ['bias', 'weight']
    """
    _check_format(format, "save_checkpoint")
    if not isinstance(save_obj, (_cell_class(), list, dict)):
        raise TypeError("For 'save_checkpoint', the argument 'save_obj' must be a Cell, list or "
                        "dict, but got %s." % type(save_obj).__name__)
    path = _file_name(ckpt_file_name, "save_checkpoint")
    path = os.path.realpath(path)
    if os.path.isdir(path):
        raise IsADirectoryError("For 'save_checkpoint', ckpt_file_name %s is a directory; it "
                                "must be a file name." % path)
    if not path.endswith(format):
        path += "." + format
    _check_bool("integrated_save", integrated_save, "save_checkpoint")
    if not isinstance(async_save, (bool, str)):
        raise TypeError("For 'save_checkpoint', the argument 'async_save' must be a bool or str, "
                        "but got %s." % type(async_save).__name__)
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', 'async_save' can only be 'process' or 'thread', "
                         "but got %r." % async_save)
    append_dict = _check_append_dict(append_dict)
    if enc_key is not None and not isinstance(enc_key, bytes):
        raise TypeError("For 'save_checkpoint', 'enc_key' must be bytes or None, but got %s."
                        % type(enc_key).__name__)
    if not isinstance(enc_mode, str):
        raise TypeError("For 'save_checkpoint', 'enc_mode' must be a str, but got %s."
                        % type(enc_mode).__name__)
    _check_bool("crc_check", crc_check, "save_checkpoint")
    unknown = set(kwargs) - {"remove_redundancy", "incremental", "global_step_num"}
    if unknown:
        raise TypeError("For 'save_checkpoint', unexpected keyword arguments %s."
                        % sorted(unknown))
    remove_redundancy = kwargs.get("remove_redundancy", None)
    if remove_redundancy is not None and not isinstance(remove_redundancy, bool):
        raise TypeError("For 'save_checkpoint', 'remove_redundancy' must be a bool or None, but "
                        "got %s." % type(remove_redundancy).__name__)
    if format == "safetensors":
        for name, value, default in (("enc_key", enc_key, None), ("enc_mode", enc_mode, "AES-GCM"),
                                     ("incremental", kwargs.get("incremental", False), False),
                                     ("global_step_num", kwargs.get("global_step_num"), None)):
            if value != default:
                raise ValueError("For 'save_checkpoint', when format is 'safetensors', the "
                                 "parameter '%s' must be set to default value '%s', but got "
                                 "'%s'." % (name, default, value))
    if enc_key is not None:
        raise NotImplementedError("save_checkpoint: encrypted checkpoints (enc_key) are "
                                  "MindSpore-specific and not supported by mindcell")
    if choice_func is not None and not callable(choice_func):
        raise TypeError("For 'save_checkpoint', 'choice_func' must be callable, but got %s."
                        % type(choice_func).__name__)

    # In data parallel only rank 0 writes. The others return at once, without waiting for
    # rank 0: a wait would hang the common ``if get_rank() == 0: save_checkpoint(...)``
    # scripts. A rank that reads the file right after saving calls
    # ``communication.barrier()`` first.
    if _rank0.writes_here():
        _save(save_obj, append_dict, choice_func, path, async_save, crc_check, format,
              remove_redundancy)


def _save(save_obj, append_dict, choice_func, path, async_save, crc_check, format,
          remove_redundancy):
    data = _collect(save_obj, append_dict, choice_func)
    if format == "safetensors":
        _check_no_str(data, path)
    if async_save:
        data = {k: (v if isinstance(v, str) else np.array(v, copy=True)) for k, v in data.items()}
        _wait_async_save()
        t = threading.Thread(target=_async_worker, name="asyn_save_ckpt",
                             args=(path, data, crc_check, format, remove_redundancy))
        with _async_lock:
            _async_threads.append(t)
        t.start()
        return
    _exec_save(path, data, crc_check, format, remove_redundancy)


# =============================================================================================
# load_checkpoint
# =============================================================================================
def _check_prefix(prefix, which):
    if prefix is None:
        return None
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError("For 'load_checkpoint', '%s' must be a str, list[str] or tuple[str], but "
                        "got %s." % (which, type(prefix).__name__))
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not prefix:
        raise ValueError("For 'load_checkpoint', '%s' cannot be an empty list or tuple." % which)
    for i, p in enumerate(prefix):
        if not isinstance(p, str):
            raise TypeError("For 'load_checkpoint', the elements of '%s' must be str, but got %s "
                            "at index %d." % (which, type(p).__name__, i))
        if p == "":
            raise ValueError("For 'load_checkpoint', '%s' cannot contain ''." % which)
    return tuple(prefix)


def _selector(specify_prefix, filter_prefix, choice_func):
    """name -> bool. The deprecated prefixes, when given, override choice_func (MindSpore)."""
    if specify_prefix is None and filter_prefix is None:
        if choice_func is None:
            return lambda name: True
        return lambda name: bool(choice_func(name))

    def keep(name):
        if specify_prefix and not name.startswith(specify_prefix):
            return False
        if filter_prefix and name.startswith(filter_prefix):
            return False
        return True
    return keep


def _check_load_file(ckpt_file_name, format):
    path = _file_name(ckpt_file_name, "load_checkpoint")
    _check_format(format, "load_checkpoint")
    if not path.endswith(format):
        raise ValueError("For 'load_checkpoint', the checkpoint file name must end with the format "
                         "%r, but got file name %r." % (format, path))
    return os.path.realpath(path), path


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None,
                    dec_key=None, dec_mode="AES-GCM", specify_prefix=None, choice_func=None,
                    crc_check=False, remove_redundancy=False, format="ckpt"):
    """load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None,
    dec_key=None, dec_mode='AES-GCM', specify_prefix=None, choice_func=None, crc_check=False,
    remove_redundancy=False, format='ckpt')

    Read a MindSpore checkpoint (``.ckpt`` or, with ``format='safetensors'``, ``.safetensors``).

    Args:
        ckpt_file_name (str): the file.
        net (Cell, optional): a network to load the values into. Default: ``None``.
        strict_load (bool): passed to ``load_param_into_net``. Default: ``False``.
        filter_prefix (Union[str, list[str]], optional): deprecated: leave out the entries
            with these prefixes. Default: ``None``.
        dec_key (bytes, optional): encrypted checkpoints are not supported; must be None.
            Default: ``None``.
        dec_mode (str): the decryption mode (unused without ``dec_key``). Default:
            ``'AES-GCM'``.
        specify_prefix (Union[str, list[str]], optional): deprecated: load only the entries
            with these prefixes. Default: ``None``.
        choice_func (Callable, optional): ``choice_func(name) -> bool`` selects the entries.
            Default: ``None``.
        crc_check (bool): require the file's CRC. Default: ``False``.
        remove_redundancy (bool): MindSpore's redundancy-removed checkpoints (one process
            holds everything here). Default: ``False``.
        format (str): ``'ckpt'`` or ``'safetensors'``. Default: ``'ckpt'``.

    Returns:
        dict: name -> Parameter (``requires_grad=True``), in file order (safetensors: sorted
        names); str entries saved through ``append_dict`` come back as str. When ``net`` is
        given the values are also loaded into it with ``load_param_into_net``.

    Raises:
        ValueError: the file does not exist, is not a regular file (FIFO, device,
            directory), is damaged, truncated or not a checkpoint, fails its CRC check (checked
            whenever the file has a CRC), has no CRC although ``crc_check=True``, or nothing is
            left after filtering. ``net`` is not changed when loading raises.
        TypeError: an argument has the wrong type.

    ``choice_func(name) -> bool`` selects the entries to load; the deprecated
    ``specify_prefix`` / ``filter_prefix`` (str or sequence of str) override it.

    Examples:
        >>> import os, tempfile
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> path = os.path.join(tempfile.mkdtemp(), "dense.ckpt")
        >>> ms.save_checkpoint(nn.Dense(3, 2), path)
        >>> ms.load_checkpoint(path, choice_func=lambda n: n.startswith("w"))
        {'weight': Parameter (name=weight, shape=(2, 3), dtype=Float32, requires_grad=True)}
    """
    specify_prefix = _check_prefix(specify_prefix, "specify_prefix")
    filter_prefix = _check_prefix(filter_prefix, "filter_prefix")
    if dec_key is not None and not isinstance(dec_key, bytes):
        raise TypeError("For 'load_checkpoint', 'dec_key' must be bytes or None, but got %s."
                        % type(dec_key).__name__)
    if not isinstance(dec_mode, str):
        raise TypeError("For 'load_checkpoint', 'dec_mode' must be a str, but got %s."
                        % type(dec_mode).__name__)
    _check_bool("crc_check", crc_check, "load_checkpoint")
    _check_bool("remove_redundancy", remove_redundancy, "load_checkpoint")
    _check_bool("strict_load", strict_load, "load_checkpoint")
    if choice_func is not None and not callable(choice_func):
        raise TypeError("For 'load_checkpoint', 'choice_func' must be callable, but got %s."
                        % type(choice_func).__name__)
    _check_format(format, "load_checkpoint")
    if format == "safetensors" and (dec_key is not None or dec_mode != "AES-GCM"):
        raise ValueError("For 'load_checkpoint', when format is 'safetensors', 'dec_key' and "
                         "'dec_mode' must keep their defaults.")
    if dec_key is not None:
        raise NotImplementedError("load_checkpoint: encrypted checkpoints (dec_key) are "
                                  "MindSpore-specific and not supported by mindcell")
    if net is not None and not isinstance(net, _cell_class()):
        raise TypeError("For 'load_checkpoint', 'net' must be a Cell or None, but got %s."
                        % type(net).__name__)
    path, given = _check_load_file(ckpt_file_name, format)
    if specify_prefix or filter_prefix:
        logger.warning("For 'load_checkpoint', 'specify_prefix' and 'filter_prefix' are "
                       "deprecated; use 'choice_func' instead.")
    keep = _selector(specify_prefix, filter_prefix, choice_func)
    if format == "ckpt":
        parameter_dict = ckpt_load.load_ckpt(path, keep, crc_check, given)
    else:
        parameter_dict = ckpt_load.load_safetensors(path, keep, crc_check, given)
    if not parameter_dict:
        raise ValueError("The parameter dict loaded from %s is empty after filtering; check "
                         "'choice_func', 'filter_prefix' and 'specify_prefix'." % path)
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load, remove_redundancy)
    return parameter_dict


class _ParamDictFuture:
    """What ``load_checkpoint_async`` returns: ``result()`` waits for the dict."""

    def __init__(self, executor, future):
        self._executor = executor
        self._future = future

    def result(self):
        try:
            return self._future.result()
        finally:
            self._executor.shutdown(wait=False)

    def done(self):
        return self._future.done()


def load_checkpoint_async(ckpt_file_name, net=None, strict_load=False, filter_prefix=None,
                          dec_key=None, dec_mode="AES-GCM", specify_prefix=None, choice_func=None):
    """load_checkpoint_async(ckpt_file_name, net=None, strict_load=False, filter_prefix=None,
    dec_key=None, dec_mode='AES-GCM', specify_prefix=None, choice_func=None):
    ``load_checkpoint`` in a background thread; the format follows the file name's suffix.

    Args:
        ckpt_file_name (str): the ``.ckpt`` or ``.safetensors`` file.
        net, strict_load, filter_prefix, dec_key, dec_mode, specify_prefix, choice_func:
            as in :func:`load_checkpoint`.

    Returns:
        An object whose ``result()`` gives (or raises) what ``load_checkpoint`` would.

    Raises:
        TypeError: ``ckpt_file_name`` is not a str; the other errors of
            :func:`load_checkpoint` come from ``result()``.

    Examples:
        >>> import os, tempfile
        >>> import mindcell as ms
        >>> path = os.path.join(tempfile.mkdtemp(), "net.ckpt")
        >>> ms.save_checkpoint(ms.nn.Dense(2, 2), path)
        >>> sorted(ms.load_checkpoint_async(path).result())
        ['bias', 'weight']
    """
    from concurrent.futures import ThreadPoolExecutor
    name = _file_name(ckpt_file_name, "load_checkpoint_async")
    format = "safetensors" if name.endswith(".safetensors") else "ckpt"
    executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="load_ckpt")
    future = executor.submit(load_checkpoint, name, net, strict_load, filter_prefix, dec_key,
                             dec_mode, specify_prefix, choice_func, format=format)
    return _ParamDictFuture(executor, future)


# =============================================================================================
# sliced parameters and the checkpoint type tables
# =============================================================================================
def merge_sliced_parameter(sliced_parameters, strategy=None):
    """Joins the slices of one parameter (as saved by each device of a parallel run, in rank
    order) along axis 0 into one Parameter of that name.

    Args:
        sliced_parameters (list[Parameter]): the slices, all of one name, rank and shape past
            axis 0.
        strategy (dict): the parallel strategy to reorder the slices by. Default: ``None`` (the
            slices are in order). Giving one is not supported: mindcell is data parallel only,
            where parameters are not sliced.

    Returns:
        Parameter, named as the slices, with ``requires_grad`` of the first, its dtype the
        slices' common (promoted) dtype.

    Raises:
        TypeError: ``sliced_parameters`` is not a list of Parameters.
        ValueError: it is empty, or the names, ranks or shapes past axis 0 differ.
        NotImplementedError: ``strategy`` is given.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> parts = [ms.Parameter(ms.Tensor(np.array([i, i], np.float32)), "w") for i in range(2)]
        >>> merged = ms.merge_sliced_parameter(parts)
        >>> print(merged.name, merged.asnumpy())
        w [0. 0. 1. 1.]
    """
    if not isinstance(sliced_parameters, list):
        raise TypeError("merge_sliced_parameter: 'sliced_parameters' must be a list of "
                        "Parameter, but got %s" % type(sliced_parameters).__name__)
    if not sliced_parameters:
        raise ValueError("merge_sliced_parameter: 'sliced_parameters' should not be empty")
    if strategy is not None:
        raise NotImplementedError("merge_sliced_parameter: 'strategy' is not supported by "
                                  "mindcell (model parallel slicing; mindcell is data parallel "
                                  "only); give the slices in order and strategy=None")
    for i, p in enumerate(sliced_parameters):
        if not isinstance(p, Parameter):
            raise TypeError("merge_sliced_parameter: the element in 'sliced_parameters' should "
                            "be 'Parameter', but got %s at index %d" % (type(p).__name__, i))
    first = sliced_parameters[0]
    for p in sliced_parameters[1:]:
        if p.name != first.name or p.ndim != first.ndim or p.shape[1:] != first.shape[1:]:
            raise ValueError("merge_sliced_parameter: the slices must have the same name, "
                             "dimension length and shape except axis 0: %s %s, but got %s %s"
                             % (first.name, tuple(first.shape), p.name, tuple(p.shape)))
    data = np.concatenate([p.asnumpy().reshape((-1,) if p.ndim == 0 else p.shape)
                           for p in sliced_parameters])
    return Parameter(Tensor(data), first.name, requires_grad=first.requires_grad)


def _type_tables():
    from mindcell.common.dtype_names import string
    names = ("Int8", "UInt8", "Int16", "UInt16", "Int32", "UInt32", "Int64", "UInt64",
             "Float16", "Float32", "Float64", "Bool", "BFloat16")
    ms_types = {n: mstype.to_dtype(n.lower().replace("bool", "bool_")) for n in names}
    ms_types["str"] = string
    return ms_types


tensor_to_ms_type = _type_tables()


def tensor_to_np_type(tensor_type_str):
    """The numpy type of a checkpoint's ``tensor_type`` string (``'Float32'`` ->
    ``numpy.float32``; ``'str'`` -> ``'U'``), or None for an unknown one.

    Args:
        tensor_type_str (str): the type name as checkpoints store it.

    Returns:
        Union[type, str, None].

    Examples:
        >>> from mindcell.train import serialization
        >>> serialization.tensor_to_np_type("Int16")
        <class 'numpy.int16'>
    """
    if tensor_type_str == "str":
        return "U"
    found = tensor_to_ms_type.get(tensor_type_str)
    return None if found is None else np.dtype(found.np_dtype).type


__all__ += ["merge_sliced_parameter"]  # the type tables stay module attributes, as in MindSpore
