"""The parallel configurations of mindspore.parallel._transformer: their values, str(), and the
types of their argument errors."""
from _target import emit, emit_err
from _tr_helpers import T

c = T.TransformerOpParallelConfig(data_parallel=2, model_parallel=4, expert_parallel=2,
                                  micro_batch_num=3, gradient_aggregation_group=2,
                                  vocab_emb_dp=False)
emit("tp", [c.data_parallel, c.model_parallel, c.expert_parallel, c.pipeline_stage,
            c.pipeline_segment, c.micro_batch_num, c.optimizer_shard,
            c.gradient_aggregation_group, c.vocab_emb_dp])
emit("tp_parts", [type(c.dp_mp_config).__name__, c.dp_mp_config.model_parallel,
                  type(c.embedding_dp_mp_config).__name__, c.embedding_dp_mp_config.vocab_emb_dp,
                  type(c.moe_parallel_config).__name__, c.moe_parallel_config.expert_parallel,
                  type(c.recompute).__name__, c.recompute.recompute])
c.data_parallel = 8
emit("tp_set", [c.data_parallel, c.dp_mp_config.data_parallel,
                c.moe_parallel_config.data_parallel])
emit("op", str(T.OpParallelConfig(data_parallel=2, model_parallel=3)))
e = T.EmbeddingOpParallelConfig(data_parallel=2)
emit("emb", [e.data_parallel, e.model_parallel, e.vocab_emb_dp,
             type(e.dp_mp_config).__name__])
r = T.TransformerRecomputeConfig(recompute=True, recompute_slice_activation=True)
emit("rc", [r.recompute, r.parallel_optimizer_comm_recompute, r.mp_comm_recompute,
            r.recompute_slice_activation])
m = T.MoEConfig()
emit("moe", [m.expert_num, m.capacity_factor, m.aux_loss_factor, m.num_experts_chosen,
             m.expert_group_size, m.group_wise_a2a, m.comp_comm_parallel,
             m.comp_comm_parallel_degree])
emit_err("e_op_zero", T.OpParallelConfig, data_parallel=0)
emit_err("e_op_float", T.OpParallelConfig, model_parallel=1.0)
emit_err("e_emb_dp", T.EmbeddingOpParallelConfig, vocab_emb_dp=1)
emit_err("e_rc", T.TransformerRecomputeConfig, recompute=1)
emit_err("e_tp_recompute", T.TransformerOpParallelConfig, recompute="yes")
emit_err("e_tp_gag", T.TransformerOpParallelConfig, gradient_aggregation_group=0)
emit_err("e_moe_cap", T.MoEConfig, capacity_factor=0.5)
emit_err("e_moe_aux", T.MoEConfig, aux_loss_factor=1.0)
emit_err("e_moe_chosen", T.MoEConfig, expert_num=2, num_experts_chosen=3)
emit_err("e_mha_heads", T.MultiHeadAttention, batch_size=2, src_seq_length=4, tgt_seq_length=4,
         hidden_size=10, num_heads=4)
emit_err("e_mha_rate", T.MultiHeadAttention, batch_size=2, src_seq_length=4, tgt_seq_length=4,
         hidden_size=8, num_heads=2, hidden_dropout_rate=1.0)
emit_err("e_mha_dtype", T.MultiHeadAttention, batch_size=2, src_seq_length=4, tgt_seq_length=4,
         hidden_size=8, num_heads=2, compute_dtype=T.transformer.mstype.int32)
emit_err("e_ffn_act", T.FeedForward, 8, 16, 0.1, hidden_act=None)
emit_err("e_ffn_mp", T.FeedForward, 8, 15, 0.1,
         parallel_config=T.OpParallelConfig(model_parallel=2))
emit_err("e_enc_cfg", T.TransformerEncoder, batch_size=2, num_layers=1, hidden_size=8,
         ffn_hidden_size=16, seq_length=4, num_heads=2, parallel_config=T.OpParallelConfig())
emit_err("e_dec_use_past", T.TransformerDecoderLayer, hidden_size=8, ffn_hidden_size=16,
         num_heads=2, batch_size=2, src_seq_length=4, tgt_seq_length=4, use_past=True)
emit_err("e_tr_no_encoder", T.Transformer, hidden_size=8, batch_size=2, ffn_hidden_size=16,
         src_seq_length=4, tgt_seq_length=4, encoder_layers=0, decoder_layers=1)
emit_err("e_vocab_cfg", T.VocabEmbedding, 10, 4, parallel_config=T.OpParallelConfig())
emit_err("e_vocab_mp", T.VocabEmbedding, 10, 4,
         parallel_config=T.EmbeddingOpParallelConfig(model_parallel=3, vocab_emb_dp=False))
emit_err("e_ce_cfg", T.CrossEntropyLoss, parallel_config=T.EmbeddingOpParallelConfig())
