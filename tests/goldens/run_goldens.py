"""Run (or record) the MindSpore golden cases of one area under ``tests/goldens/<area>/``.

Each area holds ``cases/NNN_name.py`` (scripts in the format of ``../shared/conformance``: they
import ``from _target import ms, nn, ops, Tensor, Parameter, emit``) and ``golden/NNN_name.jsonl``,
what real MindSpore 2.10 printed for them. The runner is the shared conformance runner pointed at
the area's folders:

    # record from real MindSpore (a development step; tests never need MindSpore)
    CONF_TARGET=mindspore ../shared/tools/ms-oracle tests/goldens/run_goldens.py AREA \
        --target mindspore --write-golden [filters]
    # compare mindcell with the recorded files
    python tests/goldens/run_goldens.py AREA --target mindcell [filters]
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_RUNNER_DIR = os.path.join(HERE, "..", "..", "..", "shared", "conformance")


def load_runner(area):
    """The shared runner module with its case and golden folders set to ``area``'s."""
    sys.path.insert(0, os.path.abspath(SHARED_RUNNER_DIR))
    import run as runner
    folder = os.path.join(HERE, area)
    runner.CASES = os.path.join(folder, "cases")
    runner.GOLDEN = os.path.join(folder, "golden")
    runner.SKIPPED = os.path.join(runner.GOLDEN, "_skipped.txt")
    return runner


def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.exit("usage: run_goldens.py AREA [run.py arguments]")
    runner = load_runner(argv[0])
    sys.argv = [runner.__file__] + argv[1:]
    return runner.main()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
