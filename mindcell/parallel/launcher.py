"""Start N worker processes through the MPI runtime's ``mpiexec``:
``python -m mindcell.run -n 4 train.py args`` or ``python -m mindcell.parallel.launcher -n 4
train.py args`` (msrun's ``--worker_num``/``--local_worker_num``
are accepted too). A rank that fails ends the whole job with a non-zero exit code and a
message naming the rank; a collective waiting for a missing peer gives up after
``--timeout`` seconds (``MINDCELL_COMM_TIMEOUT``)."""
import argparse
import os
import shutil
import subprocess
import sys

from mindcell.communication._comm import INSTALL_HINT


def add_arguments(parser):
    """The launcher's options, for a parser that also takes the script and its arguments."""
    parser.add_argument("-n", "--worker_num", "--local_worker_num", dest="worker_num",
                        type=int, default=None, help="number of processes (ranks) to start")
    parser.add_argument("--timeout", type=float, default=None,
                        help="seconds a collective waits for the other ranks (default 120)")
    return parser


def find_mpiexec():
    """The ``mpiexec`` beside this Python (the PyPI MPI wheels put it there), else on PATH."""
    here = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    found = here if os.access(here, os.X_OK) else shutil.which("mpiexec")
    if found is None:
        raise RuntimeError("mindcell.run: no mpiexec found to start several processes; "
                           "install an MPI runtime with: %s" % INSTALL_HINT)
    return found


def _is_open_mpi(mpiexec):
    try:
        out = subprocess.run([mpiexec, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return "Open MPI" in out.stdout + out.stderr or "OpenRTE" in out.stdout + out.stderr


def command(n, script_args, timeout=None):
    """The ``mpiexec`` command line that runs ``script_args`` on ``n`` ranks."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError("mindcell.run: the number of workers must be an int >= 1, but got %r"
                         % (n,))
    mpiexec = find_mpiexec()
    cmd = [mpiexec, "-n", str(n)]
    if _is_open_mpi(mpiexec):
        cmd.append("--oversubscribe")  # more ranks than cores is fine for us
    return cmd + [sys.executable, "-m", "mindcell.parallel._worker"] + list(script_args)


def thread_env(n, environ):
    """The workers' environment: unless the user set them, each of ``n`` ranks gets its share
    of the cores for OpenMP and the BLAS (ranks with all cores each oversubscribe them: a W4
    step on 2 ranks of a 2-core machine took 120 ms with 2 threads each, 15 ms with 1)."""
    env = dict(environ)
    share = str(max(1, (os.cpu_count() or 1) // n))
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        env.setdefault(var, share)
    return env


def launch(n, script_args, timeout=None):
    """Run ``script_args`` (a script path and its arguments, or ``-m module args``) on ``n``
    ranks; returns the job's exit code."""
    env = thread_env(n, os.environ)
    if timeout is not None:
        env["MINDCELL_COMM_TIMEOUT"] = str(timeout)
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        raise RuntimeError("mindcell.run: mpi4py is needed to run several processes; install "
                           "it with: %s" % INSTALL_HINT) from None
    proc = subprocess.run(command(n, script_args, timeout), env=env)
    if proc.returncode != 0:
        sys.stderr.write("mindcell.run: the job failed (exit code %d)\n" % proc.returncode)
    return 1 if proc.returncode and proc.returncode % 256 == 0 else proc.returncode


def main(argv=None):
    parser = add_arguments(argparse.ArgumentParser(
        prog="python -m mindcell.run", description="run a training script on N processes"))
    parser.add_argument("script")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    ns = parser.parse_args(argv)
    return launch(ns.worker_num or 1, [ns.script] + ns.args, ns.timeout)


if __name__ == "__main__":
    sys.exit(main())
