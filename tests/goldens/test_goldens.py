"""mindcell against behaviour recorded from real MindSpore 2.10 (``tests/goldens/<area>/``):
every case of every area passes. Recorded with ``run_goldens.py`` (see its docstring)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
SHARED = REPO.parent / "shared" / "conformance" / "run.py"
LINE = re.compile(r"^(PASS|FAIL|ERROR|SKIP)\s+(\d{3}_\w+)(.*)$")
# Areas with known_differences.txt are tables, compared key by key by test_tables.py.
AREAS = sorted(p.name for p in HERE.iterdir() if (p / "cases").is_dir()
               and not (p / "known_differences.txt").exists())


def _cases(area):
    return sorted(p.stem for p in (HERE / area / "cases").glob("[0-9][0-9][0-9]_*.py"))


@pytest.fixture(scope="module")
def results():
    if not SHARED.exists():
        pytest.skip("../shared/conformance (the runner and _target.py) is not beside the repo")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    found = {}
    for area in AREAS:
        proc = subprocess.run([sys.executable, str(HERE / "run_goldens.py"), area,
                               "--target", "mindcell"], capture_output=True, text=True,
                              env=env, timeout=1200)
        for line in proc.stdout.splitlines():
            m = LINE.match(line)
            if m:
                found[(area, m.group(2))] = (m.group(1), line)
    return found


@pytest.mark.parametrize("area,case", [(a, c) for a in AREAS for c in _cases(a)])
def test_case_matches_mindspore(results, area, case):
    status, line = results.get((area, case), ("MISSING", "not reported by the runner"))
    assert (HERE / area / "golden" / (case + ".jsonl")).exists(), \
        "%s/%s has no golden file: record it from MindSpore (run_goldens.py)" % (area, case)
    assert status == "PASS", line
