import RedoCore
import RedoCrypto
import RedoJSON
import RedoValidation

/// `redo-conform canonicalize [FILE|-]`: the RFC 8785 form of any I-JSON document.
package enum CanonicalizeCommand {
    package static func run(_ input: InputPath, console: Console) -> ExitStatus {
        let document: [UInt8]
        do { document = try InputFile.readAll(input) } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        do {
            console.writeOut(try CanonicalJSON.canonicalize(document))
            return .ok
        } catch {
            console.error("\(input): not I-JSON: \(error)")
            return .findings
        }
    }
}

/// `redo-conform hash [FILE|-] [--raw]`: a node's id, or any document's SHA-256.
package enum HashCommand {
    package static func run(_ input: InputPath, raw: Bool, console: Console) -> ExitStatus {
        let document: [UInt8]
        do { document = try InputFile.readAll(input) } catch {
            console.error("error: \(error)")
            return .usageOrIO
        }
        do {
            if raw {
                console.line(RedoSHA256.hash(try CanonicalJSON.canonicalize(document)).hex)
            } else {
                console.line(NodeBody.id(ofCanonicalBody: try NodeBody.canonicalBytes(ofDocument: document)).text)
            }
            return .ok
        } catch {
            console.error("\(input): \(error)")
            return .findings
        }
    }
}
