"""Round-6 user programs from mindspore-ai/models (recommend, gnn, audio, hpc and research/cv
models with unusual layers): the general mechanisms those programs stopped at or differed by,
each checked for its class against MindSpore 2.10 (values taken from the ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.train import Callback, LossMonitor, Model


def _tiny_model(rows=6):
    data = ms.dataset.NumpySlicesDataset(
        {"x": np.ones((rows, 2), np.float32), "y": np.ones((rows, 1), np.float32)},
        shuffle=False).batch(1)
    net = nn.Dense(2, 1)
    return Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01)), data


class _Record(Callback):
    def __init__(self):
        super().__init__()
        self.steps, self.epochs = [], []

    def on_train_step_end(self, run_context):
        c = run_context.original_args()
        self.steps.append((c.cur_epoch_num, c.cur_step_num, c.batch_num))

    def on_train_epoch_end(self, run_context):
        c = run_context.original_args()
        self.epochs.append((c.cur_epoch_num, c.cur_step_num, c.batch_num))


# ----- sink_size in sink mode on the CPU -----------------------------------------------------
# research/hpc/deepbsde trains with Model.train(epochs, data, sink_size=logging_frequency,
# dataset_sink_mode=True). MindSpore 2.10 on the CPU runs the normal loop (every epoch reads the
# whole dataset) but reports sink_size as cb_params.batch_num, so LossMonitor numbers the steps
# 1..sink_size repeatedly; without sink mode, or with sink_size=-1, batch_num is the dataset size.
@pytest.mark.parametrize("sink_mode, sink_size, batch_num", [
    (True, 2, 2), (True, 4, 4), (True, 10, 10), (True, -1, 6), (False, 2, 6)])
def test_sink_size_is_the_callbacks_batch_num_in_sink_mode(sink_mode, sink_size, batch_num):
    model, data = _tiny_model()
    rec = _Record()
    model.train(2, data, callbacks=[rec], dataset_sink_mode=sink_mode, sink_size=sink_size)
    assert [s[1] for s in rec.steps] == list(range(1, 13))  # the whole dataset every epoch
    assert {s[2] for s in rec.steps} == {batch_num}
    assert rec.epochs == [(1, 6, batch_num), (2, 12, batch_num)]


def test_loss_monitor_numbers_steps_modulo_sink_size(capsys):
    model, data = _tiny_model()
    model.train(1, data, callbacks=[LossMonitor(1)], dataset_sink_mode=True, sink_size=4)
    lines = [l for l in capsys.readouterr().out.splitlines() if l.startswith("epoch:")]
    steps = [int(l.split("step:")[1].split(",")[0]) for l in lines]
    assert steps == [1, 2, 3, 4, 1, 2]


# ----- MindRecord shard file names ------------------------------------------------------------
# official/recommend/Wide_and_Deep writes FileWriter(".../train_input_part.mindrecord", 21) and
# opens MindDataset(".../train_input_part.mindrecord00"). MindSpore 2.10 zero-pads the shard
# index to the width of the last one (names listed from the ms-oracle).
@pytest.mark.parametrize("shard_num, first, last", [
    (1, "x.mindrecord", "x.mindrecord"), (2, "x.mindrecord0", "x.mindrecord1"),
    (10, "x.mindrecord0", "x.mindrecord9"), (11, "x.mindrecord00", "x.mindrecord10"),
    (21, "x.mindrecord00", "x.mindrecord20"), (100, "x.mindrecord00", "x.mindrecord99"),
    (101, "x.mindrecord000", "x.mindrecord100")])
def test_filewriter_shard_names_are_zero_padded(tmp_path, shard_num, first, last):
    from mindcell.mindrecord import FileWriter
    w = FileWriter(str(tmp_path / "x.mindrecord"), shard_num)
    w.add_schema({"a": {"type": "int32", "shape": [-1]}}, "s")
    w.write_raw_data([{"a": np.arange(3, dtype=np.int32) + i} for i in range(shard_num)])
    w.commit()
    names = sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".db"))
    assert len(names) == shard_num and names[0] == first and names[-1] == last
    # any one shard opens the whole set
    data = ms.dataset.MindDataset(str(tmp_path / last), shuffle=False)
    rows = sorted(int(r["a"][0]) for r in data.create_dict_iterator(output_numpy=True))
    assert rows == list(range(shard_num))


# ----- float16 matrix products ----------------------------------------------------------------
# Wide_and_Deep's DenseLayer casts its input and weight to float16 before ops.MatMul. MindSpore
# 2.10's CPU kernels multiply float16 in float32 and round once (bit-equal in the ms-oracle);
# mindcell took numpy's float16 matmul (no BLAS: 8 s per 1000x312x1024 product, and 0.1% of the
# entries one float16 ulp off).
@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_float16_matmul_family_rounds_the_float32_product(mode):
    ms.set_context(mode=mode)
    try:
        class Net(nn.Cell):
            def __init__(self):
                super().__init__()
                self.mm = ms.ops.MatMul(transpose_b=True)
                self.bmm = ms.ops.BatchMatMul()

            def construct(self, a, b):
                return self.mm(a, b.T), self.bmm(a[None], b[None]), ms.ops.matmul(a, b)

        rs = np.random.RandomState(0)
        a = rs.randn(64, 512).astype(np.float16)
        b = rs.randn(512, 64).astype(np.float16)
        ref = (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16)
        assert (np.matmul(a, b) != ref).any()  # numpy's float16 product differs somewhere
        for out in Net()(ms.Tensor(a), ms.Tensor(b)):
            assert out.dtype == ms.float16
            np.testing.assert_array_equal(out.asnumpy().reshape(ref.shape), ref)
        dense = nn.Dense(512, 64, weight_init=ms.Tensor(b.T.astype(np.float32)),
                         has_bias=False).to_float(ms.float16)
        got = dense(ms.Tensor(a))
        assert got.dtype == ms.float16
        np.testing.assert_array_equal(got.asnumpy(), ref)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_float16_matmul_gradient_is_float16_and_close():
    rs = np.random.RandomState(1)
    a = ms.Tensor(rs.randn(16, 300).astype(np.float16))
    b = ms.Tensor(rs.randn(300, 8).astype(np.float16))
    ga, gb = ms.grad(lambda x, y: ms.ops.matmul(x, y).sum(), grad_position=(0, 1))(a, b)
    assert ga.dtype == gb.dtype == ms.float16
    np.testing.assert_allclose(ga.asnumpy(), np.broadcast_to(
        b.asnumpy().astype(np.float32).sum(1), (16, 300)), rtol=2e-3, atol=2e-2)
    np.testing.assert_allclose(gb.asnumpy(), np.broadcast_to(
        a.asnumpy().astype(np.float32).sum(0)[:, None], (300, 8)), rtol=2e-3, atol=2e-2)


# ----- the keys of cb_params ------------------------------------------------------------------
# research/cv/ProtoNet's EvalCallBack saves cb_params.network at every epoch end; MindSpore
# 2.10's Model.train/eval give callbacks these keys (listed from the ms-oracle; sink mode is
# reported off on the CPU).
_TRAIN_KEYS = {"batch_num", "cur_epoch_num", "cur_step_num", "dataset_sink_mode", "device_number",
               "epoch_num", "initial_step", "last_save_ckpt_step", "latest_ckpt_file",
               "list_callback", "loss_fn", "loss_scale_mananger", "mode", "net_outputs",
               "network", "optimizer", "parallel_mode", "train_dataset",
               "train_dataset_element", "train_network"}
_EVAL_KEYS = {"batch_num", "cur_step_num", "dataset_sink_mode", "eval_dataset_element",
              "eval_network", "list_callback", "mode", "net_outputs", "network", "valid_dataset"}


def test_callback_params_have_mindspores_keys():
    seen = {}

    class Look(Callback):
        def on_train_step_end(self, run_context):
            c = run_context.original_args()
            if c.cur_step_num == 1:
                seen["train"] = dict(c.items())

        def on_eval_step_end(self, run_context):
            c = run_context.original_args()
            if c.cur_step_num == 1:
                seen["eval"] = dict(c.items())

    data = ms.dataset.NumpySlicesDataset(
        {"x": np.ones((4, 2), np.float32), "y": np.ones((4, 1), np.float32)},
        shuffle=False).batch(2)
    net, loss = nn.Dense(2, 1), nn.MSELoss()
    model = Model(net, loss, nn.SGD(net.trainable_params(), 0.01), metrics={"mae"})
    look = Look()
    model.train(1, data, callbacks=[look], dataset_sink_mode=True)
    model.eval(data, callbacks=[look])
    train, ev = seen["train"], seen["eval"]
    assert _TRAIN_KEYS <= set(train) and _EVAL_KEYS <= set(ev)
    assert train["network"] is net and train["loss_fn"] is loss and train["train_dataset"] is data
    assert (train["mode"], train["dataset_sink_mode"], train["device_number"],
            train["parallel_mode"]) == ("train", False, 1, "stand_alone")
    assert train["initial_step"] is None and train["loss_scale_mananger"] is None
    assert look in train["list_callback"]
    assert [tuple(e.shape) for e in train["train_dataset_element"]] == [(2, 2), (2, 1)]
    assert ev["network"] is net and ev["mode"] == "eval" and ev["dataset_sink_mode"] is False
    assert [tuple(e.shape) for e in ev["eval_dataset_element"]] == [(2, 2), (2, 1)]


def test_float16_matmul_overflows_to_inf_without_a_warning():
    import warnings
    a = ms.Tensor(np.full((2, 4), 200.0, np.float16))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = ms.ops.matmul(a, a.T).asnumpy()  # 160000 is beyond float16's 65504
    assert out.dtype == np.float16 and np.isinf(out).all()
