import Foundation
import Testing
import TraceTestSupport

@testable import Debugging

/// `Platform.startWriteback` sends a file's pages to disk as it is written (`OutputFile`, every
/// 8 MB): the file reads as written, before and after, and writing goes on after it.
@Suite struct PlatformWritebackTests {
  @Test func aFileSentToDiskHalfWayReadsAsWritten() throws {
    let path = traceTemporaryPath("writeback.html")
    let fd = try Platform.open(path, .createNew(permissions: 0o600)).get()
    let first = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
    let second = Array("the rest\n".utf8)
    #expect(first.withUnsafeBytes { Platform.writeAll(fd, $0).error } == nil)
    Platform.startWriteback(fd)
    #expect(second.withUnsafeBytes { Platform.writeAll(fd, $0).error } == nil)
    Platform.startWriteback(fd)
    #expect(Platform.close(fd) == nil)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(first + second))
  }

  /// A descriptor that is no file (standard error, a closed one) is left as it is.
  @Test func aDescriptorThatIsNoFileIsLeftAlone() {
    Platform.startWriteback(Platform.standardError)
    Platform.startWriteback(-1)
  }
}
