// Record edits that break a node: the log validator must reject the broken record and judge
// the rest as before.
import RedoCore
import RedoJSON

extension LogBuild {
    /// Breaks one built node: the broken record is appended next to the good one, or
    /// replaces it (then children reference a rejected id).
    mutating func tamper(_ modifiers: UInt8) {
        let k = Int(program.byte()) % built.count
        let object = built[k].object
        var broken: [UInt8]
        switch modifiers % 6 {
        case 0:  // signature by the other key
            let other =
                authors[1].key.publicKey.hex == object["author"]?.objectValue?["publicKey"]?.stringValue
                ? authors[0] : authors[1]
            broken = OrderedJSON.bytes(
                .object(object.setting("signature", to: str(caches.signature(of: object, by: other)))))
        case 1:  // content changed, id and signature kept
            broken = OrderedJSON.bytes(.object(object.setting("timestamp.wall", to: str(wallText(built[k].wall + 1)))))
        case 2:  // unsigned
            broken = OrderedJSON.bytes(.object(object.setting("signature", to: nil)))
        case 3:  // truncated line
            let full = built[k].record
            broken = Array(full.prefix(full.count / 2))
        case 4:  // malformed id
            broken = OrderedJSON.bytes(.object(object.setting("id", to: str(String(built[k].id.dropLast(2)) + "ZZ"))))
        default:  // not an object at all
            broken = Array("[\"\(built[k].id)\"]".utf8)
        }
        if modifiers & 8 != 0, let position = records.firstIndex(of: built[k].record) {
            records[position] = broken
        } else {
            records.append(broken)
        }
    }
}
