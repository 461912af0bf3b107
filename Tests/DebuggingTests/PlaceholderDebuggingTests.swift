import Testing

@Test func DebuggingTestsPlaceholder() { #expect(Bool(true)) }
