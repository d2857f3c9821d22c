# Shared declarations of the kernel families: the float types and the elementwise opcodes.
# The opcode enum is the one place where elementwise operations are numbered: the
# elementwise kernels and the fused-program VM both switch on it, and the Python side reads
# the numbering from mindcell._C.elementwise.OPCODES.

ctypedef fused real:
    float
    double

cdef enum Opcode:
    OP_ADD = 0
    OP_SUB = 1
    OP_MUL = 2
    OP_DIV = 3
    OP_MAX = 4
    OP_MIN = 5
    OP_POW = 6
    OP_RELU_GRAD = 7
    OP_TANH_GRAD = 8
    OP_SIGMOID_GRAD = 9
    OP_GELU_TANH_GRAD = 10  # (dy, x) -> dy * dGeLU/dx, tanh form
    OP_GELU_ERF_GRAD = 11   # the same, erf form
    OP_NEG = 20
    OP_ABS = 21
    OP_EXP = 22
    OP_LOG = 23
    OP_LOG1P = 24
    OP_SQRT = 25
    OP_RSQRT = 26
    OP_SQUARE = 27
    OP_SIN = 28
    OP_COS = 29
    OP_TANH = 30
    OP_SIGMOID = 31
    OP_RELU = 32
    OP_RECIPROCAL = 33
    OP_FLOOR = 34
    OP_CEIL = 35
    OP_SIGN = 36
    OP_ERF = 37
    OP_SILU = 38
    OP_GELU_TANH = 39
    OP_GELU_ERF = 40
    OP_RELU6 = 41
    OP_COPY = 42

# Element counts above which loops are split across threads.
cdef enum:
    PARALLEL_MIN = 65536
