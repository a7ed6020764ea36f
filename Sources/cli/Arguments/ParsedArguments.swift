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
            throw UsageError("--\(long): expected a number from \(range.lowerBound) to \(range.upperBound), found '\(text)'")
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
                values[spec.long, default: []].append(value)
                return
            }
            flags.insert(spec.long)
        }
    }

    private static func nextValue(for option: String, rest: [String], index: inout Int) throws(UsageError) -> String {
        guard index < rest.count else { throw UsageError("option '\(option)' needs a value") }
        index += 1
        return rest[index - 1]
    }

    private static func suggestion(for name: String, in options: [OptionSpec]) -> String {
        let close = options.map(\.long).filter { $0.hasPrefix(name) || name.hasPrefix($0) || $0.editDistance(to: name) <= 2 }
        return close.isEmpty ? "" : " (did you mean '--\(close[0])'?)"
    }
}
