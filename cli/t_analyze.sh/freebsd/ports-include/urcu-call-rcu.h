#include <urcu/call-rcu.h>
