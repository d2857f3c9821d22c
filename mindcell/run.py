"""``python -m mindcell.run [-n N] script.py [args ...]``: run a MindSpore script unchanged on
mindcell (``import mindspore`` resolves to mindcell, see :mod:`mindcell.compat`). The script runs
as ``__main__`` with ``sys.argv = [script.py, args ...]``; its exit code and tracebacks are its
own. With ``-n N`` the script runs on N MPI processes (:mod:`mindcell.parallel.launcher`)."""
import argparse
import os
import runpy
import sys
import traceback

from mindcell import compat

try:  # the multi-process launcher (mindcell.parallel) is optional for a single process
    from mindcell.parallel import launcher as _launcher
except ImportError:
    _launcher = None


def _parser():
    p = argparse.ArgumentParser(
        prog="python -m mindcell.run",
        description="Run a MindSpore script on mindcell without changing it.")
    # Launcher options come before the script; everything after it is the script's.
    if _launcher is not None:
        _launcher.add_arguments(p)
    p.add_argument("script", help="the Python script to run")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the script's own arguments")
    return p


CHILD_ALIAS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_child_alias")


def _alias_in_child_processes():
    """Processes the script starts (a spawned ``multiprocessing`` worker re-imports the script,
    ``subprocess`` runs ``python eval.py``) find ``mindspore`` through :data:`CHILD_ALIAS_DIR`:
    on ``PYTHONPATH`` for a new interpreter, on ``sys.path`` for spawn workers (they take the
    parent's). This process itself resolves ``mindspore`` by :func:`compat.install`'s finder."""
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if CHILD_ALIAS_DIR not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join([CHILD_ALIAS_DIR] + paths)
    if CHILD_ALIAS_DIR not in sys.path:
        sys.path.insert(1, CHILD_ALIAS_DIR)


def run_script(script, args):
    """Run ``script`` as ``__main__`` in this process with ``args`` as its arguments."""
    if not os.path.isfile(script):
        raise SystemExit("python -m mindcell.run: no such script: %s" % script)
    compat.install()
    sys.argv = [script] + list(args)
    sys.path[0] = os.path.dirname(os.path.abspath(script))  # as `python script.py` does
    _alias_in_child_processes()
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001  (report it as `python script.py` would)
        tb = e.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != script:
            tb = tb.tb_next  # drop this runner's and runpy's frames
        traceback.print_exception(type(e), e, tb or e.__traceback__)
        raise SystemExit(1) from None


def main(argv=None):
    opts = _parser().parse_args(argv)
    if getattr(opts, "worker_num", None) is not None:
        # each rank runs the script through this runner, so `import mindspore` works there too
        return _launcher.launch(opts.worker_num, ["-m", "mindcell.run", opts.script] + opts.args,
                                opts.timeout)
    run_script(opts.script, opts.args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
