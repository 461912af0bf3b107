import Testing

@Test func TCATraceTestsPlaceholder() { #expect(Bool(true)) }
