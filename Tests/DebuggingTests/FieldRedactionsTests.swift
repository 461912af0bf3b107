import Foundation
import Testing

@testable import Debugging

// The live diff remembers which fields of a type its options redact (`FieldRedactions`): a diff
// with other options must not reuse what was worked out for the last ones.

private struct Login: Equatable {
  var user: String
  var authToken: String
}

@Suite struct FieldRedactionsTests {
  private let old = Login(user: "ada", authToken: "t1")
  private let new = Login(user: "bob", authToken: "t2")

  private func diff(_ options: ReflectionOptions) -> String {
    StateDiff(old, new, reflection: options).description
  }

  @Test func eachDiffUsesItsOwnOptions() {
    let redacted = ReflectionOptions(redaction: .default)
    let plain = ReflectionOptions()
    let byName = ReflectionOptions(redactedFieldNames: ["USER"])
    for _ in 0..<2 {
      let hidden = diff(redacted)
      #expect(hidden.contains("\"bob\"") && !hidden.contains("t2") && !hidden.contains("t1"), "\(hidden)")
      let shown = diff(plain)
      #expect(shown.contains("\"t1\"") && shown.contains("\"t2\""), "\(shown)")
      let user = diff(byName)
      #expect(!user.contains("bob") && user.contains("\"t2\""), "\(user)")
    }
  }

  @Test func theMemoAnswersAsTheOptionsDo() {
    let plan = LiveType.of(Login.self)
    for options in [
      ReflectionOptions(redaction: .default), ReflectionOptions(), ReflectionOptions(redactedFieldNames: ["user"]),
      ReflectionOptions(redaction: .words(["user"])), ReflectionOptions(redaction: .default),
    ] {
      for (index, field) in plan.fields.enumerated() {
        #expect(
          plan.redactions.isRedacted(index, of: plan.fields, options: options)
            == options.isRedactedField(field.stored.label!))
      }
    }
  }
}
