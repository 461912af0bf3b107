import Testing

@Test func RuntimeTestsPlaceholder() { #expect(Bool(true)) }
