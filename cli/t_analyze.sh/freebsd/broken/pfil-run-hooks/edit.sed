s/pfil_mem_in(sc->head, pkt, PB_PKTLEN, NULL, &m)/pfil_run_hooks(sc->head, \&m, NULL, PFIL_IN, NULL)/
