import ArgumentParser
import RedoConformKit
import RedoCore
import RedoFixtures

// Options take the Kit's own enums as values, read by their raw values (text, json, synced,
// ...): the executable spells no value of its own.
extension ReportFormat: ExpressibleByArgument {}
extension DiffCommand.Format: ExpressibleByArgument {}
extension CompareCommand.Format: ExpressibleByArgument {}
extension GraphCommand.Format: ExpressibleByArgument {}
extension ExplainCommand.Format: ExpressibleByArgument {}
extension ReconstructCommand.Format: ExpressibleByArgument {}
extension ValidationProfile: ExpressibleByArgument {}
extension LogGenerator.Shape: ExpressibleByArgument {}
