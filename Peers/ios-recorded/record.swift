// Records what the published iOS client (jlmalone/redo-ios) would output for the platform
// inputs, along one of its three code paths. Each path is recorded as its own platform;
// `compare` must flag each recording on exactly the vectors listed in
// Vectors/platform/recorded/expected-drift.json (a test and Scripts/platform-gate.sh assert it).
//
//   swift run ios-recording PATH INPUTS.json OUTPUT.json
//
// Each path is a platform harness on RedoHarnessKit (EncodableHarness, DictionaryHarness,
// AppHarness), which reads the inputs, answers the sections the path answers and writes the
// outputs; the files beside this one hold the model of the client that they run.
//
// PATH is one of:
//   encodable   its CanonicalJSON.stringify<T: Encodable>: the JSON is decoded into a
//               Codable "AnyCodable" model with JSONDecoder, encoded with JSONEncoder and
//               `.sortedKeys`, then whitespace is stripped by walking Characters (grapheme
//               clusters) and tracking quotes;
//   dictionary  its CanonicalJSON.stringify(_: [String: Any]): JSONSerialization's
//               dictionary, keys sorted as Swift Strings, strings escaped by five
//               replacements, numbers through NSNumber (intValue when integral);
//   app         what the app hashes when it writes a node: its own entry model (data.fields
//               for data.payload, no MERGE action, author without email or deviceName),
//               with "id":"" inside the hashed bytes, through the encodable path. The app
//               never signs and never verifies (its validator checks formats only).
//               The app path alone also records the two sections that model what the app
//               does with a node it receives:
//               verdicts  a node as sync ingest reads it (FirebaseSyncService's
//                         parseChangeLogEntry drops a document whose members are missing or
//                         of another type, or whose action is not in ChangeAction: no
//                         MERGE), stored, read back, then ChangeLogValidator.isValidV1Node,
//                         the check applied before replay. That check is formats only and
//                         parses the wall with a default ISO8601DateFormatter, which cannot
//                         read milliseconds: it refuses every node that follows the
//                         protocol. `reason` names the REDO rule of the first check that
//                         fails, in the client's order;
//               storage   a node through sync ingest into ChangeLogStorage (one JSON file
//                         written by JSONEncoder, read back by JSONDecoder), then the whole
//                         entry read back as RFC 8785 bytes, from a minimal writer
//                         (CanonicalWriter.swift), not the client's paths, so only the
//                         storage loss shows: the client's AnyCodable encoder tries Bool
//                         first, and on Darwin every NSNumber equal to 0 or 1 (1.0, 1e0
//                         and -0 too) passes that cast, so it is stored, and read back, as
//                         false or true.
//
// This is a model of the client, written from reading it, not the client: recorded on
// Linux with swift-corelibs-foundation. Where a canonicalization path's result depends on
// Darwin-only bridging (NSNumber.intValue of 1e21, Bool inside NSNumber) the recording
// shows drift at that vector, not the client's exact bytes. Sync ingest and storage model
// Darwin's NSNumber casts explicitly (DarwinCast in AppIngest.swift), whatever this
// toolchain's casts do. Signatures and replay are not modelled: node results carry no
// `signature` (so `compare --allow-missing` reads them), `verifies` says whether a correct
// verifier would accept the node over this path's own canonical bytes (ReferenceVerdicts
// answers from expected.json beside the inputs; app: always true), no `signatures` vector
// has a result, and no log has a state hash.
import Foundation
import RedoHarnessKit

/// The command line: the path to record, the inputs, the output.
@main
enum Recording {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count == 4, ["encodable", "dictionary", "app"].contains(arguments[1]) else {
            FileHandle.standardError.write(
                Data("usage: ios-recording encodable|dictionary|app INPUTS.json OUTPUT.json\n".utf8))
            exit(2)
        }
        let path = arguments[1]
        let inputs = URL(fileURLWithPath: arguments[2])
        let output = URL(fileURLWithPath: arguments[3])
        do {
            let outputs: PlatformOutputs
            switch path {
            case "encodable":
                let reference = try ReferenceVerdicts(inputs: inputs)
                outputs = try HarnessRunner(EncodableHarness(reference: reference)).run(inputs: inputs, output: output)
            case "dictionary":
                let reference = try ReferenceVerdicts(inputs: inputs)
                outputs = try HarnessRunner(DictionaryHarness(reference: reference)).run(inputs: inputs, output: output)
            default:
                outputs = try HarnessRunner(AppHarness()).run(inputs: inputs, output: output)
            }
            print("recorded \(outputs.results.count) results of path \(path) into \(arguments[3])")
        } catch {
            FileHandle.standardError.write(Data("ios-recording: \(error)\n".utf8))
            exit(2)
        }
    }
}
