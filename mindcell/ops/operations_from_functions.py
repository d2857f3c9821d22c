"""MindSpore 2.10's Primitive classes whose work an ``ops`` function of mindcell already does
(``ops.GLU(axis)(x)`` is ``ops.glu(x, axis)``), generated from one record each.

A record names the class, the function, MindSpore's ``__init__`` parameters (the attributes) and
how each attribute becomes one of the function's keywords (the same name unless mapped, with a
converter where MindSpore spells a default with a sentinel, such as ``Logit``'s ``eps=-1.0`` for
"no clamping"). The class binds its constructor to MindSpore's signature, keeps the attributes
as instance attributes and in ``attrs`` (as MindSpore's do), and its call passes the inputs
positionally to the function, which keeps the one definition of the op's checks, kernel and
gradient. The doc is derived from the function's (see ``operations._simple``)."""
import inspect
import textwrap

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F, operations
from mindcell.ops._prim_docs import _as_input, _derived_example, _entries, _sections
from mindcell.ops.primitive import Primitive


class PrimRecord:
    """One generated class.

    Args:
        name (str): the class name.
        function (Union[str, callable]): the ``ops`` function its call runs, or a documented
            function of this module for a class MindSpore has no function for.
        init (str): MindSpore's constructor parameters, e.g. ``"(axis=-1)"``.
        attrs (dict[str, str]): constructor parameter -> the function's keyword, where they
            differ; a parameter mapped to ``None`` changes nothing on a CPU (``use_locking``)
            and is kept as an attribute only.
        convert (dict[str, callable]): constructor parameter -> its value as the function
            takes it.
        example (tuple[str, str]): a call of the class (``ops.Name(...)(...)``) on
            ``x = Tensor(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32))`` and what printing it
            shows; derived from the function's example when not given.
    """

    def __init__(self, name, function, init="()", attrs=None, convert=None, example=None):
        self.name, self.init = name, init
        self.fn = function if callable(function) else None
        self.function = function.__name__ if callable(function) else function
        self.attrs, self.convert, self.example = attrs or {}, convert or {}, example


def _init_signature(text):
    return inspect.signature(eval("lambda %s: None" % text[1:-1], {"mindspore": mstype}))


def _doc(record, fn, init_sig, keywords):
    """MindSpore's Primitive doc from the function's: the head naming the call, the summary,
    Args (the attributes, from the function's Args of their keywords), Inputs (the rest of its
    positional Args), Outputs (its Returns), Raises and an Example calling the class."""
    fdoc = _sections(inspect.getdoc(fn) or "")
    entries = dict(_entries(fdoc.get("Args:", "")))
    bound = {kw: attr for attr, kw in keywords.items() if kw is not None}
    inputs = _inputs(fn, keywords)
    attrs = ", ".join(str(p) for p in init_sig.parameters.values())
    passed = ", ".join(inputs + ["%s=%s" % (kw, attr) for kw, attr in bound.items()])
    target = "ops." + record.function if record.fn is None else record.function
    head = "%s(%s)(%s): calls ``%s(%s)``." % (record.name, attrs, ", ".join(inputs), target,
                                             passed)
    ignored = [a for a, kw in keywords.items() if kw is None]
    if ignored:
        head += (" %s only orders concurrent updates on MindSpore's devices; mindcell's "
                 "updates run in call order, so it is kept as an attribute only." % ", ".join(
                     "``%s``" % a for a in ignored))
    parts = [textwrap.fill(head, 96), fdoc.get("", "").strip()]
    args = [(attr, entries.get(kw, "%s: see ``ops.%s``." % (kw, record.function)))
            for attr, kw in keywords.items() if kw is not None]
    if args:
        parts.append("Args:\n" + "\n".join(
            textwrap.fill(attr + text[len(text.split(" ")[0]):] if text.startswith(kw_name)
                          else text, 96, initial_indent="    ", subsequent_indent="        ")
            for (attr, text), kw_name in zip(args, [keywords[a] for a, _ in args])))
    parts.append("Inputs:\n" + "\n".join(
        textwrap.fill(_as_input(entries.get(name, name + ": an input.")), 96,
                      initial_indent="    ", subsequent_indent="      ") for name in inputs))
    for section, title in (("Returns:", "Outputs:"), ("Raises:", "Raises:")):
        if fdoc.get(section):
            parts.append(title + "\n" + "\n".join("    " + ln.strip() for ln in
                                                   fdoc[section].split("\n") if ln.strip()))
    if record.example is not None:
        call, shown = record.example
        parts.append("Examples:\n    >>> import numpy as np\n    >>> import mindcell as ms\n"
                     "    >>> from mindcell import Tensor, ops\n"
                     "    >>> x = Tensor(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32))\n"
                     "    >>> print(%s)\n    %s" % (call, shown.replace("\n", "\n    ")))
    elif fdoc.get("Examples:") and record.fn is None and all(
            p.default is not p.empty for p in init_sig.parameters.values()):
        example = _derived_example(record.name, record.function,
                                   inspect.cleandoc(fdoc["Examples:"]))
        if example:
            parts.append("Examples:\n" + textwrap.indent(example, "    "))
    return "\n\n".join(parts) + "\n"


def _inputs(fn, keywords):
    """The call's inputs: the function's parameters that no attribute sets, in order."""
    bound = set(keywords.values())
    return [p.name for p in inspect.signature(fn).parameters.values()
            if p.kind == p.POSITIONAL_OR_KEYWORD and p.name not in bound]


def _make(record):
    fn = record.fn or getattr(F, record.function)
    init_sig = _init_signature(record.init)
    fn_params = inspect.signature(fn).parameters
    keywords = {a: record.attrs.get(a, a) for a in init_sig.parameters}
    for attr, kw in keywords.items():
        if kw is not None and kw not in fn_params:
            raise AssertionError("%s: ops.%s has no parameter %r for attribute %r"
                                 % (record.name, record.function, kw, attr))
    convert, name = record.convert, record.name

    def __init__(self, *args, **kwargs):
        try:
            bound = init_sig.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError("ops.%s: %s; its parameters are %s" % (name, e, init_sig)) from None
        bound.apply_defaults()
        Primitive.__init__(self)
        for attr, value in bound.arguments.items():
            self.add_prim_attr(attr, value)

    input_names = _inputs(fn, keywords)

    def __call__(self, *inputs, **named):
        if len(inputs) > len(input_names):
            raise TypeError("ops.%s: the call takes at most %d inputs (%s), but got %d"
                            % (name, len(input_names), ", ".join(input_names), len(inputs)))
        wrong = sorted(set(named) - set(input_names[len(inputs):]))
        if wrong:
            raise TypeError("ops.%s: unexpected or repeated input %s; its inputs are (%s)"
                            % (name, ", ".join(wrong), ", ".join(input_names)))
        kw = {keywords[a]: convert.get(a, lambda v: v)(getattr(self, a))
              for a in init_sig.parameters if keywords[a] is not None}
        kw.update(zip(input_names, inputs))  # by name: attributes may sit between inputs
        kw.update(named)  # inputs given by name, as MindSpore's calls accept them
        try:
            return fn(**kw)
        except (TypeError, ValueError, NotImplementedError) as e:
            if ("ops.%s:" % name) in str(e) or str(e).startswith(name + ":"):
                raise
            # name the class the user called, not the function that checked the argument
            raise type(e)("ops.%s: %s" % (name, e)) from None

    fn_params = inspect.signature(fn).parameters
    __call__.__signature__ = inspect.Signature(  # help() and tools see the real inputs
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
        + [fn_params[n].replace(kind=inspect.Parameter.POSITIONAL_OR_KEYWORD)
           for n in input_names])
    __init__.__signature__ = init_sig.replace(parameters=[
        inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        *init_sig.parameters.values()])
    cls = type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                    "_function": staticmethod(fn),
                                    "__doc__": _doc(record, fn, init_sig, keywords)})
    cls.__module__ = "mindcell.ops"  # where pickle and repr find it
    return cls


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _no_eps(eps):
    return None if _is_number(eps) and eps < 0 else eps  # MindSpore's eps=-1.0: no clamping


def _dim(dim):
    # MindSpore's dim=-65530: the first axis of size 3
    return None if _is_number(dim) and dim == -65530 else dim


def squared_difference(x, y):
    """``(x - y) ** 2``, elementwise.

    Args:
        x (Union[Tensor, int, float]): the first operand.
        y (Union[Tensor, int, float]): the second, broadcast against ``x``.

    Returns:
        Tensor of the broadcast shape and promoted dtype.

    Raises:
        TypeError: neither operand is a Tensor.
    """
    return F.square(F.sub(x, y))


def scatter_sub(input_x, indices, updates):
    """Subtracts ``updates`` from the rows of the Parameter ``input_x`` at ``indices`` (its first
    axis), in place; repeated indices subtract every update.

    Args:
        input_x (Parameter): the Parameter updated.
        indices (Tensor): int32 or int64 row indices, any shape.
        updates (Tensor): ``indices.shape + input_x.shape[1:]``, ``input_x``'s dtype.

    Returns:
        Tensor, the updated value of ``input_x`` (it shares the Parameter's data).

    Raises:
        TypeError: ``input_x`` is not a Parameter or ``indices`` not an int Tensor.
        ValueError: the shapes do not fit.
    """
    if not isinstance(updates, Tensor) or updates.dtype == mstype.bool_:
        raise TypeError("ScatterSub: 'updates' must be a Tensor of a number dtype, but got %r"
                        % (updates,))
    return F.scatter_nd_add(input_x, F.expand_dims(indices, -1), F.neg(updates))


def embedding_lookup(params, indices, offset):
    """The rows of ``params`` at ``indices - offset`` (MindSpore's shard-local lookup; on one
    device ``offset`` is 0); an id outside ``[0, params.shape[0])`` after the subtraction (a row
    of another shard, or a negative id) gives a row of zeros, as in MindSpore 2.10.

    Args:
        params (Tensor): the table, its first axis the rows.
        indices (Tensor): int row ids, any shape.
        offset (int): subtracted from ``indices``.

    Returns:
        Tensor of shape ``indices.shape + params.shape[1:]``.

    Raises:
        TypeError: ``params`` or ``indices`` is not a Tensor, or ``offset`` not an int.
    """
    if not isinstance(offset, int) or isinstance(offset, bool):
        raise TypeError("EmbeddingLookup: 'offset' must be an int, but got %r" % (offset,))
    if not isinstance(params, Tensor) or not isinstance(indices, Tensor):
        raise TypeError("EmbeddingLookup: 'params' and 'indices' must be Tensors, but got %s "
                        "and %s" % (type(params).__name__, type(indices).__name__))
    if params.ndim < 1:
        raise ValueError("EmbeddingLookup: 'params' must have rank >= 1, but got a 0-d Tensor")
    ids = F.sub(indices, offset) if offset else indices
    inside = F.logical_and(F.ge(ids, 0), F.lt(ids, params.shape[0]))
    rows = F.gather(params, F.where(inside, ids, F.zeros_like(ids)), 0)
    mask = F.reshape(inside, tuple(inside.shape) + (1,) * (params.ndim - 1))
    return F.where(F.broadcast_to(mask, rows.shape), rows, F.zeros_like(rows))


def batch_norm_training_outputs(input_x, scale, bias, mean, variance, is_training=False,
                                epsilon=1e-5, momentum=0.1, data_format="NCHW"):
    """Batch normalization as MindSpore's BatchNorm primitive computes it: ``y`` and four
    per-channel outputs, which in training are (0, 0, the batch mean, the batch variance) and
    otherwise zeros; training also moves ``mean`` and ``variance`` (Parameters) towards the
    batch's statistics: ``moving = (1 - momentum) * moving + momentum * batch`` (the variance's
    batch value unbiased).

    Args:
        input_x (Tensor): float, (N, C, ...) or (N, ..., C) with ``data_format`` "NHWC".
        scale (Tensor): (C,) the gamma.
        bias (Tensor): (C,) the beta.
        mean (Union[Tensor, Parameter]): (C,) the moving mean; a Parameter in training.
        variance (Union[Tensor, Parameter]): (C,) the moving variance; a Parameter in training.
        is_training (bool): normalise with the batch's statistics and update the moving ones.
        epsilon (float): added to the variance.
        momentum (float): the weight of the batch in the moving statistics.
        data_format (str): "NCHW" or "NHWC".

    Returns:
        tuple(Tensor), (y, and four (C,) float32 tensors as described).

    Raises:
        ValueError: ``data_format`` is neither "NCHW" nor "NHWC".
    """
    if not isinstance(data_format, str) or data_format not in ("NCHW", "NHWC"):
        raise ValueError("BatchNorm: 'data_format' must be 'NCHW' or 'NHWC', but got %r"
                         % (data_format,))
    x = input_x
    if data_format == "NHWC":
        x = F.moveaxis(x, -1, 1)
    y = F.batch_norm(x, mean, variance, scale, bias, is_training, momentum, epsilon)
    if data_format == "NHWC":
        y = F.moveaxis(y, 1, -1)
    channels = x.shape[1]
    zeros = F.zeros((channels,), mstype.float32)
    if not is_training:
        return y, zeros, zeros, zeros, zeros
    axes = (0,) + tuple(range(2, x.ndim))
    batch_mean = F.stop_gradient(F.mean(x, axes))
    batch_var = F.stop_gradient(F.mean(F.square(x - F.reshape(batch_mean, (1, channels) + (1,) * (
        x.ndim - 2))), axes))
    return y, zeros, zeros, F.cast(batch_mean, mstype.float32), F.cast(batch_var, mstype.float32)


def tensor_shape(input_x):
    """The shape of ``input_x`` as a 1-D Int64 Tensor.

    Args:
        input_x (Tensor): the input.

    Returns:
        Tensor of shape ``(input_x.ndim,)``, Int64.

    Raises:
        TypeError: ``input_x`` is not a Tensor.
    """
    if not isinstance(input_x, Tensor):
        raise TypeError("TensorShape: 'input_x' must be a Tensor, but got %s"
                        % type(input_x).__name__)
    return Tensor(np.array(input_x.shape, np.int64))


def max_pool_with_argmax(x, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
    """2-D max pooling that also returns where each maximum came from, as MindSpore's
    MaxPoolWithArgmax: the index into the sample's flattened (C, H, W) input.

    Args:
        x (Tensor): float, (N, C, H, W).
        kernel_size (Union[int, tuple[int]]): the window, (h, w).
        strides (Union[int, tuple[int]]): the step, (h, w).
        pad_mode (str): "valid" (no padding) or "same" (output ceil(H / stride), padded as
            MindSpore 2.10 pads).
        data_format (str): "NCHW" only.

    Returns:
        tuple(Tensor, Tensor): the maxima, and their Int32 indices.

    Raises:
        ValueError: a size is not positive, ``pad_mode`` is not "valid"/"same", or ``x`` is
            not 4-D.
        NotImplementedError: ``data_format`` "NHWC".
    """
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError("MaxPoolWithArgmax: 'data_format' must be 'NCHW' or 'NHWC', but got %r"
                         % (data_format,))
    if data_format == "NHWC":
        raise NotImplementedError("MaxPoolWithArgmax: only data_format 'NCHW' is implemented")
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ("valid", "same"):
        raise ValueError("MaxPoolWithArgmax: 'pad_mode' must be 'valid' or 'same', but got %r"
                         % (pad_mode,))
    (kh, kw), (sh, sw) = (_pair_of("MaxPoolWithArgmax", kernel_size, "kernel_size"),
                          _pair_of("MaxPoolWithArgmax", strides, "strides"))
    if not isinstance(x, Tensor) or x.ndim != 4:
        raise ValueError("MaxPoolWithArgmax: 'x' must be a 4-D Tensor (N, C, H, W), but got %r"
                         % (getattr(x, "shape", x),))
    _, c, h, w = x.shape
    top = left = 0
    if pad_mode.lower() == "same":
        ph = max((-(-h // sh) - 1) * sh + kh - h, 0)
        pw = max((-(-w // sw) - 1) * sw + kw - w, 0)
        # where MindSpore 2.10 puts the windows (recorded for sizes 4-7, kernels 2-3, strides
        # 1-3): half the padding first at stride 1, none first when the stride reaches the
        # kernel's half
        top, left = min(ph // 2, max(0, (kh - sh) // 2)), min(pw // 2, max(0, (kw - sw) // 2))
        if ph or pw:
            x = F.pad(x, (left, pw - left, top, ph - top), value=float("-inf"))
    out, idx = F.max_pool2d(x, (kh, kw), (sh, sw), return_indices=True)
    wide = x.shape[3]
    rows, cols = F.floor_divide(idx, wide) - top, F.remainder(idx, wide) - left
    channel = Tensor(np.arange(c, dtype=np.int64).reshape(1, c, 1, 1) * (h * w))
    return out, F.cast(rows * w + cols + channel, mstype.int32)


def _conv_pads(pad_mode, pad, in_hw, out_hw, kernel, stride, dilation):
    """(top, left) padding of the forward convolution whose input gradient is taken."""
    if pad_mode == "valid":
        return 0, 0
    if pad_mode == "pad":
        pads = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
        return pads[0], pads[2]
    tops = []
    for size, out, k, s, d in zip(in_hw, out_hw, kernel, stride, dilation):
        total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
        tops.append(total // 2)
    return tuple(tops)


def conv2d_backprop_input(dout, weight, input_size, out_channel, kernel_size, pad_mode="valid",
                          pad=0, pad_list=None, mode=1, stride=1, dilation=1, group=1,
                          data_format="NCHW"):
    """The gradient of a 2-D convolution with respect to its input, as MindSpore's
    Conv2DBackpropInput (and Conv2DTranspose) compute it: a transposed convolution of ``dout``
    with the forward ``weight``, placed by the forward convolution's padding and cut to
    ``input_size``.

    Args:
        dout (Tensor): (N, C_out, H_out, W_out), the gradient of the convolution's output.
        weight (Tensor): (C_out, C_in / group, kh, kw), the forward convolution's weight.
        input_size (tuple[int]): the forward input's shape (N, C_in, H, W).
        out_channel (int): the forward convolution's output channels, C_out.
        kernel_size (Union[int, tuple[int]]): (kh, kw).
        pad_mode (str): the forward padding: "valid", "same" or "pad".
        pad (Union[int, tuple[int]]): with "pad", (top, bottom, left, right) or one int.
        pad_list (tuple[int]): only as a repeat of ``pad`` with "pad" (MindSpore fills it in).
        mode (int): 1, MindSpore's only convolution mode.
        stride (Union[int, tuple[int]]): the forward stride.
        dilation (Union[int, tuple[int]]): the forward dilation.
        group (int): the forward channel groups.
        data_format (str): "NCHW" only.

    Returns:
        Tensor of shape ``input_size``.

    Raises:
        ValueError: ``pad_mode``, ``mode`` or a shape does not fit.
        NotImplementedError: ``data_format`` "NHWC".
    """
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError("Conv2DBackpropInput: 'data_format' must be 'NCHW' or 'NHWC', but got "
                         "%r" % (data_format,))
    if data_format == "NHWC":
        raise NotImplementedError("Conv2DBackpropInput: only data_format 'NCHW' is implemented")
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ("valid", "same", "pad"):
        raise ValueError("Conv2DBackpropInput: 'pad_mode' must be 'valid', 'same' or 'pad', but "
                         "got %r" % (pad_mode,))
    if mode != 1:
        raise ValueError("Conv2DBackpropInput: 'mode' must be 1, but got %r" % (mode,))
    pad_mode = pad_mode.lower()
    for arg, value in (("dout", dout), ("weight", weight)):
        if not isinstance(value, Tensor) or value.ndim != 4 or not value.dtype.is_floating_point:
            raise TypeError("Conv2DBackpropInput: '%s' must be a 4-D float Tensor, but got %r"
                            % (arg, getattr(value, "shape", value)))
    for arg, value in (("out_channel", out_channel), ("group", group)):
        if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
            raise ValueError("Conv2DBackpropInput: '%s' must be a positive int, but got %r"
                             % (arg, value))
    if not (isinstance(pad, int) and not isinstance(pad, bool) and pad >= 0) and not (
            isinstance(pad, (tuple, list)) and len(pad) == 4 and all(
                isinstance(p, int) and not isinstance(p, bool) and p >= 0 for p in pad)):
        raise ValueError("Conv2DBackpropInput: 'pad' must be an int or 4 ints >= 0, but got %r"
                         % (pad,))
    if pad_mode != "pad" and pad not in (0, (0, 0, 0, 0)):
        raise ValueError("Conv2DBackpropInput: 'pad' must be 0 unless pad_mode is 'pad', but got "
                         "%r" % (pad,))
    kernel = _pair_of("Conv2DBackpropInput", kernel_size, "kernel_size")
    strides = _pair_of("Conv2DBackpropInput", stride, "stride")
    dilations = _pair_of("Conv2DBackpropInput", dilation, "dilation")
    if isinstance(input_size, Tensor):
        input_size = tuple(input_size.asnumpy().tolist())
    if not isinstance(input_size, (tuple, list)) or len(input_size) != 4 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in input_size):
        raise ValueError("Conv2DBackpropInput: 'input_size' must be 4 positive ints (N, C, H, "
                         "W), but got %r" % (input_size,))
    if weight.shape[0] != out_channel or tuple(weight.shape[2:]) != kernel:
        raise ValueError("Conv2DBackpropInput: 'weight' of shape %s does not fit out_channel=%d "
                         "and kernel_size=%s" % (weight.shape, out_channel, kernel))
    if pad_list is not None and not (isinstance(pad_list, (tuple, list)) and len(pad_list) == 4):
        raise ValueError("Conv2DBackpropInput: 'pad_list' must be None or 4 ints, but got %r"
                         % (pad_list,))
    if pad_list is not None and (pad_mode != "pad" or tuple(pad_list) != (
            (pad,) * 4 if isinstance(pad, int) else tuple(pad))):
        raise NotImplementedError("Conv2DBackpropInput: 'pad_list' is taken only when it repeats "
                                  "'pad' with pad_mode 'pad', but got %r" % (pad_list,))
    h, w = input_size[2:]
    top, left = _conv_pads(pad_mode, pad, (h, w), dout.shape[2:], kernel, strides, dilations)
    full = F.conv_transpose2d(dout, weight, None, strides, 0, 0, group, dilations)
    fh, fw = full.shape[2:]
    grow_h, grow_w = max(top + h - fh, 0), max(left + w - fw, 0)
    if grow_h or grow_w:  # rows of the input the forward windows never reached get 0
        full = F.pad(full, (0, grow_w, 0, grow_h))
    return full[:, :, top:top + h, left:left + w]


def _pair_of(op, value, arg):
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value, value
    if isinstance(value, (tuple, list)) and len(value) in (2, 4) and all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        return tuple(value[-2:])  # (h, w) or MindSpore's (1, 1, h, w)
    raise ValueError("%s: '%s' must be a positive int or a tuple of 2 (or 4) positive ints, "
                     "but got %r" % (op, arg, value))


def search_sorted(sorted_sequence, values, sorter=None, dtype=mstype.int64, right=False):
    """For each of ``values``, the index in the innermost dimension of ``sorted_sequence`` where
    inserting it keeps the order (``ops.searchsorted``).

    Args:
        sorted_sequence (Tensor): increasing along its last axis, unless ``sorter`` is given.
        values (Tensor): the values located; its leading dimensions match the sequence's.
        sorter (Tensor, optional): int64 indices that sort ``sorted_sequence``'s last axis.
            Default: ``None``.
        dtype (mindcell.dtype): the index dtype, ``ms.int64`` or ``ms.int32``. Default:
            ``ms.int64``.
        right (bool): the last fitting index rather than the first. Default: ``False``.

    Returns:
        Tensor of ``dtype`` and the shape of ``values``.

    Raises:
        ValueError: ``dtype`` is neither Int32 nor Int64.
    """
    if not isinstance(dtype, mstype.DType) or dtype not in (mstype.int32, mstype.int64):
        raise ValueError("SearchSorted: 'dtype' must be Int32 or Int64, but got %r" % (dtype,))
    return F.searchsorted(sorted_sequence, values, out_int32=dtype == mstype.int32,
                          right=right, sorter=sorter)


# ---- classes of MindSpore 2.10's documentation examples (round 6, exprim) -------------------

def _need_tensors(op, **named):
    for arg, t in named.items():
        if not isinstance(t, Tensor):
            raise TypeError("%s: '%s' must be a Tensor, but got %s" % (op, arg, type(t).__name__))


def _std_axis(axis):
    if axis is None:
        return None
    if isinstance(axis, int) and not isinstance(axis, bool):
        return axis
    if isinstance(axis, (tuple, list)) and all(
            isinstance(a, int) and not isinstance(a, bool) for a in axis):
        return tuple(axis) or None  # MindSpore's [] reduces every axis
    raise TypeError("ReduceStd: 'axis' must be an int or a tuple/list of ints, but got %r"
                    % (axis,))


def _unbiased(unbiased):
    if not isinstance(unbiased, bool):
        raise TypeError("ReduceStd: 'unbiased' must be a bool, but got %r" % (unbiased,))
    return 1 if unbiased else 0


def _int_dtype(op, arg, dtype):
    if dtype not in (mstype.int32, mstype.int64):
        raise TypeError("%s: '%s' must be mindspore.int32 or mindspore.int64, but got %r"
                        % (op, arg, dtype))
    return dtype


def _bound(op, sorted_x, values, out_type, right):
    _int_dtype(op, "out_type", out_type)
    for arg, t in (("sorted_x", sorted_x), ("values", values)):
        if not isinstance(t, Tensor) or t.ndim != 2:
            raise ValueError("%s: '%s' must be a 2-D Tensor, but got %s"
                             % (op, arg, getattr(t, "shape", t)))
    if sorted_x.shape[0] != values.shape[0]:
        raise ValueError("%s: 'sorted_x' and 'values' must have the same number of rows, but got "
                         "%d and %d" % (op, sorted_x.shape[0], values.shape[0]))
    return F.cast(F.searchsorted(sorted_x, values, right=right), out_type)


def lower_bound(sorted_x, values, out_type=mstype.int32):
    """For each row, the index of the first element of ``sorted_x``'s row not less than each
    value of ``values``' row.

    Args:
        sorted_x (Tensor): 2-D, each row sorted ascending.
        values (Tensor): 2-D, as many rows as ``sorted_x``.
        out_type (mindspore.dtype): int32 or int64. Default: ``mindspore.int32``.

    Returns:
        Tensor of ``values``' shape and ``out_type``.

    Raises:
        TypeError: ``out_type`` is not int32 or int64.
        ValueError: an input is not 2-D or the row counts differ.
    """
    return _bound("LowerBound", sorted_x, values, out_type, False)


def upper_bound(sorted_x, values, out_type=mstype.int32):
    """For each row, the index of the first element of ``sorted_x``'s row greater than each
    value of ``values``' row.

    Args:
        sorted_x (Tensor): 2-D, each row sorted ascending.
        values (Tensor): 2-D, as many rows as ``sorted_x``.
        out_type (mindspore.dtype): int32 or int64. Default: ``mindspore.int32``.

    Returns:
        Tensor of ``values``' shape and ``out_type``.

    Raises:
        TypeError: ``out_type`` is not int32 or int64.
        ValueError: an input is not 2-D or the row counts differ.
    """
    return _bound("UpperBound", sorted_x, values, out_type, True)


def unique_consecutive_outputs(input, return_inverse=False, return_counts=False, dim=None):
    """``ops.unique_consecutive`` with MindSpore's Primitive outputs: always three, the inverse
    and the counts a 0-d int64 zero when not asked for.

    Args:
        input (Tensor): the values.
        return_inverse (bool): also return where each element went. Default: ``False``.
        return_counts (bool): also return the length of each run. Default: ``False``.
        dim (int, optional): the axis whose slices are compared; ``None`` flattens. Default:
            ``None``.

    Returns:
        Tuple of (output, inverse, counts).
    """
    out = F.unique_consecutive(input, return_inverse, return_counts, dim)
    out = list(out) if isinstance(out, tuple) else [out]
    placeholder = Tensor(np.array(0, np.int64))
    inverse = out.pop(1) if return_inverse else placeholder
    counts = out.pop(1) if return_counts else placeholder
    return out[0], inverse, counts


def mul_no_nan(x, y):
    """``x * y`` elementwise, but 0 where ``y`` is 0 (even where ``x`` is inf or NaN).

    Args:
        x (Union[Tensor, number]): the first factor.
        y (Union[Tensor, number]): the second factor.

    Returns:
        Tensor of the broadcast shape and the promoted dtype.
    """
    out = F.mul(x, y)
    return F.where(F.equal(y, 0), F.zeros_like(out), out)


def square_sum_all(x, y):
    """The sums of the squares of ``x`` and of ``y``.

    Args:
        x (Tensor): float.
        y (Tensor): float, ``x``'s shape and dtype.

    Returns:
        Tuple of two 0-d Tensors.

    Raises:
        ValueError: the shapes differ.
    """
    _need_tensors("SquareSumAll", x=x, y=y)
    if tuple(x.shape) != tuple(y.shape):
        raise ValueError("SquareSumAll: 'x' and 'y' must have the same shape, but got %s and %s"
                         % (tuple(x.shape), tuple(y.shape)))
    return F.sum(F.square(x)), F.sum(F.square(y))


def equal_count(x, y):
    """How many elements of ``x`` and ``y`` are equal, as a 1-element Tensor of ``x``'s dtype.

    Args:
        x (Tensor): the first values.
        y (Tensor): the second values, ``x``'s shape.

    Returns:
        Tensor of shape (1,).
    """
    _need_tensors("EqualCount", x=x, y=y)
    return F.reshape(F.sum(F.cast(F.equal(x, y), x.dtype)), (1,))


def invert_permutation(input_x):
    """The inverse of a permutation given as a tuple or list of ints: ``out[input_x[i]] = i``.

    Args:
        input_x (Union[tuple[int], list[int]]): a permutation of ``0 .. n-1``.

    Returns:
        Tuple of ints.

    Raises:
        ValueError: ``input_x`` is a Tensor, or not a permutation of ``0 .. n-1``.
    """
    if isinstance(input_x, Tensor) or not isinstance(input_x, (tuple, list)):
        raise ValueError("InvertPermutation: 'input_x' must be a tuple or list of ints (not a "
                         "Tensor), but got %s" % type(input_x).__name__)
    if sorted(input_x) != list(range(len(input_x))) or any(
            isinstance(v, bool) or not isinstance(v, int) for v in input_x):
        raise ValueError("InvertPermutation: 'input_x' must be a permutation of 0 .. %d, but got "
                         "%r" % (len(input_x) - 1, tuple(input_x)))
    out = [0] * len(input_x)
    for i, v in enumerate(input_x):
        out[v] = i
    return tuple(out)


def fill_v2(shape, value):
    """A Tensor of ``shape`` filled with ``value``, in ``value``'s dtype.

    Args:
        shape (Union[Tensor, tuple[int]]): the shape (a 1-D int Tensor or a tuple).
        value (Tensor): a 0-d Tensor.

    Returns:
        Tensor of ``shape`` and ``value``'s dtype.

    Raises:
        TypeError: ``value`` is not a Tensor.
    """
    if not isinstance(value, Tensor):
        raise TypeError("FillV2: 'value' must be a 0-d Tensor, but got %s"
                        % type(value).__name__)
    if isinstance(shape, Tensor):
        shape = tuple(int(v) for v in shape.asnumpy().reshape(-1))
    return F.fill(value.dtype, tuple(shape), F.reshape(value, ()))


def parallel_concat(values):
    """The Tensors of ``values`` joined along axis 0.

    Args:
        values (Union[tuple[Tensor], list[Tensor]]): Tensors of one dtype and equal trailing
            shapes.

    Returns:
        Tensor.
    """
    return F.concat(tuple(values), 0)


def padding(x, pad_dim_size=8):
    """Extends the last axis of ``x`` (of size 1) with zeros to ``pad_dim_size`` elements.

    Args:
        x (Tensor): rank >= 2, the last axis of size 1.
        pad_dim_size (int): the new size of the last axis, > 0. Default: ``8``.

    Returns:
        Tensor of shape ``x.shape[:-1] + (pad_dim_size,)``.

    Raises:
        ValueError: the last axis is not of size 1, or ``pad_dim_size`` is not positive.
    """
    return F.padding(x, pad_dim_size)  # the ops function is the one definition


def in_top_k(x1, x2, k):
    """Whether each target class ``x2[i]`` is among the ``k`` largest values of ``x1[i]``: fewer
    than ``k`` values of the row are larger than the target's (ties count in its favour).

    Args:
        x1 (Tensor): (N, C) float scores.
        x2 (Tensor): (N,) int32/int64 target classes.
        k (int): how many of the top values count.

    Returns:
        Bool Tensor of shape (N,).

    Raises:
        ValueError: the shapes do not fit.
    """
    _need_tensors("InTopK", x1=x1, x2=x2)
    if x1.ndim != 2 or x2.ndim != 1 or x2.shape[0] != x1.shape[0]:
        raise ValueError("InTopK: 'x1' must be (N, C) and 'x2' (N,), but got %s and %s"
                         % (tuple(x1.shape), tuple(x2.shape)))
    target = F.gather_elements(x1, 1, F.reshape(F.cast(x2, mstype.int64), (-1, 1)))
    above = F.sum(F.cast(F.gt(x1, target), mstype.int32), 1)
    return F.lt(above, k)


def _rows_of(op, indices, n):
    if isinstance(indices, Tensor):
        if indices.dtype not in (mstype.int32, mstype.int64):
            raise TypeError("%s: 'indices' must be an int32/int64 Tensor, but got %s"
                            % (op, indices.dtype))
        return F.expand_dims(F.reshape(F.cast(indices, mstype.int64), (-1,)), -1)
    if isinstance(indices, int) and not isinstance(indices, bool):
        indices = (indices,)
    if not isinstance(indices, (tuple, list)) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in indices):
        raise TypeError("%s: 'indices' must be an int, a tuple of ints or an int Tensor, but got "
                        "%r" % (op, indices))
    if any(i < 0 or i >= n for i in indices):
        raise ValueError("%s: 'indices' must be in [0, %d), but got %r" % (op, n, indices))
    return F.expand_dims(Tensor(np.array(indices, np.int64).reshape(-1)), -1)


def inplace_add(x, v, indices):
    """``x`` with the rows ``v`` added at the rows ``indices`` (a repeated index adds each of its
    rows); ``x`` itself is not changed.

    Args:
        x (Tensor): the values.
        v (Tensor): one row per index, ``(len(indices),) + x.shape[1:]``.
        indices (Union[int, tuple[int], Tensor]): row indices of ``x``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``indices`` is not an int, tuple of ints or Tensor.
        ValueError: ``v`` does not have one row per index.
    """
    return F.inplace_add(x, v, indices)  # the ops function is the one definition


def inplace_sub(x, v, indices):
    """``x`` with the rows ``v`` subtracted at the rows ``indices``; ``x`` itself is not
    changed.

    Args:
        x (Tensor): the values.
        v (Tensor): one row per index, ``(len(indices),) + x.shape[1:]``.
        indices (Union[int, tuple[int], Tensor]): row indices of ``x``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``indices`` is not an int, tuple of ints or Tensor.
        ValueError: ``v`` does not have one row per index.
    """
    return F.inplace_sub(x, v, indices)  # the ops function is the one definition


def inplace_update(x, indices, v):
    """``x`` with the rows ``indices`` replaced by the rows of ``v``; ``x`` itself is not
    changed.

    Args:
        x (Tensor): the values.
        indices (Union[int, tuple[int], Tensor]): row indices of ``x``.
        v (Tensor): one row per index, ``(len(indices),) + x.shape[1:]``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``indices`` is not an int, tuple of ints or Tensor.
        ValueError: ``v`` does not have one row per index.
    """
    return F.inplace_update(x, v, indices)  # the ops function is the one definition


def eps_like(x):
    """A Tensor of ``x``'s shape and float dtype holding that dtype's machine epsilon.

    Args:
        x (Tensor): float16, float32 or float64.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float Tensor.
    """
    return F.eps(x)  # the ops function is the one definition


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    """Local response normalization across channels:
    ``x / (bias + alpha * sum(x[c'] ** 2 for |c' - c| <= depth_radius)) ** beta``.

    Args:
        x (Tensor): (N, C, H, W) float.
        depth_radius (int): the half-width of the channel window, >= 0. Default: ``5``.
        bias (float): added to the sum. Default: ``1.0``.
        alpha (float): scales the sum. Default: ``1.0``.
        beta (float): the exponent. Default: ``0.5``.
        norm_region (str): ``"ACROSS_CHANNELS"`` (the only region). Default:
            ``"ACROSS_CHANNELS"``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        ValueError: ``norm_region`` is not "ACROSS_CHANNELS", ``depth_radius`` is negative or
            ``x`` is not 4-D.
    """
    return F.lrn(x, depth_radius, bias, alpha, beta, norm_region)  # the ops function is the one definition


def conv3d_prim(x, weight, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                dilation=1, group=1, data_format="NCDHW"):
    """MindSpore's Conv3D primitive: ``ops.conv3d`` with the kernel's shape checked against
    ``out_channel`` and ``kernel_size`` and ``pad`` given as one int or six (head, tail, top,
    bottom, left, right).

    Args:
        x (Tensor): (N, C, D, H, W).
        weight (Tensor): (out_channel, C / group, kd, kh, kw).
        out_channel (int): the output channels.
        kernel_size (Union[int, tuple[int]]): (kd, kh, kw) or one int.
        mode (int): 1 (the only mode). Default: ``1``.
        pad_mode (str): ``"valid"``, ``"same"`` or ``"pad"``. Default: ``"valid"``.
        pad (Union[int, tuple[int]]): the padding of ``pad_mode`` "pad". Default: ``0``.
        stride (Union[int, tuple[int]]): the strides. Default: ``1``.
        dilation (Union[int, tuple[int]]): the dilations. Default: ``1``.
        group (int): the groups. Default: ``1``.
        data_format (str): ``"NCDHW"``. Default: ``"NCDHW"``.

    Returns:
        Tensor (N, out_channel, D', H', W').

    Raises:
        ValueError: an attribute that does not fit ``weight``, ``mode`` not 1 or
            ``data_format`` not "NCDHW".
    """
    if mode != 1:
        raise ValueError("Conv3D: 'mode' must be 1, but got %r" % (mode,))
    if data_format != "NCDHW":
        raise ValueError("Conv3D: 'data_format' must be 'NCDHW', but got %r" % (data_format,))
    kernel = (kernel_size,) * 3 if isinstance(kernel_size, int) else tuple(kernel_size)
    if not isinstance(weight, Tensor) or weight.ndim != 5 or weight.shape[0] != out_channel \
            or tuple(weight.shape[2:]) != kernel:
        raise ValueError("Conv3D: 'weight' must be (out_channel=%r, C/group, %s), but got %s"
                         % (out_channel, kernel, getattr(weight, "shape", weight)))
    return F.conv3d(x, weight, None, stride, pad_mode, pad, dilation, group)


def median_prim(x, global_median=False, axis=0, keep_dims=False, ignore_nan=False):
    """MindSpore's Median primitive: the median along ``axis`` and its index (``ops.median``;
    with ``ignore_nan`` ``ops.nanmedian``), or with ``global_median`` the median of all the
    elements and an index of 0 (MindSpore 2.10 reports no position for it).

    Args:
        x (Tensor): the values.
        global_median (bool): the median of all the elements. Default: ``False``.
        axis (int): the axis reduced. Default: ``0``.
        keep_dims (bool): keep ``axis`` with size 1. Default: ``False``.
        ignore_nan (bool): skip NaN values. Default: ``False``.

    Returns:
        Tuple of (values, int64 indices).
    """
    fn = F.nanmedian if ignore_nan else F.median
    if global_median:
        value, _ = fn(F.reshape(x, (-1,)), 0)
        return value, Tensor(np.array(0, np.int64))
    return fn(x, axis, keep_dims)


def bincount_sized(array, size, weights):
    """The sums of ``weights`` over the values of ``array``, one bin per value in
    ``[0, size)`` (larger values are dropped).

    Args:
        array (Tensor): int32, values >= 0.
        size (Union[int, Tensor]): the number of bins (an int or a 0-d int32 Tensor), >= 0.
        weights (Tensor): ``array``'s shape; its dtype is the output's.

    Returns:
        Tensor of shape (size,).

    Raises:
        TypeError: ``array`` is not an int32 Tensor or ``weights`` not a Tensor.
        ValueError: a negative value of ``array`` or ``size``, or the shapes differ.
    """
    _need_tensors("Bincount", array=array, weights=weights)
    if array.dtype != mstype.int32:
        raise TypeError("Bincount: 'array' must be an int32 Tensor, but got %s" % array.dtype)
    if isinstance(size, Tensor) and (size.dtype != mstype.int32 or size.size != 1):
        raise TypeError("Bincount: 'size' must be an int or a 0-d int32 Tensor, but got %s"
                        % (size,))
    n = int(size.asnumpy()) if isinstance(size, Tensor) else size
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError("Bincount: 'size' must be an int >= 0, but got %r" % (size,))
    if tuple(array.shape) != tuple(weights.shape):
        raise ValueError("Bincount: 'weights' must have the shape of 'array' %s, but got %s"
                         % (tuple(array.shape), tuple(weights.shape)))
    values = array.asnumpy().reshape(-1)
    if values.size and values.min() < 0:
        raise ValueError("Bincount: 'array' must be nonnegative, but got %d" % values.min())
    keep = values < n
    idx = Tensor(values[keep].astype(np.int64).reshape(-1, 1))
    w = Tensor(weights.asnumpy().reshape(-1)[keep])
    return F.tensor_scatter_add(F.zeros((n,), weights.dtype), idx, w)


def _cosine_window(n, periodic, coefs):
    """The cosine-sum window values ops.hamming_window/blackman_window compute (one
    definition), imported on first use."""
    from mindcell.ops.function.nn_more_func import _cosine_window as values
    return values(n, periodic, coefs)


def _window(op, length, periodic, dtype, terms):
    if not isinstance(periodic, bool):
        raise TypeError("%s: 'periodic' must be a bool, but got %r" % (op, periodic))
    if dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError("%s: 'dtype' must be float16, float32 or float64, but got %r"
                        % (op, dtype))
    if isinstance(length, Tensor):
        if length.size != 1 or length.dtype not in (mstype.int32, mstype.int64):
            raise ValueError("%s: 'length' must be one int32/int64 value, but got %s"
                             % (op, length))
        length = int(length.asnumpy().reshape(-1)[0])
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise ValueError("%s: 'length' must be an int >= 0, but got %r" % (op, length))
    if length <= 1:
        return F.ones((length,), dtype)
    n = np.arange(length, dtype=np.float64)
    out = terms(n, length if periodic else length - 1)
    return Tensor(out.astype(np.float32 if dtype == mstype.float16 else out.dtype)).astype(dtype)


def hamming_window(length, periodic=True, alpha=0.54, beta=0.46, dtype=mstype.float32):
    """The Hamming window ``alpha - beta * cos(2 pi n / N)``, ``N = length`` if ``periodic``
    else ``length - 1``.

    Args:
        length (Union[int, Tensor]): the window's size (one int32/int64 value), >= 0.
        periodic (bool): a window for spectral analysis (one sample longer). Default: ``True``.
        alpha (float): the constant term. Default: ``0.54``.
        beta (float): the cosine's weight. Default: ``0.46``.
        dtype (mindspore.dtype): float16, float32 or float64. Default: ``mindspore.float32``.

    Returns:
        Tensor of shape (length,).

    Raises:
        TypeError: ``periodic`` is not a bool, ``alpha`` / ``beta`` not a float or ``dtype`` not
            a float dtype.
        ValueError: ``length`` is not one int >= 0.
    """
    for arg, v in (("alpha", alpha), ("beta", beta)):
        if isinstance(v, bool) or not isinstance(v, (float, int)):
            raise TypeError("HammingWindow: '%s' must be a float, but got %r" % (arg, v))
    return _window("HammingWindow", length, periodic, dtype,  # ops.hamming_window's values
                   lambda n, N: _cosine_window(len(n), periodic, (alpha, beta)))


def bartlett_window(length, periodic=True, dtype=mstype.float32):
    """The Bartlett (triangular) window ``1 - |2 n / N - 1|``, ``N = length`` if ``periodic``
    else ``length - 1``.

    Args:
        length (Union[int, Tensor]): the window's size (one int32/int64 value), >= 0.
        periodic (bool): a window for spectral analysis (one sample longer). Default: ``True``.
        dtype (mindspore.dtype): float16, float32 or float64. Default: ``mindspore.float32``.

    Returns:
        Tensor of shape (length,).

    Raises:
        TypeError: ``periodic`` is not a bool or ``dtype`` not a float dtype.
        ValueError: ``length`` is not one int >= 0.
    """
    return _window("BartlettWindow", length, periodic, dtype,
                   lambda n, N: 1 - np.abs(2 * n / N - 1))


def blackman_window(length, periodic=True, dtype=mstype.float32):
    """The Blackman window ``0.42 - 0.5 cos(2 pi n / N) + 0.08 cos(4 pi n / N)``,
    ``N = length`` if ``periodic`` else ``length - 1``.

    Args:
        length (Union[int, Tensor]): the window's size (one int32/int64 value), >= 0.
        periodic (bool): a window for spectral analysis (one sample longer). Default: ``True``.
        dtype (mindspore.dtype): float16, float32 or float64. Default: ``mindspore.float32``.

    Returns:
        Tensor of shape (length,).

    Raises:
        TypeError: ``periodic`` is not a bool or ``dtype`` not a float dtype.
        ValueError: ``length`` is not one int >= 0.
    """
    return _window("BlackmanWindow", length, periodic, dtype,  # >= 0: no -1e-17 at the ends
                   lambda n, N: np.maximum(_cosine_window(len(n), periodic, (0.42, 0.5, 0.08)),
                                           0))  # ops.blackman_window's values



def population_count(input_x):
    """How many bits of each integer are 1 (two's complement), as uint8.

    Args:
        input_x (Tensor): an integer Tensor.

    Returns:
        UInt8 Tensor of ``input_x``'s shape.

    Raises:
        TypeError: ``input_x`` is not an integer Tensor.
    """
    return F.population_count(input_x)  # the ops function is the one definition


def pdist(x, p=2.0):
    """The p-norm distances between the rows of ``x``, for each pair ``i < j`` in order.

    Args:
        x (Tensor): (N, M) float.
        p (float): the norm's order, >= 0 (0 counts the differing features, inf takes the
            largest difference). Default: ``2.0``.

    Returns:
        Tensor of shape (N * (N - 1) / 2,).

    Raises:
        TypeError: ``p`` is not a float.
        ValueError: ``x`` is not 2-D or ``p`` is negative.
    """
    return F.pdist(x, p)  # the ops function is the one definition


def data_format_dim_map(input_x, src_format="NHWC", dst_format="NCHW"):
    """The axis of ``src_format`` where each axis ``input_x`` of ``dst_format`` is:
    ``src_format.index(dst_format[x])`` (``x`` in [-4, 4)).

    Args:
        input_x (Tensor): int32 axis numbers of ``dst_format``.
        src_format (str): four distinct letters. Default: ``"NHWC"``.
        dst_format (str): the same letters in another order. Default: ``"NCHW"``.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        ValueError: the formats are not the same four letters.
    """
    if not (isinstance(src_format, str) and isinstance(dst_format, str) and len(src_format) == 4
            and sorted(src_format) == sorted(dst_format) and len(set(src_format)) == 4):
        raise ValueError("DataFormatDimMap: 'src_format' and 'dst_format' must be the same four "
                         "letters, but got %r and %r" % (src_format, dst_format))
    _need_tensors("DataFormatDimMap", input_x=input_x)
    table = Tensor(np.array([src_format.index(c) for c in dst_format], np.int64))
    where = F.cast(F.floor_mod(input_x, 4), mstype.int64)
    return F.cast(F.gather(table, where, 0), input_x.dtype)


def matrix_solve(matrix, rhs, adjoint=False):
    """The solution ``X`` of ``matrix @ X = rhs`` (``matrix`` transposed with ``adjoint``), for
    each matrix of a batch.

    Args:
        matrix (Tensor): (..., M, M) float.
        rhs (Tensor): (..., M, K), ``matrix``'s dtype.
        adjoint (bool): solve with the transposed matrix. Default: ``False``.

    Returns:
        Tensor of ``rhs``'s shape.

    Raises:
        ValueError: the shapes do not fit.
    """
    return F.matrix_solve(matrix, rhs, adjoint)  # the ops function is the one definition


def inplace_index_add(var, indices, updates, axis):
    """Adds the slices ``updates`` to ``var`` at ``indices`` along ``axis``, in place (a
    Parameter), and returns its new value.

    Args:
        var (Parameter): the values.
        indices (Tensor): 1-D int32 indices into ``axis``.
        updates (Tensor): ``var``'s shape with ``len(indices)`` along ``axis``.
        axis (int): the axis.

    Returns:
        Tensor, ``var``'s new value.
    """
    return F.index_add(var, indices, updates, axis)


def index_put(x1, x2, indices, accumulate=0):
    """``x1`` with ``x1[indices] = x2`` (or ``+= x2`` with ``accumulate`` 1; repeated positions
    add up), where ``indices`` are index Tensors of the first axes; ``x1`` is not changed.

    Args:
        x1 (Tensor): the values.
        x2 (Tensor): 1-D, broadcast to the indexed slices.
        indices (Union[tuple[Tensor], list[Tensor]]): 1-D int Tensors of one length, one per
            leading axis of ``x1``.
        accumulate (int): 0 replaces, 1 adds. Default: ``0``.

    Returns:
        Tensor of ``x1``'s shape and dtype.

    Raises:
        ValueError: ``accumulate`` is not 0 or 1, ``x2`` is not 1-D or the indices do not fit.
    """
    if accumulate not in (0, 1) or isinstance(accumulate, bool):
        raise ValueError("IndexPut: 'accumulate' must be 0 or 1, but got %r" % (accumulate,))
    _need_tensors("IndexPut", x1=x1, x2=x2)
    if x2.ndim != 1:
        raise ValueError("IndexPut: 'x2' must be 1-D, but got shape %s" % (tuple(x2.shape),))
    if not isinstance(indices, (tuple, list)) or not indices or len(indices) > x1.ndim or any(
            not isinstance(t, Tensor) or t.ndim != 1 for t in indices):
        raise ValueError("IndexPut: 'indices' must be 1 to %d 1-D int Tensors, but got %r"
                         % (x1.ndim, indices))
    where = F.stack([F.cast(t, mstype.int64) for t in indices], -1)
    rows = F.broadcast_to(F.cast(x2, x1.dtype), (where.shape[0],) + tuple(x1.shape[len(indices):]))
    if accumulate:
        return F.tensor_scatter_add(x1, where, rows)
    return F.tensor_scatter_update(x1, where, rows)


def igammac(a, x):
    """The regularized upper incomplete gamma function ``Q(a, x) = 1 - P(a, x)``.

    Args:
        a (Tensor): float, > 0.
        x (Tensor): float, >= 0, broadcast against ``a``.

    Returns:
        Tensor of the broadcast shape.
    """
    return F.igammac(a, x)  # the ops function is the one definition


def mvlgamma(x, p):
    """The multivariate log-gamma function of dimension ``p``:
    ``p (p - 1) / 4 * log(pi) + sum(lgamma(x - i / 2) for i in range(p))``.

    Args:
        x (Tensor): float, every element > (p - 1) / 2.
        p (int): the dimension, >= 1.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        ValueError: ``p`` < 1 or an element of ``x`` <= (p - 1) / 2.
    """
    return F.mvlgamma(x, p)  # the ops function is the one definition


def _trace_is_graph():
    from mindcell._core import trace
    return trace.current().is_graph


def _pair(op, arg, value, allow=(1, 2)):
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,)
    if not isinstance(value, (tuple, list)) or len(value) not in allow or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError("%s: '%s' must be an int or %s ints, but got %r"
                         % (op, arg, " or ".join(map(str, allow)), value))
    return tuple(value) * 2 if len(value) == 1 else tuple(value)


def im2col(x, ksizes, strides=1, dilations=1, pads=0):
    """The sliding (kh, kw) blocks of ``x`` as columns: ``(N, C, kh * kw, L)`` with ``L``
    blocks (``ops.unfold`` with the channels kept apart).

    Args:
        x (Tensor): (N, C, H, W).
        ksizes (Union[int, tuple[int]]): the block's (kh, kw).
        strides (Union[int, tuple[int]]): the steps. Default: ``1``.
        dilations (Union[int, tuple[int]]): the spacing of a block's elements. Default: ``1``.
        pads (Union[int, tuple[int]]): zeros added on both sides of H and W. Default: ``0``.

    Returns:
        Tensor of shape (N, C, kh * kw, L).

    Raises:
        ValueError: an attribute that is not one or two ints, or ``x`` not 4-D.
    """
    _need_tensors("Im2Col", x=x)
    k, s = _pair("Im2Col", "ksizes", ksizes), _pair("Im2Col", "strides", strides)
    d, p = _pair("Im2Col", "dilations", dilations), _pair("Im2Col", "pads", pads)
    if x.ndim != 4:
        raise ValueError("Im2Col: 'x' must be 4-D, but got shape %s" % (tuple(x.shape),))
    cols = F.unfold(x, k, d, p, s)
    return F.reshape(cols, (x.shape[0], x.shape[1], k[0] * k[1], -1))


def col2im(x, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Sums the columns ``x`` (N, C, kh * kw, L) back into images of ``output_size`` (the
    inverse layout of ``Im2Col``; ``ops.fold``).

    Args:
        x (Tensor): (N, C, kh * kw, L).
        output_size (Union[Tensor, tuple[int]]): the image's (H, W).
        kernel_size (Union[int, tuple[int]]): the block's (kh, kw).
        dilation (Union[int, tuple[int]]): the spacing of a block's elements. Default: ``1``.
        padding (Union[int, tuple[int]]): the padding the blocks were taken with. Default: ``0``.
        stride (Union[int, tuple[int]]): the steps. Default: ``1``.

    Returns:
        Tensor of shape (N, C, H, W).

    Raises:
        ValueError: an attribute that is not one or two ints, or ``x`` not 4-D.
    """
    _need_tensors("Col2Im", x=x)
    k = _pair("Col2Im", "kernel_size", kernel_size)
    d, p = _pair("Col2Im", "dilation", dilation), _pair("Col2Im", "padding", padding)
    s = _pair("Col2Im", "stride", stride)
    if isinstance(output_size, Tensor):
        output_size = tuple(int(v) for v in output_size.asnumpy().reshape(-1))
    size = _pair("Col2Im", "output_size", output_size, (2,))
    if x.ndim != 4 or x.shape[2] != k[0] * k[1]:
        raise ValueError("Col2Im: 'x' must be (N, C, %d, L), but got %s"
                         % (k[0] * k[1], tuple(x.shape)))
    cols = F.reshape(x, (x.shape[0], x.shape[1] * x.shape[2], x.shape[3]))
    return F.fold(cols, size, k, d, p, s)


def grid_sampler(input_x, grid, interpolation_mode="bilinear", padding_mode="zeros",
                 align_corners=False):
    """Samples ``input_x`` at the normalized positions ``grid`` (``ops.grid_sample``).

    Args:
        input_x (Tensor): (N, C, H, W).
        grid (Tensor): (N, H', W', 2), in [-1, 1].
        interpolation_mode (str): ``"bilinear"`` or ``"nearest"``. Default: ``"bilinear"``.
        padding_mode (str): ``"zeros"``, ``"border"`` or ``"reflection"``. Default: ``"zeros"``.
        align_corners (bool): -1 and 1 are the corner pixels' centres. Default: ``False``.

    Returns:
        Tensor (N, C, H', W').
    """
    _need_tensors("GridSampler2D", input_x=input_x, grid=grid)
    return F.grid_sample(input_x, grid, interpolation_mode, padding_mode, align_corners)


def resize_nearest_neighbor_v2(x, size, align_corners=False, half_pixel_centers=False):
    """Resizes the last two axes of ``x`` to ``size`` taking the nearest pixel:
    ``floor(i * in / out)``, with ``align_corners`` ``round(i * (in - 1) / (out - 1))``, with
    ``half_pixel_centers`` ``floor((i + 0.5) * in / out)``.

    Args:
        x (Tensor): (N, C, H, W).
        size (Union[Tensor, tuple[int]]): the new (H, W).
        align_corners (bool): map the corner pixels onto each other. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Returns:
        Tensor of shape (N, C) + size.

    Raises:
        ValueError: ``x`` is not 4-D, ``size`` not two positive ints, or both flags set.
    """
    _need_tensors("ResizeNearestNeighborV2", x=x)
    if align_corners and half_pixel_centers:
        raise ValueError("ResizeNearestNeighborV2: 'align_corners' and 'half_pixel_centers' "
                         "cannot both be True")
    if isinstance(size, Tensor):
        size = tuple(int(v) for v in size.asnumpy().reshape(-1))
    if x.ndim != 4 or not isinstance(size, (tuple, list)) or len(size) != 2 or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 1 for v in size):
        raise ValueError("ResizeNearestNeighborV2: 'x' must be 4-D and 'size' two positive "
                         "ints, but got %s and %r" % (tuple(x.shape), size))
    out = x
    for axis, (n_in, n_out) in zip((2, 3), zip(x.shape[2:], size)):
        i = np.arange(n_out, dtype=np.float64)
        if align_corners and n_out > 1:
            src = np.floor(i * (n_in - 1) / (n_out - 1) + 0.5)
        elif half_pixel_centers:
            src = np.floor((i + 0.5) * n_in / n_out)
        else:
            src = np.floor(i * n_in / n_out)
        src = np.clip(src, 0, n_in - 1).astype(np.int64)
        out = F.gather(out, Tensor(src), axis)
    return out


def max_unpool2d(x, argmax, ksize, strides=0, pads=0, output_shape=(), data_format="NCHW"):
    """Puts each value of ``x`` at its flat position ``argmax`` (in H_out * W_out) of a zero
    image: the inverse of a max pooling with indices.

    Args:
        x (Tensor): (N, C, H, W).
        argmax (Tensor): int indices, ``x``'s shape.
        ksize (Union[int, tuple[int]]): the pooling window.
        strides (Union[int, tuple[int]]): the pooling steps; 0 takes ``ksize``. Default: ``0``.
        pads (Union[int, tuple[int]]): the pooling padding. Default: ``0``.
        output_shape (tuple[int]): (N, C, H_out, W_out), or () for
            ``(H - 1) * stride - 2 * pad + ksize``. Default: ``()``.
        data_format (str): ``"NCHW"``. Default: ``"NCHW"``.

    Returns:
        Tensor (N, C, H_out, W_out).

    Raises:
        ValueError: an attribute or shape that does not fit, or an index outside the output.
    """
    op = "MaxUnpool2D"
    if data_format != "NCHW":
        raise ValueError("%s: 'data_format' must be 'NCHW', but got %r" % (op, data_format))
    _need_tensors(op, x=x, argmax=argmax)
    k = _pair(op, "ksize", ksize)
    s = _pair(op, "strides", strides)
    s = k if s == (0, 0) else s
    p = _pair(op, "pads", pads)
    if x.ndim != 4 or tuple(argmax.shape) != tuple(x.shape):
        raise ValueError("%s: 'x' must be 4-D and 'argmax' of its shape, but got %s and %s"
                         % (op, tuple(x.shape), tuple(argmax.shape)))
    n, c, h, w = x.shape
    if output_shape:
        if len(output_shape) != 4:
            raise ValueError("%s: 'output_shape' must be () or 4 ints, but got %r"
                             % (op, output_shape))
        ho, wo = output_shape[2:]
    else:
        ho, wo = (h - 1) * s[0] - 2 * p[0] + k[0], (w - 1) * s[1] - 2 * p[1] + k[1]
    if not _trace_is_graph() and argmax.size:
        top = int(F.amax(argmax))
        if top >= ho * wo or int(F.amin(argmax)) < 0:
            raise ValueError("%s: 'argmax' must be in [0, %d) (H_out * W_out), but got %d"
                             % (op, ho * wo, top))
    from mindcell.ops.function.nn_more_func import unpool_scatter
    return unpool_scatter(x, argmax, (ho, wo))


_SHIFT_TYPES = {mstype.int8: 32, mstype.int16: 32, mstype.int32: 32, mstype.uint8: 32,
                mstype.uint16: 32, mstype.int64: 64}
_POW2 = np.array([1 << k for k in range(64)], np.uint64).view(np.int64)


def _shift(op, x1, x2, left):
    _need_tensors(op, x1=x1, x2=x2)
    if x1.dtype not in _SHIFT_TYPES or x2.dtype != x1.dtype:
        raise TypeError("%s: 'x1' and 'x2' must be integer Tensors of one dtype (int8, int16, "
                        "int32, int64, uint8 or uint16), but got %s and %s"
                        % (op, x1.dtype, x2.dtype))
    width = _SHIFT_TYPES[x1.dtype]
    a = F.cast(x1, mstype.int64)
    count = F.bitwise_and(F.cast(x2, mstype.int64), Tensor(np.array(width - 1, np.int64)))
    power = F.gather(Tensor(_POW2), count, 0)
    if left:
        out = F.mul(a, power)  # wraps modulo 2**64, then to the dtype's width below
    else:
        top = F.where(F.lt(a, 0), F.full_like(a, -1), F.zeros_like(a))
        safe = F.where(F.eq(count, 63), F.ones_like(power), power)
        out = F.where(F.eq(count, 63), top, F.floor_div(a, safe))
    if width == 32 and x1.dtype != mstype.int32:
        out = F.cast(F.cast(out, mstype.int32), x1.dtype)
    return F.cast(out, x1.dtype)


def left_shift(x1, x2):
    """``x1 << x2`` elementwise, as MindSpore 2.10's CPU kernel computes it: int8/int16/uint8/
    uint16 values are shifted as int32 (by ``x2 & 31``) and then wrapped to their dtype, int32
    by ``x2 & 31`` and int64 by ``x2 & 63``.

    Args:
        x1 (Tensor): the integers.
        x2 (Tensor): the shift counts, ``x1``'s dtype, broadcast against ``x1``.

    Returns:
        Tensor of the broadcast shape and ``x1``'s dtype.

    Raises:
        TypeError: the inputs are not integer Tensors of one supported dtype.
    """
    return _shift("LeftShift", x1, x2, True)


def right_shift(x1, x2):
    """``x1 >> x2`` elementwise (arithmetic: negative values stay negative), with the shift
    counts of :func:`left_shift` (``x2 & 31``, or ``& 63`` for int64).

    Args:
        x1 (Tensor): the integers.
        x2 (Tensor): the shift counts, ``x1``'s dtype, broadcast against ``x1``.

    Returns:
        Tensor of the broadcast shape and ``x1``'s dtype.

    Raises:
        TypeError: the inputs are not integer Tensors of one supported dtype.
    """
    return _shift("RightShift", x1, x2, False)


def _sizes_3d(op, x, output_size, scales):
    _need_tensors(op, x=x)
    if x.ndim != 5:
        raise ValueError("%s: 'x' must be 5-D (N, C, D, H, W), but got shape %s"
                         % (op, tuple(x.shape)))
    if (output_size is None) == (scales is None):
        raise ValueError("%s: exactly one of 'output_size' and 'scales' must be given, but got "
                         "%r and %r" % (op, output_size, scales))
    if output_size is not None:
        if isinstance(output_size, Tensor):
            output_size = [int(v) for v in output_size.asnumpy().reshape(-1)]
        if len(output_size) != 3 or any(isinstance(v, bool) or not isinstance(v, int) or v < 1
                                        for v in output_size):
            raise ValueError("%s: 'output_size' must be 3 positive ints, but got %r"
                             % (op, output_size))
        return tuple(output_size), None
    if len(scales) != 3 or any(isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0
                               for v in scales):
        raise ValueError("%s: 'scales' must be 3 positive floats, but got %r" % (op, scales))
    return tuple(int(np.floor(n * s)) for n, s in zip(x.shape[2:], scales)), tuple(scales)


def upsample_nearest_3d(x, output_size=None, scales=None):
    """Resizes the last three axes of ``x`` taking the nearest voxel, ``floor(i * in / out)``
    (``floor(i / scale)`` with ``scales``).

    Args:
        x (Tensor): (N, C, D, H, W).
        output_size (Union[tuple[int], list[int]], optional): the new (D, H, W).
        scales (Union[tuple[float], list[float]], optional): the factors, when no
            ``output_size``.

    Returns:
        Tensor (N, C) + the new sizes.

    Raises:
        ValueError: ``x`` not 5-D, or not exactly one of ``output_size`` and ``scales``.
    """
    sizes, scales = _sizes_3d("UpsampleNearest3D", x, output_size, scales)
    out = x
    for k, (n_in, n_out) in enumerate(zip(x.shape[2:], sizes)):
        step = 1 / scales[k] if scales else n_in / n_out
        src = np.minimum(np.floor(np.arange(n_out) * step), n_in - 1).astype(np.int64)
        out = F.gather(out, Tensor(src), 2 + k)
    return out


def upsample_trilinear_3d(x, output_size=None, scales=None, align_corners=False):
    """Resizes the last three axes of ``x`` by linear interpolation along each: source
    position ``(i + 0.5) * in / out - 0.5`` (``(i + 0.5) / scale - 0.5`` with ``scales``),
    clamped at 0, or ``i * (in - 1) / (out - 1)`` with ``align_corners``.

    Args:
        x (Tensor): (N, C, D, H, W) float.
        output_size (Union[tuple[int], list[int]], optional): the new (D, H, W).
        scales (Union[tuple[float], list[float]], optional): the factors, when no
            ``output_size``.
        align_corners (bool): map the corner voxels onto each other. Default: ``False``.

    Returns:
        Tensor (N, C) + the new sizes.

    Raises:
        ValueError: ``x`` not 5-D, or not exactly one of ``output_size`` and ``scales``.
    """
    sizes, scales = _sizes_3d("UpsampleTrilinear3D", x, output_size, scales)
    out = x
    for k, (n_in, n_out) in enumerate(zip(x.shape[2:], sizes)):
        i = np.arange(n_out, dtype=np.float64)
        if align_corners:
            src = i * (n_in - 1) / (n_out - 1) if n_out > 1 else np.zeros(n_out)
        else:
            step = 1 / scales[k] if scales else n_in / n_out
            src = np.maximum((i + 0.5) * step - 0.5, 0)
        lo = np.minimum(np.floor(src), n_in - 1).astype(np.int64)
        hi = np.minimum(lo + 1, n_in - 1)
        shape = [1] * 5
        shape[2 + k] = n_out
        w = Tensor((src - lo).reshape(shape).astype(np.float32)).astype(x.dtype)
        out = F.gather(out, Tensor(lo), 2 + k) * (1 - w) + F.gather(out, Tensor(hi), 2 + k) * w
    return out


def space_to_batch_nd(input_x, block_shape, paddings):
    """Moves blocks of the spatial axes into the batch: pads the spatial axes by ``paddings``,
    cuts them into ``block_shape`` blocks and stacks the block offsets in front of the batch.

    Args:
        input_x (Tensor): ``(N, C, *spatial)``, one spatial axis per block dimension.
        block_shape (Union[int, tuple[int], list[int]]): the block's size per spatial axis,
            each >= 1 (an int for every axis).
        paddings (Union[tuple, list]): (before, after) per spatial axis, each >= 0.

    Returns:
        Tensor of shape ``(N * prod(block_shape), C, *(padded spatial // block_shape))``.

    Raises:
        ValueError: the attributes do not fit ``input_x``, or a padded axis is not a multiple
            of its block size.
    """
    return F.space_to_batch_nd(input_x, block_shape, paddings)  # the ops function is the one definition


def bernoulli_prim(x, p, seed=-1, offset=0):
    """Bernoulli samples of probability ``p`` in ``x``'s shape and dtype (``ops.bernoulli``).

    Args:
        x (Tensor): gives the shape and dtype.
        p (Union[Tensor, float]): the probability of 1, broadcast to ``x``'s shape.
        seed (int): -1 draws from the global generator, else the draw's seed. Default: ``-1``.
        offset (int): MindSpore's Philox offset; only 0. Default: ``0``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        NotImplementedError: a non-zero ``offset``.
    """
    if offset != 0:
        raise NotImplementedError("Bernoulli: only offset=0 is implemented, but got %r"
                                  % (offset,))
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < -1:
        raise ValueError("Bernoulli: 'seed' must be an int >= -1, but got %r" % (seed,))
    if isinstance(p, Tensor) and isinstance(x, Tensor) and tuple(p.shape) != tuple(x.shape):
        p = F.broadcast_to(p, tuple(x.shape))  # MindSpore broadcasts p (e.g. one value)
    return F.bernoulli(x, p, None if seed == -1 else seed)


def _triple(op, arg, value):
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * 3
    if not isinstance(value, (tuple, list)) or len(value) not in (3, 5) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        raise ValueError("%s: '%s' must be a positive int or 3 positive ints, but got %r"
                         % (op, arg, value))
    return tuple(value[-3:])


def avg_pool3d_prim(x, kernel_size=1, strides=1, pad_mode="valid", pad=0, ceil_mode=False,
                    count_include_pad=True, divisor_override=0, data_format="NCDHW"):
    """The mean of each (kd, kh, kw) window of ``x``: a per-channel convolution with a kernel
    of ones, divided by the window's volume (``count_include_pad``), by the number of input
    elements under it, or by ``divisor_override``.

    Args:
        x (Tensor): (N, C, D, H, W) float.
        kernel_size (Union[int, tuple[int]]): the window. Default: ``1``.
        strides (Union[int, tuple[int]]): the steps. Default: ``1``.
        pad_mode (str): ``"valid"``, ``"same"`` or ``"pad"``. Default: ``"valid"``.
        pad (Union[int, tuple[int]]): with "pad", an int or (head, tail, top, bottom, left,
            right). Default: ``0``.
        ceil_mode (bool): only ``False``. Default: ``False``.
        count_include_pad (bool): count padded zeros in the divisor. Default: ``True``.
        divisor_override (int): divide by it instead, when not 0. Default: ``0``.
        data_format (str): ``"NCDHW"``. Default: ``"NCDHW"``.

    Returns:
        Tensor (N, C, D', H', W').

    Raises:
        ValueError: an attribute that does not fit.
        NotImplementedError: ``ceil_mode``.
    """
    op = "AvgPool3D"
    if ceil_mode:
        raise NotImplementedError("%s: ceil_mode=True is not implemented" % op)
    if data_format != "NCDHW":
        raise ValueError("%s: 'data_format' must be 'NCDHW', but got %r" % (op, data_format))
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ("valid", "same", "pad"):
        raise ValueError("%s: 'pad_mode' must be 'valid', 'same' or 'pad', but got %r"
                         % (op, pad_mode))
    if isinstance(divisor_override, bool) or not isinstance(divisor_override, int) \
            or divisor_override < 0:
        raise ValueError("%s: 'divisor_override' must be an int >= 0, but got %r"
                         % (op, divisor_override))
    _need_tensors(op, x=x)
    if x.ndim != 5 or not x.dtype.is_floating_point:
        raise ValueError("%s: 'x' must be a 5-D float Tensor, but got %s %s"
                         % (op, x.dtype, tuple(x.shape)))
    k, s = _triple(op, "kernel_size", kernel_size), _triple(op, "strides", strides)
    c = x.shape[1]
    ones = F.ones((c, 1) + k, x.dtype)
    total = F.conv3d(x, ones, None, s, pad_mode.lower(), pad, 1, c)
    if divisor_override:
        return total / divisor_override
    if count_include_pad:
        return total / float(k[0] * k[1] * k[2])
    count = F.conv3d(F.ones((1, 1) + tuple(x.shape[2:]), x.dtype), ones[:1], None, s,
                     pad_mode.lower(), pad, 1, 1)
    return total / count


def adaptive_avg_pool3d_prim(x, output_size):
    """The means of ``output_size`` adaptive bins along each of the last three axes of ``x``:
    bin ``i`` of ``n`` over ``m`` inputs spans ``[floor(i m / n), ceil((i + 1) m / n))``.

    Args:
        x (Tensor): (N, C, D, H, W) or (C, D, H, W) float.
        output_size (Union[int, tuple]): (D', H', W'), an entry None keeping that axis.

    Returns:
        Tensor with the last three axes resized.

    Raises:
        ValueError: ``output_size`` is not an int or three ints / None, or ``x`` not 4-D/5-D.
    """
    op = "AdaptiveAvgPool3D"
    _need_tensors(op, x=x)
    if x.ndim not in (4, 5):
        raise ValueError("%s: 'x' must be 4-D or 5-D, but got shape %s" % (op, tuple(x.shape)))
    if isinstance(output_size, int) and not isinstance(output_size, bool):
        output_size = (output_size,) * 3
    if not isinstance(output_size, (tuple, list)) or len(output_size) != 3 or not all(
            v is None or (isinstance(v, int) and not isinstance(v, bool) and v > 0)
            for v in output_size):
        raise ValueError("%s: 'output_size' must be an int or 3 positive ints (or None), but "
                         "got %r" % (op, output_size))
    out = x
    for k, n in enumerate(output_size):
        axis = x.ndim - 3 + k
        m = x.shape[axis]
        n = m if n is None else n
        weights = np.zeros((m, n), np.float64)
        for i in range(n):
            lo, hi = (i * m) // n, -((-(i + 1) * m) // n)
            weights[lo:hi, i] = 1.0 / (hi - lo)
        moved = F.moveaxis(out, axis, -1)
        moved = F.matmul(moved, Tensor(weights.astype(np.float32)).astype(x.dtype))
        out = F.moveaxis(moved, -1, axis)
    return out


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    """Splits a packed LU factorization into the permutation ``P``, the unit lower ``L`` and the
    upper ``U`` with ``A = P @ L @ U``; ``LU_pivots`` are LAPACK's 1-based row swaps.

    Args:
        LU_data (Tensor): (..., M, N) float, L below the diagonal and U on and above it.
        LU_pivots (Tensor): (..., min(M, N)) int, row ``i`` was swapped with row
            ``LU_pivots[i] - 1``.
        unpack_data (bool): only ``True``. Default: ``True``.
        unpack_pivots (bool): only ``True``. Default: ``True``.

    Returns:
        Tuple of (P (..., M, M), L (..., M, K), U (..., K, N)), K = min(M, N).

    Raises:
        ValueError: the shapes do not fit or a pivot is out of range.
        NotImplementedError: ``unpack_data`` or ``unpack_pivots`` False.
    """
    op = "LuUnpack"
    if unpack_data is not True or unpack_pivots is not True:
        raise NotImplementedError("%s: only unpack_data=True and unpack_pivots=True are "
                                  "implemented" % op)
    _need_tensors(op, LU_data=LU_data, LU_pivots=LU_pivots)
    m, n = LU_data.shape[-2:] if LU_data.ndim >= 2 else (0, 0)
    k = min(m, n)
    if LU_data.ndim < 2 or tuple(LU_pivots.shape) != tuple(LU_data.shape[:-2]) + (k,):
        raise ValueError("%s: 'LU_data' must be (..., M, N) and 'LU_pivots' (..., min(M, N)), "
                         "but got %s and %s" % (op, tuple(LU_data.shape),
                                                tuple(LU_pivots.shape)))
    piv = LU_pivots.asnumpy().reshape(-1, k).astype(np.int64) - 1
    if piv.size and (piv.min() < 0 or piv.max() >= m):
        raise ValueError("%s: 'LU_pivots' must be in [1, %d], but got %s"
                         % (op, m, (piv + 1).tolist()))
    perms = []
    for row in piv:
        perm = list(range(m))
        for i, j in enumerate(row):
            perm[i], perm[j] = perm[j], perm[i]
        perms.append(np.eye(m)[perm].T)
    p = Tensor(np.stack(perms).reshape(tuple(LU_data.shape[:-2]) + (m, m))).astype(LU_data.dtype)
    lower = F.tril(LU_data[..., :, :k], -1) + F.eye(m, k, LU_data.dtype)
    upper = F.triu(LU_data[..., :k, :])
    return p, lower, upper


def random_shuffle(x, seed=0, seed2=0):
    """``x`` with its first axis in a random order (a random permutation of the rows).

    Args:
        x (Tensor): rank >= 1.
        seed (int): with ``seed2``, a seed for the draw; both 0 use the global generator.
            Default: ``0``.
        seed2 (int): the second seed. Default: ``0``.

    Returns:
        Tensor of ``x``'s shape and dtype.
    """
    op = "RandomShuffle"
    _need_tensors(op, x=x)
    for arg, v in (("seed", seed), ("seed2", seed2)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError("%s: '%s' must be an int >= 0, but got %r" % (op, arg, v))
    if x.ndim == 0:
        return x
    keys = F.rand(x.shape[0], seed=(seed * 1000003 + seed2) if (seed or seed2) else None)
    return F.gather(x, F.argsort(keys), 0)


def random_categorical(logits, num_sample, seed=0, dtype=mstype.int64):
    """``num_sample`` class indices per row drawn from the softmax of ``logits`` (with
    replacement).

    Args:
        logits (Tensor): (batch, classes) float.
        num_sample (int): the draws per row, > 0.
        seed (int): a seed for the draw; 0 uses the global generator. Default: ``0``.
        dtype (mindspore.dtype): int16, int32 or int64. Default: ``mindspore.int64``.

    Returns:
        Tensor (batch, num_sample) of ``dtype``.

    Raises:
        TypeError: ``dtype`` is not int16, int32 or int64.
        ValueError: ``logits`` is not 2-D or ``num_sample`` not positive.
    """
    op = "RandomCategorical"
    if dtype not in (mstype.int16, mstype.int32, mstype.int64):
        raise TypeError("%s: 'dtype' must be int16, int32 or int64, but got %r" % (op, dtype))
    _need_tensors(op, logits=logits)
    if logits.ndim != 2:
        raise ValueError("%s: 'logits' must be 2-D, but got shape %s" % (op, tuple(logits.shape)))
    if isinstance(num_sample, bool) or not isinstance(num_sample, int) or num_sample < 1:
        raise ValueError("%s: 'num_sample' must be a positive int, but got %r" % (op, num_sample))
    probs = F.softmax(F.cast(logits, mstype.float32), -1)
    draws = F.multinomial(probs, num_sample, True, seed or None)
    return F.cast(draws, dtype)


def multinomial_prim(x, num_samples, seed=0, seed2=0, dtype=mstype.int32):
    """``num_samples`` category indices per row of the weights ``x``, drawn with replacement
    (``ops.multinomial``), in ``dtype``. With ``seed`` or ``seed2`` non-zero every call draws
    from that seed.

    Args:
        x (Tensor): (C,) or (batch, C) non-negative weights.
        num_samples (int): the draws per row, > 0.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.
        dtype (mindspore.dtype): int32 or int64. Default: ``mindspore.int32``.

    Returns:
        Tensor (..., num_samples) of ``dtype``.

    Raises:
        TypeError: ``dtype`` is not int32 or int64.
        ValueError: a seed is negative.
    """
    dtype = _int_dtype("Multinomial", "dtype", dtype)
    for arg, v in (("seed", seed), ("seed2", seed2)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError("Multinomial: '%s' must be an int >= 0, but got %r" % (arg, v))
    draws = F.multinomial(x, num_samples, True, (seed * 1000003 + seed2) if seed or seed2
                          else None)
    return F.cast(draws, dtype)


RECORDS = [
    PrimRecord("NonZero", "nonzero",
               example=("ops.NonZero()(x)", "[[0 0]\n [0 1]\n [1 0]\n [1 1]]")),
    PrimRecord("SearchSorted", search_sorted, "(dtype=mindspore.int64, right=False)",
               example=("ops.SearchSorted()(Tensor(np.array([1.0, 3.0, 5.0], np.float32)), "
                        "Tensor(np.array([3.0, 4.0], np.float32)))", "[1 2]")),
    PrimRecord("BitwiseAnd", "bitwise_and"),
    PrimRecord("BitwiseOr", "bitwise_or"),
    PrimRecord("BitwiseXor", "bitwise_xor"),
    PrimRecord("Cross", "cross", "(dim=-65530)", convert={"dim": _dim},
               example=("ops.Cross(dim=1)(Tensor(np.eye(3, dtype=np.float32)), "
                        "Tensor(np.ones((3, 3), np.float32)))",
                        "[[ 0. -1.  1.]\n [ 1.  0. -1.]\n [-1.  1.  0.]]")),
    PrimRecord("Dense", "dense"),
    PrimRecord("Expand", "expand"),
    PrimRecord("GLU", "glu", "(axis=-1)",
               example=("ops.GLU(axis=0)(x)", "[[ 0.95257413 -1.2449187 ]]")),
    PrimRecord("IndexAdd", "index_add", "(axis, use_lock=True, check_index_bound=True)",
               example=("ops.IndexAdd(1)(ms.Parameter(x), Tensor(np.array([0], np.int32)), "
                        "Tensor(np.ones((2, 1), np.float32)))", "[[ 2.  -2. ]\n [ 4.   0.5]]")),
    PrimRecord("IndexFill", "index_fill"),
    PrimRecord("LogicalXor", "logical_xor"),
    PrimRecord("Logit", "logit", "(eps=-1.0)", convert={"eps": _no_eps},
               example=("ops.Logit(eps=0.1)(Tensor(np.array([0.0, 0.5, 0.75], np.float32)))",
                        "[-2.1972246  0.         1.0986123]")),
    PrimRecord("Mish", "mish"),
    PrimRecord("MultiMarginLoss", "multi_margin_loss", "(p=1, margin=1.0, reduction='mean')",
               example=("ops.MultiMarginLoss()(x, Tensor(np.array([0, 1], np.int32)))",
                        "0.875")),
    PrimRecord("Polygamma", "polygamma"),
    PrimRecord("Range", "range", "(maxlen=1000000)",
               example=("ops.Range()(Tensor(0, ms.int32), Tensor(7, ms.int32), "
                        "Tensor(3, ms.int32))", "[0 3 6]")),
    PrimRecord("Renorm", "renorm", "(p, dim, maxnorm)", attrs={"dim": "axis"},
               example=("ops.Renorm(2, 0, 1.0)(x)",
                        "[[ 0.4472136  -0.8944272 ]\n [ 0.9863939   0.16439898]]")),
    PrimRecord("ScatterNdAdd", "scatter_nd_add", "(use_locking=False)",
               example=("ops.ScatterNdAdd()(ms.Parameter(x), Tensor(np.array([[1, 0]], "
                        "np.int32)), Tensor(np.array([5.0], np.float32))).asnumpy()",
                        "[[ 1.  -2. ]\n [ 8.   0.5]]")),
    PrimRecord("Sinc", "sinc"),
    PrimRecord("SoftMarginLoss", "soft_margin_loss", "(reduction='mean')",
               example=("ops.SoftMarginLoss()(x, Tensor(np.ones((2, 2), np.float32)))",
                        "0.7407135")),
    PrimRecord("TensorAdd", "tensor_add", example=("ops.TensorAdd()(x, x)",
                                                   "[[ 2. -4.]\n [ 6.  1.]]")),
    PrimRecord("TensorScatterElements", "tensor_scatter_elements",
               "(axis=0, reduction='none')",
               example=("ops.TensorScatterElements(1, 'add')(x, Tensor(np.array([[1], [0]], "
                        "np.int32)), Tensor(np.ones((2, 1), np.float32)))",
                        "[[ 1.  -1. ]\n [ 4.   0.5]]")),
    PrimRecord("TypeAs", "type_as"),
    # composed ops (composed_func.py) and MindSpore's older spellings
    PrimRecord("SeLU", "selu"),
    PrimRecord("CeLU", "celu", "(alpha=1.0)",
               example=("ops.CeLU(2.0)(x)", "[[ 1.        -1.2642411]\n [ 3.         0.5      ]]")),
    PrimRecord("HShrink", "hardshrink", "(lambd=0.5)",
               example=("ops.HShrink(1.0)(x)", "[[ 0. -2.]\n [ 3.  0.]]")),
    PrimRecord("SoftShrink", "softshrink", "(lambd=0.5)",
               example=("ops.SoftShrink(1.0)(x)", "[[ 0. -1.]\n [ 2.  0.]]")),
    PrimRecord("HSigmoid", "hardsigmoid"),
    PrimRecord("PReLU", "prelu"),
    PrimRecord("SquaredDifference", squared_difference,
               example=("ops.SquaredDifference()(x, 1.0)", "[[0.   9.  ]\n [4.   0.25]]")),
    PrimRecord("Fmax", "fmax"), PrimRecord("Fmin", "fmin"),
    PrimRecord("TensorScatterSub", "tensor_scatter_sub"),
    PrimRecord("ScatterUpdate", "scatter_update", "(use_locking=True)",
               attrs={"use_locking": None}),
    PrimRecord("ScatterSub", scatter_sub, "(use_locking=False)", attrs={"use_locking": None},
               example=("ops.ScatterSub()(ms.Parameter(x), Tensor(np.array([1, 1], np.int32)), "
                        "Tensor(np.ones((2, 2), np.float32))).asnumpy()",
                        "[[ 1.  -2. ]\n [ 1.  -1.5]]")),
    PrimRecord("UnsortedSegmentSum", "unsorted_segment_sum"),
    PrimRecord("EmbeddingLookup", embedding_lookup,
               example=("ops.EmbeddingLookup()(x, Tensor(np.array([1, 1, 0], np.int32)), 0)",
                        "[[ 3.   0.5]\n [ 3.   0.5]\n [ 1.  -2. ]]")),
    PrimRecord("Pack", "stack", "(axis=0)",
               example=("ops.Pack(axis=1)((x, x)).shape", "(2, 2, 2)")),
    PrimRecord("Unpack", "unstack", "(axis=0)",
               example=("ops.Unpack(axis=1)(x)[1]", "[-2.   0.5]")),
    PrimRecord("LinSpace", "linspace"),
    PrimRecord("LogSpace", "logspace", "(steps=10, base=10, dtype=mindspore.float32)",
               example=("ops.LogSpace(3, 2)(Tensor(0.0), Tensor(2.0))", "[1. 2. 4.]")),
    PrimRecord("TrilIndices", "tril_indices", "(row, col, offset=0, dtype=mindspore.int32)",
               example=("ops.TrilIndices(2, 2)()", "[[0 1 1]\n [0 0 1]]")),
    PrimRecord("TriuIndices", "triu_indices", "(row, col, offset=0, dtype=mindspore.int32)",
               example=("ops.TriuIndices(2, 2)()", "[[0 0 1]\n [0 1 1]]")),
    PrimRecord("Bucketize", "bucketize", "(boundaries)",
               example=("ops.Bucketize([0.0, 2.0])(x)", "[[1 0]\n [2 1]]")),
    PrimRecord("MatrixBandPart", "matrix_band_part"),
    PrimRecord("BatchNorm", batch_norm_training_outputs,
               "(is_training=False, epsilon=1e-05, momentum=0.1, data_format='NCHW')",
               example=("ops.BatchNorm()(Tensor(np.ones((1, 2, 1, 1), np.float32)), "
                        "Tensor(np.ones(2, np.float32)), Tensor(np.zeros(2, np.float32)), "
                        "Tensor(np.zeros(2, np.float32)), Tensor(np.ones(2, np.float32)))[0]"
                        ".flatten()", "[0.999995 0.999995]")),
    PrimRecord("KLDivLoss", "kl_div", "(reduction='mean')",
               example=("ops.KLDivLoss('sum')(x, Tensor(np.full((2, 2), 0.25, np.float32)))",
                        "-2.0112944")),
    PrimRecord("BCEWithLogitsLoss", "binary_cross_entropy_with_logits", "(reduction='mean')",
               example=("ops.BCEWithLogitsLoss('sum')(x, Tensor(np.ones((2, 2), np.float32)))",
                        "2.962854")),
    PrimRecord("TensorShape", tensor_shape,
               example=("ops.TensorShape()(x)", "[2 2]")),
    PrimRecord("MaxPoolWithArgmax", max_pool_with_argmax,
               "(kernel_size=1, strides=1, pad_mode='valid', data_format='NCHW')",
               example=("ops.MaxPoolWithArgmax(2, 2)(x.reshape(1, 1, 2, 2))[1]", "[[[[2]]]]")),
    *[PrimRecord(name, conv2d_backprop_input,
                 "(out_channel, kernel_size, pad_mode='valid', pad=0, pad_list=None, mode=1, "
                 "stride=1, dilation=1, group=1, data_format='NCHW')",
                 example=("ops.%s(1, 2)(x.reshape(1, 1, 2, 2), Tensor(np.ones((1, 1, 2, 2), "
                          "np.float32)), (1, 1, 3, 3))" % name,
                          "[[[[ 1.  -1.  -2. ]\n   [ 4.   2.5 -1.5]\n   [ 3.   3.5  0.5]]]]"))
      for name in ("Conv2DBackpropInput", "Conv2DTranspose")],
    PrimRecord("DiagPart", "diagonal",
               example=("ops.DiagPart()(x)", "[1.  0.5]")),
]

# the combining scatters (scatter_reduce_func.py): TensorScatterMax(), ScatterNdMul(use_locking),
# ScatterDiv(use_locking), UnsortedSegmentProd() ...
RECORDS += [PrimRecord("TensorScatter" + k.title(), "tensor_scatter_" + k)
            for k in ("max", "min", "mul", "div")]
RECORDS += [PrimRecord(prefix + k.title(), function + k, "(use_locking=False)",
                       attrs={"use_locking": "use_locking" if function == "scatter_nd_" else None})
            for prefix, function in (("ScatterNd", "scatter_nd_"), ("Scatter", "scatter_"))
            for k in ("max", "min", "mul", "div") + (("sub",) if prefix == "ScatterNd" else ())]
RECORDS += [PrimRecord("UnsortedSegment" + k.title(), "unsorted_segment_" + k)
            for k in ("max", "min", "prod")]

# classes of MindSpore 2.10's documentation examples (round 6, exprim)
RECORDS += [
    PrimRecord("ChannelShuffle", "channel_shuffle", "(group)", attrs={"group": "groups"},
               example=("ops.ChannelShuffle(2)(x.reshape((1, 4, 1, 1))).reshape((4,))",
                        "[ 1.   3.  -2.   0.5]")),
    PrimRecord("Ger", "ger", example=("ops.Ger()(x[0], x[1])", "[[ 3.   0.5]\n [-6.  -1. ]]")),
    PrimRecord("UniqueConsecutive", unique_consecutive_outputs,
               "(return_inverse=False, return_counts=False, dim=None)",
               example=("ops.UniqueConsecutive(True, True)(Tensor(np.array([1, 1, 2, 1])))[2]",
                        "[2 1 1]")),
    PrimRecord("LowerBound", lower_bound, "(out_type=mindspore.int32)",
               example=("ops.LowerBound()(Tensor(np.array([[0.5, 1.0, 3.0]], np.float32)), "
                        "x[1:])", "[[2 0]]")),
    PrimRecord("UpperBound", upper_bound, "(out_type=mindspore.int32)",
               example=("ops.UpperBound()(Tensor(np.array([[0.5, 1.0, 3.0]], np.float32)), "
                        "x[1:])", "[[3 1]]")),
    PrimRecord("LogMatrixDeterminant", "slogdet",
               example=("ops.LogMatrixDeterminant()(x)[1]",
                        "1.8718022")),
    PrimRecord("ReduceStd", "std_mean", "(axis=[], unbiased=True, keep_dims=False)",
               attrs={"unbiased": "ddof", "keep_dims": "keepdims"},
               convert={"axis": _std_axis, "unbiased": _unbiased},
               example=("ops.ReduceStd(axis=1)(x)[0]",
                        "[2.1213202 1.767767 ]")),
    PrimRecord("MirrorPad", "mirror_pad", "(mode='REFLECT')",
               example=("ops.MirrorPad('SYMMETRIC')(x, Tensor(np.array([[0, 0], [1, 1]])))",
                        "[[ 1.   1.  -2.  -2. ]\n [ 3.   3.   0.5  0.5]]")),
    PrimRecord("Conv3D", conv3d_prim, "(out_channel, kernel_size, mode=1, pad_mode='valid', "
               "pad=0, stride=1, dilation=1, group=1, data_format='NCDHW')",
               example=("ops.Conv3D(1, 1, pad_mode='pad', pad=[0, 0, 0, 0, 1, 0])("
                        "x.reshape((1, 1, 1, 2, 2)), Tensor(np.full((1, 1, 1, 1, 1), 2.0, "
                        "np.float32))).shape", "(1, 1, 1, 2, 3)")),
    PrimRecord("MulNoNan", mul_no_nan,
               example=("ops.MulNoNan()(x, Tensor(np.array([[0.0, 2.0], [np.inf, 0.0]], "
                        "np.float32)))", "[[ 0. -4.]\n [inf  0.]]")),
    PrimRecord("SquareSumAll", square_sum_all,
               example=("ops.SquareSumAll()(x[0], x[1])[1]",
                        "9.25")),
    PrimRecord("ApproximateEqual", F.approximate_equal, "(tolerance=1e-05)",
               example=("ops.ApproximateEqual(1.0)(x, x + 0.5 * x)",
                        "[[ True False]\n [False  True]]")),
    PrimRecord("EqualCount", equal_count, example=("ops.EqualCount()(x, x.abs())", "[3.]")),
    PrimRecord("InvertPermutation", invert_permutation,
               example=("ops.InvertPermutation()((2, 0, 1))", "(1, 2, 0)")),
    PrimRecord("FillV2", fill_v2,
               example=("ops.FillV2()((2, 3), x[0, 0])", "[[1. 1. 1.]\n [1. 1. 1.]]")),
    PrimRecord("ParallelConcat", parallel_concat,
               example=("ops.ParallelConcat()((x[:1], x[1:]))", "[[ 1.  -2. ]\n [ 3.   0.5]]")),
    PrimRecord("Padding", padding, "(pad_dim_size=8)",
               example=("ops.Padding(3)(x[:, :1])", "[[1. 0. 0.]\n [3. 0. 0.]]")),
    PrimRecord("InTopK", in_top_k, "(k)",
               example=("ops.InTopK(1)(x, Tensor(np.array([0, 0], np.int32)))", "[ True  True]")),
    PrimRecord("InplaceAdd", inplace_add, "(indices)",
               example=("ops.InplaceAdd([1, 1])(x, Tensor(np.ones((2, 2), np.float32)))",
                        "[[ 1.  -2. ]\n [ 5.   2.5]]")),
    PrimRecord("InplaceSub", inplace_sub, "(indices)",
               example=("ops.InplaceSub(0)(x, Tensor(np.ones((1, 2), np.float32)))",
                        "[[ 0.  -3. ]\n [ 3.   0.5]]")),
    PrimRecord("InplaceUpdateV2", inplace_update,
               example=("ops.InplaceUpdateV2()(x, (1,), Tensor(np.zeros((1, 2), np.float32)))",
                        "[[ 1. -2.]\n [ 0.  0.]]")),
    PrimRecord("Eps", eps_like, example=("ops.Eps()(x[0])", "[1.1920929e-07 1.1920929e-07]")),
    PrimRecord("Median", median_prim, "(global_median=False, axis=0, keep_dims=False, "
               "ignore_nan=False)", example=("ops.Median(axis=1)(x)[0]", "[-2.   0.5]")),
    PrimRecord("LRN", lrn, "(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, "
               "norm_region='ACROSS_CHANNELS')",
               example=("ops.LRN(depth_radius=1)(x.reshape((1, 4, 1, 1))).reshape((4,))",
                        "[ 0.40824828 -0.5163978   0.79471946  0.15617377]")),
]

RECORDS += [
    PrimRecord("Bincount", bincount_sized,
               example=("ops.Bincount()(Tensor(np.array([1, 2, 2, 7], np.int32)), 3, "
                        "Tensor(np.ones(4, np.float32)))",
                        "[0. 1. 2.]")),
    PrimRecord("HammingWindow", hamming_window,
               "(periodic=True, alpha=0.54, beta=0.46, dtype=mindspore.float32)",
               example=("ops.HammingWindow()(Tensor(np.array([4])))", "[0.08 0.54 1.   0.54]")),
    PrimRecord("BartlettWindow", bartlett_window, "(periodic=True, dtype=mindspore.float32)",
               example=("ops.BartlettWindow(False)(Tensor(5))", "[0.  0.5 1.  0.5 0. ]")),
    PrimRecord("BlackmanWindow", blackman_window, "(periodic=True, dtype=mindspore.float32)",
               example=("ops.BlackmanWindow()(Tensor(4))", "[0.   0.34 1.   0.34]")),
    PrimRecord("PopulationCount", population_count,
               example=("ops.PopulationCount()(Tensor(np.array([0, 7, -1], np.int8)))",
                        "[0 3 8]")),
    PrimRecord("Pdist", pdist, "(p=2.0)", example=("ops.Pdist(1.0)(x)", "[4.5]")),
    PrimRecord("DataFormatDimMap", data_format_dim_map,
               "(src_format='NHWC', dst_format='NCHW')",
               example=("ops.DataFormatDimMap()(Tensor(np.array([0, 1, 2, 3], np.int32)))",
                        "[0 3 1 2]")),
    PrimRecord("MatrixSolve", matrix_solve, "(adjoint=False)",
               example=("ops.MatrixSolve()(Tensor(np.array([[2.0, 0.0], [1.0, 4.0]], "
                        "np.float32)), x)", "[[ 0.5   -1.   ]\n [ 0.625  0.375]]")),
    PrimRecord("InplaceIndexAdd", inplace_index_add, "(axis)",
               example=("ops.InplaceIndexAdd(0)(ms.Parameter(Tensor(np.ones((2, 2), "
                        "np.float32)), name='v'), Tensor(np.array([1, 1], np.int32)), x)",
                        "[[ 1.   1. ]\n [ 5.  -0.5]]")),
    PrimRecord("IndexPut", index_put, "(accumulate=0)",
               example=("ops.IndexPut(1)(x, Tensor(np.ones(1, np.float32)), "
                        "[Tensor(np.array([0, 0]))])",
                        "[[3.  0. ]\n [3.  0.5]]")),
]

RECORDS += [
    PrimRecord("Igammac", igammac,
               example=("ops.Igammac()(x.abs() + 1, x.abs())",
                        "[[0.7357589  0.6766764 ]\n [0.6472319  0.80125195]]")),
    PrimRecord("Mvlgamma", mvlgamma, "(p)",
               example=("ops.Mvlgamma(2)(x.abs() + 1)",
                        "[[0.45158267 1.550195  ]\n [3.5650978  0.45158267]]")),
    PrimRecord("Im2Col", im2col, "(ksizes, strides=1, dilations=1, pads=0)",
               example=("ops.Im2Col(2)(x.reshape((1, 1, 2, 2)))",
                        "[[[[ 1. ]\n   [-2. ]\n   [ 3. ]\n   [ 0.5]]]]")),
    PrimRecord("Col2Im", col2im, "(kernel_size, dilation=1, padding=0, stride=1)",
               example=("ops.Col2Im(2)(x.reshape((1, 1, 4, 1)), Tensor(np.array([2, 2], "
                        "np.int32)))", "[[[[ 1.  -2. ]\n   [ 3.   0.5]]]]")),
    PrimRecord("GridSampler2D", grid_sampler,
               "(interpolation_mode='bilinear', padding_mode='zeros', align_corners=False)",
               example=("ops.GridSampler2D(align_corners=True)(x.reshape((1, 1, 2, 2)), "
                        "Tensor(np.zeros((1, 1, 1, 2), np.float32)))", "[[[[0.625]]]]")),
    PrimRecord("ResizeNearestNeighborV2", resize_nearest_neighbor_v2,
               "(align_corners=False, half_pixel_centers=False)",
               example=("ops.ResizeNearestNeighborV2()(x.reshape((1, 1, 2, 2)), "
                        "Tensor(np.array([3, 1], np.int32)))", "[[[[1.]\n   [1.]\n   [3.]]]]")),
    PrimRecord("MaxUnpool2D", max_unpool2d,
               "(ksize, strides=0, pads=0, output_shape=(), data_format='NCHW')",
               example=("ops.MaxUnpool2D(2)(x.reshape((1, 1, 2, 2)), "
                        "Tensor(np.array([[[[0, 3], [9, 14]]]])))",
                        "[[[[ 1.   0.   0.  -2. ]\n   [ 0.   0.   0.   0. ]\n"
                        "   [ 0.   3.   0.   0. ]\n   [ 0.   0.   0.5  0. ]]]]")),
]

RECORDS += [
    PrimRecord("LeftShift", left_shift,
               example=("ops.LeftShift()(Tensor(np.array([1, 2, 3], np.int8)), "
                        "Tensor(np.array([0, 1, -1], np.int8)))", "[1 4 0]")),
    PrimRecord("RightShift", right_shift,
               example=("ops.RightShift()(Tensor(np.array([-7, 100], np.int32)), "
                        "Tensor(np.array([1, 2], np.int32)))", "[-4 25]")),
    PrimRecord("UpsampleNearest3D", upsample_nearest_3d,
               example=("ops.UpsampleNearest3D()(x.reshape((1, 1, 1, 2, 2)), [1, 2, 3])",
                        "[[[[[ 1.   1.  -2. ]\n    [ 3.   3.   0.5]]]]]")),
    PrimRecord("UpsampleTrilinear3D", upsample_trilinear_3d, "(align_corners=False)",
               example=("ops.UpsampleTrilinear3D()(x.reshape((1, 1, 1, 2, 2)), [1, 2, 3])",
                        "[[[[[ 1.   -0.5  -2.  ]\n    [ 3.    1.75  0.5 ]]]]]")),
    PrimRecord("SpaceToBatchND", space_to_batch_nd, "(block_shape, paddings)",
               example=("ops.SpaceToBatchND([2, 1], [[0, 0], [0, 0]])(x.reshape((1, 1, 2, 2)))"
                        ".shape", "(2, 1, 1, 2)")),
    PrimRecord("Bernoulli", bernoulli_prim, "(seed=-1, offset=0)",
               example=("ops.Bernoulli()(x, Tensor(np.array([1.0], np.float32)))",
                        "[[1. 1.]\n [1. 1.]]")),
]

RECORDS += [
    PrimRecord("AvgPool3D", avg_pool3d_prim,
               "(kernel_size=1, strides=1, pad_mode='valid', pad=0, ceil_mode=False, "
               "count_include_pad=True, divisor_override=0, data_format='NCDHW')",
               example=("ops.AvgPool3D(divisor_override=2)(x.reshape((1, 1, 1, 2, 2)))",
                        "[[[[[ 0.5  -1.  ]\n    [ 1.5   0.25]]]]]")),
    PrimRecord("AdaptiveAvgPool3D", adaptive_avg_pool3d_prim, "(output_size)",
               example=("ops.AdaptiveAvgPool3D(1)(x.reshape((1, 1, 1, 2, 2)))",
                        "[[[[[0.625]]]]]")),
]

RECORDS += [
    PrimRecord("LuUnpack", lu_unpack, "(unpack_data=True, unpack_pivots=True)",
               example=("ops.LuUnpack()(x, Tensor(np.array([2, 2], np.int32)))[0]",
                        "[[0. 1.]\n [1. 0.]]")),
    PrimRecord("RandomShuffle", random_shuffle, "(seed=0, seed2=0)",
               example=("ops.RandomShuffle(seed=1)(x).shape", "(2, 2)")),
    PrimRecord("RandomCategorical", random_categorical, "(dtype=mindspore.int64)",
               example=("ops.RandomCategorical()(x, 3, 0).shape", "(2, 3)")),
]

RECORDS += [
    PrimRecord("Multinomial", multinomial_prim, "(seed=0, seed2=0, dtype=mindspore.int32)",
               example=("ops.Multinomial(seed=1)(Tensor(np.array([[0.0, 9.0, 0.0]], "
                        "np.float32)), 2)", "[[1 1]]")),
]

from mindcell.ops import operations_more_funcs as _more  # noqa: E402

_I = "Tensor(np.array([0, 0, 2], np.int32))"
RECORDS += [
    PrimRecord("SegmentSum", _more.segment_sum,
               example=("ops.SegmentSum()(Tensor(np.array([1.0, 2.0, 4.0], np.float32)), %s)"
                        % _I, "[3. 0. 4.]")),
    PrimRecord("SegmentMax", _more.segment_max,
               example=("ops.SegmentMax()(Tensor(np.array([1.0, 2.0, 4.0], np.float32)), %s)"
                        % _I, "[2. 0. 4.]")),
    PrimRecord("SegmentMin", _more.segment_min,
               example=("ops.SegmentMin()(Tensor(np.array([1.0, 2.0, 4.0], np.float32)), %s)"
                        % _I, "[1. 0. 4.]")),
    PrimRecord("SegmentMean", _more.segment_mean,
               example=("ops.SegmentMean()(Tensor(np.array([1.0, 2.0, 4.0], np.float32)), %s)"
                        % _I, "[1.5 0.  4. ]")),
    PrimRecord("SegmentProd", _more.segment_prod,
               example=("ops.SegmentProd()(Tensor(np.array([3.0, 2.0, 4.0], np.float32)), %s)"
                        % _I, "[6. 1. 4.]")),
    PrimRecord("MatrixPower", "matrix_power", "(n)",
               example=("ops.MatrixPower(2)(x)", "[[-5.  -3. ]\n [ 4.5 -5.75]]")),
    PrimRecord("CholeskySolve", "cholesky_solve", "(upper=False)",
               example=("ops.CholeskySolve()(x, Tensor(np.array([[2.0, 0.0], [1.0, 1.0]], "
                        "np.float32)))", "[[-1.   -1.25]\n [ 2.5   1.5 ]]")),
    PrimRecord("CholeskyInverse", "cholesky_inverse", "(upper=False)",
               example=("ops.CholeskyInverse()(Tensor(np.array([[2.0, 0.0], [1.0, 1.0]], "
                        "np.float32)))", "[[ 0.5 -0.5]\n [-0.5  1. ]]")),
    PrimRecord("Lstsq", _more.lstsq_prim, "(fast=True, l2_regularizer=0.0)",
               example=("ops.Lstsq()(x, Tensor(np.array([[1.0], [3.0]], np.float32)))",
                        "[[1.]\n [0.]]")),
    PrimRecord("MatrixSolveLs", _more.matrix_solve_ls, "(fast=True)",
               example=("ops.MatrixSolveLs()(x, Tensor(np.array([[1.0], [3.0]], np.float32)), "
                        "Tensor(0.0, ms.float64))", "[[1.]\n [0.]]")),
    PrimRecord("MatrixTriangularSolve", _more.matrix_triangular_solve,
               "(lower=True, adjoint=False)",
               example=("ops.MatrixTriangularSolve()(x, Tensor(np.array([[1.0], [3.5]], "
                        "np.float32)))", "[[1.]\n [1.]]")),
    PrimRecord("TridiagonalMatMul", _more.tridiagonal_matmul,
               example=("ops.TridiagonalMatMul()(*[Tensor(np.array([[1.0, 2.0]], np.float32))] "
                        "* 3, x)", "[[ 4.  -1.5]\n [ 8.  -3. ]]")),
    PrimRecord("UnravelIndex", _more.unravel_index,
               example=("ops.UnravelIndex()(Tensor(np.array([1, 5], np.int32)), "
                        "Tensor(np.array([2, 3], np.int32)))", "[[0 1]\n [1 2]]")),
    PrimRecord("ListDiff", _more.list_diff, "(out_idx=mindspore.int32)",
               example=("ops.ListDiff()(Tensor(np.array([3, 1, 2], np.int32)), "
                        "Tensor(np.array([1], np.int32)))[1]", "[0 2]")),
    PrimRecord("NthElement", _more.nth_element, "(reverse=False)",
               example=("ops.NthElement()(x, 0)", "[-2.   0.5]")),
    PrimRecord("SplitV", _more.split_v, "(size_splits, split_dim, num_split)",
               example=("ops.SplitV([1, -1], 1, 2)(x)[1]", "[[-2. ]\n [ 0.5]]")),
    PrimRecord("CumulativeLogsumexp", _more.cumulative_logsumexp,
               "(exclusive=False, reverse=False)",
               example=("ops.CumulativeLogsumexp()(Tensor(np.array([0.0, 0.0], np.float32)), "
                        "Tensor(0))", "[0.        0.6931472]")),
    PrimRecord("CheckNumerics", _more.check_numerics,
               example=("ops.CheckNumerics()(x)", "[[ 1.  -2. ]\n [ 3.   0.5]]")),
    PrimRecord("FillDiagonal", _more.fill_diagonal, "(fill_value, wrap=False)",
               example=("ops.FillDiagonal(7.0)(x)", "[[ 7. -2.]\n [ 3.  7.]]")),
    PrimRecord("DataFormatVecPermute", _more.data_format_vec_permute,
               "(src_format='NHWC', dst_format='NCHW')",
               example=("ops.DataFormatVecPermute()(Tensor(np.array([1, 2, 3, 4], np.int32)))",
                        "[1 4 2 3]")),
    PrimRecord("Histogram", _more.histogram, "(bins=100, min=0.0, max=0.0)",
               example=("ops.Histogram(bins=2, min=-2.0, max=4.0)(x)", "[2. 2.]")),
    PrimRecord("HistogramFixedWidth", _more.histogram_fixed_width, "(nbins, dtype='int32')",
               example=("ops.HistogramFixedWidth(2)(x, Tensor(np.array([0.0, 2.0], "
                        "np.float32)))", "[2 2]")),
    PrimRecord("EuclideanNorm", _more.euclidean_norm, "(keep_dims=False)",
               example=("ops.EuclideanNorm()(Tensor(np.array([[3.0, 4.0]], np.float32)), 1)",
                        "[5.]")),
    PrimRecord("NuclearNorm", _more.nuclear_norm, "(dim=None, keepdim=False)",
               example=("ops.NuclearNorm()(Tensor(np.array([[0.0, 1.0], [2.0, 3.0]], "
                        "np.float32)))", "4.2426405")),
    PrimRecord("IdentityN", _more.identity_n,
               example=("ops.IdentityN()([x])[0]", "[[ 1.  -2. ]\n [ 3.   0.5]]")),
    PrimRecord("InplaceUpdate", "inplace_update", "(indices)",
               example=("ops.InplaceUpdate([1])(x, Tensor(np.array([[0.0, 0.0]], "
                        "np.float32)))", "[[ 1. -2.]\n [ 0.  0.]]")),
    PrimRecord("ScatterAddWithAxis", _more.scatter_add_with_axis, "(axis=0)",
               example=("ops.ScatterAddWithAxis(1)(x, Tensor(np.array([[0], [0]], np.int32)), "
                        "Tensor(np.array([[1.0], [1.0]], np.float32)))",
                        "[[ 2.  -2. ]\n [ 4.   0.5]]")),
    PrimRecord("ScatterNonAliasingAdd", _more.scatter_non_aliasing_add,
               example=("ops.ScatterNonAliasingAdd()(ms.Parameter(x, name='p'), "
                        "Tensor(np.array([[0, 1]], np.int32)), Tensor(np.array([2.0], "
                        "np.float32)))", "[[1.  0. ]\n [3.  0.5]]")),
    PrimRecord("MaskedScatter", _more.masked_scatter,
               example=("ops.MaskedScatter()(x, Tensor(np.array([[True, False], [False, True]]))"
                        ", Tensor(np.array([5.0, 6.0], np.float32)))",
                        "[[ 5. -2.]\n [ 3.  6.]]")),
    PrimRecord("AdaptiveMaxPool2D", _more.adaptive_max_pool2d_prim, "(output_size)",
               example=("ops.AdaptiveMaxPool2D([1, 1])(x.reshape((1, 1, 2, 2)))[1]",
                        "[[[[2]]]]")),
    PrimRecord("MaxUnpool3D", _more.max_unpool3d_prim,
               "(ksize, strides=0, pads=0, output_shape=(), data_format='NCDHW')",
               example=("ops.MaxUnpool3D(2)(x.reshape((1, 1, 1, 1, 4))[..., :1], "
                        "Tensor(np.array([[[[[3]]]]]))).reshape(-1)", "[0. 0. 0. 1. 0. 0. 0. 0.]")),
    PrimRecord("BatchToSpace", _more.batch_to_space, "(block_size, crops)",
               example=("ops.BatchToSpace(2, [[0, 0], [0, 0]])(x.reshape((4, 1, 1, 1)))",
                        "[[[[ 1.  -2. ]\n   [ 3.   0.5]]]]")),
    PrimRecord("SpaceToBatch", _more.space_to_batch, "(block_size, paddings)",
               example=("ops.SpaceToBatch(2, [[0, 0], [0, 0]])(x.reshape((1, 1, 2, 2)))"
                        ".reshape(-1)", "[ 1.  -2.   3.   0.5]")),
    PrimRecord("BatchToSpaceND", "batch_to_space_nd", "(block_shape, crops)",
               example=("ops.BatchToSpaceND([2, 2], [[0, 0], [0, 0]])(x.reshape((4, 1, 1, 1)))",
                        "[[[[ 1.  -2. ]\n   [ 3.   0.5]]]]")),
    PrimRecord("BatchToSpaceNDV2", _more.batch_to_space_nd_v2,
               example=("ops.BatchToSpaceNDV2()(x.reshape((4, 1, 1, 1)), "
                        "Tensor(np.array([2, 2], np.int32)), [[0, 0], [0, 0]])",
                        "[[[[ 1.  -2. ]\n   [ 3.   0.5]]]]")),
    PrimRecord("AccumulateNV2", "addn",
               example=("ops.AccumulateNV2()([x, x])", "[[ 2. -4.]\n [ 6.  1.]]")),
    PrimRecord("TruncatedNormal", _more.truncated_normal,
               "(dtype=mindspore.float32, seed=0, seed2=0)",
               example=("ops.TruncatedNormal()(Tensor(np.array([2, 3], np.int32))).shape",
                        "(2, 3)")),
    PrimRecord("Cauchy", _more.cauchy, "(size, median=0.0, sigma=1.0)",
               example=("ops.Cauchy([2, 3])().shape", "(2, 3)")),
    PrimRecord("LogNormalReverse", _more.log_normal_reverse, "(mean=1.0, std=2.0)",
               example=("bool((ops.LogNormalReverse()(x) > 0).all())", "True")),
    PrimRecord("Randperm", _more.randperm_padded, "(max_length=1, pad=-1, dtype=mindspore.int32)",
               example=("ops.Randperm(4)(Tensor(np.array([2], np.int32)))[2:]", "[-1 -1]")),
    PrimRecord("RandpermV2", _more.randperm_v2, "(seed=0, offset=0, dtype=mindspore.int64)",
               example=("ops.RandpermV2()(Tensor(3, ms.int64)).sort()[0]", "[0 1 2]")),
]

RECORDS += [
    *[PrimRecord("Bessel" + kind, "bessel_" + kind.lower())
      for kind in ("I0", "I0e", "I1", "I1e", "J0", "J1", "K0", "K0e", "K1", "K1e", "Y0", "Y1")],
    PrimRecord("Zeta", "zeta"),
    PrimRecord("MatrixDiagV3", "matrix_diag", "(align='RIGHT_LEFT')",
               example=("ops.MatrixDiagV3()(x[0], 0, -1, -1, 0.0)", "[[ 1.  0.]\n [ 0. -2.]]")),
    PrimRecord("MatrixDiagPartV3", "matrix_diag_part", "(align='RIGHT_LEFT')"),
    PrimRecord("MatrixSetDiagV3", "matrix_set_diag", "(align='RIGHT_LEFT')"),
    PrimRecord("UniqueWithPad", "unique_with_pad"),
]

RECORDS += [
    PrimRecord("MaxPoolWithArgmaxV2", _more.max_pool_with_argmax_v2,
               "(kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False, "
               "argmax_type=mindspore.int64)",
               example=("ops.MaxPoolWithArgmaxV2(2)(x.reshape((1, 1, 2, 2)))[1]", "[[[[2]]]]")),
    PrimRecord("MaxPool3DWithArgmax", _more.max_pool3d_with_argmax,
               "(ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False, "
               "data_format='NCDHW', argmax_type=mindspore.int64)",
               example=("ops.MaxPool3DWithArgmax([1, 2, 2], 1, 0)(x.reshape((1, 1, 1, 2, 2)))"
                        "[1]", "[[[[[2]]]]]")),
    PrimRecord("ResizeLinear1D", _more.resize_linear_1d,
               "(coordinate_transformation_mode='align_corners')",
               example=("ops.ResizeLinear1D()(x.reshape((1, 1, 4)), (3,))",
                        "[[[1.  0.5 0.5]]]")),
    PrimRecord("ResizeArea", _more.resize_area, "(align_corners=False)",
               example=("ops.ResizeArea()(x.reshape((1, 2, 2, 1)), (1, 1)).reshape(-1)",
                        "[0.625]")),
    PrimRecord("ResizeBicubic", _more.resize_bicubic,
               "(align_corners=False, half_pixel_centers=False)",
               example=("ops.ResizeBicubic()(x.reshape((1, 1, 2, 2)), (1, 4)).reshape(-1)",
                        "[ 1.      -0.5     -2.      -2.28125]")),
    PrimRecord("RGBToHSV", _more.rgb_to_hsv,
               example=("ops.RGBToHSV()(Tensor(np.array([0.25, 0.5, 0.5], np.float32)))",
                        "[0.5 0.5 0.5]")),
    PrimRecord("HSVToRGB", _more.hsv_to_rgb,
               example=("ops.HSVToRGB()(Tensor(np.array([[[[0.5, 0.5, 0.5]]]], np.float32)))",
                        "[[[[0.25 0.5  0.5 ]]]]")),
    PrimRecord("AdjustHue", _more.adjust_hue,
               example=("ops.AdjustHue()(Tensor(np.array([0.25, 0.5, 0.5], np.float32)), 0.5)",
                        "[0.5  0.25 0.25]")),
    PrimRecord("AdjustSaturation", _more.adjust_saturation,
               example=("ops.AdjustSaturation()(Tensor(np.array([0.25, 0.5, 0.5], np.float32)), "
                        "0.0)", "[0.5 0.5 0.5]")),
    PrimRecord("CompareAndBitpack", _more.compare_and_bitpack,
               example=("ops.CompareAndBitpack()(Tensor(np.arange(8.0, dtype=np.float32)), "
                        "Tensor(5.0, ms.float32))", "[3]")),
    PrimRecord("RaggedRange", _more.ragged_range, "(Tsplits)",
               example=("ops.RaggedRange(ms.int64)(Tensor(np.array([0, 5], np.int32)), "
                        "Tensor(np.array([2, 7], np.int32)), Tensor(np.array([1, 1], "
                        "np.int32)))[1]", "[0 1 5 6]")),
    PrimRecord("PadV3", _more.pad_v3, "(mode='constant', paddings_contiguous=True)",
               example=("ops.PadV3()(x, (1, 0), Tensor(9.0, ms.float32))",
                        "[[ 9.   1.  -2. ]\n [ 9.   3.   0.5]]")),
    PrimRecord("NonMaxSuppressionWithOverlaps", _more.non_max_suppression_with_overlaps,
               example=("ops.NonMaxSuppressionWithOverlaps()(Tensor(np.array([[1.0, 0.6], "
                        "[0.6, 1.0]], np.float32)), Tensor(np.array([0.5, 0.9], np.float32)), "
                        "2, 0.5, 0.0)", "[1]")),
    PrimRecord("NonMaxSuppressionV3", _more.non_max_suppression_v3,
               example=("ops.NonMaxSuppressionV3()(Tensor(np.array([[0, 0, 1, 1], [0, 0, 1, "
                        "0.9]], np.float32)), Tensor(np.array([0.5, 0.9], np.float32)), 2, "
                        "0.5, 0.0)", "[1]")),
    PrimRecord("CombinedNonMaxSuppression", _more.combined_non_max_suppression,
               "(pad_per_class=False, clip_boxes=True)",
               example=("ops.CombinedNonMaxSuppression()(Tensor(np.array([[[[0, 0, 1, 1]], "
                        "[[0, 0, 1, 0.9]]]], np.float32)), Tensor(np.array([[[0.5], [0.9]]], "
                        "np.float32)), 2, 2, 0.5, 0.0)[3]", "[1]")),
]

RECORDS += [
    PrimRecord("NextAfter", "nextafter"),
    PrimRecord("LuSolve", "lu_solve"),
    PrimRecord("TripletMarginLoss", _more.triplet_margin_loss_prim,
               "(p=2, swap=False, eps=1e-06, reduction='mean')",
               example=("ops.TripletMarginLoss()(x, x * 0.5, x * 0.9, Tensor(1.0, ms.float32))",
                        "2.0554895")),
    PrimRecord("MultilabelMarginLoss", _more.multilabel_margin_loss_prim, "(reduction='mean')",
               example=("ops.MultilabelMarginLoss()(x, Tensor(np.array([[1, -1], [0, 1]], "
                        "np.int32)))[1]", "[[0. 1.]\n [1. 1.]]")),
    PrimRecord("AffineGrid", "affine_grid", "(align_corners=False)",
               example=("ops.AffineGrid()(Tensor(np.array([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]], "
                        "np.float32)), (1, 1, 1, 2))", "[[[[-0.5  0. ]\n   [ 0.5  0. ]]]]")),
    PrimRecord("AdaptiveMaxPool3D", _more.adaptive_max_pool3d_prim,
               example=("ops.AdaptiveMaxPool3D()(x.reshape((1, 1, 2, 2)), Tensor(np.array([1, 1, "
                        "1], np.int32)))[0]", "[[[[3.]]]]")),
    PrimRecord("MultinomialWithReplacement", "multinomial_with_replacement",
               "(numsamples, replacement=False)",
               example=("ops.MultinomialWithReplacement(2, True)(Tensor(np.array([[0.0, 1.0]], "
                        "np.float32)), Tensor(1, ms.int64), Tensor(0, ms.int64))", "[[1 1]]")),
    PrimRecord("RandomGamma", _more.random_gamma_prim, "(seed=0, seed2=0)",
               example=("ops.RandomGamma(seed=3)(Tensor(np.array([3, 1], np.int32)), "
                        "Tensor(np.array([2.0, 5.0], np.float32))).shape", "(3, 1, 2)")),
    PrimRecord("RandomPoisson", _more.random_poisson_prim,
               "(seed=0, seed2=0, dtype=mindspore.int64)",
               example=("ops.RandomPoisson(seed=3)(Tensor(np.array([2, 3], np.int32)), "
                        "Tensor(np.array([2.0], np.float32))).shape", "(2, 3, 1)")),
    PrimRecord("Gamma", _more.gamma_prim, "(seed=0, seed2=0)",
               example=("ops.Gamma(seed=3)((3, 2), Tensor(np.array([2.0, 5.0], np.float32)), "
                        "Tensor(np.array([1.0], np.float32))).shape", "(3, 2)")),
    PrimRecord("Poisson", _more.poisson_prim, "(seed=0, seed2=0)",
               example=("ops.Poisson(seed=5)((4, 2), Tensor(np.array([5.0, 10.0], np.float32)))"
                        ".shape", "(4, 2)")),
    PrimRecord("LogUniformCandidateSampler", "log_uniform_candidate_sampler",
               "(num_true=1, num_sampled=5, unique=True, range_max=5, seed=0)",
               example=("ops.LogUniformCandidateSampler(1, 3, True, 3)(Tensor(np.array([[1], "
                        "[2]], np.int64)))[0].shape", "(3,)")),
    PrimRecord("UniformCandidateSampler", "uniform_candidate_sampler",
               "(num_true, num_sampled, unique, range_max, seed=0, remove_accidental_hits=False)",
               example=("ops.UniformCandidateSampler(1, 3, True, 3)(Tensor(np.array([[1], [2]], "
                        "np.int64)))[0].sort()[0]", "[0 1 2]")),
]

RECORDS += [
    PrimRecord("Betainc", _more.betainc,
               example=("ops.Betainc()(Tensor(np.array([2.0], np.float32)), Tensor(np.array([2.0], "
                        "np.float32)), Tensor(np.array([0.5], np.float32)))", "[0.5]")),
    PrimRecord("Geqrf", _more.geqrf,
               example=("ops.Geqrf()(Tensor(np.array([[3.0, 1.0], [4.0, 2.0]], np.float32)))[1]",
                        "[1.6 0. ]")),
    PrimRecord("Orgqr", _more.orgqr,
               example=("ops.Orgqr()(*ops.Geqrf()(Tensor(np.array([[3.0], [4.0]], np.float32))))",
                        "[[-0.6]\n [-0.8]]")),
    PrimRecord("Ormqr", _more.ormqr, "(left=True, transpose=False)",
               example=("ops.Ormqr()(*ops.Geqrf()(Tensor(np.array([[3.0], [4.0]], np.float32))), "
                        "Tensor(np.array([[1.0], [0.0]], np.float32)))", "[[-0.6]\n [-0.8]]")),
    PrimRecord("NonDeterministicInts", _more.non_deterministic_ints, "(dtype=mindspore.int64)",
               example=("ops.NonDeterministicInts()(Tensor(np.array([2, 3], np.int32))).shape",
                        "(2, 3)")),
    PrimRecord("ConfusionMatrix", _more.confusion_matrix, "(num_classes, dtype='int32')",
               example=("ops.ConfusionMatrix(3)(Tensor(np.array([0, 1, 2], np.int32)), "
                        "Tensor(np.array([0, 2, 2], np.int32)))",
                        "[[1 0 0]\n [0 0 1]\n [0 0 1]]")),
    PrimRecord("LerpScalar", _more.lerp_scalar,
               example=("ops.LerpScalar()(x, x * 3, 0.5)", "[[ 2. -4.]\n [ 6.  1.]]")),
    PrimRecord("ExtractImagePatches", _more.extract_image_patches,
               "(ksizes, strides, rates, padding='VALID')",
               example=("ops.ExtractImagePatches([1, 1, 1, 2], [1, 1, 1, 1], [1, 1, 1, 1])("
                        "x.reshape((1, 1, 2, 2))).reshape(-1)", "[ 1.   3.  -2.   0.5]")),
    PrimRecord("ExtractVolumePatches", _more.extract_volume_patches,
               "(kernel_size, strides, padding)",
               example=("ops.ExtractVolumePatches([1, 1, 1, 1, 2], 1, 'VALID')("
                        "x.reshape((1, 1, 1, 2, 2))).reshape(-1)", "[ 1.   3.  -2.   0.5]")),
    PrimRecord("Dilation2D", _more.dilation2d,
               "(stride, dilation, pad_mode='SAME', data_format='NCHW')",
               example=("ops.Dilation2D(1, 1, 'VALID')(x.reshape((1, 1, 2, 2)), "
                        "Tensor(np.zeros((1, 2, 2), np.float32)))", "[[[[3.]]]]")),
]

_SP = "Tensor(np.array([[0, 0], [0, 1]], np.int64)), Tensor(np.array([%s], np.float32)), " \
      "Tensor(np.array([1, 2], np.int64))"
RECORDS += [
    PrimRecord("EditDistance", _more.edit_distance, "(normalize=True)",
               example=("ops.EditDistance()(%s, %s)" % (_SP % "1.0, 2.0", _SP % "1.0, 3.0"),
                        "[0.5]")),
    PrimRecord("ParameterizedTruncatedNormal", _more.parameterized_truncated_normal,
               "(seed=0, seed2=0)",
               example=("ops.ParameterizedTruncatedNormal()(Tensor(np.array([2, 3], np.int32)), "
                        "*[Tensor(np.array([v], np.float32)) for v in (0.0, 1.0, -1.0, 1.0)])"
                        ".shape", "(2, 3)")),
    PrimRecord("MapUniform", _more.map_uniform,
               example=("ops.MapUniform()(Tensor(np.arange(4, dtype=np.int32)), 2, 2)",
                        "[0 2 1 3]")),
    PrimRecord("SubAndFilter", _more.sub_and_filter,
               example=("ops.SubAndFilter()(Tensor(np.array([1, 6, 9], np.int32)), 4, 5)[0]",
                        "[1]")),
    PrimRecord("NoRepeatNGram", _more.no_repeat_ngram, "(ngram_size=1)",
               example=("ops.NoRepeatNGram(2)(Tensor(np.array([[[1, 2, 1]]], np.int32)), "
                        "Tensor(np.zeros((1, 1, 3), np.float32)))[0, 0, 2] < -1e38", "True")),
]

RECORDS += [
    PrimRecord("GridSampler3D", _more.grid_sampler_3d,
               "(interpolation_mode='bilinear', padding_mode='zeros', align_corners=False)",
               example=("ops.GridSampler3D(align_corners=True)(x.reshape((1, 1, 1, 2, 2)), "
                        "Tensor(np.zeros((1, 1, 1, 1, 3), np.float32)))", "[[[[[0.625]]]]]")),
]

RECORDS += [
    PrimRecord("Conv3DTranspose", _more.conv3d_transpose_prim,
               "(in_channel, out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, "
               "stride=1, dilation=1, group=1, output_padding=0, data_format='NCDHW')",
               example=("ops.Conv3DTranspose(2, 3, [2, 3, 2])(Tensor(np.ones((1, 2, 2, 2, 2), "
                        "np.float32)), Tensor(np.ones((2, 3, 2, 3, 2), np.float32))).shape",
                        "(1, 3, 3, 4, 3)")),
    PrimRecord("Quantile", _more.quantile_prim, "(dim=None, keep_dims=False, ignore_nan=False)",
               example=("ops.Quantile(dim=1)(x, Tensor(0.5, ms.float32))", "[-0.5   1.75]")),
]

_FRAC = "(pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, " \
        "seed=0, seed2=0)"
RECORDS += [
    PrimRecord("FractionalMaxPool", _more.fractional_max_pool, _FRAC,
               example=("ops.FractionalMaxPool([1.0, 2.0, 2.0, 1.0])(x.reshape((1, 2, 2, 1)))[0]"
                        ".reshape(-1)", "[3.]")),
    PrimRecord("FractionalAvgPool", _more.fractional_avg_pool, _FRAC,
               example=("ops.FractionalAvgPool([1.0, 2.0, 2.0, 1.0])(x.reshape((1, 2, 2, 1)))[0]"
                        ".reshape(-1)", "[0.625]")),
]

RECORDS += [
    PrimRecord("FractionalMaxPoolWithFixedKsize", _more.fractional_max_pool_with_fixed_ksize,
               "(ksize, output_shape, data_format='NCHW')",
               example=("ops.FractionalMaxPoolWithFixedKsize(1, 1)(x.reshape((1, 1, 2, 2)), "
                        "Tensor(np.zeros((1, 1, 2), np.float32)))[0]", "[[[[0.5]]]]")),
    PrimRecord("FractionalMaxPool3DWithFixedKsize", _more.fractional_max_pool3d_with_fixed_ksize,
               "(ksize, output_shape, data_format='NCDHW')",
               example=("ops.FractionalMaxPool3DWithFixedKsize(1, 1)(x.reshape((1, 1, 1, 2, 2)), "
                        "Tensor(np.zeros((1, 1, 3), np.float32)))[0]", "[[[[[0.5]]]]]")),
]

from mindcell.ops import operations_rnn_funcs as _rnn  # noqa: E402

RECORDS += [
    PrimRecord("DynamicRNN", _rnn.dynamic_rnn,
               "(cell_type='LSTM', direction='UNIDIRECTIONAL', cell_depth=1, use_peephole=False, "
               "keep_prob=1.0, cell_clip=-1.0, num_proj=0, time_major=True, activation='tanh', "
               "forget_bias=0.0, is_training=True)",
               example=("ops.DynamicRNN()(x.reshape((1, 2, 2)), Tensor(np.full((4, 8), 0.1, "
                        "np.float32)), Tensor(np.zeros(8, np.float32)), None, "
                        "Tensor(np.zeros((1, 2, 2), np.float32)), Tensor(np.zeros((1, 2, 2), "
                        "np.float32)))[0].shape", "(1, 2, 2)")),
    PrimRecord("DynamicGRUV2", _rnn.dynamic_gru_v2,
               "(direction='UNIDIRECTIONAL', cell_depth=1, keep_prob=1.0, cell_clip=-1.0, "
               "num_proj=0, time_major=True, activation='tanh', gate_order='rzh', "
               "reset_after=True, is_training=True)",
               example=("ops.DynamicGRUV2()(x.reshape((1, 2, 2)), Tensor(np.full((2, 6), 0.1, "
                        "np.float32)), Tensor(np.full((2, 6), 0.1, np.float32)), None, None, "
                        "None, Tensor(np.zeros((2, 2), np.float32)))[0].shape", "(1, 2, 2)")),
]

from mindcell.ops import operations_legacy_funcs as _legacy  # noqa: E402

RECORDS += [
    PrimRecord("ConjugateTranspose", _legacy.conjugate_transpose,
               example=("ops.ConjugateTranspose()(Tensor(np.array([[1+2j, 3-1j]], np.complex64)), "
                        "(1, 0))", "[[1.-2.j]\n [3.+1.j]]")),
    PrimRecord("MatrixLogarithm", _legacy.matrix_logarithm,
               example=("ops.MatrixLogarithm()(Tensor(np.array([[1.0, 0.0], [0.0, 2.0]], "
                        "np.complex64)))",
                        "[[0.       +0.j 0.       +0.j]\n [0.       +0.j 0.6931472+0.j]]")),
    PrimRecord("TensorToTuple", _legacy.tensor_to_tuple,
               example=("ops.TensorToTuple()(Tensor(np.array([1, 2, 3], np.int32)))",
                        "(1, 2, 3)")),
    PrimRecord("Coalesce", "coalesce"),
    PrimRecord("DynamicShape", _legacy.dynamic_shape, "(dtype=9)",
               example=("ops.DynamicShape()(Tensor(np.zeros((2, 3), np.float32)))", "[2 3]")),
]

CLASSES = {record.name: _make(record) for record in RECORDS}
# MindSpore 2.10's second spellings of two activations (the tanh-approximated GeLU)
CLASSES.update(Gelu=operations.GeLU, FastGelu=operations.FastGeLU)
globals().update(CLASSES)
__all__ = sorted(CLASSES)
