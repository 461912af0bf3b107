// TEMPORARY: replaced as the trace reader lands.
package struct TimingsRunner { var file: String; var format: OutputFormat; var top: Int; var width: Int; var context: CommandContext; func run() throws -> Int32 { 0 } }
package struct ValidateRunner { var file: String; var format: OutputFormat; var context: CommandContext; func run() throws -> Int32 { 0 } }
