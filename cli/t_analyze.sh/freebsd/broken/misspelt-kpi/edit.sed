/^#include <net\/vnet.h>$/a\
int pfil_mem_input(struct pfil_head *, void *, u_int, struct ifnet *, struct mbuf **);
s/pfil_mem_in(sc->head, pkt/pfil_mem_input(sc->head, pkt/
