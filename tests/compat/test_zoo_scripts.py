"""Model-zoo / tutorial style MindSpore scripts (tests/compat/zoo_scripts) run unchanged
through ``python -m mindcell.run`` in GRAPH_MODE and PYNATIVE_MODE; each asserts its own
results (loss falls, accuracy above chance, checkpoint round trips) and prints its losses,
which must agree between the two modes."""
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

SCRIPTS = pathlib.Path(__file__).parent / "zoo_scripts"
NAMES = sorted(p.name for p in SCRIPTS.glob("*.py"))


def _run(name, mode, tmp_path):
    # fixed thread counts: with the load-following BLAS count (and the convolution's team of
    # threads chosen by it) the last bits of products follow the machine's load, and 32
    # training steps of MobileNetV2 then drifted 1e-3 apart between the modes on a busy CI
    env = dict(os.environ, PYTHONWARNINGS="error", TMPDIR=str(tmp_path),
               MINDCELL_ADAPTIVE_THREADS="0")
    return subprocess.run([sys.executable, "-m", "mindcell.run", str(SCRIPTS / name), mode],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300, env=env)


def test_the_scripts_are_there():
    assert {"quickstart.py", "resnet.py", "bert_finetune.py", "lstm_sentiment.py",
            "dcgan.py", "custom_cell.py", "mobilenetv2.py", "textcnn.py",
            "gru_seq2seq.py", "crnn_ctc.py", "mini_gpt.py", "unet_seg.py",
            "wide_deep.py", "vit.py"} <= set(NAMES), NAMES


def _losses_of(name, mode, tmp_path):
    r = _run(name, mode, tmp_path)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-4000:]
    assert r.stdout.rstrip().endswith("OK"), r.stdout[-2000:]
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("LOSSES ")]
    assert len(lines) == 1, r.stdout[-2000:]
    losses = np.array([float(v) for v in lines[0].split()[1:]])
    assert losses.size > 0 and np.isfinite(losses).all()
    return losses


@pytest.mark.parametrize("name", NAMES)
def test_script_runs_unchanged_in_both_modes_and_they_agree(name, tmp_path):
    pynative = _losses_of(name, "pynative", tmp_path)
    graph = _losses_of(name, "graph", tmp_path)
    np.testing.assert_allclose(graph, pynative, rtol=1e-4, atol=1e-5)
