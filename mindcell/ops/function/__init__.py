"""The functional ops, one module per family; ``mindcell.ops.functional`` re-exports them."""
