"""``export`` (a Cell as an ONNX or MINDIR file) and ``load`` (an ONNX or MINDIR file, for
``nn.GraphCell``).

ONNX export and loading need the optional ``onnx`` package (``pip install mindcell[onnx]``);
mindcell itself imports without it. MINDIR files (MindSpore's format) are written and read
without any package: the files ``export`` writes load in MindSpore 2.10 with
``mindspore.load`` + ``nn.GraphCell``, and ``load`` reads them back, as well as the files
MindSpore's own ``export`` writes.
"""
import os

from mindcell.common.tensor import Tensor
from mindcell._export._onnx_builder import import_onnx
from mindcell.nn.graph_cell import GraphCell, OnnxGraph

__all__ = ["export", "load", "GraphCell"]

_FORMATS = ["AIR", "ONNX", "MINDIR"]
# MindSpore's export options (encryption, obfuscation, quantisation, incremental MindIR):
# accepted only at their defaults, so none is silently ignored
_EXPORT_OPTIONS = ("enc_key", "enc_mode", "dataset", "obf_config", "custom_func", "incremental",
                   "quant_mode", "mean", "std_dev", "calibrate")


def _check_file_name(file_name, api):
    if isinstance(file_name, os.PathLike):
        file_name = os.fspath(file_name)
    if not isinstance(file_name, str):
        raise TypeError("For '%s', the argument 'file_name' must be a str, but got %s."
                        % (api, type(file_name).__name__))
    return file_name


def _check_options(kwargs, api, what):
    given = sorted(k for k, v in kwargs.items() if v is not None)
    if given:
        raise ValueError("For '%s', the keyword argument(s) %s are not supported by mindcell%s."
                         % (api, ", ".join(repr(k) for k in given), what))


def _check_inputs(inputs):
    for arg in inputs:
        bad = _first_non_tensor(arg)
        if bad is not None:
            raise TypeError("For 'export', the inputs must be Tensors (or tuples/lists of "
                            "Tensors, or Python numbers), but got %s." % type(bad).__name__)


def _first_non_tensor(arg):
    if isinstance(arg, (tuple, list)):
        for a in arg:
            bad = _first_non_tensor(a)
            if bad is not None:
                return bad
        return None
    if isinstance(arg, (Tensor, bool, int, float, str)) or arg is None:
        return None
    return arg


def export(net, *inputs, file_name, file_format, **kwargs):
    """Export the network ``net`` with example ``inputs`` to a model file.

    ``construct`` is traced in inference mode (``net.set_train(False)`` for the duration; each
    cell's training flag is restored after) into a graph of primitives, and each primitive is
    converted by the format's table: to ONNX operators (opset 17), or to MindSpore's primitives
    in a MINDIR file that MindSpore 2.10 loads with ``mindspore.load`` + ``nn.GraphCell``.
    Parameters keep their names (ONNX initializers, MINDIR parameters); the graph inputs are
    named after ``construct``'s arguments. The shapes are the example inputs' (static).

    Args:
        net (Cell): The network to export.
        inputs (Union[Tensor, tuple(Tensor)]): Example inputs of ``construct``.
        file_name (str): The file to write. ``".onnx"`` / ``".mindir"`` is appended unless it
            already ends with it; missing directories are created. The file is made read-only,
            as MindSpore does.
        file_format (str): ``"ONNX"`` or ``"MINDIR"``. ``"AIR"`` (Ascend-only) is not
            supported.
        kwargs (dict): MindSpore's options (``enc_key``, ``enc_mode``, ``dataset``,
            ``obf_config``, ...); none is supported, so each must be left out or None.

    Raises:
        ValueError: If ``file_format`` is not 'AIR', 'ONNX' or 'MINDIR'; if it is 'AIR'; if
            ``net`` is not a Cell; if an option in ``kwargs`` is given.
        TypeError: If ``file_name`` is not a str, or an input is not a Tensor.
        RuntimeError: If ``construct`` calls a primitive that the format's table cannot
            convert (the error names the primitive and the cell that called it).
        ImportError: If ``file_format`` is 'ONNX' and the ``onnx`` package is missing
            (``pip install mindcell[onnx]``).

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn, Tensor
        >>> net = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU()])
        >>> path = os.path.join(tempfile.mkdtemp(), "net")
        >>> ms.export(net, Tensor(np.ones((2, 3), np.float32)), file_name=path,
        ...           file_format="ONNX")
        >>> os.path.exists(path + ".onnx")
        True
        >>> ms.export(net, Tensor(np.ones((2, 3), np.float32)), file_name=path,
        ...           file_format="MINDIR")
        >>> os.path.exists(path + ".mindir")
        True
    """
    from mindcell.nn.cell import Cell
    if file_format not in _FORMATS:
        raise ValueError("For 'export', 'file_format' must be one of %s, but got %s."
                         % (_FORMATS, file_format))
    file_name = _check_file_name(file_name, "export")
    if file_format == "AIR":
        raise ValueError("For 'export', file_format 'AIR' is Ascend-only (MindSpore supports it "
                         "only with the Ascend backend); mindcell supports 'ONNX'.")
    if not isinstance(net, Cell):
        raise ValueError("Export %s format model only support nn.Cell object, but got %s."
                         % (file_format, type(net)))
    _check_options(kwargs, "export", " (file_format=%r takes none)" % file_format)
    _check_inputs(inputs)
    if file_format == "MINDIR":
        from mindcell._export._mindir_export import build_mindir
        data = build_mindir(net, inputs)
    else:
        onnx = import_onnx("export")
        from mindcell._export._onnx_export import build_model
        data = build_model(net, inputs, onnx).SerializeToString()
    suffix = "." + file_format.lower()
    if not file_name.endswith(suffix):
        file_name += suffix
    _write(file_name, data)


def _write(path, data):
    from mindcell.train._ckpt_files import atomic_write
    directory = os.path.dirname(path)
    if directory:
        os.makedirs(directory, exist_ok=True)
    atomic_write(os.path.abspath(path), write_file=lambda f: f.write(data))


def load(file_name, **kwargs):
    """Load a model file (ONNX or MINDIR) for :class:`mindcell.nn.GraphCell`.

    A ``.mindir`` file is MindSpore's format: one written by :func:`export` or by MindSpore
    2.10's ``mindspore.export`` (its ``Load``/``UpdateState``/``Depend``/``MakeTuple``/
    ``TupleGetItem`` plumbing included); it is read without any package. Every primitive of
    the file is checked here: one mindcell cannot run raises, rather than the graph giving a
    wrong answer later. A ``.onnx`` file needs the ``onnx`` package.

    Args:
        file_name (str): A ``.mindir`` file (written by ``export`` or by MindSpore) or an
            ``.onnx`` file (written by ``export``, or any ONNX model made of the operators
            ``export`` writes).
        kwargs (dict): MindSpore's options (``dec_key``, ``dec_mode``, ``obf_func``); none is
            supported (no encrypted or obfuscated models), so each must be left out or None.

    Returns:
        The loaded graph (``MindirGraph`` or ``OnnxGraph``); pass it to ``nn.GraphCell`` to
        run it.

    Raises:
        ValueError: If ``file_name`` is not a str, does not end with '.mindir' or '.onnx', or
            does not exist; if an option is given; if a MINDIR file is truncated or corrupt, or
            uses a primitive or a form mindcell cannot run (the error names the primitive and
            the file).
        ImportError: If ``file_name`` is an '.onnx' file and the ``onnx`` package is missing
            (``pip install mindcell[onnx]``).

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn, Tensor
        >>> net = nn.SequentialCell([nn.Dense(3, 2), nn.ReLU()])
        >>> x = Tensor(np.ones((1, 3), np.float32))
        >>> path = os.path.join(tempfile.mkdtemp(), "dense")
        >>> ms.export(net, x, file_name=path, file_format="MINDIR")
        >>> graph = ms.load(path + ".mindir")
        >>> graph_net = nn.GraphCell(graph)
        >>> bool(np.allclose(graph_net(x).asnumpy(), net(x).asnumpy(), rtol=1e-5))
        True
        >>> sorted(graph_net.parameters_dict())
        ['0.bias', '0.weight']
        >>> ms.export(net, x, file_name=path, file_format="ONNX")
        >>> graph_net = nn.GraphCell(ms.load(path + ".onnx"))
        >>> bool(np.allclose(graph_net(x).asnumpy(), net(x).asnumpy(), rtol=1e-5))
        True
    """
    if isinstance(file_name, os.PathLike):
        file_name = os.fspath(file_name)
    if not isinstance(file_name, str):
        raise ValueError("For 'load', the argument 'file_name' must be string, but got %s."
                         % type(file_name))
    _check_options(kwargs, "load", "")
    if not file_name.endswith((".mindir", ".onnx")):
        raise ValueError("For 'load', the argument 'file_name' should end with '.mindir' or "
                         "'.onnx', but got '%s'." % file_name)
    if not os.path.isfile(file_name):
        raise ValueError("For 'load', the argument 'file_name' ('%s') does not exist, please "
                         "check whether the 'file_name' is correct." % file_name)
    if file_name.endswith(".mindir"):
        from mindcell._export._mindir_load import load_mindir
        return load_mindir(file_name)
    onnx = import_onnx("load")
    return OnnxGraph(onnx.load(file_name), onnx)
