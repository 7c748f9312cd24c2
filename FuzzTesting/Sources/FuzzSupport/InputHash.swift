/// FNV-1a over the input: a seed for the PRNG, so that what a target draws at random (an
/// order, batch sizes) is the same every time the same input runs.
public func fnv1a(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}
