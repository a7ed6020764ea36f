#ifndef NARRATE_CMOBIGUARD_H
#define NARRATE_CMOBIGUARD_H

/// libmobi 0.11 calls libxml2's xmlCleanupParser() each time it writes the
/// OPF and NCX of a book it rebuilds: that frees libxml2's global state
/// (dictionary mutexes, input callbacks) under every other thread parsing
/// XML, and the next parses deadlock or crash. This target defines
/// xmlCleanupParser() as a no-op in the program itself, which the dynamic
/// linker binds libmobi's call to before libxml2's own. narrate never wants
/// libxml2 cleaned up before exit. Returns 1; calling it keeps the
/// definition linked into every program that reads MOBI books.
int narrate_libxml2_cleanup_disabled(void);

#endif
