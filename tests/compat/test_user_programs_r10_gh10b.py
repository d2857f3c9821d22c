"""Round 10 (gh10b): behaviours found by running public MindSpore sequence, graph,
recommendation and reinforcement-learning programs under mindcell.

Each test is a small program written for this file in the style of what a user program did;
expected values and messages were recorded from MindSpore 2.10 (CPU) through the ms-oracle.
"""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn


def _xy():
    return (ms.Tensor(np.ones((2, 3), np.float32)), ms.Tensor(np.zeros((2, 1), np.float32)))


def _dense():
    return nn.Dense(3, 1, weight_init="ones", bias_init="zeros")


def test_with_loss_cell_takes_any_callable():
    """An actor-critic program (jiamny/Deep_learning_with_MindSpore) built
    nn.WithLossCell(net, <a loss Tensor>) and a TrainOneStepCell over it: MindSpore 2.10 checks
    neither argument when the cell is built (mindcell raised TypeError there); a plain function
    works as backbone or loss, and what cannot be called fails when the cell is called."""
    x, y = _xy()
    by_cell = nn.WithLossCell(_dense(), nn.MSELoss())(x, y)
    by_function = nn.WithLossCell(_dense(), lambda out, label: ((out - label) ** 2).mean())(x, y)
    assert float(by_cell) == float(by_function) == 9.0
    doubled = nn.WithLossCell(lambda a: a * 2, nn.MSELoss())(y + 1, y)
    assert float(doubled) == 4.0
    net = _dense()
    odd = nn.WithLossCell(net, ms.Tensor(1.0))
    assert [p.name for p in odd.trainable_params()] == ["weight", "bias"]
    nn.TrainOneStepCell(odd, nn.Adam(net.trainable_params()))
    with pytest.raises(TypeError, match="'Tensor' object is not callable"):
        odd(x, y)
    with pytest.raises(TypeError, match="'NoneType' object is not callable"):
        nn.WithLossCell(_dense(), None)(x, y)
    assert nn.WithLossCell(None, None).backbone_network is None


@pytest.mark.parametrize("make", [
    lambda net, opt: nn.TrainOneStepCell(lambda a: a.sum(), opt),
    lambda net, opt: nn.TrainOneStepCell(None, opt),
    lambda net, opt: nn.TrainOneStepWithLossScaleCell(3, opt, ms.Tensor(1.0)),
])
def test_train_step_of_a_non_cell_is_an_attribute_error(make):
    """MindSpore 2.10 calls network.set_grad() first: AttributeError, not TypeError."""
    net = _dense()
    with pytest.raises(AttributeError, match="'network' must be a Cell"):
        make(net, nn.SGD(net.trainable_params(), 0.1))


@pytest.mark.parametrize("sens", [0, 0.0])
def test_train_step_sens_zero_is_refused(sens):
    """sens=0 would zero every gradient: MindSpore 2.10 refuses it (mindcell trained nothing)."""
    net = _dense()
    with pytest.raises(ValueError, match="^The input argument of 'sens' can not be 0.$"):
        nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1),
                            sens=sens)


@pytest.mark.parametrize("flag, with_grads", [(1, True), ("yes", True), (0, False), (None, False)])
def test_train_step_return_grad_is_a_truth_value(flag, with_grads):
    """MindSpore 2.10 takes any return_grad and tests its truth value (mindcell wanted a bool)."""
    net = _dense()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1),
                               return_grad=flag)
    out = step(*_xy())
    if with_grads:
        loss, grads = out
        assert sorted(grads) == ["bias", "weight"]
        np.testing.assert_array_equal(grads["weight"].asnumpy(), np.full((1, 3), 6.0, np.float32))
    else:
        loss = out
    assert float(loss) == 9.0


def test_micro_batch_interleaved_takes_a_function():
    """MindSpore 2.10's MicroBatchInterleaved wraps a plain function too (PipelineCell and
    GradAccumulationCell still want a Cell)."""
    m = nn.MicroBatchInterleaved(lambda a: a * 2, 2)
    out = m(ms.Tensor(np.arange(4, dtype=np.float32).reshape(4, 1)))
    np.testing.assert_array_equal(out.asnumpy(), [[4.0], [8.0]])
    with pytest.raises(TypeError, match="must cell type"):
        nn.PipelineCell(lambda a: a, 2)


class _Rows:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return np.array([i], np.int32), np.array(i % 3, np.int32)

    def __len__(self):
        return self.n


def test_generator_dataset_keeps_its_source_public():
    """A named-entity program (jiamny/Deep_learning_with_MindSpore NLP/ner) evaluates on
    get_dataset(...).source[0:n]: MindSpore 2.10's GeneratorDataset keeps the object it was
    given as .source, with source_len, column_names, num_parallel_workers,
    python_multiprocessing and max_rowsize (mindcell: AttributeError)."""
    import mindcell.dataset as ds
    rows = _Rows(5)
    d = ds.GeneratorDataset(rows, column_names=["x", "y"], shuffle=False)
    assert d.source is rows
    assert (d.source_len, d.column_names, d.num_parallel_workers) == (5, ["x", "y"], 1)
    assert (d.python_multiprocessing, d.max_rowsize) == (True, -1)
    assert ds.GeneratorDataset(lambda: iter([]), ["x"]).source_len == -1


def test_generator_dataset_of_a_zip_is_a_shuffled_list():
    """MindSpore 2.10 turns a zip source into a list: it is random-access, so the default
    shuffle=True shuffles it, and every epoch reads it again (mindcell read the zip in order,
    a silent difference in what a program trains on)."""
    import mindcell.dataset as ds
    ds.config.set_seed(3)
    d = ds.GeneratorDataset(zip([np.array(i) for i in range(8)]), ["a"])
    assert isinstance(d.source, list) and d.source_len == 8
    epochs = [[int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)] for _ in range(2)]
    assert all(sorted(e) == list(range(8)) for e in epochs)
    assert epochs[0] != list(range(8))
    d = ds.GeneratorDataset(zip([np.array(i) for i in range(8)]), ["a"], shuffle=False)
    for _ in range(2):
        assert [int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)] == list(range(8))
