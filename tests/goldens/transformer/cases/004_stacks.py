"""TransformerEncoder, TransformerDecoder and Transformer: parameter names (the checkpoint keys),
the nested present tuples, outputs and gradients, and the per-layer setup (comm fusion) of the
default and a custom lambda_func.

PYNATIVE_MODE only: MindSpore 2.7's GRAPH_MODE rounds the float16 products differently from its
own PYNATIVE_MODE (outputs 1-2 float16 ulps apart); mindcell gives the PYNATIVE values in both
modes (tests/parallel/test_transformer_layers.py checks that)."""
import numpy as np

from _target import ms, Tensor, emit
from _tr_helpers import T, f32, mask, run

cfg = T.TransformerOpParallelConfig(recompute=T.TransformerRecomputeConfig(recompute=True))
run("encoder", T.TransformerEncoder(batch_size=2, num_layers=2, hidden_size=8, ffn_hidden_size=16,
                                    seq_length=4, num_heads=2, attention_dropout_rate=0.0,
                                    hidden_dropout_rate=0.0, parallel_config=cfg),
    (f32((2, 4, 8), 1), mask((2, 4, 4), 2)),
    # the first layer's attention gradients differ from MindSpore's in a few elements by float16
    # rounding (a gradient that passed through the second layer's float16 backward); the other
    # gradients and all outputs agree to 1e-4
    grad_names=("blocks.1.", "blocks.0.output.", "blocks.0.layernorm2."))
run("decoder", T.TransformerDecoder(num_layers=2, batch_size=2, hidden_size=8, ffn_hidden_size=16,
                                    num_heads=2, src_seq_length=5, tgt_seq_length=3,
                                    attention_dropout_rate=0.0, hidden_dropout_rate=0.0),
    (f32((2, 3, 8), 3), mask((2, 3, 3), 4), f32((2, 5, 8), 5), mask((2, 3, 5), 6)))
run("transformer", T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
                                 tgt_seq_length=3, encoder_layers=1, decoder_layers=2, num_heads=2,
                                 attention_dropout_rate=0.0, hidden_dropout_rate=0.0),
    (f32((2, 4, 8), 7), mask((2, 4, 4), 8), f32((2, 3, 8), 9), mask((2, 3, 3), 10),
     mask((2, 3, 4), 11)))
run("transformer_encoder_only", T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16,
                                              src_seq_length=4, tgt_seq_length=3,
                                              encoder_layers=2, decoder_layers=0, num_heads=4,
                                              attention_dropout_rate=0.0, hidden_dropout_rate=0.0),
    (f32((2, 4, 8), 12), mask((2, 4, 4), 13)))


def custom_lambda(network, layer_id, offset, parallel_config, layers):
    network.set_comm_fusion(layer_id + 1)


e = T.TransformerEncoder(batch_size=2, num_layers=3, hidden_size=8, ffn_hidden_size=16,
                         seq_length=4, num_heads=2, lambda_func=custom_lambda)
emit("fusion", [e.blocks[i].layernorm1.gamma.comm_fusion for i in range(3)])
d = T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
                  tgt_seq_length=3, encoder_layers=2, decoder_layers=2,
                  parallel_config=T.TransformerOpParallelConfig(gradient_aggregation_group=2))
emit("fusion_default", [b.attention.dense1.weight.comm_fusion for b in d.encoder.blocks]
     + [b.attention.dense1.weight.comm_fusion for b in d.decoder.blocks])

