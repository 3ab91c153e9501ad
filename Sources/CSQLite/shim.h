#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H
#include <sqlite3.h>

/// sqlite3_bind_text with SQLITE_TRANSIENT (SQLite copies the text before the call returns): the macro is a cast of
/// -1 to a function pointer, which Swift cannot write.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes) {
    return sqlite3_bind_text(statement, index, text, bytes, SQLITE_TRANSIENT);
}
#endif
