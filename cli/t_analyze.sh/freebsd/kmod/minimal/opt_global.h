#define VIMAGE 1
