/// Appends a fixed-width ASCII spelling as a JSON string: `width` characters that `spell`
/// writes from the pointer it is given, between quotes, through a stack buffer. For ids,
/// task ids and times, whose spellings need no escapes: JSON writers append them without
/// making a `String` first.
func appendQuoted(width: Int, to out: inout [UInt8], _ spell: (UnsafeMutablePointer<UInt8>) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: width + 2) { buffer in
        let base = buffer.baseAddress!
        base[0] = 0x22
        spell(base + 1)
        base[width + 1] = 0x22
        out.append(contentsOf: UnsafeBufferPointer(buffer))
    }
}
