cdef extern from "_threads.h" nogil:
    int mc_threads
    int mc_threads_if(bint worth)
    void mc_set_threads(int n)
    int mc_get_threads()
