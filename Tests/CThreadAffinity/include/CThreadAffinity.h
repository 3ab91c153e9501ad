#ifndef CTHREADAFFINITY_H
#define CTHREADAFFINITY_H

/// Test helpers for the CPUs threads run on (`sched_getaffinity` and its kin are GNU extensions Swift does not see).

/// The CPUs the process may run on, in order, written to `cpus` (at most `capacity` of them); how many there are,
/// or -1.
int cta_allowed_cpus(int *cpus, int capacity);

/// Keeps the calling thread on `cpu` only, until `cta_unpin_thread`. 0, or -1.
int cta_pin_thread(int cpu);

/// Gives the calling thread back the CPUs it had before `cta_pin_thread`. 0, or -1.
int cta_unpin_thread(void);

#endif
