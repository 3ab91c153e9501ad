#ifndef CMICROHTTPD_SHIM_WRAPPERS_H
#define CMICROHTTPD_SHIM_WRAPPERS_H
#include <stdint.h>
#endif
