"""The shared reading plan of the sources that read rows from a list of files
(``TFRecordDataset``, ``TextFileDataset``, ``CSVDataset``): shuffling, sharding, ``num_samples``
and MindSpore's order of rows read by parallel workers.

Without shuffling, MindSpore's readers deal the files (or pieces of files) to
``num_parallel_workers`` workers in turn, and the output takes one row from each worker in turn
(skipping finished workers). mindcell reproduces that order for the given worker count (the
default, as MindSpore's, is ``config.get_num_parallel_workers()`` capped at the number of CPUs,
so it depends on the machine: give ``num_parallel_workers`` for an order that is the same
everywhere).
"""
import glob
import itertools
import os
import threading

import numpy as np

from mindcell.dataset import config
from mindcell.dataset.engine import Dataset, check_count
from mindcell.dataset.mind_dataset import check_cache, shuffle_mode
from mindcell.dataset.parallel import check_workers
from mindcell.dataset.samplers import Shuffle

__all__ = ["FileRowsSource", "expand_files"]

_OPEN_LOCK = threading.Lock()  # reader threads open each file once


def expand_files(op, dataset_files):
    """The files of ``dataset_files``: a str is a glob pattern (sorted matches), a list holds
    files or patterns."""
    if isinstance(dataset_files, str):
        patterns = [dataset_files]
    elif (isinstance(dataset_files, (list, tuple)) and dataset_files
          and all(isinstance(f, str) for f in dataset_files)):
        patterns = list(dataset_files)
    else:
        raise TypeError("%s: 'dataset_files' must be a str or a non-empty list of str, but got "
                        "%r" % (op, dataset_files))
    files, missing = [], []
    for p in patterns:
        found = [p] if os.path.isfile(p) else sorted(f for f in glob.glob(p)
                                                     if os.path.isfile(f))
        if not found:
            missing.append(p)
        files += found
    if missing:
        raise ValueError("The following patterns did not match any files: %s." % missing)
    return files


def interleave(streams):
    """One item from each stream in turn, skipping finished streams."""
    iters = [iter(s) for s in streams]
    while iters:
        alive = []
        for it in iters:
            item = next(it, None)
            if item is not None:
                alive.append(it)
                yield item
        iters = alive


class FileRowsSource(Dataset):
    """A source over rows ``(file index, row index)`` of a list of files. Subclasses set
    ``self.files`` and ``self.counts`` (rows per file) before ``_plan`` and implement
    ``_read(file_index, row_index)`` returning a row tuple."""

    def _setup(self, op, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
               cache, shard_equal_rows=True):
        check_cache(op, cache)
        self._op = op
        self.num_samples = None if num_samples in (None, 0) else check_count(
            op, "num_samples", num_samples, 0)
        self.workers = check_workers(op, num_parallel_workers)
        # MindSpore's default reader count is the configured one, at most the CPU count
        self._reader_workers = num_parallel_workers or max(1, min(
            config.get_num_parallel_workers(), os.cpu_count() or 1))
        self._mode = shuffle_mode(op, shuffle)
        if (num_shards is None) != (shard_id is None):
            raise ValueError("%s: 'num_shards' and 'shard_id' must be given together" % op)
        if num_shards is not None:
            check_count(op, "num_shards", num_shards, 1)
            if isinstance(shard_id, bool) or not isinstance(shard_id, int) \
                    or not 0 <= shard_id < num_shards:
                raise ValueError("%s: 'shard_id' must be an int in [0, %d), but got %r"
                                 % (op, num_shards, shard_id))
        if not isinstance(shard_equal_rows, bool):
            raise TypeError("%s: 'shard_equal_rows' must be a bool, but got %r"
                            % (op, shard_equal_rows))
        self._shards, self._equal = (num_shards, shard_id), shard_equal_rows

    def _check_file_shards(self):
        num_shards = self._shards[0]
        if num_shards is not None and not self._equal and len(self.files) < num_shards:
            raise RuntimeError("%s: %d files cannot be sharded by file into %d shards; pass "
                               "shard_equal_rows=True" % (self._op, len(self.files), num_shards))

    def _file_order(self, epoch):
        """The file order of an epoch: shuffled for ``Shuffle.GLOBAL``/``FILES`` with a
        generator that depends only on the seed (0 if unset) and the epoch, so every shard of a
        sharded read shuffles alike and the shards' files never overlap (as in MindSpore,
        where the files a shard reads change every epoch)."""
        n = len(self.files)
        if epoch is None or self._mode not in (Shuffle.GLOBAL, Shuffle.FILES):
            return list(range(n))
        seed = config.base_seed() or 0
        return [int(i) for i in np.random.default_rng([seed, 0xF11E, *epoch.key]).permutation(n)]

    def _pieces(self, epoch=None):
        """The (file, start, end) row ranges this shard reads, in the epoch's file order."""
        num_shards, shard_id = self._shards
        whole = [(f, 0, self.counts[f]) for f in self._file_order(epoch)]
        if num_shards is None:
            return whole
        if not self._equal:
            return whole[shard_id::num_shards]
        total = sum(self.counts)
        per = -(-total // num_shards)
        starts = np.cumsum([0] + [n for _, _, n in whole])
        pieces = []
        for g in range(per * shard_id, per * shard_id + per):
            g %= max(total, 1)
            k = int(np.searchsorted(starts, g, side="right") - 1)
            f, r = whole[k][0], int(g - starts[k])
            if pieces and pieces[-1][0] == f and pieces[-1][2] == r:
                pieces[-1] = (f, pieces[-1][1], r + 1)
            else:
                pieces.append((f, r, r + 1))
        return pieces if total else []

    def _limit(self):
        return self.num_samples

    def _count(self):
        n = sum(e - s for _, s, e in self._pieces())
        limit = self._limit()
        return n if limit is None else min(n, limit)

    def _order(self, epoch):
        ranges = [[(f, r) for r in range(s, e)] for f, s, e in self._pieces(epoch)]
        if self._mode == Shuffle.INFILE:
            rng = epoch.rng()
            ranges = [[rg[i] for i in rng.permutation(len(rg))] for rg in ranges]
        w = self._reader_workers
        streams = [itertools.chain(*ranges[j::w]) for j in range(min(w, len(ranges)))]
        order = itertools.islice(interleave(streams), self._count())
        if self._mode == Shuffle.GLOBAL:
            # MindSpore's readers stop after the first num_samples (numRows) rows of the
            # epoch's file order, and its global shuffle mixes those rows only
            rows = list(order)
            order = [rows[i] for i in epoch.rng().permutation(len(rows))]
        return order

    def _rows(self, epoch):
        from mindcell.dataset.parallel import ordered_map
        return ordered_map(lambda fr: self._read(*fr), self._order(epoch), self.workers)

    def _read(self, file_index, row_index):
        raise NotImplementedError

    def _pread(self, f, start, end):
        """Bytes [start, end) of file ``f`` (files stay open for the dataset's life)."""
        fds = self.__dict__.setdefault("_fds", {})
        if f not in fds:
            with _OPEN_LOCK:
                if f not in fds:
                    fds[f] = os.open(self.files[f], os.O_RDONLY)
        return os.pread(fds[f], int(end - start), int(start))

    def __del__(self):
        for fd in self.__dict__.get("_fds", {}).values():
            try:
                os.close(fd)
            except OSError:
                pass
