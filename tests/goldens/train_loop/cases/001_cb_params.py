"""What a user Callback sees in ``run_context.original_args()`` at every hook of Model.train,
Model.eval and Model.fit (field names, counters, the kinds of the objects), with and without
dataset sink mode, on a Dense network with fixed initial weights."""
import numpy as np
from _target import ms, nn, Tensor, emit

T = ms.train
rng = np.random.RandomState(0)
X = rng.randn(12, 4).astype(np.float32)
Y = rng.randint(0, 3, 12).astype(np.int32)


def kind(v):
    if isinstance(v, ms.Parameter):
        return "Parameter"
    if isinstance(v, Tensor):
        return "Tensor%s" % (tuple(v.shape),)
    if isinstance(v, nn.Cell):
        return "Cell:" + type(v).__name__
    if isinstance(v, (bool, int, float, str, type(None))):
        return v
    if isinstance(v, (list, tuple)):
        return [kind(x) for x in v][:4]
    if isinstance(v, dict):
        return {str(k): kind(x) for k, x in sorted(v.items())}
    return type(v).__name__


def fields(p):
    names = set(k for k in vars(p) if not k.startswith("_")) if hasattr(p, "__dict__") else set()
    if isinstance(p, dict):
        names |= set(k for k in p if not str(k).startswith("_"))
    return sorted(names)


class Recorder(T.Callback):
    def __init__(self, tag):
        super().__init__()
        self.tag = tag
        self.seen = {}

    def _record(self, hook, run_context):
        p = run_context.original_args()
        key = "%s_%s" % (self.tag, hook)
        if key in self.seen:
            self.seen[key] += 1
            return
        self.seen[key] = 1
        emit(key + "_fields", fields(p))
        for name in ("cur_epoch_num", "cur_step_num", "batch_num", "epoch_num", "mode",
                     "initial_step", "dataset_sink_mode", "parallel_mode", "device_number",
                     "net_outputs", "train_network", "eval_network", "optimizer", "loss_fn", "metrics",
                     "train_dataset", "valid_dataset", "train_dataset_element",
                     "list_callback", "network", "last_save_ckpt_step", "latest_ckpt_file",
                     "epoch_size", "sink_size", "eval_results"):
            if name not in fields(p):
                continue
            value = kind(getattr(p, name))
            if name == "list_callback":  # MindSpore's internal callbacks are its business
                value = [v for v in value if not v.startswith("_")]
            emit("%s_%s" % (key, name), value)

    def on_train_begin(self, rc):
        self._record("train_begin", rc)

    def on_train_epoch_begin(self, rc):
        self._record("train_epoch_begin", rc)

    def on_train_step_begin(self, rc):
        self._record("train_step_begin", rc)

    def on_train_step_end(self, rc):
        self._record("train_step_end", rc)

    def on_train_epoch_end(self, rc):
        self._record("train_epoch_end", rc)

    def on_train_end(self, rc):
        self._record("train_end", rc)

    def on_eval_begin(self, rc):
        self._record("eval_begin", rc)

    def on_eval_epoch_begin(self, rc):
        self._record("eval_epoch_begin", rc)

    def on_eval_step_begin(self, rc):
        self._record("eval_step_begin", rc)

    def on_eval_step_end(self, rc):
        self._record("eval_step_end", rc)

    def on_eval_epoch_end(self, rc):
        self._record("eval_epoch_end", rc)

    def on_eval_end(self, rc):
        self._record("eval_end", rc)


def make_model():
    ms.set_seed(1)
    net = nn.Dense(4, 3, weight_init="ones", bias_init="zeros")
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    return T.Model(net, loss, opt, metrics={"acc": nn.Accuracy(), "loss": nn.Loss()})


def dataset():
    return ms.dataset.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(4)


for sink in (False, True):
    rec = Recorder("train_sink%d" % sink)
    make_model().train(2, dataset(), callbacks=[rec], dataset_sink_mode=sink)
    emit("train_sink%d_counts" % sink, sorted(rec.seen.items()))

rec = Recorder("eval")
model = make_model()
emit("eval_result", model.eval(dataset(), callbacks=[rec]))
emit("eval_counts", sorted(rec.seen.items()))

rec = Recorder("fit")
make_model().fit(2, dataset(), dataset(), callbacks=[rec], dataset_sink_mode=False)
emit("fit_counts", sorted(rec.seen.items()))
