#include <urcu/flavor.h>
