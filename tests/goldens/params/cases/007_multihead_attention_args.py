"""nn.MultiheadAttention kdim/vdim, add_bias_kv, add_zero_attn and dtype (refused or ignored
before); Transformer layers' dtype: parameter names/shapes/dtypes and outputs with set weights."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit


def run(key, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


def params(cell):
    return [[p.name, list(p.shape), str(p.dtype)] for p in cell.get_parameters()]


def fill(cell):
    rng = np.random.default_rng(0)
    for p in cell.get_parameters():
        p.set_data(Tensor((rng.standard_normal(p.shape) * 0.3).astype(np.float32)))
    return cell


rng = np.random.default_rng(1)
q = Tensor(rng.standard_normal((3, 2, 8)).astype(np.float32))
k = Tensor(rng.standard_normal((5, 2, 6)).astype(np.float32))
v = Tensor(rng.standard_normal((5, 2, 4)).astype(np.float32))
kpm = Tensor(np.array([[False, False, False, False, True], [False] * 5]))
am = Tensor(np.triu(np.ones((3, 5), bool), 3))
m = fill(nn.MultiheadAttention(8, 2, kdim=6, vdim=4, add_bias_kv=True, add_zero_attn=True))
run("kv.params", lambda: params(m))
run("kv.out", lambda: m(q, k, v))
run("kv.masks", lambda: m(q, k, v, key_padding_mask=kpm, attn_mask=am))
m2 = fill(nn.MultiheadAttention(8, 2, kdim=6, vdim=4))
run("kdim.params", lambda: params(m2))
run("kdim.out", lambda: m2(q, k, v, average_attn_weights=False))
m3 = fill(nn.MultiheadAttention(8, 2, add_bias_kv=True, batch_first=True))
run("bias_kv.params", lambda: params(m3))
run("bias_kv.out", lambda: m3(q, q, q))
m4 = fill(nn.MultiheadAttention(8, 2, add_zero_attn=True))
run("zero_attn.out", lambda: m4(q, q, q, key_padding_mask=Tensor(np.array([[False, True, False],
                                                                          [False] * 3]))))
run("dtype.params", lambda: params(nn.MultiheadAttention(8, 2, dtype=ms.float16)))
run("encoder.dtype", lambda: sorted({str(p.dtype) for p in nn.TransformerEncoderLayer(
    8, 2, 16, dtype=ms.float16).get_parameters()}))
run("decoder.dtype", lambda: sorted({str(p.dtype) for p in nn.TransformerDecoderLayer(
    8, 2, 16, dtype=ms.float16).get_parameters()}))
run("transformer.dtype", lambda: sorted({str(p.dtype) for p in nn.Transformer(
    8, 2, 1, 1, 16, dtype=ms.float16).get_parameters()}))
