import BookFiles

/// Duplicate ids made unique: the first element with an id keeps it (so
/// links reach it as before), each later one becomes `id-2`, `id-3`…, a
/// name no element has.
enum UniqueIDs {
    /// - Returns: every id after renaming, and how many elements were renamed.
    static func makeUnique(_ elements: [XMLNode]) -> (ids: Set<String>, renamed: Int) {
        var ids = Set(elements.compactMap { $0.attribute("id") })
        var seen: Set<String> = []
        var renamed = 0
        for element in elements {
            guard let id = element.attribute("id") else { continue }
            guard seen.contains(id) else {
                seen.insert(id)
                continue
            }
            var number = 2
            while ids.contains("\(id)-\(number)") { number += 1 }
            element.setAttribute("id", "\(id)-\(number)")
            ids.insert("\(id)-\(number)")
            seen.insert("\(id)-\(number)")
            renamed += 1
        }
        return (ids, renamed)
    }
}
