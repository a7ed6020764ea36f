import Rendering
import Foundation

Interrupts.install()
exit(Narrate.main(Array(CommandLine.arguments.dropFirst())))
