/* ICU's sentence break iterator on a UTF-8 text, for comparison with
 * narrate's SentenceSplitter (docs/segmentation.md).
 *
 *   cc -O2 bench/segment-icu.c $(pkg-config --cflags --libs icu-uc icu-i18n) -o /tmp/segment-icu
 *   /tmp/segment-icu FILE [LOCALE] [REPEATS]     count sentences, MB/s
 *   /tmp/segment-icu --traps [LOCALE]            boundaries on the trap sentences
 *
 * Paragraphs (lines) are segmented one by one, as narrate does; LOCALE
 * "en@ss=standard" turns on ICU's abbreviation suppressions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/ubrk.h>
#include <unicode/ustring.h>

/* One iterator per run, re-pointed at each paragraph with ubrk_setText:
 * opening one is expensive (with suppressions, ~50 µs). */
static UBreakIterator *iterator(const char *locale) {
    static UBreakIterator *it = NULL;
    if (!it) {
        UErrorCode status = U_ZERO_ERROR;
        it = ubrk_open(UBRK_SENTENCE, locale, NULL, 0, &status);
        if (U_FAILURE(status)) { fprintf(stderr, "ubrk_open: %s\n", u_errorName(status)); exit(1); }
    }
    return it;
}

static int count_sentences(const char *utf8, int32_t length, const char *locale, FILE *out) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t units = 0;
    u_strFromUTF8(NULL, 0, &units, utf8, length, &status);
    status = U_ZERO_ERROR;
    UChar *text = malloc(sizeof(UChar) * (units + 1));
    u_strFromUTF8(text, units + 1, NULL, utf8, length, &status);
    UBreakIterator *it = iterator(locale);
    ubrk_setText(it, text, units, &status);
    if (U_FAILURE(status)) { fprintf(stderr, "ubrk_setText: %s\n", u_errorName(status)); exit(1); }
    int count = 0;
    int32_t start = ubrk_first(it);
    for (int32_t end = ubrk_next(it); end != UBRK_DONE; start = end, end = ubrk_next(it)) {
        count++;
        if (out) {
            char piece[4096];
            int32_t written = 0;
            UErrorCode s2 = U_ZERO_ERROR;
            u_strToUTF8(piece, sizeof piece - 1, &written, text + start, end - start, &s2);
            piece[written < 4095 ? written : 4095] = 0;
            fprintf(out, "%s%s", count > 1 ? "¦" : "", piece);
        }
    }
    if (out) fputc('\n', out);
    free(text);
    return count;
}

static const char *traps[] = {
    "Mr. Smith arrived. He sat down! Did he?",
    "Dr. Watson met Mrs. Hudson at St. Paul's. They talked.",
    "J. R. R. Tolkien wrote it. J.R.R. Tolkien did.",
    "Bring fruit, e.g. apples, i.e. something sweet. Then go.",
    "It was Smith vs. Jones. Jones won.",
    "He arrived at 5 p.m. Then he ate.",
    "She moved to the U.S. Army base. It was cold.",
    "Apples, pears, etc. were sold. Etc. is short.",
    "See No. 5 on p. 12. It is there.",
    "Pi is 3.14 or so. It costs $1,000.50 today. Rates rose 2.5% this year.",
    "Well… I don't know. Wait... what? And then… Nothing.",
    "\"Stop!\" he said. She stopped.",
    "“Stop!” The car stopped. “Why?” she asked.",
    "1. Introduction to the topic",
    "Visit www.example.com/index.html today. Or write to ann.lee@example.org now.",
    "This is the end.The next one starts here.",
    "Wir kaufen Obst, z.B. Äpfel, d.h. etwas Süßes. Dann gehen wir.",
    "吾輩は猫である。名前はまだ無い。どこで生れたか？「にゃあ。」終わり",
    "آپ کیسے ہیں؟میں ٹھیک ہوں۔شکریہ",
};

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "--traps") == 0) {
        const char *locale = argc > 2 ? argv[2] : "en";
        for (size_t i = 0; i < sizeof traps / sizeof *traps; i++)
            count_sentences(traps[i], (int32_t)strlen(traps[i]), locale, stdout);
        return 0;
    }
    if (argc < 2) { fprintf(stderr, "usage: %s FILE [LOCALE] [REPEATS] | --traps [LOCALE]\n", argv[0]); return 64; }
    const char *locale = argc > 2 ? argv[2] : "en";
    int repeats = argc > 3 ? atoi(argv[3]) : 5;
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc(size + 1);
    if (fread(bytes, 1, size, file) != (size_t)size) { perror("read"); return 1; }
    fclose(file);
    double best = 1e9;
    int count = 0;
    for (int r = 0; r < repeats; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        count = 0;
        for (char *line = bytes; line < bytes + size;) {
            char *end = memchr(line, '\n', bytes + size - line);
            if (!end) end = bytes + size;
            if (end > line) count += count_sentences(line, (int32_t)(end - line), locale, NULL);
            line = end + 1;
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
        if (seconds < best) best = seconds;
    }
    printf("icu locale=%s bytes=%ld sentences=%d best=%.4f s throughput=%.1f MB/s\n",
           locale, size, count, best, size / best / 1e6);
    return 0;
}
