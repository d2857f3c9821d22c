"""``DatasetHelper``: MindSpore's per-step reader of a dataset for a hand-written training loop
(``for inputs in helper: net(*inputs)``)."""
from mindcell.dataset.engine import Dataset

__all__ = ["DatasetHelper", "connect_network_with_dataset"]


class DatasetHelper:
    """DatasetHelper(dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1): the batches
    of a dataset, one ``for`` loop over the helper per epoch, each batch a list of Tensors (one
    per column).

    Only ``dataset_sink_mode=False`` runs: sink mode feeds a device queue that the network's
    GetNext op reads (Ascend/GPU); MindSpore 2.10's CPU build fails to create it too
    (RuntimeError), and mindcell has no device queue.

    Args:
        dataset (Dataset): the dataset.
        dataset_sink_mode (bool): must be False (see above).
        sink_size (int): -1 or positive; used in sink mode only (a non-sink epoch reads the
            whole dataset, as in MindSpore).
        epoch_num (int): how many epochs (loops over the helper) may be read, >= 1.

    Raises:
        TypeError: ``dataset`` is not a dataset, ``dataset_sink_mode`` not a bool.
        ValueError: ``sink_size`` is 0 or below -1. RuntimeError: ``dataset_sink_mode=True``;
        ``epoch_num`` < 1; a loop beyond ``epoch_num`` epochs.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(5.0), "y": np.arange(5)},
        ...                              shuffle=False).batch(2)
        >>> helper = ms.DatasetHelper(data, dataset_sink_mode=False, epoch_num=2)
        >>> for epoch in range(2):
        ...     print([inputs[1].asnumpy().tolist() for inputs in helper])
        [[0, 1], [2, 3], [4]]
        [[0, 1], [2, 3], [4]]
    """

    def __init__(self, dataset, dataset_sink_mode=True, sink_size=-1, epoch_num=1):
        if not isinstance(dataset, Dataset):
            raise TypeError("DatasetHelper: 'dataset' must be a dataset, but got %s"
                            % type(dataset).__name__)
        if not isinstance(dataset_sink_mode, bool):
            raise TypeError("DatasetHelper: 'dataset_sink_mode' must be a bool, but got %s."
                            % type(dataset_sink_mode).__name__)
        if isinstance(sink_size, bool) or not isinstance(sink_size, int):
            raise TypeError("DatasetHelper: 'sink_size' must be an int, but got %s"
                            % type(sink_size).__name__)
        if sink_size != -1 and sink_size <= 0:
            raise ValueError("DatasetHelper: the 'sink_size' must be -1 or positive, but got "
                             "sink_size %d." % sink_size)
        if isinstance(epoch_num, bool) or not isinstance(epoch_num, int):
            raise TypeError("DatasetHelper: 'epoch_num' must be an int, but got %s"
                            % type(epoch_num).__name__)
        if epoch_num < 1:
            raise RuntimeError("DatasetHelper: 'epoch_num' must be >= 1, but got %d" % epoch_num)
        if dataset_sink_mode:
            raise RuntimeError("DatasetHelper: dataset_sink_mode=True feeds a device queue "
                               "(Ascend/GPU), which mindcell does not have (MindSpore 2.10's CPU "
                               "build fails alike: 'Unsupported op [InitDataSetQueue] on CPU'); "
                               "pass dataset_sink_mode=False and loop over the helper")
        self.dataset, self.dataset_sink_mode = dataset, dataset_sink_mode
        self._sink_size, self._epoch_num, self._epochs = sink_size, epoch_num, 0
        self._iterator = dataset.create_tuple_iterator(num_epochs=epoch_num)

    def __iter__(self):
        if self._epochs >= self._epoch_num:
            raise RuntimeError("DatasetHelper: all %d epoch(s) of epoch_num were read; make the "
                               "helper with a larger epoch_num" % self._epoch_num)
        self._epochs += 1
        for row in self._iterator:
            yield list(row)

    def _sink_only(self, name):
        raise AttributeError("DatasetHelper.%s: only in dataset sink mode, which mindcell does "
                             "not have (MindSpore's non-sink helper has no %s either)"
                             % (name, name))

    def types_shapes(self):
        """types_shapes(): sink mode only (raises AttributeError, as MindSpore without it)."""
        self._sink_only("types_shapes")

    def sink_size(self):
        """sink_size(): sink mode only (raises AttributeError, as MindSpore without it)."""
        self._sink_only("sink_size")

    def stop_send(self):
        """stop_send(): sink mode only (raises AttributeError, as MindSpore without it)."""
        self._sink_only("stop_send")

    def continue_send(self):
        """continue_send(): sink mode only (raises AttributeError, as MindSpore without it)."""
        self._sink_only("continue_send")

    def release(self):
        """release(): sink mode only (raises AttributeError, as MindSpore without it)."""
        self._sink_only("release")

    def get_data_info(self):
        """get_data_info(): sink mode only (raises AttributeError, as MindSpore without it)."""
        self._sink_only("get_data_info")

    def get_mbuf_queue_size(self):
        """get_mbuf_queue_size(): sink mode only (raises AttributeError, as MindSpore without
        it)."""
        self._sink_only("get_mbuf_queue_size")

    def get_send_info(self, run_context):
        """get_send_info(run_context): sink mode only (raises AttributeError, as MindSpore
        without it)."""
        self._sink_only("get_send_info")


def connect_network_with_dataset(network, dataset_helper):
    """Connect `network` with the device queue of a sink-mode `dataset_helper`, as MindSpore's
    ``connect_network_with_dataset``. Only dataset sink mode has such a queue, and mindcell has
    no sink mode, so every call raises (the same RuntimeError MindSpore raises for a non-sink
    helper): loop over the helper and call the network with each batch instead.

    Args:
        network (Cell): The training network.
        dataset_helper (DatasetHelper): The helper whose dataset feeds the network.

    Returns:
        Cell, never (see Raises).

    Raises:
        AttributeError: `dataset_helper` is not a DatasetHelper.
        RuntimeError: always otherwise (mindcell's helpers are never in sink mode).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn, dataset as ds
        >>> data = ds.NumpySlicesDataset((np.ones((4, 2), np.float32),), shuffle=False).batch(2)
        >>> helper = ms.DatasetHelper(data, dataset_sink_mode=False)
        >>> try:
        ...     ms.connect_network_with_dataset(nn.Dense(2, 1), helper)
        ... except RuntimeError as e:
        ...     print(e)
        The API 'connect_network_with_dataset' should be called in dataset sink mode.
    """
    if not isinstance(dataset_helper, DatasetHelper):
        raise AttributeError("connect_network_with_dataset: 'dataset_helper' must be a "
                             "DatasetHelper, but got %s" % type(dataset_helper).__name__)
    raise RuntimeError("The API 'connect_network_with_dataset' should be called in dataset "
                       "sink mode.")

