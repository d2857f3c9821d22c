"""The sdist and the wheel built from it: kernel sources in the one, compiled kernels, type
stubs, py.typed and the LICENSE in the other, which installs and runs outside the checkout.
Building recompiles every Cython module (about 1.5 minutes on two cores)."""
import importlib.util
import os
import platform
import subprocess
import sys
import tarfile
import warnings
import zipfile
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]


def _missing_build_requirements():
    """--no-build-isolation builds with this environment's setuptools and Cython (and wheel,
    for setuptools older than 70.1, which has no bdist_wheel of its own)."""
    missing = [m for m in ("setuptools", "Cython") if importlib.util.find_spec(m) is None]
    if not missing and importlib.util.find_spec("wheel") is None:
        with warnings.catch_warnings():  # imports setuptools
            warnings.simplefilter("ignore")
            if importlib.util.find_spec("setuptools.command.bdist_wheel") is None:
                missing.append("wheel")
    return missing


def _run(cmd, **kwargs):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, **kwargs)
    assert proc.returncode == 0, "%s\n%s%s" % (cmd, proc.stdout[-3000:], proc.stderr[-3000:])
    return proc


def test_sdist_builds_a_complete_wheel_that_installs_and_runs(tmp_path):
    """python -m build's path: the sdist carries the kernel sources, templates and generator;
    the wheel built from it holds every compiled kernel, stubs, py.typed and the LICENSE, and
    installs and runs in a fresh virtual environment outside the checkout."""
    missing = _missing_build_requirements() + [
        m for m in ("build",) if importlib.util.find_spec(m) is None]
    assert not missing, ("building without isolation needs %s (in the test extra: "
                         "pip install -e '.[test]')" % ", ".join(missing))
    env = dict(os.environ, MINDCELL_BUILD_JOBS="2")  # both cores: three instruction sets to compile
    _run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir",
          str(tmp_path)], cwd=ROOT, env=env)
    sdists = sorted(tmp_path.glob("mindcell-*.tar.gz"))
    assert len(sdists) == 1, [p.name for p in tmp_path.iterdir()]
    with tarfile.open(sdists[0]) as tar:
        in_sdist = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    needed = {"csrc/" + p.name for p in (ROOT / "csrc").iterdir()
              if p.suffix in (".pyx", ".h", ".in") or p.name in ("generate.py", "_math.pxd")}
    needed |= {"mindcell/ops/spec/elementwise.py", "LICENSE", "setup.py", "pyproject.toml"}
    assert needed <= in_sdist, sorted(needed - in_sdist)
    assert not [n for n in in_sdist if n.endswith((".c", ".so"))], "build products in the sdist"

    wheel_dir = tmp_path / "wheel"
    _run([sys.executable, "-m", "pip", "wheel", str(sdists[0]), "--no-deps",
          "--no-build-isolation", "-w", str(wheel_dir)], env=env)
    wheels = sorted(wheel_dir.glob("mindcell-*.whl"))
    assert len(wheels) == 1, [p.name for p in wheel_dir.iterdir()]
    with zipfile.ZipFile(wheels[0]) as whl:
        names = set(whl.namelist())
        objects = [whl.read(n) for n in names if n.endswith(".so")]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), sorted(names)
    assert objects and not [o for o in objects if b".debug_info" in o], "debug info kept"
    _check_wheel_names(names)

    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)])
    python = str(venv / "bin" / "python")
    # --force-reinstall: a mindcell the base interpreter already has (a developer's editable
    # install, seen through --system-site-packages) must not stand in for the wheel
    _run([python, "-m", "pip", "install", "--no-deps", "--no-index", "--force-reinstall",
          str(wheels[0])])
    smoke = ("import mindcell as ms, numpy as np; from mindcell import ops, nn; "
             "print(ms.__file__); "
             "x = ms.Tensor(np.linspace(-1, 1, 8, dtype=np.float32)); "
             "print(float(ops.softsign(x).sum()), nn.Dense(8, 2)(x.reshape(1, 8)).shape)")
    clean = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the wheel, not a tree
    out = _run([python, "-c", smoke], cwd=tmp_path, env=clean).stdout.split("\n")
    assert out[0].startswith(str(venv)), "imported %s, not the installed wheel" % out[0]
    assert out[1] == "0.0 (1, 2)", out


def _check_wheel_names(names):
    # every csrc/<family>.pyx is compiled into mindcell/_C/<isa>/<family>.<abi tag>.so for each
    # instruction set the build makes (all of setup.ISA_FLAGS on x86-64, the baseline elsewhere)
    families = {p.stem for p in (ROOT / "csrc").glob("*.pyx")}
    assert families
    compiled = {}
    for n in names:
        parts = n.split("/")
        if n.startswith("mindcell/_C/") and n.endswith(".so") and len(parts) == 4:
            compiled.setdefault(parts[2], set()).add(parts[3].split(".")[0])
    x86 = platform.machine().lower() in ("x86_64", "amd64")
    assert set(compiled) == ({"baseline", "avx2", "avx512"} if x86 else {"baseline"}), compiled
    assert all(found == families for found in compiled.values()), compiled

    stubs = {"mindcell/_C/" + p.name for p in (ROOT / "mindcell" / "_C").glob("*.pyi")}
    assert stubs and stubs <= names
    assert "mindcell/py.typed" in names
    assert "mindcell/__init__.py" in names and "mindcell/_C/__init__.py" in names
    # only the package and its metadata: no sources, tests, examples or build leftovers
    assert all(n.startswith(("mindcell/", "mindcell-")) for n in names), sorted(names)
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".c"))]
