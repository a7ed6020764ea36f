import Rendering
import BookModel

/// The options and operands of one command line, checked against the
/// command's ``OptionSpec``s.
///
/// Accepts `--name value`, `--name=value`, `-o value`, `-ovalue`, bundled
/// short flags (`-qf`), `--` to end options, and `-` as an operand (standard
/// input or output).
struct ParsedArguments {
    /// Operands in order.
    private(set) var operands: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                operands.append(contentsOf: arguments[index...])
                return
            }
            if argument.hasPrefix("--") {
                try parseLong(argument, options: options, rest: arguments, index: &index)
            } else if argument.hasPrefix("-"), argument.count > 1 {
                try parseShort(argument, options: options, rest: arguments, index: &index)
            } else {
                operands.append(argument)
            }
        }
    }

    /// The last value given for a value option, or nil.
    func value(_ long: String) -> String? { values[long]?.last }

    /// Every value given for a repeatable value option, in order.
    func values(_ long: String) -> [String] { values[long] ?? [] }

    /// Whether a flag was given.
    func flag(_ long: String) -> Bool { flags.contains(long) }

    /// A value option parsed as one of an enum's cases.
    func choice<T: RawRepresentable & CaseIterable>(_ long: String, as type: T.Type) throws(UsageError) -> T?
    where T.RawValue == String {
        guard let text = value(long) else { return nil }
        guard let choice = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--\(long): '\(text)' is not one of \(names)")
        }
        return choice
    }

    /// A value option parsed as a number within `range`.
    func number(_ long: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = value(long) else { return nil }
        guard let number = Double(text), range.contains(number) else {
            let (low, high) = (BookDump.format(range.lowerBound), BookDump.format(range.upperBound))
            throw UsageError("--\(long): expected a number from \(low) to \(high), found '\(text)'")
        }
        return number
    }

    /// A value option parsed as a whole number of at least `minimum` (and
    /// at most `maximum` when given).
    func wholeNumber(_ long: String, from minimum: Int, to maximum: Int? = nil) throws(UsageError) -> Int? {
        guard let text = value(long) else { return nil }
        guard let number = Int(text), number >= minimum, number <= (maximum ?? Int.max) else {
            let range = maximum.map { "from \(minimum) to \($0)" } ?? "from \(minimum)"
            throw UsageError("--\(long): expected a whole number \(range), found '\(text)'")
        }
        return number
    }

    private mutating func parseLong(_ argument: String, options: [OptionSpec], rest: [String], index: inout Int)
        throws(UsageError)
    {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let spec = options.first(where: { $0.long == name }) else {
            throw UsageError("unknown option '--\(name)'" + Self.suggestion(for: name, in: options))
        }
        if spec.takesValue {
            let value: String
            if let inlineValue { value = inlineValue } else {
                value = try Self.nextValue(for: "--\(name)", rest: rest, index: &index)
            }
            guard !value.isEmpty else { throw UsageError("option '--\(name)' needs a value, and was given an empty one") }
            values[name, default: []].append(value)
        } else {
            guard inlineValue == nil else { throw UsageError("option '--\(name)' takes no value") }
            flags.insert(name)
        }
    }

    private mutating func parseShort(_ argument: String, options: [OptionSpec], rest: [String], index: inout Int)
        throws(UsageError)
    {
        var letters = Substring(argument.dropFirst())
        while let letter = letters.first {
            letters = letters.dropFirst()
            guard let spec = options.first(where: { $0.short == letter }) else {
                throw UsageError("unknown option '-\(letter)'")
            }
            if spec.takesValue {
                var value = String(letters)
                if letters.isEmpty { value = try Self.nextValue(for: "-\(letter)", rest: rest, index: &index) }
                guard !value.isEmpty else { throw UsageError("option '-\(letter)' needs a value, and was given an empty one") }
                values[spec.long, default: []].append(value)
                return
            }
            flags.insert(spec.long)
        }
    }

    /// The argument after an option that takes a value. An argument that is
    /// itself an option (`-o -q`) is refused rather than taken as a file
    /// name; `-` and negative numbers are values.
    private static func nextValue(for option: String, rest: [String], index: inout Int) throws(UsageError) -> String {
        guard index < rest.count else { throw UsageError("option '\(option)' needs a value") }
        let value = rest[index]
        if value.hasPrefix("-"), value != "-", Double(value) == nil {
            throw UsageError("option '\(option)' needs a value, found the option '\(value)' "
                + "(for a file of that name, write ./\(value))")
        }
        index += 1
        return value
    }

    private static func suggestion(for name: String, in options: [OptionSpec]) -> String {
        let close = options.map(\.long).filter { $0.hasPrefix(name) || name.hasPrefix($0) || $0.editDistance(to: name) <= 2 }
        return close.isEmpty ? "" : " (did you mean '--\(close[0])'?)"
    }
}
