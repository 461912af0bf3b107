// Placeholder — replaced by the CLI work.
print("tca-trace: not implemented yet")
