"""api_table rows for the bfloat16 conversions (numerics in tests/ops/test_bfloat16.py)."""
from api_table import M, S

ROWS = [M("bfloat16", S, grad=False, z=True)]
