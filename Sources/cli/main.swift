import Rendering
import Foundation

ProcessTuning.apply()
Interrupts.install()
exit(Narrate.main(Array(CommandLine.arguments.dropFirst())))
