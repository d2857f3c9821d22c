"""History, LambdaCallback, ReduceLROnPlateau, OnRequestExit and SummaryCollector: parameters,
defaults, argument errors, and History/ReduceLROnPlateau in Model.fit/train/eval on a Dense
network with fixed initial weights."""
import inspect
import tempfile

import numpy as np
from _target import ms, nn, Tensor, emit

T = ms.train


def params(cls):
    return [[p.name, repr(p.default) if p.default is not p.empty else "<none>"]
            for p in inspect.signature(cls.__init__).parameters.values() if p.name != "self"]


def attempt(key, fn):
    try:
        fn()
        emit(key, "ok")
    except Exception as e:  # noqa: BLE001
        emit(key, e)


for name in ("History", "LambdaCallback", "ReduceLROnPlateau", "OnRequestExit",
             "SummaryCollector"):
    emit(name + "_params", params(getattr(T, name)))
    emit(name + "_same_everywhere", getattr(ms, name) is getattr(T, name)
         is getattr(T.callback, name))

r = T.ReduceLROnPlateau()
emit("rlr_attrs", [r.monitor, r.factor, r.patience, r.verbose, r.mode, r.min_delta,
                   r.cooldown, r.min_lr, r.cooldown_counter, r.wait, float(r.best)])
emit("rlr_best_acc", float(T.ReduceLROnPlateau(monitor="acc").best))
emit("rlr_best_max_mode", float(T.ReduceLROnPlateau(mode="max").best))
for key, kw in [("factor_1", {"factor": 1.0}), ("factor_int", {"factor": 0}),
                ("mode_x", {"mode": "x"}), ("patience_neg", {"patience": -1}),
                ("monitor_int", {"monitor": 1}), ("min_lr_str", {"min_lr": "a"}),
                ("verbose_int", {"verbose": 1}), ("cooldown_float", {"cooldown": 1.5})]:
    attempt("rlr_" + key, lambda: T.ReduceLROnPlateau(**kw))

h = T.History()
emit("history_init", [h.history, h.epoch])
attempt("ore_save_ckpt_int", lambda: T.OnRequestExit(save_ckpt=1))
attempt("ore_sigkill", lambda: T.OnRequestExit(sig=9))
d = tempfile.mkdtemp()
for key, kw in [("freq0", {"collect_freq": 0}), ("freq_float", {"collect_freq": 1.5}),
                ("spec_key", {"collect_specified_data": {"foo": True}}),
                ("spec_type", {"collect_specified_data": {"collect_metric": 1}}),
                ("spec_list", {"collect_specified_data": [1]}),
                ("hist_regex_int", {"collect_specified_data": {"histogram_regular": 3}}),
                ("keep_int", {"keep_default_action": 1}),
                ("custom_list", {"custom_lineage_data": {"a": [1]}}),
                ("custom_key", {"custom_lineage_data": {1: 1}}),
                ("tensor_freq0", {"collect_tensor_freq": 0}),
                ("max_size_float", {"max_file_size": 1.5})]:
    attempt("sc_" + key, lambda: T.SummaryCollector(d, **kw))
attempt("sc_dir_int", lambda: T.SummaryCollector(3))

# Deterministic training: fixed weights, no shuffling.
rng = np.random.RandomState(0)
x = rng.normal(size=(12, 4)).astype(np.float32)


def dataset():
    return ms.dataset.NumpySlicesDataset({"x": x, "y": (x[:, 0] > 0).astype(np.int32)},
                                         shuffle=False).batch(4)


w = (np.arange(8, dtype=np.float32).reshape(2, 4) - 3.5) / 10


def model(metrics):
    net = nn.Dense(4, 2, weight_init=Tensor(w), bias_init=Tensor(np.zeros(2, np.float32)))
    opt = nn.SGD(net.trainable_params(), 0.1)
    return T.Model(net, nn.CrossEntropyLoss(), opt, metrics=metrics), opt


m, opt = model({"acc"})
h = T.History()
seen = []
lc = T.LambdaCallback(on_train_epoch_end=lambda rc: seen.append(rc.original_args().cur_epoch_num),
                      on_train_step_end=lambda rc: seen.append(-rc.original_args().cur_step_num))
m.fit(2, dataset(), dataset(), callbacks=[h, lc])
emit("fit_epoch", h.epoch)
emit("fit_history_keys", list(h.history))
emit("fit_net_output", [float(v) for v in h.history["net_output"]])
emit("fit_acc", h.history["acc"])
emit("lambda_order", seen)
h = T.History()
m.train(1, dataset(), callbacks=[h])
emit("train_history", [h.epoch, list(h.history), [float(v) for v in h.history["net_output"]]])
h = T.History()
m.eval(dataset(), callbacks=[h])
emit("eval_history", [h.epoch, list(h.history)])

m, opt = model({"acc", "loss"})
m.fit(3, dataset(), dataset(), callbacks=[T.ReduceLROnPlateau(monitor="eval_loss", factor=0.5,
                                                     patience=0, min_delta=10)])
emit("rlr_fit_lr", float(opt.learning_rate.asnumpy()))
m, opt = model(None)
m.train(4, dataset(), callbacks=[T.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1,
                                                min_delta=10, cooldown=1, min_lr=0.02)])
emit("rlr_train_lr", float(opt.learning_rate.asnumpy()))
