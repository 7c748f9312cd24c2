// The log target's input, read as a program.

/// The input's bytes, read one at a time by the operations of a program. Past the end every
/// byte reads as 0, so every input is a whole program.
struct Program {
    let input: UnsafeBufferPointer<UInt8>
    var at = 0

    init(_ input: UnsafeBufferPointer<UInt8>) { self.input = input }

    var done: Bool { at >= input.count }

    mutating func byte() -> UInt8 {
        guard at < input.count else { return 0 }
        defer { at += 1 }
        return input[at]
    }
}
