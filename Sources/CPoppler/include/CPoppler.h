// poppler-glib, loaded with dlopen when the first PDF is opened rather than
// linked: linked, it loads about 45 further libraries (cairo, X11, NSS,
// GLib, ...) into every narrate process, 8 ms of start-up for an import, a
// `--version` or a render worker that never sees a PDF.
//
// The types below are poppler-glib's and GLib's own, declared here because
// their headers need GLib's include paths: the layouts are those of the
// library's ABI (libpoppler-glib.so.8, GLib 2), which a soname fixes.
// Only what narrate's PDF reader uses is declared.
#ifndef CPOPPLER_H
#define CPOPPLER_H

#include <stddef.h>
#include <stdint.h>

// Nullability is clang's (Swift reads it); other C compilers ignore it.
#if !defined(__clang__)
#define _Nullable
#define _Nonnull
#endif

typedef struct CPopplerDocument CPopplerDocument;
typedef struct CPopplerPage CPopplerPage;
typedef struct CPopplerIndexIter CPopplerIndexIter;
typedef struct CPopplerBytes CPopplerBytes;
typedef struct CPopplerDateTime CPopplerDateTime;
/// cairo's context and surface, for drawing a page (the cover).
typedef struct CCairo CCairo;
typedef struct CCairoSurface CCairoSurface;

/// cairo_format_t's CAIRO_FORMAT_RGB24 (no alpha), and CAIRO_STATUS_SUCCESS.
enum { CCAIRO_FORMAT_RGB24 = 1, CCAIRO_STATUS_SUCCESS = 0 };
/// cairo_write_func_t: takes `length` bytes of the PNG being written; returns a cairo status.
typedef int32_t (*CCairoWriteFunction)(void *_Nullable closure, const unsigned char *_Nullable data, unsigned int length);

/// GError.
typedef struct CPopplerError {
    uint32_t domain;
    int32_t code;
    char *_Nullable message;
} CPopplerError;

/// GList.
typedef struct CPopplerList {
    void *_Nullable data;
    struct CPopplerList *_Nullable next;
    struct CPopplerList *_Nullable prev;
} CPopplerList;

/// PopplerRectangle.
typedef struct CPopplerRectangle {
    double x1, y1, x2, y2;
} CPopplerRectangle;

/// PopplerTextAttributes (with its PopplerColor).
typedef struct CPopplerTextAttributes {
    char *_Nullable font_name;
    double font_size;
    int32_t is_underlined;
    uint16_t red, green, blue;
    int32_t start_index;
    int32_t end_index;
} CPopplerTextAttributes;

/// PopplerDestType.
enum {
    CPOPPLER_DEST_UNKNOWN = 0,
    CPOPPLER_DEST_XYZ = 1,
    CPOPPLER_DEST_FIT = 2,
    CPOPPLER_DEST_FITH = 3,
    CPOPPLER_DEST_FITV = 4,
    CPOPPLER_DEST_FITR = 5,
    CPOPPLER_DEST_FITB = 6,
    CPOPPLER_DEST_FITBH = 7,
    CPOPPLER_DEST_FITBV = 8,
    CPOPPLER_DEST_NAMED = 9,
};

/// PopplerDest.
typedef struct CPopplerDest {
    int32_t type;
    int32_t page_num;
    double left, bottom, right, top, zoom;
    char *_Nullable named_dest;
    unsigned int change_left : 1;
    unsigned int change_top : 1;
    unsigned int change_zoom : 1;
} CPopplerDest;

/// PopplerActionType's POPPLER_ACTION_GOTO_DEST.
enum { CPOPPLER_ACTION_GOTO_DEST = 2 };
/// PopplerError's POPPLER_ERROR_ENCRYPTED.
enum { CPOPPLER_ERROR_ENCRYPTED = 1 };

/// The start of PopplerAction (a union whose members all begin with the
/// type): PopplerActionGotoDest.
typedef struct CPopplerGotoAction {
    int32_t type;
    char *_Nullable title;
    CPopplerDest *_Nullable dest;
} CPopplerGotoAction;

/// The functions narrate calls (never NULL once loaded), resolved in libpoppler-glib.so.8 and the
/// GLib and cairo libraries it loads.
typedef struct CPopplerFunctions {
    const char *_Nullable (*_Nonnull get_version)(void);
    CPopplerDocument *_Nullable (*_Nonnull document_new_from_bytes)(CPopplerBytes *_Nullable bytes, const char *_Nullable password, CPopplerError *_Nullable *_Nullable error);
    int32_t (*_Nonnull document_get_n_pages)(CPopplerDocument *_Nullable document);
    CPopplerPage *_Nullable (*_Nonnull document_get_page)(CPopplerDocument *_Nullable document, int32_t index);
    char *_Nullable (*_Nonnull document_get_title)(CPopplerDocument *_Nullable document);
    char *_Nullable (*_Nonnull document_get_author)(CPopplerDocument *_Nullable document);
    char *_Nullable (*_Nonnull document_get_subject)(CPopplerDocument *_Nullable document);
    char *_Nullable (*_Nonnull document_get_keywords)(CPopplerDocument *_Nullable document);
    char *_Nullable (*_Nonnull document_get_metadata)(CPopplerDocument *_Nullable document);
    CPopplerDateTime *_Nullable (*_Nonnull document_get_creation_date_time)(CPopplerDocument *_Nullable document);
    CPopplerDest *_Nullable (*_Nonnull document_find_dest)(CPopplerDocument *_Nullable document, const char *_Nullable name);
    void (*_Nonnull dest_free)(CPopplerDest *_Nullable dest);
    void (*_Nonnull page_get_size)(CPopplerPage *_Nullable page, double *_Nullable width, double *_Nullable height);
    char *_Nullable (*_Nonnull page_get_text)(CPopplerPage *_Nullable page);
    int32_t (*_Nonnull page_get_text_layout)(CPopplerPage *_Nullable page, CPopplerRectangle *_Nullable *_Nullable rectangles, uint32_t *_Nullable count);
    CPopplerList *_Nullable (*_Nonnull page_get_text_attributes)(CPopplerPage *_Nullable page);
    void (*_Nonnull page_free_text_attributes)(CPopplerList *_Nullable list);
    CPopplerIndexIter *_Nullable (*_Nonnull index_iter_new)(CPopplerDocument *_Nullable document);
    CPopplerIndexIter *_Nullable (*_Nonnull index_iter_get_child)(CPopplerIndexIter *_Nullable iterator);
    int32_t (*_Nonnull index_iter_next)(CPopplerIndexIter *_Nullable iterator);
    CPopplerGotoAction *_Nullable (*_Nonnull index_iter_get_action)(CPopplerIndexIter *_Nullable iterator);
    void (*_Nonnull index_iter_free)(CPopplerIndexIter *_Nullable iterator);
    void (*_Nonnull action_free)(CPopplerGotoAction *_Nullable action);
    uint32_t (*_Nonnull error_quark)(void);
    CPopplerBytes *_Nullable (*_Nonnull bytes_new)(const void *_Nullable data, size_t size);
    void (*_Nonnull bytes_unref)(CPopplerBytes *_Nullable bytes);
    void (*_Nonnull object_unref)(void *_Nullable object);
    void (*_Nonnull free)(void *_Nullable memory);
    void (*_Nonnull error_free)(CPopplerError *_Nullable error);
    char *_Nullable (*_Nonnull date_time_format)(CPopplerDateTime *_Nullable date, const char *_Nullable format);
    void (*_Nonnull date_time_unref)(CPopplerDateTime *_Nullable date);
    void (*_Nonnull page_render)(CPopplerPage *_Nullable page, CCairo *_Nullable cairo);
    // cairo, which poppler-glib loads.
    CCairoSurface *_Nullable (*_Nonnull cairo_image_surface_create)(int32_t format, int32_t width, int32_t height);
    int32_t (*_Nonnull cairo_surface_status)(CCairoSurface *_Nullable surface);
    int32_t (*_Nonnull cairo_surface_write_to_png_stream)(CCairoSurface *_Nullable surface, CCairoWriteFunction _Nullable write, void *_Nullable closure);
    void (*_Nonnull cairo_surface_destroy)(CCairoSurface *_Nullable surface);
    CCairo *_Nullable (*_Nonnull cairo_create)(CCairoSurface *_Nullable surface);
    int32_t (*_Nonnull cairo_status)(CCairo *_Nullable cairo);
    void (*_Nonnull cairo_scale)(CCairo *_Nullable cairo, double x, double y);
    void (*_Nonnull cairo_set_source_rgb)(CCairo *_Nullable cairo, double red, double green, double blue);
    void (*_Nonnull cairo_paint)(CCairo *_Nullable cairo);
    void (*_Nonnull cairo_destroy)(CCairo *_Nullable cairo);
} CPopplerFunctions;

/// Loads poppler-glib once per process and silences its log (the PDF
/// reader reports a file's problems in one line of its own). Returns the
/// functions, or NULL with `*error` set to a static message saying what
/// is missing.
const CPopplerFunctions *_Nullable cpoppler_load(const char *_Nullable *_Nullable error);

#endif
