"""The wheel built from the source tree holds the compiled kernels, their type stubs and
py.typed. Building recompiles every Cython module (about 1.5 minutes on two cores)."""
import importlib.util
import os
import subprocess
import sys
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


def test_wheel_contains_compiled_modules_stubs_and_py_typed(tmp_path):
    missing = _missing_build_requirements()
    assert not missing, ("building a wheel without isolation needs %s (in the test extra: "
                         "pip install -e '.[test]')" % ", ".join(missing))
    env = dict(os.environ, MINDCELL_BUILD_JOBS="1")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", ".", "--no-deps", "--no-build-isolation",
         "-w", str(tmp_path)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    wheels = sorted(tmp_path.glob("mindcell-*.whl"))
    assert len(wheels) == 1, [p.name for p in tmp_path.iterdir()]
    with zipfile.ZipFile(wheels[0]) as whl:
        names = set(whl.namelist())

    # every csrc/<family>.pyx is compiled into mindcell/_C/<family>.<abi tag>.so
    families = {p.stem for p in (ROOT / "csrc").glob("*.pyx")}
    assert families
    compiled = {n.split("/")[-1].split(".")[0] for n in names
                if n.startswith("mindcell/_C/") and n.endswith(".so")}
    assert compiled == families

    stubs = {"mindcell/_C/" + p.name for p in (ROOT / "mindcell" / "_C").glob("*.pyi")}
    assert stubs and stubs <= names
    assert "mindcell/py.typed" in names
    assert "mindcell/__init__.py" in names and "mindcell/_C/__init__.py" in names
    # only the package and its metadata: no sources, tests, examples or build leftovers
    assert all(n.startswith(("mindcell/", "mindcell-")) for n in names), sorted(names)
    assert not [n for n in names if n.endswith((".pyx", ".pxd", ".c"))]
