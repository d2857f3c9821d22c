"""MindSpore's private helpers that public model code imports (``mindspore.log._LogActionOnce``),
with the behaviour MindSpore 2.10 gives them (checked with ms-oracle)."""
import logging

from mindcell.log import _LogActionOnce


class _Recorder:
    def __init__(self):
        self.seen = []

    def warning(self, msg):
        self.seen.append(msg)


def test_log_action_once_logs_the_first_call_of_a_key_only():
    log = _Recorder()

    @_LogActionOnce(logger=log, key="test_key_a")
    def make(tag):
        log.warning("made " + tag)
        return tag

    assert make("1") == "1" and make("2") == "2"
    assert log.seen == ["made 1"]
    assert log.warning.__func__ is _Recorder.warning  # the logger's method is given back

    @_LogActionOnce(logger=log, key="test_key_a")  # the same key elsewhere: already logged
    def other():
        log.warning("other")

    other()
    assert log.seen == ["made 1"]


def test_log_action_once_no_warning_does_not_use_up_the_key():
    log = _Recorder()

    @_LogActionOnce(logger=log, key="test_key_b", no_warning=True)
    def quiet():
        log.warning("quiet")

    @_LogActionOnce(logger=log, key="test_key_b")
    def loud():
        log.warning("loud")

    quiet(), loud(), loud()
    assert log.seen == ["loud"]
    assert "test_key_b" in _LogActionOnce.is_logged


def test_log_action_once_passes_through_without_a_warning_method():
    @_LogActionOnce(logger=object(), key="test_key_c")
    def f(x):
        return x + 1

    assert f(1) == 2
    logger = logging.getLogger("mindcell.test_log_action_once")

    @_LogActionOnce(logger=logger, key="test_key_d")
    def g():
        logger.warning("once")
        return 3

    assert g() == 3 and g() == 3
    assert logger.warning.__name__ == "warning"


def test_log_action_once_wraps_any_callable():
    class Callable:  # no string __name__: MindSpore's plain wrapper takes it
        __name__ = None

        def __call__(self, x):
            return 2 * x

    assert _LogActionOnce(logger=_Recorder(), key="test_key_e")(Callable())(4) == 8
