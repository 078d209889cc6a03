// libpq, PostgreSQL's client library, for QueueSyncPostgres (headers in /usr/include/postgresql, found through
// pkg-config's `libpq`).
#include <libpq-fe.h>
