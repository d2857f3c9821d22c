"""Regression metrics: MAE, MSE (error summed per sample, averaged over samples), and Loss."""
import numpy as np

from mindcell.train.metrics.metric import _Mean, rearrange_inputs

__all__ = ["MAE", "MSE", "Loss"]


class _ErrorSum(_Mean):

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch (``y`` is reshaped to ``y_pred``'s shape)."""
        self._check_inputs(inputs, 2)
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if y.size != y_pred.size:
            raise ValueError("%s.update: y has %d elements, y_pred %d"
                             % (type(self).__name__, y.size, y_pred.size))
        diff = y.reshape(y_pred.shape).astype(np.float64) - y_pred
        # the error summed over each sample's elements, averaged over samples
        self._add(float(self._error(diff).sum()), y.shape[0] if y.ndim else 1)


class MAE(_ErrorSum):
    """MAE(): the mean absolute error, ``sum(|y_pred - y|) / N`` over every sample updated (each
    sample's errors summed over its elements).

    ``update(y_pred, y)`` adds a batch (``y`` is reshaped to ``y_pred``'s shape); ``eval()``
    returns a float; ``clear()`` resets.

    Raises:
        ValueError: in ``update``: not two inputs, or ``y`` and ``y_pred`` of different sizes.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.MAE()
        >>> metric.update(np.array([0.5, 2.0]), np.array([1.0, 1.0]))
        >>> metric.update(np.array([3.0]), np.array([3.5]))
        >>> metric.eval()
        0.6666666666666666
    """
    _error = staticmethod(np.abs)


class MSE(_ErrorSum):
    """MSE(): the mean squared error, ``sum((y_pred - y)^2) / N`` over every sample updated (each
    sample's errors summed over its elements).

    ``update(y_pred, y)`` adds a batch (``y`` is reshaped to ``y_pred``'s shape); ``eval()``
    returns a float; ``clear()`` resets.

    Raises:
        ValueError: in ``update``: not two inputs, or ``y`` and ``y_pred`` of different sizes.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.MSE()
        >>> y_pred = ms.Tensor(np.array([[1.0, 2.0], [0.0, 0.0]], np.float32))
        >>> metric(y_pred, np.array([[0.0, 0.0], [1.0, 1.0]]))
        3.5
    """
    _error = staticmethod(np.square)


class Loss(_Mean):
    """Loss(): the mean of the losses passed to ``update``, one per batch.

    ``update(loss)`` adds one batch's loss (a 0-D or 1-D value; a 1-D value is averaged first);
    ``eval()`` returns the mean over the batches as a float; ``clear()`` resets.

    Raises:
        ValueError: in ``update``: not one input, or a loss of 2 or more dims.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Loss()
        >>> metric.update(ms.Tensor(0.5, ms.float32))
        >>> metric.update(np.array([1.0, 2.0]))
        >>> metric.eval()
        1.0
    """

    @rearrange_inputs
    def update(self, *inputs):
        """update(loss): add one batch's loss (a 0-D or 1-D value; 1-D values are averaged)."""
        self._check_inputs(inputs, 1)
        loss = self._convert_data(inputs[0])
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError("Loss.update: the loss must be 0-D or 1-D, but got %d-D" % loss.ndim)
        self._add(float(loss.mean(-1)), 1)
