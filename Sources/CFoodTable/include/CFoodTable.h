#ifndef FOODLOG_CFOODTABLE_H
#define FOODLOG_CFOODTABLE_H
#include <stddef.h>

/// The generated USDA SR26 food table (a SQLite database image), embedded in the binary.
const unsigned char *foodlog_foodtable_bytes(void);
/// Size of the embedded food table in bytes.
size_t foodlog_foodtable_size(void);

#endif
