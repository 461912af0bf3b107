#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif os(Windows)
import ucrt
#endif

/// A large output file's pages sent to disk while it is written, not all at its end.
///
/// On ext4, `rename` over an existing file first allocates the blocks of every page of the new
/// file not yet on disk and submits them (its safeguard for files replaced by a rename), waiting
/// on the disk's queue: for a 62 MB report page over the last one, ~25 of the ~40 ms `rename`
/// took. Sent as it goes, the page is mostly on its way by then. Elsewhere this does nothing.
///
/// ```swift
/// Platform.startWriteback(fd)   // after each few MB written; returns at once
/// ```
extension Platform {
  #if os(Linux)
  private typealias SyncFileRange = @convention(c) (Int32, Int64, Int64, UInt32) -> Int32
  /// `sync_file_range`, which Glibc's module leaves out (it needs `_GNU_SOURCE`).
  private static let syncFileRange: SyncFileRange? = dlsym(nil, "sync_file_range").map {
    unsafeBitCast($0, to: SyncFileRange.self)
  }
  /// `SYNC_FILE_RANGE_WRITE`: start writing the dirty pages, wait for none.
  private static let syncFileRangeWrite: UInt32 = 2
  #endif

  /// Starts writing the file's dirty pages to disk, without waiting for them to be written.
  package static func startWriteback(_ descriptor: Int32) {
    #if os(Linux)
    _ = syncFileRange?(descriptor, 0, 0, syncFileRangeWrite)
    #endif
  }
}
