"""The folder ``python -m mindcell.run`` puts on the ``PYTHONPATH`` of the processes a program
starts (``multiprocessing`` spawn workers, ``subprocess`` Pythons): its ``mindspore`` package
makes ``import mindspore`` there resolve to mindcell, as in the program itself."""
