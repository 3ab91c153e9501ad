#include "CMicroHTTPDShim.h"
