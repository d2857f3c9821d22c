"""Dataset.sync_wait / sync_update: a barrier that lets ``num_batch`` rows through at the start
of each epoch and then ``num_batch`` more per ``sync_update``, whose callback runs first, as in
MindSpore 2.10. mindcell's pipeline runs in the thread that iterates, so a row asked for
before its release cannot wait for another thread: it raises RuntimeError."""
from mindcell.dataset.engine import _PEEK, Dataset


def _check_num_batch(op, num_batch):
    if isinstance(num_batch, bool) or not isinstance(num_batch, int):
        raise TypeError("%s: 'num_batch' must be an int, but got %r" % (op, num_batch))
    if num_batch <= 0:
        raise ValueError("%s: 'num_batch' must be greater than 0, but got %d" % (op, num_batch))
    return num_batch


class SyncWaitDataset(Dataset):
    """The dataset ``Dataset.sync_wait`` returns."""

    def __init__(self, child, condition_name, num_batch=1, callback=None):
        if not isinstance(condition_name, str):
            raise TypeError("sync_wait: 'condition_name' must be a str, but got %r"
                            % (condition_name,))
        if callback is not None and not callable(callback):
            raise TypeError("sync_wait: 'callback' must be callable, but got %r" % (callback,))
        super().__init__([child])
        self.child = child
        self.condition_name = condition_name
        self.num_batch = _check_num_batch("sync_wait", num_batch)
        self.callback = callback
        self._allowed = num_batch

    def get_col_names(self):
        return self.child.get_col_names()

    def _count(self):
        return self.child._count()

    def release(self, num_batch, data):
        """What ``sync_update`` does on this node: new step size, callback, release."""
        if num_batch is not None:
            self.num_batch = _check_num_batch("sync_update", num_batch)
        if self.callback is not None:
            self.callback(data)
        self._allowed += self.num_batch

    def _rows(self, epoch):
        rows = self.child._rows(epoch.child(0))
        if epoch.key[:1] == (_PEEK,):
            yield from rows
            return
        self._allowed = self.num_batch
        for row in rows:
            if self._allowed <= 0:
                raise RuntimeError(
                    "sync_wait: a row past condition %r was asked for before sync_update "
                    "released it; call dataset.sync_update(condition_name=%r) after each %d "
                    "batch(es) (mindcell also refuses the read-ahead of num_parallel_workers > 1 "
                    "above sync_wait)" % (self.condition_name, self.condition_name,
                                          self.num_batch))
            self._allowed -= 1
            yield row


def find_sync_node(dataset, condition_name):
    """The SyncWaitDataset named ``condition_name`` in ``dataset``'s tree (itself included)."""
    stack = [dataset]
    while stack:
        node = stack.pop()
        if isinstance(node, SyncWaitDataset) and node.condition_name == condition_name:
            return node
        stack.extend(getattr(node, "children", ()))
    raise RuntimeError("sync_update: condition name %r not found in the dataset's pipeline"
                       % (condition_name,))
