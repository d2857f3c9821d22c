"""mindspore.parallel._transformer on one device (the layers of GPT, PanGu-alpha and BERT programs
of MindSpore 1.8-2.x). Values, parameter names, dtypes and returned tuples are compared with
MindSpore 2.7.0 (the last release that ships the package) in tests/goldens/transformer/; this file
checks what MindSpore cannot record: what raises NotImplementedError, GRAPH_MODE, checkpoints,
dropout and the default initialisation."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, context
from mindcell.parallel import _transformer as T
from mindcell.parallel._transformer.layers import _Linear, _LayerNorm


@pytest.fixture(autouse=True)
def _reset_context():
    yield
    context.reset_auto_parallel_context()
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _x(shape, seed=0, dtype=np.float32):
    return Tensor(np.random.RandomState(seed).standard_normal(shape).astype(dtype))


def _mask(shape, seed=1):
    return Tensor((np.random.RandomState(seed).rand(*shape) > 0.3).astype(np.float16))


def _encoder(**kw):
    args = dict(batch_size=2, num_layers=2, hidden_size=8, ffn_hidden_size=16, seq_length=4,
                num_heads=2, attention_dropout_rate=0.0, hidden_dropout_rate=0.0)
    args.update(kw)
    return T.TransformerEncoder(**args)


@pytest.mark.parametrize("build", [
    lambda: T.MultiHeadAttention(batch_size=2, src_seq_length=4, tgt_seq_length=4, hidden_size=8,
                                 num_heads=2, use_past=True),
    lambda: T.TransformerEncoderLayer(batch_size=2, hidden_size=8, ffn_hidden_size=16,
                                      num_heads=2, seq_length=4, use_past=True),
    lambda: _encoder(use_past=True),
    lambda: T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
                          tgt_seq_length=4, encoder_layers=1, decoder_layers=0, use_past=True),
])
def test_use_past_raises_not_implemented(build):
    with pytest.raises(NotImplementedError, match="use_past"):
        build()


@pytest.mark.parametrize("build", [
    lambda moe: T.TransformerEncoderLayer(batch_size=2, hidden_size=8, ffn_hidden_size=16,
                                          num_heads=2, seq_length=4, moe_config=moe),
    lambda moe: T.TransformerDecoderLayer(hidden_size=8, ffn_hidden_size=16, num_heads=2,
                                          batch_size=2, src_seq_length=4, tgt_seq_length=4,
                                          moe_config=moe),
    lambda moe: _encoder(moe_config=moe),
    lambda moe: T.TransformerDecoder(num_layers=1, batch_size=2, hidden_size=8,
                                     ffn_hidden_size=16, src_seq_length=4, tgt_seq_length=4,
                                     num_heads=2, moe_config=moe),
    lambda moe: T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
                              tgt_seq_length=4, encoder_layers=1, decoder_layers=1,
                              moe_config=moe),
])
def test_moe_experts_raise_not_implemented(build):
    with pytest.raises(NotImplementedError, match="expert_num"):
        build(T.MoEConfig(expert_num=2))


def test_expert_layers_raise_not_implemented():
    with pytest.raises(NotImplementedError, match="expert_num"):
        T.FeedForward(8, 16, 0.1, expert_num=4)
    with pytest.raises(NotImplementedError, match="expert_num"):
        _Linear(8, 16, expert_num=2)
    with pytest.raises(NotImplementedError, match="FixedSparseAttention"):
        T.FixedSparseAttention(batch_size=2, num_heads=2, size_per_head=64, block_size=64)
    with pytest.raises(NotImplementedError, match="MoE"):
        T.moe.MoE(hidden_size=8, ffn_hidden_size=16, dropout_rate=0.1)


@pytest.mark.parametrize("build", [
    lambda cfg: _encoder(parallel_config=cfg),
    lambda cfg: T.TransformerDecoder(num_layers=2, batch_size=2, hidden_size=8,
                                     ffn_hidden_size=16, src_seq_length=4, tgt_seq_length=4,
                                     num_heads=2, parallel_config=cfg),
    lambda cfg: T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
                              tgt_seq_length=4, encoder_layers=1, decoder_layers=1,
                              parallel_config=cfg),
])
def test_pipeline_stages_raise_not_implemented(build):
    cfg = T.TransformerOpParallelConfig(pipeline_stage=2, micro_batch_num=2)
    assert context.get_auto_parallel_context("pipeline_stages") == 2  # as MindSpore's setter
    with pytest.raises(NotImplementedError, match="pipeline_stage"):
        build(cfg)


def test_pipeline_stage_must_agree_with_context():
    cfg = T.TransformerOpParallelConfig()
    context.set_auto_parallel_context(pipeline_stages=2)
    with pytest.raises(ValueError, match="pipeline stage"):
        _encoder(parallel_config=cfg)


def test_parallel_ways_are_recorded_without_effect():
    """Data/model parallel ways change no value on one device, as in MindSpore's stand-alone
    mode: the same weights give the same outputs under dp=2, mp=2 and the default config."""
    cfg = T.TransformerOpParallelConfig(data_parallel=2, model_parallel=2, optimizer_shard=True)
    assert context.get_auto_parallel_context("enable_parallel_optimizer") is True
    sharded, plain = _encoder(parallel_config=cfg), _encoder()
    ms.load_param_into_net(plain, {p.name: p for p in sharded.get_parameters()})
    x, m = _x((2, 4, 8)), _mask((2, 4, 4))
    np.testing.assert_array_equal(sharded(x, m)[0].asnumpy(), plain(x, m)[0].asnumpy())
    assert sharded.blocks[0].attention.dp == 2


def test_graph_mode_equals_pynative():
    net = _encoder()
    x, m = _x((2, 4, 8)), _mask((2, 4, 4))
    params = net.trainable_params()

    def loss(a, b):
        out, present = net(a, b)
        return out.sum() + present[1][0].astype(ms.float32).sum()

    eager = net(x, m)
    eager_grads = ms.grad(loss, grad_position=None, weights=params)(x, m)
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = net(x, m)
    graph_grads = ms.jit(ms.grad(loss, grad_position=None, weights=params))(x, m)
    np.testing.assert_array_equal(graph[0].asnumpy(), eager[0].asnumpy())
    np.testing.assert_array_equal(graph[1][1][0].asnumpy(), eager[1][1][0].asnumpy())
    for g, e in zip(graph_grads, eager_grads):
        np.testing.assert_allclose(g.asnumpy(), e.asnumpy(), rtol=1e-6, atol=1e-6)


def test_checkpoint_round_trip_and_keys(tmp_path):
    net = T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
                        tgt_seq_length=3, encoder_layers=1, decoder_layers=1,
                        attention_dropout_rate=0.0, hidden_dropout_rate=0.0)
    names = [p.name for p in net.get_parameters()]
    assert names[:4] == ["encoder.blocks.0.layernorm1.gamma", "encoder.blocks.0.layernorm1.beta",
                         "encoder.blocks.0.layernorm2.gamma", "encoder.blocks.0.layernorm2.beta"]
    assert "decoder.blocks.0.cross_attention.dense2.weight" in names
    assert "decoder.blocks.0.cross_attention_layernorm.gamma" in names
    path = str(tmp_path / "t.ckpt")
    ms.save_checkpoint(net, path)
    other = T.Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
                          tgt_seq_length=3, encoder_layers=1, decoder_layers=1,
                          attention_dropout_rate=0.0, hidden_dropout_rate=0.0)
    assert ms.load_param_into_net(other, ms.load_checkpoint(path)) == ([], [])
    args = (_x((2, 4, 8)), _mask((2, 4, 4)), _x((2, 3, 8), 2), _mask((2, 3, 3), 3),
            _mask((2, 3, 4), 4))
    np.testing.assert_array_equal(net(*args)[0].asnumpy(), other(*args)[0].asnumpy())


def test_default_initialisation():
    ms.set_seed(3)
    layer = T.TransformerEncoderLayer(batch_size=2, hidden_size=64, ffn_hidden_size=128,
                                      num_heads=4, seq_length=4, param_init_type=ms.float16)
    w = layer.attention.dense1.weight.asnumpy()
    assert w.dtype == np.float16 and w.shape == (64, 64)
    assert 0.008 < w.astype(np.float32).std() < 0.012 and abs(w.mean()) < 0.002  # Normal(0.01)
    assert not layer.output.mapping.bias.asnumpy().any()
    assert layer.layernorm1.gamma.dtype == ms.float32  # layer norms keep float32 parameters
    np.testing.assert_array_equal(layer.layernorm1.gamma.asnumpy(), np.ones(64, np.float32))
    emb = T.VocabEmbedding(100, 32)
    assert emb.embedding_table.dtype == ms.float32
    assert 0.008 < emb.embedding_table.asnumpy().std() < 0.012


def test_dropout_only_in_training():
    ffn = T.FeedForward(hidden_size=8, ffn_hidden_size=16, dropout_rate=0.5)
    x = _x((4, 6, 8))
    ffn.set_train(False)
    first, second = ffn(x).asnumpy(), ffn(x).asnumpy()
    np.testing.assert_array_equal(first, second)
    ffn.set_train(True)
    dropped = ffn(x).asnumpy()
    assert (dropped == 0).sum() > 0.3 * dropped.size
    kept = dropped != 0
    np.testing.assert_allclose(dropped[kept], 2 * first[kept], rtol=2e-3)


def test_layer_norm_and_linear_compute_dtypes():
    ln = _LayerNorm((8,)).to_float(ms.float16)
    assert ln(_x((3, 8))).dtype == ms.float16
    lin = _Linear(8, 4, compute_dtype=ms.float16)
    assert lin(_x((3, 8))).dtype == ms.float32  # cast back to the input's dtype
    assert lin.weight.shape == (4, 8) and _Linear(8, 4, transpose_b=False).weight.shape == (8, 4)


def test_mindspore_module_paths_run_under_mindcell_run(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import mindspore as ms
        from mindspore.parallel._transformer import TransformerEncoder, AttentionMask
        from mindspore.parallel._transformer.layers import _LayerNorm, _Linear
        from mindspore.parallel._transformer.transformer import default_transformer_config
        from mindspore.parallel._transformer.op_parallel_config import default_dpmp_config
        from mindspore.parallel._transformer.loss import CrossEntropyLoss
        from mindspore.parallel._transformer.moe import default_moe_config
        # the names mindocr's ABINet layers import
        from mindspore.parallel._transformer.layers import (
            _args_type_validator_check, _check_input_dtype, _check_past_none_input_none,
            _LayerInputCheck, _valid_type_checks, _valid_value_checks)
        from mindspore.parallel._transformer.moe import MoE, _check_moe_config
        from mindspore.parallel._transformer.op_parallel_config import (
            MoEParallelConfig, OpParallelConfig, _check_config)
        from mindspore.parallel._transformer.transformer import (
            FeedForward, MultiHeadAttention, _get_lambda_func)
        from mindspore.parallel._utils import _get_parallel_mode, _is_sharding_propagation
        mask = AttentionMask(4)(ms.Tensor(np.ones((2, 4), np.float32)))
        enc = TransformerEncoder(batch_size=2, num_layers=1, hidden_size=8, ffn_hidden_size=16,
                                 seq_length=4, num_heads=2)
        out, past = enc(ms.Tensor(np.ones((2, 4, 8), np.float32)), mask)
        print(out.shape, len(past), default_dpmp_config.data_parallel,
              default_moe_config.expert_num, default_transformer_config.pipeline_stage)
    """))
    proc = subprocess.run([sys.executable, "-m", "mindcell.run", str(script)],
                          capture_output=True, text=True, timeout=300, cwd=str(tmp_path),
                          env=dict(os.environ))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().splitlines()[-1] == "(2, 4, 8) 1 1 1 1"


def test_layer_input_checks():
    check = T.layers._LayerInputCheck
    assert check.check_shape_equal((2, 4, 8), "x", "Layer", [[2, 4, 8], [8, 8]])
    assert check.check_shape_equal_without_batch((12, 8), "x", "Layer", (4, 8))
    assert check.check_shape_value_on_axis((2, 4), 1, "x", "Layer", 4)
    with pytest.raises(ValueError, match="shape must be one of"):
        check.check_shape_equal((3, 4, 8), "x", "Layer", [[2, 4, 8], [8, 8]])
    with pytest.raises(ValueError, match="shape length"):
        check.check_shape_equal((4,), "x", "Layer", [2, 4])
    with pytest.raises(ValueError, match="divisible by 4"):
        check.check_shape_equal_without_batch((10, 8), "x", "Layer", (4, 8))
    with pytest.raises(ValueError, match="last dimension"):
        check.check_shape_equal_without_batch((2, 4, 6), "x", "Layer", (4, 8))


@pytest.mark.parametrize("name", ["transformer", "layers", "loss", "moe", "op_parallel_config"])
def test_docstring_examples(name):
    import doctest
    import importlib
    module = importlib.import_module("mindcell.parallel._transformer." + name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
