import Testing

@testable import Debugging

@Suite struct DiffJSONRendererTests {
  @Test func rendersEveryKindOfNode() {
    let old = diffState([diffTodo(1, "a"), diffTodo(2, "b"), diffTodo(3, "c")])
    let new = diffState([diffTodo(3, "c"), diffTodo(1, "a", done: true), diffTodo(4, "d")], filter: "done")
    let json = DiffJSONRenderer(encode: diffSpecJSON).render(StateDiff(old, new))
    #expect(
      JSONWriter.string(json) == #"""
        {"path":"","change":"nested","shape":"structure","type":"AppState","children":[{"path":"/todos","field":"todos","change":"nested","shape":"array","children":[{"path":"/todos/0","old":2,"new":0,"id":3,"change":"moved","from":2,"to":0,"inner":{"change":"unchanged","count":1}},{"path":"/todos/1","old":0,"new":1,"id":1,"change":"nested","shape":"structure","type":"Todo","children":[{"path":"/todos/1/id","field":"id","change":"unchanged","count":2},{"path":"/todos/1/isComplete","field":"isComplete","change":"replaced","old":false,"new":true}]},{"path":"/todos/2","new":2,"id":4,"change":"inserted","value":{"$type":"Todo","id":4,"title":"d","isComplete":false}},{"path":"/todos/1","old":1,"id":2,"change":"removed","value":{"$type":"Todo","id":2,"title":"b","isComplete":false}}]},{"path":"/filter","field":"filter","change":"replaced","old":{"$enum":"Filter","all":{}},"new":{"$enum":"Filter","done":{}}}]}
        """#)
  }
}
