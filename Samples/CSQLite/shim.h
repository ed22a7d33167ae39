// SQLite's C API, from the system (Debian: libsqlite3-dev).
#include <sqlite3.h>
