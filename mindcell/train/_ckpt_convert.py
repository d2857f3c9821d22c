"""``ckpt_to_safetensors`` / ``safetensors_to_ckpt``: convert checkpoint files between the
two formats."""
import logging
import os
import re

from mindcell.common.parameter import Parameter

logger = logging.getLogger("mindcell.train.serialization")


# =============================================================================================
# format conversion
# =============================================================================================
def _convert_files(file_path, save_path, name_map, file_name_regex, processes_num, src_fmt,
                   dst_fmt, func):
    from mindcell.train import serialization as ser
    file_path = ser._file_name(file_path, func)
    if save_path is not None:
        save_path = ser._file_name(save_path, func)
        if os.path.exists(save_path) and not os.path.isdir(save_path):
            raise ValueError("For '%s', save_path %s is not a directory." % (func, save_path))
    if name_map is not None and not isinstance(name_map, dict):
        raise TypeError("For '%s', 'name_map' must be a dict or None, but got %s."
                        % (func, type(name_map).__name__))
    if file_name_regex is not None and not isinstance(file_name_regex, str):
        raise TypeError("For '%s', 'file_name_regex' must be a str or None, but got %s."
                        % (func, type(file_name_regex).__name__))
    if not isinstance(processes_num, int) or isinstance(processes_num, bool) or processes_num < 1:
        raise ValueError("For '%s', 'processes_num' must be a positive int, but got %r."
                         % (func, processes_num))
    suffix = "." + src_fmt
    if os.path.isfile(file_path):
        if not file_path.endswith(suffix):
            raise ValueError("For '%s', the file %s does not end with '%s'."
                             % (func, file_path, suffix))
        jobs = [(file_path, os.path.join(save_path or os.path.dirname(file_path),
                                         os.path.basename(file_path)[:-len(suffix)]))]
    elif os.path.isdir(file_path):
        pattern = re.compile(file_name_regex) if file_name_regex else None
        jobs = []
        for root, dirs, files in os.walk(file_path):
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(suffix) or (pattern and not pattern.search(name)):
                    continue
                out_dir = root if save_path is None else os.path.join(
                    save_path, os.path.relpath(root, file_path))
                jobs.append((os.path.join(root, name),
                             os.path.join(out_dir, name[:-len(suffix)])))
    else:
        raise ValueError("For '%s', file_path %s does not exist." % (func, file_path))
    for src, dst_stem in jobs:
        loaded = ser.load_checkpoint(src, format=src_fmt)
        data = {}
        for key, value in loaded.items():
            if dst_fmt == "safetensors" and not isinstance(value, Parameter):
                logger.warning("%s: %r in %s is not a tensor; safetensors cannot hold it, so it "
                               "is left out.", func, key, src)
                continue
            data[(name_map or {}).get(key, key)] = value
        os.makedirs(os.path.dirname(dst_stem) or os.curdir, exist_ok=True)
        ser.save_checkpoint(data, dst_stem + "." + dst_fmt, format=dst_fmt)


def ckpt_to_safetensors(file_path, save_path=None, name_map=None, file_name_regex=None,
                        processes_num=1):
    """ckpt_to_safetensors(file_path, save_path=None, name_map=None, file_name_regex=None,
    processes_num=1)

    Convert a ``.ckpt`` file, or every ``.ckpt`` file under a directory (whose name matches
    ``file_name_regex``, searched), to ``.safetensors`` in ``save_path`` (default: beside each
    file; sub-directories are kept). ``name_map`` renames keys. str entries are left out (the
    format cannot hold them) and the CRC is not carried over. The conversion runs in this
    process (``processes_num`` is accepted for compatibility).

    Args:
        file_path (str): a ``.ckpt`` file or a directory.
        save_path (str, optional): the output directory. Default: ``None``.
        name_map (dict, optional): old key -> new key. Default: ``None``.
        file_name_regex (str, optional): with a directory, convert the files whose name
            matches. Default: ``None``.
        processes_num (int): a positive int. Default: ``1``.

    Raises:
        TypeError: ``name_map`` is not a dict or ``file_name_regex`` not a str.
        ValueError: the path does not exist, a file does not end with '.ckpt',
            ``save_path`` is not a directory, or ``processes_num`` is not positive.

    Examples:
        >>> import os, tempfile
        >>> import mindcell as ms
        >>> folder = tempfile.mkdtemp()
        >>> ms.save_checkpoint(ms.nn.Dense(2, 1), os.path.join(folder, "net.ckpt"))
        >>> ms.ckpt_to_safetensors(os.path.join(folder, "net.ckpt"), name_map={"bias": "b"})
        >>> path = os.path.join(folder, "net.safetensors")
        >>> sorted(ms.load_checkpoint(path, format="safetensors"))
        ['b', 'weight']
    """
    _convert_files(file_path, save_path, name_map, file_name_regex, processes_num, "ckpt",
                   "safetensors", "ckpt_to_safetensors")


def safetensors_to_ckpt(file_path, save_path=None, name_map=None, file_name_regex=None,
                        processes_num=1):
    """safetensors_to_ckpt(file_path, save_path=None, name_map=None, file_name_regex=None,
    processes_num=1): the reverse of :func:`ckpt_to_safetensors`, a ``.safetensors`` file or
    every one under a directory to ``.ckpt``.

    Args:
        file_path (str): a ``.safetensors`` file or a directory.
        save_path (str, optional): the output directory. Default: ``None`` (beside each
            file).
        name_map (dict, optional): old key -> new key. Default: ``None``.
        file_name_regex (str, optional): with a directory, convert the files whose name
            matches. Default: ``None``.
        processes_num (int): a positive int (the conversion runs in this process).
            Default: ``1``.

    Raises:
        TypeError: ``name_map`` is not a dict or ``file_name_regex`` not a str.
        ValueError: the path does not exist, a file does not end with '.safetensors',
            ``save_path`` is not a directory, or ``processes_num`` is not positive.

    Examples:
        >>> import os, tempfile
        >>> import mindcell as ms
        >>> src, out = tempfile.mkdtemp(), tempfile.mkdtemp()
        >>> ms.save_checkpoint(ms.nn.Dense(2, 1), os.path.join(src, "a.safetensors"),
        ...                    format="safetensors")
        >>> ms.safetensors_to_ckpt(src, save_path=out)
        >>> os.listdir(out)
        ['a.ckpt']
    """
    _convert_files(file_path, save_path, name_map, file_name_regex, processes_num,
                   "safetensors", "ckpt", "safetensors_to_ckpt")
