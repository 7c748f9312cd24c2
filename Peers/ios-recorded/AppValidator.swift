// The app's node validator.
import Foundation

/// ChangeLogValidator.isValidV1Node, the one check StateReconstructor applies to every
/// stored node before replay (validateActionPayload and verifyContentIntegrity are never
/// called; the latter returns true). Its checks, in its order, each a format check:
/// version 1; id and parents "sha256:" + 64 hex Characters; lamport > 0; wall non-empty and
/// parsed by ISO8601DateFormatter() with its default options (no fractional seconds);
/// userId 32 hex Characters; deviceId non-empty; a publicKey, if any, 64 hex Characters
/// whose first 32 are the userId; a signature, if any, 128 hex Characters. "Hex" is
/// Character.isNumber or a Character from "a" through "f", and lengths count Characters.
/// It has no profile (a signature is optional everywhere), never verifies a signature,
/// never recomputes an id, and checks neither taskId nor the payload.
func appVerdict(_ entry: StoredEntry) -> String? {
    func hexCharacters(_ text: String) -> Bool { text.allSatisfy { $0.isNumber || ($0 >= "a" && $0 <= "f") } }
    func nodeId(_ text: String) -> Bool {
        guard text.hasPrefix("sha256:") else { return false }
        let digits = String(text.dropFirst(7))
        return digits.count == 64 && hexCharacters(digits)
    }
    if entry.version != 1 { return "version.value: version \(entry.version) is not 1" }
    if !nodeId(entry.id) { return "id.format: id \(entry.id) is not sha256: and 64 hex Characters" }
    if let parent = entry.parents.first(where: { !nodeId($0) }) {
        return "parents.entry: parent \(parent) is not sha256: and 64 hex Characters"
    }
    if entry.timestamp.lamport <= 0 {
        return "timestamp.lamport.range: lamport \(entry.timestamp.lamport) is not above 0"
    }
    let wall = entry.timestamp.wall
    if wall.isEmpty { return "timestamp.wall.format: wall is empty" }
    // Foundation's own formatter, the class the client calls (CoreFoundation's ISO 8601
    // formatter on Darwin and on Linux). On the verdict vectors only the fraction decides:
    // every wall it would read leniently (February 30, hour 24) also carries milliseconds.
    if ISO8601DateFormatter().date(from: wall) == nil {
        return "timestamp.wall.format: ISO8601DateFormatter without .withFractionalSeconds cannot parse \(wall)"
    }
    let userId = entry.author.userId
    if userId.count != 32 { return "author.userId.format: userId has \(userId.count) Characters, not 32" }
    if !hexCharacters(userId) {
        return "author.userId.format: userId \(userId) holds a Character that is neither a number nor a-f"
    }
    if entry.author.deviceId.isEmpty { return "author.deviceId.empty: deviceId is empty" }
    if let publicKey = entry.author.publicKey {
        if publicKey.count != 64 || !hexCharacters(publicKey) {
            return "author.publicKey.format: publicKey is not 64 hex Characters"
        }
        if userId != String(publicKey.prefix(32)) {
            return "author.userId.prefix: userId is not the first 32 Characters of publicKey"
        }
    }
    if let signature = entry.signature, signature.count != 128 || !hexCharacters(signature) {
        return "signature.format: signature is not 128 hex Characters"
    }
    return nil
}
