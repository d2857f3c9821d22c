"""_Linear, _LayerNorm, FeedForward, AttentionMask, VocabEmbedding and CrossEntropyLoss: parameter
names/shapes/dtypes, outputs (values, dtypes) and gradients, with float16 products."""
import numpy as np

from _target import ms, nn, ops, Tensor, Parameter, emit, emit_err
from _tr_helpers import T, L, f32, f16, mask, run, rs

x16 = Tensor(np.linspace(-4, 4, 41).astype(np.float16))
emit("gelu_fp16", nn.GELU()(x16))
emit("gelu_fp16_grad", ms.grad(lambda t: nn.GELU()(t).sum())(x16))
run("linear_gelu", L._Linear(8, 6, activation="gelu"), (f32((2, 3, 8), 1),))
run("linear_fp32_nobias", L._Linear(8, 6, transpose_b=False, has_bias=False,
                                    compute_dtype=ms.float32), (f32((5, 8), 2),))
run("linear_fp16_param", L._Linear(8, 6, param_init_type=ms.float16), (f16((4, 8), 3),))
run("layernorm", L._LayerNorm((8,)), (f32((3, 8), 4),))
run("layernorm_self", L._LayerNorm((8,), eps=1e-3, is_self_defined=True), (f32((3, 8), 5),))
run("ffn", T.FeedForward(hidden_size=8, ffn_hidden_size=16, dropout_rate=0.0), (f32((2, 3, 8), 6),))
run("ffn_relu_fp16", T.FeedForward(8, 16, 0.0, hidden_act="relu", param_init_type=ms.float16),
    (f16((6, 8), 7),))
run("attention_mask", T.AttentionMask(5),
    (Tensor(np.array([[1, 1, 1, 0, 0], [1, 2, 0, 1, 1]], np.float32)),))
emit_err("e_mask_int", T.AttentionMask(2), Tensor(np.ones((1, 2), np.int32)))
run("vocab", T.VocabEmbedding(30, 8), (Tensor(rs(8).randint(0, 30, (2, 4)).astype(np.int32)),))
emit_err("e_vocab_int64", T.VocabEmbedding(30, 8), Tensor(np.ones((1, 2), np.int64)))


class LossNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(rs(9).standard_normal((6, 10)).astype(np.float32)), name="w")
        self.loss = T.CrossEntropyLoss()

    def construct(self, x, label, m):
        return self.loss(ops.matmul(x, self.w), label, m)


run("cross_entropy", LossNet(), (f32((7, 6), 10), Tensor(rs(11).randint(0, 10, (7,)).astype(np.int32)),
                                 Tensor(np.array([1, 1, 0, 1, 1, 1, 0], np.float32))))
ce = T.CrossEntropyLoss()
emit_err("e_ce_label", ce, Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2,), np.int64)),
         Tensor(np.ones((2,), np.float32)))
emit_err("e_ce_mask", ce, Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((2,), np.int32)),
         Tensor(np.ones((2,), np.float16)))
