import Foundation
import Runtime
import Testing

/// Effects that send synchronously (`.send`, a `merge` of them) finish before the store reduces
/// what they sent: the trace still announces each output before its action, names the effect in
/// it, and ends the effect after them.
@MainActor
@Suite(.serialized) struct DebugReducerSynchronousSendTests {
  @Test func aSendEffectsOutputIsAnnouncedAndItsActionNamesTheEffect() async throws {
    let buffer = TraceBuffer()
    let reducer = LogFeature(tapEffect: { .send(.log("now")) }).debug(to: .memory(buffer))
    let store = Store(initialState: [String]()) { reducer }
    await store.send(.tap).finish()
    reducer.recorder.close()
    #expect(
      try normalizedTrace(buffer.text) == """
        {"kind":"session","format":2,"reducer":"Swift.Array<Swift.String>","name":"Swift.Array<Swift.String>","prefix":"","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":[]}
        {"kind":"action","seq":1,"label":"LogAction.tap","action":{"$enum":"LogAction","tap":{}},"patch":[]}
        {"kind":"effect","event":"started","effect":1,"seq":1,"label":"LogAction.tap"}
        {"kind":"effect","event":"output","effect":1,"seq":2,"label":"LogAction.log"}
        {"kind":"action","seq":2,"label":"LogAction.log","effect":1,"action":{"$enum":"LogAction","log":{"_0":"now"}},"patch":[{"op":"add","path":"/0","value":"now"}]}
        {"kind":"effect","event":"finished","effect":1}
        {"kind":"end","actions":2}
        """)
  }

  @Test func aMergeOfSendsAnnouncesEveryOutputInOrder() async throws {
    let buffer = TraceBuffer()
    let reducer = LogFeature(tapEffect: { .merge(.send(.log("a")), .send(.log("b"))) }).debug(to: .memory(buffer))
    let store = Store(initialState: [String]()) { reducer }
    await store.send(.tap).finish()
    reducer.recorder.close()
    #expect(
      try normalizedTrace(buffer.text) == """
        {"kind":"session","format":2,"reducer":"Swift.Array<Swift.String>","name":"Swift.Array<Swift.String>","prefix":"","clock":"monotonic","keyframeInterval":0,"redacted":[],"redaction":"default"}
        {"kind":"state","seq":0,"state":[]}
        {"kind":"action","seq":1,"label":"LogAction.tap","action":{"$enum":"LogAction","tap":{}},"patch":[]}
        {"kind":"effect","event":"started","effect":1,"seq":1,"label":"LogAction.tap"}
        {"kind":"effect","event":"output","effect":1,"seq":2,"label":"LogAction.log"}
        {"kind":"action","seq":2,"label":"LogAction.log","effect":1,"action":{"$enum":"LogAction","log":{"_0":"a"}},"patch":[{"op":"add","path":"/0","value":"a"}]}
        {"kind":"effect","event":"output","effect":1,"seq":3,"label":"LogAction.log"}
        {"kind":"action","seq":3,"label":"LogAction.log","effect":1,"action":{"$enum":"LogAction","log":{"_0":"b"}},"patch":[{"op":"add","path":"/1","value":"b"}]}
        {"kind":"effect","event":"finished","effect":1}
        {"kind":"end","actions":3}
        """)
  }
}
