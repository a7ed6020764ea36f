// libaubio (libaubio-dev): the phase vocoder and MFCC the aligner's
// features come from. Only Alignment's MFCCAnalyzer imports this module.
#include <aubio/aubio.h>
