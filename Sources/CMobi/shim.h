// libmobi reads books from a FILE *: fmemopen (stdio.h) hands it bytes in memory.
#include <stdio.h>
#include <mobi.h>
