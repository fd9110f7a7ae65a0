#ifndef FOODLOG_CSQLITE_SHIM_H
#define FOODLOG_CSQLITE_SHIM_H
#include <sqlite3.h>
/* SQLITE_TRANSIENT is a cast macro Swift cannot import. */
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }
/* sqlite3_config is variadic. Turning memory statistics off (before the library starts) spares
   every SQLite allocation a global mutex; FoodLog never reads those statistics. */
static inline int csqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }
#endif
