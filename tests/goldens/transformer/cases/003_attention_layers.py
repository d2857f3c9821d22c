"""MultiHeadAttention, TransformerEncoderLayer and TransformerDecoderLayer: parameters, outputs,
the returned (output, layer_present) tuples and gradients (dropout 0; softmax and layer norm in
float32)."""
import numpy as np

from _target import ms, Tensor, emit, emit_err
from _tr_helpers import T, f32, f16, mask, run

run("mha", T.MultiHeadAttention(batch_size=2, src_seq_length=4, tgt_seq_length=5, hidden_size=8,
                                num_heads=2, hidden_dropout_rate=0.0, attention_dropout_rate=0.0),
    (f32((2, 4, 8), 1), f16((2, 5, 8), 2), f16((2, 5, 8), 3), mask((2, 4, 5), 4)))
run("mha_2d_fp32", T.MultiHeadAttention(batch_size=None, src_seq_length=4, tgt_seq_length=4,
                                        hidden_size=8, num_heads=4, hidden_dropout_rate=0.0,
                                        attention_dropout_rate=0.0, compute_dtype=ms.float32),
    (f32((8, 8), 5), f32((8, 8), 6), f32((8, 8), 7), mask((2, 4, 4), 8, np.float32)))
run("mha_nomask", T.MultiHeadAttention(batch_size=2, src_seq_length=3, tgt_seq_length=3,
                                       hidden_size=8, num_heads=2, hidden_dropout_rate=0.0,
                                       attention_dropout_rate=0.0),
    (f32((2, 3, 8), 9), f32((2, 3, 8), 10), f32((2, 3, 8), 11), None))
mha = T.MultiHeadAttention(batch_size=2, src_seq_length=3, tgt_seq_length=3, hidden_size=8,
                           num_heads=2)
x = f32((2, 3, 8), 12)
emit_err("e_mha_key_past", mha, x, x, x, None, f16((2, 2, 4, 3), 1))
emit_err("e_mha_int_mask", mha, x, x, x, Tensor(np.ones((2, 3, 3), np.int32)))


def enc(**kw):
    return T.TransformerEncoderLayer(batch_size=2, hidden_size=8, ffn_hidden_size=16, num_heads=2,
                                     seq_length=4, attention_dropout_rate=0.0,
                                     hidden_dropout_rate=0.0, **kw)


run("enc_layer", enc(), (f32((2, 4, 8), 13), mask((2, 4, 4), 14)))
run("enc_layer_fp16_in", enc(), (f16((2, 4, 8), 15), mask((2, 4, 4), 16)))
run("enc_layer_post_2d_relu", enc(post_layernorm_residual=True, hidden_act="relu"),
    (f32((8, 8), 17), mask((2, 4, 4), 18)))
run("enc_layer_post_3d", enc(post_layernorm_residual=True), (f32((2, 4, 8), 19), mask((2, 4, 4), 20)))
emit_err("e_enc_init_reset", enc(), f32((2, 4, 8), 21), mask((2, 4, 4), 22), False)


def dec(**kw):
    return T.TransformerDecoderLayer(hidden_size=8, ffn_hidden_size=16, num_heads=2, batch_size=2,
                                     src_seq_length=5, tgt_seq_length=3,
                                     attention_dropout_rate=0.0, hidden_dropout_rate=0.0, **kw)


run("dec_layer", dec(), (f32((2, 3, 8), 23), mask((2, 3, 3), 24), f32((2, 5, 8), 25),
                         mask((2, 3, 5), 26)))
run("dec_layer_post_noenc", dec(post_layernorm_residual=True),
    (f32((2, 3, 8), 27), mask((2, 3, 3), 28)))
run("dec_layer_post_2d", dec(post_layernorm_residual=True),
    (f32((6, 8), 29), mask((2, 3, 3), 30), f16((10, 8), 31), mask((2, 3, 5), 32)))
