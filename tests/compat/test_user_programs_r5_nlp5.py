"""Round-5 user programs (mindspore-ai/models official/nlp, research/nlp, research/audio): the
general mechanisms those programs stopped at, each checked for its whole class against MindSpore
2.10's behaviour (recorded with the ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds


# ----- dataset.config: every setter/getter MindSpore has (Transformer: set_prefetch_size) -----
# (setter, default its getter reports, a good value, [(bad value, error type)]) as MindSpore 2.10
# checks them (ms-oracle)
_INT = [(1.5, TypeError), (True, TypeError)]
_BOOL = [(1, TypeError), ("x", TypeError)]
_CONFIG_CASES = [
    ("prefetch_size", 16, 2147483647, _INT + [(0, ValueError), (2 ** 31, ValueError)]),
    ("callback_timeout", 60, 2 ** 31 - 1, _INT + [(0, ValueError), (2 ** 31, ValueError)]),
    ("monitor_sampling_interval", 1000, 7, _INT + [(0, ValueError), (2 ** 31, ValueError)]),
    ("autotune_interval", 0, 0, _INT + [(-1, ValueError)]),
    ("multiprocessing_timeout_interval", 300, 2 ** 31 - 1, _INT + [(0, ValueError),
                                                                  (2 ** 31, ValueError)]),
    ("auto_num_workers", False, True, _BOOL),
    ("auto_offload", False, True, _BOOL),
    ("enable_shared_mem", True, False, _BOOL),
    ("enable_watchdog", True, False, _BOOL),
    ("fast_recovery", True, False, _BOOL),
    ("numa_enable", False, True, _BOOL),
    ("dynamic_shape", False, True, _BOOL),
    ("enable_autotune", False, True, _BOOL),
    ("multiprocessing_start_method", "fork", "spawn", [(1, TypeError), ("thread", ValueError)]),
    ("video_backend", "CPU", "CPU", [(1, TypeError), ("GPU", ValueError)]),
]


@pytest.mark.parametrize("name,default,good,bad", _CONFIG_CASES, ids=[c[0] for c in _CONFIG_CASES])
def test_dataset_config_settings(name, default, good, bad):
    setter, getter = getattr(ds.config, "set_" + name), getattr(ds.config, "get_" + name)
    assert getter() == default and type(getter()) is type(default)
    try:
        setter(good)
        assert getter() == good
        for value, error in bad:
            with pytest.raises(error, match="set_" + name):
                setter(value)
            assert getter() == good
    finally:
        setter(default)
    assert getter() == default


def test_dataset_config_modes_mindcell_does_not_run_raise():
    cfg = ds.config
    assert [int(m) for m in cfg.ErrorSamplesMode] == [0, 1, 2]
    assert cfg.get_error_samples_mode() is cfg.ErrorSamplesMode.RETURN
    cfg.set_error_samples_mode(cfg.ErrorSamplesMode.RETURN)
    with pytest.raises(TypeError):
        cfg.set_error_samples_mode(0)
    for mode in (cfg.ErrorSamplesMode.REPLACE, cfg.ErrorSamplesMode.SKIP):
        with pytest.raises(NotImplementedError, match="RETURN"):
            cfg.set_error_samples_mode(mode)
    assert cfg.get_error_samples_mode() is cfg.ErrorSamplesMode.RETURN
    with pytest.raises(NotImplementedError, match="debug"):
        cfg.set_debug_mode(True)
    with pytest.raises(TypeError):
        cfg.set_debug_mode(1)
    assert cfg.get_debug_mode() is False
    with pytest.raises(NotImplementedError, match="Ascend"):
        cfg.set_video_backend("Ascend")
    with pytest.raises(NotImplementedError, match="filepath_prefix"):
        cfg.set_enable_autotune(True, "/tmp/autotune")
    assert cfg.get_enable_autotune() is False
    assert cfg.get_iterator_mode() == {"do_copy": False, "parallel_convert": False}
    cfg.set_iterator_mode(do_copy=True)
    assert cfg.get_iterator_mode() == {"do_copy": True, "parallel_convert": False}
    cfg.set_iterator_mode()
    with pytest.raises(TypeError):
        cfg.set_iterator_mode(1)
    cfg.set_sending_batches(-1)
    with pytest.raises(TypeError):
        cfg.set_sending_batches(1.5)
    assert (cfg.INT32_MAX, cfg.UINT32_MAX) == (2 ** 31 - 1, 2 ** 32 - 1)
    # the settings change no row a pipeline yields
    cfg.set_prefetch_size(1)
    try:
        rows = [int(r[0]) for r in ds.NumpySlicesDataset({"x": list(range(5))}, shuffle=False)]
    finally:
        cfg.set_prefetch_size(16)
    assert rows == [0, 1, 2, 3, 4]


# ----- set_context: every key MindSpore 2.10 accepts (Transformer: reserve_class_name_in_scope) --
# each key with a value MindSpore 2.10's set_context accepted on the CPU (ms-oracle)
_CONTEXT_KEYS = {
    "check_bprop": False, "enable_graph_kernel": False, "enable_reduce_precision": False,
    "enable_profiling": False, "save_graphs": 0, "enable_parallel_split": False,
    "max_device_memory": "3GB", "mempool_block_size": "31GB", "inter_op_parallel_num": 1,
    "print_file_path": "p", "profiling_options": "x", "deterministic": "OFF",
    "enable_compile_cache": False, "compile_cache_path": ".", "variable_memory_max_size": "3GB",
    "device_id": 0, "aoe_tune_mode": "online", "aoe_job_type": "1", "max_call_depth": 1000,
    "graph_kernel_flags": "", "pynative_synchronize": False, "disable_format_transform": False,
    "memory_optimize_level": "O0", "op_timeout": 5, "conv_fprop_algo": "normal",
    "conv_dgrad_algo": "normal", "conv_wgrad_algo": "normal", "conv_allow_tf32": False,
    "recompute_allgather_overlap_fagrad": False, "matmul_allow_tf32": False, "jit_level": "O0",
    "infer_boost": "on", "enable_task_opt": False, "enable_grad_comm_opt": False,
    "enable_opt_shard_comm_opt": False, "compute_communicate_fusion_level": 1,
    "dataset_broadcast_opt_level": 1, "debug_level": 0, "interleaved_matmul_comm": False,
    "interleaved_layernorm_comm": False, "bias_add_comm_swap": False,
    "enable_begin_end_inline_opt": False, "enable_concat_eliminate_opt": False,
    "enable_fused_cast_add_opt": False, "topo_order": "dfs", "exec_order": "bfs",
    "cur_step_num": 1, "need_ckpt": False, "save_checkpoint_steps": 1, "last_triggered_step": 1,
    "hccl_watchdog": False, "enable_flash_attention_load_balance": False,
    "enable_allreduce_slice_to_reducescatter": False,
    "enable_interleave_split_concat_branch": False, "enable_interleave_parallel_branch": False,
    "enable_offloading_packed_experts": False, "enable_debug_runtime": False,
    "reserve_class_name_in_scope": False, "support_binary": False,
    "aoe_config": {"job_type": "1"}, "ascend_config": {}, "gpu_config": {},
    "jit_config": {"jit_level": "O0"}, "jit_syntax_level": 2,
}


@pytest.mark.parametrize("key", sorted(_CONTEXT_KEYS))
def test_set_context_accepts_every_mindspore_key(key):
    ms.set_context(**{key: _CONTEXT_KEYS[key]})
    assert ms.get_context("mode") in (ms.GRAPH_MODE, ms.PYNATIVE_MODE)


def test_set_context_keys_mindspore_refuses_or_drops():
    for key in ("precision_mode", "jit_compile", "atomic_clean_policy", "matmul_allow_hf32",
                "conv_allow_hf32", "op_precision_mode", "host_scheduling_max_threshold",
                "ge_options", "op_debug_option"):
        with pytest.raises(ValueError, match="ascend_config"):
            ms.set_context(**{key: False})
    for key in ("enable_sparse", "auto_tune_mode", "enable_auto_mixed_precision"):
        ms.set_context(**{key: True})  # deprecated: accepted and dropped
        with pytest.raises(ValueError):
            ms.get_context(key)
    with pytest.raises(ValueError):
        ms.set_context(no_such_key=1)
    with pytest.raises(ValueError, match="reserve_class_name_in_scope"):
        ms.set_context(reserve_class_name_in_scope=1)
    with pytest.raises(ValueError, match="exec_order"):
        ms.set_context(exec_order="random")
    with pytest.raises(ValueError, match="aoe_tune_mode"):
        ms.set_context(aoe_tune_mode="x")
    with pytest.raises(ValueError, match="op_timeout"):
        ms.set_context(op_timeout=-1)
    with pytest.raises(TypeError, match="profiling_options"):
        ms.set_context(profiling_options=1)
    with pytest.raises(ValueError, match="env_config_path"):
        ms.set_context(env_config_path="/nonexistent/x.json")
    ms.set_context(reserve_class_name_in_scope=True, exec_order="dfs")
    assert ms.get_context("reserve_class_name_in_scope") is True
    assert ms.get_context("exec_order") == "dfs"


# ----- a sens of shape () for a loss of shape (1,) (Transformer's loss-scale train cell) -------
class _LossOfShapeOne(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(ms.Tensor(np.array([2.0], np.float32)), name="w")
        self.cast = ms.ops.Cast()

    def construct(self, x):
        return self.cast(x * self.w, ms.float32)  # a Cast to the same dtype is a copy


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_sens_with_fewer_axes_than_the_loss(mode):
    # MindSpore 2.10's GRAPH_MODE gives dx = sens * w, dw = sens * x here (ms-oracle); a sens
    # that does not fit (shape () for an output of shape (2,)) is an error there
    ms.set_context(mode=mode)
    try:
        net = _LossOfShapeOne()
        grad = ms.ops.GradOperation(get_all=True, get_by_list=True, sens_param=True)
        x = ms.Tensor(np.array([1.5], np.float32))
        (dx,), (dw,) = grad(net, net.trainable_params())(x, ms.Tensor(3.0, ms.float32))
        assert dx.shape == (1,) and dw.shape == (1,)
        np.testing.assert_allclose(dx.asnumpy(), [6.0])
        np.testing.assert_allclose(dw.asnumpy(), [4.5])
        with pytest.raises(ValueError):
            grad(net, net.trainable_params())(ms.Tensor(np.ones(2, np.float32)),
                                              ms.Tensor(3.0, ms.float32))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


# ----- THOR entry points (BERT pretraining imports nn.optim.thor and ConvertModelUtils) --------
def test_thor_names_exist_and_convert_leaves_other_models_alone():
    import importlib
    net = ms.nn.Dense(3, 2)
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    model = ms.train.Model(net, ms.nn.MSELoss(), opt)
    convert = importlib.import_module("mindcell.train.train_thor").ConvertModelUtils
    assert convert is ms.train.ConvertModelUtils
    # MindSpore converts only a THOR optimizer's model: any other comes back as it was
    assert convert.convert_to_thor_model(model, network=net, optimizer=opt) is model
    assert convert().convert_to_thor_model(model, net, loss_fn=None, optimizer=opt,
                                           amp_level="O2") is model
    assert ms.nn.thor is ms.nn.optim.thor
    with pytest.raises(NotImplementedError, match="thor"):
        ms.nn.optim.thor(net, 0.1, 0.1, 0.9)
    with pytest.raises(NotImplementedError, match="convert_to_thor_net"):
        ms.train.ConvertNetUtils().convert_to_thor_net(net)


# ----- Model's parts under MindSpore's names (dscnn: model.predict_network.to_float) ----------
def test_model_exposes_mindspore_attribute_names():
    net = ms.nn.Dense(2, 1)
    loss, opt = ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.01)
    model = ms.train.Model(net, loss, opt, metrics={"mae": ms.train.MAE()})
    # as MindSpore 2.10 (ms-oracle): predict_network is the network, train/eval networks wrap it
    assert model.predict_network is net and model._predict_network is net
    assert model._network is net and model._loss_fn is loss and model._optimizer is opt
    assert type(model._train_network).__name__ == "TrainOneStepCell"
    assert type(model._eval_network).__name__ == "WithEvalCell"
    assert isinstance(model._metric_fns["mae"], ms.train.MAE)
    assert model._amp_level == "O0" and model._loss_scale_manager is None
    bare = ms.train.Model(net)
    assert bare.predict_network is net and bare._train_network is net
    assert bare._eval_network is None
    # predict runs predict_network: a cast of it shows in predict's output
    x = ms.Tensor(np.ones((1, 2), np.float32))
    model.predict_network.to_float(ms.float16)
    assert model.predict(x).dtype == ms.float16
    model.predict_network.to_float(ms.float32)
    assert model.predict(x).dtype == ms.float32


# ----- amp levels and keep_batchnorm_fp32; BatchNorm on float16 (dscnn: Model(...,
# amp_level="O0", keep_batchnorm_fp32=False) ran its BatchNorms in float16) -------------------
# the output dtype of (Conv2d, BatchNorm2d, Dense) after build_train_network, as MindSpore 2.10
# casts them (ms-oracle)
_F16, _F32 = ms.float16, ms.float32
_AMP_CASES = [
    ("O0", {}, "32 32 32"), ("O0", {"keep_batchnorm_fp32": False}, "32 32 32"),
    ("O0", {"keep_batchnorm_fp32": True}, "32 32 32"),
    ("O0", {"cast_model_type": _F16}, "16 16 16"),
    ("O0", {"cast_model_type": _F16, "keep_batchnorm_fp32": True}, "16 32 16"),
    ("O1", {"cast_model_type": _F16}, "16 16 16"), ("O1", {"cast_model_type": _F32}, "32 32 32"),
    ("O2", {}, "16 32 16"), ("O2", {"keep_batchnorm_fp32": False}, "16 16 16"),
    ("O2", {"cast_model_type": _F32}, "32 32 32"),
    ("O3", {}, "16 16 16"), ("O3", {"keep_batchnorm_fp32": True}, "16 32 16"),
    ("O3", {"cast_model_type": _F32}, "32 32 32"),
]


@pytest.mark.parametrize("level,kwargs,want", _AMP_CASES)
def test_build_train_network_casts_as_mindspore(level, kwargs, want):
    nn = ms.nn
    net = nn.SequentialCell([nn.Conv2d(1, 2, 3, pad_mode="same"), nn.BatchNorm2d(2),
                             nn.Flatten(), nn.Dense(32, 3)])
    ms.amp.build_train_network(net, nn.SGD(net.trainable_params()), nn.MSELoss(), level=level,
                               loss_scale_manager=None, **kwargs)
    got = []
    for cell, shape in ((net[0], (1, 1, 4, 4)), (net[1], (1, 2, 4, 4)), (net[3], (1, 32))):
        cell.set_train(False)
        got.append(str(cell(ms.Tensor(np.ones(shape, np.float32))).dtype)[-2:])
    assert " ".join(got) == want


@pytest.mark.parametrize("train", [False, True])
def test_batchnorm_on_float16_computes_in_float32(train):
    # MindSpore 2.10 (ms-oracle): the output is float16 in both modes, the running mean is the
    # float32 mean of the float16-rounded input (0.10713806, not a float16 sum's 0.1071167)
    bn = ms.nn.BatchNorm2d(2).to_float(ms.float16)
    bn.set_train(train)
    x = ms.Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4) / 7)
    y = bn(x)
    assert y.dtype == ms.float16 and bn.moving_mean.dtype == ms.float32
    if train:
        np.testing.assert_allclose(bn.moving_mean.asnumpy(), [0.10713806, 0.33573], rtol=1e-6)
        np.testing.assert_allclose(y.asnumpy()[0, 0, 0, :4].astype(np.float32),
                                   [-1.627, -1.41, -1.193, -0.976], atol=2e-3)
    else:
        np.testing.assert_allclose(y.asnumpy()[0, 0, 0, :4].astype(np.float32),
                                   [0.0, 0.1428, 0.2856, 0.4285], atol=1e-3)
    assert ms.nn.BatchNorm1d(2).to_float(ms.float16)(
        ms.Tensor(np.ones((3, 2), np.float32))).dtype == ms.float16


# ----- CheckpointConfig's periods and counts (dscnn: keep_checkpoint_max = 0) -----------------
# (arguments, (save_checkpoint_steps, save_checkpoint_seconds, keep_checkpoint_max,
#  keep_checkpoint_per_n_minutes) as MindSpore 2.10 stores them, or the error) (ms-oracle)
_CKPT_CONFIGS = [
    (dict(keep_checkpoint_max=0), (1, None, 1, 0)),
    (dict(keep_checkpoint_max=None), (1, None, 1, 0)),
    (dict(save_checkpoint_steps=0), (0, 0, 5, None)),
    (dict(save_checkpoint_steps=None), (None, 0, 5, None)),
    (dict(save_checkpoint_steps=2, save_checkpoint_seconds=5), (2, None, 5, None)),
    (dict(keep_checkpoint_max=2, keep_checkpoint_per_n_minutes=3), (1, None, 2, None)),
    (dict(save_checkpoint_steps=0, save_checkpoint_seconds=0, keep_checkpoint_max=0), ValueError),
    (dict(save_checkpoint_steps=True), TypeError),
    (dict(save_checkpoint_steps=1.0), TypeError),
    (dict(keep_checkpoint_per_n_minutes=-1), ValueError),
    (dict(saved_network=3), TypeError),
]


@pytest.mark.parametrize("kwargs,want", _CKPT_CONFIGS)
def test_checkpoint_config_rules(kwargs, want):
    if isinstance(want, type):
        with pytest.raises(want):
            ms.train.CheckpointConfig(**kwargs)
        return
    c = ms.train.CheckpointConfig(**kwargs)
    assert (c.save_checkpoint_steps, c.save_checkpoint_seconds, c.keep_checkpoint_max,
            c.keep_checkpoint_per_n_minutes) == want


class _Rows:
    def __getitem__(self, i):
        return np.ones(2, np.float32), np.ones(1, np.float32)

    def __len__(self):
        return 5


@pytest.mark.parametrize("kwargs,files", [
    (dict(save_checkpoint_steps=2, keep_checkpoint_max=0), ["n-2_5.ckpt"]),
    (dict(save_checkpoint_steps=3, keep_checkpoint_max=None), ["n-2_5.ckpt"]),
    (dict(save_checkpoint_steps=0, save_checkpoint_seconds=0, keep_checkpoint_max=3), []),
    (dict(save_checkpoint_steps=4, keep_checkpoint_max=3), ["n-1_4.ckpt", "n-2_3.ckpt",
                                                            "n-2_5.ckpt"]),
])
def test_checkpoint_files_a_training_leaves(tmp_path, kwargs, files):
    # the files MindSpore 2.10 leaves after 2 epochs of 5 steps (ms-oracle)
    net = ms.nn.Dense(2, 1)
    model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.01))
    data = ds.GeneratorDataset(_Rows(), ["x", "y"], shuffle=False).batch(1)
    ckpt = ms.train.ModelCheckpoint(prefix="n", directory=str(tmp_path),
                                    config=ms.train.CheckpointConfig(**kwargs))
    model.train(2, data, callbacks=[ckpt], dataset_sink_mode=False)
    assert sorted(p.name for p in tmp_path.glob("*.ckpt")) == files


def test_checkpoint_time_based_keeping_is_not_silently_ignored():
    with pytest.raises(NotImplementedError, match="keep_checkpoint_per_n_minutes"):
        ms.train.CheckpointConfig(keep_checkpoint_max=0, keep_checkpoint_per_n_minutes=3)


# ----- mindspore.numpy.norm of float16 input (research/nlp/hypertext) -------------------------
# MindSpore 2.10 composes the norm from its ops in the input's float16; (kwargs, dtype, values)
# recorded with the ms-oracle for x = (rand(3, 4) * 3) as float16, seed 0
_HALF_NORMS = [
    ({}, "Float32", [6.73377657]),
    ({"axis": -1}, "Float32", [3.64112782, 3.77491713, 4.22418642]),
    ({"axis": 0, "keepdims": True}, "Float32", [3.56195164, 3.11121964, 3.26079941, 3.51447892]),
    ({"ord": 1, "axis": -1}, "Float32", [7.234375, 7.1953125, 8.0]),
    ({"ord": 3, "axis": 1}, "Float32", [2.90993929, 3.13291335, 3.50509477]),
    ({"ord": -1, "axis": 1}, "Float32", [0.44677138, 0.40992793, 0.44137931]),
    ({"ord": np.inf, "axis": 1}, "Float16", [2.14648438, 2.67578125, 2.890625]),
    ({"ord": -np.inf, "axis": 0}, "Float16", [1.27050781, 1.15039062, 1.3125, 1.58691406]),
    ({"ord": 0, "axis": 1}, "Float32", [4.0, 4.0, 4.0]),
    ({"axis": (0, 1)}, "Float16", [6.734375]),
    ({"ord": "fro", "axis": (0, 1)}, "Float16", [6.734375]),
    ({"ord": 1, "axis": (0, 1)}, "Float16", [5.8984375]),
    ({"ord": np.inf, "axis": (0, 1)}, "Float16", [8.0]),
    ({"ord": -1, "axis": (0, 1)}, "Float16", [5.234375]),
]


@pytest.mark.parametrize("kwargs,dtype,want", _HALF_NORMS)
def test_numpy_norm_of_float16_as_mindspore(kwargs, dtype, want):
    import mindcell.numpy as mnp
    x = ms.Tensor((np.random.RandomState(0).rand(3, 4) * 3).astype(np.float16))
    out = mnp.norm(x, **kwargs)
    assert str(out.dtype) == dtype
    np.testing.assert_allclose(out.asnumpy().astype(np.float64).ravel(), want, rtol=2e-7)
