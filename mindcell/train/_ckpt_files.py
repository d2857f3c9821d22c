"""File handling for checkpoints: reading only regular files, atomic writes through named
temporary files, and removal of the temporary files of interrupted saves.

A save writes ``.<name>.<host>.<pid>.<random>.tmp`` beside the target ``<name>``, then
renames it over the target. When a save fails in Python (any exception, KeyboardInterrupt
included) its temporary file is removed at once. A process killed while saving leaves its
temporary file behind; the next save of the same target removes it once its writer is known
to be gone: same host and the pid no longer runs, or the file has not been written to for
``STALE_SECONDS`` (other hosts sharing the directory, pid reuse).
"""
import mmap
import os
import re
import secrets
import socket
import stat
import time

# a temporary file nobody has written to for this long belongs to a dead save
STALE_SECONDS = 6 * 3600

_KIND = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
         (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
         (stat.S_ISSOCK, "a socket"))


def _kind(mode):
    for test, what in _KIND:
        if test(mode):
            return what
    return "not a regular file"


def _shown(path, given):
    return path if given is None or os.fspath(given) == path else "%s (-> %s)" % (given, path)


def _open_regular(path, func, shown):
    """A read-only descriptor of ``path`` and its size, refusing anything but a regular file
    before and after the (non-blocking) open."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise ValueError("For '%s', the checkpoint file %s does not exist, please check whether "
                         "'ckpt_file_name' is correct." % (func, shown)) from None
    except OSError as e:
        raise ValueError("For '%s', cannot access the checkpoint file %s: %s"
                         % (func, shown, e)) from None
    if not stat.S_ISREG(st.st_mode):
        raise ValueError("For '%s', the checkpoint file %s is %s; expected a regular file."
                         % (func, shown, _kind(st.st_mode)))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise ValueError("For '%s', failed to open the checkpoint file %s: %s"
                         % (func, shown, e)) from None
    fst = os.fstat(fd)
    if not stat.S_ISREG(fst.st_mode):
        os.close(fd)
        raise ValueError("For '%s', the checkpoint file %s is %s; expected a regular file."
                         % (func, shown, _kind(fst.st_mode)))
    return fd, fst.st_size


def read_regular_file(path, func, given=None):
    """The bytes of ``path`` (a bytearray read in place: one copy), which must be a regular
    file.

    FIFOs, devices, directories and sockets are refused (ValueError naming the file) before
    anything opens them for reading, so nothing can hang on a pipe or read forever from
    ``/dev/urandom``. The open itself does not block and is checked again (``fstat``), so a
    file swapped for a FIFO in between is refused too.
    """
    shown = _shown(path, given)
    fd, size = _open_regular(path, func, shown)
    try:
        buf = bytearray(size)
        view, pos = memoryview(buf), 0
        while pos < size:
            n = os.readv(fd, [view[pos:]]) if hasattr(os, "readv") else _read_into(fd, view, pos)
            if n == 0:  # the file shrank while we read it
                del view
                del buf[pos:]
                break
            pos += n
        else:
            while True:  # it grew since fstat: take the rest too
                chunk = os.read(fd, 1 << 24)
                if not chunk:
                    break
                buf += chunk
    except OSError as e:
        raise ValueError("For '%s', failed to read the checkpoint file %s: %s"
                         % (func, shown, e)) from None
    finally:
        os.close(fd)
    return buf


def _read_into(fd, view, pos):
    chunk = os.read(fd, min(len(view) - pos, 1 << 26))
    view[pos:pos + len(chunk)] = chunk
    return len(chunk)


def map_regular_file(path, func, given=None):
    """``path`` memory-mapped read-only (b"" when it is empty), with the same checks as
    :func:`read_regular_file`; nothing is copied until a tensor is taken out of it."""
    shown = _shown(path, given)
    fd, size = _open_regular(path, func, shown)
    try:
        return mmap.mmap(fd, 0, access=mmap.ACCESS_READ) if size else b""
    except OSError as e:
        raise ValueError("For '%s', failed to map the checkpoint file %s: %s"
                         % (func, shown, e)) from None
    finally:
        os.close(fd)


# ----- temporary files -----------------------------------------------------------------------
def _host():
    return re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname() or "host")[:64] or "host"


def _tmp_pattern(base):
    """Matches our temporary names for ``base`` (groups: host, pid) and the random names of
    the earlier ``tempfile.mkstemp`` scheme (no groups set)."""
    b = re.escape(base)
    return re.compile(r"^\.%s\.(?:([A-Za-z0-9-]+)\.(\d+)\.[0-9a-f]{8}|[a-z0-9_]{8})\.tmp$" % b)


def _pid_alive(pid):
    if os.name != "posix":
        return True  # no safe probe: leave it to the age rule
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it runs as another user
        return True
    return True


def clean_stale_temps(path, now=None):
    """Remove the temporary files left by interrupted saves of ``path``; returns their
    names. Only regular files of this user, named by ``new_temp`` (or the earlier scheme),
    whose writer is gone: same host and a pid that no longer runs, or untouched for
    ``STALE_SECONDS``. Files of this process are left alone (another thread may be saving)."""
    directory = os.path.dirname(path) or os.curdir
    pattern = _tmp_pattern(os.path.basename(path))
    now = time.time() if now is None else now
    host, me = _host(), os.getpid()
    uid = os.getuid() if hasattr(os, "getuid") else None
    removed = []
    try:
        names = os.listdir(directory)
    except OSError:
        return removed
    for name in names:
        m = pattern.match(name)
        if m is None:
            continue
        full = os.path.join(directory, name)
        try:
            st = os.lstat(full)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode) or (uid is not None and st.st_uid != uid):
            continue
        old = now - st.st_mtime > STALE_SECONDS
        if m.group(1) is not None and m.group(1) == host:
            pid = int(m.group(2))
            if pid == me or (_pid_alive(pid) and not old):
                continue
        elif not old:
            continue
        try:
            os.unlink(full)
            removed.append(name)
        except OSError:
            pass
    return removed


def new_temp(path):
    """Create (exclusively, mode 0600) and open a temporary file for ``path``:
    ``(fd, temp_path)``."""
    directory = os.path.dirname(path) or os.curdir
    base = os.path.basename(path)
    prefix = ".%s.%s.%d." % (base, _host(), os.getpid())
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = os.path.join(directory, prefix + secrets.token_hex(4) + ".tmp")
        try:
            return os.open(tmp, flags, 0o600), tmp
        except FileExistsError:
            continue


def _fsync_dir(directory):
    if os.name != "posix":
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _unlink_quietly(tmp):
    try:
        os.unlink(tmp)
    except OSError:
        pass


def atomic_write(path, write_file=None, write_path=None):
    """Write ``path`` through a temporary file in its directory, then rename it into place.

    ``write_file(f)`` writes to an open binary file; ``write_path(p)`` writes the file ``p``.
    Stale temporary files of earlier interrupted saves of ``path`` are removed first. On any
    error (KeyboardInterrupt too) the temporary file is removed and ``path`` is left as it
    was. The finished file is read-only for its owner, as MindSpore leaves it.
    """
    directory = os.path.dirname(path) or os.curdir
    clean_stale_temps(path)
    tmp = None
    try:
        fd, tmp = new_temp(path)
        if write_file is not None:
            with os.fdopen(fd, "wb") as f:
                write_file(f)
                f.flush()
                os.fsync(f.fileno())
        else:
            os.close(fd)
            write_path(tmp)
            with open(tmp, "rb+") as f:
                os.fsync(f.fileno())
        try:
            os.chmod(tmp, stat.S_IRUSR)
        except OSError:
            pass
        try:
            os.replace(tmp, path)
        except PermissionError:
            if not os.path.exists(path):
                raise
            os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)  # Windows will not replace read-only
            os.replace(tmp, path)
        tmp = None
    finally:
        if tmp is not None:
            _unlink_quietly(tmp)
    _fsync_dir(directory)
