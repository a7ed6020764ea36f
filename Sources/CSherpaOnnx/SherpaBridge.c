#include "SherpaBridge.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#define NARRATE_SHERPA_HEADER "../../.local/piper/sherpa_onnx/include/sherpa-onnx/c-api/c-api.h"

static const char *root_of_checkout(void) {
    // __FILE__ is Sources/CSherpaOnnx/SherpaBridge.c inside the checkout.
    static char root[4096];
    if (root[0] == 0) {
        snprintf(root, sizeof root, "%s", __FILE__);
        for (int cut = 0; cut < 3; cut++) {
            char *slash = strrchr(root, '/');
            if (slash == NULL) {
                snprintf(root, sizeof root, ".");
                break;
            }
            *slash = 0;
        }
        strncat(root, "/.local/piper", sizeof root - strlen(root) - 1);
    }
    return root;
}

const char *narrate_sherpa_default_root(void) { return root_of_checkout(); }

#if __has_include(NARRATE_SHERPA_HEADER)
#include NARRATE_SHERPA_HEADER

static struct {
    void *handle;
    __typeof__(&SherpaOnnxGetVersionStr) version;
    __typeof__(&SherpaOnnxCreateOfflineTts) create;
    __typeof__(&SherpaOnnxDestroyOfflineTts) destroy;
    __typeof__(&SherpaOnnxOfflineTtsGenerateWithConfig) generate;
    __typeof__(&SherpaOnnxDestroyOfflineTtsGeneratedAudio) free_audio;
} library;

static char message[4200];

int narrate_sherpa_compiled(void) { return 1; }

const char *narrate_sherpa_load(const char *library_path) {
    if (library.handle != NULL) return NULL;
    void *handle = dlopen(library_path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, sizeof message, "%s", reason ? reason : "cannot load it");
        return message;
    }
#define NARRATE_SYMBOL(field, name)                                              \
    library.field = (__typeof__(library.field))dlsym(handle, #name);              \
    if (library.field == NULL) {                                                  \
        snprintf(message, sizeof message, "%s has no %s", library_path, #name);  \
        dlclose(handle);                                                          \
        return message;                                                           \
    }
    NARRATE_SYMBOL(version, SherpaOnnxGetVersionStr)
    NARRATE_SYMBOL(create, SherpaOnnxCreateOfflineTts)
    NARRATE_SYMBOL(destroy, SherpaOnnxDestroyOfflineTts)
    NARRATE_SYMBOL(generate, SherpaOnnxOfflineTtsGenerateWithConfig)
    NARRATE_SYMBOL(free_audio, SherpaOnnxDestroyOfflineTtsGeneratedAudio)
#undef NARRATE_SYMBOL
    // The configuration structs below are laid out by the 2.x header.
    if (strncmp(library.version(), "2.", 2) != 0) {
        snprintf(message, sizeof message, "sherpa-onnx %s found; narrate needs 2.x", library.version());
        dlclose(handle);
        return message;
    }
    library.handle = handle;
    return NULL;
}

const char *narrate_sherpa_version(void) { return library.handle ? library.version() : NULL; }

NarrateSherpaTTS *narrate_sherpa_create(
    const char *model, const char *tokens, int32_t threads, float noise_scale, float noise_scale_w,
    float length_scale) {
    if (library.handle == NULL) return NULL;
    SherpaOnnxOfflineTtsConfig config;
    memset(&config, 0, sizeof config);
    config.model.vits.model = model;
    config.model.vits.tokens = tokens;
    // sherpa reads 0 as "its default": the callers pass small positive values.
    config.model.vits.noise_scale = noise_scale;
    config.model.vits.noise_scale_w = noise_scale_w;
    config.model.vits.length_scale = length_scale;
    config.model.num_threads = threads;
    config.model.provider = "cpu";
    config.max_num_sentences = 1;
    config.silence_scale = 1.0f;
    return (NarrateSherpaTTS *)library.create(&config);
}

void narrate_sherpa_destroy(NarrateSherpaTTS *tts) {
    if (tts != NULL && library.handle != NULL) library.destroy((const SherpaOnnxOfflineTts *)tts);
}

int narrate_sherpa_generate(
    NarrateSherpaTTS *tts, const int32_t *codepoints, int32_t count, float speed, NarrateSherpaAudio *audio) {
    if (tts == NULL || library.handle == NULL || count <= 0) return -1;
    SherpaOnnxGenerationConfig config;
    memset(&config, 0, sizeof config);
    config.speed = speed;
    config.silence_scale = 1.0f;
    config.phoneme_codepoints = codepoints;
    config.phoneme_codepoints_lens = &count;
    config.phoneme_codepoints_num_sentences = 1;
    const SherpaOnnxGeneratedAudio *generated =
        library.generate((const SherpaOnnxOfflineTts *)tts, "", &config, NULL, NULL);
    if (generated == NULL) return -1;
    audio->samples = generated->samples;
    audio->count = generated->n;
    audio->sample_rate = generated->sample_rate;
    audio->owner = generated;
    return 0;
}

void narrate_sherpa_free_audio(NarrateSherpaAudio *audio) {
    if (audio->owner != NULL && library.handle != NULL) {
        library.free_audio((const SherpaOnnxGeneratedAudio *)audio->owner);
    }
    audio->owner = NULL;
    audio->samples = NULL;
    audio->count = 0;
}

#else

int narrate_sherpa_compiled(void) { return 0; }

const char *narrate_sherpa_load(const char *library_path) {
    (void)library_path;
    return "narrate was built without the sherpa-onnx header (run scripts/setup, then swift build)";
}

const char *narrate_sherpa_version(void) { return NULL; }

NarrateSherpaTTS *narrate_sherpa_create(
    const char *model, const char *tokens, int32_t threads, float noise_scale, float noise_scale_w,
    float length_scale) {
    (void)model, (void)tokens, (void)threads, (void)noise_scale, (void)noise_scale_w, (void)length_scale;
    return NULL;
}

void narrate_sherpa_destroy(NarrateSherpaTTS *tts) { (void)tts; }

int narrate_sherpa_generate(
    NarrateSherpaTTS *tts, const int32_t *codepoints, int32_t count, float speed, NarrateSherpaAudio *audio) {
    (void)tts, (void)codepoints, (void)count, (void)speed, (void)audio;
    return -1;
}

void narrate_sherpa_free_audio(NarrateSherpaAudio *audio) { (void)audio; }

#endif
