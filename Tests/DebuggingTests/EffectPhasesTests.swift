import Testing

@testable import Debugging

@Suite struct EffectPhasesTests {
  @Test func smallAndLargeIdsKeepTheirPhase() {
    var phases = EffectPhases()
    let ids: [Int64] = [0, 1, 3, 1_000, EffectPhases.tableLimit - 1, EffectPhases.tableLimit, 1 << 40, -5, .max]
    for id in ids { #expect(phases[id] == nil, "\(id)") }
    for id in ids { phases[id] = .running }
    for id in ids { #expect(phases[id] == .running, "\(id)") }
    phases[3] = .ended
    phases[1 << 40] = .ended
    #expect(phases[3] == .ended)
    #expect(phases[1 << 40] == .ended)
    #expect(phases[2] == nil)
    #expect(phases[4] == nil)
    #expect(phases[(1 << 40) + 1] == nil)
    phases[1_000] = nil
    phases[-5] = nil
    #expect(phases[1_000] == nil)
    #expect(phases[-5] == nil)
    #expect(phases[1] == .running)
  }
}
