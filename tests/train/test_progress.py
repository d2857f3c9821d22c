"""Model.train/fit progress bar: shown per epoch with the loss on a terminal (a pty), absent on a
pipe or with MINDCELL_PROGRESS=0; LossMonitor lines land above the bar."""
import os
import pty
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("tqdm")

SCRIPT = textwrap.dedent("""
    import numpy as np
    import mindcell as ms
    from mindcell import nn
    ms.set_seed(0)
    rng = np.random.default_rng(0)
    x = rng.normal(size=(40, 4)).astype(np.float32)
    y = (x.sum(1) > 0).astype(np.int32)
    data = ms.dataset.NumpySlicesDataset((x, y), shuffle=False).batch(8)
    net = nn.Dense(4, 2)
    model = ms.train.Model(net, nn.CrossEntropyLoss(), nn.SGD(net.trainable_params(), 0.1),
                           metrics={"accuracy"})
    model.{call}
    print("DONE")
""")
TRAIN = "train(2, data, callbacks=[ms.train.LossMonitor(5)])"
FIT = "fit(2, data, data)"


def _env(**extra):
    env = dict(os.environ, **extra)
    env.pop("MINDCELL_PROGRESS", None) if "MINDCELL_PROGRESS" not in extra else None
    return env


def _run_pty(call, **extra):
    """Run the script with stdout and stderr on a pseudo-terminal; returns what it showed."""
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-c", SCRIPT.replace("{call}", call)],
                            stdin=subprocess.DEVNULL, stdout=slave, stderr=slave, env=_env(**extra))
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    assert proc.wait(timeout=120) == 0, b"".join(chunks).decode(errors="replace")
    return b"".join(chunks).decode(errors="replace")


def test_bar_per_epoch_with_loss_on_a_terminal():
    out = _run_pty(TRAIN)
    assert "epoch 1/2" in out and "epoch 2/2" in out
    assert "5/5" in out and "loss=" in out
    assert "DONE" in out


def test_loss_monitor_lines_are_written_above_the_bar():
    out = _run_pty(TRAIN)
    lines = [ln for ln in out.replace("\r", "\n").split("\n") if "epoch: 1 step: 5" in ln]
    # the monitor's line is whole: not glued to a bar redraw
    assert lines and all(ln.lstrip().startswith("epoch: 1 step: 5") for ln in lines), lines


def test_fit_shows_metrics_on_the_bar():
    out = _run_pty(FIT)
    assert "accuracy=" in out and "loss=" in out


def test_switch_turns_the_bar_off():
    out = _run_pty(TRAIN, MINDCELL_PROGRESS="0")
    assert "epoch 1/2" not in out and "it/s" not in out
    assert "epoch: 1 step: 5" in out


def test_no_bar_on_a_pipe():
    proc = subprocess.run([sys.executable, "-c", SCRIPT.replace("{call}", TRAIN)],
                          capture_output=True, text=True, timeout=120, env=_env(),
                          stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert "epoch 1/2" not in proc.stderr and "it/s" not in proc.stderr
    assert "epoch: 1 step: 5" in proc.stdout and proc.stdout.rstrip().endswith("DONE")
