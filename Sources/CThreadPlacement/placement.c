#define _GNU_SOURCE
#include <sched.h>
#include <string.h>
#include "CThreadPlacement.h"

_Static_assert(sizeof(cplace_cpus) >= sizeof(cpu_set_t), "cplace_cpus holds a cpu_set_t");

int cplace_start_elsewhere(pthread_attr_t *attributes, cplace_cpus *allowed) {
    cpu_set_t all, others;
    if (sched_getaffinity(0, sizeof all, &all) != 0) return 1;
    int current = sched_getcpu();
    others = all;
    if (current >= 0 && current < CPU_SETSIZE) CPU_CLR(current, &others);
    if (CPU_COUNT(&others) == 0 || CPU_COUNT(&all) < 2) return 1;
    if (pthread_attr_setaffinity_np(attributes, sizeof others, &others) != 0) return 1;
    memset(allowed, 0, sizeof *allowed);
    memcpy(allowed, &all, sizeof all);
    return 0;
}

void cplace_release(const cplace_cpus *allowed) {
    cpu_set_t all;
    memcpy(&all, allowed, sizeof all);
    pthread_setaffinity_np(pthread_self(), sizeof all, &all);
}

int cplace_allowed_count(void) {
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}
