import ArgumentParser

/// Where an html report's links to the protocol's sections point.
struct ProtocolLinkOption: ParsableArguments {
    @Option(
        name: .customLong("protocol-url"),
        help: ArgumentHelp(
            "Html: the PROTOCOL.md that codes and rules link to (default: PROTOCOL.md beside the report).",
            valueName: "URL"))
    var protocolURL = "PROTOCOL.md"
}
