import Foundation

/// The lines a worker wrote to its log.
enum LogFileLines {
    static func read(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
