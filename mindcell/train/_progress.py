"""The per-epoch progress bar of ``Model.train`` / ``Model.fit``.

A tqdm bar is drawn on stderr when stderr is a terminal, tqdm is installed and the environment
variable ``MINDCELL_PROGRESS`` is not ``0`` (MindSpore's ``Model.train`` has no keyword for
it, so the switch lives outside the signature). While a bar is shown, ``print`` output (the
LossMonitor / TimeMonitor lines, the user's own prints) is written as ``tqdm.write`` does it: the
bar is cleared, the lines written, the bar drawn again below them, so they never tear it.
"""
import os
import shutil
import sys

import numpy as np

ENV = "MINDCELL_PROGRESS"


def enabled():
    """True when a bar should be drawn: stderr is a terminal and ``MINDCELL_PROGRESS`` is not
    ``0``/``false``/``off``."""
    if os.environ.get(ENV, "").strip().lower() in ("0", "false", "off", "no"):
        return False
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # a closed or replaced stderr
        return False


def _loss_value(outputs):
    """The loss as a float when ``outputs`` holds one (a scalar, or the first of a tuple)."""
    if isinstance(outputs, (tuple, list)) and outputs:
        outputs = outputs[0]
    if hasattr(outputs, "asnumpy"):
        value = outputs.asnumpy()
        if value.size == 1:
            return float(np.asarray(value).reshape(()))
    return None


def _width():
    """The terminal's width; 80 where it reports none (a fresh pseudo-terminal says 0, and
    tqdm would then draw an empty bar)."""
    return shutil.get_terminal_size((80, 24)).columns


class _Stream:
    """stderr behind a plain object: the bar writes through ``write``/``flush`` only, which
    keeps tqdm from special-casing the interpreter's own stream (with some tqdm builds the bar
    then never reaches the terminal)."""

    def __init__(self, stream):
        self._stream = stream
        self.encoding = getattr(stream, "encoding", None) or "utf-8"

    def write(self, text):
        return self._stream.write(text)

    def flush(self):
        self._stream.flush()

    def isatty(self):
        return True


class _WriteAbove:
    """A stdout stand-in that clears the bar, writes whole lines to the real stdout and draws
    the bar again below them (what ``tqdm.write`` does for a bar on the same stream)."""

    def __init__(self, bar, stream):
        self._bar, self._stream, self._pending = bar, stream, ""

    def write(self, text):
        self._pending += text
        if "\n" in self._pending:
            done, self._pending = self._pending.rsplit("\n", 1)
            self._bar.clear()
            self._stream.write(done + "\n")
            self._stream.flush()
            self._bar.refresh()
        return len(text)

    def flush(self):
        if self._pending:
            self.write("\n")
        self._stream.flush()

    def isatty(self):
        return self._stream.isatty()

    def __getattr__(self, name):
        return getattr(self._stream, name)


class EpochBar:
    """One bar per epoch (``start``/``step``/``finish``); a do-nothing object when bars are
    off, so the training loop calls it unconditionally."""

    def __init__(self, epochs, steps):
        self._epochs, self._steps = epochs, steps
        self._tqdm = None
        if enabled():
            try:
                from tqdm import tqdm
            except ImportError:
                tqdm = None
            self._tqdm = tqdm
        self._bar, self._stdout, self.postfix = None, None, {}

    @property
    def shown(self):
        """Whether bars are drawn."""
        return self._tqdm is not None

    def start(self, epoch):
        """Open the bar of ``epoch`` (counted from 1) and route stdout above it."""
        if self._tqdm is None:
            return
        self.postfix = {}
        self._bar = self._tqdm(total=self._steps if self._steps > 0 else None,
                               desc="epoch %d/%d" % (epoch, self._epochs),
                               file=_Stream(sys.stderr),
                               leave=True, ncols=_width())
        self._stdout = sys.stdout
        sys.stdout = _WriteAbove(self._bar, self._stdout)

    def step(self, outputs):
        """Advance by one step, showing the loss read from the step's ``outputs``."""
        if self._bar is None:
            return
        loss = _loss_value(outputs)
        if loss is not None:
            self.postfix["loss"] = "%.4g" % loss
            self._bar.set_postfix(self.postfix, refresh=False)
        self._bar.update(1)

    def metrics(self, results):
        """Show a dict of evaluation results (``Model.fit``) next to the loss."""
        if self._bar is None or not results:
            return
        for name, value in results.items():
            try:
                self.postfix[name] = "%.4g" % float(value)
            except (TypeError, ValueError):
                continue
        self._bar.set_postfix(self.postfix)

    def finish(self):
        """Close the epoch's bar and give stdout back."""
        if self._bar is None:
            return
        if isinstance(sys.stdout, _WriteAbove):
            sys.stdout.flush()
        sys.stdout = self._stdout
        self._bar.close()
        self._bar = None
