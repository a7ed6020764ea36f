#include "CMobiGuard.h"

/// Stands in for libxml2's xmlCleanupParser(): see CMobiGuard.h. Exported
/// from the executable because libmobi, a shared library it links, refers
/// to it.
void xmlCleanupParser(void) {}

int narrate_libxml2_cleanup_disabled(void) { return 1; }
