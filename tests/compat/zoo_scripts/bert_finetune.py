"""BERT-style fine-tuning as in the model zoos: embeddings + hand-written multi-head attention
(ops.BatchMatMul, ops.Softmax, masks), nn.LayerNorm((d,), epsilon=..), nn.Dropout(p=..),
AdamWeightDecay with grouped decay and a WarmUpLR/PolynomialDecayLR schedule Cell, a
TrainOneStepWithLossScaleCell subclass with clip_by_global_norm and DynamicLossScaleUpdateCell,
Model(train_cell).train. Usage: python -m mindcell.run bert_finetune.py {graph|pynative}"""
import math
import sys

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
import mindspore.dataset as ds
import mindspore.nn as nn
import mindspore.ops as ops
from mindspore import Tensor, Parameter
from mindspore.common.initializer import TruncatedNormal, initializer
from mindspore.nn.learning_rate_schedule import (LearningRateSchedule, PolynomialDecayLR,
                                                 WarmUpLR)
from mindspore.nn.wrap.loss_scale import DynamicLossScaleUpdateCell
from mindspore.train.callback import Callback, LossMonitor
from mindspore.train.model import Model

GRAPH = sys.argv[1] == "graph"
ms.set_context(mode=ms.GRAPH_MODE if GRAPH else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(2)

VOCAB, SEQ, HIDDEN, HEADS, NUM_LABELS, BATCH = 32, 12, 32, 4, 2, 16


class EmbeddingPostprocessor(nn.Cell):
    def __init__(self, width, token_type_vocab_size, max_position, dropout_prob):
        super(EmbeddingPostprocessor, self).__init__()
        self.token_type_embedding = nn.Embedding(token_type_vocab_size, width,
                                                 embedding_table=TruncatedNormal(0.02))
        self.full_position_embedding = nn.Embedding(max_position, width,
                                                    embedding_table=TruncatedNormal(0.02))
        self.position_ids = Tensor(np.arange(SEQ).reshape(-1, SEQ).astype(np.int32))
        self.layernorm = nn.LayerNorm((width,), epsilon=1e-12)
        self.dropout = nn.Dropout(p=dropout_prob)
        self.add = ops.Add()

    def construct(self, token_type_ids, word_embeddings):
        output = word_embeddings
        output = self.add(output, self.token_type_embedding(token_type_ids))
        output = self.add(output, self.full_position_embedding(self.position_ids))
        output = self.layernorm(output)
        output = self.dropout(output)
        return output


class BertAttention(nn.Cell):
    def __init__(self, hidden, num_heads, dropout_prob, initializer_range=0.02):
        super(BertAttention, self).__init__()
        self.num_heads = num_heads
        self.size_per_head = hidden // num_heads
        self.query_layer = nn.Dense(hidden, hidden, weight_init=TruncatedNormal(initializer_range))
        self.key_layer = nn.Dense(hidden, hidden, weight_init=TruncatedNormal(initializer_range))
        self.value_layer = nn.Dense(hidden, hidden, weight_init=TruncatedNormal(initializer_range))
        self.matmul_trans_b = ops.BatchMatMul(transpose_b=True)
        self.matmul = ops.BatchMatMul()
        self.multiply = ops.Mul()
        self.transpose = ops.Transpose()
        self.trans_shape = (0, 2, 1, 3)
        self.reshape = ops.Reshape()
        self.shape_from = (-1, SEQ, num_heads, self.size_per_head)
        self.shape_return = (-1, SEQ, hidden)
        self.scores_mul = 1.0 / math.sqrt(float(self.size_per_head))
        self.multiply_data = Tensor([-10000.0], dtype=mstype.float32)
        self.softmax = ops.Softmax()
        self.dropout = nn.Dropout(p=dropout_prob)
        self.expand_dims = ops.ExpandDims()
        self.sub = ops.Sub()
        self.add = ops.Add()
        self.cast = ops.Cast()
        self.get_dtype = ops.DType()

    def construct(self, from_tensor, attention_mask):
        query = self.reshape(self.query_layer(from_tensor), self.shape_from)
        query = self.transpose(query, self.trans_shape)
        key = self.reshape(self.key_layer(from_tensor), self.shape_from)
        key = self.transpose(key, self.trans_shape)
        value = self.reshape(self.value_layer(from_tensor), self.shape_from)
        value = self.transpose(value, self.trans_shape)
        attention_scores = self.matmul_trans_b(query, key)
        attention_scores = self.multiply(attention_scores, self.scores_mul)
        attention_mask = self.expand_dims(attention_mask, 1)
        multiply_out = self.sub(self.cast(ops.tuple_to_array((1.0,)),
                                          self.get_dtype(attention_scores)),
                                self.cast(attention_mask, self.get_dtype(attention_scores)))
        adder = self.multiply(multiply_out, self.multiply_data)
        attention_scores = self.add(adder, attention_scores)
        attention_probs = self.softmax(attention_scores)
        attention_probs = self.dropout(attention_probs)
        context = self.matmul(attention_probs, value)
        context = self.transpose(context, self.trans_shape)
        return self.reshape(context, self.shape_return)


class BertLayer(nn.Cell):
    def __init__(self, hidden, num_heads, intermediate, dropout_prob):
        super(BertLayer, self).__init__()
        self.attention = BertAttention(hidden, num_heads, dropout_prob)
        self.attention_output = nn.Dense(hidden, hidden, weight_init=TruncatedNormal(0.02))
        self.layernorm1 = nn.LayerNorm((hidden,), epsilon=1e-12)
        self.intermediate = nn.Dense(hidden, intermediate, activation="gelu",
                                     weight_init=TruncatedNormal(0.02))
        self.output = nn.Dense(intermediate, hidden, weight_init=TruncatedNormal(0.02))
        self.layernorm2 = nn.LayerNorm((hidden,), epsilon=1e-12)
        self.dropout = nn.Dropout(p=dropout_prob)

    def construct(self, hidden_states, attention_mask):
        attn = self.dropout(self.attention_output(self.attention(hidden_states, attention_mask)))
        hidden_states = self.layernorm1(attn + hidden_states)
        out = self.dropout(self.output(self.intermediate(hidden_states)))
        return self.layernorm2(out + hidden_states)


class BertModel(nn.Cell):
    def __init__(self, is_training, num_layers=1):
        super(BertModel, self).__init__()
        dropout = 0.1 if is_training else 0.0
        self.word_embeddings = nn.Embedding(VOCAB, HIDDEN, embedding_table=TruncatedNormal(0.02))
        self.embedding_postprocessor = EmbeddingPostprocessor(HIDDEN, 2, SEQ, dropout)
        self.layers = nn.CellList([BertLayer(HIDDEN, HEADS, 2 * HIDDEN, dropout)
                                   for _ in range(num_layers)])
        self.slice = ops.StridedSlice()
        self.squeeze_1 = ops.Squeeze(axis=1)
        self.dense = nn.Dense(HIDDEN, HIDDEN, activation="tanh",
                              weight_init=TruncatedNormal(0.02)).to_float(mstype.float32)
        self.cast_compute_type = ops.Cast()

    def construct(self, input_ids, token_type_ids, input_mask):
        word_embeddings = self.word_embeddings(input_ids)
        hidden = self.embedding_postprocessor(token_type_ids, word_embeddings)
        attention_mask = self.cast_compute_type(ops.expand_dims(input_mask, 1), mstype.float32)
        attention_mask = ops.tile(attention_mask, (1, SEQ, 1))
        for layer in self.layers:
            hidden = layer(hidden, attention_mask)
        first_token = self.slice(hidden, (0, 0, 0), (BATCH, 1, HIDDEN), (1, 1, 1))
        first_token = self.squeeze_1(first_token)
        return hidden, self.dense(first_token)


class BertCLSModel(nn.Cell):
    def __init__(self, is_training=True, num_labels=2):
        super(BertCLSModel, self).__init__()
        self.bert = BertModel(is_training)
        self.cast = ops.Cast()
        self.weight_init = TruncatedNormal(0.02)
        self.log_softmax = ops.LogSoftmax(axis=-1)
        self.dense_1 = nn.Dense(HIDDEN, num_labels, weight_init=self.weight_init,
                                has_bias=True).to_float(mstype.float32)
        self.dropout = nn.Dropout(p=0.1 if is_training else 0.0)

    def construct(self, input_ids, input_mask, token_type_id):
        _, pooled_output = self.bert(input_ids, token_type_id, input_mask)
        cls = self.cast(pooled_output, mstype.float32)
        cls = self.dropout(cls)
        logits = self.dense_1(cls)
        logits = self.cast(logits, mstype.float32)
        return self.log_softmax(logits)


class BertCLS(nn.Cell):
    def __init__(self, is_training=True, num_labels=2):
        super(BertCLS, self).__init__()
        self.bert = BertCLSModel(is_training, num_labels)
        self.loss = CrossEntropyCalculation(is_training)
        self.num_labels = num_labels

    def construct(self, input_ids, input_mask, token_type_id, label_ids):
        logits = self.bert(input_ids, input_mask, token_type_id)
        return self.loss(logits, label_ids, self.num_labels)


class CrossEntropyCalculation(nn.Cell):
    def __init__(self, is_training=True):
        super(CrossEntropyCalculation, self).__init__()
        self.onehot = ops.OneHot()
        self.on_value = Tensor(1.0, mstype.float32)
        self.off_value = Tensor(0.0, mstype.float32)
        self.reduce_sum = ops.ReduceSum()
        self.reduce_mean = ops.ReduceMean()
        self.reshape = ops.Reshape()
        self.last_idx = (-1,)
        self.neg = ops.Neg()
        self.cast = ops.Cast()
        self.is_training = is_training

    def construct(self, logits, label_ids, num_labels):
        if self.is_training:
            label_ids = self.reshape(label_ids, self.last_idx)
            one_hot_labels = self.onehot(label_ids, num_labels, self.on_value, self.off_value)
            per_example_loss = self.neg(self.reduce_sum(one_hot_labels * logits, self.last_idx))
            loss = self.reduce_mean(per_example_loss, self.last_idx)
            return_value = self.cast(loss, mstype.float32)
        else:
            return_value = logits * 1.0
        return return_value


class BertLearningRate(LearningRateSchedule):
    def __init__(self, learning_rate, end_learning_rate, warmup_steps, decay_steps, power):
        super(BertLearningRate, self).__init__()
        self.warmup_flag = False
        if warmup_steps > 0:
            self.warmup_flag = True
            self.warmup_lr = WarmUpLR(learning_rate, warmup_steps)
        self.decay_lr = PolynomialDecayLR(learning_rate, end_learning_rate, decay_steps, power)
        self.warmup_steps = Tensor(np.array([warmup_steps]).astype(np.float32))
        self.greater = ops.Greater()
        self.one = Tensor(np.array([1.0]).astype(np.float32))
        self.cast = ops.Cast()

    def construct(self, global_step):
        decay_lr = self.decay_lr(global_step)
        if self.warmup_flag:
            is_warmup = self.cast(self.greater(self.warmup_steps, global_step), mstype.float32)
            warmup_lr = self.warmup_lr(global_step)
            lr = (self.one - is_warmup) * decay_lr + is_warmup * warmup_lr
        else:
            lr = decay_lr
        return lr


GRADIENT_CLIP_TYPE = 1
GRADIENT_CLIP_VALUE = 1.0
grad_scale = ops.MultitypeFuncGraph("grad_scale")
reciprocal = ops.Reciprocal()


@grad_scale.register("Tensor", "Tensor")
def tensor_grad_scale(scale, grad):
    return grad * reciprocal(scale)


class BertFinetuneCell(nn.TrainOneStepWithLossScaleCell):
    def __init__(self, network, optimizer, scale_update_cell=None):
        super(BertFinetuneCell, self).__init__(network, optimizer, scale_update_cell)
        self.cast = ops.Cast()

    def construct(self, input_ids, input_mask, token_type_id, label_ids, sens=None):
        weights = self.weights
        loss = self.network(input_ids, input_mask, token_type_id, label_ids)
        if sens is None:
            scaling_sens = self.scale_sense
        else:
            scaling_sens = sens
        status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
        grads = self.grad(self.network, weights)(input_ids, input_mask, token_type_id, label_ids,
                                                 self.cast(scaling_sens, mstype.float32))
        grads = self.hyper_map(ops.partial(grad_scale, scaling_sens), grads)
        grads = ops.clip_by_global_norm(grads, GRADIENT_CLIP_VALUE)
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        if not overflow:
            self.optimizer(grads)
        return (loss, cond, scaling_sens)


class RecordLoss(Callback):
    def __init__(self):
        super(RecordLoss, self).__init__()
        self.losses, self.scales = [], []

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        loss, _, scale = cb_params.net_outputs
        self.losses.append(float(loss.asnumpy()))
        self.scales.append(float(scale.asnumpy()))


def generator():
    """label 1 when token 7 appears among the unmasked tokens."""
    rng = np.random.default_rng(0)
    for _ in range(BATCH * 12):
        length = rng.integers(6, SEQ + 1)
        ids = np.zeros(SEQ, np.int32)
        ids[:length] = rng.choice(np.r_[1:7, 8:VOCAB], size=length)
        label = rng.integers(0, 2)
        if label:
            ids[rng.integers(1, length)] = 7
        mask = (np.arange(SEQ) < length).astype(np.int32)
        yield ids, mask, np.zeros(SEQ, np.int32), np.array([label], np.int32)


dataset = ds.GeneratorDataset(generator, column_names=["input_ids", "input_mask",
                                                        "segment_ids", "label_ids"],
                              shuffle=False)
dataset = dataset.batch(BATCH, drop_remainder=True)
steps_per_epoch = dataset.get_dataset_size()
epoch_num = 8

netwithloss = BertCLS(is_training=True, num_labels=NUM_LABELS)
lr_schedule = BertLearningRate(learning_rate=2e-3, end_learning_rate=1e-5,
                               warmup_steps=int(steps_per_epoch * epoch_num * 0.1),
                               decay_steps=steps_per_epoch * epoch_num, power=1.0)
params = netwithloss.trainable_params()
decay_filter = lambda x: 'layernorm' not in x.name.lower() and 'bias' not in x.name.lower()
decay_params = list(filter(decay_filter, params))
other_params = list(filter(lambda x: not decay_filter(x), params))
group_params = [{'params': decay_params, 'weight_decay': 0.01},
                {'params': other_params, 'weight_decay': 0.0},
                {'order_params': params}]
optimizer = nn.AdamWeightDecay(group_params, lr_schedule, eps=1e-6)
update_cell = DynamicLossScaleUpdateCell(loss_scale_value=2 ** 32, scale_factor=2,
                                         scale_window=1000)
netwithgrads = BertFinetuneCell(netwithloss, optimizer=optimizer, scale_update_cell=update_cell)
model = Model(netwithgrads)
record = RecordLoss()
model.train(epoch_num, dataset, callbacks=[LossMonitor(steps_per_epoch), record],
            dataset_sink_mode=False)
print("LOSSES", " ".join("%.6f" % v for v in record.losses))
print("SCALES", record.scales[:3], record.scales[-1])
assert record.scales == [2.0 ** 32] * len(record.scales)  # no step overflowed
assert np.mean(record.losses[-steps_per_epoch:]) < 0.6 * np.mean(record.losses[:steps_per_epoch])
lr0 = float(lr_schedule(Tensor(np.array([0], np.int32))).asnumpy().reshape(-1)[0])
assert lr0 == 0.0, lr0  # warm-up starts from zero

eval_net = BertCLSModel(is_training=False, num_labels=NUM_LABELS)
ms.load_param_into_net(eval_net, {p.name[len("bert."):]: p
                                  for p in netwithloss.get_parameters()
                                  if p.name.startswith("bert.")}, strict_load=True)
eval_net.set_train(False)
correct = total = 0
for d in dataset.create_dict_iterator(num_epochs=1):
    logits = eval_net(d["input_ids"], d["input_mask"], d["segment_ids"])
    pred = logits.asnumpy().argmax(axis=-1)
    correct += (pred == d["label_ids"].asnumpy().reshape(-1)).sum()
    total += pred.shape[0]
print("accuracy", correct / total)
assert correct / total > 0.8, correct / total
print("OK")
