import Foundation

/// Plist dates: ISO 8601 in UTC, `2014-07-11T16:00:00Z`, as Apple writes them.
package enum PropertyListDate {
    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (a trailing fraction of seconds is allowed).
    package static func parse(_ text: String) -> Date? {
        let fields = text.split(whereSeparator: { "-T:Z".contains($0) })
        guard text.hasSuffix("Z"), fields.count == 6,
            let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
            let hour = Int(fields[3]), let minute = Int(fields[4]), let second = Double(fields[5]),
            (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0..<61).contains(second)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60) + second
        return Date(timeIntervalSince1970: seconds)
    }

    /// Formats a date as Apple's writers do (whole seconds, UTC).
    package static func format(_ date: Date) -> String {
        let total = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = Int(total - days * 86_400)
        let (year, month, day) = civilFromDays(Int(days))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day,
            secondsOfDay / 3600, secondsOfDay / 60 % 60, secondsOfDay % 60)
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
