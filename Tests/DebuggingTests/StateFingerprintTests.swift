import Foundation
import Testing

@testable import Debugging

private struct Padded {
  var flag = true
  var count = 7
  var name = "milk"
  var maybe: Int? = nil
  var rows: [Int] = [1]
  var inner = Inner()
}

private struct Inner {
  var done = false
  var id = UUID()
}

/// The fingerprint that tells whether a child's state changed outside its reducer compares only
/// bytes that mean something: padding (and an optional's unused payload) may hold anything, and a
/// release build leaves garbage there — a whole state line per action when it was compared.
@Suite struct StateFingerprintTests {
  @Test func onlyPaddingFreeLeavesAreCompared() {
    #expect(MemoryLayout<Padded>.size > 64)
    #expect(
      StateFingerprint.of(Padded.self).ranges == [
        0..<1,  // flag (7 bytes of padding follow)
        8..<16,  // count
        16..<32,  // name
        // maybe: Int? (32..<41) is left out, and the padding after it
        48..<56,  // rows: the array's reference
        56..<57, 57..<73,  // inner.done, inner.id
      ])
  }

  @Test func garbageInThePaddingIsNotAChange() {
    var a = Padded(), b = a
    withUnsafeMutableBytes(of: &a) { $0[1] = 0xAA }
    withUnsafeMutableBytes(of: &b) { $0[1] = 0x55 }
    let fingerprint = StateFingerprint.of(Padded.self)
    #expect(
      withUnsafeBytes(of: a) { fingerprint.bytes(of: $0) } == withUnsafeBytes(of: b) { fingerprint.bytes(of: $0) })
    b.count += 1
    #expect(
      withUnsafeBytes(of: a) { fingerprint.bytes(of: $0) } != withUnsafeBytes(of: b) { fingerprint.bytes(of: $0) })
  }
}
