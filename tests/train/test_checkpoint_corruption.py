"""Damaged checkpoints raise ValueError naming the file, never load wrong values, never hang;
saves leave no temporary files behind."""
import json
import os
import signal
import stat
import struct
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mindcell as ms
from mindcell import nn
from mindcell.train import _ckpt_files as files
from mindcell.train import _ckpt_proto as proto

INTEROP = Path(__file__).resolve().parents[2].parent / "shared" / "interop"  # as test_interop


class Small(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 4)
        self.fc2 = nn.Dense(4, 2)
        self.step = ms.Parameter(ms.Tensor(np.array([7], np.int32)), name="step")

    def construct(self, x):
        return self.fc2(self.fc1(x))


def _net(seed=0):
    net = Small()
    rng = np.random.default_rng(seed)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rng.standard_normal(p.shape).astype(p.dtype.np_dtype)))
    return net


def _values(net):
    return {p.name: p.asnumpy().copy() for p in net.get_parameters()}


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """(bytes of a plain .ckpt, bytes of a CRC .ckpt, the saved values, record end offsets)."""
    d = tmp_path_factory.mktemp("src")
    net = _net()
    ms.save_checkpoint(net, str(d / "plain.ckpt"), append_dict={"tag": "abc"})
    ms.save_checkpoint(net, str(d / "crc.ckpt"), append_dict={"tag": "abc"}, crc_check=True)
    plain = (d / "plain.ckpt").read_bytes()
    ends, pos = [], 0   # each Value is field 1 of the top-level message: key, length, payload
    while pos < len(plain):
        assert plain[pos] == 0x0A
        length, p = proto._read_varint(plain, pos + 1, len(plain))
        pos = p + length
        ends.append(pos)
    return plain, (d / "crc.ckpt").read_bytes(), _values(net), ends


def _write(path, data):
    if os.path.exists(path):
        os.chmod(path, 0o600)
    Path(path).write_bytes(data)
    return str(path)


def _raises_naming(path, **kw):
    with pytest.raises(ValueError) as info:
        ms.load_checkpoint(str(path), **kw)
    assert os.path.basename(str(path)) in str(info.value)
    return str(info.value)


def _same(got, want):
    """``got`` (a load result) holds exactly the values ``want`` (name -> array) holds."""
    for name, value in want.items():
        np.testing.assert_array_equal(got[name].asnumpy(), value)
        assert got[name].asnumpy().dtype == value.dtype


# ----- CRC ------------------------------------------------------------------------------------
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bit=st.integers(min_value=0))
def test_any_bit_flip_in_a_crc_file_raises_or_loads_the_exact_values(saved, tmp_path, bit):
    _, crc, values, _ = saved
    bit %= len(crc) * 8
    damaged = bytearray(crc)
    damaged[bit // 8] ^= 1 << (bit % 8)
    path = _write(tmp_path / "flip.ckpt", bytes(damaged))
    try:
        got = ms.load_checkpoint(path)   # crc_check left at False: the CRC is still verified
    except ValueError as e:
        assert "flip.ckpt" in str(e)
        return
    # only a flip in the trailer's mark can leave the body intact and unverified
    assert bit // 8 >= len(crc) - proto.CRC_TRAILER_LEN
    _same(got, values)


def test_crc_is_verified_whatever_crc_check_says(saved, tmp_path):
    _, crc, values, _ = saved
    path = _write(tmp_path / "c.ckpt", crc)
    for check in (False, True):
        _same(ms.load_checkpoint(path, crc_check=check), values)
    damaged = bytearray(crc)
    damaged[60] ^= 0x10
    _write(path, bytes(damaged))
    for check in (False, True):
        assert "CRC" in _raises_naming(path, crc_check=check)


def test_crc_check_true_needs_a_crc(saved, tmp_path):
    plain, _, values, _ = saved
    path = _write(tmp_path / "p.ckpt", plain)
    _same(ms.load_checkpoint(path), values)
    assert "no CRC" in _raises_naming(path, crc_check=True)


# ----- truncation -----------------------------------------------------------------------------
def test_truncation_at_every_offset_of_a_crc_file(saved, tmp_path):
    _, crc, values, ends = saved
    body_len = len(crc) - proto.CRC_TRAILER_LEN
    for cut in range(len(crc)):
        path = _write(tmp_path / "cut.ckpt", crc[:cut])
        try:
            got = ms.load_checkpoint(path)
        except ValueError as e:
            assert "cut.ckpt" in str(e)
            continue
        # a cut exactly at a record boundary looks like a complete file without CRC: the
        # records it keeps are exact, and crc_check=True refuses it
        assert cut in ends and cut <= body_len, cut
        for name, value in got.items():
            if name in values:
                np.testing.assert_array_equal(value.asnumpy(), values[name])
        _raises_naming(path, crc_check=True)


@pytest.mark.parametrize("cut_from_end", [1, 5, 10, 11, 16])
def test_a_partial_crc_trailer_raises(saved, tmp_path, cut_from_end):
    _, crc, _, _ = saved
    _raises_naming(_write(tmp_path / "t.ckpt", crc[:-cut_from_end]))


def test_truncation_inside_records_of_a_plain_file(saved, tmp_path):
    plain, _, _, ends = saved
    for cut in range(1, len(plain)):
        if cut in ends:
            continue
        _raises_naming(_write(tmp_path / "inside.ckpt", plain[:cut]))


# ----- malformed records ----------------------------------------------------------------------
def _value(tag, dims, tensor_type, content):
    return proto.encode_value(tag, dims, tensor_type, content)


BAD_RECORDS = {
    "too few bytes": _value("w", [2, 3], "Float32", b"\0" * 20),
    "too many bytes": _value("w", [2, 3], "Float32", b"\0" * 28),
    "unknown type": _value("w", [2], "Float128", b"\0" * 32),
    "negative dim": _value("w", [-2, 3], "Float32", b"\0" * 24),
    "huge dims": _value("w", [1 << 40, 1 << 40], "Float32", b"\0" * 8),
    "huge dim, zero content": _value("w", [1 << 62], "Int8", b""),
    "too many dims": _value("w", [1] * 65, "Float32", b"\0" * 4),
    "bf16 odd length": _value("w", [2], "BFloat16", b"\0" * 3),
    "str not utf-32": _value("s", [0], "str", b"abc"),
    "pieces disagree": _value("w", [4], "Float32", b"\0" * 8) + _value("w", [4], "Int32",
                                                                      b"\0" * 8),
    "pieces too short": _value("w", [4], "Float32", b"\0" * 8) * 3,
    "name comes back": _value("w", [1], "Float32", b"\0" * 4) + _value("b", [1], "Float32",
                                                                      b"\0" * 4)
    + _value("w", [1], "Float32", b"\0" * 4),
    "varint over 10 bytes": b"\x0a" + b"\xff" * 11 + b"\x01",
    "varint over 64 bits": b"\x0a" + b"\xff" * 9 + b"\x7f",
    "declared length past the end": b"\x0a\xff\xff\xff\xff\x0f" + b"\0" * 10,
    "wire type 3": b"\x0b" + b"\0" * 8,
    "field 0": b"\x00\x01",
    "no tag": b"\x0a\x02\x12\x00",
    "empty file": b"",
    "text": b"this is not a checkpoint at all\n",
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_malformed_records_raise_value_error(tmp_path, case):
    message = _raises_naming(_write(tmp_path / "bad.ckpt", BAD_RECORDS[case]))
    assert "bad.ckpt" in message


@pytest.mark.parametrize("case", ["too few bytes", "unknown type", "negative dim"])
def test_malformed_records_are_checked_even_when_filtered_out(tmp_path, case):
    good = _value("keep", [1], "Float32", np.float32(1.5).tobytes())
    path = _write(tmp_path / "f.ckpt", good + BAD_RECORDS[case])
    _raises_naming(path, choice_func=lambda n: n == "keep")


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300))
def test_random_bytes_raise_value_error_or_load(tmp_path, data):
    path = _write(tmp_path / "rand.ckpt", data)
    try:
        ms.load_checkpoint(path)
    except ValueError as e:
        assert "rand.ckpt" in str(e)


# ----- not regular files ----------------------------------------------------------------------
def _no_hang(fn, seconds=10):
    """Run ``fn`` in a thread; fail (instead of hanging the suite) if it does not return."""
    box = {}

    def run():
        try:
            box["value"] = fn()
        except BaseException as e:  # noqa: B902 - handed back to the test
            box["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "load_checkpoint hung"
    if "error" in box:
        raise box["error"]
    return box.get("value")


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
@pytest.mark.parametrize("kind", ["fifo", "directory", "/dev/urandom", "/dev/null"])
def test_non_regular_files_are_refused_without_opening(tmp_path, kind, fmt):
    path = tmp_path / ("thing." + fmt)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "directory":
        path.mkdir()
    else:
        if not os.path.exists(kind):
            pytest.skip("no " + kind)
        os.symlink(kind, path)
    with pytest.raises(ValueError) as info:
        _no_hang(lambda: ms.load_checkpoint(str(path), format=fmt))
    msg = str(info.value)
    assert "thing." + fmt in msg and "regular file" in msg
    if kind == "fifo":
        assert stat.S_ISFIFO(os.stat(path).st_mode)  # nobody opened it


def test_missing_file(tmp_path):
    assert "does not exist" in _raises_naming(tmp_path / "missing.ckpt")


# ----- the network is untouched when loading fails ----------------------------------------------
def test_failed_load_changes_nothing_in_the_net(saved, tmp_path):
    plain, crc, values, ends = saved
    cases = {"crc": bytearray(crc), "cut": plain[:ends[-1] - 3],
             "bad": plain + _value("fc9.weight", [3], "Float32", b"\0")}
    cases["crc"][ends[1] - 2] ^= 0x01
    net = _net(seed=5)
    before = _values(net)
    objects = [p for p in net.get_parameters()]
    for name, data in cases.items():
        path = _write(tmp_path / (name + ".ckpt"), bytes(data))
        with pytest.raises(ValueError):
            ms.load_checkpoint(path, net=net)
        with pytest.raises(ValueError):
            ms.load_checkpoint(path, net=net, crc_check=True)
        now = _values(net)
        for key, value in before.items():
            np.testing.assert_array_equal(now[key], value)
    assert [p for p in net.get_parameters()] == objects
    # and a good file does load (the check above can fail)
    ms.load_checkpoint(_write(tmp_path / "good.ckpt", crc), net=net)
    _same({p.name: p for p in net.get_parameters()}, values)


def test_load_param_into_net_validates_before_changing(saved):
    net = _net(seed=3)
    before = _values(net)
    params = {name: ms.Parameter(ms.Tensor(v), name=name)
              for name, v in _values(_net(seed=9)).items()}
    params["fc2.bias"] = ms.Parameter(ms.Tensor(np.zeros(5, np.float32)), name="fc2.bias")
    with pytest.raises(RuntimeError):
        ms.load_param_into_net(net, params)
    for key, value in _values(net).items():
        np.testing.assert_array_equal(value, before[key])


# ----- safetensors ----------------------------------------------------------------------------
def test_safetensors_truncation_and_crc(tmp_path):
    net = _net()
    values = _values(net)
    path = tmp_path / "n.safetensors"
    ms.save_checkpoint(net, str(path), format="safetensors", crc_check=True)
    data = path.read_bytes()
    for cut in list(range(0, len(data), 7)) + [len(data) - 1]:
        p = _write(tmp_path / "cut.safetensors", data[:cut])
        with pytest.raises(ValueError, match="cut.safetensors"):
            ms.load_checkpoint(p, format="safetensors")
    flipped = bytearray(data)
    flipped[-3] ^= 0x04           # inside the tensor bytes: only the CRC can tell
    p = _write(tmp_path / "flip.safetensors", bytes(flipped))
    for check in (False, True):
        with pytest.raises(ValueError, match="CRC"):
            ms.load_checkpoint(p, format="safetensors", crc_check=check)
    ms.save_checkpoint(net, str(tmp_path / "plain.safetensors"), format="safetensors")
    _same(ms.load_checkpoint(str(tmp_path / "plain.safetensors"), format="safetensors"), values)
    with pytest.raises(ValueError, match="crc_num"):
        ms.load_checkpoint(str(tmp_path / "plain.safetensors"), format="safetensors",
                           crc_check=True)


def _st(header, data=b"\0" * 8):
    raw = json.dumps(header).encode()
    return struct.pack("<Q", len(raw)) + raw + data


BAD_SAFETENSORS = {
    "huge header length": struct.pack("<Q", 1 << 63) + b"{}",
    "huge shape": _st({"w": {"dtype": "F32", "shape": [1 << 40, 1 << 40],
                             "data_offsets": [0, 8]}}),
    "offsets past the end": _st({"w": {"dtype": "F32", "shape": [2],
                                       "data_offsets": [0, 1 << 60]}}),
    "negative dim": _st({"w": {"dtype": "F32", "shape": [-2], "data_offsets": [0, 8]}}),
    "unknown dtype": _st({"w": {"dtype": "C64", "shape": [1], "data_offsets": [0, 8]}}),
    "bad crc_num": _st({"__metadata__": {"crc_num": "x"},
                        "w": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}}),
    "short": b"\x08\0\0",
}


@pytest.mark.parametrize("case", sorted(BAD_SAFETENSORS))
def test_malformed_safetensors_raise_value_error(tmp_path, case):
    path = _write(tmp_path / "bad.safetensors", BAD_SAFETENSORS[case])
    with pytest.raises(ValueError, match="bad.safetensors"):
        ms.load_checkpoint(path, format="safetensors")


def test_safetensors_dtypes_are_checked_even_when_filtered_out(tmp_path):
    data = _st({"a": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                "z": {"dtype": "C64", "shape": [1], "data_offsets": [8, 16]}}, b"\0" * 16)
    path = _write(tmp_path / "f.safetensors", data)
    with pytest.raises(ValueError, match="f.safetensors"):
        ms.load_checkpoint(path, format="safetensors", choice_func=lambda n: n == "a")


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(header_len=st.integers(0, 200), rest=st.binary(max_size=200))
def test_random_safetensors_bytes_raise_value_error(tmp_path, header_len, rest):
    path = _write(tmp_path / "rand.safetensors", struct.pack("<Q", header_len) + rest)
    try:
        ms.load_checkpoint(path, format="safetensors")
    except ValueError as e:
        assert "rand.safetensors" in str(e)


# ----- the MindSpore samples still load exactly -------------------------------------------------
@pytest.mark.skipif(not INTEROP.is_dir(), reason="no interop samples")
@pytest.mark.parametrize("name", ["dense_3x2_crc.ckpt", "dense_3x2_crc.safetensors"])
def test_mindspore_crc_samples_pass_their_check(name):
    fmt = name.rsplit(".", 1)[1]
    want = np.load(INTEROP / "dense_3x2.npz")
    for check in (False, True):
        got = ms.load_checkpoint(str(INTEROP / name), format=fmt, crc_check=check)
        for key in want.files:
            np.testing.assert_array_equal(got[key].asnumpy(), want[key])


# ----- saves leave no temporary files ---------------------------------------------------------
@pytest.mark.parametrize("exc", [OSError("disk full"), KeyboardInterrupt(), MemoryError()])
def test_a_failed_save_removes_its_temporary_file(tmp_path, monkeypatch, exc):
    from mindcell.train import serialization as ser

    def broken(f, data, crc_check):
        f.write(b"\x0a\x05partial")
        raise exc
    monkeypatch.setattr(ser, "_write_ckpt", broken)
    with pytest.raises(type(exc)):
        ms.save_checkpoint(_net(), str(tmp_path / "x.ckpt"))
    assert os.listdir(tmp_path) == []


KILLED_SAVE = textwrap.dedent("""
    import sys, time
    import mindcell as ms
    from mindcell import nn
    from mindcell.train import serialization as ser
    real = ser._write_ckpt
    def slow(f, data, crc_check):
        real(f, data, crc_check)
        f.flush()
        print("writing", flush=True)
        time.sleep(60)
    ser._write_ckpt = slow
    ms.save_checkpoint(nn.Dense(2, 2), sys.argv[1])
""")


def _killed_save(target):
    with subprocess.Popen([sys.executable, "-c", KILLED_SAVE, target], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True) as proc:
        try:
            line = proc.stdout.readline().strip()
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(30)
    assert line == "writing"
    return proc.pid


@pytest.mark.skipif(os.name != "posix", reason="pids and SIGKILL")
def test_stale_temporary_files_of_killed_saves_are_cleaned(tmp_path):
    target = str(tmp_path / "m.ckpt")
    first = _killed_save(target)
    (left,) = os.listdir(tmp_path)
    assert left.startswith(".m.ckpt.%s.%d." % (files._host(), first)) and left.endswith(".tmp")
    second = _killed_save(target)          # its save cleaned the first one's temporary file
    (left,) = os.listdir(tmp_path)
    assert left.startswith(".m.ckpt.%s.%d." % (files._host(), second))
    # files that are not ours stay: another target's temp, a live writer's, an unrelated one
    keep = [".other.ckpt.%s.1.0123abcd.tmp" % files._host(),
            ".m.ckpt.%s.%d.0123abcd.tmp" % (files._host(), os.getppid()),
            "m.ckpt.tmp", ".m.ckpt.notes"]
    for name in keep:
        (tmp_path / name).write_bytes(b"x")
    ms.save_checkpoint(_net(), target)
    assert sorted(os.listdir(tmp_path)) == sorted(keep + ["m.ckpt"])
    _same(ms.load_checkpoint(target), _values(_net()))


def test_old_temporary_files_are_cleaned_by_age(tmp_path):
    target = str(tmp_path / "a.ckpt")
    names = {".a.ckpt.elsewhere.%d.89abcdef.tmp" % os.getpid(): True,   # another host, old
             ".a.ckpt.k3j_9x0q.tmp": True,                               # the mkstemp scheme
             ".a.ckpt.elsewhere.12.89abcdef.tmp": False}                 # another host, fresh
    old = time.time() - files.STALE_SECONDS - 60
    for name, is_old in names.items():
        (tmp_path / name).write_bytes(b"x")
        if is_old:
            os.utime(tmp_path / name, (old, old))
    removed = files.clean_stale_temps(target)
    assert sorted(removed) == sorted(n for n, o in names.items() if o)
    assert os.listdir(tmp_path) == [".a.ckpt.elsewhere.12.89abcdef.tmp"]


def test_own_process_temporaries_are_kept(tmp_path):
    """A concurrent save in another thread of this process is never disturbed."""
    fd, tmp = files.new_temp(str(tmp_path / "b.ckpt"))
    os.close(fd)
    old = time.time() - 60
    os.utime(tmp, (old, old))
    assert files.clean_stale_temps(str(tmp_path / "b.ckpt")) == []
    assert os.path.exists(tmp)
