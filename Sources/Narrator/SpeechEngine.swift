import BookModel

// The narrator issue fills this module: SpeechEngine, ESpeakEngine, outputs.
