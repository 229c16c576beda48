s/rm_rlock(&h->rm, &rmt)/rm_rlock(\&h->rm)/
