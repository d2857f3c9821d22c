"""``mindcell.train.summary`` (MindSpore's ``mindspore.train.summary``): ``SummaryRecord``
writes TensorBoard event files. See docs/profiler_and_summaries.md."""
from mindcell.train.summary.summary_record import SummaryRecord  # noqa: F401

__all__ = ["SummaryRecord"]
