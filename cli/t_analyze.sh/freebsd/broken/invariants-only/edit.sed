s/mtx_assert(&sc->lock, MA_OWNED)/mtx_assert(\&sc->lock, MA_OWNED_X)/
