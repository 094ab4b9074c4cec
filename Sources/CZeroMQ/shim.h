#ifndef RULEBOOK_CZEROMQ_SHIM_H
#define RULEBOOK_CZEROMQ_SHIM_H
#include <zmq.h>
#endif
