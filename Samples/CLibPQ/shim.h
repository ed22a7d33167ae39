// libpq, PostgreSQL's C client, from the system (Debian: libpq-dev, whose pkg-config file adds
// /usr/include/postgresql; without pkg-config the header is found under postgresql/).
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
