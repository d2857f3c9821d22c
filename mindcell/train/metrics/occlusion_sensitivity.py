"""OcclusionSensitivity: how much a classifier's score drops when each part of its input is
hidden."""
import numpy as np

from mindcell import _checkparam as validator
from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["OcclusionSensitivity"]


class OcclusionSensitivity(Metric):
    r"""OcclusionSensitivity(pad_val=0.0, margin=2, n_batch=128, b_box=None): the occlusion
    sensitivity map of a classification model for one input.

    For each position :math:`i` of the input (every axis after the batch axis, channels
    included), the box of positions :math:`[i - margin, i + margin)` (clipped to the input) is
    set to ``pad_val`` and the model is run on the result; the map holds, at :math:`i`, the
    model's score of ``label`` on the whole input minus its score on the occluded input
    (positive where hiding that part lowers the score). The occluded inputs are run
    ``n_batch`` at a time. ``b_box`` restricts the map to a box of positions.

    ``update(model, y_pred, label)`` takes the model (a Cell mapping a batch to class scores),
    one input (batch axis of size 1) and its label; ``eval()`` returns the map (the shape of
    the input without the batch axis, or of ``b_box``, with size-1 axes removed).

    Args:
        pad_val (float): the value that hides a box. Default: ``0.0``.
        margin (Union[int, list[int]]): the half size of the box (a list: one per axis after
            the batch axis). Default: ``2``.
        n_batch (int): how many occluded inputs one model call takes. Default: ``128``.
        b_box (list[int]): ``[min_0, max_0, min_1, max_1, ...]``, inclusive, one pair per axis
            after the batch axis (a negative min means 0, a negative max the last position);
            None for the whole input. Default: ``None``.

    Raises:
        TypeError: an argument of the wrong type, or the model is not a Cell.
        ValueError: ``update`` does not get 3 inputs; ``b_box`` has the wrong length, a max
            beyond the input or a min above its max.
        RuntimeError: a batch of more than one input, more than one label, or ``eval`` before
            ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn, Tensor
        >>> w = np.array([[0.1, 0.8, 0.1, 0.1], [1, 1, 1, 1]], np.float32)
        >>> model = nn.Dense(4, 2, weight_init=Tensor(w),
        ...                  bias_init=Tensor(np.array([0.3, 0.6], np.float32)))
        >>> metric = ms.train.OcclusionSensitivity()
        >>> metric.update(model, np.array([[0.1, 0.2, 0.3, 0.4]], np.float32), np.array(1))
        >>> print(np.round(metric.eval(), 4))
        [0.3 0.6 1.  0.9]
    """

    def __init__(self, pad_val=0.0, margin=2, n_batch=128, b_box=None):
        super().__init__()
        self.pad_val = validator.check_value_type("pad_val", pad_val, [float])
        self.margin = validator.check_value_type("margin", margin, [int, list])
        self.n_batch = validator.check_value_type("n_batch", n_batch, [int])
        self.b_box = b_box if b_box is None else validator.check_value_type("b_box", b_box,
                                                                            [list])
        self.clear()

    def clear(self):
        """Forget the map."""
        self._baseline = 0
        self._sensitivity_im = 0
        self._is_update = False

    def _margins(self, ndim):
        if isinstance(self.margin, int):
            return [self.margin] * ndim
        if len(self.margin) != ndim or not all(isinstance(m, int) and not isinstance(m, bool)
                                               for m in self.margin):
            raise ValueError("For 'OcclusionSensitivity', a list 'margin' must hold one int per "
                             "axis after the batch axis (%d), but got %s" % (ndim, self.margin))
        return list(self.margin)

    @rearrange_inputs
    def update(self, *inputs):
        """update(model, y_pred, label): compute the map of ``model`` for the input ``y_pred``
        and its class ``label``."""
        from mindcell.common.tensor import Tensor
        from mindcell.nn.cell import Cell
        if len(inputs) != 3:
            raise ValueError("For 'OcclusionSensitivity.update', it needs 3 inputs "
                             "(classification model, predicted value, label), but got {}."
                             .format(len(inputs)))
        model = inputs[0]
        y_pred, label = self._convert_data(inputs[1]), self._convert_data(inputs[2])
        validator.check_value_type("model", model, [Cell])
        if y_pred.shape[0] > 1:
            raise RuntimeError("For 'OcclusionSensitivity.update', the shape at index 0 of the "
                               "predicted value (input[1]) must be 1, but got {}."
                               .format(y_pred.shape[0]))
        if np.prod(label.shape) != y_pred.shape[0]:
            raise RuntimeError("For 'OcclusionSensitivity.update', the number of the label "
                               "(input[2]) must be same as the batches, but got the label number "
                               "{}, and batches {}.".format(np.prod(label.shape), y_pred.shape[0]))
        label = int(label.reshape(()))
        shape = np.array(y_pred.shape[1:])
        lows, highs = _bounding_box(self.b_box, shape)
        self._baseline = model(Tensor(y_pred)).asnumpy()[0, label].item()
        out_shape = shape if self.b_box is None else highs - lows + 1
        margins = self._margins(len(shape))
        scores, batch = [], []
        total = int(np.prod(out_shape))
        for flat in range(total):
            idx = np.array(np.unravel_index(flat, out_shape))
            if lows is not None:
                idx = idx + lows
            box = tuple(slice(max(0, int(i) - m), min(int(n), int(i) + m))
                        for i, m, n in zip(idx, margins, shape))
            occluded = y_pred.copy()
            occluded[(Ellipsis,) + box] = self.pad_val
            batch.append(occluded)
            if len(batch) == self.n_batch or flat == total - 1:
                out = model(Tensor(np.vstack(batch))).asnumpy()
                scores.append(out[:, label])
                batch = []
        self._sensitivity_im = np.concatenate(scores).reshape(-1, 1).reshape(out_shape)
        self._is_update = True

    def eval(self):
        """eval(): the sensitivity map, a numpy array."""
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._baseline - np.squeeze(self._sensitivity_im)


def _bounding_box(b_box, im_shape):
    """(mins, maxes) of ``b_box`` as arrays (inclusive), or (None, None)."""
    if b_box is None:
        return None, None
    if len(b_box) != 2 * len(im_shape):
        raise ValueError("For 'OcclusionSensitivity', the bounding box must contain upper and "
                         "lower for all dimensions (except batch number), and the length of "
                         "'b_box' must be twice as long as predicted value's (except batch "
                         "number), but got 'b_box' length {}, predicted value length (except "
                         "batch number) {}.".format(len(b_box), len(im_shape)))
    lows, highs = np.array(b_box[::2]), np.array(b_box[1::2])
    lows[lows < 0] = 0
    highs[highs < 0] = im_shape[highs < 0] - 1
    if np.any(highs >= im_shape):
        raise ValueError("For 'OcclusionSensitivity', maximum bounding box must be smaller than "
                         "image size for all values.")
    if np.any(lows > highs):
        raise ValueError("For 'OcclusionSensitivity', minimum bounding box must be smaller than "
                         "maximum bounding box for all values.")
    return lows, highs
