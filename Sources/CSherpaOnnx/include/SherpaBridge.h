#ifndef NARRATE_SHERPA_BRIDGE_H
#define NARRATE_SHERPA_BRIDGE_H

#include <stdint.h>

/// narrate's narrow view of sherpa-onnx's offline text-to-speech C API.
///
/// The library is loaded with dlopen when a Piper voice first speaks, so
/// narrate builds and runs without it. Its header is read at build time from
/// the runtime scripts/setup installs under .local/piper (nothing is copied
/// into the repository); without the header every call reports that.

/// An opaque sherpa-onnx offline TTS handle.
typedef struct NarrateSherpaTTS NarrateSherpaTTS;

/// Audio from one generation: samples (float, -1…1) followed by whatever the
/// model appends. Free with narrate_sherpa_free_audio.
typedef struct NarrateSherpaAudio {
    const float *samples;
    int32_t count;
    int32_t sample_rate;
    const void *owner;
} NarrateSherpaAudio;

/// 1 when narrate was compiled against the sherpa-onnx header, else 0.
int narrate_sherpa_compiled(void);

/// Where scripts/setup installs the runtime for this checkout (the folder
/// holding sherpa_onnx/ and bin/python), as seen when narrate was compiled.
const char *narrate_sherpa_default_root(void);

/// Loads libsherpa-onnx-c-api.so from `library_path`. Returns NULL on
/// success (also when already loaded), else a message valid until the next
/// call.
const char *narrate_sherpa_load(const char *library_path);

/// The loaded library's version string, or NULL before a load.
const char *narrate_sherpa_version(void);

/// Creates a VITS (Piper) synthesiser; NULL on failure (sherpa prints why).
NarrateSherpaTTS *narrate_sherpa_create(
    const char *model, const char *tokens, int32_t threads, float noise_scale, float noise_scale_w,
    float length_scale);

void narrate_sherpa_destroy(NarrateSherpaTTS *tts);

/// Synthesises one sentence given as phoneme codepoints at `speed` (> 1 is
/// faster). Returns 0 and fills `audio`, else -1.
int narrate_sherpa_generate(
    NarrateSherpaTTS *tts, const int32_t *codepoints, int32_t count, float speed, NarrateSherpaAudio *audio);

void narrate_sherpa_free_audio(NarrateSherpaAudio *audio);

#endif
