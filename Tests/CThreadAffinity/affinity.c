#define _GNU_SOURCE
#include "CThreadAffinity.h"

#include <pthread.h>
#include <sched.h>

static __thread cpu_set_t saved;
static __thread int pinned;

int cta_allowed_cpus(int *cpus, int capacity) {
    cpu_set_t set;
    if (0 != sched_getaffinity(0, sizeof set, &set)) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &set)) continue;
        if (count < capacity) cpus[count] = cpu;
        count++;
    }
    return count;
}

int cta_pin_thread(int cpu) {
    if (!pinned && 0 != pthread_getaffinity_np(pthread_self(), sizeof saved, &saved)) return -1;
    pinned = 1;
    cpu_set_t only;
    CPU_ZERO(&only);
    CPU_SET(cpu, &only);
    return pthread_setaffinity_np(pthread_self(), sizeof only, &only) == 0 ? 0 : -1;
}

int cta_unpin_thread(void) {
    if (!pinned) return 0;
    pinned = 0;
    return pthread_setaffinity_np(pthread_self(), sizeof saved, &saved) == 0 ? 0 : -1;
}
