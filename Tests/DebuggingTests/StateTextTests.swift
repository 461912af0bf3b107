import Testing
import TraceTestSupport

@testable import Debugging

/// The state `validate` keeps as text: a large one stays in the line the reader read (no second
/// copy of a 100 MB state), a small one is copied; either way its bytes are the state's.
@Suite struct StateTextTests {
  static func states(_ stateText: String, keyframe: Bool) throws -> [TraceLineRules.DeferredState] {
    let header = sampleTrace.split(separator: "\n")[0]
    let line =
      keyframe
      ? #"{"kind":"action","seq":1,"t":1,"duration":1,"label":"a","action":null,"patch":[],"state":"# + stateText + "}"
      : #"{"kind":"state","seq":0,"t":0,"state":"# + stateText + "}"
    let reader = try TraceReader(
      path: traceFile([String(header), line, #"{"kind":"end","t":2,"actions":1}"#].joined(separator: "\n") + "\n"))
    reader.readsForChecking = true
    var states: [TraceLineRules.DeferredState] = []
    while let item = reader.next() {
      _ = try item.get()
      if let state = reader.takeDeferredState() { states.append(state) }
    }
    return states
  }

  @Test(arguments: [false, true]) func aLargeStateStaysInItsLine(keyframe: Bool) throws {
    let large = #"{"todos":["# + (0..<90_000).map { #"{"id":\#($0),"done":false}"# }.joined(separator: ",") + "]}"
    #expect(large.utf8.count >= Platform.largeBufferSize)
    let found = try Self.states(large, keyframe: keyframe)
    #expect(found.count == 1)
    #expect(found[0].text.keepsLine)
    #expect(found[0].text.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } == large)
  }

  @Test(arguments: [false, true]) func aSmallStateIsCopied(keyframe: Bool) throws {
    let small = #"{"todos":["# + (0..<400).map { #"{"id":\#($0),"done":false}"# }.joined(separator: ",") + "]}"
    let found = try Self.states(small, keyframe: keyframe)
    #expect(found.count == 1)
    #expect(!found[0].text.keepsLine)
    #expect(found[0].text.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) } == small)
  }
}
