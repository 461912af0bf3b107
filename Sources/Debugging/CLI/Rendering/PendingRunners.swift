// TEMPORARY: replaced as the trace reader lands.
package struct ValidateRunner { var file: String; var format: OutputFormat; var context: CommandContext; func run() throws -> Int32 { 0 } }
