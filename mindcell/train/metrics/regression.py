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
    """MAE(): mean absolute error, ``sum(|y_pred - y|) / batch size``."""
    _error = staticmethod(np.abs)


class MSE(_ErrorSum):
    """MSE(): mean squared error, ``sum((y_pred - y)^2) / batch size``."""
    _error = staticmethod(np.square)


class Loss(_Mean):
    """Loss(): the mean of the losses passed to ``update`` (one per batch)."""

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
