s/pfil_mem_in(sc->head, pkt, PB_PKTLEN, NULL, &m)/pfil_mem_in(sc->head, PB_PKTLEN, pkt, NULL, \&m)/
