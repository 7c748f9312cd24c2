/// The whitespace removal of a client that walks its JSON text by `Character` (grapheme
/// cluster) and toggles "inside a string" on each `"` Character: a quote followed by a
/// combining mark is one Character that is not `"`, so the tracking inverts and spaces
/// inside strings are removed (and outside ones kept).
enum GraphemeScan {
    static func strip(_ pattern: BytePattern) -> BytePattern {
        var result = BytePattern()
        var inString = false
        var escaped = false
        for segment in pattern.segments {
            // Holes are number tokens: no quote, backslash or whitespace, so the state
            // carries across them unchanged.
            guard case let .literal(bytes) = segment else {
                result.hole(segment)
                continue
            }
            var kept = ""
            for character in String(decoding: bytes, as: UTF8.self) {
                if escaped {
                    kept.append(character)
                    escaped = false
                } else if character == "\\" && inString {
                    escaped = true
                    kept.append(character)
                } else if character == "\"" {
                    inString.toggle()
                    kept.append(character)
                } else if inString || !character.isWhitespace {
                    kept.append(character)
                }
            }
            result.append(kept)
        }
        return result.finished()
    }
}
