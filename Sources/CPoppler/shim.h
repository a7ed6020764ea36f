// poppler-glib: PDF documents read from memory (text with its layout, the
// outline, the document information and XMP metadata).
#include <poppler.h>
