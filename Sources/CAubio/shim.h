// libaubio (libaubio-dev): the phase vocoder and MFCC the aligner's
// features come from. Headers only: Alignment's AubioLibrary loads the
// library with dlopen (only MFCCAnalyzer uses it).
#include <aubio/aubio.h>
