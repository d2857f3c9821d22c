"""BleuScore: the BLEU score of candidate translations against reference translations."""
from collections import Counter

import numpy as np

from mindcell import _checkparam as validator
from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["BleuScore"]


def _ngrams(tokens, n_gram):
    """Counter of every 1- to n_gram-gram (a tuple of tokens) of ``tokens``."""
    counts = Counter()
    for n in range(1, n_gram + 1):
        for start in range(len(tokens) - n + 1):
            counts[tuple(tokens[start:start + n])] += 1
    return counts


class BleuScore(Metric):
    r"""BleuScore(n_gram=4, smooth=False): the BLEU score of candidate sentences against their
    references.

    For each n up to ``n_gram``, the precision :math:`p_n` is the number of the candidates'
    n-grams found in their references (each clipped to its largest count in one reference)
    over the number of the candidates' n-grams (``smooth``: both plus 1). With :math:`c` the
    candidates' total length and :math:`r` the sum of the reference lengths closest to each
    candidate's,

    .. math::
        BLEU = BP \cdot \exp\Big(\frac{1}{N} \sum_{n=1}^{N} \log p_n\Big), \quad
        BP = \begin{cases} 1 & c > r \\ e^{1 - r / c} & c \le r \end{cases}

    and 0 when some n has no match. ``update`` adds sentences; ``eval`` scores all of them.

    Args:
        n_gram (int): the largest n-gram, 1 to 4. Default: ``4``.
        smooth (bool): add 1 to each n-gram precision's numerator and denominator. Default:
            ``False``.

    Raises:
        TypeError: ``n_gram`` is not an int or ``smooth`` not a bool.
        ValueError: ``n_gram`` is outside [1, 4]; in ``update``: not 2 inputs, or corpora of
            different lengths.
        RuntimeError: ``eval`` before ``update``.

    Examples:
        >>> import mindcell as ms
        >>> candidates = [["i", "have", "a", "pen", "on", "my", "desk"]]
        >>> references = [[["i", "have", "a", "pen", "in", "my", "desk"],
        ...                ["there", "is", "a", "pen", "on", "the", "desk"]]]
        >>> metric = ms.train.BleuScore()
        >>> metric.clear()
        >>> metric.update(candidates, references)
        >>> print(round(float(metric.eval()), 4))
        0.5946
    """

    def __init__(self, n_gram=4, smooth=False):
        super().__init__()
        self.n_gram = validator.check_value_type("n_gram", n_gram, [int])
        if not 1 <= n_gram <= 4:
            raise ValueError("For 'BleuScore', the argument 'n_gram' should range from 1 to 4, "
                             "but got {}.".format(n_gram))
        self.smooth = validator.check_value_type("smooth", smooth, [bool])
        self.clear()

    def clear(self):
        """Forget every sentence."""
        self._numerator = np.zeros(self.n_gram)
        self._denominator = np.zeros(self.n_gram)
        self._c = 0.0
        self._r = 0.0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """update(candidate_corpus, reference_corpus): add sentences. ``candidate_corpus`` is a
        list of token lists; ``reference_corpus`` holds, for each candidate, a list of
        reference token lists."""
        if len(inputs) != 2:
            raise ValueError("For 'BleuScore.update', it needs 2 inputs (candidate_corpus, "
                             "reference_corpus), but got {}.".format(len(inputs)))
        candidates, references = inputs
        if len(candidates) != len(references):
            raise ValueError("For 'BleuScore.update', 'candidate_corpus' (inputs[0]) and "
                             "'reference_corpus' (inputs[1]) should be equal in length, but "
                             "got {}, {}".format(len(candidates), len(references)))
        for candidate, refs in zip(candidates, references):
            self._c += len(candidate)
            lengths = [len(ref) for ref in refs]
            gaps = [abs(len(candidate) - n) for n in lengths]
            self._r += lengths[gaps.index(min(gaps))]
            counts = _ngrams(candidate, self.n_gram)
            best = Counter()
            for ref in refs:
                best |= _ngrams(ref, self.n_gram)
            for gram, n in (counts & best).items():
                self._numerator[len(gram) - 1] += n
            for gram, n in counts.items():
                self._denominator[len(gram) - 1] += n
        self._is_update = True

    def eval(self):
        """eval(): the BLEU score, a numpy float64 (a 0-d array 0.0 when an n-gram order has
        no match)."""
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if min(self._numerator) == 0.0:
            return np.array(0.0)
        if self.smooth:
            precision = (self._numerator + 1.0) / (self._denominator + 1.0)
        else:
            precision = self._numerator / self._denominator
        geometric_mean = np.exp(np.sum(np.log(precision) / self.n_gram))
        penalty = 1.0 if self._c > self._r else np.exp(1 - np.float64(self._r) / self._c)
        return np.float64(penalty * geometric_mean)
