"""One rank of a ``mindcell.run -n N`` job: runs the script (or ``-m module``) as ``__main__``; if it fails, prints
which rank failed and aborts the whole MPI job (instead of leaving the other ranks waiting)."""
import os
import runpy
import sys
import traceback


def _rank():
    for key in ("PMI_RANK", "OMPI_COMM_WORLD_RANK"):
        if os.environ.get(key, "").isdigit():
            return int(os.environ[key])
    return 0


def _abort(code):
    sys.stdout.flush()
    sys.stderr.flush()
    mpi = sys.modules.get("mpi4py.MPI")
    if mpi is None:
        from mpi4py import MPI as mpi
    mpi.COMM_WORLD.Abort(code)


def main():
    if len(sys.argv) < 2 or (sys.argv[1] == "-m" and len(sys.argv) < 3):
        sys.exit("usage: python -m mindcell.parallel._worker (script.py | -m module) [args]")
    try:
        if sys.argv[1] == "-m":  # e.g. -m mindcell.run script.py: MindSpore scripts unchanged
            module = sys.argv[2]
            sys.argv = [module] + sys.argv[3:]
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        else:
            script = sys.argv[1]
            sys.argv = sys.argv[1:]
            sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
            runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        if e.code in (None, 0):
            return
        sys.stderr.write("mindcell.run: rank %d exited with %r\n" % (_rank(), e.code))
        _abort(e.code if isinstance(e.code, int) else 1)
    except BaseException:  # noqa: BLE001  (any failure ends every rank)
        traceback.print_exc()
        sys.stderr.write("mindcell.run: rank %d failed (see the traceback above); stopping "
                         "every rank\n" % _rank())
        _abort(1)


if __name__ == "__main__":
    main()
