"""The README's main job and ``python -m mindcell`` run (with few steps)."""
import subprocess
import sys

from mindcell import demo


def test_demo_trains_in_both_modes_and_reloads(capsys):
    demo.main(["--steps", "150"])
    out = capsys.readouterr().out
    assert "PYNATIVE_MODE" in out and "GRAPH_MODE" in out and "reloaded accuracy" in out


def test_module_self_check():
    proc = subprocess.run([sys.executable, "-m", "mindcell"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "self-check (gradient in both modes): ok" in proc.stdout
