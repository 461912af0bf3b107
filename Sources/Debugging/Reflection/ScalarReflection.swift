import Foundation

// How scalars become values. Integers are normalised (`.int` when the value fits `Int64`, else
// `.uint`); floating-point types become `.double`.

extension Reflector {
  /// The value of a scalar of kind `kind`, or nil when `kind` is not a scalar.
  static func scalar(_ value: Any, _ kind: ReflectedType.Kind) -> Value? {
    switch kind {
    case .string: return .string(value as! String)
    case .substring: return .string(String(value as! Substring))
    case .character: return .string(String(value as! Character))
    case .unicodeScalar: return .string(String(value as! Unicode.Scalar))
    case .int: return .int(Int64(value as! Int))
    case .bool: return .bool(value as! Bool)
    case .double: return .double(value as! Double)
    case .cgFloat: return .double(Double(value as! CGFloat))
    case .uuid: return .uuid(value as! UUID)
    case .date: return .date(value as! Date)
    case .url: return .url(value as! URL)
    case .data: return .data(value as! Data)
    case .decimal: return .string((value as! Decimal).description)
    case .signedInteger, .unsignedInteger:
      let integer = value as! any BinaryInteger
      return Self.integer(integer)
    case .floatingPoint:
      let number = value as! any BinaryFloatingPoint
      return Self.floatingPoint(number)
    case .nsString: return .string(String(describing: value as! NSString))
    case .nsNumber: return number(value as! NSNumber)
    case .custom, .anyHashable, .structure, .tuple, .enumeration, .optional, .array, .set, .dictionary, .mirror:
      return nil
    }
  }

  /// `.int` when the value fits `Int64`, `.uint` when it fits `UInt64`; wider integers (`Int128`)
  /// beyond both become their decimal text, so nothing is silently rounded.
  static func integer<T: BinaryInteger>(_ value: T) -> Value {
    if let signed = Int64(exactly: value) { return .int(signed) }
    if let unsigned = UInt64(exactly: value) { return .uint(unsigned) }
    return .string(String(value))
  }

  /// An integer when the number holds one exactly, else a double.
  static func number(_ number: NSNumber) -> Value {
    let double = number.doubleValue
    if double.rounded() == double, let integer = Int64(exactly: double), number.int64Value == integer {
      return .int(integer)
    }
    if double.rounded() == double, number.uint64Value > UInt64(Int64.max) { return .uint(number.uint64Value) }
    return .double(double)
  }

  /// `Float` and `Float16` go through their shortest decimal text, so `Float(0.1)` is `0.1`
  /// rather than `0.10000000149011612`; wider types convert directly.
  static func floatingPoint<T: BinaryFloatingPoint>(_ value: T) -> Value {
    if T.significandBitCount < Double.significandBitCount, value.isFinite,
      let shortest = Double("\(value)")
    {
      return .double(shortest)
    }
    return .double(Double(value))
  }
}

extension Reflector {
  /// What a URL's secrets are written as: `<redacted>`, percent-encoded.
  static let redactedURLText = "%3Credacted%3E"

  /// `url` with the values of its query items and fragment parameters whose names are secret
  /// words (`?access_token=…`, an OAuth redirect's `#id_token=…`) and its password replaced by
  /// `<redacted>`; the rest as it is.
  ///
  /// ```text
  /// https://ada:pw@x.test/cb?access_token=abc&page=2#id_token=def
  /// https://ada:%3Credacted%3E@x.test/cb?access_token=%3Credacted%3E&page=2#id_token=%3Credacted%3E
  /// ```
  static func redactingSecrets(in url: URL, _ options: ReflectionOptions) -> URL {
    // Resolved: a URL made relative to a base (`URL(string: "users", relativeTo: api)`) is written
    // whole, its base's password and query included.
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
    var changed = false
    if components.percentEncodedPassword != nil {
      components.percentEncodedPassword = redactedURLText
      changed = true
    }
    if let query = components.percentEncodedQuery, let redacted = redactingParameters(query, options) {
      components.percentEncodedQuery = redacted
      changed = true
    }
    if let fragment = components.percentEncodedFragment, let redacted = redactingParameters(fragment, options) {
      components.percentEncodedFragment = redacted
      changed = true
    }
    return changed ? components.url ?? url : url.absoluteURL
  }

  /// `name=value` pairs joined by `&` with the values of secret names replaced; `nil` when none is.
  private static func redactingParameters(_ text: String, _ options: ReflectionOptions) -> String? {
    var changed = false
    let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> Substring in
      guard let equals = pair.firstIndex(of: "=") else { return pair }
      let name = pair[..<equals]
      guard options.isRedactedKey(name.removingPercentEncoding ?? String(name)) else { return pair }
      changed = true
      return name + "=" + redactedURLText
    }
    return changed ? pairs.joined(separator: "&") : nil
  }
}
