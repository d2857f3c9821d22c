cdef extern from "_threads.h" nogil:
    # `mc_threads` in a kernel reads the count of now (csrc/_threads.h follows the load)
    int mc_threads "mc_threads_now()"
    int mc_threads_if(bint worth)
    int mc_threads_now()
    void mc_set_threads(int n)
    int mc_get_threads()
