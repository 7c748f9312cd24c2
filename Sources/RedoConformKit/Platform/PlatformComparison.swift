import RedoCore
import RedoCrypto
import RedoFixtures
import RedoJSON
import RedoValidation

/// One platform's outputs file.
package struct PlatformOutputs: Sendable {
    package let name: String
    package let implementation: String
    package let file: String
    package let results: [String: JSONObject]
    /// The vector set the harness read, as it echoed it (nil from a harness that does not).
    package var vectorSet: VectorSetStamp? = nil

    package static func load(_ path: String) throws(InputError) -> PlatformOutputs {
        let bytes = try InputFile.readAll(InputPath(path))
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch {
            throw InputError(path: path, reason: "not I-JSON: \(error)")
        }
        guard let root = value.objectValue, root["format"]?.stringValue == "redo-conform/platform-outputs" else {
            throw InputError(
                path: path, reason: "not a platform outputs file (format must be \"redo-conform/platform-outputs\")")
        }
        guard root["version"]?.numberValue == 1 else {
            let version =
                root["version"].map { String(decoding: CanonicalJSON.bytes(of: $0), as: UTF8.self) } ?? "missing"
            throw InputError(
                path: path, reason: "version \(version) is not supported (this redo-conform reads version 1)")
        }
        var results: [String: JSONObject] = [:]
        for result in root["results"]?.objectValue?.members ?? [] {
            results[result.key] =
                result.value.objectValue
                ?? JSONObject([JSONMember(key: "error", value: .string("result is not an object"))])
        }
        let name = root["platform"]?.stringValue ?? path
        var outputs = PlatformOutputs(
            name: name, implementation: root["implementation"]?.stringValue ?? "", file: path, results: results)
        if root[VectorSetStamp.member] != nil {
            guard let stamp = VectorSetStamp(in: value) else {
                throw InputError(path: path, reason: "\"vectorSet\" must be {\"version\": TEXT, \"digest\": TEXT}")
            }
            outputs.vectorSet = stamp
        }
        return outputs
    }
}

/// How one platform's result for one vector compares with the reference.
package enum CellStatus: String, Sendable, Comparable {
    case agree = "ok"
    /// An optional result (a log's state hash) the platform did not produce: never a
    /// failure, and never counted as agreement either.
    case notProduced = "optional"
    /// Differs only where verifiers legitimately differ (a platform-dependent signature).
    /// Drift the baseline lists, exactly as it is now: passes.
    case known
    case platformDependent = "dependent"
    case missing
    /// A baseline entry for a vector the platform no longer drifts on: fails, so a
    /// baseline only shrinks.
    case stale
    case drift = "DRIFT"

    package static func < (a: CellStatus, b: CellStatus) -> Bool {
        let order: [CellStatus] = [.agree, .notProduced, .known, .platformDependent, .missing, .stale, .drift]
        return order.firstIndex(of: a)! < order.firstIndex(of: b)!
    }
}

package struct Cell: Sendable {
    package var status: CellStatus = .agree
    /// Short tag for the matrix (ok, -, CANON, HASH, SIG, VERDICT, dependent, missing, error, STATE).
    package var tag = "ok"
    package var details: [String] = []
    /// Which class explains a drift (canonical drift, a verdict, a result's shape); nil
    /// where there is nothing to explain or no class applies (a hash bug, a state hash).
    package var diagnosis: Diagnosis?

    mutating func fail(_ newStatus: CellStatus, _ newTag: String, _ detail: String) {
        if status < newStatus || status == .agree {
            status = max(status, newStatus)
            if tag == "ok" || newStatus == .drift { tag = newTag }
        }
        details.append(detail)
    }
}

package struct VectorRow: Sendable {
    package let id: String
    package let kind: String
    package let comment: String
    package var cells: [Cell]
    /// Platforms (by name, reference included) grouped by identical canonical bytes,
    /// when they do not all agree.
    package let groups: [[String]]
    /// The vector's flags: the bug classes it exercises (`BugClass` names, or others a
    /// newer inputs file may carry).
    package var flags: [String] = []

    /// What the vector's expected verdict names (verdict vectors): the rule a node breaks.
    package var expectedRule: String? = nil
}

/// Compares platform outputs with redo-conform's own results, vector by vector.
package struct PlatformComparison {
    package let inputs: JSONValue
    package let reference: [String: JSONObject]

    package init(inputs: JSONValue) {
        self.inputs = inputs
        var results: [String: JSONObject] = [:]
        for member in PlatformReference.outputs(for: inputs).objectValue?["results"]?.objectValue?.members ?? [] {
            results[member.key] = member.value.objectValue
        }
        reference = results
    }

    package func rows(_ platforms: [PlatformOutputs]) -> [VectorRow] {
        var rows: [VectorRow] = []
        let root = inputs.objectValue ?? JSONObject()
        for kind in PlatformInputSection.allCases.map(\.rawValue) {
            for entry in root[kind]?.arrayValue ?? [] {
                guard let vector = entry.objectValue, let id = vector["id"]?.stringValue, let ours = reference[id]
                else { continue }
                let cells = platforms.map { compare(kind, vector, ours: ours, theirs: $0.results[id]) }
                rows.append(
                    VectorRow(
                        id: id, kind: kind, comment: vector["comment"]?.stringValue ?? "", cells: cells,
                        groups: groups(ours, platforms.map { $0.results[id] }, names: platforms.map(\.name)),
                        flags: (vector["flags"]?.arrayValue ?? []).compactMap(\.stringValue),
                        expectedRule: vector["expected"]?.objectValue?["rule"]?.stringValue))
            }
        }
        return rows
    }

    private func groups(_ ours: JSONObject, _ theirs: [JSONObject?], names: [String]) -> [[String]] {
        guard let reference = ours["canonical"]?.stringValue else { return [] }
        var byBytes: [(String, [String])] = [(reference, [PlatformReference.platformName])]
        for (result, name) in zip(theirs, names) {
            guard let bytes = result?["canonical"]?.stringValue else { continue }
            if let index = byBytes.firstIndex(where: { $0.0 == bytes }) {
                byBytes[index].1.append(name)
            } else {
                byBytes.append((bytes, [name]))
            }
        }
        return byBytes.count > 1 ? byBytes.map(\.1) : []
    }

    func compare(_ kind: String, _ vector: JSONObject, ours: JSONObject, theirs: JSONObject?) -> Cell {
        var cell = Cell()
        let flags = (vector["flags"]?.arrayValue ?? []).compactMap(\.stringValue)
        // State hashes are optional for platforms: no result is no finding.
        if kind == "logs" && theirs?["stateSha256"] == nil && theirs?["error"] == nil {
            cell.status = .notProduced
            cell.tag = "-"
            cell.details = ["optional: the platform produced no state hash"]
            return cell
        }
        // A platform that does not expose its acceptance check is not judged on it.
        if kind == "verdicts" && theirs?["accepts"] == nil && theirs?["error"] == nil {
            cell.status = .notProduced
            cell.tag = "-"
            cell.details = ["not judged: the platform gave no acceptance verdict"]
            return cell
        }
        guard let theirs else {
            cell.fail(.missing, "missing", "no result for this vector")
            return cell
        }
        if let error = theirs["error"]?.stringValue {
            cell.fail(.drift, "error", "the platform reported an error: \(error)")
            // A model without an action cannot read the node at all: the vector says so,
            // or the error names the node's action.
            let action = vector["node"]?.stringValue.flatMap { try? JSONReader.parse($0) }?.objectValue?["action"]?
                .stringValue
            if flags.contains(BugClass.unknownAction.rawValue) || action.map({ error.contains($0) }) == true {
                cell.diagnosis = .shape([BugClass.unknownAction.rawValue], flags: flags)
            }
            return cell
        }
        switch kind {
        case "canonicalization":
            compareCanonical(ours, theirs, into: &cell) {
                (SpelledValue.parse(vector["json"]?.stringValue ?? ""), flags)
            }
        case "nodes":
            let canonicalAgrees = compareCanonical(ours, theirs, into: &cell) {
                (SpelledValue.parse(vector["node"]?.stringValue ?? "")?.removing(["id", "signature"]), flags)
            }
            compareId(ours, theirs, canonicalAgrees: canonicalAgrees, into: &cell)
            compareNodeSignature(vector, ours, theirs, into: &cell)
            compareVerdict(ours, theirs, portability: { nodePortability(vector, ours) }, into: &cell)
        case "signatures":
            compareVerdict(
                ours, theirs,
                portability: {
                    Self.portability(
                        publicKey: PlatformReference.hex(vector["publicKey"]),
                        message: PlatformReference.hex(vector["message"]),
                        signature: PlatformReference.hex(vector["signature"]))
                }, into: &cell)
        case "logs":
            if let hash = theirs["stateSha256"]?.stringValue, hash != ours["stateSha256"]?.stringValue {
                cell.fail(
                    .drift, "STATE",
                    "reconstructed state hash \(hash) differs from ours \(ours["stateSha256"]?.stringValue ?? "")")
            }
        case "verdicts":
            AcceptanceJudgement.compare(vector, ours, theirs, flags: flags, into: &cell)
        case "storage":
            compareCanonical(ours, theirs, tag: "STORAGE", into: &cell) {
                (SpelledValue.parse(vector["node"]?.stringValue ?? ""), flags)
            }
        default:
            break
        }
        return cell
    }

    /// Returns whether the canonical bytes agree; on drift, names the first differing byte,
    /// the JSON path it falls in, and both sides' bytes around it.
    /// `source` gives the right value with its spellings, and the vector's flags, for
    /// diagnosis; it is only evaluated on drift.
    @discardableResult
    private func compareCanonical(
        _ ours: JSONObject, _ theirs: JSONObject, tag: String = "CANON", into cell: inout Cell,
        source: () -> (SpelledValue?, [String])
    ) -> Bool {
        guard let oursHex = ours["canonical"]?.stringValue, let oursBytes = Hex.decodeLowercase(oursHex) else {
            return true
        }
        guard let theirsHex = theirs["canonical"]?.stringValue, let theirsBytes = Hex.decodeLowercase(theirsHex) else {
            cell.fail(.drift, tag, "\"canonical\" is missing or not lowercase hex")
            return false
        }
        guard oursBytes != theirsBytes else { return true }
        let offset =
            zip(oursBytes, theirsBytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(oursBytes.count, theirsBytes.count)
        let (value, flags) = source()
        cell.diagnosis = value.map { DriftDiagnosis.diagnose($0, theirs: theirsBytes, flags: flags) }
        cell.fail(
            .drift, tag,
            "canonical bytes differ at byte \(offset), in \(CanonicalLocator.path(at: offset, in: oursBytes)): ours \(ByteContext.excerpt(oursBytes, around: offset)) | theirs \(ByteContext.excerpt(theirsBytes, around: offset))"
        )
        return false
    }

    /// Canonical bytes that agree but an id that does not is a hashing bug, told apart
    /// from canonical drift (where the id differs as a consequence).
    private func compareId(_ ours: JSONObject, _ theirs: JSONObject, canonicalAgrees: Bool, into cell: inout Cell) {
        guard let id = ours["id"]?.stringValue, let theirId = theirs["id"]?.stringValue, id != theirId else { return }
        if canonicalAgrees {
            cell.fail(
                .drift, "HASH", "same canonical bytes, different id: \(theirId) (ours \(id)) — a hashing or hex bug")
        } else {
            cell.details.append("the id differs as a consequence (\(theirId))")
        }
    }

    /// A produced signature is checked by verification over our canonical bytes, never by
    /// comparing bytes: randomized signers are legitimate.
    private func compareNodeSignature(
        _ vector: JSONObject, _ ours: JSONObject, _ theirs: JSONObject, into cell: inout Cell
    ) {
        guard let produced = theirs["signature"]?.stringValue else {
            if ours["signature"] != nil {
                cell.fail(.missing, "missing", "no signature although the vector has a seed")
                if cell.diagnosis == nil {
                    cell.diagnosis = .shape(
                        [BugClass.missingSignature.rawValue],
                        flags: (vector["flags"]?.arrayValue ?? []).compactMap(\.stringValue))
                }
            }
            return
        }
        guard let seed = vector["seed"]?.stringValue.flatMap(Hex.decodeLowercase),
            let pair = try? Ed25519KeyPair(seed: seed),
            let body = ours["canonical"]?.stringValue.flatMap(Hex.decodeLowercase)
        else { return }
        guard let signature = try? Ed25519Signature(hex: produced),
            Ed25519.verify(signature, of: body, by: pair.publicKey)
        else {
            cell.fail(
                .drift, "SIG", "the produced signature does not verify over the canonical body with the seed's key")
            return
        }
    }

    private func nodePortability(_ vector: JSONObject, _ ours: JSONObject) -> PortabilityVerdict? {
        guard case let .object(node)? = vector["node"]?.stringValue.flatMap({ try? JSONReader.parse($0) }),
            let key = node["author"]?.objectValue?["publicKey"]?.stringValue.flatMap(Hex.decodeLowercase),
            let signature = node["signature"]?.stringValue.flatMap(Hex.decodeLowercase),
            let body = ours["canonical"]?.stringValue.flatMap(Hex.decodeLowercase)
        else { return nil }
        return Self.portability(publicKey: key, message: body, signature: signature)
    }

    /// `SignaturePortability.classify`, which needs libsodium: nil in a build without the
    /// Libsodium trait (whose executables refuse to run, `RefereeBuild`).
    private static func portability(publicKey: [UInt8], message: [UInt8], signature: [UInt8]) -> PortabilityVerdict? {
        #if REDO_LIBSODIUM
            SignaturePortability.classify(publicKey: publicKey, message: message, signature: signature)
        #else
            nil
        #endif
    }

    /// `portability` is computed only when the verdicts differ (it walks the curve).
    private func compareVerdict(
        _ ours: JSONObject, _ theirs: JSONObject, portability classify: () -> PortabilityVerdict?, into cell: inout Cell
    ) {
        guard let expected = ours["verifies"]?.boolValue else { return }
        guard let verdict = theirs["verifies"]?.boolValue else {
            cell.fail(.drift, "VERDICT", "\"verifies\" is missing or not a boolean")
            return
        }
        guard verdict != expected else { return }
        let portability = classify()
        let classes = portability.map { $0.classes.map(\.rawValue).joined(separator: ", ") } ?? "unclassified"
        // A signature verdict keeps its portability classes as its diagnosis.
        if cell.diagnosis == nil, let portability {
            cell.diagnosis = Diagnosis(diagnosed: portability.classes.map(\.rawValue), possible: [])
        }
        if verdict, let portability, portability.platformDependent {
            let acceptors = portability.knownAcceptors.joined(separator: ", ")
            cell.fail(
                .platformDependent, "dependent",
                "accepts a signature libsodium rejects (\(classes)); platform-dependent, this class is accepted by \(acceptors.isEmpty ? "lenient verifiers" : acceptors)"
            )
        } else {
            cell.fail(
                .drift, "VERDICT",
                "\(verdict ? "accepts" : "rejects") a signature libsodium \(expected ? "accepts" : "rejects") (\(classes))"
            )
        }
    }
}
