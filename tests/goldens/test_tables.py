"""Golden *tables*: areas of tests/goldens with a ``known_differences.txt`` record many keys per
case (e.g. dtypes/: which dtypes each op accepts and what it returns, from MindSpore 2.10).
Every key is compared, not only the first that differs: a key that differs from MindSpore must
be listed in known_differences.txt, and a listed key that now matches must be removed (the list
only shrinks). ``python tests/goldens/test_tables.py AREA`` prints the current differences in
the file's format."""
import json
import os
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
AREAS = sorted(p.name for p in HERE.iterdir() if (p / "known_differences.txt").exists())


def _runner(area):
    sys.path.insert(0, str(HERE))
    from run_goldens import load_runner
    return load_runner(area)


def differences(area):
    """{case|key: description} of every key whose mindcell value differs from the golden."""
    runner = _runner(area)
    saved = os.environ.get("PYTHONPATH")
    # the shared runner passes os.environ to each case: mindcell from this checkout, for the
    # duration of the run only (other tests' subprocesses must not inherit it)
    os.environ["PYTHONPATH"] = str(REPO) + os.pathsep + (saved or "")
    try:
        return _differences(runner, area)
    finally:
        if saved is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = saved


def _differences(runner, area):
    found = {}
    for path in runner.list_cases([]):
        case = runner.case_id(path)
        with open(os.path.join(runner.GOLDEN, case + ".jsonl")) as f:
            golden = [json.loads(line) for line in f if line.strip()]
        rc, recs, err, _ = runner.run_case(path, "mindcell", sys.executable, 1200)
        got = dict(recs)
        assert rc == 0, "%s/%s exited %s: %s" % (area, case, rc, err[-2000:])
        for row in golden:
            key = "%s|%s" % (case, row["k"])
            if row["k"] not in got:
                found[key] = "missing"
                continue
            why = runner.compare(row["v"], got[row["k"]])
            if why:
                found[key] = why
    return found


def known(area):
    out = {}
    for line in (HERE / area / "known_differences.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            key, _, why = line.partition("\t")
            out[key] = why
    return out


@pytest.mark.parametrize("area", AREAS)
def test_table_matches_mindspore_except_known_differences(area):
    if not (REPO.parent / "shared" / "conformance" / "run.py").exists():
        pytest.skip("../shared/conformance (the runner and _target.py) is not beside the repo")
    found, listed = differences(area), known(area)
    new = {k: v for k, v in found.items() if k not in listed}
    fixed = [k for k in listed if k not in found]
    assert not new, "%d keys differ from MindSpore (first 20): %s" % (
        len(new), json.dumps(dict(list(new.items())[:20]), indent=1))
    assert not fixed, "these match MindSpore now: remove them from %s/known_differences.txt: %s" \
        % (area, fixed[:50])


if __name__ == "__main__":
    for key, why in sorted(differences(sys.argv[1]).items()):
        print("%s\t%s" % (key, why[:160].replace("\t", " ")))
