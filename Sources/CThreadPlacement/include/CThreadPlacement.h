#ifndef FOODLOG_CTHREADPLACEMENT_H
#define FOODLOG_CTHREADPLACEMENT_H
#include <pthread.h>

/// The CPUs a thread may run on (an opaque copy of the system's CPU set).
typedef struct { unsigned long long words[16]; } cplace_cpus;

/// Sets `attributes` so a thread created with them starts on one of the CPUs the caller may
/// use other than its current one, and saves the caller's whole set in `allowed` (the
/// process's set when the caller is the main thread, as in every use here).
/// Returns 0 when it did; nonzero (attributes untouched) when there is no other CPU to use.
int cplace_start_elsewhere(pthread_attr_t *attributes, cplace_cpus *allowed);

/// Lets the calling thread run on every CPU in `allowed` again.
void cplace_release(const cplace_cpus *allowed);

/// How many CPUs the calling thread may run on (for tests: a started thread is not left pinned).
int cplace_allowed_count(void);
#endif
