import Foundation

/// Readable type names, as traces and diffs show them: `Todo`, `[Todo]`, `Int?`, `Todos.Action`
/// (module prefixes dropped).
public enum TypeName {
  /// The readable name of a value's type.
  ///
  /// ```swift
  /// TypeName.of([Todo]())                    // "[Todo]"
  /// TypeName.of(["a": 1] as [String: Int])   // "[String: Int]"
  /// ```
  public static func of(_ value: Any) -> String {
    of(type: type(of: value))
  }

  /// The readable name of a type.
  ///
  /// ```swift
  /// TypeName.of(type: Optional<Todos.Action>.self)         // "Todos.Action?"
  /// TypeName.of(type: IdentifiedArray<UUID, Todo>.self)    // "IdentifiedArray<UUID, Todo>"
  /// ```
  ///
  /// Names are computed once per type and cached; the cache is safe to use from any thread.
  public static func of(type: Any.Type) -> String {
    TypeNameCache.shared.name(of: type)
  }
}

/// A lock-protected cache of readable type names, keyed by the type's identity.
///
/// An `NSLock` rather than `Synchronization.Mutex`: the package supports macOS 13, where `Mutex`
/// is unavailable, and an uncontended lock is a few nanoseconds either way.
final class TypeNameCache: @unchecked Sendable {
  static let shared = TypeNameCache()

  private let lock = NSLock()
  private var names: [ObjectIdentifier: String] = [:]

  func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    lock.lock()
    let cached = names[key]
    lock.unlock()
    if let cached { return cached }
    let name = TypeNameScanner.readable(String(reflecting: type))
    lock.lock()
    names[key] = name
    lock.unlock()
    return name
  }
}
