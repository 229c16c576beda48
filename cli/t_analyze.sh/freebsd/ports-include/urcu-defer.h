#include <urcu/defer.h>
