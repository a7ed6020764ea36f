#include "CPoppler.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static CPopplerFunctions functions;
static const char *failure;
static pthread_once_t once = PTHREAD_ONCE_INIT;

typedef void (*LogFunction)(const char *domain, int level, const char *message, void *data);

static void drop_message(const char *domain, int level, const char *message, void *data) {
    (void)domain, (void)level, (void)message, (void)data;
}

/// The symbol `name` in `handle`, or NULL with `failure` saying which.
static void *resolve(void *handle, const char *name) {
    static char message[160];
    void *address = dlsym(handle, name);
    if (!address && !failure) {
        snprintf(message, sizeof message, "libpoppler-glib.so.8 (or the cairo it loads) has no %s; poppler-glib 0.89 or later is needed", name);
        failure = message;
    }
    return address;
}

#define RESOLVE(field, name) *(void **)(&functions.field) = resolve(handle, name)

static void load(void) {
    void *handle = dlopen("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        failure = "cannot load libpoppler-glib.so.8; install the libpoppler-glib8 package";
        return;
    }
    RESOLVE(get_version, "poppler_get_version");
    RESOLVE(document_new_from_bytes, "poppler_document_new_from_bytes");
    RESOLVE(document_get_n_pages, "poppler_document_get_n_pages");
    RESOLVE(document_get_page, "poppler_document_get_page");
    RESOLVE(document_get_title, "poppler_document_get_title");
    RESOLVE(document_get_author, "poppler_document_get_author");
    RESOLVE(document_get_subject, "poppler_document_get_subject");
    RESOLVE(document_get_keywords, "poppler_document_get_keywords");
    RESOLVE(document_get_metadata, "poppler_document_get_metadata");
    RESOLVE(document_get_creation_date_time, "poppler_document_get_creation_date_time");
    RESOLVE(document_find_dest, "poppler_document_find_dest");
    RESOLVE(dest_free, "poppler_dest_free");
    RESOLVE(page_get_size, "poppler_page_get_size");
    RESOLVE(page_get_text, "poppler_page_get_text");
    RESOLVE(page_get_text_layout, "poppler_page_get_text_layout");
    RESOLVE(page_get_text_attributes, "poppler_page_get_text_attributes");
    RESOLVE(page_free_text_attributes, "poppler_page_free_text_attributes");
    RESOLVE(index_iter_new, "poppler_index_iter_new");
    RESOLVE(index_iter_get_child, "poppler_index_iter_get_child");
    RESOLVE(index_iter_next, "poppler_index_iter_next");
    RESOLVE(index_iter_get_action, "poppler_index_iter_get_action");
    RESOLVE(index_iter_free, "poppler_index_iter_free");
    RESOLVE(action_free, "poppler_action_free");
    RESOLVE(error_quark, "poppler_error_quark");
    RESOLVE(bytes_new, "g_bytes_new");
    RESOLVE(bytes_unref, "g_bytes_unref");
    RESOLVE(object_unref, "g_object_unref");
    RESOLVE(free, "g_free");
    RESOLVE(error_free, "g_error_free");
    RESOLVE(date_time_format, "g_date_time_format");
    RESOLVE(date_time_unref, "g_date_time_unref");
    RESOLVE(page_render, "poppler_page_render");
    RESOLVE(cairo_image_surface_create, "cairo_image_surface_create");
    RESOLVE(cairo_surface_status, "cairo_surface_status");
    RESOLVE(cairo_surface_write_to_png_stream, "cairo_surface_write_to_png_stream");
    RESOLVE(cairo_surface_destroy, "cairo_surface_destroy");
    RESOLVE(cairo_create, "cairo_create");
    RESOLVE(cairo_status, "cairo_status");
    RESOLVE(cairo_scale, "cairo_scale");
    RESOLVE(cairo_set_source_rgb, "cairo_set_source_rgb");
    RESOLVE(cairo_paint, "cairo_paint");
    RESOLVE(cairo_destroy, "cairo_destroy");
    unsigned (*set_handler)(const char *, int, LogFunction, void *);
    *(void **)(&set_handler) = resolve(handle, "g_log_set_handler");
    if (failure) return;
    // Every level (G_LOG_LEVEL_MASK and the fatal flags) of poppler's domain.
    set_handler("Poppler", ~0, drop_message, NULL);
}

const CPopplerFunctions *cpoppler_load(const char **error) {
    pthread_once(&once, load);
    if (failure) {
        if (error) *error = failure;
        return NULL;
    }
    return &functions;
}
