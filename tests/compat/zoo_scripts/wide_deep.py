"""Wide&Deep click-through model as in the model zoos, scaled down: nn.EmbeddingLookup on sparse
field ids for the wide (1-d weights) and deep (embeddings) parts, ops.ReduceSum over fields,
a nn.Dense stack, nn.BCEWithLogitsLoss, and one custom TrainStepWrap cell holding two
optimizers (nn.FTRL for the wide weights, nn.Adam for the deep ones) with two
ops.GradOperation(get_by_list=True, sens_param=True) calls; AUC computed from the predictions.
Usage: python -m mindcell.run wide_deep.py {graph|pynative}"""
import os
import sys
import tempfile

import numpy as np
import mindspore as ms
import mindspore.common.dtype as mstype
from mindspore import nn, ops, Tensor, ParameterTuple
from mindspore.ops import functional as F

ms.set_context(mode=ms.GRAPH_MODE if sys.argv[1] == "graph" else ms.PYNATIVE_MODE,
               device_target="CPU")
ms.set_seed(2)


class WideDeepModel(nn.Cell):
    def __init__(self, vocab_size, field_size, emb_dim, deep_layers):
        super(WideDeepModel, self).__init__()
        self.field_size = field_size
        self.emb_dim = emb_dim
        self.wide_w = nn.EmbeddingLookup(vocab_size, 1, param_init="zeros", target="CPU")
        self.wide_b = ms.Parameter(Tensor(np.zeros((1,), np.float32)), name="wide_b")
        self.deep_embedding = nn.EmbeddingLookup(vocab_size, emb_dim, param_init="normal",
                                                 target="CPU")
        layers = []
        in_dim = field_size * emb_dim
        for out_dim in deep_layers:
            layers += [nn.Dense(in_dim, out_dim, weight_init="xavier_uniform"), nn.ReLU()]
            in_dim = out_dim
        layers.append(nn.Dense(in_dim, 1, weight_init="xavier_uniform"))
        self.dense_layers = nn.SequentialCell(layers)
        self.reduce_sum = ops.ReduceSum(keep_dims=False)
        self.reshape = ops.Reshape()
        self.mul = ops.Mul()

    def construct(self, id_hldr, wt_hldr):
        mask = self.reshape(wt_hldr, (-1, self.field_size, 1))
        wide_id_weight = self.wide_w(id_hldr)
        wx = self.mul(wide_id_weight, mask)
        wide_out = self.reshape(self.reduce_sum(wx, 1) + self.wide_b, (-1, 1))
        deep_id_embs = self.deep_embedding(id_hldr)
        vx = self.mul(deep_id_embs, mask)
        deep_in = self.reshape(vx, (-1, self.field_size * self.emb_dim))
        deep_out = self.dense_layers(deep_in)
        return wide_out + deep_out


class NetWithLossClass(nn.Cell):
    def __init__(self, network):
        super(NetWithLossClass, self).__init__(auto_prefix=False)
        self.network = network
        self.loss = nn.BCEWithLogitsLoss()

    def construct(self, id_hldr, wt_hldr, label):
        logits = self.network(id_hldr, wt_hldr)
        return self.loss(logits, label)


class TrainStepWrap(nn.Cell):
    def __init__(self, network, sens=1.0):
        super(TrainStepWrap, self).__init__(auto_prefix=False)
        self.network = network
        self.network.set_train()
        self.trainable_params = network.trainable_params()
        weights_w, weights_d = [], []
        for params in self.trainable_params:
            if "wide" in params.name:
                weights_w.append(params)
            else:
                weights_d.append(params)
        self.weights_w = ParameterTuple(weights_w)
        self.weights_d = ParameterTuple(weights_d)
        self.optimizer_w = nn.FTRL(params=self.weights_w, learning_rate=0.1, l1=1e-6, l2=1e-6,
                                   initial_accum=0.1, loss_scale=sens)
        self.optimizer_d = nn.Adam(self.weights_d, learning_rate=0.01, eps=1e-8,
                                   loss_scale=sens)
        self.hyper_map = ops.HyperMap()
        self.grad_w = ops.GradOperation(get_by_list=True, sens_param=True)
        self.grad_d = ops.GradOperation(get_by_list=True, sens_param=True)
        self.sens = sens

    def construct(self, id_hldr, wt_hldr, label):
        weights_w = self.weights_w
        weights_d = self.weights_d
        loss = self.network(id_hldr, wt_hldr, label)
        sens = F.fill(F.dtype(loss), F.shape(loss), self.sens)
        grads_w = self.grad_w(self.network, weights_w)(id_hldr, wt_hldr, label, sens)
        grads_d = self.grad_d(self.network, weights_d)(id_hldr, wt_hldr, label, sens)
        return F.depend(loss, (self.optimizer_w(grads_w), self.optimizer_d(grads_d)))


class PredictWithSigmoid(nn.Cell):
    def __init__(self, network):
        super(PredictWithSigmoid, self).__init__()
        self.network = network
        self.sigmoid = ops.Sigmoid()

    def construct(self, id_hldr, wt_hldr):
        return self.sigmoid(self.network(id_hldr, wt_hldr))


def auc(labels, scores):
    """area under the ROC curve = P(score of a positive > score of a negative), ties halved."""
    pos, neg = scores[labels == 1], scores[labels == 0]
    greater = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return greater / (len(pos) * len(neg))


def make_clicks(n, field_size, vocab_per_field, seed):
    """a click is likelier for some ids in field 0 and for the pair (field 1 == field 2 id)."""
    rng = np.random.default_rng(seed)
    local = rng.integers(0, vocab_per_field, size=(n, field_size))
    ids = (local + np.arange(field_size) * vocab_per_field).astype(np.int32)
    wts = np.ones((n, field_size), np.float32)
    logit = 2.0 * (local[:, 0] < 3) - 1.0 + 2.5 * (local[:, 1] == local[:, 2]) - 0.5
    labels = (rng.random(n) < 1 / (1 + np.exp(-2 * logit))).astype(np.float32)
    return ids, wts, labels.reshape(-1, 1)


field_size, vocab_per_field, batch = 4, 6, 64
vocab_size = field_size * vocab_per_field
train_ids, train_wts, train_y = make_clicks(1280, field_size, vocab_per_field, 0)
test_ids, test_wts, test_y = make_clicks(512, field_size, vocab_per_field, 1)

net = WideDeepModel(vocab_size, field_size, emb_dim=8, deep_layers=[32, 16])
loss_net = NetWithLossClass(net)
train_net = TrainStepWrap(loss_net)
# the loss and train wrappers have auto_prefix=False: the names stay the network's own
assert sorted(p.name for p in train_net.weights_w) == ["wide_b", "wide_w.embedding_table"]
assert len(train_net.weights_d) == 1 + 2 * 3
eval_net = PredictWithSigmoid(net)  # auto_prefix: the parameters become network.*
assert sorted(p.name for p in train_net.weights_w) == ["network.wide_b",
                                                       "network.wide_w.embedding_table"]

eval_net.set_train(False)
auc_before = auc(test_y.ravel(), eval_net(Tensor(test_ids), Tensor(test_wts)).asnumpy().ravel())
losses = []
for epoch in range(8):
    train_net.set_train(True)
    for lo in range(0, len(train_ids), batch):
        losses.append(float(train_net(Tensor(train_ids[lo:lo + batch]),
                                      Tensor(train_wts[lo:lo + batch]),
                                      Tensor(train_y[lo:lo + batch])).asnumpy()))
eval_net.set_train(False)
probs = eval_net(Tensor(test_ids), Tensor(test_wts)).asnumpy().ravel()
auc_after = auc(test_y.ravel(), probs)
print("LOSSES", " ".join("%.6f" % v for v in losses))
print("auc before", auc_before, "after", auc_after)
assert np.mean(losses[-10:]) < 0.8 * np.mean(losses[:10]), losses
assert auc_after > 0.85 and auc_after > auc_before + 0.25, (auc_before, auc_after)
# both optimizers stepped once per batch, and both parts learned
assert int(train_net.optimizer_w.global_step.asnumpy().reshape(-1)[0]) == len(losses)
assert int(train_net.optimizer_d.global_step.asnumpy().reshape(-1)[0]) == len(losses)
wide = net.wide_w.embedding_table.asnumpy().ravel()
# field-0 ids 0..2 raise the click rate: FTRL gives them larger wide weights than ids 3..5
assert wide[:3].mean() > wide[3:6].mean() + 0.15, wide[:6]
# the prediction is sigmoid(wide + deep), and BCEWithLogitsLoss matches numpy
logits = net(Tensor(test_ids[:64]), Tensor(test_wts[:64])).asnumpy()
np.testing.assert_allclose(probs[:64], 1 / (1 + np.exp(-logits.ravel())), rtol=1e-5)
z, t = logits.astype(np.float64), test_y[:64]
ref = np.mean(np.maximum(z, 0) - z * t + np.log1p(np.exp(-np.abs(z))))
np.testing.assert_allclose(float(loss_net(Tensor(test_ids[:64]), Tensor(test_wts[:64]),
                                          Tensor(test_y[:64])).asnumpy()), ref, rtol=1e-5)

# both optimizers hold a 'global_step' and a 'learning_rate': the train net's first call found
# the names colliding and renamed every parameter to its path from train_net (MindSpore 2.10
# does the same), so the network's parameters lost their 'network.' prefix
assert sorted(p.name for p in train_net.weights_w) == ["wide_b", "wide_w.embedding_table"]
assert train_net.optimizer_w.global_step.name == "optimizer_w.global_step"
ckpt = os.path.join(tempfile.mkdtemp(), "wide_deep.ckpt")
ms.save_checkpoint(eval_net, ckpt)
net2 = WideDeepModel(vocab_size, field_size, emb_dim=8, deep_layers=[32, 16])
param_not_load, _ = ms.load_param_into_net(net2, ms.load_checkpoint(ckpt))
assert param_not_load == [], param_not_load
net2.set_train(False)
np.testing.assert_allclose(net2(Tensor(test_ids[:64]), Tensor(test_wts[:64])).asnumpy(), logits,
                           rtol=1e-5, atol=1e-6)
print("OK")
