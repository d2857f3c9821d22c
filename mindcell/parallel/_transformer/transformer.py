"""MindSpore's transformer layers (``mindspore.parallel._transformer.transformer``, formerly
``mindspore.nn.transformer``) on one device.

The classes keep MindSpore's parameter names (the checkpoint keys), shapes, dtypes and default
initialisation, its mixed precision (float16 products, float32 parameters, softmax and layer norm
in ``softmax_compute_type``/``layernorm_compute_type``) and its returned tuples. The parallel
configurations are recorded and checked as MindSpore checks them on one device; the sharding
strategies they would set have no effect there, in MindSpore as here. What would change results
and is not built raises NotImplementedError: ``use_past=True`` (incremental inference),
``moe_config.expert_num > 1`` and ``pipeline_stage > 1``.
"""
import math

import numpy as np

from mindcell import _checkparam as Validator
from mindcell import context
from mindcell import nn
from mindcell.common import dtype as mstype
from mindcell.common.initializer import initializer
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import operations as P
from mindcell.ops import functional as F
from mindcell.parallel._transformer.layers import (
    _LayerNorm, _Linear, _args_type_validator_check, _valid_type_checks, _valid_value_checks,
    _check_input_dtype, _check_past_none_input_none, _no_use_past, _FLOAT_TYPES)
from mindcell.parallel._transformer.op_parallel_config import (
    default_dpmp_config, _PipeLineConfig, OpParallelConfig, _Config, _check_config,
    MoEParallelConfig, _checked_property, _delegated_property, _positive)
from mindcell.parallel._transformer.moe import (  # noqa: F401 (MindSpore's module has them)
    default_moe_config, _check_moe_config, MoE, MoEConfig)
from mindcell.parallel._utils import ParallelMode, _get_parallel_mode  # noqa: F401

__all__ = [
    "AttentionMask",
    "VocabEmbedding",
    "MultiHeadAttention",
    "FeedForward",
    "TransformerEncoder",
    "TransformerDecoder",
    "TransformerEncoderLayer",
    "TransformerDecoderLayer",
    "Transformer",
    "TransformerOpParallelConfig",
    "EmbeddingOpParallelConfig",
    "TransformerRecomputeConfig"]


class EmbeddingOpParallelConfig(_Config):
    r"""
    The parallel configuration of :class:`VocabEmbedding` (recorded; one device runs unsharded).

    Args:
        data_parallel (int): The data parallel way. Default: ``1``.
        model_parallel (int): The model parallel way. Default: ``1``.
        vocab_emb_dp (bool): Shard the lookup by data parallel only. Default: ``True``.

    Raises:
        TypeError: ``vocab_emb_dp`` is not a bool, or a way is not an int.
        ValueError: A way is not positive.

    Examples:
        >>> from mindcell.parallel._transformer import EmbeddingOpParallelConfig
        >>> EmbeddingOpParallelConfig(data_parallel=1, vocab_emb_dp=False).vocab_emb_dp
        False
    """

    def __init__(self, data_parallel=1, model_parallel=1, vocab_emb_dp=True):
        self._dp_mp_config = OpParallelConfig(data_parallel=data_parallel,
                                              model_parallel=model_parallel)
        Validator.check_bool(vocab_emb_dp, "vocab_emb_dp")
        self.vocab_emb_dp = vocab_emb_dp

    data_parallel = _delegated_property("data_parallel", "_dp_mp_config")
    model_parallel = _delegated_property("model_parallel", "_dp_mp_config")
    vocab_emb_dp = _checked_property("vocab_emb_dp", Validator.check_bool)

    @property
    def dp_mp_config(self):
        """The data/model parallel part, an :class:`OpParallelConfig`."""
        return self._dp_mp_config


class TransformerRecomputeConfig(_Config):
    r"""
    What the transformer layers recompute in the backward pass (recompute changes memory, not
    results; on one device the communication options have nothing to act on).

    Args:
        recompute (bool): Recompute each layer. Default: ``False``.
        parallel_optimizer_comm_recompute (bool): Default: ``False``.
        mp_comm_recompute (bool): Default: ``True``.
        recompute_slice_activation (bool): Default: ``False``.

    Raises:
        TypeError: An argument is not a bool.

    Examples:
        >>> from mindcell.parallel._transformer import TransformerRecomputeConfig
        >>> TransformerRecomputeConfig(recompute=True).mp_comm_recompute
        True
    """

    recompute = _checked_property("recompute", Validator.check_bool)
    parallel_optimizer_comm_recompute = _checked_property("parallel_optimizer_comm_recompute", Validator.check_bool)
    mp_comm_recompute = _checked_property("mp_comm_recompute", Validator.check_bool)
    recompute_slice_activation = _checked_property("recompute_slice_activation", Validator.check_bool)

    def __init__(self, recompute=False, parallel_optimizer_comm_recompute=False,
                 mp_comm_recompute=True, recompute_slice_activation=False):
        Validator.check_bool(recompute, "recompute")
        Validator.check_bool(parallel_optimizer_comm_recompute, "parallel_optimizer_comm_recompute")
        Validator.check_bool(mp_comm_recompute, "mp_comm_recompute")
        Validator.check_bool(recompute_slice_activation, "recompute_slice_activation")
        self._recompute = recompute
        self._parallel_optimizer_comm_recompute = parallel_optimizer_comm_recompute
        self._mp_comm_recompute = mp_comm_recompute
        self._recompute_slice_activation = recompute_slice_activation


default_transformer_recompute_config = TransformerRecomputeConfig()


def _check_recompute(value, name):
    if not isinstance(value, (TransformerRecomputeConfig, bool)):
        raise TypeError(f"{name} must be a TransformerRecomputeConfig/bool, but got "
                        f"{type(value).__name__}.")


class TransformerOpParallelConfig(_Config):
    r"""
    The parallel configuration of the transformer classes. The values are recorded and readable;
    on one device no sharding follows from them. Setting ``pipeline_stage`` sets the
    auto-parallel context's ``pipeline_stages`` and ``optimizer_shard`` its
    ``enable_parallel_optimizer``, as in MindSpore.

    Args:
        data_parallel (int): Default: ``1``.
        model_parallel (int): Default: ``1``.
        expert_parallel (int): Default: ``1``.
        pipeline_stage (int): Default: ``1``. Layers built with more than one stage raise
            NotImplementedError.
        pipeline_segment (int): Default: ``1``.
        micro_batch_num (int): Default: ``1``.
        recompute (Union[TransformerRecomputeConfig, bool]): Default: a TransformerRecomputeConfig
            with ``recompute=False``.
        optimizer_shard (bool): Default: ``False``.
        gradient_aggregation_group (int): Default: ``4``.
        vocab_emb_dp (bool): Default: ``True``.

    Raises:
        TypeError: ``recompute`` is neither a TransformerRecomputeConfig nor a bool, or another
            argument has the wrong type.
        ValueError: A way is not positive.

    Examples:
        >>> from mindcell.parallel._transformer import TransformerOpParallelConfig
        >>> config = TransformerOpParallelConfig(data_parallel=1, model_parallel=1)
        >>> config.dp_mp_config.model_parallel, config.recompute.recompute
        (1, False)
    """

    def __init__(self, data_parallel=1, model_parallel=1, expert_parallel=1, pipeline_stage=1,
                 pipeline_segment=1, micro_batch_num=1,
                 recompute=default_transformer_recompute_config, optimizer_shard=False,
                 gradient_aggregation_group=4, vocab_emb_dp=True):
        self.recompute = recompute
        self.optimizer_shard = optimizer_shard
        self.gradient_aggregation_group = gradient_aggregation_group
        self._embed_dp_mp_config = EmbeddingOpParallelConfig(
            data_parallel=data_parallel, model_parallel=model_parallel, vocab_emb_dp=vocab_emb_dp)
        self._pp_config = _PipeLineConfig(pipeline_stage=pipeline_stage,
                                          micro_batch_num=micro_batch_num,
                                          pipeline_segment=pipeline_segment)
        self._moe_config = MoEParallelConfig(data_parallel=data_parallel,
                                             model_parallel=model_parallel,
                                             expert_parallel=expert_parallel)

    recompute = _checked_property("recompute", _check_recompute)
    vocab_emb_dp = _delegated_property("vocab_emb_dp", "_embed_dp_mp_config")
    gradient_aggregation_group = _positive("gradient_aggregation_group")
    micro_batch_num = _delegated_property("micro_batch_num", "_pp_config")
    model_parallel = _delegated_property("model_parallel", "_embed_dp_mp_config", "_moe_config")
    data_parallel = _delegated_property("data_parallel", "_embed_dp_mp_config", "_moe_config")
    expert_parallel = _delegated_property("expert_parallel", "_moe_config")
    pipeline_stage = _delegated_property("pipeline_stage", "_pp_config")
    pipeline_segment = _delegated_property("pipeline_segment", "_pp_config")
    optimizer_shard = _checked_property(
        "optimizer_shard", Validator.check_bool,
        lambda value: context.set_auto_parallel_context(enable_parallel_optimizer=value))

    @property
    def embedding_dp_mp_config(self):
        return self._embed_dp_mp_config

    @property
    def dp_mp_config(self):
        return self._embed_dp_mp_config.dp_mp_config

    @property
    def moe_parallel_config(self):
        return self._moe_config


default_transformer_config = TransformerOpParallelConfig()
default_embedding_parallel_config = EmbeddingOpParallelConfig()


def _check_rate(cls_name, name, value):
    if value < 0 or value >= 1:
        raise ValueError("For '{}', the class variable '{}' must be in range [0, 1.0), but got the "
                         "value : {}.".format(cls_name, name, value))


def _check_divisible(cls_name, name, value, model_parallel):
    if value % model_parallel != 0:
        raise ValueError("For '{}', the class variable '{}' must be a multiple of "
                         "'parallel_config.model_parallel', but got the {} is {} and "
                         "parallel_config.model_parallel is {}."
                         .format(cls_name, name, name, value, model_parallel))


def _no_pipeline(cls_name, parallel_config):
    if parallel_config.pipeline_stage > 1:
        raise NotImplementedError(
            f"{cls_name}: parallel_config.pipeline_stage > 1 (pipeline parallelism) is not "
            f"implemented by mindcell, got pipeline_stage={parallel_config.pipeline_stage}")


class FeedForward(Cell):
    r"""
    The transformer's feed-forward block: :math:`Dropout((act(x W_1 + b_1)) W_2 + b_2)`, computed
    in float16 (the input is cast to float16 and the output is float16).

    Args:
        hidden_size (int): Input and output features.
        ffn_hidden_size (int): Features of the hidden layer.
        dropout_rate (float): Dropout of the output, in [0, 1).
        hidden_act (Union[str, type]): Activation name or Cell class. Default: ``'gelu'``.
        expert_num (int): Experts; only 1 is implemented. Default: ``1``.
        expert_group_size (int): Used by experts only. Default: ``None``.
        param_init_type (mindspore.dtype): float32 or float16. Default: ``mstype.float32``.
        parallel_config (OpParallelConfig): Recorded. Default: ``default_dpmp_config``.

    Inputs:
        - **x** (Tensor) - float32 or float16, shape :math:`(..., hidden\_size)`.

    Outputs:
        Tensor, float16, the shape of ``x``.

    Raises:
        TypeError: ``hidden_act`` is neither a str nor a Cell class; a dtype is not float.
        ValueError: ``dropout_rate`` out of [0, 1); sizes not multiples of model_parallel.
        NotImplementedError: ``expert_num`` > 1.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import FeedForward
        >>> net = FeedForward(hidden_size=8, ffn_hidden_size=16, dropout_rate=0.1)
        >>> out = net(Tensor(np.ones((2, 3, 8)), mindcell.float32))
        >>> out.shape, str(out.dtype), net.mapping.weight.shape
        ((2, 3, 8), 'Float16', (8, 16))
    """

    @_args_type_validator_check(hidden_size=Validator.check_positive_int,
                                ffn_hidden_size=Validator.check_positive_int,
                                dropout_rate=Validator.check_non_negative_float,
                                param_init_type=_valid_value_checks(_FLOAT_TYPES, "FeedForward"),
                                parallel_config=_valid_type_checks(
                                    [OpParallelConfig, MoEParallelConfig], "FeedForward"))
    def __init__(self, hidden_size, ffn_hidden_size, dropout_rate, hidden_act="gelu", expert_num=1,
                 expert_group_size=None, param_init_type=mstype.float32,
                 parallel_config=default_dpmp_config):
        super().__init__()
        if hidden_act is None or not (isinstance(hidden_act, str) or (
                isinstance(hidden_act, type) and issubclass(hidden_act, Cell))):
            raise TypeError(f"For FeedForward cell, the hidden_act should str type or nn.Cell type, "
                            f"but got {hidden_act}.")
        _check_config(parallel_config)
        if expert_num > 1:
            raise NotImplementedError(
                f"FeedForward: expert_num > 1 (one feed-forward block per expert) is not "
                f"implemented by mindcell, got expert_num={expert_num}")
        mp = parallel_config.model_parallel
        _check_divisible("FeedForward", "ffn_hidden_size", ffn_hidden_size, mp)
        _check_divisible("FeedForward", "hidden_size", hidden_size, mp)
        _check_rate("FeedForward", "dropout_rate", dropout_rate)
        self.mapping = _Linear(in_channels=hidden_size, out_channels=ffn_hidden_size,
                               activation=hidden_act, transpose_b=False, expert_num=expert_num,
                               expert_group_size=expert_group_size,
                               outer_batch=parallel_config.data_parallel,
                               param_init_type=param_init_type)
        self.projection = _Linear(in_channels=ffn_hidden_size, out_channels=hidden_size,
                                  transpose_b=False, expert_num=expert_num,
                                  expert_group_size=expert_group_size,
                                  outer_batch=parallel_config.data_parallel,
                                  param_init_type=param_init_type)
        self.projection.bias.parallel_optimizer = False
        self.dropout = nn.Dropout(p=dropout_rate)
        self.dropout_3d = nn.Dropout(p=dropout_rate)
        self.dropout_4d = nn.Dropout(p=dropout_rate)
        self.cast = P.Cast()

    def construct(self, x):
        _check_input_dtype(F.dtype(x), "x", _FLOAT_TYPES, self.cls_name)
        x = self.cast(x, mstype.float16)
        hidden = self.mapping(x)
        output = self.projection(hidden)
        rank = len(F.shape(output))
        if rank == 3:
            output = self.dropout_3d(output)
        elif rank == 2:
            output = self.dropout(output)
        else:
            output = self.dropout_4d(output)
        return output


class AttentionMask(Cell):
    r"""
    The causal attention mask of a batch of padding masks: ``mask[b, i, j]`` is 1 where positions
    ``i`` and ``j`` are both valid (``input_mask != 0``) and ``j <= i``, else 0.

    Args:
        seq_length (int): The sequence length.
        parallel_config (OpParallelConfig): Recorded. Default: ``default_dpmp_config``.

    Inputs:
        - **input_mask** (Tensor) - float32 or float16, shape :math:`(batch, seq\_length)`.

    Outputs:
        Tensor, float32, shape :math:`(batch, seq\_length, seq\_length)`.

    Raises:
        TypeError: ``input_mask`` is not float.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import AttentionMask
        >>> mask = AttentionMask(seq_length=3)(Tensor(np.array([[1, 1, 0]], np.float32)))
        >>> mask.asnumpy()[0]
        array([[1., 0., 0.],
               [1., 1., 0.],
               [0., 0., 0.]], dtype=float32)
    """

    @_args_type_validator_check(seq_length=Validator.check_positive_int,
                                parallel_config=_valid_type_checks([OpParallelConfig],
                                                                   "AttentionMask"))
    def __init__(self, seq_length, parallel_config=default_dpmp_config):
        super().__init__()
        self.seq_length = seq_length
        self.not_equal = P.NotEqual()
        self.reshape = P.Reshape()
        self.mul = P.BatchMatMul()
        self.expand_dim = P.ExpandDims()
        self.lower_triangle_mask = Tensor(np.tril(np.ones((seq_length, seq_length))),
                                          mstype.float32)
        self.multiply = P.Mul()

    def construct(self, input_mask):
        _check_input_dtype(F.dtype(input_mask), "input_mask", _FLOAT_TYPES, self.cls_name)
        input_mask = P.Cast()(self.not_equal(input_mask, 0), mstype.float16)
        input_shape = F.shape(input_mask)
        mask_left = self.reshape(input_mask, input_shape + (1,))
        mask_right = self.reshape(input_mask, (input_shape[0], 1, input_shape[1]))
        attention_mask = self.mul(mask_left, mask_right)
        lower_triangle = self.expand_dim(self.lower_triangle_mask, 0)
        return self.multiply(attention_mask, lower_triangle)


class VocabEmbedding(Cell):
    r"""
    A word embedding lookup that also returns its table.

    Args:
        vocab_size (int): Rows of the table.
        embedding_size (int): Columns of the table.
        parallel_config (EmbeddingOpParallelConfig): Recorded.
            Default: ``default_embedding_parallel_config``.
        param_init (Union[str, Tensor, Initializer]): The table's initializer (float32).
            Default: ``'normal'``.

    Inputs:
        - **input_ids** (Tensor) - int32 ids, shape :math:`(batch, seq\_length)`.

    Outputs:
        Tuple of 2 Tensors: the embeddings, :math:`(batch, seq\_length, embedding\_size)`, and the
        table ``embedding_table``, :math:`(vocab\_size, embedding\_size)`.

    Raises:
        TypeError: ``input_ids`` is not int32, or ``parallel_config`` is not an
            EmbeddingOpParallelConfig.
        ValueError: ``vocab_emb_dp`` is False and ``vocab_size`` is not a multiple of
            ``model_parallel``.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import VocabEmbedding
        >>> net = VocabEmbedding(vocab_size=30, embedding_size=4)
        >>> output, table = net(Tensor(np.ones((2, 3)), mindcell.int32))
        >>> output.shape, table.shape
        ((2, 3, 4), (30, 4))
    """

    @_args_type_validator_check(vocab_size=Validator.check_positive_int,
                                embedding_size=Validator.check_positive_int,
                                parallel_config=_valid_type_checks([EmbeddingOpParallelConfig],
                                                                   "VocabEmbedding"))
    def __init__(self, vocab_size, embedding_size,
                 parallel_config=default_embedding_parallel_config, param_init="normal"):
        super().__init__()
        _check_config(parallel_config)
        self.vocab_size = vocab_size
        self.embedding_size = embedding_size
        self.embedding_table = Parameter(initializer(param_init, [vocab_size, embedding_size]),
                                         name="embedding_table", parallel_optimizer=False)
        if not parallel_config.vocab_emb_dp and vocab_size % parallel_config.model_parallel != 0:
            raise ValueError(f"The vocab size of the embedding {vocab_size} must be a multiple of "
                             f"parallel_config.model_parallel {parallel_config.model_parallel}.")
        self.gather = P.Gather()

    def construct(self, input_ids):
        _check_input_dtype(F.dtype(input_ids), "input_ids", [mstype.int32], self.cls_name)
        output = self.gather(self.embedding_table, input_ids, 0)
        return output, self.embedding_table.value()


class MultiHeadAttention(Cell):
    r"""
    Multi-head attention with MindSpore's precision: the query, key and value projections
    (``dense1``, ``dense2``, ``dense3``) and the output ``projection`` compute in
    ``compute_dtype``; query and key are each divided by :math:`\sqrt[4]{d}`, the scores get
    :math:`-10000 (1 - mask)` and the softmax runs in ``softmax_compute_type``.

    Args:
        batch_size (int): The batch size (checked when given; may be None).
        src_seq_length (int): The query's sequence length.
        tgt_seq_length (int): The key's and value's sequence length.
        hidden_size (int): Features; a multiple of ``num_heads``.
        num_heads (int): Heads.
        hidden_dropout_rate (float): Dropout of the output, in [0, 1). Default: ``0.1``.
        attention_dropout_rate (float): Dropout of the probabilities, in [0, 1). Default: ``0.1``.
        compute_dtype (mindspore.dtype): Default: ``mstype.float16``.
        softmax_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        param_init_type (mindspore.dtype): Default: ``mstype.float32``.
        use_past (bool): Incremental inference; only False is implemented. Default: ``False``.
        parallel_config (OpParallelConfig): Recorded. Default: ``default_dpmp_config``.

    Inputs:
        - **query_tensor** (Tensor) - :math:`(batch, src\_seq\_length, hidden\_size)` or 2-D.
        - **key_tensor** (Tensor) - :math:`(batch, tgt\_seq\_length, hidden\_size)` or 2-D.
        - **value_tensor** (Tensor) - as ``key_tensor``.
        - **attention_mask** (Tensor) - :math:`(batch, src\_seq\_length, tgt\_seq\_length)`, or
          None.
        - **key_past**, **value_past**, **batch_valid_length** - None (``use_past`` only).

    Outputs:
        Tuple ``(output, layer_present)``: ``output`` has the query's shape and dtype;
        ``layer_present`` is ``(key, value)`` of shapes :math:`(batch, heads, d, tgt)` and
        :math:`(batch, heads, tgt, d)` in ``compute_dtype``.

    Raises:
        ValueError: a rate out of [0, 1); ``hidden_size`` not a multiple of ``num_heads``;
            ``num_heads`` not a multiple of ``model_parallel``.
        TypeError: an input's dtype is not float; an incremental input is given.
        NotImplementedError: ``use_past=True``.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import MultiHeadAttention
        >>> net = MultiHeadAttention(batch_size=None, hidden_size=8, src_seq_length=5,
        ...                          tgt_seq_length=6, num_heads=2)
        >>> q = Tensor(np.ones((2, 5, 8)), mindcell.float32)
        >>> kv = Tensor(np.ones((2, 6, 8)), mindcell.float16)
        >>> output, (key, value) = net(q, kv, kv, Tensor(np.ones((2, 5, 6)), mindcell.float16))
        >>> output.shape, key.shape, value.shape
        ((2, 5, 8), (2, 2, 4, 6), (2, 2, 6, 4))
    """

    @_args_type_validator_check(hidden_size=Validator.check_positive_int,
                                num_heads=Validator.check_positive_int,
                                src_seq_length=Validator.check_positive_int,
                                tgt_seq_length=Validator.check_positive_int,
                                attention_dropout_rate=Validator.check_non_negative_float,
                                hidden_dropout_rate=Validator.check_non_negative_float,
                                compute_dtype=_valid_value_checks(_FLOAT_TYPES,
                                                                  "MultiHeadAttention"),
                                softmax_compute_type=_valid_value_checks(_FLOAT_TYPES,
                                                                         "MultiHeadAttention"),
                                param_init_type=_valid_value_checks(_FLOAT_TYPES,
                                                                    "MultiHeadAttention"),
                                parallel_config=_valid_type_checks([OpParallelConfig],
                                                                   "MultiHeadAttention"),
                                use_past=Validator.check_bool)
    def __init__(self, batch_size, src_seq_length, tgt_seq_length, hidden_size, num_heads,
                 hidden_dropout_rate=0.1, attention_dropout_rate=0.1,
                 compute_dtype=mstype.float16, softmax_compute_type=mstype.float32,
                 param_init_type=mstype.float32, use_past=False,
                 parallel_config=default_dpmp_config):
        super().__init__()
        self.dp = parallel_config.data_parallel
        self.is_parallel_mode = False
        if batch_size:
            Validator.check_positive_int(batch_size)
        _check_config(parallel_config)
        self.src_seq_length = src_seq_length
        self.tgt_seq_length = tgt_seq_length
        self.hidden_size = hidden_size
        self.batch_size = batch_size
        _check_rate("MultiHeadAttention", "hidden_dropout_rate", hidden_dropout_rate)
        _check_rate("MultiHeadAttention", "attention_dropout_rate", attention_dropout_rate)
        if hidden_size % num_heads != 0:
            raise ValueError("For 'MultiHeadAttention', the class variable 'hidden_size' must be a "
                             "multiple of 'num_heads', but got the hidden_size is {} and the "
                             "num_heads is {}.".format(hidden_size, num_heads))
        if num_heads % parallel_config.model_parallel != 0:
            raise ValueError("For 'MultiHeadAttention', the class variable 'num_heads' must be a "
                             "multiple of 'parallel_config.model_parallel', but got the num_heads "
                             "is {} and the parallel_config.model_parallel  is {}."
                             .format(num_heads, parallel_config.model_parallel))
        _no_use_past(use_past, "MultiHeadAttention")
        self.is_first_iteration = True
        self.projection = _Linear(in_channels=hidden_size, out_channels=hidden_size,
                                  transpose_b=False, compute_dtype=compute_dtype,
                                  param_init_type=param_init_type)
        self.projection.bias.parallel_optimizer = False
        self.transpose = P.Transpose()
        self.merger_head_transpose = P.Transpose()
        self.reshape = P.Reshape()
        self.n_head = num_heads
        self.size_per_head = hidden_size // self.n_head
        self.multiply_data = Tensor([-10000.0], dtype=softmax_compute_type)
        self.batch_matmul = P.BatchMatMul()
        self.real_div = P.RealDiv()
        self.sub = P.Sub()
        self.mul = P.Mul()
        self.add = P.Add()
        self.scale_factor = Tensor(math.sqrt(math.sqrt(self.size_per_head)))
        self.use_past = use_past
        self.dropout = nn.Dropout(p=hidden_dropout_rate)
        self.prob_dropout = nn.Dropout(p=attention_dropout_rate)
        self.softmax = nn.Softmax().to_float(softmax_compute_type)
        self.softmax_3d = nn.Softmax().to_float(softmax_compute_type)
        self.expand_dims = P.ExpandDims()
        self.dense1 = _Linear(hidden_size, hidden_size, compute_dtype=compute_dtype,
                              param_init_type=param_init_type)
        self.dense2 = _Linear(hidden_size, hidden_size, compute_dtype=compute_dtype,
                              param_init_type=param_init_type)
        self.dense3 = _Linear(hidden_size, hidden_size, compute_dtype=compute_dtype,
                              param_init_type=param_init_type)
        self.dtype = compute_dtype
        self.softmax_dtype = softmax_compute_type

    def construct(self, query_tensor, key_tensor, value_tensor, attention_mask, key_past=None,
                  value_past=None, batch_valid_length=None):
        self._check_inputs(query_tensor, key_tensor, value_tensor, attention_mask, key_past,
                           value_past, batch_valid_length)
        ori_shape = F.shape(query_tensor)
        if len(ori_shape) == 2:
            batch_size = ori_shape[0] // self.src_seq_length
        else:
            batch_size = ori_shape[0]
        query_tensor = F.reshape(query_tensor, (-1, F.shape(query_tensor)[-1]))
        key_tensor = F.reshape(key_tensor, (-1, F.shape(key_tensor)[-1]))
        value_tensor = F.reshape(value_tensor, (-1, F.shape(value_tensor)[-1]))
        ori_dtype = F.dtype(query_tensor)
        query = self.dense1(F.cast(query_tensor, self.dtype))
        key = self.dense2(F.cast(key_tensor, self.dtype))
        value = self.dense3(F.cast(value_tensor, self.dtype))
        # (batch, heads, src, d), (batch, heads, d, tgt), (batch, heads, tgt, d)
        query = self.transpose(F.reshape(query, (batch_size, self.src_seq_length, self.n_head,
                                                 self.size_per_head)), (0, 2, 1, 3))
        key = self.transpose(F.reshape(key, (batch_size, self.tgt_seq_length, self.n_head,
                                             self.size_per_head)), (0, 2, 3, 1))
        value = self.transpose(F.reshape(value, (batch_size, self.tgt_seq_length, self.n_head,
                                                 self.size_per_head)), (0, 2, 1, 3))
        if attention_mask is not None and len(F.shape(attention_mask)) == 3:
            attention_mask = self.expand_dims(attention_mask, 1)
        layer_present = (key, value)
        attention = self._attn(query, key, value, attention_mask)
        output = self.projection(attention)
        output = self.dropout(output)
        output = F.reshape(output, ori_shape)
        output = F.cast(output, ori_dtype)
        return output, layer_present

    def _check_inputs(self, query_tensor, key_tensor, value_tensor, attention_mask, key_past=None,
                      value_past=None, batch_valid_length=None):
        _check_input_dtype(F.dtype(query_tensor), "query_tensor", _FLOAT_TYPES, self.cls_name)
        _check_input_dtype(F.dtype(key_tensor), "key_tensor", _FLOAT_TYPES, self.cls_name)
        _check_input_dtype(F.dtype(value_tensor), "value_tensor", _FLOAT_TYPES, self.cls_name)
        if attention_mask is not None:
            _check_input_dtype(F.dtype(attention_mask), "attention_mask", _FLOAT_TYPES,
                               self.cls_name)
        for name, value in (("key_past", key_past), ("value_past", value_past),
                            ("batch_valid_length", batch_valid_length)):
            _check_past_none_input_none(self.use_past, name, self.cls_name, None,
                                        isinstance(value, Tensor), value is None)
        return True

    def _merge_heads(self, x):
        x = self.merger_head_transpose(x, (0, 2, 1, 3))
        x_shape = F.shape(x)
        return self.reshape(x, (-1, x_shape[-2] * x_shape[-1]))

    def _attn(self, query, key, value, attention_mask):
        factor = P.Cast()(self.scale_factor, F.dtype(query))
        query = self.real_div(query, factor)
        key = self.real_div(key, factor)
        score = self.batch_matmul(query, key)
        ori_dtype = F.dtype(score)
        attention_scores = P.Cast()(score, self.softmax_dtype)
        if attention_mask is not None:
            one = P.Cast()(F.tuple_to_array((1.0,)), F.dtype(attention_scores))
            multiplu_out = self.sub(one, P.Cast()(attention_mask, F.dtype(attention_scores)))
            adder = self.mul(multiplu_out, self.multiply_data)
            attention_scores = self.add(adder, attention_scores)
        attention_probs = self.softmax(attention_scores)
        attention_probs = P.Cast()(attention_probs, ori_dtype)
        attention_probs = self.prob_dropout(attention_probs)
        weighted_values = self.batch_matmul(attention_probs, value)
        return self._merge_heads(weighted_values)


def _check_layer_sizes(cls_name, num_heads, hidden_size, ffn_hidden_size, parallel_config):
    mp = parallel_config.model_parallel
    for name, value in (("num_heads", num_heads), ("hidden_size", hidden_size),
                        ("ffn_hidden_size", ffn_hidden_size)):
        if value % mp != 0:
            raise ValueError("For '{}', the class variable '{}' must be divisibled by the "
                             "'parallel_config.model_parallel', but got the {} is {} and "
                             "parallel_config.model_parallel is {}."
                             .format(cls_name, name, name, value, mp))


_LAYER_CHECKS = dict(hidden_size=Validator.check_positive_int,
                     num_heads=Validator.check_positive_int,
                     ffn_hidden_size=Validator.check_positive_int,
                     attention_dropout_rate=Validator.check_non_negative_float,
                     hidden_dropout_rate=Validator.check_non_negative_float,
                     post_layernorm_residual=Validator.check_bool,
                     use_past=Validator.check_bool)


def _layer_checks(cls_name, config_types, **more):
    checks = dict(_LAYER_CHECKS)
    for name in ("layernorm_compute_type", "softmax_compute_type", "param_init_type"):
        checks[name] = _valid_value_checks(_FLOAT_TYPES, cls_name)
    checks["parallel_config"] = _valid_type_checks(config_types, cls_name)
    checks.update(more)
    return _args_type_validator_check(**checks)


class TransformerEncoderLayer(Cell):
    r"""
    One transformer encoder layer: self-attention and a feed-forward block, each with a
    residual connection and layer normalization (before the block, or after the residual when
    ``post_layernorm_residual`` is True). The blocks compute in float16.

    Args:
        batch_size (int): The batch size (checked when given; may be None).
        hidden_size (int): Features.
        ffn_hidden_size (int): Features of the feed-forward hidden layer.
        num_heads (int): Attention heads.
        seq_length (int): The sequence length.
        attention_dropout_rate (float): Default: ``0.1``.
        hidden_dropout_rate (float): Default: ``0.1``.
        post_layernorm_residual (bool): Default: ``False``.
        layernorm_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        softmax_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        param_init_type (mindspore.dtype): Default: ``mstype.float32``.
        hidden_act (Union[str, type]): Default: ``'gelu'``.
        use_past (bool): Only False is implemented. Default: ``False``.
        moe_config (MoEConfig): Only ``expert_num=1`` is implemented.
            Default: ``default_moe_config``.
        parallel_config (OpParallelConfig): Recorded. Default: ``default_dpmp_config``.

    Inputs:
        - **x** (Tensor) - :math:`(batch, seq\_length, hidden\_size)` or
          :math:`(batch * seq\_length, hidden\_size)`, float32 or float16.
        - **input_mask** (Tensor) - :math:`(batch, seq\_length, seq\_length)` or None.
        - **init_reset**, **batch_valid_length** - defaults (``use_past`` only).

    Outputs:
        Tuple ``(output, layer_present)``: ``output`` of ``x``'s shape, ``layer_present`` the
        attention's ``(key, value)``.

    Raises:
        ValueError: sizes not multiples of ``model_parallel``; rates out of [0, 1).
        TypeError: an argument or input of the wrong type.
        NotImplementedError: ``use_past=True`` or ``moe_config.expert_num > 1``.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import TransformerEncoderLayer
        >>> net = TransformerEncoderLayer(batch_size=2, hidden_size=8, ffn_hidden_size=16,
        ...                               seq_length=4, num_heads=2)
        >>> output, (key, value) = net(Tensor(np.ones((2, 4, 8)), mindcell.float32),
        ...                            Tensor(np.ones((2, 4, 4)), mindcell.float16))
        >>> output.shape, str(output.dtype), key.shape
        ((2, 4, 8), 'Float32', (2, 2, 4, 4))
    """

    @_layer_checks("TransformerEncoderLayer", [OpParallelConfig, MoEParallelConfig],
                   seq_length=Validator.check_positive_int)
    def __init__(self, batch_size, hidden_size, ffn_hidden_size, num_heads, seq_length,
                 attention_dropout_rate=0.1, hidden_dropout_rate=0.1,
                 post_layernorm_residual=False, layernorm_compute_type=mstype.float32,
                 softmax_compute_type=mstype.float32, param_init_type=mstype.float32,
                 hidden_act="gelu", use_past=False, moe_config=default_moe_config,
                 parallel_config=default_dpmp_config):
        super().__init__()
        if batch_size or use_past:
            Validator.check_positive_int(batch_size)
        self.batch_size = batch_size
        _check_config(parallel_config)
        _check_layer_sizes("TransformerEncoderLayer", num_heads, hidden_size, ffn_hidden_size,
                           parallel_config)
        _check_moe_config(moe_config, parallel_config, "TransformerEncoderLayer")
        _no_use_past(use_past, "TransformerEncoderLayer")
        self.use_moe = False
        self.use_past = use_past
        self.seq_length = seq_length
        self.hidden_size = hidden_size
        self.layernorm1 = _LayerNorm((hidden_size,)).to_float(layernorm_compute_type)
        self.layernorm2 = _LayerNorm((hidden_size,)).to_float(layernorm_compute_type)
        self.attention = MultiHeadAttention(
            batch_size=batch_size, src_seq_length=seq_length, tgt_seq_length=seq_length,
            hidden_size=hidden_size, num_heads=num_heads, hidden_dropout_rate=hidden_dropout_rate,
            attention_dropout_rate=attention_dropout_rate,
            softmax_compute_type=softmax_compute_type, param_init_type=param_init_type,
            use_past=use_past, parallel_config=parallel_config)
        self.output = FeedForward(hidden_size=hidden_size, dropout_rate=hidden_dropout_rate,
                                  ffn_hidden_size=ffn_hidden_size, param_init_type=param_init_type,
                                  hidden_act=hidden_act, parallel_config=parallel_config)
        self.post_layernorm_residual = post_layernorm_residual
        self.add = P.Add()
        self.add_3d = P.Add()
        self.dtype = mstype.float16
        self.key_past = None
        self.value_past = None

    def construct(self, x, input_mask=None, init_reset=True, batch_valid_length=None):
        self._check_input(x, input_mask, init_reset, batch_valid_length)
        x_shape = F.shape(x)
        x = F.reshape(x, (-1, x_shape[-1]))
        if self.post_layernorm_residual:
            input_x = x
        else:
            input_x = self.layernorm1(x)
        input_x = F.cast(input_x, self.dtype)
        attention, layer_present = self.attention(input_x, input_x, input_x, input_mask,
                                                  self.key_past, self.value_past,
                                                  batch_valid_length)
        if self.post_layernorm_residual:
            x = self.add(input_x, attention)
        else:
            x = self.add(x, attention)
        output_x = self.layernorm2(x)
        output_x = F.cast(output_x, self.dtype)
        mlp_logit = self.output(output_x)
        if len(x_shape) == 3:
            output_x = F.reshape(output_x, x_shape)
            mlp_logit = F.reshape(mlp_logit, x_shape)
            x = F.reshape(x, x_shape)
            if self.post_layernorm_residual:
                output = self.add_3d(output_x, mlp_logit)
                output = F.reshape(output, (-1, x_shape[-1]))
                output = self.layernorm1(output)
                output = F.reshape(output, x_shape)
            else:
                output = self.add_3d(x, mlp_logit)
        else:
            if self.post_layernorm_residual:
                output = self.add(output_x, mlp_logit)
                output = self.layernorm1(output)
            else:
                output = self.add(x, mlp_logit)
            output = F.reshape(output, x_shape)
        return output, layer_present

    def _check_input(self, x, input_mask, init_reset, batch_valid_length):
        _check_input_dtype(F.dtype(x), "x", _FLOAT_TYPES, self.cls_name)
        if input_mask is not None:
            _check_input_dtype(F.dtype(input_mask), "input_mask", _FLOAT_TYPES, self.cls_name)
        _check_past_none_input_none(self.use_past, "init_reset", self.cls_name, True,
                                    isinstance(init_reset, Tensor), init_reset is True)
        _check_past_none_input_none(self.use_past, "batch_valid_length", self.cls_name, None,
                                    isinstance(batch_valid_length, Tensor),
                                    batch_valid_length is None)
        return True


class TransformerDecoderLayer(Cell):
    r"""
    One transformer decoder layer: self-attention, cross-attention over the encoder output (when
    given) and a feed-forward block, each with a residual connection and layer normalization.

    Args:
        hidden_size (int): Features.
        ffn_hidden_size (int): Features of the feed-forward hidden layer.
        num_heads (int): Attention heads.
        batch_size (int): The batch size (checked when given; may be None).
        src_seq_length (int): The encoder's sequence length.
        tgt_seq_length (int): The decoder's sequence length.
        attention_dropout_rate (float): Default: ``0.1``.
        hidden_dropout_rate (float): Default: ``0.1``.
        post_layernorm_residual (bool): Default: ``False``.
        use_past (bool): MindSpore rejects True (ValueError). Default: ``False``.
        layernorm_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        softmax_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        param_init_type (mindspore.dtype): Default: ``mstype.float32``.
        hidden_act (Union[str, type]): Default: ``'gelu'``.
        moe_config (MoEConfig): Only ``expert_num=1`` is implemented.
        parallel_config (OpParallelConfig): Recorded. Default: ``default_dpmp_config``.

    Inputs:
        - **hidden_stats** (Tensor) - :math:`(batch, tgt\_seq\_length, hidden\_size)` or 2-D.
        - **decoder_mask** (Tensor) - :math:`(batch, tgt\_seq\_length, tgt\_seq\_length)` or None.
        - **encoder_output** (Tensor) - :math:`(batch, src\_seq\_length, hidden\_size)` or None.
        - **memory_mask** (Tensor) - :math:`(batch, tgt\_seq\_length, src\_seq\_length)` or None.
        - **init_reset**, **batch_valid_length** - defaults.

    Outputs:
        Tuple ``(output, layer_present)``: ``layer_present`` holds the self-attention's key and
        value, followed by the cross-attention's when ``encoder_output`` is given.

    Raises:
        ValueError: ``use_past=True``; sizes not multiples of ``model_parallel``.
        TypeError: an argument or input of the wrong type.
        NotImplementedError: ``moe_config.expert_num > 1``.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import TransformerDecoderLayer
        >>> net = TransformerDecoderLayer(hidden_size=8, ffn_hidden_size=16, num_heads=2,
        ...                               batch_size=2, src_seq_length=5, tgt_seq_length=3)
        >>> out, present = net(Tensor(np.ones((2, 3, 8)), mindcell.float32),
        ...                    Tensor(np.ones((2, 3, 3)), mindcell.float16),
        ...                    Tensor(np.ones((2, 5, 8)), mindcell.float32),
        ...                    Tensor(np.ones((2, 3, 5)), mindcell.float16))
        >>> out.shape, len(present), present[2].shape
        ((2, 3, 8), 4, (2, 2, 4, 5))
    """

    @_layer_checks("TransformerDecoderLayer", [OpParallelConfig, MoEParallelConfig],
                   src_seq_length=Validator.check_positive_int,
                   tgt_seq_length=Validator.check_positive_int)
    def __init__(self, hidden_size, ffn_hidden_size, num_heads, batch_size, src_seq_length,
                 tgt_seq_length, attention_dropout_rate=0.1, hidden_dropout_rate=0.1,
                 post_layernorm_residual=False, use_past=False,
                 layernorm_compute_type=mstype.float32, softmax_compute_type=mstype.float32,
                 param_init_type=mstype.float32, hidden_act="gelu", moe_config=default_moe_config,
                 parallel_config=default_dpmp_config):
        super().__init__()
        _check_moe_config(moe_config, parallel_config, "TransformerDecoderLayer")
        self.use_moe = False
        if batch_size or use_past:
            Validator.check_positive_int(batch_size)
        _check_config(parallel_config)
        _check_layer_sizes("TransformerDecoderLayer", num_heads, hidden_size, ffn_hidden_size,
                           parallel_config)
        if use_past:
            raise ValueError(f"The {self.cls_name} does not support use_past=True.")
        self.batch_size = batch_size
        self.use_past = use_past
        self.softmax_compute_type = softmax_compute_type
        self.src_seq_length = src_seq_length
        self.tgt_seq_length = tgt_seq_length
        self.hidden_size = hidden_size
        self.layernorm1 = _LayerNorm((hidden_size,)).to_float(layernorm_compute_type)
        self.layernorm2 = _LayerNorm((hidden_size,)).to_float(layernorm_compute_type)
        self.attention = MultiHeadAttention(
            hidden_size=hidden_size, num_heads=num_heads, batch_size=batch_size,
            src_seq_length=tgt_seq_length, tgt_seq_length=tgt_seq_length,
            hidden_dropout_rate=hidden_dropout_rate, attention_dropout_rate=attention_dropout_rate,
            use_past=use_past, softmax_compute_type=softmax_compute_type,
            param_init_type=param_init_type, parallel_config=parallel_config)
        self.cross_attention = MultiHeadAttention(
            hidden_size=hidden_size, num_heads=num_heads, batch_size=batch_size,
            src_seq_length=tgt_seq_length, tgt_seq_length=src_seq_length,
            hidden_dropout_rate=hidden_dropout_rate, attention_dropout_rate=attention_dropout_rate,
            softmax_compute_type=softmax_compute_type, use_past=use_past,
            param_init_type=param_init_type, parallel_config=parallel_config)
        self.cross_attention_layernorm = _LayerNorm((hidden_size,)).to_float(
            layernorm_compute_type)
        self.output = FeedForward(hidden_size=hidden_size, dropout_rate=hidden_dropout_rate,
                                  ffn_hidden_size=ffn_hidden_size, hidden_act=hidden_act,
                                  param_init_type=param_init_type, parallel_config=parallel_config)
        self.post_layernorm_residual = post_layernorm_residual
        self.add = P.Add()
        self.add_3d = P.Add()
        self.dtype = mstype.float16
        self.key_past = None
        self.value_past = None

    def construct(self, hidden_stats, decoder_mask, encoder_output=None, memory_mask=None,
                  init_reset=True, batch_valid_length=None):
        self._check_input(hidden_stats, decoder_mask, encoder_output, memory_mask, init_reset,
                          batch_valid_length)
        hidden_shape = F.shape(hidden_stats)
        hidden_stats = F.reshape(hidden_stats, (-1, hidden_shape[-1]))
        input_x = self.layernorm1(hidden_stats)
        input_x = F.cast(input_x, self.dtype)
        attention, layer_present = self.attention(input_x, input_x, input_x, decoder_mask,
                                                  self.key_past, self.value_past,
                                                  batch_valid_length)
        if self.post_layernorm_residual:
            x = self.add(input_x, attention)
        else:
            x = self.add(hidden_stats, attention)
        if encoder_output is not None:
            middle_output = self.cross_attention_layernorm(x)
            middle_output = F.cast(middle_output, self.dtype)
            encoder_output = F.cast(encoder_output, self.dtype)
            cross_attn_output, cross_layer_present = self.cross_attention(
                middle_output, encoder_output, encoder_output, memory_mask, self.key_past,
                self.value_past, batch_valid_length)
            layer_present += cross_layer_present
            if self.post_layernorm_residual:
                x = self.add(middle_output, cross_attn_output)
            else:
                x = self.add(x, cross_attn_output)
        output_x = self.layernorm2(x)
        output_x = F.cast(output_x, self.dtype)
        mlp_logit = self.output(output_x)
        if len(hidden_shape) == 3:
            output_x = F.reshape(output_x, hidden_shape)
            mlp_logit = F.reshape(mlp_logit, hidden_shape)
            x = F.reshape(x, hidden_shape)
            if self.post_layernorm_residual:
                output = self.add_3d(output_x, mlp_logit)
            else:
                output = self.add_3d(x, mlp_logit)
        else:
            if self.post_layernorm_residual:
                output = self.add(output_x, mlp_logit)
            else:
                output = self.add(x, mlp_logit)
            output = F.reshape(output, hidden_shape)
        return output, layer_present

    def _check_input(self, hidden_states, attention_mask, encoder_output, memory_mask, init_reset,
                     batch_valid_length):
        _check_input_dtype(F.dtype(hidden_states), "hidden_states", _FLOAT_TYPES, self.cls_name)
        for name, value in (("attention_mask", attention_mask),
                            ("encoder_output", encoder_output), ("memory_mask", memory_mask)):
            if value is not None:
                _check_input_dtype(F.dtype(value), name, _FLOAT_TYPES, self.cls_name)
        _check_past_none_input_none(self.use_past, "init_reset", self.cls_name, True,
                                    isinstance(init_reset, Tensor), init_reset is True)
        _check_past_none_input_none(self.use_past, "batch_valid_length", self.cls_name, None,
                                    isinstance(batch_valid_length, Tensor),
                                    batch_valid_length is None)
        return True


def _get_lambda_func(total_layer=None):
    """MindSpore's default per-layer setup: pipeline stage, gradient fusion group and recompute
    of each block from the TransformerOpParallelConfig."""

    def _set_parallel_configure_for_layer(network, layer_id, offset, parallel_config, layers):
        if total_layer:
            layers = total_layer
        if layers < parallel_config.pipeline_stage:
            raise ValueError(f"layers {layers} must be larger than pipeline stage "
                             f"{parallel_config.pipeline_stage}")
        pp_dis = max(layers // parallel_config.pipeline_stage, 1)
        network.pipeline_stage = min((layer_id + offset) // pp_dis,
                                     parallel_config.pipeline_stage - 1)
        dis = max(layers // parallel_config.gradient_aggregation_group, 1)
        network.set_comm_fusion((layer_id + offset) // dis + 1)
        recompute = parallel_config.recompute
        if isinstance(recompute, bool):
            if recompute:
                network.recompute()
        elif recompute.recompute:
            network.recompute(
                parallel_optimizer_comm_recompute=recompute.parallel_optimizer_comm_recompute,
                mp_comm_recompute=recompute.mp_comm_recompute,
                recompute_slice_activation=recompute.recompute_slice_activation)

    return _set_parallel_configure_for_layer


def _stack_checks(cls_name, **more):
    checks = dict(_LAYER_CHECKS)
    checks.update(batch_size=Validator.check_positive_int,
                  offset=Validator.check_non_negative_int)
    for name in ("layernorm_compute_type", "softmax_compute_type", "param_init_type"):
        checks[name] = _valid_value_checks(_FLOAT_TYPES, cls_name)
    checks["parallel_config"] = _valid_type_checks([TransformerOpParallelConfig], cls_name)
    checks.update(more)
    return _args_type_validator_check(**checks)


class TransformerEncoder(Cell):
    r"""
    A stack of :class:`TransformerEncoderLayer` in ``blocks``; ``lambda_func`` (or MindSpore's
    default) is called on each block with ``layer_id``, ``layers``, ``offset`` and
    ``parallel_config``.

    Args:
        batch_size (int): The batch size.
        num_layers (int): Layers.
        hidden_size (int): Features.
        ffn_hidden_size (int): Features of the feed-forward hidden layers.
        seq_length (int): The sequence length.
        num_heads (int): Attention heads.
        attention_dropout_rate (float): Default: ``0.1``.
        hidden_dropout_rate (float): Default: ``0.1``.
        hidden_act (Union[str, type]): Default: ``'gelu'``.
        post_layernorm_residual (bool): Default: ``False``.
        layernorm_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        softmax_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        param_init_type (mindspore.dtype): Default: ``mstype.float32``.
        lambda_func (function): Per-layer setup. Default: ``None``.
        offset (int): Layer offset for ``lambda_func``. Default: ``0``.
        use_past (bool): Only False is implemented. Default: ``False``.
        moe_config (MoEConfig): Only ``expert_num=1`` is implemented.
        parallel_config (TransformerOpParallelConfig): Recorded; ``pipeline_stage`` must be 1.
            Default: ``default_transformer_config``.

    Inputs:
        - **hidden_states** (Tensor) - :math:`(batch, seq\_length, hidden\_size)` or 2-D.
        - **attention_mask** (Tensor) - :math:`(batch, seq\_length, seq\_length)` or None.
        - **init_reset**, **batch_valid_length** - defaults.

    Outputs:
        Tuple ``(output, layer_present)``: ``layer_present`` has one ``(key, value)`` per layer.

    Raises:
        TypeError: an argument or input of the wrong type.
        ValueError: sizes not multiples of ``model_parallel``, or pipeline stages that disagree
            with the auto-parallel context.
        NotImplementedError: ``use_past=True``, ``moe_config.expert_num > 1`` or
            ``parallel_config.pipeline_stage > 1``.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import TransformerEncoder
        >>> net = TransformerEncoder(batch_size=2, num_layers=2, hidden_size=8, ffn_hidden_size=16,
        ...                          seq_length=4, num_heads=2)
        >>> output, past = net(Tensor(np.ones((2, 4, 8)), mindcell.float32),
        ...                    Tensor(np.ones((2, 4, 4)), mindcell.float16))
        >>> output.shape, len(past), past[0][1].shape
        ((2, 4, 8), 2, (2, 2, 4, 4))
    """

    @_stack_checks("TransformerEncoder", seq_length=Validator.check_positive_int,
                   num_layers=Validator.check_positive_int)
    def __init__(self, batch_size, num_layers, hidden_size, ffn_hidden_size, seq_length, num_heads,
                 attention_dropout_rate=0.1, hidden_dropout_rate=0.1, hidden_act="gelu",
                 post_layernorm_residual=False, layernorm_compute_type=mstype.float32,
                 softmax_compute_type=mstype.float32, param_init_type=mstype.float32,
                 lambda_func=None, offset=0, use_past=False, moe_config=default_moe_config,
                 parallel_config=default_transformer_config):
        super().__init__()
        _check_config(parallel_config)
        _check_moe_config(moe_config, parallel_config, "TransformerEncoder")
        _no_pipeline("TransformerEncoder", parallel_config)
        _no_use_past(use_past, "TransformerEncoder")
        self.use_moe = False
        self.aux_loss = Tensor(0.0, mstype.float32)
        self.num_layers = num_layers
        self.blocks = nn.CellList()
        for i in range(num_layers):
            block = TransformerEncoderLayer(
                hidden_size=hidden_size, batch_size=batch_size, ffn_hidden_size=ffn_hidden_size,
                seq_length=seq_length, attention_dropout_rate=attention_dropout_rate,
                hidden_dropout_rate=hidden_dropout_rate,
                layernorm_compute_type=layernorm_compute_type,
                softmax_compute_type=softmax_compute_type, num_heads=num_heads,
                hidden_act=hidden_act, post_layernorm_residual=post_layernorm_residual,
                param_init_type=param_init_type, use_past=use_past, moe_config=moe_config,
                parallel_config=parallel_config.dp_mp_config)
            if not lambda_func:
                lambda_func = _get_lambda_func()
            lambda_func(block, layer_id=i, layers=num_layers, offset=offset,
                        parallel_config=parallel_config)
            self.blocks.append(block)

    def construct(self, hidden_states, attention_mask, init_reset=True, batch_valid_length=None):
        present_layer = ()
        for i in range(self.num_layers):
            hidden_states, present = self.blocks[i](hidden_states, attention_mask, init_reset,
                                                    batch_valid_length)
            present_layer = present_layer + (present,)
        return hidden_states, present_layer


class TransformerDecoder(Cell):
    r"""
    A stack of :class:`TransformerDecoderLayer` in ``blocks``.

    Args:
        num_layers (int): Layers.
        batch_size (int): The batch size.
        hidden_size (int): Features.
        ffn_hidden_size (int): Features of the feed-forward hidden layers.
        src_seq_length (int): The encoder's sequence length.
        tgt_seq_length (int): The decoder's sequence length.
        num_heads (int): Attention heads.
        attention_dropout_rate (float): Default: ``0.1``.
        hidden_dropout_rate (float): Default: ``0.1``.
        post_layernorm_residual (bool): Default: ``False``.
        layernorm_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        softmax_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        param_init_type (mindspore.dtype): Default: ``mstype.float32``.
        hidden_act (Union[str, type]): Default: ``'gelu'``.
        lambda_func (function): Per-layer setup. Default: ``None``.
        use_past (bool): MindSpore rejects True (ValueError). Default: ``False``.
        offset (int): Layer offset for ``lambda_func``. Default: ``0``.
        moe_config (MoEConfig): Only ``expert_num=1`` is implemented.
        parallel_config (TransformerOpParallelConfig): Recorded; ``pipeline_stage`` must be 1.

    Inputs:
        - **hidden_states** (Tensor) - :math:`(batch, tgt\_seq\_length, hidden\_size)` or 2-D.
        - **attention_mask** (Tensor) - :math:`(batch, tgt\_seq\_length, tgt\_seq\_length)`.
        - **encoder_output** (Tensor) - or None.
        - **memory_mask** (Tensor) - :math:`(batch, tgt\_seq\_length, src\_seq\_length)` or None.
        - **init_reset**, **batch_valid_length** - defaults.

    Outputs:
        Tuple ``(output, layer_present)`` with one present tuple per layer.

    Raises:
        TypeError: an argument or input of the wrong type.
        ValueError: ``use_past=True``; sizes not multiples of ``model_parallel``.
        NotImplementedError: ``moe_config.expert_num > 1`` or ``parallel_config.pipeline_stage >
            1``.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import TransformerDecoder
        >>> net = TransformerDecoder(num_layers=1, batch_size=2, hidden_size=8, ffn_hidden_size=16,
        ...                          num_heads=2, src_seq_length=5, tgt_seq_length=3)
        >>> output, past = net(Tensor(np.ones((2, 3, 8)), mindcell.float32),
        ...                    Tensor(np.ones((2, 3, 3)), mindcell.float16),
        ...                    Tensor(np.ones((2, 5, 8)), mindcell.float32),
        ...                    Tensor(np.ones((2, 3, 5)), mindcell.float16))
        >>> output.shape, len(past[0])
        ((2, 3, 8), 4)
    """

    @_stack_checks("TransformerDecoder", src_seq_length=Validator.check_positive_int,
                   tgt_seq_length=Validator.check_positive_int,
                   num_layers=Validator.check_positive_int)
    def __init__(self, num_layers, batch_size, hidden_size, ffn_hidden_size, src_seq_length,
                 tgt_seq_length, num_heads, attention_dropout_rate=0.1, hidden_dropout_rate=0.1,
                 post_layernorm_residual=False, layernorm_compute_type=mstype.float32,
                 softmax_compute_type=mstype.float32, param_init_type=mstype.float32,
                 hidden_act="gelu", lambda_func=None, use_past=False, offset=0,
                 moe_config=default_moe_config, parallel_config=default_transformer_config):
        super().__init__()
        _check_moe_config(moe_config, parallel_config, "TransformerDecoder")
        _check_config(parallel_config)
        _no_pipeline("TransformerDecoder", parallel_config)
        self.use_moe = False
        self.aux_loss = Tensor(0.0, mstype.float32)
        self.num_layers = num_layers
        self.blocks = nn.CellList()
        for i in range(num_layers):
            block = TransformerDecoderLayer(
                hidden_size=hidden_size, batch_size=batch_size, ffn_hidden_size=ffn_hidden_size,
                src_seq_length=src_seq_length, tgt_seq_length=tgt_seq_length,
                attention_dropout_rate=attention_dropout_rate,
                hidden_dropout_rate=hidden_dropout_rate, num_heads=num_heads,
                layernorm_compute_type=layernorm_compute_type,
                softmax_compute_type=softmax_compute_type, hidden_act=hidden_act,
                use_past=use_past, param_init_type=param_init_type,
                post_layernorm_residual=post_layernorm_residual, moe_config=moe_config,
                parallel_config=parallel_config.dp_mp_config)
            if not lambda_func:
                lambda_func = _get_lambda_func()
            lambda_func(block, layer_id=i, layers=num_layers, offset=offset,
                        parallel_config=parallel_config)
            self.blocks.append(block)

    def construct(self, hidden_states, attention_mask, encoder_output=None, memory_mask=None,
                  init_reset=True, batch_valid_length=None):
        present_layer = ()
        for i in range(self.num_layers):
            hidden_states, present = self.blocks[i](hidden_states, attention_mask, encoder_output,
                                                    memory_mask, init_reset, batch_valid_length)
            present_layer = present_layer + (present,)
        return hidden_states, present_layer


class Transformer(Cell):
    r"""
    An encoder-decoder transformer: ``encoder`` (a :class:`TransformerEncoder`, when
    ``encoder_layers`` > 0) and ``decoder`` (a :class:`TransformerDecoder`, when
    ``decoder_layers`` > 0).

    Args:
        hidden_size (int): Features.
        batch_size (int): The batch size.
        ffn_hidden_size (int): Features of the feed-forward hidden layers.
        src_seq_length (int): The encoder's sequence length.
        tgt_seq_length (int): The decoder's sequence length.
        encoder_layers (int): Default: ``3``.
        decoder_layers (int): Default: ``3``.
        num_heads (int): Default: ``2``.
        attention_dropout_rate (float): Default: ``0.1``.
        hidden_dropout_rate (float): Default: ``0.1``.
        hidden_act (Union[str, type]): Default: ``'gelu'``.
        post_layernorm_residual (bool): Default: ``False``.
        layernorm_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        softmax_compute_type (mindspore.dtype): Default: ``mstype.float32``.
        param_init_type (mindspore.dtype): Default: ``mstype.float32``.
        lambda_func (function): Per-layer setup. Default: ``None``.
        use_past (bool): Only False is implemented. Default: ``False``.
        moe_config (MoEConfig): Only ``expert_num=1`` is implemented.
        parallel_config (TransformerOpParallelConfig): Recorded; ``pipeline_stage`` must be 1.

    Inputs:
        - **encoder_inputs** (Tensor) - :math:`(batch, src\_seq\_length, hidden\_size)`.
        - **encoder_masks** (Tensor) - :math:`(batch, src\_seq\_length, src\_seq\_length)`.
        - **decoder_inputs** (Tensor) - :math:`(batch, tgt\_seq\_length, hidden\_size)` or None.
        - **decoder_masks** (Tensor) - :math:`(batch, tgt\_seq\_length, tgt\_seq\_length)` or None.
        - **memory_mask** (Tensor) - :math:`(batch, tgt\_seq\_length, src\_seq\_length)` or None.
        - **init_reset**, **batch_valid_length** - defaults.

    Outputs:
        Tuple ``(output, encoder_layer_present, decoder_layer_present)``; a missing part is None.

    Raises:
        ValueError: no encoder layer but decoder layers; ``use_past`` with both parts.
        TypeError: an argument or input of the wrong type.
        NotImplementedError: ``use_past=True``, ``moe_config.expert_num > 1`` or
            ``parallel_config.pipeline_stage > 1``.

    Examples:
        >>> import numpy as np
        >>> import mindcell
        >>> from mindcell import Tensor
        >>> from mindcell.parallel._transformer import Transformer
        >>> net = Transformer(hidden_size=8, batch_size=2, ffn_hidden_size=16, src_seq_length=4,
        ...                   tgt_seq_length=3, encoder_layers=1, decoder_layers=1)
        >>> out, enc_past, dec_past = net(Tensor(np.ones((2, 4, 8)), mindcell.float32),
        ...                               Tensor(np.ones((2, 4, 4)), mindcell.float16),
        ...                               Tensor(np.ones((2, 3, 8)), mindcell.float32),
        ...                               Tensor(np.ones((2, 3, 3)), mindcell.float16),
        ...                               Tensor(np.ones((2, 3, 4)), mindcell.float16))
        >>> out.shape, len(enc_past), len(dec_past[0])
        ((2, 3, 8), 1, 4)
    """

    @_stack_checks("Transformer", src_seq_length=Validator.check_positive_int,
                   tgt_seq_length=Validator.check_positive_int,
                   encoder_layers=Validator.check_positive_int,
                   decoder_layers=Validator.check_non_negative_int)
    def __init__(self, hidden_size, batch_size, ffn_hidden_size, src_seq_length, tgt_seq_length,
                 encoder_layers=3, decoder_layers=3, num_heads=2, attention_dropout_rate=0.1,
                 hidden_dropout_rate=0.1, hidden_act="gelu", post_layernorm_residual=False,
                 layernorm_compute_type=mstype.float32, softmax_compute_type=mstype.float32,
                 param_init_type=mstype.float32, lambda_func=None, use_past=False,
                 moe_config=default_moe_config, parallel_config=default_transformer_config):
        super().__init__()
        _check_config(parallel_config)
        self.batch_size = batch_size
        self.hidden_size = hidden_size
        self.src_seq_length = src_seq_length
        self.tgt_seq_length = tgt_seq_length
        self.use_past = use_past
        if encoder_layers <= 0 < decoder_layers:
            raise ValueError(f"Transformer doest support encoder layer {encoder_layers} and decoder"
                             f"layer {decoder_layers}, please use TransformerDecoder")
        if encoder_layers > 0 and decoder_layers > 0 and use_past:
            raise ValueError(f"The {self.cls_name} with encoder and decoder does not support "
                             f"use_past=True.")
        _no_use_past(use_past, "Transformer")
        _no_pipeline("Transformer", parallel_config)
        if not lambda_func:
            lambda_func = _get_lambda_func(total_layer=encoder_layers + decoder_layers)
        _check_moe_config(moe_config, parallel_config, "Transformer")
        self.use_moe = False
        self.aux_loss = Tensor(0.0, mstype.float32)
        self.encoder = None
        if encoder_layers > 0:
            self.encoder = TransformerEncoder(
                num_layers=encoder_layers, batch_size=batch_size, hidden_size=hidden_size,
                ffn_hidden_size=ffn_hidden_size, num_heads=num_heads, seq_length=src_seq_length,
                attention_dropout_rate=attention_dropout_rate,
                hidden_dropout_rate=hidden_dropout_rate, hidden_act=hidden_act,
                layernorm_compute_type=layernorm_compute_type,
                softmax_compute_type=softmax_compute_type,
                post_layernorm_residual=post_layernorm_residual, param_init_type=param_init_type,
                lambda_func=lambda_func, use_past=use_past, moe_config=moe_config,
                parallel_config=parallel_config)
        self.decoder = None
        if decoder_layers > 0:
            self.decoder = TransformerDecoder(
                num_layers=decoder_layers, batch_size=batch_size, hidden_size=hidden_size,
                ffn_hidden_size=ffn_hidden_size, num_heads=num_heads,
                src_seq_length=src_seq_length, tgt_seq_length=tgt_seq_length,
                attention_dropout_rate=attention_dropout_rate,
                hidden_dropout_rate=hidden_dropout_rate, hidden_act=hidden_act,
                post_layernorm_residual=post_layernorm_residual,
                layernorm_compute_type=layernorm_compute_type,
                softmax_compute_type=softmax_compute_type, lambda_func=lambda_func,
                use_past=use_past, param_init_type=param_init_type, offset=encoder_layers,
                moe_config=moe_config, parallel_config=parallel_config)

    def construct(self, encoder_inputs, encoder_masks, decoder_inputs=None, decoder_masks=None,
                  memory_mask=None, init_reset=True, batch_valid_length=None):
        encoder_output = None
        output = None
        encoder_layer_present = None
        decoder_layer_present = None
        if self.encoder is not None:
            encoder_output, encoder_layer_present = self.encoder(encoder_inputs, encoder_masks,
                                                                 init_reset, batch_valid_length)
            output = encoder_output
        if self.decoder is not None:
            output, decoder_layer_present = self.decoder(decoder_inputs, decoder_masks,
                                                         encoder_output, memory_mask, init_reset,
                                                         batch_valid_length)
        return output, encoder_layer_present, decoder_layer_present
