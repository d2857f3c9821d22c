"""Runs ../shared/conformance against mindcell: every case passes except those listed in
expected_failures.txt, and every listed case still fails (the list may only shrink)."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RUNNER = REPO.parent / "shared" / "conformance" / "run.py"
EXPECTED = Path(__file__).with_name("expected_failures.txt")
LINE = re.compile(r"^(PASS|FAIL|ERROR)\s+(\d{3}_\w+)")


def _expected_failures():
    out = {}
    for line in EXPECTED.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            case, _, reason = line.partition("\t")
            out[case.strip()] = reason.strip()
    return out


@pytest.fixture(scope="module")
def results():
    if not RUNNER.exists():
        pytest.skip("../shared/conformance is not present beside the repository")
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, str(RUNNER), "--target", "mindcell"],
                          capture_output=True, text=True, env=env, timeout=1500)
    found = {}
    for line in proc.stdout.splitlines():
        m = LINE.match(line)
        if m:
            found[m.group(2)] = (m.group(1), line)
    assert found, "the conformance runner reported no cases:\n" + proc.stdout[-2000:] \
        + proc.stderr[-2000:]
    return found


def test_every_case_passes_except_the_listed_ones(results):
    expected = _expected_failures()
    unexpected = [line for case, (status, line) in results.items()
                  if status != "PASS" and case not in expected]
    assert not unexpected, "conformance cases failing:\n" + "\n".join(unexpected)


def test_expected_failure_list_only_shrinks(results):
    now_passing = [case for case in _expected_failures()
                   if results.get(case, ("MISSING",))[0] == "PASS"]
    assert not now_passing, ("these cases pass now; remove them from expected_failures.txt: %s"
                             % now_passing)


def test_expected_failures_name_existing_cases(results):
    missing = [case for case in _expected_failures() if case not in results]
    assert not missing, "expected_failures.txt names unknown cases: %s" % missing
