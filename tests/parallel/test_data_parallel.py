"""Data-parallel training over MPI: scripts in scripts/ run on 2 processes through
``python -m mindcell.parallel.launcher -n 2`` (mpiexec) and are compared with one process."""
import os
import subprocess
import sys
import time

import numpy as np
import pytest

pytest.importorskip("mpi4py", reason="mpi4py is not installed: pip install 'mindcell[mpi]'")

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIN = os.path.join(HERE, "scripts", "train_dp.py")
COLLECTIVES = os.path.join(HERE, "scripts", "collectives.py")


def run(n, script, *args, timeout=180, env=None):
    cmd = [sys.executable, "-m", "mindcell.parallel.launcher", "-n", str(n), script, *args]
    full_env = dict(os.environ, **(env or {}))
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=full_env)


def train(n, tmp_path, *args, **kw):
    out = str(tmp_path / ("w%d_%d.npz" % (n, len(os.listdir(tmp_path)))))
    proc = run(n, TRAIN, *args[:3], out, *args[3:], **kw)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return dict(np.load(out))


def assert_same(a, b):
    assert a.keys() == b.keys()
    for k in a:
        np.testing.assert_allclose(a[k], b[k], rtol=1e-6, atol=1e-12, err_msg=k)


@pytest.mark.parametrize("mode", ["pynative", "graph"])
@pytest.mark.parametrize("opt", ["sgd", "adam"])
def test_mlp_two_halves_equal_one_whole_batch(tmp_path, mode, opt):
    assert_same(train(2, tmp_path, mode, "mlp", opt), train(1, tmp_path, mode, "mlp", opt))


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_loss_scaled_steps_reduce_gradients_too(tmp_path, mode):
    """TrainOneStepWithLossScaleCell all-reduces in data parallel like TrainOneStepCell (a
    power-of-two scale is exact, so 2 halves equal 1 whole batch)."""
    args = (mode, "mlp", "adam", "--loss-scale", "1024")
    assert_same(train(2, tmp_path, *args), train(1, tmp_path, *args))


@pytest.mark.parametrize("mode", ["pynative", "graph"])
@pytest.mark.parametrize("opt", ["sgd", "adam"])
def test_cnn_batchnorm_equals_mean_of_per_shard_gradients(tmp_path, mode, opt):
    # BatchNorm normalises each rank's half with that half's statistics (no synchronised BN,
    # as in MindSpore's data parallel): the reference averages the gradients of the halves.
    ref = train(1, tmp_path, mode, "cnn", opt, "--emulate", "2")
    assert_same(train(2, tmp_path, mode, "cnn", opt), ref)


def test_broadcast_makes_differently_seeded_ranks_identical(tmp_path):
    # rank 0 has seed 1 (as the reference); rank 1 seed 2, overwritten by the broadcast
    assert_same(train(2, tmp_path, "pynative", "mlp", "adam", "--seed-by-rank"),
                train(1, tmp_path, "pynative", "mlp", "adam"))


def test_differing_parameters_without_broadcast_raise_naming_the_parameter(tmp_path):
    proc = run(2, TRAIN, "pynative", "mlp", "sgd", str(tmp_path / "x.npz"), "--seed-by-rank",
               "--no-broadcast")
    assert proc.returncode != 0
    assert "parameter '0.weight' differs between ranks" in proc.stderr


@pytest.mark.parametrize("mode", ["pynative", "graph"])
def test_small_uneven_buckets(tmp_path, mode):
    # 200-byte buckets: some hold several gradients, the larger ones one each
    assert_same(train(2, tmp_path, mode, "mlp", "sgd", "--bucket-mb", "0.0002"),
                train(1, tmp_path, mode, "mlp", "sgd"))


def test_collectives_values_and_gradients_both_modes():
    proc = run(2, COLLECTIVES)
    assert proc.returncode == 0, proc.stderr[-3000:]


def test_failing_rank_ends_the_job_quickly_naming_the_rank(tmp_path):
    script = tmp_path / "fail.py"
    script.write_text("import numpy as np, mindcell as ms\n"
                      "from mindcell import ops\n"
                      "from mindcell.communication import init, get_rank\n"
                      "init()\n"
                      "if get_rank() == 1:\n"
                      "    raise RuntimeError('boom')\n"
                      "ops.AllReduce()(ms.Tensor(np.ones(3)))\n")
    start = time.monotonic()
    proc = run(2, str(script), timeout=60)
    assert proc.returncode != 0
    assert "rank 1 failed" in proc.stderr and "boom" in proc.stderr
    assert time.monotonic() - start < 45


def test_missing_peer_times_out_with_a_clear_error():
    proc = run(2, COLLECTIVES, "--stall", timeout=120, env={"MINDCELL_COMM_TIMEOUT": "2"})
    assert proc.returncode != 0
    assert "rank 0 waited 2 s for the other ranks" in proc.stderr


CKPT = os.path.join(HERE, "scripts", "ckpt_dp.py")


def ckpt_files(path):
    return sorted(f for f in os.listdir(path) if f.endswith(".ckpt"))


def test_checkpoints_written_by_rank_0_and_loaded_by_every_rank(tmp_path):
    proc = run(2, CKPT, str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    # one file per save (ModelCheckpoint keeps the newest of its two), not one per rank
    assert ckpt_files(tmp_path) == ["cb-1_2.ckpt", "net.ckpt", "own_0.ckpt"]
    a, b = (dict(np.load(tmp_path / ("loaded_%d.npz" % r))) for r in range(2))
    assert str(a.pop("latest")) == str(b.pop("latest")) == "cb-1_2.ckpt"
    assert sorted(a) == ["bias", "weight"]
    assert_same(a, b)


def test_saving_only_on_rank_0_does_not_wait_for_the_others(tmp_path):
    """The MindSpore-script pattern ``if get_rank() == 0: save_checkpoint(...)`` finishes at
    once (rank 0 must not wait for ranks that never save)."""
    script = tmp_path / "save_rank0.py"
    script.write_text(
        "import os, sys\n"
        "import mindcell as ms\n"
        "from mindcell import nn\n"
        "from mindcell.communication import init, get_rank\n"
        "init()\n"
        "ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL)\n"
        "if get_rank() == 0:\n"
        "    ms.save_checkpoint(nn.Dense(2, 2), os.path.join(sys.argv[1], 'r0.ckpt'))\n")
    proc = run(2, str(script), str(tmp_path), timeout=60,
               env={"MINDCELL_COMM_TIMEOUT": "20"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert ckpt_files(tmp_path) == ["r0.ckpt"]


def test_checkpoints_opt_out_writes_one_file_per_rank(tmp_path):
    proc = run(2, CKPT, str(tmp_path), env={"MINDCELL_SAVE_ON_ALL_RANKS": "1"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert ckpt_files(tmp_path) == ["cb-1_2.ckpt", "net.ckpt", "own_0.ckpt", "own_1.ckpt"]
    a, b = (dict(np.load(tmp_path / ("loaded_%d.npz" % r))) for r in range(2))
    del a["latest"], b["latest"]
    assert_same(a, b)


def test_run_n_2_runs_an_unchanged_mindspore_script(tmp_path):
    script = tmp_path / "ms_script.py"
    script.write_text("import sys\n"
                      "import numpy as np\n"
                      "import mindspore as ms\n"
                      "from mindspore import ops\n"
                      "from mindspore.communication import init, get_rank\n"
                      "init()\n"
                      "s = ops.AllReduce()(ms.Tensor(np.ones(2, np.float32) * (get_rank() + 1)))\n"
                      "with open(sys.argv[1] + str(get_rank()), 'w') as f:\n"
                      "    f.write('%s %s' % (sys.argv[2:], s.asnumpy().tolist()))\n")
    out = str(tmp_path / "rank")  # a file per rank: the ranks' stdout lines may interleave
    proc = subprocess.run([sys.executable, "-m", "mindcell.run", "-n", "2", str(script), out,
                           "a1"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    for r in range(2):
        with open(out + str(r)) as f:
            assert f.read() == "['a1'] [3.0, 3.0]"


def test_launcher_gives_each_rank_its_share_of_the_cores():
    from mindcell.parallel.launcher import thread_env
    share = str(max(1, (os.cpu_count() or 1) // 2))
    env = thread_env(2, {"PATH": "/bin"})
    assert env["OMP_NUM_THREADS"] == env["OPENBLAS_NUM_THREADS"] == share
    assert env["PATH"] == "/bin"
    assert thread_env(2, {"OMP_NUM_THREADS": "3"})["OMP_NUM_THREADS"] == "3"  # the user's wins
    assert thread_env(64, {})["OMP_NUM_THREADS"] == "1"
