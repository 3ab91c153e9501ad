HTTPBench.main(Array(CommandLine.arguments.dropFirst()))
