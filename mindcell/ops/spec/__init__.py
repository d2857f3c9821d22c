"""Op specifications: data the build and the library both read, one module per family.

``elementwise``: the elementwise opcodes with their scalar formulas (the kernels, the fused VM
and the opcode table are generated from it by ``csrc/generate.py``).
"""
