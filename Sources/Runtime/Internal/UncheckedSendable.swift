/// Carries a value the compiler cannot prove `Sendable` into a main-actor closure.
///
/// Used only for values an effect captures when it is built (its actions and parts) and reads
/// only on the main actor when the store starts it.
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
