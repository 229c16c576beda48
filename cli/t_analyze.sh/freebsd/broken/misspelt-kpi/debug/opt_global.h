#define VIMAGE 1
#define SMP 1
#define INVARIANTS 1
#define INVARIANT_SUPPORT 1
#define WITNESS 1
#define KDTRACE_HOOKS 1
