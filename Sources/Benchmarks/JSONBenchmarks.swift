import Debugging
import Foundation

// JSON reader, scanner and writer against Foundation, on trace lines shaped like
// docs/log-format.md action lines (keyframes with a state of todos).

func runJSONBenchmarks(filter: String?) {
  let names = ["json parse", "json scan", "json write", "json encode", "json long line"]
  guard names.contains(where: { selected($0, filter) }) else { return }
  let trace = TraceSample(lines: 4000, todosPerLine: 40)
  // Set JSON_BENCHMARKS_OURS_ONLY=1 to skip the (slow) Foundation baselines while profiling.
  let baselines = ProcessInfo.processInfo.environment["JSON_BENCHMARKS_OURS_ONLY"] == nil
  let megabytes = Double(trace.bytes.count) / 1e6
  print("JSON: \(trace.lineRanges.count) trace lines, \(String(format: "%.1f", megabytes)) MB")

  if selected("json parse", filter) {
    let ours = medians(runs: 7) { trace.forEachLine { line in _ = try! JSONReader.parse(line) } }
    let foundation =
      !baselines
      ? nil
      : medians(runs: 3) {
        trace.forEachLine { line in _ = try! JSONSerialization.jsonObject(with: Data(line)) }
      }
    reportBoth(
      "json parse (JSONReader.parse per line)", ours: ours,
      baseline: foundation.map { ("JSONSerialization.jsonObject", $0) }, megabytes: megabytes)
  }

  if selected("json scan", filter) {
    var checksum = 0
    let ours = medians(runs: 7) {
      trace.forEachLine { line in
        var scanner = try! JSONObjectScanner(line)
        while let member = try! scanner.next() {
          if scanner.key(of: member, is: "seq") {
            checksum &+= Int(try! scanner.int(member)!)
          } else if scanner.key(of: member, is: "duration") {
            checksum &+= Int(try! scanner.int(member)!)
          } else if scanner.key(of: member, is: "kind") {
            checksum &+= try! scanner.string(member)!.utf8.count
          } else if scanner.key(of: member, is: "label") {
            checksum &+= try! scanner.string(member)!.utf8.count
          }
        }
      }
    }
    let parse = medians(runs: 5) { trace.forEachLine { line in _ = try! JSONReader.parse(line) } }
    reportBoth(
      "json scan (kind, seq, label, duration per line)", ours: ours,
      baseline: ("JSONReader.parse", parse), megabytes: megabytes)
    if checksum == 42 { print("") }
  }

  if selected("json write", filter) {
    var trees: [JSON] = []
    var objects: [Any] = []
    trace.forEachLine { line in
      trees.append(try! JSONReader.parse(line))
      if baselines { objects.append(try! JSONSerialization.jsonObject(with: Data(line))) }
    }
    let ours = medians(runs: 7) {
      var output: [UInt8] = []
      output.reserveCapacity(trace.bytes.count)
      for tree in trees { JSONWriter.write(tree, into: &output); output.append(0x0A) }
    }
    let foundation =
      !baselines
      ? nil
      : medians(runs: 3) {
        for object in objects { _ = try! JSONSerialization.data(withJSONObject: object) }
      }
    reportBoth(
      "json write (JSONWriter.write)", ours: ours,
      baseline: foundation.map { ("JSONSerialization.data", $0) }, megabytes: megabytes)
  }

  if selected("json long line", filter) {
    // One 64 MB string and one 16 MB array of todos, each a single line: time stays linear.
    var string = Array(#"{"kind":"note","message":""#.utf8)
    let chunk = Array(#"abcdefghijklmnopqrstuvwxyz \"quoted\" \u00e9 é 😀 "#.utf8)
    while string.count < 64_000_000 { string.append(contentsOf: chunk) }
    string.append(contentsOf: #""}"#.utf8)
    let stringTime = medians(runs: 3) { _ = try! JSONReader.parse(string) }
    reportBoth("json long line (64 MB string)", ours: stringTime, baseline: nil, megabytes: Double(string.count) / 1e6)
    var array = Array(#"{"kind":"state","state":{"todos":["#.utf8)
    var index = 0
    while array.count < 16_000_000 {
      if index > 0 { array.append(0x2C) }
      JSONBenchTodo(index: index).value.writeJSON(into: &array)
      index += 1
    }
    array.append(contentsOf: "]}}".utf8)
    let arrayTime = medians(runs: 3) { _ = try! JSONReader.parse(array) }
    reportBoth(
      "json long line (16 MB, \(index) todos)", ours: arrayTime, baseline: nil, megabytes: Double(array.count) / 1e6)
  }

  if selected("json encode", filter) {
    let todos = (0..<10_000).map { JSONBenchTodo(index: $0) }
    let value = Value.array(todos.map(\.value))
    var size = 0
    let ours = medians(runs: 9) {
      var output: [UInt8] = []
      value.writeJSON(into: &output)
      size = output.count
    }
    let encoder = JSONEncoder()
    let foundation = !baselines ? nil : medians(runs: 5) { _ = try! encoder.encode(todos) }
    reportBoth(
      "json encode (Value.writeJSON, 10,000 todos)", ours: ours,
      baseline: foundation.map { ("JSONEncoder [Todo]", $0) }, megabytes: Double(size) / 1e6)
    let tree = value.json
    reportBoth(
      "json Value.json (10,000 todos)", ours: medians(runs: 5) { _ = value.json }, baseline: nil, megabytes: nil)
    reportBoth(
      "json Value(json:) (10,000 todos)", ours: medians(runs: 5) { _ = try! Value(json: tree) }, baseline: nil,
      megabytes: nil)
  }
}

/// Like `median`, but also the median CPU time of the calling thread: on a loaded machine the
/// wall time includes waiting for a core, the CPU time does not.
func medians(runs: Int, _ body: () -> Void) -> (wall: Double, cpu: Double) {
  body()
  var walls: [Double] = []
  var cpus: [Double] = []
  for _ in 0..<runs {
    let cpuStart = threadCPUSeconds()
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    walls.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    cpus.append(threadCPUSeconds() - cpuStart)
  }
  return (walls.sorted()[runs / 2], cpus.sorted()[runs / 2])
}

func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// Reports wall medians through `report`, with CPU-time medians, throughput and ratio alongside.
func reportBoth(
  _ name: String, ours: (wall: Double, cpu: Double), baseline: (name: String, times: (wall: Double, cpu: Double))?,
  megabytes: Double?
) {
  var extra = "cpu \(formatSeconds(ours.cpu))"
  if let megabytes { extra += String(format: " = %.0f MB/s", megabytes / ours.cpu) }
  if let baseline {
    extra += " vs cpu \(formatSeconds(baseline.times.cpu))"
    if let megabytes { extra += String(format: " = %.0f MB/s", megabytes / baseline.times.cpu) }
    extra += String(format: ", cpu ratio %.2fx", baseline.times.cpu / ours.cpu)
  }
  report(name, ours: ours.wall, baseline: baseline.map { ($0.name, $0.times.wall) }, extra: extra)
}

/// A Codable twin of the todos in the Value trees, for the JSONEncoder baseline.
struct JSONBenchTodo: Codable {
  var id: UUID
  var title: String
  var isComplete: Bool
  var priority: Int

  init(index: Int) {
    id = UUID(
      uuid: (
        0xE6, 0x21, 0xE1, 0xF8, 0xC3, 0x6C, 0x49, 0x5A, 0x93, 0xFC, 0x0C, 0x24,
        UInt8(index >> 16 & 0xFF), UInt8(index >> 8 & 0xFF), UInt8(index & 0xFF), 0x5F
      ))
    title = "Buy milk and eggs #\(index)"
    isComplete = index % 3 == 0
    priority = index % 5
  }

  var value: Value {
    .structure(
      type: "Todo",
      fields: [
        .init("id", .uuid(id)), .init("title", .string(title)),
        .init("isComplete", .bool(isComplete)), .init("priority", .int(Int64(priority))),
      ])
  }
}

/// Generated action lines: one JSON object per line, each with a keyframe state.
struct TraceSample {
  var bytes: [UInt8] = []
  var lineRanges: [Range<Int>] = []

  init(lines: Int, todosPerLine: Int) {
    var todos = (0..<todosPerLine).map { JSONBenchTodo(index: $0) }
    for seq in 1...lines {
      let toggled = seq % todosPerLine
      todos[toggled].isComplete.toggle()
      let action = Value.enumCase(
        type: "Todos.Action", name: "todos",
        values: [
          .init(
            nil,
            .enumCase(
              type: "IdentifiedAction", name: "element",
              values: [
                .init("id", .uuid(todos[toggled].id)),
                .init("action", .enumCase(type: "Todo.Action", name: "toggle", values: [])),
              ]))
        ])
      let state = Value.structure(
        type: "Todos.State",
        fields: [
          .init("todos", .array(todos.map(\.value))),
          .init("filter", .enumCase(type: "Filter", name: "all", values: [])),
          .init("editMode", .bool(false)),
        ])
      let line = Value.dictionary([
        .init(.string("kind"), .string("action")), .init(.string("seq"), .int(Int64(seq))),
        .init(.string("t"), .int(Int64(seq) * 18_200)), .init(.string("duration"), .int(5100 + Int64(seq % 97))),
        .init(.string("label"), .string("Todos.Action.todos(.element(id:, action: .toggle))")),
        .init(.string("action"), action),
        .init(
          .string("patch"),
          .array([
            .dictionary([
              .init(.string("op"), .string("replace")),
              .init(.string("path"), .string("/todos/\(toggled)/isComplete")),
              .init(.string("value"), .bool(todos[toggled].isComplete)),
            ])
          ])),
        .init(.string("state"), state),
      ])
      let start = bytes.count
      line.writeJSON(into: &bytes)
      lineRanges.append(start..<bytes.count)
      bytes.append(0x0A)
    }
  }

  func forEachLine(_ body: (UnsafeRawBufferPointer) -> Void) {
    bytes.withUnsafeBytes { all in
      for range in lineRanges { body(UnsafeRawBufferPointer(rebasing: all[range])) }
    }
  }
}
