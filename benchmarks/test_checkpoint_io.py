"""Checkpoint I/O: loading a 64 MB checkpoint (16 float32 tensors of 1024 x 1024) with
``mindcell.load_checkpoint`` against the safetensors library's own numpy loader on the same
file (the ``library`` column), for ``.safetensors`` and ``.ckpt``. The table's ratio column is
mindcell / library; ``MINDCELL_BENCH_CKPT_1GB=1`` adds a 1 GB file (256 tensors). No timing is
asserted: the values are checked once, outside the timed calls."""
import os

import numpy as np
import pytest

import mindcell as ms

safetensors_numpy = pytest.importorskip("safetensors.numpy")

SIZES = [("64MB", 16)] + ([("1GB", 256)] if os.environ.get("MINDCELL_BENCH_CKPT_1GB") else [])


@pytest.fixture(scope="module", params=SIZES, ids=[s for s, _ in SIZES])
def files(request, tmp_path_factory):
    label, count = request.param
    rng = np.random.default_rng(0)
    tensors = {"layer%03d.weight" % i: rng.standard_normal((1024, 1024), dtype=np.float32)
               for i in range(count)}
    folder = tmp_path_factory.mktemp("ckpt_" + label)
    st_path, ckpt_path = str(folder / "net.safetensors"), str(folder / "net.ckpt")
    safetensors_numpy.save_file(tensors, st_path)
    ms.save_checkpoint([{"name": k, "data": ms.Tensor(v)} for k, v in tensors.items()],
                       ckpt_path)
    yield label, tensors, st_path, ckpt_path
    del tensors


def _same(loaded, tensors):
    assert sorted(loaded) == sorted(tensors)
    for name, value in tensors.items():
        got = loaded[name]
        got = got.asnumpy() if hasattr(got, "asnumpy") else got
        np.testing.assert_array_equal(got, value)


def test_library_load_file(benchmark, files):
    label, tensors, st_path, _ = files
    benchmark.group = "checkpoint load %s" % label
    _same(benchmark(safetensors_numpy.load_file, st_path), tensors)


def test_mindcell_load_safetensors(benchmark, files):
    label, tensors, st_path, _ = files
    benchmark.group = "checkpoint load %s" % label
    _same(benchmark(ms.load_checkpoint, st_path, format="safetensors"), tensors)


def test_mindcell_load_ckpt(benchmark, files):
    label, tensors, _, ckpt_path = files
    benchmark.group = "checkpoint load %s" % label
    _same(benchmark(ms.load_checkpoint, ckpt_path), tensors)


def test_mindcell_save_safetensors(benchmark, files, tmp_path):
    label, tensors, _, _ = files
    benchmark.group = "checkpoint save %s" % label
    params = [{"name": k, "data": ms.Tensor(v)} for k, v in tensors.items()]
    out = str(tmp_path / "out.safetensors")
    benchmark(ms.save_checkpoint, params, out, format="safetensors")
    _same(safetensors_numpy.load_file(out), tensors)


def test_library_save_file(benchmark, files, tmp_path):
    label, tensors, _, _ = files
    benchmark.group = "checkpoint save %s" % label
    out = str(tmp_path / "out.safetensors")
    benchmark(safetensors_numpy.save_file, tensors, out)
    _same(safetensors_numpy.load_file(out), tensors)
