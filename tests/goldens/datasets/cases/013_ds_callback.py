"""DSCallback through map(callbacks=...): which hooks run with which run-context numbers
(epochs, steps in the epoch, steps overall) for step_size 1 and 2 over two epochs, compared
as sorted event lists (MindSpore calls them from its pipeline threads), and step_size errors."""
import numpy as np
from _target import ms, emit

ds = ms.dataset
events = []


class Rec(ds.DSCallback):
    def __init__(self, tag, step_size=1):
        super().__init__(step_size)
        self.tag = tag

    def _log(self, what, c):
        events.append([self.tag, what, c.cur_epoch_num, c.cur_step_num_in_epoch, c.cur_step_num])

    def ds_begin(self, c):
        self._log("begin", c)

    def ds_epoch_begin(self, c):
        self._log("epoch_begin", c)

    def ds_epoch_end(self, c):
        self._log("epoch_end", c)

    def ds_step_begin(self, c):
        self._log("step_begin", c)

    def ds_step_end(self, c):
        self._log("step_end", c)


data = ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False)
data = data.map(lambda x: x * 2, callbacks=[Rec("a"), Rec("b", 2)])
it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
values = []
for _ in range(2):
    values.append([int(r[0]) for r in it])
emit("values", values)
emit("events", sorted(events))
emit("base_methods", [m for m in ("ds_begin", "ds_epoch_begin", "ds_epoch_end", "ds_step_begin",
                                  "ds_step_end") if hasattr(ds.DSCallback, m)])
for v in (0, -1, "a", 1.5):
    try:
        ds.DSCallback(v)
        emit("step_size_%r" % (v,), "no error")
    except Exception as e:  # noqa: BLE001
        emit("step_size_%r" % (v,), e)
