#define SMP 1
#define MAC 1
#define VIMAGE 1
