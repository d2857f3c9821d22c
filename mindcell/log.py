"""``mindcell.log`` (MindSpore's ``mindspore.log``): ``log.info/warning/error`` through a
Python logger named ``mindcell``. The level comes from ``GLOG_v`` as in MindSpore
(0 DEBUG, 1 INFO, 2 WARNING (default), 3 ERROR, 4 CRITICAL)."""
import logging
import os
import sys

__all__ = ["debug", "info", "warning", "error", "critical", "get_level", "get_log_config"]

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR,
           "4": logging.CRITICAL}
_logger = logging.getLogger("mindcell")


class _StderrHandler(logging.StreamHandler):
    """Writes to the current ``sys.stderr`` (not the one at set-up: tests and tools swap it)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _):
        pass


_configured = False


def _setup():
    global _configured
    if _configured:
        return
    _configured = True
    value = os.environ.get("GLOG_v", "2")
    if value not in _LEVELS:
        raise ValueError("mindcell.log: GLOG_v must be one of 0..4, but got %r" % (value,))
    if _logger.level == logging.NOTSET:
        _logger.setLevel(_LEVELS[value])
    # Printed in MindSpore's format; records still propagate, so an application's (or
    # pytest's) logging configuration sees them too.
    if not _logger.handlers:
        handler = _StderrHandler()
        handler.setFormatter(logging.Formatter(
            "[%(levelname)s] ME(%(process)d:%(thread)d,%(processName)s):%(asctime)s "
            "[%(pathname)s:%(lineno)d] %(message)s"))
        _logger.addHandler(handler)


def _log(level, msg, *args, **kwargs):
    _setup()
    kwargs.setdefault("stacklevel", 3)  # the caller's file and line, not this module's
    _logger.log(level, msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    _log(logging.DEBUG, msg, *args, **kwargs)


def info(msg, *args, **kwargs):
    _log(logging.INFO, msg, *args, **kwargs)


def warning(msg, *args, **kwargs):
    _log(logging.WARNING, msg, *args, **kwargs)


def error(msg, *args, **kwargs):
    _log(logging.ERROR, msg, *args, **kwargs)


def critical(msg, *args, **kwargs):
    _log(logging.CRITICAL, msg, *args, **kwargs)


def get_level():
    """get_level(): the GLOG_v level in effect, as a str ('0'..'4': debug, info, warning,
    error, critical; set by the ``GLOG_v`` environment variable).

    Returns:
        str.

    Examples:
        >>> from mindcell import log
        >>> log.get_level() in ("0", "1", "2", "3", "4")
        True
    """
    _setup()
    return {v: k for k, v in _LEVELS.items()}[_logger.level]


def get_log_config():
    """get_log_config(): the logging configuration, in MindSpore's keys.

    Returns:
        dict, ``{"GLOG_v": get_level(), "GLOG_logtostderr": "1"}`` (mindcell logs to stderr).

    Examples:
        >>> from mindcell import log
        >>> list(log.get_log_config())
        ['GLOG_v', 'GLOG_logtostderr']
    """
    return {"GLOG_v": get_level(), "GLOG_logtostderr": "1"}


class _LogActionOnce:
    """_LogActionOnce(logger, key, no_warning=False): a decorator that lets the decorated function
    log ``logger.warning`` the first time a call under ``key`` runs and silences it afterwards
    (always, with ``no_warning=True``). MindSpore's private helper, which model code imports
    (``from mindspore.log import _LogActionOnce``; mindocr's and golden-stick's transformer
    layers decorate their ``__init__`` with it)."""

    is_logged = {}  # the keys that have logged once, shared by every instance

    def __init__(self, logger, key, no_warning=False):
        self.logger = logger
        self.key = key
        self.no_warning = no_warning

    def __call__(self, func):
        # a plain wrapper as MindSpore's (no functools.wraps: ``func`` may be any callable)
        def wrapper(*args, **kwargs):
            if not hasattr(self.logger, "warning"):
                return func(*args, **kwargs)
            if not (self.no_warning or self.key in _LogActionOnce.is_logged):
                _LogActionOnce.is_logged[self.key] = True
                return func(*args, **kwargs)
            saved = self.logger.warning
            self.logger.warning = lambda *a, **k: None
            try:
                return func(*args, **kwargs)
            finally:
                self.logger.warning = saved
        return wrapper
