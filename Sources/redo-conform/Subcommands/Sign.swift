import ArgumentParser
import RedoConformKit
import RedoValidation

struct Sign: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sign a node: fill author.publicKey/userId if absent, compute id and signature, print the node.",
        discussion:
            "Exit status: 0 signed; 1 the node is unusable (not a JSON object, an author that is not an object or names another key); 2 usage or I/O error, or a key file not in keygen's format. Warns when the key file is readable by group or others."
    )

    @Argument(help: ArgumentHelp("The node (a JSON file, or - for stdin).", valueName: "NODE"))
    var node: String = "-"

    @Option(help: ArgumentHelp("A key file written by keygen.", valueName: "FILE"))
    var key: String

    func validate() throws {
        if let problem = StandardInputOnce.usageProblem([(node, "NODE"), (key, "--key")]) {
            throw ValidationError(problem)
        }
    }

    func run() throws {
        finish(SignCommand.run(node: InputPath(node), keyPath: key, console: .standard))
    }
}
