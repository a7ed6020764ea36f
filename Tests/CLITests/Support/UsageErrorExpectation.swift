import Testing

/// Runs `narrate arguments…` and checks that it ended as a usage error
/// does: exit status 64, `firstLine` on standard error, then the usage line.
func expectUsageError(_ arguments: [String], firstLine: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    let result = try NarrateProcess.run(arguments)
    #expect(result.status == 64, sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.first.map(String.init) == firstLine, sourceLocation: sourceLocation)
    #expect(lines.count == 2 && lines[1].hasPrefix("Usage: narrate"), sourceLocation: sourceLocation)
}
