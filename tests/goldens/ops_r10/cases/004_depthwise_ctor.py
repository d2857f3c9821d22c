"""ops.DepthwiseConv2dNative's constructor: attributes (stride/dilation as 4-tuples, pad as a
4-tuple, pad_mode lower-cased) and argument errors. MindSpore 2.10's CPU build cannot call it
(RuntimeError); mindcell's call is checked against numpy in tests/ops/test_depthwise_native.py."""
from _target import ops, emit, emit_err

D = ops.DepthwiseConv2dNative
for key, args, kw in (("default", (1, 3), {}),
                      ("pad", (2, (3, 2)), dict(pad_mode="pad", pad=(1, 0, 1, 0), stride=2,
                                                 group=3)),
                      ("same", (1, (3, 3)), dict(pad_mode="same", dilation=(2, 2)))):
    p = D(*args, **kw)
    emit(key + "_attrs", {k: v for k, v in sorted(p.attrs.items())})
    emit(key + "_fields", [p.stride, p.dilation, p.pad_mode, p.padding, p.kernel_size, p.mode,
                           p.group, p.channel_multiplier])
for key, args, kw in (("stride_ne", (1, 3), dict(stride=(1, 2))),
                      ("dil_ne", (1, 3), dict(dilation=(2, 1))),
                      ("pad_len", (1, 3), dict(pad_mode="pad", pad=(1, 1, 1))),
                      ("pad_valid", (1, 3), dict(pad=1)), ("mode2", (1, 3), dict(mode=2)),
                      ("cm0", (0, 3), {}), ("cm_float", (1.0, 3), {}), ("ks0", (1, 0), {}),
                      ("pad_neg", (1, 3), dict(pad_mode="pad", pad=-1)),
                      ("pad_mode_bad", (1, 3), dict(pad_mode="full")),
                      ("group0", (1, 3), dict(group=0)),
                      ("pad_list", (1, 3), dict(pad_mode="pad", pad=[1, 1, 1, 1])),
                      ("stride4", (1, 3), dict(stride=(1, 1, 2, 2)))):
    emit_err(key, lambda: D(*args, **kw))
